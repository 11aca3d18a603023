"""What a person sees, checked by axe-core (the engine of the browsers' accessibility audits,
through ``axe-playwright-python``): no serious or critical violation on the lobby, every
board in play, the end screen and the replay, in both languages, on a desktop and a phone."""

from __future__ import annotations

import time
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from . import loopback
from .conftest import Server, create
from .test_e2e import browser

__all__ = ["browser"]  # the fixture, shared with the other browser tests

SIZES = {"desktop": (1280, 720), "phone": (390, 844)}
AXE = Axe()


def violations(page: Page) -> list[tuple[str, str, list[Any]]]:
    """The serious and critical violations on ``page``: rule, impact, the first nodes."""
    found = AXE.run(page).response["violations"]
    return [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"][:3]])
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def _page(browser: Browser, size: str, base: str, path: str, lang: str) -> Page:
    """A page at ``path`` in ``lang`` (chosen in the lobby first: the page keeps it)."""
    width, height = SIZES[size]
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.goto(f"{base}/?lang={lang}")
    page.goto(f"{base}{path}")
    return page


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_lobby(browser: Browser, fast_sqlite_server: Server, lang: str, size: str) -> None:
    page = _page(browser, size, fast_sqlite_server.base, "/", lang)
    page.wait_for_selector("#options")
    page.select_option("[data-testid=game]", "wildspace")  # the most options
    assert violations(page) == []
    page.context.close()


BOARDS = [
    ("quazarys", 2, "en", "phone"),
    ("planetraiders", 2, "fr", "desktop"),
    ("tortuga2199", 2, "en", "desktop"),
    ("wildspace", 2, "fr", "phone"),
    ("spacedealer", 3, "fr", "desktop"),
]


@pytest.mark.parametrize(("game", "players", "lang", "size"), BOARDS, ids=[b[0] for b in BOARDS])
def test_every_board_in_play(
    browser: Browser, fast_sqlite_server: Server, game: str, players: int, lang: str, size: str
) -> None:
    """Each board as its seat sees it after a few moves of the bots, then as a spectator
    sees it in the other language and size."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
    t = create(fast_sqlite_server.base, game, seats, start=True)
    page = _page(browser, size, fast_sqlite_server.base, t["seats"][0]["link"], lang)
    page.wait_for_selector("#view [data-testid=board]")
    assert violations(page) == [], game
    page.context.close()
    other = "fr" if lang == "en" else "en"
    size = "phone" if size == "desktop" else "desktop"
    page = _page(browser, size, fast_sqlite_server.base, t["spectate"], other)
    page.wait_for_selector("#view [data-testid=board]")
    assert violations(page) == [], game
    page.context.close()


def test_the_end_screen_and_the_replay(browser: Browser, fast_sqlite_server: Server) -> None:
    base = fast_sqlite_server.base
    bots = [{"kind": "bot", "level": "random"}] * 2
    t = create(base, "quazarys", bots, options={"round_limit": 30}, start=True)
    deadline = time.monotonic() + 60
    while loopback.get(f"{base}/api/tables/{t['id']}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    for lang, size in (("en", "desktop"), ("fr", "phone")):
        page = _page(browser, size, base, t["spectate"], lang)
        page.wait_for_selector("#end:not(.hidden) [data-testid=breakdown]")
        assert violations(page) == [], ("end", lang, size)
        page.context.close()
        page = _page(browser, size, base, f"/replay/{t['id']}", lang)
        expect(page.locator("[data-testid=steps]")).not_to_have_text("0")  # loaded
        page.click("[data-testid=last]")
        page.wait_for_selector("[data-testid=final-scores]")
        assert violations(page) == [], ("replay", lang, size)
        page.context.close()


def test_a_polite_live_region_says_what_the_others_did(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    """A screen reader hears the other seats' decisions as the log says them, in the page's
    language, without moving the focus."""
    base = fast_sqlite_server.base
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    t = create(base, "planetraiders", seats, start=True)
    page = _page(browser, "desktop", base, t["seats"][0]["link"], "fr")
    region = page.locator("[data-testid=announce]")
    assert region.get_attribute("aria-live") == "polite"
    page.wait_for_selector("#actions [data-testid=action]")
    assert region.text_content() == ""  # nothing yet: the page opened on the state
    deadline = time.monotonic() + 60
    while not region.text_content():  # seat 0 plays until the bot has answered
        assert time.monotonic() < deadline, "nothing was announced"
        actions = page.locator("#actions [data-testid=action]")
        if actions.count():
            actions.first.click()
        page.wait_for_timeout(200)
    said = region.text_content() or ""
    log = page.locator("#log li").all_inner_texts()
    assert any(line and line in said for line in log), (said, log[-3:])
    page.context.close()
