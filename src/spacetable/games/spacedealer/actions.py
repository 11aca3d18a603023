"""Spacedealer actions: every atomic decision, as a frozen value with fr/en labels.

Integers everywhere: ``card`` is a game card id (``box * 72 + row`` of ``data/cards.csv``),
``colour`` is 0..3 (red, yellow, green, blue; 4 = none in offers), ``ship`` a ship id,
``src``/``dst``/``to`` a goods container code (a ship id; ``STORE_CODE + seat`` for the
depots of that seat's planet; ``PROBE_CODE + k`` for the k-th transport probe: see
:func:`code_blocks`), ``field`` an orbit field
(``2 * seat`` = that seat's planet, odd = neutral), ``pos`` a building site (column 0..11
of the planet grid, or the side 0/1 of a power plant). Action objects are interned:
:func:`get` returns the one shared instance of each value.
"""

from __future__ import annotations

from typing import Any

from spacetable.engine import Action, action

from .components import (
    COLOUR_EN,
    COLOUR_FR,
    MAX_CARDS,
    MAX_PLAYERS,
    MAX_PROBES,
    MAX_SHIPS,
    PLANETS,
    card_type,
)
from .constants import GRID_W


def code_blocks(counts: tuple[int, ...], ten: int = 10) -> tuple[int, ...]:
    """The first code of each kind of goods container, from the most containers of each kind
    (ships, planet depots, transport probes). Codes are the ids of each kind after its first
    code; each kind starts on a round ten after the last code of the previous one, with at
    least one free code between them, so that the text forms read well
    (``code_blocks((10, 8, 2)) == (0, 20, 30)``)."""
    starts = []
    start = 0
    for n in counts:
        starts.append(start)
        start = (start + n) // ten * ten + ten
    return tuple(starts)


#: container codes in actions: ships keep their id; the depots of seat ``p``'s planet are
#: ``STORE_CODE + p``; the k-th transport probe of the game is ``PROBE_CODE + k``
_SHIP_CODE, STORE_CODE, PROBE_CODE = code_blocks((MAX_SHIPS, MAX_PLAYERS, MAX_PROBES))
#: one more than the largest container code (the size of tables indexed by code)
CODE_END = PROBE_CODE + MAX_PROBES


def _col(c: int, lang: str) -> str:
    if c >= 4:
        return "-" if lang == "en" else "rien"
    return COLOUR_FR[c] if lang == "fr" else COLOUR_EN[c]


def container(code: int, lang: str) -> str:
    """A goods container named from its action code (ship, a planet's depots, a probe)."""
    if code < STORE_CODE:
        return _fr(lang, f"vaisseau {code}", f"ship {code}")
    if code < PROBE_CODE:
        seat = code - STORE_CODE
        name = PLANETS[seat].name_fr if lang == "fr" else PLANETS[seat].name_en
        return _fr(lang, f"dépôts de {name}", f"{name}'s depots")
    k = code - PROBE_CODE + 1
    return _fr(lang, f"sonde de transport {k}", f"transport probe {k}")


