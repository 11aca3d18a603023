"""Spacedealer's board (``static/boards/spacedealer.js``) in headless Chromium, in real time.

Whole games against bots played by clicking the board alone (never the fallback list but for
the actions with no piece, ``BUTTONS``), in English at 1280x720 and in French on a phone-sized
screen, with a high table speed; at every look at the board, what it offers to click is
exactly the seat's legal actions at the step it shows (each piece carries the actions it
performs, a menu at the piece when several match). Clicks are the mouse's, at the place the
piece is drawn, while the board is redrawn several times a second: the stable layout is what
makes them land. One move is made with the keyboard; a component's full text shows on hover
and stays while the board is redrawn under the pointer. Three people in three browser
contexts click within the same second, again and again: every action a page sent and the
server did not refuse is in the record, in the order sent. A spectator sees the board with
nothing to click. Every WebSocket message the pages received is checked against what their
seat may know (:mod:`.leakcheck`), and a screenshot of the board mid-game is taken and checked
(``docs/screenshots/spacedealer.png`` with ``SPACETABLE_SCREENSHOTS=1``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import json
import random
import re
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PWTimeout

from spacetable.web.storage import Storage

from .boardplay import (
    VIEWPORTS,
    Streams,
    check_end,
    check_tip,
    keep_screenshot,
    key,
    open_page,
    open_table,
    read_more,
    take_screenshot,
)
from .conftest import FAST, Server, create, start_server
from .leakcheck import check_messages
from .test_e2e import browser

__all__ = ["browser"]

# The legal actions that are buttons under the board rather than pieces on it.
BUTTONS = {"done", "skip"}
OPTIONS = {"length": 120, "timer": 10}
SPEED = 4.0

# Every action a page sends, in order (the page's own WebSocket, wrapped before it loads).
SENT = """(() => {
  window.__sent = [];
  window.__legal = {}; // step -> the legal actions of the state message of that step
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (!this.__tapped) { // before the hello: every state message is seen
      this.__tapped = true;
      this.addEventListener('message', (ev) => {
        const m = JSON.parse(ev.data);
        if (m.type !== 'state') return;
        window.__legal[m.step] = m.legal.map((a) => a.action);
        delete window.__legal[m.step - 200];
      });
    }
    try {
      const m = JSON.parse(data);
      if (m.type === 'act') window.__sent.push(m.action);
    } catch (e) {}
    return send.call(this, data);
  };
})();"""

# What the board shows and offers, with the legal actions of the state message of the step it
# shows, read at once in the page (the test's own copy of the messages may lag behind).
READ_LEGAL = read_more(
    "return { legal: window.__legal[Number(board.getAttribute('data-step'))] || null };"
)

# A point of the viewport where the piece `k` is hit by the pointer (scrolled into view), or
# null; with the actions the piece carries there.
POINT = """(k) => {
  const board = document.querySelector('#view [data-testid=board]');
  if (!board) return null;
  const n = board.querySelector(`[data-piece="${CSS.escape(k)}"]`);
  if (!n) return null;
  n.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  const r = n.getBoundingClientRect();
  const tries = [[0.5, 0.5], [0.5, 0.12], [0.15, 0.15], [0.85, 0.15], [0.15, 0.85], [0.85, 0.85],
    [0.5, 0.9]];
  for (const [fx, fy] of tries) {
    const x = r.left + r.width * fx;
    const y = r.top + r.height * fy;
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest('[data-piece]') === n) {
      return { x, y, actions: JSON.parse(n.getAttribute('data-actions')) };
    }
  }
  return null;
}"""

# The open menu: the piece it is open at, its items (with where to click them) and the
# actions of that piece now (the pointer may have landed on another piece drawn in that place
# when the seat's own last move was applied between the look and the click).
MENU = """(k) => {
  const menu = document.querySelector('#view [data-testid=board-menu]:not(.hidden)');
  if (!menu) return null;
  const at = menu.dataset.piece || k;
  const n = document.querySelector(`#view [data-testid=board] [data-piece="${CSS.escape(at)}"]`);
  return {
    at,
    piece: n ? JSON.parse(n.getAttribute('data-actions')) : null,
    items: [...menu.querySelectorAll('[data-testid=board-menu-item]')].map((b) => {
      const r = b.getBoundingClientRect();
      const action = JSON.parse(b.getAttribute('data-action'));
      return { action, x: r.left + r.width / 2, y: r.top + r.height / 2 };
    }),
  };
}"""


@pytest.fixture
def rt_server(sqlite_db: str) -> Iterator[Server]:
    """A server whose real-time tables tick every half second, as served by default."""
    s = start_server(sqlite_db, dataclasses.replace(FAST, tick=0.5))
    try:
        yield s
    finally:
        s.stop()


class Seat:
    """One person's page at the table, with what it received and what it counted."""

    def __init__(self, ctx: BrowserContext, page: Page, streams: Streams) -> None:
        """A seat's page opened with ``SENT`` (:meth:`open`, :func:`.boardplay.open_table`)."""
        self.ctx = ctx
        self.page = page
        self.streams = streams
        self.counts = {
            "clicks": 0,
            "menus": 0,
            "checked": 0,
            "keyboard": 0,
            "buttons": 0,
            "step": 0,
            "waits": 0,
            "missed": 0,
        }
        self.over = False
        self.times: list[float] = []  # when each click on the board was made

    @classmethod
    def open(cls, ctx: BrowserContext, base: str, link: str, lang: str) -> Seat:
        return cls(ctx, *open_page(ctx, base, link, lang, SENT))

    def state(self, step: int) -> dict[str, Any] | None:
        """The last state message of ``step`` received (indexed as the messages come)."""
        if not hasattr(self, "_index"):
            self._index: dict[int, dict[str, Any]] = {}
            self._read: dict[int, int] = {}
        for i, stream in enumerate(self.streams):
            for m in stream[self._read.get(i, 0) :]:
                if m["type"] == "state":
                    self._index[m["step"]] = m
            self._read[i] = len(stream)
        return self._index.get(step)

    def errors(self) -> list[dict[str, Any]]:
        return [m for s in self.streams for m in s if m["type"] == "error"]

    def sent(self) -> list[dict[str, Any]]:
        return list(self.page.evaluate("() => window.__sent"))


