"""Friends and safety: blocks between accounts (``st_blocks``), reports of players for the
administrator (``st_reports``), and an account's administrator flag and closing
(``st_accounts.is_admin``, ``closed_at``). See ``spacetable.web.safety``.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def _account(ondelete: str) -> sa.ForeignKey:
    return sa.ForeignKey("st_accounts.id", ondelete=ondelete)


def upgrade() -> None:
    have = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("st_accounts")}
    with op.batch_alter_table("st_accounts") as batch:
        if "is_admin" not in have:
            batch.add_column(
                sa.Column("is_admin", sa.Boolean, nullable=False, server_default=sa.false())
            )
        if "closed_at" not in have:
            batch.add_column(sa.Column("closed_at", sa.Float, nullable=True))
    op.create_table(
        "st_blocks",
        sa.Column("account_id", sa.String(32), _account("CASCADE"), primary_key=True),
        sa.Column("blocked_id", sa.String(32), _account("CASCADE"), primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "st_reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("reporter_id", sa.String(32), _account("SET NULL"), nullable=True),
        sa.Column("reported_id", sa.String(32), _account("SET NULL"), nullable=True),
        sa.Column("reported_name", sa.String(40), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("status", sa.String(8), nullable=False, server_default="open"),
    )


def downgrade() -> None:
    op.drop_table("st_reports")
    op.drop_table("st_blocks")
    if op.get_bind().dialect.name == "sqlite":
        # SQLite drops a column by rebuilding the table, which would cascade to the
        # sessions: the columns stay, emptied (an upgrade finds them there)
        op.execute("UPDATE st_accounts SET is_admin = 0, closed_at = NULL")
        return
    with op.batch_alter_table("st_accounts") as batch:
        batch.drop_column("closed_at")
        batch.drop_column("is_admin")
