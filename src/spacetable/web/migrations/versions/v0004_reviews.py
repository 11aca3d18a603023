"""Game reviews: the search's review of a seat's decisions in a finished game, kept once
computed (keyed by table, seat and search budget), so that it is served without searching
again.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "st_reviews",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("st_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("iterations", sa.Integer, primary_key=True),
        sa.Column("review", sa.JSON, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("st_reviews")
