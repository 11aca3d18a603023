"""Accounts: people's accounts (name, argon2id password hash), their server-side sessions
(keyed by SHA-256 of the cookie's random id), the rate limits' counters shared by every
server process, and the link of a table (its creator) and of a seat (its holder) to an
account.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

#: The columns that link a table and a seat to an account.
LINKS = (("st_tables", "host_account"), ("st_seats", "account_id"))


def upgrade() -> None:
    op.create_table(
        "st_accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("password_at", sa.Float, nullable=False),
    )
    op.create_table(
        "st_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id",
            sa.String(32),
            sa.ForeignKey("st_accounts.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("seen_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_table(
        "st_rate_buckets",
        sa.Column("key", sa.String(128), primary_key=True),
        sa.Column("window_start", sa.Float, nullable=False),
        sa.Column("count", sa.Integer, nullable=False),
    )
    # Added in place (no table rebuild: rebuilding st_tables on SQLite would cascade to the
    # rows that reference it); SQLite accepts a foreign key on an added nullable column, but
    # only written inline, which Alembic does not do there.
    sqlite = op.get_bind().dialect.name == "sqlite"
    for table, column in LINKS:
        if column in {c["name"] for c in sa.inspect(op.get_bind()).get_columns(table)}:
            pass  # left by a downgrade on SQLite (below)
        elif sqlite:
            op.execute(
                f"ALTER TABLE {table} ADD COLUMN {column} VARCHAR(32) "
                "REFERENCES st_accounts (id) ON DELETE SET NULL"
            )
        else:
            op.add_column(table, sa.Column(column, sa.String(32), nullable=True))
            op.create_foreign_key(
                f"fk_{table}_{column}",
                table,
                "st_accounts",
                [column],
                ["id"],
                ondelete="SET NULL",
            )
        op.create_index(f"ix_{table}_{column}", table, [column])


def downgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    for table, column in LINKS:
        op.drop_index(f"ix_{table}_{column}", table)
        if sqlite:
            # SQLite drops a column by rebuilding the table, and dropping st_tables or
            # st_seats would cascade to the rows that reference them: the column stays,
            # emptied (an upgrade finds it there).
            op.execute(f"UPDATE {table} SET {column} = NULL")
        else:
            op.drop_constraint(f"fk_{table}_{column}", table, type_="foreignkey")
            op.drop_column(table, column)
    op.drop_table("st_rate_buckets")
    op.drop_table("st_sessions")
    op.drop_table("st_accounts")
