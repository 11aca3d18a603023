"""The options and the episode bound shared by the RL adapters (``docs/rl.md``, "Bounded
games").

An environment plays the game's :attr:`~spacetable.engine.GameInfo.simulation_options` unless
told otherwise (:func:`adapter_options`): a game whose rulebook sets no end to a game that
nobody advances (Quazarys, Planet Raiders and Tortuga 2199 without a round limit, Wild Space
with effects applied at every lay) gets the limit the simulation drivers use, so that an
episode of random play ends. An option given explicitly wins, turning a limit off included.
Under those options every game declares a finite bound (:func:`episode_bound`).

Importing this module is cheap (the engine only).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from spacetable.engine import NO_BOUND, game_class

__all__ = ["adapter_options", "episode_bound"]


def adapter_options(game_id: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """``options`` over the game's simulation options (an option given wins)."""
    return game_class(game_id).info.for_simulation(options)


def episode_bound(
    game_id: str, players: int, options: Mapping[str, Any], tick: float = 1.0
) -> int | None:
    """A true bound on the agent steps of one episode with these (complete) ``options``, or
    ``None`` when the game has none (``Game.max_decisions`` is ``NO_BOUND``).

    Turn-based: ``max_decisions``. Real time: plus one *wait* per seat and tick, the ticks
    being at most the game's ``length`` plus two ``timer`` lengths (Spacedealer: the last
    timer turned before the end, then the last call) in steps of ``tick`` seconds, plus two.
    """
    cls = game_class(game_id)
    bound = cls.max_decisions(players, options)
    if bound >= NO_BOUND:
        return None
    if cls.info.realtime_with(options):
        end = float(options.get("length", 0)) + 2 * float(options.get("timer", 0))
        ticks = math.ceil(end / tick) + 2
        bound += players * (ticks + 1)
    return int(bound)
