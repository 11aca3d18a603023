"""Spacedealer (Tobias Stapelfeldt, eggertspiele 2006): the real-time trading game.

Rulebook: ``shared/seeds/004_389e09d48ec98e8e.txt`` (French). Sections: 2 setup, 3.1 playing
technology cards, 3.2 sand timers (3.2.1 tech level, 3.2.2 building, 3.2.3 using cards,
3.2.4 flying), 3.3 exchanging goods, 3.4 demands, 4 end, 5 advanced rules. The rules map of
``docs/games/spacedealer.md`` links every rule sentence to the functions here.

Time: ``self.clock`` counts seconds of game time. A sand timer turned now ends at
``clock + timer length``; :meth:`Spacedealer._advance` resolves every completion in time
order. In the ``ticks`` mode the game is turn-based: every seat acts then plays ``done``, and
the clock then moves one step.

State layout (flat lists, indexed by seat, card id, container id or timer id):

* card ids: ``box * 72 + row`` of ``data/cards.csv``; ``where[cid]`` is one of the ``W_*``
  codes and ``owner[cid]`` its seat.
* planet grid, ``GRID_W = 12`` columns per seat, two rows (action, demand)::

      planet zone:   plant-L stack  [ PLANET ]  plant-R stack
      columns:        0  1  2  3  4  5 | 6  7  8  9 10 11
      connections:          L4 L3 L2 L1 |R1 R2 R3 R4
      action row:    acell[p*12 + c]   (top card of the stack, -1 empty)
      demand row:    dcell[p*12 + c]

  A generator powers the two connections nearest the planet on its side, a solar satellite
  three, a fusion reactor all four (``POWER``).
* goods containers ``0..S-1`` ships, ``S..S+n-1`` planet stores (the depots of a planet),
  then the transport probes; ``goods[c*4 + colour]``.
* timers ``t = seat * tmax + i``; ``t_end[t] < 0`` means idle.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from spacetable.engine import (
    BOOL,
    FLOAT,
    INT,
    STR,
    Action,
    Cache,
    Field,
    Game,
    GameInfo,
    OptionSpec,
    Outcome,
    StateSpec,
    list_of,
    opt,
    ranks_from_keys,
    tuple_of,
)

from . import actions as A
from .actions import CODE_END, PROBE_CODE, STORE_CODE
from .components import (
    BASE_PLANNING,
    BASE_TIMERS,
    BOX_SIZE,
    COLOURS,
    GIZZI,
    GIZZI_GOODS,
    GOODS_PER_COLOUR,
    MAX_CARDS,
    MAX_PLAYERS,
    MAX_SHIPS,
    POWER,
    PROBE_CAP,
    SETUP,
    SHIP_CAP,
    START_MARKERS,
    card_type,
    config,
)
from .constants import (
    BURST,
    GRID_W,
    MIN_ADVANCE,
    NONE,
    P_BUILD,
    P_CONV,
    P_KEEP,
    P_PUT,
    P_SEND,
    RATE,
    T_BUILD,
    T_FLY,
    T_IDLE,
    T_NAMES,
    T_RESEARCH,
    T_USE,
    T_VOID,
    TICK_CAP,
    W_BUILT,
    W_DRAWN,
    W_OUT,
    W_PERSONAL,
    W_PILE,
    W_PLANNING,
    End,
    fits,
)
from .evaluation import evaluate as _evaluate

_fits = fits


def _conn_col(side: int, d: int) -> int:
    """Grid column of the connection at distance ``d`` (1..4) on ``side`` (0 left, 1 right)."""
    return 6 - d if side == 0 else 5 + d


def _col_power(c: int) -> tuple[int, int]:
    """(side, distance) of column ``c``; distance 0 = not a connection."""
    if 2 <= c <= 5:
        return 0, 6 - c
    if 6 <= c <= 9:
        return 1, c - 5
    return (0 if c < 6 else 1), 0


COL_SIDE = tuple(_col_power(c)[0] for c in range(GRID_W))
COL_DIST = tuple(_col_power(c)[1] for c in range(GRID_W))
#: powered columns by the plant levels of the left and right side: ``_POWERED[left][right]``
_POWERED = tuple(
    tuple(
        tuple(0 < COL_DIST[c] <= POWER[(left, right)[COL_SIDE[c]]] for c in range(GRID_W))
        for right in range(len(POWER))
    )
    for left in range(len(POWER))
)
#: the plant level a power plant card is built on
_PLANT_NEED = {"generator": 0, "solar": 1, "fusion_reactor": 2}


_FLIGHTS: dict[tuple[int, int, int, bool], tuple[Action, ...]] = {}


def _flights(nf: int, ship: int, f: int, empty: bool) -> tuple[Action, ...]:
    """The flights of ``ship`` from field ``f`` on a ring of ``nf`` fields (built once)."""
    key = (nf, ship, f, empty)
    out = _FLIGHTS.get(key)
    if out is None:
        fields = [x for x in range(nf) if x != f] if empty else sorted({(f - 1) % nf, (f + 1) % nf})
        out = _FLIGHTS[key] = tuple(A.get(A.Fly, ship, x) for x in fields)
    return out


# Prebuilt actions and per-card facts for the hot path (``legal_actions``), indexed by card id
# (up to the most cards any game uses), ship id or seat.
_NCARDS = MAX_CARDS
_PLAN = tuple(A.get(A.Plan, c) for c in range(_NCARDS))
_CONSTRUCT = tuple(A.get(A.Construct, c) for c in range(_NCARDS))
_USE = tuple(A.get(A.Use, c) for c in range(_NCARDS))
_PLACE = tuple(A.get(A.Place, x) for x in range(GRID_W))
#: ``_PUT[colour][container code]``
_PUT = tuple(tuple(A.get(A.Put, k, c) for c in range(CODE_END)) for k in range(4))
_DRAW2 = A.get(A.Draw, 2)
_DRAW3 = A.get(A.Draw, 3)
_ACCEPT = tuple(A.get(A.Accept, q) for q in range(MAX_PLAYERS))
_DECLINE = tuple(A.get(A.Decline, q) for q in range(MAX_PLAYERS))
_DUMP = tuple(A.get(A.Dump, s, k) for s in range(MAX_SHIPS) for k in range(4))


def _use_kind(cid: int) -> int:
    """0: no action slot; 1: a plain use; 2: sabotage or missile (needs a marker to arm);
    3: a transport probe (needs goods)."""
    t = card_type(cid)
    if not t.slot:
        return 0
    if t.effect in ("sabotage", "missile"):
        return 2
    return 3 if t.effect == "transport" else 1


_USE_KIND = tuple(_use_kind(c) for c in range(_NCARDS))
#: per row of a box (for dealing): the kind and level of each card, the mines of each colour,
#: the level-1 depots and generators, the cards of the basic rules (all in row order)
_ROW_KIND = tuple(card_type(r).kind for r in range(BOX_SIZE))
_ROW_LEVEL = tuple(card_type(r).level for r in range(BOX_SIZE))
_ROW_MINES = tuple(
    tuple(r for r in range(BOX_SIZE) if _ROW_KIND[r] == "mine" and card_type(r).colour == col)
    for col in range(4)
)
_ROW_DEPOTS = tuple(r for r in range(BOX_SIZE) if _ROW_LEVEL[r] == 1 and _ROW_KIND[r] == "depot")
_ROW_GENS = tuple(r for r in range(BOX_SIZE) if _ROW_LEVEL[r] == 1 and _ROW_KIND[r] == "generator")
_ROW_BASIC = tuple(r for r in range(BOX_SIZE) if not card_type(r).advanced)
_ADVANCED = tuple(card_type(c).advanced for c in range(_NCARDS))
#: the group a hidden card is resampled in: level-1 cards by kind, others by level
_GROUP = tuple(
    (1, card_type(c).kind) if card_type(c).level == 1 else (card_type(c).level, "")
    for c in range(_NCARDS)
)
#: (level, kind) of each card: levels 2-3 are resampled by level, their set-aside copies by kind
_GROUP_KIND = tuple((card_type(c).level, card_type(c).kind) for c in range(_NCARDS))
#: (demand id ``2 * card + j``, goods needed) of each card's demands, in order
_DEMANDS: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    tuple((2 * c + j, need) for j, (need, _, _) in enumerate(card_type(c).demands))
    for c in range(_NCARDS)
)
_OFFERS: dict[tuple[int, int], tuple[Action | None, ...]] = {}
#: the same tables by code, ``_OTAB[src][dst]`` (None: not built yet), read on the hot path
_OTAB: list[list[tuple[Action | None, ...] | None]] = [[None] * CODE_END for _ in range(CODE_END)]


def _offers(src: int, dst: int) -> tuple[Action | None, ...]:
    """The goods offers from container code ``src`` to ``dst``, at ``give * 5 + take``."""
    key = (src, dst)
    out = _OFFERS.get(key)
    if out is None:
        out = _OFFERS[key] = tuple(
            None if gv == tk else A.get(A.OfferGoods, src, dst, gv, tk)
            for gv in range(5)
            for tk in range(5)
        )
        _OTAB[src][dst] = out
    return out


class Spacedealer(Game):
    """The Spacedealer game state. See the module docstring for the layout."""

    info = GameInfo(
        id="spacedealer",
        name_en="Spacedealer",
        name_fr="Spacedealer",
        min_players=3,
        max_players=8,
        realtime=True,
        hidden_information=True,
        chance=True,
        options={
            "rules": OptionSpec(
                default="basic",
                choices=("basic", "advanced"),
                help_en="basic rules, or the advanced rules of section 5",
                help_fr="règles de base, ou règles pour joueurs expérimentés (section 5)",
            ),
            "mode": OptionSpec(
                default="realtime",
                choices=("realtime", "ticks"),
                help_en="real time, or turn-based ticks (everyone decides, then time moves)",
                help_fr="temps réel, ou ticks (chacun décide, puis le temps avance)",
            ),
            "length": OptionSpec(
                default=1800,
                choices=(1800, 1200, 900, 600, 300, 120),
                help_en="game length in seconds (30 minutes in the rulebook)",
                help_fr="durée de la partie en secondes (30 minutes selon la règle)",
            ),
            "timer": OptionSpec(
                default=60,
                choices=(60, 30, 20, 10),
                help_en="sand timer length in seconds (one minute in the rulebook)",
                help_fr="durée d'un sablier en secondes (une minute selon la règle)",
            ),
            "tick": OptionSpec(
                default=10,
                choices=(10, 5, 15, 20, 30, 60),
                help_en="ticks mode: seconds of game time per tick",
                help_fr="mode ticks : secondes de jeu par tick",
            ),
        },
    )
    action_types = A.ACTION_TYPES
    terminations = End
    #: The state, declared once: the engine derives the save, the checked load and the clone
    #: from it. Lengths name the sizes of the configuration (properties below).
    state = StateSpec(
        # cards, by card id
        Field("where", list_of(INT, length="n_cards")),
        Field("owner", list_of(INT, length="n_cards")),
        Field("site", list_of(INT, length="n_cards")),
        Field("covered", list_of(INT, length="n_cards")),
        Field("blocked", list_of(INT, length="n_cards")),
        Field("attack", list_of(INT, length="n_cards")),
        Field("ctimer", list_of(INT, length="n_cards")),
        Field("fulfilled", list_of(INT, length="n_demands")),
        # card piles: the common piles by level (2 and 3 used), and each seat's cards
        Field("pile", list_of(list_of(INT), length=4)),
        Field("personal", list_of(list_of(INT), length="players")),
        Field("planning", list_of(list_of(INT), length="players")),
        Field("built", list_of(list_of(INT), length="players")),
        Field("choice", list_of(INT, length="players")),
        Field("choice_side", list_of(INT, length="players")),
        Field("choice_pos", list_of(INT, length="players")),
        # planets: power plants per side, the grid's two rows
        Field("plants", list_of(INT, length="n_sides")),
        Field("plant_cards", list_of(tuple_of(INT), length="n_sides")),
        Field("acell", list_of(INT, length="n_cells")),
        Field("dcell", list_of(INT, length="n_cells")),
        # goods: containers, the supply, the orbit fields, the Gizzi cards
        Field("goods", list_of(INT, length="n_goods")),
        Field("supply", list_of(INT, length=4)),
        Field("fgoods", list_of(INT, length="n_field_goods")),
        Field("gface", list_of(INT, length="n_fields")),
        Field("gpile", list_of(INT)),
        Field("gwon", list_of(list_of(INT), length="players")),
        # ships
        Field("ship_field", list_of(INT, length="n_ships")),
        Field("ship_from", list_of(INT, length="n_ships")),
        Field("ship_to", list_of(INT, length="n_ships")),
        Field("ship_owner", list_of(INT, length="n_ships")),
        Field("ship_timer", list_of(INT, length="n_ships")),
        # seats
        Field("tech", list_of(INT, length="players")),
        Field("score", list_of(INT, length="players")),
        Field("markers", list_of(INT, length="players")),
        Field("cap", list_of(INT, length="players")),
        Field("plan_cap", list_of(INT, length="players")),
        Field("ntimers", list_of(INT, length="players")),
        # sand timers, ``seat * tmax + i``
        Field("t_end", list_of(FLOAT, length="n_timers")),
        Field("t_kind", list_of(INT, length="n_timers")),
        Field("t_arg", list_of(INT, length="n_timers")),
        Field("t_attack", list_of(INT, length="n_timers")),
        # decisions, offers, budgets
        Field("pending", list_of(list_of(tuple_of(INT)), length="players")),
        Field("offer", list_of(opt(tuple_of(INT)), length="players")),
        Field("acts", list_of(INT, length="players")),
        Field("done", list_of(INT, length="players")),
        Field("black", INT),
        Field("phase", INT),
        Field("end_at", FLOAT),
        Field("over", BOOL),
        Field("reason", STR),
        Field("stations", tuple_of(INT)),
        Field("probes", tuple_of(INT)),
        # legal actions per seat (None: not known; True: not empty, the list not built yet)
        Cache("_cache", copy="list"),
        # each seat's goods actions (:meth:`_goods_actions`; None: not known): they change
        # less often than the rest of the list, so an action of the seat keeps them
        Cache("_gcache", copy="list"),
        # the goods actions of the other offer state (an offer of the seat open or not), kept
        # when an offer is made or ended: a withdrawal finds the list from before the offer
        Cache("_galt", copy="list"),
        # each seat's free actions but goods and offers (the card, timer and flight actions;
        # :meth:`_free_part`), kept only with ``_plain`` (basic rules): they change with the
        # seat's own actions, timers and cards, not with goods or offers of others
        Cache("_fcache", copy="list"),
        Cache("_ta", copy="share"),  # to_act (a list never changed in place)
        Cache("_nxt", copy="share"),  # the timer that ends first (-1: none)
    )

    # ------------------------------------------------------------------ options
    #: a plain attribute, not a property (read on every step of a playout): set from the
    #: "mode" option by :meth:`_configure`
    realtime: bool = True
    over: bool

    @property
    def is_over(self) -> bool:
        return self.over

    # sizes of the declared state (read by the load to check lengths)
    @property
    def n_cards(self) -> int:
        return int(config(self.players, self.options)["cards"])

    @property
    def n_demands(self) -> int:
        return 2 * self.n_cards

    @property
    def n_sides(self) -> int:
        return 2 * self.players

    n_fields = n_sides

    @property
    def n_cells(self) -> int:
        return GRID_W * self.players

    @property
    def n_goods(self) -> int:
        return 4 * int(config(self.players, self.options)["containers"])

    @property
    def n_field_goods(self) -> int:
        return 8 * self.players

    @property
    def n_ships(self) -> int:
        return int(config(self.players, self.options)["ships"])

    @property
    def n_timers(self) -> int:
        return self.players * int(config(self.players, self.options)["tmax"])

    def _derive(self) -> None:
        self._configure()
        self._dirty()

    # ------------------------------------------------------------------ setup
    def _configure(self) -> dict[str, Any]:
        """Settings derived from the options and the player count (setup and load_state)."""
        cfg = config(self.players, self.options)
        self.adv = self.options["rules"] == "advanced"
        self.ticks = self.options["mode"] == "ticks"
        self.realtime = not self.ticks
        self.length = float(self.options["length"])
        self.tlen = float(self.options["timer"])
        self.tick_step = float(self.options["tick"])
        self.nships = cfg["ships"]
        self.ncont = cfg["containers"]
        self.tmax = cfg["tmax"]
        self._codes = tuple(self._code(c) for c in range(self.ncont))  # container -> code
        # no orbital station, transport probe nor Gizzi card (the basic rules): the goods
        # actions take a shorter path (:meth:`_goods_plain`)
        self._plain = not self.adv and cfg["stations"] == 0 and cfg["probes"] == 0
        return cfg

    def setup(self) -> None:
        n = self.players
        cfg = self._configure()
        ncards = cfg["cards"]
        self.where = [W_OUT] * ncards
        self.owner = [-1] * ncards
        self.site = [-1] * ncards
        self.covered = [0] * ncards
        self.blocked = [0] * ncards
        self.attack = [0] * ncards
        self.ctimer = [-1] * ncards
        self.fulfilled = [-1] * (2 * ncards)
        self.pile: list[list[int]] = [[], [], [], []]  # index = level (2, 3 used)
        self.personal: list[list[int]] = [[] for _ in range(n)]
        self.planning: list[list[int]] = [[] for _ in range(n)]
        self.built: list[list[int]] = [[] for _ in range(n)]
        self.choice = [-1] * n
        self.choice_side = [0] * n
        self.choice_pos = [0] * n
        self.plants = [0] * (2 * n)
        self.plant_cards: list[tuple[int, ...]] = [() for _ in range(2 * n)]
        self.acell = [-1] * (n * GRID_W)
        self.dcell = [-1] * (n * GRID_W)
        self.goods = [0] * (self.ncont * 4)
        self.supply = [GOODS_PER_COLOUR * cfg["boxes"]] * 4
        self.black = cfg["black"]
        nf = 2 * n
        self.fgoods = [0] * (nf * 4)
        self.gface = [-1] * nf
        self.gpile: list[int] = []
        self.gwon: list[list[int]] = [[] for _ in range(n)]
        self.ship_field = [-1] * self.nships
        self.ship_from = [-1] * self.nships
        self.ship_to = [-1] * self.nships
        self.ship_owner = [-1] * self.nships
        self.ship_timer = [-1] * self.nships
        self.tech = [1] * n
        self.score = [0] * n
        self.markers = [START_MARKERS] * n
        self.cap = [0] * n
        self.plan_cap = [BASE_PLANNING] * n
        self.ntimers = [BASE_TIMERS] * n
        nt = n * self.tmax
        self.t_end = [-1.0] * nt
        self.t_kind = [T_IDLE] * nt
        self.t_arg = [-1] * nt
        self.t_attack = [0] * nt
        self.pending: list[list[tuple[int, ...]]] = [[] for _ in range(n)]
        self.offer: list[tuple[int, ...] | None] = [None] * n
        self.acts = [0] * n
        self.done = [0] * n
        self.phase = 0
        self.end_at = self.length
        self.over = False
        self.reason = ""
        self.stations: tuple[int, ...] = ()
        self.probes: tuple[int, ...] = ()
        self._cache: list[list[Action] | bool | None] = [None] * n
        self._gcache: list[list[Action] | None] = [None] * n
        self._galt: list[list[Action] | None] = [None] * n
        self._fcache: list[list[Action] | None] = [None] * n
        self._ta: list[int] | None = None
        self._nxt: int | None = None
        self._deal(cfg)

    def _deal(self, cfg: dict[str, int]) -> None:
        n = self.players
        rng = self.rng
        sets = SETUP["sets"][str(n)]
        asets = SETUP["advanced_sets"][str(n)] if self.adv else []
        start_piles: list[list[int]] = []
        depots: list[int] = []
        generators: list[int] = []
        stations: list[int] = []
        probes: list[int] = []
        for b, kind in enumerate(sets):
            base = b * BOX_SIZE
            ids = [base + i for i in range(BOX_SIZE)]
            used = {base + r for r in _ROW_BASIC}
            # starting sets: mines sorted by colour, shuffled, dealt so each pile lacks one colour
            piles: list[list[int]] = [[] for _ in range(4)]
            for col in range(4):
                mines = [base + r for r in _ROW_MINES[col]]
                rng.shuffle(mines)
                targets = [k for k in range(4) if k != col]
                for k, m in zip(targets, mines, strict=True):
                    piles[k].append(m)
            box_depots = [base + r for r in _ROW_DEPOTS]
            rng.shuffle(box_depots)
            box_gens = [base + r for r in _ROW_GENS]
            nsets = 4 if kind == "4" else 3 if kind == "3" else 2
            order = list(range(4))
            rng.shuffle(order)
            for k in order[:nsets]:
                start_piles.append(piles[k])
            for k in order[nsets:]:
                used -= set(piles[k])
            depots.extend(box_depots[:nsets])
            used -= set(box_depots[nsets:])
            generators.extend(box_gens[: 2 * nsets])
            used -= set(box_gens[2 * nsets :])
            removals: dict[str, int] = {}
            if kind in ("3", "3-"):
                for k2, v in SETUP["remove"]["3"].items():
                    removals[k2] = removals.get(k2, 0) + v
            if kind == "3-":
                for k2, v in SETUP["remove"]["5"].items():
                    removals[k2] = removals.get(k2, 0) + v
            for kname, count in removals.items():
                if kname in ("generator", "depot"):
                    continue  # the unused starting sets above
                pool = sorted(c for c in used if _ROW_KIND[c - base] == kname)
                rng.shuffle(pool)
                used -= set(pool[:count])
            if b < len(asets):
                add = SETUP["advanced"][asets[b]]
                for kname, count in add.items():
                    pool = [c for c in ids if _ROW_KIND[c - base] == kname]
                    rng.shuffle(pool)
                    chosen = sorted(pool[:count])
                    used |= set(chosen)
                    if kname == "orbital_station":
                        stations.extend(chosen)
                    if kname == "transport_probe":
                        probes.extend(chosen)
            for c in sorted(used):
                lv = _ROW_LEVEL[c - base]
                if lv >= 2:
                    self.pile[lv].append(c)
                    self.where[c] = W_PILE
        for lv in (2, 3):
            rng.shuffle(self.pile[lv])
        rng.shuffle(start_piles)
        rng.shuffle(depots)
        for p in range(n):
            cards = sorted(start_piles[p] + generators[2 * p : 2 * p + 2] + [depots[p]])
            self.personal[p] = cards
            for c in cards:
                self.where[c] = W_PERSONAL
                self.owner[c] = p
        self.stations = tuple(sorted(stations))
        self.probes = tuple(sorted(probes))
        for p in range(n):
            self.ship_owner[p] = p
            self.ship_field[p] = 2 * p
        if self.adv:
            g = list(range(cfg["gizzi"]))
            rng.shuffle(g)
            self.gpile = g
            for f in range(1, 2 * n, 2):
                self._gizzi_refill(f)
        self.emit({"event": "setup", "players": n, "rules": self.options["rules"]})

    # ------------------------------------------------------------------ helpers
    def _dirty(self) -> None:
        """Forget every cached list: the legal actions, ``to_act`` and the next timer.

        The rules call it when a change may reach every seat; tests that edit the state
        directly call it too. Narrower changes forget less (:meth:`_dirty_at` and the other
        ``_dirty_*`` helpers); :meth:`cache_errors` checks that no cached list drifts.
        """
        self._cache = [None] * self.players
        self._gcache = [None] * self.players
        self._galt = [None] * self.players
        self._fcache = [None] * self.players
        self._ta = None
        self._nxt = None

    def _dirty_seat(self, q: int) -> None:
        """Forget the list of seat ``q`` but its goods actions (what ``q``'s own timers, cards
        and budget change)."""
        self._cache[q] = None
        self._fcache[q] = None
        self._ta = None

    def _dirty_list(self, q: int) -> None:
        """An offer to seat ``q`` was made or ended: only its answers change (its free
        actions and its goods actions stay)."""
        self._cache[q] = None
        self._ta = None

    def _dirty_offer(self, q: int) -> None:
        """The goods offer of seat ``q`` was made or ended: its goods actions change (to those
        of the other offer state, kept if nothing changed since)."""
        self._cache[q] = None
        gc, ga = self._gcache, self._galt
        gc[q], ga[q] = ga[q], gc[q]
        self._ta = None

    def _dirty_at(self, f: int) -> None:
        """Forget the lists of every seat with a goods container on orbit field ``f`` (goods
        moved there, a ship arrived or left, a demand was met, a Gizzi card changed)."""
        if f < 0:
            return
        cache = self._cache
        gcache = self._gcache
        galt = self._galt
        sf = self.ship_field
        k = sf.count(f)
        if k:
            so = self.ship_owner
            s = -1
            for _ in range(k):
                s = sf.index(f, s + 1)
                q = so[s]
                if q >= 0:
                    cache[q] = None
                    gcache[q] = None
                    galt[q] = None
        if not f & 1:
            q = f >> 1  # the planet's depots and probes
            cache[q] = None
            gcache[q] = None
            galt[q] = None
        self._ta = None

    def _dirty_pending(self) -> None:
        """The supply changed: it matters only to seats with a pending decision."""
        cache = self._cache
        for q, pl in enumerate(self.pending):
            if pl:
                cache[q] = None
        self._ta = None

    def _dirty_timers(self) -> None:
        """A timer or a card timer changed: sabotage and missile targets (advanced rules) of
        armed seats change; the owner's own list is forgotten by the caller."""
        if self.adv and any(self.attack):
            self._dirty()

    def _dirty_plans(self) -> None:
        """A planning area changed (advanced rules): card offers of every seat that may make
        one, and the validity of card offers, change."""
        if not self.adv:
            return
        cache = self._cache
        planning = self.planning
        for q, o in enumerate(self.offer):
            if o is None:
                if planning[q]:
                    cache[q] = None
            elif o[1] != 0:
                cache[o[0]] = None
        self._ta = None

    def cache_errors(self) -> list[str]:
        """Debug check: every cached value that differs from a fresh computation (``[]`` when
        the caches are right). The property tests call it after every step."""
        errs = []
        for q in range(self.players):
            c = self._cache[q]
            if c is not None:
                fresh = self._legal(q)
                if (c != fresh) if isinstance(c, list) else (c is not True or not fresh):
                    errs.append(f"legal_actions({q}): cached {c}, fresh {fresh}")
            gc = self._gcache[q]
            if gc is not None:
                fresh_g: list[Action] = []
                self._goods_actions(q, fresh_g)
                if gc != fresh_g:
                    errs.append(f"goods actions({q}): cached {gc}, fresh {fresh_g}")
            ga = self._galt[q]
            if ga is not None:  # the goods actions with the other offer state
                saved = self.offer[q]
                self.offer[q] = () if saved is None else None
                fresh_a: list[Action] = []
                self._goods_actions(q, fresh_a)
                self.offer[q] = saved
                if ga != fresh_a:
                    errs.append(f"goods actions({q}), other offer: cached {ga}, fresh {fresh_a}")
            fc = self._fcache[q]
            if fc is not None:
                fresh_f: list[Action] = []
                self._free_part(q, fresh_f)
                if fc != fresh_f:
                    errs.append(f"free actions({q}): cached {fc}, fresh {fresh_f}")
        if self._ta is not None and self._ta != self._fresh_to_act():
            errs.append(f"to_act: cached {self._ta}, fresh {self._fresh_to_act()}")
        if self._nxt is not None and self._nxt != self._next_timer():
            errs.append(f"next timer: cached {self._nxt}, fresh {self._next_timer()}")
        return errs

    def _code(self, c: int) -> int:
        """Container index -> the code actions use (ships, STORE_CODE + seat, PROBE_CODE + k)."""
        s = self.nships
        if c < s:
            return c
        if c < s + self.players:
            return STORE_CODE + c - s
        return PROBE_CODE + c - s - self.players

    def _idx(self, code: int) -> int:
        """The inverse of :meth:`_code`."""
        if code < STORE_CODE:
            return code
        if code < PROBE_CODE:
            return self.nships + code - STORE_CODE
        return self.nships + self.players + code - PROBE_CODE

    def _cont_loc(self, c: int) -> int:
        """Orbit field where container ``c`` is (-1: in flight or inactive)."""
        s = self.nships
        if c < s:
            return self.ship_field[c]
        if c < s + self.players:
            return 2 * (c - s)
        cid = self.probes[c - s - self.players]
        return 2 * self.owner[cid] if self.where[cid] == W_BUILT else -1

    def _cont_owner(self, c: int) -> int:
        s = self.nships
        if c < s:
            return self.ship_owner[c]
        if c < s + self.players:
            return c - s
        return self.owner[self.probes[c - s - self.players]]

    def _cont_cap(self, c: int) -> int:
        s = self.nships
        if c < s:
            return SHIP_CAP
        if c < s + self.players:
            return self.cap[c - s]
        return PROBE_CAP

    def _cont_active(self, c: int) -> bool:
        s = self.nships
        if c < s:
            if self.ship_owner[c] < 0 or self.ship_field[c] < 0:
                return False
            return c < self.players or not self.covered[self.stations[c - self.players]]
        if c < s + self.players:
            return self.cap[c - s] > 0
        cid = self.probes[c - s - self.players]
        return self.where[cid] == W_BUILT and not self.covered[cid] and self.ctimer[cid] < 0

    def _load(self, c: int) -> int:
        g = self.goods
        b = 4 * c
        return g[b] + g[b + 1] + g[b + 2] + g[b + 3]

    def _idle_timer(self, p: int) -> int:
        base = p * self.tmax
        te = self.t_end
        for i in range(self.ntimers[p]):
            if te[base + i] < 0:
                return base + i
        return -1

    def _powered(self, p: int, c: int) -> bool:
        d = COL_DIST[c]
        return d > 0 and d <= POWER[self.plants[2 * p + COL_SIDE[c]]]

    def _running(self) -> bool:
        tk = self.t_kind
        return any(k != T_IDLE and k != T_VOID for k in tk)

    def _closing(self) -> bool:
        return self.clock >= self.end_at

    # ------------------------------------------------------------------ building sites
    def sites(self, p: int, cid: int) -> list[int]:
        """Legal building sites of card ``cid`` on planet ``p`` (rulebook 3.2.2 a-d)."""
        t = card_type(cid)
        out: list[int] = []
        if t.shape == "P":
            need = _PLANT_NEED.get(t.kind, -1)
            return [s for s in (0, 1) if self.plants[2 * p + s] == need]
        base = p * GRID_W
        ac = self.acell[base : base + GRID_W]
        dc = self.dcell[base : base + GRID_W]
        blocked = self.blocked
        shape = t.shape
        if shape == "C1" or shape == "C2":
            pw = _POWERED[self.plants[2 * p]][self.plants[2 * p + 1]]
            if shape == "C1":
                for c in range(GRID_W):
                    if pw[c] and dc[c] < 0:
                        top = ac[c]
                        if top < 0 or not blocked[top]:
                            out.append(c)
            else:
                for c in range(GRID_W - 1):
                    if pw[c] and pw[c + 1]:
                        t1, t2 = ac[c], ac[c + 1]
                        if (t1 < 0 or not blocked[t1]) and (t2 < 0 or not blocked[t2]):
                            out.append(c)
        elif shape == "AD":  # touching a card: left or right, in either zone
            last = GRID_W - 1
            for c in range(GRID_W):
                if dc[c] >= 0:
                    continue
                top = ac[c]
                if top >= 0:
                    if not blocked[top]:
                        out.append(c)
                elif (c > 0 and (ac[c - 1] >= 0 or dc[c - 1] >= 0)) or (
                    c < last and (ac[c + 1] >= 0 or dc[c + 1] >= 0)
                ):
                    out.append(c)
        elif shape == "DD":  # touching a card: above either half, or beside the pair
            for c in range(GRID_W - 1):
                if (
                    dc[c] < 0
                    and dc[c + 1] < 0
                    and (
                        ac[c] >= 0
                        or ac[c + 1] >= 0
                        or (c > 0 and dc[c - 1] >= 0)
                        or (c + 2 < GRID_W and dc[c + 2] >= 0)
                    )
                ):
                    out.append(c)
        return out

    def _touches(self, p: int, cells: tuple[tuple[int, int], ...]) -> bool:
        base = p * GRID_W
        own = set(cells)
        for row, c in cells:
            for r2, c2 in ((row, c - 1), (row, c + 1), (1 - row, c)):
                if (r2, c2) in own or not 0 <= c2 < GRID_W:
                    continue
                grid = self.acell if r2 == 0 else self.dcell
                if grid[base + c2] >= 0:
                    return True
        return False

    def _build(self, p: int, cid: int, pos: int) -> None:
        t = card_type(cid)
        # the grid is p's own; new demands, depots, probes and stations are on p's orbit field
        self._dirty_seat(p)
        self._dirty_at(2 * p)
        self._dirty_pending()  # a covered depot or probe may return goods to the supply
        self._dirty_plans()
        self._dirty_timers()  # a new or covered missile target
        self.planning[p].remove(cid)
        self.where[cid] = W_BUILT
        self.owner[cid] = p
        self.site[cid] = pos
        self.built[p].append(cid)
        base = p * GRID_W
        if t.shape == "P":
            self.plants[2 * p + pos] += 1
            self.plant_cards[2 * p + pos] = (*self.plant_cards[2 * p + pos], cid)
        else:
            acols: tuple[int, ...] = ()
            dcols: tuple[int, ...] = ()
            if t.shape in ("C1", "AD"):
                acols, dcols = (pos,), (pos,)
            elif t.shape == "C2":
                acols = (pos, pos + 1)
            else:
                dcols = (pos, pos + 1)
            for c in acols:
                old = self.acell[base + c]
                if old >= 0 and not self.covered[old]:
                    self._cover(p, old)
                self.acell[base + c] = cid
            for c in dcols:
                self.dcell[base + c] = cid
        eff = t.effect
        if eff == "depot":
            self._recap(p)
        elif eff == "tech_centre":
            self.plan_cap[p] += t.amount
        elif eff == "robot_factory":
            self.ntimers[p] += t.amount
        elif eff == "orbital_station":
            s = self.players + self.stations.index(cid)
            self.ship_owner[s] = p
            self.ship_field[s] = 2 * p
        self.emit({"event": "build", "seat": p, "card": cid, "pos": pos})

    def _cover(self, p: int, cid: int) -> None:
        self.covered[cid] = 1
        t = card_type(cid)
        eff = t.effect
        if eff == "depot":
            self._recap(p)
        elif eff == "tech_centre":
            self.plan_cap[p] -= t.amount
        elif eff == "robot_factory":
            self.ntimers[p] -= t.amount
        elif eff == "transport":
            c = self.nships + self.players + self.probes.index(cid)
            for k in range(4):
                self.supply[k] += self.goods[4 * c + k]
                self.goods[4 * c + k] = 0
        elif eff in ("sabotage", "missile"):
            self.black += self.attack[cid]
            self.attack[cid] = 0
            self._dirty()
        elif eff == "orbital_station":
            self._dirty()  # its ship, wherever it is, no longer carries goods
        self.emit({"event": "covered", "seat": p, "card": cid})

    def _recap(self, p: int) -> None:
        cap = 0
        for c in self.built[p]:
            t = card_type(c)
            if t.effect == "depot" and not self.covered[c]:
                cap += t.amount
        self.cap[p] = cap
        sc = self.nships + p
        g = self.goods
        while self._load(sc) > cap:
            k = max(range(4), key=lambda k: (g[4 * sc + k], -k))
            g[4 * sc + k] -= 1
            self.supply[k] += 1

    # ------------------------------------------------------------------ Gizzi (5.3)
    def _gizzi_can(self, f: int, gid: int) -> int:
        """How many seats with a ship on field ``f`` could fulfil Gizzi card ``gid``."""
        need = GIZZI_GOODS[gid % 12]
        seats = set()
        for s in range(self.nships):
            if self.ship_field[s] == f and self._cont_active(s) and _fits(need, self.goods, 4 * s):
                seats.add(self.ship_owner[s])
        return len(seats)

    def _gizzi_refill(self, f: int) -> None:
        self.gface[f] = -1
        tries = len(self.gpile)
        while self.gpile and tries > 0:
            tries -= 1
            gid = self.gpile.pop()
            if tries > 0 and self._gizzi_can(f, gid) > 1:
                self.gpile.insert(0, gid)
                self.emit({"event": "gizzi_redraw", "field": f, "gizzi": gid})
                continue
            self.gface[f] = gid
            self.emit({"event": "gizzi_face", "field": f, "gizzi": gid})
            return

    # ------------------------------------------------------------------ time
    def _advance(self, seconds: float) -> None:
        target = self.clock + seconds
        nx = self._nxt
        if (
            nx is not None
            and (nx < 0 or self.t_end[nx] > target)
            and target < self.end_at
            and not self.over
            and not self.ticks
        ):
            # the common case, in short: no timer runs out, the end is not reached, only the
            # budgets of free actions grow
            c0 = self.clock
            self.clock = target
            lim0 = BURST + RATE * c0
            acts = self.acts
            if max(acts) >= lim0:
                lim1 = BURST + RATE * target
                for p, a in enumerate(acts):
                    if lim0 <= a < lim1:
                        self._dirty_seat(p)
            return
        self._run_until(target)

    def _next_timer(self) -> int:
        """The running timer that ends first (the lowest id among equal ends), or -1."""
        te = self.t_end
        running = [e for e in te if e >= 0]
        return te.index(min(running)) if running else -1  # index: the lowest id

    def _run_until(self, target: float) -> None:
        te = self.t_end
        c0 = self.clock
        while not self.over:
            best = self._nxt
            if best is None:
                best = self._nxt = self._next_timer()
            if best < 0 or te[best] > target:
                break
            self.clock = te[best]
            self._complete(best)
            if self.clock >= self.end_at:
                self._check_end()
        if not self.over:
            if self.end_at <= target and not self._running():
                self.clock = max(self.clock, self.end_at)
                self._check_end()
            else:
                self.clock = target
        # legal actions depend on the clock only through the budget and the end (completions
        # forgot what they changed themselves)
        c1 = self.clock
        if (c0 >= self.end_at) != (c1 >= self.end_at):
            self._dirty()
        elif not self.ticks:
            lim0 = BURST + RATE * c0
            lim1 = BURST + RATE * c1
            acts = self.acts
            if max(acts) >= min(lim0, lim1):
                for p, a in enumerate(acts):
                    if (a < lim0) != (a < lim1):
                        self._dirty_seat(p)

    def _check_end(self) -> None:
        if self.over or self.clock < self.end_at or self._running():
            return
        self.over = True
        self._dirty()
        self.reason = End.MARKERS if min(self.markers) == 0 else End.TIME
        for p in range(self.players):
            self._drop_pending(p)
        self.offer = [None] * self.players
        self.emit({"event": "end", "reason": self.reason, "clock": self.clock})

    def _drop_pending(self, p: int) -> None:
        """Undecided choices at the end: produced goods go back, drawn cards under their pile."""
        for it in self.pending[p]:
            if it[0] == P_PUT and it[1] >= 0:
                self.supply[it[1]] += 1
            elif it[0] == P_KEEP:
                for c in sorted(set(it[2:])):
                    self.pile[it[1]].insert(0, c)
                    self.where[c] = W_PILE
                    self.owner[c] = -1
        self.pending[p] = []

    def _start_timer(self, p: int, kind: int, arg: int) -> int:
        te = self.t_end
        t = p * self.tmax  # the first idle timer (:meth:`_idle_timer`; an action that turns
        while te[t] >= 0:  # a timer is legal only when one is idle)
            t += 1
        te[t] = self.clock + self.tlen
        self.t_kind[t] = kind
        self.t_arg[t] = arg
        nx = self._nxt  # the new timer may end first (ties: the lowest id)
        if nx is not None and (nx < 0 or te[t] < te[nx] or (te[t] == te[nx] and t < nx)):
            self._nxt = t
        self._cache[p] = None  # _dirty_seat(p)
        self._fcache[p] = None
        self._ta = None
        if self.adv:
            self._dirty_timers()
        if kind == T_BUILD:
            self.ctimer[arg] = t
            if self.adv:
                self._dirty_plans()
        elif kind == T_USE:
            self.ctimer[arg] = t
            if _USE_KIND[arg] == 3:  # a transport probe
                self._dirty_at(2 * p)  # the probe stops carrying goods while it flies
        elif kind == T_FLY:
            self.ship_timer[arg] = t
        return t

    def _complete(self, t: int) -> None:
        p = t // self.tmax
        kind, arg = self.t_kind[t], self.t_arg[t]
        self.t_end[t] = -1.0
        self.t_kind[t] = T_IDLE
        self.t_arg[t] = -1
        self._nxt = None
        self._cache[p] = None  # _dirty_seat(p)
        self._fcache[p] = None
        self._ta = None
        if self.adv:
            self._dirty_timers()
        if self.t_attack[t]:
            self.t_attack[t] = 0
            self.black += 1
            self._dirty()
        ev: dict[str, Any] = {"event": "timer", "seat": p, "timer": t, "kind": T_NAMES[kind]}
        if kind == T_RESEARCH:
            self.tech[p] = min(3, self.tech[p] + 1)
            ev["tech"] = self.tech[p]
            self.emit(ev)
        elif kind == T_BUILD:
            self.ctimer[arg] = -1
            ev["card"] = arg
            self.emit(ev)
            self.pending[p].append((P_BUILD, arg))
            if self.adv:
                self._dirty_plans()
        elif kind == T_USE:
            self.ctimer[arg] = -1
            if _USE_KIND[arg] == 3:  # a transport probe
                self._dirty_at(2 * p)
            ev["card"] = arg
            self.emit(ev)
            self._use_effect(p, arg)
        elif kind == T_FLY:
            s = arg
            self.ship_timer[s] = -1
            self.ship_field[s] = self.ship_to[s]
            self._dirty_at(self.ship_field[s])
            ev["ship"] = s
            ev["field"] = self.ship_to[s]
            self.emit(ev)
        else:
            self.emit(ev)
        if self.pending[p]:
            self._autoresolve(p)

    def _use_effect(self, p: int, cid: int) -> None:
        t = card_type(cid)
        if self.covered[cid]:
            self.emit({"event": "no_effect", "seat": p, "card": cid, "why": "covered"})
            return
        if self.blocked[cid]:
            self.blocked[cid] = 0
            self.black += 1
            self._dirty()
            self.emit({"event": "unblocked", "seat": p, "card": cid})
            return
        eff = t.effect
        if eff == "mine":
            made = 0
            for _ in range(t.amount):
                if self.supply[t.colour] > 0:
                    self.supply[t.colour] -= 1
                    made += 1
                    self.pending[p].append((P_PUT, t.colour, cid))
            if made:
                self._dirty_pending()
            self.emit({"event": "produce", "seat": p, "card": cid, "colour": t.colour, "n": made})
        elif eff == "multimine":
            self.pending[p].append((P_PUT, -1, cid))
            self.emit({"event": "produce", "seat": p, "card": cid, "colour": -1, "n": 1})
        elif eff == "convert":
            self.pending[p].append((P_CONV, t.amount, cid))
        elif eff in ("sabotage", "missile"):
            if self.attack[cid] < t.amount and self.black > 0:
                self.attack[cid] += 1
                self.black -= 1
                self._dirty()
                self.emit({"event": "arm", "seat": p, "card": cid, "markers": self.attack[cid]})
        elif eff == "transport":
            self.pending[p].append((P_SEND, cid))

    # ------------------------------------------------------------------ pending decisions
    def _options(self, p: int) -> list[Action]:
        """The choices of the first pending decision of ``p``."""
        item = self.pending[p][0]
        kind = item[0]
        out: list[Action] = []
        if kind == P_BUILD:
            cid = item[1]
            out = [_PLACE[x] for x in self.sites(p, cid)]
            out.append(A.SHELVE)
            if self.adv:
                out.append(A.DISCARD)
        elif kind == P_PUT:  # put a produced good
            colour = item[1]
            dests = self._dests(p)
            cols = [colour] if colour >= 0 else [k for k in range(4) if self.supply[k] > 0]
            codes = self._codes
            out = [_PUT[k][codes[d]] for k in cols for d in dests]
            if not out:
                out = [A.SKIP]
        elif kind == P_CONV:  # convert
            for c in self._own_at(p, 2 * p, stores_ships_only=True):
                for k in range(4):
                    if self.goods[4 * c + k] > 0:
                        for j in range(4):
                            if j != k and self.supply[j] > 0:
                                out.append(A.get(A.Convert, self._code(c), k, j))
            out.append(A.SKIP)
        elif kind == P_SEND:  # transport probe
            pc = self.nships + self.players + self.probes.index(item[1])
            for s in range(self.nships):
                if (
                    self.ship_owner[s] == p
                    and self._load(s) < SHIP_CAP
                    and (s < self.players or not self.covered[self.stations[s - self.players]])
                ):
                    for k in range(4):
                        if self.goods[4 * pc + k] > 0:
                            out.append(A.get(A.Send, s, k))
            out.append(A.SKIP)
        elif kind == P_KEEP:  # keep one of two drawn cards
            out = [A.get(A.Keep, c) for c in sorted(item[2:])]
        return out

    def _own_at(self, p: int, f: int, stores_ships_only: bool = False) -> list[int]:
        out = []
        n = self.players
        for s in range(self.nships):
            if self.ship_owner[s] == p and self.ship_field[s] == f and self._cont_active(s):
                out.append(s)
        if f == 2 * p and self.cap[p] > 0:
            out.append(self.nships + p)
        if not stores_ships_only:
            for k, cid in enumerate(self.probes):
                if self.owner[cid] == p and self.where[cid] == W_BUILT and f == 2 * p:
                    c = self.nships + n + k
                    if self._cont_active(c):
                        out.append(c)
        return out

    def _dests(self, p: int) -> list[int]:
        if self._plain:  # ship p if at home, then the depots (as _own_at lists them)
            g = self.goods
            out = []
            if self.ship_field[p] == 2 * p:
                b = 4 * p
                if g[b] + g[b + 1] + g[b + 2] + g[b + 3] < SHIP_CAP:
                    out.append(p)
            cap = self.cap[p]
            if cap > 0:
                c = self.nships + p
                b = 4 * c
                if g[b] + g[b + 1] + g[b + 2] + g[b + 3] < cap:
                    out.append(c)
            return out
        return [c for c in self._own_at(p, 2 * p) if self._load(c) < self._cont_cap(c)]

    def _autoresolve(self, p: int) -> None:
        pend = self.pending[p]
        while pend:
            opts = self._options(p)
            if len(opts) > 1:
                if not self.over and not (self.ticks and self.done[p]):
                    self._cache[p] = opts  # exactly legal_actions(p) now
                break
            self._resolve(p, opts[0])

    def _resolve(self, p: int, a: Action) -> None:
        item = self.pending[p].pop(0)
        kind = item[0]
        self._dirty_seat(p)
        if kind == P_BUILD:
            cid = item[1]
            if self.adv:
                self._dirty_plans()
            if isinstance(a, A.Place):
                self._build(p, cid, a.pos)
            elif isinstance(a, A.Discard):
                self._discard_planning(p, cid)
            else:
                self.emit({"event": "shelve", "seat": p, "card": cid})
        elif kind == P_PUT:
            if isinstance(a, A.Put):
                dst = self._idx(a.to)
                self.goods[4 * dst + a.colour] += 1
                self._dirty_at(self._cont_loc(dst))
                if item[1] < 0:
                    self.supply[a.colour] -= 1
                    self._dirty_pending()
                self.emit({"event": "put", "seat": p, "colour": a.colour, "to": a.to})
            else:
                if item[1] >= 0:
                    self.supply[item[1]] += 1
                    self._dirty_pending()
                self.emit({"event": "lost", "seat": p, "colour": item[1]})
        elif kind == P_CONV:
            if isinstance(a, A.Convert):
                src = self._idx(a.src)
                self.goods[4 * src + a.give] -= 1
                self.supply[a.give] += 1
                self.supply[a.take] -= 1
                self.goods[4 * src + a.take] += 1
                self._dirty_at(self._cont_loc(src))
                self._dirty_pending()
                self.emit(
                    {"event": "convert", "seat": p, "src": a.src, "give": a.give, "take": a.take}
                )
                if item[1] > 1:
                    self.pending[p].insert(0, (P_CONV, item[1] - 1, item[2]))
        elif kind == P_SEND:
            if isinstance(a, A.Send):
                pc = self.nships + self.players + self.probes.index(item[1])
                self.goods[4 * pc + a.colour] -= 1
                self.goods[4 * a.ship + a.colour] += 1
                self._dirty_at(self._cont_loc(pc))
                self._dirty_at(self.ship_field[a.ship])
                self.emit({"event": "send", "seat": p, "ship": a.ship, "colour": a.colour})
                if self._load(pc) > 0:
                    self.pending[p].insert(0, item)
        elif kind == P_KEEP:
            assert isinstance(a, A.Keep)
            other = item[2] if a.card == item[3] else item[3]
            lv = item[1]
            self.pile[lv].insert(0, other)
            if len(self.pile[lv]) == 1:
                self._dirty()  # the pile is no longer empty: draws are back
            self._dirty_plans()
            self.where[other] = W_PILE
            self.owner[other] = -1
            self.where[a.card] = W_PLANNING
            self.owner[a.card] = p
            self.planning[p].append(a.card)
            self.emit(
                {"event": "keep", "seat": p, "level": lv}, {p: {"card": a.card, "other": other}}
            )
        self._autoresolve(p)

    def _discard_planning(self, p: int, cid: int) -> None:
        self.planning[p].remove(cid)
        self._dirty_plans()
        lv = card_type(cid).level
        if lv == 1:
            self.personal[p].insert(0, cid)
            self.where[cid] = W_PERSONAL
        else:
            self.pile[lv].insert(0, cid)
            if len(self.pile[lv]) == 1:
                self._dirty()
            self.where[cid] = W_PILE
            self.owner[cid] = -1
        self.emit({"event": "discard", "seat": p, "card": cid})

    # ------------------------------------------------------------------ legal actions
    @property
    def to_act(self) -> list[int]:
        ta = self._ta
        if ta is None:
            ta = self._ta = self._compute_to_act()
        return ta[:]  # a copy: callers may keep or change it

    def _compute_to_act(self) -> list[int]:
        if self.over:
            return []
        if self.phase == 0:
            return [p for p in range(self.players) if self.choice[p] < 0]
        if self.ticks:
            return [p for p in range(self.players) if not self.done[p]]
        out = []
        cache = self._cache
        if not self._plain:
            for p, c in enumerate(cache):  # a loop: cheaper than a comprehension's call
                if c if c is not None else self._can_act(p):
                    out.append(p)
            return out
        # basic rules: _can_act inline, with the free actions (card, timer and flight
        # actions) built and kept: when there are none the list is the goods actions and
        # the answers to offers, exactly what _legal gives
        pending = self.pending
        acts = self.acts
        lim = BURST + RATE * self.clock
        fcache = self._fcache
        offers = self.offer.count(None) < self.players  # some offer is open
        for p, c in enumerate(cache):
            if c is None:
                if pending[p]:
                    c = cache[p] = True
                elif acts[p] >= lim:
                    c = cache[p] = []  # no free action left
                else:
                    fc = fcache[p]
                    if fc is None:
                        fc = fcache[p] = []
                        self._free_part(p, fc)
                    if fc:
                        c = cache[p] = True
                    else:
                        c = self._gcache[p]
                        if c is None:
                            c = self._gcache[p] = []
                            self._goods_plain(p, c)
                        if offers:  # the answers to offers come last
                            c = c[:]
                            self._answers(p, c)
                        cache[p] = c  # lists are never changed in place: it may be shared
            if c:
                out.append(p)
        return out

    def _fresh_to_act(self) -> list[int]:
        """``to_act`` computed from scratch, without any cache (for :meth:`cache_errors`)."""
        if self.over or self.phase == 0 or self.ticks:
            return self._compute_to_act()
        return [p for p in range(self.players) if self._legal(p)]

    def _can_act(self, p: int) -> bool:
        """``legal_actions(p) != []``, answered cheaply when possible (real time but the basic
        rules, which :meth:`_compute_to_act` answers itself). The answer is kept in the
        cache: ``True`` (the list itself unknown yet) or the list."""
        cache = self._cache[p]
        if cache is not None:
            return bool(cache)
        if self.pending[p]:
            self._cache[p] = True
            return True
        if self.acts[p] >= (TICK_CAP if self.ticks else BURST + RATE * self.clock):
            self._cache[p] = []  # no free action left: exactly what _legal gives
            return False
        if self._surely_can(p):
            self._cache[p] = True
            return True
        if self._only_goods(p):
            # nothing but goods actions may be left: the list is the goods actions
            gc = self._gcache[p]
            if gc is None:
                gc = self._gcache[p] = []
                self._goods_actions(p, gc)
            self._cache[p] = gc
            return bool(gc)
        return bool(self.legal_actions(p))

    def _surely_can(self, p: int) -> bool:
        """Cheap tests that ``legal_actions(p)`` is not empty (False: not known); ``p`` has no
        pending decision (:meth:`_can_act` tested it)."""
        so, sf = self.ship_owner, self.ship_field
        n = self.players
        ns = self.nships
        if self.clock < self.end_at:  # not closing
            tech = self.tech[p]
            if len(self.planning[p]) < self.plan_cap[p] and (
                self.personal[p] or (tech >= 2 and self.pile[2]) or (tech >= 3 and self.pile[3])
            ):
                return True  # plan or draw
            base = p * self.tmax
            if min(self.t_end[base : base + self.ntimers[p]]) < 0:  # an idle timer
                st = self.ship_timer
                if st[p] < 0 and sf[p] >= 0:
                    return True  # fly (ship p is always p's own)
                for s in range(n, ns):  # the neutral ships of orbital stations
                    if (
                        so[s] == p
                        and st[s] < 0
                        and sf[s] >= 0
                        and not self.covered[self.stations[s - n]]
                    ):
                        return True  # fly
                if tech < 3 and T_RESEARCH not in self.t_kind[base : base + self.tmax]:
                    return True  # research
                ctimer = self.ctimer
                for c in self.planning[p]:
                    if ctimer[c] < 0:
                        return True  # construct
                covered = self.covered
                for c in self.built[p]:
                    if _USE_KIND[c] == 1 and not covered[c] and ctimer[c] < 0:
                        return True  # use
        offer = self.offer
        if offer.count(None) < n:  # some offer is open
            if offer[p] is not None:
                return True  # withdraw
            for o in offer:
                if o is not None and o[0] == p:
                    return True  # decline
        g = self.goods
        if sf[p] >= 0:
            b = 4 * p
            if g[b] or g[b + 1] or g[b + 2] or g[b + 3]:
                return True  # dump
        for s in range(n, ns):
            if so[s] == p and sf[s] >= 0:
                b = 4 * s
                if (g[b] or g[b + 1] or g[b + 2] or g[b + 3]) and not self.covered[
                    self.stations[s - n]
                ]:
                    return True  # dump
        return False

    def _only_goods(self, p: int) -> bool:
        """After :meth:`_surely_can` found nothing: True if ``legal_actions(p)`` is exactly
        p's goods actions (basic rules, no card of the advanced rules built). Every other
        free action of the basic rules is one :meth:`_surely_can` tests."""
        if self.adv or self.probes:
            return False
        built = self.built[p]
        return not built or max(map(_USE_KIND.__getitem__, built)) < 2

    def _legal_actions(self, seat: int) -> list[Action]:
        cache = self._cache[seat]
        if not isinstance(cache, list):
            cache = self._cache[seat] = self._legal(seat)
        return cache[:]  # a copy: callers may keep or change it

    def _legal(self, p: int) -> list[Action]:
        if self.over:
            return []
        if self.phase == 0:
            if self.choice[p] >= 0:
                return []
            return [
                A.get(A.Start, c, side, pos)
                for c in self.personal[p]
                if card_type(c).kind == "mine"
                for side in (0, 1)
                for pos in (1, 2)
            ]
        if self.ticks and self.done[p]:
            return []
        if self.pending[p]:
            return self._options(p)
        out: list[Action] = []
        if self.acts[p] < (TICK_CAP if self.ticks else BURST + RATE * self.clock):  # budget
            if self._plain:  # _free_actions, in short
                fc = self._fcache[p]
                if fc is None:
                    fc = self._fcache[p] = []
                    self._free_part(p, fc)
                gc = self._gcache[p]
                if gc is None:
                    gc = self._gcache[p] = []
                    self._goods_plain(p, gc)
                out = fc + gc
                if self.offer.count(None) < self.players:  # some offer is open
                    self._answers(p, out)
            else:
                self._free_actions(p, out)
        if self.ticks:
            out.append(A.DONE)
        return out

    def _free_actions(self, p: int, out: list[Action]) -> None:
        if self._plain:
            fc = self._fcache[p]
            if fc is None:
                fc = self._fcache[p] = []
                self._free_part(p, fc)
            out += fc
        else:
            self._free_part(p, out)
        gc = self._gcache[p]
        if gc is None:
            gc = self._gcache[p] = []
            if self._plain:
                self._goods_plain(p, gc)
            else:
                self._goods_actions(p, gc)
        out += gc
        if self.offer.count(None) < self.players:  # some offer is open
            self._answers(p, out)

    def _answers(self, p: int, out: list[Action]) -> None:
        """The answers of ``p`` to the open offers made to it, then its withdrawal."""
        offer = self.offer
        plain = self._plain
        for q, o in enumerate(offer):
            if o is not None and o[0] == p:
                if self._goods_offer_ok(q, o) if plain else self._offer_valid(q, o):
                    out.append(_ACCEPT[q])
                out.append(_DECLINE[q])
        if offer[p] is not None:
            out.append(A.WITHDRAW)

    def _goods_offer_ok(self, q: int, o: tuple[int, ...]) -> bool:
        """:meth:`_offer_valid` of a goods offer with ``_plain`` (the only offers then):
        containers are the ships (ship ``s`` is seat ``s``'s own) and the depots."""
        to, src, dst, give, take = o[0], o[2], o[3], o[4], o[5]
        n = self.players
        sf = self.ship_field
        cap = self.cap
        if src < n:  # active, owner, field, capacity
            if src != q or sf[src] < 0:
                return False
            f, cs = sf[src], SHIP_CAP
        else:
            if src - n != q or cap[q] <= 0:
                return False
            f, cs = 2 * q, cap[q]
        if dst < n:
            if dst != to or sf[dst] != f:
                return False
            cd = SHIP_CAP
        else:
            if dst - n != to or cap[to] <= 0 or 2 * to != f:
                return False
            cd = cap[to]
        g = self.goods
        bs, bd = 4 * src, 4 * dst
        if give < NONE and not g[bs + give]:
            return False
        if take < NONE and not g[bd + take]:
            return False
        ds = (take < NONE) - (give < NONE)
        return (
            g[bs] + g[bs + 1] + g[bs + 2] + g[bs + 3] + ds <= cs
            and g[bd] + g[bd + 1] + g[bd + 2] + g[bd + 3] - ds <= cd
        )

    def _free_part(self, p: int, out: list[Action]) -> None:
        """The free actions of ``p`` but goods actions and answers to offers: plans, draws,
        timers (research, construct, use, fly), and with the advanced rules attacks and
        card offers."""
        n = self.players
        plan = self.planning[p]
        if self.clock < self.end_at:  # not closing
            tech = self.tech[p]
            if len(plan) < self.plan_cap[p]:
                personal = self.personal[p]
                if personal:
                    out.extend([_PLAN[c] for c in personal])
                if tech >= 2 and self.pile[2]:
                    out.append(_DRAW2)
                if tech >= 3 and self.pile[3]:
                    out.append(_DRAW3)
            base = p * self.tmax
            te = self.t_end
            if min(te[base : base + self.ntimers[p]]) < 0:  # an idle timer
                if tech < 3 and T_RESEARCH not in self.t_kind[base : base + self.tmax]:
                    out.append(A.RESEARCH)
                ctimer = self.ctimer
                for c in plan:
                    if ctimer[c] < 0:
                        out.append(_CONSTRUCT[c])
                covered = self.covered
                if self._plain:  # no card of the advanced rules: plain uses, nothing blocked
                    for c in self.built[p]:
                        if _USE_KIND[c] and not covered[c] and ctimer[c] < 0:
                            out.append(_USE[c])
                else:
                    for c in self.built[p]:
                        u = _USE_KIND[c]
                        if not u or covered[c] or ctimer[c] >= 0:
                            continue
                        # a blocked slot always takes a timer: it only removes the marker
                        # (5.1 e)
                        if not self.blocked[c]:
                            if u == 2 and (
                                self.attack[c] >= card_type(c).amount or self.black == 0
                            ):
                                continue
                            if u == 3 and self._load(self.nships + n + self.probes.index(c)) == 0:
                                continue
                        out.append(_USE[c])
                nf = 2 * n
                so, st, sf, g = self.ship_owner, self.ship_timer, self.ship_field, self.goods
                f = sf[p]
                if st[p] < 0 and f >= 0:  # ship p is always p's own
                    b = 4 * p
                    empty = g[b] + g[b + 1] + g[b + 2] + g[b + 3] == 0
                    out.extend(_FLIGHTS.get((nf, p, f, empty)) or _flights(nf, p, f, empty))
                for s in range(n, self.nships):  # the neutral ships of orbital stations
                    if so[s] != p or st[s] >= 0:
                        continue
                    f = sf[s]
                    if f < 0 or covered[self.stations[s - n]]:
                        continue
                    b = 4 * s
                    out.extend(_flights(nf, s, f, g[b] + g[b + 1] + g[b + 2] + g[b + 3] == 0))
            if self.adv:
                self._attacks(p, out)
                if self.offer[p] is None and plan:
                    free = [
                        [j for j, c in enumerate(self.planning[q]) if self._card_free(q, c)]
                        for q in range(n)
                    ]
                    get = A.get
                    for i in free[p]:
                        for q in range(n):
                            if q == p:
                                continue
                            if len(self.planning[q]) < self.plan_cap[q]:
                                out.append(get(A.OfferCard, i, q))
                            for j in free[q]:
                                out.append(get(A.OfferSwap, i, q, j))

    def _attacks(self, p: int, out: list[Action]) -> None:
        sab = mis = False
        for c in self.built[p]:
            if self.covered[c] or not self.attack[c]:
                continue
            e = card_type(c).effect
            sab = sab or e == "sabotage"
            mis = mis or e == "missile"
        if sab:
            for t, k in enumerate(self.t_kind):
                if k != T_IDLE and k != T_VOID:
                    out.append(A.get(A.Sabotage, t))
        if mis:
            for q in range(self.players):
                if sum(self.blocked[c] for c in self.built[q]) >= 2:
                    continue
                for c in self.built[q]:
                    if (
                        card_type(c).slot
                        and not self.covered[c]
                        and not self.blocked[c]
                        and self.ctimer[c] < 0
                    ):
                        out.append(A.get(A.Missile, c))

    def _containers(self, p: int) -> list[int]:
        """Active goods containers of seat ``p`` (ships on a field, store, loadable probes)."""
        out = []
        so = self.ship_owner
        for s in range(self.nships):
            if so[s] == p and self._cont_active(s):
                out.append(s)
        if self.cap[p] > 0:
            out.append(self.nships + p)
        for k, cid in enumerate(self.probes):
            if self.owner[cid] == p:
                c = self.nships + self.players + k
                if self._cont_active(c):
                    out.append(c)
        return out

    def _goods_actions(self, p: int, out: list[Action]) -> None:
        if self._plain:
            self._goods_plain(p, out)
            return
        g = self.goods
        n = self.players
        ns = self.nships
        codes = self._codes
        covered = self.covered
        cap = self.cap
        # the active containers of p grouped by field: ships (ship p, always p's own, first),
        # then the depots, then probes
        mine: dict[int, list[int]] = {}
        so, sf = self.ship_owner, self.ship_field
        stations = self.stations
        f = sf[p]
        if f >= 0:
            mine[f] = [p]
        for s in range(n, ns):  # the neutral ships of orbital stations
            f = sf[s]
            if so[s] == p and f >= 0 and not covered[stations[s - n]]:
                if f in mine:
                    mine[f].append(s)
                else:
                    mine[f] = [s]
        home = 2 * p
        if cap[p] > 0:
            mine.setdefault(home, []).append(ns + p)
        if self.probes:
            for k, cid in enumerate(self.probes):
                if (
                    self.owner[cid] == p
                    and self.where[cid] == W_BUILT
                    and not covered[cid]
                    and self.ctimer[cid] < 0
                ):
                    mine.setdefault(home, []).append(ns + n + k)
        get = A.get
        offer_free = self.offer[p] is None
        for f, conts in mine.items():
            if len(conts) > 1:
                for src in conts:
                    bs = 4 * src
                    if not (g[bs] or g[bs + 1] or g[bs + 2] or g[bs + 3]):
                        continue
                    for dst in conts:
                        if src == dst:
                            continue
                        bd = 4 * dst
                        room = (
                            SHIP_CAP if dst < ns else cap[dst - ns] if dst < ns + n else PROBE_CAP
                        )
                        if g[bd] + g[bd + 1] + g[bd + 2] + g[bd + 3] >= room:
                            continue
                        for k in range(4):
                            if g[bs + k]:
                                out.append(get(A.Move, codes[src], codes[dst], k))
            for s in conts:
                if s >= ns:
                    break  # ships come first
                base = 4 * s
                g0, g1, g2, g3 = g[base], g[base + 1], g[base + 2], g[base + 3]
                if not (g0 or g1 or g2 or g3):
                    if f & 1 and self.adv:  # an empty ship may still collect on a neutral field
                        for k in range(4):
                            if self.fgoods[4 * f + k]:
                                out.append(get(A.Collect, s, k))
                    continue
                self._unload(p, s, f, g0, g1, g2, g3, out)
                if f & 1 and self.adv:
                    gid = self.gface[f]
                    if gid >= 0 and _fits(GIZZI_GOODS[gid % 12], g, base):
                        out.append(get(A.Gizzi, s))
                    for k in range(4):
                        if g[base + k]:
                            out.append(get(A.Drop, s, k))
                    if g0 + g1 + g2 + g3 < SHIP_CAP:
                        for k in range(4):
                            if self.fgoods[4 * f + k]:
                                out.append(get(A.Collect, s, k))
            if offer_free:
                # the active ships of the other seats on the field
                others = [
                    s
                    for s in range(ns)
                    if sf[s] == f
                    and so[s] != p
                    and so[s] >= 0
                    and (s < n or not covered[stations[s - n]])
                ]
                if not f & 1 and f != home:  # another seat's planet: its depots and probes
                    q = f >> 1
                    if cap[q] > 0:
                        others.append(ns + q)
                    for k, cid in enumerate(self.probes):
                        if self.owner[cid] == q and self._cont_active(ns + n + k):
                            others.append(ns + n + k)
                if others:
                    self._goods_offers(others, conts, out)

    def _goods_plain(self, p: int, out: list[Action]) -> None:
        """:meth:`_goods_actions` when there are no orbital stations nor transport probes and
        no Gizzi fields (basic rules): the same list, in the same order, with less work.
        Ship ``s`` is seat ``s``'s own, containers are the ships then the depots."""
        g = self.goods
        n = self.players
        sf = self.ship_field
        cap = self.cap
        home = 2 * p
        store = n + p
        f = sf[p]
        blocks: list[tuple[int, list[int]]] = []
        if f >= 0:
            blocks.append((f, [p, store] if f == home and cap[p] > 0 else [p]))
        if f != home and cap[p] > 0:
            blocks.append((home, [store]))
        get = A.get
        offer_free = self.offer[p] is None
        for f, conts in blocks:
            if len(conts) > 1:  # ship p and the depots at home
                codes = self._codes
                for src in conts:
                    bs = 4 * src
                    if not (g[bs] or g[bs + 1] or g[bs + 2] or g[bs + 3]):
                        continue
                    for dst in conts:
                        if src == dst:
                            continue
                        bd = 4 * dst
                        room = SHIP_CAP if dst < n else cap[dst - n]
                        if g[bd] + g[bd + 1] + g[bd + 2] + g[bd + 3] >= room:
                            continue
                        for k in range(4):
                            if g[bs + k]:
                                out.append(get(A.Move, codes[src], codes[dst], k))
            ship = conts[0] == p
            if ship:
                base = 4 * p
                g0, g1, g2, g3 = g[base], g[base + 1], g[base + 2], g[base + 3]
                if g0 or g1 or g2 or g3:
                    self._unload(p, p, f, g0, g1, g2, g3, out)
            if offer_free:
                # the other seats' ships on the field, then the planet's depots
                others = []
                if sf.count(f) > ship:
                    for s in range(n):
                        if sf[s] == f and s != p:
                            others.append(s)
                if not f & 1 and f != home and cap[f >> 1] > 0:
                    others.append(n + (f >> 1))
                if others:
                    self._goods_offers(others, conts, out)

    def _unload(
        self, p: int, s: int, f: int, g0: int, g1: int, g2: int, g3: int, out: list[Action]
    ) -> None:
        """Add what seat ``p`` may do with the goods (``g0``-``g3`` of each colour) of its
        ship ``s`` on field ``f``: dump each colour, and on another seat's planet deliver to
        its open demands (a marker to put on the demand, 3.4)."""
        d4 = 4 * s
        if g0:
            out.append(_DUMP[d4])
        if g1:
            out.append(_DUMP[d4 + 1])
        if g2:
            out.append(_DUMP[d4 + 2])
        if g3:
            out.append(_DUMP[d4 + 3])
        if not f & 1:
            q = f >> 1
            if q != p and self.markers[p] > 0:
                self._deliveries(s, q, g0, g1, g2, g3, out)

    def _deliveries(
        self, s: int, q: int, g0: int, g1: int, g2: int, g3: int, out: list[Action]
    ) -> None:
        """Add ship ``s``'s deliveries to the open demands of planet ``q``, the ship holding
        ``g0``-``g3`` goods of each colour."""
        fulfilled = self.fulfilled
        for cid in self.built[q]:
            for d, need in _DEMANDS[cid]:
                if (
                    fulfilled[d] < 0
                    and g0 >= need[0]
                    and g1 >= need[1]
                    and g2 >= need[2]
                    and g3 >= need[3]
                ):
                    out.append(A.get(A.Deliver, s, d))

    def _goods_offers(self, others: list[int], conts: list[int], out: list[Action]) -> None:
        """The goods offers from p's containers ``conts`` to the containers ``others`` of other
        seats on the same field (the order and the test of :meth:`_goods_ok`)."""
        g = self.goods
        codes = self._codes
        ns = self.nships
        nsn = ns + self.players
        cap = self.cap
        srcs = []
        for src in conts:
            bs = 4 * src
            gs = g[bs : bs + 4]
            cs = SHIP_CAP if src < ns else cap[src - ns] if src < nsn else PROBE_CAP
            srcs.append((src, gs, gs[0] + gs[1] + gs[2] + gs[3], cs))
        for dst in others:
            bd = 4 * dst
            gd = g[bd : bd + 4]
            ld = gd[0] + gd[1] + gd[2] + gd[3]
            cd = SHIP_CAP if dst < ns else cap[dst - ns] if dst < nsn else PROBE_CAP
            for src, gs, ls, cs in srcs:
                if not ls and not ld:
                    continue  # nothing to give or take
                ok_swap = ls <= cs and ld <= cd  # one good each way
                ok_give = ls - 1 <= cs and ld + 1 <= cd  # a gift
                ok_take = ls + 1 <= cs and ld - 1 <= cd  # a request
                tab = _OTAB[codes[src]][codes[dst]] or _offers(codes[src], codes[dst])
                if ls:
                    for give in range(4):
                        if not gs[give]:
                            continue
                        row = 5 * give
                        if ok_swap and ld:
                            for take in range(4):
                                if take != give and gd[take]:
                                    out.append(tab[row + take])  # type: ignore[arg-type]
                        if ok_give:
                            out.append(tab[row + 4])  # type: ignore[arg-type]
                if ok_take and ld:
                    for take in range(4):
                        if gd[take]:
                            out.append(tab[20 + take])  # type: ignore[arg-type]

    def _others_at(self, p: int, f: int) -> list[int]:
        """Active containers of other seats on field ``f``."""
        out = []
        so, sf = self.ship_owner, self.ship_field
        for s in range(self.nships):
            if sf[s] == f and so[s] >= 0 and so[s] != p and self._cont_active(s):
                out.append(s)
        if f % 2 == 0 and f // 2 != p:
            q = f // 2
            if self.cap[q] > 0:
                out.append(self.nships + q)
            for k, cid in enumerate(self.probes):
                if self.owner[cid] == q:
                    c = self.nships + self.players + k
                    if self._cont_active(c):
                        out.append(c)
        return out

    def _goods_ok(self, src: int, dst: int, give: int, take: int) -> bool:
        g = self.goods
        if give < NONE and not g[4 * src + give]:
            return False
        if take < NONE and not g[4 * dst + take]:
            return False
        ds = (take < NONE) - (give < NONE)
        return self._load(src) + ds <= self._cont_cap(src) and self._load(
            dst
        ) - ds <= self._cont_cap(dst)

    def _offer_valid(self, q: int, o: tuple[int, ...]) -> bool:
        to, kind = o[0], o[1]
        if kind == 0:  # goods
            src, dst, give, take = o[2], o[3], o[4], o[5]
            if not (self._cont_active(src) and self._cont_active(dst)):
                return False
            if self._cont_owner(src) != q or self._cont_owner(dst) != to:
                return False
            f = self._cont_loc(src)
            if f < 0 or f != self._cont_loc(dst):
                return False
            return self._goods_ok(src, dst, give, take)
        cid = o[2]
        if not self._card_free(q, cid):
            return False
        if kind == 1:
            return len(self.planning[to]) < self.plan_cap[to]
        return self._card_free(to, o[3])

    def _card_free(self, p: int, cid: int) -> bool:
        """A planning card of ``p`` with no timer on it and no building decision pending."""
        if cid not in self.planning[p] or self.ctimer[cid] >= 0:
            return False
        return not any(it[0] == P_BUILD and it[1] == cid for it in self.pending[p])

    # ------------------------------------------------------------------ apply
    def _apply(self, seat: int, action: Action) -> None:
        p = seat
        self._cache[p] = None
        self._ta = None
        if self.phase == 0:
            assert isinstance(action, A.Start)
            self.choice[p] = action.card
            self.choice_side[p] = action.side
            self.choice_pos[p] = action.pos
            self.emit({"event": "chosen", "seat": p}, {p: {"card": action.card}})
            if all(c >= 0 for c in self.choice):
                self._reveal()
                self._dirty()
            return
        if self.pending[p]:
            self._resolve(p, action)
            if self.clock >= self.end_at:
                self._check_end()
            return
        if isinstance(action, A.Done):
            self.done[p] = 1
            if all(self.done):
                self._run_until(self.clock + self.tick_step)
                self.done = [0] * self.players
                self.acts = [0] * self.players
                self._dirty()
            return
        self.acts[p] += 1
        t = type(action)
        if t not in _KEEP_FREE:
            self._fcache[p] = None
        _HANDLERS[t](self, p, action)
        if self.clock >= self.end_at:
            self._check_end()

    def _reveal(self) -> None:
        for p in range(self.players):
            cid = self.choice[p]
            gen = next(c for c in self.personal[p] if card_type(c).kind == "generator")
            side = self.choice_side[p]
            for c in (gen, cid):
                self.personal[p].remove(c)
                self.planning[p].append(c)
                self.where[c] = W_PLANNING
            self._build(p, gen, side)
            self._build(p, cid, _conn_col(side, self.choice_pos[p]))
            self.emit({"event": "reveal", "seat": p, "card": cid, "side": side})
        self.phase = 1

    def _h_plan(self, p: int, a: Any) -> None:
        self.personal[p].remove(a.card)
        self.planning[p].append(a.card)
        self._dirty_plans()
        self.where[a.card] = W_PLANNING
        self.emit({"event": "plan", "seat": p, "card": a.card})

    def _h_draw(self, p: int, a: Any) -> None:
        pile = self.pile[a.level]
        drawn = [pile.pop() for _ in range(min(2, len(pile)))]
        if not pile:
            self._dirty()  # no more draws of this level for anyone
        for c in drawn:
            self.where[c] = W_DRAWN
            self.owner[c] = p
        if len(drawn) == 1:
            drawn.append(drawn[0])
        self.pending[p].append((P_KEEP, a.level, drawn[0], drawn[1]))
        self.emit(
            {"event": "draw", "seat": p, "level": a.level}, {p: {"cards": sorted(set(drawn))}}
        )
        if drawn[0] == drawn[1]:
            self._resolve_single_draw(p)

    def _resolve_single_draw(self, p: int) -> None:
        item = self.pending[p].pop()
        cid = item[2]
        self.where[cid] = W_PLANNING
        self.planning[p].append(cid)
        self._dirty_plans()
        self.emit({"event": "keep", "seat": p, "level": item[1]}, {p: {"card": cid}})

    def _h_research(self, p: int, a: Any) -> None:
        t = self._start_timer(p, T_RESEARCH, -1)
        self.emit({"event": "turn", "seat": p, "timer": t, "kind": "research"})

    def _h_construct(self, p: int, a: Any) -> None:
        t = self._start_timer(p, T_BUILD, a.card)
        self.emit({"event": "turn", "seat": p, "timer": t, "kind": "build", "card": a.card})

    def _h_use(self, p: int, a: Any) -> None:
        t = self._start_timer(p, T_USE, a.card)
        self.emit({"event": "turn", "seat": p, "timer": t, "kind": "use", "card": a.card})

    def _h_fly(self, p: int, a: Any) -> None:
        s = a.ship
        self._dirty_at(self.ship_field[s])
        self.ship_from[s] = self.ship_field[s]
        self.ship_to[s] = a.field
        self.ship_field[s] = -1
        t = self._start_timer(p, T_FLY, s)
        self.emit({"event": "fly", "seat": p, "ship": s, "field": a.field, "timer": t})

    def _h_move(self, p: int, a: Any) -> None:
        self._dirty_at(self._cont_loc(self._idx(a.src)))
        self._dirty_at(self._cont_loc(self._idx(a.dst)))
        self.goods[4 * self._idx(a.src) + a.colour] -= 1
        self.goods[4 * self._idx(a.dst) + a.colour] += 1
        self.emit({"event": "move", "seat": p, "src": a.src, "dst": a.dst, "colour": a.colour})

    def _h_deliver(self, p: int, a: Any) -> None:
        cid, j = divmod(a.demand, 2)
        need, vd, vo = card_type(cid).demands[j]
        s = a.ship
        for k in range(4):
            self.goods[4 * s + k] -= need[k]
            self.supply[k] += need[k]
        self._dirty_at(self.ship_field[s])
        self._dirty_pending()
        q = self.owner[cid]
        self.fulfilled[a.demand] = p
        self.markers[p] -= 1
        self.score[p] += vd
        self.score[q] += vo
        self.emit({"event": "deliver", "seat": p, "owner": q, "card": cid, "demand": j,
                   "points": [vd, vo]})  # fmt: skip
        if self.markers[p] == 0 and self.end_at > self.clock:
            self.end_at = self.clock
            self._dirty()
            self.emit({"event": "last_marker", "seat": p})

    def _h_gizzi(self, p: int, a: Any) -> None:
        s = a.ship
        f = self.ship_field[s]
        gid = self.gface[f]
        need = GIZZI_GOODS[gid % 12]
        for k in range(4):
            self.goods[4 * s + k] -= need[k]
            self.supply[k] += need[k]
        self._dirty_at(f)
        self._dirty_pending()
        vp = GIZZI[gid % 12].vp_deliver
        self.score[p] += vp
        self.gwon[p].append(gid)
        self.emit({"event": "gizzi", "seat": p, "field": f, "gizzi": gid, "points": vp})
        self._gizzi_refill(f)

    def _h_dump(self, p: int, a: Any) -> None:
        self.goods[4 * a.ship + a.colour] -= 1
        self.supply[a.colour] += 1
        self._dirty_at(self.ship_field[a.ship])
        self._dirty_pending()
        self.emit({"event": "dump", "seat": p, "ship": a.ship, "colour": a.colour})

    def _h_drop(self, p: int, a: Any) -> None:
        f = self.ship_field[a.ship]
        self.goods[4 * a.ship + a.colour] -= 1
        self.fgoods[4 * f + a.colour] += 1
        self._dirty_at(f)
        self.emit({"event": "drop", "seat": p, "ship": a.ship, "field": f, "colour": a.colour})

    def _h_collect(self, p: int, a: Any) -> None:
        f = self.ship_field[a.ship]
        self.goods[4 * a.ship + a.colour] += 1
        self.fgoods[4 * f + a.colour] -= 1
        self._dirty_at(f)
        self.emit({"event": "collect", "seat": p, "ship": a.ship, "field": f, "colour": a.colour})

    def _h_offer_goods(self, p: int, a: Any) -> None:
        dst = self._idx(a.dst)
        q = self._cont_owner(dst)
        self.offer[p] = (q, 0, self._idx(a.src), dst, a.give, a.take)
        self._dirty_offer(p)
        self._dirty_list(q)
        self.emit({"event": "offer", "seat": p, "to": q, "kind": "goods", "src": a.src,
                   "dst": a.dst, "give": a.give, "take": a.take})  # fmt: skip

    def _h_offer_card(self, p: int, a: Any) -> None:
        cid = self.planning[p][a.slot]
        self.offer[p] = (a.to, 1, cid, -1)
        self._dirty_offer(p)
        self._dirty_list(a.to)
        self.emit({"event": "offer", "seat": p, "to": a.to, "kind": "card", "card": cid})

    def _h_offer_swap(self, p: int, a: Any) -> None:
        cid = self.planning[p][a.slot]
        c2 = self.planning[a.to][a.their]
        self.offer[p] = (a.to, 2, cid, c2)
        self._dirty_offer(p)
        self._dirty_list(a.to)
        self.emit({"event": "offer", "seat": p, "to": a.to, "kind": "swap", "card": cid,
                   "their": c2})  # fmt: skip

    def _h_accept(self, p: int, a: Any) -> None:
        q = a.seat
        o = self.offer[q]
        assert o is not None
        self.offer[q] = None
        self._dirty_offer(q)
        self._fcache[q] = None  # its ship may become empty or loaded: its flights change
        if o[1] == 0:
            src, dst, give, take = o[2], o[3], o[4], o[5]
            self._dirty_at(self._cont_loc(src))
            self._dirty_at(self._cont_loc(dst))
            if give < NONE:
                self.goods[4 * src + give] -= 1
                self.goods[4 * dst + give] += 1
            if take < NONE:
                self.goods[4 * dst + take] -= 1
                self.goods[4 * src + take] += 1
        else:
            cid = o[2]
            self._dirty_plans()
            self.planning[q].remove(cid)
            self.planning[p].append(cid)
            self.owner[cid] = p
            if o[1] == 2:
                c2 = o[3]
                self.planning[p].remove(c2)
                self.planning[q].append(c2)
                self.owner[c2] = q
        self.emit({"event": "accept", "seat": p, "from": q})

    def _h_decline(self, p: int, a: Any) -> None:
        self.offer[a.seat] = None
        self._dirty_offer(a.seat)
        self.emit({"event": "decline", "seat": p, "from": a.seat})

    def _h_withdraw(self, p: int, a: Any) -> None:
        o = self.offer[p]
        if o is not None:
            self._dirty_list(o[0])
        self.offer[p] = None
        self._dirty_offer(p)
        self.emit({"event": "withdraw", "seat": p})

    def _h_sabotage(self, p: int, a: Any) -> None:
        self._dirty()
        src = next(
            c
            for c in self.built[p]
            if card_type(c).effect == "sabotage" and not self.covered[c] and self.attack[c]
        )
        self.attack[src] -= 1
        t = a.timer
        kind, arg = self.t_kind[t], self.t_arg[t]
        if kind in (T_BUILD, T_USE):
            self.ctimer[arg] = -1
        elif kind == T_FLY:
            self.ship_timer[arg] = -1
            self.ship_field[arg] = self.ship_from[arg]
        self.t_kind[t] = T_VOID
        self.t_arg[t] = -1
        self.t_attack[t] = 1
        self.emit({"event": "sabotage", "seat": p, "timer": t, "victim": t // self.tmax,
                   "kind": T_NAMES[kind]})  # fmt: skip

    def _h_missile(self, p: int, a: Any) -> None:
        self._dirty()
        src = next(
            c
            for c in self.built[p]
            if card_type(c).effect == "missile" and not self.covered[c] and self.attack[c]
        )
        self.attack[src] -= 1
        self.blocked[a.card] = 1
        self.emit({"event": "missile", "seat": p, "card": a.card, "victim": self.owner[a.card]})

    # ------------------------------------------------------------------ end
    def _outcome(self) -> Outcome:
        n = self.players
        used = [START_MARKERS - self.markers[p] for p in range(n)]
        keys = [(self.score[p], used[p]) for p in range(n)]
        return Outcome(
            tuple(float(s) for s in self.score),
            ranks_from_keys(keys),
            End(self.reason),
            {"markers_used": used, "clock": self.clock, "tech": list(self.tech)},
        )

    # ------------------------------------------------------------------ view
    def _view(self, seat: int | None) -> dict[str, Any]:
        from .view import view

        return view(self, seat)

    # ------------------------------------------------------------------ resampling
    def resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Reshuffle what ``seat`` cannot see: other personal piles, the piles' order, the
        cards set aside at setup, other seats' drawn cards, unrevealed start choices and the
        Gizzi pile. Cards only trade places with cards of the same group (level-1 cards of the
        same kind; level 2 or 3 cards in play of the same level; a card set aside only with a
        copy of its kind), so every count stays true, the number of cards of each kind in
        play included (the rulebook's per-player-count lists).
        Canonical: every pool is sorted before it is shuffled and other personal piles are
        kept sorted, so the result depends only on what ``seat`` knows and on ``rng``."""
        n = self.players
        drawn: list[list[int]] = [[] for _ in range(n)]
        for p in range(n):
            if p != seat:
                for item in self.pending[p]:
                    if item[0] == P_KEEP:
                        drawn[p].extend(item[2:])
        where = self.where
        outs = [
            c for c in range(len(where)) if where[c] == W_OUT and (self.adv or not _ADVANCED[c])
        ]
        # Levels 2-3: how many cards of each kind play is public (the rulebook's lists), which
        # copies were set aside is not. Choose the copies set aside per kind first (the game's
        # orbital stations and transport probes keep their ids: ``stations``, ``probes``),
        # then deal the cards in play to the unseen places of their level (shuffled below).
        unseen = [self.pile[2], self.pile[3], *[d for d in drawn if d]]
        aside: dict[tuple[int, str], int] = {}
        for c in outs:
            key = _GROUP_KIND[c]
            if key[0] >= 2:
                aside[key] = aside.get(key, 0) + 1
        by_kind: dict[tuple[int, str], list[int]] = {}
        for c in sorted([c for seq in unseen for c in seq] + outs):
            key = _GROUP_KIND[c]
            if key[0] >= 2:
                by_kind.setdefault(key, []).append(c)
        fixed = set(self.stations) | set(self.probes)
        play: dict[int, list[int]] = {2: [], 3: []}
        outs = [c for c in outs if _GROUP_KIND[c][0] == 1]
        for key in sorted(by_kind):
            ids = by_kind[key]
            if key[1] in ("orbital_station", "transport_probe"):
                play[key[0]] += [c for c in ids if c in fixed]
                outs += [c for c in ids if c not in fixed]
            else:
                rng.shuffle(ids)
                k = aside.get(key, 0)
                outs += ids[:k]
                play[key[0]] += ids[k:]
        for lv in (2, 3):
            places = [(seq, i) for seq in unseen for i, c in enumerate(seq) if _GROUP[c][0] == lv]
            for (seq, i), c in zip(places, sorted(play[lv]), strict=True):
                seq[i] = c
        groups: dict[Any, list[tuple[list[int], int]]] = {}
        seqs: list[list[int]] = [self.personal[p] for p in range(n) if p != seat]
        seqs += unseen  # the piles and other seats' drawn cards: levels 2-3 shuffled here
        seqs.append(outs)
        for seq in seqs:
            last = seq is outs
            for i, c in enumerate(seq):
                key = _GROUP[c]
                if last and key[0] >= 2:
                    continue  # the copies set aside were chosen above
                if key in groups:
                    groups[key].append((seq, i))
                else:
                    groups[key] = [(seq, i)]
        for key in sorted(groups, key=repr):
            slots = groups[key]
            new = sorted(seq[i] for seq, i in slots)  # canonical: only the counts matter
            rng.shuffle(new)
            for (seq, i), nv in zip(slots, new, strict=True):
                seq[i] = nv
        for p in range(n):
            if p == seat:
                continue
            self.personal[p].sort()
            for c in self.personal[p]:
                self.where[c] = W_PERSONAL
                self.owner[c] = p
            if drawn[p]:
                it = iter(drawn[p])
                items = []
                for item in self.pending[p]:
                    if item[0] == P_KEEP:
                        item = (item[0], item[1], next(it), next(it))
                        for c in item[2:]:
                            self.where[c] = W_DRAWN
                            self.owner[c] = p
                    items.append(item)
                self.pending[p] = items
            if self.phase == 0 and self.choice[p] >= 0:  # unrevealed: any mine, side, connection
                mines = [c for c in self.personal[p] if card_type(c).kind == "mine"]
                self.choice[p] = rng.choice(mines)
                self.choice_side[p] = rng.randrange(2)
                self.choice_pos[p] = 1 + rng.randrange(2)
        for lv in (2, 3):
            for c in self.pile[lv]:
                self.where[c] = W_PILE
                self.owner[c] = -1
        for c in outs:
            self.where[c] = W_OUT
            self.owner[c] = -1
        gp = sorted(self.gpile)
        rng.shuffle(gp)
        self.gpile[:] = gp
        self._dirty()

    # ------------------------------------------------------------------ RL / bounds
    @classmethod
    def enumerate_actions(cls, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        cfg = config(players, options)
        adv = options.get("rules", "basic") == "advanced"
        ncards = cfg["cards"]
        S, n = cfg["ships"], players
        out: list[Action] = []
        cids = range(ncards)
        mines = [c for c in cids if card_type(c).kind == "mine"]
        out += [A.get(A.Start, c, s, d) for c in mines for s in (0, 1) for d in (1, 2)]
        out += [A.get(A.Plan, c) for c in cids if card_type(c).level == 1]
        out += [A.get(A.Draw, 2), A.get(A.Draw, 3)]
        out += [A.get(A.Keep, c) for c in cids if card_type(c).level >= 2]
        out.append(A.RESEARCH)
        out += [A.get(A.Construct, c) for c in cids]
        slot_cards = [c for c in cids if card_type(c).slot]
        out += [A.get(A.Use, c) for c in slot_cards]
        out += [A.get(A.Fly, s, f) for s in range(S) for f in range(2 * n)]
        out += [A.get(A.Place, x) for x in range(GRID_W)]
        out += [A.SHELVE, A.DISCARD, A.SKIP, A.WITHDRAW, A.DONE]
        codes = list(range(S)) + [STORE_CODE + p for p in range(n)]
        codes += [PROBE_CODE + k for k in range(cfg["probes"])]
        out += [A.get(A.Put, k, c) for k in range(4) for c in codes]
        out += [A.get(A.Convert, c, k, j) for c in codes[: S + n] for k in range(4)
                for j in range(4) if j != k]  # fmt: skip
        out += [A.get(A.Send, s, k) for s in range(S) for k in range(4)]
        out += [A.get(A.Move, a, b, k) for a in codes for b in codes if a != b
                for k in range(4)]  # fmt: skip
        out += [A.get(A.Deliver, s, 2 * c + j) for s in range(S) for c in cids
                for j in range(len(card_type(c).demands))]  # fmt: skip
        out += [A.get(A.Dump, s, k) for s in range(S) for k in range(4)]
        if adv:
            out += [A.get(A.Gizzi, s) for s in range(S)]
            out += [A.get(A.Drop, s, k) for s in range(S) for k in range(4)]
            out += [A.get(A.Collect, s, k) for s in range(S) for k in range(4)]
            pm = cfg["plan_max"]
            out += [A.get(A.OfferCard, i, q) for i in range(pm) for q in range(n)]
            out += [A.get(A.OfferSwap, i, q, j) for i in range(pm) for q in range(n)
                    for j in range(pm)]  # fmt: skip
            out += [A.get(A.Sabotage, t) for t in range(n * cfg["tmax"])]
            out += [A.get(A.Missile, c) for c in slot_cards]
        out += [A.get(A.OfferGoods, a, b, g, t) for a in codes for b in codes if a != b
                for g in range(5) for t in range(5) if g != t]  # fmt: skip
        out += [A.get(A.Accept, q) for q in range(n)]
        out += [A.get(A.Decline, q) for q in range(n)]
        return out

    @classmethod
    def max_decisions(cls, players: int, options: Mapping[str, Any]) -> int:
        """A true bound (for drivers that advance the clock by at least 0.5 s at a time).

        Free actions are budgeted (real time: ``BURST + RATE * clock`` per seat; ticks:
        ``TICK_CAP`` per seat and tick); each draw adds one "keep"; each timer completion
        adds at most 4 decisions (a fusion mine's goods); the game ends by
        ``length + timer`` seconds at the latest.
        """
        n = players
        length = float(options.get("length", 1800))
        tlen = float(options.get("timer", 60))
        t_end = length + tlen
        cfg = config(players, options)
        completions = n * cfg["tmax"] * (int(t_end / tlen) + 2)
        if options.get("mode", "realtime") == "ticks":
            step = float(options.get("tick", 10))
            ticks = int(t_end / step) + 2
            free = n * ticks * TICK_CAP
            return n + 2 * free + n * ticks + 4 * completions + 16
        free = int(n * (BURST + RATE * (t_end + 1)))
        advances = int(t_end / MIN_ADVANCE) + 4
        return n + 2 * free + 4 * completions + advances + 16

    def asymmetries(self) -> list[dict[str, str]]:
        """Starting asymmetries per seat (for ``spacetable balance``): the goods colour the
        seat's starting mines lack, and its depot's demand. Read right after setup."""
        out = []
        for p in range(self.players):
            cards = self.personal[p] + self.planning[p] + self.built[p]
            cols = {card_type(c).colour for c in cards if card_type(c).kind == "mine"}
            missing = "".join(COLOURS[k] for k in range(4) if k not in cols)
            dep = [c for c in cards if card_type(c).kind == "depot" and card_type(c).level == 1]
            demand = "".join(
                COLOURS[k] * v for d in dep for k, v in enumerate(card_type(d).demands[0][0])
            )
            out.append({"missing_colour": missing, "depot_demand": demand})
        return out

    # ------------------------------------------------------------------ heuristic
    def evaluate(self, seat: int) -> float:
        """Heuristic value in [0, 1] (see :func:`heuristic.evaluate`)."""
        return _evaluate(self, seat)

    def next_event(self) -> float | None:
        """The game time of the next scheduled change: a running sand timer runs out, or the
        game length is reached (sand timers are public: every seat sees them)."""
        if self.over:
            return None
        ends = [e for e in self.t_end if e >= 0]
        if self.clock < self.end_at:
            ends.append(self.end_at)
        return min(ends) if ends else None


_HANDLERS: dict[type[Action], Any] = {
    A.Plan: Spacedealer._h_plan,
    A.Draw: Spacedealer._h_draw,
    A.Research: Spacedealer._h_research,
    A.Construct: Spacedealer._h_construct,
    A.Use: Spacedealer._h_use,
    A.Fly: Spacedealer._h_fly,
    A.Move: Spacedealer._h_move,
    A.Deliver: Spacedealer._h_deliver,
    A.Gizzi: Spacedealer._h_gizzi,
    A.Dump: Spacedealer._h_dump,
    A.Drop: Spacedealer._h_drop,
    A.Collect: Spacedealer._h_collect,
    A.OfferGoods: Spacedealer._h_offer_goods,
    A.OfferCard: Spacedealer._h_offer_card,
    A.OfferSwap: Spacedealer._h_offer_swap,
    A.Accept: Spacedealer._h_accept,
    A.Decline: Spacedealer._h_decline,
    A.Withdraw: Spacedealer._h_withdraw,
    A.Sabotage: Spacedealer._h_sabotage,
    A.Missile: Spacedealer._h_missile,
}
#: actions after which the actor's free actions but goods (``_fcache``, basic rules) stay:
#: they change only offers (its goods actions are forgotten apart)
_KEEP_FREE = frozenset((A.OfferGoods, A.Withdraw, A.Decline))
