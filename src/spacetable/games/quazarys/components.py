"""Quazarys components: the data tables (``data/*.csv``), validated and built into the parts
the rules read (``game.parts``), and the rules text of every component in French and English.

A box owner corrects a card by editing its row (``spacetable data export quazarys DIR``);
the game plays the corrected tables (``new_game("quazarys", ..., data=DIR)``). What the
rulebook fixes whatever the components stays here as constants: the counts ("4 cartes Base,
9 cartes Soleil, 20 cartes Exploration, 28 cartes Action"), hence the card indices, the card
ids and the kind of every index:

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
:mod:`.constants`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import field_validator

from spacetable.engine import Component, Row, Tables, component

from .constants import (
    DIR_NAMES,
    DIR_OF,
    DIRS,
    EFFECTS,
    KIND_ACTION,
    KIND_BASE,
    KIND_EXPLO,
    KIND_SUN,
    POINT_NAMES,
    E,
    EffectId,
    texts,
)

# ---------------------------------------------------------------------- fixed by the rulebook
#: "4 cartes Base", "9 cartes Soleil", "20 cartes Exploration", "28 cartes Action".
N_EXPLO, N_ACTION, N_SUN, N_BASE = 20, 28, 9, 4
#: "Vortex (2 exemplaires)".
N_VORTEX = 2
DECK_SIZE = N_EXPLO + N_ACTION  # 48
FIRST_SUN = DECK_SIZE  # 48
FIRST_BASE = FIRST_SUN + N_SUN  # 57
N_CARDS = FIRST_BASE + N_BASE  # 61
#: The kind of every card index (the counts fix it).
KIND: tuple[int, ...] = (
    (KIND_EXPLO,) * N_EXPLO
    + (KIND_ACTION,) * N_ACTION
    + (KIND_SUN,) * N_SUN
    + (KIND_BASE,) * N_BASE
)
#: The id of every card index: the rows must carry these ids, in this order.
CARD_ID: tuple[str, ...] = (
    tuple(f"E{i:02d}" for i in range(1, N_EXPLO + 1))
    + tuple(f"A{i:02d}" for i in range(1, N_ACTION + 1))
    + tuple(f"S{i}" for i in range(1, N_SUN + 1))
    + tuple(f"B{i}" for i in range(1, N_BASE + 1))
)
#: The component kind of each card kind (component ids are ``kind:id``).
COMPONENT_KIND = {
    KIND_EXPLO: "exploration",
    KIND_ACTION: "action",
    KIND_SUN: "sun",
    KIND_BASE: "base",
}

#: Colours a Base or a faction may take (names of terminal colours, translated in text.toml).
Colour = Literal["red", "blue", "green", "yellow", "magenta", "cyan", "white", "black"]

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


# ---------------------------------------------------------------------- rows
class _Named(Row):
    id: str
    name_fr: str
    name_en: str


class FactionRow(_Named):
    colour: Colour


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
    colour: Colour

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


# ---------------------------------------------------------------------- parts
@dataclass(frozen=True, slots=True)
class QuazarysParts:
    """The components as the rules read them, built from one data set (``game.parts``).

    Per card index (``0..N_CARDS-1``): ``faction`` (-1 for Suns and Bases), ``effect``
    (``None`` but for Action cards), ``vortex``, ``layout`` (``None`` for Action cards), the
    names, and ``same_kind`` (the lowest index of the interchangeable cards: same effect and
    faction for Actions, itself for Explorations). Per oriented tile code
    (``card * 4 + rot``): ``oriented`` (the layout turned), and what the path graph reads:
    ``stations``, ``arms``, ``armset``, ``hub_out`` (arms one may leave the centre by) and
    ``to_hub`` (per point, whether its arm leads back to the centre). Per seat: ``colour``
    (of its Base card).
    """

    factions: tuple[FactionRow, ...]
    explorations: tuple[ExplorationRow, ...]
    actions: tuple[ActionRow, ...]
    suns: tuple[SunRow, ...]
    bases: tuple[BaseRow, ...]
    faction: tuple[int, ...]
    effect: tuple[EffectId | None, ...]
    vortex: tuple[bool, ...]
    layout: tuple[Layout | None, ...]
    name_fr: tuple[str, ...]
    name_en: tuple[str, ...]
    same_kind: tuple[int, ...]
    vortex_cards: tuple[int, ...]
    colour: tuple[str, ...]
    oriented: tuple[Layout | None, ...]
    stations: tuple[tuple[int, ...], ...]
    arms: tuple[tuple[int, ...], ...]
    armset: tuple[frozenset[int], ...]
    hub_out: tuple[tuple[int, ...], ...]
    to_hub: tuple[tuple[bool, ...], ...]

    def row(self, card: int) -> _Named:
        """The data row of card index ``card``."""
        if card < FIRST_SUN:
            return self.explorations[card] if card < N_EXPLO else self.actions[card - N_EXPLO]
        return self.suns[card - FIRST_SUN] if card < FIRST_BASE else self.bases[card - FIRST_BASE]


FACTIONS_CSV, SUNS_CSV, BASES_CSV = "factions.csv", "suns.csv", "bases.csv"
EXPLORATIONS_CSV, ACTIONS_CSV = "explorations.csv", "actions.csv"


def _check_ids(tables: Tables, file: str, rows: list[_Named], want: tuple[str, ...]) -> None:
    """The rulebook's count of cards, and the ids in order (the card indices depend on them)."""
    for i, (row, cid) in enumerate(zip(rows, want, strict=False)):
        if row.id != cid:
            tables.error(file, f"card {i + 1} of the table must have the id {cid!r}", row, "id")
    n = len(want)
    span = f"{n} cards ({want[0]}..{want[-1]})"
    if len(rows) > n:
        tables.error(file, f"a card too many: the rulebook has {span}", rows[n], "id")
    if len(rows) < n:
        missing = f"the rulebook has {span}, not {len(rows)}"
        if rows:
            tables.error(file, f"the table ends here: {missing}", rows[-1], "id")
        tables.error(file, f"no row: {missing}", field="id")


