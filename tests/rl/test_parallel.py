"""The PettingZoo Parallel environments: PettingZoo's own parallel_api_test, real
simultaneity (the actions of a step apply at one game instant, chosen without seeing each
other), the fair resolution of conflicts, observations equal to the AEC env's, rewards equal
to the AEC env's, seeded determinism."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test
from pettingzoo.utils.conversions import (  # type: ignore[import-untyped]
    aec_to_parallel,
    parallel_to_aec,
)

import spacetable
from spacetable.engine import Game, IllegalAction
from spacetable.rl import observation_layout, observe, parallel_env, pettingzoo_env
from spacetable.rl.parallel import SpacetableParallelEnv

from .configs import FAST, TICKS, extremes, ident

SD = "spacedealer"
SD_MIN = spacetable.game_info(SD)["min_players"]
SD_MAX = spacetable.game_info(SD)["max_players"]


# the observation is PettingZoo's classic dict with its action mask, not a bare array
@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
@pytest.mark.parametrize("cfg", extremes(), ids=ident)
def test_pettingzoo_parallel_api_test(cfg: tuple[str, int, dict[str, Any]]) -> None:
    game_id, n, opts = cfg
    env = parallel_env(game_id, players=n, seed=7, options=opts)
    parallel_api_test(env, num_cycles=40)


def _random_actions(
    env: SpacetableParallelEnv, obs: dict[str, dict[str, Any]], rng: random.Random
) -> dict[str, int]:
    return {a: rng.choice(np.flatnonzero(obs[a]["action_mask"]).tolist()) for a in env.agents}


def _run(env: SpacetableParallelEnv, seed: int) -> list[tuple[Any, ...]]:
    """A seeded random episode; what each step gave."""
    rng = random.Random(seed)
    obs, _ = env.reset(seed=seed)
    trace: list[tuple[Any, ...]] = []
    while env.agents:
        actions = _random_actions(env, obs, rng)
        obs, rewards, _, _, infos = env.step(actions)
        trace.append(
            (
                sorted(actions.items()),
                [
                    (a, o["observation"].tobytes(), o["action_mask"].tobytes())
                    for a, o in obs.items()
                ],
                sorted(rewards.items()),
                sorted((a, i["dropped"]) for a, i in infos.items()),
            )
        )
    return trace


@pytest.mark.parametrize("opts", [FAST[SD], TICKS], ids=["realtime", "ticks"])
def test_seeded_parallel_runs_are_identical(opts: dict[str, Any]) -> None:
    a = _run(parallel_env(SD, players=4, options=opts), seed=5)
    b = _run(parallel_env(SD, players=4, options=opts), seed=5)
    c = _run(parallel_env(SD, players=4, options=opts), seed=6)
    assert a == b
    assert a != c


def _first_pair(env: SpacetableParallelEnv, rng: random.Random) -> tuple[Game, dict[str, int]]:
    """Play random steps until seat 0 and seat 1 both have an action besides the no-op and
    seat 0's (applied alone) changes what seat 1 observes of the board (more than who may
    act), once the game is in play; return the game then and the two actions (every other
    agent gives the no-op)."""
    obs, _ = env.reset(seed=11)
    skip = {b.name: b for b in observation_layout(SD, env.players, env.game_options)}["to_act"]

    def board(g: Game) -> np.ndarray[Any, np.dtype[np.float32]]:
        return observe(g, 1)[skip.stop :]

    for _ in range(400):
        g = env.game
        legal = [np.flatnonzero(obs[a]["action_mask"][: env.noop]).tolist() for a in env.agents]
        if legal[0] and legal[1] and g.clock > 0:  # in play, after the setup
            for x in legal[0]:
                alone = g.clone()
                alone.apply(0, g.action_space.from_index(x))
                if not np.array_equal(board(alone), board(g)):
                    return g.clone(), {"seat_0": x, "seat_1": rng.choice(legal[1])}
        obs, *_ = env.step(_random_actions(env, obs, rng))
    raise AssertionError("no step where seat 0's action shows to seat 1")


@pytest.mark.parametrize("opts", [FAST[SD], TICKS], ids=["realtime", "ticks"])
def test_a_steps_actions_apply_at_one_instant_unseen_by_each_other(opts: dict[str, Any]) -> None:
    env = parallel_env(SD, players=3, options=opts)
    before, actions = _first_pair(env, random.Random(2))
    seen_by_1 = env.observe("seat_1")["observation"]  # what seat 1 chooses from
    obs, _, _, _, infos = env.step(actions)
    g = env.game
    # both decisions applied, one after the other at the step's instant: no time passed
    # between them (real time: both at the clock of the step)
    first_two = g.record()["entries"][before.step : before.step + 2]
    assert sorted(e.get("seat", -1) for e in first_two) == [0, 1]
    if env.realtime:
        assert [e["clock"] for e in first_two] == [before.clock, before.clock]
    assert not infos["seat_0"]["dropped"] and not infos["seat_1"]["dropped"]
    # seat 1 chose from the state before seat 0's action: its observation did not show it
    # (the AEC env would have shown it: seat 0's action alone changes seat 1's tensor)
    assert np.array_equal(seen_by_1, observe(before, 1))
    alone = before.clone()
    alone.apply(0, before.action_space.from_index(actions["seat_0"]))
    assert not np.array_equal(seen_by_1, observe(alone, 1))
    assert np.array_equal(obs["seat_1"]["observation"], observe(g, 1))


def _find_conflict(
    env: SpacetableParallelEnv, rng: random.Random
) -> tuple[Game, int, dict[str, int], int, int]:
    """Play seeded random episodes until the actions drawn for a step conflict: seat ``a``'s
    action makes seat ``b``'s illegal. Return the game, the env's steps in the tick, the
    step's actions and ``a``, ``b``."""
    for seed in range(20):
        found = _conflict_in_episode(env, rng, seed)
        if found is not None:
            return found
    raise AssertionError("no conflict in 20 episodes")


