"""The JSON API and the WebSocket on a real uvicorn server (loopback, random port), with
real WebSocket clients; the storage-touching tests run on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import time
from collections.abc import Iterator
from typing import Any

import httpx
import hypothesis
import pytest
import websockets
from hypothesis import HealthCheck
from hypothesis import strategies as st

import spacetable
from spacetable.bots.learned import shipped_policies

from . import loopback
from .conftest import FAST, Server, connect, create, log_text, server_log, start_server

HUMANS2 = [{"kind": "human"}, {"kind": "human"}]


def _api(server: Server, method: str, path: str, **kw: Any) -> httpx.Response:
    return loopback.request(method, f"{server.base}{path}", timeout=30, **kw)


def test_games_and_openapi(sqlite_server: Server) -> None:
    r = _api(sqlite_server, "GET", "/api/games")
    assert r.status_code == 200
    body = r.json()
    ids = [g["id"] for g in body["games"]]
    assert set(spacetable.list_games()) <= set(ids)
    toy = next(g for g in body["games"] if g["id"] == "toy")
    assert toy["options"]["hand"]["choices"] == [1, 2, 3]
    assert body["levels"] == ["random", "easy", "medium", "hard", "learned"]
    # the player counts where the learned level plays: those of a shipped policy
    assert toy["learned"] == []
    for game_id, players in shipped_policies():
        assert players in next(g for g in body["games"] if g["id"] == game_id)["learned"]
    game_id, players = min(shipped_policies())
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "learned"}] * (players - 1)
    r = _api(
        sqlite_server,
        "POST",
        "/api/tables",
        json={"game": game_id, "players": players, "seats": seats},
    )
    assert r.status_code == 201, r.text
    spec = _api(sqlite_server, "GET", "/api/openapi.json").json()
    assert {"/api/games", "/api/tables", "/api/tables/{table_id}/start"} <= set(spec["paths"])
    for page in ("/", "/table/abc"):
        r = _api(sqlite_server, "GET", page)
        assert r.status_code == 200 and "script-src 'self'" in r.headers["content-security-policy"]


def test_bad_tables_are_refused_with_a_typed_error_and_nothing_stored(server: Server) -> None:
    cases = [
        ({"game": "toy", "players": 9, "seats": [{"kind": "bot"}] * 9}, 400, "bad_options"),
        (
            {"game": "toy", "players": 2, "options": {"hand": 7}, "seats": HUMANS2},
            400,
            "bad_options",
        ),
        ({"game": "nope", "players": 2, "seats": HUMANS2}, 400, "bad_options"),
        ({"game": "toy", "players": 2, "seats": [{"kind": "human"}]}, 400, "bad_seats"),
        (
            {"game": "toy", "players": 2, "seats": [{"kind": "bot", "level": "learned"}] * 2},
            400,
            "bad_seats",
        ),
        ({"game": "toy", "players": 2, "seats": [{"kind": "alien"}] * 2}, 422, "bad_request"),
        ({"game": "toy", "players": 2, "seats": HUMANS2, "x": 1}, 422, "bad_request"),
        ({"game": "toy", "players": "2", "seats": HUMANS2, "speed": -1}, 422, "bad_request"),
    ]
    for body, status, code in cases:
        r = _api(server, "POST", "/api/tables", json=body)
        assert r.status_code == status, (body, r.text)
        assert r.json()["error"]["code"] == code
    r = _api(server, "POST", "/api/tables", content=b"x" * (70 * 1024))
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"
    listed = _api(server, "GET", "/api/tables?status=open&status=running&status=over").json()
    assert listed["tables"] == []
    assert _api(server, "GET", "/api/tables/ffff").status_code == 404


def test_a_chunked_body_over_the_limit_is_too_large(sqlite_server: Server) -> None:
    """A body sent in chunks (no Content-Length) is held to the same 64 KiB as one that
    says its length: 413 ``too_large`` and nothing created; a chunked body within the limit
    is read as any other."""
    url = f"{sqlite_server.base}/api/tables"

    def chunks(body: bytes, size: int = 4096) -> Iterator[bytes]:
        for i in range(0, len(body), size):
            yield body[i : i + size]

    big = json.dumps(
        {"game": "toy", "players": 2, "seats": HUMANS2, "title": "x" * 70_000}
    ).encode()
    with loopback.client() as client:
        r = client.post(url, content=chunks(big), headers={"content-type": "application/json"})
        assert r.request.headers.get("transfer-encoding") == "chunked"
        assert "content-length" not in r.request.headers
        assert r.status_code == 413, r.text
        assert r.json() == {
            "error": {"code": "too_large", "message": "a request body holds at most 65536 bytes"}
        }
        assert client.get(f"{url}?status=open").json()["tables"] == []
        small = json.dumps({"game": "toy", "players": 2, "seats": HUMANS2}).encode()
        r = client.post(
            url, content=chunks(small, 16), headers={"content-type": "application/json"}
        )
        assert r.status_code == 201, r.text
        assert len(client.get(f"{url}?status=open").json()["tables"]) == 1


#: A body of ``POST /api/tables`` with every field given, and valid.
FULL: dict[str, Any] = {
    "game": "toy",
    "players": 2,
    "options": {"hand": 2},
    "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "easy", "name": "Bo"}],
    "speed": 1.0,
    "bot_delay": 0.5,
    "title": "a table",
    "start": False,
    "clock": {"move": 30.0, "reserve": 60.0},
    "takeover": "easy",
    "data": "shipped",
}
#: Where a value of FULL sits, and its kind. An int is an int (not a bool, a float or a
#: string), a number is an int or a float (not a bool or a string), a string a string...
FIELDS: dict[tuple[str | int, ...], str] = {
    ("game",): "str",
    ("players",): "int",
    ("options",): "object",
    ("options", "hand"): "option",
    ("seats",): "list",
    ("seats", 0): "object",
    ("seats", 0, "kind"): "str",
    ("seats", 0, "name"): "str",
    ("seats", 1, "level"): "str?",
    ("seats", 1, "name"): "str",
    ("speed",): "number",
    ("bot_delay",): "number",
    ("title",): "str",
    ("start",): "bool",
    ("clock",): "object?",
    ("clock", "move"): "number",
    ("clock", "reserve"): "number",
    ("takeover",): "str?",
    ("data",): "str?",
}
_ANY = [None, True, False, 0, 1, 2, 2.0, 30.5, "2", "true", "1.0", "", [], [2], {}, {"a": 1}]
#: The JSON values each kind refuses.
WRONG: dict[str, list[Any]] = {
    "str": [v for v in _ANY if type(v) is not str],
    "str?": [v for v in _ANY if type(v) is not str and v is not None],
    "int": [v for v in _ANY if type(v) is not int],
    "number": [v for v in _ANY if type(v) not in (int, float)],
    "bool": [v for v in _ANY if type(v) is not bool],
    "list": [v for v in _ANY if type(v) is not list],
    "object": [v for v in _ANY if type(v) is not dict],
    "object?": [v for v in _ANY if type(v) is not dict and v is not None],
    # an option's values are the engine's to check (``bad_options``): the exact type too
    "option": [True, 2.0, "2", None, [2], {"v": 2}],
}


def _with(body: dict[str, Any], path: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    out = json.loads(json.dumps(body))
    place = out
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    return dict(out)


def _refused(client: httpx.Client, body: dict[str, Any], option: bool) -> None:
    r = client.post("/api/tables", json=body)
    status, code = (400, "bad_options") if option else (422, "bad_request")
    assert r.status_code == status, (body, r.text)
    assert set(r.json()) == {"error"} and r.json()["error"]["code"] == code, r.text


def test_the_json_api_takes_exact_types_like_the_protocol(sqlite_db: str) -> None:
    """Every field of every JSON body has its exact type, as in the WebSocket protocol:
    ``"players": "2"``, ``2.0`` or ``true`` are no player count. A body with one field of
    the wrong type is refused with ``bad_request`` (422; an option's value: ``bad_options``,
    400) and creates nothing; ``join`` and ``start`` likewise change nothing."""
    settings = dataclasses.replace(FAST, http_rate=1000.0, http_burst=2000.0)
    server = start_server(sqlite_db, settings)
    client = loopback.client(server.base)
    try:
        for players in ("2", 2.0, True, None):
            _refused(client, {**FULL, "players": players}, False)

        @hypothesis.settings(
            max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
        )
        @hypothesis.given(st.data())
        def one_field_wrong(data: st.DataObject) -> None:
            path = data.draw(st.sampled_from(sorted(FIELDS, key=str)), label="field")
            value = data.draw(st.sampled_from(WRONG[FIELDS[path]]), label="value")
            _refused(client, _with(FULL, path, value), FIELDS[path] == "option")

        one_field_wrong()
        every = "/api/tables?status=open&status=running&status=over&status=broken"
        assert client.get(every).json()["tables"] == []
        # the same body, with its right types, is a table
        made = client.post("/api/tables", json=FULL)
        assert made.status_code == 201, made.text
        tid, token = made.json()["id"], made.json()["seats"][0]["token"]
        for path, body in (
            ("join", {"token": 12345678}),
            ("join", {"token": token, "name": 7}),
            ("join", {"token": token, "name": None}),
            ("seat", {"token": ["x" * 10]}),
            ("start", {"host_token": 123456789012}),
            ("start", {"host_token": True}),
        ):
            r = client.post(f"/api/tables/{tid}/{path}", json=body)
            assert r.status_code == 422, (path, body, r.text)
            assert r.json()["error"]["code"] == "bad_request"
        info = client.get(f"/api/tables/{tid}").json()
        assert info["status"] == "open" and not info["seats"][0]["joined"]
    finally:
        client.close()
        server.stop()


def test_create_join_start_and_listing(server: Server) -> None:
    t = create(server.base, "toy", [{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    tid, host = t["id"], t["host_token"]
    human, bot = t["seats"]
    assert human["token"] and human["link"] == f"/table/{tid}#token={human['token']}"
    assert bot["token"] is None and bot["level"] == "easy"
    assert "seed" not in json.dumps(t)
    listed = _api(server, "GET", "/api/tables").json()["tables"]
    assert [x["id"] for x in listed] == [tid] and listed[0]["status"] == "open"
    # a seat's token, and nobody else's
    assert _api(
        server, "POST", f"/api/tables/{tid}/seat", json={"token": human["token"]}
    ).json() == {"seat": 0}
    bad = _api(server, "POST", f"/api/tables/{tid}/join", json={"token": "x" * 20, "name": "Eve"})
    assert bad.status_code == 403 and bad.json()["error"]["code"] == "bad_token"
    r = _api(
        server, "POST", f"/api/tables/{tid}/join", json={"token": human["token"], "name": "Ana"}
    )
    assert r.json() == {"seat": 0}
    # only the host starts
    r = _api(server, "POST", f"/api/tables/{tid}/start", json={"host_token": human["token"]})
    assert r.status_code == 403 and r.json()["error"]["code"] == "not_host"
    r = _api(server, "POST", f"/api/tables/{tid}/start", json={"host_token": host})
    assert r.status_code == 200 and r.json()["status"] == "running"
    r = _api(server, "POST", f"/api/tables/{tid}/start", json={"host_token": host})
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_open"
    info = _api(server, "GET", f"/api/tables/{tid}").json()
    assert info["seats"][0] == {
        "seat": 0,
        "kind": "human",
        "level": None,
        "name": "Ana",
        "joined": True,
    }
    assert "seed" not in info and "token" not in json.dumps(info)


async def _play_to_end(clients: dict[int, Any], spectator: Any) -> dict[str, Any]:
    """Each seat plays its first legal action whenever it is to act; returns the end."""
    end: dict[str, Any] | None = None
    while end is None:
        for c in clients.values():
            msg = await c.until(lambda m: m["type"] in ("state", "end"))
            if msg["type"] == "end":
                end = msg
                break
            if msg["legal"] and not msg["over"]:
                await c.send(
                    {"type": "act", "action": msg["legal"][0]["action"], "step": msg["step"]}
                )
    await spectator.until(lambda m: m["type"] == "end")
    return end


def test_two_people_play_a_game_over_websockets(server: Server) -> None:
    t = create(server.base, "toy", HUMANS2, options={"hand": 2}, start=True)
    tid = t["id"]
    tokens = [s["token"] for s in t["seats"]]

    async def main() -> None:
        a = await connect(server, tid, tokens[0], "en", "Ana")
        b = await connect(server, tid, tokens[1], "fr", "Bo")
        spec = await connect(server, tid)
        welcome = await a.recv()
        assert welcome["type"] == "welcome" and welcome["seat"] == 0 and welcome["version"] == 1
        sa = await a.until(lambda m: m["type"] == "state")
        sb = await b.until(lambda m: m["type"] == "state")
        assert sa["seat"] == 0 and sa["view"]["hand"] is not None and sb["view"]["seat"] == 1
        mover = sa["view"]["to_act"][0]
        first, waiting = (sa, sb) if mover == 0 else (sb, sa)
        m, w = (a, b) if mover == 0 else (b, a)
        assert first["legal"] and waiting["legal"] == []
        assert first["legal"][0]["label"].startswith("play" if mover == 0 else "jouer")
        sw = await spec.until(lambda m: m["type"] == "state")
        assert sw["seat"] is None and sw["view"]["hand"] is None
        # out of turn, illegal, malformed, stale: typed errors, nothing changes
        await w.send(
            {"type": "act", "action": {"type": "play", "card": waiting["view"]["hand"][0]}}
        )
        err = await w.until(lambda m: m["type"] == "error")
        assert err["code"] == "illegal_action" and "may not act now" in err["message"]
        await m.send({"type": "act", "action": {"type": "play", "card": 99}})
        assert (await m.until(lambda m: m["type"] == "error"))["code"] == "illegal_action"
        await m.send({"type": "act", "action": {"type": "play", "card": "1"}})
        assert (await m.until(lambda m: m["type"] == "error"))["code"] == "invalid_action"
        await m.send({"type": "act", "action": first["legal"][0]["action"], "step": 5})
        assert (await m.until(lambda m: m["type"] == "error"))["code"] == "stale"
        await spec.send({"type": "act", "action": first["legal"][0]["action"]})
        assert (await spec.until(lambda m: m["type"] == "error"))["code"] == "no_seat"
        info = _api(server, "GET", f"/api/tables/{tid}").json()
        assert info["steps"] == 0
        # then the game, to its end
        await m.send({"type": "act", "action": first["legal"][0]["action"], "step": 0})
        end = await _play_to_end({0: a, 1: b}, spec)
        assert end["outcome"]["ranks"] and end["reason_text"]
        fr_end = await b.until(lambda m: m["type"] == "end")
        assert fr_end["reason_text"] == "toutes les mains sont vides"
        # a finished game refuses actions
        await a.send({"type": "act", "action": first["legal"][0]["action"]})
        assert (await a.until(lambda m: m["type"] == "error"))["code"] == "game_over"
        for c in (a, b, spec):
            await c.close()

    asyncio.run(main())
    info = _api(server, "GET", f"/api/tables/{tid}").json()
    assert info["status"] == "over" and info["outcome"]["reason"] == "hands_empty"


def test_bad_messages_are_refused_and_limited(sqlite_server: Server) -> None:
    server = sqlite_server
    t = create(server.base, "toy", HUMANS2, start=True)
    tid, token = t["id"], t["seats"][0]["token"]

    async def refused(first: Any) -> dict[str, Any]:
        ws = await websockets.connect(f"{server.ws_base}/ws/tables/{tid}")
        await ws.send(first)
        msg = json.loads(await ws.recv())
        with pytest.raises(websockets.ConnectionClosed):
            await asyncio.wait_for(ws.recv(), 10)
        return dict(msg)

    async def main() -> None:
        assert (await refused("not json"))["code"] == "bad_message"
        assert (await refused('{"type": "ping"}'))["code"] == "bad_message"
        assert (await refused('{"type": "hello", "version": 2}'))["code"] == "version"
        bad = '{"type": "hello", "version": 1, "token": "forged-token-xyz"}'
        assert (await refused(bad))["code"] == "bad_token"
        c = await connect(server, tid, token)
        await c.until(lambda m: m["type"] == "state")
        await c.send({"type": "act", "action": {"type": "play", "card": 1}, "extra": 1})
        e = await c.until(lambda m: m["type"] == "error")
        assert e["code"] == "bad_message" and "extra" in e["message"]
        await c.ws.send(json.dumps({"type": "act", "action": {"pad": "x" * 20000}}))
        assert (await c.until(lambda m: m["type"] == "error"))["code"] == "too_large"
        for _ in range(80):
            await c.send({"type": "ping"})
        await c.until(lambda m: m["type"] == "error" and m["code"] == "rate_limited")
        await c.close()
        # a bot table nobody may act on
        info = _api(server, "GET", f"/api/tables/{tid}").json()
        assert info["steps"] == 0

    asyncio.run(main())


def test_a_binary_frame_is_a_bad_message_and_the_connection_goes_on(
    sqlite_server: Server,
) -> None:
    """The protocol is JSON text: a binary frame gets ``bad_message`` like any malformed
    message (before ``hello`` too, which then closes the connection), the connection goes
    on, and the server logs no error."""
    server = sqlite_server
    t = create(server.base, "toy", HUMANS2, start=True)
    tid, token = t["id"], t["seats"][0]["token"]

    async def main() -> None:
        ws = await websockets.connect(f"{server.ws_base}/ws/tables/{tid}")
        await ws.send(b'{"type": "hello", "version": 1}')
        first = json.loads(await ws.recv())
        assert first["type"] == "error" and first["code"] == "bad_message", first
        with pytest.raises(websockets.ConnectionClosed):
            await asyncio.wait_for(ws.recv(), 10)
        c = await connect(server, tid, token)
        await c.until(lambda m: m["type"] == "state")
        for frame in (b'{"type": "ping"}', b"\x00\xff\xfe", b""):
            await c.ws.send(frame)
            e = await c.until(lambda m: m["type"] in ("error", "pong"))
            assert e["type"] == "error" and e["code"] == "bad_message", e
            assert "binary" in e["message"]
        await c.send({"type": "ping"})
        await c.until(lambda m: m["type"] == "pong")  # still connected
        await c.close()

    with server_log() as records:
        asyncio.run(main())
    bad = [r for r in records if r.levelno >= logging.WARNING or r.exc_info]
    assert not bad, log_text(bad)


def test_a_bot_table_can_be_watched_to_the_end(server: Server) -> None:
    seats = [{"kind": "bot", "level": lvl} for lvl in ("random", "easy", "medium")]
    t = create(server.base, "toy", seats, start=True)

    async def main() -> None:
        spec = await connect(server, t["id"], lang="fr")
        end = await spec.until(lambda m: m["type"] == "end", 60)
        states = [m for m in spec.received if m["type"] == "state"]
        assert states[-1]["over"] and all(m["legal"] == [] for m in states)
        texts = [e["text"] for m in states for e in m["log"]["events"]]
        assert texts and sorted(end["outcome"]["ranks"])[0] == 1
        await spec.close()

    asyncio.run(main())


def test_real_time_runs_on_the_server_clock(db_url: str) -> None:
    server = start_server(db_url, dataclasses.replace(FAST, warm_bots=True))
    try:
        _real_time(server)
    finally:
        server.stop()


def _real_time(server: Server) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "level": "medium"}]
    t = create(server.base, "toy_rt", seats, options={"length": 60.0, "timer": 3.0}, speed=20.0)
    token = t["seats"][0]["token"]
    r = _api(server, "POST", f"/api/tables/{t['id']}/start", json={"host_token": t["host_token"]})
    assert r.status_code == 200

    async def main() -> None:
        c = await connect(server, t["id"], token)
        s = await c.until(lambda m: m["type"] == "state" and m["legal"])
        assert s["realtime"] and s["speed"] == 20.0
        await c.send({"type": "act", "action": s["legal"][0]["action"]})
        later = await c.until(lambda m: m["type"] == "state" and m["clock"] > s["clock"] + 2)
        assert later["view"]["clock"] == later["clock"]
        end = await c.until(lambda m: m["type"] == "end", 30)
        assert end["outcome"]["scores"][0] >= 1  # the turned timer ran out: a point
        await c.close()

    asyncio.run(main())
    info = _api(server, "GET", f"/api/tables/{t['id']}").json()
    assert info["status"] == "over"
    # the bot's worker kept its copy of the game: only new entries travelled to it
    pool = server.app.state.hub.bots
    assert pool.incremental_jobs > 3 * pool.full_jobs, (pool.incremental_jobs, pool.full_jobs)


def test_a_restarted_server_resumes_its_tables(db_url: str) -> None:
    s1 = start_server(db_url)
    t = create(s1.base, "toy", HUMANS2, options={"hand": 3}, start=True)
    tokens = [x["token"] for x in t["seats"]]

    async def play(server: Server, n: int) -> list[dict[str, Any]]:
        """The seat to act plays its first legal action, ``n`` times; the last states."""
        clients = [await connect(server, t["id"], tok) for tok in tokens]
        latest = [await c.until(lambda m: m["type"] == "state") for c in clients]
        for _ in range(n):
            mover = latest[0]["view"]["to_act"][0]
            m = latest[mover]
            step = m["step"]
            await clients[mover].send(
                {"type": "act", "action": m["legal"][0]["action"], "step": step}
            )
            latest = [
                await c.until(lambda m, s=step: m["type"] == "state" and m["step"] == s + 1)
                for c in clients
            ]
        for c in clients:
            await c.close()
        return latest

    views = asyncio.run(play(s1, 3))
    s1.stop()
    s2 = start_server(db_url)
    try:

        async def back() -> None:
            for seat, tok in enumerate(tokens):
                c = await connect(s2, t["id"], tok)
                m = await c.until(lambda m: m["type"] == "state")
                assert m["step"] == 3 and m["view"] == views[seat]["view"]
                assert m["legal"] == views[seat]["legal"]
                await c.close()

        asyncio.run(back())
        assert asyncio.run(play(s2, 2))[0]["step"] == 5
    finally:
        s2.stop()


def _stepped(received: list[dict[str, Any]], n: int) -> bool:
    return any(m["type"] == "state" and m["step"] >= n for m in received)


def test_bots_think_in_workers_without_blocking_the_server(fast_sqlite_server: Server) -> None:
    """Two hard bots (ISMCTS, 1000 iterations a decision in Planet Raiders) play while a
    spectator pings: the server answers at once, since the search runs in a worker."""
    server = fast_sqlite_server
    seats = [{"kind": "bot", "level": "hard"}, {"kind": "bot", "level": "hard"}]
    t = create(server.base, "planetraiders", seats, options={"round_limit": 3}, start=True)

    async def main() -> tuple[float, int]:
        spec = await connect(server, t["id"])
        await spec.until(lambda m: m["type"] == "state")
        worst = 0.0
        pings = 0
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and (pings < 30 or not _stepped(spec.received, 4)):
            pings += 1
            t0 = time.monotonic()
            await spec.send({"type": "ping"})
            await spec.until(lambda m: m["type"] == "pong")
            worst = max(worst, time.monotonic() - t0)
            await asyncio.sleep(0.05)
        states = [m for m in spec.received if m["type"] == "state"]
        await spec.close()
        return worst, states[-1]["step"]

    worst, step = asyncio.run(main())
    assert step >= 4  # the bots played meanwhile
    assert worst < 0.5, f"a ping waited {worst:.3f}s"


def test_a_bot_out_of_time_plays_a_legal_action(sqlite_db: str) -> None:
    """A budget too small for any search: the table plays a legal action for the bot and
    the game goes on to its end."""
    from spacetable.web.live import Settings

    slow = start_server(
        sqlite_db, Settings(tick=0.1, bot_budget=0.001, bot_workers=1, warm_bots=False)
    )
    try:
        seats = [{"kind": "bot", "level": "hard"}, {"kind": "bot", "level": "hard"}]
        t = create(slow.base, "toy", seats, options={"hand": 2}, start=True)

        async def main() -> dict[str, Any]:
            spec = await connect(slow, t["id"])
            end = await spec.until(lambda m: m["type"] == "end", 60)
            await spec.close()
            return end

        assert asyncio.run(main())["outcome"]["ranks"]
        assert slow.app.state.hub.bots.timeouts >= 1
    finally:
        slow.stop()


def test_a_decision_the_database_refuses_is_undone(sqlite_db: str) -> None:
    """The database goes away in the middle of a game: the decision is refused with
    ``storage`` and undone (nobody was told of it); once the database is back, the game
    goes on from what is stored."""
    import sqlite3

    server = start_server(sqlite_db)
    try:
        t = create(server.base, "toy", HUMANS2, options={"hand": 3}, start=True)
        tokens = [s["token"] for s in t["seats"]]
        path = sqlite_db.removeprefix("sqlite:///")

        def rename(a: str, b: str) -> None:
            con = sqlite3.connect(path)
            con.execute(f"ALTER TABLE {a} RENAME TO {b}")
            con.commit()
            con.close()

        async def main() -> None:
            cs = [await connect(server, t["id"], tok) for tok in tokens]
            states = [await c.until(lambda m: m["type"] == "state") for c in cs]
            mover = states[0]["view"]["to_act"][0]
            m, before = cs[mover], states[mover]
            rename("st_decisions", "st_decisions_away")
            await m.send({"type": "act", "action": before["legal"][0]["action"], "step": 0})
            err = await m.until(lambda x: x["type"] == "error")
            assert err["code"] == "storage"
            await m.send({"type": "act", "action": before["legal"][0]["action"], "step": 0})
            assert (await m.until(lambda x: x["type"] == "error"))["code"] == "storage"
            assert not [x for x in m.received if x["type"] == "state" and x["step"] > 0]
            rename("st_decisions_away", "st_decisions")
            await m.send({"type": "act", "action": before["legal"][0]["action"], "step": 0})
            after = await m.until(lambda x: x["type"] == "state" and x["step"] == 1)
            # The card was played once, from what is stored: it scored, and one card was drawn.
            card = before["legal"][0]["action"]["card"]
            assert after["view"]["scores"][mover] == before["view"]["scores"][mover] + card
            assert after["view"]["deck_size"] == before["view"]["deck_size"] - 1
            for c in cs:
                await c.close()

        asyncio.run(main())
        assert _api(server, "GET", f"/api/tables/{t['id']}").json()["steps"] == 1
    finally:
        server.stop()


HOSTILE = [
    "",
    "null",
    "[]",
    '"act"',
    "{",
    '{"type": "act"}',
    '{"type": "act", "action": "play card=1"}',
    '{"type": "act", "action": [1, 2]}',
    '{"type": "act", "action": {"type": "play", "card": 1}, "step": 1.5}',
    '{"type": "act", "action": {"type": "play", "card": 1}, "step": true}',
    '{"type": "act", "action": {"type": "play", "card": 1e400}}',
    '{"type": "act", "action": {"type": "\\u0000<script>"}}',
    '{"type": "act", "action": {"type": "play", "card": -1}}',
    '{"type": "act", "action": {"type": "play", "card": 99999999999999999999999}}',
    '{"type": "act", "action": {}}',
    '{"type": "act", "action": {"type": null}}',
    '{"type": "lang", "lang": "de"}',
    '{"type": "hello", "version": 1}',
    '{"type": "ACT", "action": {}}',
    '{"type": "act", "action": ' + "[" * 5000 + "]" * 5000 + "}",
]


def test_hostile_messages_get_typed_errors_and_change_nothing(sqlite_server: Server) -> None:
    server = sqlite_server
    t = create(server.base, "toy", HUMANS2, start=True)
    tokens = [s["token"] for s in t["seats"]]

    async def main() -> None:
        cs = [await connect(server, t["id"], tok) for tok in tokens]
        first = [await c.until(lambda m: m["type"] == "state") for c in cs]
        mover = first[0]["view"]["to_act"][0]
        c = cs[mover]
        codes = []
        for text in HOSTILE:
            await c.ws.send(text)
            err = await c.until(lambda m: m["type"] == "error")
            codes.append(err["code"])
            assert "Traceback" not in err["message"]
        assert set(codes) <= {"bad_message", "invalid_action", "illegal_action", "too_large"}
        await c.send({"type": "ping"})
        await c.until(lambda m: m["type"] == "pong")  # still connected
        assert not [m for m in c.received if m["type"] == "state" and m["step"] > 0]
        for x in cs:
            await x.close()

    asyncio.run(main())
    assert _api(server, "GET", f"/api/tables/{t['id']}").json()["steps"] == 0


def test_the_json_api_is_rate_limited(sqlite_db: str) -> None:
    from spacetable.web.live import Settings

    server = start_server(sqlite_db, Settings(http_rate=0.001, http_burst=5.0, warm_bots=False))
    try:
        codes = [
            _api(
                server, "POST", "/api/tables/ffff/start", json={"host_token": "x" * 10}
            ).status_code
            for _ in range(8)
        ]
        assert codes == [404] * 5 + [429] * 3  # a token every 1,000 s: none comes back here
        r = _api(server, "POST", "/api/tables/ffff/start", json={"host_token": "x" * 10})
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
        assert _api(server, "GET", "/api/games").status_code == 200  # reading is not limited
    finally:
        server.stop()


def test_one_token_on_two_connections_sees_and_plays_the_same_seat(sqlite_server: Server) -> None:
    t = create(sqlite_server.base, "toy", HUMANS2, start=True)
    tokens = [s["token"] for s in t["seats"]]

    async def main() -> None:
        first = await connect(sqlite_server, t["id"], tokens[0])
        s0 = await first.until(lambda m: m["type"] == "state")
        mover = s0["view"]["to_act"][0]
        a = await connect(sqlite_server, t["id"], tokens[mover])
        b = await connect(sqlite_server, t["id"], tokens[mover])
        sa = await a.until(lambda m: m["type"] == "state")
        sb = await b.until(lambda m: m["type"] == "state")
        assert sa["view"] == sb["view"] and sa["legal"]
        await b.send({"type": "act", "action": sb["legal"][0]["action"], "step": 0})
        na = await a.until(lambda m: m["type"] == "state" and m["step"] == 1)
        nb = await b.until(lambda m: m["type"] == "state" and m["step"] == 1)
        assert na["view"] == nb["view"]
        for c in (first, a, b):
            await c.close()

    asyncio.run(main())


def test_a_table_in_the_browser_plays_the_rulebooks_game_by_default(sqlite_server: Server) -> None:
    """The lobby starts every option at the game's default: Quazarys and Planet Raiders
    have no round limit (the limits are ours, off by default), and a table created without
    options plays the rulebook's game; the simulation setting is declared beside it."""
    games = {g["id"]: g for g in _api(sqlite_server, "GET", "/api/games").json()["games"]}
    quazarys, raiders = games["quazarys"], games["planetraiders"]
    assert quazarys["options"]["round_limit"]["default"] == 0
    assert 0 in quazarys["options"]["round_limit"]["choices"]
    assert raiders["options"]["round_limit"]["default"] == 0
    assert raiders["options"]["stall_rounds"]["default"] == 0
    assert quazarys["simulation_options"] == {"round_limit": 60}
    assert raiders["simulation_options"] == {"round_limit": 100, "stall_rounds": 20}

    async def view_of(game: str) -> dict[str, Any]:
        t = create(sqlite_server.base, game, HUMANS2, start=True)
        spec = await connect(sqlite_server, t["id"])
        msg = await spec.until(lambda m: m["type"] == "state")
        await spec.ws.close()
        return dict(msg["view"])

    assert asyncio.run(view_of("quazarys"))["round_limit"] == 0
    view = asyncio.run(view_of("planetraiders"))
    assert view["turn_limit"] == 0 and view["stall_limit"] == 0
