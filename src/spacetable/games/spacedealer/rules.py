"""Spacedealer (Tobias Stapelfeldt, eggertspiele 2006): the real-time trading game.

Rulebook: ``shared/seeds/004_389e09d48ec98e8e.txt`` (French). Sections: 2 setup, 3.1 playing
technology cards, 3.2 sand timers (3.2.1 tech level, 3.2.2 building, 3.2.3 using cards,
3.2.4 flying), 3.3 exchanging goods, 3.4 demands, 4 end, 5 advanced rules. The rules map of
``docs/games/spacedealer.md`` links every rule sentence to the functions here.

The rules are a chain of classes, one module per seam, each building on the one below:
:mod:`.caches` (attributes, settings, caches), :mod:`.sites` (building), :mod:`.pending`
(decisions), :mod:`.timers` (time and the end), :mod:`.legal` (legal actions),
:mod:`.handlers` (applying actions), :mod:`.why` (why an action is not legal, on demand
only) and this module (options, declared state, set-up, outcome, resampling, the RL space).

Time: ``self.clock`` counts seconds of game time. A sand timer turned now ends at
``clock + timer length``; ``Timers._advance`` (:mod:`.timers`) resolves every completion in
time order. In the ``ticks`` mode the game is turn-based: every seat acts then plays ``done``, and
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
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from spacetable.engine import (
    BOOL,
    FLOAT,
    INT,
    STR,
    Action,
    Cache,
    Field,
    GameInfo,
    OptionSpec,
    Outcome,
    StateSpec,
    list_of,
    opt,
    option_words,
    ranks_from_keys,
    tuple_of,
)

from . import actions as A
from .actions import (
    PROBE_CODE,
    STORE_CODE,
)
from .components import COLOURS, SdParts, config
from .constants import (
    ADVANCED_LISTS,
    ADVANCED_SETS,
    BASE_PLANNING,
    BASE_TIMERS,
    BOX_SIZE,
    BURST,
    GOODS_PER_COLOUR,
    GRID_W,
    MIN_ADVANCE,
    NOT_ENDED,
    P_KEEP,
    RATE,
    REMOVE,
    SETS,
    START_MARKERS,
    T_IDLE,
    TICK_CAP,
    W_DRAWN,
    W_OUT,
    W_PERSONAL,
    W_PILE,
    End,
)
from .evaluation import evaluate
from .labels import describe
from .tables import DATA
from .view import component_ids
from .view import view as seat_view
from .why import WhyNot


class Spacedealer(WhyNot):
    """The Spacedealer game state. See the module docstring for the layout."""

    info = GameInfo(
        id="spacedealer",
        name_en="Spacedealer",
        name_fr="Spacedealer",
        min_players=3,
        max_players=8,
        realtime=True,
        turn_based_when={"mode": "ticks"},
        hidden_information=True,
        chance=True,
        options={
            "rules": OptionSpec(
                default="basic",
                choices=("basic", "advanced"),
                **option_words(__name__, "rules"),
            ),
            "mode": OptionSpec(
                default="realtime",
                choices=("realtime", "ticks"),
                **option_words(__name__, "mode"),
            ),
            "length": OptionSpec(
                default=1800,
                choices=(1800, 1200, 900, 600, 300, 120),
                **option_words(__name__, "length"),
            ),
            "timer": OptionSpec(
                default=60,
                choices=(60, 30, 20, 10),
                **option_words(__name__, "timer"),
            ),
            "tick": OptionSpec(
                default=10,
                choices=(10, 5, 15, 20, 30, 60),
                **option_words(__name__, "tick"),
            ),
            "effects": OptionSpec(
                default="wait",
                choices=("wait", "at_once"),
                **option_words(__name__, "effects"),
            ),
        },
    )
    action_types = A.ACTION_TYPES
    terminations = End
    data_spec = DATA
    #: the components of the game's data set (its tables: ``docs/data.md``)
    parts: SdParts
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
        Field("call_at", FLOAT),
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
        self.pile = [[], [], [], []]  # index = level (2, 3 used)
        self.personal = [[] for _ in range(n)]
        self.planning = [[] for _ in range(n)]
        self.built = [[] for _ in range(n)]
        self.choice = [-1] * n
        self.choice_side = [0] * n
        self.choice_pos = [0] * n
        self.plants = [0] * (2 * n)
        self.plant_cards = [() for _ in range(2 * n)]
        self.acell = [-1] * (n * GRID_W)
        self.dcell = [-1] * (n * GRID_W)
        self.goods = [0] * (self.ncont * 4)
        self.supply = [GOODS_PER_COLOUR * cfg["boxes"]] * 4
        self.black = cfg["black"]
        nf = 2 * n
        self.fgoods = [0] * (nf * 4)
        self.gface = [-1] * nf
        self.gpile = []
        self.gwon = [[] for _ in range(n)]
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
        self.pending = [[] for _ in range(n)]
        self.offer = [None] * n
        self.acts = [0] * n
        self.done = [0] * n
        self.phase = 0
        self.end_at = self.length
        self.call_at = NOT_ENDED
        self.over = False
        self.reason = ""
        self.stations = ()
        self.probes = ()
        self._cache = [None] * n
        self._gcache = [None] * n
        self._galt = [None] * n
        self._fcache = [None] * n
        self._ta = None
        self._nxt = None
        self._deal(cfg)

    def _deal(self, cfg: dict[str, int]) -> None:
        n = self.players
        rng = self.rng
        parts = self.parts
        row_kind, row_level = parts.row_kind, parts.row_level
        sets = SETS[n]
        asets = ADVANCED_SETS[n] if self.adv else ()
        start_piles: list[list[int]] = []
        depots: list[int] = []
        generators: list[int] = []
        stations: list[int] = []
        probes: list[int] = []
        for b, kind in enumerate(sets):
            base = b * BOX_SIZE
            ids = [base + i for i in range(BOX_SIZE)]
            used = {base + r for r in parts.row_basic}
            # starting sets: mines sorted by colour, shuffled, dealt so each pile lacks one colour
            piles: list[list[int]] = [[] for _ in range(4)]
            for col in range(4):
                mines = [base + r for r in parts.row_mines[col]]
                rng.shuffle(mines)
                targets = [k for k in range(4) if k != col]
                for k, m in zip(targets, mines, strict=True):
                    piles[k].append(m)
            box_depots = [base + r for r in parts.row_depots]
            rng.shuffle(box_depots)
            box_gens = [base + r for r in parts.row_gens]
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
                for k2, v in REMOVE["3"].items():
                    removals[k2] = removals.get(k2, 0) + v
            if kind == "3-":
                for k2, v in REMOVE["5"].items():
                    removals[k2] = removals.get(k2, 0) + v
            for kname, count in removals.items():
                if kname in ("generator", "depot"):
                    continue  # the unused starting sets above
                pool = sorted(c for c in used if row_kind[c - base] == kname)
                rng.shuffle(pool)
                used -= set(pool[:count])
            if b < len(asets):
                add = ADVANCED_LISTS[asets[b]]
                for kname, count in add.items():
                    pool = [c for c in ids if row_kind[c - base] == kname]
                    rng.shuffle(pool)
                    chosen = sorted(pool[:count])
                    used |= set(chosen)
                    if kname == "orbital_station":
                        stations.extend(chosen)
                    if kname == "transport_probe":
                        probes.extend(chosen)
            for c in sorted(used):
                lv = row_level[c - base]
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

    # ------------------------------------------------------------------ view and labels
    def describe_action(self, action: Action, lang: str = "en") -> str:
        return describe(action, lang, self.parts)

    def _component_ids(self, view: Mapping[str, Any]) -> Iterable[str]:
        return component_ids(view)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return seat_view(self, seat)

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
        parts = self.parts
        advanced, group, group_kind = parts.advanced, parts.group, parts.group_kind
        outs = [c for c in range(len(where)) if where[c] == W_OUT and (self.adv or not advanced[c])]
        # Levels 2-3: how many cards of each kind play is public (the rulebook's lists), which
        # copies were set aside is not. Choose the copies set aside per kind first (the game's
        # orbital stations and transport probes keep their ids: ``stations``, ``probes``),
        # then deal the cards in play to the unseen places of their level (shuffled below).
        unseen = [self.pile[2], self.pile[3], *[d for d in drawn if d]]
        aside: dict[tuple[int, str], int] = {}
        for c in outs:
            key = group_kind[c]
            if key[0] >= 2:
                aside[key] = aside.get(key, 0) + 1
        by_kind: dict[tuple[int, str], list[int]] = {}
        for c in sorted([c for seq in unseen for c in seq] + outs):
            key = group_kind[c]
            if key[0] >= 2:
                by_kind.setdefault(key, []).append(c)
        fixed = set(self.stations) | set(self.probes)
        play: dict[int, list[int]] = {2: [], 3: []}
        outs = [c for c in outs if group_kind[c][0] == 1]
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
            places = [(seq, i) for seq in unseen for i, c in enumerate(seq) if group[c][0] == lv]
            for (seq, i), c in zip(places, sorted(play[lv]), strict=True):
                seq[i] = c
        groups: dict[Any, list[tuple[list[int], int]]] = {}
        seqs: list[list[int]] = [self.personal[p] for p in range(n) if p != seat]
        seqs += unseen  # the piles and other seats' drawn cards: levels 2-3 shuffled here
        seqs.append(outs)
        for seq in seqs:
            last = seq is outs
            for i, c in enumerate(seq):
                key = group[c]
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
                mines = [c for c in self.personal[p] if self._card[c].kind == "mine"]
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
        # every card id may be any card (a data set decides which): the space is the same
        # for every data set (docs/data.md)
        cids = range(ncards)
        out += [A.get(A.Start, c, s, d) for c in cids for s in (0, 1) for d in (1, 2)]
        out += [A.get(A.Plan, c) for c in cids]
        out += [A.get(A.Draw, 2), A.get(A.Draw, 3)]
        out += [A.get(A.Keep, c) for c in cids]
        out.append(A.RESEARCH)
        out += [A.get(A.Construct, c) for c in cids]
        out += [A.get(A.Use, c) for c in cids]
        out += [A.get(A.Fly, s, f) for s in range(S) for f in range(2 * n)]
        out += [A.get(A.Place, c, x) for c in cids for x in range(GRID_W)]
        out += [A.get(A.Shelve, c) for c in cids]
        if adv:
            out += [A.get(A.Discard, c) for c in cids]
        out += [A.get(A.Apply, c) for c in cids]
        out += [A.SKIP, A.WITHDRAW, A.DONE]
        codes = list(range(S)) + [STORE_CODE + p for p in range(n)]
        codes += [PROBE_CODE + k for k in range(cfg["probes"])]
        out += [A.get(A.Put, k, c) for k in range(4) for c in codes]
        out += [A.get(A.Convert, c, k, j) for c in codes[: S + n] for k in range(4)
                for j in range(4) if j != k]  # fmt: skip
        out += [A.get(A.Send, s, k) for s in range(S) for k in range(4)]
        out += [A.get(A.Move, a, b, k) for a in codes for b in codes if a != b
                for k in range(4)]  # fmt: skip
        out += [A.get(A.Deliver, s, 2 * c + j) for s in range(S) for c in cids
                for j in range(2)]  # fmt: skip
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
            out += [A.get(A.Missile, c) for c in cids]
        out += [A.get(A.OfferGoods, a, b, g, t) for a in codes for b in codes if a != b
                for g in range(5) for t in range(5) if g != t]  # fmt: skip
        out += [A.get(A.OfferMore, g, t) for g in range(5) for t in range(5) if g != t]
        out += [A.get(A.Accept, q) for q in range(n)]
        out += [A.get(A.Decline, q) for q in range(n)]
        return out

    def max_chance_outcomes(self) -> int:
        """The game's cards come in one or two boxes: every shuffle (a pile, the depots, the
        Gizzi cards, the starting sets) draws among at most the cards of the boxes in play."""
        cfg = config(self.players, self.options)
        return max(cfg["cards"] + cfg["gizzi"], len(self.components()), self.players, 2)

    @classmethod
    def max_decisions(cls, players: int, options: Mapping[str, Any]) -> int:
        """A true bound (for drivers that advance the clock by at least 0.5 s at a time).

        Free actions are budgeted (real time: ``BURST + RATE * clock`` per seat; ticks:
        ``TICK_CAP`` per seat and tick); each draw adds one "keep"; each timer completion
        adds at most 4 decisions (a fusion mine's goods); the game ends by
        ``length + 2 * timer`` seconds at the latest (the last timer turned before the end,
        then the last call), and each seat says once that it has finished.
        """
        n = players
        length = float(options.get("length", 1800))
        tlen = float(options.get("timer", 60))
        t_end = length + 2 * tlen
        cfg = config(players, options)
        completions = n * cfg["tmax"] * (int(t_end / tlen) + 2)
        if options.get("mode", "realtime") == "ticks":
            step = float(options.get("tick", 10))
            ticks = int(t_end / step) + 2
            free = n * ticks * TICK_CAP
            return 2 * n + 2 * free + n * ticks + 4 * completions + 16
        free = int(n * (BURST + RATE * (t_end + 1)))
        advances = int(t_end / MIN_ADVANCE) + 4
        return 2 * n + 2 * free + 4 * completions + advances + 16

    def asymmetries(self) -> list[dict[str, str]]:
        """Starting asymmetries per seat (for ``spacetable balance``): the goods colour the
        seat's starting mines lack, and its depot's demand. Read right after setup."""
        out = []
        for p in range(self.players):
            cards = self.personal[p] + self.planning[p] + self.built[p]
            ct = self._card
            cols = {ct[c].colour for c in cards if ct[c].kind == "mine"}
            missing = "".join(COLOURS[k] for k in range(4) if k not in cols)
            dep = [c for c in cards if ct[c].kind == "depot" and ct[c].level == 1]
            demand = "".join(COLOURS[k] * v for d in dep for k, v in enumerate(ct[d].demands[0][0]))
            out.append({"missing_colour": missing, "depot_demand": demand})
        return out

    # ------------------------------------------------------------------ evaluation
    def evaluate(self, seat: int) -> float:
        """Heuristic value in [0, 1] (see :func:`heuristic.evaluate`)."""
        return evaluate(self, seat)
