"""``spacetable simulate``: bot-versus-bot games with a progress bar and a summary.

``--bots a,b,...`` is the line-up of a game: seat ``p`` of the first game gets kind
``p mod K`` of the ``K`` kinds given. Each next game turns that line-up by one seat
(:func:`spacetable.sim.seating`), so over every ``players`` games each place of the line-up
plays each seat once and no bot keeps one seat's advantage; ``--fixed-seats`` plays every
game with the line-up as given.

The summary (wins by seat whatever bot sat there, by bot over every seat it played, and by
bot at each seat; scores; game length) depends only on the seed (and the data set: ``--data
DIR`` plays a directory of corrected tables, validated before the first game); the speed
figures (games and decisions per second) are reported apart.
"""

from __future__ import annotations

import json
import statistics
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

import spacetable
from spacetable.bots import make_bot
from spacetable.cluster import Backend, run_ordered
from spacetable.engine import DataSet
from spacetable.records import RecordWriter, record_file
from spacetable.sim import (
    GameResult,
    entrant_names,
    seat_counts,
    seating,
    seating_note,
    seats_balanced,
    seeds_for,
)

from .cluster_opts import FixedSeats, RayAddress, RayFlag, RecordDir, open_backend
from .common import (
    console,
    default_players,
    fail_value,
    parse_bot_list,
    positive,
    read_data,
    say_simulation_options,
    simulation_options,
)
from .tournament import Job, data_job_fields, run_job


def simulation_jobs(
    game_id: str,
    players: int,
    games: int,
    bot_kinds: list[str],
    seed: int,
    options: dict[str, Any],
    tick: float = 1.0,
    data: DataSet[Any] | None = None,
    record: bool = False,
    *,
    fixed_seats: bool = False,
) -> list[Job]:
    """The games of a simulation: game ``i`` has the ``i``-th seed of :func:`seeds_for`.

    The line-up has ``players`` places, place ``q`` holding ``bot_kinds[q % K]``; in game
    ``i`` seat ``p`` gets place ``(i + p) mod players`` (:func:`spacetable.sim.seating`), or
    place ``p`` in every game with ``fixed_seats``. The bot of seat ``p`` is seeded
    ``seed_i + 7919 * (p + 1)``. The seating of a game depends on ``i`` and the settings
    alone, so not on the backend."""
    path, digest = data_job_fields(data)
    names = entrant_names(bot_kinds)
    place = [q % len(bot_kinds) for q in range(players)]  # the kind at each line-up place
    jobs = []
    for i, s in enumerate(seeds_for(seed, games)):
        kinds = [place[q] for q in seating(players, players, i, fixed=fixed_seats)]
        jobs.append(
            Job(
                index=i,
                game=game_id,
                players=players,
                seed=s,
                lineup=tuple(bot_kinds[k] for k in kinds),
                bot_seeds=tuple(s + 7919 * (p + 1) for p in range(players)),
                options=dict(options),
                tick=tick,
                data=path,
                data_digest=digest,
                record=record,
                entrants=tuple(names[k] for k in kinds),
                seating="fixed" if fixed_seats else "rotated",
            )
        )
    return jobs


def run_games(
    game_id: str,
    players: int,
    games: int,
    bot_kinds: list[str],
    seed: int,
    options: dict[str, Any],
    tick: float = 1.0,
    progress: Progress | None = None,
    data: DataSet[Any] | None = None,
    *,
    backend: Backend | None = None,
    records: RecordWriter | None = None,
    fixed_seats: bool = False,
) -> list[GameResult]:
    """Play ``games`` seeded games (:func:`simulation_jobs`) on ``backend`` (this process by
    default); the results in game order, the same for every backend.

    ``data`` is the data set the games are played with (the shipped data by default);
    ``records`` receives every game's record, in game order. The seats rotate from game
    to game unless ``fixed_seats``.
    """
    task = progress.add_task("games", total=games) if progress else None
    jobs = simulation_jobs(
        game_id,
        players,
        games,
        bot_kinds,
        seed,
        options,
        tick,
        data,
        records is not None,
        fixed_seats=fixed_seats,
    )

    def done(_i: int, r: dict[str, Any]) -> None:
        if records is not None:
            records.add(r["index"], r.pop("record"))
        if progress is not None and task is not None:
            progress.advance(task)

    out = run_ordered(run_job, jobs, backend, done)
    return [
        GameResult(
            seed=r["seed"],
            players=players,
            bots=list(r["lineup"]),
            scores=list(r["scores"]),
            ranks=list(r["ranks"]),
            reason=r["reason"],
            decisions=r["decisions"],
            seconds=r["seconds"],
            entrants=list(r["entrants"]),
        )
        for r in out
    ]


