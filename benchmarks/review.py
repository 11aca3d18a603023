"""How long a game review takes (``spacetable.bots.analysis.review``), per game.

For each game, a typical game between greedy bots (default options, 2 players; Spacedealer
3), seeded, then the review of seat 0 at the web server's budget (200 iterations per
decision) on one core. Writes ``benchmarks/review.json`` (the machine, the decisions
reviewed, the seconds per game and per decision). Not a test.

Usage: ``python benchmarks/review.py [ITERATIONS] [GAME ...]``
"""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

import spacetable
from spacetable.bots import make_bot
from spacetable.bots.analysis import REVIEW_ITERATIONS, review
from spacetable.sim import play_game

HERE = Path(__file__).resolve().parent
GAMES = ["planetraiders", "quazarys", "spacedealer", "tortuga2199", "wildspace"]


def measure(game_id: str, iterations: int, seed: int = 1) -> dict[str, Any]:
    players = 3 if game_id == "spacedealer" else 2
    g = spacetable.new_game(game_id, players, seed)
    record = play_game(g, [make_bot("greedy", s) for s in range(players)]).record
    t0 = time.perf_counter()
    rev = review(record, 0, iterations=iterations, seed=0)
    seconds = time.perf_counter() - t0
    searched = sum(1 for d in rev.decisions if not d.forced)
    return {
        "game": game_id,
        "players": players,
        "entries": len(record["entries"]),
        "decisions": len(rev.decisions),
        "searched": searched,
        "iterations": iterations,
        "seconds": round(seconds, 2),
        "ms_per_decision": round(1000 * seconds / max(1, len(rev.decisions)), 1),
        "mistakes": len(rev.mistakes),
    }


def main() -> None:
    args = sys.argv[1:]
    iterations = int(args.pop(0)) if args and args[0].isdigit() else REVIEW_ITERATIONS
    rows = [measure(g, iterations) for g in (args or GAMES)]
    out = {
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "date": time.strftime("%Y-%m-%d"),
        "rows": rows,
    }
    (HERE / "review.json").write_text(json.dumps(out, indent=1) + "\n")
    for r in rows:
        print(
            f"{r['game']:<14} {r['decisions']:>4} decisions ({r['searched']} searched) "
            f"{r['seconds']:>7.1f} s  {r['ms_per_decision']:>6.1f} ms/decision"
        )


if __name__ == "__main__":
    main()
