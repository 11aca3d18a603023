"""The heuristic value of a Spacedealer position for one seat (for greedy and MCTS bots)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .cards import BOX, BOX_SIZE
from .constants import T_BUILD, T_FLY, T_RESEARCH, T_USE, fits

if TYPE_CHECKING:
    from .rules import Spacedealer


def evaluate(g: Spacedealer, seat: int) -> float:
    """Points now plus what can still score, against the best rival, in [0, 1].

    The worth of a seat is its score plus, scaled by the share of time left: its tech
    level, working mines, cards in planning, timers running (research, building, mines
    producing, flights), goods carried, and for each of its ships the best demand it can
    fulfil now on another planet, discounted by the flights still needed to get there.
    """
    left = max(0.0, g.end_at - g.clock) / max(1.0, g.length)
    n = g.players
    nf = 2 * n
    goods = g.goods
    fulfilled = g.fulfilled
    # open demands once: (owner, goods, deliverer points); open-demand count per owner
    open_dem: list[tuple[int, tuple[int, ...], int]] = []
    open_count = [0] * n
    if left > 0.0:
        for q in range(n):
            for c in g.built[q]:
                for j, (need, vd, _) in enumerate(BOX[c % BOX_SIZE].demands):
                    if fulfilled[2 * c + j] < 0:
                        open_dem.append((q, need, vd))
                        open_count[q] += 1

    def worth(p: int) -> float:
        v = float(g.score[p])
        if left <= 0.0:
            return v
        x = 1.2 * (g.tech[p] - 1) + 0.3 * len(g.planning[p]) + 0.4 * open_count[p]
        x += 0.6 * (g.plants[2 * p] + g.plants[2 * p + 1])
        x += 0.15 * g._load(g.nships + p)
        for c in g.built[p]:
            if not g.covered[c]:
                t = BOX[c % BOX_SIZE]
                e = t.effect
                if e == "mine" or e == "multimine":
                    x += 0.9 + 0.2 * t.amount
                elif e in ("convert", "depot", "tech_centre", "robot_factory"):
                    x += 0.6
                elif e != "plant":
                    x += 0.4
        base = p * g.tmax
        for i in range(g.tmax):
            k = g.t_kind[base + i]
            if k == T_RESEARCH:
                x += 0.5
            elif k == T_BUILD:
                x += 0.25
            elif k == T_USE:
                x += 0.2 + 0.1 * BOX[g.t_arg[base + i] % BOX_SIZE].amount
            elif k == T_FLY:
                x += 0.15
        for s in range(g.nships):
            if g.ship_owner[s] != p:
                continue
            b = 4 * s
            load = goods[b] + goods[b + 1] + goods[b + 2] + goods[b + 3]
            if not load:
                continue
            x += 0.3 * load
            f = g.ship_field[s] if g.ship_field[s] >= 0 else g.ship_to[s]
            best = 0.0
            for q, need, vd in open_dem:
                if q != p and fits(need, goods, b):
                    d = abs(2 * q - f) % nf
                    d = min(d, nf - d)
                    best = max(best, vd / (1.0 + 0.25 * d))
            x += best
        return v + left * x

    mine = worth(seat)
    rival = max(worth(p) for p in range(n) if p != seat)
    return 1.0 / (1.0 + math.exp(-(mine - rival) / 4.0))
