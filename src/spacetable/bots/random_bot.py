"""The random bot: a uniformly random legal action."""

from __future__ import annotations

from spacetable.engine import Action

from .base import Bot, SeatPort


class RandomBot(Bot):
    """Plays a uniformly random legal action; in real time, acts on about half its chances."""

    name = "random"

    def choose(self, port: SeatPort) -> Action | None:
        legal = port.legal_actions()
        if not legal:
            return None
        if port.realtime and self.rng.random() < 0.5:
            return None
        return self.rng.choice(legal)
