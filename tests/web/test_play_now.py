"""Play now (``spacetable.web.matchmaking``): people in one queue are matched by rating,
the allowed gap widening with the wait; a match creates a rated, started table with each
account at its seat; a person is never matched with themself, leaves the queue by asking
or by closing the page, and may fill the seats with bots after a wait; the queue works
across server processes on one PostgreSQL database."""

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
from sqlalchemy.exc import OperationalError

from spacetable.web.accounts import COOKIE
from spacetable.web.matchmaking import Entry, closest_bot, find_matches
from spacetable.web.ratings import anchors
from spacetable.web.storage import AccountRecord, Storage

from . import loopback
from .conftest import (
    FAST,
    RedisServer,
    Server,
    fresh_pg_database,
    log_text,
    server_log,
    start_server,
)
from .test_accounts import PASSWORD, client, csrf, signup
from .test_many_servers import _cluster


async def _chat_on_both(
    bases: list[str], tid: str, ada: tuple[str, int], bob: tuple[str, int]
) -> dict[str, list[str]]:
    """Ada's seat and a spectator connected to each server; Bob says something: the chat
    texts each of them reads."""

    async def conn(base: str, who: tuple[str, int] | None) -> Any:
        headers = {"cookie": f"{COOKIE}={who[0]}"} if who else {}
        ws = await websockets.connect(
            f"{base}/ws/tables/{tid}", additional_headers=headers, max_size=1 << 24
        )
        hello: dict[str, Any] = {"type": "hello", "version": 1}
        if who:
            hello["seat"] = who[1]
        await ws.send(json.dumps(hello))
        await _read(ws, "state", time.monotonic() + 20)  # attached at the owner
        return ws

    readers = {
        f"{name} {i}": await conn(base, ada if name == "ada" else None)
        for i, base in enumerate(bases)
        for name in ("ada", "spectator")
    }
    speaker = await conn(bases[0], bob)
    await speaker.send(json.dumps({"type": "chat", "text": "from Bob"}))
    heard = {}
    for name, ws in readers.items():  # the spectators within 20 s (under load); Ada 2 s more
        until = time.monotonic() + (20 if name.startswith("spectator") else 2)
        heard[name] = await _read(ws, "chat", until, stop="from Bob")
    for ws in [*readers.values(), speaker]:
        await ws.close()
    return heard


async def _read(ws: Any, kind: str, until: float, stop: str | None = None) -> list[str]:
    """The texts of the ``kind`` messages ``ws`` reads until ``until``, or the first (or
    ``stop``'s) once read."""
    out: list[str] = []
    while time.monotonic() < until:
        try:
            msg = json.loads(await asyncio.wait_for(ws.recv(), until - time.monotonic()))
        except TimeoutError:
            break
        if msg["type"] == kind:
            out.append(str(msg.get("text", "")))
            if stop is None or stop in out:
                break
    return out


def _e(account: str, mu: float, joined: float, **kw: Any) -> Entry:
    base: dict[str, Any] = {"game": "quazarys", "players": 2, "pace": "live", "lang": "en"}
    base.update(kw)
    return Entry(
        account,
        account,
        base["game"],
        base["players"],
        base["pace"],
        base["lang"],
        mu,
        joined,
        kw.get("bots", False),
    )


def test_the_longest_waiting_is_matched_with_the_closest_within_reach() -> None:
    entries = [_e("a", 25, 0.0), _e("b", 30, 1.0), _e("c", 26, 2.0), _e("d", 40, 3.0)]
    (m,) = find_matches(entries, now=4.0, base=2.0, widen=0.0)
    assert [e.account for e in m.people] == ["a", "c"] and m.bots == ()
    # nobody within 2 of b or d; their gaps widen with the wait
    assert find_matches([entries[1], entries[3]], now=4.0, base=2.0, widen=0.0) == []
    (late,) = find_matches([entries[1], entries[3]], now=60.0, base=2.0, widen=0.2)
    assert {e.account for e in late.people} == {"b", "d"}


def test_queues_are_apart_by_game_player_count_pace_and_language() -> None:
    entries = [
        _e("a", 25, 0.0),
        _e("b", 25, 0.0, players=3),
        _e("c", 25, 0.0, pace="days"),
        _e("d", 25, 0.0, lang="fr"),
        _e("e", 25, 0.0, game="tortuga2199"),
    ]
    assert find_matches(entries, now=1.0, base=2.0, widen=0.0) == []
    three = [_e("a", 25, 0, players=3), _e("b", 26, 1, players=3), _e("c", 24, 2, players=3)]
    (m,) = find_matches(three, now=3.0, base=2.0, widen=0.0)
    assert len(m.people) == 3


