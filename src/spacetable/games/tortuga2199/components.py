"""Tortuga 2199 component data: cards and sector kinds, loaded once at import.

The CSV files in ``data/`` hold one row per card type (with its number of copies) and per
sector kind (the map positions are in :mod:`.board`). This module validates them with
pydantic row models (errors name file, line and field) and flattens them into tuples indexed
by small ints, so that the rules never touch pydantic in the hot path.

Ability vocabulary (column ``abilities``, ``;``-separated):

* played abilities, offered one by one right after the card is played (each optional):
  ``move:N`` (move your ship up to N sectors), ``draw:N``, ``mineral:N`` (take N mineral
  tokens from the Mines depot), ``trash`` (destroy a card of your hand), ``probe:N`` (probe
  a hunt token up to N sectors away for free), ``reserve`` (reserve a card for free), and
  ``fn:<name>`` for a bespoke effect named in :data:`BESPOKE` (implemented in
  :mod:`.abilities`);
* combat abilities, counted only in a combat against a ship: ``atk:N`` (+N Manoeuvre when
  attacking), ``def:N`` (+N when defending), ``cbt:N`` (+N in any combat), ``shield`` (if you
  lose, no card of yours is destroyed), ``loot`` (if you win, take 1 more Influence).
"""

from __future__ import annotations

from typing import Literal

from pydantic import field_validator, model_validator

from spacetable.engine.data import Row, load_table

from .constants import MAX_PLAYERS, TORTUGA_COST

PACKAGE = "spacetable.games.tortuga2199.data"

Deck = Literal["start", "ship", "T", "V", "R", "M", "F", "hunt"]

#: Played-ability kinds (the ``kind`` field of the ability action).
PLAYED_KINDS = ("move", "draw", "mineral", "trash", "probe", "reserve")
#: Combat-ability kinds.
COMBAT_KINDS = ("atk", "def", "cbt", "shield", "loot")
#: Kinds that take a number.
NUMBERED = {"move", "draw", "mineral", "probe", "atk", "def", "cbt"}
#: Bespoke played abilities, by name (the rules module implements them).
BESPOKE = ("teleport", "salvage")


def parse_abilities(text: str) -> tuple[tuple[str, int], ...]:
    """Parse an ability string into ``((kind, n), ...)``; raise ValueError when malformed.

    >>> parse_abilities("move:3;atk:2;shield")
    (('move', 3), ('atk', 2), ('shield', 0))
    >>> parse_abilities("fn:teleport")
    (('teleport', 0),)
    """
    out: list[tuple[str, int]] = []
    if not text.strip():
        return ()
    for part in text.split(";"):
        part = part.strip()
        kind, _, arg = part.partition(":")
        if kind == "fn":
            if arg not in BESPOKE:
                raise ValueError(f"unknown bespoke ability {arg!r} (known: {', '.join(BESPOKE)})")
            out.append((arg, 0))
            continue
        if kind not in PLAYED_KINDS and kind not in COMBAT_KINDS:
            raise ValueError(f"unknown ability {kind!r}")
        if kind in NUMBERED:
            if not arg.isdigit() or int(arg) < 1:
                raise ValueError(f"ability {kind!r} needs a positive number, got {arg!r}")
            out.append((kind, int(arg)))
        else:
            if arg:
                raise ValueError(f"ability {kind!r} takes no number")
            out.append((kind, 0))
    kinds = [k for k, _ in out]
    if len(set(kinds)) != len(kinds):
        raise ValueError("an ability kind appears twice on one card")
    return tuple(out)


class CardRow(Row):
    id: str
    name_fr: str
    name_en: str
    deck: Deck
    count: int
    cost: int
    crypto: int
    manoeuvre: int
    abilities: str = ""
    difficulty: int | None = None
    influence: int | None = None

    @field_validator("count")
    @classmethod
    def _count(cls, v: int) -> int:
        if v < 1:
            raise ValueError("count must be at least 1")
        return v

    @field_validator("cost", "crypto", "manoeuvre")
    @classmethod
    def _nonneg(cls, v: int) -> int:
        if v < 0:
            raise ValueError("must not be negative")
        return v

    @field_validator("abilities")
    @classmethod
    def _abilities(cls, v: str) -> str:
        parse_abilities(v)
        return v

    @model_validator(mode="after")
    def _hunt(self) -> CardRow:
        if self.deck == "hunt":
            if self.difficulty is None or self.influence is None:
                raise ValueError("a hunt card needs difficulty and influence")
            if self.difficulty < 1 or self.influence < 1:
                raise ValueError("hunt difficulty and influence must be positive")
        elif self.difficulty is not None or self.influence is not None:
            raise ValueError("only hunt cards have difficulty and influence")
        if self.deck in ("T", "V", "R", "M", "F") and self.cost < 1:
            raise ValueError("a market card must cost at least 1")
        # "Il n'est pas autorisé de jouer des cartes qui n'accordent aucune Manœuvre" in a
        # combat: a combat ability on a card without Manoeuvre could never be used.
        combat = [k for k, _ in parse_abilities(self.abilities) if k in COMBAT_KINDS]
        if combat and self.manoeuvre < 1:
            raise ValueError(
                f"combat abilities ({', '.join(combat)}) need a card with Manoeuvre: "
                "a card without Manoeuvre cannot be used in a combat"
            )
        return self


