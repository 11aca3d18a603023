"""Vectorised Gymnasium environments (:func:`spacetable.rl.vector_env`): Gymnasium's own
``SyncVectorEnv`` and ``AsyncVectorEnv`` (shared memory) over the single environment, which
passes Gymnasium's ``check_env`` in both observation forms, and our ``BatchedVectorEnv``
(worker processes stepping several environments each); episodes reset themselves at their
end and the masks come with the observations and through ``call``."""

from __future__ import annotations

import functools
import itertools
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env, data_equivalence
from gymnasium.vector import AsyncVectorEnv, AutoresetMode, SyncVectorEnv, VectorEnv

from spacetable.rl import gym_env, vector_env
from spacetable.rl.observation import from_indices
from spacetable.rl.vector import BatchedVectorEnv, VectorWorkerError


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


def test_batched_workers_give_the_synchronous_results() -> None:
    """Five Wild Space games in two worker processes (three and two games each): every step
    equals the synchronous vector environment's, episodes reset themselves at their end, and
    call, get_attr and set_attr reach every environment in order."""
    sync = vector_env("wildspace", 5, opponents="random", seed=5)
    batched = vector_env("wildspace", 5, asynchronous=True, workers=2, opponents="random", seed=5)
    assert isinstance(batched, BatchedVectorEnv) and batched.workers == 2
    assert isinstance(sync, SyncVectorEnv)
    try:
        assert batched.observation_space == sync.observation_space
        assert batched.action_space == sync.action_space
        assert batched.metadata["autoreset_mode"] == sync.metadata["autoreset_mode"]
        a, b = _play(sync, 160, seed=9), _play(batched, 160, seed=9)
        assert data_equivalence(a, b, exact=True)
        assert sum(int(step[2].sum()) for step in a[1:]) >= 2  # episodes ended on the way
        masks = batched.call("action_masks")
        assert len(masks) == 5
        for e, m in enumerate(masks):
            assert np.array_equal(m, b[-1][0]["action_mask"][e].astype(bool))
        batched.set_attr("illegal_reward", [-1.0, -2.0, -3.0, -4.0, -5.0])
        assert batched.get_attr("illegal_reward") == (-1.0, -2.0, -3.0, -4.0, -5.0)
        # seeds one by one: environment 3 as seeded alone
        obs, _ = batched.reset(seed=[1, 2, 3, 4, 5])
        ref, _ = sync.reset(seed=[1, 2, 3, 4, 5])
        assert data_equivalence(obs, ref, exact=True)
    finally:
        sync.close()
        batched.close()
    assert batched.closed


def test_batched_workers_reset_in_the_same_step_as_gymnasium_does() -> None:
    """``same_step`` autoreset (the PPO example's): the step that ends an episode returns the
    next one's first observation, the last one in ``final_obs`` and ``final_info``, as
    Gymnasium's ``SyncVectorEnv`` does."""
    fns = [
        functools.partial(gym_env, "wildspace", opponents="random", seed=7 + i) for i in range(3)
    ]
    sync = SyncVectorEnv(fns, autoreset_mode=AutoresetMode.SAME_STEP)
    batched = BatchedVectorEnv(fns, 2, autoreset_mode=AutoresetMode.SAME_STEP)
    try:
        rng = np.random.default_rng(4)
        a, _ = sync.reset(seed=11)
        b, _ = batched.reset(seed=11)
        finals = 0
        for _ in range(150):
            acts = np.array([int(rng.choice(np.flatnonzero(m))) for m in a["action_mask"]])
            a, ra, ta, ua, ia = sync.step(acts)
            b, rb, tb, ub, ib = batched.step(acts)
            assert data_equivalence((a, ra, ta, ua), (b, rb, tb, ub), exact=True)
            assert set(ia) == set(ib)
            if "final_obs" in ia:
                finals += int(ia["_final_obs"].sum())
                assert np.array_equal(ia["_final_obs"], ib["_final_obs"])
                for i in np.flatnonzero(ia["_final_obs"]):
                    assert data_equivalence(ia["final_obs"][i], ib["final_obs"][i], exact=True)
        assert finals >= 2
    finally:
        sync.close()
        batched.close()
    with pytest.raises(ValueError, match="not offered"):
        BatchedVectorEnv(fns, 1, autoreset_mode=AutoresetMode.DISABLED)


def test_a_batched_worker_tells_an_environments_failure_and_goes_on() -> None:
    env = vector_env("quazarys", 2, asynchronous=True, workers=1, opponents="random", seed=1)
    assert isinstance(env, BatchedVectorEnv)
    try:
        env.reset(seed=1)
        with pytest.raises(VectorWorkerError, match="no_such_method"):
            env.call("no_such_method")
        assert len(env.call("action_masks")) == 2  # the worker is still there
        with pytest.raises(ValueError, match="3 actions for 2"):
            env.step(np.zeros(3, dtype=np.int64))
    finally:
        env.close()
    with pytest.raises(ValueError, match="workers must be 1 to 2"):
        vector_env("quazarys", 2, asynchronous=True, workers=3)
    with pytest.raises(ValueError, match="asynchronous"):
        vector_env("quazarys", 2, workers=1)


def test_batched_workers_take_actions_that_are_not_integers() -> None:
    """An environment whose actions are not ``Discrete`` (Gymnasium's pendulum: a float
    torque) has its actions sent in the messages rather than shared memory: every step
    equals the synchronous vector environment's."""
    fns = [functools.partial(gym.make, "Pendulum-v1") for _ in range(3)]
    sync = SyncVectorEnv(fns)
    batched = BatchedVectorEnv(fns, workers=2)
    try:
        rng = np.random.default_rng(4)
        out = []
        for env in (sync, batched):
            obs, _ = env.reset(seed=11)
            steps = [obs]
            for _ in range(30):
                torque = rng.uniform(-2.0, 2.0, size=(3, 1)).astype(np.float32)
                steps.append(env.step(torque)[:4])
            out.append(steps)
            rng = np.random.default_rng(4)
        assert data_equivalence(out[0], out[1], exact=True)
        assert len({float(r) for step in out[1][1:] for r in step[1]}) > 3  # real rewards
    finally:
        sync.close()
        batched.close()
