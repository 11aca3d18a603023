"""Alembic environment: run by :meth:`spacetable.web.storage.Storage.migrate` with an open
connection in ``config.attributes["connection"]`` (there is no alembic.ini)."""

from __future__ import annotations

from alembic import context

from spacetable.web.models import Base
from spacetable.web.storage import VERSION_TABLE


def run() -> None:
    connection = context.config.attributes["connection"]
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=True,
        version_table=VERSION_TABLE,
    )
    with context.begin_transaction():
        context.run_migrations()


if getattr(context, "config", None) is not None:  # run by Alembic, not merely imported
    run()
