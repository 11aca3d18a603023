"""The grid-and-path model of Quazarys.

The table is a grid of card slots ``(r, c)`` (row down, column right), kept *normalised*: the
smallest row and column in use are 0, and the table is at most :data:`MAX_DIM` cards high
and wide. ``board`` maps ``(r, c)`` to ``card * 4 + rot`` (a tile turned ``rot`` quarter turns
clockwise).

Each card has up to five *points*: its centre (0) and the ends of its arms (1 N, 2 E, 3 S,
4 W). A point is an int key ``(r * 16 + c) * 5 + p``. Paths are the edges:

* centre <-> arm end, on the same card: one way when the arm has an arrow;
* arm end <-> the facing arm end of the orthogonally adjacent card (N of one card and S of
  the card above, ...): always both ways, and only when both cards have an arm there.

Stations are points; a move goes from the pawn's station along the path to the first station
reached (a pawn-occupied one is jumped, see :func:`destinations`). Base cards are one centre
station with one arm: only their owner may enter them, any number of pawns may stand there.
"""

from __future__ import annotations

from typing import Any

from spacetable.engine import Kind, RecordError

from .components import KIND, N_CARDS, QuazarysParts
from .constants import (
    DELTA,
    DIRS,
    KIND_ACTION,
    KIND_BASE,
    KIND_EXPLO,
    KIND_SUN,
    MAX_DIM,
    OPP,
    STRIDE,
)

Board = dict[tuple[int, int], int]

# The table at setup: (row, col) of the Suns, and (row, col, rot) of the bases, in seat
# order W, E (2 players: "placez-en 5 … en ligne") or W, N, E, S (3-4 players, clockwise:
# "placez-en 9 … en formant une croix").
LINE_SUNS: tuple[tuple[int, int], ...] = tuple((0, c) for c in range(1, 6))
LINE_BASES: tuple[tuple[int, int, int], ...] = ((0, 0, 0), (0, 6, 2))
CROSS_SUNS: tuple[tuple[int, int], ...] = (
    (3, 3),
    (3, 1),
    (3, 2),
    (3, 4),
    (3, 5),
    (1, 3),
    (2, 3),
    (4, 3),
    (5, 3),
)
CROSS_BASES: tuple[tuple[int, int, int], ...] = ((3, 0, 0), (0, 3, 1), (3, 6, 2), (6, 3, 3))


class BoardKind(Kind):
    """The state kind of a table: ``(r, c) -> card * 4 + rot``, saved as ``[[r, c, code],
    ...]`` sorted by slot. A load checks every slot is on the normalised grid (0 to
    :data:`MAX_DIM` - 1), given once, and holds a tile (a Sun, Exploration or Base card);
    a clone copies the dict (the rules change it in place)."""

    immutable = False

    def name(self) -> str:
        return "board"

    def load(self, v: Any, path: str, game: Any) -> Any:
        if type(v) is not list:
            raise self.bad(v, path)
        board: Board = {}
        for i, item in enumerate(v):
            where = f"{path}[{i}]"
            if type(item) is not list or len(item) != 3 or any(type(x) is not int for x in item):
                raise RecordError(f"{where}: expected [row, column, tile code], got {item!r:.40}")
            r, c, code = item
            if not (0 <= r < MAX_DIM and 0 <= c < MAX_DIM):
                raise RecordError(f"{where}: slot ({r}, {c}) is off the {MAX_DIM}x{MAX_DIM} grid")
            if not 0 <= code < N_CARDS * 4 or KIND[code >> 2] == KIND_ACTION:
                raise RecordError(f"{where}: {code} is not a tile code (card * 4 + rotation)")
            if (r, c) in board:
                raise RecordError(f"{where}: slot ({r}, {c}) given twice")
            board[(r, c)] = code
        return board

    def dump(self, v: Any) -> Any:
        return [[r, c, code] for (r, c), code in sorted(v.items())]

    def copy_code(self, expr: str, depth: int = 0) -> str:
        return f"{expr}.copy()"


#: The kind of the ``board`` state field.
BOARD = BoardKind()


def pkey(r: int, c: int, p: int) -> int:
    return (r * STRIDE + c) * 5 + p


def pdecode(k: int) -> tuple[int, int, int]:
    cell, p = divmod(k, 5)
    r, c = divmod(cell, STRIDE)
    return r, c, p


