"""Our ISMCTS beside OpenSpiel's Python MCTS, on the same positions through the OpenSpiel
registration (``spacetable.rl.openspiel``); results in ``benchmarks/OPENSPIEL.md``::

    .venv/bin/python benchmarks/openspiel_side_by_side.py                 # every game
    .venv/bin/python benchmarks/openspiel_side_by_side.py --games quazarys --minutes 2

The bots:

* ours: ``spacetable.bots.mcts.MCTSBot`` as shipped (``depth=0``: each new leaf scored by the
  game's evaluation), given a :class:`SeatPort` of the state's engine game, so it sees only
  the seat's view and determinizes for itself (ISMCTS). A second column times it with random
  rollouts to the end of the game (``rollout="random", depth=None``), the same leaf work as
  OpenSpiel's bot.
* theirs: ``open_spiel.python.algorithms.mcts.MCTSBot`` with a ``RandomRolloutEvaluator``
  (one rollout to the end), UCT constant 2. It is a perfect-information search: to keep it
  from reading the other seats' cards and the future draws, each decision it searches one
  :meth:`SpacetableState.determinized` copy of the state (what the seat may know, the rest
  resampled), as a single-world PIMC player would; the draws to come are chance nodes
  (``EXPLICIT_STOCHASTIC``), which its search samples.

Simulations per second: on ``--positions`` positions per game (seeded random play of 0 to 30
steps from games whose chance nodes are drawn as the engine's seeded generator draws them),
each bot runs a fixed number of simulations (ours ``--ours-sims``, theirs ``--their-sims``),
timed in process CPU time; the figure is the total simulations over
the total time. Head to head at equal time per decision: ours gets ``seconds=T``; theirs gets
``max_simulations`` = its measured rate times T, at least 2 (its loop has no clock: the rate of the
position test to start with, then its own running rate in the game), and the mean wall time
each bot actually spent per decision is reported. Seats alternate; a game's score for ours is
the mean over (our seat, their seat) pairs of 1 if our seat ranks better, 1/2 if equal, 0 if
worse (two players: win 1, draw 1/2, loss 0; Spacedealer's three seats alternate one and two
of ours). The interval is Wilson's on that score. Games are played until ``--games-per``
games or ``--minutes`` of wall time per game, whichever comes first.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import mcts as os_mcts

import spacetable.rl.openspiel as osp
from spacetable.bots.base import SeatPort
from spacetable.bots.mcts import MCTSBot
from spacetable.engine import Rng
from spacetable.stats import wilson

#: (players, parameters) of each game in the benchmark: short settings, so that OpenSpiel's
#: rollouts to the end of the game stay affordable
SETTINGS: dict[str, tuple[int, dict[str, Any]]] = {
    "planetraiders": (2, {"round_limit": 20}),
    "quazarys": (2, {"round_limit": 30}),
    "spacedealer": (3, {"length": 120, "timer": 10, "realtime_tick": 5.0}),
    "tortuga2199": (2, {"round_limit": 8}),
    "wildspace": (2, {"effects": "once_per_turn"}),
}
cpu = time.process_time


def load(gid: str) -> Any:
    players, params = SETTINGS[gid]
    return pyspiel.load_game(osp.game_name(gid), {"players": players, **params})


def positions(gid: str, n: int, seed: int) -> list[osp.SpacetableState]:
    """``n`` non-terminal positions: seeded games, 0 to 30 random steps in."""
    game = load(gid)
    rng = random.Random(seed)
    chance = Rng(seed)  # the chance nodes: drawn as the engine's seeded generator draws
    out: list[osp.SpacetableState] = []
    while len(out) < n:
        s = game.new_initial_state()
        s.resolve_chance(chance)
        for _ in range(rng.randrange(31)):
            if s.is_terminal():
                break
            s.apply_action(rng.choice(s.legal_actions()))
            s.resolve_chance(chance)
        if not s.is_terminal() and len(s.legal_actions()) > 1:
            out.append(s)
    return out


class Ours:
    """Our ISMCTS on the seat's port; answers an OpenSpiel action index."""

    def __init__(self, state: osp.SpacetableState, seed: int, **kw: Any) -> None:
        tick = float(state.get_game().get_parameters().get("realtime_tick", 1.0))
        self.bot = MCTSBot(seed, tick=tick, **kw)
        self.wait = state.num_distinct_actions() - 1 if state.game.realtime else -1

    def step(self, state: osp.SpacetableState) -> int:
        seat = state.current_player()
        a = self.bot.choose(SeatPort(state.game, seat))
        if a is None:
            return self.wait
        return int(state.game.action_space.to_index(a))

    @property
    def sims(self) -> int:
        return int(self.bot.last_stats.get("iterations", 0))


class Theirs:
    """OpenSpiel's MCTS bot on one determinization of the state per decision.

    With ``seconds`` set, its ``max_simulations`` follows its own measured speed: each
    decision gets ``seconds`` times the simulations per second of its decisions so far (a
    running mean over this game), starting from ``sims``."""

    def __init__(
        self, state: osp.SpacetableState, seed: int, sims: int, seconds: float | None = None
    ) -> None:
        rs = np.random.RandomState(seed)
        ev = os_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
        self.bot = os_mcts.MCTSBot(state.get_game(), 2.0, sims, ev, random_state=rs)
        self.rng = random.Random(seed)
        self.sims = sims
        self.seconds = seconds
        self._done = 0
        self._time = 0.0

    def step(self, state: osp.SpacetableState) -> int:
        t0 = time.perf_counter()
        world = state.determinized(state.current_player(), self.rng)
        a = int(self.bot.step(world))
        self._time += time.perf_counter() - t0
        self._done += self.bot.max_simulations
        if self.seconds is not None:
            self.bot.max_simulations = max(2, round(self.seconds * self._done / self._time))
        return a


