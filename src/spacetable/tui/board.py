"""The board pane of the full-screen table: the game's drawing in a pane that pans.

When the drawing is wider or taller than the pane, the pane pans: with the board focused
(``Tab``, or a click), the arrow keys and ``h j k l`` move the view; ``Home`` goes back to
the top-left corner. The pane's title says where the view is (``◂`` or ``▸`` when more of
the board lies left or right, ``▴`` ``▾`` above or below, and which columns of how many
are shown). :func:`locate` finds the square an action names in the drawing, so that the
table brings it into view when the action is highlighted.

A game that draws its table narrower too (``render_compact``: Quazarys' cards five
characters wide instead of nine) gives both drawings: the pane shows the compact one when
the full one is wider than the pane, so that the whole board fits at 80x24.
"""

from __future__ import annotations

import re
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer
from textual.content import Content
from textual.widgets import Static

from .texts import tr

#: Columns moved by one press of a sideways key, rows by an up or down key.
PAN_COLUMNS = 8
PAN_ROWS = 3

# "g1" or "g1s" (Planet Raiders: column letter, row number, optional side of the square).
_LETTER_SQUARE = re.compile(r"\b([a-z])(\d{1,2})[nesw]?\b")
# "(0,1)" or "(0, 1)" (Quazarys: row, column).
_ROW_COLUMN = re.compile(r"\((\d{1,2}), ?(\d{1,2})\)")
# "build Depot #11 at site 7" (Spacedealer: a column of the player's planet grid).
_SITE = re.compile(r"\bsite (\d{1,2})\b")
# "the Turrets (2)" (Tortuga 2199: a sector by its slot, drawn "2:Turrets" on the map).
_SLOT = re.compile(r"\((\d{1,2})\)")


def is_prose(line: str) -> bool:
    """Whether a line of the drawing is text (wrapped to the pane) rather than a row of the
    drawing (panned, never wrapped): no run of four spaces after its indentation (three
    may set apart two parts of a sentence: ``Supply: ...   Common piles: ...``), and at
    least half of its other characters letters."""
    body = line.strip()
    if not body or "    " in body:
        return False
    marks = [c for c in body if not c.isspace()]
    return sum(c.isalpha() for c in marks) * 2 >= len(marks)


def wrap_prose(text: Content, width: int) -> Content:
    """``text`` with its prose lines wider than ``width`` wrapped at spaces (the next lines
    indented two more than the first); the rows of the drawing are left whole."""
    out: list[Content] = []
    for line in text.split("\n", allow_blank=True):
        plain = line.plain
        if len(plain) <= width or width < 20 or not is_prose(plain):
            out.append(line)
            continue
        indent = len(plain) - len(plain.lstrip()) + 2
        start, first = 0, True
        while len(plain) - start > (width if first else width - indent):
            room = width if first else width - indent
            cut = plain.rfind(" ", start + 1, start + room + 1)
            if cut <= start:
                cut = start + room
            piece = line[start:cut]
            out.append(piece if first else Content(" " * indent) + piece)
            start, first = cut + (plain[cut : cut + 1] == " "), False
        rest = line[start:]
        out.append(rest if first else Content(" " * indent) + rest)
    return Content("\n").join(out)


def drawing_width(text: Content) -> int:
    """How wide the rows of the drawing in ``text`` are (its prose lines wrap, so they do
    not count)."""
    return max((len(line) for line in text.plain.split("\n") if not is_prose(line)), default=0)


def _header(lines: list[str]) -> tuple[int, dict[str, int]] | None:
    """The first line of column labels (``a b c ...`` or ``0 1 2 ...``, at least three in
    order) and the position of each label in it."""
    for y, line in enumerate(lines):
        tokens = [(m.group(), m.start()) for m in re.finditer(r"\S+", line)]
        if len(tokens) < 3 or any(len(t) > 2 for t, _ in tokens):
            continue
        names = [t for t, _ in tokens]
        if names[0] in ("a", "0", "1") and all(
            (n.isdigit() and names[0].isdigit() and int(n) == int(names[0]) + i)
            or (n.isalpha() and names[0].isalpha() and ord(n) == ord(names[0]) + i)
            for i, n in enumerate(names)
        ):
            return y, {t: x for t, x in tokens}
    return None


