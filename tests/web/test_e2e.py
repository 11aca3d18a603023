"""End-to-end tests in a real headless Chromium (Debian's ``chromium``, which
``scripts/test.sh`` installs when it is missing), driven by Playwright for Python.

A whole game of each game against bots through clicks on the generic renderer's buttons,
created in the lobby; two people in two browser contexts with a spectator; a hot-seat game
with its hand-off screen; a reconnect; pages in French and English. Every WebSocket message
each page received is then checked against what its seat may know (:mod:`.leakcheck`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect, sync_playwright
from playwright.sync_api import TimeoutError as PWTimeout

import spacetable

from .conftest import Server, connect, create, run_async
from .leakcheck import check_messages

CHROMIUM = os.environ.get("SPACETABLE_CHROMIUM", "/usr/bin/chromium")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"no browser at {CHROMIUM}: scripts/test.sh installs Debian's chromium")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


def test_asyncio_runs_beside_the_modules_open_browser(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    """The module's browser marks this thread's loop as running between its calls, where
    ``asyncio.run`` refuses to start: ``run_async`` then runs a client in a thread of its own
    (the tests that mix WebSocket clients with a module's browser depend on it)."""
    page = browser.new_page()
    page.goto(fast_sqlite_server.base)
    idle = asyncio.sleep(0)
    with pytest.raises(RuntimeError, match="running event loop"):
        asyncio.run(idle)
    idle.close()
    tid = create(fast_sqlite_server.base, "quazarys", [{"kind": "human"}] * 2)["id"]

    async def hello() -> str:
        c = await connect(fast_sqlite_server, tid)
        m = await c.until(lambda m: m["type"] == "welcome")
        await c.close()
        return str(m["type"])

    assert run_async(hello()) == "welcome"
    page.close()


def capture(page: Page) -> list[list[dict[str, Any]]]:
    """Every WebSocket message the page receives, one list per socket."""
    streams: list[list[dict[str, Any]]] = []
    errors: list[str] = []

    def on_ws(ws: Any) -> None:
        stream: list[dict[str, Any]] = []
        streams.append(stream)
        ws.on("framereceived", lambda payload: stream.append(json.loads(payload)))

    page.on("websocket", on_ws)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on(
        "console",
        lambda m: errors.append(m.text) if m.type == "error" and "favicon" not in m.text else None,
    )
    page.js_errors = errors  # type: ignore[attr-defined]
    return streams


HANDOFF_SCREEN = """() => ({
  handoff: !document.querySelector('#handoff').classList.contains('hidden'),
  view: document.querySelectorAll('#view .body > *').length,
  actions: document.querySelectorAll('#actions .list > *').length,
})"""


def click_until_end(page: Page, rng: random.Random, limit: float = 240.0) -> dict[str, int]:
    """Click a random action button (and the hand-off button) until the end screen."""
    deadline = time.monotonic() + limit
    counts = {"clicks": 0, "handoffs": 0}
    while time.monotonic() < deadline:
        if page.locator("#end:not(.hidden)").count():
            return counts
        shown = page.evaluate(HANDOFF_SCREEN)  # read at once: the page may change meanwhile
        if shown["handoff"]:
            # the seat that just played is off the screen before the next one looks
            assert shown["view"] == 0 and shown["actions"] == 0, shown
            go = page.locator("[data-testid=handoff-go]")
            if go.count():
                with contextlib.suppress(PWTimeout):
                    go.click(timeout=1500)
                    counts["handoffs"] += 1
            else:
                page.wait_for_timeout(40)
            continue
        buttons = page.locator("#actions button[data-testid=action]:not([disabled])")
        n = buttons.count()
        if not n:
            page.wait_for_timeout(40)
            continue
        try:
            buttons.nth(rng.randrange(n)).click(timeout=1500)
            counts["clicks"] += 1
        except PWTimeout:
            continue
    raise AssertionError(f"no end screen after {limit}s ({counts})")


def lobby_create(
    page: Page,
    base: str,
    game: str,
    players: int,
    options: dict[str, Any],
    bots: dict[int, str],
    *,
    lang: str,
    hotseat: bool = False,
    speed: float | None = None,
    start: bool = True,
    rated: bool = False,
) -> None:
    page.goto(f"{base}/?lang={lang}")
    page.select_option("[data-testid=game]", game)
    page.select_option("[data-testid=players]", str(players))
    for name, value in options.items():
        loc = page.locator(f"[data-testid=option-{name}]")
        if loc.evaluate("e => e.tagName") == "SELECT":  # a choice, shown by its name
            spec = spacetable.game_class(game).info.options[name]
            loc.select_option(label=spec.choice_label(value, lang))
        else:
            loc.fill(str(value))
    for i in range(players):
        page.select_option(f"[data-testid=seat-{i}]", "bot" if i in bots else "human")
        if i in bots:
            page.select_option(f"[data-testid=level-{i}]", bots[i])
    page.fill("[data-testid=bot-delay]", "0")
    if speed is not None:
        page.fill("[data-testid=speed]", str(speed))
    if hotseat:
        page.check("[data-testid=hotseat]")
    if start:
        page.check("[data-testid=start-now]")
    if rated:
        page.check("[data-testid=rated]")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=created]:not(.hidden)")


