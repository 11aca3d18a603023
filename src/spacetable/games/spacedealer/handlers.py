"""Spacedealer action handlers: what each action does (rulebook 3.1-3.4 and 5)."""

from __future__ import annotations

from typing import Any

from spacetable.engine import (
    Action,
)

from . import actions as A
from .board import conn_col
from .constants import (
    GIZZI_PER_BOX,
    NONE,
    P_KEEP,
    T_BUILD,
    T_FLY,
    T_NAMES,
    T_RESEARCH,
    T_USE,
    T_VOID,
    W_DRAWN,
    W_PLANNING,
)
from .legal import Legal


class Handlers(Legal):
    """Applying an action: the start choice, decisions, and one handler per free action."""

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
            self._fcache[p] = None
            if not self.ticks:  # the last call: this seat has finished
                self._check_end()
            elif all(self.done):
                if self.call_at >= 0:  # every seat has ended the last call's tick
                    self._finish()
                    return
                self._run_until(self.clock + self.tick_step)
                self.done = [0] * self.players
                self.acts = [0] * self.players
                self._dirty()
            return
        self.acts[p] += 1
        t = type(action)
        if t not in KEEP_FREE:
            self._fcache[p] = None
        HANDLERS[t](self, p, action)
        if self.clock >= self.end_at:
            self._check_end()

    def _reveal(self) -> None:
        self.revealed()  # every seat's secret starting choice is shown
        for p in range(self.players):
            cid = self.choice[p]
            gen = next(c for c in self.personal[p] if self._card[c].kind == "generator")
            side = self.choice_side[p]
            for c in (gen, cid):
                self.personal[p].remove(c)
                self.planning[p].append(c)
                self.where[c] = W_PLANNING
            self._build(p, gen, side)
            self._build(p, cid, conn_col(side, self.choice_pos[p]))
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
        self.revealed()  # the seat sees the cards it draws
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

    def _h_place(self, p: int, a: Any) -> None:
        self._use_timer(p, a.card)
        self._build(p, a.card, a.pos)

    def _h_shelve(self, p: int, a: Any) -> None:
        self._use_timer(p, a.card)
        self.emit({"event": "shelve", "seat": p, "card": a.card})

    def _h_discard(self, p: int, a: Any) -> None:
        self._use_timer(p, a.card)
        self._discard_planning(p, a.card)

    def _h_apply(self, p: int, a: Any) -> None:
        self._use_timer(p, a.card)
        self.emit({"event": "apply", "seat": p, "card": a.card})
        self._use_effect(p, a.card)
        if self.pending[p]:
            self._autoresolve(p)

    def _h_move(self, p: int, a: Any) -> None:
        self._dirty_at(self._cont_loc(self._idx(a.src)))
        self._dirty_at(self._cont_loc(self._idx(a.dst)))
        self.goods[4 * self._idx(a.src) + a.colour] -= 1
        self.goods[4 * self._idx(a.dst) + a.colour] += 1
        self.emit({"event": "move", "seat": p, "src": a.src, "dst": a.dst, "colour": a.colour})

    def _h_deliver(self, p: int, a: Any) -> None:
        cid, j = divmod(a.demand, 2)
        need, vd, vo = self._card[cid].demands[j]
        s = a.ship
        for k in range(4):
            self.goods[4 * s + k] -= need[k]
            self.supply[k] += need[k]
        self._dirty_at(self.ship_field[s])
        self._dirty_pending()
        q = self.owner[cid]
        self.fulfilled[a.demand] = p
        self.score[p] += vd
        self.score[q] += vo
        self.emit({"event": "deliver", "seat": p, "owner": q, "card": cid, "demand": j,
                   "points": [vd, vo]})  # fmt: skip
        self._place_marker(p)

    def _place_marker(self, p: int) -> None:
        """A delivery puts one of ``p``'s victory markers on the demand (3.4); the last one
        ends the game early (4)."""
        self.markers[p] -= 1
        if self.markers[p] == 0 and self.end_at > self.clock:
            self.end_at = self.clock
            self._dirty()
            self.emit({"event": "last_marker", "seat": p})

    def _h_gizzi(self, p: int, a: Any) -> None:
        s = a.ship
        f = self.ship_field[s]
        gid = self.gface[f]
        need = self._gz_goods[gid % GIZZI_PER_BOX]
        for k in range(4):
            self.goods[4 * s + k] -= need[k]
            self.supply[k] += need[k]
        self._dirty_at(f)
        self._dirty_pending()
        vp = self.parts.gizzi[gid % GIZZI_PER_BOX].vp_deliver
        self.score[p] += vp
        self.gwon[p].append(gid)
        self.emit({"event": "gizzi", "seat": p, "field": f, "gizzi": gid, "points": vp})
        self._gizzi_refill(f)
        self._place_marker(p)  # "suivant les règles normales" (5.3): a delivery takes a marker

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
        gv = [0, 0, 0, 0, 0]  # counts per colour (the fifth: "none")
        tk = [0, 0, 0, 0, 0]
        gv[a.give] = 1
        tk[a.take] = 1
        self.offer[p] = (q, 0, self._idx(a.src), dst, *gv[:4], *tk[:4])
        self._dirty_offer(p)
        self._dirty_list(q)
        self.emit({"event": "offer", "seat": p, "to": q, "kind": "goods", "src": a.src,
                   "dst": a.dst, "give": a.give, "take": a.take})  # fmt: skip

    def _h_offer_more(self, p: int, a: Any) -> None:
        o = self.offer[p]
        assert o is not None
        more = list(o)
        if a.give < NONE:
            more[4 + a.give] += 1
        if a.take < NONE:
            more[8 + a.take] += 1
        self.offer[p] = tuple(more)
        self._dirty_list(o[0])
        self.emit({"event": "offer_more", "seat": p, "to": o[0], "give": a.give, "take": a.take})

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
            src, dst = o[2], o[3]
            self._dirty_at(self._cont_loc(src))
            self._dirty_at(self._cont_loc(dst))
            g = self.goods
            for k in range(4):
                d = o[8 + k] - o[4 + k]  # taken less given
                g[4 * src + k] += d
                g[4 * dst + k] -= d
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
            if self._card[c].effect == "sabotage" and not self.covered[c] and self.attack[c]
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
            if self._card[c].effect == "missile" and not self.covered[c] and self.attack[c]
        )
        self.attack[src] -= 1
        self.blocked[a.card] = 1
        self.emit({"event": "missile", "seat": p, "card": a.card, "victim": self.owner[a.card]})


