"""``spacetable tournament``: bots play many games, in parallel, and are rated.

Game ``i`` of a tournament uses the ``i``-th seed of :func:`spacetable.sim.seeds_for` and
seats the bots rotated (:func:`spacetable.sim.seating`): seat ``s`` gets bot ``(i + s) mod B``
of the ``B`` bots given, so over every ``B`` games each bot plays each seat once;
``--fixed-seats`` gives seat ``s`` bot ``s mod B`` in every game instead. Each game is a pure
function of its job (game, settings, seed, line-up, bot seeds), so results do not depend on the
number of worker processes. Every result and record names the bot at each seat, and the
summary reads the seating from there. Reported: win shares with Wilson intervals (a shared
first place counts as a fraction of a win), mean scores and ranks, each bot's results at each
seat, per-seat win shares whatever bot sat there (first-seat advantage), Bradley-Terry ratings
on the Elo scale with bootstrap intervals, and optionally a plot (PNG, SVG, PDF... by the
extension of ``--plot``, checked before any game is played).

The game-running parts (:class:`Job`, :func:`run_jobs`) are shared with ``balance``.

``--data DIR`` plays a directory of corrected tables, validated before any game. A job
carries the directory's path and the digest of its tables, not the data set itself (a
:class:`~spacetable.engine.DataSet` does not survive pickling: an unpickled copy is not the
game's own data spec's and the game refuses it): each worker process loads the directory
once (:func:`job_data`) and refuses tables that changed since the run began.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer

from spacetable.bots import check_players, make_bot
from spacetable.cli.cluster_opts import FixedSeats, RayAddress, RayFlag, RecordDir, open_backend
from spacetable.cli.common import (
    check_writable,
    default_players,
    error_line,
    fail,
    fail_value,
    parse_bot_list,
    read_data,
    say_simulation_options,
    simulation_options,
)
from spacetable.cluster import Backend, LocalBackend
from spacetable.engine import DataError, DataSet, Game, game_class, load_data, new_game
from spacetable.records import RecordWriter, record_file
from spacetable.sim import (
    entrant_names,
    play_game,
    seating,
    seating_note,
    seats_balanced,
    seeds_for,
)
from spacetable.stats import (
    bootstrap_ratings,
    bradley_terry,
    elo_scale,
    mean_ci,
    pairwise_from_ranks,
    wilson,
)

# ---------------------------------------------------------------------------- running games


@dataclass(frozen=True)
class Job:
    """One game to play: everything that decides it."""

    index: int
    game: str
    players: int
    seed: int
    lineup: tuple[str, ...]
    bot_seeds: tuple[int, ...]
    options: dict[str, Any] = field(default_factory=dict)
    tick: float = 1.0
    #: The directory of the data set (absolute; None for the shipped data) and its digest.
    data: str | None = None
    data_digest: str | None = None
    #: Return the game's record (with the line-up in its ``meta``) for ``--record``.
    record: bool = False
    #: The name of the entrant at each seat (``greedy#1`` for a kind given twice); the
    #: line-up's kinds when empty.
    entrants: tuple[str, ...] = ()
    #: How the run seats its bots: ``"rotated"`` or ``"fixed"`` (:data:`spacetable.sim.SEATINGS`).
    seating: str = "rotated"

    @property
    def seated(self) -> list[str]:
        """The entrant at each seat."""
        return list(self.entrants or self.lineup)


#: The data sets this process loaded, by (game, directory, digest): loaded once per worker.
_DATA_SETS: dict[tuple[str, str, str], DataSet[Any]] = {}


def job_data(job: Job) -> DataSet[Any] | None:
    """The data set of ``job`` (None for the shipped data), loaded once per process from the
    job's directory; tables whose digest is no longer the job's are refused."""
    if job.data is None:
        return None
    key = (job.game, job.data, job.data_digest or "")
    ds = _DATA_SETS.get(key)
    if ds is None:
        ds = load_data(job.game, job.data)
        if job.data_digest is not None and ds.digest != job.data_digest:
            raise DataError(
                f"{job.data}: the tables changed during the run (digest {ds.digest}, the run "
                f"began with {job.data_digest})"
            )
        _DATA_SETS[key] = ds
    return ds


def data_job_fields(data: DataSet[Any] | None) -> tuple[str | None, str | None]:
    """What a :class:`Job` carries of ``data``: its directory (absolute) and its digest; the
    data set is remembered for the jobs this process runs itself."""
    if data is None or not data.origin:
        return None, None
    path = str(Path(data.origin).resolve())
    _DATA_SETS[(data.game, path, data.digest)] = data
    return path, data.digest


def as_dataset(
    game: str, data: DataSet[Any] | str | os.PathLike[str] | None
) -> DataSet[Any] | None:
    """``data`` as a data set: a directory is loaded (and validated)."""
    if data is None or isinstance(data, DataSet):
        return data
    return load_data(game, data)


def _seat_field(key: str, *path: str) -> Callable[[dict[str, Any], int], list[str]]:
    """An extractor of one per-seat field of a spectator view (``view[path][seat][key]``)."""

    def get(view: dict[str, Any], players: int) -> list[str]:
        rows: Any = view
        for p in path:
            rows = rows[p]
        return [str(rows[s][key]) for s in range(players)]

    return get


#: Starting asymmetries read from the public (spectator) view, for games that do not define
#: an ``asymmetries`` method: (label, read at the start or at the end, extractor).
VIEW_ASYMMETRIES: dict[str, list[tuple[str, str, Callable[[dict[str, Any], int], list[str]]]]] = {
    "wildspace": [("captain", "start", _seat_field("captain", "player_states"))],
    "tortuga2199": [("ship", "end", _seat_field("ship", "players"))],
    "spacedealer": [("planet", "start", _seat_field("planet", "players"))],
    "planetraiders": [("colour", "start", _seat_field("colour", "players_info"))],
}


def asymmetries(game: Game, when: str = "start") -> list[dict[str, str]]:
    """Each seat's starting asymmetries, from public information only.

    At the start: the seat number and, in a turn-based game, the seat's place in the turn
    order (``order``: 0 for the first seat to act). Then, if the game defines
    ``asymmetries(self) -> list[dict[str, str]]`` (one dict per seat, e.g. ``{"captain":
    "Zara"}``), its labels; otherwise those of :data:`VIEW_ASYMMETRIES` read from the
    spectator view (some, like a ship chosen during the game, are read at the end).
    """
    n = game.players
    out: list[dict[str, str]] = [{} for _ in range(n)]
    if when == "start":
        for s in range(n):
            out[s]["seat"] = str(s)
        seats = game.to_act
        if not game.realtime and len(seats) == 1 and n > 1:
            for s in range(n):
                out[s]["order"] = str((s - seats[0]) % n)
    hook: Callable[[], Any] | None = getattr(game, "asymmetries", None)
    if callable(hook):
        if when == "start":
            for s, d in enumerate(hook()[:n]):
                out[s].update({str(k): str(v) for k, v in dict(d).items()})
        return out
    extractors = [x for x in VIEW_ASYMMETRIES.get(game.info.id, []) if x[1] == when]
    if extractors:
        view = game.view(None)
        for label, _, get in extractors:
            try:
                values = get(view, n)
            except (KeyError, IndexError, TypeError):
                continue  # the view changed shape: report seats only
            for s in range(n):
                out[s][label] = values[s]
    return out


def run_job(job: Job) -> dict[str, Any]:
    """Play one game; a compact, JSON-able summary of it."""
    g = new_game(job.game, job.players, job.seed, job.options, job_data(job))
    labels = asymmetries(g)
    bots = [make_bot(k, s, job.game) for k, s in zip(job.lineup, job.bot_seeds, strict=True)]
    res = play_game(g, bots, tick=job.tick)
    for s, extra in enumerate(asymmetries(g, "end")):
        labels[s].update(extra)
    out = g.outcome()
    return {
        "index": job.index,
        "seed": job.seed,
        "lineup": list(job.lineup),
        "entrants": job.seated,
        "scores": list(out.scores),
        "ranks": list(out.ranks),
        "rewards": list(out.payoffs()),
        "reason": out.reason,
        "decisions": res.decisions,
        "steps": g.step,
        "seconds": res.seconds,
        "labels": labels,
        **({"record": job_record(job, g)} if job.record else {}),
    }


def job_record(job: Job, game: Game) -> dict[str, Any]:
    """The record of ``job``'s finished ``game`` (:meth:`Game.record`, replayable with
    :func:`spacetable.replay`) with a ``meta`` field: the job's index, the run's seating
    (``rotated`` or ``fixed``), each seat's bot kind, entrant name and bot seed, and the
    outcome. It holds the seed, so every hidden card: records are for training and
    archives, never for a player during a game."""
    out = game.outcome()
    return {
        **game.record(),
        "meta": {
            "index": job.index,
            "seating": job.seating,
            "bots": list(job.lineup),
            "entrants": job.seated,
            "seats": [
                {"seat": s, "bot": k, "entrant": e, "bot_seed": b}
                for s, (k, e, b) in enumerate(
                    zip(job.lineup, job.seated, job.bot_seeds, strict=True)
                )
            ],
            "tick": job.tick,
            "scores": list(out.scores),
            "ranks": list(out.ranks),
            "rewards": list(out.payoffs()),
            "reason": str(out.reason),
        },
    }


def bot_seeds(game_seed: int, players: int) -> tuple[int, ...]:
    """Seeds of the bots of one game, derived from the game's seed."""
    r = random.Random(game_seed * 1_000_003 + 17)
    return tuple(r.getrandbits(48) for _ in range(players))


