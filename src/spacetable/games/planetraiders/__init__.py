"""Planet Raiders (2 to 4 players or two teams): raiders ride shared rockets across a galaxy
to capture enemy raiders and collect aliens, then fly home. See ``docs/games/planetraiders.md``."""

from .rules import PlanetRaiders

GAME = PlanetRaiders

__all__ = ["GAME", "PlanetRaiders"]
