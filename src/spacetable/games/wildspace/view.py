"""Wild Space: :func:`view`, the one projection of the state for a seat (``WildSpace._view``).

What a seat may know: the planets (face-down tiles hidden), the Reserve, deck size, discard,
every crew, its own hand (the others' sizes and the cards everyone saw them take from the
Reserve), what is pending, and in solo the Contrebandier (its Hostile deck by backs only).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from .components import PREDS, WildParts
from .constants import F_COST, F_DRAW, F_PLAY, F_USE_DRAW, FRAME_NAMES, Frame, src_json

if TYPE_CHECKING:
    from .rules import WildSpace


def view(g: WildSpace, seat: int | None) -> dict[str, Any]:
    n = g.players
    parts = g.parts
    planets = []
    for pos in range(5):
        tile = g.planets[pos]
        up = g.faceup[pos]
        sectors = []
        for s in (0, 1):
            sectors.append(
                [
                    [q, g.spots[q * 10 + pos * 2 + s]]
                    for q in range(n)
                    if g.spots[q * 10 + pos * 2 + s]
                ]
            )
        planets.append(
            {
                "position": pos,
                "tile": tile if up else None,
                "threshold": parts.threshold[tile],
                "faceup": up,
                "shuttles": sectors,
            }
        )
    players = []
    for q in range(n):
        players.append(
            {
                "captain": g.captain[q],
                "tableau": list(g.tableau[q]),
                "hand_size": len(g.hands[q]),
                "hand": sorted(g.hands[q]) if q == seat else None,
                "known_hand": sorted(g.known[q]),
                "veteran": g.vet[q],
                "shuttles_left": g.shuttles_left(q),
                "turns": g.turns[q],
                "score": g.score_sheet(q)["total"],
            }
        )
    out: dict[str, Any] = {
        "planets": planets,
        "reserve": list(g.reserve),
        "deck_size": len(g.deck),
        "discard": list(g.discard),
        "current": g.current,
        "smuggler_turn": g.smuggler_turn,
        "main_done": g.main_done,
        "pending": [
            {
                "kind": FRAME_NAMES[f[0]],
                "arg": _frame_arg(parts, f),
                "optional": bool(f[4]),
                **src_json(f[3]),
            }
            for f in g.stack
        ],
        "player_states": players,
    }
    if g.solo:
        out["smuggler"] = {
            "captain": g.s_captain,
            "tableau": list(g.s_tableau),
            "hostile_row": [[h, g.h_state[h]] for h in g.h_row],
            "hostile_aside": list(g.h_aside),
            "difficulty": g.options["difficulty"],
            "hostile_deck": hostile_deck(g),
            "turns": g.s_turns,
            "auto": g.auto,
            "score": g.smuggler_sheet()["total"] if g.over else None,
        }
    if g.over:
        out["outcome"] = g._outcome().to_json()
    return out


def hostile_deck(g: WildSpace) -> dict[str, Any]:
    """What the table shows of the Hostile deck: « Constituez une pioche de 5 cartes Planètes
    Hostiles en prenant aléatoirement, en fonction de leur dos, les cartes indiquées par le
    niveau de difficulté … Mélangez ces 5 cartes » : its size, the back (category) of its top
    card, and how many of the game's five cards come from each category (the level's counts).
    """
    deck = g.h_deck
    return {
        "size": len(deck),
        "top": g.parts.h_category[deck[-1]] if deck else None,
        "categories": list(g.parts.difficulty[g.options["difficulty"]]),
    }


def _frame_arg(parts: WildParts, f: Frame) -> Any:
    if f[0] in (F_DRAW, F_USE_DRAW):
        return f[1]
    if f[0] == F_PLAY:
        return PREDS[f[1]]
    if f[0] == F_COST:
        return parts.effect_text[f[1]]
    return None


def component_ids(v: Mapping[str, Any]) -> Iterator[str]:
    """The ids of the components view ``v`` mentions, in the order a reader meets them: the
    seat's own hand, the Reserve, the face-up planet tiles, each crew (captain first) and the
    cards everyone saw a player take into their hand, the discard, then in solo the
    Contrebandier's crew, its Hostile Planets and its level. It reads only the view, so it
    names nothing the seat may not see (another seat's hand, the deck, a face-down tile, the
    Hostile deck)."""
    for ps in v["player_states"]:
        for c in ps["hand"] or ():
            yield f"card:{c}"
    for c in v["reserve"]:
        if c >= 0:
            yield f"card:{c}"
    for pl in v["planets"]:
        if pl["tile"] is not None:
            yield f"planet:{pl['tile']}"
    for ps in v["player_states"]:
        for c in ps["tableau"]:
            yield f"card:{c}"
        for c in ps["known_hand"]:
            yield f"card:{c}"
    for c in v["discard"]:
        yield f"card:{c}"
    sm = v.get("smuggler")
    if sm is not None:
        for c in sm["tableau"]:
            yield f"card:{c}"
        for h, _ in sm["hostile_row"]:
            yield f"hostile:{h}"
        for h in sm["hostile_aside"]:
            yield f"hostile:{h}"
        yield f"level:{sm['difficulty']}"
