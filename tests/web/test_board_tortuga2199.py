"""Tortuga 2199's board (``static/boards/tortuga2199.js``) in headless Chromium.

Whole two-player games against a bot played by clicking the board alone (never the fallback
list but for the actions with no piece, ``BUTTONS``), in English and in French, at 1280x720
and on a phone-sized screen, in the three scenarios, with the table option ``round_limit``
(the rulebook has no round limit); at every step, what the board offers to click is exactly
the seat's legal actions (each piece carries the actions it performs, a menu at the piece
when several match), and every card drawn in the hand, the markets, the played cards and the
T piles names the card of its number (the board pairs the view's card numbers with the
component ids). One move is made with the keyboard, a sector's full text shows on hover, the
scenario's changed rules are written on the board, and a screenshot of the board mid-game is
kept as ``docs/screenshots/tortuga2199.png``. A spectator sees the board with nothing to
click. Every WebSocket message the pages received is checked against what its seat may know
(:mod:`.leakcheck`).
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PWTimeout

import spacetable

from .conftest import Server, create
from .leakcheck import check_messages
from .test_boards import VIEWPORTS, key, piece_at, state_at
from .test_e2e import browser, capture

__all__ = ["browser"]

SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "tortuga2199.png"
# The legal actions that are buttons under the board rather than pieces on it: they name
# no component (ending the turn, closing the abilities, announcing or revealing the combat
# cards, keeping one's markers after a probe).
BUTTONS = {"end", "ability_done", "commit_done", "defend_done", "no_marker"}
# The card ids of the shipped data set, by card number (a row of its cards.csv).
CARD_IDS: list[str] = list(spacetable.new_game("tortuga2199", 2).parts.card_id)  # type: ignore[attr-defined]

# What the board shows and offers, read at once (the page may change meanwhile), with the
# component each card piece names.
READ = """() => {
  const board = document.querySelector('#view [data-testid=board]');
  if (!board) return null;
  const pieces = [...board.querySelectorAll('[data-actions]')].map((n) => ({
    piece: n.getAttribute('data-piece'), svg: n instanceof SVGElement,
    actions: JSON.parse(n.getAttribute('data-actions')),
  }));
  const cards = [...board.querySelectorAll('[data-component^="card:"]')].map((n) => ({
    mark: n.getAttribute('data-mark'), component: n.getAttribute('data-component'),
  }));
  return {
    facedown: board.querySelectorAll('[data-mark^="combat:a:"]').length,
    step: Number(board.getAttribute('data-step')),
    busy: board.classList.contains('busy'),
    end: !document.querySelector('#end').classList.contains('hidden'),
    pieces,
    cards,
  };
}"""


def check_cards(seen: dict[str, Any], st: dict[str, Any]) -> int:
    """Every marked card piece names the card its number stands for in the view."""
    v = st["view"]
    want: dict[str, int] = {}
    for c in v["hand"] or []:
        want[f"hand:{c}"] = c
    for m, mk in v["markets"].items():
        for i, c in enumerate(mk["face"]):
            want[f"face:{m}:{i}"] = c
    for q, p in enumerate(v["players"]):
        for c in p["played"]:
            want[f"played:{q}:{c}"] = c
        if p["discard"]:
            want[f"discard:{q}"] = p["discard"][-1]
    checked = 0
    for cd in seen["cards"]:
        if cd["mark"] in want:
            assert cd["component"] == "card:" + CARD_IDS[want[cd["mark"]]], (cd, st["step"])
            checked += 1
    return checked


# The hexes outlined as where the seat's ship may go.
OUTLINED = """() => [...document.querySelectorAll('#view [data-testid=board] .sector')]
  .filter((g) => g.querySelector('polygon').style.stroke !== '')
  .map((g) => Number(g.getAttribute('data-slot')))"""


def preview(page: Page, step: int, st: dict[str, Any]) -> bool:
    """Hovering the seat's own ship outlines exactly the sectors it may move to."""
    goes = sorted({a["action"]["sector"] for a in st["legal"] if a["action"]["type"] == "move"})
    if not goes:
        return False
    ship = page.locator(f'#view [data-testid=board][data-step="{step}"] [data-mark="ship:0"]')
    try:
        ship.hover(timeout=1000)
        outlined = sorted(page.evaluate(OUTLINED))
        page.mouse.move(0, 0)
    except PWTimeout:
        return False
    if page.evaluate(READ)["step"] != step:  # drawn again meanwhile
        return False
    assert outlined == goes, (outlined, goes)
    assert page.evaluate(OUTLINED) == []  # gone when the pointer leaves
    return True


