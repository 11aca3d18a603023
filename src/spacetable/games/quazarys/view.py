"""The one projection of a Quazarys state for a seat: ``view(game, seat)``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .board import bounds, pdecode
from .components import KIND, Layout, QuazarysParts, component_id
from .constants import KIND_BASE, PHASE_NAMES
from .tasks import MoveTask, OrientTask, PickTask, PlaceTask, task_name

if TYPE_CHECKING:
    from .rules import Quazarys


def pending(game: Quazarys) -> dict[str, Any]:
    """What is being decided now: ``kind`` (a phase or a task) and its details."""
    if game.over:
        return {"kind": "over"}
    if game.stack:
        t = game.stack[-1]
        d: dict[str, Any] = {"kind": task_name(t)}
        if isinstance(t, MoveTask):
            d.update(pawn=t.mover, ignore_arrows=bool(t.ignore), remaining=t.remaining)
        elif isinstance(t, PickTask):
            d["mode"] = "tornado" if t.mode == 0 else "rotate"
        elif isinstance(t, PlaceTask):
            d.update(card=t.card, tornado=bool(t.tornado))
        elif isinstance(t, OrientTask):
            d.update(r=t.r, c=t.c, card=game.board[(t.r, t.c)] >> 2)
        return d
    return {"kind": PHASE_NAMES[game.phase]}


#: The notation of every layout met (a pure function of the layout's value, computed once:
#: the views of a game name the same few hundred layouts again and again).
_NOTATIONS: dict[Layout, str] = {}


def _notation(lay: Layout) -> str:
    text = _NOTATIONS.get(lay)
    if text is None:
        text = _NOTATIONS[lay] = lay.notation()
    return text


def view(game: Quazarys, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (``None``: a spectator): the table, the pawns, its own hand, the
    sizes of the other hands and of the deck, the public discard and the turn."""
    g = game.graph
    parts = game.parts
    owner = {card: s for s, card in enumerate(game.base_card)}
    h, w = bounds(game.board)
    cards = []
    for (r, c), code in sorted(game.board.items()):
        card = code >> 2
        lay = parts.oriented[code]
        assert lay is not None
        f = parts.faction[card]
        entry: dict[str, Any] = {
            "r": r,
            "c": c,
            "card": card,
            "rot": code & 3,
            "layout": _notation(lay),
            "faction": f if f >= 0 else None,
            "vortex": parts.vortex[card],
        }
        if KIND[card] == KIND_BASE:
            entry["owner"] = owner.get(card)
        cards.append(entry)
    pawns = []
    for s, p in enumerate(game.pos):
        r, c, q = pdecode(p)
        pawns.append({"seat": s, "r": r, "c": c, "p": q, "on_base": p in g.base_owner})
    return {
        "height": h,
        "width": w,
        "cards": cards,
        "pawns": pawns,
        "hand": list(game.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(x) for x in game.hands],
        "deck_size": len(game.deck),
        "discard": list(game.discard),
        "out": list(game.out),
        "current": game.current,
        "first": game.first,
        "round": game.turns // game.players + 1,
        "round_limit": game.round_limit,
        "phase": PHASE_NAMES[game.phase],
        "faction": game.faction if game.faction >= 0 else None,
        "discarded": game.ndiscard,
        "pending": pending(game),
        "arrived": list(game.arrived),
        "reason": game.reason or None,
    }


def component_ids(view: Mapping[str, Any], parts: QuazarysParts) -> list[str]:
    """The components ``view`` mentions, in the order a reader meets them: the cards on the
    table (row by row), the seat's own hand, the top of the discard (face up), the card being
    placed, the faction of the combination, then the factions of those cards (a client names
    a card's faction from its component). It reads only the view (and the data set, which
    is public): another seat's hand and the deck are never in a view, so never here."""
    cards = [e["card"] for e in view["cards"]]
    cards.extend(view["hand"] or ())
    if view["discard"]:
        cards.append(view["discard"][-1])
    card = view["pending"].get("card")
    if card is not None:
        cards.append(card)
    ids = [component_id(c) for c in cards]
    factions: list[int] = []
    if view["faction"] is not None:
        factions.append(view["faction"])
    factions.extend(parts.faction[c] for c in cards if parts.faction[c] >= 0)
    ids.extend(f"faction:{parts.factions[f].id}" for f in dict.fromkeys(factions))
    return ids
