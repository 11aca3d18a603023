"""Several server processes, one service: a table's clients on any process, through Redis.

One process owns each open or running table (its lease, :meth:`Storage.acquire`). A client
that connects to another process is relayed: that process checks the client's token against
the database, then tells the owner over Redis pub/sub (each process listens on its own
channel, ``spacetable:p:<process id>``). At the owner the client is a :class:`RemoteConn`,
a connection like any other whose messages are published back to the relaying process,
which sends them on the client's WebSocket; what the client sends is published to the
owner, which handles it exactly as a local client's. So every message a relayed client gets
is the one the owner made for its seat and language (its projection, chat, notices, clocks).

Messages on a process's channel (JSON): to an owner ``open`` (a client: table, seat,
language, name), ``msg`` (a client's message text) and ``close``; to a relaying process
``send`` (a message for the client) and ``end`` (the owner closed the connection; ``moved``:
the table is served by another process now). A publish that reaches no process means its
process is gone: a relayed connection is closed (``moved``: the client connects again), an
owner forgets the connection.

A request of the JSON API that changes a table another process owns (take a seat, start)
is checked here against the database (its token), then asked of the owner: ``call`` (what,
its arguments) to the owner, ``reply`` (its result, or the error it raised, with its code
and HTTP status) back, within :data:`CALL_TIMEOUT` seconds. So whichever process a request
reaches, the table changes at its owner, as for a client of the owner.

When Redis does not answer, an owner goes on playing for its local clients; a relayed
connection is refused with the error ``relay_down`` (503), and :meth:`Relay.health` says so
until Redis answers again.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import orjson
import redis.asyncio as aioredis
from redis.exceptions import RedisError

from .messages import dumps, error_message
from .shared import Conn, Settings, TableError, cancel_and_wait

if TYPE_CHECKING:
    from .table import LiveTable

log = logging.getLogger("spacetable.web")
#: The prefix of each process's channel.
PREFIX = "spacetable:p:"
#: Seconds between two attempts to reach Redis again.
RETRY = 1.0
#: Messages published in one round trip to Redis at most.
BATCH = 256
#: Seconds a request relayed to a table's owner waits for its answer.
CALL_TIMEOUT = 10.0

#: Handles one message of a client at the owner (``app._handle`` with its error handling).
Handler = Callable[["LiveTable", Conn, str], Awaitable[None]]
#: Answers a relayed request at the owner: the table, what is asked, its arguments; returns
#: the JSON result (raises :class:`~spacetable.web.shared.TableError` to refuse).
Answerer = Callable[["LiveTable", str, dict[str, Any]], Awaitable[Any]]


def channel(process: str) -> str:
    return PREFIX + process


class RemoteConn(Conn):
    """At the owner of a table: a client connected to another process (``origin``)."""

    def __init__(
        self,
        relay: Relay,
        origin: str,
        cid: str,
        seat: int | None,
        lang: str,
        settings: Settings,
        name: str,
    ) -> None:
        super().__init__(seat, lang, settings, name)
        self.relay = relay
        self.origin = origin
        self.cid = cid
        #: The client's messages, handled one after the other (``None``: it left).
        self.inbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.worker: asyncio.Task[None] | None = None

    def send(self, msg: dict[str, Any] | str) -> None:
        if self.closed:
            return
        text = msg if isinstance(msg, str) else dumps(msg)
        self.relay.post(self.origin, {"op": "send", "c": self.cid, "text": text})

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.relay.remote.pop(self.cid, None)
            self.relay.post(self.origin, {"op": "end", "c": self.cid, "moved": self.moved})
            self.inbox.put_nowait(None)


class Relay:
    """This process's end of the relay (see the module docstring)."""

    def __init__(self, url: str, process: str, settings: Settings) -> None:
        self.url = url
        self.process = process
        self.settings = settings
        self.redis: aioredis.Redis = aioredis.Redis.from_url(url)
        self.outbox: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()
        #: At the owner: relayed clients by connection id.
        self.remote: dict[str, tuple[LiveTable, RemoteConn]] = {}
        #: Here: the clients relayed to other processes (connection id: table id, owner,
        #: connection).
        self.local: dict[str, tuple[str, str, Conn]] = {}
        self.up = False
        #: Subscribed to this process's channel (``up`` also needs publishing to work).
        self._listening = False
        self.error: str | None = None
        self._ids = itertools.count(1)
        self._tasks: list[asyncio.Task[None]] = []
        #: Set by the app: the table of an id held here (``None``: not here).
        self.table_of: Callable[[str], LiveTable | None] = lambda _id: None
        #: Set by the app: handles a relayed client's message at the owner.
        self.handle: Handler | None = None
        #: Set by the app: answers a relayed request at the owner.
        self.answer: Answerer | None = None
        #: Here: the relayed requests waiting for their owner's reply, by id.
        self.calls: dict[str, asyncio.Future[dict[str, Any]]] = {}
        #: At the owner: the requests being answered (kept referenced until done).
        self._answering: set[asyncio.Task[None]] = set()
        self.subscribed = asyncio.Event()

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        self._tasks = [
            asyncio.create_task(self._listen(), name="relay-listen"),
            asyncio.create_task(self._send(), name="relay-send"),
        ]
        with contextlib.suppress(TimeoutError):  # Redis away: the server starts all the same
            async with asyncio.timeout(5.0):
                await self.subscribed.wait()

    async def stop(self) -> None:
        await cancel_and_wait([*self._tasks, *self._answering])
        for fut in self.calls.values():
            if not fut.done():
                fut.set_exception(TableError("relay_down", "this server is stopping", 503))
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    def health(self) -> dict[str, Any]:
        out: dict[str, Any] = {"up": self.up}
        if self.error is not None and not self.up:
            out["error"] = self.error
        return out

    def new_id(self) -> str:
        return f"{self.process}/{next(self._ids)}"

    # ------------------------------------------------------------------ sending
    def post(self, process: str, msg: dict[str, Any]) -> None:
        """Publish ``msg`` to ``process`` (in order, from one task)."""
        self.outbox.put_nowait((process, msg))

    async def _send(self) -> None:
        """Publish the outbox in order: what waits is sent in one pipeline (one round trip
        to Redis for up to :data:`BATCH` messages, not one each), so a burst of messages
        does not queue behind one round trip per message."""
        while True:
            batch = [await self.outbox.get()]
            while len(batch) < BATCH and not self.outbox.empty():
                batch.append(self.outbox.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for process, msg in batch:
                        pipe.publish(channel(process), orjson.dumps(msg))
                    reached = [int(n) for n in await pipe.execute()]
            except (RedisError, OSError) as e:
                self._down(e)
                reached = [0] * len(batch)
            else:  # a publish failed once, the subscription held: Redis answers again
                self.up = self._listening
            for (process, msg), n in zip(batch, reached, strict=True):
                if not n:
                    self._unreached(process, msg)

    def _down(self, e: BaseException) -> None:
        if self.up:
            log.error("Redis does not answer: %s", e)
        self.up = False
        self.error = f"{type(e).__name__}: {str(e)[:200]}"
        # the relayed clients cannot be served: they connect again (to the table's owner)
        for cid in list(self.local):
            self.end_local(cid, moved=True)

    def _unreached(self, process: str, msg: dict[str, Any]) -> None:
        """``msg`` reached no process: ``process`` is gone (or Redis is)."""
        cid = msg.get("c")
        if not isinstance(cid, str):
            return
        if msg["op"] == "call":  # the owner is gone: its tables are taken over in a moment
            self._replied(
                {
                    "c": cid,
                    "error": {
                        "code": "owner_gone",
                        "message": "the table's server is gone; another takes it over in a "
                        "few seconds: try again",
                        "status": 503,
                    },
                }
            )
        elif msg["op"] in ("send", "end"):  # the relaying process is gone
            self.forget_remote(cid)
        elif cid in self.local:  # the owner is gone: its table will be taken over
            self.end_local(cid, moved=True)

    # ------------------------------------------------------------------ here: relayed
    def open(
        self,
        table_id: str,
        owner: str,
        seat: int | None,
        lang: str,
        name: str,
        reader: Conn | None = None,
    ) -> tuple[str, Conn]:
        """Relay a new client of ``table_id`` to its ``owner``; returns its id and the
        connection whose queue holds what the owner sends it. ``reader``: who the client
        is (its account, and the accounts and seats whose chat it is not sent), so that
        the owner filters its chat as a local connection's."""
        if not self.up:
            raise ConnectionError("Redis does not answer")
        cid = self.new_id()
        conn = Conn(seat, lang, self.settings, name)
        self.local[cid] = (table_id, owner, conn)
        opened: dict[str, Any] = {
            "op": "open",
            "t": table_id,
            "c": cid,
            "from": self.process,
            "seat": seat,
            "lang": lang,
            "name": name,
        }
        if reader is not None and reader.account is not None:
            opened["account"] = reader.account
            opened["blocked"] = sorted(reader.blocked)
            opened["blocked_seats"] = sorted(reader.blocked_seats)
        self.post(owner, opened)
        return cid, conn

    def forward(self, cid: str, text: str) -> None:
        got = self.local.get(cid)
        if got is not None:
            self.post(got[1], {"op": "msg", "c": cid, "text": text})

    def leave(self, cid: str) -> None:
        got = self.local.pop(cid, None)
        if got is not None:
            self.post(got[1], {"op": "close", "c": cid})
            got[2].close()

    def end_local(self, cid: str, moved: bool) -> None:
        got = self.local.pop(cid, None)
        if got is not None:
            conn = got[2]
            if moved:
                conn.send(
                    error_message("moved", "this table is served by another server: connect again")
                )
                conn.moved = True
            conn.close()

    async def call(self, table_id: str, owner: str, what: str, args: dict[str, Any]) -> Any:
        """Ask ``owner`` to do ``what`` on ``table_id`` (see :data:`Answerer`): its result.
        Raises :class:`~spacetable.web.shared.TableError`: the owner's refusal, or no answer
        within :data:`CALL_TIMEOUT` seconds, or Redis away."""
        if not self.up:
            raise TableError(
                "relay_down", "this server cannot reach the table's server now; try again", 503
            )
        cid = self.new_id()
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.calls[cid] = fut
        self.post(
            owner,
            {
                "op": "call",
                "c": cid,
                "from": self.process,
                "t": table_id,
                "what": what,
                "args": args,
            },
        )
        try:
            async with asyncio.timeout(CALL_TIMEOUT):
                reply = await fut
        except TimeoutError:
            raise TableError(
                "relay_timeout", "the table's server did not answer in time; try again", 504
            ) from None
        finally:
            self.calls.pop(cid, None)
        error = reply.get("error")
        if error is not None:
            raise TableError(str(error["code"]), str(error["message"]), int(error["status"]))
        return reply.get("result")

    def _replied(self, msg: dict[str, Any]) -> None:
        fut = self.calls.get(str(msg.get("c")))
        if fut is not None and not fut.done():
            fut.set_result(msg)

    def end_table(self, table_id: str) -> None:
        """This process serves ``table_id`` now: its relayed clients connect again."""
        for cid, (tid, _, _) in list(self.local.items()):
            if tid == table_id:
                self.end_local(cid, moved=True)

    # ------------------------------------------------------------------ at the owner
    def forget_remote(self, cid: str) -> None:
        got = self.remote.pop(cid, None)
        if got is not None:
            table, conn = got
            table.detach(conn)  # closes it
            conn.inbox.put_nowait(None)

    async def _opened(self, msg: dict[str, Any]) -> None:
        cid, origin = str(msg["c"]), str(msg["from"])
        table = self.table_of(str(msg["t"]))
        if table is None or table.lost:
            self.post(origin, {"op": "end", "c": cid, "moved": True})
            return
        conn = RemoteConn(
            self, origin, cid, msg["seat"], str(msg["lang"]), self.settings, str(msg["name"])
        )
        if msg.get("account") is not None:  # who reads: the chat it is not sent
            conn.account = str(msg["account"])
            conn.blocked = frozenset(str(a) for a in msg.get("blocked") or [])
            conn.blocked_seats = frozenset(int(n) for n in msg.get("blocked_seats") or [])
        try:
            table.attach(conn)
        except Exception as e:  # a full table
            code = getattr(e, "code", "refused")
            conn.send(error_message(code, str(e)))
            conn.close()
            return
        self.remote[cid] = (table, conn)
        conn.worker = asyncio.create_task(self._work(table, conn), name=f"relayed-{cid}")
        seat = conn.seat
        if seat is not None and (conn.name or not table.rec.seats[seat].joined):
            with contextlib.suppress(Exception):
                await table.join(seat, conn.name or table.rec.seats[seat].name)

    def _called(self, msg: dict[str, Any]) -> None:
        task = asyncio.create_task(self._answer(msg), name=f"answer-{msg.get('c')}")
        self._answering.add(task)
        task.add_done_callback(self._answering.discard)

    async def _answer(self, msg: dict[str, Any]) -> None:
        cid, origin = str(msg["c"]), str(msg["from"])
        table = self.table_of(str(msg["t"]))
        reply: dict[str, Any] = {"op": "reply", "c": cid}
        if table is None or table.lost or self.answer is None:
            reply["error"] = {
                "code": "moved",
                "message": "this table is served by another server now: try again",
                "status": 503,
            }
        else:
            try:
                reply["result"] = await self.answer(table, str(msg["what"]), dict(msg["args"]))
            except TableError as e:  # the owner's refusal travels back as it is
                reply["error"] = {"code": e.code, "message": str(e)[:500], "status": e.status}
            except Exception as e:
                log.exception("a relayed request failed")
                reply["error"] = {"code": "internal", "message": str(e)[:500], "status": 500}
        self.post(origin, reply)

    async def _work(self, table: LiveTable, conn: RemoteConn) -> None:
        assert self.handle is not None
        while True:
            text = await conn.inbox.get()
            if text is None or conn.closed:
                return
            await self.handle(table, conn, text)

    # ------------------------------------------------------------------ listening
    async def _listen(self) -> None:
        while True:
            pubsub = self.redis.pubsub()
            try:
                await pubsub.subscribe(channel(self.process))
                if not self.up:
                    log.info("Redis answers: relaying through %s", self.process)
                self.up = self._listening = True
                self.error = None
                self.subscribed.set()
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    try:
                        await self._dispatch(orjson.loads(message["data"]))
                    except Exception:
                        log.exception("a relayed message failed")
            except (RedisError, OSError) as e:
                self._listening = False
                self._down(e)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
            await asyncio.sleep(RETRY)

    async def _dispatch(self, msg: dict[str, Any]) -> None:
        op = msg.get("op")
        cid = str(msg.get("c"))
        if op == "send":
            got = self.local.get(cid)
            if got is not None:
                got[2].send(str(msg["text"]))
        elif op == "end":
            self.end_local(cid, bool(msg.get("moved")))
        elif op == "open":
            await self._opened(msg)
        elif op == "msg":
            remote = self.remote.get(cid)
            if remote is not None:
                remote[1].inbox.put_nowait(str(msg["text"]))
        elif op == "close":
            self.forget_remote(cid)
        elif op == "call":
            self._called(msg)
        elif op == "reply":
            self._replied(msg)
