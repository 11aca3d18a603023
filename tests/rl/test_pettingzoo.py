"""The PettingZoo AEC environments: PettingZoo's own api_test for every game at every player
count (Spacedealer's ticks mode at its smallest and largest too) and its seed_test at each
game's smallest and largest, masks equal to the legal actions, seeded determinism, real-time
steps and errors."""

from __future__ import annotations

import functools
import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import spacetable
from spacetable.engine import IllegalAction, OptionError
from spacetable.rl import observation_shape, observe, pettingzoo_env
from spacetable.rl.pettingzoo import SpacetableAECEnv

from .configs import FAST, TICKS, every_count, extremes, ident, one_each


# api_test warns that a dict observation (PettingZoo's classic form with its action mask) is
# not a bare array, and that render() is not defined when render_mode is None
@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
@pytest.mark.filterwarnings("ignore:Environment has not defined a render:UserWarning")
@pytest.mark.parametrize(
    "cfg", every_count() + [c for c in extremes() if c not in every_count()], ids=ident
)
def test_pettingzoo_api_test(cfg: tuple[str, int, dict[str, Any]]) -> None:
    game_id, n, opts = cfg
    env = pettingzoo_env(game_id, players=n, seed=7, options=opts)
    api_test(env, num_cycles=60)


def _random_run(
    env: SpacetableAECEnv, seed: int, limit: int = 5000
) -> list[tuple[str, bytes, bytes, float]]:
    """Play ``env`` with a seeded random policy over the masks; return what each step saw."""
    rng = random.Random(seed)
    trace: list[tuple[str, bytes, bytes, float]] = []
    env.reset(seed=seed)
    for agent in env.agent_iter(limit):
        obs, reward, term, trunc, _ = env.last()
        trace.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward))
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal.tolist())))
    return trace


@pytest.mark.parametrize("cfg", one_each(), ids=ident)
def test_masks_are_the_legal_actions_and_rewards_the_outcome(
    cfg: tuple[str, int, dict[str, Any]],
) -> None:
    game_id, n, opts = cfg
    env = pettingzoo_env(game_id, players=n, seed=3, options=opts)
    env.reset(seed=3)
    rng = random.Random(3)
    total = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter(20_000):
        obs, reward, term, trunc, _info = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        g = env.game
        seat = int(agent.split("_")[1])
        assert obs["observation"].shape == observation_shape(game_id, n, opts)
        assert np.array_equal(obs["observation"], observe(g, seat))
        for s, a in enumerate(env.possible_agents):  # every seat's mask, not only the actor's
            mask = env.observe(a)["action_mask"]
            legal = np.array(g.legal_mask(s), dtype=np.int8)
            assert np.array_equal(mask[: g.action_space.size], legal)
            if env.realtime:
                assert mask[env.wait] == 1 and mask.shape[0] == g.action_space.size + 1
            else:
                assert mask.shape[0] == g.action_space.size
        if not env.realtime:
            assert seat == min(g.to_act)
        else:
            assert g.legal_actions(seat)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist())))
        steps += 1
    assert env.game.is_over and env.agents == []
    assert tuple(total[a] for a in env.possible_agents) == env.game.outcome().payoffs()
    assert steps > 5


@pytest.mark.parametrize("cfg", one_each(), ids=ident)
def test_seeded_runs_are_identical(cfg: tuple[str, int, dict[str, Any]]) -> None:
    game_id, n, opts = cfg
    a = _random_run(pettingzoo_env(game_id, players=n, options=opts), seed=21)
    b = _random_run(pettingzoo_env(game_id, players=n, options=opts), seed=21)
    c = _random_run(pettingzoo_env(game_id, players=n, options=opts), seed=22)
    assert a == b
    assert a != c


def test_reset_without_seed_follows_the_constructor_seed() -> None:
    e1 = pettingzoo_env("quazarys", players=2, seed=5)
    e2 = pettingzoo_env("quazarys", players=2, seed=5)
    e1.reset()
    e2.reset()
    assert e1.game.seed == e2.game.seed == 5
    e1.reset()
    e2.reset()
    assert e1.game.seed == e2.game.seed != 5


