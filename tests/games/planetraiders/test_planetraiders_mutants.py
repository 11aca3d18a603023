"""Planet Raiders: tests written for the survivors of the sampled mutation run (issue 17).

Each test pins a behaviour the rulebook, the rules map (``docs/games/planetraiders.md``) or
the documented board, state and view layouts give, that no other test pinned. Some call a
function directly that otherwise only runs when a module is imported (the data tables, the
board's geometry) or once per process (the cached RL action space), so that a changed
function is seen.
"""

from __future__ import annotations

import pytest

from spacetable.engine import NO_BOUND, DataError
from spacetable.games.planetraiders import actions as A
from spacetable.games.planetraiders.actions import SELECT, Give, Hop
from spacetable.games.planetraiders.board import (
    CELL_PADS,
    PAD_INDEX,
    PAD_NAMES,
    _edge_canonical,
    _edge_xy,
)
from spacetable.games.planetraiders.components import CellRow, SeatRow, SetupRow
from spacetable.games.planetraiders.constants import N_CELLS, N_EDGES, SIZE
from spacetable.games.planetraiders.notation import position
from spacetable.games.planetraiders.rules import PlanetRaiders
from spacetable.games.planetraiders.tables import DATA, shipped_parts
from spacetable.games.planetraiders.view import view

from .helpers import edited_data


# ----------------------------------------------------------------------------- RL action space
@pytest.mark.parametrize(("players", "size", "gifts"), [(2, 979, 0), (3, 985, 6), (4, 987, 8)])
def test_action_space_sizes_and_gifts_only_above_two_players(
    players: int, size: int, gifts: int
) -> None:
    """§4: gifts only with more than two players; 3 selects, 324 hops (81 squares x 4 noses:
    which squares are zones is the data set's), stop, end_moves, 648 placements (81 squares x
    4 noses x 2 colours), exchange, end_turn and 2 gifts per seat (docs "Action encoding").
    Called directly: the engine caches the action space once per process."""
    space = A.enumerate_actions(players)
    assert len(space) == size
    assert len(set(space)) == size
    assert sum(type(a) is Hop for a in space) == 81 * 4
    given = [a for a in space if isinstance(a, Give)]
    assert len(given) == gifts
    assert {a.to for a in given} == set(range(players if gifts else 0))


# ----------------------------------------------------------------------------- board tables
def test_pad_names_round_trip_for_every_edge() -> None:
    """Every pad has a canonical name (the north/west side of the square south/east of it,
    or the border side) that names that very pad; called directly, not through the table
    built at import."""
    names = [_edge_canonical(e) for e in range(N_EDGES)]
    assert [PAD_INDEX[n] for n in names] == list(range(N_EDGES))
    assert names[0] == "a9n" and names[89] == "i1s"
    assert names[90] == "a9w" and names[99] == "i9e" and names[179] == "i1e"
    assert names == list(PAD_NAMES)


def test_pad_coordinates_are_the_middles_of_square_sides() -> None:
    """On the doubled grid, square (r, c) has its centre at (2r + 1, 2c + 1) and its four
    pads one step away (n, e, s, w); called directly, not through the table built at import."""
    for i in range(N_CELLS):
        r, c = divmod(i, SIZE)
        cy, cx = 2 * r + 1, 2 * c + 1
        n, e, s, w = (_edge_xy(p) for p in CELL_PADS[i])
        assert (n, e, s, w) == ((cy - 1, cx), (cy, cx + 1), (cy + 1, cx), (cy, cx - 1))


def test_the_shipped_tables_built_again_give_the_same_parts() -> None:
    """Building the shipped tables again gives parts equal to the shipped data set's."""
    texts = {f: DATA.shipped_text(f) for f in DATA.files()}
    assert DATA.make("planetraiders", "again", "", texts).parts == shipped_parts()


def test_the_data_set_reads_the_three_data_files() -> None:
    """Squares, set-up and seats, each row of its model."""
    parts = shipped_parts()
    assert DATA.files() == ["board.csv", "setup.csv", "seats.csv"]
    assert len(parts.cells) == 81 and all(isinstance(c, CellRow) for c in parts.cells)
    assert len(parts.setup) == 4 * 6 + 16 and all(isinstance(s, SetupRow) for s in parts.setup)
    assert len(parts.seats) == 2 + 3 + 4 and all(isinstance(s, SeatRow) for s in parts.seats)
    assert [(s.players, s.seat, s.colour) for s in parts.seats if s.players == 2] == [
        (2, 0, "red"),
        (2, 1, "violet"),
    ]


def test_a_colour_without_three_raiders_is_named() -> None:
    """§2: three raiders per player; a set-up missing one names the file, the colour and the
    count."""
    edit = {"setup.csv": [("red-raider-3,red,raider,3,g1s,,,,reconstructed,colour kind\n", "")]}
    with pytest.raises(DataError, match=r"^mybox/setup.csv: 2 red raiders, the rulebook gives 3"):
        edited_data(edit)


# ----------------------------------------------------------------------------- rules
def test_a_raider_on_pad_zero_is_alive_and_keeps_its_player_in_play() -> None:
    """A raider on the board's first pad (a9n, the north side of the north-west corner)
    counts as a raider left: capturing the other raider of that player does not eliminate
    it, and the game (two players) goes on."""
    g = position(2, "R1@c1n c2:b^ V1@c2n V2@a9n")
    assert g.alive(1) == 2
    g.apply(0, SELECT[0])
    g.apply(0, Hop("c2", "n"))
    assert g.rpad[3] < 0 and g.captured_by[3] == 0
    assert g.alive(1) == 1
    assert not g.out[1]
    assert not g.is_over


def test_the_view_shows_a_raider_captured_by_seat_zero() -> None:
    """The view gives a captured raider its status and its captor, seat 0 (red) too."""
    g = position(2, "R1@c1n c2:b^ V1@c2n V2@a9n")
    g.apply(0, SELECT[0])
    g.apply(0, Hop("c2", "n"))
    v = view(g, None)
    assert v["raiders"][1][0] == {"pad": None, "status": "captured", "by": 0}
    assert v["raiders"][1][1] == {"pad": "a9n", "status": "board"}
    assert v["players_info"][0]["captured"] == {"violet": 1}


def test_hops_count_the_hops_of_the_move_so_far() -> None:
    """The saved state's ``hops`` is the number of hops of the selected raider's move so far
    (docs "State and view")."""
    g = position(2, "R1@c1n c2:b^ c3:b^ c4:b^ V1@h8n")
    g.apply(0, SELECT[0])
    assert g.state_dict()["hops"] == 0
    g.apply(0, Hop("c2", "n"))
    assert g.state_dict()["hops"] == 1
    g.apply(0, Hop("c3", "n"))
    assert g.state_dict()["hops"] == 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_max_decisions_reads_the_round_limit_option(players: int) -> None:
    """``max_decisions`` is round_limit x players x (11 + 16 x players) with a round limit,
    and ``NO_BOUND`` without one (the default: the rulebook's game has none)."""
    per_turn = 11 + 16 * players
    assert PlanetRaiders.max_decisions(players, {}) == NO_BOUND
    assert PlanetRaiders.max_decisions(players, {"stall_rounds": 20}) == NO_BOUND
    assert PlanetRaiders.max_decisions(players, {"round_limit": 7}) == 7 * players * per_turn
    sim = PlanetRaiders.info.simulation_options
    assert PlanetRaiders.max_decisions(players, sim) == 100 * players * per_turn