# A state drawn in the page: by the generic view (until the game's board module is loaded,
# or for a game without one) or by the board.
DRAWN = "#view .body .kv, #view .body [data-testid=board]"


def table_id(url: str) -> str:
    m = re.search(r"/table/([0-9a-f]+)", url)
    assert m
    return m.group(1)


GAMES = [
    ("quazarys", 2, {"round_limit": 30}, {1: "easy"}, "en", None),
    ("planetraiders", 2, {"round_limit": 6}, {1: "random"}, "fr", None),
    ("tortuga2199", 2, {"round_limit": 2}, {1: "easy"}, "en", None),
    ("wildspace", 2, {}, {1: "easy"}, "fr", None),
    ("spacedealer", 3, {"length": 120, "timer": 10}, {1: "easy", 2: "random"}, "fr", 20.0),
]


@pytest.mark.parametrize(
    ("game", "players", "options", "bots", "lang", "speed"), GAMES, ids=[g[0] for g in GAMES]
)
def test_a_whole_game_against_bots_through_clicks(
    browser: Browser,
    fast_sqlite_server: Server,
    sqlite_db: str,
    game: str,
    players: int,
    options: dict[str, Any],
    bots: dict[int, str],
    lang: str,
    speed: float | None,
) -> None:
    server = fast_sqlite_server
    ctx = browser.new_context()
    page = ctx.new_page()
    streams = capture(page)
    lobby_create(page, server.base, game, players, options, bots, lang=lang, speed=speed)
    assert page.locator("#h-create").text_content() == (
        "Créer une table" if lang == "fr" else "Create a table"
    )
    page.click("[data-testid=invite-0]")
    page.wait_for_selector("[data-testid=action]")
    assert page.locator("#actions h2").inner_text().lower() == (
        "vos actions" if lang == "fr" else "your actions"
    )
    if speed is not None:
        assert page.locator("[data-testid=game-clock]").count() == 1
    counts = click_until_end(page, random.Random(1))
    assert counts["clicks"] > 0
    end = page.locator("#end")
    assert end.locator("h2").first.text_content() == (
        "Partie terminée" if lang == "fr" else "Game over"
    )
    assert end.locator("[data-testid=final-scores] tr").count() == players + 1
    # the game's breakdown as a labelled table: a column per seat, rows in the language
    breakdown = end.locator("[data-testid=breakdown]")
    assert breakdown.locator("tr").first.locator("th").count() == players + 1
    labels = breakdown.locator("th[scope=row]").all_inner_texts()
    assert labels and not any("_" in label for label in labels)
    tid = table_id(page.url)
    assert check_messages(sqlite_db, tid, streams) > 0
    assert all(m["lang"] == lang for s in streams for m in s if m["type"] in ("state", "end"))
    assert page.js_errors == []  # type: ignore[attr-defined]
    ctx.close()


