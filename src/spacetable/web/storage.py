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

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Connection,
    Engine,
    bindparam,
    case,
    delete,
    func,
    insert,
    or_,
    select,
    text,
    tuple_,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

from .database import default_db_url, engine_for, normalize_url
from .matchmaking import QueueStore
from .models import BROKEN as BROKEN
from .models import OPEN as OPEN
from .models import OVER as OVER
from .models import RUNNING as RUNNING
from .models import STATUSES as STATUSES
from .models import (
    AccountRow,
    BlockRow,
    ChatRow,
    DecisionRow,
    QueueRow,
    RateRow,
    RatingHistoryRow,
    RatingRow,
    ReportRow,
    ReviewRow,
    SeatRow,
    SessionRow,
    SnapshotRow,
    TableRow,
)
from .rating_store import RatingStore
from .safety import SafetyStore

#: Alembic's bookkeeping table (named for the app, beside other apps' in one database).
VERSION_TABLE = "st_alembic_version"

#: The key of PostgreSQL's advisory lock held while the schema is migrated (a constant of
#: the app: every spacetable server on a database takes the same one).
MIGRATION_LOCK = 0x5370_6163_6554_6231

#: How many leases one statement renews (:meth:`Storage.renew`).
RENEW_CHUNK = 500


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
    #: The table's lease: its owner (a server process), until when (Unix seconds; ``None``:
    #: no expiry) and its epoch (the fencing token every decision is written under).
    owner: str | None = None
    lease_until: float | None = None
    epoch: int = 0
    #: The seats to act as of the last committed decision (``None``: not running).
    to_act: list[int] | None = None
    #: Created rated (``spacetable.web.ratings``); once rated, when and what it did.
    rated: bool = False
    rated_at: float | None = None
    ratings: dict[str, Any] | None = None


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
    #: The lease epoch the writer holds (``None``: whatever the table's is, for tools and
    #: tests); a table whose epoch is another refuses the append with :class:`LeaseLost`.
    epoch: int | None = None
    #: The seats to act after these decisions (``None``: left as stored).
    to_act: tuple[int, ...] | None = None


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
        owner=row.owner,
        lease_until=row.lease_until,
        epoch=row.epoch,
        to_act=None if row.to_act is None else [int(i) for i in row.to_act],
        rated=bool(row.rated),
        rated_at=row.rated_at,
        ratings=row.ratings,
        seats=[
            SeatRecord(s.seat, s.kind, s.level, s.token_hash, s.name, s.joined)
            for s in sorted(seats, key=lambda s: s.seat)
        ],
    )


@dataclass(frozen=True)
class AccountRecord:
    id: str
    name: str
    name_key: str
    password_hash: str
    created_at: float
    password_at: float
    is_admin: bool = False
    closed_at: float | None = None


def _account(row: AccountRow) -> AccountRecord:
    return AccountRecord(
        row.id,
        row.name,
        row.name_key,
        row.password_hash,
        row.created_at,
        row.password_at,
        bool(row.is_admin),
        row.closed_at,
    )


class NameTaken(RuntimeError):
    """An account with this name (by its key) exists."""


class StorageError(RuntimeError):
    """A write the storage refused (a decision out of order, an unknown table)."""


class LeaseLost(StorageError):
    """A write under a lease epoch that is not the table's any more: another server process
    took the table over. The writer must stop serving the table."""

    def __init__(self, table_id: str, epoch: int | None, current: int) -> None:
        super().__init__(
            f"table {table_id}: written under lease epoch {epoch}, the table's is {current}"
        )
        self.table_id = table_id
        self.epoch = epoch
        self.current = current


