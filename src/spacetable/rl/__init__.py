"""Reinforcement learning: observation tensors and standard environments (``docs/rl.md``).

Importing this package is cheap: it imports numpy and the engine, never PettingZoo,
Gymnasium, OpenSpiel or Ray. :func:`pettingzoo_env`, :func:`parallel_env` and :func:`gym_env`
import their library when called; ``spacetable.rl.openspiel`` registers the games with
OpenSpiel when imported.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .observation import (
    Block,
    ObservationError,
    from_indices,
    observation_layout,
    observation_shape,
    observe,
    observe_reference,
    observe_view,
    to_indices,
)

if TYPE_CHECKING:
    from gymnasium.vector import VectorEnv

    from .gym import SpacetableGymEnv
    from .parallel import SpacetableParallelEnv
    from .pettingzoo import SpacetableAECEnv

__all__ = [
    "Block",
    "ObservationError",
    "from_indices",
    "gym_env",
    "observation_layout",
    "observation_shape",
    "observe",
    "observe_reference",
    "observe_view",
    "parallel_env",
    "pettingzoo_env",
    "to_indices",
    "vector_env",
]


def pettingzoo_env(
    game: str,
    players: int | None = None,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    reward: str = "rank",
    **kwargs: Any,
) -> SpacetableAECEnv:
    """A PettingZoo AEC environment of ``game`` (see :class:`SpacetableAECEnv`); ``reward``
    is the reward scheme (``"rank"``, ``"win"`` or ``"score"``: ``Outcome.payoffs``)."""
    from .pettingzoo import SpacetableAECEnv

    return SpacetableAECEnv(
        game, players=players, seed=seed, options=options, reward=reward, **kwargs
    )


def parallel_env(
    game: str,
    players: int | None = None,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> SpacetableParallelEnv:
    """A PettingZoo Parallel environment of ``game``: every live agent gives an action at each
    step, applied as simultaneous decisions of one game instant (see
    :class:`SpacetableParallelEnv`)."""
    from .parallel import SpacetableParallelEnv

    return SpacetableParallelEnv(game, players=players, seed=seed, options=options, **kwargs)


def gym_env(
    game: str,
    players: int | None = None,
    opponents: str | list[str] = "greedy",
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    reward: str = "rank",
    **kwargs: Any,
) -> SpacetableGymEnv:
    """A Gymnasium single-agent environment of ``game``: one seat learns, the others are
    played by our bots (see :class:`SpacetableGymEnv`); ``reward`` is the reward scheme
    (``"rank"``, ``"win"`` or ``"score"``: ``Outcome.payoffs``)."""
    from .gym import SpacetableGymEnv

    return SpacetableGymEnv(
        game,
        players=players,
        opponents=opponents,
        seed=seed,
        options=options,
        reward=reward,
        **kwargs,
    )


def vector_env(
    game: str,
    num_envs: int,
    *,
    asynchronous: bool = False,
    shared_memory: bool = True,
    workers: int | None = None,
    players: int | None = None,
    opponents: str | list[str] = "greedy",
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> VectorEnv[Any, Any, Any]:
    """``num_envs`` Gymnasium environments of ``game`` (:func:`gym_env`) stepped together:
    a ``gymnasium.vector.SyncVectorEnv`` (in this process), or with ``asynchronous=True`` an
    ``AsyncVectorEnv`` (one worker process per environment; ``shared_memory`` puts the
    observations in shared memory). With ``asynchronous=True`` and ``workers=k``, a
    :class:`~spacetable.rl.vector.BatchedVectorEnv` instead: ``k`` processes, each stepping
    its share of the environments on one message a step (observations in shared memory),
    which scales with the cores where one process per environment spends its time in
    messages. Environment ``i`` takes the seed ``seed + i``; the
    learner's masks are ``obs["action_mask"]`` (one row per environment) or
    ``call("action_masks")``. An episode that ends is reset by the next ``step``
    (Gymnasium's ``next_step`` autoreset)."""
    import functools

    from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv

    from .gym import SpacetableGymEnv

    if num_envs < 1:
        raise ValueError(f"num_envs must be at least 1, not {num_envs}")
    fns = [
        functools.partial(
            SpacetableGymEnv,
            game,
            players=players,
            opponents=opponents,
            seed=None if seed is None else seed + i,
            options=options,
            **kwargs,
        )
        for i in range(num_envs)
    ]
    if workers is not None:
        if not asynchronous:
            raise ValueError("workers is for an asynchronous vector environment")
        from .vector import BatchedVectorEnv

        return BatchedVectorEnv(fns, workers)
    if asynchronous:
        return AsyncVectorEnv(fns, shared_memory=shared_memory)
    return SyncVectorEnv(fns)
