"""``spacetable serve``: the web app on uvicorn (``docs/web.md``).

Starts the server on ``--host``/``--port`` with the database ``--db`` (a SQLite file by
default, ``postgresql://user@host/db`` for PostgreSQL), runs the migrations, resumes every
running table, and prints the address to open. A database that cannot be used (it does not
answer, its file is not a database) stops the command before the server starts, with one
line ``error: --db: ...`` naming it and what is wrong (exit status 1). Each ``--data
GAME=DIR`` offers a directory of corrected tables for a game beside its shipped data
(validated before anything starts).
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import typer

from .common import fail, fail_value, read_data

if TYPE_CHECKING:
    from fastapi import FastAPI

    from spacetable.engine import DataSet
    from spacetable.web.live import Settings


def parse_data(items: list[str] | None) -> list[DataSet[Any]]:
    """The data sets of ``--data GAME=DIR`` items, each directory validated. A malformed
    item, an unknown game, a missing directory or two sets of a game with one name raise
    ValueError; invalid tables raise :class:`~spacetable.engine.DataError` (its message
    names the file, the row and the field)."""
    from spacetable.engine import game_class

    out: list[DataSet[Any]] = []
    for item in items or []:
        game, sep, directory = item.partition("=")
        game, directory = game.strip(), directory.strip()
        if not sep or not game or not directory:
            raise ValueError(f"--data: expected GAME=DIR, got {item!r}")
        try:
            game_class(game)
        except ValueError as e:
            raise ValueError(f"--data: {e}") from None
        ds = read_data(game, directory)
        assert ds is not None
        if ds.name == "shipped" or any(o.game == game and o.name == ds.name for o in out):
            raise ValueError(
                f"--data: two data sets of {game} are named {ds.name!r} "
                "(a data set is named after its directory)"
            )
        out.append(ds)
    return out


#: The exit status of a server that cannot use its database (it does not answer, or its file
#: is not a database): the command line was right, the database is not.
DATABASE_ERROR = 1


def proxy_options(proxy: str | None) -> dict[str, Any]:
    """uvicorn's settings for ``--proxy``: ``X-Forwarded-For`` and ``-Proto`` are believed
    only from the proxies it names (comma-separated addresses); without it, never (uvicorn's
    own default believes any client on 127.0.0.1, who could then name a new address at
    each sign-in attempt and never meet the per-address limit)."""
    return {"proxy_headers": proxy is not None, "forwarded_allow_ips": proxy}


def worker_app(url: str, settings: Settings, data: list[str] | None, log_level: str) -> FastAPI:
    """The app of one worker process of ``--workers``: a whole server of its own (its hub,
    bot workers, leases and relay, named after its own process id), built in the worker
    (the parent validated ``data`` already)."""
    from spacetable.web.app import create_app

    logging.getLogger("spacetable.web").setLevel(log_level.upper())
    return create_app(url, settings, parse_data(data))


def serve_workers(config: Any, workers: int, announce: Callable[[int], None]) -> int:
    """Serve ``config`` with ``workers`` worker processes on one listening socket (bound
    here, once, and shared): ``announce(port)`` once every worker serves. SIGINT and
    SIGTERM stop the workers (each gives its tables up) and then this process; a worker
    that dies is replaced. The exit status: 0, or :data:`DATABASE_ERROR` if the workers did
    not all start."""
    from uvicorn.supervisors.multiprocess import Multiprocess

    class Supervisor(Multiprocess):
        started = False

        def init_processes(self) -> None:
            super().init_processes()
            deadline = time.monotonic() + 120
            waiting = list(self.processes)
            while waiting and not self.signal_queue and time.monotonic() < deadline:
                if any(not p.process.is_alive() for p in waiting):
                    break  # the run loop sees it failed to start and stops
                waiting = [p for p in waiting if not p.is_ready(timeout=1)]
                if waiting:
                    time.sleep(0.1)
            if not waiting:
                self.started = True
                announce(sock.getsockname()[1])

    sock = config.bind_socket()
    supervisor = Supervisor(config, sockets=[sock])
    try:
        supervisor.run()
    finally:
        sock.close()
    return 0 if supervisor.started else DATABASE_ERROR


def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on (0.0.0.0: every one)."),
    port: int = typer.Option(8000, help="Port to listen on (0: any free port)."),
    db: str | None = typer.Option(
        None,
        help="Database URL: sqlite:///FILE or postgresql://user@host:port/db "
        "(default: spacetable.db in the user's data folder).",
    ),
    bot_workers: int | None = typer.Option(
        None, "--bot-workers", help="Bot worker processes (default: one per core, at most 4)."
    ),
    workers: int = typer.Option(
        1,
        "--workers",
        help="Server processes on this port (one per core, say); more than one needs "
        "--redis and a PostgreSQL --db.",
    ),
    log_level: str = typer.Option("info", help="Server log level."),
    redis: str | None = typer.Option(
        None,
        help="Serve one service with other servers on the same --db (PostgreSQL): the "
        "Redis server that relays their tables' messages, redis://HOST:PORT/N.",
    ),
    lease_seconds: float = typer.Option(
        10.0,
        "--lease-seconds",
        help="With --redis: seconds after which a dead server's tables are taken over.",
    ),
    origin: list[str] | None = typer.Option(
        None,
        "--origin",
        metavar="URL",
        help="A public origin the site is served at (https://tables.example), behind a "
        "reverse proxy that rewrites Host (repeatable); changes from other origins are refused.",
    ),
    proxy: str | None = typer.Option(
        None,
        "--proxy",
        metavar="ADDRESSES",
        help="Addresses of trusted reverse proxies (comma-separated): only their "
        "X-Forwarded-For and X-Forwarded-Proto are believed (default: none, ignored).",
    ),
    data: list[str] | None = typer.Option(
        None,
        "--data",
        metavar="GAME=DIR",
        help="Offer a directory of corrected tables for GAME (repeatable); the data set "
        "is named after the directory.",
    ),
) -> None:
    """Start the web app: a lobby, live tables, bots; prints the address to open."""
    import uvicorn
    from alembic.util import CommandError
    from sqlalchemy.exc import SQLAlchemyError

    from spacetable.web.app import create_app
    from spacetable.web.database import default_db_url
    from spacetable.web.live import Settings
    from spacetable.web.storage import Storage

    if not 0 <= port <= 65535:
        fail(f"--port: {port} is not a port number")
    if bot_workers is not None and bot_workers < 1:
        fail("--bot-workers must be at least 1")
    if redis is not None and not redis.startswith(("redis://", "rediss://", "unix://")):
        fail(f"--redis: {redis!r} is not a Redis URL (redis://HOST:PORT/N)")
    if workers < 1:
        fail("--workers must be at least 1")
    if workers > 1 and redis is None:
        fail("--workers: several workers are several servers, they need --redis")
    if not 0.5 <= lease_seconds <= 300:
        fail("--lease-seconds must be between 0.5 and 300")
    try:
        data_sets = parse_data(data)
    except ValueError as e:
        fail_value(e)
    try:
        url = db or default_db_url()
        storage = Storage(url)
        where = storage.describe()
    except Exception as e:  # a malformed URL, an unknown database kind
        fail(f"--db: {e}")
    if workers > 1 and storage.backend != "postgresql":
        storage.close()
        fail(f"--workers: several workers need a PostgreSQL --db, not {storage.backend}")
    try:  # before anything starts: a database that cannot serve stops here, in one line
        storage.migrate()
    except (SQLAlchemyError, CommandError, OSError) as e:
        fail(f"--db: {where}: {storage.explain(e)}", DATABASE_ERROR)
    finally:
        storage.close()
    origins = tuple(origin or ())
    for o in origins:
        parts = urlsplit(o)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/"):
            fail(f"--origin: expected a scheme and a host (https://tables.example), got {o!r}")
    settings = Settings(bot_workers=bot_workers, redis=redis, lease=lease_seconds, origins=origins)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    options: dict[str, Any] = dict(
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=1 << 20,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        lifespan="on",
        **proxy_options(proxy),
    )
    if workers > 1:
        # each worker builds its own app (its own process id in the leases) from these
        factory = functools.partial(worker_app, url, settings, data, log_level)
        config = uvicorn.Config(factory, factory=True, workers=workers, **options)

        def announce(bound: int) -> None:
            for ds in data_sets:
                print(f"{ds.game}: data set {ds.name!r} ({ds.digest}) from {ds.origin}", flush=True)
            print(
                f"spacetable is served at http://{shown}:{bound}/  (database: {where}; "
                f"{workers} worker processes)",
                flush=True,
            )

        raise typer.Exit(serve_workers(config, workers, announce))
    app = create_app(url, settings, data_sets)
    config = uvicorn.Config(app, **options)
    server = uvicorn.Server(config)

    logging.getLogger("spacetable.web").setLevel(log_level.upper())

    original = server.startup

    async def startup(sockets: object = None) -> None:
        await original(sockets)  # type: ignore[arg-type]
        bound = port
        for s in server.servers:
            for sock in s.sockets:
                bound = sock.getsockname()[1]
                break
        for ds in data_sets:
            print(f"{ds.game}: data set {ds.name!r} ({ds.digest}) from {ds.origin}", flush=True)
        print(f"spacetable is served at http://{shown}:{bound}/  (database: {where})", flush=True)

    server.startup = startup  # type: ignore[method-assign]
    server.run()


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
