"""The bot tests' own small games are registered for every test of this folder."""

from __future__ import annotations

from spacetable.engine import register

from .games import TEST_GAMES

for _cls in TEST_GAMES:
    register(_cls)
