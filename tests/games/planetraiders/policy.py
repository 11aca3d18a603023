"""A purposeful random policy for playouts that reach captures, aliens and arrivals
(uniform random play strands its rockets far from every raider and stalls)."""

from __future__ import annotations

import random

from spacetable.engine import Action
from spacetable.games.planetraiders.actions import Hop, Place, Select
from spacetable.games.planetraiders.constants import ALIEN, SIDES
from spacetable.games.planetraiders.rules import PlanetRaiders
from spacetable.games.planetraiders.tables import shipped_parts

#: The shipped data set's board and set-up.
BOARD = shipped_parts()


def purposeful(g: PlanetRaiders, rng: random.Random) -> Action:
    s = g.cur
    legal = g.legal_actions(s)
    if g.phase == 1:
        targets = []
        for a in legal:
            if isinstance(a, Hop):
                z = BOARD.cell_index[a.zone]
                q = BOARD.cell_pads[z][SIDES.index(a.nose)]
                home = BOARD.ship_of_pad[q] == g.colour[s] and g.has_crew(s)
                if g.occ[q] >= 0 or home:
                    targets.append(a)
        if targets:
            return rng.choice(targets)
        hops = [a for a in legal if isinstance(a, Hop)]
        return rng.choice(hops) if hops and rng.random() < 0.8 else rng.choice(legal)
    if g.phase == 0:
        sel = [a for a in legal if isinstance(a, Select)]
        return rng.choice(sel) if sel and rng.random() < 0.9 else legal[-1]
    good: list[Action] = []
    crewed = g.has_crew(s)
    col = g.colour[s]
    for k in range(3):
        p = g.rpad[s * 3 + k]
        if p < 0:
            continue
        for a in legal:
            if not isinstance(a, Place):
                continue
            z = BOARD.cell_index[a.zone]
            if z not in BOARD.pad_zones[p]:
                continue
            q = BOARD.cell_pads[z][SIDES.index(a.nose)]
            if q == p:
                continue
            o = g.occ[q]
            w = 1
            alien = o >= ALIEN and not g.aliens[s] >> (o - ALIEN) & 1
            enemy = 0 <= o < ALIEN and g.team[o // 3] != g.team[s]
            if alien or enemy:
                w = 20
            elif crewed and BOARD.ship_of_pad[q] == col:
                w = 50
            elif crewed and g.parts.dist_to_ship[col][q] < g.parts.dist_to_ship[col][p]:
                w = 5
            good.extend([a] * w)
    return rng.choice(good) if good else rng.choice(legal)
