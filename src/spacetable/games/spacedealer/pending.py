"""Spacedealer pending decisions: what a seat must decide after a timer runs out (3.2)."""

from __future__ import annotations

from spacetable.engine import (
    Action,
)

from . import actions as A
from .actions import (
    PUT,
)
from .constants import (
    P_CONV,
    P_KEEP,
    P_PUT,
    P_SEND,
    SHIP_CAP,
    W_PERSONAL,
    W_PILE,
    W_PLANNING,
)
from .sites import Sites


class Pending(Sites):
    """Decisions an effect leaves to its seat at the instant it applies: put a produced good,
    convert, send goods from a probe, keep one of two drawn cards. The seat makes them before
    anything else (they are that instant's choices); the ships they may use are those that
    were on the planet at that instant (recorded in the decision), so holding a decision
    back never brings a ship that lands later into it."""

    def _pending_actions(self, p: int) -> list[Action]:
        """The choices of the first pending decision of ``p``."""
        item = self.pending[p][0]
        kind = item[0]
        out: list[Action] = []
        if kind == P_PUT:  # put a produced good
            colour = item[1]
            dests = self._dests(p, item[3])
            cols = [colour] if colour >= 0 else [k for k in range(4) if self.supply[k] > 0]
            codes = self._codes
            out = [PUT[k][codes[d]] for k in cols for d in dests]
            if not out:
                out = [A.SKIP]
        elif kind == P_CONV:  # convert
            conts = [s for s in self._ships_of(p, item[3]) if self.ship_field[s] == 2 * p]
            if self.cap[p] > 0:
                conts.append(self.nships + p)
            for c in conts:
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

    def _ships_of(self, p: int, mask: int) -> list[int]:
        """The ships of ``mask`` (a decision's record) that belong to ``p``."""
        so = self.ship_owner
        return [s for s in range(self.nships) if mask >> s & 1 and so[s] == p]

    def _dests(self, p: int, mask: int) -> list[int]:
        """Where a good produced on ``p``'s planet may go (3.2.3 a): "soit dans un dépôt de la
        planète, soit dans un vaisseau spatial sur la planète" — any ship that was on the
        planet when the good was produced (``mask``) and still is, a visitor's included, then
        the planet's depots and transport probes, each with room."""
        g = self.goods
        out = []
        home = 2 * p
        sf = self.ship_field
        s = 0
        m = mask
        while m:
            if m & 1 and sf[s] == home and self._cont_active(s):
                b = 4 * s
                if g[b] + g[b + 1] + g[b + 2] + g[b + 3] < SHIP_CAP:
                    out.append(s)
            m >>= 1
            s += 1
        cap = self.cap[p]
        if cap > 0:
            c = self.nships + p
            b = 4 * c
            if g[b] + g[b + 1] + g[b + 2] + g[b + 3] < cap:
                out.append(c)
        if self.probes:
            for c in self._store_and_probes(p):
                if c >= self.nships + self.players and self._load(c) < self._cont_cap(c):
                    out.append(c)
        return out

    def _autoresolve(self, p: int) -> None:
        pend = self.pending[p]
        while pend:
            opts = self._pending_actions(p)
            if len(opts) > 1:
                if not self.over and not (self.ticks and self.done[p]):
                    self._cache[p] = opts  # exactly legal_actions(p) now
                break
            self._resolve(p, opts[0])

    def _resolve(self, p: int, a: Action) -> None:
        item = self.pending[p].pop(0)
        kind = item[0]
        self._dirty_seat(p)
        if kind == P_PUT:
            if isinstance(a, A.Put):
                dst = self._idx(a.to)
                self.goods[4 * dst + a.colour] += 1
                self._dirty_at(self._cont_loc(dst))
                if dst < self.nships and self.ship_owner[dst] != p:
                    self._fcache[self.ship_owner[dst]] = None  # a visitor's ship: its flights
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
                    self.pending[p].insert(0, (P_CONV, item[1] - 1, item[2], item[3]))
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
        lv = self._card[cid].level
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