def _row_line(lines: list[str], start: int, label: str) -> int | None:
    """The line, below the header, that starts with row label ``label``."""
    for y in range(start + 1, len(lines)):
        first = lines[y].split(maxsplit=1)
        if first and first[0] == label:
            return y
        if not lines[y].strip():
            break  # the board ends at its first blank line
    return None


def _slot(lines: list[str], action: str) -> tuple[int, int] | None:
    """A map drawn with slot labels (``2:Turrets``): where the slot an action names is."""
    for m in _SLOT.finditer(action):
        mark = re.compile(rf"(?<![\w:]){m.group(1)}:\w")
        for y, line in enumerate(lines):
            found = mark.search(line)
            if found is not None:
                return found.start() + 4, y + 1  # the middle of the sector's label
    return None


def _site(lines: list[str], action: str) -> tuple[int, int] | None:
    """A grid of numbered sites split by the planet (``0 1 ... 5 ║ 6 ... 11``; Spacedealer):
    where the site an action names is, in the grid of the seat on screen (the one whose
    name line starts with ``>``; else the first grid)."""
    m = _SITE.search(action)
    if m is None:
        return None
    start = next((y for y, line in enumerate(lines) if line.lstrip().startswith("> ")), 0)
    for y in range(start, len(lines)):
        tokens = lines[y].split()
        if "║" in tokens and all(re.fullmatch(r"\d{1,2}\*?|║", t) for t in tokens):
            found = re.search(rf"(?<!\d){m.group(1)}(?!\d)", lines[y])
            return (found.start(), y + 1) if found is not None else None
    return None


def locate(board: str, action: str) -> tuple[int, int] | None:
    """Where, in the plain text ``board`` (column, line), lies the square that the plain
    text of an action names: a column label from the board's header line and a row label
    that starts one of its lines (``g1``, or ``(row,column)``), or, on a map without a
    header, a site of a planet's grid (``site 7``) or a slot in brackets (``(2)``) drawn as
    a label ``2:Name``. None when the action names no square the board shows."""
    lines = board.split("\n")
    head = _header(lines)
    if head is None:
        return _site(lines, action) or _slot(lines, action)
    y0, columns = head
    for m in _LETTER_SQUARE.finditer(action):
        col, row = m.group(1), m.group(2)
        if col in columns:
            y = _row_line(lines, y0, row)
            if y is not None:
                return columns[col], y
    for m in _ROW_COLUMN.finditer(action):
        row, col = m.group(1), m.group(2)
        if col in columns:
            y = _row_line(lines, y0, row)
            return columns[col], (y if y is not None else y0)
    return None