class Storage(RatingStore, QueueStore, SafetyStore):
    """The tables of one database. Not thread-safe: use it from one thread at a time."""

    def __init__(self, url: str | None = None) -> None:
        self.url = normalize_url(url) if url else default_db_url()
        self.backend = make_url(self.url).get_backend_name()
        self.engine: Engine = engine_for(self.url)
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
        """Bring the schema to the newest revision (``alembic upgrade head``).

        On PostgreSQL the upgrade runs under a transaction-scoped advisory lock
        (:data:`MIGRATION_LOCK`): servers started at the same moment on one database take
        turns, and each after the first finds the schema already at the newest revision (they
        would otherwise all create Alembic's version table, and all but one die). SQLite
        serializes the writers of a file by itself."""
        cfg = Config()
        cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self.engine.begin() as conn:
            if self.backend == "postgresql":
                conn.execute(text("select pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
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
                    owner=rec.owner,
                    lease_until=rec.lease_until,
                    epoch=rec.epoch,
                    rated=rec.rated,
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
        self,
        table_id: str,
        status: str,
        *,
        at: float | None = None,
        error: str | None = None,
        to_act: Sequence[int] | None = None,
    ) -> None:
        """A table's new status (``to_act``: the seats to act, for a game that starts)."""
        values: dict[str, Any] = {"status": status}
        if to_act is not None:
            values["to_act"] = list(to_act)
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
            self._lock_rows(c, ids)
            steps: dict[str, int] = {}
            epochs: dict[str, int] = {}
            for tid, n, epoch in c.execute(
                select(TableRow.id, TableRow.steps, TableRow.epoch)
                .where(TableRow.id.in_(ids))
                .order_by(TableRow.id)
                .with_for_update()
            ):
                steps[tid], epochs[tid] = n, epoch
            rows: list[dict[str, Any]] = []
            changed: dict[str, dict[str, Any]] = {}  # each table's new values
            for i, a in enumerate(batch):
                if not a.decisions:
                    continue
                stored = steps.get(a.table_id)
                if stored is None:
                    out[i] = StorageError(f"no table {a.table_id!r}")
                    continue
                if a.epoch is not None and a.epoch != epochs[a.table_id]:
                    out[i] = LeaseLost(a.table_id, a.epoch, epochs[a.table_id])
                    continue
                epoch = epochs[a.table_id] if a.epoch is None else a.epoch
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
                        "epoch": epoch,
                    }
                    for d in a.decisions
                )
                steps[a.table_id] = first + len(a.decisions)
                values: dict[str, Any] = {"steps": steps[a.table_id]}
                if a.clocks is not None:
                    values["clocks"] = a.clocks
                if a.to_act is not None:
                    values["to_act"] = list(a.to_act)
                if a.outcome is not None:
                    values.update(outcome=a.outcome, status=OVER, finished_at=a.decisions[-1].at)
                # a table's later append in the batch writes over its earlier one
                changed[a.table_id] = {**changed.get(a.table_id, {}), **values}
                if a.snapshot is not None:  # only the newest is kept: a restart needs no other
                    c.execute(delete(SnapshotRow).where(SnapshotRow.table_id == a.table_id))
                    c.execute(
                        insert(SnapshotRow).values(
                            table_id=a.table_id, n=a.snapshot[0], save=a.snapshot[1], at=time.time()
                        )
                    )
            # the tables by the columns they change: one statement each
            updates: dict[tuple[str, ...], dict[str, dict[str, Any]]] = {}
            for tid, values in changed.items():
                updates.setdefault(tuple(sorted(values)), {})[tid] = values
            for columns, tables in updates.items():
                # an executemany: the driver sends every table's row at once (psycopg's
                # pipeline), not one round trip to the database per table
                c.execute(
                    update(TableRow)
                    .where(TableRow.id == bindparam("row_id"))
                    .values({k: bindparam(f"new_{k}") for k in columns}),
                    [
                        {"row_id": tid, **{f"new_{k}": v[k] for k in columns}}
                        for tid, v in tables.items()
                    ],
                )
            if rows:
                c.execute(insert(DecisionRow), rows)
        return out

    def undo(
        self,
        table_id: str,
        steps: int,
        clocks: dict[str, Any] | None = None,
        epoch: int | None = None,
        to_act: Sequence[int] | None = None,
    ) -> None:
        """Take a table back to ``steps`` decisions (an undo): the later decisions and any
        snapshot after that point are deleted in one transaction, so that a restart resumes
        the game as it stands after the undo. ``clocks``: the clocks' state to keep;
        ``epoch``: the lease epoch the writer holds (:class:`LeaseLost` if not the table's);
        ``to_act``: the seats to act then."""
        with self._session.begin() as s:
            self._lock_rows(s.connection(), [table_id])
            row = s.scalars(
                select(TableRow).where(TableRow.id == table_id).with_for_update()
            ).first()
            if row is None:
                raise StorageError(f"no table {table_id!r}")
            if epoch is not None and epoch != row.epoch:
                raise LeaseLost(table_id, epoch, row.epoch)
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
            if to_act is not None:
                row.to_act = list(to_act)

    def _lock_rows(self, c: Connection, ids: Sequence[str]) -> None:
        """On SQLite, take the database's write lock before the rows of ``ids`` are read
        (the driver begins a transaction only at the first write, and a read before it could
        be stale by the time the transaction writes); PostgreSQL locks the rows it reads
        ``FOR UPDATE``."""
        if self.backend == "sqlite" and ids:
            c.execute(
                update(TableRow).where(TableRow.id.in_(list(ids))).values(steps=TableRow.steps)
            )

    # ------------------------------------------------------------------ leases
    def acquire(
        self, table_id: str, owner: str, seconds: float | None, *, force: bool = False
    ) -> TableRecord | None:
        """Take the table's lease for ``owner`` for ``seconds`` (``None``: without expiry,
        a server alone on its database), raising its epoch; returns the table as stored
        then (its new epoch in it), or ``None`` when another owner holds a lease that has not
        expired (``force``: take it all the same), or there is no such table. The writes of
        the previous owner are refused from then on (:class:`LeaseLost`, and the decisions'
        foreign key on the epoch)."""
        now = time.time()
        with self._session.begin() as s:
            self._lock_rows(s.connection(), [table_id])
            row = s.scalars(
                select(TableRow).where(TableRow.id == table_id).with_for_update()
            ).first()
            if row is None:
                return None
            held = (
                row.owner is not None
                and row.owner != owner
                and row.lease_until is not None
                and row.lease_until > now
            )
            if held and not force:
                return None
            row.owner = owner
            row.epoch = row.epoch + 1
            row.lease_until = None if seconds is None else now + seconds
            s.flush()
            seats = s.scalars(select(SeatRow).where(SeatRow.table_id == table_id)).all()
            return _table(row, seats)

    def renew(self, owner: str, leases: dict[str, int], seconds: float) -> set[str]:
        """Extend ``owner``'s leases (table id: epoch) by ``seconds`` from now; returns the
        tables still held (a table taken over meanwhile is not). One statement for all of
        them, a chunk of :data:`RENEW_CHUNK` at a time: this runs on the database thread
        every third of a lease, between the tables' commits, which must not wait long."""
        until = time.time() + seconds
        held: set[str] = set()
        pairs = sorted(leases.items())  # one lock order, whatever the servers
        with self.engine.begin() as c:
            for i in range(0, len(pairs), RENEW_CHUNK):
                chunk = pairs[i : i + RENEW_CHUNK]
                done = c.execute(
                    update(TableRow)
                    .where(
                        TableRow.owner == owner,
                        tuple_(TableRow.id, TableRow.epoch).in_(chunk),
                    )
                    .values(lease_until=until)
                    .returning(TableRow.id)
                )
                held.update(done.scalars())
        return held

    def release(self, owner: str, ids: Sequence[str]) -> None:
        """Give ``owner``'s leases of ``ids`` up (a server that stops): another server takes
        those tables at once, without waiting for the leases to expire."""
        if not ids:
            return
        with self.engine.begin() as c:
            c.execute(
                update(TableRow)
                .where(TableRow.id.in_(list(ids)), TableRow.owner == owner)
                .values(owner=None, lease_until=None)
            )

    def orphans(self, limit: int = 100) -> list[str]:
        """Running tables whose lease has expired or that nobody owns (their server died or
        stopped), oldest first."""
        now = time.time()
        with self._session() as s:
            return list(
                s.scalars(
                    select(TableRow.id)
                    .where(
                        TableRow.status == RUNNING,
                        (TableRow.owner.is_(None))
                        | (TableRow.lease_until.is_(None))
                        | (TableRow.lease_until < now),
                    )
                    .order_by(TableRow.created_at)
                    .limit(limit)
                )
            )

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

    # ------------------------------------------------------------------ accounts
    def create_account(self, rec: AccountRecord) -> None:
        """Add an account; :class:`NameTaken` if its name's key is taken (checked by the
        database's unique index, so two processes cannot both take it)."""
        from sqlalchemy.exc import IntegrityError

        try:
            with self._session.begin() as s:
                if s.scalar(select(AccountRow.id).where(AccountRow.name_key == rec.name_key)):
                    raise NameTaken(rec.name)
                s.add(
                    AccountRow(
                        id=rec.id,
                        name=rec.name,
                        name_key=rec.name_key,
                        password_hash=rec.password_hash,
                        created_at=rec.created_at,
                        password_at=rec.password_at,
                    )
                )
        except IntegrityError:
            raise NameTaken(rec.name) from None

    def account(self, account_id: str) -> AccountRecord | None:
        with self._session() as s:
            row = s.get(AccountRow, account_id)
            return None if row is None else _account(row)

    def account_by_key(self, key: str) -> AccountRecord | None:
        with self._session() as s:
            row = s.scalars(select(AccountRow).where(AccountRow.name_key == key)).first()
            return None if row is None else _account(row)

    def set_password(self, account_id: str, password_hash: str, keep: str | None) -> None:
        """Store a new password hash; every session of the account but ``keep`` (a
        session's hash) is revoked."""
        with self._session.begin() as s:
            s.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(password_hash=password_hash, password_at=time.time())
            )
            s.execute(
                delete(SessionRow).where(
                    SessionRow.account_id == account_id, SessionRow.id_hash != (keep or "")
                )
            )

    def rehash(self, account_id: str, password_hash: str) -> None:
        """Replace a hash made with older parameters (the password is the same)."""
        with self._session.begin() as s:
            s.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(password_hash=password_hash)
            )

    def add_session(self, id_hash: str, account_id: str, expires_at: float) -> None:
        now = time.time()
        with self._session.begin() as s:
            s.execute(delete(SessionRow).where(SessionRow.expires_at < now))
            s.add(
                SessionRow(
                    id_hash=id_hash,
                    account_id=account_id,
                    created_at=now,
                    seen_at=now,
                    expires_at=expires_at,
                )
            )

    def session_account(self, id_hash: str, idle: float) -> AccountRecord | None:
        """The account a session signs in (``None``: no such session, or it expired). A
        session used is kept ``idle`` seconds more (written at most once a minute)."""
        now = time.time()
        with self._session.begin() as s:
            row = s.get(SessionRow, id_hash)
            if row is None:
                return None
            if row.expires_at < now:
                s.delete(row)
                return None
            account = s.get(AccountRow, row.account_id)
            if account is None or account.closed_at is not None:
                return None
            if now - row.seen_at > 60:
                row.seen_at = now
                row.expires_at = now + idle
            return _account(account)

    def delete_session(self, id_hash: str) -> None:
        with self._session.begin() as s:
            s.execute(delete(SessionRow).where(SessionRow.id_hash == id_hash))

    def sessions(self, account_id: str) -> list[dict[str, float | str]]:
        with self._session() as s:
            rows = s.scalars(
                select(SessionRow)
                .where(SessionRow.account_id == account_id)
                .order_by(SessionRow.created_at)
            ).all()
            return [
                {"id_hash": r.id_hash, "created_at": r.created_at, "seen_at": r.seen_at}
                for r in rows
            ]

    def delete_sessions(self, account_id: str, keep: str | None = None) -> int:
        """Revoke an account's sessions (all but ``keep``); how many were revoked."""
        with self._session.begin() as s:
            result = s.execute(
                delete(SessionRow).where(
                    SessionRow.account_id == account_id, SessionRow.id_hash != (keep or "")
                )
            )
            return int(getattr(result, "rowcount", 0) or 0)

    def hit(self, key: str, count: int, window: float) -> bool:
        """Count an attempt against the limit ``key``: at most ``count`` per fixed window
        of ``window`` seconds. One statement (an upsert), atomic whichever process runs it;
        ``False`` when the attempt is over the limit."""
        now = time.time()
        fresh = RateRow.window_start <= now - window
        ins = pg_insert if self.backend == "postgresql" else sqlite_insert
        stmt = (
            ins(RateRow)
            .values(key=key, window_start=now, count=1)
            .on_conflict_do_update(
                index_elements=[RateRow.key],
                set_={
                    "window_start": case((fresh, now), else_=RateRow.window_start),
                    "count": case((fresh, 1), else_=RateRow.count + 1),
                },
            )
            .returning(RateRow.count)
        )
        with self.engine.begin() as c:
            n = int(c.execute(stmt).scalar_one())
            # forget the windows that ended long ago, now and then
            if secrets_below(0.01):
                c.execute(delete(RateRow).where(RateRow.window_start < now - 86400))
        return n <= count

    def forget_counters(self, keys: Sequence[str]) -> None:
        """Delete these rate limits' counters (a deleted account's)."""
        with self._session.begin() as s:
            s.execute(delete(RateRow).where(RateRow.key.in_(list(keys))))

    def link_seat(self, table_id: str, seat: int, account_id: str) -> None:
        self.link_seats(table_id, {seat: account_id})

    def link_seats(self, table_id: str, accounts: Mapping[int, str]) -> None:
        """The seats that accounts hold at a table (``{seat: account}``), in one transaction."""
        with self._session.begin() as s:
            for seat, account_id in accounts.items():
                s.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                    .values(account_id=account_id)
                )

    def link_host(self, table_id: str, account_id: str) -> None:
        with self._session.begin() as s:
            s.execute(
                update(TableRow).where(TableRow.id == table_id).values(host_account=account_id)
            )

    def account_seats(self, account_id: str, limit: int = 200) -> list[tuple[str, list[int]]]:
        """The tables an account created or holds seats of, newest first, with the seats it
        holds."""
        with self._session() as s:
            held = select(SeatRow.table_id).where(SeatRow.account_id == account_id)
            rows = s.execute(
                select(TableRow.id)
                .where(or_(TableRow.host_account == account_id, TableRow.id.in_(held)))
                .order_by(TableRow.created_at.desc())
                .limit(limit)
            ).all()
            ids = [r[0] for r in rows]
            seats: dict[str, list[int]] = {i: [] for i in ids}
            if ids:
                for tid, n in s.execute(
                    select(SeatRow.table_id, SeatRow.seat).where(
                        SeatRow.account_id == account_id, SeatRow.table_id.in_(ids)
                    )
                ):
                    seats[tid].append(n)
            return [(i, sorted(seats[i])) for i in ids]

    def seat_account(self, table_id: str, seat: int) -> str | None:
        with self._session() as s:
            row = s.get(SeatRow, (table_id, seat))
            return None if row is None else row.account_id

    def delete_account(self, account_id: str) -> None:
        """Delete an account and what names it: its sessions, its name on the seats it held
        and on their chat messages. The games stay, anonymised. On SQLite, the deleted
        bytes are overwritten (``secure_delete``) and the write-ahead log checkpointed, so
        that the name is gone from the files too."""
        with self._session.begin() as s:
            held = s.execute(
                select(SeatRow.table_id, SeatRow.seat).where(SeatRow.account_id == account_id)
            ).all()
            for tid, n in held:
                s.execute(
                    update(ChatRow)
                    .where(ChatRow.table_id == tid, ChatRow.seat == n)
                    .values(name="")
                )
            s.execute(
                update(SeatRow)
                .where(SeatRow.account_id == account_id)
                .values(account_id=None, name="")
            )
            s.execute(
                update(TableRow)
                .where(TableRow.host_account == account_id)
                .values(host_account=None)
            )
            s.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
            s.execute(delete(QueueRow).where(QueueRow.account_id == account_id))
            s.execute(
                delete(BlockRow).where(
                    or_(BlockRow.account_id == account_id, BlockRow.blocked_id == account_id)
                )
            )
            # the reports stay for the administrator, without the account's id or name
            s.execute(
                update(ReportRow)
                .where(ReportRow.reported_id == account_id)
                .values(reported_id=None, reported_name="")
            )
            s.execute(
                update(ReportRow)
                .where(ReportRow.reporter_id == account_id)
                .values(reporter_id=None)
            )
            s.execute(delete(RatingHistoryRow).where(RatingHistoryRow.account_id == account_id))
            s.execute(delete(RatingRow).where(RatingRow.account_id == account_id))
            s.execute(delete(AccountRow).where(AccountRow.id == account_id))
        if self.backend == "sqlite":
            from sqlalchemy import text

            with self.engine.connect() as c:
                c.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))

    def session(self) -> Session:
        """A session for tests and tools."""
        return self._session()


def secrets_below(p: float) -> bool:
    """True with probability ``p`` (housekeeping now and then; not the rules' randomness)."""
    import secrets

    return secrets.randbelow(1_000_000) < p * 1_000_000
