"""Reinforcement learning: observation tensors and standard environments (``docs/rl.md``).

Importing this package is cheap: it imports numpy and the engine, never PettingZoo,
Gymnasium, OpenSpiel or Ray. :func:`pettingzoo_env` and :func:`gym_env` import their library
when called; ``spacetable.rl.openspiel`` registers the games with OpenSpiel when imported.
"""

from __future__ import annotations

from .observation import (
    Block,
    ObservationError,
    observation_layout,
    observation_shape,
    observe,
    observe_view,
)

__all__ = [
    "Block",
    "ObservationError",
    "observation_layout",
    "observation_shape",
    "observe",
    "observe_view",
]
