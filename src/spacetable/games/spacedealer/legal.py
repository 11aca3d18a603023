"""Spacedealer legal-move generation: ``to_act`` and ``legal_actions`` (the hot path).

The lists are built from prebuilt actions (:mod:`.actions`) and kept per seat in the caches
of :mod:`.caches`; the basic rules take shorter paths (``_plain``).
"""

from __future__ import annotations

from collections.abc import Sequence

from spacetable.engine import (
    Action,
)

from . import actions as A
from .actions import (
    ACCEPT,
    APPLY,
    CONSTRUCT,
    DECLINE,
    DISCARD,
    DRAW2,
    DRAW3,
    DUMP,
    FLIGHTS,
    OTAB,
    PLACE,
    PLAN,
    SHELVE,
    USE,
    flights,
    offers,
)
from .constants import (
    BURST,
    GIZZI_PER_BOX,
    IDLE,
    NONE,
    PROBE_CAP,
    RATE,
    READY,
    SHIP_CAP,
    T_BUILD,
    T_IDLE,
    T_RESEARCH,
    T_VOID,
    TICK_CAP,
    W_BUILT,
    fits,
)
from .timers import Timers


class Legal(Timers):
    """Who may act and every legal action of a seat, kept in the caches."""

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
        if self.call_at >= 0:  # the last call (rare): each seat's whole list
            for p, c in enumerate(cache):
                if not isinstance(c, list):
                    c = cache[p] = self._legal(p)
                if c:
                    out.append(p)
            return out
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
        base = p * self.tmax
        if READY in self.t_end[base : base + self.tmax]:
            return True  # a run-out timer to use (place, shelve or apply)
        if self.clock < self.end_at:  # not closing
            tech = self.tech[p]
            if len(self.planning[p]) < self.plan_cap[p] and (
                self.personal[p] or (tech >= 2 and self.pile[2]) or (tech >= 3 and self.pile[3])
            ):
                return True  # plan or draw
            if IDLE in self.t_end[base : base + self.ntimers[p]]:  # an idle timer
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
                    if self._use_kind[c] == 1 and not covered[c] and ctimer[c] < 0:
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
        return not built or max(map(self._use_kind.__getitem__, built)) < 2

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
                if self._card[c].kind == "mine"
                for side in (0, 1)
                for pos in (1, 2)
            ]
        if self.done[p]:  # ticks: this tick is over; real time: finished in the last call
            return []
        if self.pending[p]:
            return self._pending_actions(p)
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
        if self.ticks or (self.call_at >= 0 and out):
            out.append(A.DONE)  # end of the tick; in the last call (real time): finished
        return out

    def _free_actions(self, p: int, out: list[Action]) -> None:
        if self._plain:
            fc = self._fcache[p]  # pragma: no mutate
            if fc is None:  # pragma: no mutate
                fc = self._fcache[p] = []  # pragma: no mutate
                self._free_part(p, fc)  # pragma: no mutate
            out += fc  # pragma: no mutate
        else:
            self._free_part(p, out)
        gc = self._gcache[p]
        if gc is None:
            gc = self._gcache[p] = []
            if self._plain:
                self._goods_plain(p, gc)  # pragma: no mutate
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
                    out.append(ACCEPT[q])
                out.append(DECLINE[q])
        o = offer[p]
        if o is not None:
            caps: tuple[int, int] | None = None
            if o[1] == 0:
                if plain:
                    caps = self._plain_caps(p, o)
                elif self._offer_placed(p, o):
                    caps = self._cont_cap(o[2]), self._cont_cap(o[3])
            if caps is not None:
                # a goods offer between containers still face to face: one more good given
                # and/or taken (3.3), within the goods there and both capacities
                src, dst = o[2], o[3]
                g = self.goods
                bs, bd = 4 * src, 4 * dst
                ls = g[bs] + g[bs + 1] + g[bs + 2] + g[bs + 3]
                ld = g[bd] + g[bd + 1] + g[bd + 2] + g[bd + 3]
                room_s = caps[0] - ls  # what src may gain, dst lose
                room_d = caps[1] - ld
                net = o[8] + o[9] + o[10] + o[11] - o[4] - o[5] - o[6] - o[7]  # src's gain
                give = [k for k in range(4) if g[bs + k] > o[4 + k]] + [NONE]
                take = [k for k in range(4) if g[bd + k] > o[8 + k]] + [NONE]
                more = A.MORE
                for i in give:
                    for j in take:
                        if i == j:
                            continue
                        d = net - (i < NONE) + (j < NONE)
                        if d <= room_s and -d <= room_d:
                            out.append(more[5 * i + j])  # type: ignore[arg-type]
            out.append(A.WITHDRAW)

    def _plain_caps(self, q: int, o: tuple[int, ...]) -> tuple[int, int] | None:
        """:meth:`_offer_placed` of ``q``'s goods offer ``o`` with ``_plain`` (the only offers
        then: containers are the ships, ship ``s`` seat ``s``'s own, and the depots): the
        capacities of its two containers, or ``None`` if they are not face to face."""
        to, src, dst = o[0], o[2], o[3]
        n = self.players
        sf = self.ship_field
        cap = self.cap
        if src < n:  # active, owner, field, capacity
            if src != q or sf[src] < 0:
                return None
            f, cs = sf[src], SHIP_CAP
        else:
            if src - n != q or cap[q] <= 0:
                return None
            f, cs = 2 * q, cap[q]
        if dst < n:
            if dst != to or sf[dst] != f:
                return None
            return cs, SHIP_CAP
        if dst - n != to or cap[to] <= 0 or 2 * to != f:
            return None
        return cs, cap[to]

    def _goods_offer_ok(self, q: int, o: tuple[int, ...]) -> bool:
        """:meth:`_offer_valid` of a goods offer with ``_plain`` (the only offers then)."""
        caps = self._plain_caps(q, o)
        if caps is None:
            return False
        cs, cd = caps
        src, dst = o[2], o[3]
        g = self.goods
        bs, bd = 4 * src, 4 * dst
        ds = 0
        for k in range(4):
            gk, tk = o[4 + k], o[8 + k]
            if g[bs + k] < gk or g[bd + k] < tk:
                return False
            ds += tk - gk
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
        base = p * self.tmax
        te = self.t_end
        if READY in te[base : base + self.tmax]:
            # run-out timers waiting for their use (rulebook 2: "utilisable"): place the
            # card, take the timer back, discard it (advanced), or apply the card's effect
            tk, ta = self.t_kind, self.t_arg
            for t in range(base, base + self.tmax):
                if te[t] == READY:
                    c = ta[t]
                    if tk[t] == T_BUILD:
                        row = PLACE[c]
                        out.extend([row[x] for x in self.sites(p, c)])
                        out.append(SHELVE[c])
                        if self.adv:
                            out.append(DISCARD[c])
                    else:
                        out.append(APPLY[c])
        if self.clock < self.end_at:  # not closing
            tech = self.tech[p]
            if len(plan) < self.plan_cap[p]:
                personal = self.personal[p]
                if personal:
                    out.extend([PLAN[c] for c in personal])
                if tech >= 2 and self.pile[2]:
                    out.append(DRAW2)
                if tech >= 3 and self.pile[3]:
                    out.append(DRAW3)
            if IDLE in te[base : base + self.ntimers[p]]:  # an idle timer
                if tech < 3 and T_RESEARCH not in self.t_kind[base : base + self.tmax]:
                    out.append(A.RESEARCH)
                ctimer = self.ctimer
                for c in plan:
                    if ctimer[c] < 0:
                        out.append(CONSTRUCT[c])
                covered = self.covered
                use_kind = self._use_kind
                if self._plain:  # no card of the advanced rules: plain uses, nothing blocked
                    for c in self.built[p]:
                        if use_kind[c] and not covered[c] and ctimer[c] < 0:
                            out.append(USE[c])
                else:
                    for c in self.built[p]:
                        u = use_kind[c]
                        if not u or covered[c] or ctimer[c] >= 0:
                            continue
                        # a blocked slot always takes a timer: it only removes the marker
                        # (5.1 e)
                        if not self.blocked[c]:
                            if u == 2 and (
                                self.attack[c] >= self._card[c].amount or self.black == 0
                            ):
                                continue
                            if u == 3 and self._load(self.nships + n + self.probes.index(c)) == 0:
                                continue
                        out.append(USE[c])
                nf = 2 * n
                so, st, sf, g = self.ship_owner, self.ship_timer, self.ship_field, self.goods
                f = sf[p]
                if st[p] < 0 and f >= 0:  # ship p is always p's own
                    b = 4 * p
                    empty = g[b] + g[b + 1] + g[b + 2] + g[b + 3] == 0
                    out.extend(FLIGHTS.get((nf, p, f, empty)) or flights(nf, p, f, empty))
                for s in range(n, self.nships):  # the neutral ships of orbital stations
                    if so[s] != p or st[s] >= 0:
                        continue
                    f = sf[s]
                    if f < 0 or covered[self.stations[s - n]]:
                        continue
                    b = 4 * s
                    out.extend(flights(nf, s, f, g[b] + g[b + 1] + g[b + 2] + g[b + 3] == 0))
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
            e = self._card[c].effect
            sab = sab or e == "sabotage"
            mis = mis or e == "missile"
        if sab:  # "sur un sablier actif": a running timer
            te = self.t_end
            for t, k in enumerate(self.t_kind):
                if k != T_IDLE and k != T_VOID and te[t] >= 0:
                    out.append(A.get(A.Sabotage, t))
        if mis:
            for q in range(self.players):
                if sum(self.blocked[c] for c in self.built[q]) >= 2:
                    continue
                for c in self.built[q]:
                    if (
                        self._card[c].slot
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
        out += self._store_and_probes(p)
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
                    if (
                        gid >= 0
                        and self.markers[p] > 0
                        and fits(self._gz_goods[gid % GIZZI_PER_BOX], g, base)
                    ):
                        out.append(get(A.Gizzi, s))  # "suivant les règles normales": a marker
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
            out.append(DUMP[d4])
        if g1:
            out.append(DUMP[d4 + 1])
        if g2:
            out.append(DUMP[d4 + 2])
        if g3:
            out.append(DUMP[d4 + 3])
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
        demands = self._demands
        for cid in self.built[q]:
            for d, need in demands[cid]:
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
                tab = OTAB[codes[src]][codes[dst]] or offers(codes[src], codes[dst])
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
            out += self._store_and_probes(f // 2)
        return out

    def _goods_ok(self, src: int, dst: int, give: Sequence[int], take: Sequence[int]) -> bool:
        """Whether container ``src`` can give the goods ``give`` (counts per colour) to
        ``dst`` and take ``take`` from it, both within their capacity afterwards."""
        g = self.goods
        bs, bd = 4 * src, 4 * dst
        ds = 0
        for k in range(4):
            if g[bs + k] < give[k] or g[bd + k] < take[k]:
                return False
            ds += take[k] - give[k]
        return self._load(src) + ds <= self._cont_cap(src) and self._load(
            dst
        ) - ds <= self._cont_cap(dst)

    def _offer_placed(self, q: int, o: tuple[int, ...]) -> bool:
        """Whether the containers of ``q``'s goods offer ``o`` are active, still their
        owners', and on the same orbit field ("sur la même planète", 3.3)."""
        src, dst = o[2], o[3]
        if not (self._cont_active(src) and self._cont_active(dst)):
            return False
        if self._cont_owner(src) != q or self._cont_owner(dst) != o[0]:
            return False
        f = self._cont_loc(src)
        return f >= 0 and f == self._cont_loc(dst)

    def _offer_valid(self, q: int, o: tuple[int, ...]) -> bool:
        kind = o[1]
        if kind == 0:  # goods
            return self._offer_placed(q, o) and self._goods_ok(o[2], o[3], o[4:8], o[8:12])
        to = o[0]
        cid = o[2]
        if not self._card_free(q, cid):
            return False
        if kind == 1:
            return len(self.planning[to]) < self.plan_cap[to]
        return self._card_free(to, o[3])

    def _card_free(self, p: int, cid: int) -> bool:
        """A planning card of ``p`` with no timer on it and no building decision pending."""
        return cid in self.planning[p] and self.ctimer[cid] < 0

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
