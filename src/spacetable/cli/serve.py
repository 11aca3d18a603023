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

import logging
from typing import TYPE_CHECKING, Any

import typer

from .common import fail, fail_value, read_data

if TYPE_CHECKING:
    from spacetable.engine import DataSet


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
    log_level: str = typer.Option("info", help="Server log level."),
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
    from spacetable.web.live import Settings
    from spacetable.web.storage import Storage, default_db_url

    if not 0 <= port <= 65535:
        fail(f"--port: {port} is not a port number")
    if bot_workers is not None and bot_workers < 1:
        fail("--bot-workers must be at least 1")
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
    try:  # before anything starts: a database that cannot serve stops here, in one line
        storage.migrate()
    except (SQLAlchemyError, CommandError, OSError) as e:
        fail(f"--db: {where}: {storage.explain(e)}", DATABASE_ERROR)
    finally:
        storage.close()
    app = create_app(url, Settings(bot_workers=bot_workers), data_sets)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=1 << 20,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        lifespan="on",
    )
    server = uvicorn.Server(config)

    logging.getLogger("spacetable.web").setLevel(log_level.upper())
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host

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
