"""The guide's opponent: a bot that plays what a guided first game's script says.

A guided first game (:mod:`spacetable.engine.guide`) is one real game, scripted to its end:
the learner plays their steps, and every other seat plays the script's, through this bot.
"""

from __future__ import annotations

from spacetable.engine import Action
from spacetable.engine.guide import Guide

from .base import Bot, SeatPort


class GuideBot(Bot):
    """Plays the action of :meth:`Guide.at` for the game's ``step`` when it is its seat's;
    ``None`` (waits) otherwise: a wait step, another seat's step, or past the script."""

    name = "guide"

    def __init__(self, guide: Guide) -> None:
        super().__init__(0)
        self.guide = guide

    def choose(self, port: SeatPort) -> Action | None:
        step = self.guide.at(port.step)
        if step is None or step.action is None or step.seat != port.seat:
            return None
        return step.action
