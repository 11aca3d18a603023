"""Vectorised Gymnasium environments (:func:`spacetable.rl.vector_env`): Gymnasium's own
``SyncVectorEnv`` and ``AsyncVectorEnv`` (shared memory) over the single environment, which
passes Gymnasium's ``check_env`` in both observation forms; episodes reset themselves at
their end and the masks come with the observations and through ``call``."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env, data_equivalence
from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv, VectorEnv

from spacetable.rl import gym_env, vector_env
from spacetable.rl.observation import from_indices


def _play(env: VectorEnv[Any, Any, Any], steps: int, seed: int) -> list[Any]:
    """Random legal actions for ``steps`` steps; every step's results."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    out: list[Any] = [obs]
    for _ in range(steps):
        acts = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]]
        obs, rew, term, trunc, _ = env.step(np.array(acts))
        out.append((obs, rew, term, trunc))
    return out


def test_check_env_passes_in_both_forms() -> None:
    check_env(gym_env("quazarys", seed=1, opponents="random"))
    check_env(gym_env("wildspace", seed=1, opponents="random", observation_format="indices"))


def test_sync_and_async_vector_envs_agree_and_reset_at_the_end() -> None:
    """Two Wild Space games per vector environment for 160 steps (several episodes end):
    the asynchronous one (shared memory, worker processes) gives exactly the synchronous
    one's results; after an episode ends the next step starts a new game (an all-legal
    mask again, reward 0)."""
    sync = vector_env("wildspace", 2, opponents="random", seed=5)
    asyn = vector_env("wildspace", 2, asynchronous=True, opponents="random", seed=5)
    assert isinstance(sync, SyncVectorEnv) and isinstance(asyn, AsyncVectorEnv)
    try:
        a, b = _play(sync, 160, seed=9), _play(asyn, 160, seed=9)
        assert data_equivalence(a, b, exact=True)
        ends = 0
        for prev, cur in itertools.pairwise(a[1:]):
            for i in np.flatnonzero(prev[2]):
                ends += 1
                assert not cur[2][i] and cur[1][i] == 0.0  # the autoreset step
                assert cur[0]["action_mask"][i].any()
        assert ends >= 2
        masks = sync.call("action_masks")
        assert len(masks) == 2
        for e, m in enumerate(masks):
            assert np.array_equal(m, a[-1][0]["action_mask"][e].astype(bool))
        assert asyn.call("action_masks")[1].shape == masks[1].shape
    finally:
        sync.close()
        asyn.close()


@pytest.mark.parametrize("asynchronous", [False, True])
def test_index_form_in_a_vector_env(asynchronous: bool) -> None:
    env = vector_env(
        "quazarys",
        2,
        asynchronous=asynchronous,
        opponents="random",
        seed=1,
        observation_format="indices",
    )
    single = gym_env("quazarys", opponents="random", seed=1)
    try:
        obs, _ = env.reset(seed=3)
        ref, _ = single.reset(seed=3)
        size = single.observation_space["observation"].shape[0]  # type: ignore[index]
        dense = from_indices(obs["indices"][0], obs["values"][0], size)
        assert np.array_equal(dense, ref["observation"])
        assert obs["indices"].shape == (2, 9345 // 8)
    finally:
        env.close()
