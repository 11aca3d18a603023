"""Scenario tests: every movement rule, the rulebook's worked examples (§5.2), crews,
placement, exchange, gifts, finishing and ranking. Positions use the text notation of
``spacetable.games.planetraiders.notation``."""

from __future__ import annotations

import pytest

from spacetable.engine import NO_BOUND, IllegalAction, OptionError
from spacetable.games.planetraiders.actions import (
    END_MOVES,
    END_TURN,
    EXCHANGE,
    GIVE,
    PLACE,
    SELECT,
    STOP,
    Give,
    Hop,
    Place,
)
from spacetable.games.planetraiders.components import crew_complete, crew_missing
from spacetable.games.planetraiders.constants import ALIEN, BLUE, COLOURS, NOSES, RED
from spacetable.games.planetraiders.notation import position
from spacetable.games.planetraiders.rules import PlanetRaiders
from spacetable.games.planetraiders.tables import shipped_parts

from .helpers import hop_through, rockets_in

#: The shipped data set's board and set-up.
BOARD = shipped_parts()

Z = BOARD.zone
P = BOARD.pad


def hop(g: PlanetRaiders, zone: str) -> None:
    """The selected raider rides the one rocket it may ride in ``zone``."""
    g.apply(g.cur, hop_through(g, zone))


def skip_moves(g: PlanetRaiders) -> None:
    """Go to step 3 (when no raider can move, the turn already starts there)."""
    if g.phase == 0:
        g.apply(g.cur, END_MOVES)
    assert g.phase == 2


def on(g: PlanetRaiders, colour: str, k: int, pad: str) -> bool:
    s = [COLOURS[c] for c in g.colour].index(colour)
    return g.rpad[s * 3 + k - 1] == P(pad)


def hops(g: PlanetRaiders) -> set[str]:
    return {a.zone for a in g.legal_actions(g.cur) if isinstance(a, Hop)}


# ----------------------------------------------------------------------------- worked examples
def test_example_red_raider_1_goes_through_a_b_c_to_d() -> None:
    """§5.2: red raider 1 reaches D through A, B and C, mixing blue and red rockets; the red
    one serves in the meteorite zone e3 (A=c2e, B=d2n, C=d3e, D=e3n)."""
    g = position(2, "R1@c1n c2:b> d2:b^ d3:b> e3:r^ V1@h8n")
    assert g.legal_actions(0) == [SELECT[0], END_MOVES]
    g.apply(0, SELECT[0])
    assert STOP not in g.legal_actions(0)  # a selected raider makes at least one hop
    for zone, reached in (("c2", "c2e"), ("d2", "d2n"), ("d3", "d3e")):
        hop(g, zone)
        assert on(g, "red", 1, reached)
        assert STOP in g.legal_actions(0)  # it may stop after any hop
    hop(g, "e3")
    assert on(g, "red", 1, "e3n")  # D
    # no rocket left around D: the move ended, and with it step 1; rockets are collected
    assert g.phase == 2
    assert (g.blue[0], g.red[0]) == (3, 1)
    assert all(rockets_in(g, z) == [] for z in ("c2", "d2", "d3", "e3"))
    # a blue rocket in place of the red one would not serve in the meteorite zone e3
    g = position(2, "R1@c1n c2:b> d2:b^ d3:b> e3:b^ V1@h8n")
    g.apply(0, SELECT[0])
    for zone in ("c2", "d2", "d3"):
        hop(g, zone)
    assert on(g, "red", 1, "d3e") and g.phase == 2  # stopped at C: blocked


