"""Helpers of the full-screen client's tests: a game with seat 0 human and seeded random bots
elsewhere, a fake wall clock, and waiting until the bots' worker threads are done."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

import spacetable
from spacetable.bots import make_bot
from spacetable.engine import Game
from spacetable.tui import TableApp

#: Settings that end a game through key presses in reasonable time: the smallest tables,
#: seeds with short games, the round limits (options the games offer for bots and
#: simulations, off by default: the rulebooks have none; Quazarys and Planet Raiders at the
#: values that were their defaults when the snapshots were taken) and Spacedealer's shortest
#: length.
GAMES: dict[str, dict[str, Any]] = {
    "planetraiders": {
        "players": 2,
        "seed": 3,
        "options": {"round_limit": 100, "stall_rounds": 20},
    },
    "quazarys": {"players": 2, "seed": 3, "options": {"round_limit": 30}},
    "spacedealer": {"players": 3, "seed": 3, "options": {"length": 300}},
    "tortuga2199": {"players": 2, "seed": 3, "options": {"round_limit": 3}},
    "wildspace": {"players": 2, "seed": 3, "options": {}},
}


@dataclass
class FakeClock:
    """Wall seconds that move only when a test says so."""

    now: float = 0.0

    def __call__(self) -> float:
        return self.now


def new_table(
    game_id: str, lang: str = "en", humans: tuple[int, ...] = (0,), **kw: Any
) -> tuple[TableApp, Game, FakeClock]:
    cfg = GAMES[game_id]
    g = spacetable.new_game(game_id, cfg["players"], cfg["seed"], dict(cfg["options"]))
    bots = {s: make_bot("random", seed=s) for s in range(g.players) if s not in humans}
    clock = FakeClock()
    return TableApp(g, bots, lang, clock=clock, tick=10.0, **kw), g, clock


async def settle(pilot: Any) -> None:
    """Wait until no bot is thinking and every message is handled."""
    app = pilot.app
    for _ in range(1000):
        await app.workers.wait_for_complete()
        await pilot.pause()
        # a bot's worker that hands over to the next bot's starts it before it ends: the new
        # one is pending, not yet running, and the table still says a bot is thinking
        if all(w.is_finished for w in app.workers) and getattr(app, "_thinking", None) is None:
            await pilot.pause()  # what runs after the last refresh (the log scrolled to its end)
            await pilot.pause()
            return


@pytest.fixture
def anyio_backend() -> str:
    """The pilot runs on asyncio (the tests are marked ``anyio``)."""
    return "asyncio"