def build_parts(tables: Tables) -> QuazarysParts:
    """Validate what one row cannot check alone and build the parts (see the module doc).

    Refused, naming file, row and field: a count that is not the rulebook's (9 Suns, 4 Bases,
    20 Explorations of which exactly 2 Vortex, 28 Actions), ids out of order, an unknown
    faction, a Vortex without a centre station, one of the rulebook's 8 actions without a
    card, two Bases of one colour.
    """
    factions = tables.rows(FACTIONS_CSV, FactionRow)
    suns = tables.rows(SUNS_CSV, SunRow)
    bases = tables.rows(BASES_CSV, BaseRow)
    explos = tables.rows(EXPLORATIONS_CSV, ExplorationRow)
    actions = tables.rows(ACTIONS_CSV, ActionRow)
    if not factions:
        tables.error(FACTIONS_CSV, "no faction: every Exploration and Action card has one")
    _check_ids(tables, EXPLORATIONS_CSV, list(explos), CARD_ID[:N_EXPLO])
    _check_ids(tables, ACTIONS_CSV, list(actions), CARD_ID[N_EXPLO:FIRST_SUN])
    _check_ids(tables, SUNS_CSV, list(suns), CARD_ID[FIRST_SUN:FIRST_BASE])
    _check_ids(tables, BASES_CSV, list(bases), CARD_ID[FIRST_BASE:])
    index = {f.id: i for i, f in enumerate(factions)}
    for file, frows in ((EXPLORATIONS_CSV, explos), (ACTIONS_CSV, actions)):
        for r in frows:
            if r.faction not in index:
                known = ", ".join(index)
                tables.error(
                    file, f"unknown faction {r.faction!r} (factions.csv: {known})", r, "faction"
                )
    vortex = [r for r in explos if r.vortex]
    if len(vortex) > N_VORTEX:
        tables.error(
            EXPLORATIONS_CSV,
            f"a Vortex card too many: the rulebook has {N_VORTEX}",
            vortex[N_VORTEX],
            "vortex",
        )
    if len(vortex) < N_VORTEX:
        tables.error(
            EXPLORATIONS_CSV,
            f"{len(vortex)} Vortex card(s): the rulebook has {N_VORTEX} (Vortex (2 exemplaires))",
            field="vortex",
        )
    for r in vortex:
        if not parse_layout(r.layout).hub_station:
            tables.error(EXPLORATIONS_CSV, "a Vortex needs a centre station (@)", r, "layout")
    missing = [e for e in EFFECTS if e not in {r.effect for r in actions}]
    if missing:
        tables.error(
            ACTIONS_CSV,
            f"no card for the rulebook's action(s) {', '.join(missing)}",
            field="effect",
        )
    seen: dict[str, BaseRow] = {}
    for b in bases:
        if b.colour in seen:
            tables.error(
                BASES_CSV, f"two bases are {b.colour} (one colour per player)", b, "colour"
            )
        seen[b.colour] = b

    faction = [index[r.faction] for r in explos] + [index[r.faction] for r in actions]
    faction += [-1] * (N_SUN + N_BASE)
    effect: list[EffectId | None] = [None] * N_EXPLO + [r.effect for r in actions]
    effect += [None] * (N_SUN + N_BASE)
    named: list[_Named] = [*explos, *actions, *suns, *bases]
    layout = [parse_layout(r.layout) if isinstance(r, _LayoutRow) else None for r in named]
    same: list[int] = []
    first_of: dict[tuple[EffectId | None, int], int] = {}
    for i in range(DECK_SIZE):
        same.append(i if KIND[i] == KIND_EXPLO else first_of.setdefault((effect[i], faction[i]), i))
    oriented = [lay.rotated(k) if lay is not None else None for lay in layout for k in range(4)]
    stations: list[tuple[int, ...]] = []
    arms: list[tuple[int, ...]] = []
    hub_out: list[tuple[int, ...]] = []
    to_hub: list[tuple[bool, ...]] = []
    for lay in oriented:
        if lay is None:
            stations.append(())
            arms.append(())
            hub_out.append(())
            to_hub.append((False,) * 5)
            continue
        stations.append(tuple(sorted(lay.stations)))
        arms.append(lay.arms)
        hub_out.append(tuple(d for d in lay.arms if lay.arrow[d] >= 0))
        to_hub.append((False, *(d in lay.arms and lay.arrow[d] <= 0 for d in DIRS)))
    return QuazarysParts(
        factions=tuple(factions),
        explorations=tuple(explos),
        actions=tuple(actions),
        suns=tuple(suns),
        bases=tuple(bases),
        faction=tuple(faction),
        effect=tuple(effect),
        vortex=tuple([r.vortex for r in explos] + [False] * (N_ACTION + N_SUN + N_BASE)),
        layout=tuple(layout),
        name_fr=tuple(r.name_fr for r in named),
        name_en=tuple(r.name_en for r in named),
        same_kind=tuple(same),
        vortex_cards=tuple(i for i, r in enumerate(explos) if r.vortex),
        colour=tuple(b.colour for b in bases),
        oriented=tuple(oriented),
        stations=tuple(stations),
        arms=tuple(arms),
        armset=tuple(frozenset(a) for a in arms),
        hub_out=tuple(hub_out),
        to_hub=tuple(to_hub),
    )