def test_example_red_raider_2_chooses_one_of_two_rockets_then_takes_alien() -> None:
    """§5.2: raider 2 may use the rocket to E1 or the one to E; it takes only the one it
    uses; with two blue rockets it goes through E to the alien on F (a side of the violet
    planet e2), which leaves the game."""
    g = position(2, "R2@g2n g2:b< g3:b^ f2:b< aliens=standard V1@h8n")
    g.apply(0, SELECT[1])
    assert hops(g) == {"g2", "g3"}  # E (g2w) or E1 (g3n): two possibilities
    hop(g, "g2")
    assert on(g, "red", 2, "f2e")  # E
    hop(g, "f2")  # to F = e2e, the alien's pad
    assert on(g, "red", 2, "f2w")
    assert g.aliens[0] == 1 << COLOURS.index("violet")
    assert g.occ[P("e2e")] == 1  # the raider, the alien is out of play
    assert sum(1 for o in g.occ if o >= ALIEN) == 15
    assert g.phase == 2  # move over, step 1 over (no other raider)
    assert (g.blue[0], g.red[0]) == (2, 0)  # only the rockets used
    assert rockets_in(g, "g3") == ["b^"]  # E1's rocket stays on the board


def test_example_violet_raider_3_captures_yellow_raider_through_g_to_h() -> None:
    """§5.2: violet raider 3 captures the yellow raider on H through G with two blue
    rockets, stops there although a rocket would carry it on, and gains a blue rocket."""
    g = position(3, "V3@g8n g8:bv g7:b< f7:b< Y1@f7e R1@a1n turn:violet")
    assert g.cur == 2
    g.apply(2, SELECT[2])
    hop(g, "g8")
    assert on(g, "violet", 3, "g7n")  # G
    assert g.blue[2] == 0
    hop(g, "g7")  # H, where yellow raider 1 stands
    assert on(g, "violet", 3, "g7w")
    assert g.rpad[3] == -1 and g.captured_by[3] == 2
    assert g.ncaps[2] == 1 and g.caps[2 * 3 + 1] == 1
    assert rockets_in(g, "f7") == ["b<"]  # it did not go on
    assert g.phase == 2
    assert g.blue[2] == 1 + 2  # the bonus rocket and the two rockets used
    assert g.out[1]  # yellow had only that raider on the board here


def test_example_blocked_raider() -> None:
    """§5.2 (figure "planet raider bloqué"): rockets pointing at the raider, rockets off its
    lines, a blue rocket in meteorites and a pad held by its own raider do not move it."""
    g = position(2, "R1@c1n c1:b^ c2:r> R2@c2e c3:b^ V1@d1e d1:b^")
    # R1 on c1n: c1's nose points at it; c2's nose points at R2's pad; c3 is not adjacent
    assert g.hop_actions(0) == []
    # V1 on d1e: d1 is a meteorite zone, so its blue rocket does not serve
    assert g.hop_actions(3) == []
    # R2 on c2e: c2's nose points at it, and d2 is empty
    assert g.hop_actions(1) == []
    assert not any(a in g.legal_actions(0) for a in SELECT)
    g2 = position(2, "R1@c1n c1:b^ c2:r> R2@c2e c3:b^")
    assert g2.hop_actions(0) == [] and g2.hop_actions(1) == []


# ----------------------------------------------------------------------------- movement rules
def test_raider_uses_only_the_zones_beside_its_pad() -> None:
    g = position(2, "R1@c2n c4:b^ b3:b> c3:b^ V1@h8n")
    # c2n borders c2 and c3; c4 and b3 are off its pad
    assert g.hop_actions(0) == [Hop("c3", "n")]


def test_rocket_may_turn_the_raider() -> None:
    g = position(2, "R1@c2n c3:r> V1@h8n")
    g.apply(0, SELECT[0])
    hop(g, "c3")
    assert on(g, "red", 1, "c3e")  # turned from its vertical line to c3's east side


