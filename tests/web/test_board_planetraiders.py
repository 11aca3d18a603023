"""Planet Raiders' board (``static/boards/planetraiders.js``) in headless Chromium.

Whole two-player games against a bot played by clicking the board alone (never the fallback
list but for the actions with no piece, ``BUTTONS``), in English and in French, at 1280x720
and on a phone-sized screen, with a small ``round_limit``; at every step, what the board
offers to click is exactly the seat's legal actions (each piece carries the actions it
performs, a menu at the piece when several match: a zone's placements). A raider is moved by
clicking it, then a rocket, whose trajectory is drawn on hover before the confirming click
(checked against the pad under the rocket's nose); the raiders and rockets are drawn where the
view puts them. One move is made with the keyboard, a component's full text shows on hover,
and a screenshot of the board mid-game is kept as ``docs/screenshots/planetraiders.png``. A
spectator sees the board with nothing to click. Every WebSocket message the pages received is
checked against what its seat may know (:mod:`.leakcheck`).
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
from playwright.sync_api import Browser, Locator, Page
from playwright.sync_api import TimeoutError as PWTimeout

from .conftest import Server, create
from .leakcheck import check_messages
from .test_boards import VIEWPORTS, key, piece_at, state_at
from .test_e2e import browser, capture

__all__ = ["browser"]

SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "planetraiders.png"
# The legal actions that are buttons under the board: they name no piece (ending the moves
# of the turn, ending the turn).
BUTTONS = {"end_moves", "end_turn"}
S, M = 64, 22  # the board's square and margin (boards/planetraiders.js)

# What the board shows and offers, read at once (the page may change meanwhile): the pieces,
# the raiders and rockets with where they are drawn.
READ = """() => {
  const board = document.querySelector('#view [data-testid=board]');
  if (!board) return null;
  const pieces = [...board.querySelectorAll('[data-actions]')].map((n) => ({
    piece: n.getAttribute('data-piece'), svg: n instanceof SVGElement,
    actions: JSON.parse(n.getAttribute('data-actions')),
  }));
  const marks = {};
  for (const n of board.querySelectorAll('[data-mark]')) {
    marks[n.getAttribute('data-mark')] = n.getAttribute('data-sig');
  }
  const changed = [...board.querySelectorAll('.changed[data-mark]')]
    .map((n) => n.getAttribute('data-mark'));
  return {
    changed,
    step: Number(board.getAttribute('data-step')),
    busy: board.classList.contains('busy'),
    end: !document.querySelector('#end').classList.contains('hidden'),
    pieces,
    marks,
  };
}"""


def pad_xy(name: str) -> tuple[float, float]:
    """The middle of pad ``name`` (a square and a side) in the board's coordinates."""
    x = M + "abcdefghi".index(name[0]) * S
    y = M + (9 - int(name[1:-1])) * S
    side = name[-1]
    return {
        "n": (x + S / 2, y),
        "s": (x + S / 2, y + S),
        "w": (x, y + S / 2),
        "e": (x + S, y + S / 2),
    }[side]


def check_marks(seen: dict[str, Any], st: dict[str, Any]) -> None:
    """The raiders, rockets and hands the board draws are exactly the view's."""
    v = st["view"]
    want: dict[str, str] = {}
    for q, row in enumerate(v["raiders"]):
        for k, rd in enumerate(row):
            if rd["status"] == "board":
                want[f"raider:{q}:{k}"] = rd["pad"]
    for zone, rs in v["rockets"].items():
        for r in rs:
            want[f"rocket:{zone}:{r['nose']}"] = r["colour"]
    for pad, colour in v["aliens"].items():
        want[f"alien:{pad}"] = colour
    for q, info in enumerate(v["players_info"]):
        for rc in ("blue", "red"):
            want[f"hand:{q}:{rc}"] = str(info["hand"][rc])
    drawn = {m: s for m, s in seen["marks"].items() if not m.startswith("crew:")}
    assert drawn == want, (st["step"], drawn, want)


def check_trajectory(page: Page, step: int, piece: str, st: dict[str, Any]) -> None:
    """Hovering a rocket draws the hop from the moving raider's pad to the pad under its nose."""
    v = st["view"]
    start = v["raiders"][v["current"]][v["selected"]]["pad"]
    _, zone, nose = piece.split(":")
    trail = page.locator(f'#view [data-testid=board][data-step="{step}"] [data-testid=trajectory]')
    for _ in range(3):  # the page may draw the same state again meanwhile: hover again
        page.mouse.move(1, 1)
        piece_at(page, step, piece).hover(timeout=1500)
        if trail.is_visible():
            break
    assert trail.is_visible()
    pts = trail.locator("polyline.trail-line").get_attribute("points", timeout=1500) or ""
    coords = [tuple(float(c) for c in p.split(",")) for p in pts.split()]
    assert coords[0] == pad_xy(start) and coords[-1] == pad_xy(zone + nose), (coords, start, piece)


