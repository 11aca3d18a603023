"""Fixtures of the web app's tests: real databases (SQLite and PostgreSQL), a real uvicorn
server on a random loopback port, real WebSocket clients.

PostgreSQL is the project machines' server (``postgresql://postgres@127.0.0.1:5432/test``,
or ``$SPACETABLE_TEST_PG``). Each test gets its own schema, dropped afterwards. Where no
PostgreSQL answers, the PostgreSQL half of a test is skipped with the reason, except under
CI (``CI=true``), where it fails.

The board tests take a screenshot of each game's board and check it; they write it into
``docs/screenshots/`` only with ``SPACETABLE_SCREENSHOTS=1`` (:data:`WRITE_SCREENSHOTS`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import shutil
import socket
import subprocess
import threading
import time
import uuid
from collections.abc import Coroutine, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pytest
import uvicorn
import websockets
from playwright.sync_api import expect
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from spacetable.engine import DataSet
from spacetable.engine.guide import Guide
from spacetable.testing.guides import toy_guide_script
from spacetable.web import guides
from spacetable.web.accounts import AccountLimits, Limit
from spacetable.web.app import create_app
from spacetable.web.live import Settings

from . import loopback

PG_URL = os.environ.get("SPACETABLE_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
BACKENDS = ("sqlite", "postgresql")
#: How long a browser test's ``expect`` waits for the page (Playwright's default is 5 s): the
#: suite runs two browsers, their servers and bots on two cores, where a page may take longer
#: to show what it shows within a second on a quiet machine.
expect.set_options(timeout=15_000)
#: Whether the board tests write their screenshots into docs/screenshots/ (else every test run
#: would change those files).
WRITE_SCREENSHOTS = os.environ.get("SPACETABLE_SCREENSHOTS") == "1"

T = TypeVar("T")


def _pg_admin_url() -> str:
    return PG_URL.replace("postgresql://", "postgresql+psycopg://", 1)


def pg_available() -> str | None:
    """``None`` if PostgreSQL answers, else why not."""
    try:
        eng = create_engine(_pg_admin_url(), connect_args={"connect_timeout": 3})
        with eng.connect() as c:
            c.execute(text("select 1"))
        eng.dispose()
        return None
    except Exception as e:
        return f"no PostgreSQL at {PG_URL}: {type(e).__name__}: {str(e).splitlines()[0][:120]}"


@contextlib.contextmanager
def database(backend: str, tmp_path: Path) -> Iterator[str]:
    """A fresh database URL of ``backend`` (as a person writes it for ``--db``)."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'spacetable.db'}"
        return
    why = pg_available()
    if why is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but {why}")
        pytest.skip(why)
    schema = f"st_test_{uuid.uuid4().hex[:12]}"
    eng = create_engine(_pg_admin_url())
    with eng.begin() as c:
        c.execute(text(f'create schema "{schema}"'))
    sep = "&" if "?" in PG_URL else "?"
    try:
        yield f"{PG_URL}{sep}options=-csearch_path%3D{schema}"
    finally:
        with eng.begin() as c:
            c.execute(text(f'drop schema "{schema}" cascade'))
        eng.dispose()


@contextlib.contextmanager
def fresh_pg_database() -> Iterator[str]:
    """A PostgreSQL database of its own, empty (created by the ``postgres`` user, dropped
    afterwards): its URL as a person writes it for ``--db``. Skipped where no PostgreSQL
    answers, except under CI."""
    why = pg_available()
    if why is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but {why}")
        pytest.skip(why)
    name = f"st_fresh_{uuid.uuid4().hex[:10]}"
    admin = create_engine(_pg_admin_url(), isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'create database "{name}"'))
    try:
        yield make_url(PG_URL).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as c:
            c.execute(text(f'drop database if exists "{name}" with (force)'))
        admin.dispose()


def run_async(coro: Coroutine[Any, Any, T], timeout: float | None = None) -> T:
    """``asyncio.run(coro)`` (given up after ``timeout`` seconds, with ``TimeoutError``), in a
    thread of its own when this thread's loop is marked as running: Playwright's sync API
    marks its loop so between its calls, and a module's browser (``browser``, one per module)
    stays open from its first test to the module's last, whatever test of the module runs in
    between."""
    main = coro if timeout is None else asyncio.wait_for(coro, timeout)
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(main)
    out: list[T] = []
    failed: list[BaseException] = []

    def target() -> None:
        try:
            out.append(asyncio.run(main))
        except BaseException as e:
            failed.append(e)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
    return out[0]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class RedisServer:
    """A private ``redis-server`` on a free loopback port (no file written): its URL, and
    its process (stopped and started again by the tests of Redis going away)."""

    port: int
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", *REDIS_QUIET],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 20
        while True:
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), 0.5) as c,
            ):
                c.sendall(b"PING\r\n")
                if c.recv(16).startswith(b"+PONG"):
                    return
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise RuntimeError(f"redis-server did not start on port {self.port}")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


#: A test's Redis writes no file and says little.
REDIS_QUIET = ("--save", "", "--appendonly", "no", "--loglevel", "warning")
#: Debian's redis-server (scripts/test.sh installs it where it is missing).
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    """A Redis server of the test's own (never the machine's shared one: tests must not
    see each other's channels). Skipped without ``redis-server``, except under CI."""
    if not os.path.exists(REDIS_SERVER):
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but there is no redis-server (scripts/test.sh installs it)")
        pytest.skip("no redis-server on this machine")
    server = RedisServer(free_port())
    server.start()
    try:
        yield server
    finally:
        server.stop()


#: The loggers a server writes to: uvicorn's (which does not propagate to the root logger)
#: and the root logger (the app's, SQLAlchemy's, the drivers').
SERVER_LOGGERS = ("uvicorn", "")


