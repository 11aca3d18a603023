"""A scripted trader plays whole games: the economy works (goods are mined, stored, loaded,
converted, carried and delivered for points) at every player count, in real time and ticks.

The trader never trades with other players: its scores (about 7 points a game on average,
up to 18) are a floor for the economy; see docs/games/spacedealer.md, "Economy".
"""

from __future__ import annotations

import random
from typing import Any

from spacetable.games.spacedealer import actions as A
from spacetable.games.spacedealer.rules import Spacedealer
from spacetable.testing.spacedealer_trader import decide, trader


def play(n: int, seed: int, opts: dict[str, Any]) -> Spacedealer:
    g = Spacedealer(n, seed, opts)
    rng = random.Random(seed)
    while not g.is_over:
        for p in list(g.to_act):
            for _ in range(6):
                if g.is_over or p not in g.to_act:
                    break
                a = trader(g, p, rng)
                if a is None:
                    break
                g.apply(p, a)
        if g.is_over:
            break
        if g.realtime:
            g.advance(2.0)
        else:
            for p in g.to_act:
                while g.pending[p]:
                    g.apply(p, decide(g, p, g.legal_actions(p)))
                g.apply(p, A.DONE)
    return g


def test_scripted_traders_score_at_every_player_count() -> None:
    scores: list[float] = []
    for n in range(3, 9):
        g = play(n, n, {})
        out = g.outcome()
        assert out.reason == "time" and g.clock >= 1800.0
        events = {e["event"] for e in g.log}
        assert {"produce", "put", "fly", "build", "timer", "deliver"} <= events
        scores.extend(out.scores)
        assert sum(10 - m for m in g.markers) == sum(1 for e in g.log if e["event"] == "deliver")
    assert sum(scores) / len(scores) > 3.0
    assert max(scores) >= 9.0


def test_scripted_traders_in_ticks_mode() -> None:
    g = play(4, 2, {"mode": "ticks", "rules": "advanced"})
    assert g.clock >= 1800.0 and g.is_over
    assert sum(g.outcome().scores) > 0
