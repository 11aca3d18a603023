"""Playing through a game's board (``static/boards/``) in headless Chromium: what the board
tests (``test_board*.py``) share.

:func:`open_table` opens a seat's page and a spectator's page at a table; :func:`check_tip`
hovers a component and compares its tip with the component's text; :class:`Player` plays the
seat's decisions by clicking the board alone until the end screen, checking at every step that
what the board offers is exactly the seat's legal actions (a game's test file subclasses it
with the game's buttons, checks and ways of touching pieces); :func:`check_end` checks both
pages at the end. :func:`take_screenshot` takes a screenshot of the board and checks that it
is an image of it; the screenshots of ``docs/screenshots/`` are written only when asked, with
``SPACETABLE_SCREENSHOTS=1`` (:data:`.conftest.WRITE_SCREENSHOTS`), so that a test run leaves
the tree as it was.
"""

from __future__ import annotations

import contextlib
import json
import random
import struct
import time
import zlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Locator, Page, ViewportSize
from playwright.sync_api import TimeoutError as PWTimeout

from .conftest import WRITE_SCREENSHOTS, Server
from .leakcheck import check_messages
from .test_e2e import capture

Streams = list[list[dict[str, Any]]]

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

VIEWPORTS: dict[str, ViewportSize] = {
    "desktop": {"width": 1280, "height": 720},
    "phone": {"width": 390, "height": 844},
}

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


def read_more(body: str) -> str:
    """:data:`READ` and more, read at once: ``body`` is the body of a JavaScript function of the
    board's element, whose result's keys are added to what READ returns."""
    return (
        f"() => {{ const seen = ({READ})(); if (!seen) return seen;"
        " const board = document.querySelector('#view [data-testid=board]');"
        f" return Object.assign(seen, ((board) => {{ {body} }})(board)); }}"
    )


def key(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)


def state_at(streams: Streams, step: int) -> dict[str, Any] | None:
    """The last state message of ``step`` the page received."""
    found = None
    for stream in streams:
        for m in stream:
            if m["type"] == "state" and m["step"] == step:
                found = m
    return found


def piece_at(page: Page, step: int, piece: str) -> Locator:
    return page.locator(f'#view [data-testid=board][data-step="{step}"] [data-piece="{piece}"]')


# The point of a piece nearest its centre that the pointer reaches (no other piece drawn over
# it there), as an offset in its bounding box, or null.
FREE_POINT = """(node) => {
  const r = node.getBoundingClientRect();
  const on = (x, y) => {
    const e = document.elementFromPoint(r.left + x, r.top + y);
    return e !== null && e.closest('[data-piece]') === node;
  };
  // the point and the pixels around it: a point a fraction of a pixel beside another
  // piece's edge may be that piece's for the click
  const near = [[0, 0], [-2, 0], [2, 0], [0, -2], [0, 2]];
  const hits = (x, y) => near.every(([dx, dy]) => on(x + dx, y + dy));
  const points = [];
  for (let i = 1; i < 10; i++) {
    for (let j = 1; j < 10; j++) points.push([(r.width * i) / 10, (r.height * j) / 10]);
  }
  points.sort((a, b) => Math.hypot(a[0] - r.width / 2, a[1] - r.height / 2)
    - Math.hypot(b[0] - r.width / 2, b[1] - r.height / 2));
  const at = points.find(([x, y]) => hits(x, y));
  return at ? { x: at[0], y: at[1] } : null;
}"""


def free_point(loc: Locator) -> dict[str, float] | None:
    """Where in ``loc``'s box to click so that the click lands on it (:data:`FREE_POINT`)."""
    at: dict[str, float] | None = loc.evaluate(FREE_POINT, timeout=1500)
    return at


def open_page(
    ctx: BrowserContext, base: str, path: str, lang: str | None, init_script: str | None = None
) -> tuple[Page, Streams]:
    """A page of ``ctx`` at ``path`` (after the lobby in ``lang``, which the page keeps), with
    every WebSocket message it receives."""
    page = ctx.new_page()
    if init_script is not None:
        page.add_init_script(script=init_script)
    streams = capture(page)
    if lang is not None:
        page.goto(f"{base}/?lang={lang}")
    page.goto(f"{base}{path}")
    return page, streams


def fits(page: Page, viewport: ViewportSize) -> None:
    """The page is never wider than the screen (a board scrolls sideways inside it)."""
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= viewport["width"], width


