"""Both sides of the boundaries the rulebook states for the end of a Spacedealer game.

Rulebook, 4 "Fin du jeu": "La partie se termine après 30 minutes (le jeu prend fin plus tôt
si un joueur a posé son dernier marqueur de points de victoire). Chaque sablier actif est
utilisé de la manière habituelle. Le joueur ayant le plus grand nombre de points de victoire
gagne. En cas d'égalité, le joueur qui a pu utiliser plus de marqueurs de points de victoire
gagne. En cas de nouvelle égalité, les joueurs à égalité gagnent ensemble."

3.4: "le joueur pose un de ses marqueurs de points de victoire sur l'emplacement de demande"
(no marker left: no delivery). 1: 11 markers per colour, one on the score track.

Each test sets a position at the boundary and one step beside it; game time is the game's
own clock (no wall-clock time).
"""

from __future__ import annotations

import pytest

from spacetable.games.spacedealer import actions as A
from spacetable.games.spacedealer.constants import START_MARKERS, W_PERSONAL, End
from spacetable.games.spacedealer.notation import card_type, load, moor, started
from spacetable.games.spacedealer.rules import Spacedealer


def _delivery(
    players: int = 4, options: dict[str, object] | None = None
) -> tuple[Spacedealer, A.Deliver]:
    """Seat 1's ship on seat 0's orbit field, holding the goods of an open demand there."""
    g = started(4, side=1, pos=1)
    demand = next(
        (c, j)
        for c in g.built[0]
        for j in range(len(card_type(c).demands))
        if g.fulfilled[2 * c + j] < 0
    )
    cid, j = demand
    need = card_type(cid).demands[j][0]
    moor(g, 1, 0)
    load(g, 1, "".join("RYGB"[k] * need[k] for k in range(4)))
    d = A.get(A.Deliver, 1, 2 * cid + j)
    assert d in g.legal_actions(1)
    assert isinstance(d, A.Deliver)
    return g, d


def test_eleven_markers_ten_on_the_planet() -> None:
    g = started(3)
    assert START_MARKERS == 10 and g.markers == [10, 10, 10]


# ---------------------------------------------------------------- the last marker
def test_a_delivery_that_leaves_one_marker_does_not_end_the_game() -> None:
    g, d = _delivery()
    g.markers[1] = 2
    g.apply(1, d)
    assert g.markers[1] == 1
    assert not g.is_over
    assert g.end_at == g.length  # the game goes on to its full length
    assert g.to_act and A.RESEARCH in g.legal_actions(1)  # new timers may still be turned


def test_a_delivery_that_places_the_last_marker_ends_the_game() -> None:
    g, d = _delivery()
    g.markers[1] = 1
    g.apply(1, d)
    assert g.markers[1] == 0
    assert g.is_over and g.clock == g.end_at
    reason = g.outcome().reason
    assert reason == End.MARKERS and reason == "markers"


def test_the_last_marker_lets_running_timers_finish() -> None:
    g, d = _delivery()
    g.apply(2, A.RESEARCH)
    g.markers[1] = 1
    g.apply(1, d)
    assert not g.is_over and g.end_at == g.clock  # "Chaque sablier actif est utilisé"
    assert A.RESEARCH not in g.legal_actions(1)  # no new timer after the end
    g.advance(g.tlen - 0.5)
    assert not g.is_over
    g.advance(0.5)
    assert g.is_over and g.tech[2] == 2 and g.outcome().reason == End.MARKERS


def test_one_marker_left_still_delivers_none_left_cannot() -> None:
    g, d = _delivery()
    g.markers[1] = 1
    assert d in g.legal_actions(1)
    g, d = _delivery()
    g.markers[1] = 0
    g._dirty()
    assert d not in g.legal_actions(1)
    assert not [a for a in g.legal_actions(1) if isinstance(a, A.Deliver)]


def test_the_time_ending_with_one_marker_left_is_the_time() -> None:
    g = started(3, {"length": 120})
    g.markers[:] = [1, 5, 10]
    g.advance(200.0)
    assert g.is_over
    reason = g.outcome().reason
    assert reason == End.TIME and reason == "time"


# ---------------------------------------------------------------- 30 minutes
def test_the_game_lasts_thirty_minutes_of_game_time() -> None:
    g = started(3)
    assert g.length == 1800.0  # "Une partie dure exactement 30 minutes"
    g.advance(1799.5)
    assert not g.is_over and g.to_act
    assert A.RESEARCH in g.legal_actions(0)  # a timer may still be turned a moment before
    g.advance(0.5)
    assert g.is_over and g.clock == 1800.0
    assert g.outcome().reason == End.TIME


@pytest.mark.parametrize("length", [1800, 120])
def test_a_timer_running_out_at_the_end_still_takes_effect(length: int) -> None:
    g = started(3, {"length": length})
    g.advance(length - g.tlen)
    g.apply(0, A.RESEARCH)  # runs out exactly at the end
    g.advance(g.tlen - 0.5)
    assert not g.is_over and g.tech[0] == 1
    g.advance(0.5)
    assert g.is_over and g.tech[0] == 2 and g.clock == float(length)


def test_a_timer_turned_just_before_the_end_delays_it() -> None:
    g = started(3, {"length": 120})
    g.advance(119.5)
    g.apply(0, A.RESEARCH)
    g.advance(0.5)
    assert not g.is_over and g.clock == 120.0  # the end is reached, a timer still runs
    g.advance(g.tlen)
    assert g.is_over and g.clock == 119.5 + g.tlen


# ---------------------------------------------------------------- the winner
def _ended(score: list[int], markers: list[int]) -> Spacedealer:
    g = started(3, {"length": 120})
    g.score[:] = score
    g.markers[:] = markers
    g.advance(200.0)
    assert g.is_over
    return g


def test_one_point_more_wins_over_more_markers() -> None:
    g = _ended([6, 5, 0], [10, 2, 10])
    assert g.outcome().ranks == (1, 2, 3) and g.outcome().winners == (0,)


def test_a_tie_in_points_goes_to_one_marker_more() -> None:
    g = _ended([5, 5, 0], [7, 6, 10])  # seat 1 placed 4 markers, seat 0 placed 3
    assert g.outcome().winners == (1,)
    assert g.outcome().details["markers_used"] == [3, 4, 0]


def test_a_tie_in_points_and_markers_is_shared() -> None:
    g = _ended([5, 5, 0], [7, 7, 10])
    assert g.outcome().winners == (0, 1) and g.outcome().ranks == (1, 1, 3)


def test_a_tie_with_no_marker_placed_is_shared() -> None:
    g = _ended([0, 0, 0], [10, 10, 10])
    assert g.outcome().winners == (0, 1, 2)


# ---------------------------------------------------------------- the planning zone
def test_the_planning_zone_holds_two_cards_not_three() -> None:
    g = started(3)
    assert g.plan_cap[0] == 2
    assert len(g.planning[0]) < 2
    personal = [c for c in g.personal[0] if g.where[c] == W_PERSONAL]
    while len(g.planning[0]) < 1:
        g.apply(0, A.get(A.Plan, personal.pop()))
    plans = [a for a in g.legal_actions(0) if isinstance(a, A.Plan)]
    assert plans  # one card: a second may be planned
    g.apply(0, plans[0])
    assert len(g.planning[0]) == 2
    assert not [a for a in g.legal_actions(0) if isinstance(a, A.Plan)]  # two: no third
