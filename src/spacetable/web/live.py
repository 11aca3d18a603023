"""Live tables: the games in memory, their connections, their bots and their clocks.

The :class:`Hub` owns the storage (used from one database thread, so commits keep their
order and never block the event loop), the bot workers and every live table. A
:class:`LiveTable` changes its game only under its lock, in this order: apply the decision
(the engine checks it; a bad one raises and changes nothing), **commit it**, then push each
connection the state its seat may see. A turn-based table runs a driver task that asks the
bots whose turn it is; a real-time table (Spacedealer) runs on the server's clock: every
``tick`` seconds of wall time the game advances by ``tick * speed`` seconds of game time
(each advance is a decision of the record, so a replay is exact) and every bot seat gets a
chance to act. A restarted server resumes every running table from its last snapshot and
the decisions after it, the game clock where it stood.

Data sets: a game is played with its shipped data or with a directory of corrected tables
the server was started with (``spacetable serve --data GAME=DIR``). A table stores the name
and digest of its data set; a restarted server finds it by digest among those it knows. A
table whose data set the server does not know is shown broken, with the reason, until a
server that knows it again resumes it (the database keeps it running).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

import spacetable
from spacetable.engine import DataSet, Game, RecordError, SpacetableError
from spacetable.engine.dataset import SHIPPED

from . import chat
from .bots import BotPool
from .clocks import Clocks, TableSettings
from .collector import Collector
from .messages import dumps, error_message, outcome_message, state_message, welcome_message
from .protocol import TokenBucket
from .storage import (
    BROKEN,
    OPEN,
    OVER,
    RUNNING,
    Append,
    Decision,
    SeatRecord,
    Storage,
    TableRecord,
)

log = logging.getLogger("spacetable.web")
T = TypeVar("T")
#: The most decisions one transaction commits (a group commit, see :meth:`Hub.append`).
GROUP_COMMIT = 256


@dataclass
class Settings:
    """Server settings (``spacetable serve`` sets them; tests shorten the waits)."""

    #: A snapshot of the whole state every this many decisions (and at the end).
    snapshot_every: int = 50
    #: Real time: wall seconds between two advances of the game clock.
    tick: float = 0.5
    #: Seconds a bot may think in a turn-based game, and in a real-time one.
    bot_budget: float = 20.0
    realtime_bot_budget: float = 3.0
    #: Client messages: per second on average, at once, and dropped in a row before the
    #: connection is closed.
    rate: float = 20.0
    burst: float = 40.0
    max_dropped: int = 200
    #: JSON API requests that change something (POST), per client address.
    http_rate: float = 10.0
    http_burst: float = 60.0
    #: Replay frames (``GET /api/tables/{id}/replay/{step}``), per client address: each
    #: costs the server a game played forward, so the page's fastest play (10 steps a
    #: second) is the rate.
    replay_rate: float = 10.0
    replay_burst: float = 20.0
    #: Messages waiting for a slow client before it is disconnected.
    max_queue: int = 512
    #: Connections per table (players and spectators).
    max_connections: int = 200
    #: Bot worker processes (``None``: one per core, at most 4).
    bot_workers: int | None = None
    #: Start the bot workers with the server (else at the first bot's decision).
    warm_bots: bool = True
    #: Seconds a seat may have no connection before the table's takeover bot plays it.
    away_after: float = 30.0
    #: Seconds between two saves of running turn clocks (besides every decision).
    clock_save_every: float = 5.0
    #: The garbage collector (:mod:`spacetable.web.collector`): seconds between two freezes
    #: of the surviving objects (``None``: Python's own collector, untouched), the least
    #: seconds between two full collections, and how much the frozen objects must have grown
    #: for the next one (0: every ``gc_full_every`` seconds).
    gc_freeze_every: float | None = 1.0
    gc_full_every: float = 600.0
    gc_full_growth: float = 0.25


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_table_id() -> str:
    return secrets.token_hex(6)


class Conn:
    """One WebSocket client: its seat (``None``: spectator), language and send queue."""

    def __init__(self, seat: int | None, lang: str, settings: Settings, name: str = "") -> None:
        self.seat = seat
        self.lang = lang
        #: The name the person gave (a seat's connections speak in the chat under it).
        self.name = name
        self.log_sent = 0
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(settings.max_queue)
        self.bucket = TokenBucket(settings.rate, settings.burst, time.monotonic())
        self.chat_bucket = TokenBucket(chat.RATE, chat.BURST, time.monotonic())
        self.dropped = 0
        self.closed = False

    def send(self, msg: dict[str, Any] | str) -> None:
        if self.closed:
            return
        text = msg if isinstance(msg, str) else dumps(msg)
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:  # a client that does not read: let it go
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)


class TableError(ValueError):
    """A request about a table that is refused; ``code`` is its code on the wire, ``status``
    the HTTP status of the JSON API."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.status = status


