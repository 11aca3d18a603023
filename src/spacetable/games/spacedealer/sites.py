"""Spacedealer building sites and building (rulebook 3.2.2 a-d), covered cards, Gizzi cards."""

from __future__ import annotations

from .board import PLANT_NEED
from .caches import CachedState
from .constants import (
    GIZZI_PER_BOX,
    GRID_W,
    READY,
    W_BUILT,
    fits,
)


class Sites(CachedState):
    """Building sites and building (rulebook 3.2.2), covering cards, and Gizzi cards (5.3)."""

    def sites(self, p: int, cid: int) -> list[int]:
        """Legal building sites of card ``cid`` on planet ``p`` (rulebook 3.2.2 a-d)."""
        t = self._card[cid]
        out: list[int] = []
        if t.shape == "P":
            need = PLANT_NEED.get(t.kind, -1)
            return [s for s in (0, 1) if self.plants[2 * p + s] == need]
        base = p * GRID_W
        ac = self.acell[base : base + GRID_W]
        dc = self.dcell[base : base + GRID_W]
        blocked = self.blocked
        shape = t.shape
        if shape == "C1" or shape == "C2":
            pw = self._pw_table[self.plants[2 * p]][self.plants[2 * p + 1]]
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
        t = self._card[cid]
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

    def _use_timer(self, p: int, cid: int) -> None:  # pragma: no cover - in :mod:`.timers`
        raise NotImplementedError

    def _cover(self, p: int, cid: int) -> None:
        self.covered[cid] = 1
        t = self._card[cid]
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
        ct = self.ctimer[cid]
        if ct >= 0 and self.t_end[ct] == READY:
            # a run-out use timer waiting on the card: its effect is lost with the card ("Les
            # effets des cartes sur lesquelles on a construit ... ne peuvent plus être
            # utilisés"), and the timer comes back idle, as one still running would
            self._use_timer(p, cid)
            self.emit({"event": "no_effect", "seat": p, "card": cid, "why": "covered"})

    def _recap(self, p: int) -> None:
        cap = 0
        for c in self.built[p]:
            t = self._card[c]
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
        need = self._gz_goods[gid % GIZZI_PER_BOX]
        seats = set()
        for s in range(self.nships):
            if self.ship_field[s] == f and self._cont_active(s) and fits(need, self.goods, 4 * s):
                seats.add(self.ship_owner[s])
        return len(seats)

    def _gizzi_refill(self, f: int) -> None:
        self.gface[f] = -1
        tries = len(self.gpile)
        while self.gpile and tries > 0:
            tries -= 1
            gid = self.gpile.pop()
            self.revealed()  # a face-down Gizzi is turned (or seen and put back)
            if tries > 0 and self._gizzi_can(f, gid) > 1:
                self.gpile.insert(0, gid)
                self.emit({"event": "gizzi_redraw", "field": f, "gizzi": gid})
                continue
            self.gface[f] = gid
            self.emit({"event": "gizzi_face", "field": f, "gizzi": gid})
            return
