"""Friends and safety: blocks, reports, and an administrator who closes accounts.

- **Block.** An account blocks another by name (``POST /api/account/blocks``): the two are
  never matched in a play-now queue (either way), the blocked account's chat messages do
  not reach the blocker (live or in a table's history), and the blocked account cannot
  invite the blocker to a table by name. Blocks are private: the blocked account is not
  told, and an invitation it tries is refused with the words any refused invitation gets.
- **Report.** A signed-in person reports a player by name, optionally at a table, in their
  own words (``POST /api/reports``, rate-limited); the reports are kept for the server's
  administrator, who lists them (``spacetable admin reports``, or ``GET /api/admin/reports``).
- **Administrator.** An account is made one from the command line (``spacetable admin
  grant NAME``), never from the web. An administrator closes an account (``POST
  /api/admin/accounts/{name}/close``, or ``spacetable admin close NAME``): its sessions end
  at once, it signs in no more, it leaves the queues; its games stay.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import delete, or_, select, update
from sqlalchemy.orm import Session, sessionmaker

from .models import AccountRow, BlockRow, QueueRow, ReportRow, SeatRow, SessionRow

#: The longest report a person writes.
MAX_REPORT = 2000


class SafetyStore:
    """The blocks', reports' and administrator's methods of
    :class:`spacetable.web.storage.Storage`."""

    backend: str
    _session: sessionmaker[Session]

    def block(self, account: str, blocked: str) -> None:
        with self._session.begin() as s:
            if s.get(BlockRow, (account, blocked)) is None:
                s.add(BlockRow(account_id=account, blocked_id=blocked, at=time.time()))

    def unblock(self, account: str, blocked: str) -> bool:
        with self._session.begin() as s:
            gone = s.execute(
                delete(BlockRow).where(
                    BlockRow.account_id == account, BlockRow.blocked_id == blocked
                )
            )
            return bool(getattr(gone, "rowcount", 0))

    def blocks(self, account: str) -> list[str]:
        """The names of the accounts ``account`` blocks, by name."""
        with self._session() as s:
            return sorted(
                n
                for (n,) in s.execute(
                    select(AccountRow.name)
                    .join(BlockRow, BlockRow.blocked_id == AccountRow.id)
                    .where(BlockRow.account_id == account)
                )
            )

    def blocked_ids(self, account: str) -> frozenset[str]:
        """The ids of the accounts ``account`` blocks."""
        with self._session() as s:
            return frozenset(
                b
                for (b,) in s.execute(
                    select(BlockRow.blocked_id).where(BlockRow.account_id == account)
                )
            )

    def blocks_between(self, accounts: list[str]) -> set[frozenset[str]]:
        """The pairs of ``accounts`` where one blocks the other."""
        if not accounts:
            return set()
        with self._session() as s:
            return {
                frozenset((a, b))
                for a, b in s.execute(
                    select(BlockRow.account_id, BlockRow.blocked_id).where(
                        BlockRow.account_id.in_(accounts), BlockRow.blocked_id.in_(accounts)
                    )
                )
            }

    def seat_accounts(self, table_id: str) -> dict[int, str]:
        """The accounts holding a table's seats, by seat."""
        with self._session() as s:
            return {
                n: a
                for n, a in s.execute(
                    select(SeatRow.seat, SeatRow.account_id).where(
                        SeatRow.table_id == table_id, SeatRow.account_id.is_not(None)
                    )
                )
                if a is not None
            }

    def add_report(
        self, reporter: str, reported: str, name: str, table_id: str | None, reason: str
    ) -> int:
        with self._session.begin() as s:
            row = ReportRow(
                reporter_id=reporter,
                reported_id=reported,
                reported_name=name,
                table_id=table_id,
                reason=reason[:MAX_REPORT],
                at=time.time(),
                status="open",
            )
            s.add(row)
            s.flush()
            return int(row.id)

    def reports(self, everything: bool = False) -> list[dict[str, Any]]:
        """The reports, newest first (the open ones only unless ``everything``)."""
        with self._session() as s:
            q = select(ReportRow).order_by(ReportRow.id.desc())
            if not everything:
                q = q.where(ReportRow.status == "open")
            names = dict(s.execute(select(AccountRow.id, AccountRow.name)).all())
            return [
                {
                    "id": r.id,
                    "at": r.at,
                    "reporter": names.get(r.reporter_id or ""),
                    "reported": r.reported_name,
                    "reported_exists": r.reported_id is not None,
                    "table": r.table_id,
                    "reason": r.reason,
                    "status": r.status,
                }
                for r in s.execute(q).scalars()
            ]

    def close_report(self, report_id: int) -> bool:
        with self._session.begin() as s:
            done = s.execute(
                update(ReportRow).where(ReportRow.id == report_id).values(status="closed")
            )
            return bool(getattr(done, "rowcount", 0))

    def set_admin(self, account: str, admin: bool) -> None:
        with self._session.begin() as s:
            s.execute(update(AccountRow).where(AccountRow.id == account).values(is_admin=admin))

    def close_account(self, account: str) -> None:
        """Close an account: it signs in no more, its sessions end, it leaves the queues,
        and nobody blocks or is blocked by it any more (its games stay)."""
        with self._session.begin() as s:
            s.execute(
                update(AccountRow).where(AccountRow.id == account).values(closed_at=time.time())
            )
            s.execute(delete(SessionRow).where(SessionRow.account_id == account))
            s.execute(delete(QueueRow).where(QueueRow.account_id == account))
            s.execute(
                delete(BlockRow).where(
                    or_(BlockRow.account_id == account, BlockRow.blocked_id == account)
                )
            )
