"""Ratings in headless Chromium: two people sign up in two browsers, one creates a rated
table in the lobby (hints go off with it), both take their seats by invitation, the game is
played to its end, and each end screen says how their ratings moved; the leaderboard and a
profile (its chart) show both, and pass axe-core in both languages on a desktop and a
phone."""

from __future__ import annotations

import asyncio
import json
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import websockets
from playwright.sync_api import Browser, Page, expect

from spacetable.web.accounts import COOKIE

from .conftest import RedisServer, Server, create, fresh_pg_database
from .test_accessibility import violations
from .test_accounts_browser import welcomed
from .test_e2e import browser, capture, lobby_create
from .test_many_servers import _cluster

__all__ = ["browser"]

PASSWORD = "a long enough secret"


def sign_up(page: Page, base: str, name: str, lang: str) -> None:
    page.goto(f"{base}/?lang={lang}")
    page.fill("[data-testid=account-name]", name)
    page.fill("[data-testid=account-password]", PASSWORD)
    page.click("[data-testid=sign-up]")
    expect(page.get_by_test_id("signed-in-as")).to_contain_text(name)


def cookie(page: Page) -> str:
    return next(c["value"] for c in page.context.cookies() if c["name"] == COOKIE)


async def _play(
    ws_bases: list[str], table: str, sessions: list[str], seats: list[int] | None = None
) -> None:
    """Each account plays its seat (``seats``: 0, 1... by default) from a second connection
    of its own, to the server at its ``ws_bases`` (random moves)."""
    rng = random.Random(3)

    async def seat(n: int, sid: str, ws_base: str) -> None:
        async with websockets.connect(
            f"{ws_base}/ws/tables/{table}",
            additional_headers={"cookie": f"{COOKIE}={sid}"},
            max_size=1 << 24,
        ) as ws:
            await ws.send(json.dumps({"type": "hello", "version": 1, "seat": n}))
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if msg["type"] == "end":
                    return
                if msg["type"] == "error" and msg["code"] != "stale":  # stale: acted late
                    raise AssertionError(msg)
                if msg["type"] == "state" and msg["legal"] and not msg["over"]:
                    action = rng.choice(msg["legal"])["action"]
                    await ws.send(
                        json.dumps({"type": "act", "action": action, "step": msg["step"]})
                    )

    held = seats if seats is not None else list(range(len(sessions)))
    await asyncio.gather(
        *(seat(n, sid, b) for n, sid, b in zip(held, sessions, ws_bases, strict=True))
    )


