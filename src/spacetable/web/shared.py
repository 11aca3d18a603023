"""What the hub and its live tables share: the server's settings, a client's connection,
the error of a refused request, and the data sets a server offers."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import spacetable
from spacetable.engine import DataSet
from spacetable.engine.dataset import SHIPPED

from . import chat
from .messages import dumps
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
