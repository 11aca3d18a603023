"""The database schema (SQLAlchemy 2 declarative models).

A table of the web app is stored as its record: the game, the player count, the seed, the
options and the data set, its seats, and every decision in order with the game clock at which
it was taken (``st_decisions``), plus periodic snapshots of the whole state
(``st_snapshots``: :meth:`Game.to_json` text, read back with ``load_trusted``). The schema is
created and changed only by the Alembic migrations in ``migrations/versions`` (run on start);
these models must match them (``tests/web/test_storage.py`` checks it).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """One table: the settings of its game and where it stands."""

    __tablename__ = "st_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    #: The game's seed: it reveals every hidden card, so it never leaves the server.
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    data_name: Mapped[str | None] = mapped_column(String(200), nullable=True)
    data_digest: Mapped[str | None] = mapped_column(String(128), nullable=True)
    #: ``open`` (seats being filled), ``running``, ``over``, or ``broken`` (could not resume).
    status: Mapped[str] = mapped_column(String(16), index=True)
    #: Real-time games: game seconds per wall-clock second.
    speed: Mapped[float] = mapped_column(Float, default=1.0)
    #: Seconds a bot waits before it plays, so that people can follow the game.
    bot_delay: Mapped[float] = mapped_column(Float, default=0.0)
    #: SHA-256 of the host's secret token (the person who created the table starts it).
    host_hash: Mapped[str] = mapped_column(String(64))
    title: Mapped[str] = mapped_column(String(100), default="")
    created_at: Mapped[float] = mapped_column(Float)
    started_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: How many decisions are committed (``st_decisions`` rows ``0 .. steps - 1``).
    steps: Mapped[int] = mapped_column(Integer, default=0)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    #: The table's settings beyond the game's options: its turn clock and the bot level that
    #: plays an absent seat (``spacetable.web.clocks``); ``None``: neither.
    settings: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: The state of the turn clocks (time left per seat, who is away), saved with each
    #: decision and while a clock runs, so that a restart resumes them where they stood.
    clocks: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class SeatRow(Base):
    """One seat of a table: a person (held by a secret token) or a bot of some level."""

    __tablename__ = "st_seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    level: Mapped[str | None] = mapped_column(String(32), nullable=True)
    #: SHA-256 of the seat's secret token (only the hash is stored).
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str] = mapped_column(String(40), default="")
    joined: Mapped[bool] = mapped_column(Boolean, default=False)


class DecisionRow(Base):
    """One entry of the game's record: an action of a seat, or time passing (real time)."""

    __tablename__ = "st_decisions"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), primary_key=True
    )
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: The seat that acted; ``None`` for an advance of the clock.
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    action: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    advance: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: The game clock after the entry (as in the engine's record).
    clock: Mapped[float] = mapped_column(Float)
    #: Wall-clock time of the commit (Unix seconds): turn clocks and replays will read it.
    at: Mapped[float] = mapped_column(Float)


class SnapshotRow(Base):
    """The whole state after ``n`` decisions (:meth:`Game.to_json`), for a fast restart."""

    __tablename__ = "st_snapshots"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), primary_key=True
    )
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    save: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class ChatRow(Base):
    """One chat message of a table: in the table's room (``scope="table"``) or in a seat's
    (``scope="seat"``, read only by the people holding ``seat``)."""

    __tablename__ = "st_chat"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), primary_key=True
    )
    #: The message's number in its table (1, 2, ...), in the order it was said.
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    scope: Mapped[str] = mapped_column(String(8))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class ReviewRow(Base):
    """The search's review of one seat's decisions in a finished game
    (:meth:`spacetable.bots.analysis.Review.to_json`), computed once per budget."""

    __tablename__ = "st_reviews"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: The search budget: iterations per decision.
    iterations: Mapped[int] = mapped_column(Integer, primary_key=True)
    review: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[float] = mapped_column(Float)
