"""The reconstructed board and set-up: counts, symmetry, and errors naming line and field."""

from __future__ import annotations

import pytest

from spacetable.engine import DataError
from spacetable.engine.data import parse_table
from spacetable.games.planetraiders.board import cell_name
from spacetable.games.planetraiders.components import SeatRow
from spacetable.games.planetraiders.constants import SIDES, SIZE
from spacetable.games.planetraiders.tables import DATA, shipped_parts

from .helpers import edited_data

#: The shipped data set's board and set-up.
BOARD = shipped_parts()


def rot_cell(r: int, c: int) -> tuple[int, int]:
    """A quarter turn: the south side goes to the west (seat order is clockwise)."""
    return c, SIZE - 1 - r


def rot_pad(name: str) -> str:
    """The pad a quarter turn away, named by its square and side."""
    i = BOARD.cell_index[name[:-1]]
    r, c = rot_cell(i // SIZE, i % SIZE)
    return cell_name(r, c) + SIDES[(SIDES.index(name[-1]) + 1) % 4]


def test_counts() -> None:
    kinds = BOARD.kind
    assert len(kinds) == 81
    assert kinds.count("planet") == 4 and kinds.count("ship") == 4  # §3.1
    assert kinds.count("meteorite") == 13
    assert len(BOARD.zones) == 73
    ships = sorted(BOARD.cell_colour[i] for i in range(81) if kinds[i] == "ship")
    planets = sorted(BOARD.cell_colour[i] for i in range(81) if kinds[i] == "planet")
    assert ships == planets == [0, 1, 2, 3]
    # each ship has 4 boarding pads of its colour (§3.1)
    assert all(len(BOARD.ship_pads[c]) == 4 for c in range(4))
    # "les planètes sur lesquelles on place les 4 aliens" (§3.2): 4 aliens on each planet, one
    # on each side, so each of up to 4 players may take one alien from every planet (§4)
    assert len(BOARD.aliens) == 16
    for c in range(4):
        pads = {e for e, p in BOARD.aliens if p == c}
        planet = next(i for i in range(81) if kinds[i] == "planet" and BOARD.cell_colour[i] == c)
        assert pads == set(BOARD.cell_pads[planet])
        assert all(BOARD.pad_zones[e] for e in pads)  # every alien can be reached
    for c in range(4):
        # 3 raiders on 3 pads; 3 rockets on the board (2 blue, 1 red); 1 blue + 1 red kept:
        # 5 rockets per player, 3 blue and 2 red (§3.2, §6)
        assert len(set(BOARD.start_raiders[c])) == 3
        assert sorted(rc for _, rc, _ in BOARD.start_rockets[c]) == [0, 0, 1]
        # two of the raiders' pads are on the edge of the board (§3.1, yellow example)
        edge = [p for p in BOARD.start_raiders[c] if len(BOARD.pad_zones[p]) == 1]
        assert len(edge) == 2
    assert BOARD.seat_colours == {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}


def test_every_initial_rocket_serves_its_raiders() -> None:
    for c in range(4):
        starts = set(BOARD.start_raiders[c])
        for zone, _, nose in BOARD.start_rockets[c]:
            pads = BOARD.cell_pads[zone]
            assert any(p in starts and p != pads[nose] for p in pads)


def test_rockets_never_cross_planets_or_ships() -> None:
    for i in range(81):
        if BOARD.kind[i] in ("ship", "planet"):
            assert i not in BOARD.zones
            for p in BOARD.cell_pads[i]:
                assert i not in BOARD.pad_zones[p]


def test_board_is_symmetric_about_its_centre() -> None:
    for i in range(81):
        r, c = divmod(i, SIZE)
        j = rot_cell(r, c)
        k = j[0] * SIZE + j[1]
        assert BOARD.kind[i] == BOARD.kind[k]
    # colours turn with the board: each side's ship and planet have the same relation
    for i in range(81):
        if BOARD.kind[i] in ("ship", "planet"):
            r, c = divmod(i, SIZE)
            rr, cc = rot_cell(r, c)
            assert BOARD.cell_colour[rr * SIZE + cc] == (BOARD.cell_colour[i] + 1) % 4
    # set-ups turn with the board too
    names = BOARD.pad_names
    for c in range(4):
        red = {rot_pad(names[p]) for p in BOARD.start_raiders[c]}
        nxt = {names[p] for p in BOARD.start_raiders[(c + 1) % 4]}
        assert {names[BOARD.pad(x)] for x in red} == nxt


def test_pad_names_are_aliases() -> None:
    assert BOARD.pad("e2n") == BOARD.pad("e3s")
    assert BOARD.pad("c1e") == BOARD.pad("d1w")
    assert BOARD.pad_names[BOARD.pad("e3s")] == "e2n"
    with pytest.raises(ValueError):
        BOARD.pad("z9n")


def test_broken_board_row_names_line_and_field() -> None:
    """A row that its model refuses names the file, the line, the row and the field."""
    edit = {"board.csv": [("e5,4,4,meteorite", "e5,4,4,lava")]}
    with pytest.raises(DataError, match=r"mybox/board.csv: line \d+ \(id=e5\): field 'kind'"):
        edited_data(edit)
    with pytest.raises(DataError, match=r"line \d+ \(id=e5\): field 'col'"):
        edited_data({"board.csv": [("e5,4,4,", "e5,4,12,")]})
    with pytest.raises(DataError, match=r"line \d+ \(id=red-rocket-3\): field 'nose'"):
        edited_data({"setup.csv": [("red,rocket,3,,g1,blue,n,", "red,rocket,3,,g1,blue,up,")]})


def test_no_row_is_rulebook_and_each_row_says_which_fields_the_rulebook_states() -> None:
    """Honest data (issue 18): a row is ``rulebook`` only when every field comes from the
    rulebook. Every Planet Raiders row places a piece on a reconstructed board, so none is;
    ``known`` lists what the rulebook does state: a ship's colour (§3.2 « Le vaisseau du
    joueur violet ... matérialisées par des pavés violets »), that a square is a planet or a
    ship (§3.1 « 4 planètes ... 4 vaisseaux »), each colour's raiders and its 2 blue and
    1 red rockets on the board (§6 « en conserve une rouge et une bleue »), aliens in their
    planet's colour (§3.1), and the player counts (§2)."""
    cells, setup, seats = BOARD.cells, BOARD.setup, BOARD.seats
    assert {r.source for r in (*cells, *setup, *seats)} == {"reconstructed"}
    for c in cells:
        expected = {"ship": ("kind", "colour"), "planet": ("kind",)}.get(c.kind, ())
        assert c.known == expected, c.id
    for r in setup:
        assert (
            r.known
            == {
                "raider": ("colour", "kind"),
                "rocket": ("colour", "kind", "rocket"),
                "alien": ("colour", "kind"),
            }[r.kind]
        ), r.id
    assert all(s.known == ("players",) for s in seats)
    # 'known' names fields of the table, and a rulebook row may not have one
    text = DATA.shipped_text("seats.csv").replace(
        "2-0,2,0,red,south,reconstructed,players", "2-0,2,0,red,south,reconstructed,player"
    )
    with pytest.raises(DataError, match=r"line \d+ \(id=2-0\): field 'known'"):
        parse_table(text, SeatRow, "seats.csv")
    text = DATA.shipped_text("seats.csv").replace(
        "2-0,2,0,red,south,reconstructed,players", "2-0,2,0,red,south,rulebook,players"
    )
    with pytest.raises(DataError, match=r"line \d+ \(id=2-0\): field 'known'"):
        parse_table(text, SeatRow, "seats.csv")
