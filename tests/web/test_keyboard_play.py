"""Playing with the keyboard alone (``page.keyboard``: Tab, Enter, Space, the arrows, Escape;
no click, no ``focus()`` from the test): a whole game of each of the five games against bots,
with the shortest settings; and the dialogs (a piece's menu, the hot-seat hand-off, the end
screen) hold the focus while open, close on Escape where they may, and give the focus back.

The test reads the page (``page.evaluate``) to decide which key to press, as a person reads the
screen; it never moves the focus itself.
"""

from __future__ import annotations

import contextlib
import random
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PWTimeout

from . import loopback
from .conftest import Server, create
from .test_e2e import browser

__all__ = ["browser"]

# Where the focus is and what the page offers, read at once.
FOCUS = """() => {
  const a = document.activeElement;
  const board = document.querySelector('#view [data-testid=board]');
  const end = document.querySelector('#end');
  const menu = a && a.closest ? a.closest('[data-testid=board-menu]') : null;
  const piece = a && a.closest && board && board.contains(a) ? a.closest('[data-actions]') : null;
  return {
    end: end.open && !end.classList.contains('hidden'),
    in_end: end.contains(a),
    in_board: !!(board && board.contains(a)),
    focus: a ? (a.getAttribute('data-testid') || a.getAttribute('data-piece') || a.tagName) : null,
    body: a === document.body || a === null,
    menu: menu !== null,
    items: menu ? menu.querySelectorAll('[data-testid=board-menu-item]').length : 0,
    piece: piece ? piece.getAttribute('data-piece') : null,
    actions: piece ? JSON.parse(piece.getAttribute('data-actions')).length : 0,
    playable: board ? board.querySelectorAll('[data-actions]').length : 0,
    busy: board ? board.classList.contains('busy') : true,
    step: board ? Number(board.getAttribute('data-step')) : -1,
  };
}"""


# The focus is somewhere again (or the game ended): what the board's own handlers do after a
# piece under the focus went away, which a loaded machine may run late.
SETTLED = """() => {
  const a = document.activeElement, end = document.querySelector('#end');
  return (a !== null && a !== document.body) || (end.open && !end.classList.contains('hidden'));
}"""


# The first element the end screen gave the focus to (its OK button), kept by the page from
# its first script on: the player may press Tab in the moment the end screen opens (a real-time
# game ends by its clock), which moves the focus on within the end screen.
END_FIRST_FOCUS = """document.addEventListener('focusin', (ev) => {
  const a = ev.target;
  if (window.endFirstFocus === undefined && a.closest && a.closest('#end')) {
    window.endFirstFocus = a.getAttribute('data-testid') || a.tagName;
  }
}, true);"""


