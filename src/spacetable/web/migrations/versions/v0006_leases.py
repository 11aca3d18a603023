"""Table leases: one server process at a time owns a running table (``owner``, until
``lease_until``), under a fencing token (``epoch``, raised by every new owner). Each decision
carries the epoch it was written under, and a foreign key ties ``(table_id, epoch)`` to the
table's current ``(id, epoch)``: the database itself refuses a decision written under an
epoch that is not the table's any more (a raised epoch is cascaded to the decisions already
stored, which stay valid).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A downgrade on SQLite leaves these columns in place (see :func:`downgrade`): an upgrade
    # after it finds them there.
    have = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("st_tables")}
    with op.batch_alter_table("st_tables") as batch:
        if "owner" not in have:
            batch.add_column(sa.Column("owner", sa.String(80), nullable=True))
        if "epoch" not in have:
            batch.add_column(sa.Column("epoch", sa.Integer, nullable=False, server_default="0"))
        if "lease_until" not in have:
            batch.add_column(sa.Column("lease_until", sa.Float, nullable=True))
    # an index, not a table constraint: SQLite would rebuild the table for one, and dropping
    # the old st_tables would delete every row that refers to it
    op.create_index("ux_st_tables_id_epoch", "st_tables", ["id", "epoch"], unique=True)
    with op.batch_alter_table("st_decisions") as batch:
        batch.add_column(sa.Column("epoch", sa.Integer, nullable=False, server_default="0"))
        batch.create_foreign_key(
            "fk_st_decisions_lease",
            "st_tables",
            ["table_id", "epoch"],
            ["id", "epoch"],
            onupdate="CASCADE",
            ondelete="CASCADE",
        )


def downgrade() -> None:
    with op.batch_alter_table("st_decisions") as batch:
        batch.drop_constraint("fk_st_decisions_lease", type_="foreignkey")
        batch.drop_column("epoch")
    op.drop_index("ux_st_tables_id_epoch", "st_tables")
    if op.get_bind().dialect.name == "sqlite":
        # SQLite drops a column by rebuilding the table, and dropping st_tables would
        # cascade to the seats and decisions that reference it: the columns stay, emptied
        # (an upgrade finds them there).
        op.execute("UPDATE st_tables SET owner = NULL, epoch = 0, lease_until = NULL")
        return
    with op.batch_alter_table("st_tables") as batch:
        batch.drop_column("lease_until")
        batch.drop_column("epoch")
        batch.drop_column("owner")