def test_stop_is_optional_and_a_raider_moves_once_per_turn() -> None:
    g = position(2, "R1@c1n c2:b^ c3:b^ R2@g1n g2:b^ V1@h8n hand:red=1b")
    g.apply(0, SELECT[0])
    hop(g, "c2")
    assert g.legal_actions(0) == [Hop("c3", "n"), STOP]
    g.apply(0, STOP)  # the player does not use every rocket on the trajectory
    assert on(g, "red", 1, "c2n")
    assert rockets_in(g, "c3") == ["b^"]
    assert g.legal_actions(0) == [SELECT[1], END_MOVES]  # raider 1 cannot move again
    skip_moves(g)
    assert (g.blue[0], g.red[0]) == (2, 0)  # one kept from before, one collected


def test_used_rocket_leaves_the_board_at_once() -> None:
    # R2 could use c2 only before R1 took it
    g = position(2, "R1@c1n c2:b^ R2@b2e V1@h8n")
    assert g.hop_actions(1) == [Hop("c2", "n")]
    g.apply(0, SELECT[0])
    hop(g, "c2")
    assert rockets_in(g, "c2") == []
    assert g.hop_actions(1) == []  # gone for R2 too
    assert g.blue[0] == 1  # step 2 collected it


def test_own_raider_blocks_and_enemy_is_captured() -> None:
    g = position(2, "R1@c1n c2:b^ R2@c2n V1@h8n")
    assert g.hop_actions(0) == []
    g = position(2, "R1@c1n c2:b^ V1@c2n V2@h8n")
    g.apply(0, SELECT[0])
    hop(g, "c2")
    assert g.ncaps[0] == 1 and g.blue[0] == 2  # bonus + collected


def test_partner_is_not_captured_in_teams() -> None:
    g = position(4, "R1@c1n c2:b^ V1@c2n G1@h8n Y1@a1n", {"teams": True})
    assert g.hop_actions(0) == []  # violet is red's partner
    g = position(4, "R1@c1n c2:b^ Y1@c2n G1@h8n V1@a1n", {"teams": True})
    assert g.hop_actions(0) == [Hop("c2", "n")]


def test_one_alien_per_planet_per_player() -> None:
    # e1n is the south side of the violet planet e2
    g = position(2, "R1@e1w e1:b^ V1@h8n aliens=standard crew:red=violet")
    assert g.hop_actions(0) == []  # already holds a violet alien
    g = position(2, "R1@e1w e1:b^ V1@h8n aliens=standard crew:red=green")
    assert g.hop_actions(0) == [Hop("e1", "n")]


def test_alien_ends_the_move_even_if_rockets_go_on() -> None:
    g = position(2, "R1@c1n c2:b^ c3:b^ @c2n:green V1@h8n R2@g1n g2:b^")
    g.apply(0, SELECT[0])
    hop(g, "c2")
    assert g.aliens[0] == 1 << COLOURS.index("green")
    assert rockets_in(g, "c3") == ["b^"]
    assert g.phase == 0 and g.legal_actions(0) == [SELECT[1], END_MOVES]


def test_placement_zones_and_colours() -> None:
    g = position(2, "V1@h8n R1@a1n hand:red=1b1r")
    skip_moves(g)
    legal = set(g.legal_actions(0))
    # blue only in neutral zones; red anywhere; never on planets or ships
    assert PLACE[BLUE][Z("c3")][0] in legal
    assert not any(Place("e5", "blue", s) in legal for s in "nesw")
    assert Place("e5", "red", "n") in legal
    zones = {getattr(a, "zone", None) for a in legal}
    assert "c3" in zones and "e5" in zones
    assert not zones & {"d4", "e2", "f6"}
    with pytest.raises(ValueError):
        Z("d4")
    g.apply(0, Place("c3", "blue", "e"))
    # one rocket per side: c3's east side is taken, its other three sides are free
    placed = {(a.zone, a.nose) for a in g.legal_actions(0) if isinstance(a, Place)}
    assert ("c3", "e") not in placed
    assert {("c3", s) for s in "nsw"} <= placed and ("c4", "e") in placed
    assert rockets_in(g, "c3") == ["b>"]


