"""Spacedealer speed on a fixed workload, to compare two versions of the rules.

``spacetable bench spacedealer`` measures every game for a given time; this script plays a
*fixed* set of seeded random games instead (the same work in every version), through the
unchecked fast path and through the checked contract, and times ``clone`` on mid-game
states. Each figure is the best of ``--repeat`` runs in CPU time, which is what a shared
machine disturbs least::

    .venv/bin/python benchmarks/spacedealer_bench.py            # a summary
    .venv/bin/python benchmarks/spacedealer_bench.py --repeat 5 --games 8

It reports decisions per second (``legal_actions`` + a random choice + ``apply``), simulated
game minutes per second, and microseconds per ``clone`` of a mid-game state, for the basic
rules in real time at 3, 5 and 8 players, the advanced rules and the ticks mode.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from spacetable.engine import Game, new_game

GAME = "spacedealer"
#: (players, options) measured
SETTINGS: tuple[tuple[int, dict[str, Any]], ...] = (
    (3, {}),
    (5, {}),
    (8, {}),
    (4, {"rules": "advanced"}),
    (4, {"mode": "ticks"}),
)
clock = time.process_time


def _step(g: Game, rng: random.Random, checked: bool) -> bool:
    """One random decision, or in real time sometimes an advance (as ``spacetable bench``)."""
    seats = g.to_act
    if g.realtime and (not seats or rng.random() < 0.3):
        dt = rng.choice((0.5, 1.0, 3.0))
        if checked:
            g.advance(dt)
        else:
            g.advance_unchecked(dt)
        return False
    seat = seats[0] if len(seats) == 1 else rng.choice(seats)
    legal = g.legal_actions(seat)
    a = legal[rng.randrange(len(legal))]
    if checked:
        g.apply(seat, a)
    else:
        g.apply_unchecked(seat, a)
    return True


def games(players: int, options: dict[str, Any], n: int, checked: bool) -> tuple[float, float]:
    """(decisions per second, game minutes per second) of ``n`` seeded random games."""
    decisions = 0
    game_seconds = 0.0
    t0 = clock()
    for seed in range(n):
        g = new_game(GAME, players, seed, options)
        rng = random.Random(seed)
        while not g.is_over:
            decisions += _step(g, rng, checked)
        game_seconds += g.clock
    dt = clock() - t0
    return decisions / dt, game_seconds / 60 / dt


def mid_games(players: int, options: dict[str, Any], n: int) -> list[Game]:
    """States halfway through ``n`` seeded random games."""
    out = []
    for seed in range(n):
        g = new_game(GAME, players, seed, options)
        rng = random.Random(seed)
        while not g.is_over:
            _step(g, rng, False)
        half = g.step // 2
        g = new_game(GAME, players, seed, options)
        rng = random.Random(seed)
        while g.step < half:
            _step(g, rng, False)
        out.append(g)
    return out


def per_call_us(fn: Callable[[Game], object], states: list[Game], reps: int) -> float:
    t0 = clock()
    for _ in range(reps):
        for g in states:
            fn(g)
    return 1e6 * (clock() - t0) / (reps * len(states))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=4, help="seeded games per setting")
    ap.add_argument("--repeat", type=int, default=3, help="runs per figure (the best counts)")
    args = ap.parse_args()
    total = [0.0, 0.0]
    for players, options in SETTINGS:
        fast = max(games(players, options, args.games, False) for _ in range(args.repeat))
        chk = max(games(players, options, args.games, True) for _ in range(args.repeat))
        states = mid_games(players, options, args.games)
        clone = min(per_call_us(lambda g: g.clone(), states, 500) for _ in range(args.repeat))
        total[0] += fast[0]
        total[1] += chk[0]
        name = f"p={players} {options or 'basic'}"
        print(
            f"{name:32} {fast[0]:9,.0f} decisions/s  {chk[0]:9,.0f} checked/s  "
            f"{fast[1]:7,.0f} game min/s  clone {clone:5.1f} us",
            flush=True,
        )
    k = len(SETTINGS)
    print(f"{'mean':32} {total[0] / k:9,.0f} decisions/s  {total[1] / k:9,.0f} checked/s")


if __name__ == "__main__":
    main()