def test_real_time_wait_advances_the_clock_after_the_last_seat() -> None:
    env = pettingzoo_env("spacedealer", players=3, seed=2, options=FAST["spacedealer"], tick=2.0)
    env.reset(seed=2)
    assert env.realtime and env.wait == env.game.action_space.size
    # every seat places its start card, then waits; the clock moves only after the last
    order: list[str] = []
    clock0 = env.game.clock
    while env.game.clock == clock0:
        agent = env.agent_selection
        order.append(agent)
        env.step(env.wait)
    assert env.game.clock == clock0 + 2.0
    assert order == ["seat_0", "seat_1", "seat_2"]
    assert env.agent_selection == "seat_0"


def test_real_time_a_seat_keeps_the_turn_until_it_waits() -> None:
    env = pettingzoo_env(
        "spacedealer", players=3, seed=4, options=FAST["spacedealer"], actions_per_tick=2
    )
    env.reset(seed=4)
    g = env.game
    first = env.agent_selection
    mask = env.observe(first)["action_mask"]
    env.step(int(np.flatnonzero(mask[: env.wait])[0]))
    # seat 0 may act again at the same clock (if it still can), up to actions_per_tick
    if g.legal_actions(0):
        assert env.agent_selection == first
        mask = env.observe(first)["action_mask"]
        env.step(int(np.flatnonzero(mask[: env.wait])[0]))
    assert env.agent_selection != first


def test_ticks_mode_orders_the_seats_by_seat() -> None:
    env = pettingzoo_env("spacedealer", players=4, seed=1, options=TICKS)
    env.reset(seed=1)
    assert not env.realtime and env.wait == -1
    assert len(env.game.to_act) == 4  # several seats may act at once
    assert env.agent_selection == "seat_0"


def test_illegal_index_raises_and_changes_nothing() -> None:
    env = pettingzoo_env("quazarys", players=2, seed=1)
    env.reset(seed=1)
    before = env.game.to_json()
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction):
        env.step(bad)
    with pytest.raises(IllegalAction, match="outside"):
        env.step(env.num_actions)
    with pytest.raises(IllegalAction):
        env.step(None)
    assert env.game.to_json() == before
    assert (env.agent_selection, env.steps) == (agent, 0)
    assert env.rewards == dict.fromkeys(env.possible_agents, 0.0)


def test_max_steps_truncates() -> None:
    env = pettingzoo_env("tortuga2199", players=2, seed=1, max_steps=10)
    env.reset(seed=1)
    k = 0
    for _agent in env.agent_iter(1000):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            assert trunc and not term
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        k += 1
    assert k == 10 and not env.game.is_over


def test_views_in_infos_and_on_demand() -> None:
    env = pettingzoo_env("wildspace", players=2, seed=1, views=True)
    env.reset(seed=1)
    for a, s in (("seat_0", 0), ("seat_1", 1)):
        assert env.infos[a]["view"] == env.game.view(s) == env.view(a)
    # each view is the seat's own: the other hand is hidden
    assert env.infos["seat_0"]["view"]["player_states"][1]["hand"] is None


def test_bad_settings_raise() -> None:
    with pytest.raises(OptionError):
        pettingzoo_env("quazarys", players=7)
    with pytest.raises(spacetable.UnknownGame):
        pettingzoo_env("chess")
    with pytest.raises(spacetable.SpacetableError, match="tick"):
        pettingzoo_env("spacedealer", players=3, tick=0)
    assert pettingzoo_env("wildspace").players == 2
    assert pettingzoo_env("spacedealer").players == 3


@pytest.mark.parametrize("cfg", extremes(), ids=ident)
def test_pettingzoo_seed_test(cfg: tuple[str, int, dict[str, Any]]) -> None:
    game_id, n, opts = cfg
    seed_test(functools.partial(pettingzoo_env, game_id, players=n, options=opts), num_cycles=40)


@pytest.mark.parametrize("game_id", ["quazarys", "wildspace", "planetraiders"])
def test_ansi_render_draws_the_acting_seats_view(game_id: str) -> None:
    env = pettingzoo_env(game_id, seed=2, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and text.strip()
    assert "[/" not in text  # plain text: the rich markup is removed
    seat = int(env.agent_selection.split("_")[1])
    assert text == env.render_text(seat)
    # drawn from the seat's view alone: a determinization for that seat draws the same
    d = env.game.determinize(seat, random.Random(1))
    env2 = pettingzoo_env(game_id, seed=2, render_mode="ansi")
    env2.reset(seed=2)
    env2.game = d
    assert env2.render_text(seat) == text
    assert pettingzoo_env(game_id, seed=2).render() is None
    with pytest.raises(spacetable.SpacetableError, match="render_mode"):
        pettingzoo_env(game_id, render_mode="human")