# ---------------------------------------------------------------------- texts
def _t(lang: str, key: str, **kw: object) -> str:
    return texts().get(lang, key, **kw)


def card_name(parts: QuazarysParts, card: int, lang: str) -> str:
    """The card's name in ``lang`` (its row)."""
    return parts.name_fr[card] if lang == "fr" else parts.name_en[card]


def faction_label(parts: QuazarysParts, f: int, lang: str) -> str:
    row = parts.factions[f]
    return row.name_fr if lang == "fr" else row.name_en


def colour_name(colour: str, lang: str) -> str:
    key = f"colour_{colour}"
    shown = _t(lang, key)
    return colour if shown == key else shown


def layout_text(lay: Layout, lang: str) -> str:
    """The paths of a card in words, e.g. "Centre: a station. Arms: north (station), east
    (one way outwards)." (from its layout)."""
    arms = []
    for d in lay.arms:
        marks = []
        if d in lay.stations:
            marks.append(_t(lang, "cx_station"))
        if lay.arrow[d]:
            marks.append(_t(lang, "cx_one_way_out" if lay.arrow[d] > 0 else "cx_one_way_in"))
        point = _t(lang, f"point_{POINT_NAMES[d]}")
        arms.append(f"{point} ({', '.join(marks)})" if marks else point)
    hub = _t(lang, "cx_hub_station" if lay.hub_station else "cx_hub_plain")
    n = len(lay.stations)
    return _t(lang, "cx_paths", hub=hub, arms=", ".join(arms), n=n)


