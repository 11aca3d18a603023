"""How the bots judge a Quazarys state: ``evaluate(game, seat)`` compares race distances.

For each pawn, the fewest one-station moves to its own base on the current table (arrows
obeyed, pawns ignored, Vortex jumps included; when arrows cut every path, the arrow-free
distance plus 4, the price of a rotation or a detour). The value is a logistic of (best
opponent distance - my distance) / 3, plus a small bonus for a full hand; a pawn at home is
worth 0.9 if it wins so far, else 0.6. A finished game is worth its outcome's reward.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .constants import HAND_SIZE

if TYPE_CHECKING:
    from .rules import Quazarys


def race_distance(game: Quazarys, seat: int) -> int:
    """Moves ``seat``'s pawn still needs to reach its base (arrows obeyed, pawns ignored);
    when arrows block every path, the arrow-free distance plus 4; 40 if cut off."""
    if seat in game.arrived:
        return 0
    g = game.graph
    home = game.home(seat)
    d = g.distance(game.pos[seat], home, seat, False)
    if d >= 0:
        return d
    d = g.distance(game.pos[seat], home, seat, True)
    return d + 4 if d >= 0 else 40


def evaluate(game: Quazarys, seat: int) -> float:
    """Race position: my distance to my base against the best opponent's, plus tempo."""
    if game.over:
        return game._outcome().rewards()[seat]
    mine = race_distance(game, seat)
    best = min(race_distance(game, s) for s in range(game.players) if s != seat)
    if seat in game.arrived:
        # Home: I win unless someone else arrives later in this round (the rulebook's
        # tie-break; with tie_break=first, unless someone arrived before).
        return 0.9 if game.leader() == seat else 0.6
    x = (best - mine) / 3.0 + 0.05 * (len(game.hands[seat]) - HAND_SIZE)
    return 1.0 / (1.0 + math.exp(-x))


#: The terms of :func:`terms`, in the order a reader gets them, and whether more is better
#: (+1) or worse (-1): the "why" of a hint or a review (``spacetable.bots.analysis``).
TERMS: dict[str, int] = {"distance": -1, "rival_distance": 1, "hand": 1}


def terms(game: Quazarys, seat: int) -> dict[str, float]:
    """What :func:`evaluate` weighs for ``seat``: the moves its pawn still needs to reach its
    base, the best rival's, and its cards in hand."""
    return {
        "distance": float(race_distance(game, seat)),
        "rival_distance": float(
            min(race_distance(game, s) for s in range(game.players) if s != seat)
        ),
        "hand": float(len(game.hands[seat])),
    }
