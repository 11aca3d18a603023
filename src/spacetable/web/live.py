"""The hub: everything a server holds: the storage, the bot workers and every live table.

The :class:`Hub` owns the storage (used from one database thread, so commits keep their
order and never block the event loop), the bot workers and every live table
(:mod:`spacetable.web.table`; their clocks and drivers: :mod:`spacetable.web.drivers`). A
restarted server resumes every running table from its last snapshot and the decisions after
it, the game clock where it stood.

Data sets: a game is played with its shipped data or with a directory of corrected tables
the server was started with (``spacetable serve --data GAME=DIR``). A table stores the name
and digest of its data set; a restarted server finds it by digest among those it knows. A
table whose data set the server does not know is shown broken, with the reason, until a
server that knows it again resumes it (the database keeps it running).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import spacetable
from spacetable.engine import DataSet, SpacetableError

from . import chat
from .bots import BotPool, check_level
from .clocks import TableSettings
from .collector import Collector
from .guides import GUIDE
from .messages import error_message
from .shared import (
    Conn,
    DataSets,
    MissingData,
    Settings,
    TableError,
    new_table_id,
    new_token,
    token_hash,
)
from .storage import BROKEN, OPEN, OVER, RUNNING, Append, SeatRecord, Storage, TableRecord
from .table import LiveTable, public_info, restore_game

log = logging.getLogger("spacetable.web")
T = TypeVar("T")
#: The most decisions one transaction commits (a group commit, see :meth:`Hub.append`).
GROUP_COMMIT = 256


class Hub:
    """Everything the server holds: storage, bots, live tables (see the module docstring)."""

    def __init__(
        self,
        storage: Storage,
        settings: Settings | None = None,
        data: Sequence[DataSet[Any]] = (),
    ) -> None:
        self.storage = storage
        self.settings = settings or Settings()
        #: The data sets offered per game (the shipped ones and ``data``).
        self.data = DataSets(data)
        self.bots = BotPool(self.settings.bot_workers)
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="spacetable-db")
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        #: Decisions waiting for the database thread, each with the future its table awaits.
        self._appends: list[tuple[Append, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self._collector: asyncio.Task[None] | None = None
        #: Work started and not awaited (chat messages being stored).
        self._background: set[asyncio.Future[Any]] = set()

    def keep(self, work: Awaitable[Any], what: str) -> None:
        """Run ``work`` without waiting for it (kept referenced until done); a failure is
        logged."""
        task = asyncio.ensure_future(work)
        self._background.add(task)

        def done(t: asyncio.Future[Any]) -> None:
            self._background.discard(t)
            if not t.cancelled() and t.exception() is not None:
                log.error("%s failed: %s", what, t.exception())

        task.add_done_callback(done)

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a storage call in the database thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, lambda: fn(*args, **kwargs))

    async def append(self, a: Append) -> None:
        """Commit a table's decisions; returns once they are on disk (raises what the
        storage raised). Appends that arrive while the database thread writes are committed
        together in the next transaction (a group commit): under load, one write to the
        disk serves many tables instead of one each."""
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._appends.append((a, fut))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write())
        await fut

    async def _write(self) -> None:
        while self._appends:
            batch, self._appends = self._appends[:GROUP_COMMIT], self._appends[GROUP_COMMIT:]
            results: list[Exception | None]
            try:
                results = list(await self.db(self.storage.append_many, [a for a, _ in batch]))
            except Exception as e:  # the database itself: every table of the batch reloads
                results = [e] * len(batch)
            for (_, fut), error in zip(batch, results, strict=True):
                if fut.done():
                    continue
                if error is None:
                    fut.set_result(None)
                else:
                    fut.set_exception(error)

    async def startup(self) -> None:
        """Migrate the schema, then resume every running table."""
        await self.db(self.storage.migrate)
        if self.settings.gc_freeze_every is not None:
            collector = Collector(
                self.settings.gc_freeze_every,
                self.settings.gc_full_every,
                self.settings.gc_full_growth,
            )
            self._collector = asyncio.create_task(collector.run(), name="collector")
        if self.settings.warm_bots:
            await self.bots.warm()
        for rec in await self.db(self.storage.tables, [RUNNING], 100_000):
            await self._resume(rec)

    async def _resume(self, rec: TableRecord) -> LiveTable:
        table = LiveTable(self, rec)
        table.chat.load(await self.db(self.storage.chat, rec.id, chat.HISTORY))
        try:
            data = self.data.of_table(rec)
        except MissingData as e:
            # shown broken, but kept running in the database: a server started with the
            # data set again resumes it
            log.error("table %s cannot be resumed: %s", rec.id, e)
            rec.status = BROKEN
            table.reason = str(e)
            self.tables[rec.id] = table
            return table
        try:
            table.game = await self.db(restore_game, self.storage, rec, data)
            table.entries_base = table.game.step
        except (ValueError, SpacetableError) as e:
            log.error("table %s cannot be resumed: %s", rec.id, e)
            await self.db(self.storage.set_status, rec.id, BROKEN, error=str(e)[:500])
            rec.status = BROKEN
            rec.error = str(e)[:500]
        self.tables[rec.id] = table
        if rec.status == RUNNING:
            table.launch()
        return table

    async def shutdown(self) -> None:
        for t in list(self.tables.values()):
            await t.stop()
        if self._background:
            await asyncio.gather(*self._background, return_exceptions=True)
        if self._collector is not None:
            self._collector.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._collector
        self.bots.close()
        await self.db(self.storage.close)
        self._db.shutdown(wait=True)

    async def table(self, table_id: str) -> LiveTable:
        """A table by id, loaded from storage when it is not in memory (once, however many
        ask at the same time)."""
        t = self.tables.get(table_id)
        if t is not None:
            return t
        if len(table_id) > 32:
            raise TableError("no_table", "no such table", 404)
        async with self._loading:
            t = self.tables.get(table_id)  # loaded while this call waited
            if t is not None:
                return t
            rec = await self.db(self.storage.table, table_id)
            if rec is None:
                raise TableError("no_table", "no such table", 404)
            if rec.status in (RUNNING, OVER):
                return await self._resume(rec)
            t = self.tables[table_id] = LiveTable(self, rec)
            t.chat.load(await self.db(self.storage.chat, table_id, chat.HISTORY))
            return t

    async def create(
        self,
        game: str,
        players: int,
        options: dict[str, Any],
        seats: Sequence[tuple[str, str | None, str]],
        *,
        speed: float = 1.0,
        title: str = "",
        bot_delay: float = 0.0,
        data_name: str | None = None,
        settings: TableSettings | None = None,
        seed: int | None = None,
        guided: bool = False,
    ) -> tuple[LiveTable, str, dict[int, str]]:
        """A new open table, played with the data set ``data_name`` (``None``: the shipped
        one); returns it, the host's token and each human seat's token. ``seed``: the game's
        seed (``None``: a random one). ``guided``: a guided first game (its settings say
        ``guide``; a seat of kind ``"guide"`` is played by the game's guide, see
        :mod:`spacetable.web.guides`)."""
        try:
            cls = spacetable.game_class(game)
            options = cls.info.normalize_options(players, options)
            cls.check_options(players, options)
        except (ValueError, SpacetableError) as e:
            raise TableError("bad_options", str(e)) from None
        if len(seats) != players:
            raise TableError("bad_seats", f"{players} players but {len(seats)} seats")
        settings = settings or TableSettings()
        # Whether the game runs in real time may hang on its options (Spacedealer's ticks
        # mode is turn-based): its options say, not its class.
        if settings.clocked and cls.info.realtime_with(options):
            raise TableError(
                "bad_options", f"{game} runs in real time: its own clock, no turn clock"
            )
        data = self.data.named(game, data_name)
        stored_settings = settings.to_json()
        if guided:
            stored_settings = {**(stored_settings or {}), "guide": True}
        host = new_token()
        tokens: dict[int, str] = {}
        seat_recs: list[SeatRecord] = []
        for i, (kind, level, _name) in enumerate(seats):
            if kind == "bot" and level is not None:
                try:
                    check_level(level, game, players)
                except ValueError as e:
                    raise TableError("bad_seats", f"seat {i}: {e}") from None
        for i, (kind, level, name) in enumerate(seats):
            if kind == "human":
                tokens[i] = new_token()
                seat_recs.append(SeatRecord(i, "human", None, token_hash(tokens[i]), name, False))
            elif kind == GUIDE:
                seat_recs.append(SeatRecord(i, GUIDE, None, None, name, True))
            else:
                seat_recs.append(SeatRecord(i, "bot", level or "medium", None, name, True))
        rec = TableRecord(
            id=new_table_id(),
            game=game,
            players=players,
            seed=secrets.randbits(62) if seed is None else seed,
            options=options,
            data_name=data.name if data is not None else None,
            data_digest=data.digest if data is not None else None,
            status=OPEN,
            speed=speed,
            bot_delay=bot_delay,
            host_hash=token_hash(host),
            title=title,
            created_at=time.time(),
            seats=seat_recs,
            settings={**(settings.to_json() or {}), "guide": True}
            if guided
            else settings.to_json(),
        )
        await self.db(self.storage.create_table, rec)
        table = self.tables[rec.id] = LiveTable(self, rec)
        return table, host, tokens

    def check_host(self, table: LiveTable, host_token: str) -> None:
        if not hmac.compare_digest(table.rec.host_hash, token_hash(host_token)):
            raise TableError("not_host", "only the table's host may do that", 403)

    async def listing(self, statuses: Sequence[str], limit: int = 100) -> list[dict[str, Any]]:
        recs = await self.db(self.storage.tables, list(statuses), limit)
        out = []
        for rec in recs:
            live = self.tables.get(rec.id)
            out.append(live.info() if live is not None else public_info(rec))
        return out


async def pump(conn: Conn, send: Callable[[str], Awaitable[None]]) -> None:
    """Send a connection's queued messages until it closes."""
    while True:
        text = await conn.queue.get()
        if text is None:
            return
        await send(text)


__all__ = [
    "Conn",
    "DataSets",
    "Hub",
    "LiveTable",
    "MissingData",
    "Settings",
    "TableError",
    "error_message",
    "pump",
    "restore_game",
]
