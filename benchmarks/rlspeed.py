"""Speed of the RL adapters beside the engine: environment steps a second of a random policy.

For every game at its default settings of the adapters (the default player count and the
game's ``simulation_options``), in one process:

* ``engine``: random decisions a second of the engine alone (``spacetable bench``'s
  playouts: ``legal_actions`` and ``apply`` of a random action, no observation);
* ``aec`` / ``aec_idx``: PettingZoo AEC agent steps a second (``last()``, which observes the
  agent to act, then ``step`` of a random legal index), dense form and index form;
* ``gym`` / ``gym_idx``: Gymnasium steps a second of a random learner against random bots
  (each step also plays the bots' moves until the learner's next turn);
* ``*_cpu``: the same per CPU second of the process (what one core does when the machine's
  other work takes turns on it);
* ``sync1``, ``sync2``, ``async1``, ``async2``: learner steps a second summed over the
  environments of ``gymnasium.vector`` environments (:func:`spacetable.rl.vector_env`) of 1
  or 2 environments, in this process (sync) or one worker process each (async, shared memory);
* ``batch8w2``: the same of 8 environments in 2 worker processes stepping 4 each on one
  message (:class:`spacetable.rl.vector.BatchedVectorEnv`).

The goal is 10,000 environment steps a second per core for a random policy. The machine is
shared with other work while measuring, so the figures are lower bounds.

Usage (from the repository root, with the project's virtual environment)::

    python benchmarks/rlspeed.py                       # every game -> rlspeed.json, RLSPEED.md
    python benchmarks/rlspeed.py --games wildspace --seconds 1 --no-save
    python benchmarks/rlspeed.py --profile spacedealer # where a PettingZoo step's time goes
    python benchmarks/rlspeed.py --before old.log --before-label "commit abc1234"
                                # old.log: what this script printed at that commit

None of this runs in the test suite.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from spacetable.cli import bench
from spacetable.rl import gym_env, pettingzoo_env, vector_env

HERE = Path(__file__).resolve().parent
GAMES = ("planetraiders", "quazarys", "spacedealer", "tortuga2199", "wildspace")
GOAL = 10_000


#: CPU rates (steps per CPU second of this process) of the last :func:`_timed` call
CPU: dict[str, float] = {}


def _timed(run: Callable[[], int], seconds: float) -> float:
    """Steps a second of ``run`` (one episode or batch of steps per call, returning its
    steps), called until ``seconds`` have passed; the rate per CPU second of this process
    goes to ``CPU["last"]``."""
    steps = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    while True:
        steps += run()
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            CPU["last"] = steps / max(time.process_time() - c0, 1e-9)
            return steps / elapsed


def aec_rate(game: str, seconds: float, fmt: str = "dense") -> float:
    env = pettingzoo_env(game, seed=1, observation_format=fmt)
    rng = random.Random(0)

    def episode() -> int:
        env.reset()
        n = 0
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            n += 1
        return n

    return _timed(episode, seconds)


def gym_rate(game: str, seconds: float, fmt: str = "dense") -> float:
    env = gym_env(game, seed=1, opponents="random", observation_format=fmt)
    rng = random.Random(0)

    def episode() -> int:
        obs, _ = env.reset()
        n = 0
        while True:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, term, trunc, _ = env.step(int(legal[rng.randrange(len(legal))]))
            n += 1
            if term or trunc:
                return n

    return _timed(episode, seconds)


def vector_rate(
    game: str, seconds: float, num_envs: int, asynchronous: bool, workers: int | None = None
) -> float:
    env = vector_env(
        game, num_envs, asynchronous=asynchronous, workers=workers, opponents="random", seed=1
    )
    rng = random.Random(0)
    state = {"obs": env.reset(seed=1)[0]}

    def batch() -> int:
        for _ in range(50):
            masks = state["obs"]["action_mask"]
            acts = []
            for m in masks:
                legal = np.flatnonzero(m)
                acts.append(int(legal[rng.randrange(len(legal))]) if len(legal) else 0)
            state["obs"] = env.step(np.array(acts))[0]
        return 50 * num_envs

    try:
        return _timed(batch, seconds)
    finally:
        env.close()


def measure(game: str, seconds: float) -> dict[str, Any]:
    env = pettingzoo_env(game)
    play = bench.playouts(game, env.players, env.game_options, seconds)
    row: dict[str, Any] = {
        "game": game,
        "players": env.players,
        "observation": env.observer.size,
        "engine": play["decisions_per_s"],
    }
    for col, fn, fmt in (
        ("aec", aec_rate, "dense"),
        ("aec_idx", aec_rate, "indices"),
        ("gym", gym_rate, "dense"),
        ("gym_idx", gym_rate, "indices"),
    ):
        row[col] = fn(game, seconds, fmt)
        row[f"{col}_cpu"] = CPU["last"]
    for k in (1, 2):
        row[f"sync{k}"] = vector_rate(game, seconds, k, asynchronous=False)
        row[f"async{k}"] = vector_rate(game, seconds, k, asynchronous=True)
    row["batch8w2"] = vector_rate(game, seconds, 8, asynchronous=True, workers=2)
    row["machine"] = bench.machine()
    row["date"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    return row


def markdown(
    rows: list[dict[str, Any]],
    before: list[dict[str, Any]] | None = None,
    before_label: str = "an earlier commit",
) -> str:
    m = rows[0]["machine"]
    out = [
        "# Speed of the RL adapters (`benchmarks/rlspeed.py`)",
        "",
        f"Taken {rows[0]['date']} on {m['cpu']} ({m['nproc']} cores, shared with other work), "
        f"CPython {m['python']}. Steps a second of a random policy at each game's default "
        "settings of the adapters; *engine*: random decisions a second of the engine alone "
        '(same run); *idx*: the index form (`observation_format="indices"`); *gym*: a random '
        "learner against random bots; *sync k* / *async k*: learner steps a second summed "
        "over a `gymnasium.vector` environment of k environments (async: one worker process "
        "each, shared memory); *8 in 2*: 8 environments in 2 worker processes that step "
        "4 each on one message (`vector_env(..., asynchronous=True, workers=2)`). "
        f"Goal: {GOAL:,} environment steps a second per core. "
        "*(cpu)*: per CPU second of the process (the machine's other work excluded).",
        "",
        "| game | seats | floats | engine | AEC | AEC (cpu) | AEC idx | Gym | Gym (cpu) | Gym idx "
        "| sync 1 | sync 2 | async 1 | async 2 | 8 in 2 |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        cols = ("engine", "aec", "aec_cpu", "aec_idx", "gym", "gym_cpu", "gym_idx")
        vec = ("sync1", "sync2", "async1", "async2", "batch8w2")
        cells = [f"{r[c]:,.0f}" if c in r else "-" for c in (*cols, *vec)]
        out.append(
            f"| {r['game']} | {r['players']} | {r['observation']:,} | " + " | ".join(cells) + " |"
        )
    if before:
        by_game = {r["game"]: r for r in before}
        out += [
            "",
            f"## Against {before_label}",
            "",
            f"The same measures of {before_label}, run on the same machine just before the "
            "figures above (`--before`). *x*: the figure above divided by that one.",
            "",
            "| game | engine | AEC | AEC x | Gym | Gym x | sync 1 | sync 1 x | async 2 "
            "| async 2 x |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for r in rows:
            b = by_game.get(r["game"])
            if b is None:
                continue
            cells = [f"{b['engine']:,.0f}"]
            for c in ("aec", "gym", "sync1", "async2"):
                cells += [f"{b[c]:,.0f}", f"{r[c] / b[c]:.2f}"]
            out.append(f"| {r['game']} | " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def profile(game: str, seconds: float) -> str:
    """The functions taking the most time of PettingZoo random play (``cProfile``)."""
    prof = cProfile.Profile()
    prof.runcall(aec_rate, game, seconds)
    s = io.StringIO()
    pstats.Stats(prof, stream=s).sort_stats("tottime").print_stats(15)
    return s.getvalue()


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--games", nargs="*", default=list(GAMES))
    p.add_argument("--seconds", type=float, default=2.0, help="per figure")
    p.add_argument("--no-save", action="store_true", help="print only")
    p.add_argument("--profile", metavar="GAME", help="profile PettingZoo random play of GAME")
    p.add_argument(
        "--before",
        metavar="FILE",
        help="the JSON lines this script printed for an earlier commit: compared in the report",
    )
    p.add_argument("--before-label", default="an earlier commit", help="what --before measured")
    a = p.parse_args(argv)
    if a.profile:
        print(profile(a.profile, a.seconds))
        return
    rows = []
    for g in a.games:
        r = measure(g, a.seconds)
        print(json.dumps({k: v for k, v in r.items() if k != "machine"}), flush=True)
        rows.append(r)
    before = None
    if a.before:
        lines = Path(a.before).read_text().splitlines()
        before = [json.loads(line) for line in lines if line.startswith("{")]
    text = markdown(rows, before, a.before_label)
    print(text)
    if not a.no_save:
        (HERE / "rlspeed.json").write_text(json.dumps(rows, indent=1) + "\n")
        (HERE / "RLSPEED.md").write_text(text)


if __name__ == "__main__":
    main(sys.argv[1:])