def make_jobs(
    game: str,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    start: int = 0,
    data: DataSet[Any] | None = None,
    record: bool = False,
    *,
    fixed_seats: bool = False,
) -> list[Job]:
    """The jobs of a tournament: seeds from ``seed``, bots rotated over the seats
    (:func:`spacetable.sim.seating`; ``fixed_seats``: seat ``s`` gets bot ``s mod B`` in every
    game), played with ``data`` (the shipped data by default) and the game's simulation
    options under ``options`` (bots may stall in a game the rulebook does not bound);
    ``record``: each result carries the game's record."""
    options = game_class(game).info.for_simulation(options)
    out = []
    names = entrant_names(bots)
    path, digest = data_job_fields(data)
    mode = "fixed" if fixed_seats else "rotated"
    for i, s in enumerate(seeds_for(seed, games)):
        order = seating(players, len(bots), start + i, fixed=fixed_seats)
        lineup = tuple(bots[e] for e in order)
        out.append(
            Job(
                start + i,
                game,
                players,
                s,
                lineup,
                bot_seeds(s, players),
                dict(options or {}),
                data=path,
                data_digest=digest,
                record=record,
                entrants=tuple(names[e] for e in order),
                seating=mode,
            )
        )
    return out


def run_jobs(
    jobs: Sequence[Job],
    workers: int = 1,
    on_done: Callable[[dict[str, Any]], None] | None = None,
    *,
    backend: Backend | None = None,
) -> list[dict[str, Any]]:
    """Play every job on ``backend`` (by default ``workers`` local processes); the results
    in job order, whatever the backend (:mod:`spacetable.cluster`)."""

    def done(_i: int, r: dict[str, Any]) -> None:
        if on_done is not None:
            on_done(r)

    if backend is not None:
        return backend.map(run_job, jobs, done)
    with LocalBackend(max(workers, 1)) as local:
        return local.map(run_job, jobs, done)


