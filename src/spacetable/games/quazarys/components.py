"""Quazarys components, loaded once from ``data/*.csv`` and validated.

Card indices (ints used in the state and in actions):

* ``0..19``  the 20 Exploration cards (``E01``..``E20``),
* ``20..47`` the 28 Action cards (``A01``..``A28``),
* ``48..56`` the 9 Sun cards (``S1``..``S9``),
* ``57..60`` the 4 Base cards (``B1``..``B4``).

Cards 0..47 form the deck. Sun, Exploration and Base cards are *tiles*: they lie on the grid
and carry a path layout, written in the layout notation (see ``docs/games/quazarys.md``)::

    "@ N E*> S W"   centre station (@), arms to N, E, S, W; E has a station (*) and an
                    arrow pointing outwards (>): one may go from the centre to the E edge
                    but not back.

Points of a card: 0 = centre (hub), 1 = N, 2 = E, 3 = S, 4 = W (the arm ends), see
:mod:`.constants`. Names and labels in French and English are in :mod:`.labels`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pydantic import field_validator

from spacetable.engine import DataError
from spacetable.engine.data import Row, load_table

from .constants import (
    DIR_NAMES,
    DIR_OF,
    DIRS,
    EFFECTS,
    KIND_ACTION,
    KIND_BASE,
    KIND_EXPLO,
    KIND_SUN,
    PACKAGE,
    E,
    EffectId,
)

PKG = f"{PACKAGE}.data"

_ARM = re.compile(r"^([NESW])(\*?)([<>]?)$")


@dataclass(frozen=True, slots=True)
class Layout:
    """A path layout in one orientation.

    ``arms`` are the directions with an arm; ``stations`` the points (0..4) holding a
    station; ``arrow[d]`` is +1 (one way outwards), -1 (one way inwards) or 0 for arm ``d``.
    """

    hub_station: bool
    arms: tuple[int, ...]
    stations: frozenset[int]
    arrow: tuple[int, int, int, int, int]

    def rotated(self, k: int) -> Layout:
        """This layout turned ``k`` quarter turns clockwise."""
        k %= 4
        if k == 0:
            return self

        def rot(d: int) -> int:
            return (d - 1 + k) % 4 + 1

        arrow = [0, 0, 0, 0, 0]
        for d in DIRS:
            arrow[rot(d)] = self.arrow[d]
        return Layout(
            self.hub_station,
            tuple(sorted(rot(d) for d in self.arms)),
            frozenset(p if p == 0 else rot(p) for p in self.stations),
            (0, arrow[1], arrow[2], arrow[3], arrow[4]),
        )

    def notation(self) -> str:
        """Back to the layout notation, e.g. ``'@ N E*> S W'``."""
        parts = ["@" if self.hub_station else "+"]
        for d in self.arms:
            t = DIR_NAMES[d]
            if d in self.stations:
                t += "*"
            if self.arrow[d] > 0:
                t += ">"
            elif self.arrow[d] < 0:
                t += "<"
            parts.append(t)
        return " ".join(parts)


def parse_layout(text: str) -> Layout:
    """Parse the layout notation; raise ValueError with a precise message when it is bad."""
    tokens = text.split()
    if not tokens:
        raise ValueError("empty layout")
    hub = tokens[0]
    if hub not in ("@", "+"):
        raise ValueError(f"the first token must be '@' or '+' (the centre), not {hub!r}")
    arms: list[int] = []
    stations: set[int] = {0} if hub == "@" else set()
    arrow = [0, 0, 0, 0, 0]
    for tok in tokens[1:]:
        m = _ARM.match(tok)
        if m is None:
            raise ValueError(
                f"bad arm token {tok!r} (expected N/E/S/W, then optional * and < or >)"
            )
        d = DIR_OF[m.group(1)]
        if d in arms:
            raise ValueError(f"arm {m.group(1)} given twice")
        arms.append(d)
        if m.group(2):
            stations.add(d)
        if m.group(3):
            arrow[d] = 1 if m.group(3) == ">" else -1
    if not arms:
        raise ValueError("a card needs at least one arm")
    if len(stations) > 4:
        raise ValueError(f"{len(stations)} stations: a card has 0 to 4 stations")
    return Layout(hub == "@", tuple(sorted(arms)), frozenset(stations), (0, *arrow[1:]))  # type: ignore[arg-type]


class _Named(Row):
    id: str
    name_fr: str
    name_en: str


class FactionRow(_Named):
    colour: str


class _LayoutRow(_Named):
    layout: str

    @field_validator("layout")
    @classmethod
    def _check_layout(cls, v: str) -> str:
        parse_layout(v)
        return v


class SunRow(_LayoutRow):
    @field_validator("layout")
    @classmethod
    def _four_arms(cls, v: str) -> str:
        if len(parse_layout(v).arms) != 4:
            raise ValueError("a Sun card needs all four arms (it must fit the line and the cross)")
        return v


class BaseRow(_LayoutRow):
    colour: str

    @field_validator("layout")
    @classmethod
    def _base_shape(cls, v: str) -> str:
        lay = parse_layout(v)
        if lay.arms != (E,) or not lay.hub_station or len(lay.stations) != 1:
            raise ValueError("a Base card is '@ E': one centre station and one arm to the east")
        return v


class ExplorationRow(_LayoutRow):
    faction: str
    vortex: bool


class ActionRow(_Named):
    effect: EffectId
    faction: str


FACTION_ROWS = load_table(PKG, "factions.csv", FactionRow)
SUN_ROWS = load_table(PKG, "suns.csv", SunRow)
BASE_ROWS = load_table(PKG, "bases.csv", BaseRow)
EXPLORATION_ROWS = load_table(PKG, "explorations.csv", ExplorationRow)
ACTION_ROWS = load_table(PKG, "actions.csv", ActionRow)

FACTIONS: tuple[str, ...] = tuple(f.id for f in FACTION_ROWS)
FACTION_INDEX = {f: i for i, f in enumerate(FACTIONS)}


def _check_counts() -> None:
    for name, rows, n in (
        ("suns.csv", SUN_ROWS, 9),
        ("bases.csv", BASE_ROWS, 4),
        ("explorations.csv", EXPLORATION_ROWS, 20),
        ("actions.csv", ACTION_ROWS, 28),
    ):
        if len(rows) != n:
            raise DataError(f"{PKG}/{name}: {len(rows)} rows, the rulebook has {n} cards")
    for fname, frows in (("explorations.csv", EXPLORATION_ROWS), ("actions.csv", ACTION_ROWS)):
        for r in frows:
            if r.faction not in FACTION_INDEX:
                raise DataError(f"{PKG}/{fname}: ({r.id}): field 'faction': unknown {r.faction!r}")
    vortex = [r for r in EXPLORATION_ROWS if r.vortex]
    if len(vortex) != 2:
        raise DataError(f"{PKG}/explorations.csv: {len(vortex)} Vortex cards, the rulebook has 2")
    for r in vortex:
        if not parse_layout(r.layout).hub_station:
            raise DataError(f"{PKG}/explorations.csv: ({r.id}): a Vortex needs a centre station")
    if set(EFFECTS) != {r.effect for r in ACTION_ROWS}:
        raise DataError(f"{PKG}/actions.csv: every one of the 8 effects needs at least one card")


_check_counts()

N_EXPLO = len(EXPLORATION_ROWS)  # 20
N_ACTION = len(ACTION_ROWS)  # 28
DECK_SIZE = N_EXPLO + N_ACTION  # 48
FIRST_SUN = DECK_SIZE  # 48
FIRST_BASE = FIRST_SUN + len(SUN_ROWS)  # 57
N_CARDS = FIRST_BASE + len(BASE_ROWS)  # 61

CARD_ID: list[str] = []
NAME_FR: list[str] = []
NAME_EN: list[str] = []
KIND: list[int] = []
FACTION: list[int] = []  # -1 for suns and bases
EFFECT: list[EffectId | None] = []  # None for non-actions
VORTEX: list[bool] = []
LAYOUT: list[Layout | None] = []

for _x in EXPLORATION_ROWS:
    CARD_ID.append(_x.id)
    NAME_FR.append(_x.name_fr)
    NAME_EN.append(_x.name_en)
    KIND.append(KIND_EXPLO)
    FACTION.append(FACTION_INDEX[_x.faction])
    EFFECT.append(None)
    VORTEX.append(_x.vortex)
    LAYOUT.append(parse_layout(_x.layout))
for _a in ACTION_ROWS:
    CARD_ID.append(_a.id)
    NAME_FR.append(_a.name_fr)
    NAME_EN.append(_a.name_en)
    KIND.append(KIND_ACTION)
    FACTION.append(FACTION_INDEX[_a.faction])
    EFFECT.append(_a.effect)
    VORTEX.append(False)
    LAYOUT.append(None)
for _kind, _rows in ((KIND_SUN, SUN_ROWS), (KIND_BASE, BASE_ROWS)):
    for _s in _rows:
        CARD_ID.append(_s.id)
        NAME_FR.append(_s.name_fr)
        NAME_EN.append(_s.name_en)
        KIND.append(_kind)
        FACTION.append(-1)
        EFFECT.append(None)
        VORTEX.append(False)
        LAYOUT.append(parse_layout(_s.layout))

#: ``ORIENTED[card * 4 + rot]``: the layout of a tile turned ``rot`` quarter turns.
ORIENTED: list[Layout | None] = []
for _lay in LAYOUT:
    for _k in range(4):
        ORIENTED.append(_lay.rotated(_k) if _lay is not None else None)

#: Cards of the same kind are interchangeable in hand (same effect and faction).
SAME_KIND: list[int] = []
_first_of: dict[tuple[EffectId | None, int], int] = {}
for _i in range(DECK_SIZE):
    if KIND[_i] == KIND_EXPLO:
        SAME_KIND.append(_i)
    else:
        SAME_KIND.append(_first_of.setdefault((EFFECT[_i], FACTION[_i]), _i))

VORTEX_CARDS: tuple[int, ...] = tuple(i for i in range(N_EXPLO) if VORTEX[i])
