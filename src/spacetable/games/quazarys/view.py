"""The one projection of a Quazarys state for a seat: ``view(game, seat)``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .board import pdecode
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
#: Per table of oriented layouts (a data set's ``parts.oriented``, shared by its games), the
#: notation of every code, by the table's identity; the table is kept with its notations, so
#: its id names no other object while it is here.
_BY_CODE: dict[int, tuple[tuple[Layout | None, ...], list[str | None]]] = {}


def _notation(lay: Layout) -> str:
    text = _NOTATIONS.get(lay)
    if text is None:
        text = _NOTATIONS[lay] = lay.notation()
    return text


def _notations(oriented: tuple[Layout | None, ...]) -> list[str | None]:
    """The notation of every oriented code of ``oriented`` (``None`` where it has none)."""
    hit = _BY_CODE.get(id(oriented))
    if hit is not None and hit[0] is oriented:
        return hit[1]
    notes = [None if lay is None else _notation(lay) for lay in oriented]
    if len(_BY_CODE) < 64:  # one per data set
        _BY_CODE[id(oriented)] = (oriented, notes)
    return notes


def view(game: Quazarys, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (``None``: a spectator): the table, the pawns, its own hand, the
    sizes of the other hands and of the deck, the public discard and the turn."""
    g = game.graph
    parts = game.parts
    owner = {card: s for s, card in enumerate(game.base_card)}
    notes = _notations(parts.oriented)
    faction = parts.faction
    vortex = parts.vortex
    h = w = 0  # bounds(game.board), found on the way
    cards = []
    for (r, c), code in sorted(game.board.items()):
        if r >= h:
            h = r + 1
        if c >= w:
            w = c + 1
        card = code >> 2
        note = notes[code]
        assert note is not None
        f = faction[card]
        entry: dict[str, Any] = {
            "r": r,
            "c": c,
            "card": card,
            "rot": code & 3,
            "layout": note,
            "faction": f if f >= 0 else None,
            "vortex": vortex[card],
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
