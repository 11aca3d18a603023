"""Shared test setup: the test-only game is registered for the engine's own tests."""

from __future__ import annotations

from spacetable.engine import register
from spacetable.testing.toy import HighCards

register(HighCards)
