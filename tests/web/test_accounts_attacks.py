"""Accounts attacked from outside, on a real server (uvicorn on loopback, SQLite): another
site's origin passed off through ``X-Forwarded-Host``, a seat's WebSocket that outlives the
session that opened it, and mistyped or oversized requests.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import websockets

from spacetable.cli.serve import proxy_options
from spacetable.web.accounts import COOKIE, Limit

from . import loopback
from .conftest import FAST, FAST_ACCOUNTS, Server, database, start_server
from .test_accounts import PASSWORD, client, csrf, me, signup

PUBLIC = "https://tables.example"


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[Server]:
    """A server told it is also served at :data:`PUBLIC` (behind a proxy)."""
    with database("sqlite", tmp_path) as url:
        s = start_server(url, replace(FAST, origins=(PUBLIC + "/",)))
        try:
            yield s
        finally:
            s.stop()


def test_another_sites_origin_does_not_pass_by_naming_itself_in_x_forwarded_host(
    proxied: Server,
) -> None:
    with client(proxied) as c:
        signup(c, "Guarded")
        evil = {"origin": "https://evil.example", "x-forwarded-host": "evil.example"}
        r = c.post("/api/account/signout-everywhere", headers={**csrf(c), **evil})
        assert r.status_code == 403 and r.json()["error"]["code"] == "bad_origin"
        r = loopback.post(
            f"{proxied.base}/api/account/signin",
            json={"name": "Guarded", "password": PASSWORD},
            headers=evil,
        )
        assert r.status_code == 403 and r.json()["error"]["code"] == "bad_origin"
        # the configured public origin passes, whatever Host the proxy sent
        r = c.post(
            "/api/account/signout-everywhere",
            headers={**csrf(c), "origin": PUBLIC, "host": "backend:8000"},
        )
        assert r.status_code == 200, r.text
        assert me(c) is not None


async def _seat_socket(server: Server, table: str, sid: str) -> Any:
    ws = await websockets.connect(
        f"{server.ws_base}/ws/tables/{table}", additional_headers={"cookie": f"{COOKIE}={sid}"}
    )
    await ws.send(json.dumps({"type": "hello", "version": 1, "seat": 0}))
    while json.loads(await asyncio.wait_for(ws.recv(), 20))["type"] != "welcome":
        pass
    return ws


async def _ended(ws: Any) -> str:
    """The error code the server said before it closed the socket."""
    code = ""
    try:
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 20))
            if msg["type"] == "error":
                code = msg["code"]
    except websockets.ConnectionClosed:
        return code


@pytest.mark.parametrize("how", ["signout", "password", "delete"])
def test_a_seat_played_for_a_session_stops_when_the_session_ends(proxied: Server, how: str) -> None:
    with client(proxied) as c, client(proxied) as other:
        signup(c, "Player")
        assert other.post(
            "/api/account/signin", json={"name": "Player", "password": PASSWORD}
        ).is_success
        made = c.post(
            "/api/tables",
            json={"game": "toy", "players": 2, "seats": [{"kind": "human"}] * 2},
            headers=csrf(c),
        ).json()
        token = made["seats"][0]["token"]
        assert c.post(
            f"/api/tables/{made['id']}/join", json={"token": token, "name": "P"}, headers=csrf(c)
        ).is_success

        async def run() -> str:
            ws = await _seat_socket(proxied, made["id"], c.cookies[COOKIE])
            if how == "signout":
                r = c.post("/api/account/signout", headers=csrf(c))
            elif how == "password":  # from the other browser: this session is revoked
                r = other.post(
                    "/api/account/password",
                    json={"old": PASSWORD, "new": PASSWORD + "!"},
                    headers=csrf(other),
                )
            else:
                r = c.post("/api/account/delete", json={"password": PASSWORD}, headers=csrf(c))
            assert r.is_success, r.text
            return await _ended(ws)

        assert asyncio.run(run()) == "signed_out"


def test_mistyped_and_oversized_account_requests_are_refused_and_change_nothing(
    proxied: Server,
) -> None:
    bad: list[Any] = [
        {"name": 7, "password": PASSWORD},
        {"name": ["Mallory"], "password": PASSWORD},
        {"name": "Mallory", "password": 12345678},
        {"name": "Mallory", "password": PASSWORD, "claims": "all"},
        {"name": "Mallory", "password": PASSWORD, "admin": True},
        {"name": "Mallory", "password": "p" * 1025},
        {"name": "\u200b\u200d\u202e", "password": PASSWORD},
        ["Mallory", PASSWORD],
    ]
    with client(proxied) as c:
        for body in bad:
            r = c.post("/api/account/signup", json=body)
            assert r.status_code in (400, 422), (body, r.text)
            assert r.json()["error"]["code"] in ("bad_request", "bad_name"), r.text
        huge = json.dumps({"name": "Mallory", "password": "p" * 1_000_000})
        r = c.post(
            "/api/account/signup", content=huge, headers={"content-type": "application/json"}
        )
        assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"
        assert COOKIE not in c.cookies
        r = c.post("/api/account/signin", json={"name": "Mallory", "password": PASSWORD})
        assert r.status_code == 401  # no Mallory was made


@pytest.mark.parametrize("proxy", [None, "127.0.0.1"])
def test_forwarded_headers_are_believed_only_from_a_named_proxy(
    tmp_path: Path, proxy: str | None
) -> None:
    """As ``spacetable serve`` runs uvicorn: without ``--proxy`` a client on loopback
    cannot dodge the per-address limit by naming a new X-Forwarded-For at each attempt,
    nor pass for TLS with X-Forwarded-Proto; the named proxy is believed."""
    limits = replace(FAST_ACCOUNTS, signin_per_address=Limit(3, 600.0))
    with database("sqlite", tmp_path) as url:
        s = start_server(url, FAST, (), limits, **proxy_options(proxy))
        try:
            with client(s) as c:
                r = c.post(
                    "/api/account/signup",
                    json={"name": "Remote", "password": PASSWORD},
                    headers={"x-forwarded-proto": "https"},
                )
                assert r.status_code == 201, r.text
                secure = "secure" in r.headers["set-cookie"].lower()
                assert secure == (proxy is not None)
            codes = [
                loopback.post(
                    f"{s.base}/api/account/signin",
                    json={"name": "Remote", "password": "wrong password"},
                    headers={"x-forwarded-for": f"203.0.113.{i}"},
                ).status_code
                for i in range(5)
            ]
            assert codes == ([401] * 3 + [429] * 2 if proxy is None else [401] * 5), codes
        finally:
            s.stop()