class SectorRow(Row):
    id: Literal["tortuga", "terminal", "turret", "vortex", "research", "mines", "fortress"]
    name_fr: str
    name_en: str
    tcard: bool
    market: Literal["V", "R", "M", "F"] | None = None
    #: The Defence track (first conquest costs start_defence + 1); none for Tortuga.
    start_defence: int | None = None
    max_defence: int | None = None
    influence: int
    bonus: Literal["crypto", "combat"] | None = None

    @model_validator(mode="after")
    def _defence(self) -> SectorRow:
        if (self.start_defence is None) != (self.max_defence is None):
            raise ValueError("a Defence track has both start_defence and max_defence")
        # "Conquérir Tortuga nécessite toujours 15 Manœuvres": Tortuga alone has no track.
        if (self.start_defence is None) != (self.id == "tortuga"):
            raise ValueError("Tortuga, and only Tortuga, has no Defence track")
        lo, hi = self.start_defence, self.max_defence
        if lo is not None and hi is not None and not 0 <= lo <= hi:
            raise ValueError("start_defence must be between 0 and max_defence")
        if self.tcard == (self.market is not None):
            raise ValueError("a sector has a market deck exactly when it is not a T sector")
        return self


CARD_ROWS: list[CardRow] = load_table(PACKAGE, "cards.csv", CardRow)
SECTOR_ROWS: list[SectorRow] = load_table(PACKAGE, "sectors.csv", SectorRow)

# ---------------------------------------------------------------- card tables (by type int)
NCARD = len(CARD_ROWS)
CARD_ID: tuple[str, ...] = tuple(r.id for r in CARD_ROWS)
CARD_INDEX: dict[str, int] = {c: i for i, c in enumerate(CARD_ID)}
NAME_FR: tuple[str, ...] = tuple(r.name_fr for r in CARD_ROWS)
NAME_EN: tuple[str, ...] = tuple(r.name_en for r in CARD_ROWS)
DECK: tuple[str, ...] = tuple(r.deck for r in CARD_ROWS)
COUNT: tuple[int, ...] = tuple(r.count for r in CARD_ROWS)
COST: tuple[int, ...] = tuple(r.cost for r in CARD_ROWS)
CRYPTO: tuple[int, ...] = tuple(r.crypto for r in CARD_ROWS)
MANO: tuple[int, ...] = tuple(r.manoeuvre for r in CARD_ROWS)
ABILITIES: tuple[tuple[tuple[str, int], ...], ...] = tuple(
    parse_abilities(r.abilities) for r in CARD_ROWS
)
#: Played abilities only, per card type: ((kind, n), ...).
PLAYED: tuple[tuple[tuple[str, int], ...], ...] = tuple(
    tuple(a for a in ab if a[0] not in COMBAT_KINDS) for ab in ABILITIES
)


def _combat(ab: tuple[tuple[str, int], ...], kind: str) -> int:
    for k, n in ab:
        if k == kind:
            return n if kind in NUMBERED else 1
    return 0


ATK: tuple[int, ...] = tuple(_combat(a, "atk") + _combat(a, "cbt") for a in ABILITIES)
DEF: tuple[int, ...] = tuple(_combat(a, "def") + _combat(a, "cbt") for a in ABILITIES)
SHIELD: tuple[bool, ...] = tuple(bool(_combat(a, "shield")) for a in ABILITIES)
LOOT: tuple[bool, ...] = tuple(bool(_combat(a, "loot")) for a in ABILITIES)
DIFFICULTY: tuple[int, ...] = tuple(r.difficulty or 0 for r in CARD_ROWS)
HUNT_INFLUENCE: tuple[int, ...] = tuple(r.influence or 0 for r in CARD_ROWS)

