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
    ForeignKeyConstraint,
    Index,
    Integer,
    String,
    Text,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

#: Table statuses (``st_tables.status``).
OPEN, RUNNING, OVER, BROKEN = "open", "running", "over", "broken"
STATUSES = (OPEN, RUNNING, OVER, BROKEN)


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
    #: The account that created the table, if its creator was signed in (``None`` once that
    #: account is deleted: the table stays, anonymised).
    host_account: Mapped[str | None] = mapped_column(
        String(32), ForeignKey("st_accounts.id", ondelete="SET NULL"), nullable=True, index=True
    )
    #: The server process that owns the table (``spacetable.web.live.Hub.process_id``), and
    #: until when (Unix seconds; ``None``: no expiry, a server without ``--redis``).
    owner: Mapped[str | None] = mapped_column(String(80), nullable=True)
    lease_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: The fencing token of the lease: raised by every new owner; a decision is stored only
    #: under the table's current epoch (``DecisionRow``'s foreign key).
    epoch: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    #: The seats to act as of the last committed decision (written with it), so that a
    #: server that does not hold the table lists whose turn it is; ``None``: not running.
    to_act: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    #: Created rated: once over, the game rates its accounts (``spacetable.web.ratings``).
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: When the finished game was rated (``None``: not yet, or not a rated table).
    rated_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: What it did (:meth:`spacetable.web.ratings.Verdict.to_json`): each rated seat's
    #: rating before and after, or why it counted for nothing.
    ratings: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)

    __table_args__ = (
        Index("ux_st_tables_id_epoch", "id", "epoch", unique=True),
        Index("ix_st_tables_rating_due", "rated", "rated_at", "finished_at"),
    )


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
    #: The account that holds the seat, if a signed-in person took it (or signed up holding
    #: its token); ``None`` for a guest, a bot, or a deleted account.
    account_id: Mapped[str | None] = mapped_column(
        String(32), ForeignKey("st_accounts.id", ondelete="SET NULL"), nullable=True, index=True
    )


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
    #: The lease epoch the decision was written under: ``(table_id, epoch)`` must be the
    #: table's current ``(id, epoch)`` (a new owner's raised epoch cascades here), so the
    #: database refuses a decision of an owner whose lease was taken over.
    epoch: Mapped[int] = mapped_column(Integer, default=0, server_default="0")

    __table_args__ = (
        ForeignKeyConstraint(
            ["table_id", "epoch"],
            ["st_tables.id", "st_tables.epoch"],
            name="fk_st_decisions_lease",
            onupdate="CASCADE",
            ondelete="CASCADE",
        ),
    )


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


class AccountRow(Base):
    """A person's account: a name (shown as typed, unique by :func:`name_key`) and the
    argon2id hash of their password (never the password)."""

    __tablename__ = "st_accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    #: The name as compared: NFKC, case folded, confusable look-alikes mapped to one
    #: character (:func:`spacetable.web.accounts.name_key`); unique.
    name_key: Mapped[str] = mapped_column(String(160), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[float] = mapped_column(Float)
    password_at: Mapped[float] = mapped_column(Float)
    #: The server's administrator (set from the command line: ``spacetable admin grant``).
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: When an administrator closed the account (it signs in no more); ``None``: open.
    closed_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class SessionRow(Base):
    """A signed-in browser: keyed by SHA-256 of the random id its cookie holds (the id
    itself is never stored), so that a copy of the database signs nobody in."""

    __tablename__ = "st_sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[float] = mapped_column(Float)
    seen_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)


class RateRow(Base):
    """A rate limit's counter (a fixed window), shared by every server process of the
    database: sign-in and sign-up attempts per address and per account name."""

    __tablename__ = "st_rate_buckets"

    #: What is counted and for whom: ``"signin:addr:<SHA-256>"``, ``"signin:name:<...>"``...
    key: Mapped[str] = mapped_column(String(128), primary_key=True)
    window_start: Mapped[float] = mapped_column(Float)
    count: Mapped[int] = mapped_column(Integer)


class RatingRow(Base):
    """An account's rating in one game and pool (OpenSkill's μ and σ; ``shown``: what a
    person reads, :func:`spacetable.web.ratings.shown`, which the leaderboard sorts by)."""

    __tablename__ = "st_ratings"

    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_accounts.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    pool: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    shown: Mapped[int] = mapped_column(Integer)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[float] = mapped_column(Float)

    __table_args__ = (Index("ix_st_ratings_board", "game", "pool", "shown"),)


class RatingHistoryRow(Base):
    """An account's rating after one rated game (its chart on the profile page)."""

    __tablename__ = "st_rating_history"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_accounts.id", ondelete="CASCADE")
    )
    game: Mapped[str] = mapped_column(String(64))
    pool: Mapped[str] = mapped_column(String(32))
    table_id: Mapped[str | None] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="SET NULL"), nullable=True
    )
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    shown: Mapped[int] = mapped_column(Integer)
    rank: Mapped[int] = mapped_column(Integer)
    at: Mapped[float] = mapped_column(Float)

    __table_args__ = (Index("ix_st_rating_history_account", "account_id", "game", "pool", "id"),)


class QueueRow(Base):
    """A signed-in person waiting in a play-now queue (``spacetable.web.matchmaking``): one
    entry per account; once matched, the table and seat it was given."""

    __tablename__ = "st_queue"

    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_accounts.id", ondelete="CASCADE"), primary_key=True
    )
    name: Mapped[str] = mapped_column(String(40))
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    #: ``live`` (a minute a move) or ``days`` (a day a move).
    pace: Mapped[str] = mapped_column(String(8))
    lang: Mapped[str] = mapped_column(String(8))
    #: The account's OpenSkill mean in the game when it joined (what matching compares).
    mu: Mapped[float] = mapped_column(Float)
    joined_at: Mapped[float] = mapped_column(Float)
    #: When its page last asked for the entry (an entry left unasked leaves the queue).
    seen_at: Mapped[float] = mapped_column(Float)
    #: The person takes bots for the seats nobody takes.
    bots: Mapped[bool] = mapped_column(Boolean, default=False)
    #: The table of its match (``"pending"`` while it is created) and the seat there.
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)

    __table_args__ = (Index("ix_st_queue_waiting", "table_id", "game", "joined_at"),)


class BlockRow(Base):
    """An account blocks another: they are never matched together, the blocked one's chat
    does not reach the blocker, and the blocked one cannot invite the blocker by name."""

    __tablename__ = "st_blocks"

    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_accounts.id", ondelete="CASCADE"), primary_key=True
    )
    blocked_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_accounts.id", ondelete="CASCADE"), primary_key=True
    )
    at: Mapped[float] = mapped_column(Float)


class ReportRow(Base):
    """A report of a player, kept for the server's administrator (``spacetable admin
    reports``): who reported whom, at which table, and why, in the reporter's words."""

    __tablename__ = "st_reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    reporter_id: Mapped[str | None] = mapped_column(
        String(32), ForeignKey("st_accounts.id", ondelete="SET NULL"), nullable=True
    )
    reported_id: Mapped[str | None] = mapped_column(
        String(32), ForeignKey("st_accounts.id", ondelete="SET NULL"), nullable=True
    )
    #: The reported account's name when reported (kept if the account is deleted).
    reported_name: Mapped[str] = mapped_column(String(40))
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    reason: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)
    #: ``open`` until the administrator closes it.
    status: Mapped[str] = mapped_column(String(8), default="open")