def layout_facts(lay: Layout) -> dict[str, Any]:
    """A layout as facts (``docs/games/quazarys.md``): ``centre`` (whether the centre holds
    a station), ``arms`` (each arm in N, E, S, W order: its ``dir``, its ``point`` 1..4,
    whether its end holds a ``station`` and its ``arrow``: 1 one way outwards, -1 one way
    inwards, 0 both ways) and ``notation`` (the layout notation of the row)."""
    return {
        "centre": lay.hub_station,
        "arms": [
            {
                "dir": DIR_NAMES[d],
                "point": d,
                "station": d in lay.stations,
                "arrow": lay.arrow[d],
            }
            for d in lay.arms
        ],
        "notation": lay.notation(),
    }


def card_facts(parts: QuazarysParts, card: int) -> dict[str, Any]:
    """What a client draws card index ``card`` with, from its row (see the module doc and
    ``docs/games/quazarys.md``): its index, kind, faction, effect, layout, exits and Vortex."""
    kind = KIND[card]
    f = parts.faction[card]
    lay = parts.layout[card]
    facts: dict[str, Any] = {
        "card": card,
        "kind": COMPONENT_KIND[kind],
        "faction": parts.factions[f].id if f >= 0 else None,
        "faction_index": f if f >= 0 else None,
        "effect": parts.effect[card],
        "tile": lay is not None,
        "layout": layout_facts(lay) if lay is not None else None,
        "exits": [DIR_NAMES[d] for d in lay.arms] if lay is not None else [],
        "stations": sorted(lay.stations) if lay is not None else [],
        "vortex": parts.vortex[card],
        "deck": card < DECK_SIZE,
    }
    if kind == KIND_BASE:
        facts["colour"] = parts.colour[card - FIRST_BASE]
    return facts


def faction_facts(parts: QuazarysParts, f: int) -> dict[str, Any]:
    """What a client draws faction ``f`` with: its index (the view's ``faction``), its
    colour and the ids of its cards."""
    return {
        "faction": f,
        "colour": parts.factions[f].colour,
        "cards": [CARD_ID[i] for i in range(DECK_SIZE) if parts.faction[i] == f],
    }


def describe_components(parts: QuazarysParts, lang: str) -> list[Component]:
    """Every component with its rules text in ``lang`` and its facts, generated from its row:
    the 20 Explorations, the 28 Actions, the 9 Suns, the 4 Bases, then the factions."""
    out: list[Component] = []
    for i in range(N_CARDS):
        row = parts.row(i)
        kind = KIND[i]
        ckind = COMPONENT_KIND[kind]
        name = card_name(parts, i, lang)
        lay = parts.layout[i]
        if kind == KIND_EXPLO:
            assert lay is not None
            text = _t(
                lang,
                "cx_exploration",
                faction=faction_label(parts, parts.faction[i], lang),
                paths=layout_text(lay, lang),
            )
            if parts.vortex[i]:
                text += " " + _t(lang, "cx_vortex")
            table = EXPLORATIONS_CSV
        elif kind == KIND_ACTION:
            text = _t(
                lang,
                "cx_action",
                faction=faction_label(parts, parts.faction[i], lang),
                effect=_t(lang, f"cx_effect_{parts.effect[i]}"),
            )
            table = ACTIONS_CSV
        elif kind == KIND_SUN:
            assert lay is not None
            text = _t(lang, "cx_sun", paths=layout_text(lay, lang))
            table = SUNS_CSV
        else:
            assert lay is not None
            colour = colour_name(parts.colour[i - FIRST_BASE], lang)
            text = _t(lang, "cx_base", colour=colour, paths=layout_text(lay, lang))
            table = BASES_CSV
        out.append(component(ckind, row.id, name, text, table, row, facts=card_facts(parts, i)))
    for f, frow in enumerate(parts.factions):
        cards = [CARD_ID[i] for i in range(DECK_SIZE) if parts.faction[i] == f]
        explos = sum(1 for i in range(N_EXPLO) if parts.faction[i] == f)
        text = _t(
            lang,
            "cx_faction",
            n=len(cards),
            explorations=explos,
            actions=len(cards) - explos,
            cards=", ".join(cards),
        )
        name = faction_label(parts, f, lang)
        facts = faction_facts(parts, f)
        out.append(component("faction", frow.id, name, text, FACTIONS_CSV, frow, facts=facts))
    return out


def component_id(card: int) -> str:
    """The component id of card index ``card`` (``exploration:E01``, ``sun:S3``...)."""
    return f"{COMPONENT_KIND[KIND[card]]}:{CARD_ID[card]}"