def test_two_people_and_a_spectator(
    browser: Browser, fast_sqlite_server: Server, sqlite_db: str
) -> None:
    server = fast_sqlite_server
    t = create(
        server.base,
        "tortuga2199",
        [{"kind": "human"}, {"kind": "human"}],
        options={"round_limit": 2},
        start=True,
    )
    pages, streams, ctxs = [], [], []
    for seat, lang in ((0, "en"), (1, "fr")):
        ctx = browser.new_context()
        page = ctx.new_page()
        streams.append(capture(page))
        page.goto(f"{server.base}/?lang={lang}")
        page.goto(f"{server.base}{t['seats'][seat]['link']}")
        pages.append(page)
        ctxs.append(ctx)
    sctx = browser.new_context()
    spec = sctx.new_page()
    spec_streams = capture(spec)
    spec.goto(f"{server.base}/table/{t['id']}")
    # the state drawn: the generic view until the board's module is loaded, then the board
    spec.wait_for_selector(DRAWN)
    assert "spectator" in spec.locator("[data-testid=who]").inner_text()
    rng = random.Random(4)
    deadline = time.monotonic() + 240
    while not all(p.locator("#end:not(.hidden)").count() for p in pages):
        assert time.monotonic() < deadline
        for p in pages:
            b = p.locator("#actions button[data-testid=action]:not([disabled])")
            n = b.count()
            if n:
                with contextlib.suppress(PWTimeout):
                    b.nth(rng.randrange(n)).click(timeout=1500)
        pages[0].wait_for_timeout(20)
        assert spec.locator("[data-testid=action]").count() == 0
    spec.wait_for_selector("#end:not(.hidden)")
    assert pages[1].locator("#end h2").first.text_content() == "Partie terminée"
    all_streams = [s for group in (*streams, spec_streams) for s in group]
    assert check_messages(sqlite_db, t["id"], all_streams) > 0
    for c in (*ctxs, sctx):
        c.close()


def test_hot_seat_hides_the_seat_that_just_played(
    browser: Browser, fast_sqlite_server: Server, sqlite_db: str
) -> None:
    ctx = browser.new_context()
    page = ctx.new_page()
    streams = capture(page)
    lobby_create(
        page,
        fast_sqlite_server.base,
        "tortuga2199",
        3,
        {"round_limit": 2},
        {2: "easy"},
        lang="en",
        hotseat=True,
    )
    page.click("[data-testid=open-table]")
    page.wait_for_selector(f"{DRAWN}, #handoff:not(.hidden)")
    assert page.url.endswith(table_id(page.url))  # the tokens left the address bar
    counts = click_until_end(page, random.Random(2))
    assert counts["handoffs"] >= 2
    assert len(streams) == 2  # one socket per seat held (the bot's seat is not)
    assert check_messages(sqlite_db, table_id(page.url), streams) > 0
    ctx.close()


def test_a_reconnect_restores_the_seat_and_the_view(
    browser: Browser, fast_sqlite_server: Server, sqlite_db: str
) -> None:
    server = fast_sqlite_server
    t = create(
        server.base,
        "quazarys",
        [{"kind": "human"}, {"kind": "bot", "level": "easy"}],
        options={"round_limit": 30},
        start=True,
    )
    ctx = browser.new_context()
    page = ctx.new_page()
    streams = capture(page)
    page.goto(f"{server.base}{t['seats'][0]['link']}")
    rng = random.Random(3)
    for _ in range(3):
        page.wait_for_selector("#actions button[data-testid=action]:not([disabled])")
        b = page.locator("#actions button[data-testid=action]")
        b.nth(rng.randrange(b.count())).click()
    page.wait_for_selector("#actions button[data-testid=action]:not([disabled])")
    page.wait_for_selector("#view [data-testid=board]")
    before = (
        page.locator("#view .body").inner_text(),
        page.locator("[data-testid=who]").inner_text(),
        page.locator("#actions .list").inner_text(),
    )
    page.close()
    again = ctx.new_page()
    streams += capture(again)
    again.goto(f"{server.base}/table/{t['id']}")  # no token in the address: this browser keeps it
    again.wait_for_selector("#actions button[data-testid=action]:not([disabled])")
    # the board, once its script is loaded (until then the view is the generic text)
    again.wait_for_selector("#view [data-testid=board]")
    after = (
        again.locator("#view .body").inner_text(),
        again.locator("[data-testid=who]").inner_text(),
        again.locator("#actions .list").inner_text(),
    )
    assert after == before
    assert check_messages(sqlite_db, t["id"], streams) > 0
    ctx.close()


