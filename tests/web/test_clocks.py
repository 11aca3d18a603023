"""Turn clocks and the takeover bot (issue 20): time per decision plus a reserve, shown to
everybody; a seat out of time, or whose people left, is played by the table's bot until its
person is back, and everybody is told. On real servers and WebSockets, and a server killed
with SIGKILL while a clock runs resumes it where it stood. In headless Chromium, the page
counts the clocks down, shows who a bot plays for, and "I'm back" gives the seat back.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from spacetable.web.clocks import Clocks, TableSettings
from spacetable.web.live import Settings
from spacetable.web.storage import Storage

from . import loopback
from .conftest import FAST, Client, Server, connect, create, run_async, start_server
from .leakcheck import check_messages
from .test_e2e import browser, capture
from .test_kill import Proc

__all__ = ["browser"]

PEOPLE = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]


def test_time_per_decision_then_the_reserve() -> None:
    c = Clocks(TableSettings(move=10.0, reserve=20.0, takeover="easy"), 2)
    c.run({0}, {0, 1}, now=100.0)
    assert c.running and c.left(0, 100.0) == 30.0 and c.left(1, 100.0) == 30.0
    assert c.next_expiry(104.0) == 26.0
    c.decided(0, now=115.0)  # 5 s beyond the move's 10: from the reserve
    assert c.seats[0].reserve == 15.0 and c.left(0, 115.0) == 25.0
    c.run({1}, {0, 1}, now=115.0)  # seat 0 stops, seat 1 runs
    c.decided(1, now=118.0)  # within its move's time: the reserve is whole
    assert c.seats[1].reserve == 20.0
    c.run({0}, {0, 1}, now=118.0)
    c.run(set(), {0, 1}, now=121.0)  # stopped without deciding: the 3 s used are kept
    c.run({0}, {0, 1}, now=200.0)
    assert c.left(0, 200.0) == 22.0
    assert c.expired(221.9) == [] and c.expired(222.0) == [0]
    ev = c.leave(0, "timeout", now=222.0)
    assert (ev["seat"], ev["kind"], ev["level"]) == (0, "timeout", "easy")
    assert c.away(0) == "timeout" and not c.running
    c.run({0}, {0, 1}, now=223.0)  # a bot plays it: its clock does not run
    assert not c.running
    c.back(0)
    c.run({0}, {0, 1}, now=230.0)
    assert c.left(0, 230.0) == 10.0  # the reserve is spent: the move's time only
    # bots' seats have no clock; saved and restored, a clock resumes where it stood
    saved = c.to_json(now=234.0)
    again = Clocks.restore(c.settings, 2, saved)
    assert not again.running
    again.run({0}, {0, 1}, now=1000.0)
    assert again.left(0, 1000.0) == 6.0
    assert [e["kind"] for e in again.events] == ["timeout", "back"]


def test_a_seat_out_of_time_is_played_by_the_bot_until_its_person_is_back(
    server: Server, db_url: str
) -> None:
    made = create(
        server.base,
        "quazarys",
        PEOPLE,
        start=True,
        clock={"move": 5, "reserve": 1},
        takeover="random",
    )
    info = loopback.get(f"{server.base}/api/tables/{made['id']}").json()
    assert info["settings"] == {"clock": {"move": 5.0, "reserve": 1.0}, "takeover": "random"}
    t0, t1 = (s["token"] for s in made["seats"])

    async def run() -> list[Client]:
        c0 = await connect(server, made["id"], t0)
        c1 = await connect(server, made["id"], t1)
        st = await c0.seen(lambda m: m["type"] == "state")
        # p is the seat to act first (the game draws it), q the other; a and b their people
        p = st["view"]["to_act"][0]
        q = 1 - p
        a, b = (c0, c1) if p == 0 else (c1, c0)
        st = await a.seen(lambda m: m["type"] == "state")
        assert st["clocks"]["seats"][p]["running"] and not st["clocks"]["seats"][q]["running"]
        assert 5.0 <= st["clocks"]["seats"][p]["left"] <= 6.0
        assert st["clocks"]["seats"][q]["left"] == 6.0
        # seat p lets its 6 seconds pass: everybody is told, and the bot plays for it
        t = time.monotonic()
        for c in (a, b):
            n = await c.seen(lambda m: m["type"] == "notice")
            assert (n["event"]["seat"], n["event"]["kind"], n["event"]["level"]) == (
                p,
                "timeout",
                "random",
            )
        assert time.monotonic() - t > 4.0
        # the bot played seat p's turn; seat q is to act
        s1 = await b.seen(lambda m: m["type"] == "state" and m["legal"])
        assert s1["step"] >= 1
        assert s1["clocks"]["seats"][p]["away"] == "timeout"
        assert s1["clocks"]["seats"][p]["reserve"] == 0.0
        assert s1["clocks"]["seats"][q]["running"]
        # seat p is back (while seat q thinks)
        await a.send({"type": "back"})
        n = await a.until(lambda m: m["type"] == "notice")
        assert (n["event"]["seat"], n["event"]["kind"]) == (p, "back")
        cl = await a.until(lambda m: m["type"] == "clocks")
        assert cl["clocks"]["seats"][p]["away"] is None
        # seat q plays its turn in time: its reserve is whole
        while True:
            step = s1["step"]
            await b.send({"type": "act", "action": s1["legal"][0]["action"], "step": step})
            after = await b.until(lambda m, step=step: m["type"] == "state" and m["step"] > step)
            if not after["legal"]:
                break
            s1 = after
        assert after["clocks"]["seats"][q]["reserve"] == 1.0
        assert after["clocks"]["seats"][p]["running"]
        # seat p's person plays now: no bot plays for it any more
        await asyncio.sleep(1.0)
        await b.send({"type": "ping"})
        await b.until(lambda m: m["type"] == "pong")
        assert not [m for m in b.received if m["type"] == "state" and m["step"] > after["step"]]
        mine = await a.seen(lambda m: m["type"] == "state" and m["step"] == after["step"])
        assert mine["legal"]
        await a.send({"type": "act", "action": mine["legal"][0]["action"], "step": mine["step"]})
        await a.until(lambda m: m["type"] == "state" and m["step"] > mine["step"])
        for c in (a, b):
            await c.close()
        return [a, b]

    clients = run_async(run())
    check_messages(db_url, made["id"], [c.received for c in clients], secrets=[t0, t1])


def test_a_seat_whose_people_left_is_played_by_the_bot_until_they_return(
    tmp_path: Path,
) -> None:
    settings = Settings(**{**FAST.__dict__, "away_after": 0.5})
    server = start_server(f"sqlite:///{tmp_path / 'away.db'}", settings)
    try:
        made = create(server.base, "quazarys", PEOPLE, start=True, takeover="easy")
        t0, t1 = (s["token"] for s in made["seats"])

        async def run() -> None:
            a = await connect(server, made["id"], t0)
            b = await connect(server, made["id"], t1)
            st = await a.seen(lambda m: m["type"] == "state")
            assert st["clocks"]["seats"][0]["left"] is None  # no turn clock: only takeover
            await a.close()  # seat 0 leaves
            n = await b.seen(lambda m: m["type"] == "notice")
            assert (n["event"]["seat"], n["event"]["kind"], n["event"]["level"]) == (
                0,
                "left",
                "easy",
            )
            # seat 1 plays its turns; seat 0's are played by the bot
            cur = [m for m in b.received if m["type"] == "state"][-1]
            while True:
                if cur["legal"]:
                    await b.send(
                        {"type": "act", "action": cur["legal"][0]["action"], "step": cur["step"]}
                    )
                step = cur["step"]
                nxt = await b.until(lambda m, step=step: m["type"] == "state" and m["step"] > step)
                if 0 in cur["view"]["to_act"]:
                    break  # a decision of seat 0, by the bot
                cur = nxt
            again = await connect(server, made["id"], t0)
            n = await again.seen(lambda m: m["type"] == "notice")
            assert (n["event"]["seat"], n["event"]["kind"]) == (0, "back")
            await b.close()
            await again.close()

        run_async(run())
    finally:
        server.stop()


def test_clocks_are_refused_where_they_make_no_sense(server: Server) -> None:
    body = {"game": "spacedealer", "players": 3, "seats": [{"kind": "human"}] * 3}
    r = loopback.post(f"{server.base}/api/tables", json={**body, "clock": {"move": 30}})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_options"
    body = {"game": "quazarys", "players": 2, "seats": PEOPLE}
    for clock in ({"move": 1}, {"move": 30, "reserve": -1}, {"reserve": 30}, {"move": "30"}):
        r = loopback.post(f"{server.base}/api/tables", json={**body, "clock": clock})
        assert r.status_code == 422 and r.json()["error"]["code"] == "bad_request", clock
    r = loopback.post(f"{server.base}/api/tables", json={**body, "takeover": "genius"})
    assert r.status_code == 422


def test_a_killed_server_resumes_the_clocks_where_they_stood(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'kill.db'}"
    proc = Proc(db)
    try:
        made = create(
            proc.server.base, "wildspace", PEOPLE, start=True, clock={"move": 60, "reserve": 600}
        )
        t0 = made["seats"][0]["token"]

        async def before() -> tuple[int, float]:
            a = await connect(proc.server, made["id"], t0)
            st = await a.seen(lambda m: m["type"] == "state")
            p = st["view"]["to_act"][0]  # the seat whose clock runs
            await asyncio.sleep(7.0)  # beyond one save of the running clock (5 s)
            await a.close()
            return p, float(st["clocks"]["seats"][p]["left"])

        p, left_at_start = run_async(before())
        proc.kill()
    finally:
        proc.stop()
    storage = Storage(db)
    rec = storage.table(made["id"])
    storage.close()
    assert rec is not None and rec.clocks is not None
    used_saved = rec.clocks["seats"][p]["used"]
    assert 4.5 <= used_saved <= 8.0  # saved while it ran
    time.sleep(2.0)  # the server is down: this time does not count
    proc = Proc(db)
    try:

        async def after() -> float:
            a = await connect(proc.server, made["id"], t0)
            st = await a.seen(lambda m: m["type"] == "state")
            await a.close()
            return float(st["clocks"]["seats"][p]["left"])

        left = run_async(after())
    finally:
        proc.stop()
    assert left_at_start - used_saved - 1.5 <= left <= left_at_start - used_saved + 0.5


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # (the page's subject)
def test_the_page_counts_down_and_gives_the_seat_back(server: Server, browser: Browser) -> None:
    made = create(
        server.base,
        "quazarys",
        [{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "random"}],
        start=True,
        clock={"move": 5, "reserve": 0},
        takeover="random",
        bot_delay=0.5,  # the bots take their time: the game goes on while the pages look
    )
    token = made["seats"][0]["token"]
    for lang, away_word, back_word in (
        ("en", "out of time", "I'm back"),
        ("fr", "temps écoulé", "Je suis là"),
    ):
        ctx = browser.new_context(viewport={"width": 1280, "height": 720})
        page = ctx.new_page()
        capture(page)
        page.goto(f"{server.base}/table/{made['id']}?lang={lang}#token={token}")
        expect(page.locator("[data-testid=turn-clocks]")).to_be_visible()
        if lang == "en":
            running = page.locator("[data-testid=turn-left-0].running")
            expect(running).to_be_visible(timeout=30000)  # the bot may play first
            first_left = running.inner_text()
            # the clock counts down on the page (every second)
            expect(page.locator("[data-testid=turn-left-0]")).not_to_have_text(first_left)
            expect(page.locator("[data-testid=away-0]")).to_contain_text(away_word, timeout=10000)
            expect(page.locator("[data-testid=log]")).to_contain_text("out of time")
        else:
            expect(page.locator("[data-testid=away-0]")).to_contain_text(away_word)
            page.click("[data-testid=back]")
            expect(page.locator("[data-testid=away-0]")).to_be_hidden()
            expect(page.locator("[data-testid=log]")).to_contain_text("est de retour")
        if lang == "en":
            expect(page.locator("[data-testid=back]")).to_have_text(back_word)
        assert not page.js_errors  # type: ignore[attr-defined]
        ctx.close()


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # (the page's subject)
def test_the_lobby_offers_clocks_where_the_options_make_the_game_turn_based(
    server: Server, browser: Browser
) -> None:
    """Spacedealer in real time has its game speed and no turn clock; its ticks mode is
    played in turns, so the lobby offers the turn clock instead, and the table is made with
    it. Changing another option keeps what was typed."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    page = ctx.new_page()
    capture(page)
    page.goto(f"{server.base}/?lang=en")
    page.select_option("[data-testid=game]", "spacedealer")
    expect(page.locator("[data-testid=speed]")).to_be_visible()
    expect(page.locator("[data-testid=clock-move]")).to_have_count(0)
    page.locator("[data-testid=option-mode]").select_option(label="Turn by turn")
    expect(page.locator("[data-testid=speed]")).to_have_count(0)
    page.fill("[data-testid=clock-move]", "30")
    page.locator("[data-testid=option-rules]").select_option(label="Advanced")
    expect(page.locator("[data-testid=clock-move]")).to_have_value("30")  # kept as typed
    for i in range(3):
        page.select_option(f"[data-testid=seat-{i}]", "human" if i == 0 else "bot")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=created]:not(.hidden)")
    tables = loopback.get(f"{server.base}/api/tables").json()["tables"]
    made = next(t for t in tables if t["game"] == "spacedealer")
    info = loopback.get(f"{server.base}/api/tables/{made['id']}").json()
    assert info["options"]["mode"] == "ticks" and info["options"]["rules"] == "advanced"
    assert info["settings"]["clock"] == {"move": 30.0, "reserve": 300.0}
    # back to real time: the game speed again, no turn clock
    page.select_option("[data-testid=game]", "quazarys")
    expect(page.locator("[data-testid=clock-move]")).to_be_visible()
    page.select_option("[data-testid=game]", "spacedealer")
    expect(page.locator("[data-testid=speed]")).to_be_visible()
    expect(page.locator("[data-testid=clock-move]")).to_have_count(0)
    assert not page.js_errors  # type: ignore[attr-defined]
    ctx.close()
