"""The Quazarys board (``static/boards/quazarys.js``) and the board toolkit's shared features
(``static/boards/board.js``), in headless Chromium.

Whole Quazarys races against a bot played by clicking the board alone: hand cards, stations,
dashed slots, grid cards, the turned copies of a card, pawns and a black hole's ✕ (the
fallback list is never used; only ``stop`` and ``skip`` are buttons under the board), in
French and in English, at 1280x720 and on a phone-sized screen. At every step what the board
offers is exactly the seat's legal actions. One move is made with the keyboard, a card's full
text is shown on hover and on a long press, a rotation is previewed on the grid before it is
confirmed, the last change is highlighted (and only on the seat's own board), a spectator
sees the board with nothing to click, and every WebSocket message the pages received is
checked against what its seat may know. A screenshot mid-game is taken and checked
(``docs/screenshots/quazarys.png`` with ``SPACETABLE_SCREENSHOTS=1``). The play itself is
:class:`.boardplay.Player`'s.
"""

from __future__ import annotations

import contextlib
import random
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PWTimeout

from .boardplay import READ, VIEWPORTS, Player, check_end, check_tip, open_table, piece_at
from .conftest import Server, create
from .leakcheck import check_messages
from .test_e2e import browser, capture

__all__ = ["browser"]

# The legal actions that are buttons under the board rather than pieces on it.
BUTTONS = frozenset({"stop", "skip"})
# Which kind of piece performs each action type.
PIECES = {
    "move": "station:",
    "play": "hand:",
    "discard": "hand:",
    "place": "slot:",
    "pick": "cell:",
    "orient": "orient:",
    "target": "pawn:",
    "blackhole": "line:",
}
OPTIONS = {"round_limit": 30}


# The pieces that preview what they do: a first tap shows it, a second tap acts.
PREVIEWS = ("orient:", "line:")


def click(page: Page, step: int, piece: str, *, touch: bool = False) -> None:
    """Click a piece (tap it on a touch screen; twice if it previews what it does)."""
    loc = piece_at(page, step, piece)
    at = None
    if piece.startswith("cell:"):
        # a grid card: touch its face's corner, away from the stations and pawns drawn over it
        loc = loc.locator(".face").first
        box = loc.bounding_box(timeout=1500)
        assert box is not None
        at = {"x": 6, "y": box["height"] - 6}
    if not touch:
        loc.click(position=at, timeout=1500)  # type: ignore[arg-type]
        return
    loc.tap(position=at, timeout=1500)  # type: ignore[arg-type]
    if piece.startswith(PREVIEWS):
        # the first tap only previews: nothing was sent, the board waits for the second
        seen = page.evaluate(READ)
        assert seen["step"] == step and not seen["busy"], seen
        if piece.startswith("orient:"):
            turned = page.locator(f'#view [data-testid=board][data-step="{step}"] .previewing')
            assert turned.count() == 1
        loc.tap(position=at, timeout=1500)  # type: ignore[arg-type]


