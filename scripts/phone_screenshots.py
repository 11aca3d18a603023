"""Take the phone screenshots of every game's board (``docs/screenshots/phone-<game>.png``).

A server on a throw-away SQLite database, one table per game (seat 0 a person, the others
random bots), seat 0's page in headless Chromium at 390x844 (a phone), in English; seat 0
plays a few random moves from the list of moves, then the screen is shot as the person sees
it: the board first, fitted whole to the width, with its zoom buttons.

    PYTHONPATH=src python scripts/phone_screenshots.py [GAME ...]

``SPACETABLE_CHROMIUM`` names the browser (Debian's ``/usr/bin/chromium`` by default).
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn
from playwright.sync_api import Page, sync_playwright

from spacetable.web.app import create_app
from spacetable.web.live import Settings

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
CHROMIUM = os.environ.get("SPACETABLE_CHROMIUM", "/usr/bin/chromium")
#: Each game, its number of seats and how many of seat 0's moves come before the screenshot.
GAMES = {
    "wildspace": (2, 8),
    "quazarys": (2, 6),
    "planetraiders": (2, 6),
    "tortuga2199": (2, 8),
    "spacedealer": (3, 6),
}


def serve(db: str) -> tuple[uvicorn.Server, threading.Thread, str]:
    settings = Settings(tick=0.1, bot_workers=1, warm_bots=False, rate=1000, burst=2000)
    config = uvicorn.Config(
        create_app(db, settings, ()), host="127.0.0.1", port=0, log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    port = server.servers[0].sockets[0].getsockname()[1]
    return server, thread, f"http://127.0.0.1:{port}"


def play(page: Page, moves: int, rng: random.Random) -> None:
    """Seat 0 plays ``moves`` random moves from the list (opened on a phone)."""
    played = 0
    deadline = time.monotonic() + 120
    while played < moves and time.monotonic() < deadline:
        if page.locator("#end:not(.hidden)").count():
            return
        toggle = page.locator("#actions [data-testid=actions-toggle]")
        if toggle.is_visible() and toggle.get_attribute("aria-expanded") == "false":
            toggle.evaluate("(b) => b.click()")  # (a real-time page may be too busy to look still)
        buttons = page.locator("#actions [data-testid=action]")
        if not buttons.count():
            page.wait_for_timeout(200)
            continue
        try:
            buttons.nth(rng.randrange(buttons.count())).evaluate("(b) => b.click()", timeout=1500)
            played += 1
        except Exception:  # the list was drawn again meanwhile: look again
            pass
        page.wait_for_timeout(400)


def main(games: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server, thread, base = serve(f"sqlite:///{Path(tmp) / 'shots.db'}")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                for game in games:
                    players, moves = GAMES[game]
                    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (
                        players - 1
                    )
                    body = {
                        "game": game,
                        "players": players,
                        "seats": seats,
                        "bot_delay": 0.0,
                        "start": True,
                    }
                    table = httpx.post(f"{base}/api/tables", json=body, timeout=30).json()
                    ctx = browser.new_context(
                        viewport={"width": 390, "height": 844}, has_touch=True
                    )
                    page = ctx.new_page()
                    page.goto(f"{base}/?lang=en")
                    page.goto(base + table["seats"][0]["link"])
                    page.wait_for_selector("#view [data-testid=board] svg")
                    play(page, moves, random.Random(game))
                    toggle = page.locator("#actions [data-testid=actions-toggle]")
                    if toggle.get_attribute("aria-expanded") == "true":
                        toggle.evaluate("(b) => b.click()")  # folded again, as a person leaves it
                    page.mouse.move(0, 0)  # no tip under a pointer left over the board
                    page.evaluate("() => window.scrollTo(0, 0)")
                    page.wait_for_timeout(600)
                    OUT.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(OUT / f"phone-{game}.png"))
                    print(f"phone-{game}.png")
                    ctx.close()
                browser.close()
        finally:
            server.should_exit = True
            thread.join(20)  # the tables stored before the database goes


if __name__ == "__main__":
    main(sys.argv[1:] or list(GAMES))
