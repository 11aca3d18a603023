"""The clocks of a live table and what they drive.

A turn-based table runs a driver task that asks the bots whose turn it is; a real-time table
(Spacedealer) runs on the server's clock: every ``tick`` seconds of wall time the game
advances by ``tick * speed`` seconds of game time (each advance is a decision of the record,
so a replay is exact) and every bot seat gets a chance to act. The turn clocks of people's
seats (:mod:`spacetable.web.clocks`) run here too: a seat whose clock runs out, or whose
people all left, is played by the table's takeover bot until its person is back.

:class:`TableDrivers` is the part of :class:`spacetable.web.table.LiveTable` that keeps
time; the table's life (its decisions, its commits, what it pushes) is in
:mod:`spacetable.web.table`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

from spacetable.engine import Game, SpacetableError
from spacetable.engine.guide import Guide

from .bots import BotPool
from .clocks import Clocks
from .guides import GUIDE
from .messages import dumps
from .shared import Conn, TableError
from .storage import RUNNING, TableRecord

if TYPE_CHECKING:
    from .live import Hub

log = logging.getLogger("spacetable.web")


class TableDrivers:
    """The clocks and the driver of a live table (the attributes are set by
    :class:`spacetable.web.table.LiveTable`)."""

    hub: Hub
    rec: TableRecord
    game: Game | None
    lock: asyncio.Lock
    conns: set[Conn]
    wake: asyncio.Event
    task: asyncio.Task[None] | None
    thinking: set[int]
    bot_tasks: set[asyncio.Task[None]]
    entries: list[dict[str, Any]]
    entries_base: int
    stale: bool
    lost: bool
    clocks: Clocks | None
    clock_saved: float
    leaving: dict[int, asyncio.Task[None]]
    guide: Guide | None

    async def _apply(self, seat: int, action: dict[str, Any]) -> None:
        raise NotImplementedError  # the table's life: LiveTable

    async def _advance(self, seconds: float) -> None:
        raise NotImplementedError

    async def reload(self) -> bool:
        raise NotImplementedError

    def launch(self) -> None:
        raise NotImplementedError

    def broadcast(self) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ seats
    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` now: a bot's seat, or a person's that is away (out
        of time, or left) at a table with a takeover bot."""
        kind = self.rec.seats[seat].kind
        if kind == "bot" or (kind == GUIDE and self.guide is None):
            return True  # a guide's seat whose script was left: a bot plays it
        return self.clocks is not None and self.clocks.away(seat) is not None

    def level_of(self, seat: int) -> str:
        s = self.rec.seats[seat]
        if s.kind == "bot":
            return s.level or "medium"
        if s.kind == GUIDE:
            return "easy"
        return (self.clocks.settings.takeover if self.clocks else None) or "medium"

    def people(self) -> set[int]:
        return {s.seat for s in self.rec.seats if s.kind == "human"}

    def clocks_info(self) -> dict[str, Any] | None:
        return self.clocks.public(time.monotonic()) if self.clocks is not None else None

    # ------------------------------------------------------------------ clocks
    def _run_clocks(self) -> None:
        """Run the clocks of the people's seats that are to act now (and only theirs)."""
        game = self.game
        if self.clocks is None or game is None:
            return
        to_act = set() if game.is_over or self.rec.status != RUNNING else set(game.to_act)
        self.clocks.run(to_act, self.people(), time.monotonic())

    def _clock_wait(self) -> float | None:
        """How long the driver may wait for a change: until a running clock runs out, and
        no longer than the time between two saves of the clocks."""
        if self.clocks is None or not self.clocks.running:
            return None
        left = self.clocks.next_expiry(time.monotonic()) or 0.0
        return min(left + 0.02, self.hub.settings.clock_save_every)

    async def _check_clocks(self) -> None:
        """A clock may have run out: its seat goes to the takeover bot (and loses the game
        at a table where time out loses). Running clocks are saved (so that a restart
        resumes them where they stood)."""
        async with self.lock:
            if self.clocks is None or self.game is None or self.game.is_over:
                return
            now = time.monotonic()
            out = False
            for seat in self.clocks.expired(now):
                event = self.clocks.leave(seat, "timeout", now)
                out = out or event["kind"] == "lost"
                self._notice(event)
            await self._save_clocks()
            if out:  # the seat that lost has nothing more to do: its page says so
                self.broadcast()

    def _leaving(self, seat: int) -> None:
        """The last connection of ``seat`` closed: unless one comes back within
        ``away_after`` seconds, the takeover bot plays the seat."""
        clocks = self.clocks
        if (
            clocks is None
            or clocks.settings.takeover is None
            or self.rec.seats[seat].kind != "human"
            or self.rec.status != RUNNING
            or clocks.away(seat) is not None
            or seat in self.leaving
        ):
            return

        async def later() -> None:
            await asyncio.sleep(self.hub.settings.away_after)
            async with self.lock:
                self.leaving.pop(seat, None)
                game = self.game
                if game is None or game.is_over or any(c.seat == seat for c in self.conns):
                    return
                if clocks.away(seat) is None:
                    self._notice(clocks.leave(seat, "left", time.monotonic()))
                    await self._save_clocks()
            self.wake.set()

        self.leaving[seat] = asyncio.get_running_loop().create_task(later())

    async def _save_clocks(self) -> None:
        """Save the clocks and show them to everybody (under the lock)."""
        if self.clocks is None:
            return
        self.clock_saved = time.monotonic()
        with contextlib.suppress(Exception):  # the next decision saves them again
            await self.hub.db(
                self.hub.storage.set_clocks, self.rec.id, self.clocks.to_json(self.clock_saved)
            )
        msg = dumps({"type": "clocks", "clocks": self.clocks_info()})
        for conn in list(self.conns):
            conn.send(msg)

    def _notice(self, event: dict[str, Any]) -> None:
        """Tell everybody that a bot took a seat over, or that its person is back."""
        log.info("table %s: seat %s %s", self.rec.id, event["seat"], event["kind"])
        msg = dumps({"type": "notice", "event": event})
        for conn in list(self.conns):
            conn.send(msg)

    # ------------------------------------------------------------------ drivers
    def entries_since(self, step: int) -> list[dict[str, Any]] | None:
        """The record entries committed after ``step`` (``None`` if not kept)."""
        game = self.game
        if game is None or not self.entries_base <= step <= game.step:
            return None
        if self.entries_base + len(self.entries) != game.step:
            return None
        return self.entries[step - self.entries_base :]

    def _bot_seed(self, seat: int) -> int:
        return (self.rec.seed * 1_000_003 + seat * 7919) % (1 << 62)

    async def _fresh(self) -> bool:
        """Whether the game in memory is the database's: after a failed commit, read it back
        (waiting a second when the database still does not answer)."""
        if self.stale:
            async with self.lock:
                if self.stale and not await self.reload():
                    await asyncio.sleep(1.0)
                    return False
        return True

    async def _run_turns(self) -> None:
        """Turn-based: whenever a bot seat is to act, ask its bot (in a worker)."""
        hub = self.hub
        while True:
            self.wake.clear()
            if not await self._fresh():
                continue
            game = self.game
            if game is None or game.is_over or self.rec.status != RUNNING or self.lost:
                return
            seats = [s for s in game.to_act if self.is_bot(s)]
            if not seats:
                wait = self._clock_wait()
                try:
                    async with asyncio.timeout(wait):
                        await self.wake.wait()
                except TimeoutError:
                    await self._check_clocks()
                continue
            seat, step = seats[0], game.step
            if self.rec.bot_delay > 0:
                await asyncio.sleep(self.rec.bot_delay)
                if game.step != step:
                    continue
            level = self.level_of(seat)
            action, _ = await hub.bots.choose(
                self.rec.id,
                seat,
                level,
                self._bot_seed(seat),
                game,
                hub.settings.bot_budget,
                self.entries_since,
            )
            async with self.lock:
                if game is not self.game or game.step != step or game.is_over:
                    continue
                if not self.is_bot(seat):  # its person came back meanwhile
                    continue
                if action is None:
                    action = BotPool.fallback(game, seat, self._bot_seed(seat))
                    if action is None:
                        continue
                try:
                    await self._apply(seat, action)
                except TableError:
                    continue  # the database: the driver waits for it above
                except (ValueError, SpacetableError) as e:
                    log.error("table %s: the bot of seat %d chose badly: %s", self.rec.id, seat, e)
                    fallback = BotPool.fallback(game, seat, self._bot_seed(seat))
                    if fallback is None:
                        await asyncio.sleep(1.0)
                        continue
                    await self._apply(seat, fallback)

    async def _run_guide(self) -> None:
        """A guided first game (:mod:`spacetable.web.guides`): play the script's moves, each
        after the table's bot delay (so that the learner sees it), and waits, and wait for
        the learner whenever the step due is theirs. Game time passes only by the script's
        waits, in a real-time game too."""
        guide = self.guide
        assert guide is not None
        while True:
            self.wake.clear()
            if not await self._fresh():
                continue
            game = self.game
            if game is None or game.is_over or self.rec.status != RUNNING or self.lost:
                return
            step = guide.at(game.step)
            if step is None:
                log.error("table %s: the game left its guide at step %d", self.rec.id, game.step)
                return
            if step.seat == guide.learner:
                await self.wake.wait()
                continue
            if self.rec.bot_delay > 0 and step.wait is None:
                await asyncio.sleep(self.rec.bot_delay)
            async with self.lock:
                if game is not self.game or game.step != step.at or game.is_over:
                    continue
                try:
                    if step.wait is not None:
                        await self._advance(step.wait)
                    else:
                        assert step.seat is not None and step.action is not None
                        await self._apply(step.seat, step.action.to_json())
                except TableError:
                    continue  # the database: the loop waits for it above
                except (ValueError, SpacetableError) as e:
                    # not the guide's game any more: it goes on without its script
                    log.error("table %s: the guide's step %d failed: %s", self.rec.id, step.at, e)
                    self.guide = None
                    self.task = None
                    self.launch()
                    return

    async def _run_realtime(self) -> None:
        """Real time: the server's clock advances the game; bots act whenever they want."""
        hub = self.hub
        loop = asyncio.get_running_loop()
        last = loop.time()
        while True:
            await asyncio.sleep(hub.settings.tick)
            async with self.lock:
                if self.stale and not await self.reload():
                    last = loop.time()  # no game time passes while the database is away
                    continue
                game = self.game
                if game is None or game.is_over or self.rec.status != RUNNING or self.lost:
                    return
                now = loop.time()
                seconds = round((now - last) * self.rec.speed, 3)
                last = now
                if seconds > 0:
                    try:
                        await self._advance(seconds)
                    except TableError:
                        continue  # not stored: the game was reloaded, or waits for the database
                if game.is_over:
                    return
                seats = [s for s in game.to_act if self.is_bot(s) and s not in self.thinking]
            for seat in seats:
                self.thinking.add(seat)
                task = asyncio.create_task(self._bot_realtime(seat))
                self.bot_tasks.add(task)
                task.add_done_callback(self.bot_tasks.discard)

    async def _bot_realtime(self, seat: int) -> None:
        hub = self.hub
        try:
            game = self.game
            if game is None:
                return
            level = self.level_of(seat)
            action, _ = await hub.bots.choose(
                self.rec.id,
                seat,
                level,
                self._bot_seed(seat),
                game,
                hub.settings.realtime_bot_budget,
                self.entries_since,
            )
            if action is None:
                return
            async with self.lock:
                if game is not self.game or game.is_over:
                    return
                with contextlib.suppress(ValueError, SpacetableError):
                    await self._apply(seat, action)  # no longer legal: the world moved on
        finally:
            self.thinking.discard(seat)