class _Kept(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextlib.contextmanager
def server_log() -> Iterator[list[logging.LogRecord]]:
    """Every record the servers of this process log (uvicorn's and the app's) while the
    block runs. Start the server first: uvicorn sets its loggers up when it is configured."""
    kept = _Kept()
    loggers = [logging.getLogger(name) for name in SERVER_LOGGERS]
    for logger in loggers:
        logger.addHandler(kept)
    try:
        yield kept.records
    finally:
        for logger in loggers:
            logger.removeHandler(kept)


def log_text(records: Sequence[logging.LogRecord]) -> str:
    """The records as a log file would show them, tracebacks included."""
    form = logging.Formatter("%(levelname)s %(name)s %(message)s")
    return "\n".join(form.format(r) for r in records)


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with database(request.param, tmp_path) as url:
        yield url


#: Short waits; scripted clients act far faster than people, so the rate limit is raised
#: (the limit's own test uses the defaults: ``sqlite_server``).
FAST = Settings(
    tick=0.1,
    bot_budget=20.0,
    realtime_bot_budget=3.0,
    bot_workers=1,
    rate=1000,
    burst=2000,
    # tests read replay frames as fast as the server answers; the limit has its own test
    replay_rate=1000,
    replay_burst=2000,
    warm_bots=False,
    # the guide's own moves follow each other quickly (a person sees them at 0.8 s)
    guide_pause=0.1,
)


@dataclass
class Server:
    """A real uvicorn server in a thread, on a random loopback port."""

    app: Any
    base: str
    server: uvicorn.Server
    thread: threading.Thread

    @property
    def ws_base(self) -> str:
        return self.base.replace("http://", "ws://")

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(20)


#: Password hashing at a low cost and wide limits of sign-in, for the tests whose subject is
#: neither (``test_accounts.py`` checks the documented cost and the limits' work).
FAST_ACCOUNTS = AccountLimits(
    signin_per_address=Limit(1000, 600.0),
    signin_per_name=Limit(1000, 600.0),
    signup_per_address=Limit(1000, 600.0),
    time_cost=1,
    memory_cost=8 * 1024,
)


def start_server(
    db: str,
    settings: Settings | None = None,
    data: Sequence[DataSet[Any]] = (),
    account_limits: AccountLimits | None = None,
    **config_kw: Any,
) -> Server:
    """``config_kw``: more of uvicorn's settings (``spacetable serve``'s proxy options)."""
    app = create_app(db, settings or FAST, data, account_limits or FAST_ACCOUNTS)
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=0,
        log_level="warning",
        ws_max_size=1 << 20,
        lifespan="on",
        **config_kw,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    return Server(app, f"http://127.0.0.1:{port}", server, thread)


@pytest.fixture
def server(db_url: str) -> Iterator[Server]:
    s = start_server(db_url)
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture
def sqlite_db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'fast.db'}"


@pytest.fixture
def fast_sqlite_server(sqlite_db: str) -> Iterator[Server]:
    """A server on SQLite only, for tests whose subject is not the storage."""
    s = start_server(sqlite_db)
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture
def sqlite_server(tmp_path: Path) -> Iterator[Server]:
    s = start_server(
        f"sqlite:///{tmp_path / 'one.db'}", Settings(tick=0.1, bot_workers=1, warm_bots=False)
    )
    try:
        yield s
    finally:
        s.stop()


def create(base: str, game: str, seats: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    body = {"game": game, "players": len(seats), "seats": seats, "bot_delay": 0.0, **kw}
    r = loopback.post(f"{base}/api/tables", json=body, timeout=30)
    assert r.status_code == 201, r.text
    return dict(r.json())


@dataclass
class Client:
    """A WebSocket client that keeps every message it receives."""

    ws: Any
    received: list[dict[str, Any]] = field(default_factory=list)

    async def recv(self, timeout: float = 20.0) -> dict[str, Any]:
        msg = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.received.append(msg)
        return dict(msg)

    async def until(self, pred: Any, timeout: float = 30.0) -> dict[str, Any]:
        """Receive until a message satisfies ``pred``; return it."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no awaited message; last: {self.received[-3:]!r:.600}")
            try:
                msg = await self.recv(left)
            except TimeoutError:
                errors = [m for m in self.received if m["type"] == "error"]
                last = [(m["type"], m.get("step")) for m in self.received[-5:]]
                raise TimeoutError(f"no awaited message; last: {last}; errors: {errors}") from None
            if pred(msg):
                return msg

    async def seen(self, pred: Any, timeout: float = 30.0) -> dict[str, Any]:
        """The first message received so far, or received from now on, that satisfies
        ``pred`` (unlike :meth:`until`, which looks only at what comes next)."""
        for m in self.received:
            if pred(m):
                return m
        return await self.until(pred, timeout)

    async def send(self, msg: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(msg))

    async def close(self) -> None:
        await self.ws.close()


async def connect(
    server: Server, table: str, token: str | None = None, lang: str = "en", name: str = ""
) -> Client:
    ws = await websockets.connect(
        f"{server.ws_base}/ws/tables/{table}", max_size=1 << 24, max_queue=None
    )
    c = Client(ws)
    await c.send({"type": "hello", "version": 1, "token": token, "lang": lang, "name": name})
    return c


@pytest.fixture
def toy_guide() -> Iterator[Guide]:
    """The server's guide of the test game, for a test: a real script of a whole game (six
    steps of seat 0, each said in both languages), in place of its shipped one."""
    guide = Guide.parse("toy", toy_guide_script())
    guides._guides["toy"] = guide
    try:
        yield guide
    finally:
        guides._guides.pop("toy", None)
