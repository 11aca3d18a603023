"""Names and labels of Quazarys in French and English, from ``text.toml``: cards, factions,
players and points (the actions of :mod:`.actions` describe themselves with them)."""

from __future__ import annotations

from typing import Any

from .components import BASE_ROWS, FACTION, FACTION_ROWS, NAME_EN, NAME_FR
from .constants import POINT_NAMES, texts


def t(lang: str, key: str, **kw: Any) -> str:
    """The string ``key`` of ``text.toml`` in ``lang`` (English for another language)."""
    return texts().get(lang, key, **kw)


def name(card: int, lang: str) -> str:
    """The card's name (``data/*.csv``)."""
    return NAME_FR[card] if lang == "fr" else NAME_EN[card]


def faction_name(f: int, lang: str) -> str:
    row = FACTION_ROWS[f]
    return row.name_fr if lang == "fr" else row.name_en


def card_label(card: int, lang: str) -> str:
    """Name plus faction, e.g. ``'Trou noir (Comète)'``."""
    f = FACTION[card]
    if f < 0:
        return name(card, lang)
    return t(lang, "card_with_faction", name=name(card, lang), faction=faction_name(f, lang))


def seat_label(seat: int, lang: str) -> str:
    """A player by colour and seat number, e.g. ``'Rouge (siège 0)'``."""
    colour = BASE_ROWS[seat].colour if 0 <= seat < len(BASE_ROWS) else "?"
    key = f"colour_{colour}"
    shown = t(lang, key)
    return t(lang, "seat_label", colour=colour if shown == key else shown, seat=seat)


def point_name(p: int, lang: str) -> str:
    """Point ``p`` of a card (0 centre, 1-4 the N E S W arm ends) in words."""
    return t(lang, f"point_{POINT_NAMES[p]}")
