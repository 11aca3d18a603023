"""One observation encoder per game (see :mod:`spacetable.rl.observation`)."""

from __future__ import annotations

from ..observation import Encoder
from .planetraiders import PlanetRaidersEncoder
from .quazarys import QuazarysEncoder
from .spacedealer import SpacedealerEncoder
from .tortuga2199 import Tortuga2199Encoder
from .wildspace import WildSpaceEncoder

_ALL: tuple[Encoder, ...] = (
    PlanetRaidersEncoder(),
    QuazarysEncoder(),
    SpacedealerEncoder(),
    Tortuga2199Encoder(),
    WildSpaceEncoder(),
)

#: The encoder of every game, by game id.
ENCODERS: dict[str, Encoder] = {e.game_id: e for e in _ALL}