class BoardPane(ScrollableContainer):
    """The pane that holds the board's drawing and pans over it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "pan(-1, 0)", show=False),
        Binding("right,l", "pan(1, 0)", show=False),
        Binding("up,k", "pan(0, -1)", show=False),
        Binding("down,j", "pan(0, 1)", show=False),
        Binding("home", "pan_home", show=False),
    ]

    def __init__(self, lang: str, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.lang = lang
        #: The board's plain text as shown (wrapped), where :func:`locate` looks.
        self.plain = ""
        #: Whether the compact drawing is the one shown.
        self.compact = False
        self._drawing = Content()
        self._compact: Content | None = None

    def show(self, board: str, compact: str | None = None) -> None:
        """Draw ``board`` (markup) in the pane, its prose wrapped to the pane's width; or
        ``compact``, the same table drawn narrower, when ``board`` is too wide for the pane
        and ``compact`` is narrower."""
        self._drawing = Content.from_markup(board)
        self._compact = Content.from_markup(compact) if compact is not None else None
        self._wrap()

    def _wrap(self) -> None:
        width = self.scrollable_content_region.width - 1
        drawing = self._drawing
        self.compact = (
            self._compact is not None
            and width > 0
            and drawing_width(drawing) > width
            and drawing_width(self._compact) < drawing_width(drawing)
        )
        if self.compact and self._compact is not None:
            drawing = self._compact
        shown = wrap_prose(drawing, width) if width > 0 else drawing
        self.plain = shown.plain
        self.query_one("#board-text", Static).update(shown)
        self.call_after_refresh(self.show_marker)

    def action_pan(self, dx: int, dy: int) -> None:
        self.scroll_to(
            self.scroll_x + dx * PAN_COLUMNS,
            self.scroll_y + dy * PAN_ROWS,
            animate=False,
            immediate=True,
        )
        self.show_marker()

    def action_pan_home(self) -> None:
        self.scroll_to(0, 0, animate=False, immediate=True)
        self.show_marker()

    def bring_into_view(self, x: int, y: int) -> None:
        """Scroll so that column ``x`` and line ``y`` of the drawing are inside the pane,
        with a few columns of context around them (no move when they already are)."""
        w, h = self.scrollable_content_region.size
        sx, sy = self.scroll_x, self.scroll_y
        margin = 6
        if not sx + margin <= x <= sx + w - margin:
            sx = max(0, x - w // 2)
        if not sy + 1 <= y <= sy + h - 2:
            sy = max(0, y - h // 2)
        self.scroll_to(sx, sy, animate=False, immediate=True)
        self.show_marker()

    def watch_scroll_x(self, old: float, new: float) -> None:
        super().watch_scroll_x(old, new)
        self.show_marker()

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self.show_marker()

    def watch_virtual_size(self) -> None:
        # the drawing's size is known only once it is laid out (after the refresh that
        # _wrap asked for, later on a busy machine): the marker is told again then
        self.call_after_refresh(self.show_marker)

    def on_resize(self) -> None:
        # after the resize's own layout: a layout asked for during it would be lost, and the
        # drawing would keep the width it had before it was wrapped
        self.call_after_refresh(self._wrap)

    def marker(self) -> str:
        """Where the view is: the arrows towards the hidden parts and the columns shown."""
        w, h = self.scrollable_content_region.size
        total_w, total_h = self.virtual_size
        x, y = round(self.scroll_x), round(self.scroll_y)
        if total_w <= w and total_h <= h:
            return tr(self.lang, "board_whole")
        left = "◂" if x > 0 else " "
        right = "▸" if x + w < total_w else " "
        up = "▴" if y > 0 else ""
        down = "▾" if y + h < total_h else ""
        span = self._span(x, w, total_w)
        keys = tr(self.lang, "board_pan") if self.has_focus else tr(self.lang, "board_tab")
        return f"{left} {span} {right}{up}{down} · {keys}"

    def _span(self, x: int, w: int, total_w: int) -> str:
        """The board's columns in view by their labels (``c-g of a-i``) when the drawing
        has a header line of column labels, else the text columns in view."""
        head = _header(self.plain.split("\n"))
        if head is not None:
            labels = list(head[1].items())
            seen = [name for name, at in labels if x <= at < x + w]
            if seen:
                return tr(
                    self.lang,
                    "board_labels",
                    first=seen[0],
                    last=seen[-1],
                    low=labels[0][0],
                    high=labels[-1][0],
                )
        return tr(self.lang, "board_span", first=x + 1, last=min(total_w, x + w), total=total_w)

    def show_marker(self) -> None:
        self.border_title = self.marker()

    def on_focus(self) -> None:
        self.call_after_refresh(self.show_marker)

    def on_blur(self) -> None:
        self.call_after_refresh(self.show_marker)


__all__ = [
    "PAN_COLUMNS",
    "PAN_ROWS",
    "BoardPane",
    "drawing_width",
    "is_prose",
    "locate",
    "wrap_prose",
]
