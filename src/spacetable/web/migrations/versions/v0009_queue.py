"""Play now: the people waiting in the queues (``st_queue``, one entry per account), and the
table and seat each was matched to. See ``spacetable.web.matchmaking``.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "st_queue",
        sa.Column(
            "account_id",
            sa.String(32),
            sa.ForeignKey("st_accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("pace", sa.String(8), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("joined_at", sa.Float, nullable=False),
        sa.Column("seen_at", sa.Float, nullable=False),
        sa.Column("bots", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
    )
    op.create_index("ix_st_queue_waiting", "st_queue", ["table_id", "game", "joined_at"])


def downgrade() -> None:
    op.drop_index("ix_st_queue_waiting", "st_queue")
    op.drop_table("st_queue")