def seen(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(FOCUS)
    return found


def tab_to_the_board(page: Page) -> int:
    """Tab from the top of the page to the board's first playable piece (once the seat has
    one: a real-time seat may wait); how many presses."""
    n = 0
    deadline = time.monotonic() + 90
    while n < 80 and time.monotonic() < deadline:
        s = seen(page)
        if s["piece"] is not None:
            return n
        if not s["playable"] or s["busy"]:
            page.wait_for_timeout(50)
            continue
        page.keyboard.press("Tab")
        n += 1
    raise AssertionError(f"Tab never reached a playable piece: {seen(page)}")


def play_by_keyboard(page: Page, rng: random.Random, limit: float) -> dict[str, int]:
    """Seat 0's decisions with the keyboard alone until the end screen: Tab a random number of
    times among the playable pieces (Tab passes the others), sometimes an arrow key, then
    Enter or Space; in a piece's menu, the arrow keys then Enter. Counts what it did; asserts
    that the focus, once on the board, is never lost to the page (drawn again after every
    move and every bot's move, the board keeps it)."""
    counts = {"moves": 0, "menus": 0, "tabs": tab_to_the_board(page), "arrows": 0, "waits": 0}
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        assert page.js_errors == [], page.js_errors  # type: ignore[attr-defined]
        s = seen(page)
        if s["end"]:
            return counts
        if s["body"]:  # the page's pending tasks may give it back (a piece just taken away)
            with contextlib.suppress(PWTimeout):  # (if not, the assertion below says so)
                page.wait_for_function(SETTLED, timeout=5_000)
            s = seen(page)
            if s["end"]:
                return counts
        assert not s["body"], ("the focus fell off the board", s, counts)
        if s["menu"]:
            for _ in range(rng.randrange(s["items"])):
                page.keyboard.press("ArrowDown")
            page.keyboard.press("Enter")
            counts["menus"] += 1
            continue
        if s["busy"] or not s["playable"]:
            counts["waits"] += 1
            page.wait_for_timeout(30)
            continue
        if s["piece"] is None:  # on a piece that cannot be played now: on to a playable one
            page.keyboard.press("Home" if s["in_board"] else "Shift+Tab")  # (Tab went past)
            counts["arrows"] += 1
            assert counts["arrows"] < 50 + 5 * counts["moves"], ("lost", s, counts)
            continue
        roll = rng.random()
        if roll < 0.15:
            page.keyboard.press(rng.choice(["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"]))
            counts["arrows"] += 1
            continue
        if roll < 0.5 and s["playable"] > 1:
            page.keyboard.press("Tab")
            counts["tabs"] += 1
            continue
        page.keyboard.press(rng.choice(["Enter", " "]))
        counts["moves"] += 1
        page.wait_for_timeout(20)
    raise AssertionError(f"no end screen after {limit}s: {counts}, {seen(page)}")


def keyboard_page(
    browser: Browser,
    server: Server,
    link: str,
    lang: str,
    ready: str = "#view [data-testid=board] svg [data-actions]",
) -> Page:
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.js_errors = errors  # type: ignore[attr-defined]
    page.add_init_script(END_FIRST_FOCUS)
    page.goto(f"{server.base}/?lang={lang}")
    page.goto(f"{server.base}{link}")
    page.wait_for_selector(ready)
    return page


def check_end_dialog(page: Page) -> None:
    """The end screen is a modal dialog that gives the focus to its OK button and holds it: Tab
    and Shift+Tab stay in it, Escape closes it and the focus goes back to the board."""
    try:
        page.wait_for_function(
            "() => document.querySelector('#end').contains(document.activeElement)"
        )
    except PWTimeout as e:  # where the focus is instead, and which dialogs are open
        dialogs = page.evaluate(
            "() => [...document.querySelectorAll('dialog')].map((d) => [d.id, d.open, d.className])"
        )
        raise AssertionError(("the end screen does not hold the focus", seen(page), dialogs)) from e
    first = page.evaluate("() => window.endFirstFocus")
    assert first == "end-close", ("the end screen opened with the focus elsewhere", first)
    for key in ["Tab"] * 4 + ["Shift+Tab"] * 5:
        page.keyboard.press(key)
        assert seen(page)["in_end"], key
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#end').open")
    assert page.evaluate(
        "() => document.querySelector('#view [data-testid=board]').contains(document.activeElement)"
    )


# The shortest settings of each game (Space Dealer is real time: its clock ends it).
GAMES: list[tuple[str, int, dict[str, Any], dict[str, Any]]] = [
    ("wildspace", 1, {}, {}),
    ("quazarys", 2, {"round_limit": 30}, {}),
    ("planetraiders", 2, {"round_limit": 4}, {}),
    ("tortuga2199", 2, {"round_limit": 3}, {}),
    ("spacedealer", 3, {"length": 120, "timer": 10}, {"speed": 4.0}),
]


@pytest.mark.parametrize(("game", "players", "options", "kw"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_with_the_keyboard_alone(
    browser: Browser,
    fast_sqlite_server: Server,
    game: str,
    players: int,
    options: dict[str, Any],
    kw: dict[str, Any],
) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
    t = create(fast_sqlite_server.base, game, seats, start=True, options=options, **kw)
    page = keyboard_page(browser, fast_sqlite_server, t["seats"][0]["link"], "en")
    counts = play_by_keyboard(page, random.Random(game), 240.0)
    print(game, counts)
    assert counts["moves"] >= 3, counts
    check_end_dialog(page)
    page.context.close()


def test_a_pieces_menu_and_the_hand_off_hold_and_give_back_the_focus(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    """Hot-seat Quazarys: a card's menu (play it or discard it) keeps Tab inside, Escape closes
    it and the card has the focus again; after a move the hand-off screen holds the focus
    (Escape does not close it: the next seat's board stays hidden), Enter on its button shows
    the next seat's board with the focus on a playable piece."""
    t = create(fast_sqlite_server.base, "quazarys", [{"kind": "human"}] * 2, start=True)
    tokens = [s["link"].split("#token=")[1] for s in t["seats"]]
    link = f"/table/{t['id']}#tokens={','.join(tokens)}"
    page = keyboard_page(browser, fast_sqlite_server, link, "fr", ready="#handoff[open], #view svg")
    if page.evaluate("() => document.querySelector('#handoff').open"):  # the other seat first
        page.wait_for_function("() => document.activeElement.dataset.testid === 'handoff-go'")
        page.keyboard.press("Enter")
    page.wait_for_selector("#view [data-testid=board] svg [data-actions]")
    tab_to_the_board(page)
    for _ in range(30):  # Tab to a piece with a menu
        if seen(page)["actions"] > 1:
            break
        page.keyboard.press("Tab")
    s = seen(page)
    assert s["actions"] > 1, s
    piece = s["piece"]
    page.keyboard.press("Enter")
    s = seen(page)
    assert s["menu"] and s["items"] > 1, s
    for key in ["Tab"] * (s["items"] + 2) + ["Shift+Tab"] * 3 + ["ArrowDown", "ArrowUp"]:
        page.keyboard.press(key)
        assert seen(page)["menu"], key
    page.keyboard.press("Escape")
    s = seen(page)
    assert not s["menu"] and s["piece"] == piece, s
    assert page.locator("[data-testid=board-menu]").is_hidden()
    # a move: the hand-off screen takes the focus and holds it
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # the seat's turn may take several decisions
        if page.evaluate("() => document.querySelector('#handoff').open"):
            break
        s = seen(page)
        if s["menu"] or (s["piece"] is not None and not s["busy"]):
            page.keyboard.press("Enter")  # the focused piece, or its menu's first item
        elif s["piece"] is None and not s["busy"] and s["playable"]:
            page.keyboard.press("Home" if s["in_board"] else "Shift+Tab")  # back to a piece
        page.wait_for_timeout(100)
    assert page.evaluate("() => document.querySelector('#handoff').open")
    page.wait_for_function(
        "() => document.activeElement.closest('#handoff')"
        " && document.activeElement.tagName === 'BUTTON'"
    )
    for key in ["Tab", "Tab", "Shift+Tab", "Escape"]:
        page.keyboard.press(key)
        assert page.evaluate(
            "() => document.querySelector('#handoff').contains(document.activeElement)"
        )
    assert page.evaluate("() => document.querySelector('#handoff').open")
    page.locator("[data-testid=handoff-go]").wait_for()
    while page.evaluate("() => document.activeElement.getAttribute('data-testid')") != "handoff-go":
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('#handoff').open")
    page.wait_for_function(
        "() => document.querySelector('#view [data-testid=board]').contains(document.activeElement)"
    )
    assert seen(page)["piece"] is not None
    assert page.js_errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_a_piece_taken_away_under_the_keyboard_focus_gives_it_to_the_board(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    """The piece a keyboard player is on goes away without the board being drawn again (a
    menu's choice gone, a real-time change in place; here the test removes it, and then the
    menu's first choice): the focus goes to another playable piece of the board, never to the
    page. After a press of the mouse elsewhere, the page keeps it where the person put it."""
    t = create(
        fast_sqlite_server.base,
        "quazarys",
        [{"kind": "human"}, {"kind": "bot", "level": "random"}],
        start=True,
    )
    page = keyboard_page(browser, fast_sqlite_server, t["seats"][0]["link"], "en")
    tab_to_the_board(page)
    gone = seen(page)["piece"]
    page.evaluate("() => document.activeElement.closest('[data-actions]').remove()")
    page.wait_for_function(
        "() => !!document.activeElement.closest('#view [data-testid=board] [data-actions]')"
    )
    back = seen(page)
    assert back["piece"] not in (None, gone) and not back["body"], back
    # in a piece's menu, the focused choice taken away: back on the board too
    for _ in range(30):
        if seen(page)["actions"] > 1:
            break
        page.keyboard.press("Tab")
    assert seen(page)["actions"] > 1, seen(page)
    page.keyboard.press("Enter")
    page.wait_for_function("() => !!document.activeElement.closest('[data-testid=board-menu]')")
    page.evaluate("() => document.activeElement.remove()")
    page.wait_for_function(
        "() => document.querySelector('#view [data-testid=board]').contains(document.activeElement)"
    )
    assert not seen(page)["body"]
    # a press of the mouse beside the board moves the focus to the page: it stays there
    page.mouse.click(5, 715)
    page.wait_for_timeout(100)
    assert seen(page)["body"], seen(page)
    assert page.js_errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_a_finished_games_end_screen_gives_the_focus_to_the_board_when_closed(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    """A page opened on a game already over shows its end screen, with nothing focused before
    it: Escape closes it and the focus goes to the board, not to the page's top (where the
    browser puts it back when nothing had it)."""
    seats = [{"kind": "bot", "level": "random"}] * 2
    t = create(
        fast_sqlite_server.base, "tortuga2199", seats, start=True, options={"round_limit": 3}
    )
    deadline = time.monotonic() + 120
    while (
        loopback.get(f"{fast_sqlite_server.base}/api/tables/{t['id']}").json()["status"] != "over"
    ):
        assert time.monotonic() < deadline, "the bots' game never ended"
        time.sleep(0.1)
    # the board drawn behind the end screen (the game's board module may come after it)
    board = "#view [data-testid=board] svg"
    page = keyboard_page(browser, fast_sqlite_server, t["spectate"], "fr", ready=board)
    page.wait_for_function("() => document.querySelector('#end').contains(document.activeElement)")
    assert page.evaluate("() => window.endFirstFocus") == "end-close"
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#end').open")
    assert page.evaluate(
        "() => document.querySelector('#view [data-testid=board]').contains(document.activeElement)"
    ), seen(page)
    # Tab goes on from there: to the board's controls, not from the page's top
    page.keyboard.press("Tab")
    assert not seen(page)["body"], seen(page)
    assert page.js_errors == []  # type: ignore[attr-defined]
    page.context.close()
