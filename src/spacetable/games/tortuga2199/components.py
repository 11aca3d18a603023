"""Tortuga 2199 components: the row models of the data tables, the ability vocabulary, and
:func:`build_parts`, which turns a data set's validated rows into :class:`TortugaParts`.

The data lives in ``data/cards.csv`` (one row per card type, with its number of copies),
``data/sectors.csv`` (one row per sector kind) and ``data/layouts.csv`` (the map positions,
read by :mod:`.board`). A box owner corrects a card by editing its row (``docs/data.md``);
a game reads its components from ``game.parts``, never from this module: what remains here
is what the rulebook fixes whatever the components (the ability vocabulary, the kinds of
sector) and the checks of every count the rulebook gives.

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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field, ValidationInfo, field_validator

from spacetable.engine import Row, Table, Tables

from .board import LAYOUT_FILE, Layout, LayoutRow, build_layouts
from .constants import (
    BONUS,
    HUNT_COUNT,
    K_TORTUGA,
    KIND_IDS,
    MARKET_KIND,
    MARKETS,
    MAX_CARD_RESOURCES,
    MAX_DEFENCE,
    MINERAL_TOKENS,
    SECTOR_DECK,
    SHIP_CARDS,
    START_COUNTS,
    START_DEFENCE,
    T_CARDS_TOTAL,
    T_SECTOR,
    TORTUGA_COST,
)

CARD_FILE = "cards.csv"
SECTOR_FILE = "sectors.csv"

Deck = Literal["start", "ship", "T", "V", "R", "M", "F", "hunt"]

#: Played-ability kinds (the ``kind`` field of the ability action).
PLAYED_KINDS = ("move", "draw", "mineral", "trash", "probe", "reserve")
#: Combat-ability kinds.
COMBAT_KINDS = ("atk", "def", "cbt", "shield", "loot")
#: Kinds that take a number.
NUMBERED = {"move", "draw", "mineral", "probe", "atk", "def", "cbt"}
#: Bespoke played abilities, by name (the rules module implements them).
BESPOKE = ("teleport", "salvage")
#: Decisions a played card's ability window can take: each played ability (a kind appears at
#: most once on a card), then "done".
ABILITY_SLACK = 1 + len(PLAYED_KINDS) + len(BESPOKE)


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
            if kind == "mineral" and int(arg) > MINERAL_TOKENS:
                raise ValueError(f"mineral:{arg}: the box has {MINERAL_TOKENS} mineral tokens")
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
    """One card type. Every check names its field (each validator reads the fields of the
    row validated before it, in column order)."""

    id: str
    name_fr: str
    name_en: str
    deck: Deck
    count: int
    cost: int
    crypto: int
    manoeuvre: int
    abilities: str = ""
    difficulty: int | None = Field(default=None, validate_default=True)
    influence: int | None = Field(default=None, validate_default=True)

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

    @field_validator("cost")
    @classmethod
    def _cost(cls, v: int, info: ValidationInfo) -> int:
        if info.data.get("deck") in ("T", "V", "R", "M", "F") and v < 1:
            raise ValueError("a market card must cost at least 1")
        return v

    @field_validator("manoeuvre")
    @classmethod
    def _resources(cls, v: int, info: ValidationInfo) -> int:
        if info.data.get("crypto", 0) + v > MAX_CARD_RESOURCES:
            raise ValueError(
                f"crypto + manoeuvre above {MAX_CARD_RESOURCES} (a limit of this implementation, "
                "so that a game has a decision bound)"
            )
        return v

    @field_validator("abilities")
    @classmethod
    def _abilities(cls, v: str, info: ValidationInfo) -> str:
        parse_abilities(v)
        # "Il n'est pas autorisé de jouer des cartes qui n'accordent aucune Manœuvre" in a
        # combat: a combat ability on a card without Manoeuvre could never be used.
        combat = [k for k, _ in parse_abilities(v) if k in COMBAT_KINDS]
        if combat and info.data.get("manoeuvre", 1) < 1:
            raise ValueError(
                f"combat abilities ({', '.join(combat)}) need a card with Manoeuvre: "
                "a card without Manoeuvre cannot be used in a combat"
            )
        return v

    @field_validator("difficulty", "influence")
    @classmethod
    def _hunt(cls, v: int | None, info: ValidationInfo) -> int | None:
        hunt = info.data.get("deck") == "hunt"
        if hunt and v is None:
            raise ValueError(f"a hunt card needs its {info.field_name}")
        if hunt and v is not None and v < 1:
            raise ValueError("must be positive")
        if not hunt and v is not None:
            raise ValueError("only hunt cards have difficulty and influence")
        return v


class SectorRow(Row):
    """One kind of sector (checked against the rulebook by :func:`build_parts`)."""

    id: Literal["tortuga", "terminal", "turret", "vortex", "research", "mines", "fortress"]
    name_fr: str
    name_en: str
    tcard: bool
    market: Literal["V", "R", "M", "F"] | None = Field(default=None, validate_default=True)
    #: The Defence track (first conquest costs start_defence + 1); none for Tortuga.
    start_defence: int | None = Field(default=None, validate_default=True)
    max_defence: int | None = Field(default=None, validate_default=True)
    influence: int
    bonus: Literal["crypto", "combat"] | None = None

    @field_validator("market")
    @classmethod
    def _market(cls, v: str | None, info: ValidationInfo) -> str | None:
        if info.data.get("tcard") == (v is not None):
            raise ValueError("a sector has a market deck exactly when it is not a T sector")
        return v

    @field_validator("start_defence")
    @classmethod
    def _start(cls, v: int | None, info: ValidationInfo) -> int | None:
        # "Conquérir Tortuga nécessite toujours 15 Manœuvres": Tortuga alone has no track.
        if (v is None) != (info.data.get("id") == "tortuga"):
            raise ValueError("Tortuga, and only Tortuga, has no Defence track")
        if v is not None and v < 0:
            raise ValueError("must not be negative")
        return v

    @field_validator("max_defence")
    @classmethod
    def _max(cls, v: int | None, info: ValidationInfo) -> int | None:
        lo = info.data.get("start_defence")
        if (v is None) != (lo is None):
            raise ValueError("a Defence track has both start_defence and max_defence")
        if v is not None and lo is not None and v < lo:
            raise ValueError("max_defence must not be below start_defence")
        return v

    @field_validator("influence")
    @classmethod
    def _influence(cls, v: int) -> int:
        if v < 1:
            raise ValueError("a control token is worth at least 1 Influence")
        return v


#: The data files of the game (``tables.DATA``).
TABLES = (
    Table(CARD_FILE, CardRow, title="cards: starting cards, ships, markets, hunt cards"),
    Table(SECTOR_FILE, SectorRow, title="sector kinds"),
    Table(LAYOUT_FILE, LayoutRow, title="map positions for 2, 3 and 4 players"),
)


def _combat(ab: tuple[tuple[str, int], ...], kind: str) -> int:
    for k, n in ab:
        if k == kind:
            return n if kind in NUMBERED else 1
    return 0


@dataclass(frozen=True, slots=True, eq=False)
class TortugaParts:
    """The components of one data set, flattened for the rules (``game.parts``).

    Cards are ints (their row in ``cards.csv``, in file order); sector kinds are the fixed
    indices of :data:`~.constants.KIND_IDS`; the maps are :class:`~.board.Layout` objects.
    """

    card_rows: tuple[CardRow, ...]
    sector_rows: tuple[SectorRow, ...]  # in KIND_IDS order
    layout_rows: tuple[LayoutRow, ...]
    ncard: int
    card_id: tuple[str, ...]
    card_index: dict[str, int]
    name_fr: tuple[str, ...]
    name_en: tuple[str, ...]
    deck: tuple[str, ...]
    count: tuple[int, ...]
    cost: tuple[int, ...]
    crypto: tuple[int, ...]
    mano: tuple[int, ...]
    abilities: tuple[tuple[tuple[str, int], ...], ...]
    #: Played abilities only, per card type: ((kind, n), ...).
    played: tuple[tuple[tuple[str, int], ...], ...]
    atk: tuple[int, ...]
    dfn: tuple[int, ...]
    shield: tuple[bool, ...]
    loot: tuple[bool, ...]
    difficulty: tuple[int, ...]
    hunt_influence: tuple[int, ...]
    start_cards: tuple[int, ...]
    ships: tuple[int, ...]
    t_cards: tuple[int, ...]
    hunt_cards: tuple[int, ...]
    market_cards: dict[str, tuple[int, ...]]
    #: Every card type that can be bought somewhere.
    buyable: tuple[int, ...]
    #: Card types with at least 1 Manoeuvre (the only ones usable in combat).
    combat_cards: tuple[int, ...]
    is_hunt: tuple[bool, ...]
    #: Index of each T card type in the T piles.
    t_index: dict[int, int]
    kind_name_fr: tuple[str, ...]
    kind_name_en: tuple[str, ...]
    kind_tcard: tuple[bool, ...]
    kind_has_def: tuple[bool, ...]
    kind_start_def: tuple[int, ...]
    kind_max_def: tuple[int, ...]
    kind_influence: tuple[int, ...]
    layouts: dict[int, Layout]

    def card_name(self, card: int, lang: str) -> str:
        """The name of card type ``card`` (its id number when it is not one of the data)."""
        if not 0 <= card < self.ncard:
            return str(card)
        return self.name_fr[card] if lang == "fr" else self.name_en[card]

    def kind_name(self, kind: int, lang: str) -> str:
        return self.kind_name_fr[kind] if lang == "fr" else self.kind_name_en[kind]

    def loot_of(self, cards: Sequence[int]) -> int:
        """1 if one of the combat ``cards`` has ``loot`` (one more Influence when it wins)."""
        return 1 if any(self.loot[c] for c in cards) else 0


def conquest_cost(kind: int, defence: int) -> int:
    """Manoeuvre (or, peaceful pirates, Crypto) to conquer a sector of ``kind`` whose Defence
    is ``defence``: "un nombre de points de Manœuvre égal à la valeur de Défense actuelle de
    ce secteur +1"; "Conquérir Tortuga nécessite toujours 15 Manœuvres".

    >>> from .constants import K_TERMINAL
    >>> conquest_cost(K_TERMINAL, 2), conquest_cost(K_TORTUGA, 0)
    (3, 15)
    """
    return TORTUGA_COST if kind == K_TORTUGA else defence + 1


def _check_cards(t: Tables, rows: list[CardRow]) -> None:
    """Every count the rulebook gives for the cards; errors name the file, a row of the
    deck at fault (its last one) and the field."""
    f = CARD_FILE

    def of(deck: str) -> list[CardRow]:
        return [r for r in rows if r.deck == deck]

    def last(deck: str) -> CardRow | None:
        found = of(deck)
        return found[-1] if found else (rows[-1] if rows else None)

    start = of("start")
    if sorted(r.count for r in start) != sorted(START_COUNTS):
        t.error(
            f,
            "the starting cards are "
            + (", ".join(f"{r.id} x{r.count}" for r in start) or "none")
            + "; the rulebook gives 3 kinds, 5 + 3 + 1 a player (« 5 cartes Extraction, "
            "3 cartes Manœuvre, et 1 carte Booster »)",
            last("start"),
            "count",
        )
    ships = of("ship")
    if len(ships) != SHIP_CARDS:
        t.error(
            f,
            f"{len(ships)} ship cards, the rulebook gives {SHIP_CARDS} (« 4 cartes Vaisseau "
            "spatial »)",
            last("ship"),
            "deck",
        )
    for r in ships:
        if r.count != 1:
            t.error(f, "a ship card is unique (« prend la carte correspondante »)", r, "count")
    got = sum(r.count for r in of("T"))
    if got != T_CARDS_TOTAL:
        t.error(
            f,
            f"the T piles hold {got} cards, the rulebook gives {T_CARDS_TOTAL} (« Pioche des "
            "secteurs T, 31 cartes »)",
            last("T"),
            "count",
        )
    for m in MARKETS:
        got = sum(r.count for r in of(m))
        if got != SECTOR_DECK:
            t.error(
                f,
                f"the {m} deck holds {got} cards, the rulebook gives {SECTOR_DECK} (« Pioche "
                "du secteur ..., 10 cartes »)",
                last(m),
                "count",
            )
    hunts = of("hunt")
    if len(hunts) != HUNT_COUNT:
        t.error(
            f,
            f"{len(hunts)} hunt cards, the rulebook gives {HUNT_COUNT} (« 10 cartes Chasse », "
            "« 10 jetons Chasse »)",
            last("hunt"),
            "deck",
        )
    for r in hunts:
        if r.count != 1:
            t.error(f, "a hunt card matches one token (« la carte ayant le même nom »)", r, "count")


def _check_sectors(t: Tables, rows: list[SectorRow]) -> list[SectorRow]:
    """The seven kinds, each once, with the rulebook's T status, market, Defence and bonus;
    returns them in :data:`KIND_IDS` order."""
    f = SECTOR_FILE
    by_id: dict[str, SectorRow] = {r.id: r for r in rows}
    missing = [k for k in KIND_IDS if k not in by_id]
    if missing:
        t.error(
            f,
            f"no row for {', '.join(missing)}: the rulebook has 7 kinds of sector (Tortuga, "
            "Terminal, Turrets, Vortex, Research, Mines, Fortress)",
            rows[-1] if rows else None,
            "id",
        )
    for k, kid in enumerate(KIND_IDS):
        r = by_id[kid]
        if r.tcard != T_SECTOR[k]:
            why = "« les Terminaux commerciaux, les Tourelles et Tortuga sont tous des secteurs T »"
            t.error(f, why, r, "tcard")
        market = next((m for m, kk in MARKET_KIND.items() if kk == k), None)
        if r.market != market:
            why = f"this sector sells the {market or 'T'} cards (« acheter des cartes »)"
            t.error(f, why, r, "market")
        if r.start_defence != START_DEFENCE[k]:
            why = f"the rulebook gives {START_DEFENCE[k]} (the first conquest costs it + 1)"
            t.error(f, why, r, "start_defence")
        if r.max_defence != MAX_DEFENCE[k]:
            why = f"the rulebook gives {MAX_DEFENCE[k]} (« valeur de Défense maximale (8/10) »)"
            t.error(f, why, r, "max_defence")
        if r.bonus != BONUS[k]:
            t.error(f, f"the rulebook gives {BONUS[k] or 'no bonus token'}", r, "bonus")
    return [by_id[k] for k in KIND_IDS]


def build_parts(t: Tables) -> TortugaParts:
    """The parts of a data set: the tables checked against every count the rulebook gives,
    then flattened into tuples indexed by small ints."""
    rows = t.rows(CARD_FILE, CardRow)
    _check_cards(t, rows)
    sectors = _check_sectors(t, t.rows(SECTOR_FILE, SectorRow))
    layout_rows = t.rows(LAYOUT_FILE, LayoutRow)
    layouts = build_layouts(t, layout_rows)
    abilities = tuple(parse_abilities(r.abilities) for r in rows)
    deck = tuple(r.deck for r in rows)
    n = len(rows)
    mano = tuple(r.manoeuvre for r in rows)
    t_cards = tuple(i for i, d in enumerate(deck) if d == "T")
    market_cards = {m: tuple(i for i, d in enumerate(deck) if d == m) for m in MARKETS}
    return TortugaParts(
        card_rows=tuple(rows),
        sector_rows=tuple(sectors),
        layout_rows=tuple(layout_rows),
        ncard=n,
        card_id=tuple(r.id for r in rows),
        card_index={r.id: i for i, r in enumerate(rows)},
        name_fr=tuple(r.name_fr for r in rows),
        name_en=tuple(r.name_en for r in rows),
        deck=deck,
        count=tuple(r.count for r in rows),
        cost=tuple(r.cost for r in rows),
        crypto=tuple(r.crypto for r in rows),
        mano=mano,
        abilities=abilities,
        played=tuple(tuple(a for a in ab if a[0] not in COMBAT_KINDS) for ab in abilities),
        atk=tuple(_combat(a, "atk") + _combat(a, "cbt") for a in abilities),
        dfn=tuple(_combat(a, "def") + _combat(a, "cbt") for a in abilities),
        shield=tuple(bool(_combat(a, "shield")) for a in abilities),
        loot=tuple(bool(_combat(a, "loot")) for a in abilities),
        difficulty=tuple(r.difficulty or 0 for r in rows),
        hunt_influence=tuple(r.influence or 0 for r in rows),
        start_cards=tuple(i for i, d in enumerate(deck) if d == "start"),
        ships=tuple(i for i, d in enumerate(deck) if d == "ship"),
        t_cards=t_cards,
        hunt_cards=tuple(i for i, d in enumerate(deck) if d == "hunt"),
        market_cards=market_cards,
        buyable=t_cards + tuple(c for m in MARKETS for c in market_cards[m]),
        combat_cards=tuple(i for i in range(n) if mano[i] >= 1),
        is_hunt=tuple(d == "hunt" for d in deck),
        t_index={c: i for i, c in enumerate(t_cards)},
        kind_name_fr=tuple(r.name_fr for r in sectors),
        kind_name_en=tuple(r.name_en for r in sectors),
        kind_tcard=tuple(r.tcard for r in sectors),
        kind_has_def=tuple(r.start_defence is not None for r in sectors),
        kind_start_def=tuple(r.start_defence or 0 for r in sectors),
        kind_max_def=tuple(r.max_defence or 0 for r in sectors),
        kind_influence=tuple(r.influence for r in sectors),
        layouts=layouts,
    )


# ---------------------------------------------------------------- facts
def ability_facts(ab: tuple[tuple[str, int], ...]) -> list[dict[str, Any]]:
    """A card's abilities as facts: each ``{"kind", "n", "combat", "bespoke"}`` in the
    row's order (``n`` is 0 for a kind without a number)."""
    return [
        {"kind": k, "n": n, "combat": k in COMBAT_KINDS, "bespoke": k in BESPOKE} for k, n in ab
    ]