def check_board(seat: Seat) -> dict[str, Any] | None:
    """Read the board; at its step, what it offers must be exactly the legal actions."""
    page = seat.page
    assert page.js_errors == [], page.js_errors  # type: ignore[attr-defined]
    seen = page.evaluate(READ_LEGAL)
    if seen is None:
        return None
    if seen["end"]:
        seat.over = True
        return None
    if seen["legal"] is None:  # drawn by no state message (never happens)
        raise AssertionError(f"step {seen['step']} drawn without its message")
    offered = sorted(key(a) for p in seen["pieces"] for a in p["actions"])
    legal = sorted(key(a) for a in seen["legal"])
    # nothing legal out of reach, nothing illegal offered, each action on one piece only
    assert offered == legal, (seen["step"], offered, legal)
    for p in seen["pieces"]:
        if not p["svg"]:
            assert p["actions"][0]["type"] in BUTTONS, p
    seat.counts["checked"] += 1
    seat.counts["step"] = seen["step"]
    return dict(seen)


def act_once(seat: Seat, rng: random.Random, *, keyboard: bool = False) -> None:
    """Look at the board and make one move on it, as a person does: the mouse at the place
    where a piece is drawn (or the keyboard), then an item of its menu if it opens one."""
    seen = check_board(seat)
    if seen is None:
        return
    if seen["busy"] or not seen["pieces"]:
        seat.counts["waits"] += 1
        return
    page = seat.page
    on_board = [p for p in seen["pieces"] if p["svg"]]
    if not on_board:  # only a button (done, skip): press it
        try:
            page.locator("[data-testid=board-button]").first.click(timeout=1000)
        except PWTimeout:  # real time: the board was drawn again without it meanwhile
            seat.counts["missed"] += 1
            return
        seat.counts["buttons"] += 1
        return
    choice = rng.choice(on_board)
    k = choice["piece"]
    if keyboard:
        with contextlib.suppress(Exception):
            page.locator(f'#view [data-testid=board] [data-piece="{k}"]').focus(timeout=500)
            before = len(seat.sent())
            page.keyboard.press("Enter")
            if len(seat.sent()) > before or page.evaluate(MENU, k) is not None:
                seat.counts["keyboard"] += 1
        return
    pt = page.evaluate(POINT, k)
    if pt is None:  # drawn again meanwhile without that piece: look again
        seat.counts["missed"] += 1
        return
    page.mouse.click(pt["x"], pt["y"])
    seat.times.append(time.monotonic())
    seat.counts["clicks"] += 1
    if len(pt["actions"]) > 1:
        menu = None
        for _ in range(20):
            menu = page.evaluate(MENU, k)
            if menu is not None and menu["items"]:
                break
            page.wait_for_timeout(25)
        if menu is None or not menu["items"]:
            return  # the piece lost its choices meanwhile
        if menu["at"] != k:  # drawn again between the look and the click: another piece there
            seat.counts["missed"] += 1
        if menu["piece"] is not None:
            # the menu lists exactly the piece's actions (those still legal)
            assert sorted(key(i["action"]) for i in menu["items"]) == sorted(
                key(a) for a in menu["piece"]
            )
        item = rng.choice(menu["items"])
        page.mouse.click(item["x"], item["y"])
        seat.counts["menus"] += 1


