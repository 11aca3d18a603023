"""``spacetable bench``: speed and memory of every game, per player count.

Measured on one core, for each game and player count:

* random playouts per second and random decisions per second (``legal_actions`` + a random
  choice + ``apply_unchecked``, from a new game to its end; real-time games also advance the
  clock as the conformance suite does, and those advances take time too: ``steps_per_s``
  counts actions and advances);
* the same random decisions per second through the checked contract, the README's loop
  (``legal_actions`` + a random choice + ``apply``, and ``advance`` for the clock:
  ``checked_decisions_per_s``), and its ratio to the unchecked loop (``checked_ratio``);
* microseconds per ``legal_actions``, ``apply`` (on a clone, the clone's time subtracted),
  ``clone``, ``view``, ``determinize``, ``to_json`` and ``evaluate``, averaged over mid-game
  states (the state halfway through seeded random playouts);
* MCTS iterations per second (the default ``mcts`` bot: leaves scored by ``evaluate``) on
  those states;
* memory of a mid-game state: the bytes a loaded copy allocates (history and log included),
  the bytes one clone allocates, and the size of its JSON save.

``--data DIR`` (with one game) measures that game with a directory of corrected tables.

``benchmarks/run.py`` runs the same measurements and writes ``benchmarks/RESULTS.md``.
Times are CPU times of the measuring process (``time.process_time``). Benchmarks are never
run as timed tests.
"""

from __future__ import annotations

import gc
import json
import os
import platform
import random
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from spacetable.bots import MCTSBot, SeatPort
from spacetable.cli.common import check_writable, fail, fail_value, os_error, positive, read_data
from spacetable.engine import DataSet, Game, game_class, list_games, load_trusted, new_game
from spacetable.playout import step

#: Time is the CPU time of this process, so that other work on a shared machine does not
#: count (a loaded machine still slows caches and frequency: figures are lower bounds).
clock = time.process_time

#: The goals of the project (issue 8).
GOAL_DECISIONS_PER_S = 50_000
GOAL_CLONE_US = 20.0


#: Seconds a real-time benchmark step lets pass when it advances the clock.
ADVANCES = (0.5, 1.0, 3.0)


def random_step(g: Game, rng: random.Random) -> bool:
    """One random decision (the one playout driver, unchecked); in a real-time game,
    sometimes an advance instead. True if a seat acted."""
    return step(g, rng, checked=False, advances=ADVANCES).seat is not None


def checked_step(g: Game, rng: random.Random) -> bool:
    """:func:`random_step` through the checked contract (the README's loop): ``advance`` and
    ``apply``, which check the seat and the action again, instead of the unchecked calls.
    The same generator draws give the same choices."""
    return step(g, rng, checked=True, advances=ADVANCES).seat is not None


def playouts(
    game: str,
    players: int,
    options: dict[str, Any],
    seconds: float,
    seed: int = 0,
    step: Callable[[Game, random.Random], bool] = random_step,
    data: DataSet[Any] | None = None,
) -> dict[str, float]:
    """Random playouts for about ``seconds``: playouts/s, decisions/s, mean game length.

    ``step`` plays one decision: :func:`random_step` (unchecked) or :func:`checked_step`;
    ``data`` is the data set played with (the shipped data by default).
    """
    rng = random.Random(seed)
    n = decisions = steps = 0
    game_seconds = 0.0
    t0 = clock()
    elapsed = 0.0
    while elapsed < seconds or n == 0:
        g = new_game(game, players, rng.getrandbits(48), options, data)
        while not g.is_over:
            if step(g, rng):
                decisions += 1
        steps += g.step
        game_seconds += g.clock
        n += 1
        elapsed = clock() - t0
    out = {
        "playouts_per_s": n / elapsed,
        "decisions_per_s": decisions / elapsed,
        "steps_per_s": steps / elapsed,
        "decisions_per_game": decisions / n,
        "playouts": float(n),
    }
    if game_seconds:  # real-time games: simulated game minutes per wall second
        out["game_minutes_per_s"] = game_seconds / 60 / elapsed
    return out


