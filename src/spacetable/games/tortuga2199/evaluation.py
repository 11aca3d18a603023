"""How the bots judge a Tortuga 2199 position: :func:`evaluate` (the ``Game.evaluate``
hook) and the strength of a seat it compares.

``evaluate`` = 0.5 + (strength(seat) − best opponent's strength)/20 + (Influence − 7)/60,
clipped to [0.01, 0.99]; a finished game gives its rewards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import ABILITY, K_TERMINAL, K_TURRET, MAIN, MARK, OVER

if TYPE_CHECKING:
    from .rules import Tortuga2199


def evaluate(g: Tortuga2199, seat: int) -> float:
    """Influence lead, weighted by the deck's strength, minerals, hunts and position."""
    n = g.players
    if g.phase == OVER:
        return g.outcome().rewards()[seat]
    scores = [strength(g, p) for p in range(n)]
    mine = scores[seat]
    best = max(scores[p] for p in range(n) if p != seat)
    v = 0.5 + (mine - best) / 20.0 + (g.total(seat) - 7) / 60.0
    return min(0.99, max(0.01, v))


def strength(g: Tortuga2199, p: int) -> float:
    """Influence-equivalent strength of seat ``p`` (the sum of weighted assets)."""
    P = g.parts
    cards = g.hand[p] + g.deck[p] + g.discard[p] + g.played[p]
    if g.reserve[p] >= 0:
        cards.append(g.reserve[p])
    res = sum(P.crypto[c] + P.mano[c] + 0.5 * len(P.played[c]) for c in cards)
    per_card = res / max(1, len(cards))
    hunts = sum(P.hunt_influence[h] for h in g.htokens[p])
    bit = 1 << p
    marks = list(g.probes)
    if g.phase == MARK and p == g.cur and g.mark_at >= 0:
        # A probe waiting for its marker decision counts as marked (the better choice), so
        # that a one-step search sees what the probe is worth.
        marks[g.mark_at] |= bit
    known = sum(1.0 / P.difficulty[h] for s, h in enumerate(g.hunt) if h >= 0 and marks[s] & bit)
    value = (
        g.total(p)
        + 3.0 * per_card
        + 0.3 * g.minerals[p]
        + 0.6 * hunts
        + 0.6 * known
        + 0.4 * g.bonus(p, K_TURRET)
        + 0.3 * g.bonus(p, K_TERMINAL)
    )
    for s, o in enumerate(g.ctrl):
        if o == p:
            value += 0.05 * g.defence[s]
    pos = g.pos[p]
    if pos < 0:
        value -= 0.3
    elif p == g.cur and g.phase in (MAIN, ABILITY, MARK):
        # Resources of the turn are worth a little (play cards, then spend them well),
        # and so is a ship standing where something can be done.
        value += 0.08 * (g.crypto + g.mano)
        if g.mineral[pos]:
            value += 0.1
        if g.hunt[pos] >= 0 and not g.probes[pos] & bit:
            value += 0.1
        if g.ctrl[pos] != p:
            value += 0.1 * P.kind_influence[g.kinds[pos]]
    return value


#: The terms of :func:`terms`, in the order a reader gets them, and whether more is better
#: (+1) or worse (-1): the "why" of a hint or a review (``spacetable.bots.analysis``).
TERMS: dict[str, int] = {"influence": 1, "strength": 1, "lead": 1, "minerals": 1}


def terms(g: Tortuga2199, seat: int) -> dict[str, float]:
    """What :func:`evaluate` weighs for ``seat``: its Influence, its strength (Influence plus
    what its deck, minerals, hunts and position promise), its lead in strength on the best
    rival, and its minerals."""
    scores = [strength(g, p) for p in range(g.players)]
    return {
        "influence": float(g.total(seat)),
        "strength": scores[seat],
        "lead": scores[seat] - max(scores[p] for p in range(g.players) if p != seat),
        "minerals": float(g.minerals[seat]),
    }
