"""Labels of Spacedealer actions in French and English (the text is in ``text.toml``).

:func:`describe` is what ``Spacedealer.describe_action`` gives: a sentence naming the card,
the goods colour, the container (a ship, a planet's depots, a transport probe) and the orbit
field of an action. :func:`container`, :func:`field_name` and :func:`colour` name those
parts for the terminal drawing too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spacetable.engine import Action

from . import actions as A
from .actions import PROBE_CODE, STORE_CODE
from .components import COLOUR_EN, COLOUR_FR, NCOL, PLANETS, card_type
from .constants import TEXT


def _t(lang: str, key: str, **kw: Any) -> str:
    return TEXT.get(lang, key, **kw)


def colour(c: int, lang: str) -> str:
    """A goods colour (``4``, no colour, in offers: "-")."""
    if c >= NCOL:
        return _t(lang, "no_colour")
    return COLOUR_FR[c] if lang == "fr" else COLOUR_EN[c]


def container(code: int, lang: str) -> str:
    """A goods container named from its action code (ship, a planet's depots, a probe)."""
    if code < STORE_CODE:
        return _t(lang, "c_ship", n=code)
    if code < PROBE_CODE:
        pl = PLANETS[code - STORE_CODE]
        return _t(lang, "c_store", name=pl.name_fr if lang == "fr" else pl.name_en)
    return _t(lang, "c_probe", n=code - PROBE_CODE + 1)


def field_name(f: int, lang: str) -> str:
    """An orbit field: a seat's planet (even) or a neutral field (odd)."""
    if f % 2 == 0 and f // 2 < len(PLANETS):
        pl = PLANETS[f // 2]
        return _t(lang, "f_planet", name=pl.name_fr if lang == "fr" else pl.name_en, f=f)
    return _t(lang, "f_neutral", f=f)


def card(cid: int, lang: str) -> str:
    """A game card: its name and its id."""
    return f"{card_type(cid).name(lang)} #{cid}"


def _side(side: int, lang: str) -> str:
    return _t(lang, ("left", "right")[side])


#: the fields of each action type's label (the key is ``act_<type>``)
_FIELDS: dict[type[Action], Callable[[Any, str], dict[str, Any]]] = {
    A.Start: lambda a, lang: {
        "card": card(a.card, lang),
        "side": _side(a.side, lang),
        "pos": a.pos,
    },
    A.Plan: lambda a, lang: {"card": card(a.card, lang)},
    A.Draw: lambda a, lang: {"level": a.level},
    A.Keep: lambda a, lang: {"card": card(a.card, lang)},
    A.Construct: lambda a, lang: {"card": card(a.card, lang)},
    A.Use: lambda a, lang: {"card": card(a.card, lang)},
    A.Fly: lambda a, lang: {"ship": a.ship, "field": field_name(a.field, lang)},
    A.Place: lambda a, lang: {"card": card(a.card, lang), "pos": a.pos},
    A.Shelve: lambda a, lang: {"card": card(a.card, lang)},
    A.Discard: lambda a, lang: {"card": card(a.card, lang)},
    A.Apply: lambda a, lang: {"card": card(a.card, lang)},
    A.OfferMore: lambda a, lang: {"give": colour(a.give, lang), "take": colour(a.take, lang)},
    A.Put: lambda a, lang: {"colour": colour(a.colour, lang), "to": container(a.to, lang)},
    A.Convert: lambda a, lang: {
        "give": colour(a.give, lang),
        "take": colour(a.take, lang),
        "src": container(a.src, lang),
    },
    A.Send: lambda a, lang: {"colour": colour(a.colour, lang), "ship": a.ship},
    A.Move: lambda a, lang: {
        "colour": colour(a.colour, lang),
        "src": container(a.src, lang),
        "dst": container(a.dst, lang),
    },
    A.Deliver: lambda a, lang: {
        "demand": a.demand % 2 + 1,
        "card": card(a.demand // 2, lang),
        "ship": a.ship,
    },
    A.Gizzi: lambda a, lang: {"ship": a.ship},
    A.Dump: lambda a, lang: {"colour": colour(a.colour, lang), "ship": a.ship},
    A.Drop: lambda a, lang: {"colour": colour(a.colour, lang), "ship": a.ship},
    A.Collect: lambda a, lang: {"colour": colour(a.colour, lang), "ship": a.ship},
    A.OfferGoods: lambda a, lang: {
        "give": colour(a.give, lang),
        "src": container(a.src, lang),
        "take": colour(a.take, lang),
        "dst": container(a.dst, lang),
    },
    A.OfferCard: lambda a, lang: {"slot": a.slot + 1, "to": a.to},
    A.OfferSwap: lambda a, lang: {"slot": a.slot + 1, "their": a.their + 1, "to": a.to},
    A.Accept: lambda a, lang: {"seat": a.seat},
    A.Decline: lambda a, lang: {"seat": a.seat},
    A.Sabotage: lambda a, lang: {"timer": a.timer},
    A.Missile: lambda a, lang: {"card": card(a.card, lang)},
}


def describe(action: Action, lang: str = "en") -> str:
    """The label of ``action`` in ``lang`` ('fr' or 'en')."""
    fields = _FIELDS.get(type(action))
    key = f"act_{action.type}"
    return _t(lang, key, **fields(action, lang)) if fields else _t(lang, key)