def card_facts(p: TortugaParts, c: int) -> dict[str, Any]:
    """What a client draws card type ``c`` with, from its row (``docs/games/tortuga2199.md``):
    the number the view uses for it (``card``, its row), its deck, the market that sells it
    and the sector kinds of that market, its T pile, copies, cost, resources, abilities and,
    for a hunt card, its difficulty and Influence."""
    deck = p.deck[c]
    market = deck if deck in ("T", *MARKETS) else None
    sectors = [
        r.id
        for r in p.sector_rows
        if market is not None and (r.tcard if market == "T" else r.market == market)
    ]
    hunt = deck == "hunt"
    return {
        "card": c,
        "deck": deck,
        "market": market,
        "sectors": sectors,
        "pile": p.t_index.get(c),
        "count": p.count[c],
        "cost": p.cost[c],
        "crypto": p.crypto[c],
        "manoeuvre": p.mano[c],
        "abilities": ability_facts(p.abilities[c]),
        "difficulty": p.difficulty[c] if hunt else None,
        "influence": p.hunt_influence[c] if hunt else None,
    }


def sector_facts(p: TortugaParts, k: int) -> dict[str, Any]:
    """What a client draws sector kind ``k`` with, from its row: whether it is a T sector,
    the market it sells (``V``, ``R``, ``M``, ``F``), its Defence track, its control token's
    Influence and its bonus."""
    r = p.sector_rows[k]
    return {
        "kind": r.id,
        "tcard": r.tcard,
        "market": r.market,
        "start_defence": r.start_defence,
        "max_defence": r.max_defence,
        "influence": r.influence,
        "bonus": r.bonus,
    }


def board_facts(p: TortugaParts, players: int) -> dict[str, Any]:
    """What a client draws the map of ``players`` with: per slot its hex (``q``, ``r``) and
    its kind in the layout (``tortuga``, ``terminal``, ``turret`` or ``special``)."""
    lay = p.layouts[players]
    return {
        "players": players,
        "slots": [
            {"slot": s, "q": q, "r": r, "kind": lay.kinds[s]} for s, (q, r) in enumerate(lay.coords)
        ],
    }
