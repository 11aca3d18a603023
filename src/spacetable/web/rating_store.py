"""The storage's part for ratings (``spacetable.web.ratings``): rating the finished rated
games in order, and reading the ratings, their history and the leaderboards.
:class:`spacetable.web.storage.Storage` has these methods."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import func, insert, select, text, update
from sqlalchemy.orm import Session, sessionmaker

from .models import OVER, AccountRow, RatingHistoryRow, RatingRow, SeatRow, TableRow
from .ratings import FinishedTable, RatedSeat, Rating, Verdict, pool_of, rate

#: The advisory lock held while finished games are rated (one server at a time rates them,
#: in order).
RATING_LOCK = 0x5370_6163_6552_6174


class RatingStore:
    """The ratings' methods of :class:`spacetable.web.storage.Storage`."""

    backend: str
    _session: sessionmaker[Session]

    def rate_pending(self, before: float, limit: int = 1000) -> list[tuple[str, Verdict]]:
        """Rate the finished rated tables not rated yet that finished before ``before``
        (a whole second: the caller's clock, floored, less one), in the order of the second
        they finished in, then of their ids (:mod:`spacetable.web.ratings`), each with its
        accounts' ratings as the tables before it left them; all in one transaction, under
        a lock that one server at a time holds. Returns each table's verdict."""
        done: list[tuple[str, Verdict]] = []
        with self._session.begin() as s:
            if self.backend == "postgresql":
                s.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": RATING_LOCK})
            else:  # SQLite: the write lock first (a later write could find a stale read)
                s.execute(
                    update(TableRow)
                    .where(TableRow.rated.is_(True), TableRow.rated_at.is_(None))
                    .values(rated_at=None)
                )
            rows = (
                s.execute(
                    select(TableRow)
                    .where(
                        TableRow.rated.is_(True),
                        TableRow.rated_at.is_(None),
                        TableRow.status == OVER,
                        TableRow.finished_at < before,
                    )
                    .order_by(TableRow.finished_at, TableRow.id)
                    .limit(limit)
                )
                .scalars()
                .all()
            )
            due = sorted(rows, key=lambda r: (int(r.finished_at or 0), r.id))
            if len(due) == limit:  # a second's games are rated together, or not yet
                last = int(due[-1].finished_at or 0)
                due = [r for r in due if int(r.finished_at or 0) < last] or due
            now = time.time()
            for row in due:
                seats = s.execute(select(SeatRow).where(SeatRow.table_id == row.id)).scalars()
                finished = FinishedTable(
                    row.id,
                    row.game,
                    row.players,
                    dict(row.options),
                    row.outcome,
                    [RatedSeat(x.seat, x.kind, x.level, x.account_id) for x in seats],
                    float(row.finished_at or 0),
                )
                accounts = [x.account for x in finished.seats if x.account is not None]
                pool = pool_of(row.game, row.players, finished.options)
                current = {
                    r.account_id: Rating(r.mu, r.sigma, r.games)
                    for r in s.execute(
                        select(RatingRow).where(
                            RatingRow.account_id.in_(accounts),
                            RatingRow.game == row.game,
                            RatingRow.pool.in_([pool]),
                        )
                    ).scalars()
                }
                try:
                    verdict = rate(finished, current)
                except Exception as e:  # a table the rules no longer read: counted for nothing
                    verdict = Verdict(pool, unrated="no_result")
                    row.error = f"not rated: {e}"[:500]
                for c in verdict.changes:
                    values = {
                        "mu": c.after.mu,
                        "sigma": c.after.sigma,
                        "shown": c.after.shown,
                        "games": c.after.games,
                        "updated_at": now,
                    }
                    key = {"account_id": c.account, "game": row.game, "pool": c.pool}
                    if c.account in current:
                        s.execute(
                            update(RatingRow)
                            .where(*(getattr(RatingRow, k) == v for k, v in key.items()))
                            .values(**values)
                        )
                    else:
                        s.execute(insert(RatingRow).values(**key, **values))
                    s.execute(
                        insert(RatingHistoryRow).values(
                            account_id=c.account,
                            game=row.game,
                            pool=c.pool,
                            table_id=row.id,
                            mu=c.after.mu,
                            sigma=c.after.sigma,
                            shown=c.after.shown,
                            rank=c.rank,
                            at=row.finished_at,
                        )
                    )
                row.rated_at = now
                row.ratings = verdict.to_json()
                done.append((row.id, verdict))
        return done

    def ratings(self, account_id: str) -> list[dict[str, Any]]:
        """An account's ratings, one per game and pool, each with its history (oldest
        first)."""
        with self._session() as s:
            out = []
            for r in s.execute(
                select(RatingRow)
                .where(RatingRow.account_id == account_id)
                .order_by(RatingRow.game, RatingRow.pool)
            ).scalars():
                history = s.execute(
                    select(RatingHistoryRow.shown, RatingHistoryRow.at, RatingHistoryRow.rank)
                    .where(
                        RatingHistoryRow.account_id == account_id,
                        RatingHistoryRow.game == r.game,
                        RatingHistoryRow.pool == r.pool,
                    )
                    .order_by(RatingHistoryRow.id)
                ).all()
                out.append(
                    {
                        "game": r.game,
                        "pool": r.pool,
                        "rating": r.shown,
                        "mu": r.mu,
                        "sigma": r.sigma,
                        "games": r.games,
                        "history": [{"rating": h, "at": at, "rank": k} for h, at, k in history],
                    }
                )
            return out

    def leaderboard(
        self, game: str, pool: str, limit: int = 50, offset: int = 0
    ) -> list[dict[str, Any]]:
        """The accounts rated in ``game`` and ``pool``, best first (ties: more games, then
        the older account)."""
        with self._session() as s:
            rows = s.execute(
                select(AccountRow.name, RatingRow.shown, RatingRow.games, RatingRow.mu)
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(RatingRow.game == game, RatingRow.pool == pool)
                .order_by(RatingRow.shown.desc(), RatingRow.games.desc(), AccountRow.created_at)
                .limit(limit)
                .offset(offset)
            ).all()
            return [
                {"rank": offset + i + 1, "name": n, "rating": r, "games": g}
                for i, (n, r, g, _) in enumerate(rows)
            ]

    def pools(self) -> list[tuple[str, str, int]]:
        """Every (game, pool) with rated accounts, and how many."""
        with self._session() as s:
            return [
                (g, p, int(n))
                for g, p, n in s.execute(
                    select(RatingRow.game, RatingRow.pool, func.count())
                    .group_by(RatingRow.game, RatingRow.pool)
                    .order_by(RatingRow.game, RatingRow.pool)
                )
            ]
