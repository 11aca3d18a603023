"""The bot interface: a bot sees its seat through a :class:`SeatPort` and nothing else.

A port exposes the seat's view, its legal actions and, for search, determinized copies of
the game (where everything the seat cannot see is resampled). It never exposes the real
game state, so a bot cannot read another seat's hidden cards.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any

from spacetable.engine import Action, Game
from spacetable.engine.info import GameInfo


class SeatPort:
    """What one seat may know of a game, and what a bot may do with it."""

    __slots__ = ("_game", "seat")

    def __init__(self, game: Game, seat: int) -> None:
        self._game = game
        self.seat = seat

    @property
    def info(self) -> GameInfo:
        return self._game.info

    @property
    def players(self) -> int:
        return self._game.players

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._game.options)

    @property
    def realtime(self) -> bool:
        return self._game.realtime

    @property
    def clock(self) -> float:
        return self._game.clock

    @property
    def step(self) -> int:
        return self._game.step

    def next_event(self) -> float | None:
        """The game time of the next scheduled change (:meth:`Game.next_event`; public)."""
        return self._game.next_event()

    def view(self) -> dict[str, Any]:
        return self._game.view(self.seat)

    def legal_actions(self) -> list[Action]:
        return self._game.legal_actions(self.seat)

    def determinize(self, rng: random.Random) -> Game:
        """A copy of the game consistent with this seat's view, hidden parts resampled."""
        return self._game.determinize(self.seat, rng)


class Bot(ABC):
    """A policy. ``choose`` returns a legal action, or ``None`` to wait (real-time games only)."""

    name: str = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, port: SeatPort) -> Action | None:
        """Pick one of ``port.legal_actions()``."""
