"""The state of a Spacedealer game as attributes, its settings and its caches.

:class:`CachedState` is the bottom of the rules' class chain (``rules.Spacedealer`` <-
``handlers`` <- ``legal`` <- ``timers`` <- ``pending`` <- ``sites`` <- ``caches``). The legal
actions of real time are kept per seat and forgotten narrowly (the ``_dirty_*`` helpers):
see the docs, "Real-time caches". :meth:`Legal.cache_errors` checks that no cache drifts.
"""

from __future__ import annotations

from typing import Any

from spacetable.engine import (
    Action,
    Game,
)

from .actions import (
    PROBE_CODE,
    STORE_CODE,
)
from .board import COL_DIST, COL_SIDE, powered_table
from .components import CardType, SdParts, config
from .constants import (
    IDLE,
    PROBE_CAP,
    SHIP_CAP,
    T_VOID,
    W_BUILT,
)


class CachedState(Game):
    """The attributes of a Spacedealer state, its settings, the cache layer (what to forget
    when something changes) and small queries on goods containers, timers and power."""

    # settings, derived from the options and the player count (:meth:`_configure`)
    adv: bool
    ticks: bool
    #: option ``effects``: a card's timer applies its effect the moment it runs out (the
    #: other reading of 3.2.3), instead of waiting, usable, for its player
    at_once: bool
    #: a plain attribute, not a property (read on every step of a playout): set from the
    #: "mode" option by :meth:`_configure`
    realtime: bool = True
    length: float
    tlen: float
    tick_step: float
    nships: int
    ncont: int
    tmax: int
    _codes: tuple[int, ...]
    _plain: bool
    # the components of the game's data set (``parts``), as the rules read them
    parts: SdParts
    _card: tuple[CardType, ...]
    _use_kind: tuple[int, ...]
    _demands: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    _gz_goods: tuple[tuple[int, ...], ...]
    _power: tuple[int, ...]
    _pw_table: tuple[tuple[tuple[bool, ...], ...], ...]
    # the state (declared in :attr:`Spacedealer.state`; the layout: :mod:`.rules`)
    where: list[int]
    owner: list[int]
    site: list[int]
    covered: list[int]
    blocked: list[int]
    attack: list[int]
    ctimer: list[int]
    fulfilled: list[int]
    pile: list[list[int]]
    personal: list[list[int]]
    planning: list[list[int]]
    built: list[list[int]]
    choice: list[int]
    choice_side: list[int]
    choice_pos: list[int]
    plants: list[int]
    plant_cards: list[tuple[int, ...]]
    acell: list[int]
    dcell: list[int]
    goods: list[int]
    supply: list[int]
    fgoods: list[int]
    gface: list[int]
    gpile: list[int]
    gwon: list[list[int]]
    ship_field: list[int]
    ship_from: list[int]
    ship_to: list[int]
    ship_owner: list[int]
    ship_timer: list[int]
    tech: list[int]
    score: list[int]
    markers: list[int]
    cap: list[int]
    plan_cap: list[int]
    ntimers: list[int]
    t_end: list[float]
    t_kind: list[int]
    t_arg: list[int]
    t_attack: list[int]
    pending: list[list[tuple[int, ...]]]
    offer: list[tuple[int, ...] | None]
    acts: list[int]
    done: list[int]
    black: int
    phase: int
    end_at: float
    call_at: float
    over: bool
    reason: str
    stations: tuple[int, ...]
    probes: tuple[int, ...]
    # caches (declared as ``Cache`` s in :attr:`Spacedealer.state`)
    _cache: list[list[Action] | bool | None]
    _gcache: list[list[Action] | None]
    _galt: list[list[Action] | None]
    _fcache: list[list[Action] | None]
    _ta: list[int] | None
    _nxt: int | None

    @property
    def is_over(self) -> bool:
        return self.over

    # ------------------------------------------------------------------ settings
    def _configure(self) -> dict[str, Any]:
        """Settings derived from the options and the player count (setup and load_state)."""
        cfg = config(self.players, self.options)
        parts = self.parts
        self._card = parts.card
        self._use_kind = parts.use_kind
        self._demands = parts.demands
        self._gz_goods = parts.gizzi_goods
        self._power = parts.power
        self._pw_table = powered_table(parts.power)
        self.adv = self.options["rules"] == "advanced"
        self.ticks = self.options["mode"] == "ticks"
        self.at_once = self.options["effects"] == "at_once"
        self.realtime = self.info.realtime_with(self.options)  # ticks mode: turn-based
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

    # ------------------------------------------------------------------ caches
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

    # ------------------------------------------------------------------ containers, timers, power
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

    def _store_and_probes(self, q: int) -> list[int]:
        """Seat ``q``'s planet containers: its depots (if it has any) and its active probes."""
        out = [self.nships + q] if self.cap[q] > 0 else []
        for k, cid in enumerate(self.probes):
            if self.owner[cid] == q:
                c = self.nships + self.players + k
                if self._cont_active(c):
                    out.append(c)
        return out

    def _load(self, c: int) -> int:
        g = self.goods
        b = 4 * c
        return g[b] + g[b + 1] + g[b + 2] + g[b + 3]

    def _idle_timer(self, p: int) -> int:
        base = p * self.tmax
        te = self.t_end
        for i in range(self.ntimers[p]):
            if te[base + i] == IDLE:
                return base + i
        return -1

    def _powered(self, p: int, c: int) -> bool:
        d = COL_DIST[c]
        return d > 0 and d <= self._power[self.plants[2 * p + COL_SIDE[c]]]

    def _running(self) -> bool:
        """Whether a sand timer runs that will take effect (not a sabotaged one)."""
        tk = self.t_kind
        return any(e >= 0 and tk[t] != T_VOID for t, e in enumerate(self.t_end))

    def _closing(self) -> bool:
        return self.clock >= self.end_at