def record_of(db: str, table: str) -> list[Any]:
    storage = Storage(db)
    try:
        return storage.decisions(table)
    finally:
        storage.close()


def check_applied(db: str, table: str, seats: dict[int, Seat]) -> dict[int, int]:
    """Every action a page sent that the server did not refuse is in the record, in order."""
    record = record_of(db, table)
    out = {}
    for q, seat in seats.items():
        sent = [key(a) for a in seat.sent()]
        refused = len(seat.errors())
        mine = [key(d.action) for d in record if d.seat == q and d.action is not None]
        # the record's actions of the seat are the sent ones, in order, but for the refused
        it = iter(sent)
        assert all(a in it for a in mine), (q, mine, sent)
        assert len(mine) == len(sent) - refused, (q, len(mine), len(sent), refused)
        out[q] = len(mine)
    return out


def next_draw(page: Page) -> None:
    """Wait until the board is drawn again (a new state: time passes)."""
    step = int(page.locator("#view [data-testid=board]").get_attribute("data-step") or 0)
    page.wait_for_function(
        f"() => Number(document.querySelector('#view [data-testid=board]')"
        f".getAttribute('data-step')) > {step}",
        timeout=5000,
    )


def hover_text(seat: Seat) -> None:
    """A planet's full text on hover, in the person's language, kept while time passes."""
    page = seat.page
    text = check_tip(page, seat.streams, "[data-h='planet:0']")
    # the board is drawn again meanwhile (the clock moves): the text stays under the pointer
    next_draw(page)
    tip = page.locator("#view [data-testid=board-tip]")
    assert tip.is_visible()
    assert tip.inner_text().replace("\n", "") == text
    # the pointer leaves: the text goes, and the next draws do not bring it back
    page.mouse.move(1, 1)
    next_draw(page)
    assert not page.locator("#view [data-testid=board-tip]").is_visible()


