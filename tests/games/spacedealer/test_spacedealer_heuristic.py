"""The evaluation the bots use (``heuristic.evaluate``): what it makes the greedy bot do.

Positions at 3 players (planets on orbit fields 0, 2 and 4 of a ring of 6): seat 1's
starting blue mine asks for red + green (2 points to the deliverer, 1 to seat 1).
"""

from __future__ import annotations

from spacetable.bots.greedy import best_actions
from spacetable.games.spacedealer import actions as A
from spacetable.games.spacedealer.positions import build, load, moor, started
from spacetable.games.spacedealer.rules import Spacedealer


def _position() -> tuple[Spacedealer, int]:
    g = started(3)
    demand = 2 * 8  # the blue mine #8 of seat 1: red + green
    assert g.built[1] == [9, 8] and g.fulfilled[demand] < 0
    return g, demand


def _after(g: Spacedealer, seat: int, action: A.Action | None) -> float:
    c = g.clone()
    if action is not None:
        c.apply_unchecked(seat, action)
    c.advance(1.0)
    return c.evaluate(seat)


def test_a_loaded_ship_flies_towards_the_demand() -> None:
    g, _ = _position()
    load(g, 0, "RG")
    flights = [a for a in g.legal_actions(0) if isinstance(a, A.Fly)]
    assert sorted(a.field for a in flights) == [1, 5]  # loaded: a neighbouring field only
    towards = _after(g, 0, A.get(A.Fly, 0, 1))  # on the way to planet 1 (field 2)
    assert towards > _after(g, 0, A.get(A.Fly, 0, 5)) and towards > _after(g, 0, None)


def test_a_ship_at_the_demand_delivers() -> None:
    g, demand = _position()
    load(g, 0, "RG")
    moor(g, 0, 2)
    ship_actions = [
        a for a in g.legal_actions(0) if isinstance(a, (A.Deliver, A.Dump, A.Fly, A.OfferGoods))
    ]
    best, _ = best_actions(g, 0, ship_actions, tick=1.0)  # waiting is a candidate too
    assert best == [A.get(A.Deliver, 0, demand)]


def test_a_ship_with_half_a_demand_waits_at_home_for_the_rest() -> None:
    g, _ = _position()
    load(g, 0, "R")  # seat 0's green mine can make the green good
    wait = _after(g, 0, None)
    assert _after(g, 0, A.get(A.Fly, 0, 1)) < wait
    assert _after(g, 0, A.get(A.Use, 7)) > wait  # the green mine produces it


def test_goods_no_demand_needs_are_not_worth_a_timer() -> None:
    g, _ = _position()
    red = build(g, 0, "mine", 5, "R")  # red is asked for by seat 1's demand, yellow is not
    yellow = build(g, 0, "mine", 4, "Y")
    assert _after(g, 0, A.get(A.Use, red)) > _after(g, 0, A.get(A.Use, yellow))


def test_a_useless_action_scores_below_waiting() -> None:
    g, _ = _position()
    load(g, 0, "RG")
    moor(g, 0, 4)  # on seat 2's planet: nothing there asks for red or green
    load(g, g.nships + 2, "")
    dump = A.get(A.Dump, 0, 0)
    assert dump in g.legal_actions(0)
    assert _after(g, 0, dump) < _after(g, 0, None)
