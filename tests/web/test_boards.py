"""The game boards of the browser client (``static/boards/``), in headless Chromium.

A whole Wild Space game against a bot played by clicking the board alone (never the
fallback list of actions), in French and in English, at 1280x720 and on a phone-sized
screen; at every step, what the board offers to click is exactly the seat's legal actions
(each piece carries the actions it performs, a menu at the piece when several match). One
move is made with the keyboard, a card's full text is shown on hover, and a screenshot of the
board mid-game is kept as ``docs/screenshots/wildspace.png``. A spectator sees the board with
nothing to click. Every WebSocket message the pages received is then checked against what
its seat may know (:mod:`.leakcheck`).
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page
from playwright.sync_api import TimeoutError as PWTimeout

from .conftest import Server, create
from .leakcheck import check_messages
from .test_e2e import browser, capture

__all__ = ["browser"]

SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "wildspace.png"

# What the board shows and offers, read at once (the page may change meanwhile).
READ = """() => {
  const board = document.querySelector('#view [data-testid=board]');
  if (!board) return null;
  const pieces = [...board.querySelectorAll('[data-actions]')].map((n) => ({
    piece: n.getAttribute('data-piece'), svg: n instanceof SVGElement,
    actions: JSON.parse(n.getAttribute('data-actions')),
  }));
  return {
    step: Number(board.getAttribute('data-step')),
    busy: board.classList.contains('busy'),
    end: !document.querySelector('#end').classList.contains('hidden'),
    pieces,
  };
}"""

VIEWPORTS = {"desktop": {"width": 1280, "height": 720}, "phone": {"width": 390, "height": 844}}
# The legal actions that are buttons under the board rather than pieces on it.
BUTTONS = {"use", "skip", "end_turn"}


def key(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)


def state_at(streams: list[list[dict[str, Any]]], step: int) -> dict[str, Any] | None:
    found = None
    for stream in streams:
        for m in stream:
            if m["type"] == "state" and m["step"] == step:
                found = m
    return found


def piece_at(page: Page, step: int, piece: str) -> Locator:
    return page.locator(f'#view [data-testid=board][data-step="{step}"] [data-piece="{piece}"]')


def click_piece(page: Page, step: int, piece: str) -> None:
    loc = piece_at(page, step, piece)
    box = loc.bounding_box(timeout=1500)
    assert box is not None
    # crew cards overlap, each showing its top strip: click there (the centre of anything else)
    loc.click(position={"x": box["width"] / 2, "y": min(box["height"] / 2, 5)}, timeout=1500)


def play_by_board(
    page: Page,
    streams: list[list[dict[str, Any]]],
    rng: random.Random,
    *,
    keyboard: bool,
    screenshot: bool,
    limit: float = 300.0,
) -> dict[str, int]:
    deadline = time.monotonic() + limit
    counts = {"clicks": 0, "menus": 0, "checked": 0, "keyboard": 0}
    while time.monotonic() < deadline:
        assert page.js_errors == [], page.js_errors  # type: ignore[attr-defined]
        seen = page.evaluate(READ)
        if seen is None or seen["busy"]:
            page.wait_for_timeout(30)
            continue
        if seen["end"]:
            return counts
        st = state_at(streams, seen["step"])
        if st is None:  # the frame is not yet reported to the test
            page.wait_for_timeout(30)
            continue
        offered = sorted(key(a) for p in seen["pieces"] for a in p["actions"])
        legal = sorted(key(a["action"]) for a in st["legal"])
        # nothing legal out of reach, nothing illegal offered, each action on one piece only
        assert offered == legal, (seen["step"], offered, legal)
        for p in seen["pieces"]:
            if not p["svg"]:
                assert p["actions"][0]["type"] in BUTTONS, p
        counts["checked"] += 1
        if not seen["pieces"]:
            page.wait_for_timeout(30)
            continue
        if screenshot and counts["clicks"] == 36:
            SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
            page.locator("#view").screenshot(path=str(SCREENSHOT))
        # prefer the pieces on the board to the buttons under it, so that games go on
        on_board = [p for p in seen["pieces"] if p["svg"]] or seen["pieces"]
        choice = rng.choice(on_board)
        try:
            if keyboard and counts["keyboard"] == 0 and choice["svg"]:
                piece_at(page, seen["step"], choice["piece"]).focus(timeout=1500)
                page.keyboard.press("Enter")
                counts["keyboard"] += 1
            else:
                click_piece(page, seen["step"], choice["piece"])
            counts["clicks"] += 1
            if len(choice["actions"]) > 1:
                items = page.locator("[data-testid=board-menu-item]")
                items.first.wait_for(timeout=1500)
                shown = sorted(
                    key(json.loads(x))
                    for x in items.evaluate_all(
                        "ns => ns.map((n) => n.getAttribute('data-action'))"
                    )
                )
                assert shown == sorted(key(a) for a in choice["actions"])
                if keyboard and counts["menus"] == 0:
                    page.keyboard.press("Enter")  # the first item has the focus
                else:
                    items.nth(rng.randrange(items.count())).click(timeout=1500)
                counts["menus"] += 1
        except PWTimeout:
            continue  # the board was drawn again meanwhile (a bot played): read it again
    raise AssertionError(f"no end screen after {limit}s ({counts})")


CASES = [
    ("en", "desktop", 2),
    ("fr", "phone", 2),
    ("fr", "desktop", 2),
    ("en", "phone", 2),
    ("fr", "desktop", 1),  # solo: the Contrebandier's choices are seat 0's, on its Hostile Planets
]


@pytest.mark.parametrize(
    ("lang", "size", "players"), CASES, ids=[f"{lang}-{s}-{n}p" for lang, s, n in CASES]
)
def test_a_whole_wildspace_game_through_the_board(
    browser: Browser, fast_sqlite_server: Server, sqlite_db: str, lang: str, size: str, players: int
) -> None:
    server = fast_sqlite_server
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}][:players]
    t = create(server.base, "wildspace", seats, start=True)
    ctx = browser.new_context(viewport=VIEWPORTS[size])  # type: ignore[arg-type]
    page = ctx.new_page()
    streams = capture(page)
    page.goto(f"{server.base}/?lang={lang}")
    page.goto(f"{server.base}{t['seats'][0]['link']}")
    spec_ctx = browser.new_context(viewport=VIEWPORTS[size])  # type: ignore[arg-type]
    spec = spec_ctx.new_page()
    spec_streams = capture(spec)
    spec.goto(f"{server.base}/table/{t['id']}")
    page.wait_for_selector("#view [data-testid=board] svg")
    # a card's full text in the person's language on hover
    first = page.locator("#view [data-testid=board] [data-component^='card:']").first
    comp = first.get_attribute("data-component")
    first.hover()
    tip = page.locator("[data-testid=board-tip]")
    tip.wait_for(state="visible", timeout=3000)
    st = state_at(streams, int(page.locator("[data-testid=board]").get_attribute("data-step") or 0))
    assert st is not None
    text = next(c for c in st["components"] if c["id"] == comp)
    assert tip.inner_text().replace("\n", "") == text["name"] + text["text"]
    counts = play_by_board(
        page,
        streams,
        random.Random(CASES.index((lang, size, players))),
        keyboard=size == "desktop",
        screenshot=(lang, size) == ("en", "desktop"),
    )
    assert counts["clicks"] > 10 and counts["checked"] > 10, counts
    print(lang, size, players, counts)
    if players == 1:
        assert page.locator("[data-testid=smuggler]").count() == 1
    if size == "desktop":
        assert counts["keyboard"] == 1
    # the end: the last state's board shows the final scores, the list was never clicked
    assert page.locator("#end h2").first.text_content() == (
        "Partie terminée" if lang == "fr" else "Game over"
    )
    assert check_messages(sqlite_db, t["id"], streams) > 0
    assert all(m["lang"] == lang for s in streams for m in s if m["type"] in ("state", "end"))
    assert page.js_errors == []  # type: ignore[attr-defined]
    # a spectator sees the board and has nothing to click on it
    spec.wait_for_selector("#view [data-testid=board] svg")
    assert spec.locator("#view [data-testid=board] [data-actions]").count() == 0
    assert check_messages(sqlite_db, t["id"], spec_streams) > 0
    assert spec.js_errors == []  # type: ignore[attr-defined]
    if (lang, size) == ("en", "desktop"):
        assert SCREENSHOT.exists()
    for c in (ctx, spec_ctx):
        with contextlib.suppress(Exception):
            c.close()