def test_rockets_kept_in_hand_for_a_later_turn() -> None:
    g = position(2, "R1@a1n V1@h8n hand:red=2b1r hand:violet=1b")
    skip_moves(g)
    g.apply(0, Place("e5", "red", "n"))
    g.apply(0, END_TURN)
    assert g.cur == 1
    assert (g.blue[0], g.red[0]) == (2, 0)


def test_exchange_two_blue_for_one_red_and_never_back() -> None:
    g = position(2, "R1@a1n V1@h8n hand:red=3b")
    skip_moves(g)
    assert EXCHANGE in g.legal_actions(0)
    g.apply(0, EXCHANGE)
    assert (g.blue[0], g.red[0]) == (1, 1)
    assert EXCHANGE not in g.legal_actions(0)  # one blue left
    assert not any(type(a).__name__ not in ("Place", "EndTurn") for a in g.legal_actions(0))


def test_gifts_only_with_more_than_two_players() -> None:
    g = position(2, "R1@a1n V1@h8n hand:red=1b")
    skip_moves(g)
    assert not any(isinstance(a, Give) for a in g.legal_actions(0))
    g = position(3, "R1@a1n V1@h8n Y1@a9n hand:red=1b1r")
    skip_moves(g)
    legal = g.legal_actions(0)
    assert GIVE[BLUE][1] in legal and GIVE[RED][2] in legal and GIVE[BLUE][0] not in legal
    g.apply(0, GIVE[RED][2])
    assert g.red == [0, 0, 1]
    g.apply(0, GIVE[BLUE][1])
    assert g.blue == [0, 1, 0]
    assert g.cur == 1  # empty hand: the turn ended by itself


def test_illegal_hop_rejected() -> None:
    g = position(2, "R1@c1n c2:b^ V1@h8n")
    g.apply(0, SELECT[0])
    with pytest.raises(IllegalAction):
        g.apply(0, Hop("e5", "n"))


# ----------------------------------------------------------------------------- crews, ends
@pytest.mark.parametrize(
    ("aliens", "captures", "complete"),
    [
        (2, 2, True),  # 2 aliens + 2 raiders (different or identical colours)
        (3, 1, True),  # 3 aliens + 1 raider
        (4, 0, False),
        (1, 3, False),
        (2, 1, False),
        (3, 0, False),
        (4, 1, True),
    ],
)
def test_crew_combinations(aliens: int, captures: int, complete: bool) -> None:
    assert crew_complete(aliens, captures) is complete
    assert (crew_missing(aliens, captures) == 0) is complete


def test_two_identical_or_two_different_enemy_raiders() -> None:
    # 3 players: red captures one yellow and one violet raider (different)
    g = position(3, "R1@c1n c2:b^ Y1@c2n Y2@a9n V1@h8n crew:red=green,yellow turn:red")
    g.caps[0 * 3 + 2] = 1
    g.ncaps[0] = 1
    assert not g.has_crew(0)
    g.apply(0, SELECT[0])
    hop(g, "c2")
    assert g.has_crew(0)
    # 2 players: two violet raiders (identical)
    g = position(2, "R1@c1n c2:b^ V1@c2n V2@h8n crew:red=green,yellow+1")
    g.apply(0, SELECT[0])
    hop(g, "c2")
    assert g.has_crew(0)


def test_reaching_own_ship_without_crew_does_nothing() -> None:
    # d4 is red's ship; its east pad d4e borders e4
    g = position(2, "R1@e4n e4:b< V1@h8n crew:red=green,yellow+1")
    g.apply(0, SELECT[0])
    hop(g, "e4")
    assert on(g, "red", 1, "d4e")
    assert g.finished == []


def test_other_ship_is_not_home() -> None:
    g = position(2, "R1@e4n e4:b> V1@h8n crew:red=green,yellow+2")
    g.apply(0, SELECT[0])
    hop(g, "e4")  # f4w: green's ship
    assert g.finished == []


