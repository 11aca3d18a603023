"""Storage of tables: SQLAlchemy 2 on SQLite (a file, by default) or PostgreSQL.

:class:`Storage` is synchronous: the server calls it from one database thread
(:class:`spacetable.web.live.Hub`), so that commits never block the event loop and happen in
the order they were asked for. Each decision is committed before anybody is told of it
(:meth:`Storage.append`), and a restarted server rebuilds every live table from its last
snapshot and the decisions after it (:func:`spacetable.web.live.restore_game`).

The schema belongs to the Alembic migrations shipped in ``spacetable/web/migrations``;
:meth:`Storage.migrate` runs ``upgrade head`` on start.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, delete, event, func, insert, select, update
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

from .models import ChatRow, DecisionRow, ReviewRow, SeatRow, SnapshotRow, TableRow

#: Alembic's bookkeeping table (named for the app, beside other apps' in one database).
VERSION_TABLE = "st_alembic_version"

#: Table statuses.
OPEN, RUNNING, OVER, BROKEN = "open", "running", "over", "broken"
STATUSES = (OPEN, RUNNING, OVER, BROKEN)


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


@dataclass
class SeatRecord:
    seat: int
    kind: str  # "human" or "bot"
    level: str | None = None
    token_hash: str | None = None
    name: str = ""
    joined: bool = False


@dataclass
class TableRecord:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    data_name: str | None
    data_digest: str | None
    status: str
    speed: float
    bot_delay: float
    host_hash: str
    title: str
    created_at: float
    seats: list[SeatRecord] = field(default_factory=list)
    started_at: float | None = None
    finished_at: float | None = None
    steps: int = 0
    outcome: dict[str, Any] | None = None
    error: str | None = None
    #: The turn clock and the takeover bot (``spacetable.web.clocks.TableSettings``).
    settings: dict[str, Any] | None = None
    #: The clocks' state (``spacetable.web.clocks.Clocks.to_json``).
    clocks: dict[str, Any] | None = None


@dataclass(frozen=True)
class Decision:
    """One record entry as stored: ``seat`` and ``action``, or ``advance`` (real time)."""

    n: int
    seat: int | None
    action: dict[str, Any] | None
    advance: float | None
    clock: float
    at: float

    def entry(self, realtime: bool) -> dict[str, Any]:
        """The entry as :meth:`Game.record` writes it."""
        if self.seat is None:
            return {"advance": self.advance, "clock": self.clock}
        out: dict[str, Any] = {"seat": self.seat, "action": self.action}
        if realtime:
            out["clock"] = self.clock
        return out


@dataclass(frozen=True)
class Append:
    """One table's decisions to commit (see :meth:`Storage.append_many`)."""

    table_id: str
    decisions: tuple[Decision, ...]
    snapshot: tuple[int, str] | None = None
    outcome: dict[str, Any] | None = None
    #: The clocks' state after these decisions (saved with them), if the table has clocks.
    clocks: dict[str, Any] | None = None


def _table(row: TableRow, seats: Iterable[SeatRow]) -> TableRecord:
    return TableRecord(
        id=row.id,
        game=row.game,
        players=row.players,
        seed=row.seed,
        options=dict(row.options),
        data_name=row.data_name,
        data_digest=row.data_digest,
        status=row.status,
        speed=row.speed,
        bot_delay=row.bot_delay,
        host_hash=row.host_hash,
        title=row.title,
        created_at=row.created_at,
        started_at=row.started_at,
        finished_at=row.finished_at,
        steps=row.steps,
        outcome=row.outcome,
        error=row.error,
        settings=row.settings,
        clocks=row.clocks,
        seats=[
            SeatRecord(s.seat, s.kind, s.level, s.token_hash, s.name, s.joined)
            for s in sorted(seats, key=lambda s: s.seat)
        ],
    )


class StorageError(RuntimeError):
    """A write the storage refused (a decision out of order, an unknown table)."""


