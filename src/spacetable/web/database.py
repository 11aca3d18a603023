"""Where a server's database is and how its connections are made: the default SQLite file,
the URLs a person writes, and the engine (SQLite's settings; PostgreSQL's pooled connection
tested after a pause)."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, exc
from sqlalchemy.engine import make_url


def default_db_path() -> Path:
    """Where the SQLite database lives by default: ``$SPACETABLE_DB_DIR`` or the platform
    data folder (``$XDG_DATA_HOME/spacetable``, ``~/.local/share/spacetable``)."""
    folder = os.environ.get("SPACETABLE_DB_DIR")
    if folder:
        return Path(folder) / "spacetable.db"
    xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(xdg) / "spacetable" / "spacetable.db"


def default_db_url() -> str:
    return f"sqlite:///{default_db_path()}"


def normalize_url(url: str) -> str:
    """The SQLAlchemy URL of a database URL as a person writes it.

    ``postgresql://user@host/db`` (and ``postgres://``) use the psycopg 3 driver; a bare
    path is a SQLite file. Raises ``ValueError`` for anything else.

    >>> normalize_url("postgresql://postgres@127.0.0.1:5432/test")
    'postgresql+psycopg://postgres@127.0.0.1:5432/test'
    >>> normalize_url("sqlite:///tmp/x.db")
    'sqlite:///tmp/x.db'
    >>> normalize_url("games.db")
    'sqlite:///games.db'
    """
    url = url.strip()
    if not url:
        raise ValueError("empty database URL")
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain) :]
    if "://" not in url:
        return f"sqlite:///{url}"
    backend = make_url(url).get_backend_name()
    if backend not in ("sqlite", "postgresql"):
        raise ValueError(f"unsupported database {backend!r}: use sqlite:///FILE or postgresql://")
    return url


#: A connection to a database server left unused this long (seconds) is tried before it is
#: used again (see :func:`_ping_when_idle`).
PING_AFTER = 1.0


def _ping_when_idle(engine: Engine, seconds: float) -> None:
    """Try a pooled connection before it is used again once it has been unused ``seconds``
    (a database restarted meanwhile ended it: the pool opens another). SQLAlchemy's
    ``pool_pre_ping`` tries it before every use: a round trip to the database for every group
    commit, some 12% of the database thread's time under load. Under load a connection is
    never idle long; a database that goes away while connections are busy fails the
    transactions under way (the tables reload, see :meth:`LiveTable.reload`), then the pool
    notices and reconnects."""

    @event.listens_for(engine, "checkin")
    def used(dbapi_connection: Any, record: Any) -> None:
        record.info["used"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def try_it(dbapi_connection: Any, record: Any, proxy: Any) -> None:
        last = record.info.get("used")
        if last is None or time.monotonic() - last < seconds:
            return
        try:
            cursor = dbapi_connection.cursor()
            try:
                cursor.execute("select 1")
            finally:
                cursor.close()
            dbapi_connection.rollback()
        except Exception as e:  # the pool drops it and opens another
            raise exc.DisconnectionError(f"a pooled connection failed its test: {e}") from e


def engine_for(url: str) -> Engine:
    """The SQLAlchemy engine of ``url`` (see :func:`normalize_url`): SQLite's file made where
    it lives and its settings on every connection (:func:`_sqlite_pragmas`); a server's
    pooled connection tested after a pause (:func:`_ping_when_idle`)."""
    parsed = make_url(url)
    kwargs: dict[str, Any] = {}
    sqlite = parsed.get_backend_name() == "sqlite"
    if sqlite:
        path = parsed.database
        if path and path != ":memory:":
            Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
    engine = create_engine(url, **kwargs)
    if sqlite:
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        _ping_when_idle(engine, PING_AFTER)
    return engine


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    # WAL keeps committed decisions through a killed process; NORMAL syncs at checkpoints
    # (a power cut may lose the last commits, a crash of the server does not).
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    # a deleted row's bytes are overwritten: a deleted account leaves no name in the file
    cur.execute("PRAGMA secure_delete=ON")
    cur.close()