def play_by_board(
    page: Page,
    streams: list[list[dict[str, Any]]],
    rng: random.Random,
    *,
    keyboard: bool,
    screenshot: bool,
    limit: float = 400.0,
) -> Counter[str]:
    deadline = time.monotonic() + limit
    counts: Counter[str] = Counter()
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
            else:
                assert all(a["type"] not in BUTTONS for a in p["actions"]), p
        counts["checked"] += 1
        counts["cards"] += check_cards(seen, st)
        cb = st["view"]["combat"]
        if cb and cb["attack_cards"] is None:  # the attacker's cards, face down until the reveal
            assert seen["facedown"] == cb["attack_count"], (seen["facedown"], cb)
            counts["facedown"] += 1
        if counts["preview"] == 0 and preview(page, seen["step"], st):
            counts["preview"] += 1
        if not seen["pieces"]:
            page.wait_for_timeout(30)
            continue
        if screenshot and counts["clicks"] >= 25 and not counts["screenshot"]:
            SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
            page.mouse.move(0, 0)  # no tip over the board
            page.wait_for_timeout(50)
            page.locator("#view").screenshot(path=str(SCREENSHOT))
            counts["screenshot"] += 1
        # mostly the pieces on the board, sometimes a button (ending the turn), so that the
        # game goes on
        on_board = [p for p in seen["pieces"] if p["svg"]]
        buttons = [p for p in seen["pieces"] if not p["svg"]]
        if on_board and (not buttons or rng.random() < 0.92):
            choice = rng.choice(on_board)
        else:
            choice = rng.choice(buttons)
        try:
            if not choice["svg"]:
                piece_at(page, seen["step"], choice["piece"]).click(timeout=1500)
                counts["buttons"] += 1
                continue
            for a in choice["actions"]:
                counts["type:" + a["type"]] += 1
            if keyboard and counts["keyboard"] == 0:
                piece_at(page, seen["step"], choice["piece"]).focus(timeout=1500)
                page.keyboard.press("Enter")
                counts["keyboard"] += 1
            else:
                piece_at(page, seen["step"], choice["piece"]).click(timeout=1500)
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
                items.nth(rng.randrange(items.count())).click(timeout=1500)
                counts["menus"] += 1
        except PWTimeout:
            continue  # the board was drawn again meanwhile (a bot played): read it again
    raise AssertionError(f"no end screen after {limit}s ({counts})")


CASES = [
    ("en", "desktop", "standard"),
    ("fr", "phone", "aggressive"),
    ("fr", "desktop", "peaceful"),
    ("en", "phone", "standard"),
]
RULES = {
    ("en", "standard"): "Standard rules",
    ("fr", "aggressive"): "Pirates agressifs",
    ("fr", "peaceful"): "Pirates pacifiques",
}


@pytest.mark.parametrize(
    ("lang", "size", "scenario"), CASES, ids=[f"{lang}-{s}-{sc}" for lang, s, sc in CASES]
)
def test_a_whole_tortuga_game_through_the_board(
    browser: Browser,
    fast_sqlite_server: Server,
    sqlite_db: str,
    lang: str,
    size: str,
    scenario: str,
) -> None:
    server = fast_sqlite_server
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    t = create(
        server.base,
        "tortuga2199",
        seats,
        options={"round_limit": 8, "scenario": scenario},
        start=True,
    )
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
    # the scenario and its changed rules on the board
    header = page.locator("[data-testid=tg-scenario]").text_content() or ""
    if (lang, scenario) in RULES:
        assert header.startswith(RULES[(lang, scenario)]), header
    if scenario == "peaceful":
        assert "Cryptos" in header
    # a sector's full text in the person's language on hover
    sector = page.locator("#view [data-testid=board] [data-component='sector:tortuga']").first
    sector.hover()
    tip = page.locator("[data-testid=board-tip]")
    tip.wait_for(state="visible", timeout=3000)
    st = state_at(streams, int(page.locator("[data-testid=board]").get_attribute("data-step") or 0))
    assert st is not None
    text = next(c for c in st["components"] if c["id"] == "sector:tortuga")
    assert tip.inner_text().replace("\n", "") == text["name"] + text["text"]
    page.mouse.move(0, 0)
    # the page never widens beyond the screen: the board scrolls sideways
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= VIEWPORTS[size]["width"], width
    counts = play_by_board(
        page,
        streams,
        random.Random(CASES.index((lang, size, scenario))),
        keyboard=size == "desktop",
        screenshot=(lang, size) == ("en", "desktop"),
    )
    print(lang, size, scenario, dict(counts))
    assert counts["clicks"] > 20 and counts["checked"] > 20, counts
    assert counts["cards"] > 50, counts
    assert counts["preview"] == 1, counts
    for kind in ("play", "move"):
        assert counts["type:" + kind] > 0, counts
    assert counts["type:buy"] + counts["type:renew"] > 0, counts  # the markets were used
    if size == "desktop":
        assert counts["keyboard"] == 1
    assert page.locator("#end h2").first.text_content() == (
        "Partie terminée" if lang == "fr" else "Game over"
    )
    assert check_messages(sqlite_db, t["id"], streams) > 0
    assert all(m["lang"] == lang for s in streams for m in s if m["type"] in ("state", "end"))
    assert page.js_errors == []  # type: ignore[attr-defined]
    # a spectator sees the board and has nothing to click on it
    spec.wait_for_selector("#view [data-testid=board] svg")
    assert spec.locator("#view [data-testid=board] [data-actions]").count() == 0
    assert spec.locator("[data-testid=tg-player-1]").count() == 1
    assert check_messages(sqlite_db, t["id"], spec_streams) > 0
    assert spec.js_errors == []  # type: ignore[attr-defined]
    if (lang, size) == ("en", "desktop"):
        assert counts["screenshot"] == 1 and SCREENSHOT.exists()  # taken in this game
    for c in (ctx, spec_ctx):
        with contextlib.suppress(Exception):
            c.close()
