"""The cached legal actions, ``to_act`` and next timer never drift from a fresh computation.

Spacedealer keeps each seat's legal-action list and ``to_act`` between steps and forgets
only what an action or a timer can change (see ``Spacedealer._dirty``). These property
tests drive seeded random playouts (real time and ticks, basic and advanced rules, clones
along the way) and compare every cached value with a computation from scratch after every
step, so a missing invalidation fails here instead of silently changing the game.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from spacetable.engine import Action
from spacetable.engine import load as load_save
from spacetable.games.spacedealer import actions as A
from spacetable.games.spacedealer.components import COLOURS
from spacetable.games.spacedealer.constants import BURST, W_OUT
from spacetable.games.spacedealer.notation import build, card_type, load, moor, started
from spacetable.games.spacedealer.rules import Spacedealer
from spacetable.playout import playout, step

OPTION_SETS: list[dict[str, Any]] = [
    {"length": 300, "timer": 20},
    {"rules": "advanced", "length": 300, "timer": 20},
    {"length": 900},
    {"rules": "advanced", "length": 900, "timer": 30},
    {"mode": "ticks", "length": 120, "timer": 20},
    {"mode": "ticks", "rules": "advanced", "length": 120, "timer": 20},
    {"effects": "at_once", "length": 300, "timer": 20},
    {"effects": "at_once", "rules": "advanced", "length": 300, "timer": 20},
]


ADVANCES = (0.5, 1.0, 1.0, 3.0, 3.0, 10.0, 30.0)


def _check(g: Spacedealer) -> None:
    assert g.cache_errors() == []
    fresh = [g._legal(q) for q in range(g.players)]
    assert [g.legal_actions(q) for q in range(g.players)] == fresh
    assert g.to_act == g._fresh_to_act()


def _scarce(g: Spacedealer) -> None:
    """Little supply and short piles, so that a colour or a pile often runs out (the rare
    changes that reach other seats: the choices of their pending goods, their draws)."""
    g.supply = [1, 1, 1, 1]
    for lv, keep in ((2, 3), (3, 2)):
        for c in g.pile[lv][keep:]:
            g.where[c] = W_OUT
        del g.pile[lv][keep:]
    g._dirty()


def _playout(n: int, seed: int, which: int, scarce: bool = False) -> int:
    g = Spacedealer(n, seed, OPTION_SETS[which])
    if scarce:
        _scarce(g)
    rng = random.Random(seed)
    steps = 0
    while not g.is_over:
        if rng.random() < 0.5:  # fill every cache, so that the next step must forget
            assert isinstance(g.to_act, list)
            for q in range(n):
                g.legal_actions(q)
        step(g, rng, checked=False, advances=ADVANCES)  # a driver step: g is swapped below
        steps += 1
        assert g.cache_errors() == [], f"step {g.step}"
        if rng.random() < 0.02:
            _check(g)
            g = g.clone()
            assert g.cache_errors() == []
    return steps


@settings(max_examples=60, deadline=None)
@given(
    st.integers(3, 8),
    st.integers(0, 10_000),
    st.integers(0, len(OPTION_SETS) - 1),
    st.booleans(),
)
def test_cached_legal_actions_equal_a_fresh_computation(
    n: int, seed: int, which: int, scarce: bool
) -> None:
    assert _playout(n, seed, which, scarce) > 0


def test_cached_legal_actions_at_every_player_count() -> None:
    for n in range(3, 9):
        for which in range(len(OPTION_SETS)):
            for seed in range(2):
                _playout(n, 100 * n + seed, which)
                _playout(n, 100 * n + seed, which, scarce=True)


def test_caches_reset_on_load_and_resample() -> None:
    g = Spacedealer(5, 3, {"rules": "advanced", "length": 300, "timer": 20})
    for _ in playout(g, random.Random(3), checked=False, advances=ADVANCES):
        if g.clock >= 150:
            break
    for q in range(5):
        g.legal_actions(q)
    before = [g.legal_actions(q) for q in range(5)]
    copy = load_save(g.to_json())
    assert isinstance(copy, Spacedealer)
    _check(copy)
    assert [copy.legal_actions(q) for q in range(5)] == before
    assert copy.to_act == g.to_act
    for seat in range(5):
        d = g.determinize(seat, random.Random(seat))
        assert isinstance(d, Spacedealer)
        _check(d)
    _check(g)


def test_a_direct_state_edit_and_dirty_is_seen() -> None:
    g = Spacedealer(3, 1, {"length": 300, "timer": 20})
    for _ in playout(g, random.Random(1), checked=False, advances=ADVANCES):
        if g.phase != 0:
            break
    assert g.phase != 0
    g.legal_actions(0)
    g.personal[0].clear()
    g._dirty()
    _check(g)


# Rare changes that reach other seats, each set up directly: the other seat's list is cached
# first, then must change.


def _colours(actions: list[Action]) -> set[int]:
    return {a.colour for a in actions if isinstance(a, A.Put)}


def test_supply_returned_by_a_dump_reaches_a_pending_multimine() -> None:
    g = started(4, side=1, pos=1)
    mm = build(g, 1, "multimine", 7)
    load(g, 0, "R")
    g.supply[0] = 0
    g._dirty()
    g.apply(1, A.get(A.Use, mm))
    g.advance(60.0)
    g.apply(1, A.get(A.Apply, mm))
    assert g.pending[1] and _colours(g.legal_actions(1)) == {1, 2, 3}
    g.apply(0, A.get(A.Dump, 0, 0))
    assert _colours(g.legal_actions(1)) == {0, 1, 2, 3}
    _check(g)


def test_supply_returned_by_a_delivery_reaches_a_pending_multimine() -> None:
    g = started(4, side=1, pos=1)
    mm = build(g, 2, "multimine", 7)
    mine = next(c for c in g.built[0] if card_type(c).kind == "mine")
    need = card_type(mine).demands[0][0]
    load(g, 1, "".join(COLOURS[k] * v for k, v in enumerate(need)))
    moor(g, 1, 0)
    colour = next(k for k in range(4) if need[k])
    g.supply[colour] = 0
    g._dirty()
    g.apply(2, A.get(A.Use, mm))
    g.advance(60.0)
    g.apply(2, A.get(A.Apply, mm))
    assert colour not in _colours(g.legal_actions(2))
    g.apply(1, A.get(A.Deliver, 1, 2 * mine))
    assert colour in _colours(g.legal_actions(2))
    _check(g)


def test_an_emptied_and_refilled_pile_reaches_every_seat() -> None:
    g = started(4)
    g.tech[:] = [2, 2, 2, 2]
    for c in g.pile[2][2:]:
        g.where[c] = W_OUT
    del g.pile[2][2:]
    g._dirty()
    assert A.get(A.Draw, 2) in g.legal_actions(1)
    g.apply(0, A.get(A.Draw, 2))
    assert A.get(A.Draw, 2) not in g.legal_actions(1)
    g.apply(0, g.legal_actions(0)[0])  # keep one, the other goes back under the pile
    assert A.get(A.Draw, 2) in g.legal_actions(1)
    _check(g)


def test_the_last_marker_closes_the_game_for_every_seat() -> None:
    g = started(4, side=1, pos=1)
    mine = next(c for c in g.built[0] if card_type(c).kind == "mine")
    moor(g, 1, 0)
    need = card_type(mine).demands[0][0]
    load(g, 1, "".join(COLOURS[k] * v for k, v in enumerate(need)))
    g.markers[1] = 1
    g.apply(2, A.RESEARCH)  # a running timer: the game ends only once it runs out
    assert A.get(A.Plan, g.personal[3][0]) in g.legal_actions(3)  # far from the delivery
    g.apply(1, A.get(A.Deliver, 1, 2 * mine))
    assert not g.is_over
    assert not [a for a in g.legal_actions(3) if isinstance(a, A.Plan)]
    _check(g)


def test_the_budget_of_each_seat_comes_back_with_the_clock() -> None:
    g = started(3)
    g.acts[:] = [BURST, BURST + 2, 0]
    g._dirty()
    assert g.to_act == [2] and g.legal_actions(0) == []
    g.advance(0.5)
    assert g.to_act == [0, 2] and g.legal_actions(0) and g.legal_actions(1) == []
    g.advance(1.0)
    assert g.to_act == [0, 1, 2] and g.legal_actions(1)
    _check(g)


def test_the_last_marker_removes_the_seats_other_deliveries() -> None:
    g = started(4, side=1, pos=1)
    mine = g.acell[6]
    depot = build(g, 0, "depot", 7)
    goods = "".join(
        COLOURS[k] * v for cid in (mine, depot) for k, v in enumerate(card_type(cid).demands[0][0])
    )
    moor(g, 1, 0)
    load(g, 1, goods)
    g.markers[1] = 1
    g.apply(2, A.RESEARCH)  # a running timer: the game goes on after the last marker
    assert len([a for a in g.legal_actions(1) if isinstance(a, A.Deliver)]) >= 2
    g.apply(1, A.get(A.Deliver, 1, 2 * mine))
    assert not [a for a in g.legal_actions(1) if isinstance(a, A.Deliver)]
    _check(g)


def test_a_missile_on_an_unusable_slot_offers_the_owner_a_timer() -> None:
    g = started(4, {"rules": "advanced"}, side=1, pos=1)
    sab = build(g, 1, "sabotage", 7)
    g.attack[sab] = 2  # full: the card itself cannot be used now
    g.black -= 2
    mis = build(g, 0, "missile", 7)
    g.attack[mis] = 1
    g.black -= 1
    g._dirty()
    assert A.get(A.Use, sab) not in g.legal_actions(1)
    g.apply(0, A.get(A.Missile, sab))
    assert A.get(A.Use, sab) in g.legal_actions(1)
    _check(g)
    g.apply(1, A.get(A.Use, sab))
    g.advance(60.0)
    assert not g.blocked[sab] and A.get(A.Use, sab) not in g.legal_actions(1)
    _check(g)
