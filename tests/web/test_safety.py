"""Friends and safety over a real server (``spacetable.web.safety``): inviting an account by
name, blocking (no matching, no chat, no invitation from the blocked), reports kept for the
administrator (made from the command line), and an administrator closing an account."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets
from typer.testing import CliRunner

from spacetable.cli.main import app as cli
from spacetable.web.accounts import COOKIE

from .conftest import FAST, Server, log_text, server_log, start_server
from .test_accounts import PASSWORD, client, csrf, signin, signup

runner = CliRunner()


@pytest.fixture
def quick(db_url: str) -> Iterator[Server]:
    s = start_server(db_url, dataclasses.replace(FAST, queue_every=0.2))
    try:
        yield s
    finally:
        s.stop()


def _table(c: httpx.Client, seats: list[dict[str, Any]], **kw: Any) -> httpx.Response:
    body = {"game": "quazarys", "players": len(seats), "seats": seats, "bot_delay": 0, **kw}
    return c.post("/api/tables", json=body, headers=csrf(c))


def test_an_account_invited_by_name_finds_the_seat_kept_for_it(quick: Server) -> None:
    with client(quick) as ada, client(quick) as bob, client(quick) as guest:
        signup(ada, "Ada")
        signup(bob, "Bob")
        made = _table(ada, [{"kind": "human"}, {"kind": "human", "account": "bob"}])
        assert made.status_code == 201, made.text
        tid = made.json()["id"]
        assert made.json()["table"]["seats"][1]["name"] == "Bob"
        games = bob.get("/api/account/games").json()["games"]
        assert [(g["table"]["id"], g["seats"]) for g in games] == [(tid, [1])]
        # a guest invites nobody by name; an unknown name is refused
        body = {
            "game": "quazarys",
            "players": 2,
            "bot_delay": 0,
            "seats": [{"kind": "human"}, {"kind": "human", "account": "Bob"}],
        }
        refused = guest.post("/api/tables", json=body)
        assert refused.json()["error"]["code"] == "account_needed"
        nobody = _table(ada, [{"kind": "human"}, {"kind": "human", "account": "Nobody"}])
        assert nobody.status_code == 404 and nobody.json()["error"]["code"] == "cannot_invite"


def test_a_block_keeps_the_blocked_out_of_matches_invitations_and_chat(quick: Server) -> None:
    with client(quick) as ada, client(quick) as bob:
        signup(ada, "Ada")
        signup(bob, "Bob")
        # Bob invites Ada, then Ada blocks Bob (her list says so; Bob is not told)
        made = _table(
            bob, [{"kind": "human", "account": "Bob"}, {"kind": "human", "account": "Ada"}]
        )
        assert made.status_code == 201, made.text
        tid = made.json()["id"]
        r = ada.post("/api/account/blocks", json={"name": "BOB"}, headers=csrf(ada))
        assert r.status_code == 200 and r.json() == {"blocks": ["Bob"]}
        self_block = ada.post("/api/account/blocks", json={"name": "Ada"}, headers=csrf(ada))
        assert self_block.status_code == 400
        # Bob's next invitation is refused as one of a name that does not exist
        again = _table(bob, [{"kind": "human"}, {"kind": "human", "account": "Ada"}])
        assert again.status_code == 404 and again.json()["error"]["code"] == "cannot_invite"
        # the queue never seats them together
        want = {"game": "quazarys", "players": 2, "pace": "live", "lang": "en"}
        for c in (ada, bob):
            assert c.post("/api/queue", json=want, headers=csrf(c)).status_code == 201
        time.sleep(1.0)
        assert "matched" not in ada.get("/api/queue").json()
        # in the chat of their table, Ada reads nothing Bob says; a spectator does
        said = asyncio.run(_chat(quick, tid, ada.cookies[COOKIE], bob.cookies[COOKIE]))
        assert said["ada"] == ["before, from Ada"] and said["spectator"] == [
            "before, from Ada",
            "from Bob",
        ]
        # unblocked, they are matched
        ada.post("/api/account/blocks/remove", json={"name": "Bob"}, headers=csrf(ada))
        assert ada.get("/api/account/blocks").json() == {"blocks": []}
        # their places wait still (a pass may match them at once), but a page silent for
        # longer than a place is kept has lost it: it joins again
        for c in (bob, ada):
            if not c.get("/api/queue").json()["queued"]:
                joined = c.post("/api/queue", json=want, headers=csrf(c))
                assert joined.status_code == 201, joined.text
        deadline = time.monotonic() + 20
        while "matched" not in ada.get("/api/queue").json() and time.monotonic() < deadline:
            bob.get("/api/queue")  # Bob's page is still open
            time.sleep(0.2)
        waiting = [c.get("/api/queue").json() for c in (ada, bob)]
        assert all("matched" in w for w in waiting), waiting


async def _chat(server: Server, tid: str, ada: str, bob: str) -> dict[str, list[str]]:
    """Ada (seat 1) says something; Bob (seat 0) says something; a spectator and Ada (in a
    new connection: the table's history) read the table's chat."""

    async def conn(sid: str | None, hello: dict[str, Any]) -> Any:
        headers = {"cookie": f"{COOKIE}={sid}"} if sid else {}
        ws = await websockets.connect(
            f"{server.ws_base}/ws/tables/{tid}", additional_headers=headers, max_size=1 << 24
        )
        await ws.send(json.dumps({"type": "hello", "version": 1, **hello}))
        return ws

    async def texts(ws: Any, until: float, stop: str | None = None) -> list[str]:
        """The chat texts ``ws`` reads until ``until`` (or once it read ``stop``)."""
        out: list[str] = []
        while time.monotonic() < until and (stop is None or stop not in out):
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), until - time.monotonic()))
            except TimeoutError:
                break
            if msg["type"] == "chat_history":
                out += [m["text"] for m in msg["messages"]]
            elif msg["type"] == "chat":
                out.append(msg["text"])
        return out

    a = await conn(ada, {"seat": 1})
    await a.send(json.dumps({"type": "chat", "text": "before, from Ada"}))
    b = await conn(bob, {"seat": 0})
    spectator = await conn(None, {})
    await asyncio.sleep(0.3)
    await b.send(json.dumps({"type": "chat", "text": "from Bob"}))
    # the spectator reads Bob's words (within 20 s, under load); Ada reads a second more
    heard_spectator = await texts(spectator, time.monotonic() + 20, stop="from Bob")
    heard_ada = await texts(a, time.monotonic() + 1.0)
    later = await conn(ada, {"seat": 1})
    history = await texts(later, time.monotonic() + 1.0)
    for ws in (a, b, spectator, later):
        await ws.close()
    assert history == ["before, from Ada"], history  # the history hides Bob's words too
    return {"ada": heard_ada, "spectator": heard_spectator}


def test_reports_reach_the_administrator_who_closes_an_account(quick: Server, db_url: str) -> None:
    with server_log() as records, client(quick) as ada, client(quick) as bob:
        signup(ada, "Ada")
        signup(bob, "Bob")
        reason = "insults in the chat, table 42"
        r = bob.post("/api/reports", json={"name": "Ada", "reason": reason}, headers=csrf(bob))
        assert r.status_code == 201, r.text
        # Bob is no administrator: the reports are not his to read
        assert bob.get("/api/admin/reports").status_code == 403
        # the administrator is made from the command line, never from the web
        made = runner.invoke(cli, ["admin", "grant", "bob", "--db", db_url])
        assert made.exit_code == 0, made.output
        listed = bob.get("/api/admin/reports").json()["reports"]
        assert [(x["reported"], x["reporter"], x["reason"]) for x in listed] == [
            ("Ada", "Bob", reason)
        ]
        out = runner.invoke(cli, ["admin", "reports", "--db", db_url])
        assert out.exit_code == 0 and "Ada" in out.output and "insults" in out.output
        # the log says a report came, never who or why
        assert reason not in log_text(records) and "Ada" not in log_text(records)
        # ten reports an hour at most
        codes = [
            bob.post(
                "/api/reports", json={"name": "Ada", "reason": "x"}, headers=csrf(bob)
            ).status_code
            for _ in range(10)
        ]
        assert codes[-1] == 429 and codes[0] == 201
        # Ada waits in a queue; the administrator closes her account
        ada.post("/api/queue", json={"game": "quazarys", "players": 2}, headers=csrf(ada))
        closed = bob.post("/api/admin/accounts/ada/close", headers=csrf(bob))
        assert closed.status_code == 200 and closed.json() == {"closed": "Ada"}
        assert ada.get("/api/account").json()["account"] is None  # her session ended
        again = signin(ada, "Ada", PASSWORD)
        assert again.status_code == 403 and again.json()["error"]["code"] == "account_closed"
        # a closed account is found by nobody: no invitation, no block, no second close
        gone = _table(bob, [{"kind": "human"}, {"kind": "human", "account": "Ada"}])
        assert gone.json()["error"]["code"] == "cannot_invite"
        assert bob.post("/api/admin/accounts/ada/close", headers=csrf(bob)).status_code == 404
        closed_report = runner.invoke(cli, ["admin", "close-report", "1", "--db", db_url])
        assert closed_report.exit_code == 0, closed_report.output
        assert all(x["id"] != 1 for x in bob.get("/api/admin/reports").json()["reports"])
        assert len(bob.get("/api/admin/reports?all=true").json()["reports"]) == 10
