"""Wild Space components: the row models of the data tables, the declarative vocabulary, and
:func:`build_parts`, which turns a data set's validated rows into :class:`WildParts`.

The data lives in ``data/cards.csv``, ``data/planets.csv``, ``data/hostile.csv`` and
``data/difficulty.csv`` (one row per component; a box owner corrects a card by editing its
row: ``docs/data.md``). A game reads its components from ``game.parts``, never from this
module: what remains here is the vocabulary the rulebook fixes whatever the components.

Vocabulary (the icons of the rulebook's last page):

* predicate: ``any``, ``specialist``, ``robot``, ``emissary``, ``robot_or_emissary``,
  ``veteran``, ``prof.<profession>``, ``species.<species>``;
* condition: ``has:<predicate>`` ("own at least one such card"), alternatives joined by ``|``;
* effect: ``[cost>]benefit`` where cost is ``discard:<predicate>`` (from hand) or ``remove``
  (a crew card of your tableau to the discard) and benefit is ``draw:N``, ``play:<predicate>``
  or ``take_play`` (take the deck's top card or a Reserve card and play it at once);
* mission: ``set:<pred>:<k>:<v>`` (v per group of k), ``pair:<pred>:<pred>:<v>`` (v per pair
  of distinct cards), ``most:<pred>:<v>`` (v if strictly the most), ``per:<pred>:<v>``
  (v per card), ``allprof:<v>`` (v if all six professions are in the crew);
* sector actions: alternatives joined by ``|``, each a sequence of effects joined by ``+``;
* hostile effects: ``T<n>`` (take Reserve slot n) / ``D<n>`` (discard it), joined by ``+``;
  bonus icons ``emissary``, ``veteran``, ``robot``, ``prof.<profession>`` joined by ``+``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import Field, field_validator, model_validator

from spacetable.engine.data import Row
from spacetable.engine.dataset import Table, Tables

from .constants import (
    B_DRAW,
    B_PLAY,
    B_TAKE,
    C_DISCARD,
    C_NONE,
    C_REMOVE,
    K_CAPTAIN,
    K_EMISSARY,
    K_ROBOT,
    K_SPECIALIST,
    KINDS,
    LEVELS,
    M_ALLPROF,
    M_MOST,
    M_PAIR,
    M_PER,
    M_SET,
    MAX_DRAW,
    MAX_OPTIONS,
    MAX_TRACK,
    N_CAPTAINS,
    N_CARDS,
    N_HOSTILE,
    N_PLANETS,
    PKG,
    PROFESSIONS,
    SPECIES,
    THRESHOLDS,
)

__all__ = [  # the shared constants, re-exported for ``components as C`` readers
    "B_DRAW",
    "B_PLAY",
    "B_TAKE",
    "C_DISCARD",
    "C_NONE",
    "C_REMOVE",
    "KINDS",
    "K_CAPTAIN",
    "K_EMISSARY",
    "K_ROBOT",
    "K_SPECIALIST",
    "LEVELS",
    "MAX_DRAW",
    "MAX_OPTIONS",
    "M_ALLPROF",
    "M_MOST",
    "M_PAIR",
    "M_PER",
    "M_SET",
    "N_CAPTAINS",
    "N_CARDS",
    "N_HOSTILE",
    "N_PLANETS",
    "PKG",
    "PROFESSIONS",
    "SPECIES",
    "THRESHOLDS",
]

# ---------------------------------------------------------------- predicates
BASE_PREDS: tuple[str, ...] = (
    "any",
    "specialist",
    "robot",
    "emissary",
    "robot_or_emissary",
    "veteran",
    "animal",
)
PREDS: tuple[str, ...] = (
    BASE_PREDS + tuple(f"prof.{p}" for p in PROFESSIONS) + tuple(f"species.{s}" for s in SPECIES)
)
PRED_INDEX: dict[str, int] = {p: i for i, p in enumerate(PREDS)}
P_ANY = PRED_INDEX["any"]
P_VETERAN = PRED_INDEX["veteran"]
P_ROBOT = PRED_INDEX["robot"]
P_EMISSARY = PRED_INDEX["emissary"]
P_PROF0 = PRED_INDEX["prof.botanist"]
P_SPECIES0 = PRED_INDEX["species.bear"]


def parse_pred(text: str) -> int:
    """The index of a predicate name (raises ValueError)."""
    try:
        return PRED_INDEX[text]
    except KeyError:
        raise ValueError(f"unknown predicate {text!r}; known: {', '.join(PREDS)}") from None


def parse_condition(text: str) -> tuple[int, ...]:
    """``has:<pred>|has:<pred>`` -> predicate indices (any one suffices); '' -> ()."""
    if not text:
        return ()
    out = []
    for part in text.split("|"):
        kind, sep, arg = part.partition(":")
        if kind != "has" or not sep:
            raise ValueError(f"bad condition {part!r}: expected has:<predicate>")
        out.append(parse_pred(arg))
    return tuple(out)


# ---------------------------------------------------------------- effects
Effect = tuple[int, int, int, int]  # cost kind, cost predicate, benefit kind, benefit arg


def parse_effect(text: str) -> Effect:
    """``[cost>]benefit`` -> (cost kind, cost predicate, benefit kind, benefit argument)."""
    cost_kind, cost_arg = C_NONE, -1
    body = text
    if ">" in text:
        cost, _, body = text.partition(">")
        if cost == "remove":
            cost_kind = C_REMOVE
        else:
            kind, sep, arg = cost.partition(":")
            if kind != "discard" or not sep:
                raise ValueError(f"bad cost {cost!r}: expected discard:<predicate> or remove")
            cost_kind, cost_arg = C_DISCARD, parse_pred(arg)
    kind, sep, arg = body.partition(":")
    if kind == "draw" and sep:
        if not arg.isdigit() or not 1 <= int(arg) <= MAX_DRAW:
            raise ValueError(f"bad draw count in {body!r} (1..{MAX_DRAW})")
        return (cost_kind, cost_arg, B_DRAW, int(arg))
    if kind == "play" and sep:
        return (cost_kind, cost_arg, B_PLAY, parse_pred(arg))
    if body == "take_play":
        return (cost_kind, cost_arg, B_TAKE, 0)
    raise ValueError(f"bad effect {body!r}: expected draw:N, play:<predicate> or take_play")


class Effects:
    """The effects of one data set, each text interned once: ``effects[id]`` is the parsed
    effect, ``texts[id]`` its text. Frames of the game state hold these ids."""

    def __init__(self) -> None:
        self.effects: list[Effect] = []
        self.texts: list[str] = []
        self._ids: dict[str, int] = {}

    def intern(self, text: str) -> int:
        """The id of an effect text (validated), new or known."""
        eid = self._ids.get(text)
        if eid is None:
            self.effects.append(parse_effect(text))
            self.texts.append(text)
            eid = self._ids[text] = len(self.effects) - 1
        return eid


# ---------------------------------------------------------------- missions
Mission = tuple[int, ...]


def parse_mission(text: str) -> Mission:
    parts = text.split(":")
    kind = parts[0]
    try:
        if kind == "set" and len(parts) == 4:
            k, v = int(parts[2]), int(parts[3])
            if k < 1 or v < 1:
                raise ValueError("set sizes and credits must be positive")
            return (M_SET, parse_pred(parts[1]), k, v)
        if kind == "pair" and len(parts) == 4:
            return (M_PAIR, parse_pred(parts[1]), parse_pred(parts[2]), int(parts[3]))
        if kind == "most" and len(parts) == 3:
            return (M_MOST, parse_pred(parts[1]), int(parts[2]))
        if kind == "per" and len(parts) == 3:
            return (M_PER, parse_pred(parts[1]), int(parts[2]))
        if kind == "allprof" and len(parts) == 2:
            return (M_ALLPROF, int(parts[1]))
    except ValueError as e:
        raise ValueError(f"bad mission {text!r}: {e}") from None
    raise ValueError(
        f"bad mission {text!r}: expected set:P:k:v, pair:P:P:v, most:P:v, per:P:v or allprof:v"
    )


# ---------------------------------------------------------------- rows
SpeciesName = Literal["bear", "rhino", "owl", "chameleon", "monkey", "octopus"]
ProfName = Literal["botanist", "military", "programmer", "pilot", "mechanic", "scientist"]


class CardRow(Row):
    """A crew card (``data/cards.csv``): a captain, a Specialist, an Emissary or a Robot."""

    id: int = Field(ge=0)
    kind: Literal["captain", "specialist", "emissary", "robot"]
    species: SpeciesName | None = None
    profession: ProfName | None = None
    veteran: bool = False
    condition: str = ""
    effect: str = ""
    credits: int = Field(default=0, ge=0, le=10)
    mission: str = ""
    track: str = ""
    track_credits: str = ""
    name_fr: str
    name_en: str

    @field_validator("condition")
    @classmethod
    def _cond(cls, v: str) -> str:
        parse_condition(v)
        return v

    @field_validator("effect")
    @classmethod
    def _eff(cls, v: str) -> str:
        if v:
            parse_effect(v)
        return v

    @field_validator("mission")
    @classmethod
    def _mission(cls, v: str) -> str:
        if v:
            parse_mission(v)
        return v

    @field_validator("track")
    @classmethod
    def _track(cls, v: str) -> str:
        if v:
            steps = v.split(";")
            if not 1 <= len(steps) <= MAX_TRACK:
                raise ValueError(f"a Veteran track has 1 to {MAX_TRACK} steps, got {len(steps)}")
            for s in steps:
                if s != "-":
                    parse_effect(s)
        return v

    @field_validator("track_credits")
    @classmethod
    def _track_credits(cls, v: str) -> str:
        if v and not all(x.isdigit() for x in v.split(";")):
            raise ValueError("track credits are integers separated by ';'")
        return v

    @model_validator(mode="after")
    def _kind_rules(self) -> CardRow:
        k = self.kind
        if k == "robot" and self.species is not None:
            raise ValueError("a Robot is not an animal: no species")
        if k != "robot" and self.species is None:
            raise ValueError(f"a {k} is an animal: species required")
        if k in ("specialist", "captain") and self.profession is None:
            raise ValueError(f"a {k} has a profession")
        if k == "emissary" and (not self.mission or self.profession is not None):
            raise ValueError("an Emissary has a mission and no profession")
        if k != "emissary" and self.mission:
            raise ValueError("only Emissaries have missions")
        if k == "captain" and (not self.track or not self.track_credits or self.effect):
            raise ValueError("a Captain has a Veteran track and track credits, and no effect")
        if k != "captain" and (self.track or self.track_credits):
            raise ValueError("only Captains have a Veteran track")
        if k == "captain" and len(self.track.split(";")) != len(self.track_credits.split(";")):
            raise ValueError("a Veteran track has as many credit boxes as steps")
        if k != "robot" and self.credits:
            raise ValueError("only Robots carry credits")
        if self.veteran and k not in ("specialist", "robot"):
            raise ValueError(
                "« certains Spécialistes et Robots ont le statut de Vétéran »: no other"
            )
        if self.condition and not self.effect:
            raise ValueError("a condition circle needs an effect circle")
        return self


class PlanetRow(Row):
    """A planet tile (``data/planets.csv``): its threshold and its two sectors."""

    id: int = Field(ge=0)
    threshold: int

    @field_validator("threshold")
    @classmethod
    def _threshold(cls, v: int) -> int:
        if v not in THRESHOLDS:
            raise ValueError("a planet threshold is 0 (starting planet), 3, 6 or 9")
        return v

    left_conditions: str = ""
    left_actions: str
    right_conditions: str = ""
    right_actions: str
    name_fr: str
    name_en: str

    @field_validator("left_conditions", "right_conditions")
    @classmethod
    def _conds(cls, v: str) -> str:
        parse_condition(v)
        return v

    @field_validator("left_actions", "right_actions")
    @classmethod
    def _acts(cls, v: str) -> str:
        alts = v.split("|")
        if not 1 <= len(alts) <= MAX_OPTIONS:
            raise ValueError(f"a sector offers 1 to {MAX_OPTIONS} actions")
        for alt in alts:
            for step in alt.split("+"):
                parse_effect(step)
        return v


HOSTILE_ICONS: tuple[str, ...] = (
    "emissary",
    "veteran",
    "robot",
    *(f"prof.{p}" for p in PROFESSIONS),
)


def parse_ops(text: str) -> tuple[tuple[int, int], ...]:
    """``T1+D2`` -> ((1, 0), (0, 1)): (take?, slot index)."""
    out = []
    for part in text.split("+"):
        if len(part) != 2 or part[0] not in "TD" or part[1] not in "123":
            raise ValueError(f"bad Reserve effect {part!r}: expected T1..T3 or D1..D3")
        out.append((1 if part[0] == "T" else 0, int(part[1]) - 1))
    return tuple(out)


class HostileRow(Row):
    """A Hostile Planet card of the solo mode (``data/hostile.csv``)."""

    id: int = Field(ge=0)
    category: int = Field(ge=1, le=3)
    landing: str
    exploration: str
    bonus: str
    name_fr: str
    name_en: str

    @field_validator("landing", "exploration")
    @classmethod
    def _ops(cls, v: str) -> str:
        parse_ops(v)
        return v

    @field_validator("bonus")
    @classmethod
    def _bonus(cls, v: str) -> str:
        for icon in v.split("+"):
            if icon not in HOSTILE_ICONS:
                raise ValueError(f"bad bonus icon {icon!r}; known: {', '.join(HOSTILE_ICONS)}")
        return v


class LevelRow(Row):
    """A difficulty level of the solo mode (``data/difficulty.csv``): how many Hostile
    Planets of each category its deck of five takes."""

    id: Literal["easy", "medium", "hard"]
    category_1: int = Field(ge=0)
    category_2: int = Field(ge=0)
    category_3: int = Field(ge=0)
    name_fr: str
    name_en: str

    @property
    def counts(self) -> tuple[int, int, int]:
        return (self.category_1, self.category_2, self.category_3)


TABLES: tuple[Table, ...] = (
    Table("cards.csv", CardRow, title="crew cards: captains, Specialists, Emissaries, Robots"),
    Table("planets.csv", PlanetRow, title="planet tiles and their sectors"),
    Table("hostile.csv", HostileRow, title="Hostile Planets (solo)"),
    Table("difficulty.csv", LevelRow, title="solo difficulty levels"),
)


# ---------------------------------------------------------------- the parts
SectorOpts = tuple[tuple[int, ...], ...]  # alternatives, each a sequence of effect ids
Ops = tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class WildParts:
    """A data set's components as the rules read them (``game.parts``): flat tuples indexed
    by card, tile or Hostile Planet id."""

    cards: tuple[CardRow, ...]
    planets: tuple[PlanetRow, ...]
    hostiles: tuple[HostileRow, ...]
    levels: dict[str, LevelRow]
    # crew cards
    kind: tuple[int, ...]
    species_of: tuple[int, ...]
    prof_of: tuple[int, ...]
    vet: tuple[bool, ...]
    cond: tuple[tuple[int, ...], ...]
    effect_of: tuple[int, ...]
    credits: tuple[int, ...]
    mission: tuple[Mission | None, ...]
    captains: tuple[int, ...]
    deck_cards: tuple[int, ...]
    track: dict[int, tuple[int, ...]]
    track_credits: dict[int, tuple[int, ...]]
    #: match[pred][card]: does the card satisfy the predicate?
    match: tuple[tuple[bool, ...], ...]
    effects: tuple[Effect, ...]
    effect_text: tuple[str, ...]
    # planet tiles
    threshold: tuple[int, ...]
    #: sector_cond[tile][side]; sector_opts[tile][side][option] = effect ids in order
    sector_cond: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    sector_opts: tuple[tuple[SectorOpts, SectorOpts], ...]
    sector_text: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]
    start_tiles: tuple[int, ...]
    tiles_by_threshold: dict[int, tuple[int, ...]]
    # Hostile Planets
    h_category: tuple[int, ...]
    h_landing: tuple[Ops, ...]
    h_explore: tuple[Ops, ...]
    h_bonus: tuple[tuple[str, ...], ...]
    hostile_by_category: dict[int, tuple[int, ...]]
    #: difficulty[level] = Hostile Planets taken from categories 1, 2, 3
    difficulty: dict[str, tuple[int, int, int]]

    def card_name(self, card: int, lang: str) -> str:
        r = self.cards[card]
        return r.name_fr if lang == "fr" else r.name_en

    def planet_name(self, tile: int, lang: str) -> str:
        r = self.planets[tile]
        return r.name_fr if lang == "fr" else r.name_en

    def hostile_name(self, h: int, lang: str) -> str:
        r = self.hostiles[h]
        return r.name_fr if lang == "fr" else r.name_en


def matches(pred: str, r: CardRow) -> bool:
    """Does the card of row ``r`` satisfy predicate ``pred``?"""
    if pred == "any":
        return True
    if pred in ("specialist", "robot", "emissary"):
        return r.kind == pred
    if pred == "robot_or_emissary":
        return r.kind in ("robot", "emissary")
    if pred == "veteran":
        return r.veteran
    if pred == "animal":
        return r.species is not None
    if pred.startswith("prof."):
        return r.profession == pred[5:]
    return r.species == pred[8:]


def parse_options(text: str, intern: Callable[[str], int]) -> SectorOpts:
    """A sector's actions -> alternatives of effect ids (``intern`` gives an effect's id)."""
    if not text:
        raise ValueError("a sector needs at least one action")
    return tuple(tuple(intern(step) for step in alt.split("+")) for alt in text.split("|"))


def _count(
    tables: Tables,
    file: str,
    rows: Sequence[Row],
    what: str,
    want: int,
    rule: str,
    field: str,
) -> None:
    """Refuse ``rows`` (the rows of ``what``) unless there are ``want`` of them; the error
    names the file, the field, and the first row beyond the count when there are too many."""
    if len(rows) != want:
        row = rows[want] if len(rows) > want else None
        tables.error(file, f"{len(rows)} {what}, the rulebook gives {want} ({rule})", row, field)


def _ids_in_order(
    tables: Tables, file: str, rows: Sequence[CardRow | PlanetRow | HostileRow]
) -> None:
    for i, r in enumerate(rows):
        if r.id != i:
            tables.error(file, f"ids run 0, 1, 2... in file order: expected {i}", r, "id")


def _check_cards(tables: Tables, cards: list[CardRow]) -> None:
    f = "cards.csv"
    _ids_in_order(tables, f, cards)
    _count(tables, f, cards, "cards", N_CARDS, "« 108 cartes Équipage »", "id")
    rule = "« 60 Spécialistes, 24 Émissaires, 18 Robots et 6 Capitaines »"
    kinds = (
        ("captain", "captains", 6),
        ("specialist", "Specialists", 60),
        ("emissary", "Emissaries", 24),
        ("robot", "Robots", 18),
    )
    # A kind beyond its count first: its first row beyond the count is named.
    by_kind = {k: [r for r in cards if r.kind == k] for k, _, _ in kinds}
    for k, plural, want in sorted(kinds, key=lambda x: len(by_kind[x[0]]) <= x[2]):
        _count(tables, f, by_kind[k], plural, want, rule, "kind")
    for r in cards:
        if (r.kind == "captain") != (r.id < N_CAPTAINS):
            tables.error(
                f,
                f"the {N_CAPTAINS} captains are the first rows (ids 0-{N_CAPTAINS - 1}), "
                "the deck's cards follow (the action space names them by id)",
                r,
                "kind",
            )
    robots = [r for r in cards if r.kind == "robot"]
    with_prof = sum(1 for r in robots if r.profession)
    if 2 * with_prof <= len(robots):
        tables.error(
            f,
            f"{with_prof} of {len(robots)} Robots have a profession: « la plupart des Robots "
            "ont un Métier »",
            next(r for r in robots if not r.profession),
            "profession",
        )
    deck = [r for r in cards if r.kind != "captain"]
    with_effect = sum(1 for r in deck if r.effect)
    if 2 * with_effect <= len(deck):
        tables.error(
            f,
            f"{with_effect} of {len(deck)} deck cards have an effect: « La plupart des cartes "
            "Équipage ont un Cercle d'Effet »",
            next(r for r in deck if not r.effect),
            "effect",
        )


def _check_planets(tables: Tables, planets: list[PlanetRow]) -> None:
    f = "planets.csv"
    _ids_in_order(tables, f, planets)
    _count(tables, f, planets, "planet tiles", N_PLANETS, "« 10 tuiles Planète »", "id")
    starts = [r for r in planets if r.threshold == 0]
    rule = "« les 2 Planètes de départ »"
    _count(tables, f, starts, "starting planets (threshold 0)", 2, rule, "threshold")
    for t in THRESHOLDS[1:]:
        if not any(r.threshold == t for r in planets):
            tables.error(
                f,
                f"no tile with threshold {t}: the set-up places « une Planète 3, puis une "
                "Planète 6 et enfin une Planète 9 »",
                field="threshold",
            )


def _check_hostiles(tables: Tables, hostiles: list[HostileRow], levels: list[LevelRow]) -> None:
    f = "hostile.csv"
    _ids_in_order(tables, f, hostiles)
    rule = "« 12 cartes Planète Hostile »"
    _count(tables, f, hostiles, "Hostile Planets", N_HOSTILE, rule, "id")
    for c in (1, 2, 3):
        if not any(r.category == c for r in hostiles):
            tables.error(
                f,
                f"no card of category {c}: « classées en 3 catégories de difficulté croissante »",
                field="category",
            )
    d = "difficulty.csv"
    missing = [level for level in LEVELS if level not in {r.id for r in levels}]
    if missing:
        tables.error(d, f"no row for the level(s) {', '.join(missing)}", field="id")
    for r in levels:
        if sum(r.counts) != 5:
            tables.error(
                d,
                f"categories 1-3 add up to {sum(r.counts)} cards: « Constituez une pioche de 5 "
                "cartes Planètes Hostiles »",
                r,
                "category_1",
            )
        for c, n in zip((1, 2, 3), r.counts, strict=True):
            have = sum(1 for h in hostiles if h.category == c)
            if n > have:
                tables.error(
                    d, f"{n} cards of category {c}, hostile.csv has {have}", r, f"category_{c}"
                )


def build_parts(tables: Tables) -> WildParts:
    """The parts of a data set: every count the rulebook gives checked (a
    :class:`~spacetable.engine.DataError` names the file, the row and the field), then the
    flat tables the rules read."""
    cards = tables.rows("cards.csv", CardRow)
    planets = tables.rows("planets.csv", PlanetRow)
    hostiles = tables.rows("hostile.csv", HostileRow)
    levels = tables.rows("difficulty.csv", LevelRow)
    _check_cards(tables, cards)
    _check_planets(tables, planets)
    _check_hostiles(tables, hostiles, levels)
    fx = Effects()
    effect_of = tuple(fx.intern(r.effect) if r.effect else -1 for r in cards)
    track = {
        r.id: tuple(-1 if s == "-" else fx.intern(s) for s in r.track.split(";"))
        for r in cards
        if r.kind == "captain"
    }
    sector_opts = tuple(
        (parse_options(r.left_actions, fx.intern), parse_options(r.right_actions, fx.intern))
        for r in planets
    )
    return WildParts(
        cards=tuple(cards),
        planets=tuple(planets),
        hostiles=tuple(hostiles),
        levels={r.id: r for r in levels},
        kind=tuple(KINDS.index(r.kind) for r in cards),
        species_of=tuple(SPECIES.index(r.species) if r.species else -1 for r in cards),
        prof_of=tuple(PROFESSIONS.index(r.profession) if r.profession else -1 for r in cards),
        vet=tuple(r.veteran for r in cards),
        cond=tuple(parse_condition(r.condition) for r in cards),
        effect_of=effect_of,
        credits=tuple(r.credits for r in cards),
        mission=tuple(parse_mission(r.mission) if r.mission else None for r in cards),
        captains=tuple(r.id for r in cards if r.kind == "captain"),
        deck_cards=tuple(r.id for r in cards if r.kind != "captain"),
        track=track,
        track_credits={
            r.id: tuple(int(x) for x in r.track_credits.split(";"))
            for r in cards
            if r.kind == "captain"
        },
        match=tuple(tuple(matches(p, r) for r in cards) for p in PREDS),
        effects=tuple(fx.effects),
        effect_text=tuple(fx.texts),
        threshold=tuple(r.threshold for r in planets),
        sector_cond=tuple(
            (parse_condition(r.left_conditions), parse_condition(r.right_conditions))
            for r in planets
        ),
        sector_opts=sector_opts,
        sector_text=tuple(
            (tuple(r.left_actions.split("|")), tuple(r.right_actions.split("|"))) for r in planets
        ),
        start_tiles=tuple(r.id for r in planets if r.threshold == 0),
        tiles_by_threshold={
            t: tuple(r.id for r in planets if r.threshold == t) for t in THRESHOLDS[1:]
        },
        h_category=tuple(r.category for r in hostiles),
        h_landing=tuple(parse_ops(r.landing) for r in hostiles),
        h_explore=tuple(parse_ops(r.exploration) for r in hostiles),
        h_bonus=tuple(tuple(r.bonus.split("+")) for r in hostiles),
        hostile_by_category={
            c: tuple(r.id for r in hostiles if r.category == c) for c in (1, 2, 3)
        },
        difficulty={r.id: r.counts for r in levels},
    )
