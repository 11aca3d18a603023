"""Spacedealer positions built directly (for scenario tests, bug reports and the docs).

A position starts from :func:`started` (setup done, every seat's starting mine chosen) and
is then edited with the helpers below, which keep the state consistent (cards leave the
pile or box they came from, goods come from the supply).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spacetable.engine import DataSet

from .actions import STORE_CODE, Start
from .components import COLOURS, CardType
from .constants import W_OUT, W_PERSONAL, W_PILE, W_PLANNING
from .rules import Spacedealer
from .tables import shipped_parts


def started(
    players: int = 4,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    side: int = 1,
    pos: int = 1,
    data: DataSet[Any] | None = None,
) -> Spacedealer:
    """A game just after the reveal: every seat chose its first mine, generator on ``side``
    (played with ``data``, the shipped data set by default)."""
    g = Spacedealer(players, seed, options, data)
    for p in range(players):
        mine = next(c for c in g.personal[p] if g.parts.card[c].kind == "mine")
        g.apply(p, Start(mine, side, pos))
    return g


def take(g: Spacedealer, p: int, kind: str, colour: str = "") -> int:
    """Put a card of ``kind`` (and goods colour) into the planning zone of seat ``p``.

    The card comes from a common pile, the box, or any personal pile (seat ``p``'s first).
    """
    col = COLOURS.find(colour) if colour else -1
    for c in range(len(g.where)):
        t = g.parts.card[c]
        if t.kind != kind or (col >= 0 and t.colour != col):
            continue
        if g.where[c] == W_PILE:
            g.pile[t.level].remove(c)
        elif g.where[c] == W_PERSONAL and g.owner[c] == p:
            g.personal[p].remove(c)
        elif g.where[c] != W_OUT:
            continue
        g.where[c] = W_PLANNING
        g.owner[c] = p
        g.planning[p].append(c)
        g._dirty()
        return c
    raise LookupError(f"no free {kind} card {colour}")


def build(g: Spacedealer, p: int, kind: str, pos: int, colour: str = "") -> int:
    """Build a card of ``kind`` on planet ``p`` at site ``pos`` (no legality check)."""
    cid = take(g, p, kind, colour)
    g._build(p, cid, pos)
    g._dirty()
    return cid


def load(g: Spacedealer, container: int, goods: str) -> None:
    """Move goods (``"RGB"``) from the supply into a container."""
    for ch in goods:
        k = COLOURS.index(ch)
        g.supply[k] -= 1
        g.goods[4 * container + k] += 1
    g._dirty()


def contents(g: Spacedealer, container: int) -> str:
    """The goods of a container as a string, e.g. ``"RGG"``."""
    return "".join(COLOURS[k] * g.goods[4 * container + k] for k in range(4))


def moor(g: Spacedealer, ship: int, field: int) -> None:
    """Put a ship on an orbit field (not in flight)."""
    g.ship_field[ship] = field
    g._dirty()


def store(g: Spacedealer, p: int) -> int:
    """The container index of planet ``p``'s depots (into ``g.goods``)."""
    return g.nships + p


def store_code(p: int) -> int:
    """The code of planet ``p``'s depots in actions."""
    return STORE_CODE + p


def card_type(cid: int, g: Spacedealer | None = None) -> CardType:
    """The card ``cid`` of game ``g``'s data set (the shipped one by default)."""
    return (g.parts if g is not None else shipped_parts()).card[cid]