def _conflict_in_episode(
    env: SpacetableParallelEnv, rng: random.Random, seed: int
) -> tuple[Game, int, dict[str, int], int, int] | None:
    obs, _ = env.reset(seed=seed)
    while env.agents:
        actions = _random_actions(env, obs, rng)
        g = env.game
        chosen = {int(k.split("_")[1]): v for k, v in actions.items() if v != env.noop}
        space = g.action_space
        for a, xa in chosen.items():
            after = g.clone()
            after.apply(a, space.from_index(xa))
            for b, xb in chosen.items():
                if b != a and space.from_index(xb) not in after.legal_actions(b):
                    return g.clone(), env._tick_steps, actions, a, b
        obs, *_ = env.step(actions)
    return None


def test_conflicts_drop_the_later_action_in_a_random_order() -> None:
    env = parallel_env(SD, players=SD_MAX, options=FAST[SD])
    game, tick_steps, actions, a, b = _find_conflict(env, random.Random(2))
    firsts: set[int] = set()
    for s in range(12):
        env.aec.game = game.clone()
        env.agents = list(env.possible_agents)
        env._tick_steps = tick_steps
        env.order_rng = random.Random(s)
        order = env.order(sorted(int(k.split("_")[1]) for k, v in actions.items() if v != env.noop))
        env.order_rng = random.Random(s)
        _, _, _, _, infos = env.step(actions)
        applied = [e["seat"] for e in env.game.record()["entries"][game.step :] if "seat" in e]
        dropped = {k for k, i in infos.items() if i["dropped"]}
        first = a if order.index(a) < order.index(b) else b
        firsts.add(first)
        if first == a and f"seat_{a}" not in dropped:
            # a's action made b's illegal: b's is dropped and changed nothing
            assert f"seat_{b}" in dropped and b not in applied
        # every action was applied or dropped, in the step's order
        assert [s_ for s_ in order if f"seat_{s_}" not in dropped] == applied
    # the order is not fixed: either seat of the conflict may come first
    assert firsts == {a, b}


@pytest.mark.parametrize("opts", [FAST[SD], TICKS], ids=["realtime", "ticks"])
def test_observations_are_the_aec_envs_and_rewards_the_outcome(opts: dict[str, Any]) -> None:
    env = parallel_env(SD, players=4, options=opts)
    aec = pettingzoo_env(SD, players=4, options=opts)
    aec.reset(seed=3)
    rng = random.Random(3)
    obs, infos = env.reset(seed=3)
    total = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    while env.agents:
        g = env.game
        aec.game = g  # the AEC env's own observation of the same game
        for seat, agent in enumerate(env.agents):
            tensor = obs[agent]["observation"]
            mask = obs[agent]["action_mask"]
            assert np.array_equal(tensor, observe(g, seat))
            assert np.array_equal(tensor, aec.observe(agent)["observation"])
            assert np.array_equal(mask[: env.noop], np.array(g.legal_mask(seat), np.int8))
            assert mask[env.noop] == 1  # the no-op: every agent, every step
            assert set(infos[agent]) == {"step", "may_act", "dropped"} | (
                {"clock"} if env.realtime else set()
            )
        if steps % 5 == 0:  # nothing hidden: a determinization for the seat observes the same
            seat = steps % env.players
            d = g.determinize(seat, random.Random(steps))
            assert np.array_equal(obs[f"seat_{seat}"]["observation"], observe(d, seat))
        obs, rewards, terms, _, infos = env.step(_random_actions(env, obs, rng))
        for agent, r in rewards.items():
            total[agent] += r
        steps += 1
    assert steps > 5 and all(terms.values())
    assert env.game.is_over
    assert tuple(total[a] for a in env.possible_agents) == env.game.outcome().payoffs()