def summarize(
    results: list[GameResult], players: int, *, seating_mode: str = "rotated"
) -> dict[str, Any]:
    """Wins (a tie for first shares the win), scores and lengths: by seat whatever bot sat
    there, by bot over every seat it played, and by bot at each seat. Each game's seating is
    read from its result (:attr:`GameResult.seated`), never assumed.

    ``seating`` gives the ``mode`` (``rotated`` or ``fixed``), the ``cycle`` (the games after
    which a rotated line-up is back where it started: the player count) and whether every
    bot ``balanced``-ly sat at every seat equally often.
    """
    n = len(results)
    seat_wins = [0.0] * players
    bot_wins: dict[str, list[float]] = {}
    bot_scores: dict[str, list[float]] = {}
    for r in results:
        seated = r.seated
        winners = [s for s in range(players) if r.ranks[s] == 1]
        for s in range(players):
            bot_wins.setdefault(seated[s], [0.0] * players)
            bot_scores.setdefault(seated[s], []).append(float(r.scores[s]))
        for s in winners:
            seat_wins[s] += 1 / len(winners)
            bot_wins[seated[s]][s] += 1 / len(winners)
    counts = seat_counts((r.seated for r in results), players)
    played = {b: sum(c) for b, c in counts.items()}
    wins = {b: sum(bot_wins[b]) for b in counts}
    scores = [[r.scores[s] for r in results] for s in range(players)]
    lengths = [r.decisions for r in results]
    return {
        "games": n,
        "players": players,
        "seating": {
            "mode": seating_mode,
            "cycle": players,
            "balanced": seats_balanced(counts),
        },
        "wins_by_seat": [round(w, 3) for w in seat_wins],
        "win_share_by_seat": [round(w / n, 4) if n else 0.0 for w in seat_wins],
        "bots_by_seat": [{b: c[s] for b, c in counts.items() if c[s]} for s in range(players)],
        "wins_by_bot": {b: round(w, 3) for b, w in wins.items()},
        "seats_by_bot": played,
        "win_share_by_bot": {b: round(wins[b] / played[b], 4) for b in counts},
        "score_mean_by_bot": {b: round(statistics.fmean(bot_scores[b]), 3) for b in counts},
        "wins_by_bot_and_seat": {b: [round(w, 3) for w in bot_wins[b]] for b in counts},
        "seats_by_bot_and_seat": counts,
        "score_mean_by_seat": [round(statistics.fmean(sc), 3) if sc else 0.0 for sc in scores],
        "score_stdev_by_seat": [
            round(statistics.pstdev(sc), 3) if len(sc) > 1 else 0.0 for sc in scores
        ],
        "length_mean": round(statistics.fmean(lengths), 2) if lengths else 0.0,
        "length_min": min(lengths, default=0),
        "length_max": max(lengths, default=0),
        "reasons": _count(str(r.reason) for r in results),
    }


