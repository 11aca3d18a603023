"""Speed-up of the game backends (``spacetable.cluster``): one tournament played in this
process, on 2 local worker processes and on a local Ray with 2 CPUs.

Every backend must give the same report (checked: the run stops otherwise); the figures are
wall-clock seconds and games per second, the best of ``--repeat`` runs, with the machine's
load average before each run (on a shared machine the speed-up says as much about the
neighbours as about the backend). Results go to ``benchmarks/cluster.json``; the table is
copied by hand into ``benchmarks/CLUSTER.md``.

    python benchmarks/cluster.py [--game quazarys] [--games 40] [--repeat 2] [--no-ray]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from pathlib import Path
from typing import Any

from spacetable.cli.tournament import run_tournament
from spacetable.cluster import Backend, LocalBackend, RayBackend

HERE = Path(__file__).resolve().parent


def _strip(report: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in report.items() if k not in ("seconds", "results")}
    out["results"] = [{k: v for k, v in r.items() if k != "seconds"} for r in report["results"]]
    return out


def measure(
    name: str, make: Any, game: str, players: int, bots: list[str], games: int, repeat: int
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Best wall time of ``repeat`` tournaments on the backend ``make()`` (started once:
    the start-up of a Ray is reported apart)."""
    t0 = time.perf_counter()
    backend: Backend = make()
    startup = time.perf_counter() - t0
    best = float("inf")
    loads = []
    report: dict[str, Any] = {}
    with backend:
        for _ in range(repeat):
            loads.append(round(os.getloadavg()[0], 2))
            t = time.perf_counter()
            report = run_tournament(game, players, bots, games, seed=1, backend=backend)
            best = min(best, time.perf_counter() - t)
    row = {
        "backend": name,
        "workers": backend.workers,
        "startup_seconds": round(startup, 2),
        "seconds": round(best, 2),
        "games_per_second": round(games / best, 2),
        "load_average_before": loads,
    }
    return row, _strip(report)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="quazarys")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bots", default="greedy,random")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--no-ray", action="store_true")
    ap.add_argument("--out", default=str(HERE / "cluster.json"))
    a = ap.parse_args()
    bots = a.bots.split(",")
    runs: list[tuple[str, Any]] = [
        ("local, 1 process", lambda: LocalBackend(1)),
        ("local, 2 processes", lambda: LocalBackend(2)),
    ]
    if not a.no_ray:
        runs.append(("ray (local), 2 CPUs", lambda: RayBackend(num_cpus=2)))
    rows: list[dict[str, Any]] = []
    reference: dict[str, Any] | None = None
    for name, make in runs:
        row, report = measure(name, make, a.game, a.players, bots, a.games, a.repeat)
        if reference is None:
            reference = report
        elif report != reference:
            raise SystemExit(f"{name}: the report differs from the first backend's")
        row["speedup"] = round(rows[0]["seconds"] / row["seconds"], 2) if rows else 1.0
        rows.append(row)
        print(json.dumps(row))
    result = {
        "game": a.game,
        "players": a.players,
        "bots": bots,
        "games": a.games,
        "repeat": a.repeat,
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "same_report_on_every_backend": True,
        "runs": rows,
    }
    Path(a.out).write_text(json.dumps(result, indent=1) + "\n")
    print("| backend | workers | seconds | games/s | speed-up | start-up s | load before |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for r in rows:
        print(
            f"| {r['backend']} | {r['workers']} | {r['seconds']} | {r['games_per_second']} | "
            f"{r['speedup']}x | {r['startup_seconds']} | {r['load_average_before']} |"
        )


if __name__ == "__main__":
    main()
