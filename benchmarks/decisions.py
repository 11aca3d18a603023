"""Decision quality of real-time searches, against a larger search (an *oracle*).

A 200-game strength run of one Spacedealer search takes about 100 minutes of two cores, so
budgets are compared here first, position by position:

1. ``positions``: the positions where a paired search (``COLLECTOR``, the hard level of
   2026-11-26) searches, in seeded games against two greedy bots (every ``EVERY``-th
   search from the ``OFFSET``-th; the same positions on every run).
2. ``oracle DEPTH WORLDS``: on each position, the paired search tries *every* legal action
   and waiting on ``WORLDS`` determinizations with greedy rollouts of ``DEPTH`` seconds of
   game time; the mean reward of each choice is kept in ``oracles.json`` (a cache, not in
   git).
3. ``compare KIND ...``: each bot kind chooses on every position (two bot seeds); for each
   oracle, how often it picks the oracle's best choice (``hit``) and how much reward it
   gives up by the oracle's values (``regret``). Rows go to ``decisions.json``, and
   ``run.py report`` shows them in ``RESULTS.md``.

A low regret against a long oracle is a lead, not a result: the oracle is itself a search
with a model of the other seats (greedy), so only games tell whether a budget plays better.

Usage (from the repository root, with the project's virtual environment)::

    python benchmarks/decisions.py oracle 240 3          # computes the positions first
    python benchmarks/decisions.py compare greedy mcts:4:prune=3:depth=100:worlds=1
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from spacetable.bots import Bot, MCTSBot, SeatPort, make_bot
from spacetable.cli import bench
from spacetable.engine import Action, Game, new_game
from spacetable.sim import step_bots

HERE = Path(__file__).resolve().parent
GAME = "spacedealer"
PLAYERS = 3
SEEDS = (101, 202, 303)
EVERY, OFFSET = 8, 4
ORACLE_SEED = 7
BOT_SEEDS = (3, 4)
COLLECTOR = "mcts:10:prune=4:depth=45:worlds=2"
CACHE = HERE / "oracles.json"


def positions() -> list[Game]:
    """The positions where the ``COLLECTOR`` bot of seat 0 searches (module docstring)."""
    out: list[Game] = []
    for seed in SEEDS:
        g = new_game(GAME, PLAYERS, seed)
        hard = make_bot(COLLECTOR, seed)
        assert isinstance(hard, MCTSBot)
        bots = [_Recorder(hard, out), make_bot("greedy", seed + 1), make_bot("greedy", seed + 2)]
        while not g.is_over:
            step_bots(g, bots)
    return out


class _Recorder(Bot):
    """Plays as ``bot`` and keeps a copy of every ``EVERY``-th position where it searches."""

    def __init__(self, bot: MCTSBot, out: list[Game]) -> None:
        super().__init__(0)
        self.bot = bot
        self.out = out
        self.searches = 0

    def choose(self, port: SeatPort) -> Action | None:
        quiet = self.bot._quiet
        if port.legal_actions() and not (quiet and quiet[0] <= port.clock < quiet[1]):
            self.searches += 1
            if self.searches % EVERY == OFFSET:
                self.out.append(port._game.clone())
        return self.bot.choose(port)


def _steps(pos: list[Game]) -> list[int]:
    """What identifies the positions in the cache: their step numbers."""
    return [g.step for g in pos]


def _cache() -> dict[str, Any]:
    return json.loads(CACHE.read_text()) if CACHE.exists() else {}


def oracle(depth: int, worlds: int) -> None:
    t0 = time.time()
    values: list[dict[str, float]] = []
    pos = positions()
    for g in pos:
        n = len(g.legal_actions(0)) + 1
        bot = MCTSBot(ORACLE_SEED, iterations=worlds * n, prune=n, depth=depth, worlds=worlds)
        bot.choose(SeatPort(g, 0))
        values.append(bot.last_stats["values"])
    took = time.time() - t0
    cache = _cache()  # again: another oracle may have finished meanwhile
    cache[f"{depth}:{worlds}"] = {"positions": _steps(pos), "values": values, "seconds": took}
    CACHE.write_text(json.dumps(cache))
    print(f"oracle depth={depth} worlds={worlds}: {len(values)} positions, {took:.0f} s")


def compare(kinds: list[str]) -> None:
    oracles = _cache()
    if not oracles:
        raise SystemExit("no oracle yet: run `decisions.py oracle DEPTH WORLDS` first")
    pos = positions()
    steps = _steps(pos)
    for name, o in oracles.items():  # before any search: every oracle saw these positions
        if o["positions"] != steps:
            raise SystemExit(f"oracle {name} has other positions: delete {CACHE.name}")
    path = HERE / "decisions.json"
    rows: list[dict[str, Any]] = json.loads(path.read_text()) if path.exists() else []
    for kind in kinds:
        t0 = time.perf_counter()
        picks: list[list[str]] = []
        for seed in BOT_SEEDS:
            row = []
            for g in pos:  # a fresh bot for each position: each is a decision of its own
                a = make_bot(kind, seed, GAME).choose(SeatPort(g.clone(), 0))
                row.append("wait" if a is None else a.text())
            picks.append(row)
        per = (time.perf_counter() - t0) / (len(BOT_SEEDS) * len(pos))
        for name, o in oracles.items():
            values: list[dict[str, float]] = o["values"]
            hits = 0
            regret = 0.0
            for row in picks:
                for p, v in zip(row, values, strict=True):
                    best = max(v.values())
                    hits += v.get(p) == best
                    regret += best - v.get(p, min(v.values()))
            n = len(picks) * len(pos)
            depth, worlds = name.split(":")
            rows = [r for r in rows if (r["kind"], r["oracle"]) != (kind, name)]
            rows.append(
                {
                    "game": GAME,
                    "kind": kind,
                    "oracle": name,
                    "oracle_depth": int(depth),
                    "oracle_worlds": int(worlds),
                    "positions": len(pos),
                    "hit": hits / n,
                    "regret": regret / n,
                    "seconds_per_decision": per,
                    "machine": bench.machine(),
                    "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                }
            )
            print(f"{kind}: against {name}, hit {hits / n:.2f}, regret {1000 * regret / n:.2f}e-3")
    rows.sort(key=lambda r: (r["oracle_depth"], r["oracle_worlds"], r["regret"]))
    path.write_text(json.dumps(rows, indent=1) + "\n")


def main(argv: list[str]) -> None:
    if len(argv) == 3 and argv[0] == "oracle":
        oracle(int(argv[1]), int(argv[2]))
    elif len(argv) >= 2 and argv[0] == "compare":
        compare(argv[1:])
    else:
        print(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