def pcell(k: int) -> tuple[int, int]:
    r, c = divmod(k // 5, STRIDE)
    return r, c


class _Adjacency(dict[int, tuple[int, ...]]):
    """Point -> the points one step away, computed on first use from the board (and the
    geometry of the tiles, from the data set's parts)."""

    __slots__ = ("arms", "armset", "board", "free", "hub_out", "to_hub")

    def __init__(self, board: Board, free: bool, parts: QuazarysParts) -> None:
        super().__init__()
        self.board = board
        self.free = free
        self.arms = parts.arms
        self.armset = parts.armset
        self.hub_out = parts.hub_out
        self.to_hub = parts.to_hub

    def __missing__(self, k: int) -> tuple[int, ...]:
        cell, p = divmod(k, 5)
        r, c = divmod(cell, STRIDE)
        board = self.board
        code = board.get((r, c))
        out: tuple[int, ...] = ()
        if code is not None:
            base = cell * 5
            if p == 0:
                out = tuple(
                    base + d for d in (self.arms[code] if self.free else self.hub_out[code])
                )
            elif p in self.armset[code]:
                lst = [base] if self.free or self.to_hub[code][p] else []
                dr, dc = DELTA[p]
                od = OPP[p]
                other = board.get((r + dr, c + dc))
                if other is not None and od in self.armset[other]:
                    lst.append(((r + dr) * STRIDE + c + dc) * 5 + od)
                out = tuple(lst)
        self[k] = out
        return out


class Graph:
    """The path graph of one board (a snapshot; neighbours are computed lazily, memoised).

    ``arrow`` and ``free`` map a point to its neighbours, obeying or ignoring arrows.
    """

    __slots__ = ("_steps", "arrow", "base_owner", "free", "stops", "vortex")

    def __init__(self, board: Board, owner_of_base: dict[int, int], parts: QuazarysParts) -> None:
        board = dict(board)  # a private snapshot: the game's dict may change later
        stops: set[int] = set()
        base_owner: dict[int, int] = {}
        vortex: list[int] = []
        stations = parts.stations
        is_vortex = parts.vortex
        for (r, c), code in board.items():
            base = (r * STRIDE + c) * 5
            for p in stations[code]:
                stops.add(base + p)
            card = code >> 2
            if KIND[card] == KIND_BASE:
                base_owner[base] = owner_of_base.get(card, -1)
            elif is_vortex[card]:
                vortex.append(base)
        self.arrow = _Adjacency(board, False, parts)
        self.free = _Adjacency(board, True, parts)
        self.stops = stops
        self.base_owner = base_owner
        self.vortex = tuple(sorted(vortex))
        self._steps: dict[bool, dict[int, tuple[int, ...]]] = {}

    def leg(
        self, nbr: dict[int, tuple[int, ...]], starts: list[tuple[int, int]], banned: set[int]
    ) -> dict[int, list[int]]:
        """Stations first reached from ``starts`` ((point, predecessor) pairs) through
        points without a station; maps each station to the points it was entered from."""
        stops = self.stops
        found: dict[int, list[int]] = {}
        seen: set[int] = set()
        stack = starts
        while stack:
            p, pred = stack.pop()
            if p in banned:
                continue
            if p in stops:
                lst = found.get(p)
                if lst is None:
                    found[p] = [pred]
                elif pred not in lst:
                    lst.append(pred)
                continue
            if p in seen:
                continue
            seen.add(p)
            for q in nbr[p]:
                if q != pred:
                    stack.append((q, p))
        return found

    def destinations(
        self,
        src: int,
        seat: int,
        others: set[int],
        ignore_arrows: bool,
        enter_home: bool = True,
    ) -> list[int]:
        """Where a one-station move of ``seat``'s pawn from ``src`` may end.

        ``others`` are the stations of the other pawns (not on bases). Arrows are obeyed
        unless ``ignore_arrows``. A move that would end on another pawn continues one more
        station beyond it (the jump), never turning back the way it came; a Vortex leads to
        the other Vortex in one move; a Base may be entered only by its owner (and not at
        all when ``enter_home`` is false).
        """
        nbr = self.free if ignore_arrows else self.arrow
        found = self.leg(nbr, [(q, src) for q in nbr[src]], {src})
        if src in self.vortex and len(self.vortex) == 2:
            other = self.vortex[0] if self.vortex[1] == src else self.vortex[1]
            found.setdefault(other, []).append(-1)
        out: set[int] = set()
        self._settle(found, seat if enter_home else -9, others, nbr, {src}, out)
        return sorted(out)

    def _settle(
        self,
        found: dict[int, list[int]],
        seat: int,
        others: set[int],
        nbr: dict[int, tuple[int, ...]],
        banned: set[int],
        out: set[int],
    ) -> None:
        owner = self.base_owner
        for x, preds in found.items():
            if x in owner:
                if owner[x] == seat:
                    out.add(x)
                continue
            if x in others:
                ban = banned | {x}
                for pred in preds:
                    starts = [(q, x) for q in nbr[x] if q != pred]
                    more = self.leg(nbr, starts, ban)
                    self._settle(more, seat, others, nbr, ban, out)
                continue
            out.add(x)

    def steps(self, ignore_arrows: bool) -> dict[int, tuple[int, ...]]:
        """For every station, the stations one move away (pawns ignored, bases included)."""
        s = self._steps.get(ignore_arrows)
        if s is None:
            nbr = self.free if ignore_arrows else self.arrow
            s = {}
            for st in self.stops:
                if st in self.base_owner and not nbr[st]:
                    s[st] = ()
                    continue
                f = self.leg(nbr, [(q, st) for q in nbr[st]], {st})
                if st in self.vortex and len(self.vortex) == 2:
                    other = self.vortex[0] if self.vortex[1] == st else self.vortex[1]
                    f.setdefault(other, [])
                s[st] = tuple(f)
            self._steps[ignore_arrows] = s
        return s

    def distance(self, src: int, dst: int, seat: int, ignore_arrows: bool) -> int:
        """Fewest one-station moves from ``src`` to ``dst`` (pawns ignored); -1 if none."""
        if src == dst:
            return 0
        steps = self.steps(ignore_arrows)
        owner = self.base_owner
        dist = {src: 0}
        frontier = [src]
        while frontier:
            nxt = []
            for p in frontier:
                d = dist[p] + 1
                for q in steps.get(p, ()):
                    if q in dist:
                        continue
                    if q == dst:
                        return d
                    if q in owner:
                        continue
                    dist[q] = d
                    nxt.append(q)
            frontier = nxt
        return -1


def bounds(board: Board) -> tuple[int, int]:
    """(height, width) of a normalised board."""
    h = w = 0
    for r, c in board:
        if r >= h:
            h = r + 1
        if c >= w:
            w = c + 1
    return h, w


def placements(board: Board, exclude: tuple[int, int] | None = None) -> list[tuple[int, int]]:
    """Empty slots orthogonally adjacent to a Sun or Exploration card, keeping the table within
    MAX_DIM x MAX_DIM (coordinates may be -1: the slot left of/above the current table)."""
    h, w = bounds(board)
    cand: set[tuple[int, int]] = set()
    for (r, c), code in board.items():
        k = KIND[code >> 2]
        if k != KIND_SUN and k != KIND_EXPLO:
            continue
        for d in DIRS:
            dr, dc = DELTA[d]
            p = (r + dr, c + dc)
            if p not in board:
                cand.add(p)
    out = [rc for rc in cand if rc != exclude and within_limit(h, w, *rc)]
    out.sort()
    return out


def within_limit(h: int, w: int, r: int, c: int) -> bool:
    """Whether a card at slot (r, c) keeps a ``h`` x ``w`` table within MAX_DIM x MAX_DIM."""
    nh = h + 1 if (r < 0 or r >= h) else h
    nw = w + 1 if (c < 0 or c >= w) else w
    return nh <= MAX_DIM and nw <= MAX_DIM


def next_to_path_card(board: Board, r: int, c: int) -> bool:
    """Whether slot (r, c) is orthogonally next to a Sun or Exploration card (where an
    Exploration may go, :func:`placements`)."""
    for d in DIRS:
        dr, dc = DELTA[d]
        code = board.get((r + dr, c + dc))
        if code is not None and KIND[code >> 2] in (KIND_SUN, KIND_EXPLO):
            return True
    return False
