"""Turn clocks: a table's settings (its clock and the bot that takes over an absent seat)
and the state of its clocks.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("st_tables") as batch:
        batch.add_column(sa.Column("settings", sa.JSON, nullable=True))
        batch.add_column(sa.Column("clocks", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("st_tables") as batch:
        batch.drop_column("clocks")
        batch.drop_column("settings")