def shoot_trajectory(page: Page, rocket: Locator, step: int) -> None:
    """The screenshot, mid-game: a hop's trajectory drawn before the confirming click (the
    rocket focused, its tip hidden so that it covers nothing); kept only if the trajectory
    was still drawn when it was taken (the page may draw the board again meanwhile)."""
    if SCREENSHOT.exists():
        return
    page.mouse.move(1, 1)  # a hover would end when the page scrolls for the screenshot
    rocket.focus(timeout=1500)
    page.evaluate("document.querySelector('[data-testid=board-tip]').classList.add('hidden')")
    trail = page.locator(f'#view [data-testid=board][data-step="{step}"] [data-testid=trajectory]')
    if not trail.is_visible():
        return
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    page.locator("#view").screenshot(path=str(SCREENSHOT))
    if not trail.is_visible():
        SCREENSHOT.unlink()


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
                assert p["actions"][0]["type"] not in BUTTONS, p
        check_marks(seen, st)
        counts["checked"] += 1
        # the last change: a raider that moved, a rocket placed or ridden glows
        counts["changed"] += any(m.startswith(("raider:", "rocket:")) for m in seen["changed"])
        counts["panels"] += any(p["piece"].startswith("player:") for p in seen["pieces"])
        if not seen["pieces"]:
            page.wait_for_timeout(30)
            continue
        if screenshot and counts["clicks"] >= 12 and not SCREENSHOT.exists():
            page.mouse.move(1, 1)  # no tip over the board
            SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
            page.locator("#view").screenshot(path=str(SCREENSHOT))
        # prefer the pieces on the board to the buttons under it, so that games go on
        on_board = [p for p in seen["pieces"] if p["svg"]] or seen["pieces"]
        choice = rng.choice(on_board)
        counts[choice["actions"][0]["type"]] += 1
        try:
            loc = piece_at(page, seen["step"], choice["piece"])
            if choice["piece"].startswith("rocket:") and counts["trajectory"] < 3:
                check_trajectory(page, seen["step"], choice["piece"], st)
                counts["trajectory"] += 1
            if choice["piece"].startswith("zone:") and counts["ghosts"] < 2:
                # hovering a zone shows the free sides the placements would point at
                loc.hover(timeout=1500)
                ghosts = loc.locator(".pr-ghosts:not(.hidden) .ghost")
                assert ghosts.count() == len({a["nose"] for a in choice["actions"]})
                counts["ghosts"] += 1
            if choice["piece"].startswith("rocket:") and screenshot and counts["clicks"] >= 4:
                shoot_trajectory(page, loc, seen["step"])
            if keyboard and counts["keyboard"] == 0 and choice["svg"]:
                loc.focus(timeout=1500)
                page.keyboard.press("Enter")
                counts["keyboard"] += 1
            else:
                loc.click(timeout=1500)
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
                    page.keyboard.press("Enter")  # the menu's first choice has the focus
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
    ("en", "desktop", 3),  # gifts: another player's panel takes a rocket
]


@pytest.mark.parametrize(
    ("lang", "size", "players"), CASES, ids=[f"{lang}-{s}-{n}p" for lang, s, n in CASES]
)
def test_a_whole_planetraiders_game_through_the_board(
    browser: Browser, fast_sqlite_server: Server, sqlite_db: str, lang: str, size: str, players: int
) -> None:
    server = fast_sqlite_server
    shot = (lang, size, players) == ("en", "desktop", 2)
    if shot:
        SCREENSHOT.unlink(missing_ok=True)  # taken again mid-game
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * (players - 1)
    rounds = 16 if players == 2 else 8
    t = create(server.base, "planetraiders", seats, start=True, options={"round_limit": rounds})
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
    # the page is never wider than the screen (the board scrolls sideways)
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[size]["width"]
    # a ship's full text in the person's language on hover
    ship = page.locator("#view [data-testid=board] [data-component^='ship:']").first
    comp = ship.get_attribute("data-component")
    ship.hover()
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
        screenshot=shot,
    )
    print(lang, size, players, dict(counts))
    assert counts["clicks"] > 10 and counts["checked"] > 10, counts
    # every kind of piece was played: raiders, rockets (hops), zones (placements)
    assert counts["select"] and counts["hop"] and counts["place"], counts
    if size == "desktop":
        assert counts["keyboard"] == 1
    assert counts["trajectory"] >= 1 and counts["ghosts"] >= 1
    assert counts["changed"] >= 1
    # gifts are on the other players' panels (three or more players), never with two
    assert (counts["panels"] > 0) == (players > 2), counts
    assert page.locator("#end h2").first.text_content() == (
        "Partie terminée" if lang == "fr" else "Game over"
    )
    assert check_messages(sqlite_db, t["id"], streams) > 0
    assert all(m["lang"] == lang for s in streams for m in s if m["type"] in ("state", "end"))
    assert page.js_errors == []  # type: ignore[attr-defined]
    # a spectator sees the board and has nothing to click on it
    spec.wait_for_selector("#view [data-testid=board] svg")
    assert spec.locator("#view [data-testid=board] [data-actions]").count() == 0
    assert spec.locator("#view [data-testid=board] .raider").count() > 0
    assert check_messages(sqlite_db, t["id"], spec_streams) > 0
    assert spec.js_errors == []  # type: ignore[attr-defined]
    if shot:
        assert SCREENSHOT.exists()
    for c in (ctx, spec_ctx):
        with contextlib.suppress(Exception):
            c.close()
