"""Shared test setup: the test-only games are registered for the engine's own tests, and the
terminal width is fixed so that no test depends on the terminal it runs in."""

from __future__ import annotations

import os

# rich reads COLUMNS when a console is made (the CLI makes its consoles on import): pin it
# before anything imports the CLI. Tests of narrow terminals set it in their subprocesses.
os.environ["COLUMNS"] = "120"
os.environ.pop("LINES", None)

from spacetable.engine import register
from spacetable.testing.toy import HighCards
from spacetable.testing.toy_rt import EggTimers

register(HighCards)
register(EggTimers)
