"""A scripted Spacedealer trader for tests: it mines into its depots, loads what the best open
demand needs, converts toward it, flies there, delivers and flies home; it never trades with
other players. The economy tests play whole games with it; the observation tests use it to
reach the converters and deliveries that random play seldom reaches."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from spacetable.engine import Action
from spacetable.games.spacedealer import actions as A
from spacetable.games.spacedealer.actions import STORE_CODE
from spacetable.games.spacedealer.constants import P_CONV
from spacetable.games.spacedealer.notation import card_type
from spacetable.games.spacedealer.rules import Spacedealer

__all__ = ["decide", "demands", "target", "trader"]

Demand = tuple[int, tuple[int, ...], int]  # (owner seat, goods, deliverer points)


def demands(g: Spacedealer, p: int) -> Iterator[Demand]:
    """Open demands on the other planets."""
    for q in range(g.players):
        if q == p:
            continue
        for cid in g.built[q]:
            for j, (need, vd, _) in enumerate(card_type(cid).demands):
                if g.fulfilled[2 * cid + j] < 0:
                    yield q, need, vd


def target(g: Spacedealer, p: int) -> tuple[int, int, tuple[int, ...]] | None:
    """(goods missing, owner, goods) of the demand closest to being met by ship + depots."""
    ship = g.goods[4 * p : 4 * p + 4]
    home = g.ship_field[p] == 2 * p
    sb = 4 * (g.nships + p)
    store = g.goods[sb : sb + 4] if home else [0, 0, 0, 0]
    best: tuple[tuple[int, int], int, tuple[int, ...]] | None = None
    for q, need, vd in demands(g, p):
        miss = sum(max(0, need[k] - ship[k] - store[k]) for k in range(4))
        if best is None or (miss, -vd) < best[0]:
            best = ((miss, -vd), q, need)
    return None if best is None else (best[0][0], best[1], best[2])


def step_toward(g: Spacedealer, s: int, dest: int) -> int:
    f = g.ship_field[s]
    n2 = 2 * g.players
    fw = (dest - f) % n2
    return (f + 1) % n2 if fw <= n2 - fw else (f - 1) % n2


def decide(g: Spacedealer, p: int, legal: list[Action]) -> Action:
    """A forced decision: convert toward the target, store goods, keep."""
    if g.pending[p][0][0] == P_CONV:
        t = target(g, p)
        if t:
            need = t[2]
            have = [g.goods[4 * p + k] + g.goods[4 * (g.nships + p) + k] for k in range(4)]
            for a in legal:
                if (
                    isinstance(a, A.Convert)
                    and have[a.give] > need[a.give]
                    and have[a.take] < need[a.take]
                ):
                    return a
        return A.SKIP
    for a in legal:
        if isinstance(a, A.Put) and a.to >= STORE_CODE:
            return a
    for a in legal:
        if isinstance(a, (A.Put, A.Keep)):
            return a
    return legal[0]


def trader(g: Spacedealer, p: int, rng: random.Random) -> Action | None:
    """Mine into the depots, load what the best demand needs, fly there, deliver, fly home."""
    legal = g.legal_actions(p)
    if not legal:
        return None
    if g.phase == 0:
        return rng.choice(legal)
    if g.pending[p]:
        return decide(g, p, legal)
    bt: dict[type, list[Any]] = {}
    for a in legal:
        bt.setdefault(type(a), []).append(a)
    if A.Deliver in bt:
        return bt[A.Deliver][0]  # type: ignore[no-any-return]
    # run-out timers: build the card where it fits (else take the timer back), apply effects
    for a in bt.get(A.Place, []):
        return a  # type: ignore[no-any-return]
    for a in bt.get(A.Shelve, []):
        return a  # type: ignore[no-any-return]
    for a in bt.get(A.Apply, []):
        return a  # type: ignore[no-any-return]
    f = g.ship_field[p]
    t = target(g, p)
    if f == 2 * p and t:
        need = t[2]
        for a in bt.get(A.Move, []):
            if a.dst == p and g.goods[4 * p + a.colour] < need[a.colour]:
                return a  # type: ignore[no-any-return]
        for a in bt.get(A.Move, []):
            if a.src == p and g.goods[4 * p + a.colour] > need[a.colour]:
                return a  # type: ignore[no-any-return]
    if A.Fly in bt and f >= 0 and g.ship_timer[p] < 0:
        if t is not None and t[0] == 0 and f != 2 * t[1]:
            return A.get(A.Fly, p, step_toward(g, p, 2 * t[1]))
        if f != 2 * p and (t is None or t[0] > 0):
            if g._load(p) == 0:
                return A.get(A.Fly, p, 2 * p)
            return A.get(A.Fly, p, step_toward(g, p, 2 * p))
    for a in bt.get(A.Construct, []):
        return a  # type: ignore[no-any-return]
    for effect in ("mine", "multimine", "convert"):
        for a in bt.get(A.Use, []):
            if card_type(a.card).effect == effect:
                return a  # type: ignore[no-any-return]
    if A.Research in bt and g.tech[p] < 2:
        return A.RESEARCH
    if A.Plan in bt:
        order = ("depot", "generator")
        return min(  # type: ignore[no-any-return]
            bt[A.Plan],
            key=lambda a: (
                order.index(card_type(a.card).kind) if card_type(a.card).kind in order else 2
            ),
        )
    if A.Draw in bt:
        return bt[A.Draw][0]  # type: ignore[no-any-return]
    return None
