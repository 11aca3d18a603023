"""The heuristic value of a Spacedealer position for one seat (for greedy and MCTS bots).

Points come from deliveries: goods of the right colours on a ship, flown one field per
timer (a loaded ship only moves to a neighbouring field) to another planet with an open
demand. The value of a seat is its score plus what its pipeline of goods is worth:

* for each of its ships, the best target planet: each open demand there is worth its
  deliverer points times the share of its goods already gathered (on the ship; less at
  home, in the depots or a pending put; less again while a mine still produces them),
  discounted by ``LAMBDA`` per flight still needed (straight there if the ship carries
  every good, else home first) and dropped when those flights cannot end in time;
* goods a mine produces count only if a container at home has room for them;
* the engine behind the goods, scaled by the share of time left: working mines (a new
  colour is worth most, a larger mine a little more), depots, power plants, tech, the owner
  points of the seat's own open demands (a rival may deliver them), cards being built,
  planned or drawn (a card is worth what it adds at its best site, less the working cards it
  would cover there; a card with no site is dead weight, since the basic rules cannot discard
  it), and free planning places (half the best card that could fill them, or a draw);
* every free action used costs ``ACT_COST``, so a move that changes nothing scores below
  waiting (the greedy bot acts when acting ties with waiting); every pending decision costs
  ``PENDING``, so that resolving one always beats leaving the seat blocked.

Rivals are measured by their score only (half the best, half the mean: the owner's bonus of a
delivery helps one rival); the value is a logistic of the difference.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING

from .components import SdParts
from .constants import BOX_SIZE, GRID_W, P_KEEP, P_PUT, SHIP_CAP, T_BUILD, T_RESEARCH, T_USE
from .constants import READY as USABLE

if TYPE_CHECKING:
    from spacetable.engine import Action

    from .rules import Spacedealer

#: discount per flight still needed before a delivery
LAMBDA = 0.8
#: a delivery the ship could make now, against its points (delivering must gain more than
#: the owner's bonus costs: see ``evaluate``)
READY = 0.5
#: goods at home (depots, a produced good not yet put) against goods on the ship
HOME = 0.75
#: goods a mine is producing against goods at home
MAKING = 0.8
#: cost of one free action (a useless action scores below waiting)
ACT_COST = 0.002
#: a good a working mine of its colour could still produce, against one on the ship
TO_MAKE = 0.3
#: a second target planet counts this much (goods useful elsewhere keep some value)
SECOND = 0.25
#: scale of the logistic of the score difference
SCALE = 6.0

#: a demand: (sort key, goods per colour, deliverer points, goods, colours asked for)
_Demand = tuple[float, tuple[int, ...], int, int, tuple[int, ...]]
_RATIO = itemgetter(0)


#: development value of a working mine of a colour the seat had no mine of, and of another
NEW_MINE = 1.6
OLD_MINE = 0.5
#: a mine producing ``a`` goods per use is worth ``1 + SIZE * (a - 1)`` mines of one good
SIZE = 0.25
#: a generator on a side with no power yet (it powers two connections: room for two mines)
FIRST_PLANT = 2.0
#: a free planning place, against the best card that could fill it (it takes an action)
SLOT = 0.5
#: development value of drawing two cards to keep one (about the mean best of two)
DRAW = 0.05
#: cost of a pending decision (a seat must not prefer leaving one open to resolving it; small,
#: so that a search whose horizon ends before the decision is not misled)
PENDING = 0.005
#: cost of a sand timer that has run out and waits for its use (placing the card, applying the
#: effect, or taking the timer back): an idle timer can work again, a waiting one cannot
STUCK = 0.05
#: development value of one tech level above the first
TECH = 0.5
_OTHER_WORTH = {"multimine": 1.6, "depot": 1.0, "convert": 0.5, "plant": 0.8}
#: an owner point of an open demand on the seat's planet (another player may deliver it)
OWNER = 0.4


@dataclass(frozen=True, slots=True)
class _Tables:
    """What the evaluation reads of each card row of a data set (built once per data set)."""

    #: the demands of each card row
    dem: tuple[tuple[_Demand, ...], ...]
    effect: tuple[str, ...]
    colour: tuple[int, ...]
    amount: tuple[int, ...]
    #: the owner points of each card row's demands
    owner_vp: tuple[int, ...]
    #: development value of each built card row but mines, its demands aside
    base: tuple[float, ...]
    #: ... and of a card not built yet, whose demands will all be open
    worth: tuple[float, ...]
    #: a mine's worth against a mine of one good (by card row)
    size: tuple[float, ...]
    #: the owner points of each demand of each card row
    vo: tuple[tuple[int, ...], ...]
    #: each card row's shape, and the action-zone columns it covers when built at column 0
    #: (C2: two; C1 and AD: one; power plants and DD cards: none)
    shape: tuple[str, ...]
    covers: tuple[tuple[int, ...], ...]


_CACHE: dict[int, tuple[SdParts, _Tables]] = {}


def _tables(parts: SdParts) -> _Tables:
    """The evaluation's tables for the data set whose parts are ``parts`` (cached; the parts
    are kept with them, so that an id is never reused)."""
    hit = _CACHE.get(id(parts))
    if hit is not None and hit[0] is parts:
        return hit[1]
    box = parts.box
    effect = tuple(t.effect for t in box)
    owner_vp = tuple(sum(vo for _, _, vo in t.demands) for t in box)
    base = tuple(_OTHER_WORTH.get(e, 0.3) for e in effect)
    shape = tuple(t.shape for t in box)
    tb = _Tables(
        dem=tuple(
            tuple(
                (-vd / sum(need), need, vd, sum(need), tuple(k for k in range(4) if need[k]))
                for need, vd, _ in t.demands
            )
            for t in box
        ),
        effect=effect,
        colour=tuple(t.colour for t in box),
        amount=tuple(t.amount for t in box),
        owner_vp=owner_vp,
        base=base,
        worth=tuple(base[i] + OWNER * owner_vp[i] for i in range(BOX_SIZE)),
        size=tuple(1.0 + SIZE * (t.amount - 1) for t in box),
        vo=tuple(tuple(vo for _, _, vo in t.demands) for t in box),
        shape=shape,
        covers=tuple((0, 1) if sh == "C2" else (0,) if sh in ("C1", "AD") else () for sh in shape),
    )
    _CACHE[id(parts)] = (parts, tb)
    return tb


def _net_worth(g: Spacedealer, p: int, cid: int, colours: list[int]) -> float | None:
    """What building ``cid`` on ``p``'s planet adds at its best site: its worth less the
    worth of the working cards it covers there (``None``: no site now)."""
    tb = _tables(g.parts)
    sites = g.sites(p, cid)
    if not sites:
        return None
    row = cid % BOX_SIZE
    if tb.shape[row] == "P" and g.plants[2 * p + sites[0]] == 0:
        return FIRST_PLANT  # a generator on an empty side: the first power of that side
    worth = _card_worth(tb, row, colours)
    cols = tb.covers[row]
    if not cols:
        return worth
    acell = g.acell
    covered = g.covered
    base = p * GRID_W
    loss = math.inf
    for pos in sites:
        lost = 0.0
        for d in cols:
            c = acell[base + pos + d]
            if c >= 0 and not covered[c]:
                r = c % BOX_SIZE
                if tb.effect[r] == "mine":
                    k = colours[tb.colour[r]]
                    lost += (NEW_MINE if k == 1 else OLD_MINE) * tb.size[r]
                else:
                    lost += tb.base[r]
        loss = min(loss, lost)
    return worth - loss


_UNKNOWN = -math.inf  # no net worth given to _planned: compute it


def _planned(
    g: Spacedealer, p: int, cid: int, colours: list[int], net: float | None = _UNKNOWN
) -> float:
    """Development value of a card in ``p``'s planning (or drawn, to keep); ``net`` is its
    :func:`_net_worth` when already known."""
    if net == _UNKNOWN:
        net = _net_worth(g, p, cid, colours)
    if net is None:  # dead weight until a site comes (a new power plant, a card to touch)
        return 0.0
    return 0.15 * net if net > 0 else 0.0


def _card_worth(tb: _Tables, row: int, colours: list[int]) -> float:
    """Development value of one working card (before the time-left scaling); ``colours``
    counts the seat's working mines per colour (a mine of a new colour is worth most)."""
    if tb.effect[row] == "mine":
        return (NEW_MINE if colours[tb.colour[row]] == 0 else OLD_MINE) * tb.size[row] + (
            OWNER * tb.owner_vp[row]
        )
    return tb.worth[row]


