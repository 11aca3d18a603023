"""The first schema: tables, seats, decisions, snapshots.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "st_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("data_name", sa.String(200), nullable=True),
        sa.Column("data_digest", sa.String(128), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("speed", sa.Float, nullable=False),
        sa.Column("bot_delay", sa.Float, nullable=False),
        sa.Column("host_hash", sa.String(64), nullable=False),
        sa.Column("title", sa.String(100), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=True),
        sa.Column("steps", sa.Integer, nullable=False),
        sa.Column("outcome", sa.JSON, nullable=True),
        sa.Column("error", sa.Text, nullable=True),
    )
    op.create_index("ix_st_tables_status", "st_tables", ["status"])
    op.create_table(
        "st_seats",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("st_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(32), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("joined", sa.Boolean, nullable=False),
    )
    op.create_table(
        "st_decisions",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("st_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("action", sa.JSON, nullable=True),
        sa.Column("advance", sa.Float, nullable=True),
        sa.Column("clock", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "st_snapshots",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("st_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("save", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("st_snapshots")
    op.drop_table("st_decisions")
    op.drop_table("st_seats")
    op.drop_index("ix_st_tables_status", "st_tables")
    op.drop_table("st_tables")