def _count(items: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return dict(sorted(out.items()))


def simulate(
    game_id: str = typer.Argument(..., help="Game id (see `spacetable games`)."),
    players: int | None = typer.Option(
        None, "--players", "-p", help="Seats per game (default: 2, or the game's smallest count)."
    ),
    games: int = typer.Option(100, "--games", "-n", min=1),
    bots: str = typer.Option(
        "random",
        help="Comma-separated bot kinds, given to seats in turn (at most one per seat); the "
        "line-up turns by one seat each game unless --fixed-seats.",
    ),
    seed: int = typer.Option(0),
    option: list[str] = typer.Option(None, "--option", "-o", help="Game option NAME=VALUE."),
    tick: float = typer.Option(1.0, help="Real-time games: seconds per bot tick."),
    json_out: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
    data: Path | None = typer.Option(
        None, "--data", help="Play with a directory of corrected tables (`spacetable data`)."
    ),
    workers: int | None = typer.Option(
        None,
        "--workers",
        "-w",
        help="Local processes, or a local Ray's CPUs (0: one per core) (default: 1, with "
        "--ray one per core).",
    ),
    ray: RayFlag = False,
    ray_address: RayAddress = None,
    record: RecordDir = None,
    fixed_seats: FixedSeats = False,
) -> None:
    """Play bot-versus-bot games and summarise them.

    The line-up turns by one seat from each game to the next (over a multiple of PLAYERS
    games every bot plays every seat equally often); --fixed-seats keeps it as given. The
    summary depends on the seed alone, whatever --workers or --ray.
    """
    try:
        options = simulation_options(game_id, option)
        if players is None:
            players = default_players(game_id, at_least=2)
        dataset = read_data(game_id, data)
        first = spacetable.new_game(game_id, players, 0, options, dataset)
        kinds = parse_bot_list(bots, "--bots", players)
        for k in kinds:
            make_bot(k, 0, game_id)
        positive(tick, "--tick")
        path = record_file(record, "simulate", game_id, players, seed) if record else None
        if workers is None:
            workers = 0 if ray or ray_address else 1
        backend = open_backend(workers, ray, ray_address)
    except ValueError as e:
        fail_value(e)
    say_simulation_options(game_id, option)
    label = first.data.label() if first.data is not None else None
    t0 = time.perf_counter()
    try:
        with backend, RecordWriter(path) if path else nullcontext() as writer:
            if json_out:
                results = run_games(
                    game_id,
                    players,
                    games,
                    kinds,
                    seed,
                    options,
                    tick,
                    data=dataset,
                    backend=backend,
                    records=writer,
                    fixed_seats=fixed_seats,
                )
            else:
                with Progress(
                    TextColumn("[bold]{task.description}"),
                    BarColumn(),
                    MofNCompleteColumn(),
                    TimeRemainingColumn(),
                    console=console,
                    transient=True,
                ) as progress:
                    results = run_games(
                        game_id,
                        players,
                        games,
                        kinds,
                        seed,
                        options,
                        tick,
                        progress,
                        dataset,
                        backend=backend,
                        records=writer,
                        fixed_seats=fixed_seats,
                    )
    except ValueError as e:
        fail_value(e)
    wall = time.perf_counter() - t0
    summary = summarize(results, players, seating_mode="fixed" if fixed_seats else "rotated")
    decisions = sum(r.decisions for r in results)
    speed = {
        "seconds": round(wall, 3),
        "games_per_second": round(games / wall, 2) if wall else None,
        "decisions_per_second": round(decisions / wall, 1) if wall else None,
    }
    if json_out:
        console.print_json(
            json.dumps(
                {
                    "game": game_id,
                    "bots": kinds,
                    "seed": seed,
                    "options": options,
                    "data": label,
                    "summary": summary,
                    "speed": speed,
                    **({"records": str(path)} if path else {}),
                },
                ensure_ascii=False,
            )
        )
        return
    console.print(
        f"[bold]{game_id}[/], {players} players, {games} games, "
        f"bots {', '.join(kinds)}, seed {seed}, seats {summary['seating']['mode']}"
        + (f", data {label['name']} ({label['digest']})" if dataset is not None and label else "")
    )
    console.print(_seat_table(summary))
    if len(summary["seats_by_bot"]) > 1:
        console.print(_bot_table(summary))
    seats = summary["seating"]
    note = seating_note(
        seats["mode"],
        seats["balanced"],
        games,
        seats["cycle"],
        f"the line-up turns by one seat a game and is back after {players}",
    )
    if note:
        console.print(note)
    console.print(
        f"length: mean {summary['length_mean']} decisions (min {summary['length_min']}, "
        f"max {summary['length_max']}); endings: "
        + ", ".join(f"{k} {v}" for k, v in summary["reasons"].items())
    )
    console.print(
        f"speed: {speed['games_per_second']} games/s, {speed['decisions_per_second']} decisions/s "
        f"({speed['seconds']} s, {backend.name})"
    )
    if path:
        console.print(f"records written to {path}")


def _seat_table(summary: dict[str, Any]) -> Table:
    """Wins and scores by seat, whatever bot sat there."""
    table = Table(title="by seat (whatever bot sat there)")
    table.add_column("seat", justify="right")
    table.add_column("bots (games)")
    table.add_column("wins", justify="right")
    table.add_column("win share", justify="right")
    table.add_column("score mean ± sd", justify="right")
    for s in range(summary["players"]):
        sat = summary["bots_by_seat"][s]
        table.add_row(
            str(s),
            ", ".join(f"{b} ({n})" for b, n in sat.items()),
            f"{summary['wins_by_seat'][s]:g}",
            f"{summary['win_share_by_seat'][s]:.1%}",
            f"{summary['score_mean_by_seat'][s]:.2f} ± {summary['score_stdev_by_seat'][s]:.2f}",
        )
    return table


def _bot_table(summary: dict[str, Any]) -> Table:
    """Each bot over every seat it played, then at each seat (wins / games there)."""
    table = Table(title="by bot (all its seats, then each seat: wins/games)")
    table.add_column("bot")
    table.add_column("seats played", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("win share", justify="right")
    table.add_column("score mean", justify="right")
    for s in range(summary["players"]):
        table.add_column(f"seat {s}", justify="right")
    for b, cnt in summary["seats_by_bot"].items():
        at = summary["seats_by_bot_and_seat"][b]
        won = summary["wins_by_bot_and_seat"][b]
        table.add_row(
            b,
            str(cnt),
            f"{summary['wins_by_bot'][b]:g}",
            f"{summary['win_share_by_bot'][b]:.1%}",
            f"{summary['score_mean_by_bot'][b]:.2f}",
            *(f"{won[s]:g}/{at[s]}" if at[s] else "-" for s in range(summary["players"])),
        )
    return table


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)
