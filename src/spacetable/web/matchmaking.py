"""Play now: a queue per game, player count, pace and language, matched by rating.

- **Who waits.** A signed-in person joins the queue of a game (``POST /api/queue``): one
  entry per account (joining again replaces it), so nobody is ever matched with themself.
  Their page asks for its state every second or so; an entry not asked for in
  :data:`Settings.queue_idle` seconds (the page was closed) leaves the queue.
- **Matching.** People waiting in one queue (same game, player count, pace and language)
  are matched by their OpenSkill mean μ in the game (``spacetable.web.ratings``; 25 for a
  new account): the allowed gap is ``queue_gap`` plus ``queue_widen`` per second waited,
  so that a long wait finds someone further away; the one waiting longest is served first,
  with the closest of the others. Every server process matches the queues of the database
  it shares, one at a time (PostgreSQL's advisory lock; SQLite's write lock).
- **Bots.** After :data:`Settings.queue_bots_after` seconds a person may choose to fill the
  seats nobody took with bots (``POST /api/queue/bots``): the next pass seats whoever is in
  reach and, in the other seats, the bot level whose anchor is closest to their rating.
- **The table.** A match creates a rated table (the queue's pace gives its turn clock:
  ``live`` a minute a move with five of reserve, ``days`` a day a move with two of reserve;
  the takeover bot plays a seat out of time), seats each account (its seat named after it),
  starts it, and tells each page where to go (``GET /api/queue``: ``matched`` with the
  table and the seat).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from sqlalchemy import delete, select, text, update
from sqlalchemy.orm import Session, sessionmaker

import spacetable

from .clocks import TableSettings
from .models import BlockRow, QueueRow, RatingRow
from .ratings import MAIN, MU, anchors

if TYPE_CHECKING:
    from .live import Hub

log = logging.getLogger("spacetable.web")

Pace = Literal["live", "days"]
PACES: tuple[Pace, ...] = ("live", "days")
#: The turn clock of each pace: seconds a move, seconds of reserve.
CLOCKS: dict[str, tuple[float, float]] = {"live": (60.0, 300.0), "days": (86_400.0, 172_800.0)}
#: The advisory lock held while the queues are matched.
QUEUE_LOCK = 0x5370_6163_6551_7565
#: Marks an entry taken by a pass whose table is being created.
PENDING = "pending"


@dataclass(frozen=True)
class Entry:
    account: str
    name: str
    game: str
    players: int
    pace: str
    lang: str
    mu: float
    joined_at: float
    bots: bool = False

    @property
    def key(self) -> tuple[str, int, str, str]:
        return (self.game, self.players, self.pace, self.lang)


@dataclass(frozen=True)
class Match:
    """A table to create: its people (in seat order) and the bot levels of the other
    seats."""

    game: str
    players: int
    pace: str
    people: tuple[Entry, ...]
    bots: tuple[str, ...] = ()


def gap(entry: Entry, now: float, base: float, widen: float) -> float:
    """The rating gap (in μ) ``entry`` accepts after waiting until ``now``."""
    return base + widen * max(0.0, now - entry.joined_at)


def closest_bot(game: str, mu: float) -> str | None:
    """The bot level whose anchor in ``game`` is closest to ``mu`` (``None``: no anchor)."""
    levels = [
        (abs(a.mu - mu), level)
        for (g, level), a in anchors().items()
        if g == game and not level.startswith("automa:")
    ]
    return min(levels)[1] if levels else None


def find_matches(
    entries: Sequence[Entry],
    now: float,
    base: float,
    widen: float,
    apart: Collection[frozenset[str]] = (),
) -> list[Match]:
    """The matches of ``entries`` now: per queue, the one waiting longest with the closest
    of the others within reach (each pair within the larger of their two gaps), again while
    some are left; a person who asked for bots is seated with whoever is in reach and bots.
    Two accounts of a pair in ``apart`` (one blocks the other) are never seated together.
    """
    queues: dict[tuple[str, int, str, str], list[Entry]] = {}
    for e in sorted(entries, key=lambda e: (e.joined_at, e.account)):
        queues.setdefault(e.key, []).append(e)
    out: list[Match] = []
    for (game, players, pace, _), waiting in queues.items():
        left = list(waiting)
        while left:
            first = left.pop(0)
            reach = [
                o
                for o in left
                if abs(o.mu - first.mu)
                <= max(gap(first, now, base, widen), gap(o, now, base, widen))
            ]
            reach.sort(key=lambda o: (abs(o.mu - first.mu), o.joined_at, o.account))
            chosen: list[Entry] = []
            for o in reach:  # the closest, none blocking another of the table
                if len(chosen) == players - 1:
                    break
                if all(frozenset((o.account, p.account)) not in apart for p in (first, *chosen)):
                    chosen.append(o)
            if len(chosen) == players - 1:
                people = (first, *chosen)
                bots: tuple[str, ...] = ()
            elif first.bots:
                people = (first, *chosen)
                level = closest_bot(game, first.mu)
                if level is None:
                    continue
                bots = (level,) * (players - len(people))
            else:
                continue
            for o in chosen:
                left.remove(o)
            out.append(Match(game, players, pace, people, bots))
    return out


def entry_state(row: QueueRow) -> dict[str, Any]:
    """What a queue entry says of itself (``table`` and ``seat`` once its match is made)."""
    out: dict[str, Any] = {
        "game": row.game,
        "players": row.players,
        "pace": row.pace,
        "lang": row.lang,
        "joined_at": row.joined_at,
        "bots": row.bots,
        "mu": row.mu,
    }
    if row.table_id not in (None, PENDING):
        out["table"] = row.table_id
        out["seat"] = row.seat
    return out


class QueueStore:
    """The queue's methods of :class:`spacetable.web.storage.Storage`."""

    backend: str
    _session: sessionmaker[Session]

    def enqueue(
        self, account: str, name: str, game: str, players: int, pace: str, lang: str
    ) -> dict[str, Any]:
        """Put ``account`` in a queue (in place of any entry it had); its rating is its
        μ in the game (a new account's when it has none). While a match is being made for
        it (its entry taken, :data:`PENDING`), the entry stays: the person is being seated
        at that table, and is told so at the next ask."""
        now = time.time()
        with self._session.begin() as s:
            # (locked: a pass taking it in another process is waited for)
            held = s.get(QueueRow, account, with_for_update=True)
            if held is not None and held.table_id == PENDING:
                return entry_state(held)
            rating = s.get(RatingRow, (account, game, MAIN))
            s.execute(delete(QueueRow).where(QueueRow.account_id == account))
            row = QueueRow(
                account_id=account,
                name=name,
                game=game,
                players=players,
                pace=pace,
                lang=lang,
                mu=rating.mu if rating is not None else MU,
                joined_at=now,
                seen_at=now,
                bots=False,
            )
            s.add(row)
            return entry_state(row)  # (as queue_entry reads it, without a second transaction)

    def queue_entry(self, account: str, touch: float | None = None) -> dict[str, Any] | None:
        """``account``'s entry (``None``: not in a queue). ``touch``: its page is still
        there, written if the last write is older than ``touch`` seconds (a page asks every
        second, and a write a second for each person waiting would be most of the
        database's work)."""
        with self._session.begin() as s:
            row = s.get(QueueRow, account)
            if row is None:
                return None
            now = time.time()
            if touch is not None and now - row.seen_at > touch:
                row.seen_at = now
            return entry_state(row)

    def leave_queue(self, account: str) -> bool:
        with self._session.begin() as s:
            gone = s.execute(delete(QueueRow).where(QueueRow.account_id == account))
            return bool(getattr(gone, "rowcount", 0))

    def ask_bots(self, account: str) -> bool:
        """The person waiting will take bots for the seats nobody takes."""
        with self._session.begin() as s:
            done = s.execute(
                update(QueueRow)
                .where(QueueRow.account_id == account, QueueRow.table_id.is_(None))
                .values(bots=True)
            )
            return bool(getattr(done, "rowcount", 0))

    def take_matches(
        self, now: float, base: float, widen: float, idle: float, matched_for: float
    ) -> list[Match]:
        """Under the queue's lock: drop the entries whose page is gone (not asked for in
        ``idle`` seconds) and the matched ones kept ``matched_for`` seconds, find the
        matches and mark their entries taken (:data:`PENDING`) until :meth:`matched`."""
        with self._session.begin() as s:
            if self.backend == "postgresql":
                s.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": QUEUE_LOCK})
            s.execute(
                delete(QueueRow).where(QueueRow.table_id.is_(None), QueueRow.seen_at < now - idle)
            )
            s.execute(
                delete(QueueRow).where(
                    QueueRow.table_id.is_not(None), QueueRow.seen_at < now - matched_for
                )
            )
            rows = s.execute(select(QueueRow).where(QueueRow.table_id.is_(None))).scalars().all()
            entries = [
                Entry(
                    r.account_id,
                    r.name,
                    r.game,
                    r.players,
                    r.pace,
                    r.lang,
                    r.mu,
                    r.joined_at,
                    r.bots,
                )
                for r in rows
            ]
            waiting = [e.account for e in entries]
            apart = {
                frozenset((a, b))
                for a, b in s.execute(
                    select(BlockRow.account_id, BlockRow.blocked_id).where(
                        BlockRow.account_id.in_(waiting), BlockRow.blocked_id.in_(waiting)
                    )
                )
            }
            found = find_matches(entries, now, base, widen, apart)
            taken = [e.account for m in found for e in m.people]
            if taken:
                s.execute(
                    update(QueueRow)
                    .where(QueueRow.account_id.in_(taken))
                    .values(table_id=PENDING, seen_at=now)
                )
            return found

    def matched(self, seats: dict[str, int], table_id: str | None) -> None:
        """The table a match created, and each account's seat there (``table_id`` None:
        it could not be created, the entries wait again)."""
        with self._session.begin() as s:
            for account, seat in seats.items():
                s.execute(
                    update(QueueRow)
                    .where(QueueRow.account_id == account)
                    .values(
                        table_id=table_id,
                        seat=seat if table_id else None,
                        seen_at=time.time(),
                    )
                )


