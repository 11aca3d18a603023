"""``spacetable admin``: the web server's administration, from the command line of a machine
that reaches its database (``--db``, the server's SQLite file by default)::

    spacetable admin grant Ada          # Ada administers the site (closes accounts)
    spacetable admin revoke Ada
    spacetable admin reports [--all]    # the players' reports, newest first
    spacetable admin close-report 3
    spacetable admin close Mallory      # close an account: it signs in no more

An administrator is made here only, never from the web (``docs/ratings.md``, safety).
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape
from rich.table import Table as RichTable

from .common import console, fail

if TYPE_CHECKING:
    from spacetable.web.storage import AccountRecord, Storage

Db = Annotated[
    str | None,
    typer.Option("--db", help="The server's database URL (its SQLite file by default)."),
]

admin_app = typer.Typer(
    name="admin",
    help="The web server's administration: administrators, reports, closing accounts.",
    no_args_is_help=True,
)


def _storage(db: str | None) -> Storage:
    from spacetable.web.database import default_db_url
    from spacetable.web.storage import Storage

    try:
        storage = Storage(db or default_db_url())
        storage.migrate()
    except Exception as e:
        fail(f"--db: {e}")
    return storage


def _account(storage: Storage, name: str) -> AccountRecord:
    from spacetable.web.accounts import AccountError, clean_name, name_key

    try:
        key = name_key(clean_name(name))
    except AccountError as e:
        fail(f"{name!r}: {e}")
    found = storage.account_by_key(key)
    if found is None:
        fail(f"no account is named {name!r}")
    return found


@admin_app.command("grant")
def grant(name: str, db: Db = None) -> None:
    """Make an account an administrator of the site."""
    storage = _storage(db)
    try:
        a = _account(storage, name)
        storage.set_admin(a.id, True)
        console.print(f"{escape(a.name)} is an administrator")
    finally:
        storage.close()


@admin_app.command("revoke")
def revoke(name: str, db: Db = None) -> None:
    """An account is an administrator no more."""
    storage = _storage(db)
    try:
        a = _account(storage, name)
        storage.set_admin(a.id, False)
        console.print(f"{escape(a.name)} is not an administrator")
    finally:
        storage.close()


@admin_app.command("reports")
def reports(
    db: Db = None,
    everything: Annotated[bool, typer.Option("--all", help="Closed reports too.")] = False,
) -> None:
    """The players' reports, newest first (the open ones unless --all)."""
    storage = _storage(db)
    try:
        rows = storage.reports(everything)
    finally:
        storage.close()
    if not rows:
        console.print("no report")
        return
    table = RichTable("id", "when (UTC)", "reported", "by", "table", "status", "reason")
    for r in rows:
        when = datetime.datetime.fromtimestamp(r["at"], datetime.UTC).strftime("%Y-%m-%d %H:%M")
        table.add_row(
            str(r["id"]),
            when,
            escape(r["reported"]) + ("" if r["reported_exists"] else " (deleted)"),
            escape(r["reporter"] or "(deleted)"),
            r["table"] or "",
            r["status"],
            escape(r["reason"]),
        )
    console.print(table)


@admin_app.command("close-report")
def close_report(report: int, db: Db = None) -> None:
    """Mark a report dealt with."""
    storage = _storage(db)
    try:
        if not storage.close_report(report):
            fail(f"no report {report}")
        console.print(f"report {report} closed")
    finally:
        storage.close()


@admin_app.command("close")
def close(name: str, db: Db = None) -> None:
    """Close an account: it signs in no more (its games stay).

    Its sessions end and it leaves the queues. A seat it plays through its session is let
    go at the server's next check of the session (the web's close ends it at once)."""
    storage = _storage(db)
    try:
        a = _account(storage, name)
        storage.close_account(a.id)
        console.print(f"{escape(a.name)}'s account is closed")
    finally:
        storage.close()


def register(app: typer.Typer) -> None:
    app.add_typer(admin_app)
