"""Spacedealer: why an action is not legal (:meth:`Game.why_not`), and the pieces an action is
about (:meth:`Game.action_components`).

Called only on demand, never on the hot path (:mod:`.legal` is not touched): the checks
below follow the order of :meth:`Legal._legal` (the game's end, setup, a seat that has
finished, a pending decision, the action budget, the end of the game for new timers and
cards) and then the action's own conditions, each naming a rule of ``data/rules.csv``. The
site of a build reuses :meth:`Sites.sites`. A reason reads only what its seat may see: the
public board, and the seat's own personal pile, drawn cards and decision.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from spacetable.engine import Action
from spacetable.engine.why import Reason

from . import actions as A
from .actions import PROBE_CODE, STORE_CODE
from .board import PLANT_NEED
from .constants import (
    BOX_SIZE,
    BURST,
    GIZZI_PER_BOX,
    GRID_W,
    IDLE,
    NONE,
    P_CONV,
    P_KEEP,
    P_NAMES,
    P_PUT,
    P_SEND,
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
from .handlers import Handlers

R = Reason.of

#: the answers to a decision an effect leaves, by decision kind
_ANSWERS: dict[int, tuple[type[Action], ...]] = {
    P_PUT: (A.Put, A.Skip),
    P_CONV: (A.Convert, A.Skip),
    P_SEND: (A.Send, A.Skip),
    P_KEEP: (A.Keep, A.Skip),
}
_DECISIONS = (A.Put, A.Convert, A.Send, A.Keep, A.Skip)
#: what a new sand timer or card play is: refused once the game is ending (4)
_NEW_WORK = (
    A.Plan,
    A.Draw,
    A.Research,
    A.Construct,
    A.Use,
    A.Fly,
    A.OfferCard,
    A.OfferSwap,
    A.Sabotage,
    A.Missile,
)
#: the actions of the advanced rules only (5)
_ADVANCED = (
    A.Discard,
    A.Gizzi,
    A.Drop,
    A.Collect,
    A.OfferCard,
    A.OfferSwap,
    A.Sabotage,
    A.Missile,
)


class WhyNot(Handlers):
    """The reasons an action is not legal, and the components each action is about."""

    # ------------------------------------------------------------------ components
    def _action_components(self, action: Action) -> Iterable[str]:
        a: Any = action
        t = type(action)
        if t in (
            A.Start,
            A.Plan,
            A.Keep,
            A.Construct,
            A.Use,
            A.Place,
            A.Shelve,
            A.Discard,
            A.Apply,
            A.Missile,
        ):
            return (f"card:{a.card % BOX_SIZE}",)
        if t is A.Deliver:
            return (f"card:{a.demand // 2 % BOX_SIZE}", "ship:main")
        if t in (A.Fly, A.Send, A.Dump, A.Drop, A.Collect, A.Gizzi):
            return ("ship:main",)
        if t is A.Put:
            return _container(a.to)
        if t is A.Convert:
            return _container(a.src)
        if t in (A.Move, A.OfferGoods):
            return tuple(dict.fromkeys((*_container(a.src), *_container(a.dst))))
        if t in (A.OfferCard, A.OfferSwap):
            return (f"planet:{a.to}",)
        if t is A.Sabotage:
            return (f"planet:{a.timer // self.tmax}",)
        return ()  # buttons: research, draw, skip, offers' answers, withdraw, done

    # ------------------------------------------------------------------ reasons
    def _why_not(self, seat: int, action: Action) -> list[Reason]:
        p = seat
        a: Any = action
        t = type(action)
        if self.over:
            return [R("game.over", "over")]
        if self.phase == 0:
            return self._why_setup(p, a)
        if t is A.Start:
            return [R("setup.secret-mine", "setup_done")]
        if self.done[p]:
            if self.ticks:
                return [R("time.tick-done", "tick_done")]
            return [R("end.finished", "finished")]
        if self.pending[p]:
            item = self.pending[p][0]
            if t not in _ANSWERS[item[0]]:
                return [R("pending.first", "decide_first", kind=P_NAMES[item[0]])]
            return self._why_decision(p, a, item)
        if t in _DECISIONS:
            return [R("pending.none", "no_decision")]
        if t is A.Done:
            if not self.ticks and self.call_at < 0:
                return [R("end.done-when", "not_last_call")]
            return [R("end.done-when", "nothing_left")]
        cap = TICK_CAP if self.ticks else int(BURST + RATE * self.clock)
        if self.acts[p] >= cap:
            if self.ticks:
                return [R("time.pace", "tick_budget", n=TICK_CAP)]
            return [R("time.pace", "budget", n=self.acts[p])]
        if t in _ADVANCED and not self.adv:
            return [R("advanced.only", "advanced")]
        if t in _NEW_WORK and self.clock >= self.end_at:
            return [R("end.closing", "closing")]
        fn = _CHECKS.get(t)
        out = fn(self, p, a) if fn is not None else []
        return out or [R("play.other", "other")]

    # ------------------------------------------------------------------ helpers
    def _no_idle(self, p: int) -> list[Reason]:
        base = p * self.tmax
        if IDLE in self.t_end[base : base + self.ntimers[p]]:
            return []
        return [R("timer.idle", "no_idle", n=self.ntimers[p])]

    def _ready(self, p: int, cid: int, build: bool) -> bool:
        """Whether ``p`` has a run-out timer (a build's, or a card use's) on card ``cid``."""
        base = p * self.tmax
        for i in range(base, base + self.tmax):
            if (
                self.t_end[i] == READY
                and self.t_arg[i] == cid
                and (self.t_kind[i] == T_BUILD) == build
            ):
                return True
        return False

    def _ship_fault(self, p: int, s: int) -> list[Reason]:
        """Why ship ``s`` cannot carry goods for ``p`` now (``[]``: it can)."""
        if s >= self.nships or self.ship_owner[s] != p:
            return [R("fly.own-ship", "not_your_ship", ship=s)]
        if self.ship_field[s] < 0:
            return [R("fly.in-flight", "in_flight", ship=s)]
        if s >= self.players and self.covered[self.stations[s - self.players]]:
            return [R("fly.grounded", "grounded", ship=s)]
        return []

    def _cont_fault(self, p: int, code: int, own: bool) -> list[Reason]:
        """Why container ``code`` is not an active container (of ``p`` if ``own``, of another
        seat if not)."""
        c = self._idx(code)
        if not 0 <= c < self.ncont or (c >= self.nships and not self._cont_active(c)):
            return [R("goods.same-planet", "not_in_play", cont=code)]
        owner = self._cont_owner(c)
        if owner < 0:  # a neutral ship no station brought into play
            return [R("goods.same-planet", "not_in_play", cont=code)]
        if own and owner != p:
            return [R("goods.consent", "not_your_container", cont=code)]
        if not own and owner == p:
            return [R("goods.consent", "own_container", cont=code)]
        if c < self.nships:
            if self.ship_field[c] < 0:
                return [R("fly.in-flight", "in_flight", ship=code)]
            if c >= self.players and self.covered[self.stations[c - self.players]]:
                return [R("fly.grounded", "grounded", ship=code)]
        return []

    # ------------------------------------------------------------------ setup and decisions
    def _why_setup(self, p: int, a: Any) -> list[Reason]:
        if not isinstance(a, A.Start):
            return [R("setup.secret-mine", "setup_first")]
        if self.choice[p] >= 0:
            return [R("setup.secret-mine", "chosen_wait")]
        if a.card not in self.personal[p] or self._card[a.card].kind != "mine":
            return [R("setup.powered-mine", "not_your_mine", card=a.card)]
        return []

    def _why_decision(self, p: int, a: Any, item: tuple[int, ...]) -> list[Reason]:
        kind = item[0]
        if kind == P_KEEP:
            if isinstance(a, A.Keep) and a.card not in item[2:]:
                return [R("keep.drawn", "not_drawn", card=a.card)]
            return [R("keep.drawn", "keep_one")]
        if kind == P_PUT:
            if isinstance(a, A.Skip):
                return [R("put.where", "must_put")]
            colour = item[1]
            if colour >= 0 and a.colour != colour:
                return [R("put.where", "wrong_colour", colour=colour)]
            if self.supply[a.colour] <= 0:
                return [R("supply.empty", "supply_empty", colour=a.colour)]
            c = self._idx(a.to)
            if c not in self._dests(p, item[3]):
                if (
                    0 <= c < self.nships
                    and self.ship_field[c] == 2 * p
                    and self._load(c) >= (SHIP_CAP)
                ):
                    return [R("goods.capacity", "full", cont=a.to, cap=SHIP_CAP)]
                if self.nships <= c < self.ncont and not self._cont_active(c):
                    return [R("goods.same-planet", "not_in_play", cont=a.to)]
                if self.nships <= c < self.ncont and self._cont_loc(c) == 2 * p:
                    return [R("goods.capacity", "no_room_container", cont=a.to)]
                return [R("put.where", "not_here", cont=a.to)]
            return []
        if kind == P_CONV:
            if isinstance(a, A.Skip):  # pragma: no cover - skip always ends a conversion
                return []
            c = self._idx(a.src)
            conts = [s for s in self._ships_of(p, item[3]) if self.ship_field[s] == 2 * p]
            if self.cap[p] > 0:
                conts.append(self.nships + p)
            if c not in conts:
                return [R("convert.where", "convert_where", cont=a.src)]
            if self.goods[4 * c + a.give] <= 0:
                return [R("goods.have", "no_good", cont=a.src, colour=a.give)]
            if self.supply[a.take] <= 0:
                return [R("supply.empty", "supply_empty", colour=a.take)]
            return []
        # P_SEND
        if isinstance(a, A.Skip):  # pragma: no cover - skip always ends a send
            return []
        fault = self._ship_fault(p, a.ship)
        if fault and fault[0].rule != "fly.in-flight":  # a probe reaches a ship in flight
            return fault
        pc = self.nships + self.players + self.probes.index(item[1])
        if self.goods[4 * pc + a.colour] <= 0:
            code = self._code(pc)
            return [R("goods.have", "no_good", cont=code, colour=a.colour)]
        if self._load(a.ship) >= SHIP_CAP:
            return [R("goods.capacity", "full", cont=a.ship, cap=SHIP_CAP)]
        return []

    # ------------------------------------------------------------------ cards and timers
    def _why_plan(self, p: int, a: Any) -> list[Reason]:
        if len(self.planning[p]) >= self.plan_cap[p]:
            return [R("plan.zone-full", "zone_full", n=self.plan_cap[p])]
        if a.card not in self.personal[p]:
            return [R("plan.personal", "not_personal", card=a.card)]
        return []

    def _why_draw(self, p: int, a: Any) -> list[Reason]:
        if self.tech[p] < a.level:
            return [R("draw.tech", "tech_low", level=a.level, tech=self.tech[p])]
        if len(self.planning[p]) >= self.plan_cap[p]:
            return [R("plan.zone-full", "zone_full", n=self.plan_cap[p])]
        if not self.pile[a.level]:
            return [R("draw.empty", "pile_empty", level=a.level)]
        return []

    def _why_research(self, p: int, a: Any) -> list[Reason]:
        if self.tech[p] >= 3:
            return [R("research.max", "tech_max")]
        base = p * self.tmax
        if T_RESEARCH in self.t_kind[base : base + self.tmax]:
            return [R("research.one-slot", "research_running")]
        return self._no_idle(p)

    def _why_construct(self, p: int, a: Any) -> list[Reason]:
        if a.card not in self.planning[p]:
            return [R("construct.planning", "not_planned", card=a.card)]
        if self.ctimer[a.card] >= 0:
            return [R("construct.timer", "timer_on_card", card=a.card)]
        return self._no_idle(p)

    def _why_use(self, p: int, a: Any) -> list[Reason]:
        c = a.card
        if c not in self.built[p]:
            return [R("use.slot", "not_built", card=c)]
        u = self._use_kind[c]
        if not u:
            return [R("use.slot", "no_slot", card=c)]
        if self.covered[c]:
            return [R("use.covered", "covered", card=c)]
        if self.ctimer[c] >= 0:
            return [R("use.slot", "timer_on_slot", card=c)]
        if not self.blocked[c]:
            if u == 2 and self.attack[c] >= self._card[c].amount:
                return [R("use.attack-full", "attack_full", card=c, n=self._card[c].amount)]
            if u == 2 and self.black == 0:
                return [R("use.no-black", "no_black")]
            if u == 3 and self._load(self.nships + self.players + self.probes.index(c)) == 0:
                return [R("use.probe-empty", "probe_empty", card=c)]
        return self._no_idle(p)

    def _why_fly(self, p: int, a: Any) -> list[Reason]:
        s = a.ship
        fault = self._ship_fault(p, s)
        if fault:
            return fault
        if self.ship_timer[s] >= 0:  # pragma: no cover - a flying ship is on no field
            return [R("fly.in-flight", "in_flight", ship=s)]
        f = self.ship_field[s]
        if a.field == f:
            return [R("fly.adjacent", "same_field", ship=s)]
        nf = 2 * self.players
        if self._load(s) and a.field not in ((f - 1) % nf, (f + 1) % nf):
            return [R("fly.adjacent", "loaded_far", ship=s, n=self._load(s))]
        return self._no_idle(p)

    def _why_place(self, p: int, a: Any) -> list[Reason]:
        c = a.card
        if not self._ready(p, c, True):
            return [R("place.usable", "no_build_timer", card=c)]
        return self._site_fault(p, c, a.pos)

    def _why_shelve(self, p: int, a: Any) -> list[Reason]:
        if not self._ready(p, a.card, True):
            return [R("place.usable", "no_build_timer", card=a.card)]
        return []

    def _why_apply(self, p: int, a: Any) -> list[Reason]:
        if not self._ready(p, a.card, False):
            return [R("apply.usable", "no_use_timer", card=a.card)]
        return []

    def _site_fault(self, p: int, cid: int, pos: int) -> list[Reason]:
        """Why card ``cid`` may not be built at site ``pos`` of ``p``'s planet (3.2.2)."""
        if pos in self.sites(p, cid):
            return []
        t = self._card[cid]
        shape = t.shape
        if shape == "P":
            if pos > 1:
                return [R("place.plant", "plant_side", card=cid)]
            need = PLANT_NEED.get(t.kind, -1)
            have = self.plants[2 * p + pos]
            return [R("place.plant", "plant_order", card=cid, side=pos, have=have, need=need)]
        base = p * GRID_W
        ac, dc, blocked = self.acell, self.dcell, self.blocked
        wide = shape in ("C2", "DD")
        cols = (pos, pos + 1) if wide else (pos,)
        if cols[-1] >= GRID_W:
            rule = "place.no-connection" if shape == "DD" else "place.two-connections"
            return [R(rule, "edge", card=cid, pos=pos)]
        if shape in ("C1", "AD", "DD") and any(dc[base + x] >= 0 for x in cols):
            return [R("place.demand-zone", "demand_taken", card=cid, pos=pos)]
        if shape in ("C1", "C2", "AD") and any(
            ac[base + x] >= 0 and blocked[ac[base + x]] for x in cols
        ):
            return [R("place.blocked", "blocked_site", card=cid, pos=pos)]
        if shape == "C1":
            return [R("place.one-connection", "unpowered", card=cid, pos=pos)]
        if shape == "C2":
            return [R("place.two-connections", "unpowered2", card=cid, pos=pos)]
        return [R("place.no-connection", "alone", card=cid, pos=pos)]

    # ------------------------------------------------------------------ goods
    def _why_move(self, p: int, a: Any) -> list[Reason]:
        fault = self._cont_fault(p, a.src, True) or self._cont_fault(p, a.dst, True)
        if fault:
            return fault
        src, dst = self._idx(a.src), self._idx(a.dst)
        if self._cont_loc(src) != self._cont_loc(dst):
            return [R("goods.same-planet", "apart", src=a.src, dst=a.dst)]
        if self.goods[4 * src + a.colour] <= 0:
            return [R("goods.have", "no_good", cont=a.src, colour=a.colour)]
        if self._load(dst) >= self._cont_cap(dst):
            return [R("goods.capacity", "full", cont=a.dst, cap=self._cont_cap(dst))]
        return []

    def _why_dump(self, p: int, a: Any) -> list[Reason]:
        fault = self._ship_fault(p, a.ship)
        if fault:
            return fault
        if self.goods[4 * a.ship + a.colour] <= 0:
            return [R("goods.have", "no_good", cont=a.ship, colour=a.colour)]
        return []

    def _why_deliver(self, p: int, a: Any) -> list[Reason]:
        s = a.ship
        fault = self._ship_fault(p, s)
        if fault:
            return fault
        f = self.ship_field[s]
        cid, d = a.demand // 2, a.demand
        if f & 1:
            return [R("deliver.other-planet", "neutral_field", ship=s)]
        q = f >> 1
        if q == p:
            return [R("deliver.other-planet", "own_planet", ship=s)]
        demands = {dd: need for dd, need in self._demands[cid]} if cid in self.built[q] else {}
        if d not in demands:
            return [R("deliver.other-planet", "not_there", card=cid, seat=q)]
        if self.fulfilled[d] >= 0:
            return [R("deliver.once", "fulfilled", card=cid)]
        if self.markers[p] <= 0:
            return [R("deliver.marker", "no_marker")]
        if not fits(demands[d], self.goods, 4 * s):
            return [R("deliver.goods", "goods_short", card=cid, ship=s)]
        return []

    def _why_gizzi(self, p: int, a: Any) -> list[Reason]:
        s = a.ship
        fault = self._ship_fault(p, s)
        if fault:
            return fault
        f = self.ship_field[s]
        if not f & 1 or self.gface[f] < 0:
            return [R("gizzi.neutral", "no_gizzi", ship=s)]
        if self.markers[p] <= 0:
            return [R("deliver.marker", "no_marker")]
        if not fits(self._gz_goods[self.gface[f] % GIZZI_PER_BOX], self.goods, 4 * s):
            return [R("gizzi.neutral", "gizzi_short", ship=s)]
        return []

    def _why_drop(self, p: int, a: Any) -> list[Reason]:
        s = a.ship
        fault = self._ship_fault(p, s)
        if fault:
            return fault
        if not self.ship_field[s] & 1:
            return [R("drop.neutral", "not_neutral", ship=s)]
        if self.goods[4 * s + a.colour] <= 0:
            return [R("goods.have", "no_good", cont=s, colour=a.colour)]
        return []

    def _why_collect(self, p: int, a: Any) -> list[Reason]:
        s = a.ship
        fault = self._ship_fault(p, s)
        if fault:
            return fault
        f = self.ship_field[s]
        if not f & 1:
            return [R("collect.neutral", "not_neutral", ship=s)]
        if self.fgoods[4 * f + a.colour] <= 0:
            return [R("collect.neutral", "none_on_field", colour=a.colour)]
        if self._load(s) >= SHIP_CAP:
            return [R("goods.capacity", "full", cont=s, cap=SHIP_CAP)]
        return []

    # ------------------------------------------------------------------ offers
    def _why_offer_goods(self, p: int, a: Any) -> list[Reason]:
        if self.offer[p] is not None:
            return [R("offer.one", "offer_open")]
        fault = self._cont_fault(p, a.src, True) or self._cont_fault(p, a.dst, False)
        if fault:
            return fault
        src, dst = self._idx(a.src), self._idx(a.dst)
        f = self._cont_loc(src)
        if f < 0 or f != self._cont_loc(dst):
            return [R("goods.same-planet", "apart", src=a.src, dst=a.dst)]
        if dst >= self.nships and f != 2 * self._cont_owner(dst):  # pragma: no cover
            return [R("goods.same-planet", "apart", src=a.src, dst=a.dst)]
        g = self.goods
        if a.give < NONE and g[4 * src + a.give] <= 0:
            return [R("goods.have", "no_good", cont=a.src, colour=a.give)]
        if a.take < NONE and g[4 * dst + a.take] <= 0:
            return [R("goods.have", "no_good", cont=a.dst, colour=a.take)]
        d = (a.take < NONE) - (a.give < NONE)  # what src gains
        return self._room(a.src, a.dst, src, dst, d)

    def _room(self, csrc: int, cdst: int, src: int, dst: int, d: int) -> list[Reason]:
        """Why ``src`` gaining ``d`` goods and ``dst`` losing them breaks a capacity."""
        if self._load(src) + d > self._cont_cap(src):
            return [R("goods.capacity", "full", cont=csrc, cap=self._cont_cap(src))]
        if self._load(dst) - d > self._cont_cap(dst):
            return [R("goods.capacity", "full", cont=cdst, cap=self._cont_cap(dst))]
        return []

    def _why_offer_more(self, p: int, a: Any) -> list[Reason]:
        o = self.offer[p]
        if o is None or o[1] != 0:
            return [R("offer.open", "no_goods_offer")]
        src, dst = o[2], o[3]
        if not self._offer_placed(p, o):
            return [R("goods.same-planet", "apart", src=self._code(src), dst=self._code(dst))]
        g = self.goods
        if a.give < NONE and g[4 * src + a.give] <= o[4 + a.give]:
            return [R("goods.have", "no_more", cont=self._code(src), colour=a.give)]
        if a.take < NONE and g[4 * dst + a.take] <= o[8 + a.take]:
            return [R("goods.have", "no_more", cont=self._code(dst), colour=a.take)]
        net = o[8] + o[9] + o[10] + o[11] - o[4] - o[5] - o[6] - o[7]
        d = net + (a.take < NONE) - (a.give < NONE)
        return self._room(self._code(src), self._code(dst), src, dst, d)

    def _why_answer(self, p: int, a: Any) -> list[Reason]:
        q = a.seat
        o = self.offer[q] if 0 <= q < self.players else None
        if o is None or o[0] != p:
            return [R("offer.to-you", "no_offer", seat=q)]
        if isinstance(a, A.Decline):  # pragma: no cover - an offer made may be declined
            return []
        if o[1] == 0:
            src, dst = o[2], o[3]
            if not self._offer_placed(q, o):
                return [R("goods.same-planet", "apart", src=self._code(src), dst=self._code(dst))]
            g = self.goods
            for k in range(4):
                if g[4 * src + k] < o[4 + k]:
                    return [R("goods.have", "no_good", cont=self._code(src), colour=k)]
                if g[4 * dst + k] < o[8 + k]:
                    return [R("goods.have", "no_good", cont=self._code(dst), colour=k)]
            d = sum(o[8:12]) - sum(o[4:8])
            return self._room(self._code(src), self._code(dst), src, dst, d)
        if not self._card_free(q, o[2]):
            return [R("cards.free", "card_gone", seat=q)]
        if o[1] == 1 and len(self.planning[p]) >= self.plan_cap[p]:
            return [R("cards.give-room", "no_room_you")]
        if o[1] == 2 and not self._card_free(p, o[3]):
            return [R("cards.free", "your_card_busy", card=o[3])]
        return []

    def _why_withdraw(self, p: int, a: Any) -> list[Reason]:
        return [R("offer.open", "no_offer_open")] if self.offer[p] is None else []

    def _why_offer_card(self, p: int, a: Any) -> list[Reason]:
        if self.offer[p] is not None:
            return [R("offer.one", "offer_open")]
        if a.to == p:
            return [R("cards.exchange", "to_yourself")]
        plan = self.planning[p]
        if a.slot >= len(plan):
            return [R("cards.exchange", "no_card_slot", slot=a.slot + 1)]
        if not self._card_free(p, plan[a.slot]):
            return [R("cards.free", "your_card_busy", card=plan[a.slot])]
        if isinstance(a, A.OfferSwap):
            theirs = self.planning[a.to]
            if a.their >= len(theirs):
                return [R("cards.exchange", "no_their_slot", slot=a.their + 1, seat=a.to)]
            if not self._card_free(a.to, theirs[a.their]):
                return [R("cards.free", "their_card_busy", card=theirs[a.their], seat=a.to)]
            return []
        if len(self.planning[a.to]) >= self.plan_cap[a.to]:
            return [R("cards.give-room", "no_room", seat=a.to)]
        return []

    # ------------------------------------------------------------------ attacks (5.1)
    def _armed(self, p: int, effect: str) -> bool:
        return any(
            self._card[c].effect == effect and not self.covered[c] and self.attack[c]
            for c in self.built[p]
        )

    def _why_sabotage(self, p: int, a: Any) -> list[Reason]:
        if not self._armed(p, "sabotage"):
            return [R("sabotage.probe", "no_probe_marker")]
        t = a.timer
        k = self.t_kind[t]
        if k in (T_IDLE, T_VOID) or self.t_end[t] < 0:
            return [R("sabotage.probe", "timer_not_running", seat=t // self.tmax)]
        return []

    def _why_missile(self, p: int, a: Any) -> list[Reason]:
        if not self._armed(p, "missile"):
            return [R("missile.slot", "no_missile_marker")]
        c = a.card
        q = next((x for x in range(self.players) if c in self.built[x]), -1)
        if q < 0 or self.where[c] != W_BUILT:
            return [R("missile.slot", "target_not_built", card=c)]
        if not self._card[c].slot:
            return [R("missile.slot", "target_no_slot", card=c)]
        if self.covered[c]:
            return [R("use.covered", "covered", card=c)]
        if self.blocked[c]:
            return [R("missile.slot", "target_blocked", card=c)]
        if sum(self.blocked[x] for x in self.built[q]) >= 2:
            return [R("missile.max-two", "two_blocked", seat=q)]
        if self.ctimer[c] >= 0:
            return [R("missile.slot", "target_timer", card=c)]
        return []


def _container(code: int) -> tuple[str, ...]:
    """The component a goods container is drawn as: a ship, or the planet of its depots (a
    transport probe is a card whose id the action does not say)."""
    if code < STORE_CODE:
        return ("ship:main",)
    if code < PROBE_CODE:
        return (f"planet:{code - STORE_CODE}",)
    return ()


_CHECKS: dict[type[Action], Any] = {
    A.Plan: WhyNot._why_plan,
    A.Draw: WhyNot._why_draw,
    A.Research: WhyNot._why_research,
    A.Construct: WhyNot._why_construct,
    A.Use: WhyNot._why_use,
    A.Fly: WhyNot._why_fly,
    A.Place: WhyNot._why_place,
    A.Shelve: WhyNot._why_shelve,
    A.Discard: WhyNot._why_shelve,
    A.Apply: WhyNot._why_apply,
    A.Move: WhyNot._why_move,
    A.Deliver: WhyNot._why_deliver,
    A.Gizzi: WhyNot._why_gizzi,
    A.Dump: WhyNot._why_dump,
    A.Drop: WhyNot._why_drop,
    A.Collect: WhyNot._why_collect,
    A.OfferGoods: WhyNot._why_offer_goods,
    A.OfferMore: WhyNot._why_offer_more,
    A.OfferCard: WhyNot._why_offer_card,
    A.OfferSwap: WhyNot._why_offer_card,
    A.Accept: WhyNot._why_answer,
    A.Decline: WhyNot._why_answer,
    A.Withdraw: WhyNot._why_withdraw,
    A.Sabotage: WhyNot._why_sabotage,
    A.Missile: WhyNot._why_missile,
}