def test_first_home_wins_then_play_goes_on_for_second_place() -> None:
    g = position(
        3,
        "R1@e4n e4:b< R2@a1n c1:b^ Y1@a9n Y2@b9n V1@h8n V2@g9n "
        "crew:red=green,yellow+2 hand:red=2b hand:yellow=1b",
    )
    g.apply(0, SELECT[0])
    hop(g, "e4")
    assert g.finished == [0]
    # raiders and the rockets of that last move leave the board; play goes on
    assert g.rpad[0:3] == [-1, -1, -1]
    assert g.occ[P("d4e")] == -1 and g.occ[P("a1n")] == -1
    assert (g.blue[0], g.red[0]) == (0, 0)
    assert g.retired == [3, 0]  # the rocket used and the two kept in hand
    assert not g.is_over and g.cur == 1
    # yellow comes home second: d6 is yellow's ship, its south pad d6s = d5n borders d5
    g.occ[P("d5s")] = 3
    g.occ[P("a9n")] = -1
    g.rpad[3] = P("d5s")
    g.rockets[Z("d5") * NOSES + 0] = BLUE  # nose north -> d5n, yellow's ship pad
    g.aliens[1] = 0b0101
    g.ncaps[1] = 2
    g.phase = 0
    g.apply(1, SELECT[0])
    hop(g, "d5")
    assert g.finished == [0, 1]
    assert g.is_over  # only violet is left
    out = g.outcome()
    assert out.ranks == (1, 2, 3)
    assert out.reason == "home"


def test_capture_on_arrival_at_home_completes_the_crew_and_finishes() -> None:
    # violet raider on red's ship pad d4e; red has 3 aliens and no capture yet
    g = position(3, "R1@e4n e4:b< V1@d4e V2@h8n Y1@a9n crew:red=green,yellow,violet")
    g.apply(0, SELECT[0])
    hop(g, "e4")
    assert g.ncaps[0] == 1
    assert g.finished == [0]


def test_team_wins_at_first_arrival() -> None:
    g = position(4, "R1@e4n e4:b< Y1@a9n V1@h8n G1@i1n crew:red=green,yellow+2", {"teams": True})
    g.apply(0, SELECT[0])
    hop(g, "e4")
    assert g.is_over
    assert g.outcome().ranks == (1, 3, 1, 3)  # competition ranks


def test_capturing_the_last_raider_eliminates() -> None:
    g = position(2, "R1@c1n c2:b^ V1@c2n")
    g.apply(0, SELECT[0])
    hop(g, "c2")
    assert g.out[1] and g.is_over
    out = g.outcome()
    assert out.ranks == (1, 2) and out.reason == "last in play"


def test_turn_skips_finished_and_eliminated_players() -> None:
    g = position(3, "R1@a1n Y1@a9n V1@h8n hand:red=1b hand:violet=1b")
    g.out[1] = True
    skip_moves(g)
    g.apply(0, END_TURN)
    assert g.cur == 2


def test_round_limit_and_ranking_of_unfinished_players() -> None:
    g = position(2, "R1@a1n V1@h8n hand:red=1b hand:violet=1b crew:red=green", {"round_limit": 2})
    for _ in range(3):
        s = g.cur
        skip_moves(g)
        g.apply(s, END_TURN)
    assert not g.is_over
    s = g.cur
    skip_moves(g)
    g.apply(s, END_TURN)
    assert g.is_over and g.reason == "round limit"
    # red is one alien closer to a crew, but no rule ranks by that: the place is shared
    assert g.outcome().ranks == (1, 1)


def test_no_progress_limit() -> None:
    g = position(2, "R1@a1n V1@h8n hand:red=1b hand:violet=1b", {"stall_rounds": 1})
    skip_moves(g)
    g.apply(0, END_TURN)
    skip_moves(g)
    g.apply(1, END_TURN)
    assert g.is_over and g.reason == "no progress"
    assert g.outcome().ranks == (1, 1)


