"""Labels of Spacedealer actions and the rules texts of its components, in French and
English (the text is in ``text.toml``; the components' data from the game's data set).

:func:`describe` is what ``Spacedealer.describe_action`` gives: a sentence naming the card,
the goods colour, the container (a ship, a planet's depots, a transport probe) and the orbit
field of an action. :func:`container`, :func:`field_name` and :func:`colour` name those
parts for the terminal drawing too. :func:`describe_components` writes every component's
text from its row (``docs/data.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spacetable.engine import Action, Component, component

from . import actions as A
from .actions import PROBE_CODE, STORE_CODE
from .components import (
    CARDS_CSV,
    COLOUR_EN,
    COLOUR_FR,
    GIZZI_CSV,
    NCOL,
    PLANETS_CSV,
    SETUP_TOML,
    CardType,
    SdParts,
)
from .constants import BASE_TIMERS, MARKERS_PER_COLOUR, SHIP_CAP, TEXT
from .facts import card_facts, gizzi_facts, planet_facts, ship_facts, timer_facts


def _t(lang: str, key: str, **kw: Any) -> str:
    return TEXT.get(lang, key, **kw)


def colour(c: int, lang: str) -> str:
    """A goods colour (``4``, no colour, in offers: "-")."""
    if c >= NCOL:
        return _t(lang, "no_colour")
    return COLOUR_FR[c] if lang == "fr" else COLOUR_EN[c]


def container(code: int, lang: str, parts: SdParts) -> str:
    """A goods container named from its action code (ship, a planet's depots, a probe)."""
    if code < STORE_CODE:
        return _t(lang, "c_ship", n=code)
    if code < PROBE_CODE:
        return _t(lang, "c_store", name=parts.planet_name(code - STORE_CODE, lang))
    return _t(lang, "c_probe", n=code - PROBE_CODE + 1)


def field_name(f: int, lang: str, parts: SdParts) -> str:
    """An orbit field: a seat's planet (even) or a neutral field (odd)."""
    if f % 2 == 0 and f // 2 < len(parts.planets):
        return _t(lang, "f_planet", name=parts.planet_name(f // 2, lang), f=f)
    return _t(lang, "f_neutral", f=f)


def card(cid: int, lang: str, parts: SdParts) -> str:
    """A game card: its name and its id."""
    return f"{parts.card_name(cid, lang)} #{cid}"


def _side(side: int, lang: str) -> str:
    return _t(lang, ("left", "right")[side])


#: the fields of each action type's label (the key is ``act_<type>``)
_FIELDS: dict[type[Action], Callable[[Any, str, SdParts], dict[str, Any]]] = {
    A.Start: lambda a, lang, p: {
        "card": card(a.card, lang, p),
        "side": _side(a.side, lang),
        "pos": a.pos,
    },
    A.Plan: lambda a, lang, p: {"card": card(a.card, lang, p)},
    A.Draw: lambda a, lang, p: {"level": a.level},
    A.Keep: lambda a, lang, p: {"card": card(a.card, lang, p)},
    A.Construct: lambda a, lang, p: {"card": card(a.card, lang, p)},
    A.Use: lambda a, lang, p: {"card": card(a.card, lang, p)},
    A.Fly: lambda a, lang, p: {"ship": a.ship, "field": field_name(a.field, lang, p)},
    A.Place: lambda a, lang, p: {"card": card(a.card, lang, p), "pos": a.pos},
    A.Shelve: lambda a, lang, p: {"card": card(a.card, lang, p)},
    A.Discard: lambda a, lang, p: {"card": card(a.card, lang, p)},
    A.Apply: lambda a, lang, p: {"card": card(a.card, lang, p)},
    A.OfferMore: lambda a, lang, p: {"give": colour(a.give, lang), "take": colour(a.take, lang)},
    A.Put: lambda a, lang, p: {"colour": colour(a.colour, lang), "to": container(a.to, lang, p)},
    A.Convert: lambda a, lang, p: {
        "give": colour(a.give, lang),
        "take": colour(a.take, lang),
        "src": container(a.src, lang, p),
    },
    A.Send: lambda a, lang, p: {"colour": colour(a.colour, lang), "ship": a.ship},
    A.Move: lambda a, lang, p: {
        "colour": colour(a.colour, lang),
        "src": container(a.src, lang, p),
        "dst": container(a.dst, lang, p),
    },
    A.Deliver: lambda a, lang, p: {
        "demand": a.demand % 2 + 1,
        "card": card(a.demand // 2, lang, p),
        "ship": a.ship,
    },
    A.Gizzi: lambda a, lang, p: {"ship": a.ship},
    A.Dump: lambda a, lang, p: {"colour": colour(a.colour, lang), "ship": a.ship},
    A.Drop: lambda a, lang, p: {"colour": colour(a.colour, lang), "ship": a.ship},
    A.Collect: lambda a, lang, p: {"colour": colour(a.colour, lang), "ship": a.ship},
    A.OfferGoods: lambda a, lang, p: {
        "give": colour(a.give, lang),
        "src": container(a.src, lang, p),
        "take": colour(a.take, lang),
        "dst": container(a.dst, lang, p),
    },
    A.OfferCard: lambda a, lang, p: {"slot": a.slot + 1, "to": a.to},
    A.OfferSwap: lambda a, lang, p: {"slot": a.slot + 1, "their": a.their + 1, "to": a.to},
    A.Accept: lambda a, lang, p: {"seat": a.seat},
    A.Decline: lambda a, lang, p: {"seat": a.seat},
    A.Sabotage: lambda a, lang, p: {"timer": a.timer},
    A.Missile: lambda a, lang, p: {"card": card(a.card, lang, p)},
}


def describe(action: Action, lang: str, parts: SdParts) -> str:
    """The label of ``action`` in ``lang`` ('fr' or 'en'), components named from ``parts``."""
    fields = _FIELDS.get(type(action))
    key = f"act_{action.type}"
    return _t(lang, key, **fields(action, lang, parts)) if fields else _t(lang, key)


# ---------------------------------------------------------------- component texts
def goods_text(need: tuple[int, ...], lang: str) -> str:
    """Goods counts per colour as words: ``(1, 0, 2, 0)`` -> "1 red, 2 green"."""
    parts = [f"{n} {colour(k, lang)}" for k, n in enumerate(need) if n]
    return ", ".join(parts) or _t(lang, "cx_nothing")


def _card_text(t: CardType, parts: SdParts, lang: str) -> str:
    """A card's rules text, from its row: level, effect, how it is built, its demands."""
    out = [_t(lang, "cx_level", level=t.level)]
    eff = t.effect
    kw: dict[str, Any] = {"n": t.amount}
    if t.colour >= 0:
        kw["colour"] = colour(t.colour, lang)
    if eff == "plant":
        level = {"generator": 1, "solar": 2, "fusion_reactor": 3}.get(t.kind, 1)
        kw["n"] = parts.power[level]
        out.append(_t(lang, f"cx_plant_{t.kind}", **kw))
    else:
        out.append(_t(lang, f"cx_eff_{eff}", **kw))
    out.append(_t(lang, f"cx_shape_{t.shape}"))
    for need, vd, vo in t.demands:
        out.append(_t(lang, "cx_demand", goods=goods_text(need, lang), vd=vd, vo=vo))
    if t.advanced:
        out.append(_t(lang, "cx_advanced"))
    return " ".join(out)


def describe_components(parts: SdParts, lang: str) -> list[Component]:
    """Every component with its rules text in ``lang``, generated from the data: the 72
    technology cards of a box (``card:<row>``), the 12 Gizzi cards (``gizzi:<row>``), the
    eight planets (``planet:<seat>``), the spaceship and the sand timers (``setup.toml``);
    each with its facts (:mod:`.facts`)."""
    out: list[Component] = []
    for t in parts.box:
        out.append(
            component(
                "card",
                t.index,
                t.name(lang),
                _card_text(t, parts, lang),
                CARDS_CSV,
                source=t.source,
                known=t.known,
                facts=card_facts(parts, t),
            )
        )
    for g, need in zip(parts.gizzi, parts.gizzi_goods, strict=True):
        text = _t(lang, "cx_gizzi", goods=goods_text(need, lang), vp=g.vp_deliver)
        out.append(
            component(
                "gizzi",
                g.id,
                parts.gizzi_name(g.id, lang),
                text,
                GIZZI_CSV,
                g,
                facts=gizzi_facts(parts, g.id),
            )
        )
    for pl in parts.planets:
        col = pl.colour_fr if lang == "fr" else pl.colour_en
        text = _t(lang, "cx_planet", colour=col, seat=pl.seat, markers=MARKERS_PER_COLOUR)
        out.append(
            component(
                "planet",
                pl.seat,
                parts.planet_name(pl.seat, lang),
                text,
                PLANETS_CSV,
                pl,
                facts=planet_facts(parts, pl.seat),
            )
        )
    out.append(
        component(
            "ship",
            "main",
            _t(lang, "cx_ship_name"),
            _t(lang, "cx_ship", cap=SHIP_CAP),
            SETUP_TOML,
            source="rulebook",
            facts=ship_facts(),
        )
    )
    out.append(
        component(
            "timer",
            "main",
            _t(lang, "cx_timer_name"),
            _t(lang, "cx_timer", n=BASE_TIMERS),
            SETUP_TOML,
            source="rulebook",
            facts=timer_facts(),
        )
    )
    return out