def scroll_and_focus_stay(seat: Seat) -> None:
    """A phone's zoom and the part of the board in view, and the focused piece, stay across
    redraws."""
    page = seat.page
    for _ in range(2):
        page.locator("#view [data-testid=zoom-in]").click()
    expect(page.locator("#view [data-testid=board]")).to_have_attribute("data-zoom", "2.25")
    # the part in view moved by a script, once the zoomed board can scroll that far (a
    # scroll set before the zoomed layout is clamped by the browser, whatever the board does)
    page.wait_for_function(
        """() => { const s = document.querySelector('#view .board-scroll');
          s.scrollLeft = 300; return Math.abs(s.scrollLeft - 300) <= 1; }"""
    )
    # focused without scrolling it into view (a piece half out of sight would move the board:
    # the subject here is what the redraws keep, not where the browser scrolls a focus)
    page.locator("#view [data-testid=board] [data-h='planet:0']").evaluate(
        "(node) => node.focus({ preventScroll: true })"
    )
    # a key after the presses on the zoom: the focus is a keyboard user's, which a redraw
    # keeps (a tap's is not moved back: boards/board.js)
    page.keyboard.press("Shift")
    next_draw(page)
    next_draw(page)
    left = page.evaluate(
        """() => { const s = document.querySelector('#view .board-scroll');
          return { left: s.scrollLeft, width: s.scrollWidth, shown: s.clientWidth,
            scrollers: document.querySelectorAll('#view .board-scroll').length }; }"""
    )
    assert abs(left["left"] - 300) <= 1, left
    assert page.locator("#view [data-testid=board]").get_attribute("data-zoom") == "2.25"
    focused = page.evaluate("() => document.activeElement.getAttribute('data-h')")
    assert focused == "planet:0"
    page.evaluate("() => document.activeElement.blur()")
    page.locator("#view [data-testid=zoom-fit]").click()


# (each language, each size and each set of rules once: a whole game lasts half a minute)
CASES = [
    ("en", "phone", 3, "basic"),
    ("fr", "desktop", 4, "advanced"),
]


@pytest.mark.parametrize(
    ("lang", "size", "players", "rules"),
    CASES,
    ids=[f"{c[0]}-{c[1]}-{c[2]}p-{c[3]}" for c in CASES],
)
def test_a_whole_spacedealer_game_through_the_board(
    browser: Browser,
    rt_server: Server,
    sqlite_db: str,
    lang: str,
    size: str,
    players: int,
    rules: str,
) -> None:
    server = rt_server
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    seats += [{"kind": "bot", "level": "random"}] * (players - 2)
    options = {**OPTIONS, "rules": rules}
    t = create(server.base, "spacedealer", seats, options=options, speed=SPEED, start=True)
    with open_table(browser, server, t, lang, size, init_script=SENT) as table:
        me = Seat(table.ctx, table.page, table.streams)
        hover_text(me)
        if size == "phone":
            scroll_and_focus_stay(me)
        rng = random.Random(CASES.index((lang, size, players, rules)))
        deadline = time.monotonic() + 240
        shot = size == "desktop"
        png = None
        while not me.over and time.monotonic() < deadline:
            keyboard = size == "desktop" and me.counts["keyboard"] == 0
            act_once(me, rng, keyboard=keyboard)
            st = me.state(me.counts["step"])
            mid = st is not None and st["view"]["phase"] == "play" and st["clock"] >= 0.6 * 120
            if (
                shot
                and png is None
                and mid
                and st is not None
                and st["view"]["players"][0]["built"]
            ):
                # mid-game (a loaded machine may never show one), the pointer away
                me.page.mouse.move(1, 1)
                me.page.evaluate(
                    "() => { document.activeElement.blur();"
                    " document.querySelector('#toast').classList.add('hidden'); }"
                )
                next_draw(me.page)
                png = take_screenshot(me.page)
            me.page.wait_for_timeout(rng.choice((20, 60, 120)))
        assert me.over, f"no end screen after 240 s ({me.counts})"
        print(lang, size, players, rules, me.counts, "screenshot:", png is not None)
        print(sorted(Counter(a["type"] for a in me.sent()).items()))
        # (a loaded machine plays fewer moves in the same game time)
        assert me.counts["clicks"] >= 2 and me.counts["checked"] >= 10, me.counts
        if size == "desktop":
            assert me.counts["keyboard"] == 1
        applied = check_applied(sqlite_db, t["id"], {0: me})
        assert applied[0] >= 2, applied
        check_end(table, sqlite_db, t["id"], lang)
        spec = table.spec
        assert spec.locator("#view [data-testid=board] [data-testid=planet-0]").count() == 1
        if png is not None:
            keep_screenshot("spacedealer", png)
        if shot:
            # the replay of the game draws its frames with the board, nothing to click
            me.page.goto(f"{server.base}/replay/{t['id']}")
            me.page.wait_for_selector("#view [data-testid=board] [data-testid=planet-0]")
            left = me.page.locator("#view [data-testid=time-left]").text_content() or ""
            assert re.fullmatch(r"\d+:\d\d", left), left
            assert me.page.locator("#view [data-testid=board] [data-actions]").count() == 0
            assert me.page.js_errors == []  # type: ignore[attr-defined]


