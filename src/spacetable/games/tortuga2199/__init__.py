"""Tortuga 2199: a deck-builder on a hex map, 2 to 4 players (see docs/games/tortuga2199.md)."""

from .rules import Tortuga2199

GAME = Tortuga2199

__all__ = ["GAME", "Tortuga2199"]
