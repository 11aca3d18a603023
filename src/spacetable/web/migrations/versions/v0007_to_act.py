"""Whose turn it is, stored: ``st_tables.to_act``, the seats to act as of the last committed
decision (written with it), so that a server that does not hold a table still lists whose
turn it is.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A downgrade on SQLite leaves the column in place (see :func:`downgrade`).
    have = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("st_tables")}
    if "to_act" not in have:
        with op.batch_alter_table("st_tables") as batch:
            batch.add_column(sa.Column("to_act", sa.JSON, nullable=True))


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        # SQLite drops a column by rebuilding the table, which would cascade to the seats
        # and decisions: the column stays, emptied (an upgrade finds it there)
        op.execute("UPDATE st_tables SET to_act = NULL")
        return
    with op.batch_alter_table("st_tables") as batch:
        batch.drop_column("to_act")
