"""Quazarys: the legendary race of the Quazarys galaxy (2 to 4 players)."""

from .rules import Quazarys

GAME = Quazarys

__all__ = ["GAME", "Quazarys"]
