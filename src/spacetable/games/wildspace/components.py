"""Wild Space components: crew cards, planet tiles and Hostile Planets, loaded once at import.

The data lives in ``data/cards.csv``, ``data/planets.csv`` and ``data/hostile.csv`` (one row
per component). Effects, conditions, missions, captain tracks, sector actions and hostile
effects are written in a small declarative vocabulary, parsed and validated on load into flat
tuples of ints that the rules read in the hot path (see ``docs/games/wildspace.md``).

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

from typing import Literal

from pydantic import Field, field_validator, model_validator

from spacetable.engine.data import Row, load_table

from .constants import (
    B_DRAW,
    B_PLAY,
    B_TAKE,
    C_DISCARD,
    C_NONE,
    C_REMOVE,
    DIFFICULTY,
    K_CAPTAIN,
    K_EMISSARY,
    K_ROBOT,
    K_SPECIALIST,
    KINDS,
    M_ALLPROF,
    M_MOST,
    M_PAIR,
    M_PER,
    M_SET,
    MAX_DRAW,
    PKG,
    PROFESSIONS,
    SHUTTLES,
    SPECIES,
    TRACK_LEN,
    TURNS,
)

__all__ = [  # the shared constants, re-exported for ``components as C`` readers
    "B_DRAW",
    "B_PLAY",
    "B_TAKE",
    "C_DISCARD",
    "C_NONE",
    "C_REMOVE",
    "DIFFICULTY",
    "KINDS",
    "K_CAPTAIN",
    "K_EMISSARY",
    "K_ROBOT",
    "K_SPECIALIST",
    "MAX_DRAW",
    "M_ALLPROF",
    "M_MOST",
    "M_PAIR",
    "M_PER",
    "M_SET",
    "PKG",
    "PROFESSIONS",
    "SHUTTLES",
    "SPECIES",
    "TRACK_LEN",
    "TURNS",
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

EFFECTS: list[Effect] = []
EFFECT_TEXT: list[str] = []
_EFFECT_IDS: dict[str, int] = {}


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


def effect_id(text: str) -> int:
    """Intern an effect text (validated) and return its id in :data:`EFFECTS`."""
    eid = _EFFECT_IDS.get(text)
    if eid is None:
        EFFECTS.append(parse_effect(text))
        EFFECT_TEXT.append(text)
        eid = _EFFECT_IDS[text] = len(EFFECTS) - 1
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
            if len(steps) != TRACK_LEN:
                raise ValueError(f"a Veteran track has {TRACK_LEN} steps, got {len(steps)}")
            for s in steps:
                if s != "-":
                    parse_effect(s)
        return v

    @field_validator("track_credits")
    @classmethod
    def _track_credits(cls, v: str) -> str:
        if v:
            vals = v.split(";")
            if len(vals) != TRACK_LEN or not all(x.isdigit() for x in vals):
                raise ValueError(f"track credits need {TRACK_LEN} integers separated by ';'")
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
        if k != "robot" and self.credits:
            raise ValueError("only Robots carry credits")
        if self.condition and not self.effect:
            raise ValueError("a condition circle needs an effect circle")
        return self


def _parse_options(text: str) -> tuple[tuple[int, ...], ...]:
    if not text:
        raise ValueError("a sector needs at least one action")
    return tuple(tuple(effect_id(step) for step in alt.split("+")) for alt in text.split("|"))


class PlanetRow(Row):
    id: int = Field(ge=0)
    threshold: int

    @field_validator("threshold")
    @classmethod
    def _threshold(cls, v: int) -> int:
        if v not in (0, 3, 6, 9):
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
        if not 1 <= len(alts) <= 3:
            raise ValueError("a sector offers 1 to 3 actions")
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


# ---------------------------------------------------------------- load and flatten
CARD_ROWS: list[CardRow] = load_table(PKG, "data/cards.csv", CardRow)
PLANET_ROWS: list[PlanetRow] = load_table(PKG, "data/planets.csv", PlanetRow)
HOSTILE_ROWS: list[HostileRow] = load_table(PKG, "data/hostile.csv", HostileRow)


def _check_ids(rows: list[CardRow] | list[PlanetRow] | list[HostileRow], what: str) -> None:
    ids = [r.id for r in rows]
    if ids != list(range(len(ids))):
        raise ValueError(f"{what}: ids must be 0..{len(ids) - 1} in order")


_check_ids(CARD_ROWS, "cards.csv")
_check_ids(PLANET_ROWS, "planets.csv")
_check_ids(HOSTILE_ROWS, "hostile.csv")

N_CARDS = len(CARD_ROWS)
KIND: tuple[int, ...] = tuple(KINDS.index(r.kind) for r in CARD_ROWS)
SPECIES_OF: tuple[int, ...] = tuple(
    SPECIES.index(r.species) if r.species else -1 for r in CARD_ROWS
)
PROF_OF: tuple[int, ...] = tuple(
    PROFESSIONS.index(r.profession) if r.profession else -1 for r in CARD_ROWS
)
VET: tuple[bool, ...] = tuple(r.veteran for r in CARD_ROWS)
COND: tuple[tuple[int, ...], ...] = tuple(parse_condition(r.condition) for r in CARD_ROWS)
EFFECT_OF: tuple[int, ...] = tuple(effect_id(r.effect) if r.effect else -1 for r in CARD_ROWS)
CREDITS: tuple[int, ...] = tuple(r.credits for r in CARD_ROWS)
MISSION: tuple[Mission | None, ...] = tuple(
    parse_mission(r.mission) if r.mission else None for r in CARD_ROWS
)
CAPTAINS: tuple[int, ...] = tuple(r.id for r in CARD_ROWS if r.kind == "captain")
DECK_CARDS: tuple[int, ...] = tuple(r.id for r in CARD_ROWS if r.kind != "captain")
TRACK: dict[int, tuple[int, ...]] = {
    r.id: tuple(-1 if s == "-" else effect_id(s) for s in r.track.split(";"))
    for r in CARD_ROWS
    if r.kind == "captain"
}
TRACK_CREDITS: dict[int, tuple[int, ...]] = {
    r.id: tuple(int(x) for x in r.track_credits.split(";"))
    for r in CARD_ROWS
    if r.kind == "captain"
}


def _matches(pred: str, r: CardRow) -> bool:
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


#: MATCH[pred][card]: does the card satisfy the predicate?
MATCH: tuple[tuple[bool, ...], ...] = tuple(tuple(_matches(p, r) for r in CARD_ROWS) for p in PREDS)

N_PLANETS = len(PLANET_ROWS)
THRESHOLD: tuple[int, ...] = tuple(r.threshold for r in PLANET_ROWS)
#: SECTOR_COND[tile][side], SECTOR_OPTS[tile][side][option] = effect ids in order
SECTOR_COND: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = tuple(
    (parse_condition(r.left_conditions), parse_condition(r.right_conditions)) for r in PLANET_ROWS
)
SECTOR_OPTS: tuple[tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]], ...] = tuple(
    (_parse_options(r.left_actions), _parse_options(r.right_actions)) for r in PLANET_ROWS
)
SECTOR_TEXT: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = tuple(
    (tuple(r.left_actions.split("|")), tuple(r.right_actions.split("|"))) for r in PLANET_ROWS
)
START_TILES: tuple[int, ...] = tuple(r.id for r in PLANET_ROWS if r.threshold == 0)
TILES_BY_THRESHOLD: dict[int, tuple[int, ...]] = {
    t: tuple(r.id for r in PLANET_ROWS if r.threshold == t) for t in (3, 6, 9)
}

N_HOSTILE = len(HOSTILE_ROWS)
H_CATEGORY: tuple[int, ...] = tuple(r.category for r in HOSTILE_ROWS)
H_LANDING: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    parse_ops(r.landing) for r in HOSTILE_ROWS
)
H_EXPLORE: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    parse_ops(r.exploration) for r in HOSTILE_ROWS
)
H_BONUS: tuple[tuple[str, ...], ...] = tuple(tuple(r.bonus.split("+")) for r in HOSTILE_ROWS)
HOSTILE_BY_CATEGORY: dict[int, tuple[int, ...]] = {
    c: tuple(r.id for r in HOSTILE_ROWS if r.category == c) for c in (1, 2, 3)
}


def card_name(card: int, lang: str) -> str:
    r = CARD_ROWS[card]
    return r.name_fr if lang == "fr" else r.name_en


def planet_name(tile: int, lang: str) -> str:
    r = PLANET_ROWS[tile]
    return r.name_fr if lang == "fr" else r.name_en


def hostile_name(h: int, lang: str) -> str:
    r = HOSTILE_ROWS[h]
    return r.name_fr if lang == "fr" else r.name_en