def pace_options(game: str, pace: str) -> dict[str, Any] | None:
    """The options a queue's table of ``game`` is played with at ``pace`` (``None``: the
    game cannot be played at that pace): a real-time game is played live in real time,
    and over days in its turn-based mode (Spacedealer's ticks) if it has one."""
    info = spacetable.game_class(game).info
    if not info.realtime_with({}):
        return {}
    if pace == "live":
        return {}
    if info.turn_based_when:
        return dict(info.turn_based_when)
    return None


async def run_match(hub: Hub, match: Match) -> str | None:
    """Create, seat and start the table of ``match``; returns its id (``None``: it could
    not be made, and its people wait again)."""
    seats: list[tuple[str, str | None, str]] = [("human", None, e.name) for e in match.people]
    seats += [("bot", level, "") for level in match.bots]
    options = pace_options(match.game, match.pace) or {}
    realtime = spacetable.game_class(match.game).info.realtime_with(options)
    move, reserve = CLOCKS[match.pace]
    settings = TableSettings(
        None if realtime else move, None if realtime else reserve, "medium", False
    )
    accounts = {e.account: i for i, e in enumerate(match.people)}
    try:
        table, _, _ = await hub.create(
            match.game,
            match.players,
            options,
            seats,
            settings=settings,
            rated=True,
            bot_delay=0.8,
        )
        held = {seat: account for account, seat in accounts.items()}
        await hub.db(hub.storage.link_seats, table.rec.id, held)
        await table.start()
    except Exception as e:
        why = hub.storage.explain(e)
        log.error("a play-now match of %s could not be made: %s", match.game, why)
        await tell_matched(hub, accounts, None)
        return None
    await tell_matched(hub, accounts, table.rec.id)
    return table.rec.id


#: How many times the outcome of a match is written before it is given up.
TELL_ATTEMPTS = 4


async def tell_matched(hub: Hub, seats: dict[str, int], table_id: str | None) -> bool:
    """Write the outcome of a match on its people's entries (:meth:`QueueStore.matched`),
    trying again after a failure of the database: until it is written the entries stay
    taken, their pages are told nothing and nobody matches them again (a table made and
    started would wait for people who never come). Whether it was written."""
    for attempt in range(1, TELL_ATTEMPTS + 1):
        try:
            await hub.db(hub.storage.matched, seats, table_id)
            return True
        except Exception as e:  # one line, without a statement or a password
            log.error(
                "play now: the outcome of a match could not be written (attempt %d of %d): %s",
                attempt,
                TELL_ATTEMPTS,
                hub.storage.explain(e),
            )
            if attempt < TELL_ATTEMPTS:
                await asyncio.sleep(0.25 * attempt)
    return False
