"""Planet Raiders' board (``static/boards/planetraiders.js``) in headless Chromium.

Whole two-player games against a bot played by clicking the board alone (never the fallback
list but for the actions with no piece, ``BUTTONS``), in English and in French, at 1280x720
and on a phone-sized screen, with a small ``round_limit``; at every step, what the board
offers to click is exactly the seat's legal actions (each piece carries the actions it
performs, a menu at the piece when several match: a zone's placements). A raider is moved by
clicking it, then a rocket, whose trajectory is drawn on hover before the confirming click
(checked against the pad under the rocket's nose); the raiders and rockets are drawn where the
view puts them. One move is made with the keyboard, a component's full text shows on hover,
and a screenshot of the board mid-game, a trajectory drawn if one is, is taken and checked
(``docs/screenshots/planetraiders.png`` with ``SPACETABLE_SCREENSHOTS=1``). A spectator sees the
board with nothing to click. Every WebSocket message the pages received is checked against
what its seat may know (:mod:`.leakcheck`). The play itself is :class:`.boardplay.Player`'s.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page

from .boardplay import (
    Player,
    check_end,
    check_tip,
    open_table,
    piece_at,
    read_more,
    take_screenshot,
)
from .conftest import Server, create
from .test_e2e import browser

__all__ = ["browser"]

# The legal actions that are buttons under the board: they name no piece (ending the moves
# of the turn, ending the turn).
BUTTONS = frozenset({"end_moves", "end_turn"})
S, M = 64, 22  # the board's square and margin (boards/planetraiders.js)

# What the board shows and offers, and where it draws the raiders, rockets and hands (their
# marks' signatures), with the marks glowing as the last change.
READ = read_more("""
  const marks = {};
  for (const n of board.querySelectorAll('[data-mark]')) {
    marks[n.getAttribute('data-mark')] = n.getAttribute('data-sig');
  }
  const changed = [...board.querySelectorAll('.changed[data-mark]')]
    .map((n) => n.getAttribute('data-mark'));
  return { marks, changed };
""")


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


class PlanetRaiders(Player):
    read = READ
    buttons = BUTTONS
    shot_after = 12

    def check(self, seen: dict[str, Any], st: dict[str, Any]) -> None:
        check_marks(seen, st)
        # the last change: a raider that moved, a rocket placed or ridden glows
        self.counts["changed"] += any(m.startswith(("raider:", "rocket:")) for m in seen["changed"])
        self.counts["panels"] += any(p["piece"].startswith("player:") for p in seen["pieces"])

    def press(self, step: int, choice: dict[str, Any], st: dict[str, Any]) -> None:
        page, counts, piece = self.page, self.counts, choice["piece"]
        loc = piece_at(page, step, piece)
        if piece.startswith("rocket:") and counts["trajectory"] < 3:
            check_trajectory(page, step, piece, st)
            counts["trajectory"] += 1
        if piece.startswith("zone:") and counts["ghosts"] < 2:
            # hovering a zone shows the free sides the placements would point at
            loc.hover(timeout=1500)
            ghosts = loc.locator(".pr-ghosts:not(.hidden) .ghost")
            assert ghosts.count() == len({a["nose"] for a in choice["actions"]})
            counts["ghosts"] += 1
        if piece.startswith("rocket:") and self.screenshot and counts["clicks"] >= 4:
            self.shoot_trajectory(loc, step)
        super().press(step, choice, st)

    def shoot_trajectory(self, rocket: Locator, step: int) -> None:
        """The screenshot, mid-game: a hop's trajectory drawn before the confirming click (the
        rocket focused, its tip hidden so that it covers nothing); kept only if the trajectory
        was still drawn when it was taken (the page may draw the board again meanwhile)."""
        if self.shot is not None:
            return
        page = self.page
        page.mouse.move(1, 1)  # a hover would end when the page scrolls for the screenshot
        rocket.focus(timeout=1500)
        page.evaluate("document.querySelector('[data-testid=board-tip]').classList.add('hidden')")
        trail = page.locator(
            f'#view [data-testid=board][data-step="{step}"] [data-testid=trajectory]'
        )
        if not trail.is_visible():
            return
        shot = take_screenshot(page)
        if trail.is_visible():
            self.shot = shot


# (each language and size once: a whole game a case)
CASES = [
    ("fr", "phone", 2),
    ("en", "desktop", 3),  # gifts: another player's panel takes a rocket
]


@pytest.mark.parametrize(
    ("lang", "size", "players"), CASES, ids=[f"{lang}-{s}-{n}p" for lang, s, n in CASES]
)
def test_a_whole_planetraiders_game_through_the_board(
    browser: Browser, fast_sqlite_server: Server, sqlite_db: str, lang: str, size: str, players: int
) -> None:
    server = fast_sqlite_server
    shot = (lang, size) == ("en", "desktop")
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * (players - 1)
    rounds = 16 if players == 2 else 8
    t = create(server.base, "planetraiders", seats, start=True, options={"round_limit": rounds})
    with open_table(browser, server, t, lang, size) as table:
        page = table.page
        # a ship's full text in the person's language on hover
        check_tip(page, table.streams, "[data-component^='ship:']")
        player = PlanetRaiders(
            table, CASES.index((lang, size, players)), screenshot="planetraiders" if shot else None
        )
        counts = player.play()
        print(lang, size, players, dict(counts))
        assert counts["clicks"] > 10 and counts["checked"] > 10, counts
        # every kind of piece was played: raiders, rockets (hops), zones (placements)
        assert counts["type:select"] and counts["type:hop"] and counts["type:place"], counts
        if size == "desktop":
            assert counts["keyboard"] == 1
        assert counts["trajectory"] >= 1 and counts["ghosts"] >= 1
        assert counts["changed"] >= 1
        # gifts are on the other players' panels (three or more players), never with two
        assert (counts["panels"] > 0) == (players > 2), counts
        check_end(table, sqlite_db, t["id"], lang)
        assert table.spec.locator("#view [data-testid=board] .raider").count() > 0
        if shot:
            assert player.shot is not None  # taken in this game