def field_name(f: int, lang: str) -> str:
    """An orbit field: a seat's planet (even) or a neutral field (odd)."""
    if f % 2 == 0 and f // 2 < len(PLANETS):
        pl = PLANETS[f // 2]
        return _fr(lang, f"l'orbite de {pl.name_fr} ({f})", f"{pl.name_en}'s orbit ({f})")
    return _fr(lang, f"le champ neutre {f}", f"neutral field {f}")


def _card(cid: int, lang: str) -> str:
    return f"{card_type(cid).name(lang)} #{cid}"


def _fr(lang: str, fr: str, en: str) -> str:
    return fr if lang == "fr" else en


@action("start")
class Start(Action):
    """Setup: the secret choice of the starting mine, the generator side and the mine site."""

    card: int
    side: int
    pos: int

    def describe(self, lang: str = "en") -> str:
        side = _fr(lang, ("gauche", "droite")[self.side], ("left", "right")[self.side])
        return _fr(
            lang,
            f"départ : {_card(self.card, lang)}, générateur à {side}, connexion {self.pos}",
            f"start: {_card(self.card, lang)}, generator {side}, connection {self.pos}",
        )


@action("plan")
class Plan(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return _fr(lang, f"planifier {_card(self.card, lang)}", f"plan {_card(self.card, lang)}")


@action("draw")
class Draw(Action):
    level: int

    def describe(self, lang: str = "en") -> str:
        return _fr(
            lang,
            f"piocher 2 cartes du niveau {self.level}",
            f"draw 2 cards from level {self.level}",
        )


@action("keep")
class Keep(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return _fr(lang, f"garder {_card(self.card, lang)}", f"keep {_card(self.card, lang)}")


@action("research")
class Research(Action):
    def describe(self, lang: str = "en") -> str:
        return _fr(lang, "sablier sur la planète (niveau +1)", "timer on the planet (tech +1)")


@action("construct")
class Construct(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return _fr(
            lang,
            f"sablier pour construire {_card(self.card, lang)}",
            f"timer to build {_card(self.card, lang)}",
        )


@action("use")
class Use(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return _fr(
            lang, f"sablier sur {_card(self.card, lang)}", f"timer on {_card(self.card, lang)}"
        )


@action("fly")
class Fly(Action):
    ship: int
    field: int

    def describe(self, lang: str = "en") -> str:
        return _fr(
            lang,
            f"vaisseau {self.ship} vers {field_name(self.field, lang)}",
            f"ship {self.ship} to {field_name(self.field, lang)}",
        )


@action("place")
class Place(Action):
    pos: int

    def describe(self, lang: str = "en") -> str:
        return _fr(lang, f"construire au site {self.pos}", f"build at site {self.pos}")


@action("shelve")
class Shelve(Action):
    def describe(self, lang: str = "en") -> str:
        return _fr(lang, "laisser la carte en planification", "leave the card in planning")


@action("discard")
class Discard(Action):
    def describe(self, lang: str = "en") -> str:
        return _fr(lang, "défausser la carte sous sa pile", "discard the card under its pile")


@action("put")
class Put(Action):
    colour: int
    to: int

    def describe(self, lang: str = "en") -> str:
        return _fr(
            lang,
            f"marchandise {_col(self.colour, lang)} vers {container(self.to, lang)}",
            f"{_col(self.colour, lang)} good to {container(self.to, lang)}",
        )


@action("convert")
class Convert(Action):
    src: int
    give: int
    take: int

    def describe(self, lang: str = "en") -> str:
        return _fr(
            lang,
            f"convertir {_col(self.give, lang)} en {_col(self.take, lang)} "
            f"({container(self.src, lang)})",
            f"convert {_col(self.give, lang)} to {_col(self.take, lang)} "
            f"({container(self.src, lang)})",
        )


@action("skip")
class Skip(Action):
    def describe(self, lang: str = "en") -> str:
        return _fr(lang, "passer (effet terminé)", "skip (end the effect)")


@action("send")
class Send(Action):
    ship: int
    colour: int

    def describe(self, lang: str = "en") -> str:
        return _fr(
            lang,
            f"sonde : {_col(self.colour, lang)} vers le vaisseau {self.ship}",
            f"probe: {_col(self.colour, lang)} to ship {self.ship}",
        )


@action("move")
class Move(Action):
    src: int
    dst: int
    colour: int

    def describe(self, lang: str = "en") -> str:
        return _fr(
            lang,
            f"déplacer {_col(self.colour, lang)} : {container(self.src, lang)} -> "
            f"{container(self.dst, lang)}",
            f"move {_col(self.colour, lang)}: {container(self.src, lang)} -> "
            f"{container(self.dst, lang)}",
        )


@action("deliver")
class Deliver(Action):
    ship: int
    demand: int

    def describe(self, lang: str = "en") -> str:
        cid, j = divmod(self.demand, 2)
        return _fr(
            lang,
            f"livrer la demande {j + 1} de {_card(cid, lang)} (vaisseau {self.ship})",
            f"deliver demand {j + 1} of {_card(cid, lang)} (ship {self.ship})",
        )


@action("gizzi")
class Gizzi(Action):
    ship: int

    def describe(self, lang: str = "en") -> str:
        return _fr(
            lang,
            f"satisfaire la carte Gizzi (vaisseau {self.ship})",
            f"fulfil the Gizzi card (ship {self.ship})",
        )


@action("dump")
class Dump(Action):
    ship: int
    colour: int

    def describe(self, lang: str = "en") -> str:
        return _fr(
            lang,
            f"rendre {_col(self.colour, lang)} à la réserve (vaisseau {self.ship})",
            f"return {_col(self.colour, lang)} to the supply (ship {self.ship})",
        )


@action("drop")
class Drop(Action):
    ship: int
    colour: int

    def describe(self, lang: str = "en") -> str:
        return _fr(
            lang,
            f"abandonner {_col(self.colour, lang)} sur l'orbite (vaisseau {self.ship})",
            f"drop {_col(self.colour, lang)} on the orbit field (ship {self.ship})",
        )


@action("collect")
class Collect(Action):
    ship: int
    colour: int

    def describe(self, lang: str = "en") -> str:
        return _fr(
            lang,
            f"récolter {_col(self.colour, lang)} (vaisseau {self.ship})",
            f"collect {_col(self.colour, lang)} (ship {self.ship})",
        )


@action("offer_goods")
class OfferGoods(Action):
    src: int
    dst: int
    give: int
    take: int

    def describe(self, lang: str = "en") -> str:
        return _fr(
            lang,
            f"proposer : donner {_col(self.give, lang)} ({container(self.src, lang)}) contre "
            f"{_col(self.take, lang)} ({container(self.dst, lang)})",
            f"offer: give {_col(self.give, lang)} ({container(self.src, lang)}) for "
            f"{_col(self.take, lang)} ({container(self.dst, lang)})",
        )


@action("offer_card")
class OfferCard(Action):
    slot: int
    to: int

    def describe(self, lang: str = "en") -> str:
        return _fr(
            lang,
            f"proposer la carte planifiée {self.slot + 1} au joueur {self.to}",
            f"offer planned card {self.slot + 1} to seat {self.to}",
        )


@action("offer_swap")
class OfferSwap(Action):
    slot: int
    to: int
    their: int

    def describe(self, lang: str = "en") -> str:
        return _fr(
            lang,
            f"proposer d'échanger la carte {self.slot + 1} contre la carte {self.their + 1} "
            f"du joueur {self.to}",
            f"offer to swap card {self.slot + 1} for card {self.their + 1} of seat {self.to}",
        )


@action("accept")
class Accept(Action):
    seat: int

    def describe(self, lang: str = "en") -> str:
        return _fr(
            lang, f"accepter l'offre du joueur {self.seat}", f"accept the offer of seat {self.seat}"
        )


@action("decline")
class Decline(Action):
    seat: int

    def describe(self, lang: str = "en") -> str:
        return _fr(
            lang, f"refuser l'offre du joueur {self.seat}", f"decline the offer of seat {self.seat}"
        )


@action("withdraw")
class Withdraw(Action):
    def describe(self, lang: str = "en") -> str:
        return _fr(lang, "retirer son offre", "withdraw your offer")


@action("sabotage")
class Sabotage(Action):
    timer: int

    def describe(self, lang: str = "en") -> str:
        return _fr(lang, f"saboter le sablier {self.timer}", f"sabotage running timer {self.timer}")


@action("missile")
class Missile(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return _fr(
            lang,
            f"missile sur l'emplacement de {_card(self.card, lang)}",
            f"missile on the timer slot of {_card(self.card, lang)}",
        )


@action("done")
class Done(Action):
    def describe(self, lang: str = "en") -> str:
        return _fr(lang, "fin du tick", "end tick")


ACTION_TYPES: tuple[type[Action], ...] = (
    Start, Plan, Draw, Keep, Research, Construct, Use, Fly, Place, Shelve, Discard, Put,
    Convert, Skip, Send, Move, Deliver, Gizzi, Dump, Drop, Collect, OfferGoods, OfferCard,
    OfferSwap, Accept, Decline, Withdraw, Sabotage, Missile, Done,
)  # fmt: skip

_INTERN: dict[Any, Action] = {}


def get(cls: type[Action], *args: int) -> Action:
    """The shared instance of ``cls(*args)`` (built once, then reused)."""
    key = (cls, *args)
    a = _INTERN.get(key)
    if a is None:
        a = _INTERN[key] = cls(*args)
    return a


RESEARCH = Research()
SHELVE = Shelve()
DISCARD = Discard()
SKIP = Skip()
WITHDRAW = Withdraw()
DONE = Done()


FLIGHTS: dict[tuple[int, int, int, bool], tuple[Action, ...]] = {}


def flights(nf: int, ship: int, f: int, empty: bool) -> tuple[Action, ...]:
    """The flights of ``ship`` from field ``f`` on a ring of ``nf`` fields (built once)."""
    key = (nf, ship, f, empty)
    out = FLIGHTS.get(key)
    if out is None:
        fields = [x for x in range(nf) if x != f] if empty else sorted({(f - 1) % nf, (f + 1) % nf})
        out = FLIGHTS[key] = tuple(get(Fly, ship, x) for x in fields)
    return out


# Prebuilt actions for the hot path (``legal_actions``), indexed by card id (up to the most
# cards any game uses), container code, ship id or seat.
PLAN = tuple(get(Plan, c) for c in range(MAX_CARDS))
CONSTRUCT = tuple(get(Construct, c) for c in range(MAX_CARDS))
USE = tuple(get(Use, c) for c in range(MAX_CARDS))
PLACE = tuple(get(Place, x) for x in range(GRID_W))
#: ``PUT[colour][container code]``
PUT = tuple(tuple(get(Put, k, c) for c in range(CODE_END)) for k in range(4))
DRAW2 = get(Draw, 2)
DRAW3 = get(Draw, 3)
ACCEPT = tuple(get(Accept, q) for q in range(MAX_PLAYERS))
DECLINE = tuple(get(Decline, q) for q in range(MAX_PLAYERS))
DUMP = tuple(get(Dump, s, k) for s in range(MAX_SHIPS) for k in range(4))
OFFERS: dict[tuple[int, int], tuple[Action | None, ...]] = {}
#: the same tables by code, ``OTAB[src][dst]`` (None: not built yet), read on the hot path
OTAB: list[list[tuple[Action | None, ...] | None]] = [[None] * CODE_END for _ in range(CODE_END)]


def offers(src: int, dst: int) -> tuple[Action | None, ...]:
    """The goods offers from container code ``src`` to ``dst``, at ``give * 5 + take``."""
    key = (src, dst)
    out = OFFERS.get(key)
    if out is None:
        out = OFFERS[key] = tuple(
            None if gv == tk else get(OfferGoods, src, dst, gv, tk)
            for gv in range(5)
            for tk in range(5)
        )
        OTAB[src][dst] = out
    return out