def test_the_rulebooks_game_has_no_round_or_stall_limit() -> None:
    """The rulebook ends a game only when crews are home (« Le premier joueur qui après avoir
    constitué son équipage atteint son vaisseau a gagné »): by default no number of rounds,
    with or without progress, stops it; the limits are options (ours), off by default."""
    g = position(2, "R1@a1n V1@h8n hand:red=1b hand:violet=1b")
    assert g.options["round_limit"] == 0 and g.options["stall_rounds"] == 0
    assert g.turn_limit == 0 and g.stall_limit == 0
    g.turns = g.quiet = 2 * 500  # far past the old defaults (100 rounds, 20 without progress)
    skip_moves(g)
    g.apply(0, END_TURN)
    assert not g.is_over and g.cur == 1 and g.quiet == 1001
    assert PlanetRaiders.max_decisions(2, g.options) == NO_BOUND


def test_a_blocked_table_ends_the_game_only_without_a_limit() -> None:
    """Nobody in play has anything left to decide (no raider can move, no rocket in hand):
    the table can never change. Without a limit the game ends there ("blocked", ours: the
    rulebook's game would pass turns for ever); a limit that is on ends it as before."""
    ends = {}
    for opts in ({}, {"stall_rounds": 20}, {"round_limit": 100}):
        g = position(2, "R1@a1n V1@h8n hand:red=1b", opts)
        g.apply(0, "place zone=a9 colour=blue nose=n")  # out of every raider's reach
        assert g.is_over and g.step == 1
        ends[g.reason] = g.turns
        assert g.outcome().ranks == (1, 1)
    # red's turn, violet passes, red passes: blocked; the limits pass turns up to themselves
    assert ends == {"blocked": 2, "no progress": 40, "round limit": 200}


def test_a_player_with_a_choice_keeps_the_game_going_without_limits() -> None:
    """Passes alone do not end the game while a player in play may still decide."""
    g = position(2, "R1@a1n V1@h8n hand:red=2b")
    g.apply(0, "place zone=a9 colour=blue nose=n")
    assert not g.is_over and g.cur == 0  # red still holds a rocket: its turn goes on
    g.apply(0, END_TURN)  # red keeps its rocket: violet passes, red decides again
    assert not g.is_over and g.cur == 0 and g.log[-2]["event"] == "pass"


def test_turn_without_any_choice_is_passed() -> None:
    g = position(2, "R1@a1n V1@h8n hand:red=1b")
    skip_moves(g)
    g.apply(0, END_TURN)
    # violet has nothing to do: its turn passes, red plays again
    assert g.cur == 0
    assert g.log[-2]["event"] == "pass"


def test_initial_setup_counts() -> None:
    for n, opts in ((2, {}), (3, {}), (4, {}), (4, {"teams": True})):
        g = PlanetRaiders(n, 1, opts)
        assert sum(1 for p in g.rpad if p >= 0) == 3 * n
        on_board = [r for r in g.rockets if r >= 0]
        assert len(on_board) == 3 * n
        assert on_board.count(RED) == n
        assert g.blue == [1] * n and g.red == [1] * n  # one red and one blue kept
        assert sum(1 for o in g.occ if o >= ALIEN) == 16
        # each raider can use the rocket set in front of it on the first turn
        s = g.cur
        assert g.legal_actions(s)[:3] == list(SELECT)


def test_teams_option_needs_four_players() -> None:
    with pytest.raises(OptionError):
        PlanetRaiders(3, 0, {"teams": True})
    with pytest.raises(OptionError):
        PlanetRaiders(4, 0, {"round_limit": 501})