def test_a_person_who_asked_for_bots_gets_bots_of_a_close_rating() -> None:
    lone = _e("a", 34.0, 0.0, bots=True)
    (m,) = find_matches([lone], now=40.0, base=2.0, widen=0.0)
    assert m.people == (lone,) and m.bots == ("hard",)  # quazarys' hard anchor: 33.59
    assert closest_bot("quazarys", 7.0) in {"random", "learned"}
    assert closest_bot("wildspace", 25.0) == "medium"  # the automa's anchors are not bots
    assert anchors()[("quazarys", closest_bot("quazarys", 16.0) or "")].mu == pytest.approx(16.08)


@pytest.fixture
def quick(db_url: str) -> Iterator[Server]:
    settings = dataclasses.replace(FAST, queue_every=0.2, queue_idle=3.0, queue_bots_after=1.0)
    s = start_server(db_url, settings)
    try:
        yield s
    finally:
        s.stop()


def _until(c: httpx.Client, pred: Any, timeout: float = 15.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        got = c.get("/api/queue").json()
        if pred(got) or time.monotonic() > deadline:
            return dict(got)
        time.sleep(0.1)


def test_two_accounts_are_matched_into_a_rated_started_table(quick: Server) -> None:
    with client(quick) as ada, client(quick) as bob, client(quick) as guest:
        signup(ada, "Ada")
        signup(bob, "Bob")
        want = {"game": "tortuga2199", "players": 2, "pace": "live", "lang": "en"}
        refused = guest.post("/api/queue", json=want)
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "account_needed"
        # Ada joins twice: one place, never matched with herself
        for _ in range(2):
            r = ada.post("/api/queue", json=want, headers=csrf(ada))
            assert r.status_code == 201 and r.json()["queued"] is True, r.text
        time.sleep(0.6)
        alone = ada.get("/api/queue").json()
        assert alone["queued"] and "matched" not in alone and alone["gap"] >= 80
        assert bob.post("/api/queue", json=want, headers=csrf(bob)).status_code == 201
        got = [_until(c, lambda g: "matched" in g) for c in (ada, bob)]
        tables = {g["matched"]["table"] for g in got}
        assert len(tables) == 1, got
        assert sorted(g["matched"]["seat"] for g in got) == [0, 1]
        tid = tables.pop()
        info = ada.get(f"/api/tables/{tid}").json()
        assert info["rated"] is True and info["status"] == "running" and info["hints"] is False
        assert info["settings"]["clock"] == {"move": 60.0, "reserve": 300.0}
        names = {s["seat"]: s["name"] for s in info["seats"]}
        for g, name in zip(got, ("Ada", "Bob"), strict=True):
            assert names[g["matched"]["seat"]] == name
        # each account holds its seat: "My games" has it
        for c, g in zip((ada, bob), got, strict=True):
            games = c.get("/api/account/games").json()["games"]
            assert [(x["table"]["id"], x["seats"]) for x in games] == [
                (tid, [g["matched"]["seat"]])
            ]


def test_a_failed_write_of_a_match_is_tried_again(quick: Server) -> None:
    """The database fails once as a match's outcome is written on its entries (the table is
    made and started): it is written again, and both pages are brought to the table; until
    then the entries stay taken, never matched a second time."""
    storage = quick.app.state.hub.storage
    real = storage.matched
    calls: list[str | None] = []

    def failing_once(seats: dict[str, int], table_id: str | None) -> None:
        calls.append(table_id)
        if len(calls) == 1:
            raise OperationalError("UPDATE queue", {}, Exception("the database went away"))
        real(seats, table_id)

    storage.matched = failing_once
    try:
        with server_log() as records, client(quick) as ada, client(quick) as bob:
            signup(ada, "Ada")
            signup(bob, "Bob")
            want = {"game": "quazarys", "players": 2, "pace": "live", "lang": "en"}
            for c in (ada, bob):
                assert c.post("/api/queue", json=want, headers=csrf(c)).status_code == 201
            got = [_until(c, lambda g: "matched" in g) for c in (ada, bob)]
            assert len({g.get("matched", {}).get("table") for g in got}) == 1, got
            assert got[0]["matched"]["table"] is not None
            tid = got[0]["matched"]["table"]
            assert calls == [tid, tid]  # one table, its outcome written twice
            said = log_text(records)
            assert "could not be written (attempt 1 of 4)" in said and "went away" in said
    finally:
        storage.matched = real


def test_joining_again_while_a_match_is_made_keeps_the_match(db_url: str) -> None:
    """Bob joins again (another game) between the pass that took his place and the write of
    his match: the match stands (he is being seated at its table) and is told at the next
    ask; once matched, joining again is a new place."""
    store = Storage(db_url)
    store.migrate()
    for n in ("Ada", "Bob"):
        store.create_account(AccountRecord(f"id-{n}", n, n.lower(), "x", 0.0, 0.0))
    for n in ("Ada", "Bob"):
        store.enqueue(f"id-{n}", n, "quazarys", 2, "live", "en")
    (match,) = store.take_matches(time.time(), 2.0, 0.2, 15.0, 120.0)
    again = store.enqueue("id-Bob", "Bob", "wildspace", 2, "live", "en")
    assert again["game"] == "quazarys" and "table" not in again
    seats = {e.account: i for i, e in enumerate(match.people)}
    store.matched(seats, "t1")
    told = store.queue_entry("id-Bob")
    assert told is not None and told["table"] == "t1" and told["seat"] == seats["id-Bob"]
    new = store.enqueue("id-Bob", "Bob", "wildspace", 2, "live", "en")
    assert new["game"] == "wildspace" and "table" not in new
    assert store.take_matches(time.time(), 2.0, 0.2, 15.0, 120.0) == []
    store.close()


def test_leaving_the_queue_or_the_page_gives_the_place_up(quick: Server) -> None:
    with client(quick) as ada, client(quick) as bob:
        signup(ada, "Ada")
        signup(bob, "Bob")
        want = {"game": "quazarys", "players": 2, "pace": "days", "lang": "fr"}
        ada.post("/api/queue", json=want, headers=csrf(ada))
        assert ada.post("/api/queue/leave", headers=csrf(ada)).json() == {"left": True}
        assert ada.get("/api/queue").json() == {"queued": False}
        # Ada's page closes (it stops asking): her place is given up, Bob waits alone
        ada.post("/api/queue", json=want, headers=csrf(ada))
        time.sleep(3.6)
        bob.post("/api/queue", json=want, headers=csrf(bob))
        time.sleep(0.8)
        assert "matched" not in bob.get("/api/queue").json()
        assert ada.get("/api/queue").json() == {"queued": False}
        # a real-time game over days is played in its turn-based mode; a game is checked
        spacedealer = {**want, "game": "spacedealer", "players": 3}
        assert bob.post("/api/queue", json=spacedealer, headers=csrf(bob)).status_code == 201
        bad = bob.post("/api/queue", json={**want, "players": 9}, headers=csrf(bob))
        assert bad.status_code == 400


def test_after_a_wait_the_seats_nobody_takes_are_given_to_bots(quick: Server) -> None:
    with client(quick) as ada:
        signup(ada, "Ada")
        want = {"game": "tortuga2199", "players": 3, "pace": "live", "lang": "en"}
        ada.post("/api/queue", json=want, headers=csrf(ada))
        early = ada.post("/api/queue/bots", headers=csrf(ada))
        assert early.status_code == 409 and early.json()["error"]["code"] == "too_soon"
        time.sleep(1.1)
        assert ada.get("/api/queue").json()["may_fill_with_bots"] is True
        assert ada.post("/api/queue/bots", headers=csrf(ada)).status_code == 200
        got = _until(ada, lambda g: "matched" in g)
        info = ada.get(f"/api/tables/{got['matched']['table']}").json()
        kinds = [(s["kind"], s["level"]) for s in info["seats"]]
        assert kinds[0] == ("human", None) and kinds[1:] == [("bot", "medium")] * 2


def test_the_queue_works_across_server_processes(redis_server: RedisServer) -> None:
    """Ada waits on one server, Bob joins through another: they are matched, once."""
    with fresh_pg_database() as url:
        a, b = _cluster(url, redis_server)
        try:
            clients = [loopback.client(p.server.base) for p in (a, b)]
            for c, name in zip(clients, ("Ada", "Bob"), strict=True):
                r = c.post("/api/account/signup", json={"name": name, "password": PASSWORD})
                assert r.status_code == 201, r.text
            want = {"game": "wildspace", "players": 2, "pace": "live", "lang": "en"}
            for c in clients:
                assert c.post("/api/queue", json=want, headers=csrf(c)).status_code == 201
            got = [_until(c, lambda g: "matched" in g, 20.0) for c in clients]
            assert len({g["matched"]["table"] for g in got}) == 1, got
            tid = got[0]["matched"]["table"]
            listed = loopback.get(f"{b.server.base}/api/tables/{tid}", timeout=10).json()
            assert listed["rated"] is True and listed["status"] == "running"
            # Ada blocks Bob: on either server (one owns the table, the other relays it), she
            # reads nothing he says; a spectator on either reads it
            ada, bob = clients
            blocked = ada.post("/api/account/blocks", json={"name": "Bob"}, headers=csrf(ada))
            assert blocked.status_code == 200, blocked.text
            seats = [g["matched"]["seat"] for g in got]
            heard = asyncio.run(
                _chat_on_both(
                    [p.server.ws_base for p in (a, b)],
                    tid,
                    (ada.cookies[COOKIE], seats[0]),
                    (bob.cookies[COOKIE], seats[1]),
                )
            )
            assert heard == {
                "ada 0": [],
                "ada 1": [],
                "spectator 0": ["from Bob"],
                "spectator 1": ["from Bob"],
            }, heard
            for c in clients:
                c.close()
        finally:
            for p in (a, b):
                p.stop()
