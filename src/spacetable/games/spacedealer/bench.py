"""Benchmark: random playouts of Spacedealer.

Run ``python -m spacetable.games.spacedealer.bench [players] [games]``. Reports decisions per
second (legal_actions + apply), simulated game minutes per wall-clock second, and the time of
``clone()`` on mid-game states.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from .rules import Spacedealer


def playout(players: int, seed: int, options: dict[str, Any]) -> tuple[int, float, Spacedealer]:
    """One random game; returns (decisions, simulated seconds, a mid-game clone)."""
    g = Spacedealer(players, seed, options)
    rng = random.Random(seed)
    decisions = 0
    mid: Spacedealer | None = None
    while not g.is_over:
        seats = g.to_act
        if g.realtime and (not seats or rng.random() < 0.3):
            g.advance_unchecked(rng.choice((0.5, 1.0, 3.0, 10.0, 30.0)))
            continue
        s = rng.choice(seats)
        g.apply_unchecked(s, rng.choice(g.legal_actions(s)))
        decisions += 1
        if mid is None and g.clock >= g.length / 2:
            mid = g.clone()
    return decisions, g.clock, mid if mid is not None else g.clone()


def run(
    players: int = 4, games: int = 20, options: dict[str, Any] | None = None
) -> dict[str, float]:
    opts = dict(options or {})
    t0 = time.perf_counter()
    decisions = 0
    simulated = 0.0
    mids = []
    for seed in range(games):
        d, clock, mid = playout(players, seed, opts)
        decisions += d
        simulated += clock
        mids.append(mid)
    wall = time.perf_counter() - t0
    reps = 2000
    t1 = time.perf_counter()
    for _ in range(reps // len(mids)):
        for m in mids:
            m.clone()
    clone_us = (time.perf_counter() - t1) / (reps // len(mids) * len(mids)) * 1e6
    return {
        "decisions_per_s": decisions / wall,
        "game_minutes_per_s": simulated / 60.0 / wall,
        "clone_us": clone_us,
        "decisions_per_game": decisions / games,
    }


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    players = int(args[0]) if args else 4
    games = int(args[1]) if len(args) > 1 else 20
    for options in ({}, {"rules": "advanced"}, {"mode": "ticks"}):
        r = run(players, games, options)
        print(
            f"players={players} {options or 'basic realtime'}: "
            f"{r['decisions_per_s']:,.0f} decisions/s, "
            f"{r['game_minutes_per_s']:,.1f} game minutes/s, "
            f"clone {r['clone_us']:.1f} us, {r['decisions_per_game']:.0f} decisions/game"
        )


if __name__ == "__main__":
    main()
