"""One observation encoder per game (see :mod:`spacetable.rl.observation`)."""

from __future__ import annotations

from ..observation import Encoder
from .quazarys import QuazarysEncoder

ENCODERS: dict[str, Encoder] = {e.game_id: e for e in (QuazarysEncoder(),)}
