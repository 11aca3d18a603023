"""Bots at the table: they think in worker processes, never in the server's event loop.

:class:`BotPool` keeps a few worker processes (``spawn``ed, each one a
``ProcessPoolExecutor`` of one process) and sends every decision of a table to the same
worker, so that a bot object lives on between its decisions (a real-time bot that chose to
wait keeps its pace) and the worker keeps its own copy of the table's game. The first job
of a table carries the server's trusted snapshot (:meth:`Game.to_json`, read with
``load_trusted`` in the worker); the next ones carry only the record entries committed
since the worker's copy (each checked again as it is applied), so a long real-time game
does not ship its whole history to every bot on every tick. A copy out of step (a new
worker, a job that timed out) asks for the snapshot again. A game played with a corrected
data set sends the data set's tables with the snapshot (the worker builds it once and keeps
it by digest). The bot sees the game only through a :class:`~spacetable.bots.SeatPort`,
as everywhere.

Each decision has a time budget: when a worker does not answer in time, the table plays a
random legal action for the bot (and says so in the server's log), so a slow search never
stalls a table. A worker that dies is replaced.

The workers end with the server, even a server killed with ``SIGKILL``
(:func:`spacetable.workers.process_pool`), and ignore ``SIGINT``: a Ctrl-C in the terminal
stops the server, which stops them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import zlib
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import spacetable
from spacetable.bots import Bot, SeatPort, learned_available, make_bot
from spacetable.bots.analysis import hint, hint_json, review
from spacetable.bots.learned import shipped_policies
from spacetable.engine import DataSet, Game
from spacetable.engine.registry import game_class
from spacetable.workers import process_pool, stop_pool

log = logging.getLogger("spacetable.web")

#: The bot levels offered at a table (``spacetable.bots.LEVELS``), plus ``random`` and
#: ``learned`` (a trained policy: only where one is shipped, see :func:`check_level`).
LEVELS = ("random", "easy", "medium", "hard", "learned")

# ---------------------------------------------------------------------- in the worker
_bots: dict[tuple[str, int], tuple[str, Bot]] = {}
_games: dict[str, Game] = {}
_data: dict[tuple[str, str], DataSet[Any]] = {}

#: A data set as it travels to a worker: game, name, digest, file texts.
DataJob = tuple[str, str, str, dict[str, str]]


def data_job(game: Game) -> DataJob | None:
    """What a worker needs to rebuild ``game``'s data set (``None``: the shipped one)."""
    ds = game.data
    if ds is None or ds.shipped:
        return None
    return (ds.game, ds.name, ds.digest, dict(ds.texts))


def _worker_data(job: DataJob | None) -> DataSet[Any] | None:
    """Worker side: the data set of ``job``, built once per digest."""
    if job is None:
        return None
    game, name, digest, texts = job
    ds = _data.get((game, digest))
    if ds is None:
        spec = game_class(game).data_spec
        if spec is None:
            raise ValueError(f"{game} has no data tables")
        ds = _data[(game, digest)] = spec.make(game, name, "", texts)
    return ds


class Resync(Exception):
    """The worker's copy of a table's game is not at the step the job expects."""


def _init_worker(classes: Sequence[tuple[str, str]]) -> None:
    """Register in the worker the game classes the server knows (games registered at run
    time, such as the test games, are not in the registry's module list)."""
    import importlib

    from spacetable.engine import register

    known = set(spacetable.list_games())
    for module, name in classes:
        try:
            cls = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):  # pragma: no cover - a broken game module
            continue
        if cls.info.id not in known:
            register(cls)


def think(
    table: str,
    seat: int,
    level: str,
    seed: int,
    step: int,
    entries: list[dict[str, Any]] | None,
    save: str | None,
    data: DataJob | None = None,
) -> dict[str, Any] | None:
    """Worker side: bring the table's game to ``step`` (from ``save``, played with the
    data set ``data``, or by applying ``entries`` to the worker's copy), then let the bot
    of ``seat`` choose: the action's JSON form, or ``None`` (a real-time bot waits). Raises
    :class:`Resync` when the copy cannot be brought to ``step``."""
    if save is not None:
        game = spacetable.load_trusted(save, data=_worker_data(data))
    else:
        held_game = _games.get(table)
        if held_game is None or entries is None or held_game.step + len(entries) != step:
            _games.pop(table, None)
            raise Resync(table)
        game = held_game
        try:
            for e in entries:
                if "advance" in e:
                    game.advance(e["advance"])
                else:
                    game.apply(e["seat"], e["action"])
        except (ValueError, spacetable.SpacetableError):
            _games.pop(table, None)
            raise Resync(table) from None
    if game.step != step:
        raise Resync(table)
    if table not in _games and len(_games) > 1024:  # tables long gone
        _games.clear()
    _games[table] = game
    key = (table, seat)
    held = _bots.get(key)
    if held is None or held[0] != level:
        if len(_bots) > 4096:
            _bots.clear()
        held = _bots[key] = (level, make_bot(level, seed=seed, game=game.game_id))
    action = held[1].choose(SeatPort(game, seat))
    return None if action is None else action.to_json()