def test_three_people_clicking_at_the_same_moments(
    browser: Browser, rt_server: Server, sqlite_db: str
) -> None:
    server = rt_server
    t = create(
        server.base,
        "spacedealer",
        [{"kind": "human"}] * 3,
        options=OPTIONS,
        speed=SPEED * 0.75,
        start=True,
    )
    desktop = VIEWPORTS["desktop"]
    people = {
        q: Seat.open(
            browser.new_context(viewport=desktop), server.base, t["seats"][q]["link"], lang
        )
        for q, lang in enumerate(("en", "fr", "en"))
    }
    for p in people.values():
        p.page.wait_for_selector("#view [data-testid=board] svg")
    rng = random.Random(7)
    rounds = 0
    deadline = time.monotonic() + 240
    while not all(p.over for p in people.values()) and time.monotonic() < deadline:
        for p in people.values():  # one look and one move each, one after the other
            if not p.over:
                act_once(p, rng)
        rounds += 1
    assert all(p.over for p in people.values()), {q: p.counts for q, p in people.items()}
    # the moments when the three clicked within the same second
    a, b, c = (p.times for p in people.values())
    together = sum(
        1
        for t0 in a
        if any(
            abs(t1 - t0) < 1.0 and abs(t2 - t0) < 1.0 and abs(t2 - t1) < 1.0 for t1 in b for t2 in c
        )
    )
    print({q: p.counts for q, p in people.items()}, rounds, together)
    print(sorted(Counter(a["type"] for p in people.values() for a in p.sent()).items()))
    assert together >= 2, together
    applied = check_applied(sqlite_db, t["id"], people)
    assert all(n >= 3 for n in applied.values()), applied
    for p in people.values():
        assert p.counts["checked"] >= 10, p.counts
        assert check_messages(sqlite_db, t["id"], p.streams) > 0
        assert p.page.js_errors == []  # type: ignore[attr-defined]
    # the three pages end on the same outcome
    ends = [
        [m["outcome"] for s in p.streams for m in s if m["type"] == "end"] for p in people.values()
    ]
    assert all(e for e in ends) and all(e[-1] == ends[0][-1] for e in ends), ends
    for p in people.values():
        with contextlib.suppress(Exception):
            p.ctx.close()


