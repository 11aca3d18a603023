"""Spacedealer components: the row models of the data tables and :func:`build_parts`, which
turns a data set's validated rows into :class:`SdParts`, checking every count the rulebook
gives.

The data lives in ``data/cards.csv`` (one row per technology card of a box),
``data/gizzi.csv`` (the 12 demand cards of the neutral planet Gizzi), ``data/planets.csv``
(the eight player planets) and ``data/setup.toml`` (the rulebook's per-player-count lists and
quantities, and the power of the plants). A box owner corrects a card by editing its row
(``docs/data.md``); a game reads its components from ``game.parts``, never from this module:
what remains here is the vocabulary and the sizes the rulebook fixes whatever the components.

Goods colours are indexed ``0..3`` = red, yellow, green, blue (``R Y G B`` in the data).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field, field_validator

from spacetable.engine.data import Row, Source
from spacetable.engine.dataset import Table, Tables

from .constants import (
    ADVANCED_LISTS,
    ADVANCED_PER_BOX,
    ADVANCED_SETS,
    BASE_PLANNING,
    BASE_TIMERS,
    BLACK_PER_BOX,
    BOX_SIZE,
    GIZZI_PER_BOX,
    GOODS_PER_COLOUR,
    KIND_EFFECT,
    LEVEL_COUNTS,
    MARKERS_PER_COLOUR,
    N_PLANETS,
    PKG,
    PROBE_CAP,
    REMOVE,
    SETS,
    SHIP_CAP,
    START_SET,
    START_SETS_PER_BOX,
    TIMERS_PER_BOX,
)

__all__ = ["PKG"]

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

CARDS_CSV = "cards.csv"
GIZZI_CSV = "gizzi.csv"
PLANETS_CSV = "planets.csv"
SETUP_TOML = "setup.toml"


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
    vp_deliver: int = Field(default=0, ge=0)
    vp_owner: int = Field(default=0, ge=0)
    demand2: str = ""
    vp_deliver2: int = Field(default=0, ge=0)
    vp_owner2: int = Field(default=0, ge=0)
    start_set: Literal["", "0", "1", "2", "3"] = ""
    advanced: int = Field(default=0, ge=0, le=1)

    @field_validator("kind")
    @classmethod
    def _kind(cls, v: str) -> str:
        if v not in KIND_EFFECT:
            raise ValueError(f"unknown card kind {v!r}; known: {', '.join(KIND_EFFECT)}")
        return v

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
        if len(v) > SHIP_CAP:
            raise ValueError(f"a demand of {len(v)} goods: a ship carries {SHIP_CAP}")
        return v


class GizziRow(Row):
    id: int
    name_fr: str
    name_en: str
    demand: str
    vp_deliver: int = Field(ge=0)

    @field_validator("demand")
    @classmethod
    def _demand(cls, v: str) -> str:
        if not v:
            raise ValueError("a Gizzi card needs a demand")
        parse_goods(v)
        if len(v) > SHIP_CAP:
            raise ValueError(f"a demand of {len(v)} goods: a ship carries {SHIP_CAP}")
        return v


class PlanetRow(Row):
    seat: int
    id: str
    name_fr: str
    name_en: str
    colour_fr: str
    colour_en: str
    style: str


#: the data files, in the order they are read
TABLES = (
    Table(CARDS_CSV, CardRow, title="technology cards of one box"),
    Table(GIZZI_CSV, GizziRow, title="demand cards of the neutral planet Gizzi"),
    Table(PLANETS_CSV, PlanetRow, key="seat", title="the player planets"),
    Table(SETUP_TOML, None, title="per-player-count lists, quantities, power of the plants"),
)


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
    source: Source
    known: tuple[str, ...]

    def name(self, lang: str) -> str:
        return self.name_fr if lang == "fr" else self.name_en


def use_kind(t: CardType) -> int:
    """0: no action slot; 1: a plain use; 2: sabotage or missile (needs a marker to arm);
    3: a transport probe (needs goods)."""
    if not t.slot:
        return 0
    if t.effect in ("sabotage", "missile"):
        return 2
    return 3 if t.effect == "transport" else 1


@dataclass(frozen=True, slots=True)
class SdParts:
    """A data set's components as the rules read them (``game.parts``): flat tuples indexed
    by card id (``box * 72 + row``, up to two boxes), by row of a box, by Gizzi card or seat.
    """

    #: the 72 cards of one box, by row
    box: tuple[CardType, ...]
    #: every game card id of the largest game (two boxes): ``card[cid] = box[cid % 72]``
    card: tuple[CardType, ...]
    #: 0 no slot, 1 a plain use, 2 an attack card (needs a marker), 3 a transport probe
    use_kind: tuple[int, ...]
    #: (demand id ``2 * card + j``, goods needed) of each card's demands, in order
    demands: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    advanced: tuple[bool, ...]
    #: the group a hidden card is resampled in: level-1 cards by kind, others by level
    group: tuple[tuple[int, str], ...]
    #: (level, kind) of each card: levels 2-3 are resampled by level, set-aside copies by kind
    group_kind: tuple[tuple[int, str], ...]
    # per row of a box (dealing)
    row_kind: tuple[str, ...]
    row_level: tuple[int, ...]
    row_mines: tuple[tuple[int, ...], ...]
    row_depots: tuple[int, ...]
    row_gens: tuple[int, ...]
    row_basic: tuple[int, ...]
    # Gizzi cards, planets
    gizzi: tuple[GizziRow, ...]
    gizzi_goods: tuple[tuple[int, ...], ...]
    planets: tuple[PlanetRow, ...]
    #: connections powered on a side by its plant level (none, generator, solar, fusion)
    power: tuple[int, ...]
    #: the fixed fields of each card's view (``view.card_info``), by card id
    card_static: tuple[dict[str, Any], ...]

    def card_name(self, cid: int, lang: str) -> str:
        return self.card[cid].name(lang)

    def planet_name(self, seat: int, lang: str) -> str:
        pl = self.planets[seat]
        return pl.name_fr if lang == "fr" else pl.name_en

    def gizzi_name(self, gid: int, lang: str) -> str:
        gz = self.gizzi[gid % GIZZI_PER_BOX]
        return gz.name_fr if lang == "fr" else gz.name_en


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
        known=r.known,
    )


def _count(
    tables: Tables,
    file: str,
    rows: list[Any],
    want: int,
    what: str,
    field: str,
    rule: str,
    others: list[Any] | None = None,
) -> None:
    """Refuse ``rows`` (those of ``file`` that are ``what``) unless there are ``want``: the
    message names the first row too many, or for too few the first row of ``others`` (the
    rows that should have been ``what``), and ``field``."""
    culprit = rows[want] if len(rows) > want else (others[0] if others else None)
    tables.check_count(file, what, len(rows), want, rule, row=culprit, field=field)


def _check_cards(tables: Tables, rows: list[CardRow]) -> None:
    f = CARDS_CSV
    for i, r in enumerate(rows):
        if r.id != i:
            tables.error(f, f"ids run 0..{BOX_SIZE - 1} in file order; expected {i}", r, "id")
    if len(rows) != BOX_SIZE:
        last = rows[BOX_SIZE] if len(rows) > BOX_SIZE else (rows[-1] if rows else None)
        tables.error(
            f,
            f"a box holds {BOX_SIZE} technology cards (« 72 cartes technologie »), got {len(rows)}",
            last,
            "id",
        )
    for r in rows:  # each card is what the rulebook says its kind does
        eff, amount, slot, coloured, adv = KIND_EFFECT[r.kind]
        name, _, arg = r.effect.partition(":")
        if name != eff or (amount is not None and int(arg or 0) != amount):
            effect = eff if amount in (None, 0) else f"{eff}:{amount}"
            tables.error(f, f"a {r.kind} card's effect is {effect}", r, "effect")
        if amount is None and int(arg or 0) <= 0:
            tables.error(f, f"a {r.kind} holds some goods: {eff}:N with N > 0", r, "effect")
        if bool(r.slot) != slot:
            why = "takes a sand timer" if slot else "takes no sand timer"
            tables.error(f, f"a {r.kind} {why}: slot {int(slot)}", r, "slot")
        if bool(r.colour) != coloured:
            why = "produces goods of its colour" if coloured else "has no goods colour"
            tables.error(f, f"a {r.kind} {why}", r, "colour")
        if bool(r.advanced) != adv:
            tables.error(f, f"a {r.kind} is {'an' if adv else 'no'} advanced card", r, "advanced")
        if (r.shape == "P") != (eff == "plant"):
            tables.error(f, "power plants, and only they, have shape P (3.2.2 a)", r, "shape")
        if r.shape in ("C1", "C2") and r.conns != int(r.shape[1]):
            tables.error(f, f"shape {r.shape} has {r.shape[1]} energy connection(s)", r, "conns")
        if r.shape in ("P", "AD", "DD") and r.conns:
            tables.error(f, f"shape {r.shape} has no energy connection", r, "conns")
        if r.shape in ("P", "C2") and (r.demand or r.demand2):
            tables.error(f, f"a {r.shape} card has no demand half (3.2.2 c)", r, "demand")
        if r.demand2 and not r.demand:
            tables.error(f, "a second demand needs a first", r, "demand")
    # levels: "24 numérotées 1, 28 numérotées 2 et 20 numérotées 3"; with 72 cards, a level
    # with too few cards means one with too many: name its first card too many
    by_level = {lv: [r for r in rows if r.level == lv] for lv in (1, 2, 3)}
    for lv, want in zip((1, 2, 3), LEVEL_COUNTS, strict=True):
        if len(by_level[lv]) > want:
            _count(
                tables, f, by_level[lv], want, f"level {lv} cards", "level",
                "« 24 numérotées 1, 28 numérotées 2 et 20 numérotées 3 »",
            )  # fmt: skip
    for r in rows:
        if r.kind in ("mine", "generator") and r.level != 1:
            tables.error(f, f"a {r.kind} is a starting card, of level 1", r, "level")
    # level 1 is the four starting sets: 3 mines (one pile lacking each colour), 2 generators,
    # 1 depot per player
    level1 = by_level[1]
    for r in level1:
        if r.kind not in START_SET:
            tables.error(f, "level 1 cards are the starting sets' mines, generators, depots", r,
                         "kind")  # fmt: skip
    # 24 level 1 cards, of these three kinds: a kind with too few means one with too many
    for kind, per in START_SET.items():
        rs = [r for r in level1 if r.kind == kind]
        if len(rs) > per * START_SETS_PER_BOX:
            _count(
                tables, f, rs, per * START_SETS_PER_BOX, f"level 1 {kind}s", "kind",
                "« 3 mines, 2 générateurs et 1 dépôt » for each of 4 players",
            )  # fmt: skip
    for col in COLOURS:  # "triées par couleur ... une pile ne reçoit aucune mine rouge ..."
        rs = [r for r in level1 if r.kind == "mine" and r.colour == col]
        if len(rs) > START_SETS_PER_BOX - 1:
            _count(
                tables, f, rs, START_SETS_PER_BOX - 1, f"level 1 {col} mines", "colour",
                "4 piles, each without one colour: 3 mines of each colour",
            )  # fmt: skip
    for s in range(START_SETS_PER_BOX):
        rs = [r for r in rows if r.start_set == str(s)]
        kinds = {k: sum(1 for r in rs if r.kind == k) for k in START_SET}
        cols = {r.colour for r in rs if r.kind == "mine"}
        if kinds != START_SET or len(cols) != START_SET["mine"]:
            tables.error(
                f,
                f"starting set {s} is 3 mines of 3 colours, 2 generators and 1 depot",
                rs[0] if rs else None,
                "start_set",
            )
    for r in rows:
        if r.start_set and r.level != 1:
            tables.error(f, "only level 1 cards form the starting sets", r, "start_set")
    # the advanced cards: "2 sondes de sabotage, 2 missiles interstellaires, 1 station
    # orbitale, 1 sonde de transport, 2 centres technologiques, 2 usines de robots"
    rule = "the advanced cards of « Remarques préliminaires »"
    for kind, want in ADVANCED_PER_BOX.items():  # too many first: name the card too many
        rs = [r for r in rows if r.kind == kind]
        if len(rs) > want:
            _count(tables, f, rs, want, f"{kind} cards", "kind", rule)
    for kind, want in ADVANCED_PER_BOX.items():  # too few: name a card that could be it
        rs = [r for r in rows if r.kind == kind]
        _count(
            tables, f, rs, want, f"{kind} cards", "kind", rule,
            [r for r in rows if r.kind not in ADVANCED_PER_BOX and r.level > 1],
        )  # fmt: skip
    # every removal list of the rulebook can be carried out: a "3-" set removes the 3- and
    # the 5-player lists from one box
    for kind in sorted(set(REMOVE["3"]) | set(REMOVE["5"])):
        need = REMOVE["3"].get(kind, 0) + REMOVE["5"].get(kind, 0)
        rs = [r for r in rows if r.kind == kind]
        if len(rs) < need:
            tables.error(
                f,
                f"{len(rs)} {kind} cards: the 3- and 5-player lists remove {need} from a box",
                rs[0] if rs else rows[-1],
                "kind",
            )


def _check_setup(tables: Tables, doc: Mapping[str, Any]) -> tuple[int, ...]:
    """The rulebook's lists and quantities as ``setup.toml`` gives them; returns the power
    of the plants (reconstructed, the one editable part)."""
    f = SETUP_TOML

    def same(name: str, got: Any, want: Any) -> None:
        if got != want:
            tables.error(f, f"{got!r} is not the rulebook's {want!r}", None, name)

    def table(name: str) -> Mapping[str, Any]:
        v = doc.get(name)
        if not isinstance(v, dict):
            tables.error(f, "missing table", None, name)
        return v

    sets, asets = table("sets"), table("advanced_sets")
    for n, want in SETS.items():
        same(f"sets.{n}", tuple(sets.get(str(n), ())), want)
    for n, want in ADVANCED_SETS.items():
        same(f"advanced_sets.{n}", tuple(asets.get(str(n), ())), want)
    same("sets", sorted(sets), sorted(str(n) for n in SETS))
    same("advanced_sets", sorted(asets), sorted(str(n) for n in ADVANCED_SETS))
    remove, adv = table("remove"), table("advanced")
    for k, want_list in REMOVE.items():
        same(f"remove.{k}", dict(remove.get(k, {})), want_list)
    for k, want_list in ADVANCED_LISTS.items():
        same(f"advanced.{k}", dict(adv.get(k, {})), want_list)
    comp = table("components")
    for key, number in (
        ("ship_capacity", SHIP_CAP),
        ("goods_per_colour", GOODS_PER_COLOUR),
        ("victory_markers", MARKERS_PER_COLOUR),
        ("timers_per_player", BASE_TIMERS),
        ("timers_per_box", TIMERS_PER_BOX),
        ("attack_markers", BLACK_PER_BOX),
        ("planning_places", BASE_PLANNING),
        ("probe_capacity", PROBE_CAP),
    ):
        same(f"components.{key}", comp.get(key), number)
    power = comp.get("power")
    if (
        not isinstance(power, list)
        or len(power) != 4
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in power)
    ):
        tables.error(f, "four whole numbers: none, generator, solar, fusion", None,
                     "components.power")  # fmt: skip
    if power[0] != 0 or power[1] != 2:
        tables.error(
            f,
            "no plant powers nothing; a generator powers the two connections nearest the "
            "planet (the starting mine goes on one of them)",
            None,
            "components.power",
        )
    if not 2 <= power[2] <= power[3] <= 4:
        tables.error(f, "each plant powers at least as much as the one below, at most the 4 "
                     "connections of a side", None, "components.power")  # fmt: skip
    return tuple(power)


def build_parts(tables: Tables) -> SdParts:
    """The rows of a data set, checked against every count the rulebook gives, as
    :class:`SdParts` (a :class:`DataError` names the file, the row and the field)."""
    rows = tables.rows(CARDS_CSV, CardRow)
    _check_cards(tables, rows)
    gizzi = tables.rows(GIZZI_CSV, GizziRow)
    for i, g in enumerate(gizzi):
        if g.id != i:
            tables.error(GIZZI_CSV, f"ids run 0..11 in file order; expected {i}", g, "id")
    _count(
        tables,
        GIZZI_CSV,
        gizzi,
        GIZZI_PER_BOX,
        "Gizzi cards",
        "id",
        "« 12 cartes demande »",
        others=gizzi[-1:],
    )
    planets = tables.rows(PLANETS_CSV, PlanetRow)
    for i, pl in enumerate(planets):
        if pl.seat != i:
            tables.error(PLANETS_CSV, f"seats run 0..7 in file order; expected {i}", pl, "seat")
    tables.check_count(
        PLANETS_CSV,
        "planets",
        len(planets),
        N_PLANETS,
        "« 8 couleurs de joueur »",
        row=planets[-1] if planets else None,
        field="seat",
    )
    for field in ("id", "name_en", "name_fr", "colour_en", "colour_fr"):
        seen: dict[str, PlanetRow] = {}
        for pl in planets:
            v = getattr(pl, field)
            if v in seen:
                tables.error(PLANETS_CSV, f"two planets share {v!r}", pl, field)
            seen[v] = pl
    power = _check_setup(tables, tables.doc(SETUP_TOML))

    box = tuple(_to_type(r) for r in rows)
    card = tuple(box[c % BOX_SIZE] for c in range(2 * BOX_SIZE))
    row_kind = tuple(t.kind for t in box)
    row_level = tuple(t.level for t in box)
    return SdParts(
        box=box,
        card=card,
        use_kind=tuple(use_kind(t) for t in card),
        demands=tuple(
            tuple((2 * c + j, need) for j, (need, _, _) in enumerate(t.demands))
            for c, t in enumerate(card)
        ),
        advanced=tuple(t.advanced for t in card),
        group=tuple((1, t.kind) if t.level == 1 else (t.level, "") for t in card),
        group_kind=tuple((t.level, t.kind) for t in card),
        row_kind=row_kind,
        row_level=row_level,
        row_mines=tuple(
            tuple(r for r in range(BOX_SIZE) if row_kind[r] == "mine" and box[r].colour == col)
            for col in range(NCOL)
        ),
        row_depots=tuple(
            r for r in range(BOX_SIZE) if row_level[r] == 1 and row_kind[r] == "depot"
        ),
        row_gens=tuple(
            r for r in range(BOX_SIZE) if row_level[r] == 1 and row_kind[r] == "generator"
        ),
        row_basic=tuple(r for r in range(BOX_SIZE) if not box[r].advanced),
        gizzi=tuple(gizzi),
        gizzi_goods=tuple(parse_goods(g.demand) for g in gizzi),
        planets=tuple(planets),
        power=power,
        card_static=tuple(
            {
                "id": c,
                "kind": t.kind,
                "name_en": t.name_en,
                "name_fr": t.name_fr,
                "level": t.level,
                "conns": t.conns,
                "shape": t.shape,
                "effect": t.effect,
                "amount": t.amount,
                "colour": t.colour,
                "slot": t.slot,
            }
            for c, t in enumerate(card)
        ),
    )


def boxes_for(players: int) -> int:
    """Boxes needed: one up to 4 players, two beyond (rulebook)."""
    return 1 if players <= 4 else 2


def config(players: int, options: Mapping[str, Any]) -> dict[str, int]:
    """Static sizes of a configuration: boxes, cards, ships, containers, timers, probes.

    They follow from the rulebook's lists only (not from a data set), so that the state's
    shape and the RL action space are the same for every data set."""
    adv = options.get("rules", "basic") == "advanced"
    aset = ADVANCED_SETS[players] if adv else ()
    stations = sum(ADVANCED_LISTS[s].get("orbital_station", 0) for s in aset)
    probes = sum(ADVANCED_LISTS[s].get("transport_probe", 0) for s in aset)
    robots = sum(ADVANCED_LISTS[s].get("robot_factory", 0) for s in aset)
    centres = sum(ADVANCED_LISTS[s].get("tech_centre", 0) for s in aset)
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
        "gizzi": GIZZI_PER_BOX * nb,
    }


#: the most seats (one planet each), ships (one per seat, one per orbital station) and
#: transport probes any game has: the sizes of the action codes (:mod:`.actions`)
MAX_PLAYERS = N_PLANETS
_LARGEST = [config(n, {"rules": "advanced"}) for n in range(3, MAX_PLAYERS + 1)]
MAX_SHIPS = max(c["ships"] for c in _LARGEST)
MAX_PROBES = max(c["probes"] for c in _LARGEST)
#: the most cards any game uses (two boxes)
MAX_CARDS = boxes_for(MAX_PLAYERS) * BOX_SIZE
