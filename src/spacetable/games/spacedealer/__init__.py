"""Spacedealer: the real-time space trading game (3-8 players, basic and advanced rules)."""

from .rules import Spacedealer

GAME = Spacedealer

__all__ = ["GAME", "Spacedealer"]
