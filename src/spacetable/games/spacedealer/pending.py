"""Spacedealer pending decisions: what a seat must decide after a timer runs out (3.2)."""

from __future__ import annotations

from spacetable.engine import (
    Action,
)

from . import actions as A
from .actions import (
    PLACE,
    PUT,
)
from .components import (
    SHIP_CAP,
    card_type,
)
from .constants import (
    P_BUILD,
    P_CONV,
    P_KEEP,
    P_PUT,
    P_SEND,
    W_BUILT,
    W_PERSONAL,
    W_PILE,
    W_PLANNING,
)
from .sites import Sites


class Pending(Sites):
    """Decisions a timer leaves to its seat: place a built card, put a produced good,
    convert, send goods from a probe, keep one of two drawn cards."""

    def _options(self, p: int) -> list[Action]:
        """The choices of the first pending decision of ``p``."""
        item = self.pending[p][0]
        kind = item[0]
        out: list[Action] = []
        if kind == P_BUILD:
            cid = item[1]
            out = [PLACE[x] for x in self.sites(p, cid)]
            out.append(A.SHELVE)
            if self.adv:
                out.append(A.DISCARD)
        elif kind == P_PUT:  # put a produced good
            colour = item[1]
            dests = self._dests(p)
            cols = [colour] if colour >= 0 else [k for k in range(4) if self.supply[k] > 0]
            codes = self._codes
            out = [PUT[k][codes[d]] for k in cols for d in dests]
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