def test_pages_in_french_and_english(
    browser: Browser, fast_sqlite_server: Server, sqlite_db: str
) -> None:
    server = fast_sqlite_server
    t = create(
        server.base, "wildspace", [{"kind": "human"}, {"kind": "bot", "level": "easy"}], start=True
    )
    ctx = browser.new_context()
    page = ctx.new_page()
    streams = capture(page)
    page.goto(f"{server.base}/?lang=fr")
    assert page.locator("#h-tables").text_content() == "Tables"
    assert page.locator("#create").inner_text() == "Créer une table"
    assert page.locator("html").get_attribute("lang") == "fr"
    page.select_option("[data-testid=lang]", "en")
    assert page.locator("#create").inner_text() == "Create a table"
    page.select_option("[data-testid=lang]", "fr")
    page.goto(f"{server.base}{t['seats'][0]['link']}")
    page.wait_for_selector("#actions button[data-testid=action]")
    assert page.locator("#actions h2").inner_text().lower() == "vos actions"
    fr_label = page.locator("#actions button[data-testid=action]").first.inner_text()
    page.select_option("[data-testid=lang]", "en")
    page.wait_for_function("document.querySelector('#actions h2').textContent === 'Your actions'")
    page.wait_for_function(
        "l => document.querySelector('#actions button[data-testid=action]').textContent !== l",
        arg=fr_label,
    )
    states = [m for s in streams for m in s if m["type"] == "state"]
    assert states[0]["lang"] == "fr" and states[-1]["lang"] == "en"
    assert (
        states[-1]["legal"][0]["label"]
        == page.locator("#actions button[data-testid=action]").first.inner_text()
    )
    assert check_messages(sqlite_db, t["id"], streams) > 0
    ctx.close()


def test_the_host_starts_the_table_from_its_page(
    browser: Browser, fast_sqlite_server: Server, sqlite_db: str
) -> None:
    ctx = browser.new_context()
    page = ctx.new_page()
    streams = capture(page)
    lobby_create(
        page, fast_sqlite_server.base, "quazarys", 2, {}, {1: "easy"}, lang="fr", start=False
    )
    page.click("[data-testid=invite-0]")
    page.wait_for_selector("#message:not(.hidden) [data-testid=start]")
    assert "pas encore commencé" in page.locator("#message").inner_text()
    assert page.locator("[data-testid=status]").inner_text() == "ouverte"
    page.click("#message [data-testid=start]")
    page.wait_for_selector("#actions button[data-testid=action]")
    assert page.locator("[data-testid=status]").inner_text() == "en cours"
    assert check_messages(sqlite_db, table_id(page.url), streams) > 0
    ctx.close()


#: What a page says when a request meets no server (i18n.js, err_unreachable).
LOST = "The server could not be reached. Check your connection, then try again."