# Draws two states one after the other with the board module, in a page of its own (the
# lobby, where no live board shares the module's memory), and reports what the second draw
# shows: the pieces with their actions, the fading ones, the open menu's items, the time left.
TWO_DRAWS = """async ([s1, s2, openKey]) => {
  const m = await import('/static/boards/spacedealer.js');
  let view = document.querySelector('#view');
  if (!view) {
    view = document.createElement('div');
    view.id = 'view';
    view.append(document.createElement('div'));
    document.body.prepend(view);
  }
  const body = view.firstChild;
  window.__acted = [];
  const ctx = { lang: s1.lang, t: (k) => k, seatName: (q) => `Seat ${q}`,
    act: (a) => window.__acted.push(a) };
  m.draw(body, s1, ctx);
  if (openKey) body.querySelector(`[data-piece="${CSS.escape(openKey)}"]`).dispatchEvent(
    new MouseEvent('click', { bubbles: true }));
  const items = body.querySelectorAll('[data-testid=board-menu-item]');
  if (items.length) items[items.length - 1].focus(); // the keyboard on the last choice
  const before = document.querySelector('#view [data-testid=time-left]').textContent;
  body.replaceChildren(); // as the table page does before each draw
  m.draw(body, s2, ctx);
  const menu = body.querySelector('[data-testid=board-menu]:not(.hidden)');
  return {
    pieces: Object.fromEntries([...body.querySelectorAll('[data-actions]')].map(
      (n) => [n.getAttribute('data-piece'), JSON.parse(n.getAttribute('data-actions'))])),
    fading: [...body.querySelectorAll('.fading')].map((n) => n.parentNode.getAttribute('data-k')),
    menu: menu ? [...menu.querySelectorAll('[data-testid=board-menu-item]')].map(
      (b) => JSON.parse(b.getAttribute('data-action'))) : null,
    before,
    focused: document.activeElement.getAttribute('data-action'),
    order: menu ? [...menu.querySelectorAll('button')].map(
      (b) => b.getAttribute('data-testid')) : null,
    gone: menu ? [...menu.querySelectorAll('[data-testid=board-menu-gone]')].map(
      (b) => [b.textContent, b.disabled]) : null,
  };
}"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_choices_that_stop_being_legal_and_the_local_countdown(
    browser: Browser, rt_server: Server, motion: str
) -> None:
    server = rt_server
    seats = [
        {"kind": "human"},
        {"kind": "bot", "level": "random"},
        {"kind": "bot", "level": "random"},
    ]
    t = create(server.base, "spacedealer", seats, options=OPTIONS, speed=1.0, start=True)
    ctx = browser.new_context(viewport=VIEWPORTS["desktop"], reduced_motion=motion)  # type: ignore[arg-type]
    me = Seat.open(ctx, server.base, t["seats"][0]["link"], "en")
    me.page.wait_for_selector("#view [data-testid=board] svg")
    # the set-up: each starting mine of the pile offers four choices (generator side, connection)
    first = next(m for s in me.streams for m in s if m["type"] == "state" and m["legal"])
    mines = sorted({a["action"]["card"] for a in first["legal"] if a["action"]["type"] == "start"})
    assert len(mines) >= 2, first["legal"]
    kept, gone = mines[0], mines[1]
    mine = [a for a in first["legal"] if a["action"]["card"] == kept]
    assert len(mine) == 4
    # the next state: the first mine has lost two of its choices, the second all of them
    second = dict(first, step=first["step"] + 1)
    second["legal"] = [a for a in first["legal"] if a["action"]["card"] != gone]
    second["legal"] = [a for a in second["legal"] if a not in mine[:2]]
    lobby = ctx.new_page()
    lobby.goto(f"{server.base}/?lang=en")
    got = lobby.evaluate(TWO_DRAWS, [first, second, f"personal:{kept}"])
    # the board offers exactly the new legal actions
    assert sorted(key(a) for acts in got["pieces"].values() for a in acts) == sorted(
        key(a["action"]) for a in second["legal"]
    )
    assert f"personal:{gone}" not in got["pieces"]
    # the menu open at the first mine opens again with the two choices still legal
    assert got["menu"] is not None
    assert sorted(key(a) for a in got["menu"]) == sorted(key(a["action"]) for a in mine[2:])
    # the two choices no longer legal keep their places, disabled: nothing shifts under a click
    assert got["gone"] == [[a["label"], True] for a in mine[:2]]
    assert got["order"] == ["board-menu-gone"] * 2 + ["board-menu-item"] * 2 + ["board-menu-close"]
    # the choice the keyboard was on keeps the focus
    assert got["focused"] is not None and key(json.loads(got["focused"])) == key(mine[3]["action"])
    # the piece that lost its choices fades out, unless motion is reduced
    if motion == "reduce":
        assert got["fading"] == []
    else:
        assert f"personal:{gone}" in got["fading"]
    # nothing was sent by drawing
    assert lobby.evaluate("() => window.__acted") == []
    # the time left counts down in the page between two messages (a table at speed 1)
    shown = lobby.locator("#view [data-testid=time-left]")
    lobby.wait_for_function(
        "(t) => document.querySelector('#view [data-testid=time-left]').textContent !== t",
        arg=got["before"],
        timeout=5000,
    )

    def secs(s: str) -> int:
        m, x = s.split(":")
        return int(m) * 60 + int(x)

    assert secs(shown.text_content() or "") < secs(got["before"])
    assert lobby.evaluate("() => window.__acted") == []
    with contextlib.suppress(Exception):
        ctx.close()


# Counts how many times the action list is drawn again (its buttons replaced).
REDRAWS = """(() => {
  window.__redraws = 0;
  const watch = () => {
    const list = document.querySelector('#actions .list');
    if (!list) { setTimeout(watch, 20); return; }
    new MutationObserver((records) => {
      if (records.some((r) => [...r.removedNodes].some((n) => n.nodeName === 'BUTTON'))) {
        window.__redraws += 1;
      }
    }).observe(list, { childList: true });
  };
  watch();
})();"""


def test_the_action_list_is_not_drawn_again_while_the_clock_ticks(
    browser: Browser, rt_server: Server
) -> None:
    """A state arrives with every tick of the clock; the buttons of the action list are
    replaced only when what the list offers changed, so that a click is never lost on a
    button drawn again between the press and the release."""
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    seats.append({"kind": "bot", "level": "random"})
    t = create(rt_server.base, "spacedealer", seats, options=OPTIONS, speed=1.0, start=True)
    ctx = browser.new_context(viewport=VIEWPORTS["desktop"])
    try:
        page, streams = open_page(ctx, rt_server.base, t["seats"][0]["link"], "en", REDRAWS)
        page.wait_for_selector("#actions .list button[data-testid=action]")
        page.wait_for_selector("#view [data-testid=board]")  # its module may load after the list
        # a dozen states of the seat, most of them the clock's ticks
        page.wait_for_function(
            "() => document.querySelectorAll('#actions .list button').length > 0"
            " && Number(document.querySelector('#view [data-testid=board]').dataset.step) > 12",
            timeout=30000,
        )
        redraws = page.evaluate("() => window.__redraws")
        states = [m for s in streams for m in s if m["type"] == "state"]
        offers = [
            json.dumps([m["over"], m["undoable"], [(a["action"], a["label"]) for a in m["legal"]]])
            for m in states
        ]
        changes = sum(1 for a, b in itertools.pairwise(offers) if a != b)
        assert len(states) > changes + 5, (len(states), changes)  # ticks that changed nothing
        # the first draw fills an empty list (nothing removed); each change replaces it once
        assert redraws <= changes, (redraws, changes, len(states))
    finally:
        with contextlib.suppress(Exception):
            ctx.close()


def test_with_nothing_to_do_the_page_says_what_comes_next_and_when(
    browser: Browser, rt_server: Server
) -> None:
    """In real time a seat with no move reads when the next sand timer runs out, counted
    down, rather than a bare "Nothing to do now"."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 2
    t = create(rt_server.base, "spacedealer", seats, options=OPTIONS, speed=1.0, start=True)
    ctx = browser.new_context(viewport=VIEWPORTS["desktop"])
    try:
        page, _ = open_page(ctx, rt_server.base, t["seats"][0]["link"], "en")
        wait = page.locator("[data-testid=wait-next]")
        deadline = time.monotonic() + 60
        while not wait.count():  # seat 0 plays its first move until it has nothing to do
            assert time.monotonic() < deadline, "seat 0 always had a move"
            moves = page.locator("#actions .list button[data-testid=action]:not([disabled])")
            if moves.count():
                with contextlib.suppress(PWTimeout):
                    moves.first.click(timeout=1000)
            page.wait_for_timeout(300)
        text = page.locator("[data-testid=no-actions]").inner_text()
        assert text.startswith("Nothing to do now: the next sand timer runs out in"), text
        assert re.fullmatch(r"\d+:\d\d", wait.inner_text()), wait.inner_text()
    finally:
        ctx.close()