class MissingData(TableError):
    """The server does not know the data set a table was made with."""

    def __init__(self, rec: TableRecord) -> None:
        super().__init__(
            "no_data",
            f"this table is played with the data set {rec.data_name!r} of {rec.game} "
            f"(digest {rec.data_digest}), which this server was not started with "
            f"(spacetable serve --data {rec.game}=DIR)",
            409,
        )


class DataSets:
    """The data sets a server offers per game: the shipped one (named ``shipped``) and
    each directory it was started with (named after the directory)."""

    def __init__(self, configured: Sequence[DataSet[Any]] = ()) -> None:
        self.configured: dict[str, dict[str, DataSet[Any]]] = {}
        for ds in configured:
            named = self.configured.setdefault(ds.game, {})
            if ds.name == SHIPPED or ds.name in named:
                raise ValueError(
                    f"two data sets of {ds.game} are named {ds.name!r}: "
                    "give each directory its own name"
                )
            named[ds.name] = ds

    def of(self, game: str) -> list[DataSet[Any]]:
        """The game's data sets, the shipped one first (none for a game without tables)."""
        if spacetable.game_class(game).data_spec is None:
            return []
        return [spacetable.load_data(game), *self.configured.get(game, {}).values()]

    def named(self, game: str, name: str | None) -> DataSet[Any] | None:
        """The data set ``name`` of ``game`` (``None``: the shipped one); a
        :class:`TableError` ``bad_data`` when there is no such one."""
        sets = self.of(game)
        if not sets:
            if name in (None, SHIPPED):
                return None
            raise TableError("bad_data", f"{game} has no data tables")
        if name is None or name == SHIPPED:
            return sets[0]
        for ds in sets[1:]:
            if ds.name == name:
                return ds
        known = ", ".join(ds.name for ds in sets)
        raise TableError("bad_data", f"{game} has no data set {name!r}; known: {known}")

    def of_table(self, rec: TableRecord) -> DataSet[Any] | None:
        """The data set a table was made with, found by its digest; :class:`MissingData`
        when the server does not know it."""
        if rec.data_digest is None:
            return None
        for ds in self.of(rec.game):
            if ds.digest == rec.data_digest:
                return ds
        raise MissingData(rec)


def restore_game(storage: Storage, rec: TableRecord, data: DataSet[Any] | None = None) -> Game:
    """Rebuild a table's game with its data set ``data`` (``None``: the shipped one): its
    newest snapshot (``load_trusted``: the server's own copy), then every later decision,
    each checked again with its clock. Raises ``ValueError`` (``RecordError``...) when the
    stored table cannot be played back."""
    snap = storage.snapshot(rec.id)
    if snap is not None:
        start, text = snap
        game = spacetable.load_trusted(text, data=data)
        if game.step != start:
            raise RecordError(f"snapshot {start} of table {rec.id} holds step {game.step}")
    else:
        start = 0
        game = spacetable.new_game(rec.game, rec.players, rec.seed, rec.options, data=data)
        label = game.data.label() if game.data is not None else None
        if label is not None and label["digest"] != rec.data_digest:
            raise RecordError(
                f"table {rec.id} was played with the data set {rec.data_name!r}, "
                f"not with {label['name']!r}"
            )
    for d in storage.decisions(rec.id, start):
        if d.n != game.step:
            raise RecordError(f"table {rec.id}: decision {d.n} at step {game.step}")
        if d.seat is None:
            if d.advance is None:
                raise RecordError(f"table {rec.id}: decision {d.n} is empty")
            game.advance(d.advance)
        else:
            game.apply(d.seat, d.action or {})
        if game.clock != d.clock:
            raise RecordError(
                f"table {rec.id}: decision {d.n} at clock {game.clock}, not {d.clock}"
            )
    if game.step != rec.steps:
        raise RecordError(f"table {rec.id}: {game.step} decisions replayed, {rec.steps} stored")
    return game


