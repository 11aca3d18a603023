"""The hub: everything a server holds: the storage, the bot workers and every live table.

The :class:`Hub` owns the storage (used from one database thread, so commits keep their
order and never block the event loop; on PostgreSQL the tables' decisions are committed by a
thread of their own, and reads that need no order by reading threads), the bot workers and
every live table
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
import math
import os
import secrets
import socket
import time
from collections import OrderedDict
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
from .matchmaking import run_match, tell_matched
from .messages import error_message
from .relay import Relay
from .shared import (
    Conn,
    DataSets,
    MissingData,
    Settings,
    TableError,
    cancel_and_wait,
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
        #: The thread that commits the tables' decisions. On PostgreSQL it is apart from the
        #: database thread's other writes (the queues, matching, tables being made, accounts):
        #: a decision waits only for the decisions committed before it, as it would beside
        #: another server's writes (the rows are locked in one order; leases are checked).
        #: SQLite takes one writer at a time: there it is the database thread (two threads
        #: would only take turns at its lock, with its busy waits between).
        self._commits = (
            ThreadPoolExecutor(max_workers=1, thread_name_prefix="spacetable-commit")
            if storage.backend == "postgresql"
            else self._db
        )
        #: Threads for the reads that need no order among the writes (sessions, the queues'
        #: places, leaderboards and profiles): many pages asking every second must not
        #: queue up ahead of the decisions the database thread commits.
        self._reads = ThreadPoolExecutor(
            max_workers=self.settings.read_threads, thread_name_prefix="spacetable-read"
        )
        self.tables: dict[str, LiveTable] = {}
        #: The finished tables held with nobody watching, the one left longest first.
        self._idle: OrderedDict[str, None] = OrderedDict()
        self._loading = asyncio.Lock()
        #: Decisions waiting for the database thread, each with the future its table awaits.
        self._appends: list[tuple[Append, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self._collector: asyncio.Task[None] | None = None
        #: Work started and not awaited (chat messages being stored).
        self._background: set[asyncio.Future[Any]] = set()
        #: This process among the servers of one database (the owner named in its tables'
        #: leases): host, process id and a random part (a pid is reused after a restart).
        self.process_id = f"{socket.gethostname()[:40]}-{os.getpid()}-{secrets.token_hex(3)}"
        #: The relay to the other servers of the database (``--redis``), or ``None``.
        self.relay: Relay | None = None
        if self.settings.redis is not None:
            self.relay = Relay(self.settings.redis, self.process_id, self.settings)
            self.relay.table_of = self.tables.get
        self._leases: asyncio.Task[None] | None = None
        self._rater: asyncio.Task[None] | None = None
        self._matcher: asyncio.Task[None] | None = None
        #: Set when somebody joins a queue here: the next pass over the queues comes at once.
        self.match_now = asyncio.Event()
        #: Set when a rated game ends here: the rater's next pass comes at once.
        self._rate_now = asyncio.Event()
        #: Set at shutdown: the lease loop ends after the sweep it may be in.
        self._leases_end = asyncio.Event()

    def health(self) -> dict[str, Any]:
        """What ``GET /api/health`` says of this process."""
        redis = self.relay.health() if self.relay is not None else None
        return {
            # degraded: Redis does not answer; the tables owned here go on for their
            # clients here, a client of another server's table is refused (relay_down)
            "status": "degraded" if redis is not None and not redis["up"] else "ok",
            "process": self.process_id,
            "database": self.storage.backend,
            "tables": len(self.tables),
            "redis": redis,
        }

    def keep(self, work: Awaitable[Any], what: str) -> None:
        """Run ``work`` without waiting for it (kept referenced until done); a failure is
        logged."""
        task = asyncio.ensure_future(work)
        self._background.add(task)

        def done(t: asyncio.Future[Any]) -> None:
            self._background.discard(t)
            error = None if t.cancelled() else t.exception()
            if error is not None:
                log.error("%s failed: %s", what, self.storage.explain(error))

        task.add_done_callback(done)

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a storage call in the database thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, lambda: fn(*args, **kwargs))

    async def commit(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a storage call in the thread that commits the decisions."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._commits, lambda: fn(*args, **kwargs))

    async def read(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a storage call that needs no order among the writes in a reading thread
        (it may write what only it writes, such as a session's last use)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._reads, lambda: fn(*args, **kwargs))

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
                results = list(await self.commit(self.storage.append_many, [a for a, _ in batch]))
            except Exception as e:  # the database itself: every table of the batch reloads
                results = [e] * len(batch)
            for (_, fut), error in zip(batch, results, strict=True):
                if fut.done():
                    continue
                if error is None:
                    fut.set_result(None)
                else:
                    fut.set_exception(error)

    @property
    def cluster(self) -> bool:
        """Whether this server shares its database with others (``--redis``)."""
        return self.settings.redis is not None

    async def take(self, table_id: str) -> TableRecord | None:
        """Take a table's lease (see :meth:`Storage.acquire`): with ``--redis`` only when no
        other server holds it, for ``settings.lease`` seconds; alone on the database, at once
        and without expiry. Returns the table as stored (with the new epoch), or ``None``."""
        cluster = self.cluster
        seconds = self.settings.lease if cluster else None
        return await self.db(
            self.storage.acquire, table_id, self.process_id, seconds, force=not cluster
        )

    def lost(self, table: LiveTable) -> None:
        """Another server took ``table`` over (a write was refused under this server's lease
        epoch): stop serving it. Its clients are told (``moved``) and disconnected; they
        connect again, to the server that owns it now."""
        if table.lost:
            return
        table.lost = True
        log.warning("table %s: another server took it over; it is not served here", table.rec.id)
        if self.tables.get(table.rec.id) is table:
            del self.tables[table.rec.id]
        moved = error_message("moved", "this table is served by another server: connect again")
        for conn in list(table.conns):
            conn.send(moved)
            conn.moved = True
            conn.close()
        self.keep(table.stop(), f"stopping table {table.rec.id}")

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
        self._rater = asyncio.create_task(
            self._repeat(self.settings.rate_every, self._rate_now, self.rate_due, "rating"),
            name="ratings",
        )
        self._matcher = asyncio.create_task(
            self._repeat(self.settings.queue_every, self.match_now, self.match_due, "matching"),
            name="queues",
        )
        if self.relay is not None:
            await self.relay.start()
            await self.sweep()
            self._leases = asyncio.create_task(self._keep_leases(), name="leases")
            return
        for rec in await self.db(self.storage.tables, [RUNNING], 100_000):
            await self._resume(rec)

    async def _keep_leases(self) -> None:
        """With ``--redis``: renew this server's leases and take the tables over whose owner
        died, every third of a lease. A sweep is never cut short: one stopped between taking
        a table over in the database and holding it here would leave its lease held by no
        one until it expires."""
        while True:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(max(0.1, self.settings.lease / 3)):
                    await self._leases_end.wait()
            if self._leases_end.is_set():
                return
            try:
                await self.sweep()
            except Exception as e:  # the database: its leases expire, others take over
                log.error("the tables' leases were not renewed: %s", self.storage.explain(e))

    def rate_soon(self, finished_at: float) -> None:
        """A rated game ended at ``finished_at``: rate it once its second is over
        (:meth:`spacetable.web.storage.Storage.rate_pending`)."""
        loop = asyncio.get_running_loop()
        due = math.floor(finished_at) + 2 - time.time()
        loop.call_later(max(0.0, due) + 0.05, self._rate_now.set)

    async def rate_due(self) -> list[str]:
        """Rate every finished rated game whose second is over; returns their table ids."""
        done = await self.db(self.storage.rate_pending, math.floor(time.time()) - 1)
        for tid, verdict in done:
            table = self.tables.get(tid)
            if table is not None:
                table.rec.ratings = verdict.to_json()
                table.rec.rated_at = time.time()
        return [tid for tid, _ in done]

    async def match_due(self) -> list[str]:
        """One pass over the play-now queues: the tables it created."""
        st = self.settings
        found = await self.db(
            self.storage.take_matches,
            time.time(),
            st.queue_gap,
            st.queue_widen,
            st.queue_idle,
            st.queue_matched_for,
        )
        # the tables are made side by side: each waits on the database thread, in turn; one
        # that fails (run_match gives its people back to the queue) does not lose the others
        made = await asyncio.gather(*(run_match(self, m) for m in found), return_exceptions=True)
        out: list[str] = []
        for m, t in zip(found, made, strict=True):
            if isinstance(t, BaseException):
                if not isinstance(t, Exception):
                    raise t  # cancelled: the server stops
                log.error("a play-now match of %s failed: %s", m.game, self.storage.explain(t))
                await tell_matched(self, {e.account: i for i, e in enumerate(m.people)}, None)
            elif t is not None:
                out.append(t)
        return out

    async def _repeat(
        self, every: float, soon: asyncio.Event, work: Callable[[], Awaitable[Any]], what: str
    ) -> None:
        """Run ``work`` every ``every`` seconds, and at once when ``soon`` is set (the
        finished games' ratings; the play-now queues). A failure (the database) is logged:
        the next pass tries again."""
        while True:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(every):
                    await soon.wait()
            soon.clear()
            try:
                await work()
            except Exception as e:  # one line, without a statement or a password
                log.error("%s failed: %s", what, self.storage.explain(e))

    async def sweep(self) -> None:
        """Renew the leases of the tables served here (a table taken over meanwhile is
        dropped: :meth:`lost`), then take over each running table whose lease expired, from
        the database, at its last committed decision."""
        owned = {
            tid: t.epoch
            for tid, t in list(self.tables.items())
            if t.epoch is not None and not t.lost and t.rec.status in (OPEN, RUNNING)
        }
        if owned:
            held = await self.db(self.storage.renew, self.process_id, owned, self.settings.lease)
            for tid in set(owned) - held:
                lost = self.tables.get(tid)
                if lost is not None:
                    self.lost(lost)
        for tid in await self.db(self.storage.orphans):
            if tid in self.tables:
                continue
            async with self._loading:
                rec = await self.db(self.storage.table, tid)
                if tid in self.tables or rec is None or rec.status != RUNNING:
                    continue
                try:
                    await self._resume(rec)
                except TableError:  # another server took it first
                    continue
            log.warning("table %s: taken over at decision %d", tid, rec.steps)
            if self.relay is not None:
                self.relay.end_table(tid)  # its clients here connect to it here now

    async def _resume(self, rec: TableRecord) -> LiveTable:
        if rec.status == RUNNING:
            taken = await self.take(rec.id)
            if taken is None:
                raise TableError("elsewhere", "another server serves this table", 409)
            rec = taken
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
        await cancel_and_wait([self._rater, self._matcher])  # no new table, no new rating
        if self._leases is not None:  # after its sweep: the tables it took are held here
            self._leases_end.set()
            await self._leases
        if self.relay is not None:
            await self.relay.stop()
        for t in list(self.tables.values()):
            await t.stop()
        owned = [i for i, t in self.tables.items() if t.epoch is not None and not t.lost]
        try:  # another server may take them at once
            await self.db(self.storage.release, self.process_id, owned)
        except Exception as e:
            why = self.storage.explain(e)
            log.warning("the leases of %d tables were not given up: %s", len(owned), why)
        if self._background:
            await asyncio.gather(*self._background, return_exceptions=True)
        await cancel_and_wait([self._collector])
        self.bots.close()
        self._reads.shutdown(wait=True)
        if self._writer is not None:  # the last decisions are committed before the close
            await asyncio.gather(self._writer, return_exceptions=True)
        if self._commits is not self._db:
            self._commits.shutdown(wait=True)
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
                resumed = await self._resume(rec)
                if resumed.unwatched_and_finished():  # asked for its replay, its review
                    self.idle(resumed)
                return resumed
            if rec.status == OPEN:
                taken = await self.take(table_id)
                if taken is None:
                    raise TableError("elsewhere", "another server serves this table", 409)
                rec = taken
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
        rated: bool = False,
    ) -> tuple[LiveTable, str, dict[int, str]]:
        """A new open table, played with the data set ``data_name`` (``None``: the shipped
        one); returns it, the host's token and each human seat's token. ``seed``: the game's
        seed (``None``: a random one). ``guided``: a guided first game (its settings say
        ``guide``; a seat of kind ``"guide"`` is played by the game's guide, see
        :mod:`spacetable.web.guides`). ``rated``: once over, the game rates its accounts
        (:meth:`rate_due`)."""
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
            owner=self.process_id,
            lease_until=time.time() + self.settings.lease if self.cluster else None,
            epoch=1,
            settings={**(settings.to_json() or {}), "guide": True}
            if guided
            else settings.to_json(),
            rated=rated,
        )
        await self.db(self.storage.create_table, rec)
        table = self.tables[rec.id] = LiveTable(self, rec)
        return table, host, tokens

    def idle(self, table: LiveTable) -> None:
        """``table`` is finished and nobody watches it: it stays in memory for a while, but
        beyond ``settings.idle_finished`` such tables the one left longest is dropped."""
        tid = table.rec.id
        if self.tables.get(tid) is not table:
            return
        self._idle[tid] = None
        self._idle.move_to_end(tid)
        while len(self._idle) > self.settings.idle_finished:
            old, _ = self._idle.popitem(last=False)
            t = self.tables.get(old)
            if t is not None and t.unwatched_and_finished():
                del self.tables[old]

    def watched(self, table: LiveTable) -> None:
        """Somebody connected to ``table``: it is not idle."""
        self._idle.pop(table.rec.id, None)

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
