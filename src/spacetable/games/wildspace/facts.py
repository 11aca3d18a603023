"""Wild Space component facts: what a client draws a component with, computed from its row.

Every fact is a JSON value in the data vocabulary (``docs/games/wildspace.md``, "Component
facts"), the same in every language; a client names a species, a profession or a kind of
card with the name of the vocabulary component ``species:<s>``, ``profession:<p>`` or
``cardkind:<k>`` (:func:`vocabulary_ids` adds them to the components a view mentions), so
that no client keeps a table of the game's words.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .components import CardRow, WildParts
from .constants import KINDS, PROFESSIONS, SPECIES


def _conditions(text: str) -> list[str]:
    """``has:prof.botanist|has:robot`` -> ``["prof.botanist", "robot"]``."""
    return [alt.partition(":")[2] for alt in text.split("|")] if text else []


def card_facts(parts: WildParts, c: int) -> dict[str, Any]:
    """A crew card: its kind, species and profession (``None`` when it has none), Veteran
    status, the credits it carries, its circles in the data vocabulary and, for a captain,
    the credit boxes of its Veteran track."""
    r: CardRow = parts.cards[c]
    out: dict[str, Any] = {
        "kind": r.kind,
        "species": r.species,
        "profession": r.profession,
        "veteran": r.veteran,
        "credits": r.credits,
        "conditions": _conditions(r.condition),
        "effect": r.effect or None,
        "mission": r.mission or None,
    }
    if r.kind == "captain":
        out["track"] = [None if s == "-" else s for s in r.track.split(";")]
        out["track_credits"] = list(parts.track_credits[c])
    return out


def planet_facts(parts: WildParts, tile: int) -> dict[str, Any]:
    """A planet tile: the crew it needs to be reached (its threshold, 0 for a starting
    planet), and its two sectors (left, right), each with its conditions (any one suffices)
    and its actions (alternatives, each a sequence of effects)."""
    r = parts.planets[tile]
    conds = (r.left_conditions, r.right_conditions)
    return {
        "threshold": parts.threshold[tile],
        "start": parts.threshold[tile] == 0,
        "sectors": [
            {
                "conditions": _conditions(conds[side]),
                "actions": [opt.split("+") for opt in parts.sector_text[tile][side]],
            }
            for side in (0, 1)
        ],
    }


def _ops(ops: tuple[tuple[int, int], ...]) -> list[dict[str, Any]]:
    return [{"take": bool(take), "slot": slot + 1} for take, slot in ops]


def hostile_facts(parts: WildParts, h: int) -> dict[str, Any]:
    """A Hostile Planet: its category, its landing and exploration effects on the Reserve
    (take or discard a slot, numbered from 1) and its end-game bonus icons."""
    return {
        "category": parts.h_category[h],
        "landing": _ops(parts.h_landing[h]),
        "exploration": _ops(parts.h_explore[h]),
        "bonus": list(parts.h_bonus[h]),
    }


def level_facts(parts: WildParts, level: str) -> dict[str, Any]:
    """A solo level: how many Hostile Planets of categories 1, 2 and 3 its deck takes."""
    return {"counts": list(parts.difficulty[level])}


def vocabulary_facts(parts: WildParts) -> list[tuple[str, str, dict[str, Any], int]]:
    """The vocabulary components (kind, key, facts, how many cards of the box have it): the
    six species, the six professions and the four kinds of crew card."""
    cards = parts.cards
    out: list[tuple[str, str, dict[str, Any], int]] = []
    out += [
        ("species", s, {"species": s}, sum(1 for r in cards if r.species == s)) for s in SPECIES
    ]
    out += [
        ("profession", p, {"profession": p}, sum(1 for r in cards if r.profession == p))
        for p in PROFESSIONS
    ]
    out += [("cardkind", k, {"kind": k}, sum(1 for r in cards if r.kind == k)) for k in KINDS]
    return out


def vocabulary_ids(parts: WildParts, ids: Iterable[str]) -> list[str]:
    """The vocabulary components that name the species, professions and kinds of the crew
    cards among ``ids`` (in the order the cards come)."""
    out: dict[str, None] = {}
    for ident in ids:
        kind, _, key = ident.partition(":")
        if kind != "card":
            continue
        r = parts.cards[int(key)]
        out[f"cardkind:{r.kind}"] = None
        if r.species is not None:
            out[f"species:{r.species}"] = None
        if r.profession is not None:
            out[f"profession:{r.profession}"] = None
    return list(out)
