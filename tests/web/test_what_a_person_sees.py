"""What a person sees at a table of every game, measured in headless Chromium at 1280x720 and
390x844, in English and in French: the page never scrolls sideways, the board's top is on
the first screen, the smallest text shown and the smallest thing to press are measured and
held to their floors, axe finds no serious violation, and the game's prompt is shown only to
the seat that acts.

On a phone the board is fitted whole to the width (its SVG scales with its viewBox): a board
text too small to read there (under 12 CSS px) is not shown until the board is zoomed in
(``boards/zoom.js``), and every board piece a finger can press is at least 24x24 CSS px, or,
where a board is too dense for that at the fitted zoom, every action it performs is also a
button of the move list (at least 24 px: the "equivalent" exception of WCAG 2.2's target
size) and the zoom's + button brings it to 24 px. Each game's table is opened once; the
language and the screen size change on the same page (the board is drawn again).
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from .boardplay import VIEWPORTS, open_page, state_at
from .conftest import Server, create
from .test_accessibility import violations
from .test_e2e import browser

__all__ = ["browser"]

GAMES = [
    ("quazarys", 2),
    ("planetraiders", 2),
    ("tortuga2199", 2),
    ("wildspace", 2),
    ("spacedealer", 3),
]
MIN_TEXT = 12.0  # CSS px, shown on a phone
MIN_TARGET = 24.0  # CSS px, anything a finger presses
#: The smallest board text a desktop shows today (the boards are drawn for a wide screen at
#: these sizes): held as a floor so that it never shrinks further.
DESKTOP_BOARD_TEXT = 6.0

# What the page shows, measured at once: the page's width, the board's top, the smallest text
# shown (on the board and off it: an element's own text, not transparent nor hidden, its
# font size times its SVG scale), the pressable things and their sizes, the prompt.
MEASURE = """() => {
  const board = document.querySelector('#view [data-testid=board]');
  const svg = board ? board.querySelector('svg') : null;
  const shown = (n) => {
    if (n.closest('.hidden, .sr-only, [hidden]')) return false;
    for (let e = n; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === 'none' || cs.visibility === 'hidden') return false;
      if (Number(cs.opacity) === 0) return false;
    }
    const r = n.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const texts = { board: [1e9, ''], page: [1e9, ''] };
  for (const n of document.querySelectorAll('body *')) {
    if (![...n.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim())) continue;
    if (n.tagName === 'OPTION' || !shown(n)) continue;
    let size = parseFloat(getComputedStyle(n).fontSize);
    if (n instanceof SVGElement) { const m = n.getScreenCTM(); size *= Math.hypot(m.a, m.b); }
    const where = svg && svg.contains(n) ? 'board' : 'page';
    if (size < texts[where][0]) texts[where] = [size, n.textContent.trim().slice(0, 40)];
  }
  // the move list's buttons (folded or not: a phone's drawer opens with one press)
  const listed = new Set([...document.querySelectorAll('#actions [data-testid=action]')]
    .map((b) => b.getAttribute('data-action')));
  const box = (n) => { const r = n.getBoundingClientRect(); return [r.width, r.height]; };
  const pieces = svg ? [...svg.querySelectorAll('.playable, [data-why]')].map((n) => ({
    piece: n.getAttribute('data-piece') || n.getAttribute('data-why'), size: box(n),
    actions: JSON.parse(n.getAttribute('data-actions') || '[]').map((a) => JSON.stringify(a)),
  })) : [];
  const controls = [...document.querySelectorAll('button, select, input, a[href], [role=button]')]
    .filter((n) => !(svg && svg.contains(n)) && shown(n))
    .map((n) => ({ what: n.getAttribute('data-testid') || n.id || n.textContent.trim().slice(0, 30),
      size: box(n) }));
  const prompt = board && board.querySelector('[data-testid=board-prompt]');
  return {
    scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
    innerHeight: window.innerHeight,
    boardTop: svg ? svg.getBoundingClientRect().top + window.scrollY : null, // on the page
    zoom: board ? Number(board.getAttribute('data-zoom')) : null,
    step: board ? Number(board.getAttribute('data-step')) : null,
    texts, pieces, controls, listed: [...listed],
    prompt: prompt ? prompt.textContent : null, promptShown: prompt ? shown(prompt) : false,
  };
}"""

ZOOM = "() => Number(document.querySelector('#view [data-testid=board]').getAttribute('data-zoom'))"

# Drawn again: the board of a step, in a language (the page's <html lang>), fitted.
DRAWN = """(lang) => document.documentElement.lang === lang
  && document.querySelector('#view [data-testid=board] svg') !== null"""


def small(size: list[float]) -> bool:
    return min(size) < MIN_TARGET - 0.01


def check_targets(page: Page, seen: dict[str, Any], phone: bool) -> float:
    """Every control off the board is at least 24 px; on a phone a board move smaller than
    that is also a button of the move list. Returns the smallest board piece's smaller side."""
    tiny = [c for c in seen["controls"] if small(c["size"])]
    assert tiny == [], tiny
    smallest = min((min(p["size"]) for p in seen["pieces"]), default=MIN_TARGET)
    if not phone:
        return smallest
    listed = set(seen["listed"])
    for p in seen["pieces"]:
        # a move is also a button of the list (a piece that only says why it cannot be
        # played now is brought to 24 px by the zoom: zoom_until_pressable)
        if small(p["size"]) and p["actions"]:
            assert set(p["actions"]) <= listed, p
    return smallest


