"""Spacedealer components: technology cards, Gizzi demand cards, planets and setup tables.

Everything is loaded once at import from ``data/`` and validated (pydantic rows, errors name
the file, line and field). The rules then use the flat tuples below, never the row models.

Goods colours are indexed ``0..3`` = red, yellow, green, blue (``R Y G B`` in the data).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field, field_validator

from spacetable.engine.data import Row, load_table, load_toml, parse_table, read_text
from spacetable.engine.errors import DataError

PKG = "spacetable.games.spacedealer"

COLOURS = "RYGB"
COLOUR_EN = ("red", "yellow", "green", "blue")
COLOUR_FR = ("rouge", "jaune", "vert", "bleu")
NCOL = 4

#: Card shapes on the planet grid (see docs): P = power plant (planet zone),
#: C1 = one connection (action + demand cell, powered column), C2 = two connections (two
#: powered action cells), AD = no connection (action + demand cell, touching a card),
#: DD = no connection, wholly in the demand zone (two demand cells, touching a card).
SHAPES = ("P", "C1", "C2", "AD", "DD")

EFFECTS = (
    "plant",
    "none",
    "mine",
    "multimine",
    "convert",
    "depot",
    "tech_centre",
    "robot_factory",
    "orbital_station",
    "sabotage",
    "missile",
    "transport",
)


def parse_goods(text: str) -> tuple[int, ...]:
    """``"RGB"`` -> counts per colour ``(1, 0, 1, 1)``."""
    counts = [0] * NCOL
    for ch in text:
        i = COLOURS.find(ch)
        if i < 0:
            raise ValueError(f"unknown goods colour {ch!r} (use R, Y, G, B)")
        counts[i] += 1
    return tuple(counts)


class CardRow(Row):
    id: int
    kind: str
    name_fr: str
    name_en: str
    level: int = Field(ge=1, le=3)
    colour: Literal["", "R", "Y", "G", "B"] = ""
    conns: int = Field(ge=0, le=2)
    shape: Literal["P", "C1", "C2", "AD", "DD"]
    effect: str
    slot: int = Field(ge=0, le=1)
    demand: str = ""
    vp_deliver: int = 0
    vp_owner: int = 0
    demand2: str = ""
    vp_deliver2: int = 0
    vp_owner2: int = 0
    start_set: Literal["", "0", "1", "2", "3"] = ""
    advanced: int = Field(default=0, ge=0, le=1)

    @field_validator("effect")
    @classmethod
    def _effect(cls, v: str) -> str:
        name, _, arg = v.partition(":")
        if name not in EFFECTS:
            raise ValueError(f"unknown effect {name!r}; known: {', '.join(EFFECTS)}")
        if arg and not arg.isdigit():
            raise ValueError(f"effect argument must be a number, got {arg!r}")
        return v

    @field_validator("demand", "demand2")
    @classmethod
    def _demand(cls, v: str) -> str:
        parse_goods(v)
        return v


class GizziRow(Row):
    id: int
    name_fr: str
    name_en: str
    demand: str
    vp_deliver: int

    @field_validator("demand")
    @classmethod
    def _demand(cls, v: str) -> str:
        if not v:
            raise ValueError("a Gizzi card needs a demand")
        parse_goods(v)
        return v


class PlanetRow(Row):
    seat: int
    id: str
    name_fr: str
    name_en: str
    colour_fr: str
    colour_en: str
    style: str


@dataclass(frozen=True, slots=True)
class CardType:
    """One physical card of a box, flattened for the rules."""

    index: int
    kind: str
    name_fr: str
    name_en: str
    level: int
    colour: int  # -1 if none
    conns: int
    shape: str
    effect: str
    amount: int
    slot: bool
    demands: tuple[tuple[tuple[int, ...], int, int], ...]  # (goods counts, deliverer, owner)
    start_set: int  # -1 if not a starting card
    advanced: bool
    source: str

    def name(self, lang: str) -> str:
        return self.name_fr if lang == "fr" else self.name_en


def _check_box(cards: list[CardType], filename: str) -> None:
    """Cross-row checks: the counts the rulebook states."""
    levels = [sum(1 for c in cards if c.level == lv) for lv in (1, 2, 3)]
    if len(cards) != 72 or levels != [24, 28, 20]:
        raise DataError(f"{filename}: a box holds 72 cards (24/28/20 by level), got {levels}")
    for s in range(4):
        kinds = sorted(c.kind for c in cards if c.start_set == s)
        if kinds != ["depot", "generator", "generator", "mine", "mine", "mine"]:
            raise DataError(f"{filename}: starting set {s} must be 3 mines, 2 generators, 1 depot")
        cols = {c.colour for c in cards if c.start_set == s and c.kind == "mine"}
        if len(cols) != 3:
            raise DataError(f"{filename}: starting set {s} needs 3 mines of different colours")
    for col in range(4):
        if sum(1 for c in cards if c.level == 1 and c.kind == "mine" and c.colour == col) != 3:
            raise DataError(f"{filename}: the starting mines must be 3 of each colour")
    for c in cards:
        if c.shape == "P" and c.conns:
            raise DataError(f"{filename}: card {c.index}: a power plant has no connection")
        if c.shape in ("C1", "C2") and c.conns != int(c.shape[1]):
            raise DataError(f"{filename}: card {c.index}: shape {c.shape} needs {c.shape[1]} conns")
        if c.shape in ("AD", "DD") and c.conns:
            raise DataError(f"{filename}: card {c.index}: shape {c.shape} has no connection")
        if c.shape in ("C2", "P") and c.demands:
            raise DataError(f"{filename}: card {c.index}: a {c.shape} card has no demand half")
        if c.shape == "DD" and c.slot:
            raise DataError(f"{filename}: card {c.index}: a DD card has no action half")


def _to_type(r: CardRow) -> CardType:
    name, _, arg = r.effect.partition(":")
    demands = []
    if r.demand:
        demands.append((parse_goods(r.demand), r.vp_deliver, r.vp_owner))
    if r.demand2:
        demands.append((parse_goods(r.demand2), r.vp_deliver2, r.vp_owner2))
    return CardType(
        index=r.id,
        kind=r.kind,
        name_fr=r.name_fr,
        name_en=r.name_en,
        level=r.level,
        colour=COLOURS.find(r.colour) if r.colour else -1,
        conns=r.conns,
        shape=r.shape,
        effect=name,
        amount=int(arg) if arg else 0,
        slot=bool(r.slot),
        demands=tuple(demands),
        start_set=int(r.start_set) if r.start_set else -1,
        advanced=bool(r.advanced),
        source=r.source,
    )


def load_box(text: str | None = None) -> list[CardType]:
    """The 72 cards of one box (from ``data/cards.csv`` or the given CSV text)."""
    filename = f"{PKG}/data/cards.csv"
    rows = parse_table(
        text if text is not None else read_text(PKG, "data/cards.csv"), CardRow, filename
    )
    for i, r in enumerate(rows):
        if r.id != i:
            raise DataError(f"{filename}: ids must run 0..71 in order; row {i} has id {r.id}")
    cards = [_to_type(r) for r in rows]
    _check_box(cards, filename)
    return cards


BOX: tuple[CardType, ...] = tuple(load_box())
BOX_SIZE = len(BOX)
GIZZI: tuple[GizziRow, ...] = tuple(load_table(PKG, "data/gizzi.csv", GizziRow))
GIZZI_GOODS: tuple[tuple[int, ...], ...] = tuple(parse_goods(g.demand) for g in GIZZI)
PLANETS: tuple[PlanetRow, ...] = tuple(load_table(PKG, "data/planets.csv", PlanetRow, key="seat"))
SETUP: dict[str, Any] = load_toml(PKG, "data/setup.toml")

if len(GIZZI) != 12:
    raise DataError(f"{PKG}/data/gizzi.csv: 12 Gizzi cards expected, got {len(GIZZI)}")
if len(PLANETS) != 8:
    raise DataError(f"{PKG}/data/planets.csv: 8 planets expected, got {len(PLANETS)}")


_C = SETUP["components"]
POWER = tuple(int(x) for x in _C["power"])  # connections powered per side by plant level
SHIP_CAP = int(_C["ship_capacity"])
PROBE_CAP = int(_C["probe_capacity"])
START_MARKERS = int(_C["victory_markers"]) - 1  # one marker is on the score track
BASE_TIMERS = int(_C["timers_per_player"])
BASE_PLANNING = int(_C["planning_places"])
BLACK_PER_BOX = int(_C["attack_markers"])
GOODS_PER_COLOUR = int(_C["goods_per_colour"])


def boxes_for(players: int) -> int:
    """Boxes needed: one up to 4 players, two beyond (rulebook)."""
    return 1 if players <= 4 else 2


def card_type(cid: int) -> CardType:
    """The type of game card ``cid`` (``box * 72 + index``)."""
    return BOX[cid % BOX_SIZE]


def config(players: int, options: Mapping[str, Any]) -> dict[str, int]:
    """Static sizes of a configuration: boxes, cards, ships, containers, timers, probes."""
    adv = options.get("rules", "basic") == "advanced"
    aset = SETUP["advanced_sets"][str(players)] if adv else []
    stations = sum(SETUP["advanced"][s].get("orbital_station", 0) for s in aset)
    probes = sum(SETUP["advanced"][s].get("transport_probe", 0) for s in aset)
    robots = sum(SETUP["advanced"][s].get("robot_factory", 0) for s in aset)
    centres = sum(SETUP["advanced"][s].get("tech_centre", 0) for s in aset)
    nb = boxes_for(players)
    ships = players + stations
    return {
        "boxes": nb,
        "cards": nb * BOX_SIZE,
        "ships": ships,
        "stations": stations,
        "probes": probes,
        "containers": ships + players + probes,
        "tmax": BASE_TIMERS + robots,
        "plan_max": BASE_PLANNING + 2 * centres,
        "black": BLACK_PER_BOX * nb,
        "gizzi": 12 * nb,
    }


#: the most seats (one planet each), ships (one per seat, one per orbital station) and
#: transport probes any game has: the sizes of the action codes (:mod:`.actions`)
MAX_PLAYERS = len(PLANETS)
_LARGEST = [config(n, {"rules": "advanced"}) for n in range(3, MAX_PLAYERS + 1)]
MAX_SHIPS = max(c["ships"] for c in _LARGEST)
MAX_PROBES = max(c["probes"] for c in _LARGEST)
#: the most cards any game uses (two boxes)
MAX_CARDS = boxes_for(MAX_PLAYERS) * BOX_SIZE


def use_kind(cid: int) -> int:
    """0: no action slot; 1: a plain use; 2: sabotage or missile (needs a marker to arm);
    3: a transport probe (needs goods)."""
    t = card_type(cid)
    if not t.slot:
        return 0
    if t.effect in ("sabotage", "missile"):
        return 2
    return 3 if t.effect == "transport" else 1


USE_KIND = tuple(use_kind(c) for c in range(MAX_CARDS))
#: per row of a box (for dealing): the kind and level of each card, the mines of each colour,
#: the level-1 depots and generators, the cards of the basic rules (all in row order)
ROW_KIND = tuple(card_type(r).kind for r in range(BOX_SIZE))
ROW_LEVEL = tuple(card_type(r).level for r in range(BOX_SIZE))
ROW_MINES = tuple(
    tuple(r for r in range(BOX_SIZE) if ROW_KIND[r] == "mine" and card_type(r).colour == col)
    for col in range(4)
)
ROW_DEPOTS = tuple(r for r in range(BOX_SIZE) if ROW_LEVEL[r] == 1 and ROW_KIND[r] == "depot")
ROW_GENS = tuple(r for r in range(BOX_SIZE) if ROW_LEVEL[r] == 1 and ROW_KIND[r] == "generator")
ROW_BASIC = tuple(r for r in range(BOX_SIZE) if not card_type(r).advanced)
ADVANCED = tuple(card_type(c).advanced for c in range(MAX_CARDS))
#: the group a hidden card is resampled in: level-1 cards by kind, others by level
GROUP = tuple(
    (1, card_type(c).kind) if card_type(c).level == 1 else (card_type(c).level, "")
    for c in range(MAX_CARDS)
)
#: (level, kind) of each card: levels 2-3 are resampled by level, their set-aside copies by kind
GROUP_KIND = tuple((card_type(c).level, card_type(c).kind) for c in range(MAX_CARDS))
#: (demand id ``2 * card + j``, goods needed) of each card's demands, in order
DEMANDS: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    tuple((2 * c + j, need) for j, (need, _, _) in enumerate(card_type(c).demands))
    for c in range(MAX_CARDS)
)