def test_a_start_that_meets_no_server_or_a_proxy_error_says_so_and_can_be_pressed_again(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    """The lobby's Start button, when its request is lost, says the server could not be
    reached; answered by a proxy's error page (no JSON), it says the status; no script
    error either way, and the next press starts the table. The list of tables too."""
    ctx = browser.new_context()
    page = ctx.new_page()
    faults: list[str] = []
    page.on("pageerror", lambda e: faults.append(str(e)))
    lobby_create(
        page, fast_sqlite_server.base, "quazarys", 2, {}, {1: "easy"}, lang="en", start=False
    )
    start = page.locator("#created [data-testid=start]")
    toast = page.locator("#toast")
    page.route("**/api/tables/*/start", lambda route: route.abort())
    start.click()
    expect(toast).to_have_text(LOST)
    page.unroute("**/api/tables/*/start")
    page.route(
        "**/api/tables/*/start",
        lambda route: route.fulfill(status=502, content_type="text/html", body="<h1>Bad</h1>"),
    )
    start.click()
    expect(toast).to_have_text("Error: 502")
    page.unroute("**/api/tables/*/start")
    expect(start).to_be_enabled()
    start.click()
    expect(start).to_be_disabled()
    # the list of tables, asked again by Refresh, says the same, then lists them again
    tables = page.get_by_test_id("tables")
    page.route("**/api/tables?*", lambda route: route.abort())
    page.click("#refresh")
    expect(tables).to_have_text(LOST)
    page.unroute("**/api/tables?*")
    page.route(
        "**/api/tables?*",
        lambda route: route.fulfill(status=503, content_type="text/html", body="<h1>Busy</h1>"),
    )
    page.click("#refresh")
    expect(tables).to_have_text("Error: 503")
    page.unroute("**/api/tables?*")
    page.click("#refresh")
    expect(tables.locator("li")).not_to_have_count(0)
    assert faults == []
    ctx.close()


def late_answer_is_dropped(page: Page, pattern: str, ask: Any, region: Any) -> None:
    """``ask()`` twice: the first answer (``pattern``) is held back by the network until the
    second, lost, was drawn in ``region``; then it comes, and ``region`` must still say what
    the last request found (the server could not be reached)."""
    held: list[Route] = []
    page.route(pattern, lambda route: held.append(route) if not held else route.abort())
    ask()  # its answer is held back
    deadline = time.monotonic() + 15
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(20)  # (the route's handler runs while Playwright waits)
    assert len(held) == 1
    ask()  # lost at once: the region says so
    expect(region).to_have_text(LOST)
    with page.expect_event("requestfinished"):
        held[0].continue_()  # the first answer comes now, late
    # the page reads it (its fetch, then its JSON) in the tasks after the network's: a fresh
    # request's round trip lets those run
    page.evaluate("() => fetch('/api/games').then((r) => r.json())")
    try:
        expect(region).not_to_have_text(LOST, timeout=1_000)
    except AssertionError:
        pass  # it still says what the last request found
    else:
        raise AssertionError(f"an older answer was drawn over the last: {region.inner_text()!r}")
    page.unroute(pattern)


def test_an_older_answer_to_the_list_of_tables_does_not_cover_a_newer_one(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    """Refresh pressed twice: the first answer, held back by the network until the second was
    drawn, is dropped. Before, whichever answer came last was drawn, here a list of tables
    over the newer "server could not be reached"."""
    ctx = browser.new_context()
    page = ctx.new_page()
    faults: list[str] = []
    page.on("pageerror", lambda e: faults.append(str(e)))
    lobby_create(
        page, fast_sqlite_server.base, "quazarys", 2, {}, {1: "easy"}, lang="en", start=True
    )
    tables = page.get_by_test_id("tables")
    expect(tables.locator("li")).not_to_have_count(0)
    late_answer_is_dropped(page, "**/api/tables?*", lambda: page.click("#refresh"), tables)
    page.click("#refresh")
    expect(tables.locator("li")).not_to_have_count(0)
    assert faults == []
    ctx.close()


def test_an_older_leaderboard_does_not_cover_the_one_chosen_after(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    """One game chosen, then another at once: the first game's board, arriving last, is
    dropped; the page shows what it asked for last (here that it could not be reached)."""
    ctx = browser.new_context()
    page = ctx.new_page()
    faults: list[str] = []
    page.on("pageerror", lambda e: faults.append(str(e)))
    page.goto(f"{fast_sqlite_server.base}/leaderboard?game=quazarys&lang=en")
    board = page.locator("#board")
    expect(board).to_have_text(re.compile("Nobody is rated"))
    games = iter(["wildspace", "tortuga2199"])

    def choose() -> None:
        page.select_option("#game", next(games))

    late_answer_is_dropped(page, "**/api/leaderboards/*", choose, board)
    page.select_option("#game", "quazarys")
    expect(board).to_have_text(re.compile("Nobody is rated"))
    assert faults == []
    ctx.close()


@pytest.mark.parametrize(
    ("path", "loaded"),
    [
        ("/", "#game option"),
        ("/leaderboard", "#game option"),
        ("/players/Nobody", "#since:not(:empty)"),
        ("/replay/{table}", "[data-testid=not-over]"),
    ],
    ids=["lobby", "leaderboard", "player", "replay"],
)
def test_a_page_whose_first_load_fails_says_why_and_loads_again(
    browser: Browser, fast_sqlite_server: Server, path: str, loaded: str
) -> None:
    """A page's first request (the games it draws) lost, or answered by a proxy's error page:
    the page says why in its language, with no script error, and its Try again button loads
    it whole once the server answers."""
    tid = create(fast_sqlite_server.base, "quazarys", [{"kind": "human"}] * 2)["id"]
    url = f"{fast_sqlite_server.base}{path.format(table=tid)}"
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    faults: list[str] = []
    page.on("pageerror", lambda e: faults.append(str(e)))
    error = page.get_by_test_id("load-error")
    page.route("**/api/games", lambda route: route.abort())
    page.goto(f"{url}?lang=fr")
    expect(error).to_have_text(
        "Le serveur ne répond pas. Vérifiez votre connexion, puis réessayez. Réessayer"
    )
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.unroute("**/api/games")
    page.route(
        "**/api/games",
        lambda route: route.fulfill(status=502, content_type="text/html", body="<h1>Bad</h1>"),
    )
    page.goto(f"{url}?lang=en")
    expect(error).to_have_text("Error: 502 Try again")
    page.unroute("**/api/games")
    error.get_by_role("button").click()
    expect(page.locator(loaded).first).to_be_attached()
    expect(error).to_have_count(0)
    if path == "/leaderboard":  # a board asked for later: why, in its place
        page.route("**/api/leaderboards/*", lambda route: route.abort())
        page.select_option("#game", "wildspace")
        expect(page.get_by_test_id("board-error")).to_have_text(LOST)
    assert faults == []
    ctx.close()


def test_a_table_made_on_a_phone_brings_its_links_and_start_into_view(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    """The lobby's form fills more than a phone's screen: once the table is made, its
    invitations and its Start button are scrolled into view and the focus moves there."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    lobby_create(
        page, fast_sqlite_server.base, "wildspace", 2, {}, {1: "easy"}, lang="en", start=False
    )
    for testid in ("invite-0", "start"):
        box = page.locator(f"[data-testid={testid}]").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, testid
    assert page.evaluate("document.activeElement.closest('#created') !== null")
    wide = page.evaluate(
        """() => [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > 391)
          .map((e) => `${e.tagName}#${e.id}.${e.className} ${e.textContent.slice(0, 40)}`)"""
    )
    assert wide == []  # no sideways scroll: nothing reaches past the screen's edge
    ctx.close()


def test_on_a_phone_the_board_comes_first_and_the_move_list_folds(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    """At 390x844 a table with a board shows the board at the top of the page; the list of
    moves (the same moves as the board's pieces) is a drawer the person opens and closes."""
    t = create(fast_sqlite_server.base, "wildspace", [{"kind": "human"}], start=True)
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.goto(f"{fast_sqlite_server.base}/?lang=en")
    page.goto(f"{fast_sqlite_server.base}{t['seats'][0]['link']}")
    page.wait_for_selector("#view [data-testid=board]")
    page.wait_for_selector("#actions [data-testid=action]", state="attached")
    board = page.locator("#view [data-testid=board]").bounding_box()
    assert board is not None and board["y"] < 844 / 2
    toggle = page.locator("[data-testid=actions-toggle]")
    n = len(page.locator("#actions [data-testid=action]").all())
    assert toggle.inner_text() == f"Show the list of moves ({n})"
    assert toggle.get_attribute("aria-expanded") == "false"
    assert not page.locator("#actions [data-testid=action]").first.is_visible()
    toggle.click()
    assert page.locator("#actions [data-testid=action]").first.is_visible()
    assert toggle.get_attribute("aria-expanded") == "true"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # on a desktop the list is always open, without a drawer
    toggle.click()  # closed again
    assert not page.locator("#actions [data-testid=action]").first.is_visible()
    page.set_viewport_size({"width": 1280, "height": 720})
    assert not toggle.is_visible()
    assert page.locator("#actions [data-testid=action]").first.is_visible()
    ctx.close()


def test_a_draw_reads_as_a_draw_and_a_shared_first_place_as_shared(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    """The end screen, the replay and the lobby's history name results with one function: a
    draw (every seat first) is a draw, never "winner" for everyone."""
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(f"{fast_sqlite_server.base}/?lang=fr")
    marks = page.evaluate(
        """async () => {
          const m = await import("/static/i18n.js");
          const draw = {winners: [0, 1], scores: [4, 4]};
          const shared = {winners: [0, 2], scores: [5, 1, 5]};
          const won = {winners: [1], scores: [1, 9]};
          return [m.isDraw(draw), m.resultMark(draw, 0), m.isDraw(shared),
                  m.resultMark(shared, 2), m.resultMark(shared, 1), m.resultMark(won, 1)];
        }"""
    )
    assert marks == [True, "", False, " ★ partage la première place", "", " ★ gagnant"]
    ctx.close()


def test_every_text_is_escaped(
    browser: Browser, fast_sqlite_server: Server, sqlite_db: str
) -> None:
    """Names and titles that hold markup are shown as text: nothing of it runs or renders."""
    server = fast_sqlite_server
    evil = '<img src=x onerror="window.pwned=1">'
    t = create(
        server.base,
        "quazarys",
        [{"kind": "human", "name": evil}, {"kind": "bot", "level": "easy", "name": "<b>Bo</b>"}],
        title="<script>window.pwned=2</script>",
        start=True,
    )
    ctx = browser.new_context()
    page = ctx.new_page()
    streams = capture(page)
    page.goto(f"{server.base}/?lang=en")
    page.wait_for_selector(f"[data-table='{t['id']}']")
    assert "<script>window.pwned=2</script>" in page.locator("#tables").inner_text()
    page.goto(f"{server.base}{t['seats'][0]['link']}")
    page.wait_for_selector("#actions button[data-testid=action]")
    assert "<script>window.pwned=2</script>" in page.locator("#game-name").inner_text()
    assert evil in page.locator("#who").inner_text()
    assert page.evaluate("window.pwned") is None
    assert page.locator("img, script:not([src]), b").count() == 0
    assert check_messages(sqlite_db, t["id"], streams) > 0
    ctx.close()
