"""Accounts over a real server (uvicorn on loopback) on SQLite and PostgreSQL: sign-up,
sign-in and sign-out, sessions kept in the database (through a restart, and from one server
process to another), CSRF, the limits of sign-in, names unique by look, seats an account
holds, export and deletion, and passwords kept out of the database and the logs.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from sqlalchemy import select

from spacetable.engine.guide import Guide
from spacetable.web.accounts import COOKIE, AccountLimits, Limit, bucket_key, name_key
from spacetable.web.models import (
    AccountRow,
    BlockRow,
    ChatRow,
    QueueRow,
    RateRow,
    ReportRow,
    SeatRow,
    SessionRow,
    TableRow,
)

from . import loopback
from .conftest import FAST_ACCOUNTS, Server, create, database, log_text, server_log, start_server

PASSWORD = "correct horse battery 7"


def signup(c: httpx.Client, name: str, password: str = PASSWORD, **kw: Any) -> dict[str, Any]:
    r = c.post("/api/account/signup", json={"name": name, "password": password, **kw})
    assert r.status_code == 201, r.text
    return dict(r.json())


def signin(c: httpx.Client, name: str, password: str = PASSWORD) -> httpx.Response:
    return c.post("/api/account/signin", json={"name": name, "password": password})


def me(c: httpx.Client, sid: str | None = None) -> dict[str, Any] | None:
    """The account a client (or, with ``sid``, a bare session id) is signed in as."""
    if sid is None:
        r = c.get("/api/account")
    else:
        r = loopback.get(
            f"{str(c.base_url).rstrip('/')}/api/account", headers={"cookie": f"{COOKIE}={sid}"}
        )
    assert r.status_code == 200, r.text
    account = r.json()["account"]
    return None if account is None else dict(account)


def csrf(c: httpx.Client) -> dict[str, str]:
    return {"x-csrf-token": c.get("/api/account").json()["csrf"]}


def client(server: Server) -> httpx.Client:
    return loopback.client(server.base)


@pytest.fixture
def fast(db_url: str) -> Iterator[Server]:
    s = start_server(db_url)
    try:
        yield s
    finally:
        s.stop()


def test_sign_up_sign_in_and_out_and_a_signed_out_session_signs_nobody_in(fast: Server) -> None:
    with client(fast) as c:
        out = signup(c, "Ada")
        assert out["account"]["name"] == "Ada" and out["csrf"]
        sid = c.cookies[COOKIE]
        assert me(c) == out["account"]
        r = c.post("/api/account/signout", headers={"x-csrf-token": out["csrf"]})
        assert r.status_code == 200, r.text
        assert me(c) is None
        assert me(c, sid) is None  # the old id is revoked on the server, not merely forgotten
        assert signin(c, "ada", "wrong password").status_code == 401
        r = signin(c, "ADA")
        assert r.status_code == 200 and r.json()["account"]["name"] == "Ada"
        assert me(c) == out["account"]


def test_the_session_cookie_is_http_only_and_same_site_lax(fast: Server) -> None:
    with client(fast) as c:
        r = c.post("/api/account/signup", json={"name": "Cookie", "password": PASSWORD})
        header = r.headers["set-cookie"].lower()
        assert "httponly" in header and "samesite=lax" in header and "path=/" in header
        assert "secure" not in header  # plain HTTP here; over TLS the cookie is Secure


def test_signing_in_gives_a_new_session_id(fast: Server) -> None:
    with client(fast) as c:
        signup(c, "Fixed")
        first = c.cookies[COOKIE]
        assert signin(c, "Fixed").status_code == 200
        second = c.cookies[COOKIE]
        assert second != first
        assert me(c, first) is None and me(c, second) is not None
    # an id planted in the browser before sign-in is never the session's
    planted = "planted-by-somebody-else-0123456789"
    with client(fast) as c:
        r = c.post(
            "/api/account/signin",
            json={"name": "Fixed", "password": PASSWORD},
            headers={"cookie": f"{COOKIE}={planted}"},
        )
        assert r.status_code == 200
        given = r.cookies[COOKIE]
        assert given != planted and me(c, planted) is None and me(c, given) is not None


def test_a_change_without_its_csrf_token_is_refused_and_changes_nothing(fast: Server) -> None:
    with client(fast) as c:
        signup(c, "Careful")
        for headers in ({}, {"x-csrf-token": "0" * 64}):
            r = c.post("/api/account/signout", headers=headers)
            assert r.status_code == 403 and r.json()["error"]["code"] == "csrf"
            r = c.post(
                "/api/tables",
                json={"game": "toy", "players": 1, "seats": [{"kind": "human"}]},
                headers=headers,
            )
            assert r.status_code == 403 and r.json()["error"]["code"] == "csrf"
        assert me(c) is not None
        assert c.get("/api/account/games").json()["games"] == []
        # what another site's form can send: no JSON content type, no Origin of this host
        for headers in ({"content-type": "text/plain"}, {"origin": "https://evil.example"}):
            r = c.post(
                "/api/account/signin",
                content=json.dumps({"name": "Careful", "password": PASSWORD}),
                headers=headers
                if "origin" not in headers
                else {**headers, "content-type": "application/json"},
            )
            assert r.status_code in (403, 422), (headers, r.text)
        # another site's page, even with the token
        r = c.post("/api/account/signout", headers={**csrf(c), "origin": "https://evil.example"})
        assert r.status_code == 403 and r.json()["error"]["code"] == "bad_origin"
        assert me(c) is not None
        # this page's own origin (a proxy's public origin: test_accounts_attacks.py)
        host = str(c.base_url).rstrip("/")
        r = c.post("/api/account/signout-everywhere", headers={**csrf(c), "origin": host})
        assert r.status_code == 200, r.text
        r = c.post(
            "/api/tables",
            json={"game": "toy", "players": 1, "seats": [{"kind": "human"}]},
            headers=csrf(c),
        )
        assert r.status_code == 201
        assert len(c.get("/api/account/games").json()["games"]) == 1


def test_names_are_unique_ignoring_case_and_look_alikes(fast: Server) -> None:
    assert name_key("Alice") == name_key("\u0430lice")  # a Cyrillic "а"
    with client(fast) as c:
        signup(c, "  Alice\u200b ")  # cleaned as seat names are
        assert me(c) is not None and me(c)["name"] == "Alice"  # type: ignore[index]
    for taken in ("alice", "ALICE", "\u0410lice", "\u0430lice", "A1ice", "\uff41lice"):
        with client(fast) as c:
            r = c.post("/api/account/signup", json={"name": taken, "password": PASSWORD})
            assert r.status_code == 409 and r.json()["error"]["code"] == "name_taken", taken
    with client(fast) as c:
        signup(c, "Alicia")
        # a Cyrillic "а" signs in to the Latin name's account, as the same name
        assert signin(c, "\u0430lice").json()["account"]["name"] == "Alice"
        for bad in ("", "   ", "\u200b", "x" * 41, "!!!"):
            r = c.post("/api/account/signup", json={"name": bad, "password": PASSWORD})
            assert r.status_code in (400, 422), bad
        r = c.post("/api/account/signup", json={"name": "Shortpw", "password": "1234567"})
        assert r.json()["error"]["code"] == "bad_password"


def test_sign_in_is_limited_per_name_and_per_address_across_server_processes(
    db_url: str,
) -> None:
    limits = AccountLimits(
        signin_per_address=Limit(8, 600.0),
        signin_per_name=Limit(3, 600.0),
        signup_per_address=Limit(3, 600.0),
        time_cost=1,
        memory_cost=8 * 1024,
    )
    one, two = (
        start_server(db_url, account_limits=limits),
        start_server(db_url, account_limits=limits),
    )
    try:
        with client(one) as a, client(two) as b:
            signup(a, "Target")
            # three attempts on the name, spread over two processes of one database
            assert signin(a, "Target", "guess one!").status_code == 401
            assert signin(b, "Target", "guess two!").status_code == 401
            assert signin(a, "target", "guess three").status_code == 401
            for c in (a, b):  # the fourth is refused, even with the right password
                r = signin(c, "Target")
                assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
            # other names from this address: the per-address limit (8 in all) ends them too
            codes = [signin(b if i % 2 else a, f"Other{i}").status_code for i in range(6)]
            assert codes[:3] == [401, 401, 401] and set(codes[3:]) == {429}
            # sign-up: three per address
            signup(b, "Second")
            signup(a, "Third")
            r = b.post("/api/account/signup", json={"name": "Fourth", "password": PASSWORD})
            assert r.status_code == 429
    finally:
        one.stop()
        two.stop()


async def _hello(server: Server, table: str, hello: dict[str, Any], sid: str | None) -> Any:
    headers = {"cookie": f"{COOKIE}={sid}"} if sid else {}
    async with websockets.connect(
        f"{server.ws_base}/ws/tables/{table}", additional_headers=headers
    ) as ws:
        await ws.send(json.dumps({"type": "hello", "version": 1, **hello}))
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 20))
            if msg["type"] in ("welcome", "error"):
                return msg


def test_an_account_plays_its_own_seats_and_no_one_elses(fast: Server) -> None:
    with client(fast) as ada, client(fast) as bob:
        signup(ada, "Ada")
        signup(bob, "Bob")
        made = ada.post(
            "/api/tables",
            json={
                "game": "toy",
                "players": 2,
                "seats": [{"kind": "human"}, {"kind": "human"}],
                "bot_delay": 0.0,
            },
            headers=csrf(ada),
        ).json()
        table, tokens = made["id"], [s["token"] for s in made["seats"]]
        # Ada opens seat 0's link signed in: her account keeps the seat
        first = asyncio.run(_hello(fast, table, {"token": tokens[0]}, ada.cookies[COOKIE]))
        assert first["type"] == "welcome" and first["seat"] == 0
        games = ada.get("/api/account/games").json()["games"]
        assert [(g["table"]["id"], g["seats"]) for g in games] == [(table, [0])]
        assert bob.get("/api/account/games").json()["games"] == []
        # from any browser where she is signed in, she plays seat 0 without its token
        again = asyncio.run(_hello(fast, table, {"seat": 0}, ada.cookies[COOKIE]))
        assert again["type"] == "welcome" and again["seat"] == 0
        # Bob cannot, nor can a guest, nor can Ada take seat 1 she never held
        for sid, seat in ((bob.cookies[COOKIE], 0), (None, 0), (ada.cookies[COOKIE], 1)):
            refused = asyncio.run(_hello(fast, table, {"seat": seat}, sid))
            assert refused["type"] == "error" and refused["code"] == "bad_token"
        # Bob's export says nothing of Ada's table
        assert bob.get("/api/account/export").json()["games"] == []


def test_a_guest_who_signs_up_keeps_the_games_of_that_browser(fast: Server) -> None:
    made = create(fast.base, "toy", [{"kind": "human"}, {"kind": "bot", "level": "random"}])
    claims = [
        {"table": made["id"], "tokens": [made["seats"][0]["token"]], "host": made["host_token"]}
    ]
    with client(fast) as c:
        signup(c, "Newcomer", claims=[*claims, {"table": "nosuchtable", "tokens": ["x" * 20]}])
        games = c.get("/api/account/games").json()["games"]
        assert [(g["table"]["id"], g["seats"]) for g in games] == [(made["id"], [0])]


def test_changing_the_password_ends_the_other_sessions(fast: Server) -> None:
    with client(fast) as here, client(fast) as there:
        signup(here, "Mover")
        assert signin(there, "Mover").status_code == 200
        r = here.post(
            "/api/account/password",
            json={"old": "not it at all", "new": "a new one 8"},
            headers=csrf(here),
        )
        assert r.status_code == 401
        r = here.post(
            "/api/account/password",
            json={"old": PASSWORD, "new": "a new one 8"},
            headers=csrf(here),
        )
        assert r.status_code == 200, r.text
        assert me(here) is not None and me(there) is None
        assert signin(there, "Mover").status_code == 401
        assert signin(there, "Mover", "a new one 8").status_code == 200


def test_sessions_survive_a_restart(db_url: str) -> None:
    first = start_server(db_url)
    try:
        with client(first) as c:
            signup(c, "Stayer")
            sid = c.cookies[COOKIE]
    finally:
        first.stop()
    second = start_server(db_url)
    try:
        with client(second) as c:
            c.cookies.set(COOKIE, sid)
            assert me(c) is not None and me(c)["name"] == "Stayer"  # type: ignore[index]
    finally:
        second.stop()


def test_export_holds_the_accounts_data(fast: Server) -> None:
    with client(fast) as c:
        signup(c, "Keeper")
        made = c.post(
            "/api/tables",
            json={
                "game": "toy",
                "players": 1,
                "seats": [{"kind": "human", "name": "Keeper"}],
                "title": "Mine",
            },
            headers=csrf(c),
        ).json()
        r = c.get("/api/account/export")
        assert r.status_code == 200
        assert "attachment" in r.headers["content-disposition"]
        out = r.json()
        assert out["format"] == "spacetable-account/1"
        assert out["account"]["name"] == "Keeper"
        assert [s["this_browser"] for s in out["sessions"]] == [True]
        assert [g["table"]["id"] for g in out["games"]] == [made["id"]]
        assert "password" not in json.dumps(out).replace("password_changed_at", "")
    assert loopback.get(f"{fast.base}/api/account/export").status_code == 401


def _database_bytes(tmp_path: Path) -> bytes:
    return b"".join(p.read_bytes() for p in tmp_path.glob("spacetable.db*"))


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_password_is_never_kept_or_logged_in_clear(backend: str, tmp_path: Path) -> None:
    with database(backend, tmp_path) as url:
        # the documented cost once (on SQLite), a low one on PostgreSQL (the same code path)
        limits = AccountLimits() if backend == "sqlite" else FAST_ACCOUNTS
        server = start_server(url, account_limits=limits)
        secret, changed = "Sesame-open-42-plain", "Another-secret-99"
        try:
            with server_log() as records, client(server) as c:
                signup(c, "Careless", secret)
                assert signin(c, "Careless", secret).status_code == 200
                assert signin(c, "Careless", secret + "x").status_code == 401
                r = c.post(
                    "/api/account/password",
                    json={"old": secret, "new": changed},
                    headers=csrf(c),
                )
                assert r.status_code == 200
            logged = log_text(records)
            with server.app.state.hub.storage.session() as s:
                stored = s.scalars(select(AccountRow.password_hash)).one()
                sessions = s.scalars(select(SessionRow.id_hash)).all()
                rows = " ".join(str(v) for row in s.execute(select(AccountRow)).all() for v in row)
            cost = f"m={limits.memory_cost},t={limits.time_cost},p=4"
            assert stored.startswith(f"$argon2id$v=19${cost}$")
            assert backend != "sqlite" or cost == "m=65536,t=3,p=4"
            assert c.cookies[COOKIE] not in sessions and len(sessions[0]) == 64
            for word in (secret, changed):
                assert word not in logged and word not in rows
                if backend == "sqlite":
                    assert word.encode() not in _database_bytes(tmp_path)
            assert c.cookies[COOKIE] not in logged
        finally:
            server.stop()


def test_a_deleted_account_leaves_no_personal_data(db_url: str, tmp_path: Path) -> None:
    server = start_server(db_url)
    name = "Zephyrine"
    try:
        with client(server) as c:
            signup(c, name)
            made = c.post(
                "/api/tables",
                json={
                    "game": "toy",
                    "players": 2,
                    "bot_delay": 0.0,
                    "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
                },
                headers=csrf(c),
            ).json()
            r = c.post(
                f"/api/tables/{made['id']}/join",
                json={"token": made["seats"][0]["token"], "name": name},
                headers=csrf(c),
            )
            assert r.status_code == 200
            assert c.get(f"/api/tables/{made['id']}").json()["seats"][0]["name"] == name
            # another account blocks and reports it; it waits in a play-now queue
            with client(server) as other:
                signup(other, "Other")
                for path, body in (
                    ("/api/account/blocks", {"name": name}),
                    ("/api/reports", {"name": name, "reason": "spam in the chat"}),
                ):
                    assert other.post(path, json=body, headers=csrf(other)).status_code < 300
            want = {"game": "quazarys", "players": 2}
            assert c.post("/api/queue", json=want, headers=csrf(c)).status_code == 201
            sid = c.cookies[COOKIE]
            r = c.post("/api/account/delete", json={"password": "not mine"}, headers=csrf(c))
            assert r.status_code == 401 and me(c) is not None
            r = c.post("/api/account/delete", json={"password": PASSWORD}, headers=csrf(c))
            assert r.status_code == 200, r.text
            with server.app.state.hub.storage.session() as s:  # its sign-in counter too
                keys = set(s.scalars(select(RateRow.key)).all())
            assert bucket_key("signin:name", name_key(name)) not in keys
            assert me(c) is None and me(c, sid) is None
            assert signin(c, name).status_code == 401
            # the game stays, anonymised
            info = c.get(f"/api/tables/{made['id']}").json()
            assert info["seats"][0]["name"] == ""
        with server.app.state.hub.storage.session() as s:
            (left,) = s.scalars(select(AccountRow)).all()
            assert left.name == "Other"
            assert {r.account_id for r in s.scalars(select(SessionRow))} == {left.id}
            assert s.scalars(select(QueueRow)).all() == []
            assert s.scalars(select(BlockRow)).all() == []  # nobody blocks a deleted account
            (report,) = s.scalars(select(ReportRow)).all()  # kept, without whom it named
            assert report.reported_id is None and report.reported_name == ""
            assert s.scalar(select(SeatRow.account_id).where(SeatRow.seat == 0)) is None
            assert s.scalar(select(TableRow.host_account)) is None
            kept = " ".join(
                str(v)
                for model in (SeatRow, TableRow, ChatRow, RateRow, ReportRow, BlockRow, QueueRow)
                for row in s.execute(select(model)).all()
                for v in row
            )
        assert name not in kept and name.lower() not in kept
        if db_url.startswith("sqlite"):
            assert name.encode() not in b"".join(p.read_bytes() for p in tmp_path.glob("*.db*"))
    finally:
        server.stop()


def test_a_signed_in_learner_keeps_the_guided_game(
    fast_sqlite_server: Server, toy_guide: Guide
) -> None:
    with client(fast_sqlite_server) as c:
        signup(c, "Learner")
        r = c.post("/api/guides/toy", json={"lang": "fr"}, headers=csrf(c))
        assert r.status_code == 201, r.text
        games = c.get("/api/account/games").json()["games"]
        assert [(g["table"]["id"], g["seats"]) for g in games] == [
            (r.json()["id"], [toy_guide.learner])
        ]
