"""Spacedealer component facts: what a client draws a component with, computed from its row.

Every fact is a JSON value in the data vocabulary (``docs/games/spacedealer.md``, "Component
facts"), the same in every language. A technology card and a Gizzi card list the game ids
of their copies (``copies``): a view names a card by its game id (up to two boxes), and a
client finds the card's component through this fact, never by computing it.
"""

from __future__ import annotations

from typing import Any

from .components import CardType, SdParts
from .constants import BASE_TIMERS, GIZZI_PER_BOX, SHIP_CAP


def _demands(t: CardType) -> list[dict[str, Any]]:
    return [
        {"goods": list(need), "deliver": deliver, "owner": owner}
        for need, deliver, owner in t.demands
    ]


def card_facts(parts: SdParts, t: CardType) -> dict[str, Any]:
    """A technology card (a row of the box): its kind, level, goods colour (0..3 = red,
    yellow, green, blue; -1 none), shape on the planet grid and energy connections, effect
    and amount, whether it takes a sand timer, its demands (goods per colour and the points
    of the deliverer and of the owner), whether it is an advanced card, its starting set
    (-1 none) and the game ids of its copies."""
    return {
        "kind": t.kind,
        "level": t.level,
        "colour": t.colour,
        "shape": t.shape,
        "conns": t.conns,
        "effect": t.effect,
        "amount": t.amount,
        "timer": t.slot,
        "demands": _demands(t),
        "advanced": t.advanced,
        "start_set": t.start_set,
        "copies": [cid for cid, c in enumerate(parts.card) if c.index == t.index],
    }


def gizzi_facts(parts: SdParts, gid: int) -> dict[str, Any]:
    """A Gizzi card: the goods it wants per colour, the points it gives, the game ids of its
    copies."""
    copies = len(parts.card) // len(parts.box)
    return {
        "goods": list(parts.gizzi_goods[gid]),
        "points": parts.gizzi[gid].vp_deliver,
        "copies": [gid + k * GIZZI_PER_BOX for k in range(copies)],
    }


def planet_facts(parts: SdParts, seat: int) -> dict[str, Any]:
    """A player planet: the seat playing it, its id and its terminal style (a colour)."""
    pl = parts.planets[seat]
    return {"seat": pl.seat, "planet": pl.id, "style": pl.style}


def ship_facts() -> dict[str, Any]:
    """The spaceship: how many goods it carries."""
    return {"capacity": SHIP_CAP}


def timer_facts() -> dict[str, Any]:
    """The sand timers: how many a player starts with."""
    return {"per_player": BASE_TIMERS}