class LiveTable:
    """A table in memory (see the module docstring)."""

    def __init__(self, hub: Hub, rec: TableRecord, game: Game | None = None) -> None:
        self.hub = hub
        self.rec = rec
        self.game = game
        self.lock = asyncio.Lock()
        self.conns: set[Conn] = set()
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.thinking: set[int] = set()
        self.bot_tasks: set[asyncio.Task[None]] = set()
        #: The record entries committed since this object holds the game (for the bots'
        #: workers, which keep their own copy): entry ``i`` took the game from step
        #: ``entries_base + i``.
        self.entries: list[dict[str, Any]] = []
        self.entries_base = game.step if game is not None else 0
        #: A commit failed and the database could not be read back: the game in memory may
        #: be ahead of the database, so nothing is played until :meth:`reload` succeeds.
        self.stale = False
        #: Why the table is broken, as anybody may read it (a record that does not play
        #: back may name hidden cards: the server's log has its details).
        self.reason: str | None = None
        #: The table's chat rooms (in memory).
        self.chat = chat.Chat(rec.players)
        #: The turn clocks and the takeover bot (``None``: the table has neither).
        self.clocks: Clocks | None = (
            Clocks.restore(TableSettings.from_json(rec.settings), rec.players, rec.clocks)
            if rec.settings
            else None
        )
        self.clock_saved = 0.0
        self.leaving: dict[int, asyncio.Task[None]] = {}

    # ------------------------------------------------------------------ public info
    def info(self) -> dict[str, Any]:
        """What anybody may know of the table (no seed, no token)."""
        return public_info(self.rec, self.game, self.reason)

    def seat_of(self, token: str) -> int | None:
        """The seat a token holds, or ``None``."""
        h = token_hash(token)
        for s in self.rec.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, h):
                return s.seat
        return None

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` now: a bot's seat, or a person's that is away (out
        of time, or left) at a table with a takeover bot."""
        if self.rec.seats[seat].kind == "bot":
            return True
        return self.clocks is not None and self.clocks.away(seat) is not None

    def level_of(self, seat: int) -> str:
        s = self.rec.seats[seat]
        if s.kind == "bot":
            return s.level or "medium"
        return (self.clocks.settings.takeover if self.clocks else None) or "medium"

    def people(self) -> set[int]:
        return {s.seat for s in self.rec.seats if s.kind == "human"}

    def clocks_info(self) -> dict[str, Any] | None:
        return self.clocks.public(time.monotonic()) if self.clocks is not None else None

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        async with self.lock:
            if self.rec.status != OPEN:
                raise TableError("not_open", f"table {self.rec.id} is {self.rec.status}", 409)
            rec = self.rec
            data = self.hub.data.of_table(rec)  # MissingData: the table stays open
            game = spacetable.new_game(rec.game, rec.players, rec.seed, rec.options, data=data)
            now = time.time()
            await self.hub.db(self.hub.storage.set_status, rec.id, RUNNING, at=now)
            rec.status = RUNNING
            rec.started_at = now
            self.game = game
            self.entries, self.entries_base = [], 0
            self.broadcast_table()
            self.broadcast()
            self.launch()

    def launch(self) -> None:
        """Start the driver (bots, clock) of a running table."""
        if self.task is None and self.game is not None and not self.game.is_over:
            self._run_clocks()
            runner = self._run_realtime if self.game.realtime else self._run_turns
            self.task = asyncio.create_task(runner(), name=f"table-{self.rec.id}")

    async def stop(self) -> None:
        tasks = [t for t in (self.task, *self.bot_tasks) if t is not None]
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        self.task = None
        for c in list(self.conns):
            c.close()

    # ------------------------------------------------------------------ decisions
    async def act(self, seat: int, action: dict[str, Any], step: int | None = None) -> None:
        """A person's decision for ``seat`` (the caller checked they hold it)."""
        async with self.lock:
            if self.stale:
                await self.reload()
            game = self._running()
            if step is not None and step != game.step:
                raise TableError("stale", f"the game moved on (step {game.step}, not {step})")
            if self.clocks is not None and self.clocks.away(seat) is not None:
                self._notice(self.clocks.back(seat))  # acting is being back
            await self._apply(seat, action)
        self.wake.set()

    async def come_back(self, seat: int) -> None:
        """The person of an away seat is back (the ``back`` message)."""
        async with self.lock:
            if self.clocks is None or self.clocks.away(seat) is None:
                return
            self._notice(self.clocks.back(seat))
            self._run_clocks()
            await self._save_clocks()
        self.wake.set()

    async def undo(self, seat: int, count: int = 1, step: int | None = None) -> None:
        """A person takes back their seat's last ``count`` decisions (the ``undo`` message),
        under the engine's rule (:meth:`Game.undoable`). The game is rebuilt without them, the
        database forgets them (a restart resumes the game as it is now), the bots' work for
        the table is dropped, and everybody gets the new state with the whole log."""
        async with self.lock:
            if self.stale:
                await self.reload()
            game = self._running()
            if step is not None and step != game.step:
                raise TableError("stale", f"the game moved on (step {game.step}, not {step})")
            back = game.clone()
            back.undo(seat, count)  # UndoError: not allowed now, nothing changed
            if self.clocks is not None and self.clocks.away(seat) is not None:
                self._notice(self.clocks.back(seat))  # taking back is being back
            clocks = self.clocks.to_json(time.monotonic()) if self.clocks is not None else None
            try:
                await self.hub.db(self.hub.storage.undo, self.rec.id, back.step, clocks)
            except Exception as e:
                log.exception("table %s: undo to step %d not stored", self.rec.id, back.step)
                await self.reload()
                raise TableError("storage", "the undo could not be stored; try again", 503) from e
            # A new game object: a bot still thinking on the old one sees its turn is gone.
            self.game = back
            self.hub.bots.invalidate(self.rec.id)
            self.entries, self.entries_base = [], back.step
            self.rec.steps = back.step
            log.info("table %s: seat %d took back %d decision(s)", self.rec.id, seat, count)
            self._run_clocks()
            for c in self.conns:
                c.log_sent = 0  # the log got shorter: every client starts it afresh
            self.broadcast()
        self.wake.set()

    def _running(self) -> Game:
        if self.stale:
            raise TableError("storage", "the database does not answer; try again", 503)
        if self.rec.status == BROKEN:
            why = self.reason or "its record could not be played back"
            raise TableError("broken", f"this table could not be resumed: {why}", 409)
        if self.game is None or self.rec.status == OPEN:
            raise TableError("not_started", "the table has not started yet", 409)
        if self.game.is_over:
            raise TableError("game_over", "the game is over", 409)
        return self.game

    async def _apply(self, seat: int, action: dict[str, Any]) -> None:
        """Under the lock: check and apply, commit, push. Raises the engine's
        ``InvalidAction``/``IllegalAction`` (nothing changed) or ``TableError``."""
        game = self._running()
        act = game.parse_action(action)
        game.apply(seat, act)
        if self.clocks is not None:
            self.clocks.decided(seat, time.monotonic())
            self._run_clocks()
        d = Decision(game.step - 1, seat, act.to_json(), None, game.clock, time.time())
        await self._commit(d)

    async def _advance(self, seconds: float) -> None:
        game = self._running()
        game.advance(seconds)
        d = Decision(game.step - 1, None, None, seconds, game.clock, time.time())
        await self._commit(d)

    async def _commit(self, d: Decision) -> None:
        game = self.game
        assert game is not None
        every = self.hub.settings.snapshot_every
        over = game.is_over
        snapshot = (game.step, game.to_json()) if over or game.step % every == 0 else None
        outcome = game.outcome().to_json() if over else None
        try:
            clocks = self.clocks.to_json(time.monotonic()) if self.clocks is not None else None
            await self.hub.append(Append(self.rec.id, (d,), snapshot, outcome, clocks))
        except Exception as e:
            log.exception("table %s: decision %d not stored; reloading it", self.rec.id, d.n)
            await self.reload()
            raise TableError("storage", "the decision could not be stored; try again", 503) from e
        if self.entries_base + len(self.entries) == d.n:
            self.entries.append(d.entry(game.realtime))
        self.rec.steps = game.step
        if over:
            self.rec.status = OVER
            self.rec.outcome = outcome
            self.rec.finished_at = d.at
            self.broadcast_table()
        self.broadcast()
        if over:
            asyncio.get_running_loop().create_task(self.hub.bots.forget(self.rec.id))

    async def reload(self) -> bool:
        """Rebuild the game from storage (after a failed commit): the decision that was not
        stored is undone. When the storage cannot be read either, the table waits
        (``stale``): every later request tries again. Returns whether it is in step."""
        try:
            rec = await self.hub.db(self.hub.storage.table, self.rec.id)
            if rec is None:
                raise LookupError(f"table {self.rec.id} is gone from the database")
            data = self.hub.data.of_table(rec)
            game = await self.hub.db(restore_game, self.hub.storage, rec, data)
        except (ValueError, SpacetableError) as e:  # the stored record does not play back
            log.error("table %s cannot be restored: %s", self.rec.id, e)
            self.rec.status = BROKEN
            self.reason = str(e) if isinstance(e, MissingData) else None
            self.stale = False
            self.broadcast_table()
            return False
        except Exception:  # the database does not answer: try again later
            log.exception("table %s: the database does not answer", self.rec.id)
            self.stale = True
            return False
        self.rec = rec
        self.game = game
        self.entries, self.entries_base = [], game.step
        self.stale = False
        for c in self.conns:
            c.log_sent = 0
        self.broadcast()
        return True

    # ------------------------------------------------------------------ pushing
    def broadcast(self) -> None:
        """Push every connection the state its seat may see (and the end, once over)."""
        game = self.game
        if game is None:
            return
        cache: dict[tuple[int | None, str, int], str] = {}
        ends: dict[str, str] = {}
        clocks = self.clocks_info()
        for conn in list(self.conns):
            if conn.closed:
                continue
            self.send_state(conn, cache, clocks)
            if game.is_over:
                if conn.lang not in ends:
                    ends[conn.lang] = dumps(outcome_message(game, conn.lang))
                conn.send(ends[conn.lang])

    def send_state(
        self,
        conn: Conn,
        cache: dict[tuple[int | None, str, int], str] | None = None,
        clocks: dict[str, Any] | None = None,
    ) -> None:
        game = self.game
        if game is None:
            return
        key = (conn.seat, conn.lang, conn.log_sent)
        text = cache.get(key) if cache is not None else None
        if text is None:
            msg = state_message(
                game,
                conn.seat,
                conn.lang,
                conn.log_sent,
                speed=self.rec.speed,
                clocks=clocks if cache is not None else self.clocks_info(),
            )
            text = dumps(msg)
            if cache is not None:
                cache[key] = text
        conn.log_sent = game.log_size
        conn.send(text)

    def broadcast_table(self) -> None:
        msg = dumps({"type": "table", "table": self.info()})
        for conn in list(self.conns):
            conn.send(msg)

    def attach(self, conn: Conn) -> None:
        if len(self.conns) >= self.hub.settings.max_connections:
            raise TableError("full", "too many connections to this table", 429)
        self.conns.add(conn)
        conn.send(welcome_message(self.info(), conn.seat, conn.lang))
        if self.game is not None:
            self.send_state(conn)
            if self.game.is_over:
                conn.send(outcome_message(self.game, conn.lang))
        conn.send({"type": "chat_history", "messages": self.chat.history(conn.seat)})
        seat = conn.seat
        if seat is not None and seat in self.leaving:
            self.leaving.pop(seat).cancel()
        if seat is not None and self.clocks is not None and self.clocks.away(seat) == "left":
            asyncio.get_running_loop().create_task(self.come_back(seat))

    def say(self, conn: Conn, scope: str, text: str) -> None:
        """Post ``text`` from ``conn`` in the table's chat or in its seat's, and send it to
        every connection that may read it."""
        if not conn.chat_bucket.take(time.monotonic()):
            raise TableError("rate_limited", "too many chat messages; slow down", 429)
        if scope == "seat" and conn.seat is None:
            raise TableError("no_seat", "a spectator has no seat to talk to")
        words = chat.clean(text)
        if not words:
            raise TableError("bad_message", "the message is empty")
        name = conn.name
        if conn.seat is not None and not name:
            name = self.rec.seats[conn.seat].name
        posted = self.chat.post(scope, conn.seat, name, words)
        self.hub.keep(self.hub.db(self.hub.storage.add_chat, self.rec.id, posted), "chat")
        msg = dumps(posted)
        for c in list(self.conns):
            if scope == "table" or c.seat == conn.seat:
                c.send(msg)

    def detach(self, conn: Conn) -> None:
        self.conns.discard(conn)
        conn.close()
        if conn.seat is not None and not any(c.seat == conn.seat for c in self.conns):
            self._leaving(conn.seat)
        finished = self.task is None or self.task.done()
        if not self.conns and self.rec.status in (OVER, BROKEN) and finished:
            # nobody watches a finished table: it is read back from storage if asked again
            self.hub.tables.pop(self.rec.id, None)

    async def join(self, seat: int, name: str) -> None:
        s = self.rec.seats[seat]
        if s.joined and s.name == name:
            return
        await self.hub.db(self.hub.storage.join, self.rec.id, seat, name)
        s.joined = True
        s.name = name
        self.broadcast_table()

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
        """A clock may have run out: its seat goes to the takeover bot. Running clocks are
        saved (so that a restart resumes them where they stood)."""
        async with self.lock:
            if self.clocks is None or self.game is None or self.game.is_over:
                return
            now = time.monotonic()
            for seat in self.clocks.expired(now):
                self._notice(self.clocks.leave(seat, "timeout", now))
            await self._save_clocks()

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

    async def _run_turns(self) -> None:
        """Turn-based: whenever a bot seat is to act, ask its bot (in a worker)."""
        hub = self.hub
        while True:
            self.wake.clear()
            if self.stale:
                async with self.lock:
                    if self.stale and not await self.reload():
                        await asyncio.sleep(1.0)
                        continue
            game = self.game
            if game is None or game.is_over or self.rec.status != RUNNING:
                return
            seats = [s for s in game.to_act if self.is_bot(s)]
            if not seats:
                wait = self._clock_wait()
                try:
                    await asyncio.wait_for(self.wake.wait(), wait)
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
                if game is None or game.is_over or self.rec.status != RUNNING:
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


def public_info(
    rec: TableRecord, game: Game | None = None, reason: str | None = None
) -> dict[str, Any]:
    """A table as anybody may see it: no seed, no token. A broken table says why
    (``reason``, or that its record could not be played back)."""
    out: dict[str, Any] = {
        "id": rec.id,
        "game": rec.game,
        "players": rec.players,
        "options": rec.options,
        "data": None
        if rec.data_digest is None
        else {"name": rec.data_name, "digest": rec.data_digest},
        "status": rec.status,
        "speed": rec.speed,
        "bot_delay": rec.bot_delay,
        "title": rec.title,
        "created_at": rec.created_at,
        "started_at": rec.started_at,
        "finished_at": rec.finished_at,
        "steps": rec.steps,
        "seats": [
            {"seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name, "joined": s.joined}
            for s in rec.seats
        ],
    }
    if rec.settings is not None:
        out["settings"] = rec.settings
    if rec.outcome is not None:
        out["outcome"] = rec.outcome
    if rec.status == BROKEN:
        out["reason"] = reason or "its record could not be played back"
    if game is not None:
        out["to_act"] = list(game.to_act)
        out["realtime"] = game.realtime
    return out


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
    ) -> tuple[LiveTable, str, dict[int, str]]:
        """A new open table, played with the data set ``data_name`` (``None``: the shipped
        one); returns it, the host's token and each human seat's token."""
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
        host = new_token()
        tokens: dict[int, str] = {}
        seat_recs: list[SeatRecord] = []
        for i, (kind, level, name) in enumerate(seats):
            if kind == "human":
                tokens[i] = new_token()
                seat_recs.append(SeatRecord(i, "human", None, token_hash(tokens[i]), name, False))
            else:
                seat_recs.append(SeatRecord(i, "bot", level or "medium", None, name, True))
        rec = TableRecord(
            id=new_table_id(),
            game=game,
            players=players,
            seed=secrets.randbits(62),
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
            settings=settings.to_json(),
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
