"""What the hub and its live tables share: the server's settings, a client's connection,
the error of a refused request, and the data sets a server offers."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import secrets
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import spacetable
from spacetable.engine import DataSet
from spacetable.engine.dataset import SHIPPED

from . import chat
from .messages import dumps, error_message
from .protocol import TokenBucket
from .storage import TableRecord


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
    #: Hints ("what would the bot do?"): search iterations, the seconds a hint may take in
    #: its worker, and how many a connection may ask for (per second on average, at once).
    hint_iterations: int = 300
    hint_budget: float = 10.0
    hint_rate: float = 0.2
    hint_burst: float = 3.0
    #: Game reviews: search iterations per decision.
    review_iterations: int = 200
    #: Guided first games: the most seconds the guide pauses before each of its own moves
    #: (a learner's request may ask for less; tests shorten it).
    guide_pause: float = 10.0
    #: Several servers on one database (``spacetable serve --redis``): the URL of the Redis
    #: server that relays their messages (``None``: one server alone on its database).
    redis: str | None = None
    #: Seconds a table's lease lasts unless its owner renews it (every third of it); a dead
    #: owner's tables are taken over by another server this long after its last renewal.
    #: Used only with ``redis``: a server alone on its database takes every table it loads,
    #: without expiry.
    lease: float = 10.0
    #: Seconds between two passes that rate the finished rated games not rated yet (a game
    #: that ends here is rated about two seconds after its end, without waiting for it;
    #: this pass rates those whose server stopped first).
    rate_every: float = 30.0
    #: Play now (``spacetable.web.matchmaking``): seconds between two passes over the
    #: queues; the rating gap (OpenSkill μ) accepted at once, and how much it widens a
    #: second waited; seconds after which an entry whose page stopped asking leaves the
    #: queue; seconds of waiting after which a person may fill the seats with bots; seconds
    #: a matched entry is kept for its page to read.
    #: Threads reading the database beside the one that writes (``Hub.read``).
    read_threads: int = 4
    queue_every: float = 1.0
    queue_gap: float = 2.0
    queue_widen: float = 0.2
    queue_idle: float = 15.0
    queue_bots_after: float = 30.0
    queue_matched_for: float = 120.0
    #: The public origins (``https://tables.example``) the site is served at besides the
    #: ``Host`` of each request: behind a reverse proxy that rewrites ``Host``, a change
    #: whose ``Origin`` is none of them is refused (``spacetable serve --origin``).
    origins: tuple[str, ...] = ()
    #: Finished tables kept in memory while nobody watches them (their replay is asked for
    #: again, frame by frame); the ones left longest are dropped beyond this many (read back
    #: from the database when asked again).
    idle_finished: int = 200


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
        self.hint_bucket = TokenBucket(settings.hint_rate, settings.hint_burst, time.monotonic())
        #: A hint is being computed for this connection (one at a time).
        self.hinting = False
        #: Messages dropped in a row for the rate; past ``max_dropped`` the client is let go.
        self.dropped = 0
        self.max_dropped = settings.max_dropped
        self.closed = False
        #: Closed because the table is served by another process now: the client should
        #: connect again (its WebSocket is closed with code 1012).
        self.moved = False
        #: The signed-in account of the connection, the accounts it blocks and the seats
        #: those hold at its table: their chat does not reach it (``spacetable.web.safety``).
        self.account: str | None = None
        self.blocked: frozenset[str] = frozenset()
        self.blocked_seats: frozenset[int] = frozenset()

    def admit(self, now: float) -> bool | None:
        """Whether a message received at ``now`` is within the connection's rate: ``True``
        (handle it); ``False`` (dropped, and the client told so); ``None`` (dropped, and
        too many in a row: the connection is to be closed)."""
        if self.bucket.take(now):
            self.dropped = 0
            return True
        self.dropped += 1
        self.send(error_message("rate_limited", "too many messages; slow down"))
        return None if self.dropped > self.max_dropped else False

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


async def cancel_and_wait(tasks: Iterable[asyncio.Future[Any] | None]) -> None:
    """Cancel ``tasks`` and wait until each has ended (their failures are not raised).

    Unlike ``await task`` under ``suppress(CancelledError)``, a cancellation of the caller
    itself is not swallowed: it is raised here, while the tasks go on ending."""
    ending = [t for t in tasks if t is not None]
    for t in ending:
        t.cancel()
    if not ending:
        return
    await asyncio.wait(ending)
    for t in ending:
        if not t.cancelled():
            t.exception()  # retrieved: a task failing as it ends is not reported again
