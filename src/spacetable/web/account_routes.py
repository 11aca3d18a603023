"""The accounts' part of the JSON API (``/api/account...``) and who a request comes from.

A signed-in browser holds a session cookie (:data:`spacetable.web.accounts.COOKIE`:
``HttpOnly``, ``SameSite=Lax``, ``Secure`` when the request came over TLS) with a random id;
the database keeps its SHA-256 (``st_sessions``), so that sessions hold across restarts and
whichever server process a request reaches, and can be revoked (sign-out, a password
change, "sign out everywhere", deleting the account).

Every request that changes something and that a session cookie authenticates must carry
the session's CSRF token in the ``X-CSRF-Token`` header (else ``csrf``, 403), and must not
come from another origin (an ``Origin`` header naming another host: ``bad_origin``, 403).
Sign-in and sign-up are counted against per-address and per-name limits kept in the
database (:class:`spacetable.web.accounts.AccountLimits`; ``rate_limited``, 429).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Request, WebSocket
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from .accounts import (
    COOKIE,
    CSRF_HEADER,
    AccountError,
    AccountLimits,
    Passwords,
    bucket_key,
    check_password,
    clean_name,
    csrf_ok,
    csrf_token,
    name_key,
    new_account_id,
    new_session_id,
    session_hash,
)
from .shared import TableError, token_hash
from .storage import AccountRecord, NameTaken
from .table import public_info

log = logging.getLogger("spacetable.web")

#: The methods that change nothing (no CSRF token asked).
SAFE = frozenset({"GET", "HEAD", "OPTIONS"})


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Claim(_In):
    """A table this browser holds seats of (its seat tokens, and the host's token if it
    created it), so that an account keeps the games a guest played in this browser."""

    table: Annotated[str, Field(min_length=1, max_length=32)]
    tokens: Annotated[
        list[Annotated[str, Field(min_length=8, max_length=128)]], Field(max_length=16)
    ] = []
    host: Annotated[str, Field(min_length=8, max_length=128)] | None = None


Claims = Annotated[list[Claim], Field(max_length=200)]


class SignIn(_In):
    name: Annotated[str, Field(min_length=1, max_length=200)]
    password: Annotated[str, Field(min_length=1, max_length=1024)]
    claims: Claims = []


class ChangePassword(_In):
    old: Annotated[str, Field(min_length=1, max_length=1024)]
    new: Annotated[str, Field(min_length=1, max_length=1024)]


class DeleteAccount(_In):
    password: Annotated[str, Field(min_length=1, max_length=1024)]


class ClaimIn(_In):
    claims: Claims


@dataclass(frozen=True)
class Auth:
    """A signed-in request: its account and its session's secret id."""

    account: AccountRecord
    session_id: str

    @property
    def id_hash(self) -> str:
        return session_hash(self.session_id)


def _same_origin(headers: Any, host: str | None, origins: frozenset[str] = frozenset()) -> bool:
    """Whether a request's ``Origin`` (if it has one) is this server's: it names the
    request's ``Host``, or it is one of ``origins``, the public origins the server was told
    it is served at (behind a reverse proxy that rewrites ``Host``). ``X-Forwarded-Host`` is
    never read: anybody can send it, and trusting it would let any origin pass."""
    origin = headers.get("origin")
    if origin is None:
        return True
    if origin == "null":
        return False
    if origin.rstrip("/").lower() in origins:
        return True
    return bool(host) and urlsplit(origin).netloc == host


