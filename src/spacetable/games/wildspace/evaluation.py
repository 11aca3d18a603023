"""Wild Space: how bots judge a state (``WildSpace.evaluate``).

:func:`evaluate` is a logistic of the difference between a seat's :func:`potential` (credits
now, plus what its crew, hand and pending effects promise) and the best rival's (in solo, the
Contrebandier's credits plus two per turn it has left).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .components import WildParts
from .constants import F_DRAW, F_PLAY, F_TAKE, F_USE_DRAW, K_ROBOT, TURNS

if TYPE_CHECKING:
    from .rules import WildSpace


def evaluate(g: WildSpace, seat: int) -> float:
    if g.over:
        out = g._outcome()
        if g.solo:
            return 1.0 if out.details["won"] else 0.0
        return out.rewards()[seat]
    mine = potential(g, seat)
    if g.solo:
        other = float(g.smuggler_sheet()["total"]) + 2.0 * (TURNS - g.s_turns)
    else:
        other = max(potential(g, q) for q in range(g.players) if q != seat)
    return 1.0 / (1.0 + math.exp(-(mine - other) / 25.0))


def potential(g: WildSpace, p: int) -> float:
    """Credits now, plus what the crew, the hand and pending effects promise.

    Every animal is worth about 2.5 credits towards a set of six (15 / 6) and a species
    at two animals promises 5 with the next one; a crew card also opens planets; a hand
    card is worth something only while turns remain to play it; pending draws and plays
    are counted a little below their worth (so that a greedy bot uses them rather than
    leaving them pending).
    """
    parts = g.parts
    kind = parts.kind
    sheet = g.score_sheet(p)
    value = float(sheet["total"])
    counts: list[int] = sheet["species"]
    full = min(counts)
    value += 2.5 * sum(1 for n in counts if n > full)  # towards the next set of six
    value += sum(2.0 for n in counts if n == 2)  # the next one scores 5
    crew = g.tableau[p]
    value += 0.5 * min(len(crew), 9)  # planet access
    value += 1.0 * sum(1 for c in crew if kind[c] == K_ROBOT)
    value += 0.8 * g.vet[p]
    remaining = TURNS - g.turns[p]
    hand = len(g.hands[p])
    value += _hand_value(hand, remaining)
    if p == g.current and not g.smuggler_turn:
        for f in g.stack:
            fk = f[0]
            if fk in (F_DRAW, F_USE_DRAW):
                value += 0.9 * (_hand_value(hand + f[1], remaining) - _hand_value(hand, remaining))
            elif fk == F_PLAY:
                row = parts.match[f[1]]
                lost = _hand_value(hand - 1, remaining) - _hand_value(hand, remaining)
                gains = [card_gain(parts, c, counts) + lost for c in g.hands[p] if row[c]]
                value += 0.9 * max(0.0, *gains) if gains else 0.0
            elif fk == F_TAKE:
                gains = [card_gain(parts, c, counts) for c in g.reserve if c >= 0]
                value += 0.9 * max(1.5, *gains)
            else:
                value += 0.3
    return value


def card_gain(parts: WildParts, c: int, counts: list[int]) -> float:
    """Rough worth of adding card ``c`` to a crew with these species counts."""
    gain = 0.5  # one more crew card
    s = parts.species_of[c]
    if s >= 0:
        n = counts[s]
        gain += 5.0 if n >= 2 else 2.0 if n == 1 else 0.0
        if n == min(counts):
            gain += 2.5
    if parts.kind[c] == K_ROBOT:
        gain += 1.0 + parts.credits[c]
    if parts.vet[c]:
        gain += 0.8
    if parts.effect_of[c] >= 0:
        gain += 0.5
    return gain


def _hand_value(cards: int, turns_left: int) -> float:
    """Hand cards are worth 0.7 each while they can still be played, then 0.1."""
    useful = min(cards, turns_left + 1)
    return 0.7 * useful + 0.1 * (cards - useful)


#: The terms of :func:`terms`, in the order a reader gets them, and whether more is better
#: (+1) or worse (-1): the "why" of a hint or a review (``spacetable.bots.analysis``).
TERMS: dict[str, int] = {"credits": 1, "potential": 1, "lead": 1, "hand": 1}


def terms(g: WildSpace, seat: int) -> dict[str, float]:
    """What :func:`evaluate` weighs for ``seat``, as numbers a player can read: its credits,
    what its crew, hand and pending effects promise besides them, its lead on the best rival
    (in solo, on the Contrebandier) and its cards in hand."""
    credits = float(g.score_sheet(seat)["total"])
    mine = potential(g, seat)
    if g.solo:
        other = float(g.smuggler_sheet()["total"]) + 2.0 * (TURNS - g.s_turns)
    else:
        other = max(potential(g, q) for q in range(g.players) if q != seat)
    return {
        "credits": credits,
        "potential": mine - credits,
        "lead": mine - other,
        "hand": float(len(g.hands[seat])),
    }