# ---------------------------------------------------------------------------- summaries


def win_shares(ranks: Sequence[int]) -> list[float]:
    """Each seat's share of the win: 1/k for each of k seats tied first, else 0."""
    k = sum(1 for r in ranks if r == 1)
    return [1.0 / k if r == 1 else 0.0 for r in ranks]


def seated_entrants(result: dict[str, Any], names: Sequence[str]) -> list[int]:
    """The entrant (an index into ``names``) at each seat of one game, read from its result
    (or record ``meta``): its ``entrants``, else its ``lineup`` of bot kinds."""
    seated = result.get("entrants") or result.get("lineup")
    where = {n: k for k, n in enumerate(names)}
    if not isinstance(seated, list) or not all(isinstance(x, str) for x in seated):
        raise ValueError(f"game {result.get('index')}: no entrant list in its result")
    unknown = [x for x in seated if x not in where]
    if unknown:
        raise ValueError(
            f"game {result.get('index')}: {unknown[0]!r} is not one of the bots {', '.join(names)}"
        )
    return [where[x] for x in seated]


def summarize(
    results: Sequence[dict[str, Any]],
    bots: Sequence[str],
    players: int,
    *,
    boot: int = 200,
    seating_mode: str = "rotated",
) -> dict[str, Any]:
    """Win shares, scores, ranks, seat advantage and ratings of a tournament's results; each
    game's seating is read from its result (:func:`seated_entrants`), never assumed."""
    names = entrant_names(bots)
    b = len(bots)
    per: list[dict[str, list[float]]] = [
        {"win": [], "score": [], "rank": [], "reward": []} for _ in range(b)
    ]
    at_seat: list[list[list[float]]] = [[[] for _ in range(players)] for _ in range(b)]
    seat_wins: list[list[float]] = [[] for _ in range(players)]
    pair_games: list[list[tuple[int, int, float]]] = []
    for r in results:
        entrants = seated_entrants(r, names)
        shares = win_shares(r["ranks"])
        for s, e in enumerate(entrants):
            per[e]["win"].append(shares[s])
            per[e]["score"].append(float(r["scores"][s]))
            per[e]["rank"].append(float(r["ranks"][s]))
            per[e]["reward"].append(float(r["rewards"][s]))
            at_seat[e][s].append(shares[s])
            seat_wins[s].append(shares[s])
        pair_games.append(pairwise_from_ranks(entrants, r["ranks"]))
    flat = [p for g in pair_games for p in g]
    ratings = elo_scale(bradley_terry(b, flat)) if flat else [1500.0] * b
    intervals = bootstrap_ratings(b, pair_games, samples=boot) if flat else [(1500.0, 1500.0)] * b
    entrants_out = []
    for e in range(b):
        d = per[e]
        n = len(d["win"])
        wins = sum(d["win"])
        lo, hi = wilson(wins, n)
        m, slo, shi = mean_ci(d["score"])
        entrants_out.append(
            {
                "name": names[e],
                "bot": bots[e],
                "seats_played": n,
                "win_share": wins / n if n else 0.0,
                "win_ci": [lo, hi],
                "mean_score": m,
                "score_ci": [slo, shi],
                "mean_rank": sum(d["rank"]) / n if n else 0.0,
                "mean_reward": sum(d["reward"]) / n if n else 0.0,
                "rating": ratings[e],
                "rating_ci": [min(intervals[e][0], ratings[e]), max(intervals[e][1], ratings[e])],
                "by_seat": [
                    {
                        "seat": s,
                        "games": len(xs),
                        "wins": sum(xs),
                        "win_share": sum(xs) / len(xs) if xs else 0.0,
                    }
                    for s, xs in enumerate(at_seat[e])
                ],
            }
        )
    seats_out = []
    for s in range(players):
        n = len(seat_wins[s])
        w = sum(seat_wins[s])
        lo, hi = wilson(w, n)
        seats_out.append(
            {"seat": s, "games": n, "win_share": w / n if n else 0.0, "win_ci": [lo, hi]}
        )
    decisions = [r["decisions"] for r in results]
    balanced = seats_balanced({names[e]: [len(xs) for xs in at_seat[e]] for e in range(b)})
    return {
        "games": len(results),
        "seating": {"mode": seating_mode, "cycle": b, "balanced": balanced},
        "entrants": entrants_out,
        "head_to_head": head_to_head(results, bots),
        "seats": seats_out,
        "fair_share": 1.0 / players,
        "mean_decisions": sum(decisions) / len(decisions) if decisions else 0.0,
    }