def evaluate(g: Spacedealer, seat: int) -> float:
    """The value of ``g`` for ``seat`` in [0, 1] (see the module docstring)."""
    n = g.players
    rivals = [g.score[p] for p in range(n) if p != seat]
    rival = 0.5 * max(rivals) + 0.5 * sum(rivals) / len(rivals)
    mine = float(g.score[seat])
    if not g.is_over and g.phase == 1:
        mine += _potential(g, seat)
    return 1.0 / (1.0 + math.exp(-(mine - rival) / SCALE))


def _potential(g: Spacedealer, p: int) -> float:
    """What ``p``'s goods, ships and planet are worth besides its score.

    A seat whose first pending decision is to keep one of two drawn cards is worth its best
    way of resolving it (less ``PENDING``): the choice changes the planning places, so no
    simple count would always rank it above leaving the decision open, and a seat must
    never prefer being blocked.
    """
    pend = g.pending[p]
    if pend and pend[0][0] == P_KEEP:
        return _best_of(g, p, g.legal_actions(p)) - PENDING
    if not pend:
        base = p * g.tmax
        for t in range(base, base + g.tmax):
            if g.t_end[t] == USABLE and g.t_kind[t] == T_BUILD:
                # a build timer run out: worth its best use (the card placed at one of its
                # sites, or the timer taken back), less the cost of leaving it waiting
                c = g.t_arg[t]
                uses = [a for a in g.legal_actions(p) if getattr(a, "card", -1) == c]
                if uses:
                    return _best_of(g, p, uses) - STUCK
    return _counted(g, p)


