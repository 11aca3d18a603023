"""``spacetable balance``: is a game fair to every seat and every starting asymmetry?

For each player count, the same bot (greedy by default) plays every seat of many games; the
report gives the win share of each seat and of each place in the turn order (``order`` 0 is
the first seat to act; the first-seat advantage is its share minus the fair share
``1/players``, or seat 0's in a game without a single first seat) and, for every starting
asymmetry known for the game, the win share of each value with a Wilson interval. A value
whose share is more than 5 points above fair is flagged: the reconstructed data behind it
should be fixed (not the bots). In a solo game, *fair* is the average win rate of all starts
(the fair share of each start is to win as often as the others).

``--data DIR`` measures a directory of corrected tables (validated before any game): a box
owner's corrected prices are measured as they are played.

Games describe their asymmetries with an optional method ``asymmetries(self) ->
list[dict[str, str]]`` (one dict per seat, read right after setup, e.g. ``{"captain":
"Zara"}``); without it, those read from the public view by
:data:`spacetable.cli.tournament.VIEW_ASYMMETRIES` are reported.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from spacetable.cli.cluster_opts import RayAddress, RayFlag, open_backend
from spacetable.cli.common import (
    check_bot,
    fail_value,
    read_data,
    say_simulation_options,
    simulation_options,
)
from spacetable.cli.tournament import as_dataset, make_jobs, run_jobs, win_shares
from spacetable.cluster import Backend
from spacetable.engine import DataSet, game_class, new_game
from spacetable.stats import wilson

#: A start is flagged when its win share is more than this above the fair share.
FLAG_MARGIN = 0.05


def summarize_balance(results: Sequence[dict[str, Any]], players: int) -> dict[str, Any]:
    """Win share per (asymmetry, value), with intervals and flags, from :func:`run_jobs`."""
    fair = 1.0 / players
    if players == 1:  # solo: a start is fair when it wins as often as the average start
        fair = sum(win_shares(r["ranks"])[0] for r in results) / max(len(results), 1)
    table: dict[tuple[str, str], list[float]] = {}
    for r in results:
        shares = win_shares(r["ranks"])
        for s in range(players):
            for key, value in r["labels"][s].items():
                table.setdefault((key, value), []).append(shares[s])
    rows: list[dict[str, Any]] = []
    for (key, value), xs in sorted(
        table.items(), key=lambda kv: (kv[0][0] != "seat", kv[0][0], _natural(kv[0][1]))
    ):
        rows.append(balance_row(key, value, sum(xs), len(xs), fair))
    first = [r for r in rows if r["asymmetry"] == "order" and r["value"] == "0"]
    first += [r for r in rows if r["asymmetry"] == "seat" and r["value"] == "0"]
    seat0 = first[0] if first else None
    return {
        "players": players,
        "games": len(results),
        "fair_share": fair,
        "first_seat_advantage": seat0["win_share"] - fair if seat0 and players > 1 else 0.0,
        "rows": rows,
        "mean_decisions": sum(r["decisions"] for r in results) / max(len(results), 1),
    }


def balance_row(key: str, value: str, wins: float, n: int, fair: float) -> dict[str, Any]:
    """The report row of one start: ``wins`` (fractions of a win) over ``n`` seats played."""
    lo, hi = wilson(wins, n)
    share = wins / n
    return {
        "asymmetry": key,
        "value": value,
        "seats_played": n,
        "win_share": share,
        "win_ci": [lo, hi],
        "vs_fair": share - fair,
        "flag": share - fair > FLAG_MARGIN,
        "significant": lo > fair + FLAG_MARGIN,
    }


def _natural(v: str) -> tuple[int, int | str]:
    return (0, int(v)) if v.isdigit() else (1, v)


def run_balance(
    game: str,
    players: Sequence[int] | None = None,
    games: int = 1000,
    *,
    bot: str = "greedy",
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    on_done: Callable[[dict[str, Any]], None] | None = None,
    data: DataSet[Any] | str | os.PathLike[str] | None = None,
    backend: Backend | None = None,
) -> dict[str, Any]:
    """Play ``games`` games per player count with ``bot`` in every seat; the JSON report.

    ``data`` is a data set or a directory of corrected tables (the shipped data by default).
    ``backend`` plays the games (default: ``workers`` local processes); the report is the
    same for every backend. The games are played with the game's simulation options under
    ``options`` (a round limit where the rulebook has none: bots may stall).
    """
    info = game_class(game).info
    options = info.for_simulation(options)
    counts = list(players or range(info.min_players, info.max_players + 1))
    dataset = as_dataset(game, data)
    out = []
    used: dict[str, str] | None = None
    t0 = time.perf_counter()
    for k, n in enumerate(counts):
        g = new_game(game, n, 0, options, dataset)  # fail early on bad settings
        used = g.data.label() if g.data is not None else None
        jobs = make_jobs(game, n, [bot], games, seed + 7919 * k, g.options, data=dataset)
        results = run_jobs(jobs, workers, on_done, backend=backend)
        out.append(summarize_balance(results, n))
    return {
        "game": game,
        "bot": bot,
        "seed": seed,
        "options": dict(options or {}),
        "data": used,
        "flag_margin": FLAG_MARGIN,
        "counts": out,
        "seconds": time.perf_counter() - t0,
    }


def register(app: typer.Typer) -> None:
    """Add the ``balance`` command to the CLI."""

    @app.command()
    def balance(
        game: Annotated[str, typer.Argument(help="game id")],
        players: Annotated[
            list[int] | None, typer.Option("--players", "-p", help="player counts (default: all)")
        ] = None,
        games: Annotated[int, typer.Option("--games", "-n", help="games per player count")] = 1000,
        bot: Annotated[str, typer.Option("--bot", help="the bot in every seat")] = "greedy",
        seed: Annotated[int, typer.Option("--seed", "-s", help="master seed")] = 0,
        option: Annotated[
            list[str] | None, typer.Option("--option", "-o", help="game option key=value")
        ] = None,
        workers: Annotated[
            int,
            typer.Option(
                "--workers", "-w", help="local processes, or a local Ray's CPUs (0: one per core)"
            ),
        ] = 0,
        as_json: Annotated[bool, typer.Option("--json", help="print the JSON report")] = False,
        data: Annotated[
            Path | None,
            typer.Option("--data", help="measure a directory of corrected tables"),
        ] = None,
        ray: RayFlag = False,
        ray_address: RayAddress = None,
    ) -> None:
        """First-seat advantage and win share of every starting asymmetry, with intervals."""
        from rich.console import Console
        from rich.progress import Progress
        from rich.table import Table

        try:
            if games < 1:
                raise ValueError(f"--games must be at least 1, got {games}")
            if workers < 0:
                raise ValueError(f"--workers must be at least 0 (0: one per core), got {workers}")
            info = game_class(game).info
            counts = list(dict.fromkeys(players or range(info.min_players, info.max_players + 1)))
            options = simulation_options(game, option)
            dataset = read_data(game, data)
            for n in counts:
                new_game(game, n, 0, options, dataset)  # bad settings stop here
            check_bot(bot, "--bot", game)
            backend = open_backend(workers, ray, ray_address)
        except ValueError as e:
            fail_value(e)
        say_simulation_options(game, option)
        console = Console(stderr=as_json)
        with (
            backend,
            Progress(console=console, transient=True, disable=as_json) as progress,
        ):
            task = progress.add_task(f"{game} balance", total=games * len(counts))
            try:
                report = run_balance(
                    game,
                    counts,
                    games,
                    bot=bot,
                    seed=seed,
                    options=options,
                    on_done=lambda _r: progress.advance(task),
                    data=dataset,
                    backend=backend,
                )
            except ValueError as e:
                fail_value(e)
        if as_json:
            typer.echo(json.dumps(report, indent=1))
            return
        for c in report["counts"]:
            if c["players"] == 1:
                title = (
                    f"{game}, solo, {c['games']} games of {bot}: "
                    f"win rate {100 * c['fair_share']:.1f}%"
                )
            else:
                title = (
                    f"{game}, {c['players']} players, {c['games']} games of {bot}: "
                    f"fair share {100 * c['fair_share']:.1f}%, first-seat advantage "
                    f"{100 * c['first_seat_advantage']:+.1f} points"
                )
            t = Table(title=title)
            for col in ("asymmetry", "value", "seats", "win %", "95% CI", "vs fair", ""):
                t.add_column(col, justify="left" if col in ("asymmetry", "value") else "right")
            for r in c["rows"]:
                t.add_row(
                    r["asymmetry"],
                    r["value"],
                    str(r["seats_played"]),
                    f"{100 * r['win_share']:.1f}",
                    f"{100 * r['win_ci'][0]:.1f}-{100 * r['win_ci'][1]:.1f}",
                    f"{100 * r['vs_fair']:+.1f}",
                    "[red]> +5[/]" if r["flag"] else "",
                )
            console.print(t)
        if dataset is not None and report["data"]:
            console.print(f"data: {report['data']['name']} ({report['data']['digest']})")
        console.print(
            f"flagged: more than {100 * FLAG_MARGIN:.0f} points above fair "
            f"({report['seconds']:.1f} s, {backend.name})"
        )