def head_to_head(results: Sequence[dict[str, Any]], bots: Sequence[str]) -> list[dict[str, Any]]:
    """How often each bot kind ranks above each other kind, game by game.

    For every pair of kinds (``greedy`` and ``random`` in ``greedy,random,random``) and every
    game where both sit, the game's share is the fraction of (a seat, b seat) pairs where the
    a seat finished better (ties count half). The report gives the mean of those shares with a
    Wilson interval over games (a game is one fractional trial, since the pairs of one game are
    not independent). At 2 players with two kinds this is a's win share; with more seats it is
    the multiplayer analogue of a head-to-head score.
    """
    kinds = list(dict.fromkeys(bots))
    per_game: dict[tuple[int, int], list[float]] = {
        (a, b): [] for a in range(len(kinds)) for b in range(len(kinds)) if a != b
    }
    for r in results:
        pairs = pairwise_from_ranks([kinds.index(k) for k in r["lineup"]], r["ranks"])
        sums: dict[tuple[int, int], list[float]] = {}
        for a, b, score in pairs:
            for key, x in (((a, b), score), ((b, a), 1.0 - score)):
                t = sums.setdefault(key, [0.0, 0.0])
                t[0] += x
                t[1] += 1
        for key, (total, count) in sums.items():
            per_game[key].append(total / count)
    out: list[dict[str, Any]] = []
    for (a, b), shares in per_game.items():
        n = len(shares)
        w = sum(shares)
        lo, hi = wilson(w, n)
        out.append(
            {"a": kinds[a], "b": kinds[b], "games": n, "share": w / n if n else 0.0, "ci": [lo, hi]}
        )
    return out


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _share(x: float, ci: Sequence[float]) -> str:
    """``41.0 (25.1-57.0)``: a share and its interval, in percent."""
    return f"{100 * x:.1f} ({100 * ci[0]:.1f}-{100 * ci[1]:.1f})"