START_CARDS: tuple[int, ...] = tuple(i for i, d in enumerate(DECK) if d == "start")
SHIPS: tuple[int, ...] = tuple(i for i, d in enumerate(DECK) if d == "ship")
T_CARDS: tuple[int, ...] = tuple(i for i, d in enumerate(DECK) if d == "T")
HUNT_CARDS: tuple[int, ...] = tuple(i for i, d in enumerate(DECK) if d == "hunt")
MARKETS = ("V", "R", "M", "F")
MARKET_CARDS: dict[str, tuple[int, ...]] = {
    m: tuple(i for i, d in enumerate(DECK) if d == m) for m in MARKETS
}
#: Every card type that can be bought somewhere.
BUYABLE: tuple[int, ...] = T_CARDS + tuple(c for m in MARKETS for c in MARKET_CARDS[m])
#: Card types with at least 1 Manoeuvre (the only ones usable in combat).
COMBAT_CARDS: tuple[int, ...] = tuple(i for i in range(NCARD) if MANO[i] >= 1)
IS_HUNT: tuple[bool, ...] = tuple(d == "hunt" for d in DECK)

# ---------------------------------------------------------------- sector kinds
KIND_ID: tuple[str, ...] = tuple(r.id for r in SECTOR_ROWS)
KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(KIND_ID)}
K_TORTUGA = KIND_INDEX["tortuga"]
K_TERMINAL = KIND_INDEX["terminal"]
K_TURRET = KIND_INDEX["turret"]
K_VORTEX = KIND_INDEX["vortex"]
K_RESEARCH = KIND_INDEX["research"]
K_MINES = KIND_INDEX["mines"]
K_FORTRESS = KIND_INDEX["fortress"]
SPECIAL_KINDS: tuple[int, ...] = (K_VORTEX, K_RESEARCH, K_MINES, K_FORTRESS)
KIND_NAME_FR: tuple[str, ...] = tuple(r.name_fr for r in SECTOR_ROWS)
KIND_NAME_EN: tuple[str, ...] = tuple(r.name_en for r in SECTOR_ROWS)
KIND_TCARD: tuple[bool, ...] = tuple(r.tcard for r in SECTOR_ROWS)
KIND_MARKET: tuple[str | None, ...] = tuple(r.market for r in SECTOR_ROWS)
#: Whether a kind has a Defence track (Tortuga has none; its ``defence`` entry stays 0).
KIND_HAS_DEF: tuple[bool, ...] = tuple(r.start_defence is not None for r in SECTOR_ROWS)
KIND_START_DEF: tuple[int, ...] = tuple(r.start_defence or 0 for r in SECTOR_ROWS)
KIND_MAX_DEF: tuple[int, ...] = tuple(r.max_defence or 0 for r in SECTOR_ROWS)
KIND_INFLUENCE: tuple[int, ...] = tuple(r.influence for r in SECTOR_ROWS)
MARKET_KIND: dict[str, int] = {r.market: KIND_INDEX[r.id] for r in SECTOR_ROWS if r.market}


#: Index of each market deck (``MARKETS`` order) by the kind of its sector.
MARKET_INDEX: dict[int, int] = {MARKET_KIND[m]: i for i, m in enumerate(MARKETS)}
#: Index of each T card type in the T piles.
T_INDEX: dict[int, int] = {c: i for i, c in enumerate(T_CARDS)}
#: Every card of the box at the largest player count (a bound on a combat's length).
TOTAL_CARDS = sum(COUNT[c] * MAX_PLAYERS for c in START_CARDS) + sum(
    COUNT[c] for c in range(NCARD) if DECK[c] != "start"
)
#: Decisions one combat can take: every card committed or defended, the two "done", a
#: sacrifice and the spoils.
COMBAT_MAX = 2 * (TOTAL_CARDS + 1) + 2
#: Decisions a played card's ability window can take (each ability, then "done").
ABILITY_SLACK = 1 + max(len(p) for p in PLAYED)
#: The most Crypto + Manoeuvre one card gives, and the most minerals one card's ability takes
#: (bounds on a turn: ``rules.turn_bound``).
MAX_RESOURCES = max(CRYPTO[c] + MANO[c] for c in range(NCARD))
MAX_MINERAL = max([n for p in PLAYED for k, n in p if k == "mineral"], default=0)


def conquest_cost(kind: int, defence: int) -> int:
    """Manoeuvre (or, peaceful pirates, Crypto) to conquer a sector of ``kind`` whose Defence
    is ``defence``: "un nombre de points de Manœuvre égal à la valeur de Défense actuelle de
    ce secteur +1"; "Conquérir Tortuga nécessite toujours 15 Manœuvres".

    >>> conquest_cost(K_TERMINAL, 2), conquest_cost(K_TORTUGA, 0)
    (3, 15)
    """
    return TORTUGA_COST if kind == K_TORTUGA else defence + 1


def loot(cards: list[int]) -> int:
    """1 if one of the combat ``cards`` has ``loot`` (one more Influence when it wins)."""
    return 1 if any(LOOT[c] for c in cards) else 0


def card_name(card: int, lang: str) -> str:
    return NAME_FR[card] if lang == "fr" else NAME_EN[card]


def kind_name(kind: int, lang: str) -> str:
    return KIND_NAME_FR[kind] if lang == "fr" else KIND_NAME_EN[kind]
