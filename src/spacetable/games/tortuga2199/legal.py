"""The legal actions of the main phase (a seam of the rules of Tortuga 2199).

A turn is a sequence of atomic actions, each legal when its price can be paid now (Crypto,
Manoeuvre, a free marker), the ship stands where the rulebook requires it, and the last
round after Tortuga's conquest allows it ("ne peuvent effectuer ... Conquérir un secteur,
Attaquer"). The order of the list is fixed (the bots and the golden transcripts rely on it).

Functions of the game state, called by :mod:`.rules`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacetable.engine import Action

from . import actions as A
from . import components as C
from .constants import (
    COLLECT_PRICE,
    DESTROY_PRICE,
    INFLUENCE_PRICE,
    K_FORTRESS,
    K_MINES,
    K_RESEARCH,
    K_TORTUGA,
    K_VORTEX,
    MARKET_INDEX,
    MOVE_PRICE,
    P_FORTRESS,
    P_MINES,
    P_RESEARCH,
    P_VORTEX,
    PROBE_PRICE,
    RENEW_PRICE,
    RESERVE_PRICE,
)

if TYPE_CHECKING:
    from .rules import Tortuga2199


def reentry_sectors(g: Tortuga2199, p: int) -> list[int]:
    """Where a ship in the hold may come back: "n'importe quel secteur qu'il contrôle ou ...
    le secteur Tortuga"."""
    t = g.lay.tortuga
    return [s for s, o in enumerate(g.ctrl) if o == p or s == t]


def legal_main(g: Tortuga2199, p: int) -> list[Action]:
    """Every action of the main phase of seat ``p``'s turn, in a fixed order."""
    P = g.parts
    out: list[Action] = []
    hand_types = sorted(set(g.hand[p]))
    cr = g.crypto
    m = g.mano
    if g.fresh and g.reserve[p] >= 0:
        out.append(A.TAKEBACK)
    for c in hand_types:
        out.append(A.PLAY[c])
    if g.minerals[p]:
        out.append(A.SPEND_MINERAL)
    pos = g.pos[p]
    if pos >= 0:
        k = g.kinds[pos]
        if P.kind_tcard[k]:
            tp = g.tpile
            for i, c in enumerate(P.t_cards):
                if tp[i] and P.cost[c] <= cr:
                    out.append(A.BUY[c])
            if k == K_TORTUGA and cr >= INFLUENCE_PRICE and g.bank > 0:
                out.append(A.BUY_INFLUENCE)
        else:
            mi = MARKET_INDEX[k]
            face = sorted(set(g.mface[mi]))
            for c in face:
                if P.cost[c] <= cr:
                    out.append(A.BUY[c])
            if cr >= RENEW_PRICE and g.mdeck[mi]:
                for c in face:
                    out.append(A.RENEW[c])
        if m >= MOVE_PRICE:
            for s in g.lay.adj[pos]:
                out.append(A.MOVE[s])
        if m >= COLLECT_PRICE and g.mineral[pos]:
            out.append(A.COLLECT)
        h = g.hunt[pos]
        probed = g.probes[pos] >> p & 1
        free = -1
        if h >= 0:
            if probed:
                if m >= P.difficulty[h]:
                    out.append(A.CAPTURE)
            elif m >= PROBE_PRICE:
                # The marker is optional ("Puis vous pouvez prendre ... un marqueur"): a seat
                # without a free marker may still look at the token.
                out.append(A.PROBE)
        owner = g.ctrl[pos]
        if not g.locked():
            if owner != p and (owner < 0 or g.pos[owner] != pos):
                if free < 0:
                    free = g.markers_free(p)
                if free > 0:
                    cost = C.conquest_cost(k, g.defence[pos])
                    if k != K_TORTUGA or g.scenario != "aggressive" or g.would_win_tortuga(p):
                        if m >= cost:
                            out.append(A.CONQUER)
                        if g.scenario == "peaceful" and cr >= cost:
                            out.append(A.CONQUER_CRYPTO)
            if g.scenario != "peaceful":
                for o, q in enumerate(g.pos):
                    if q == pos and o != p:
                        out.append(A.ATTACK[o])
        if owner == p:
            used = g.used
            if k == K_FORTRESS:
                if not used & P_FORTRESS:
                    out.append(A.FORTRESS)
            elif k == K_MINES:
                if not used & P_MINES and g.depot > 0:
                    out.append(A.MINES)
            elif k == K_VORTEX:
                if not used & P_VORTEX:
                    for c in sorted(set(g.played[p])):
                        out.append(A.VORTEX[c])
            elif k == K_RESEARCH and not used & P_RESEARCH and g.reserve[p] < 0:
                for c in hand_types:
                    out.append(A.RESEARCH[c])
    if cr >= RESERVE_PRICE and g.reserve[p] < 0:
        for c in hand_types:
            out.append(A.RESERVE[c])
    if m >= DESTROY_PRICE:
        for c in sorted(set(g.played[p])):
            out.append(A.DESTROY[c])
    for c in hand_types:
        if P.is_hunt[c]:
            out.append(A.CONVERT[c])
    if cr >= 1:
        kinds = g.kinds
        for s, o in enumerate(g.ctrl):
            if o == p and kinds[s] != K_TORTUGA:
                top = min(P.kind_max_def[kinds[s]], cr)
                row = A.REINFORCE[s]
                for x in range(g.defence[s] + 1, top + 1):
                    out.append(row[x])
    out.append(A.END)
    return out
