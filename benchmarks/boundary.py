"""Benchmarks of the boundary: late-game saves (size, write, untrusted and trusted load)
and the memory of a process that plays many Spacedealer games.

Usage (from the repository root, with the project's virtual environment)::

    python benchmarks/boundary.py saves [GAME ...]     # -> benchmarks/saves.json
    python benchmarks/boundary.py memory [GAMES]       # -> benchmarks/memory.json
    python benchmarks/run.py report                    # puts both in RESULTS.md

A late-game save is the state after 90% of the decisions of a seeded random game. ``load``
treats the text as untrusted: it replays the record the save carries and compares the
stored state; ``load_trusted`` is the fast path for a server's own snapshots. The memory
run plays random games at 3 to 8 players in one process and reads ``tracemalloc`` after a
garbage collection every 250 games. None of this runs in the test suite.
"""

from __future__ import annotations

import gc
import json
import platform
import random
import sys
import time
import tracemalloc
from datetime import date
from pathlib import Path
from typing import Any

import spacetable
from spacetable.engine import Game, game_class

HERE = Path(__file__).resolve().parent


def _random_game(game: str, players: int, seed: int) -> Game:
    # the game's simulation options: random play may never end a game the rulebook does not
    # bound (Quazarys, Planet Raiders and Tortuga 2199 without a round limit)
    options = game_class(game).info.for_simulation(None)
    g = spacetable.new_game(game, players, seed=seed, options=options)
    rng = random.Random(seed)
    while not g.is_over:
        seats = g.to_act
        if g.realtime and (not seats or rng.random() < 0.3):
            g.advance(rng.choice((0.5, 1.0, 3.0, 10.0)))
            continue
        seat = rng.choice(seats)
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    return g


def _best(f: Any, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t0)
    return best


def saves(games: list[str]) -> list[dict[str, Any]]:
    rows = []
    for game in games or spacetable.list_games():
        info = game_class(game).info
        for players in (info.min_players, info.max_players):
            full = _random_game(game, players, seed=1)
            entries = full.record()["entries"]
            g = spacetable.replay(full.record(), upto=len(entries) * 9 // 10)
            text = g.to_json()
            assert spacetable.load(text).to_json() == text
            row: dict[str, Any] = {
                "game": game,
                "players": players,
                "entries": len(g.record()["entries"]),
                "bytes": len(text.encode()),
                "write_ms": 1000 * _best(g.to_json, 5),
                "load_ms": 1000 * _best(lambda t=text: spacetable.load(t), 5),
                "load_trusted_ms": 1000 * _best(lambda t=text: spacetable.load_trusted(t), 5),
                "machine": platform.machine(),
                "date": date.today().isoformat(),
            }
            rows.append(row)
            print(
                f"{game:14} p={players} entries={row['entries']:5} {row['bytes'] / 1000:6.1f} KB"
                f"  write {row['write_ms']:6.2f} ms  load {row['load_ms']:6.2f} ms"
                f"  trusted {row['load_trusted_ms']:6.2f} ms",
                flush=True,
            )
    (HERE / "saves.json").write_text(json.dumps(rows, indent=1) + "\n")
    return rows


def memory(games: int) -> dict[str, Any]:
    tracemalloc.start()
    marks: list[list[float]] = []
    t0 = time.time()
    for i in range(games):
        _random_game("spacedealer", 3 + i % 6, seed=i)
        if (i + 1) % 250 == 0:
            gc.collect()
            current = tracemalloc.get_traced_memory()[0] / 1e6
            marks.append([i + 1, round(current, 3)])
            print(f"{i + 1:6} games  {current:.3f} MB traced", flush=True)
    out = {
        "game": "spacedealer",
        "games": games,
        "players": "3-8",
        "traced_mb": marks,
        "seconds": round(time.time() - t0),
        "machine": platform.machine(),
        "date": date.today().isoformat(),
    }
    (HERE / "memory.json").write_text(json.dumps(out, indent=1) + "\n")
    return out


def main(argv: list[str]) -> None:
    if not argv or argv[0] not in ("saves", "memory"):
        sys.exit(__doc__)
    if argv[0] == "saves":
        saves(argv[1:])
    else:
        memory(int(argv[1]) if len(argv) > 1 else 3000)


if __name__ == "__main__":
    main(sys.argv[1:])
