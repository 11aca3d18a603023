"""Benchmarks of spacetable: speed, bot strength and balance; writes ``RESULTS.md``.

Usage (from the repository root, with the project's virtual environment)::

    python benchmarks/run.py speed [GAME ...]            # -> benchmarks/speed.json
    python benchmarks/run.py strength GAME A B GAMES [OPTIONS_JSON]  # -> strength.json
                                          # (B may be a list, e.g. random,random)
    python benchmarks/run.py balance GAME GAMES [N ...]  # appends to benchmarks/balance.json
    python benchmarks/run.py keep-balance FILE ...       # a `spacetable balance --json` report
    python benchmarks/run.py report                      # -> benchmarks/RESULTS.md

``decisions.py`` (beside this script) compares real-time search budgets position by position.

The measurements are those of ``spacetable bench``, ``spacetable tournament`` and
``spacetable balance`` (same code); this script only keeps the figures and formats them.
None of this runs in the test suite.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from spacetable.cli import bench
from spacetable.cli.balance import balance_row, run_balance
from spacetable.cli.tournament import run_tournament
from spacetable.engine import game_class

HERE = Path(__file__).resolve().parent


def _load(name: str) -> list[dict[str, Any]]:
    p = HERE / name
    return json.loads(p.read_text()) if p.exists() else []


def _save(name: str, rows: list[dict[str, Any]]) -> None:
    (HERE / name).write_text(json.dumps(rows, indent=1) + "\n")


#: How many times ``speed`` measures each game: it keeps, per game and player count, the
#: run with the most random decisions per second (the machine is shared: a slow run is
#: another job's time, not the engine's).
SPEED_REPEAT = 3


def speed(games: list[str], repeat: int = SPEED_REPEAT) -> None:
    best: dict[tuple[str, int], dict[str, Any]] = {}
    for _ in range(repeat):
        report = bench.run(games or None, seconds=1.0, mcts_iterations=200)
        for r in report["results"]:
            r["machine"] = report["machine"]
            r["date"] = report["date"]
            r["runs"] = repeat
            k = (r["game"], r["players"])
            if k not in best or r["decisions_per_s"] > best[k]["decisions_per_s"]:
                best[k] = r
    old = {(r["game"], r["players"]): r for r in _load("speed.json")}
    old.update(best)
    _save("speed.json", sorted(old.values(), key=lambda r: (r["game"], r["players"])))


def strength(
    game: str, a: str, b: str, games: int, workers: int, options: dict[str, Any] | None = None
) -> None:
    t0 = time.time()
    players = max(2, game_class(game).info.min_players)
    bots = [a, *b.split(",")]  # B may be a list: `greedy random,random` is 1 greedy vs 2 random
    done = 0

    def progress(_result: dict[str, Any]) -> None:  # long runs: show how far they are
        nonlocal done
        done += 1
        print(f"{done}/{games} games, {time.time() - t0:.0f} s", file=sys.stderr, flush=True)

    options = game_class(game).info.for_simulation(options)
    rep = run_tournament(
        game, players, bots, games, seed=2026, workers=workers, options=options, on_done=progress
    )
    e = rep["entrants"][0]
    # a mirror match (the same kind on both sides) has no head-to-head row
    h2h = next((r for r in rep["head_to_head"] if r["a"] == a), None)
    rows = _load("strength.json")
    rows = [
        r
        for r in rows
        if (r["game"], r["a"], r["b"], r.get("options", {})) != (game, a, b, options or {})
    ]
    rows.append(
        {
            "game": game,
            "players": players,
            "options": options or {},
            "a": a,
            "b": b,
            "games": games,
            "win_share": e["win_share"],
            "win_ci": e["win_ci"],
            **({"head_to_head": h2h["share"], "head_to_head_ci": h2h["ci"]} if h2h else {}),
            "mean_decisions": rep["mean_decisions"],
            "seconds": time.time() - t0,
            "workers": workers,
            "machine": bench.machine(),
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        }
    )
    _save("strength.json", sorted(rows, key=lambda r: (r["game"], r["a"], r["b"])))
    print(json.dumps(rows[-1]))


def balance(game: str, games: int, counts: list[int], workers: int) -> None:
    options = game_class(game).info.for_simulation(None)  # a round limit where bots may stall
    rep = run_balance(game, counts or None, games, workers=workers, options=options)
    rows = [r for r in _load("balance.json") if r["game"] != game]
    rows.append(rep)
    _save("balance.json", sorted(rows, key=lambda r: r["game"]))


def keep_balance(paths: list[str]) -> None:
    """Keep reports written by ``spacetable balance --json`` in balance.json.

    Reports of the same game are merged: a player count measured by several reports (runs
    with other seeds) is pooled, every start's wins and seats added up and its interval
    computed again, and the report keeps the seeds of each count.
    """
    rows = _load("balance.json")
    merged: dict[str, dict[str, Any]] = {}
    for path in paths:
        rep = json.loads(Path(path).read_text())
        rep.setdefault("machine", bench.machine())
        for c in rep["counts"]:
            c.setdefault("seeds", [rep["seed"]])
        have = merged.get(rep["game"])
        if have is None:
            merged[rep["game"]] = rep
            continue
        counts = {c["players"]: c for c in have["counts"]}
        for c in rep["counts"]:
            old = counts.get(c["players"])
            counts[c["players"]] = c if old is None else _pool(old, c)
        have["counts"] = [counts[n] for n in sorted(counts)]
    for game, rep in merged.items():
        rows = [r for r in rows if r["game"] != game]
        rows.append(rep)
    _save("balance.json", sorted(rows, key=lambda r: r["game"]))


def _pool(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """One player count measured twice (other seeds), as one sample."""
    if a["players"] == 1:
        raise SystemExit("solo balance reports cannot be pooled (fair is each run's average)")
    fair = a["fair_share"]
    table: dict[tuple[str, str], list[float]] = {}
    for r in a["rows"] + b["rows"]:  # dicts keep the first report's order of rows
        t = table.setdefault((r["asymmetry"], r["value"]), [0.0, 0.0])
        t[0] += r["win_share"] * r["seats_played"]
        t[1] += r["seats_played"]
    rows = [balance_row(k, v, wins, round(n), fair) for (k, v), (wins, n) in table.items()]
    games = a["games"] + b["games"]
    return {
        "players": a["players"],
        "games": games,
        "fair_share": fair,
        "first_seat_advantage": (
            a["first_seat_advantage"] * a["games"] + b["first_seat_advantage"] * b["games"]
        )
        / games,
        "rows": rows,
        "mean_decisions": (a["mean_decisions"] * a["games"] + b["mean_decisions"] * b["games"])
        / games,
        "seeds": a["seeds"] + b["seeds"],
    }


def _h2h(r: dict[str, Any]) -> str:
    if "head_to_head" in r:
        share, (lo, hi) = r["head_to_head"], r["head_to_head_ci"]
    elif r.get("players", 2) == 2:  # older rows: at 2 players it is the win share
        share, (lo, hi) = r["win_share"], r["win_ci"]
    else:
        return "-"
    return f"{_pct(share)} ({_pct(lo)}-{_pct(hi)})"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}"


def _boundary() -> list[str]:
    """The saves and memory section (``boundary.py``)."""
    out: list[str] = []
    rows = _load("saves.json")
    if rows:
        out += [
            "",
            "## Saves (`boundary.py saves`)",
            "",
            "A late-game save: the state after 90% of the decisions of a seeded random game.",
            "`load` treats it as untrusted (replays the record it carries, then compares the",
            "stored state); `load_trusted` restores a server's own snapshot. Best of 5 runs.",
            "",
            "| game | players | decisions | KB | write ms | load ms | load_trusted ms |",
            "|---|---:|---:|---:|---:|---:|---:|",
        ]
        for r in rows:
            out.append(
                f"| {r['game']} | {r['players']} | {r['entries']} | {r['bytes'] / 1000:.1f} "
                f"| {r['write_ms']:.2f} | {r['load_ms']:.2f} | {r['load_trusted_ms']:.2f} |"
            )
    mut = _load("mutation.json")
    if mut:
        out += [
            "",
            "## Mutation testing of the rules (`mutation.py`)",
            "",
            "mutmut's mutants of each game's rules modules, a seeded sample run against the",
            "covering tests (the game's own, the conformance suite, the hostile-input stage).",
            "Goal: at least 90% killed in every game; survivors and the equivalent ones are",
            "listed in `mutation.json` and in each game's documentation.",
            "",
            "| game | commit | mutants | sampled | killed | kill rate | date |",
            "|---|---|---:|---:|---:|---:|---|",
        ]
        for r in mut:
            out.append(
                f"| {r['game']} | {r['commit']} | {r['mutants']} | {r['sampled']} "
                f"| {r['killed']} | {100 * r['kill_rate']:.1f}% | {r['date']} |"
            )
    mem = HERE / "memory.json"
    if mem.exists():
        m = json.loads(mem.read_text())
        marks = ", ".join(f"{n}: {mb:.3f}" for n, mb in m["traced_mb"])
        out += [
            "",
            "## Memory (`boundary.py memory`)",
            "",
            f"One process plays {m['games']:,} random {m['game']} games ({m['players']}",
            f"players) in {m['seconds']} s; traced MB after a garbage collection, by games"
            f" played: {marks}.",
        ]
    return out


def report() -> None:
    m = bench.machine()
    out = [
        "# Benchmark results",
        "",
        "Written by `python benchmarks/run.py report` from `speed.json`, `strength.json`,",
        "`decisions.json` and `balance.json` (kept beside it). Machine of the last run: "
        f"{m['cpu']}, {m['nproc']} cores (`nproc`), {m['implementation']} {m['python']}, "
        f"{m['platform']}. The machine is shared with other work while measuring, so the",
        "figures are lower bounds of what an idle core does.",
        "",
        "## Speed (one core; `spacetable bench`)",
        "",
        f"Each game is measured {SPEED_REPEAT} times (1 s per figure); the run with the most",
        "random decisions per second is kept (rows measured before this rule: one run).",
        "",
        f"Goals: {bench.GOAL_DECISIONS_PER_S:,} random decisions per second and a clone of a",
        f"mid-game state under {bench.GOAL_CLONE_US:.0f} µs. Per-call times are means over",
        "mid-game states (halfway through seeded random playouts); MCTS iterations are those of",
        "the default `mcts` bot (leaves scored by the evaluation, no rollout).",
        "*state KiB*: bytes allocated by loading a mid-game save",
        "(history and log included); *clone KiB*: bytes one clone allocates.",
        "",
    ]
    rows = _load("speed.json")
    if rows:
        out.append(
            bench.markdown(
                {"machine": rows[0]["machine"], "date": rows[0]["date"], "results": rows}
            )
        )
        misses = []
        for r in rows:
            bad = []
            if r["decisions_per_s"] < bench.GOAL_DECISIONS_PER_S:
                bad.append(f"{r['decisions_per_s']:,.0f} decisions/s")
            if r.get("us", {}).get("clone", 0.0) >= bench.GOAL_CLONE_US:
                bad.append(f"clone {r['us']['clone']:.1f} µs")
            if bad:
                misses.append(f"- {r['game']} at {r['players']} players: {', '.join(bad)}")
        out += ["", "Missed goals:" if misses else "Every game meets both speed goals."]
        out += misses
    out += _boundary()
    out += ["", "## Strength (seats alternated; `spacetable tournament`)", ""]
    srows = _load("strength.json")
    if srows:
        out += [
            "Win share of bot A against bot B with its 95% Wilson interval. `mcts:N` is N",
            "iterations per decision (reproducible); `mcts:Ts`, T seconds. Samples are smaller",
            "than the 200 games per pairing of the goal where the time did not allow more:",
            "the interval says what the sample supports. With more seats than bots the bots",
            "alternate over the seats (A, B, A / B, A, B) unless B lists the other seats",
            "(`random,random`: one A against two B), and *fair* is one seat's fair share.",
            "*A above B*: the head-to-head share (how often an A seat finished above a B seat,",
            "ties half, game by game; at 2 players it is A's win share).",
            "",
            "| game | seats | options | A | B | games | A's win % | 95% CI | fair % "
            "| A above B % (95% CI) | decisions/game | wall s | taken |",
            "|---|---:|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|",
        ]
        for r in srows:
            opts = ", ".join(f"{k}={v}" for k, v in r.get("options", {}).items()) or "-"
            out.append(
                f"| {r['game']} | {r.get('players', 2)} | {opts} | {r['a']} | {r['b']} "
                f"| {r['games']} | {_pct(r['win_share'])} "
                f"| {_pct(r['win_ci'][0])}-{_pct(r['win_ci'][1])} "
                f"| {_pct(1 / r.get('players', 2))} | {_h2h(r)} | {r['mean_decisions']:.0f} "
                f"| {r['seconds']:.0f} | {r.get('date', '-')} |"
            )
    trows = _load("tuning.json")
    if trows:
        out += [
            "",
            "### Tuning of the MCTS bot (2 players, against greedy)",
            "",
            "Earlier, smaller runs that chose the defaults (`depth=0`, `c=0.15`): `depth` is the",
            "number of random rollout steps before the evaluation (`end`: to the end of the",
            "game), `c` the exploration constant. The games' rules and evaluations were still",
            "changing while these ran, so they are indicative only.",
            "",
            "| game | MCTS settings | games | win % against greedy | 95% CI |",
            "|---|---|---:|---:|---:|",
        ]
        for r in trows:
            out.append(
                f"| {r['game']} | {r['a']} | {r['games']} | {_pct(r['win_share'])} "
                f"| {_pct(r['win_ci'][0])}-{_pct(r['win_ci'][1])} |"
            )
    drows = _load("decisions.json")
    if drows:
        out += [
            "",
            "### Decision quality of Spacedealer's real-time searches (`decisions.py`)",
            "",
            f"On {drows[0]['positions']} positions where the paired search decides (three",
            "seeded 3-player games against two greedy bots), each bot kind chooses (two bot",
            "seeds), and an *oracle* (the paired search trying every legal action and waiting,",
            "rollouts of *depth* seconds of game time on *worlds* determinizations) scores the",
            "choice: *hit*, how often it is the oracle's best; *regret*, the oracle reward given",
            "up (in thousandths). A lead for choosing budgets, not a measure of strength.",
            "",
            "| oracle depth (s) | worlds | bot kind | hit % | regret (10⁻³) | s/decision | taken |",
            "|---:|---:|---|---:|---:|---:|---|",
        ]
        for r in drows:
            out.append(
                f"| {r['oracle_depth']} | {r['oracle_worlds']} | {r['kind']} | {_pct(r['hit'])} "
                f"| {1000 * r['regret']:.2f} | {r['seconds_per_decision']:.3f} | {r['date']} |"
            )
    out += [
        "",
        "## Balance (greedy bot in every seat; `spacetable balance`)",
        "",
        "Per game and player count: the first-seat advantage (share of the first seat to act",
        "minus the fair share), and for each kind of starting asymmetry the start that wins most",
        "often, with its 95% Wilson interval and its distance to fair. A start more than 5",
        "points above fair is flagged (solo: fair is the average win rate of all starts).",
        "Each flag left standing is explained in the game's docs (section Balance): a rule of",
        "the rulebook (Quazarys).",
        "",
        "| game | seats | games | seeds | first-seat advantage | asymmetry | best start | "
        "win % (95% CI) | vs fair | flagged |",
        "|---|---:|---:|---:|---:|---|---|---:|---:|---|",
    ]
    for b in _load("balance.json"):
        for c in b["counts"]:
            kinds: dict[str, dict[str, Any]] = {}
            by_kind = {
                k: [(x["value"], x["win_share"]) for x in c["rows"] if x["asymmetry"] == k]
                for k in ("seat", "order")
            }
            for r in c["rows"]:
                if r["asymmetry"] == "seat" and by_kind["seat"] == by_kind["order"]:
                    continue  # seat and order coincide where seat 0 always starts
                best = kinds.get(r["asymmetry"])
                if best is None or r["vs_fair"] > best["vs_fair"]:
                    kinds[r["asymmetry"]] = r
            adv = "solo" if c["players"] == 1 else f"{100 * c['first_seat_advantage']:+.1f}"
            for k, r in kinds.items():
                flagged = [x for x in c["rows"] if x["asymmetry"] == k and x["flag"]]
                out.append(
                    f"| {b['game']} | {c['players']} | {c['games']} "
                    f"| {', '.join(str(x) for x in c.get('seeds', [b['seed']]))} | {adv} | {k} "
                    f"| {r['value']} | {_pct(r['win_share'])} "
                    f"({_pct(r['win_ci'][0])}-{_pct(r['win_ci'][1])}) "
                    f"| {100 * r['vs_fair']:+.1f} "
                    f"| {', '.join(x['value'] for x in flagged) or '-'} |"
                )
    (HERE / "RESULTS.md").write_text("\n".join(out) + "\n")


def main(argv: list[str]) -> None:
    if not argv:
        print(__doc__)
        return
    cmd, args = argv[0], argv[1:]
    workers = int(os.environ.get("WORKERS", "1"))
    if cmd == "speed":
        speed(args)
    elif cmd == "strength":
        opts = json.loads(args[4]) if len(args) > 4 else None
        strength(args[0], args[1], args[2], int(args[3]), workers, opts)
    elif cmd == "balance":
        balance(args[0], int(args[1]), [int(x) for x in args[2:]], workers)
    elif cmd == "keep-balance":
        keep_balance(args)
    elif cmd == "report":
        report()
    else:
        raise SystemExit(f"unknown command {cmd!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