def press_zoom(page: Page, name: str) -> float:
    """Press a zoom button (``in``, ``out``, ``fit``) and wait until the board has taken it;
    returns the zoom. The button's own click, from the page: a real-time board drawn again at
    every tick keeps a loaded machine's page too busy for Playwright's pointer (the buttons'
    pointer clicks are test_board_spacedealer's)."""
    before = page.evaluate(ZOOM)
    page.locator(f"#view [data-testid=zoom-{name}]").evaluate("(b) => b.click()")
    deadline = time.monotonic() + 20
    while True:
        zoom = float(page.evaluate(ZOOM))
        if (zoom == 1) if name == "fit" else (zoom != before):
            return zoom
        assert time.monotonic() < deadline, (name, before, zoom)
        page.wait_for_timeout(50)


def zoom_until_pressable(page: Page) -> int:
    """Press + until every board piece is 24 px; returns the presses it took (then back to
    the fitted board)."""
    presses = 0
    while True:
        seen = page.evaluate(MEASURE)
        if not [p for p in seen["pieces"] if small(p["size"])]:
            break
        button = page.locator("#view [data-testid=zoom-in]")
        assert button.is_enabled(), [p for p in seen["pieces"] if small(p["size"])]
        press_zoom(page, "in")
        presses += 1
    press_zoom(page, "fit")
    return presses


def drawn(page: Page, lang: str) -> None:
    """Wait until the board is drawn in ``lang`` (asked from here: a busy page in the
    background, a real-time board drawn at every tick, may never answer a wait_for_function)."""
    deadline = time.monotonic() + 60
    while not page.evaluate(DRAWN, lang):
        assert time.monotonic() < deadline, f"no board in {lang}"
        page.wait_for_timeout(100)


def switch(page: Page, lang: str) -> None:
    # the person's choice, as the select sends it (a busy page may never look "stable" to
    # Playwright's select_option)
    page.evaluate(
        "(lang) => { const s = document.querySelector('[data-testid=lang]'); s.value = lang;"
        " s.dispatchEvent(new Event('change', { bubbles: true })); }",
        lang,
    )
    drawn(page, lang)
    page.wait_for_timeout(100)  # the state in that language, drawn


def open_the_drawer(page: Page) -> None:
    """On a phone the move list is folded: open it, so that its buttons are measured."""
    toggle = page.locator("#actions [data-testid=actions-toggle]")
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") == "false":
        toggle.evaluate("(b) => b.click()")  # (a busy real-time page: see press_zoom)


