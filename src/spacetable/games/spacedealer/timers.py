"""Spacedealer time: sand timers (rulebook 3.2), their effects, and the end of the game (4).

``clock`` counts seconds of game time. A sand timer turned now ends at ``clock + timer
length``; :meth:`Timers._advance` resolves every completion in time order. In the ``ticks``
mode every seat acts then plays ``done``, and the clock then moves one step.
"""

from __future__ import annotations

from typing import Any

from .constants import (
    BURST,
    CLOSING,
    IDLE,
    NOT_ENDED,
    P_CONV,
    P_KEEP,
    P_PUT,
    P_SEND,
    RATE,
    READY,
    T_BUILD,
    T_FLY,
    T_IDLE,
    T_NAMES,
    T_RESEARCH,
    T_USE,
    W_BUILT,
    W_PILE,
    End,
)
from .pending import Pending


class Timers(Pending):
    """Game time: sand timers turned and run out in time order, the end of the game."""

    def _compute_to_act(self) -> list[int]:  # pragma: no cover - defined in :mod:`.legal`
        raise NotImplementedError

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
            if self.clock >= self.end_at and self.call_at == NOT_ENDED:
                self.call_at = CLOSING  # this timer still ran at the end
            self._complete(best)
            if self.clock >= self.end_at:
                self._check_end()
        if not self.over:
            if self.call_at >= 0 and not self.ticks and target >= self.call_at + self.tlen:
                # the last call lasts one sand timer at most (the end: interpretation 10)
                self.clock = max(self.clock, self.call_at + self.tlen)
                self._finish()
            elif self.call_at == NOT_ENDED and self.end_at <= target:
                self.clock = max(self.clock, self.end_at)
                self._check_end()
                if not self.over:
                    self.clock = target
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
        """The end of the game (rulebook 4), called whenever it may have come: after an action
        or a timer running out at or after ``end_at`` (the game length, or the moment a
        player placed their last victory marker).

        * The end is reached and no timer runs: the game is over at once.
        * Timers still run (``call_at == CLOSING``): they run out and are used "de la manière
          habituelle"; no new timer is turned, everything else goes on.
        * The last of them has run out: the **last call** begins (``call_at`` = that time):
          every seat may still finish what the timers brought (a ship that just landed
          delivers, a good is put, a run-out timer is used, goods are exchanged), then says
          it has finished (``done``). The game is over when no seat has anything left to do,
          or one sand timer after the last call began (real time; in ticks, when every seat
          has ended its tick).
        """
        if self.over or self.clock < self.end_at:
            return
        if self.call_at < 0:
            if self._running():
                self.call_at = CLOSING
                return
            if self.call_at == NOT_ENDED:
                self._finish()
                return
            self.call_at = self.clock  # the last running timer is used: the last call
            self._dirty()
            self.emit({"event": "last_call", "clock": self.clock})
        if self.ticks:
            return  # the last call ends when every seat has ended its tick (``done``)
        if self.clock >= self.call_at + self.tlen:
            self._finish()
            return
        ta = self._ta
        if ta is None:
            ta = self._ta = self._compute_to_act()
        if not ta:
            self._finish()

    def _finish(self) -> None:
        """The game is over: undecided choices are dropped, open offers end."""
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
        while te[t] != IDLE:  # a timer is legal only when one is idle)
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
            if self._use_kind[arg] == 3:  # a transport probe
                self._dirty_at(2 * p)  # the probe stops carrying goods while it flies
        elif kind == T_FLY:
            self.ship_timer[arg] = t
        return t

    def _complete(self, t: int) -> None:
        """Timer ``t`` runs out. Research and flights are used at once ("Quand le sablier est
        utilisable, le marqueur ... est déplacé", "le vaisseau spatial est immédiatement sur
        la planète de destination"); a build or a card use becomes usable and waits for its
        player ("la carte peut être posée", "l'effet peut être appliqué. A ce moment-là, le
        sablier devient inactif"): :meth:`_use_timer`."""
        p = t // self.tmax
        kind, arg = self.t_kind[t], self.t_arg[t]
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
        if kind == T_BUILD:
            self.t_end[t] = READY  # usable: the card waits in planning with its timer on it
            ev["card"] = arg
            self.emit(ev)
            return
        if kind == T_USE:
            ev["card"] = arg
            if not self.covered[arg] and not self.blocked[arg] and not self.at_once:
                self.t_end[t] = READY  # usable: the effect applies when its player says so
                self.emit(ev)
                return
        self.t_end[t] = IDLE
        self.t_kind[t] = T_IDLE
        self.t_arg[t] = -1
        if kind == T_RESEARCH:
            self.tech[p] = min(3, self.tech[p] + 1)
            ev["tech"] = self.tech[p]
            self.emit(ev)
        elif kind == T_USE:  # on a covered or blocked card, or the option "at_once"
            self.ctimer[arg] = -1
            if self._use_kind[arg] == 3:  # a transport probe
                self._dirty_at(2 * p)
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

    def _use_timer(self, p: int, cid: int) -> None:
        """The usable timer on card ``cid`` (a build or a use) is used: it becomes idle."""
        t = self.ctimer[cid]
        self.ctimer[cid] = -1
        self.t_end[t] = IDLE
        self.t_kind[t] = T_IDLE
        self.t_arg[t] = -1
        self._dirty_seat(p)
        if self.adv:
            self._dirty_timers()  # the card's slot may be a missile target again
            self._dirty_plans()  # a planning card may be offered again
        if self._use_kind[cid] == 3 and self.where[cid] == W_BUILT:
            self._dirty_at(2 * p)  # a transport probe holds goods again

    def _use_effect(self, p: int, cid: int) -> None:
        """Card ``cid``'s effect applies now (3.2.3). What it leaves to decide is decided at
        this instant: a produced good goes into a depot of the planet or a ship on the planet
        *now* (the ships here are recorded with the decision), or it is lost."""
        t = self._card[cid]
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
            here = self._ships_here(2 * p)
            for _ in range(t.amount):
                if self.supply[t.colour] > 0:
                    self.supply[t.colour] -= 1
                    made += 1
                    self.pending[p].append((P_PUT, t.colour, cid, here))
            if made:
                self._dirty_pending()
            self.emit({"event": "produce", "seat": p, "card": cid, "colour": t.colour, "n": made})
        elif eff == "multimine":
            self.pending[p].append((P_PUT, -1, cid, self._ships_here(2 * p)))
            self.emit({"event": "produce", "seat": p, "card": cid, "colour": -1, "n": 1})
        elif eff == "convert":
            self.pending[p].append((P_CONV, t.amount, cid, self._ships_here(2 * p)))
        elif eff in ("sabotage", "missile"):
            if self.attack[cid] < t.amount and self.black > 0:
                self.attack[cid] += 1
                self.black -= 1
                self._dirty()
                self.emit({"event": "arm", "seat": p, "card": cid, "markers": self.attack[cid]})
        elif eff == "transport":
            self.pending[p].append((P_SEND, cid))

    def _ships_here(self, f: int) -> int:
        """The active ships on orbit field ``f`` now, as a bit mask of ship ids."""
        mask = 0
        sf = self.ship_field
        for s in range(self.nships):
            if sf[s] == f and self._cont_active(s):
                mask |= 1 << s
        return mask

    def next_event(self) -> float | None:
        """The game time of the next scheduled change: a running sand timer runs out, the
        game length is reached, or the last call ends (sand timers are public: every seat
        sees them)."""
        if self.over:
            return None
        ends = [e for e in self.t_end if e >= 0]
        if self.clock < self.end_at:
            ends.append(self.end_at)
        elif self.call_at >= 0 and not self.ticks:
            ends.append(self.call_at + self.tlen)
        return min(ends) if ends else None