def test_a_rated_game_moves_both_ratings_on_the_end_screen_leaderboard_and_profile(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    base = fast_sqlite_server.base
    ada = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    bob = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    bob_streams = capture(bob)
    # a guest is offered no rated table
    ada.goto(f"{base}/?lang=en")
    expect(ada.locator("[data-testid=rated]")).to_be_hidden()
    sign_up(ada, base, "Ada", "en")
    sign_up(bob, base, "Bob", "fr")
    # ticking "rated" unticks and greys the hints
    ada.check("[data-testid=rated]")
    expect(ada.locator("[data-testid=hints]")).not_to_be_checked()
    expect(ada.locator("[data-testid=hints]")).to_be_disabled()
    lobby_create(
        ada, base, "tortuga2199", 2, {"round_limit": 1}, {}, lang="en", start=False, rated=True
    )
    table = (ada.get_by_test_id("spectate-link").get_attribute("href") or "").split("/")[-1]
    assert ada.request.get(f"{base}/api/tables/{table}").json()["rated"] is True
    # each takes their seat by invitation, signed in; the host starts from the lobby
    seat0 = ada.context.new_page()
    seat0_streams = capture(seat0)
    seat0.goto(ada.get_by_test_id("invite-0").get_attribute("href") or "")
    welcomed(seat0, seat0_streams, 0)
    bob.goto(ada.get_by_test_id("invite-1").get_attribute("href") or "")
    welcomed(bob, bob_streams, 1)
    ada.click("[data-testid=start]")
    # (in a thread of its own: Playwright's synchronous API holds this thread's event loop)
    with ThreadPoolExecutor(1) as run:
        sessions = [cookie(ada), cookie(bob)]
        bases = [fast_sqlite_server.ws_base] * 2
        run.submit(asyncio.run, _play(bases, table, sessions)).result(timeout=120)
    for page, word in ((seat0, "Ratings: Ada ("), (bob, "Cotes : Ada (")):
        line = page.get_by_test_id("end-ratings")
        expect(line).to_contain_text(word, timeout=20_000)
        expect(line).to_contain_text("1000 →")
    # the leaderboard lists both; the profile charts the rating
    ada.goto(f"{base}/leaderboard?game=tortuga2199")
    expect(ada.get_by_test_id("board-row")).to_have_count(2)
    expect(ada.get_by_test_id("board-table")).to_contain_text("Bob")
    assert violations(ada) == [], "leaderboard, en, desktop"
    ada.get_by_role("link", name="Bob").click()
    expect(ada.get_by_test_id("player-name")).to_have_text("Bob")
    expect(ada.get_by_test_id("rating-card")).to_have_count(1)
    chart = ada.locator(".rating-chart")
    assert "1 rated games" in (chart.get_attribute("aria-label") or "")
    expect(ada.get_by_test_id("finished-game")).to_have_count(1)
    assert violations(ada) == [], "profile, en, desktop"
    bob.goto(f"{base}/players/Ada")
    expect(bob.get_by_test_id("rating-value")).to_contain_text("Cote")
    assert violations(bob) == [], "profile, fr, phone"
    bob.goto(f"{base}/leaderboard?game=tortuga2199")
    expect(bob.get_by_test_id("board-row")).to_have_count(2)
    # (measured before axe runs: its checks lay out nodes of their own)
    width = bob.evaluate("() => document.documentElement.scrollWidth")
    wide = bob.evaluate(
        "() => [...document.querySelectorAll('body *')]"
        ".filter((e) => e.getBoundingClientRect().right > 390)"
        ".map((e) => `${e.tagName}#${e.id}.${e.className} ${e.getBoundingClientRect().right}`)"
    )
    assert width <= 390, (width, wide[:8])
    assert violations(bob) == [], "leaderboard, fr, phone"
    bob.goto(f"{base}/players/nobody-here")
    expect(bob.locator("#since")).to_have_text("Aucun joueur n'a ce nom.")
    ada.context.close()
    bob.context.close()


def test_play_now_brings_two_people_to_one_table(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    """Two people click "Play now" in two browsers: both pages open the same table, each at
    the seat its account holds; a guest is asked to sign in first."""
    base = fast_sqlite_server.base
    ada = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    bob = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    ada.goto(f"{base}/?lang=en")
    expect(ada.get_by_test_id("play-now")).to_contain_text("Sign in to play now")
    expect(ada.locator("#play-now-form")).to_be_hidden()
    sign_up(ada, base, "Ada", "en")
    sign_up(bob, base, "Bob", "en")
    for page in (ada, bob):
        page.select_option("[data-testid=pn-game]", "wildspace")
        page.select_option("[data-testid=pn-pace]", "live")
    ada.click("[data-testid=pn-go]")
    expect(ada.get_by_test_id("pn-status")).to_contain_text("points of your rating")
    assert violations(ada) == [], "lobby, waiting in the queue"
    bob.click("[data-testid=pn-go]")
    for page in (ada, bob):
        page.wait_for_url("**/table/**", timeout=20_000)
    assert ada.url.split("#")[0] == bob.url.split("#")[0]
    seats = set()
    for page, name in ((ada, "Ada"), (bob, "Bob")):
        who = page.get_by_test_id("who")
        expect(who).to_contain_text(name, timeout=15_000)
        seats.add("seat 0" in who.inner_text())
    assert seats == {True, False}  # one at seat 0, the other at seat 1
    # the game is in progress on Ada's profile, marked when it is her turn
    ada.goto(f"{base}/players/Ada")
    expect(ada.get_by_test_id("playing-game")).to_have_count(1)
    game = ada.get_by_test_id("playing-game").locator("a")
    assert "#seats=" in (game.get_attribute("href") or "")
    ada.context.close()
    bob.context.close()


def test_play_now_then_a_rated_game_on_two_servers_over_postgresql(
    browser: Browser, redis_server: RedisServer
) -> None:
    """Ada on one server, Bob on another, both on one PostgreSQL database: each signs up,
    clicks "Play now" and lands at the same rated table (its server relays it to the
    other); they play it to its end, each end screen says how the ratings moved, and the
    leaderboard on either server lists both."""
    with fresh_pg_database() as url:
        servers = _cluster(url, redis_server)
        try:
            pages = []
            for (name, lang, size), proc in zip(
                (("Ada", "fr", (1280, 720)), ("Bob", "fr", (390, 844))), servers, strict=True
            ):
                ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
                page = ctx.new_page()
                sign_up(page, proc.server.base, name, lang)
                page.select_option("[data-testid=pn-game]", "planetraiders")
                page.select_option("[data-testid=pn-players]", "2")
                page.select_option("[data-testid=pn-pace]", "live")
                pages.append(page)
            for page in pages:
                page.click("[data-testid=pn-go]")
            for page in pages:
                page.wait_for_url("**/table/**", timeout=30_000)
            table = pages[0].url.split("#")[0].split("/")[-1]
            assert pages[1].url.split("#")[0].split("/")[-1] == table
            seats = []
            for page, proc in zip(pages, servers, strict=True):
                games = page.request.get(f"{proc.server.base}/api/account/games").json()
                seats += [
                    s for g in games["games"] if g["table"]["id"] == table for s in g["seats"]
                ]
            assert sorted(seats) == [0, 1], seats
            with ThreadPoolExecutor(1) as run:
                bases = [p.server.ws_base for p in servers]
                sessions = [cookie(page) for page in pages]
                run.submit(asyncio.run, _play(bases, table, sessions, seats)).result(timeout=180)
            for page in pages:  # (a queue is per language: both read French)
                line = page.get_by_test_id("end-ratings")
                expect(line).to_contain_text("1000 →", timeout=40_000)
                for name in ("Cotes : ", "Ada (", "Bob ("):  # (the match chose the seats)
                    expect(line).to_contain_text(name)
            for page, proc in zip(pages, reversed(servers), strict=True):
                page.goto(f"{proc.server.base}/leaderboard?game=planetraiders")
                expect(page.get_by_test_id("board-row")).to_have_count(2)
            for page in pages:
                page.context.close()
        finally:
            for p in servers:
                p.stop()
            for n, p in enumerate(servers):  # (shown by pytest when the test fails)
                print(f"--- server {n} ---\n{p.output(10)}")


SPY = """
(() => {
  window.__notes = [];
  Object.defineProperty(document, "hidden", { get: () => true });  // the page is behind
  const Real = window.Notification;
  class Spy extends Real {
    constructor(title, options) {
      super(title, options);
      window.__notes.push([title, options && options.body]);
    }
  }
  Object.defineProperty(Spy, "permission", { get: () => Real.permission });
  Spy.requestPermission = (...a) => Real.requestPermission(...a);
  window.Notification = Spy;
})();
"""


def test_a_turn_based_table_tells_the_person_whose_turn_it_becomes(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    """Bob's page is behind other windows: when the turn comes back to him, the page's
    title says so and a browser notification (allowed by him) tells him."""
    base = fast_sqlite_server.base
    humans = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}]
    made = create(base, "quazarys", humans, options={"round_limit": 30}, start=True)
    tid, tokens = made["id"], [s["token"] for s in made["seats"]]
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    ctx.grant_permissions(["notifications"], origin=base)
    bob = ctx.new_page()
    bob.add_init_script(SPY)
    bob.goto(f"{base}/table/{tid}#token={tokens[1]}")
    bob.wait_for_function("() => document.title.includes('Quazarys')")

    async def play() -> None:
        """Seat 1 plays its decisions until seat 0 has one, then seat 0 plays until the
        turn is seat 1's again."""
        conns = []
        for tok in tokens:
            ws = await websockets.connect(f"{fast_sqlite_server.ws_base}/ws/tables/{tid}")
            await ws.send(json.dumps({"type": "hello", "version": 1, "token": tok}))
            conns.append(ws)
        passed = False
        latest: list[dict[str, Any]] = [{}, {}]

        async def read(seat: int) -> None:
            while True:
                msg = json.loads(await conns[seat].recv())
                if msg["type"] == "state":
                    latest[seat] = msg

        readers = [asyncio.create_task(read(s)) for s in (0, 1)]
        try:
            for _ in range(400):
                await asyncio.sleep(0.05)
                for seat in (0, 1):
                    st = latest[seat]
                    if not st.get("legal") or st.get("over"):
                        continue
                    if seat == 1 and passed:
                        return  # the turn came back to seat 1, after seat 0 played
                    action = st["legal"][0]["action"]
                    await conns[seat].send(
                        json.dumps({"type": "act", "action": action, "step": st["step"]})
                    )
                    latest[seat] = {}
                    passed = passed or seat == 0
            raise AssertionError("the turn never came back to seat 1")
        finally:
            for r in readers:
                r.cancel()
            for ws in conns:
                await ws.close()

    before = bob.evaluate("() => window.__notes.length")
    with ThreadPoolExecutor(1) as run:
        run.submit(asyncio.run, play()).result(timeout=120)
    bob.wait_for_function("() => document.title.startsWith('● Your turn')", timeout=15_000)
    bob.wait_for_function(f"() => window.__notes.length > {before}", timeout=15_000)
    title, body = bob.evaluate("() => window.__notes[window.__notes.length - 1]")
    assert title == "Your turn" and "Quazarys" in body
    ctx.close()