def check_prompt(page: Page, spec: Page, streams: list[list[dict[str, Any]]], lang: str) -> None:
    """The acting seat reads the game's prompt of its state; a spectator reads who is
    playing, never that prompt."""
    deadline = time.monotonic() + 30
    while True:
        seen = page.evaluate(MEASURE)
        st = state_at(streams, seen["step"]) if seen["step"] is not None else None
        if st is not None and st["legal"] and not st["over"]:
            break
        assert time.monotonic() < deadline, "seat 0 was never asked"
        page.wait_for_timeout(100)
    playing = " joue." if lang == "fr" else " is playing."
    if st["prompt"]:
        assert seen["prompt"] == st["prompt"]
        assert seen["promptShown"] == (seen["innerWidth"] <= 600)  # a phone's, above the board
    else:  # a decision the game asks with no sentence: nothing (never "Seat 0 is playing")
        assert seen["prompt"] is None, seen["prompt"]
    theirs = spec.evaluate(MEASURE)
    assert theirs["prompt"] is None or theirs["prompt"].endswith(playing), theirs["prompt"]
    assert not st["prompt"] or theirs["prompt"] != st["prompt"]


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_what_a_person_sees_at_every_board(
    browser: Browser, fast_sqlite_server: Server, game: str, players: int
) -> None:
    base = fast_sqlite_server.base
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
    t = create(base, game, seats, start=True)
    ctx = browser.new_context(viewport=VIEWPORTS["phone"])
    spec_ctx = browser.new_context(viewport=VIEWPORTS["phone"])
    try:
        page, streams = open_page(ctx, base, t["seats"][0]["link"], "en")
        spec, _ = open_page(spec_ctx, base, t["spectate"], "en")
        drawn(page, "en")
        drawn(spec, "en")
        measured: dict[str, list[float]] = {}
        for size in ("phone", "desktop"):
            page.set_viewport_size(VIEWPORTS[size])
            spec.set_viewport_size(VIEWPORTS[size])
            phone = size == "phone"
            for lang in ("en", "fr") if phone else ("fr", "en"):
                switch(page, lang)
                switch(spec, lang)
                check_prompt(page, spec, streams, lang)
                open_the_drawer(page)
                seen = page.evaluate(MEASURE)
                assert seen["scrollWidth"] <= seen["innerWidth"], (size, lang, seen["scrollWidth"])
                assert spec.evaluate(MEASURE)["scrollWidth"] <= seen["innerWidth"]
                assert 0 <= seen["boardTop"] < seen["innerHeight"], (size, lang, seen["boardTop"])
                assert seen["zoom"] == 1  # fitted whole to the width
                page_text, board_text = seen["texts"]["page"][0], seen["texts"]["board"][0]
                assert page_text >= MIN_TEXT - 0.01, (size, lang, seen["texts"]["page"])
                floor = MIN_TEXT if phone else DESKTOP_BOARD_TEXT
                assert board_text >= floor - 0.01, (size, lang, seen["texts"]["board"])
                smallest = check_targets(page, seen, phone)
                measured[f"{size} {lang}"] = [page_text, board_text, smallest]
                if (size, lang) in (("phone", "fr"), ("desktop", "en")):
                    assert violations(page) == [], (game, size, lang)
                if phone and lang == "en":
                    presses = float(zoom_until_pressable(page))
                    measured["zoom presses"] = [presses]
                    # zoomed in, the words come back: some board text is shown at 12 px
                    for _ in range(4):
                        press_zoom(page, "in")
                    zoomed = page.evaluate(MEASURE)
                    assert MIN_TEXT - 0.01 <= zoomed["texts"]["board"][0] < 1e9, zoomed["texts"]
                    press_zoom(page, "fit")
        print(game, json.dumps({k: [round(x, 1) for x in v] for k, v in measured.items()}))
        assert page.js_errors == []  # type: ignore[attr-defined]
        assert spec.js_errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()
        spec_ctx.close()