def plot_formats() -> list[str]:
    """The file extensions matplotlib can write (``png``, ``svg``, ``pdf``...).

    Raises ValueError when matplotlib is not installed.
    """
    try:
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError as e:
        raise ValueError(
            f"--plot needs matplotlib ({error_line(e)}): pip install 'matplotlib>=3.8'"
        ) from e
    return sorted(FigureCanvasBase.get_supported_filetypes())


def check_plot_path(path: str) -> None:
    """Raise ValueError unless :func:`plot_ratings` can write ``path``: matplotlib is
    installed, the folder exists, and the extension names a format matplotlib writes."""
    formats = plot_formats()
    check_writable(Path(path), "--plot")
    ext = Path(path).suffix.lower().lstrip(".")
    if ext not in formats:
        got = f"'.{ext}'" if ext else "no extension"
        raise ValueError(
            f"--plot: {path!r} has {got}; use one of {', '.join('.' + f for f in formats)}"
        )


def plot_ratings(summary: dict[str, Any], path: str, title: str) -> None:
    """A plot of the ratings with their intervals (matplotlib, Agg backend); the format
    follows the extension of ``path`` (PNG, SVG, PDF...)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ents = summary["entrants"]
    names = [e["name"] for e in ents]
    r = [e["rating"] for e in ents]
    lo = [e["rating"] - e["rating_ci"][0] for e in ents]
    hi = [e["rating_ci"][1] - e["rating"] for e in ents]
    fig, ax = plt.subplots(figsize=(max(4.0, 1.2 * len(ents) + 2), 4))
    ax.errorbar(range(len(ents)), r, yerr=[lo, hi], fmt="o", capsize=6)
    ax.set_xticks(range(len(ents)), names)
    ax.set_ylabel("rating (Elo scale, 95% bootstrap interval)")
    ax.set_title(title)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def run_tournament(
    game: str,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    on_done: Callable[[dict[str, Any]], None] | None = None,
    data: DataSet[Any] | str | os.PathLike[str] | None = None,
    backend: Backend | None = None,
    record: str | os.PathLike[str] | None = None,
    fixed_seats: bool = False,
) -> dict[str, Any]:
    """Play a tournament and summarise it (the whole JSON report of the command).

    ``data`` is a data set or a directory of corrected tables (the shipped data by default).
    ``backend`` plays the games (default: ``workers`` local processes); the report is the
    same for every backend. ``record`` is a directory: every game's record is written to a
    new JSON Lines file there (:mod:`spacetable.records`), named in the report's
    ``records``. The bots rotate over the seats from game to game; ``fixed_seats`` keeps
    seat ``s`` for bot ``s mod B`` (then at most one bot per seat). The games are played
    with the game's simulation options under ``options``.
    """
    options = game_class(game).info.for_simulation(options)
    for b in bots:
        make_bot(b, 0, game)  # fail early on an unknown kind
        check_players(b, game, players)  # and on a learned bot without a policy here
    check_fixed_seats(len(bots), players, fixed_seats)
    dataset = as_dataset(game, data)
    g = new_game(game, players, 0, options, dataset)  # fail early on bad settings
    path = record_file(record, "tournament", game, players, seed) if record is not None else None
    jobs = make_jobs(
        game,
        players,
        bots,
        games,
        seed,
        g.options,
        data=dataset,
        record=bool(path),
        fixed_seats=fixed_seats,
    )
    t0 = time.perf_counter()
    writer = RecordWriter(path) if path is not None else None
    try:

        def done(r: dict[str, Any]) -> None:
            if writer is not None:
                writer.add(r["index"], r.pop("record"))
            if on_done is not None:
                on_done(r)

        results = run_jobs(jobs, workers, done, backend=backend)
    finally:
        if writer is not None:
            writer.__exit__(*sys.exc_info())
    mode = "fixed" if fixed_seats else "rotated"
    summary = summarize(results, bots, players, seating_mode=mode)
    return {
        "game": game,
        "players": players,
        "options": g.options,
        "data": g.data.label() if g.data is not None else None,
        "seed": seed,
        "bots": list(bots),
        **summary,
        "seconds": time.perf_counter() - t0,
        "results": [{k: v for k, v in r.items() if k != "labels"} for r in results],
        **({"records": str(path)} if path is not None else {}),
    }


def check_fixed_seats(bots: int, players: int, fixed_seats: bool) -> None:
    """With fixed seats, refuse more bots than seats (those beyond the last seat never play)."""
    if fixed_seats and bots > players:
        raise ValueError(
            f"--fixed-seats: {bots} bots for {players} seat{'s' if players != 1 else ''}: the "
            f"bots after the {players}-th would never play; give at most one bot per seat or "
            "let the seats rotate"
        )


def register(app: typer.Typer) -> None:
    """Add the ``tournament`` command to the CLI."""

    @app.command()
    def tournament(
        game: Annotated[str, typer.Argument(help="game id")],
        players: Annotated[
            int | None,
            typer.Option(
                "--players", "-p", help="seats per game (default: 2, or the game's smallest count)"
            ),
        ] = None,
        bots: Annotated[
            str, typer.Option("--bots", "-b", help="comma-separated bot kinds, e.g. greedy,random")
        ] = "greedy,random",
        games: Annotated[int, typer.Option("--games", "-n", help="number of games")] = 100,
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
        plot: Annotated[
            str | None,
            typer.Option("--plot", help="write a plot of the ratings (.png, .svg, .pdf...)"),
        ] = None,
        data: Annotated[
            Path | None,
            typer.Option("--data", help="play with a directory of corrected tables"),
        ] = None,
        ray: RayFlag = False,
        ray_address: RayAddress = None,
        record: RecordDir = None,
        fixed_seats: FixedSeats = False,
    ) -> None:
        """Bots play GAME against each other, seats rotated; win shares and ratings.

        Game i seats bot (i + s) mod B at seat s, so over every B games each of the B bots
        plays each seat once (--fixed-seats: bot s mod B at seat s in every game). The
        report depends on the seed alone, whatever --workers or --ray.
        """
        from rich.console import Console
        from rich.progress import Progress
        from rich.table import Table

        try:
            if games < 1:
                raise ValueError(f"--games must be at least 1, got {games}")
            if workers < 0:
                raise ValueError(f"--workers must be at least 0 (0: one per core), got {workers}")
            if players is None:
                players = default_players(game, at_least=2)
            kinds = parse_bot_list(bots, "--bots")
            options = simulation_options(game, option)
            dataset = read_data(game, data)
            new_game(game, players, 0, options, dataset)  # bad settings stop here
            check_fixed_seats(len(kinds), players, fixed_seats)
            seated = min(len(kinds), games + players - 1)
            if seated < len(kinds):
                raise ValueError(
                    f"--games: in {games} game{'s' if games != 1 else ''} of {players} seats "
                    f"only {seated} of the {len(kinds)} bots play; play at least "
                    f"{len(kinds) - players + 1} games"
                )
            if plot:
                check_plot_path(plot)
            if record is not None:
                record_file(record, "tournament", game, players, seed)  # refused before play
            backend = open_backend(workers, ray, ray_address)
        except ValueError as err:
            fail_value(err)
        say_simulation_options(game, option)
        console = Console(stderr=as_json)
        with (
            backend,
            Progress(console=console, transient=True, disable=as_json) as progress,
        ):
            task = progress.add_task(f"{game} ({players}p)", total=games)
            try:
                report = run_tournament(
                    game,
                    players,
                    kinds,
                    games,
                    seed,
                    options=options,
                    on_done=lambda _r: progress.advance(task),
                    data=dataset,
                    backend=backend,
                    record=record,
                    fixed_seats=fixed_seats,
                )
            except ValueError as err:
                fail_value(err)
        title = f"{game}, {players} players, {games} games"
        if as_json:
            typer.echo(json.dumps(report, indent=1, default=float))
            if plot:
                _write_plot(report, plot, title)
            return
        used = report["data"]
        where = f", data {used['name']} ({used['digest']})" if dataset is not None else ""
        t = Table(title=f"{game}: {games} games, {players} players, seed {seed}{where}")
        for col in ("bot", "seats", "win % (95% CI)", "mean score", "mean rank", "rating (95% CI)"):
            t.add_column(col, justify="left" if col == "bot" else "right")
        for e in report["entrants"]:
            t.add_row(
                e["name"],
                str(e["seats_played"]),
                _share(e["win_share"], e["win_ci"]),
                f"{e['mean_score']:.2f}",
                f"{e['mean_rank']:.2f}",
                f"{e['rating']:.0f} ({e['rating_ci'][0]:.0f}-{e['rating_ci'][1]:.0f})",
            )
        console.print(t)
        if len(report["entrants"]) > 1:
            console.print(_by_bot_and_seat(report))
        if len(report["head_to_head"]) > 2 or report["players"] > 2:
            h = Table(title="head to head (share of pairs where A finished above B)")
            for col in ("A", "B", "games", "A above B % (95% CI)"):
                h.add_column(col, justify="left" if col in ("A", "B") else "right")
            for row in report["head_to_head"]:
                h.add_row(row["a"], row["b"], str(row["games"]), _share(row["share"], row["ci"]))
            console.print(h)
        s = Table(title=f"win share by seat, any bot (fair: {_pct(report['fair_share'])})")
        for col in ("seat", "games", "win % (95% CI)"):
            s.add_column(col, justify="right")
        for row in report["seats"]:
            s.add_row(str(row["seat"]), str(row["games"]), _share(row["win_share"], row["win_ci"]))
        console.print(s)
        seats = report["seating"]
        note = seating_note(
            seats["mode"],
            seats["balanced"],
            games,
            seats["cycle"],
            f"the {seats['cycle']} bots rotate over the seats",
        )
        if note is None:
            note = (
                "seats fixed (--fixed-seats)"
                if seats["mode"] == "fixed"
                else "seats rotated: every bot played every seat equally often"
            )
        console.print(note)
        console.print(
            f"{report['mean_decisions']:.0f} decisions per game, {report['seconds']:.1f} s "
            f"({backend.name})"
        )
        if "records" in report:
            console.print(f"records written to {report['records']}")
        if plot:
            _write_plot(report, plot, title)
            console.print(f"plot written to {plot}")


def _by_bot_and_seat(report: dict[str, Any]) -> Any:
    """The table of each bot's win share at each seat (games played there in brackets)."""
    from rich.table import Table

    t = Table(title="win % by bot and seat (games)")
    t.add_column("bot")
    for s in range(report["players"]):
        t.add_column(f"seat {s}", justify="right")
    for e in report["entrants"]:
        t.add_row(
            e["name"],
            *(
                f"{100 * c['win_share']:.1f} ({c['games']})" if c["games"] else "-"
                for c in e["by_seat"]
            ),
        )
    return t


def _write_plot(report: dict[str, Any], path: str, title: str) -> None:
    """:func:`plot_ratings`, a failure (permissions, a full disk...) told in one line."""
    try:
        plot_ratings(report, path, title)
    except (OSError, ValueError, RuntimeError) as err:
        fail(f"--plot: cannot write {path!r}: {err}", code=1)