class Accounts:
    """Accounts over a :class:`spacetable.web.live.Hub`'s storage (its database thread)."""

    def __init__(self, hub: Any, limits: AccountLimits | None = None) -> None:
        self.hub = hub
        self.limits = limits or AccountLimits()
        self.passwords = Passwords(self.limits.time_cost, self.limits.memory_cost)
        #: The public origins the server is served at besides its ``Host`` (``--origin``).
        self.origins = frozenset(o.rstrip("/").lower() for o in hub.settings.origins)

        #: The WebSockets that play a seat because their session's account holds it
        #: (``hello`` with ``seat``), by the session's hash: each with its account and a
        #: function that ends it. They end when their session does (:meth:`end_sockets`).
        self.sockets: dict[str, tuple[str, dict[object, Callable[[], None]]]] = {}

    def hold(self, auth: Auth, key: object, stop: Callable[[], None]) -> None:
        """Keep ``stop``, which ends a WebSocket that ``auth``'s session opened a seat for."""
        self.sockets.setdefault(auth.id_hash, (auth.account.id, {}))[1][key] = stop

    def release(self, id_hash: str, key: object) -> None:
        entry = self.sockets.get(id_hash)
        if entry is not None:
            entry[1].pop(key, None)
            if not entry[1]:
                del self.sockets[id_hash]

    def end_sockets(
        self, account_id: str, only: str | None = None, keep: str | None = None
    ) -> None:
        """End the WebSockets of this process that play seats for ``account_id``'s sessions
        (only the session ``only``, or all but ``keep``): a revoked session plays no more."""
        for id_hash, (owner, stops) in list(self.sockets.items()):
            if owner != account_id or id_hash == keep or (only is not None and id_hash != only):
                continue
            del self.sockets[id_hash]
            for stop in list(stops.values()):
                stop()

    def same_origin(self, headers: Any) -> bool:
        return _same_origin(headers, headers.get("host"), self.origins)

    # ------------------------------------------------------------------ who is asking
    async def session(self, session_id: str | None) -> Auth | None:
        if not session_id or len(session_id) > 128:
            return None
        account = await self.hub.read(
            self.hub.storage.session_account, session_hash(session_id), self.limits.session_idle
        )
        return None if account is None else Auth(account, session_id)

    async def of_request(self, request: Request) -> Auth | None:
        """The account a request is signed in as (``None``: a guest). A request that
        changes something and carries a live session must carry its CSRF token and come
        from this origin; else it is refused, whatever it asked."""
        auth = await self.session(request.cookies.get(COOKIE))
        if auth is not None and request.method not in SAFE:
            if not self.same_origin(request.headers):
                raise TableError("bad_origin", "this request came from another site", 403)
            if not csrf_ok(auth.session_id, request.headers.get(CSRF_HEADER)):
                raise TableError("csrf", "this request lacks its CSRF token; reload the page", 403)
        return auth

    async def of_socket(self, ws: WebSocket) -> Auth | None:
        """The account of a WebSocket (its handshake's cookie), if it came from this origin."""
        if not self.same_origin(ws.headers):
            return None
        return await self.session(ws.cookies.get(COOKIE))

    async def limit(self, kind: str, who: str, what: Any) -> None:
        if not await self.hub.db(
            self.hub.storage.hit, bucket_key(kind, who), what.count, what.window
        ):
            raise TableError(
                "rate_limited", "too many attempts; wait a few minutes and try again", 429
            )

    # ------------------------------------------------------------------ helpers
    async def start_session(
        self, request: Request, response: Response, account: AccountRecord
    ) -> str:
        """A new session (a new random id, whatever the browser held: no fixation); the
        old one, if any, is revoked."""
        old = request.cookies.get(COOKIE)
        if old and len(old) <= 128:
            await self.hub.db(self.hub.storage.delete_session, session_hash(old))
        sid = new_session_id()
        await self.hub.db(
            self.hub.storage.add_session,
            session_hash(sid),
            account.id,
            time.time() + self.limits.session_idle,
        )
        response.set_cookie(
            COOKIE,
            sid,
            max_age=int(self.limits.session_idle),
            path="/",
            httponly=True,
            secure=request.url.scheme == "https",
            samesite="lax",
        )
        return sid

    async def claim(self, account_id: str, claims: list[Claim]) -> int:
        """Link to the account the seats (and tables) whose tokens ``claims`` hold; how
        many seats were linked. A token that holds nothing is ignored."""
        linked = 0
        storage = self.hub.storage
        for c in claims:
            rec = await self.hub.db(storage.table, c.table)
            if rec is None:
                continue
            if c.host is not None and hmac.compare_digest(rec.host_hash, token_hash(c.host)):
                await self.hub.db(storage.link_host, rec.id, account_id)
            for tok in c.tokens:
                h = token_hash(tok)
                for s in rec.seats:
                    if s.token_hash and hmac.compare_digest(s.token_hash, h):
                        await self.hub.db(storage.link_seat, rec.id, s.seat, account_id)
                        linked += 1
        return linked

    async def games(self, account_id: str) -> list[dict[str, Any]]:
        out = []
        for table_id, seats in await self.hub.db(self.hub.storage.account_seats, account_id):
            live = self.hub.tables.get(table_id)
            if live is not None:
                info = live.info()
            else:
                rec = await self.hub.db(self.hub.storage.table, table_id)
                if rec is None:
                    continue
                info = public_info(rec)
            out.append({"table": info, "seats": seats})
        return out


