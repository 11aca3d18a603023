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
    MAX_CARDS,
    MAX_PLAYERS,
    MAX_PROBES,
    MAX_SHIPS,
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


@action("start")
class Start(Action):
    """Setup: the secret choice of the starting mine, the generator side and the mine site."""

    card: int
    side: int
    pos: int


@action("plan")
class Plan(Action):
    card: int


@action("draw")
class Draw(Action):
    level: int


@action("keep")
class Keep(Action):
    card: int


@action("research")
class Research(Action):
    """Turn a timer on the planet (tech level +1, 3.2.1)."""


@action("construct")
class Construct(Action):
    card: int


@action("use")
class Use(Action):
    card: int


@action("fly")
class Fly(Action):
    ship: int
    field: int


@action("place")
class Place(Action):
    """Use the run-out build timer on ``card``: build it at site ``pos`` (3.2.2)."""

    card: int
    pos: int


@action("shelve")
class Shelve(Action):
    """Take the run-out build timer off ``card``: the card stays in planning."""

    card: int


@action("discard")
class Discard(Action):
    """Use the run-out build timer on ``card`` to discard it under its pile (advanced, 5.2)."""

    card: int


@action("apply")
class Apply(Action):
    """Use the run-out timer on the built ``card``: its effect applies now (3.2.3)."""

    card: int


@action("put")
class Put(Action):
    colour: int
    to: int


@action("convert")
class Convert(Action):
    src: int
    give: int
    take: int


@action("skip")
class Skip(Action):
    """End an effect (a good lost, no more conversions or sends)."""


@action("send")
class Send(Action):
    ship: int
    colour: int


@action("move")
class Move(Action):
    src: int
    dst: int
    colour: int


@action("deliver")
class Deliver(Action):
    ship: int
    demand: int


@action("gizzi")
class Gizzi(Action):
    ship: int


@action("dump")
class Dump(Action):
    ship: int
    colour: int


@action("drop")
class Drop(Action):
    ship: int
    colour: int


@action("collect")
class Collect(Action):
    ship: int
    colour: int


@action("offer_goods")
class OfferGoods(Action):
    src: int
    dst: int
    give: int
    take: int


@action("offer_more")
class OfferMore(Action):
    """Add one good given (``give``) and/or one taken (``take``; 4 = none) to the seat's open
    goods offer: any exchange, n goods for m goods, is built one pair at a time (3.3)."""

    give: int
    take: int


@action("offer_card")
class OfferCard(Action):
    slot: int
    to: int


@action("offer_swap")
class OfferSwap(Action):
    slot: int
    to: int
    their: int


@action("accept")
class Accept(Action):
    seat: int


@action("decline")
class Decline(Action):
    seat: int


@action("withdraw")
class Withdraw(Action):
    """Withdraw the seat\'s open offer."""


@action("sabotage")
class Sabotage(Action):
    timer: int


@action("missile")
class Missile(Action):
    card: int


@action("done")
class Done(Action):
    """End the seat\'s tick (ticks mode)."""


ACTION_TYPES: tuple[type[Action], ...] = (
    Start, Plan, Draw, Keep, Research, Construct, Use, Fly, Place, Shelve, Discard, Apply, Put,
    Convert, Skip, Send, Move, Deliver, Gizzi, Dump, Drop, Collect, OfferGoods, OfferMore,
    OfferCard, OfferSwap, Accept, Decline, Withdraw, Sabotage, Missile, Done,
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
APPLY = tuple(get(Apply, c) for c in range(MAX_CARDS))
SHELVE = tuple(get(Shelve, c) for c in range(MAX_CARDS))
DISCARD = tuple(get(Discard, c) for c in range(MAX_CARDS))
#: ``PLACE[card][pos]``
PLACE = tuple(tuple(get(Place, c, x) for x in range(GRID_W)) for c in range(MAX_CARDS))
#: ``PUT[colour][container code]``
PUT = tuple(tuple(get(Put, k, c) for c in range(CODE_END)) for k in range(4))
DRAW2 = get(Draw, 2)
DRAW3 = get(Draw, 3)
ACCEPT = tuple(get(Accept, q) for q in range(MAX_PLAYERS))
DECLINE = tuple(get(Decline, q) for q in range(MAX_PLAYERS))
DUMP = tuple(get(Dump, s, k) for s in range(MAX_SHIPS) for k in range(4))
#: the extensions of an open goods offer, at ``give * 5 + take`` (None: both the same)
MORE = tuple(None if gv == tk else get(OfferMore, gv, tk) for gv in range(5) for tk in range(5))
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
