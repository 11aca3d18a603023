"""One name per seat on every page: a table with a named person and a bot, played to its end;
the header, the board's panels, the log lines, the live region, the chat, the end screen, the
lobby's list and the replay all name each seat the same way (``generic.js``'s ``seatName``:
the person's name or the bot's level, then the seat's shape, colour and number)."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Browser, expect

from .conftest import Server, create
from .test_e2e import browser
from .test_keyboard_play import keyboard_page, play_by_keyboard

__all__ = ["browser"]

NAMES = {
    "en": ("Moimoi (● orange, seat 0)", "bot random (■ sky blue, seat 1)"),
    "fr": ("Moimoi (● orange, place 0)", "robot hasard (■ bleu ciel, place 1)"),
}


def test_every_panel_names_a_seat_the_same_way(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    base = fast_sqlite_server.base
    seats = [{"kind": "human", "name": "Moimoi"}, {"kind": "bot", "level": "random"}]
    t = create(base, "tortuga2199", seats, start=True, options={"round_limit": 3})
    person, bot = NAMES["en"]
    page = keyboard_page(browser, fast_sqlite_server, t["seats"][0]["link"], "en")
    expect(page.locator("[data-testid=who]")).to_have_text(f"You are: {person}")
    board = page.locator("#view [data-testid=board]")
    expect(board).to_contain_text(person)
    expect(board).to_contain_text(bot)
    page.fill("[data-testid=chat-text]", "hello")
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=chat-list]")).to_contain_text(f"{person}:hello")
    play_by_keyboard(page, random.Random(5), 240.0)
    # every log line of a seat's event starts with its name (the game's sentence names it
    # first, or the name comes before the sentence), the live region's too; the game's
    # sentences name seats the same way, never "Player 1"
    lines = page.locator("#log li").all_inner_texts()
    assert any(x.startswith(f"{person} ") for x in lines), lines[-5:]
    assert any(x.startswith(f"{bot} ") for x in lines), lines[-5:]
    assert not [x for x in lines if x.startswith("Seat ")], lines
    unnamed = [x.replace(person, "").replace(bot, "") for x in lines]
    assert not [x for x in unnamed if re.search(r"(?i)\b(player|seat) \d", x)], lines
    assert not [x for x in lines if "⟪" in x or "⟫" in x], lines
    said = page.locator("[data-testid=announce]").text_content() or ""
    assert said == "" or any(x and x in said for x in lines), (said, lines[-3:])
    scores = page.locator("#end [data-testid=final-scores]").inner_text()
    assert person in scores and bot in scores, scores
    breakdown = page.locator("#end [data-testid=breakdown] tr").first.inner_text()
    assert person in breakdown and bot in breakdown, breakdown
    page.context.close()
    # the lobby's list and the replay, in French
    person, bot = NAMES["fr"]
    page = browser.new_context().new_page()
    page.goto(f"{base}/?lang=fr")
    row = page.locator(f"#tables [data-table='{t['id']}']")
    expect(row).to_contain_text(f"{person}; {bot}")
    page.goto(f"{base}/replay/{t['id']}")
    expect(page.locator("[data-testid=steps]")).not_to_have_text("0")
    page.click("[data-testid=last]")
    scores = page.locator("[data-testid=final-scores]").inner_text()
    assert person in scores and bot in scores, scores
    page.context.close()
