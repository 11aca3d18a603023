"""Alembic migrations of the web app's database (run by :meth:`Storage.migrate` on start)."""