@pytest.mark.parametrize("game_id", ["quazarys", "wildspace"])
def test_turn_based_parallel_is_the_aec_env_one_seat_a_step(game_id: str) -> None:
    """A strictly turn-based game: the seat to act has the AEC env's mask, the others only
    the no-op; played with the AEC env's actions, every step and the rewards are the AEC's."""
    env = parallel_env(game_id, players=2, seed=4)
    aec = pettingzoo_env(game_id, players=2, seed=4)
    obs, _ = env.reset(seed=4)
    aec.reset(seed=4)
    rng = random.Random(4)
    returns = dict.fromkeys(aec.possible_agents, 0.0)
    final: dict[str, float] = {}
    for agent in aec.agent_iter(50_000):
        o, reward, term, trunc, _ = aec.last()
        returns[agent] += reward
        if term or trunc:
            aec.step(None)
            continue
        for other in env.agents:
            mask = obs[other]["action_mask"]
            assert np.array_equal(obs[other]["observation"], aec.observe(other)["observation"])
            if other == agent:
                assert np.array_equal(mask[: env.noop], o["action_mask"]) and mask[env.noop] == 0
            else:
                assert np.flatnonzero(mask).tolist() == [env.noop]
        x = rng.choice(np.flatnonzero(o["action_mask"]).tolist())
        aec.step(x)
        obs, final, *_ = env.step({agent: x})  # the others give the no-op by omission
    assert env.agents == [] and env.game.to_json() == aec.game.to_json()
    assert final == returns


def test_real_time_ticks_pass_after_a_step_of_no_ops_or_actions_per_tick_steps() -> None:
    env = parallel_env(SD, players=3, seed=2, options=FAST[SD], tick=2.0, actions_per_tick=2)
    obs, _ = env.reset(seed=2)
    c0 = env.game.clock
    env.step({a: env.noop for a in env.agents})
    assert env.game.clock == c0 + 2.0
    # setup: each seat places its start card (one step), then a second step ends the tick
    g = env.game
    c1 = g.clock
    first = {a: int(np.flatnonzero(obs[a]["action_mask"][: env.noop])[0]) for a in env.agents}
    env.step(first)
    assert env.game.clock == c1 and env.game.to_act  # one step of two: same instant
    obs = {a: env.observe(a) for a in env.agents}
    actions = {
        a: int(legal[0])
        if (legal := np.flatnonzero(obs[a]["action_mask"][: env.noop])).size
        else env.noop
        for a in env.agents
    }
    env.step(actions)
    assert env.game.clock >= c1 + 2.0


def test_illegal_actions_raise_and_change_nothing() -> None:
    env = parallel_env(SD, players=3, seed=1, options=FAST[SD])
    obs, _ = env.reset(seed=1)
    before = env.game.to_json()
    bad = int(np.flatnonzero(obs["seat_1"]["action_mask"] == 0)[0])
    good = int(np.flatnonzero(obs["seat_0"]["action_mask"][: env.noop])[0])
    with pytest.raises(IllegalAction, match="seat_1"):
        env.step({"seat_0": good, "seat_1": bad})
    with pytest.raises(IllegalAction, match="outside"):
        env.step({"seat_0": env.num_actions})
    with pytest.raises(IllegalAction, match="seat_9"):
        env.step({"seat_9": env.noop})
    assert env.game.to_json() == before and env.steps == 0
    turn = parallel_env("quazarys", players=2, seed=1)
    turn.reset(seed=1)
    with pytest.raises(IllegalAction, match="no-op"):
        turn.step({})  # the seat to act must act


def test_spaces_match_the_aec_env_and_max_steps_truncates() -> None:
    for game_id, opts in ((SD, FAST[SD]), (SD, TICKS), ("tortuga2199", {})):
        env = parallel_env(game_id, players=3, options=opts)
        aec = pettingzoo_env(game_id, players=3, options=opts)
        obs_space = env.observation_spaces["seat_0"]["observation"]
        assert obs_space == aec.observation_spaces["seat_0"]["observation"]
        size = aec.game.action_space.size
        assert env.noop == size and int(env.action_spaces["seat_0"].n) == size + 1
        if env.realtime:
            assert env.noop == aec.wait and env.action_space("seat_0") == aec.action_space("seat_0")
        ticks = game_id == SD and not env.realtime  # all agents may pass: no bound
        assert env.max_game_length == (None if ticks else aec.max_game_length)
    env = parallel_env("tortuga2199", players=2, seed=1, max_steps=10)
    obs, _ = env.reset(seed=1)
    rng = random.Random(1)
    for k in range(10):
        obs, _, terms, truncs, _ = env.step(_random_actions(env, obs, rng))
        assert all(truncs.values()) == (k == 9) and not any(terms.values())
    assert env.agents == [] and not env.game.is_over


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
@pytest.mark.filterwarnings("ignore:Environment has not defined a render:UserWarning")
def test_pettingzoos_conversions_take_the_parallel_env() -> None:
    env = parallel_env(SD, players=3, seed=1, options=FAST[SD])
    aec = parallel_to_aec(env)
    api_test(aec, num_cycles=40)
    assert aec_to_parallel(aec) is env
    with pytest.raises(AssertionError, match="not generally safe"):
        aec_to_parallel(pettingzoo_env(SD, players=3, options=FAST[SD]))
