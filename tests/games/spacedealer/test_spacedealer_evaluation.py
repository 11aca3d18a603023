"""The evaluation the bots use (``evaluation.evaluate``): what it makes the greedy bot do.

Positions at 3 players (planets on orbit fields 0, 2 and 4 of a ring of 6): seat 1's
starting blue mine asks for red + green (2 points to the deliverer, 1 to seat 1).
"""

from __future__ import annotations

import random

from spacetable.bots.greedy import best_actions
from spacetable.engine import Action
from spacetable.games.spacedealer import actions as A
from spacetable.games.spacedealer.constants import READY, T_BUILD
from spacetable.games.spacedealer.notation import build, load, moor, started, take
from spacetable.games.spacedealer.rules import Spacedealer


def _position() -> tuple[Spacedealer, int]:
    g = started(3)
    demand = 2 * 8  # the blue mine #8 of seat 1: red + green
    assert g.built[1] == [9, 8] and g.fulfilled[demand] < 0
    return g, demand


def _after(g: Spacedealer, seat: int, action: Action | None) -> float:
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
    ship_actions: list[Action] = [
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


def test_an_idle_seat_draws_a_card_rather_than_wait() -> None:
    # seat 0 has nothing to deliver (no rival demand it can serve yet) and free planning
    # places: drawing two level-2 cards to keep one is worth an action
    g, _ = _position()
    g.tech[0] = 2
    g.personal[0].clear()
    g.planning[0].clear()
    g._dirty()
    draw = A.get(A.Draw, 2)
    assert draw in g.legal_actions(0)
    for seed in range(8):  # whichever two cards come, drawing beats waiting, and keeping one
        c = g.clone()  # of them beats leaving the choice open (the seat is blocked until then)
        random.Random(seed).shuffle(c.pile[2])
        assert _after(c, 0, draw) > _after(c, 0, None)
        c.apply_unchecked(0, draw)
        legal = c.legal_actions(0)
        assert legal and all(isinstance(a, A.Keep) for a in legal)
        best, _ = best_actions(c, 0, legal, tick=1.0)
        assert None not in best


def test_a_card_that_would_cover_more_than_it_brings_is_not_built() -> None:
    # seat 0's powered cells 6 and 7 hold its green and red mines (its only ones of those
    # colours): a blue fusion mine there covers both, and is worth less than two colours
    g, _ = _position()
    assert g.acell[6] == 7  # the starting green mine
    build(g, 0, "mine", 7, "R")
    fusion = take(g, 0, "fusion_mine", "B")
    assert g.sites(0, fusion) == [6]  # a site exists, but it covers both mines
    construct = A.get(A.Construct, fusion)
    assert construct in g.legal_actions(0)
    assert _after(g, 0, construct) < _after(g, 0, None)


def test_a_card_with_no_site_is_dead_weight_in_planning() -> None:
    g, _ = _position()
    g.tech[0] = 2
    g._dirty()
    sited = take(g, 0, "generator")
    dead = take(g, 0, "fusion_reactor")  # needs a solar satellite under it: no site
    assert g.sites(0, sited) and not g.sites(0, dead)
    with_dead = g.evaluate(0)
    g.planning[0].remove(dead)
    g._dirty()
    assert g.evaluate(0) >= with_dead  # an empty place is worth at least the dead card


def test_greedy_never_leaves_a_pending_decision_open() -> None:
    # a seat with a pending decision (a good to put, a card to keep) is blocked until it
    # resolves it, and a build timer that has run out does no work until its card is placed
    # (or the timer taken back): the evaluation must never make waiting the best choice then
    from spacetable.bots import make_bot
    from spacetable.sim import step_bots

    checked = built = 0
    for seed in range(3):
        g = Spacedealer(3, seed, {"length": 600})
        bots = [make_bot("greedy", seed * 10 + i) for i in range(3)]
        while not g.is_over:
            for p in g.to_act:
                if g.phase != 1:
                    continue
                base = p * g.tmax
                waiting = [
                    t
                    for t in range(base, base + g.tmax)
                    if g.t_end[t] == READY and g.t_kind[t] == T_BUILD
                ]
                if g.pending[p] or waiting:
                    best, _ = best_actions(g, p, g.legal_actions(p), tick=1.0)
                    assert None not in best, (seed, g.clock, p, g.pending[p], waiting)
                    checked += 1
                    built += not g.pending[p]
            step_bots(g, bots)
    assert checked > 20 and built > 10


def test_the_paired_search_plays_a_short_game_and_delivers() -> None:
    # the real-time search of the hard level (greedy rollouts of every seat) plays whole
    # games: it acts, resolves its decisions and delivers like the greedy seats
    from spacetable.bots import make_bot
    from spacetable.sim import play_game

    g = Spacedealer(3, 4, {"length": 300, "timer": 20})
    bots = [make_bot("mcts:4:prune=2:depth=20:worlds=2", 1)] + [
        make_bot("greedy", s) for s in (2, 3)
    ]
    res = play_game(g, bots)
    assert g.is_over and res.decisions > 20
    mine = [e for e in res.record["entries"] if e.get("seat") == 0 and "action" in e]
    kinds = {e["action"]["type"] for e in mine}
    assert {"start", "deliver"} <= kinds, kinds
    assert not g.pending[0]
