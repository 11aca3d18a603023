"""Wild Space: 1 to 5 players, with the solo mode against the Contrebandier."""

from .rules import WildSpace

GAME = WildSpace

__all__ = ["GAME", "WildSpace"]