def mid_game_states(
    game: str,
    players: int,
    options: dict[str, Any],
    count: int = 6,
    seed: int = 1,
    data: DataSet[Any] | None = None,
) -> list[Game]:
    """``count`` states halfway through seeded random playouts (with ``data``)."""
    out = []
    for i in range(count):
        gs = seed * 1000 + i
        g = new_game(game, players, gs, options, data)
        rng = random.Random(gs)
        while not g.is_over:
            random_step(g, rng)
        half = g.step // 2
        g = new_game(game, players, gs, options, data)
        rng = random.Random(gs)
        while g.step < half and not g.is_over:
            random_step(g, rng)
        if not g.is_over and g.to_act:
            out.append(g)
    return out


def per_call_us(fn: Callable[[Game], object], states: Sequence[Game], seconds: float) -> float:
    """Mean microseconds of ``fn(state)`` over ``states``, repeated for about ``seconds``."""
    calls = 0
    t0 = clock()
    elapsed = 0.0
    while elapsed < seconds or calls == 0:
        for g in states:
            fn(g)
        calls += len(states)
        elapsed = clock() - t0
    return 1e6 * elapsed / calls


def _apply_one(g: Game) -> None:
    c = g.clone()
    seat = c.to_act[0]
    c.apply_unchecked(seat, c.legal_actions(seat)[0])


def measure(
    game: str,
    players: int,
    options: dict[str, Any] | None = None,
    *,
    seconds: float = 0.5,
    mcts_iterations: int = 100,
    data: DataSet[Any] | None = None,
) -> dict[str, Any]:
    """Every figure of the module docstring for one game and player count (played with
    ``data``, the shipped data by default, and the game's simulation settings under
    ``options``: random play never ends some games the rulebook does not bound)."""
    opts = game_class(game).info.for_simulation(options)
    out: dict[str, Any] = {"game": game, "players": players, "options": opts}
    if data is not None:
        out["data"] = data.label()
    out.update(playouts(game, players, opts, seconds, data=data))
    checked = playouts(game, players, opts, seconds, step=checked_step, data=data)
    out["checked_decisions_per_s"] = checked["decisions_per_s"]
    out["checked_ratio"] = checked["decisions_per_s"] / out["decisions_per_s"]
    states = mid_game_states(game, players, opts, data=data)
    if not states:
        return out
    seat_of = {id(g): g.to_act[0] for g in states}
    drng = random.Random(0)
    op_time = seconds / 4
    clone_us = per_call_us(lambda g: g.clone(), states, op_time)
    out["us"] = {
        "legal_actions": per_call_us(lambda g: g.legal_actions(seat_of[id(g)]), states, op_time),
        "apply": max(per_call_us(_apply_one, states, op_time) - clone_us, 0.0),
        "clone": clone_us,
        "view": per_call_us(lambda g: g.view(seat_of[id(g)]), states, op_time),
        "determinize": per_call_us(lambda g: g.determinize(seat_of[id(g)], drng), states, op_time),
        "to_json": per_call_us(lambda g: g.to_json(), states, op_time),
        "evaluate": per_call_us(lambda g: g.evaluate(seat_of[id(g)]), states, op_time),
    }
    its = 0
    t0 = clock()
    for i, g in enumerate(states[:3]):
        bot = MCTSBot(i, iterations=mcts_iterations)
        bot.choose(SeatPort(g, seat_of[id(g)]))
        its += int(bot.last_stats.get("iterations", 1))
    out["mcts_iterations_per_s"] = its / (clock() - t0)
    g = states[0]
    text = g.to_json()
    gc.collect()
    gc.disable()  # a collection during the snapshots would count freed memory against us
    tracemalloc.start()
    a = tracemalloc.take_snapshot()
    copy = load_trusted(text, data)  # the stored state itself, not a replay of the record
    b = tracemalloc.take_snapshot()
    c = copy.clone()
    d = tracemalloc.take_snapshot()
    tracemalloc.stop()
    gc.enable()
    out["memory"] = {
        "state_bytes": sum(s.size_diff for s in b.compare_to(a, "filename")),
        "clone_bytes": sum(s.size_diff for s in d.compare_to(b, "filename")),
        "json_bytes": len(text.encode()),
        "step": g.step,
    }
    del c
    out["goals"] = {
        "decisions_per_s": out["decisions_per_s"] >= GOAL_DECISIONS_PER_S,
        "clone_us": clone_us < GOAL_CLONE_US,
    }
    return out


