"""Names and labels of Quazarys in French and English, from ``text.toml``: cards, factions,
players and points (the actions of :mod:`.actions` describe themselves with them).

Names come from a data set's parts (``game.parts``): a corrected table gives corrected
labels. Without a game at hand (an action value describing itself), the shipped data's.
"""

from __future__ import annotations

from typing import Any

from .components import QuazarysParts, card_name, colour_name, faction_label
from .constants import POINT_NAMES, texts
from .tables import shipped_parts


def t(lang: str, key: str, **kw: Any) -> str:
    """The string ``key`` of ``text.toml`` in ``lang`` (English for another language)."""
    return texts().get(lang, key, **kw)


def name(card: int, lang: str, parts: QuazarysParts | None = None) -> str:
    """The card's name (its row of ``data/*.csv``)."""
    return card_name(parts or shipped_parts(), card, lang)


def faction_name(f: int, lang: str, parts: QuazarysParts | None = None) -> str:
    return faction_label(parts or shipped_parts(), f, lang)


def card_label(card: int, lang: str, parts: QuazarysParts | None = None) -> str:
    """Name plus faction, e.g. ``'Trou noir (Comète)'``."""
    p = parts or shipped_parts()
    f = p.faction[card]
    if f < 0:
        return card_name(p, card, lang)
    return t(
        lang, "card_with_faction", name=card_name(p, card, lang), faction=faction_label(p, f, lang)
    )


def seat_colour(seat: int, parts: QuazarysParts | None = None) -> str:
    """The colour of ``seat`` (of its Base card), ``'?'`` for no seat."""
    colours = (parts or shipped_parts()).colour
    return colours[seat] if 0 <= seat < len(colours) else "?"


def seat_label(seat: int, lang: str, parts: QuazarysParts | None = None) -> str:
    """A player by colour and seat number, e.g. ``'Rouge (siège 0)'``."""
    return t(lang, "seat_label", colour=colour_name(seat_colour(seat, parts), lang), seat=seat)


def point_name(p: int, lang: str) -> str:
    """Point ``p`` of a card (0 centre, 1-4 the N E S W arm ends) in words."""
    return t(lang, f"point_{POINT_NAMES[p]}")