# ----------------------------------------------------------------------------- evaluation
def test_distances_count_rockets_and_go_round_ships() -> None:
    violet = COLOURS.index("violet")
    # d6w is two pads from violet's ship f6 as the crow flies, but the yellow ship d6 is in
    # the way: c6n, c7e, d7e, e6n (e7s) and then f6w (e6e), five rockets
    assert BOARD.dist_to_ship[violet][P("d6w")] == 5
    assert BOARD.hop_dist[P("c1s")][P("c1n")] == 1 and BOARD.hop_dist[P("c1s")][P("c2e")] == 2
    assert BOARD.dist_to_ship[COLOURS.index("red")][P("d4e")] == 0


def test_evaluation_rewards_a_rocket_that_leads_round_a_ship() -> None:
    g = position(2, "V1@d6w R1@a1n crew:violet=red,yellow+2 hand:violet=0b1r turn:violet")
    skip_moves(g)
    before = g.evaluate(1)
    c = g.clone()
    c.apply(1, Place("c6", "red", "n"))  # away from the ship as the crow flies, yet on the way
    assert c.evaluate(1) > before
    c = g.clone()
    c.apply(1, Place("c6", "red", "w"))  # c6w: no nearer; a rocket kept is worth more
    assert c.evaluate(1) < before


# ----------------------------------------------------------------------------- issue 18
def test_example_green_raider_sees_three_rockets_and_chooses_one() -> None:
    """§5.1: « en regardant suivant la ligne à laquelle il appartient, le planet raider vert
    voit 3 fusées ; il ne peut choisir qu'une seule de ces 3 fusées et aller sur le pavé bleu
    qu'elle désigne » and « un planet raider ne peut jamais utiliser les fusées qui ne croisent
    pas sa ligne ».

    Green raider 1 stands on c3e, on the horizontal line through c3 and d3. A zone holds one
    rocket per side (interpretation 1): c3 holds three rockets, d3 one. The raider sees the
    two of c3 whose noses point away from it and the one of d3: three rockets. c3's rocket
    whose nose points at the raider's own pad, and the rockets of c4 and c2 (which do not
    cross its line), are unusable."""
    g = position(4, "G1@c3e c3:b^ c3:b< c3:r> d3:b> c4:b^ c2:bv R1@a1n Y1@a9n V1@h8n turn:green")
    assert g.cur == 3
    seen = g.hop_actions(9)
    assert seen == [Hop("c3", "n"), Hop("c3", "w"), Hop("d3", "e")]  # the three rockets
    g.apply(3, SELECT[0])
    assert set(g.legal_actions(3)) == set(seen)  # one hop: one rocket of the three
    g.apply(3, Hop("d3", "e"))  # the rocket of d3, nose east ...
    assert on(g, "green", 1, "d3e")  # ... carries it to the pad its nose designates
    # only that rocket was used and collected; the two others stay where they were
    assert rockets_in(g, "c3") == ["b^", "r>", "b<"] and rockets_in(g, "d3") == []
    assert g.phase == 2 and (g.blue[3], g.red[3]) == (1, 0)


@pytest.mark.parametrize("zone_rockets", ["one_per_side", "one"])
def test_a_zone_holds_one_rocket_per_side_or_one_in_all_as_an_option(zone_rockets: str) -> None:
    """§5.1 « le planet raider vert voit 3 fusées » needs more than one rocket in a zone
    beside the raider (a pad borders two zones): by default a zone holds one rocket per side.
    The option ``zone_rockets="one"`` keeps the earlier reading (one rocket a zone), with
    which a raider never sees more than two rockets."""
    g = position(2, "R1@a1n V1@h8n c3:b^ hand:red=2b1r", {"zone_rockets": zone_rockets})
    skip_moves(g)
    placed = {(a.zone, a.nose) for a in g.legal_actions(0) if isinstance(a, Place)}
    assert ("c3", "n") not in placed  # that side is taken either way
    assert ({("c3", s) for s in "esw"} <= placed) is (zone_rockets == "one_per_side")
    assert not any(z == "c3" for z, _ in placed) or zone_rockets == "one_per_side"
    # fill both zones beside c3e as far as the option allows: how many rockets it sees
    g = position(2, "R1@a1n V1@h8n hand:red=6b", {"zone_rockets": zone_rockets})
    skip_moves(g)
    for zone, nose in (("c3", "n"), ("c3", "w"), ("c3", "s"), ("d3", "e"), ("d3", "n")):
        if Place(zone, "blue", nose) in g.legal_actions(0):
            g.apply(0, Place(zone, "blue", nose))
    g.rpad[1] = P("c3e")  # red raider 2 steps onto the pad between them
    g.occ[P("c3e")] = 1
    assert len(g.hop_actions(1)) == (5 if zone_rockets == "one_per_side" else 2)


