"""Moving: one station at a time along the path, arrows, jumps, the Vortex and the bases."""

from __future__ import annotations

from spacetable.engine import new_game
from spacetable.games.quazarys.notation import point, point_text, set_position
from spacetable.games.quazarys.rules import Quazarys
from spacetable.playout import playout

# A 2-player line: B1 (seat 0's base, west) S1 S8 S3 S4 B2 (seat 1's base, east).
#   S1 "@ N E* S W*"   stations W, centre, E
#   S8 "+ N* E S* W"   no station on the horizontal path: crossed for free
#   S3 "+ N* E* S* W*" four arm stations around a plain crossing
#   S4 "@ N* E*> S* W" the E arm is one way outwards: nobody goes west from its E station
LINE = "B1 S1 S8 S3 S4 B2/2"


def game(board: str, pawns: list[str], players: int = 2, **kw: object) -> Quazarys:
    g = new_game("quazarys", players, 1)
    assert isinstance(g, Quazarys)
    return set_position(g, board, pawns, **kw)  # type: ignore[arg-type]


def dests(g: Quazarys, seat: int, ignore: bool = False) -> set[str]:
    return {point_text(k) for k in g.destinations(seat, ignore)}


def test_a_move_stops_at_the_next_station_and_crosses_cards_without_station() -> None:
    g = game(LINE, ["0,1,E", "0,4,C"])
    # East: S8 has no station on its horizontal path, so straight on the next station is
    # S3's west one; at S8's crossing the path also branches to S8's N and S stations.
    # West: S1's centre. S1's N and S arms lead nowhere (no card there).
    assert dests(g, 0) == {"0,3,W", "0,2,N", "0,2,S", "0,1,C"}


def test_phase_one_move_is_offered_and_applied() -> None:
    g = game(LINE, ["0,1,E", "0,4,C"])
    g.apply(0, "move r=0 c=3 p=4")
    assert point_text(g.pos[0]) == "0,3,W"
    assert g.view(0)["pending"]["kind"] == "move2"


def test_never_against_an_arrow() -> None:
    # On S4's east station, going west means crossing its E arm inwards: forbidden.
    g = game(LINE, ["0,1,C", "0,4,E"])
    # Seat 1 may go east, into its own base, but not west.
    assert dests(g, 1) == {"0,5,C"}
    g2 = game(LINE, ["0,4,E", "0,1,C"])
    # Seat 0: east is seat 1's base (closed to others), west is against the arrow.
    assert dests(g2, 0) == set()
    # Ignoring arrows (Vents solaires, pirates) the centre is reachable.
    assert dests(g2, 0, ignore=True) == {"0,4,C"}


def test_landing_on_an_opponent_jumps_one_station_further() -> None:
    # Seat 1 stands on S3's west station: seat 0 coming from S1 jumps it and goes on to the
    # next station beyond, along any branch of S3's crossing (never back the way it came).
    g = game(LINE, ["0,1,E", "0,3,W"])
    assert dests(g, 0) == {"0,1,C", "0,2,N", "0,2,S", "0,3,N", "0,3,E", "0,3,S"}


def test_a_jump_continues_over_several_pawns() -> None:
    board = "B1 S1 S8 S3 S4 B2/2 .\n. . . . . . B3"
    g = game(board, ["0,1,E", "0,3,W", "0,3,E"], players=3)
    # Over seat 1 (S3 W) then, going east, over seat 2 (S3 E) to S4's centre.
    assert "0,4,C" in dests(g, 0)
    assert "0,3,E" not in dests(g, 0)
    assert "0,3,W" not in dests(g, 0)


def test_a_jump_needs_a_station_beyond() -> None:
    # Seat 1 on the last station before a dead end: nothing beyond, so no move that way.
    g = game("B1 S1 E07/0 B2/2", ["0,1,E", "0,2,C"])
    # E07 "@ E W" between S1 and the base of seat 1: beyond it only seat 1's base (closed).
    assert dests(g, 0) == {"0,1,C"}


def test_vortex_teleports_in_one_move() -> None:
    # E01 "@ E W" and E02 "@ N S" are the two Vortex cards.
    board = ". E01 . E02 .\nB1 S1 S8 S3 S4 B2/2"
    g = game(board, ["0,1,C", "1,4,C"])
    # From the first Vortex: its arms lead nowhere; one move reaches the other Vortex.
    assert dests(g, 0) == {"0,3,C"}
    # Occupied other Vortex: jump on, out of it (its S arm meets S3's N station).
    g2 = game(board, ["0,1,C", "0,3,C"])
    assert dests(g2, 0) == {"1,3,N"}


def test_only_the_owner_enters_a_base_and_a_pawn_at_home_stays() -> None:
    g = game(LINE, ["0,1,W", "0,4,C"])
    assert "0,0,C" in dests(g, 0)  # seat 0's own base
    g.apply(0, "move r=0 c=0 p=0")
    assert g.arrived == (0,)
    assert g.destinations(0) == []
    g1 = game(LINE, ["0,4,C", "0,1,W"])
    assert "0,0,C" not in dests(g1, 1)  # not seat 1's base


def test_several_pawns_may_share_a_base_without_jumping() -> None:
    # Seat 1 waits on seat 0's base (its start); seat 0 still arrives there.
    g = game(LINE, ["0,1,W", "0,0,C"])
    assert "0,0,C" in dests(g, 0)


def test_points_notation() -> None:
    assert point_text(point("2,3,S")) == "2,3,S"


def _brute_force(g: Quazarys, seat: int, ignore: bool) -> set[int]:
    """Every simple path from the pawn to the first station (other pawns ignored)."""
    graph = g.graph
    nbr = graph.free if ignore else graph.arrow
    src = g.pos[seat]
    if graph.base_owner.get(src) == seat:
        return set()
    out: set[int] = set()

    def walk(p: int, path: set[int]) -> None:
        for q in nbr[p]:
            if q in path:
                continue
            if q in graph.stops:
                if q not in graph.base_owner or graph.base_owner[q] == seat:
                    out.add(q)
                continue
            walk(q, path | {q})

    walk(src, {src})
    if src in graph.vortex and len(graph.vortex) == 2:
        out.add(graph.vortex[0] if graph.vortex[1] == src else graph.vortex[1])
    return out


def test_moves_match_a_brute_force_path_search() -> None:
    import random

    checked = 0
    for seed in range(12):
        g = new_game("quazarys", 2 + seed % 3, seed)
        assert isinstance(g, Quazarys)
        checked += _check_moves(g)  # the start, then every 7th position of 400 decisions
        for _ in playout(g, random.Random(seed), max_steps=399):
            if not g.is_over and g.step % 7 == 0:
                checked += _check_moves(g)
    assert checked > 300


def _check_moves(g: Quazarys) -> int:
    checked = 0
    for seat in range(g.players):
        for ignore in (False, True):
            got = set(g.graph.destinations(g.pos[seat], seat, set(), ignore))
            if g.graph.base_owner.get(g.pos[seat]) == seat:
                got = set()
            assert got == _brute_force(g, seat, ignore)
            checked += 1
    return checked
