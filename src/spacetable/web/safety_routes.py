"""The endpoints of blocks, reports and the administrator (``spacetable.web.safety``)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from .account_routes import Accounts, typed_key
from .accounts import Limit
from .live import Hub, TableError
from .safety import MAX_REPORT
from .storage import AccountRecord

log = logging.getLogger("spacetable.web")

#: Reports a person may send (per account), and blocks they may change.
REPORTS = Limit(10, 3600.0)
BLOCKS = Limit(60, 3600.0)


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Named(_In):
    name: Annotated[str, Field(min_length=1, max_length=40)]


class Report(_In):
    name: Annotated[str, Field(min_length=1, max_length=40)]
    table: Annotated[str, Field(max_length=32)] | None = None
    reason: Annotated[str, Field(min_length=1, max_length=MAX_REPORT)]


def safety_router(hub: Hub, accounts: Accounts) -> APIRouter:
    router = APIRouter(prefix="/api", tags=["safety"])

    async def signed_in(request: Request) -> AccountRecord:
        auth = await accounts.of_request(request)
        if auth is None:
            raise TableError("signed_out", "sign in first", 401)
        return auth.account

    async def admin(request: Request) -> AccountRecord:
        a = await signed_in(request)
        if not a.is_admin:
            raise TableError("not_admin", "only the server's administrator may do that", 403)
        return a

    async def account_named(name: str) -> AccountRecord:
        found = await hub.db(hub.storage.account_by_key, typed_key(name))
        if found is None or found.closed_at is not None:
            raise TableError("no_player", "no player of that name", 404)
        return found

    @router.get("/account/blocks")
    async def blocks(request: Request) -> dict[str, Any]:
        """The names of the accounts this account blocks."""
        a = await signed_in(request)
        return {"blocks": await hub.db(hub.storage.blocks, a.id)}

    @router.post("/account/blocks")
    async def block(request: Request, body: Named) -> dict[str, Any]:
        """Block an account by name: never matched with it, its chat not shown, its
        invitations refused. The blocked account is not told."""
        a = await signed_in(request)
        await accounts.limit("blocks", a.id, BLOCKS)
        other = await account_named(body.name)
        if other.id == a.id:
            raise TableError("bad_request", "you cannot block yourself")
        await hub.db(hub.storage.block, a.id, other.id)
        return {"blocks": await hub.db(hub.storage.blocks, a.id)}

    @router.post("/account/blocks/remove")
    async def unblock(request: Request, body: Named) -> dict[str, Any]:
        a = await signed_in(request)
        other = await account_named(body.name)
        await hub.db(hub.storage.unblock, a.id, other.id)
        return {"blocks": await hub.db(hub.storage.blocks, a.id)}

    @router.post("/reports", status_code=201)
    async def report(request: Request, body: Report) -> dict[str, Any]:
        """Report a player to the server's administrator, in one's own words (at most 10
        reports an hour)."""
        a = await signed_in(request)
        await accounts.limit("reports", a.id, REPORTS)
        other = await account_named(body.name)
        if other.id == a.id:
            raise TableError("bad_request", "you cannot report yourself")
        rid = await hub.db(
            hub.storage.add_report, a.id, other.id, other.name, body.table, body.reason
        )
        log.info("a player was reported (report %d)", rid)  # no names, no words, in the log
        return {"report": rid}

    @router.get("/admin/reports")
    async def reports(
        request: Request, everything: Annotated[bool, Query(alias="all")] = False
    ) -> dict[str, Any]:
        """The reports, newest first: the open ones, or all (administrator only)."""
        await admin(request)
        return {"reports": await hub.db(hub.storage.reports, everything)}

    @router.post("/admin/reports/{report_id}/close")
    async def close_report(request: Request, report_id: int) -> dict[str, Any]:
        await admin(request)
        if not await hub.db(hub.storage.close_report, report_id):
            raise TableError("no_report", "no such report", 404)
        return {"closed": report_id}

    @router.post("/admin/accounts/{name}/close")
    async def close_account(
        request: Request, name: Annotated[str, Path(max_length=40)]
    ) -> dict[str, Any]:
        """Close an account (administrator only): its sessions and sockets end at once, it
        signs in no more and leaves the queues; its games stay."""
        a = await admin(request)
        other = await account_named(name)
        if other.id == a.id:
            raise TableError("bad_request", "an administrator does not close their own account")
        await hub.db(hub.storage.close_account, other.id)
        accounts.end_sockets(other.id)
        log.info("an account was closed by an administrator")
        return {"closed": other.name}

    return router


async def invitees(
    hub: Hub, creator: AccountRecord | None, seats: Sequence[Any]
) -> dict[int, AccountRecord]:
    """The accounts invited by name (``account``) to a new table's seats, by seat: only by
    a signed-in creator (``account_needed``); an account that is not found, is closed, or
    blocks the creator is refused alike (``cannot_invite``: nobody learns who blocks whom).
    """
    out: dict[int, AccountRecord] = {}
    for i, s in enumerate(seats):
        if s.account is None:
            continue
        if creator is None:
            raise TableError("account_needed", "sign in to invite a player by name", 403)
        if s.kind != "human":
            raise TableError("bad_seats", f"seat {i}: only a person's seat is invited")
        found = await hub.db(hub.storage.account_by_key, typed_key(s.account))
        if (
            found is None
            or found.closed_at is not None
            or creator.id in await hub.db(hub.storage.blocked_ids, found.id)
        ):
            raise TableError("cannot_invite", f"{s.account[:40]!r} cannot be invited", 404)
        if found.id in {a.id for a in out.values()}:
            raise TableError("bad_seats", f"seat {i}: {found.name} is invited twice")
        out[i] = found
    return out
