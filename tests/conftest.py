"""Shared test setup: the test-only games are registered for the engine's own tests."""

from __future__ import annotations

from spacetable.engine import register
from spacetable.testing.toy import HighCards
from spacetable.testing.toy_rt import EggTimers

register(HighCards)
register(EggTimers)
