"""A scripted trader plays whole games: the economy works (goods are mined, carried and
delivered for points) at every player count, in real time and in ticks."""

from __future__ import annotations

import random

from spacetable.engine import Action
from spacetable.games.spacedealer import actions as A
from spacetable.games.spacedealer.cards import card_type
from spacetable.games.spacedealer.rules import Spacedealer


def trader(g: Spacedealer, p: int, rng: random.Random) -> Action | None:
    """Mine, load the ship, fly to the next planet, deliver, come back empty; build and research."""
    legal = g.legal_actions(p)
    if not legal:
        return None
    if g.phase == 0 or g.pending[p]:
        for a in legal:
            if isinstance(a, A.Put) and a.to < g.nships:
                return a
        for a in legal:
            if isinstance(a, (A.Place, A.Put, A.Keep)):
                return a
        return legal[0]
    by_type: dict[type, list[Action]] = {}
    for a in legal:
        by_type.setdefault(type(a), []).append(a)
    if A.Deliver in by_type:
        return by_type[A.Deliver][0]
    ship = g.ship_field[p]
    n = g.players
    if A.Fly in by_type and ship >= 0:
        home = 2 * p
        load = g._load(p)
        if load == 0 and ship != home:
            return A.get(A.Fly, p, home)  # an empty ship flies anywhere: straight home
        if load >= 2 and (ship != home or rng.random() < 0.5):
            return A.get(A.Fly, p, (ship + 1) % (2 * n))  # tour the ring while loaded
    for a in by_type.get(A.Use, []):
        if card_type(a.card).effect in ("mine", "multimine"):
            return a
    if A.Construct in by_type:
        return by_type[A.Construct][0]
    if A.Plan in by_type and rng.random() < 0.5:
        return by_type[A.Plan][0]
    if A.Research in by_type and rng.random() < 0.3:
        return A.RESEARCH
    if A.Draw in by_type:
        return by_type[A.Draw][-1]
    return None


def play(n: int, seed: int, options: dict[str, object]) -> Spacedealer:
    g = Spacedealer(n, seed, options)
    rng = random.Random(seed)
    while not g.is_over:
        for p in list(g.to_act):
            for _ in range(4):
                if g.is_over or p not in g.to_act:
                    break
                a = trader(g, p, rng)
                if a is None:
                    break
                g.apply(p, a)
        if g.is_over:
            break
        if g.realtime:
            g.advance(5.0)
        else:
            for p in g.to_act:
                if A.DONE in g.legal_actions(p):
                    g.apply(p, A.DONE)
    return g


def test_scripted_traders_mine_fly_and_deliver() -> None:
    total = 0
    delivered = 0
    for n in range(3, 9):
        g = play(n, n, {})
        out = g.outcome()
        assert out.reason == "time" and g.clock >= 1800.0
        events = {e["event"] for e in g.log}
        assert {"produce", "put", "fly", "build", "timer"} <= events
        total += int(sum(out.scores))
        delivered += sum(10 - m for m in g.markers)
    assert total > 0 and delivered > 0


def test_scripted_traders_in_ticks_mode() -> None:
    g = play(5, 5, {"mode": "ticks", "rules": "advanced"})
    assert g.clock >= 1800.0 and g.is_over
    assert any(e["event"] == "produce" for e in g.log)