HANDLERS: dict[type[Action], Any] = {
    A.Plan: Handlers._h_plan,
    A.Draw: Handlers._h_draw,
    A.Research: Handlers._h_research,
    A.Construct: Handlers._h_construct,
    A.Use: Handlers._h_use,
    A.Fly: Handlers._h_fly,
    A.Place: Handlers._h_place,
    A.Shelve: Handlers._h_shelve,
    A.Discard: Handlers._h_discard,
    A.Apply: Handlers._h_apply,
    A.Move: Handlers._h_move,
    A.Deliver: Handlers._h_deliver,
    A.Gizzi: Handlers._h_gizzi,
    A.Dump: Handlers._h_dump,
    A.Drop: Handlers._h_drop,
    A.Collect: Handlers._h_collect,
    A.OfferGoods: Handlers._h_offer_goods,
    A.OfferMore: Handlers._h_offer_more,
    A.OfferCard: Handlers._h_offer_card,
    A.OfferSwap: Handlers._h_offer_swap,
    A.Accept: Handlers._h_accept,
    A.Decline: Handlers._h_decline,
    A.Withdraw: Handlers._h_withdraw,
    A.Sabotage: Handlers._h_sabotage,
    A.Missile: Handlers._h_missile,
}
#: actions after which the actor's free actions but goods (``_fcache``, basic rules) stay:
#: they change only offers (its goods actions are forgotten apart)
KEEP_FREE = frozenset((A.OfferGoods, A.OfferMore, A.Withdraw, A.Decline))
