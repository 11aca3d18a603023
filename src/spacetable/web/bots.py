"""Bots at the table: they think in worker processes, never in the server's event loop.

:class:`BotPool` keeps a few worker processes (``spawn``ed, each one a
``ProcessPoolExecutor`` of one process) and sends every decision of a table to the same
worker, so that a bot object lives on between its decisions (a real-time bot that chose to
wait keeps its pace). A job carries the table's trusted snapshot (:meth:`Game.to_json`,
read with ``load_trusted`` in the worker: a millisecond or two) and the seat; the bot sees
the game only through a :class:`~spacetable.bots.SeatPort`, as everywhere.

Each decision has a time budget: when a worker does not answer in time, the table plays a
random legal action for the bot (and says so in the server's log), so a slow search never
stalls a table. A worker that dies is replaced.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import zlib
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import spacetable
from spacetable.bots import Bot, SeatPort, make_bot
from spacetable.engine import Game
from spacetable.engine.registry import game_class

log = logging.getLogger("spacetable.web")

#: The bot levels offered at a table (``spacetable.bots.LEVELS``), plus ``random``.
LEVELS = ("random", "easy", "medium", "hard")

# ---------------------------------------------------------------------- in the worker
_bots: dict[tuple[str, int], tuple[str, Bot]] = {}


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


def think(table: str, seat: int, level: str, seed: int, save: str) -> dict[str, Any] | None:
    """Worker side: the bot of ``seat`` chooses on the snapshot ``save``; the action's JSON
    form, or ``None`` (a real-time bot waits)."""
    game = spacetable.load_trusted(save)
    key = (table, seat)
    held = _bots.get(key)
    if held is None or held[0] != level:
        if len(_bots) > 4096:  # tables long gone
            _bots.clear()
        held = _bots[key] = (level, make_bot(level, seed=seed, game=game.game_id))
    action = held[1].choose(SeatPort(game, seat))
    return None if action is None else action.to_json()


def forget(table: str) -> None:
    """Worker side: drop the bots of a finished table."""
    for key in [k for k in _bots if k[0] == table]:
        del _bots[key]


# ---------------------------------------------------------------------- in the server
def check_level(level: str) -> str:
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    return level


class BotPool:
    """Worker processes for the bots of every table (see the module docstring)."""

    def __init__(self, workers: int | None = None) -> None:
        cpus = os.cpu_count() or 1
        self.workers = max(1, workers if workers is not None else min(cpus, 4))
        self._shards: list[Executor | None] = [None] * self.workers
        self._classes = [
            (cls.__module__, cls.__qualname__)
            for cls in (game_class(g) for g in spacetable.list_games())
        ]
        self.timeouts = 0

    def _shard(self, table: str) -> tuple[int, Executor]:
        i = zlib.crc32(table.encode()) % self.workers
        ex = self._shards[i]
        if ex is None:
            ex = self._shards[i] = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_init_worker,
                initargs=(self._classes,),
            )
        return i, ex

    async def choose(
        self, table: str, seat: int, level: str, seed: int, game: Game, budget: float
    ) -> tuple[dict[str, Any] | None, bool]:
        """The bot's choice on ``game`` now: ``(action JSON or None, in_time)``. When the
        worker does not answer within ``budget`` seconds (or fails), a random legal action
        (``None`` in real time, where waiting is always allowed) is returned with
        ``in_time=False``."""
        save = game.to_json()
        i, ex = self._shard(table)
        loop = asyncio.get_running_loop()
        try:
            fut = loop.run_in_executor(ex, think, table, seat, level, seed, save)
            return await asyncio.wait_for(fut, budget), True
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

    async def forget(self, table: str) -> None:
        ex = self._shards[zlib.crc32(table.encode()) % self.workers]
        if ex is not None:
            with contextlib.suppress(BrokenProcessPool, RuntimeError):
                await asyncio.get_running_loop().run_in_executor(ex, forget, table)

    def close(self) -> None:
        for ex in self._shards:
            if ex is not None:
                ex.shutdown(wait=False, cancel_futures=True)
        self._shards = [None] * self.workers