def test_two_against_two_is_a_named_variant_off_by_default() -> None:
    """§2 « Le jeu se joue à 2, 3 ou 4 joueurs ou équipes »: the rulebook gives no team rule;
    its teams are several people playing one colour (one seat). The two-against-two game, with
    its own win rule, is our variant: option ``teams``, off by default, and said so."""
    opt = PlanetRaiders.info.options["teams"]
    assert opt.default is False and opt.players == (4,)
    assert opt.help_en.startswith("A variant that is not in the rulebook")
    assert opt.help_fr.startswith("Une variante absente de la règle")
    # four players, by default: four sides, and the first home does not end the game
    g = position(4, "R1@e4n e4:b< Y1@a9n V1@h8n G1@i1n crew:red=green,yellow+2 hand:yellow=1b")
    assert g.team == (0, 1, 2, 3)
    g.apply(0, SELECT[0])
    hop(g, "e4")
    assert g.finished == [0] and not g.is_over and g.cur == 1  # play goes on for second place
    # the variant: the partner's team wins at once
    g = position(4, "R1@e4n e4:b< Y1@a9n V1@h8n G1@i1n crew:red=green,yellow+2", {"teams": True})
    g.apply(0, SELECT[0])
    hop(g, "e4")
    assert g.is_over and g.outcome().winners == (0, 2)


def test_places_no_rule_separates_are_shared_at_a_limit() -> None:
    """§2 « Le second est celui qui aura fait la même chose mais en 2ème position et ainsi de
    suite »: places go by arrival on one's ship. When a limit stops the game (ours: the
    rulebook has none), the players still in play are not separated by any rule: they share
    the next place, whatever their crews; eliminated players, who can never arrive, share the
    place after them."""
    g = position(
        4,
        "R1@e4n e4:b< Y1@a9n V1@h8n G1@i1n "
        "crew:red=green,yellow+2 crew:yellow=red,violet+1 hand:yellow=1b hand:violet=1b",
        {"round_limit": 2},
    )
    g.apply(0, SELECT[0])
    hop(g, "e4")  # red is home: first
    assert g.finished == [0]
    g.out[3] = True  # green has lost its raiders
    g.rpad[9] = -1
    g.occ[P("i1n")] = -1
    while not g.is_over:
        s = g.cur
        skip_moves(g)
        g.apply(s, END_TURN)
    out = g.outcome()
    assert out.reason == "round limit"
    # yellow is one member from a crew, violet has none: they share second place
    assert out.ranks == (1, 2, 2, 4)
    assert out.scores == (4.0, 3.0, 0.0, 0.0)  # the crew members gathered, for information
    # with no one home, every player still in play shares the win
    g = position(
        3,
        "R1@a1n Y1@a9n V1@h8n crew:red=green,yellow+1 hand:red=1b hand:yellow=1b",
        {"stall_rounds": 1},
    )
    while not g.is_over:
        s = g.cur
        skip_moves(g)
        g.apply(s, END_TURN)
    assert g.reason == "no progress" and g.outcome().ranks == (1, 1, 1)
    assert g.outcome().winners == (0, 1, 2)