def machine() -> dict[str, Any]:
    """The machine the figures were taken on."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "nproc": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
    }


def run(
    games: Sequence[str] | None = None,
    players: Sequence[int] | None = None,
    *,
    seconds: float = 0.5,
    mcts_iterations: int = 100,
    on_done: Callable[[dict[str, Any]], None] | None = None,
    data: DataSet[Any] | None = None,
) -> dict[str, Any]:
    """Measure every game (or those given) at every player count (or those given); ``data``
    is the data set of the one game given."""
    if data is not None and list(games or []) != [data.game]:
        raise ValueError(f"a data set of {data.game} measures {data.game} alone")
    rows = []
    for gid in games or list_games():
        info = game_class(gid).info
        counts = [
            n
            for n in (players or range(info.min_players, info.max_players + 1))
            if info.min_players <= n <= info.max_players
        ]
        for n in counts:
            row = measure(gid, n, seconds=seconds, mcts_iterations=mcts_iterations, data=data)
            rows.append(row)
            if on_done:
                on_done(row)
    return {
        "machine": machine(),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "results": rows,
    }


def _fmt_int(x: float) -> str:
    return f"{x:,.0f}"


def table_rows(report: dict[str, Any]) -> list[list[str]]:
    """One row of text cells per game and player count (see :data:`COLUMNS`)."""
    rows = []
    for r in report["results"]:
        us = r.get("us", {})
        mem = r.get("memory", {})

        def u(k: str, us: dict[str, float] = us) -> str:
            return f"{us[k]:.1f}" if k in us else "-"

        rows.append(
            [
                r["game"],
                str(r["players"]),
                f"{r['playouts_per_s']:.1f}",
                _fmt_int(r["decisions_per_s"]),
                _fmt_int(r["checked_decisions_per_s"]) if "checked_decisions_per_s" in r else "-",
                f"{r['checked_ratio']:.2f}" if "checked_ratio" in r else "-",
                _fmt_int(r.get("steps_per_s", r["decisions_per_s"])),
                f"{r['decisions_per_game']:.0f}",
                u("legal_actions"),
                u("apply"),
                u("clone"),
                u("view"),
                u("determinize"),
                u("to_json"),
                u("evaluate"),
                _fmt_int(r.get("mcts_iterations_per_s", 0.0)),
                f"{r['game_minutes_per_s']:,.0f}" if "game_minutes_per_s" in r else "-",
                f"{mem.get('state_bytes', 0) / 1024:.0f}" if mem else "-",
                f"{mem.get('clone_bytes', 0) / 1024:.1f}" if mem else "-",
            ]
        )
    return rows


COLUMNS = (
    "game",
    "seats",
    "playouts/s",
    "decisions/s",
    "checked decisions/s",
    "checked/unchecked",
    "steps/s",
    "decisions/game",
    "legal_actions µs",
    "apply µs",
    "clone µs",
    "view µs",
    "determinize µs",
    "to_json µs",
    "evaluate µs",
    "MCTS it/s",
    "game min/s",
    "state KiB",
    "clone KiB",
)


#: The columns of the two tables the command prints.
SPEED_COLUMNS = (
    "game",
    "seats",
    "playouts/s",
    "decisions/s",
    "checked decisions/s",
    "checked/unchecked",
    "steps/s",
    "decisions/game",
    "MCTS it/s",
    "game min/s",
    "state KiB",
)
CALL_COLUMNS = (
    "game",
    "seats",
    "legal_actions µs",
    "apply µs",
    "clone µs",
    "view µs",
    "determinize µs",
    "to_json µs",
    "evaluate µs",
)


def markdown(report: dict[str, Any]) -> str:
    """The report as a Markdown table with the machine it was taken on."""
    m = report["machine"]
    lines = [
        f"Taken {report['date']} on {m['cpu']} ({m['nproc']} cores), "
        f"{m['implementation']} {m['python']}, {m['platform']}; one core per measurement.",
        "",
        "| " + " | ".join(COLUMNS) + " |",
        "|" + "|".join("---" if i < 2 else "---:" for i in range(len(COLUMNS))) + "|",
    ]
    for row in table_rows(report):
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"


def register(app: typer.Typer) -> None:
    """Add the ``bench`` command to the CLI."""

    @app.command()
    def bench(
        games: Annotated[list[str] | None, typer.Argument(help="game ids (default: all)")] = None,
        players: Annotated[
            list[int] | None, typer.Option("--players", "-p", help="player counts (default: all)")
        ] = None,
        seconds: Annotated[float, typer.Option("--seconds", help="time per measurement")] = 0.5,
        mcts_iterations: Annotated[
            int, typer.Option("--mcts-iterations", help="MCTS budget per measured decision")
        ] = 100,
        as_json: Annotated[bool, typer.Option("--json", help="print the JSON report")] = False,
        markdown_file: Annotated[
            str | None, typer.Option("--markdown", help="also write a Markdown table here")
        ] = None,
        data: Annotated[
            Path | None,
            typer.Option("--data", help="measure one game with a directory of corrected tables"),
        ] = None,
    ) -> None:
        """Speed and memory of each game per player count (random playouts, µs per call)."""
        from rich.console import Console
        from rich.progress import Progress
        from rich.table import Table

        known = list_games()
        try:
            for g in games or []:
                if g not in known:
                    raise ValueError(f"unknown game {g!r}; known: {', '.join(known)}")
            positive(seconds, "--seconds")
            if mcts_iterations < 1:
                raise ValueError(f"--mcts-iterations must be at least 1, got {mcts_iterations}")
            if markdown_file:
                check_writable(Path(markdown_file), "--markdown")
            dataset = None
            if data is not None:
                if len(games or []) != 1:
                    raise ValueError("--data: give exactly one game to measure with these tables")
                dataset = read_data((games or [""])[0], data)
        except ValueError as e:
            fail_value(e)
        todo = 0
        fits: set[int] = set()
        for gid in games or known:
            info = game_class(gid).info
            counts = range(info.min_players, info.max_players + 1)
            fits.update(counts)
            todo += sum(1 for n in counts if not players or n in players)
        for n in players or []:
            if n not in fits:
                fail(f"--players {n}: no game measured takes {n} players")
        console = Console(stderr=as_json)
        with Progress(console=console, transient=True, disable=as_json) as progress:
            task = progress.add_task("bench", total=todo)
            report = run(
                games,
                players,
                seconds=seconds,
                mcts_iterations=mcts_iterations,
                on_done=lambda _r: progress.advance(task),
                data=dataset,
            )
        if markdown_file:
            try:
                Path(markdown_file).write_text(markdown(report), encoding="utf-8")
            except OSError as e:
                fail(f"--markdown: {os_error(e)}", code=1)
        if as_json:
            typer.echo(json.dumps(report, indent=1))
            return
        m = report["machine"]
        rows = table_rows(report)
        speed = [COLUMNS.index(c) for c in SPEED_COLUMNS]
        calls = [COLUMNS.index(c) for c in CALL_COLUMNS]
        for title, cols in (
            (f"speed and memory ({m['cpu']}, Python {m['python']})", speed),
            ("microseconds per call, mid-game states", calls),
        ):
            t = Table(title=title)
            for i in cols:
                t.add_column(COLUMNS[i], justify="left" if i == 0 else "right")
            for row in rows:
                t.add_row(*(row[i] for i in cols))
            console.print(t)
        console.print(
            f"goals: {GOAL_DECISIONS_PER_S:,} random decisions/s, clone < {GOAL_CLONE_US:.0f} µs"
        )
