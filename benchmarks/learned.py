"""Strength of the shipped learned policies: the ``learned`` bot against other bots.

For every shipped policy (``spacetable.bots.learned.shipped_policies``) and every opponent
kind, ``--games`` games (default 200) are played with the game's simulation options; the
learned bot takes seat ``i % players`` in game ``i`` (seats alternated), the opponent kind
every other seat, and game ``i`` has seed ``i``. A win is a sole first place, a draw a shared
first place, anything else a loss. Each rate comes with its 95% Wilson interval. A pairing
that runs past ``--minutes`` stops early and reports the games actually played.

    PYTHONPATH=src python benchmarks/learned.py                       # everything
    PYTHONPATH=src python benchmarks/learned.py --opponents random,greedy --games 200
    PYTHONPATH=src python benchmarks/learned.py --opponents mcts:50 --games 200 --minutes 10
    PYTHONPATH=src python benchmarks/learned.py --table                # the table of the JSON

Results go to ``benchmarks/learned.json`` (a run replaces the rows of the pairings it
played); ``--table`` prints them as the Markdown table of ``docs/rl.md``.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from spacetable.bots import make_bot
from spacetable.bots.learned import load_policy, shipped_policies
from spacetable.engine import game_class, new_game
from spacetable.sim import play_game
from spacetable.stats import wilson

OUT = Path(__file__).with_name("learned.json")


def one_game(job: tuple[str, int, str, int]) -> str:
    """Play game ``i``: the learned bot at seat ``i % players``; returns win, draw or loss."""
    game_id, players, opponent, i = job
    options = game_class(game_id).info.for_simulation(None)
    game = new_game(game_id, players, i, options)
    seat = i % players
    bots = [
        make_bot("learned" if s == seat else opponent, seed=i * 10 + s, game=game_id)
        for s in range(players)
    ]
    result = play_game(game, bots)
    first = [s for s, r in enumerate(result.ranks) if r == 1]
    if first == [seat]:
        return "win"
    return "draw" if seat in first else "loss"


def pairing(
    game_id: str, players: int, opponent: str, games: int, workers: int, minutes: float
) -> dict[str, Any]:
    counts = {"win": 0, "draw": 0, "loss": 0}
    t0 = time.perf_counter()
    deadline = t0 + minutes * 60
    jobs = [(game_id, players, opponent, i) for i in range(games)]
    with ProcessPoolExecutor(workers) as pool:
        # in chunks, so that a pairing past its time stops between two chunks
        for start in range(0, games, 4 * workers):
            for outcome in pool.map(one_game, jobs[start : start + 4 * workers]):
                counts[outcome] += 1
            if time.perf_counter() > deadline:
                break
    n = sum(counts.values())
    row: dict[str, Any] = {
        "game": game_id,
        "players": players,
        "opponent": opponent,
        "games": n,
        "games_asked": games,
        "seconds": round(time.perf_counter() - t0, 1),
    }
    for key in ("win", "draw", "loss"):
        lo, hi = wilson(counts[key], n)
        row[key + "s"] = counts[key]
        row[key + "_rate"] = round(counts[key] / n, 4) if n else None
        row[key + "_ci95"] = [round(lo, 4), round(hi, 4)]
    meta = load_policy(game_id, players).meta
    row["policy_steps"] = meta.get("training", {}).get("steps")
    return row


def table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| game | opponent | games | win (95% CI) | draw (95% CI) | loss (95% CI) |",
        "| --- | --- | ---: | --- | --- | --- |",
    ]

    def cell(r: dict[str, Any], key: str) -> str:
        lo, hi = r[key + "_ci95"]
        return f"{100 * r[key + '_rate']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})"

    for r in sorted(rows, key=lambda r: (r["game"], r["players"], r["opponent"])):
        lines.append(
            f"| {r['game']} {r['players']}p | {r['opponent']} | {r['games']} | "
            f"{cell(r, 'win')} | {cell(r, 'draw')} | {cell(r, 'loss')} |"
        )
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--opponents", default="random,greedy,mcts:50")
    ap.add_argument("--only", default="", help="games to play (default: every shipped one)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--minutes", type=float, default=30.0, help="time limit of one pairing")
    ap.add_argument("--table", action="store_true", help="print the table of the JSON")
    ap.add_argument("--out", type=Path, default=OUT, help="the JSON file (read and replaced)")
    args = ap.parse_args()
    out: Path = args.out
    rows: list[dict[str, Any]] = json.loads(out.read_text()) if out.exists() else []
    if args.table:
        print(table(rows))
        return
    only = {g for g in args.only.split(",") if g}
    for game_id, players in sorted(shipped_policies()):
        if only and game_id not in only:
            continue
        for opponent in args.opponents.split(","):
            row = pairing(game_id, players, opponent, args.games, args.workers, args.minutes)
            print(json.dumps(row), flush=True)
            rows = [
                r
                for r in rows
                if (r["game"], r["players"], r["opponent"]) != (game_id, players, opponent)
            ]
            rows.append(row)
            out.write_text(json.dumps(rows, indent=1) + "\n")
    print(table(rows))


if __name__ == "__main__":
    main()
