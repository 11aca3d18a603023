"""Planet Raiders' data set (``docs/data.md``): the shipped tables pass; a box owner's
corrected directory is what is played; every count the rulebook gives refuses a broken table
naming the file, the row and the field; every component has a rules text in French and in
English, generated from its rows; the components a view mentions reveal nothing hidden."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import spacetable
from spacetable.engine import DataError, RecordError
from spacetable.games.planetraiders.actions import SELECT, Hop, Place
from spacetable.games.planetraiders.render import board_lines
from spacetable.games.planetraiders.rules import PlanetRaiders
from spacetable.games.planetraiders.tables import DATA, shipped_parts
from spacetable.playout import playout
from spacetable.testing import check_data_set

from .helpers import edited_data, edited_texts
from .test_planetraiders_props import purposeful_policy

#: The shipped data set, and its board and set-up.
BOARD_DATA = DATA.shipped("planetraiders")
BOARD = shipped_parts()

# ----------------------------------------------------------------------------- shipped data


def test_the_shipped_data_passes_and_lists_its_components() -> None:
    """The shipped tables pass every check (the conformance suite's, too), and the game
    plays them by default."""
    assert check_data_set("planetraiders") == 17
    g = PlanetRaiders(2, 0)
    assert g.data is DATA.shipped("planetraiders") and g.parts is BOARD
    ids = [c.id for c in g.components("en")]
    assert ids == [
        "board:main",
        "zone:neutral",
        "zone:meteorite",
        *(f"planet:{c}" for c in ("red", "green", "yellow", "violet")),  # row by row
        *(f"ship:{c}" for c in ("yellow", "violet", "red", "green")),
        "rocket:blue",
        "rocket:red",
        *(f"colour:{c}" for c in ("red", "yellow", "violet", "green")),
    ]


def test_every_component_has_a_text_in_both_languages_from_its_rows() -> None:
    """Every component has a name and a rules text in English and in French, which differ;
    each names the table and the row to edit, and its source."""
    en = {c.id: c for c in BOARD_DATA.components("en")}
    fr = {c.id: c for c in BOARD_DATA.components("fr")}
    assert en.keys() == fr.keys()
    for ident, c in en.items():
        f = fr[ident]
        assert c.name.strip() and c.text.strip() and f.name.strip() and f.text.strip()
        assert c.text != f.text, ident
        assert c.table in ("board.csv", "setup.csv") and c.source == "reconstructed"
    assert en["planet:red"].text.startswith("On e8. Its aliens")
    assert "(e8n, e8e, e8s, e8w)" in en["planet:red"].text
    assert fr["ship:red"].text.startswith("En d4 : le vaisseau du joueur rouge")
    assert "13 squares: d9, f9, e7" in en["zone:meteorite"].text
    assert "3 au début : 2 sur le plateau, 1 en main" in fr["rocket:blue"].text
    assert en["colour:green"].text.startswith("Plays from the east side: seat 3 at 4 players")
    assert en["ship:red"].known == ("kind", "colour") and en["planet:red"].known == ("kind",)


# ----------------------------------------------------------------------------- corrected data
def _corrected(tmp_path: Path) -> Path:
    """A box owner's directory: the shipped tables exported, then two rows corrected: ``c3``
    becomes a meteorite zone, and red's blue rocket in ``c1`` turns its nose east."""
    out = tmp_path / "mybox"
    BOARD_DATA.export(out)
    board = out / "board.csv"
    text = board.read_text(encoding="utf-8")
    old = "c3,6,2,neutral,,Zone neutre,Neutral zone,reconstructed,"
    assert text.count(old) == 1
    new = "c3,6,2,meteorite,,Zone de météorites,Meteorite zone,reconstructed,"
    board.write_text(text.replace(old, new), encoding="utf-8")
    setup = out / "setup.csv"
    text = setup.read_text(encoding="utf-8")
    old = "red-rocket-1,red,rocket,1,,c1,blue,n,"
    assert text.count(old) == 1
    setup.write_text(text.replace(old, "red-rocket-1,red,rocket,1,,c1,blue,e,"), encoding="utf-8")
    return out


def test_a_corrected_directory_is_what_is_played(tmp_path: Path) -> None:
    """The corrected rows change the game: red raider 1 rides its blue rocket east, the view
    and the drawing show c3 as meteorites, no blue rocket may go there, and the texts say so;
    a seeded game plays to its end with them, and its save needs that data."""
    mybox = _corrected(tmp_path)
    # the limits it was written with: purposeful random players may never end the rulebook's
    # game (which has none)
    limits = {"round_limit": 100, "stall_rounds": 20}
    g = spacetable.new_game("planetraiders", 2, 5, options=limits, data=mybox)
    assert isinstance(g, PlanetRaiders)
    assert g.data is not None and g.data.name == "mybox" and not g.data.shipped
    assert g.view(0)["board"][6] == "..*.*...."  # row 3: c3 and e3 are meteorites
    assert "c3 " not in g.components("en")[1].text  # no longer a neutral zone
    meteor = {c.id: c for c in g.components("en")}["zone:meteorite"].text
    assert meteor.startswith("14 squares:") and " c3," in meteor
    assert "a blue one in c1, nose east" in {c.id: c for c in g.components("en")}["colour:red"].text
    g.apply(0, SELECT[0])
    assert Hop("c1", "e") in g.legal_actions(0)  # the corrected nose
    g.apply(0, Hop("c1", "e"))
    assert g.rpad[0] == BOARD.pad("c1e")
    while g.phase != 2:
        g.apply(0, g.legal_actions(0)[-1])
    legal = set(g.legal_actions(0))
    assert Place("c3", "red", "n") in legal and Place("c3", "blue", "n") not in legal
    assert Place("c2", "blue", "n") in legal
    drawn = "\n".join(board_lines(g.view(0)))
    assert drawn.count("[dim] * [/]") == 14  # the empty meteorite zones, c3 among them
    # a seeded game with the corrected data plays to its end
    rng = random.Random(5)
    for _ in playout(g, rng, purposeful_policy(rng)):
        pass
    assert g.is_over
    # its save and its record name the data; they need it to load
    save = g.to_json()
    with pytest.raises(RecordError):
        spacetable.load(save)
    again = spacetable.load(save, data=mybox)
    assert again.to_json() == save
    with pytest.raises(RecordError):
        spacetable.replay(g.record())
    assert spacetable.replay(g.record(), data=mybox).to_json() == save


def test_a_directory_with_only_some_tables_uses_the_shipped_others(tmp_path: Path) -> None:
    """A directory may hold one table: the others are the shipped ones; the same rows give
    the same digest as the shipped data."""
    (tmp_path / "seats.csv").write_text(DATA.shipped_text("seats.csv"), encoding="utf-8")
    ds = spacetable.load_data("planetraiders", tmp_path)
    assert ds.digest == BOARD_DATA.digest and ds.parts == BOARD


# ----------------------------------------------------------------------------- broken tables
B, S, T = "board.csv", "setup.csv", "seats.csv"
BROKEN: list[tuple[str, dict[str, list[tuple[str, str]]], str]] = [
    # board.csv: the 81 squares of the grid, once each
    (
        "a square named for another place",
        {B: [("e5,4,4,meteorite", "x5,4,4,meteorite")]},
        r"mybox/board.csv: line \d+ \(id=x5\): field 'id': row 4 and col 4 are e5",
    ),
    (
        "a square listed twice",
        {B: [("e5,4,4,meteorite,", "e4,5,4,meteorite,")]},
        r"mybox/board.csv: line \d+: duplicate id 'e4'",
    ),
    (
        "a missing square",
        {B: [("e5,4,4,meteorite,,Zone de météorites,Meteorite zone,reconstructed,\n", "")]},
        r"mybox/board.csv: field 'id': 80 squares: the board is a 9 x 9 grid \(missing: e5\)",
    ),
    (
        "a planet without colour",
        {B: [("e8,1,4,planet,red,", "e8,1,4,planet,,")]},
        r"mybox/board.csv: line \d+ \(id=e8\): field 'colour': a planet needs a colour",
    ),
    (
        "a zone with a colour",
        {B: [("e5,4,4,meteorite,,", "e5,4,4,meteorite,red,")]},
        r"mybox/board.csv: line \d+ \(id=e5\): field 'colour': a rocket zone has no colour",
    ),
    (
        "a second planet of a colour (§3.1 « 4 planètes », one of each colour)",
        {B: [("e5,4,4,meteorite,,", "e5,4,4,planet,red,")]},
        r"mybox/board.csv: line \d+ \(id=e5\): field 'colour': a second red planet",
    ),
    (
        "three planets (§3.1 « 4 planètes peuplées d'aliens »)",
        {B: [("e8,1,4,planet,red,", "e8,1,4,neutral,,")]},
        r"mybox/board.csv: 3 planets, the rulebook gives 4 \(§3.1",
    ),
    (
        "three ships (§3.1 « 4 vaisseaux spatiaux au centre »)",
        {B: [("d4,5,3,ship,red,", "d4,5,3,neutral,,")]},
        r"mybox/board.csv: 3 ships, the rulebook gives 4 \(§3.1",
    ),
    (
        "a ship with 2 boarding pads (§3.2 « ses 4 zones d'embarquement »)",
        {
            B: [
                ("d4,5,3,ship,red,", "d4,5,3,neutral,,"),
                ("a1,8,0,neutral,,", "a1,8,0,ship,red,"),
            ]
        },
        r"mybox/board.csv: line \d+ \(id=a1\): field 'id': the red ship has 2 boarding pads",
    ),
    # setup.csv: 3 raiders, 2 blue and 1 red rocket a colour, 4 aliens a planet
    (
        "a raider numbered twice",
        {S: [("red-raider-3,red,raider,3,", "red-raider-3,red,raider,1,")]},
        r"mybox/setup.csv: line \d+ \(id=red-raider-3\): field 'number'",
    ),
    (
        "a raider on no pad",
        {S: [("red-raider-1,red,raider,1,c1s", "red-raider-1,red,raider,1,q1s")]},
        r"mybox/setup.csv: line \d+ \(id=red-raider-1\): field 'pad': unknown pad 'q1s'",
    ),
    (
        "a raider with a zone",
        {S: [("red-raider-1,red,raider,1,c1s,,", "red-raider-1,red,raider,1,c1s,c1,")]},
        r"mybox/setup.csv: line \d+ \(id=red-raider-1\): field 'zone': a raider has no zone",
    ),
    (
        "two pieces on one pad",
        {S: [("red-raider-1,red,raider,1,c1s", "red-raider-1,red,raider,1,e2s")]},
        r"mybox/setup.csv: line \d+ \(id=alien-violet-3\): field 'pad': e2s already holds "
        r"red-raider-1",
    ),
    (
        "an alien off its planet",
        {S: [("alien-violet-1,violet,alien,1,e2n", "alien-violet-1,violet,alien,1,a5n")]},
        r"mybox/setup.csv: line \d+ \(id=alien-violet-1\): field 'pad': a5n is not a side of the "
        r"violet planet",
    ),
    (
        "three aliens on a planet (§3.2 « les 4 aliens »)",
        {S: [("alien-red-4,red,alien,4,e8w,,,,reconstructed,colour kind\n", "")]},
        r"mybox/setup.csv: 3 aliens of the red planet, the rulebook gives 4 \(§3.2",
    ),
    (
        "a blue rocket too many (§6 « en conserve une rouge et une bleue »)",
        {S: [("red-rocket-2,red,rocket,2,,e4,red,n", "red-rocket-2,red,rocket,2,,e4,blue,n")]},
        r"mybox/setup.csv: line \d+ \(id=red-rocket-3\): field 'rocket': a blue rocket too many "
        r"for red",
    ),
    (
        "two rockets on the board (§6 « place 3 fusées »)",
        {S: [("red-rocket-3,red,rocket,3,,g1,blue,n,reconstructed,colour kind rocket\n", "")]},
        r"mybox/setup.csv: 2 red rockets on the board, the rulebook gives 3 \(§6",
    ),
    (
        "a blue rocket in meteorites (§3.1 « Une fusée bleue ne peut aller que sur les zones "
        "neutres »)",
        {S: [("red-rocket-1,red,rocket,1,,c1,blue,n", "red-rocket-1,red,rocket,1,,e3,blue,s")]},
        r"mybox/setup.csv: line \d+ \(id=red-rocket-1\): field 'rocket': a blue rocket cannot go "
        r"in meteorites",
    ),
    (
        "a rocket on a ship",
        {S: [("red-rocket-1,red,rocket,1,,c1,", "red-rocket-1,red,rocket,1,,d4,")]},
        r"mybox/setup.csv: line \d+ \(id=red-rocket-1\): field 'zone': d4 is not a rocket zone",
    ),
    (
        "a rocket without a nose",
        {S: [("red-rocket-1,red,rocket,1,,c1,blue,n", "red-rocket-1,red,rocket,1,,c1,blue,")]},
        r"mybox/setup.csv: line \d+ \(id=red-rocket-1\): field 'nose': a rocket needs its nose",
    ),
    (
        "a rocket on a pad",
        {S: [("red-rocket-1,red,rocket,1,,c1,", "red-rocket-1,red,rocket,1,c1s,c1,")]},
        r"mybox/setup.csv: line \d+ \(id=red-rocket-1\): field 'pad'",
    ),
    (
        "two rockets on one side of a zone",
        {
            S: [
                (
                    "yellow-rocket-1,yellow,rocket,1,,a7,blue,e",
                    "yellow-rocket-1,yellow,rocket,1,,c1,blue,n",
                )
            ]
        },
        r"mybox/setup.csv: line \d+ \(id=yellow-rocket-1\): field 'nose': c1 already holds "
        r"red-rocket-1 with that nose",
    ),
    # seats.csv: seats 0..n-1 at 2, 3 and 4 players (§2 « 2, 3 ou 4 joueurs »)
    (
        "five players",
        {T: [("4-3,4,3,green", "4-3,5,3,green")]},
        r"mybox/seats.csv: line \d+ \(id=4-3\): field 'players': 2, 3 or 4 players",
    ),
    (
        "a missing seat",
        {T: [("3-2,3,2,violet,north,reconstructed,players\n", "")]},
        r"mybox/seats.csv: 2 seats at 3 players, the rulebook gives 3 \(§2",
    ),
    (
        "a seat twice",
        {T: [("3-2,3,2,violet", "3-2,3,1,violet")]},
        r"mybox/seats.csv: line \d+ \(id=3-2\): field 'seat': seats 0 to 2 once each",
    ),
    (
        "a colour twice",
        {T: [("3-2,3,2,violet", "3-2,3,2,red")]},
        r"mybox/seats.csv: line \d+ \(id=3-2\): field 'colour': 3-0 already plays red",
    ),
]


@pytest.mark.parametrize(("edits", "message"), [c[1:] for c in BROKEN], ids=[c[0] for c in BROKEN])
def test_a_broken_table_is_refused_naming_file_row_and_field(
    edits: dict[str, list[tuple[str, str]]], message: str
) -> None:
    with pytest.raises(DataError, match=message):
        edited_data(edits)


def test_a_broken_directory_is_refused_by_new_game(tmp_path: Path) -> None:
    """The same checks refuse a directory given to the API, naming its path."""
    for file, text in edited_texts({T: [("3-2,3,2,violet", "3-2,3,2,red")]}).items():
        (tmp_path / file).write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=rf"{tmp_path}/seats.csv: line \d+ \(id=3-2\)"):
        spacetable.new_game("planetraiders", 3, 0, data=tmp_path)


# ----------------------------------------------------------------------------- views
def test_the_components_a_view_mentions_are_the_same_for_every_seat() -> None:
    """Planet Raiders hides nothing: every seat, and a spectator, is told of the same
    components (read from the view only), and a determinized copy too. A view mentions the
    board, its kinds of zone, planets and ships, the rockets in play, and the seated colours
    only (no green at 3 players)."""
    g = PlanetRaiders(3, 2)
    rng = random.Random(2)
    for _ in playout(g, rng, purposeful_policy(rng), max_steps=80):
        pass
    ids = [c.id for c in g.component_texts(None, "en")]
    for s in range(3):
        assert [c.id for c in g.component_texts(s, "fr")] == ids
        d = g.determinize(s, random.Random(s))
        assert list(d._component_ids(d.view(s))) == ids
    assert ids[:3] == ["board:main", "zone:neutral", "zone:meteorite"]
    assert [i for i in ids if i.startswith("colour:")] == [
        "colour:red",
        "colour:yellow",
        "colour:violet",
    ]
    assert "rocket:blue" in ids and "rocket:red" in ids
