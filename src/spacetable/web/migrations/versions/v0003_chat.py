"""The tables' chats: every message of a table's room and of its seats' rooms, so that a
restarted server, and a person who comes back, read the conversation where it stood.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "st_chat",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("st_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("scope", sa.String(8), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("st_chat")