class Quazarys(Player):
    buttons = BUTTONS
    # mid-game, and within every game the test accepts (more than 10 presses): a race
    # between a person and an easy bot may end after 23 presses
    shot_after = 11
    settle = 350

    def __init__(self, *args: Any, touch: bool = False, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.touch = touch

    def check(self, seen: dict[str, Any], st: dict[str, Any]) -> None:
        for p in seen["pieces"]:
            if p["svg"]:
                # each action is on the piece a player of the table would touch
                types = {a["type"] for a in p["actions"]}
                assert all(p["piece"].startswith(PIECES[t]) for t in types), p

    def choose(self, seen: dict[str, Any]) -> dict[str, Any]:
        """Stop or skip now and then, so that turns end and the race goes on."""
        on_board = [p for p in seen["pieces"] if p["svg"]]
        if not on_board or (self.rng.random() < 0.25 and len(on_board) < len(seen["pieces"])):
            return dict(self.rng.choice([p for p in seen["pieces"] if not p["svg"]]))
        return dict(self.rng.choice(on_board))

    def click(self, step: int, choice: dict[str, Any], st: dict[str, Any]) -> None:
        piece, counts = choice["piece"], self.counts
        if piece.startswith("orient:") and counts["previews"] == 0 and not self.touch:
            preview_then_confirm(self.page, step, piece, st)
            counts["previews"] += 1
            return
        touch = self.touch and choice["svg"]
        click(self.page, step, piece, touch=touch)
        counts["taps"] += touch
        counts["tap_previews"] += touch and piece.startswith(PREVIEWS)


def preview_then_confirm(page: Page, step: int, piece: str, st: dict[str, Any]) -> None:
    """Hovering a turned copy turns the card on the grid (nothing is sent); leaving it turns
    the card back; the click confirms."""
    pend = st["view"]["pending"]
    cell = page.locator(
        f'#view [data-testid=board][data-step="{step}"] [data-cell="{pend["r"]}:{pend["c"]}"]'
    )
    turnable = cell.locator(".turnable")
    assert turnable.evaluate("n => n.style.transform") == ""
    piece_at(page, step, piece).hover(timeout=1500)
    rot = int(piece.split(":")[1])
    card = next(e for e in st["view"]["cards"] if (e["r"], e["c"]) == (pend["r"], pend["c"]))
    turns = (rot - card["rot"]) % 4
    assert turnable.evaluate("n => n.style.transform") == f"rotate({turns * 90}deg)"
    assert "previewing" in (cell.get_attribute("class") or "")
    # the preview sent nothing: the board still stands at the same step, not busy
    assert page.evaluate(READ)["step"] == step
    page.mouse.move(1, 1)
    assert turnable.evaluate("n => n.style.transform") == ""
    click(page, step, piece)


# (each language and size once: a whole race a case)
CASES = [
    ("fr", "phone", 2),
    ("en", "desktop", 3),
]


@pytest.mark.parametrize(
    ("lang", "size", "players"), CASES, ids=[f"{lang}-{s}-{n}p" for lang, s, n in CASES]
)
def test_a_whole_quazarys_race_through_the_board(
    browser: Browser, fast_sqlite_server: Server, sqlite_db: str, lang: str, size: str, players: int
) -> None:
    server = fast_sqlite_server
    shot = (lang, size) == ("en", "desktop")
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * (players - 1)
    t = create(server.base, "quazarys", seats, start=True, options=OPTIONS)
    # the phone is a touch screen: its pieces are tapped
    touch = size == "phone"
    with open_table(
        browser, server, t, lang, size, touch=touch, drawn="svg [data-testid=grid]"
    ) as table:
        page = table.page
        # a Sun card's full text in the person's language on hover
        check_tip(page, table.streams, "[data-component^='sun:']")
        player = Quazarys(
            table,
            CASES.index((lang, size, players)),
            screenshot="quazarys" if shot else None,
            touch=touch,
        )
        counts = player.play()
        print(lang, size, players, dict(counts))
        assert counts["clicks"] > 10 and counts["checked"] > 10, counts
        if size == "desktop":
            assert counts["keyboard"] == 1
        else:
            assert counts["taps"] > 10, counts
        check_end(table, sqlite_db, t["id"], lang)
        # the spectator sees the pawns and no hand
        spec = table.spec
        assert spec.locator("#view [data-testid=board] [data-piece^='hand:']").count() == 0
        assert spec.locator("#view [data-testid=board] [data-testid^=pawn-]").count() == players
        if shot:
            assert player.shot is not None  # taken in this game


# Every slide the page starts (Element.animate), recorded before any script of the page runs.
RECORD_SLIDES = """
window.__slides = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, opts) {
  window.__slides.push({ mark: this.getAttribute('data-mark'),
    duration: typeof opts === 'number' ? opts : opts.duration });
  return animate.call(this, frames, opts);
};
"""

# The board on screen: its step and seat, and every mark with its sig and highlight.
MARKS = """() => {
  const board = document.querySelector('#view [data-testid=board]');
  if (!board || !document.querySelector('#handoff').classList.contains('hidden')) return null;
  return {
    step: Number(board.getAttribute('data-step')),
    seat: board.getAttribute('data-seat'),
    busy: board.classList.contains('busy'),
    end: !document.querySelector('#end').classList.contains('hidden'),
    marks: [...board.querySelectorAll('[data-mark]')].map((n) => ({
      id: n.getAttribute('data-mark'), sig: n.getAttribute('data-sig'),
      changed: n.classList.contains('changed'), flash: getComputedStyle(n).animationName,
      flashMs: parseFloat(getComputedStyle(n).animationDuration) * 1000,
    })),
    pieces: [...board.querySelectorAll('[data-actions]')].map((n) => ({
      piece: n.getAttribute('data-piece'), svg: n instanceof SVGElement,
    })),
  };
}"""


def test_the_board_toolkit_on_a_hot_seat_quazarys_race(
    browser: Browser, fast_sqlite_server: Server, sqlite_db: str
) -> None:
    """Two people on one screen (hot-seat) and a spectator who asked for reduced motion: the
    last change is exactly what is new or different since the same seat's previous draw (the
    first draw of a seat highlights nothing, and no seat's board is compared with the other
    seat's), slides are under 300 ms and none run under reduced motion, and a long press on
    a touch screen shows a card's full text without playing it."""
    server = fast_sqlite_server
    t = create(server.base, "quazarys", [{"kind": "human"}] * 2, start=True, options=OPTIONS)
    tokens = [s["link"].split("#token=")[1] for s in t["seats"]]
    ctx = browser.new_context(viewport=VIEWPORTS["desktop"])
    ctx.add_init_script(RECORD_SLIDES)
    page = ctx.new_page()
    streams = capture(page)
    page.goto(f"{server.base}/?lang=en")
    page.goto(f"{server.base}/table/{t['id']}#tokens={','.join(tokens)}")
    calm_ctx = browser.new_context(viewport=VIEWPORTS["desktop"], reduced_motion="reduce")
    calm_ctx.add_init_script(RECORD_SLIDES)
    calm = calm_ctx.new_page()
    calm_streams = capture(calm)
    calm.goto(f"{server.base}/table/{t['id']}")
    rng = random.Random(7)
    last: dict[str, dict[str, str]] = {}  # seat -> its marks at its previous draw
    seen_steps: set[tuple[str, int]] = set()
    counts = {
        "draws": 0,
        "changed": 0,
        "first": 0,
        "long_press": 0,
        "handoffs": 0,
        "calm_changed": 0,
    }
    deadline = time.monotonic() + 240
    while counts["draws"] < 40 and time.monotonic() < deadline:
        assert page.js_errors == [], page.js_errors  # type: ignore[attr-defined]
        go = page.locator("[data-testid=handoff-go]")
        if go.count() and go.is_visible():
            # the hand-off hides the seat that just played: no board, no hand behind it
            assert page.locator("#view .body > *").count() == 0
            counts["handoffs"] += 1
            with contextlib.suppress(PWTimeout):
                go.click(timeout=1500)
            continue
        # the spectator's board, under reduced motion: highlights that neither flash nor slide
        calm_seen = calm.evaluate(MARKS)
        for m in calm_seen["marks"] if calm_seen else []:
            counts["calm_changed"] += m["changed"]
            assert m["flash"] == "none", m
        seen = page.evaluate(MARKS)
        if seen is None or seen["busy"]:
            page.wait_for_timeout(30)
            continue
        if seen["end"]:
            break
        marks = {m["id"]: m["sig"] for m in seen["marks"]}
        changed = {m["id"] for m in seen["marks"] if m["changed"]}
        seat = seen["seat"]
        if (seat, seen["step"]) not in seen_steps:
            seen_steps.add((seat, seen["step"]))
            if seat not in last:
                assert changed == set(), changed  # a seat's first draw highlights nothing
                counts["first"] += 1
            else:
                before = last[seat]
                want = {i for i, s in marks.items() if before.get(i) != s}
                assert changed == want, (seat, seen["step"], changed, want)
                counts["changed"] += bool(changed)
                # a highlight flashes in, briefly
                for m in seen["marks"]:
                    if m["changed"]:
                        assert m["flash"] == "board-flash" and 0 < m["flashMs"] < 300, m
            last[seat] = marks
            counts["draws"] += 1
        if counts["long_press"] == 0:
            long_press(page, streams, seen["step"])
            counts["long_press"] += 1
            continue
        # move when possible (pawns slide), else any piece
        pieces = [p for p in seen["pieces"] if p["svg"]]
        stations = [p for p in pieces if p["piece"].startswith("station:")]
        choice = rng.choice(stations or pieces or seen["pieces"])
        with contextlib.suppress(PWTimeout):
            if choice["svg"]:
                click(page, seen["step"], choice["piece"])
            else:
                piece_at(page, seen["step"], choice["piece"]).click(timeout=1500)
            menu = page.locator("[data-testid=board-menu-item]")
            if menu.count():
                menu.first.click(timeout=1500)
    print(counts)
    assert counts["first"] == 2 and counts["changed"] > 5 and counts["handoffs"] > 2, counts
    slides = page.evaluate("window.__slides")
    assert any(s["mark"].startswith("pawn:") for s in slides), slides
    assert all(0 < s["duration"] < 300 for s in slides), slides
    # reduced motion: the spectator's board highlights, but nothing moves or flashes
    assert counts["calm_changed"] > 0, counts
    assert calm.locator("#view [data-testid=board]").get_attribute("data-seat") == "spectator"
    assert calm.evaluate("window.__slides") == []
    assert check_messages(sqlite_db, t["id"], streams) > 0
    assert check_messages(sqlite_db, t["id"], calm_streams) > 0
    assert calm.js_errors == []  # type: ignore[attr-defined]
    for c in (ctx, calm_ctx):
        with contextlib.suppress(Exception):
            c.close()


def long_press(page: Page, streams: list[list[dict[str, Any]]], step: int) -> None:
    """A touch held on a hand card shows its text; letting go does not play it."""
    board = f'#view [data-testid=board][data-step="{step}"]'
    card = page.locator(f'{board} [data-piece^="hand:"]').first
    comp = card.get_attribute("data-component")
    box = card.bounding_box()
    assert box is not None and comp
    seat = int(page.locator(board).get_attribute("data-seat") or 0)
    st = next(
        m
        for stream in streams
        for m in stream
        if m["type"] == "state" and m["step"] == step and m["seat"] == seat
    )
    text = next(c for c in st["components"] if c["id"] == comp)
    at = {"clientX": box["x"] + 20, "clientY": box["y"] + 20, "pointerType": "touch"}
    tip = page.locator("[data-testid=board-tip]")
    page.mouse.move(1, 1)  # away from the pieces: no tip from a hover
    # nor from the focus (a redraw gives it back to the piece that had it, which tips it)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    expect(tip).to_be_hidden()  # the hover tip of the last move goes (its event comes async)
    card.dispatch_event("pointerdown", {**at, "bubbles": True, "isPrimary": True})
    tip.wait_for(state="visible", timeout=3000)
    assert tip.inner_text().replace("\n", "") == text["name"] + text["text"]
    card.dispatch_event("pointerup", {**at, "bubbles": True})
    card.dispatch_event("click", {"bubbles": True})
    seen = page.evaluate(READ)
    # nothing was played: the same step, not busy, no menu
    assert seen["step"] == step and not seen["busy"], seen
    assert page.locator("[data-testid=board-menu]:not(.hidden)").count() == 0


REDRAW = """async ([st, keep]) => {
  const m = await import('/static/boards/quazarys.js');
  const body = document.querySelector('#view .body');
  const ctx = { lang: st.lang, t: (k) => k, seatName: (q) => `Seat ${q}`, act: () => {} };
  if (!keep) {  // another state: the open piece has lost one of its actions
    const piece = body.querySelector('[data-testid=board-menu]').dataset.piece;
    const node = body.querySelector(`[data-piece="${CSS.escape(piece)}"]`);
    const gone = JSON.stringify(JSON.parse(node.getAttribute('data-actions'))[0]);
    st = { ...st, legal: st.legal.filter((a) => JSON.stringify(a.action) !== gone) };
  }
  body.replaceChildren(); // as the table page does before each draw
  m.draw(body, st, ctx);
  const menu = body.querySelector('[data-testid=board-menu]');
  return {
    open: !menu.classList.contains('hidden'),
    items: [...menu.querySelectorAll('[data-testid=board-menu-item]')].map((b) => b.textContent),
    focused: Boolean(document.activeElement.closest('[data-testid=board-menu]')),
    note: body.querySelector('[data-testid=menu-note]')?.textContent ?? null,
  };
}"""


def test_an_open_menu_survives_a_redraw_or_closes_saying_why(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    """The board is drawn again under an open menu (another seat moved, a clock ticked): the
    menu opens again at its piece, the focus still in it, while the piece offers the same
    actions; when they changed, it closes and a note says why."""
    seats = [{"kind": "human"}, {"kind": "human"}]
    t = create(fast_sqlite_server.base, "quazarys", seats, start=True)
    several = "[data-testid=board] .playable[data-actions*='},{']"
    opened = []
    contexts = []
    for seat in t["seats"]:  # both seats' pages (apart): the one whose turn it is has them
        contexts.append(browser.new_context(viewport={"width": 1280, "height": 720}))
        page = contexts[-1].new_page()
        opened.append((page, capture(page)))
        page.goto(f"{fast_sqlite_server.base}/?lang=en")
        page.goto(f"{fast_sqlite_server.base}{seat['link']}")
        page.wait_for_selector("#view [data-testid=board]")
    deadline = time.monotonic() + 20
    while not any(p.locator(several).count() for p, _ in opened):
        assert time.monotonic() < deadline, "no piece with several actions"
        time.sleep(0.2)
    page, streams = next((p, s) for p, s in opened if p.locator(several).count())
    page.locator(several).first.click()
    page.wait_for_selector("[data-testid=board-menu]:not(.hidden)")
    items = page.locator("[data-testid=board-menu-item]").all_inner_texts()
    st = [m for s in streams for m in s if m["type"] == "state"][-1]
    again = page.evaluate(REDRAW, [st, True])
    assert again == {"open": True, "items": items, "focused": True, "note": None}
    changed = page.evaluate(REDRAW, [st, False])
    assert changed["open"] is False and changed["note"] == "menu_changed"
    for ctx in contexts:
        ctx.close()
