"""A compact text notation for Quazarys tables, for tests, bug reports and the docs.

One line per row of the table, one token per slot, separated by spaces::

    .   E14  .
    B1  S1/1 B2/2

``.`` is an empty slot; otherwise the card id (``S1``..``S9``, ``E01``..``E20``,
``B1``..``B4``), optionally followed by ``/k``: turned ``k`` quarter turns clockwise.
Points are written ``r,c,P`` with ``P`` in ``C N E S W`` (``"0,1,C"`` = the centre of the
card in row 0, column 1).
"""

from __future__ import annotations

from collections.abc import Sequence

from spacetable.engine import DataError

from .board import Board, pdecode, pkey
from .components import CARD_ID, KIND
from .constants import KIND_ACTION, P_CHOOSE, POINT_NAMES
from .rules import Quazarys

_INDEX = {cid: i for i, cid in enumerate(CARD_ID)}


def card_index(cid: str) -> int:
    """The card index of a card id (``'E05'`` -> 4)."""
    try:
        return _INDEX[cid]
    except KeyError:
        raise DataError(f"unknown card id {cid!r}") from None


def parse_board(text: str) -> Board:
    """Parse the table notation into a board (``(r, c) -> card * 4 + rot``)."""
    board: Board = {}
    rows = [line for line in text.strip("\n").splitlines() if line.strip()]
    for r, line in enumerate(rows):
        for c, tok in enumerate(line.split()):
            if tok == ".":
                continue
            cid, _, rot = tok.partition("/")
            card = card_index(cid)
            if KIND[card] == KIND_ACTION:
                raise DataError(f"row {r} column {c}: {cid} is an Action card, not a tile")
            k = int(rot) if rot else 0
            if not 0 <= k < 4:
                raise DataError(f"row {r} column {c}: rotation {k} is not 0..3")
            board[(r, c)] = card * 4 + k
    return board


def board_text(board: Board) -> str:
    """The notation of a board (inverse of :func:`parse_board` for normalised boards)."""
    h = max(r for r, _ in board) + 1
    w = max(c for _, c in board) + 1
    lines = []
    for r in range(h):
        toks = []
        for c in range(w):
            code = board.get((r, c))
            if code is None:
                toks.append(".")
            else:
                cid = CARD_ID[code >> 2]
                toks.append(cid if code & 3 == 0 else f"{cid}/{code & 3}")
        lines.append(" ".join(toks))
    return "\n".join(lines)


def point(text: str) -> int:
    """``'r,c,P'`` -> point key."""
    r, c, p = text.split(",")
    return pkey(int(r), int(c), POINT_NAMES.index(p.strip()))


def point_text(key: int) -> str:
    r, c, p = pdecode(key)
    return f"{r},{c},{POINT_NAMES[p]}"


def set_position(
    game: Quazarys,
    board: str,
    pawns: Sequence[str],
    *,
    hands: Sequence[Sequence[str]] | None = None,
    deck: Sequence[str] | None = None,
    discard: Sequence[str] | None = None,
    current: int = 0,
    first: int = 0,
) -> Quazarys:
    """Put ``game`` in the given position at the start of ``current``'s turn (phase 1).

    Cards not named in hands, deck or discard are left out of the game; the deck is listed
    bottom first (its last card is drawn first).
    """
    game.board = parse_board(board)
    game.pos = [point(p) for p in pawns]
    if hands is not None:
        game.hands = [sorted(card_index(c) for c in h) for h in hands]
    if deck is not None:
        game.deck = [card_index(c) for c in deck]
    if discard is not None:
        game.discard = [card_index(c) for c in discard]
    game.current = current
    game.first = first
    game.turns = 0
    game.phase = P_CHOOSE
    game.faction = -1
    game.ndiscard = 0
    game.stack = []
    game.arrived = ()
    game.passes = 0
    game.over = False
    game.reason = ""
    game._graph = None
    game._slots = None
    game._opts = None
    game._board_changed()
    game._run()
    return game