def rates(gid: str, args: argparse.Namespace) -> dict[str, float]:
    """Simulations per CPU second of each bot on the same positions."""
    pos = positions(gid, args.positions, args.seed)
    out: dict[str, float] = {}
    # ours, as shipped
    t = 0.0
    n = 0
    for i, s in enumerate(pos):
        b = Ours(s, i, iterations=args.ours_sims)
        t0 = cpu()
        b.step(s)
        t += cpu() - t0
        n += b.sims
    out["ours"] = n / t
    # ours with random rollouts to the end (the same leaf work as theirs)
    t, n = 0.0, 0
    for i, s in enumerate(pos):
        b = Ours(s, i, iterations=args.their_sims, rollout="random", depth=None)
        t0 = cpu()
        b.step(s)
        t += cpu() - t0
        n += b.sims
    out["ours_rollout"] = n / t
    # theirs
    t, n = 0.0, 0
    for i, s in enumerate(pos):
        th = Theirs(s, i, args.their_sims)
        t0 = cpu()
        th.step(s)
        t += cpu() - t0
        n += args.their_sims
    out["theirs"] = n / t
    return out


def head_to_head(gid: str, args: argparse.Namespace, their_rate: float) -> dict[str, Any]:
    game = load(gid)
    chance = Rng(args.seed + 1)
    players = game.num_players()
    sims = max(2, round(their_rate * args.seconds))
    scores: list[float] = []
    wins = draws = losses = 0
    spent = {"ours": [0.0, 0], "theirs": [0.0, 0]}
    end = time.monotonic() + 60 * args.minutes
    g = 0
    while g < args.games_per and time.monotonic() < end:
        state = game.new_initial_state()
        state.resolve_chance(chance)
        ours_seats = {g % players} if g % 2 == 0 or players == 2 else set(range(players))
        if players > 2 and g % 2 == 1:
            ours_seats = set(range(players)) - {g % players}
        bots: list[Ours | Theirs] = []
        for seat in range(players):
            if seat in ours_seats:
                bots.append(Ours(state, 1000 * g + seat, seconds=args.seconds))
            else:
                bots.append(Theirs(state, 1000 * g + seat, sims, args.seconds))
        while not state.is_terminal():
            p = state.current_player()
            who = "ours" if p in ours_seats else "theirs"
            t0 = time.perf_counter()
            a = bots[p].step(state)
            spent[who][0] += time.perf_counter() - t0
            spent[who][1] += 1
            state.apply_action(a)
            state.resolve_chance(chance)
        ranks = state.game.outcome().ranks
        pairs = [
            1.0 if ranks[o] < ranks[t] else 0.5 if ranks[o] == ranks[t] else 0.0
            for o in ours_seats
            for t in range(players)
            if t not in ours_seats
        ]
        sc = sum(pairs) / len(pairs)
        scores.append(sc)
        wins += sc == 1.0
        losses += sc == 0.0
        draws += 0.0 < sc < 1.0
        g += 1
    total = sum(scores)
    lo, hi = wilson(total, len(scores))
    return {
        "games": len(scores),
        "score": total / len(scores) if scores else float("nan"),
        "ci": (lo, hi),
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "their_sims": sims,
        "ours_s": spent["ours"][0] / max(1, int(spent["ours"][1])),
        "theirs_s": spent["theirs"][0] / max(1, int(spent["theirs"][1])),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", nargs="*", default=list(SETTINGS))
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--ours-sims", type=int, default=200)
    ap.add_argument("--their-sims", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=0.03, help="time per decision")
    ap.add_argument("--games-per", type=int, default=200)
    ap.add_argument("--minutes", type=float, default=3.0, help="wall time per game's matches")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=None, help="append the table to this file")
    ap.add_argument(
        "--params",
        type=json.loads,
        default={},
        help='JSON: a game\'s parameters in place of SETTINGS, e.g. {"planetraiders": {}}',
    )
    args = ap.parse_args()
    for gid, params in args.params.items():
        SETTINGS[gid] = (SETTINGS[gid][0], dict(params))
    rows = []
    for gid in args.games:
        r = rates(gid, args)
        h = head_to_head(gid, args, r["theirs"])
        players, params = SETTINGS[gid]
        row = (
            f"| {gid} | {players} | `{params}` | {r['ours']:.0f} | {r['ours_rollout']:.0f} | "
            f"{r['theirs']:.0f} | {r['ours'] / r['theirs']:.1f}x | "
            f"{r['ours_rollout'] / r['theirs']:.1f}x | {h['games']} | "
            f"{h['wins']}/{h['draws']}/{h['losses']} | {100 * h['score']:.0f}% "
            f"[{100 * h['ci'][0]:.0f}, {100 * h['ci'][1]:.0f}] | "
            f"{1000 * h['ours_s']:.0f} / {1000 * h['theirs_s']:.0f} ms ({h['their_sims']}) |"
        )
        print(row, flush=True)
        rows.append(row)
    head = (
        "| game | players | settings | ours sims/s | ours (random rollouts) sims/s | "
        "OpenSpiel sims/s | ratio | ratio (rollouts) | games | ours W/D/L | ours score "
        "[95% Wilson] | time per decision ours / theirs (their sims) |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|---|"
    )
    table = head + "\n" + "\n".join(rows) + "\n"
    print(table)
    if args.out is not None:
        with args.out.open("a", encoding="utf-8") as f:
            f.write(
                f"\nRun: positions {args.positions}, ours {args.ours_sims} sims, theirs "
                f"{args.their_sims} sims per position; {args.seconds} s per decision; "
                f"up to {args.games_per} games or {args.minutes} min per game; seed {args.seed}."
                "\n\n" + table
            )


if __name__ == "__main__":
    main()