def hint_job(
    save: str, data: DataJob | None, seat: int, iterations: int, seed: int
) -> list[dict[str, Any]]:
    """Worker side: the search's hints for ``seat`` on the game of the server's snapshot
    ``save`` (:func:`spacetable.bots.analysis.hint`: searched through the seat's port, from
    its own information), as JSON with their words in both languages."""
    game = spacetable.load_trusted(save, data=_worker_data(data))
    return hint_json(game, hint(game, seat, iterations=iterations, seed=seed), mentions=True)


def review_job(
    record: dict[str, Any], data: DataJob | None, seat: int, iterations: int, seed: int
) -> dict[str, Any]:
    """Worker side: the review of ``seat``'s decisions in a finished game's record
    (:func:`spacetable.bots.analysis.review`), as JSON."""
    rev = review(record, seat, iterations=iterations, seed=seed, data=_worker_data(data))
    return rev.to_json()


def forget(table: str) -> None:
    """Worker side: drop the bots of a finished table."""
    for key in [k for k in _bots if k[0] == table]:
        del _bots[key]
    _games.pop(table, None)


# ---------------------------------------------------------------------- in the server
def check_level(level: str, game: str | None = None, players: int | None = None) -> str:
    """``level`` if a table of ``game`` with ``players`` seats may have a bot of it, else
    ValueError (``learned`` needs a policy shipped for that game and player count)."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    if level == "learned" and game is not None and not learned_available(game, players):
        # (players None: any player count)
        raise ValueError(
            f"no learned policy for {game} with {players} players; "
            f"it plays: {', '.join(f'{g} {p}p' for g, p in sorted(shipped_policies()))}"
        )
    return level


class BotPool:
    """Worker processes for the bots of every table (see the module docstring)."""

    def __init__(self, workers: int | None = None) -> None:
        cpus = os.cpu_count() or 1
        self.workers = max(1, workers if workers is not None else min(cpus, 4))
        self._shards: list[ProcessPoolExecutor | None] = [None] * self.workers
        self._classes = [
            (cls.__module__, cls.__qualname__)
            for cls in (game_class(g) for g in spacetable.list_games())
        ]
        self.timeouts = 0
        self.resyncs = 0
        #: Jobs sent with the whole snapshot, and with only the entries since the last one.
        self.full_jobs = 0
        self.incremental_jobs = 0
        #: The step of each table's game copy in its worker, when known.
        self._known: dict[str, int] = {}
        #: How many times each table's game was replaced (see :meth:`invalidate`).
        self._epoch: dict[str, int] = {}
        #: The worker of game reviews (started at the first one).
        self._analysis: ProcessPoolExecutor | None = None

    def _shard(self, table: str) -> tuple[int, ProcessPoolExecutor]:
        i = zlib.crc32(table.encode()) % self.workers
        ex = self._shards[i]
        if ex is None:
            ex = self._shards[i] = self._new_executor()
        return i, ex

    def _new_executor(self) -> ProcessPoolExecutor:
        return process_pool(1, "spawn", _init_worker, (self._classes,), ignore_sigint=True)

    async def choose(
        self,
        table: str,
        seat: int,
        level: str,
        seed: int,
        game: Game,
        budget: float,
        since: Callable[[int], list[dict[str, Any]] | None] | None = None,
    ) -> tuple[dict[str, Any] | None, bool]:
        """The bot's choice on ``game`` now: ``(action JSON or None, in_time)``.

        ``since(step)`` gives the record entries committed after ``step`` (``None`` when it
        cannot): then only those travel to the worker. When the worker does not answer
        within ``budget`` seconds (or fails), a legal action (``None`` in real time, where
        waiting is always allowed) is returned with ``in_time=False``."""
        step = game.step
        known = self._known.get(table)
        entries = since(known) if since is not None and known is not None else None
        save = None if entries is not None else game.to_json()
        if save is None:
            self.incremental_jobs += 1
        else:
            self.full_jobs += 1
        i, ex = self._shard(table)
        loop = asyncio.get_running_loop()
        self._known.pop(table, None)  # until this job answers, the worker's step is unknown
        epoch = self._epoch.get(table, 0)
        try:
            try:
                job = data_job(game) if save is not None else None
                fut = loop.run_in_executor(
                    ex, think, table, seat, level, seed, step, entries, save, job
                )
                async with asyncio.timeout(budget):
                    action = await fut
            except Resync:
                self.resyncs += 1
                save = game.to_json() if game.step == step else None
                if save is None:  # the game moved on meanwhile: the bot's turn is gone
                    return None, True
                fut = loop.run_in_executor(
                    ex, think, table, seat, level, seed, step, None, save, data_job(game)
                )
                async with asyncio.timeout(budget):
                    action = await fut
            if self._epoch.get(table, 0) == epoch:  # not replaced meanwhile (an undo)
                self._known[table] = step
            return action, True
        except TimeoutError:
            self.timeouts += 1
            log.warning("table %s: the bot of seat %d ran out of its %.1fs", table, seat, budget)
        except BrokenProcessPool:
            log.error("table %s: the bot worker died; starting a new one", table)
            self._shards[i] = None
        except Exception:  # a bot's bug must not stop the table
            log.exception("table %s: the bot of seat %d failed", table, seat)
        return self.fallback(game, seat, seed), False

    @staticmethod
    def fallback(game: Game, seat: int, seed: int) -> dict[str, Any] | None:
        if game.realtime:
            return None
        legal = game.legal_actions(seat)
        if not legal:
            return None
        return legal[(seed + game.step) % len(legal)].to_json()

    async def hint(
        self, table: str, game: Game, seat: int, iterations: int, seed: int, budget: float
    ) -> list[dict[str, Any]]:
        """The hints for ``seat`` now, computed in the table's worker (as its bots' work);
        raises TimeoutError past ``budget`` seconds."""
        _, ex = self._shard(table)
        loop = asyncio.get_running_loop()
        fut = loop.run_in_executor(
            ex, hint_job, game.to_json(), data_job(game), seat, iterations, seed
        )
        async with asyncio.timeout(budget):
            result: list[dict[str, Any]] = await fut
        return result

    async def review(self, game: Game, seat: int, iterations: int, seed: int) -> dict[str, Any]:
        """The review of ``seat`` in the finished ``game``, computed in the analysis worker
        (one more worker process, so that a long review never delays a table's bots)."""
        if self._analysis is None:
            self._analysis = self._new_executor()
        loop = asyncio.get_running_loop()
        fut = loop.run_in_executor(
            self._analysis, review_job, game.record(), data_job(game), seat, iterations, seed
        )
        try:
            result: dict[str, Any] = await fut
        except BrokenProcessPool:
            self._analysis = None
            raise
        return result

    async def warm(self) -> None:
        """Start every worker now (a spawned worker takes a second or two to import the
        games), so that the first bot of the first table answers at once."""
        loop = asyncio.get_running_loop()
        jobs = []
        for i in range(self.workers):
            ex = self._shards[i]
            if ex is None:
                ex = self._shards[i] = self._new_executor()
            jobs.append(loop.run_in_executor(ex, forget, ""))
        await asyncio.gather(*jobs, return_exceptions=True)

    def invalidate(self, table: str) -> None:
        """The table's game was replaced (an undo): the worker's copy, and any job now
        running for the table, no longer follow it; the next job sends the whole game."""
        self._known.pop(table, None)
        self._epoch[table] = self._epoch.get(table, 0) + 1

    async def forget(self, table: str) -> None:
        self._known.pop(table, None)
        ex = self._shards[zlib.crc32(table.encode()) % self.workers]
        if ex is not None:
            with contextlib.suppress(BrokenProcessPool, RuntimeError):
                await asyncio.get_running_loop().run_in_executor(ex, forget, table)

    def close(self) -> None:
        """Stop every worker now (a bot still thinking is stopped) and release the pools'
        queues before the server exits (:func:`spacetable.workers.stop_pool`)."""
        shards, self._shards = self._shards, [None] * self.workers
        shards.append(self._analysis)
        self._analysis = None
        for ex in shards:
            if ex is not None:
                stop_pool(ex, kill=True)