def _best_of(g: Spacedealer, p: int, actions: list[Action]) -> float:
    """The best of :func:`_potential` (plus the points scored) after each of ``actions``."""
    best = -math.inf
    for a in actions:
        c = g.clone()
        c.apply_unchecked(p, a)
        v = c.score[p] - g.score[p] + (_potential(c, p) if not c.is_over else 0.0)
        if v > best:
            best = v
    return best


def _counted(g: Spacedealer, p: int) -> float:
    """:func:`_potential` once no placing or keeping decision comes first."""
    tb = _tables(g.parts)
    n = g.players
    nf = 2 * n
    clock = g.clock
    end = g.end_at
    left = max(0.0, end - clock)
    share = left / max(1.0, g.length)
    tlen = g.tlen
    goods = g.goods
    ns = g.nships
    home = 2 * p
    x = -ACT_COST * g.acts[p]
    if g.offer[p] is not None:
        x -= 0.01
    # goods at home: the depots and produced goods waiting to be put
    hb = 4 * (ns + p)
    hg = [goods[hb], goods[hb + 1], goods[hb + 2], goods[hb + 3]]
    hwild = 0
    for item in g.pending[p]:
        if item[0] == P_PUT:
            if item[1] >= 0:
                hg[item[1]] += 1
            else:
                hwild += 1
    # room at home for what the mines produce: the depots, and the ship if it stays home
    room = g.cap[p] - sum(goods[hb : hb + 4]) - (sum(hg) - sum(goods[hb : hb + 4])) - hwild
    base = p * g.tmax
    t_kind, t_arg = g.t_kind, g.t_arg
    for s in range(ns):
        if g.ship_owner[s] == p and g.ship_field[s] == home and g.ship_timer[s] < 0:
            b = 4 * s
            room += SHIP_CAP - (goods[b] + goods[b + 1] + goods[b + 2] + goods[b + 3])
    # the working cards: mines per colour, a multi-mine, the rest of the engine
    colours = [0, 0, 0, 0]
    top = [0.0, 0.0, 0.0, 0.0]  # the largest mine of each colour
    sizes = [0.0, 0.0, 0.0, 0.0]
    multi = False
    dev = 0.0
    covered = g.covered
    fulfilled = g.fulfilled
    for c in g.built[p]:
        r = c % BOX_SIZE
        for j, vo in enumerate(tb.vo[r]):  # open demands: a rival may deliver them
            if fulfilled[2 * c + j] < 0:
                dev += OWNER * vo
        if not covered[c]:
            e = tb.effect[r]
            if e == "mine":
                k = tb.colour[r]
                colours[k] += 1
                sizes[k] += tb.size[r]
                if tb.size[r] > top[k]:
                    top[k] = tb.size[r]
            elif e != "plant":  # power plants: counted by side below
                multi = multi or e == "multimine"
                dev += tb.base[r]
    for side in (2 * p, 2 * p + 1):
        if g.plants[side]:
            dev += FIRST_PLANT + _OTHER_WORTH["plant"] * (g.plants[side] - 1)
    for k in range(4):
        if colours[k]:
            dev += NEW_MINE * top[k] + OLD_MINE * (sizes[k] - top[k])
    # planning: the cards there, drawn cards to keep, and the free places
    pend = g.pending[p]
    free = g.plan_cap[p] - len(g.planning[p])
    # each planned card's net worth, computed once: a card being built, or built and waiting
    # to be placed (its timer run out), is still in planning
    nets = {c: _net_worth(g, p, c, colours) for c in g.planning[p]}
    for c in g.planning[p]:
        dev += _planned(g, p, c, colours, nets[c])
    for item in pend:
        if item[0] == P_KEEP:  # two drawn cards: the better one goes to planning
            dev += max(_planned(g, p, item[2], colours), _planned(g, p, item[3], colours))
            free -= 1
    slot = 0.0  # what one more free place would be worth
    if clock < end:
        tech = g.tech[p]
        draw = (tech >= 2 and bool(g.pile[2])) or (tech >= 3 and bool(g.pile[3]))
        cands = sorted((_planned(g, p, c, colours) for c in g.personal[p]), reverse=True)
        if draw:
            cands.extend([DRAW] * (free + 1))
            cands.sort(reverse=True)
        if free > 0:
            dev += SLOT * sum(cands[:free])
        if len(cands) > max(free, 0):
            slot = SLOT * cands[max(free, 0)]
    # goods being produced (counted as far as there is room for them), cards being built
    mg = [0, 0, 0, 0]
    mwild = 0
    t_end = g.t_end
    for i in range(g.tmax):
        k = t_kind[base + i]
        if t_end[base + i] == USABLE:
            x -= STUCK
        if k == T_USE:
            r = t_arg[base + i] % BOX_SIZE
            e = tb.effect[r]
            if e == "mine":
                a = min(tb.amount[r], max(0, room), g.supply[tb.colour[r]])
                mg[tb.colour[r]] += a
                room -= a
            elif e == "multimine" and room > 0:
                mwild += 1
                room -= 1
        elif k == T_BUILD:
            # placed at its best site if that adds value; else discarded (advanced rules) if a
            # free place is worth more than the card in planning; else shelved
            c = t_arg[base + i]
            net = nets[c] if c in nets else _net_worth(g, p, c, colours)
            if net is not None and net > 0:
                dev += 0.8 * net
            elif g.adv:
                dev += 0.8 * max(0.0, slot - _planned(g, p, c, colours, net))
        elif k == T_RESEARCH:
            dev += 0.8 * TECH
    dev += TECH * (g.tech[p] - 1)
    # a decision left pending blocks the seat: resolving it is always worth an action
    x -= PENDING * len(pend)
    x += share * dev
    # open demands on the other planets, best points per good first
    targets: list[tuple[int, list[_Demand]]] = []
    for q in range(n):
        if q == p:
            continue
        ds = []
        for c in g.built[q]:
            dem = tb.dem[c % BOX_SIZE]
            if dem:
                d2 = 2 * c
                for j, d in enumerate(dem):
                    if fulfilled[d2 + j] < 0:
                        ds.append(d)
        if ds:
            ds.sort(key=_RATIO)
            targets.append((2 * q, ds))
    if not targets:
        return x
    making = bool(mwild) or mg != [0, 0, 0, 0]
    wild = hwild + mwild
    for s in range(ns):
        if g.ship_owner[s] != p:
            continue
        f = g.ship_field[s]
        if f < 0:  # in flight: counted where it lands
            f = g.ship_to[s]
            if f < 0:
                continue
        b = 4 * s
        sg = [goods[b], goods[b + 1], goods[b + 2], goods[b + 3]]
        loaded = sg[0] + sg[1] + sg[2] + sg[3] > 0
        # flights to reach home: a loaded ship moves one field per flight
        dh = abs(f - home)
        if dh > n:
            dh = nf - dh
        to_home = dh if loaded else min(dh, 1)
        best = second = 0.0
        for fq, ds in targets:
            direct = abs(f - fq)
            if direct > n:
                direct = nf - direct
            via = abs(home - fq)
            if via > n:
                via = nf - via
            via += to_home
            ready = READY * LAMBDA**direct if direct * tlen <= left + 1e-9 else 0.0
            if via * tlen + (tlen if making else 0.0) <= left + 1e-9:
                later = READY * LAMBDA**via
            else:
                later = 0.0
            if not ready and not later:
                continue
            ls = sg[:]
            lh = hg[:]
            lm = mg[:]
            v = 0.0
            # one trip carries SHIP_CAP goods at most: the demands the ship carries whole come
            # first (it goes with what it has), then the others, best points per good first
            trip = 0
            rest = []
            for d in ds:
                _, need, vd, tot, cols = d
                if trip + tot > SHIP_CAP:
                    rest.append(d)
                    continue
                for k in cols:
                    if ls[k] < need[k]:
                        rest.append(d)
                        break
                else:  # the ship carries it all: straight there
                    if ready:
                        v += vd * ready
                        trip += tot
                        for k in cols:
                            ls[k] -= need[k]
            if not later:
                rest = []
            for _, need, vd, tot, cols in rest:
                if trip + tot > SHIP_CAP:
                    continue
                m1 = 0
                for k in cols:
                    a = need[k]
                    b = ls[k]
                    m1 += a if a < b else b
                # the rest from home, from the mines at work, or still to be produced
                m2 = m3 = m4 = unmade = 0
                for k in cols:
                    r = need[k] - ls[k]
                    if r <= 0:
                        continue
                    a = lh[k]
                    if a >= r:
                        m2 += r
                        continue
                    m2 += a
                    r -= a
                    a = lm[k]
                    if a >= r:
                        m3 += r
                        continue
                    m3 += a
                    r -= a
                    m4 += r
                    if not colours[k]:
                        unmade += r
                if unmade > wild and not multi:
                    continue  # a colour p cannot get
                got = m1 + HOME * m2 + HOME * MAKING * m3 + TO_MAKE * m4
                v += vd * later * got / tot
                trip += tot
                # the goods gathered for this demand are not counted again
                for k in cols:
                    r = need[k]
                    a = ls[k]
                    if a >= r:
                        ls[k] = a - r
                        continue
                    ls[k] = 0
                    r -= a
                    a = lh[k]
                    if a >= r:
                        lh[k] = a - r
                        continue
                    lh[k] = 0
                    r -= a
                    a = lm[k]
                    lm[k] = a - r if a >= r else 0
            if v > best:
                best, second = v, best
            elif v > second:
                second = v
        x += best + SECOND * second
    return x


#: The terms of :func:`terms`, in the order a reader gets them, and whether more is better
#: (+1) or worse (-1): the "why" of a hint or a review (``spacetable.bots.analysis``).
TERMS: dict[str, int] = {"points": 1, "pipeline": 1, "lead": 1}


def terms(g: Spacedealer, seat: int) -> dict[str, float]:
    """What :func:`evaluate` weighs for ``seat``: its points, what its goods, ships and
    planet are worth besides them, and its lead on the rivals (as :func:`evaluate` measures
    them)."""
    n = g.players
    rivals = [g.score[p] for p in range(n) if p != seat]
    rival = 0.5 * max(rivals) + 0.5 * sum(rivals) / len(rivals)
    points = float(g.score[seat])
    pipeline = _potential(g, seat) if not g.is_over and g.phase == 1 else 0.0
    return {"points": points, "pipeline": pipeline, "lead": points + pipeline - rival}
