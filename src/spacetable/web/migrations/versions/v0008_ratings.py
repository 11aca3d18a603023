"""Ratings: a table may be created rated (``st_tables.rated``); once finished and rated it
keeps what it did to its accounts' ratings (``ratings``) and when (``rated_at``). Each
account's OpenSkill rating per game and pool (``st_ratings``) and its history, one row per
rated game (``st_rating_history``). See ``spacetable.web.ratings``.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

COLUMNS = (
    ("rated", sa.Boolean, {"nullable": False, "server_default": sa.false()}),
    ("rated_at", sa.Float, {"nullable": True}),
    ("ratings", sa.JSON, {"nullable": True}),
)


def upgrade() -> None:
    # A downgrade on SQLite leaves the columns in place (see :func:`downgrade`).
    have = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("st_tables")}
    with op.batch_alter_table("st_tables") as batch:
        for name, kind, kw in COLUMNS:
            if name not in have:
                batch.add_column(sa.Column(name, kind, **kw))
    op.create_index("ix_st_tables_rating_due", "st_tables", ["rated", "rated_at", "finished_at"])

    def account() -> sa.ForeignKey:
        return sa.ForeignKey("st_accounts.id", ondelete="CASCADE")

    op.create_table(
        "st_ratings",
        sa.Column("account_id", sa.String(32), account(), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("pool", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("shown", sa.Integer, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_st_ratings_board", "st_ratings", ["game", "pool", "shown"])
    op.create_table(
        "st_rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.String(32), account(), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("pool", sa.String(32), nullable=False),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("st_tables.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("shown", sa.Integer, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index(
        "ix_st_rating_history_account", "st_rating_history", ["account_id", "game", "pool", "id"]
    )


def downgrade() -> None:
    op.drop_index("ix_st_rating_history_account", "st_rating_history")
    op.drop_table("st_rating_history")
    op.drop_index("ix_st_ratings_board", "st_ratings")
    op.drop_table("st_ratings")
    op.drop_index("ix_st_tables_rating_due", "st_tables")
    if op.get_bind().dialect.name == "sqlite":
        # SQLite drops a column by rebuilding the table, which would cascade to the seats
        # and decisions: the columns stay, emptied (an upgrade finds them there)
        op.execute("UPDATE st_tables SET rated = 0, rated_at = NULL, ratings = NULL")
        return
    with op.batch_alter_table("st_tables") as batch:
        for name, _, _ in reversed(COLUMNS):
            batch.drop_column(name)
