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
taken and checked (``docs/screenshots/tortuga2199.png`` with ``SPACETABLE_SCREENSHOTS=1``). A
spectator sees the board with nothing to click. Every WebSocket message the pages received is
checked against what its seat may know (:mod:`.leakcheck`). The play itself is
:class:`.boardplay.Player`'s.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PWTimeout

import spacetable
from spacetable.games.tortuga2199.constants import TEXT

from .boardplay import Player, check_end, check_tip, open_table, read_more
from .conftest import Server, create
from .test_e2e import browser

__all__ = ["browser"]

# The legal actions that are buttons under the board rather than pieces on it: they name
# no component (ending the turn, closing the abilities, announcing or revealing the combat
# cards, keeping one's markers after a probe).
BUTTONS = frozenset({"end", "ability_done", "commit_done", "defend_done", "no_marker"})
# The card ids of the shipped data set, by card number (a row of its cards.csv).
CARD_IDS: list[str] = list(spacetable.new_game("tortuga2199", 2).parts.card_id)

# What the board shows and offers, with the component each card piece names and how many of
# the attacker's combat cards lie face down.
READ = read_more("""
  const cards = [...board.querySelectorAll('[data-component^="card:"]')].map((n) => ({
    mark: n.getAttribute('data-mark'), component: n.getAttribute('data-component'),
  }));
  return { cards, facedown: board.querySelectorAll('[data-mark^="combat:a:"]').length };
""")


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


class Tortuga(Player):
    read = READ
    buttons = BUTTONS
    shot_after = 25

    def check(self, seen: dict[str, Any], st: dict[str, Any]) -> None:
        counts = self.counts
        counts["cards"] += check_cards(seen, st)
        cb = st["view"]["combat"]
        if cb and cb["attack_cards"] is None:  # the attacker's cards, face down until the reveal
            # (no count yet while the attacker has not chosen: nothing face down)
            assert seen["facedown"] == (cb["attack_count"] or 0), (seen["facedown"], cb)
            counts["facedown"] += 1
        if counts["preview"] == 0 and preview(self.page, seen["step"], st):
            counts["preview"] += 1

    def choose(self, seen: dict[str, Any]) -> dict[str, Any]:
        """A piece on the board that does something not yet done in this game if there is
        one (so that every kind of piece is pressed: the markets, the moves...), else mostly
        the pieces on the board, sometimes a button (ending the turn), so that the game goes
        on."""
        on_board = [p for p in seen["pieces"] if p["svg"]]
        buttons = [p for p in seen["pieces"] if not p["svg"]]
        new = [
            p for p in on_board if any(not self.counts["type:" + a["type"]] for a in p["actions"])
        ]
        if new:
            return dict(self.rng.choice(new))
        if on_board and (not buttons or self.rng.random() < 0.92):
            return dict(self.rng.choice(on_board))
        return dict(self.rng.choice(buttons))


# (each language and size once: a whole game a case; the peaceful scenario's board below)
CASES = [
    ("en", "desktop", "standard"),
    ("fr", "phone", "aggressive"),
]


def scenario_title(lang: str, scenario: str) -> str:
    """How the board names the scenario: the game's own words (``text.toml``)."""
    return TEXT.get(lang, "r_scenario_is", scenario=TEXT.get(lang, "sc_" + scenario))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_peaceful_scenario_says_its_changed_rule_on_the_board(
    browser: Browser, fast_sqlite_server: Server, lang: str
) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    options = {"round_limit": 8, "scenario": "peaceful"}
    t = create(fast_sqlite_server.base, "tortuga2199", seats, options=options, start=True)
    with open_table(browser, fast_sqlite_server, t, lang, "desktop") as table:
        header = table.page.locator("[data-testid=tg-scenario]").text_content() or ""
        assert header.startswith(scenario_title(lang, "peaceful")), header
        # no attacks; Crypto conquers (drawn on several lines: read without the spaces)
        rules = TEXT.get(lang, "sc_peaceful_rules")
        assert "".join(rules.split()) in "".join(header.split()), header


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
    shot = (lang, size) == ("en", "desktop")
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    t = create(
        server.base,
        "tortuga2199",
        seats,
        options={"round_limit": 8, "scenario": scenario},
        start=True,
    )
    with open_table(browser, server, t, lang, size) as table:
        page = table.page
        # the scenario and its changed rules on the board
        header = page.locator("[data-testid=tg-scenario]").text_content() or ""
        assert header.startswith(scenario_title(lang, scenario)), header
        # a sector's full text in the person's language on hover
        check_tip(page, table.streams, "[data-component='sector:tortuga']")
        page.mouse.move(0, 0)
        player = Tortuga(
            table, CASES.index((lang, size, scenario)), screenshot="tortuga2199" if shot else None
        )
        counts = player.play()
        print(lang, size, scenario, dict(counts))
        pieces = counts["clicks"] - counts["buttons"]  # on the board
        assert pieces > 20 and counts["checked"] > 20, counts
        assert counts["cards"] > 50, counts
        assert counts["preview"] == 1, counts
        for kind in ("play", "move"):
            assert counts["type:" + kind] > 0, counts
        assert counts["type:buy"] + counts["type:renew"] > 0, counts  # the markets were used
        if size == "desktop":
            assert counts["keyboard"] == 1
        check_end(table, sqlite_db, t["id"], lang)
        assert table.spec.locator("[data-testid=tg-player-1]").count() == 1
        if shot:
            assert player.shot is not None  # taken in this game


def test_the_pointer_at_a_hexs_centre_lands_on_something_that_tells_its_text(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    """A token drawn on a hex that tells nothing of its own (a hunt whose creature is hidden)
    lets the pointer through: at every hex's centre, the element under the pointer belongs
    to a piece with a text (the token's own or the sector's)."""
    t = create(fast_sqlite_server.base, "tortuga2199", [{"kind": "human"}] * 2, start=True)
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    page = ctx.new_page()
    page.goto(f"{fast_sqlite_server.base}{t['spectate']}")
    page.wait_for_selector("#view [data-testid=board] .sector")
    found = page.evaluate(
        """() => [...document.querySelectorAll('#view [data-testid=board] .sector')].map((g) => {
          const r = g.querySelector('polygon').getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          const piece = hit && hit.closest('[data-component]');
          return [g.getAttribute('data-slot'), piece ? piece.getAttribute('data-component') : null];
        })"""
    )
    assert len(found) >= 7
    assert all(component for _, component in found), found
    ctx.close()
