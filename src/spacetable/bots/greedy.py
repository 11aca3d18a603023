"""The greedy bot: one-ply lookahead with the game's own evaluation.

On a determinization of the game (everything the seat cannot see resampled from its view),
the bot applies each of its legal actions to a clone and scores the result with
``evaluate(seat)`` (or with the outcome's reward when the action ends the game). It plays
the best one; ties are broken by the bot's own generator, so a seeded bot is deterministic.

In a real-time game the bot also considers waiting: every candidate (each action, and doing
nothing) is followed by one tick of game time before it is scored, and the bot returns
``None`` when waiting scores strictly best.
"""

from __future__ import annotations

import random

from spacetable.engine import Action, Game

from .base import Bot, SeatPort


def score_after(game: Game, seat: int) -> float:
    """The value of ``game`` for ``seat``: the reward if it is over, else ``evaluate(seat)``."""
    if game.is_over:
        return game.outcome().rewards()[seat]
    return game.evaluate(seat)


def one_ply(game: Game, seat: int, action: Action | None, tick: float | None = None) -> float:
    """The value for ``seat`` of playing ``action`` (``None``: nothing) on a clone of
    ``game``, followed by ``tick`` seconds of game time when given."""
    c = game.clone()
    if action is not None:
        c.apply_unchecked(seat, action)
    if tick is not None and not c.is_over:
        c.advance_unchecked(tick)
    return score_after(c, seat)


def best_actions(
    game: Game, seat: int, legal: list[Action], tick: float | None = None
) -> tuple[list[Action | None], float]:
    """The legal actions of ``seat`` whose one-ply value on ``game`` is best, and that value.

    ``game`` is never changed (each action is tried on a clone). With ``tick`` (real-time
    games), each candidate is followed by ``tick`` seconds of game time, and ``None``
    (waiting) is a candidate too.
    """
    best = -1.0
    out: list[Action | None] = []
    candidates: list[Action | None] = list(legal)
    if tick is not None:
        candidates.append(None)
    for a in candidates:
        v = one_ply(game, seat, a, tick)
        if v > best + 1e-12:
            best = v
            out = [a]
        elif v >= best - 1e-12:
            out.append(a)
    return out, best


class GreedyBot(Bot):
    """One-ply lookahead on a determinization, scored by ``Game.evaluate``.

    ``epsilon`` is the probability of playing a uniformly random legal action instead (the
    *easy* level uses it). ``tick`` is the game time a real-time candidate is followed by.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None, *, epsilon: float = 0.0, tick: float = 1.0) -> None:
        super().__init__(seed)
        self.epsilon = epsilon
        self.tick = float(tick)

    def choose(self, port: SeatPort) -> Action | None:
        legal = port.legal_actions()
        if not legal:
            return None
        if self.epsilon and self.rng.random() < self.epsilon:
            return self.rng.choice(legal)
        if len(legal) == 1 and not port.realtime:
            return legal[0]
        game = port.determinize(random.Random(self.rng.getrandbits(64)))
        best, _ = best_actions(game, port.seat, legal, self.tick if port.realtime else None)
        # Waiting ties with acting: act (a bot that always waits on a flat evaluation stalls).
        acting = [a for a in best if a is not None]
        if not acting:
            return None
        return self.rng.choice(acting)