@dataclass
class Table:
    """A seat's page at a table and a spectator's page, each with what it received."""

    ctx: BrowserContext
    page: Page
    streams: Streams
    spec: Page
    spec_streams: Streams
    size: str  # a key of VIEWPORTS
    board: str  # the selector of the drawn board

    @property
    def viewport(self) -> ViewportSize:
        return VIEWPORTS[self.size]


@contextlib.contextmanager
def open_table(
    browser: Browser,
    server: Server,
    table: dict[str, Any],
    lang: str,
    size: str,
    *,
    touch: bool = False,
    drawn: str = "svg",
    init_script: str | None = None,
) -> Iterator[Table]:
    """Seat 0's page of ``table`` in ``lang`` at ``size`` (a touch screen if ``touch``) and a
    spectator's page, once seat 0's board is drawn (``drawn``: what in the board shows it)."""
    viewport = VIEWPORTS[size]
    ctx = browser.new_context(viewport=viewport, has_touch=touch)
    spec_ctx = browser.new_context(viewport=viewport)
    try:
        page, streams = open_page(ctx, server.base, table["seats"][0]["link"], lang, init_script)
        spec, spec_streams = open_page(spec_ctx, server.base, f"/table/{table['id']}", None)
        board = f"#view [data-testid=board] {drawn}"
        page.wait_for_selector(board)
        fits(page, viewport)
        yield Table(ctx, page, streams, spec, spec_streams, size, board)
    finally:
        for c in (ctx, spec_ctx):
            with contextlib.suppress(Exception):
                c.close()


def check_tip(page: Page, streams: Streams, selector: str) -> str:
    """Hovering the first component ``selector`` finds on the board shows its full text in the
    page's language; returns that text. The board may be drawn again meanwhile (a bot moved
    and another piece came under the pointer): then it looks again, up to three times."""
    board = page.locator("#view [data-testid=board]")
    node = page.locator(f"#view [data-testid=board] {selector}").first
    shown = ""
    for _ in range(3):
        before = board.get_attribute("data-step")
        comp = node.get_attribute("data-component")
        # a mark on the board drawn now: a board drawn again is a new one, without it
        board.evaluate("b => { b.dataset.looked = '1'; }")
        page.mouse.move(0, 0)
        node.hover()
        tip = page.locator("#view [data-testid=board-tip]")
        try:
            tip.wait_for(state="visible", timeout=3000)
        except PWTimeout:
            # the hovered piece went with the board it was drawn on, before its tip showed;
            # on a board that stayed, a tip that never shows is a fault
            if page.locator("#view [data-testid=board][data-looked]").count():
                raise
            continue
        shown = tip.inner_text().replace("\n", "")
        step = board.get_attribute("data-step")
        st = state_at(streams, int(step or 0))
        assert st is not None
        text = next(c for c in st["components"] if c["id"] == comp)
        if shown == text["name"] + text["text"]:
            return shown
        # a still board shows the hovered piece's text
        assert step != before or node.get_attribute("data-component") != comp, (shown, text)
    raise AssertionError(f"the board was drawn again at every look: {shown!r}")


def check_end(table: Table, db: str, table_id: str, lang: str) -> None:
    """The end screen in ``lang``; every message either page received is one its seat may know
    (:mod:`.leakcheck`), in the seat's language; no script error; the page still fits the
    screen; the spectator sees the board with nothing to click on it."""
    page, spec = table.page, table.spec
    assert page.locator("#end h2").first.text_content() == (
        "Partie terminée" if lang == "fr" else "Game over"
    )
    assert check_messages(db, table_id, table.streams) > 0
    assert all(m["lang"] == lang for s in table.streams for m in s if m["type"] in ("state", "end"))
    assert page.js_errors == []  # type: ignore[attr-defined]
    fits(page, table.viewport)
    spec.wait_for_selector(table.board)
    assert spec.locator("#view [data-testid=board] [data-actions]").count() == 0
    assert check_messages(db, table_id, table.spec_streams) > 0
    assert spec.js_errors == []  # type: ignore[attr-defined]