def _me(auth: Auth) -> dict[str, Any]:
    return {
        "account": {
            "id": auth.account.id,
            "name": auth.account.name,
            "created_at": auth.account.created_at,
        },
        "csrf": csrf_token(auth.session_id),
    }


def _signed_out(response: Response, request: Request) -> None:
    response.delete_cookie(
        COOKIE, path="/", httponly=True, secure=request.url.scheme == "https", samesite="lax"
    )


def account_router(accounts: Accounts) -> APIRouter:
    """The ``/api/account`` endpoints."""
    router = APIRouter(prefix="/api/account", tags=["accounts"])
    hub = accounts.hub
    limits = accounts.limits

    def address(request: Request) -> str:
        return request.client.host if request.client else "?"

    async def guard_plain(request: Request) -> None:
        """Sign-up and sign-in: no session yet, but no other site may sign a browser in
        (an ``Origin`` of another host is refused)."""
        if not accounts.same_origin(request.headers):
            raise TableError("bad_origin", "this request came from another site", 403)

    async def required(request: Request) -> Auth:
        auth = await accounts.of_request(request)
        if auth is None:
            raise TableError("signed_out", "sign in first", 401)
        return auth

    @router.get("")
    async def me(request: Request) -> dict[str, Any]:
        """Who this browser is signed in as (``account: null``: a guest), and the
        session's CSRF token, which every request that changes something must send back
        in the ``X-CSRF-Token`` header."""
        auth = await accounts.of_request(request)
        return {"account": None, "csrf": None} if auth is None else _me(auth)

    @router.post("/signup", status_code=201)
    async def signup(request: Request, response: Response, body: SignIn) -> dict[str, Any]:
        """Create an account and sign in. ``name``: shown as typed (cleaned as seat names
        are), unique ignoring case and look-alike characters (``name_taken``, 409);
        ``password``: 8 to 1024 characters. ``claims``: this browser's seat tokens, whose
        games the new account keeps."""
        await guard_plain(request)
        await accounts.limit("signup:addr", address(request), limits.signup_per_address)
        try:
            shown = clean_name(body.name)
            password = check_password(body.password)
        except AccountError as e:
            raise TableError(e.code, str(e), e.status) from None
        digest = await asyncio.to_thread(accounts.passwords.hash, password)
        now = time.time()
        rec = AccountRecord(new_account_id(), shown, name_key(shown), digest, now, now)
        try:
            await hub.db(hub.storage.create_account, rec)
        except NameTaken:
            raise TableError(
                "name_taken", "this name (or one that looks like it) is taken", 409
            ) from None
        sid = await accounts.start_session(request, response, rec)
        await accounts.claim(rec.id, body.claims)
        log.info("account created")
        return _me(Auth(rec, sid))

    @router.post("/signin")
    async def signin(request: Request, response: Response, body: SignIn) -> dict[str, Any]:
        """Sign in (a new session, whatever this browser held before). A wrong name or
        password is one error (``bad_credentials``, 401), never which of the two."""
        await guard_plain(request)
        key = typed_key(body.name)
        await accounts.limit("signin:addr", address(request), limits.signin_per_address)
        await accounts.limit("signin:name", key, limits.signin_per_name)
        rec = await hub.db(hub.storage.account_by_key, key)
        ok, rehashed = await asyncio.to_thread(
            accounts.passwords.verify, rec.password_hash if rec else None, body.password
        )
        if not ok or rec is None:
            raise TableError("bad_credentials", "wrong name or password", 401)
        if rec.closed_at is not None:
            raise TableError("account_closed", "this account was closed", 403)
        if rehashed is not None:
            await hub.db(hub.storage.rehash, rec.id, rehashed)
        sid = await accounts.start_session(request, response, rec)
        await accounts.claim(rec.id, body.claims)
        return _me(Auth(rec, sid))

    @router.post("/signout")
    async def signout(request: Request, response: Response) -> dict[str, Any]:
        """Sign out: the session is revoked (its cookie signs nobody in any more)."""
        auth = await required(request)
        await hub.db(hub.storage.delete_session, auth.id_hash)
        accounts.end_sockets(auth.account.id, only=auth.id_hash)
        _signed_out(response, request)
        return {"account": None}

    @router.post("/signout-everywhere")
    async def signout_everywhere(request: Request) -> dict[str, Any]:
        """Revoke every other session of the account (other browsers, other devices)."""
        auth = await required(request)
        n = await hub.db(hub.storage.delete_sessions, auth.account.id, auth.id_hash)
        accounts.end_sockets(auth.account.id, keep=auth.id_hash)
        return {"revoked": n}

    @router.post("/password")
    async def change_password(request: Request, body: ChangePassword) -> dict[str, Any]:
        """Change the password (the old one is asked again); every other session of the
        account is revoked."""
        auth = await required(request)
        await accounts.limit("signin:name", auth.account.name_key, limits.signin_per_name)
        try:
            new = check_password(body.new)
        except AccountError as e:
            raise TableError(e.code, str(e), e.status) from None
        ok, _ = await asyncio.to_thread(
            accounts.passwords.verify, auth.account.password_hash, body.old
        )
        if not ok:
            raise TableError("bad_credentials", "the current password is wrong", 401)
        digest = await asyncio.to_thread(accounts.passwords.hash, new)
        await hub.db(hub.storage.set_password, auth.account.id, digest, auth.id_hash)
        accounts.end_sockets(auth.account.id, keep=auth.id_hash)
        return {"changed": True}

    @router.post("/claim")
    async def claim(request: Request, body: ClaimIn) -> dict[str, Any]:
        """Keep in the account the games whose tokens this browser holds."""
        auth = await required(request)
        return {"linked": await accounts.claim(auth.account.id, body.claims)}

    @router.get("/games")
    async def games(request: Request) -> dict[str, Any]:
        """The tables the account created or holds seats of, newest first, each with the
        seats it holds (``seats``): a signed-in person plays them from any browser."""
        auth = await required(request)
        return {"games": await accounts.games(auth.account.id)}

    @router.get("/export")
    async def export(request: Request) -> JSONResponse:
        """Everything kept about the account, as JSON: its name and dates, its sessions
        (when they began and were last used), and its games with the seats it held."""
        auth = await required(request)
        a = auth.account
        sessions = await hub.db(hub.storage.sessions, a.id)
        out = {
            "format": "spacetable-account/1",
            "account": {
                "id": a.id,
                "name": a.name,
                "created_at": a.created_at,
                "password_changed_at": a.password_at,
            },
            "sessions": [
                {
                    "created_at": s["created_at"],
                    "last_used_at": s["seen_at"],
                    "this_browser": s["id_hash"] == auth.id_hash,
                }
                for s in sessions
            ],
            "games": await accounts.games(a.id),
            "ratings": await hub.db(hub.storage.ratings, a.id),
        }
        return JSONResponse(
            out,
            headers={"Content-Disposition": 'attachment; filename="spacetable-account.json"'},
        )

    @router.post("/delete")
    async def delete_account(
        request: Request, response: Response, body: DeleteAccount
    ) -> dict[str, Any]:
        """Delete the account (its password is asked again): its sessions end, its name
        leaves the seats and chat messages it held; its games stay, anonymised."""
        auth = await required(request)
        await accounts.limit("signin:name", auth.account.name_key, limits.signin_per_name)
        ok, _ = await asyncio.to_thread(
            accounts.passwords.verify, auth.account.password_hash, body.password
        )
        if not ok:
            raise TableError("bad_credentials", "the password is wrong", 401)
        held = await hub.db(hub.storage.account_seats, auth.account.id)
        await hub.db(hub.storage.delete_account, auth.account.id)
        accounts.end_sockets(auth.account.id)
        await hub.db(
            hub.storage.forget_counters, [bucket_key("signin:name", auth.account.name_key)]
        )
        for table_id, seats in held:  # the tables in play forget the name too
            live = hub.tables.get(table_id)
            if live is not None:
                for n in seats:
                    live.rec.seats[n].name = ""
        log.info("account deleted")
        _signed_out(response, request)
        return {"deleted": True}

    return router


def typed_key(name: str) -> str:
    """The key an account's name is found by (:func:`name_key`) of a name as a person
    typed it: cleaned as the accounts' names are kept; a name that cleaning refuses is
    compared as typed (it matches no account)."""
    return name_key(clean_name_or_raw(name))


def clean_name_or_raw(name: str) -> str:
    """A typed name as the accounts' names are kept (cleaned); a name that cleaning
    refuses is compared as typed (it matches no account)."""
    try:
        return clean_name(name)
    except AccountError:
        return name
