"""The game boards of the browser client (``static/boards/``), in headless Chromium.

A whole Wild Space game against a bot played by clicking the board alone (never the
fallback list of actions), in French and in English, at 1280x720 and on a phone-sized
screen; at every step, what the board offers to click is exactly the seat's legal actions
(each piece carries the actions it performs, a menu at the piece when several match). One
move is made with the keyboard, a card's full text is shown on hover, and a screenshot of the
board mid-game is taken and checked (``docs/screenshots/wildspace.png`` with
``SPACETABLE_SCREENSHOTS=1``). A spectator sees the board with nothing to click. Every
WebSocket message the pages received is then checked against what its seat may know
(:mod:`.leakcheck`). The play itself is :class:`.boardplay.Player`'s.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser

from .boardplay import Player, check_end, check_tip, open_table, piece_at
from .conftest import Server, create
from .test_e2e import browser

__all__ = ["browser"]


class WildSpace(Player):
    # the legal actions that are buttons under the board rather than pieces on it
    buttons = frozenset({"use", "skip", "end_turn"})
    shot_after = 36

    def click(self, step: int, choice: dict[str, Any], st: dict[str, Any]) -> None:
        loc = piece_at(self.page, step, choice["piece"])
        box = loc.bounding_box(timeout=1500)
        assert box is not None
        # crew cards overlap, each showing its top strip: click there (the centre of anything else)
        loc.click(position={"x": box["width"] / 2, "y": min(box["height"] / 2, 5)}, timeout=1500)


# (each language and size once: a whole game a case)
CASES = [
    ("fr", "phone", 2),
    ("en", "desktop", 1),  # solo: the Contrebandier's choices are seat 0's, on its Hostile Planets
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
    shot = (lang, size) == ("en", "desktop")
    with open_table(browser, server, t, lang, size) as table:
        page = table.page
        # a card's full text in the person's language on hover
        check_tip(page, table.streams, "[data-component^='card:']")
        player = WildSpace(
            table, CASES.index((lang, size, players)), screenshot="wildspace" if shot else None
        )
        counts = player.play(300.0)
        print(lang, size, players, dict(counts))
        assert counts["clicks"] > 10 and counts["checked"] > 10, counts
        if players == 1:
            assert page.locator("[data-testid=smuggler]").count() == 1
        if size == "desktop":
            assert counts["keyboard"] == 1
        # the end: the last state's board shows the final scores, the list was never clicked
        check_end(table, sqlite_db, t["id"], lang)
        if shot:
            assert player.shot is not None  # taken in this game