def png_size(png: bytes) -> tuple[int, int]:
    """The width and height of a PNG image, checking that it is one and not a flat colour (its
    compressed scanlines, once inflated, take many byte values)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", png[:8]
    width, height = struct.unpack(">II", png[16:24])
    data, at = b"", 8
    while at < len(png):
        (n,) = struct.unpack(">I", png[at : at + 4])
        if png[at + 4 : at + 8] == b"IDAT":
            data += png[at + 8 : at + 8 + n]
        at += 12 + n
    assert len(set(zlib.decompress(data))) > 32, "a flat image"
    return width, height


def take_screenshot(page: Page) -> bytes:
    """A screenshot of the board's page (``#view``), checked: an image of the size the board
    is drawn at, with the board in it."""
    view = page.locator("#view")
    assert view.locator("[data-testid=board] svg").count() > 0
    before = view.bounding_box()
    png = view.screenshot()
    after = view.bounding_box()  # the board may be drawn again meanwhile, at another height
    width, height = png_size(png)
    # whole pixels: a box from x = 305.8 to 1264.0 is shot as the 959 pixels from 305 to 1264
    assert any(
        box and 0 <= width - box["width"] < 2 and 0 <= height - box["height"] < 2
        for box in (before, after)
    ), (width, height, before, after)
    assert width >= 300 and height >= 300, (width, height)
    return png


def keep_screenshot(game: str, png: bytes) -> None:
    """Write ``docs/screenshots/<game>.png``, if asked (``SPACETABLE_SCREENSHOTS=1``)."""
    if WRITE_SCREENSHOTS:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        (SCREENSHOTS / f"{game}.png").write_bytes(png)


class Player:
    """Plays seat 0's decisions at ``table`` by clicking its board alone until the end screen,
    choosing at random (``seed``).

    At every step drawn: what the pieces offer is exactly the seat's legal actions (nothing
    legal out of reach, nothing illegal offered, each action on one piece only), the pieces
    under the board (HTML buttons) carry only the actions of :attr:`buttons` and those on the
    board none of them, and :meth:`check` makes the game's own checks. Then a piece is chosen
    (:meth:`choose`) and pressed (:meth:`press`: on a desktop, the first with the keyboard); a
    piece with several actions opens a menu at it, which must list exactly those (on a
    desktop, the first menu is answered with the keyboard). With ``screenshot`` (the game's name),
    the board is shot once :attr:`shot_after` pieces were pressed (:attr:`shot`), and kept
    (:func:`keep_screenshot`) at the end.

    A press that times out because another element takes the pointer from the piece, twice
    at the same step, fails the test (a token drawn on a hex must let the click through,
    ``opts.over``); one that times out because the board was drawn again is tried afresh.

    ``counts``: ``checked`` steps, ``clicks`` (every piece pressed), ``buttons`` (of them, the
    buttons under the board), ``keyboard``, ``menus``, ``type:<t>`` (a piece carrying actions
    of type ``t`` was pressed), and the game's own.
    """

    #: What the board shows and offers (a JavaScript function returning at least READ's keys).
    read = READ
    #: The action types of the pieces under the board.
    buttons: frozenset[str] = frozenset()
    #: How many pieces are pressed before the screenshot, and how long the board is left to
    #: settle (milliseconds) before it.
    shot_after = 20
    settle = 50

    def __init__(self, table: Table, seed: int, *, screenshot: str | None = None) -> None:
        self.page = table.page
        self.streams = table.streams
        self.rng = random.Random(seed)
        self.keyboard = table.size == "desktop"
        self.screenshot = screenshot
        self.shot: bytes | None = None
        self.counts: Counter[str] = Counter()
        #: the step and the piece (as chosen) whose press another element took once
        self.covered: tuple[int, dict[str, Any]] | None = None

    def play(self, limit: float = 400.0) -> Counter[str]:
        page, counts = self.page, self.counts
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            assert page.js_errors == [], page.js_errors  # type: ignore[attr-defined]
            seen = page.evaluate(self.read)
            if seen is None or seen["busy"]:
                page.wait_for_timeout(30)
                continue
            if seen["end"]:
                if self.screenshot is not None and self.shot is not None:
                    keep_screenshot(self.screenshot, self.shot)
                return counts
            st = state_at(self.streams, seen["step"])
            if st is None:  # the frame is not yet reported to the test
                page.wait_for_timeout(30)
                continue
            self.check_offered(seen, st)
            self.check(seen, st)
            counts["checked"] += 1
            if not seen["pieces"]:
                page.wait_for_timeout(30)
                continue
            if self.screenshot and self.shot is None and counts["clicks"] >= self.shot_after:
                page.mouse.move(1, 1)  # no tip over the board
                page.wait_for_timeout(self.settle)
                self.shot = take_screenshot(page)
            choice = self.choose(seen)
            if self.covered is not None and self.covered[0] == seen["step"]:
                choice = self.covered[1]  # the piece whose press was taken, pressed again
            try:
                self.act(seen["step"], choice, st)
            except PWTimeout as e:
                # the board was drawn again meanwhile (a bot played): read it again; but a
                # piece that another element hides from the pointer is a board to mend
                # (the point is looked for afresh once: the board may have been laid out
                # again at the same step between the look and the click)
                covered = [x.strip() for x in str(e).splitlines() if "intercepts pointer" in x]
                now = page.evaluate(self.read)
                same = now is not None and now["step"] == seen["step"]
                if covered and same and self.covered == (seen["step"], choice):
                    raise AssertionError((seen["step"], choice["piece"], covered[-1])) from e
                self.covered = (seen["step"], choice) if covered and same else None
                continue
            self.covered = None
        raise AssertionError(f"no end screen after {limit}s ({counts})")

    def check_offered(self, seen: dict[str, Any], st: dict[str, Any]) -> None:
        offered = sorted(key(a) for p in seen["pieces"] for a in p["actions"])
        legal = sorted(key(a["action"]) for a in st["legal"])
        # nothing legal out of reach, nothing illegal offered, each action on one piece only
        assert offered == legal, (seen["step"], offered, legal)
        for p in seen["pieces"]:
            types = {a["type"] for a in p["actions"]}
            if p["svg"]:
                assert not types & self.buttons, p
            else:
                assert types <= self.buttons, p

    def check(self, seen: dict[str, Any], st: dict[str, Any]) -> None:
        """The game's own checks of the board drawn at a step (``st``: its state message)."""

    def choose(self, seen: dict[str, Any]) -> dict[str, Any]:
        """The piece to press: the pieces on the board rather than the buttons under it, so
        that games go on."""
        on_board = [p for p in seen["pieces"] if p["svg"]] or seen["pieces"]
        return dict(self.rng.choice(on_board))

    def act(self, step: int, choice: dict[str, Any], st: dict[str, Any]) -> None:
        """Press the piece ``choice``, then choose in its menu if it opens one."""
        counts = self.counts
        self.press(step, choice, st)
        for t in {a["type"] for a in choice["actions"]}:
            counts["type:" + t] += 1
        counts["clicks"] += 1
        counts["buttons"] += not choice["svg"]
        if len(choice["actions"]) > 1:
            self.menu(choice)

    def press(self, step: int, choice: dict[str, Any], st: dict[str, Any]) -> None:
        """The first piece on the board with the keyboard (if ``keyboard``), else a click."""
        if self.keyboard and self.counts["keyboard"] == 0 and choice["svg"]:
            piece_at(self.page, step, choice["piece"]).focus(timeout=1500)
            self.page.keyboard.press("Enter")
            self.counts["keyboard"] += 1
        else:
            self.click(step, choice, st)

    def click(self, step: int, choice: dict[str, Any], st: dict[str, Any]) -> None:
        """A click where a person would click: the piece's centre, or, where a piece of its
        own is drawn over it (a hunt token on a hex), the point nearest it that the pointer
        reaches (:func:`free_point`)."""
        loc = piece_at(self.page, step, choice["piece"])
        loc.scroll_into_view_if_needed(timeout=1500)
        at = free_point(loc)
        if at is None and self.page.evaluate(self.read)["step"] == step:
            raise AssertionError(f"no point of {choice['piece']} reaches the pointer")
        loc.click(position=at, timeout=1500)  # type: ignore[arg-type]

    def menu(self, choice: dict[str, Any]) -> None:
        """The menu at the piece lists exactly its actions; choose one."""
        items = self.page.locator("[data-testid=board-menu-item]")
        items.first.wait_for(timeout=1500)
        shown = sorted(
            key(json.loads(x))
            for x in items.evaluate_all("ns => ns.map((n) => n.getAttribute('data-action'))")
        )
        assert shown == sorted(key(a) for a in choice["actions"])
        if self.keyboard and self.counts["menus"] == 0:
            self.page.keyboard.press("Enter")  # the menu's first choice has the focus
        else:
            items.nth(self.rng.randrange(items.count())).click(timeout=1500)
        self.counts["menus"] += 1