class Storage:
    """The tables of one database. Not thread-safe: use it from one thread at a time."""

    def __init__(self, url: str | None = None) -> None:
        self.url = normalize_url(url) if url else default_db_url()
        parsed = make_url(self.url)
        self.backend = parsed.get_backend_name()
        kwargs: dict[str, Any] = {}
        if self.backend == "sqlite":
            path = parsed.database
            if path and path != ":memory:":
                Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            kwargs["pool_pre_ping"] = True
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.backend == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    def describe(self) -> str:
        """The database in one line, without a password."""
        return make_url(self.url).render_as_string(hide_password=True)

    def explain(self, error: BaseException) -> str:
        """What a database error says, in one line: the driver's class and message, without
        the statement, its parameters or the password of the database's URL."""
        cause = getattr(error, "orig", None) or error
        words = " ".join(str(cause).split()) or "no message"
        password = make_url(self.url).password
        if password:
            words = words.replace(str(password), "***")
        return f"{type(cause).__name__}: {words[:300]}"

    def close(self) -> None:
        self.engine.dispose()

    # ------------------------------------------------------------------ schema
    def migrate(self) -> None:
        """Bring the schema to the newest revision (``alembic upgrade head``)."""
        cfg = Config()
        cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def revision(self) -> str | None:
        """The schema's current Alembic revision."""
        from alembic.runtime.migration import MigrationContext

        with self.engine.connect() as conn:
            ctx = MigrationContext.configure(conn, opts={"version_table": VERSION_TABLE})
            return ctx.get_current_revision()

    # ------------------------------------------------------------------ tables
    def create_table(self, rec: TableRecord) -> None:
        with self._session.begin() as s:
            s.add(
                TableRow(
                    id=rec.id,
                    game=rec.game,
                    players=rec.players,
                    seed=rec.seed,
                    options=rec.options,
                    data_name=rec.data_name,
                    data_digest=rec.data_digest,
                    status=rec.status,
                    speed=rec.speed,
                    bot_delay=rec.bot_delay,
                    host_hash=rec.host_hash,
                    title=rec.title,
                    created_at=rec.created_at,
                    steps=0,
                    settings=rec.settings,
                )
            )
            s.flush()
            for seat in rec.seats:
                s.add(
                    SeatRow(
                        table_id=rec.id,
                        seat=seat.seat,
                        kind=seat.kind,
                        level=seat.level,
                        token_hash=seat.token_hash,
                        name=seat.name,
                        joined=seat.joined,
                    )
                )

    def table(self, table_id: str) -> TableRecord | None:
        with self._session() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            seats = s.scalars(select(SeatRow).where(SeatRow.table_id == table_id)).all()
            return _table(row, seats)

    def tables(self, statuses: Sequence[str] = STATUSES, limit: int = 200) -> list[TableRecord]:
        """Tables with one of ``statuses``, newest first."""
        with self._session() as s:
            rows = s.scalars(
                select(TableRow)
                .where(TableRow.status.in_(list(statuses)))
                .order_by(TableRow.created_at.desc(), TableRow.id)
                .limit(limit)
            ).all()
            ids = [r.id for r in rows]
            seats: dict[str, list[SeatRow]] = {i: [] for i in ids}
            if ids:
                for seat in s.scalars(select(SeatRow).where(SeatRow.table_id.in_(ids))):
                    seats[seat.table_id].append(seat)
            return [_table(r, seats[r.id]) for r in rows]

    def join(self, table_id: str, seat: int, name: str) -> None:
        with self._session.begin() as s:
            s.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(name=name, joined=True)
            )

    def set_status(
        self, table_id: str, status: str, *, at: float | None = None, error: str | None = None
    ) -> None:
        values: dict[str, Any] = {"status": status}
        if status == RUNNING:
            values["started_at"] = at if at is not None else time.time()
        if status in (OVER, BROKEN):
            values["finished_at"] = at if at is not None else time.time()
        if error is not None:
            values["error"] = error
        with self._session.begin() as s:
            s.execute(update(TableRow).where(TableRow.id == table_id).values(**values))

    def set_clocks(self, table_id: str, clocks: dict[str, Any]) -> None:
        """Save the state of a table's clocks (between two decisions)."""
        with self._session.begin() as s:
            s.execute(update(TableRow).where(TableRow.id == table_id).values(clocks=clocks))

    # ------------------------------------------------------------------ decisions
    def append(
        self,
        table_id: str,
        decisions: Sequence[Decision],
        *,
        snapshot: tuple[int, str] | None = None,
        outcome: dict[str, Any] | None = None,
    ) -> None:
        """Commit ``decisions`` (numbered from the table's ``steps`` on), with a snapshot
        and, when the game ended, its outcome, in one transaction."""
        (error,) = self.append_many([Append(table_id, tuple(decisions), snapshot, outcome)])
        if error is not None:
            raise error

    def append_many(self, batch: Sequence[Append]) -> list[StorageError | None]:
        """Commit the decisions of several tables in one transaction (a group commit: one
        write to the disk for all of them). An append that does not follow what its table
        stored is refused alone, with its :class:`StorageError` at its place in the result
        (``None``: committed); an error of the database itself raises, and nothing is
        committed."""
        out: list[StorageError | None] = [None] * len(batch)
        # SQLAlchemy Core, not the ORM: this runs for every decision of every table, on the
        # database thread, and the less Python it runs the less it holds the event loop up.
        with self.engine.begin() as c:
            ids = sorted({a.table_id for a in batch})  # one lock order, whatever the batch
            steps: dict[str, int] = {
                tid: n
                for tid, n in c.execute(
                    select(TableRow.id, TableRow.steps)
                    .where(TableRow.id.in_(ids))
                    .with_for_update()
                )
            }
            rows: list[dict[str, Any]] = []
            for i, a in enumerate(batch):
                if not a.decisions:
                    continue
                stored = steps.get(a.table_id)
                if stored is None:
                    out[i] = StorageError(f"no table {a.table_id!r}")
                    continue
                first = a.decisions[0].n
                if first != stored or any(d.n != first + j for j, d in enumerate(a.decisions)):
                    out[i] = StorageError(
                        f"table {a.table_id}: decisions {first}.. do not follow the {stored} stored"
                    )
                    continue
                rows.extend(
                    {
                        "table_id": a.table_id,
                        "n": d.n,
                        "seat": d.seat,
                        "action": d.action,
                        "advance": d.advance,
                        "clock": d.clock,
                        "at": d.at,
                    }
                    for d in a.decisions
                )
                steps[a.table_id] = first + len(a.decisions)
                values: dict[str, Any] = {"steps": steps[a.table_id]}
                if a.clocks is not None:
                    values["clocks"] = a.clocks
                if a.outcome is not None:
                    values.update(outcome=a.outcome, status=OVER, finished_at=a.decisions[-1].at)
                c.execute(update(TableRow).where(TableRow.id == a.table_id).values(**values))
                if a.snapshot is not None:  # only the newest is kept: a restart needs no other
                    c.execute(delete(SnapshotRow).where(SnapshotRow.table_id == a.table_id))
                    c.execute(
                        insert(SnapshotRow).values(
                            table_id=a.table_id, n=a.snapshot[0], save=a.snapshot[1], at=time.time()
                        )
                    )
            if rows:
                c.execute(insert(DecisionRow), rows)
        return out

    def undo(self, table_id: str, steps: int, clocks: dict[str, Any] | None = None) -> None:
        """Take a table back to ``steps`` decisions (an undo): the later decisions and any
        snapshot after that point are deleted in one transaction, so that a restart resumes
        the game as it stands after the undo. ``clocks``: the clocks' state to keep."""
        with self._session.begin() as s:
            row = s.scalars(
                select(TableRow).where(TableRow.id == table_id).with_for_update()
            ).first()
            if row is None:
                raise StorageError(f"no table {table_id!r}")
            if not 0 <= steps <= row.steps:
                raise StorageError(f"table {table_id}: cannot go back to {steps} of {row.steps}")
            s.execute(
                delete(DecisionRow).where(DecisionRow.table_id == table_id, DecisionRow.n >= steps)
            )
            s.execute(
                delete(SnapshotRow).where(SnapshotRow.table_id == table_id, SnapshotRow.n > steps)
            )
            row.steps = steps
            if clocks is not None:
                row.clocks = clocks

    def decisions(self, table_id: str, start: int = 0) -> list[Decision]:
        with self._session() as s:
            rows = s.scalars(
                select(DecisionRow)
                .where(DecisionRow.table_id == table_id, DecisionRow.n >= start)
                .order_by(DecisionRow.n)
            ).all()
            return [Decision(r.n, r.seat, r.action, r.advance, r.clock, r.at) for r in rows]

    def snapshot(self, table_id: str) -> tuple[int, str] | None:
        """The newest snapshot: ``(decisions it includes, save text)``."""
        with self._session() as s:
            row = s.scalars(
                select(SnapshotRow)
                .where(SnapshotRow.table_id == table_id)
                .order_by(SnapshotRow.n.desc())
                .limit(1)
            ).first()
            return None if row is None else (row.n, row.save)

    def count_decisions(self, table_id: str) -> int:
        with self._session() as s:
            return int(s.scalar(select(func.count()).where(DecisionRow.table_id == table_id)) or 0)

    # ------------------------------------------------------------------ chat
    def add_chat(self, table_id: str, message: dict[str, Any]) -> None:
        """Keep a chat message (as :meth:`spacetable.web.chat.Chat.post` made it)."""
        with self._session.begin() as s:
            s.execute(
                insert(ChatRow).values(
                    table_id=table_id,
                    id=message["id"],
                    scope=message["scope"],
                    seat=message["seat"],
                    name=message["name"],
                    text=message["text"],
                    at=message["at"],
                )
            )

    def chat(self, table_id: str, limit: int) -> list[dict[str, Any]]:
        """A table's last ``limit`` messages of each room (the table's, each seat's), oldest
        first, as ``chat`` messages."""
        with self._session() as s:
            rows = s.scalars(
                select(ChatRow).where(ChatRow.table_id == table_id).order_by(ChatRow.id.desc())
            )
            kept: dict[tuple[str, int | None], int] = {}
            out: list[dict[str, Any]] = []
            for r in rows:
                room = (r.scope, r.seat)
                if kept.get(room, 0) >= limit:
                    continue
                kept[room] = kept.get(room, 0) + 1
                out.append(
                    {
                        "type": "chat",
                        "id": r.id,
                        "scope": r.scope,
                        "seat": r.seat,
                        "name": r.name,
                        "text": r.text,
                        "at": r.at,
                    }
                )
        out.reverse()
        return out

    # ------------------------------------------------------------------ reviews
    def review(self, table_id: str, seat: int, iterations: int) -> dict[str, Any] | None:
        """The stored review of ``seat`` at this budget, or ``None``."""
        with self._session() as s:
            row = s.get(ReviewRow, (table_id, seat, iterations))
            return None if row is None else dict(row.review)

    def add_review(self, table_id: str, seat: int, iterations: int, review: dict[str, Any]) -> None:
        """Keep a computed review (a second one for the same key is ignored)."""
        with self._session.begin() as s:
            if s.get(ReviewRow, (table_id, seat, iterations)) is None:
                s.add(
                    ReviewRow(
                        table_id=table_id,
                        seat=seat,
                        iterations=iterations,
                        review=review,
                        at=time.time(),
                    )
                )

    def delete_table(self, table_id: str) -> None:
        with self._session.begin() as s:
            for model in (ReviewRow, ChatRow, SnapshotRow, DecisionRow, SeatRow):
                s.execute(delete(model).where(model.table_id == table_id))
            s.execute(delete(TableRow).where(TableRow.id == table_id))

    def session(self) -> Session:
        """A session for tests and tools."""
        return self._session()


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    # WAL keeps committed decisions through a killed process; NORMAL syncs at checkpoints
    # (a power cut may lose the last commits, a crash of the server does not).
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
