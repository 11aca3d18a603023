"""Bounded episodes: with its default options every RL environment plays the game's
``simulation_options`` (a round limit where the rulebook has none, Wild Space's effects once a
turn), declares a finite ``max_game_length`` that is a true bound, and random play ends within
it. An option given explicitly wins, turning a limit off included."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
import pytest

import spacetable.rl.openspiel as osp
from spacetable.engine import NO_BOUND, Rng, game_class, game_info
from spacetable.rl import gym_env, pettingzoo_env
from spacetable.rl.bounds import adapter_options, episode_bound
from spacetable.rl.pettingzoo import SpacetableAECEnv, default_players

from .configs import GAMES

_INT_MAX = 2**31 - 1


def _counts(gid: str) -> list[int]:
    info = game_info(gid)
    return list(range(int(info["min_players"]), int(info["max_players"]) + 1))


EVERY_COUNT = [(g, n) for g in GAMES for n in _counts(g)]


@pytest.mark.parametrize(("gid", "players"), EVERY_COUNT, ids=lambda v: str(v))
def test_every_adapter_declares_a_finite_bound_with_the_default_options(
    gid: str, players: int
) -> None:
    info = game_class(gid).info
    played = info.normalize_options(players, info.simulation_options)
    bound = episode_bound(gid, players, played)
    assert bound is not None and 0 < bound < _INT_MAX
    game = pyspiel.load_game(osp.game_name(gid), {"players": players})
    assert game.max_game_length() == bound
    assert osp._settings_of(game).options == played
    env = pettingzoo_env(gid, players=players)
    assert env.max_game_length == bound and env.game_options == played
    if players > 1:
        assert gym_env(gid, players=players, opponents="random").max_game_length == bound


@pytest.mark.parametrize("gid", GAMES)
def test_seeded_random_play_through_openspiel_ends_within_the_declared_bound(gid: str) -> None:
    """OpenSpiel's game length counts the decisions (the chance nodes aside)."""
    game = pyspiel.load_game(osp.game_name(gid))
    bound = game.max_game_length()
    assert bound < _INT_MAX
    rng = random.Random(11)
    for _ in range(2):
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal() and steps <= bound:
            steps += not state.is_chance_node()
            state.apply_action(rng.choice(state.legal_actions()))
        assert state.is_terminal() and steps <= bound


def _random_episode(env: SpacetableAECEnv, seed: int, bound: int) -> int:
    """The agent steps of one seeded random episode (at most ``bound + 1``)."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    steps = 0
    while not env.terminations[env.agent_selection] and steps <= bound:
        mask = env.action_mask(env.possible_agents.index(env.agent_selection))
        env.step(int(rng.choice(np.flatnonzero(mask).tolist())))
        steps += 1
    assert env.game.is_over and all(env.terminations.values())
    return steps


@pytest.mark.parametrize("gid", GAMES)
def test_seeded_random_play_through_pettingzoo_ends_within_the_declared_bound(gid: str) -> None:
    env = pettingzoo_env(gid, seed=5)
    assert env.max_game_length is not None
    for seed in (5, 6):
        assert _random_episode(env, seed, env.max_game_length) <= env.max_game_length


@pytest.mark.parametrize("gid", GAMES)
def test_seeded_random_play_through_gym_ends_within_the_declared_bound(gid: str) -> None:
    n = default_players(gid)
    env = gym_env(gid, players=n, opponents="random", seed=3)
    bound = env.max_game_length
    assert bound is not None
    obs, _ = env.reset(seed=3)
    rng = random.Random(3)
    steps, over = 0, False
    while not over and steps <= bound:
        action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        obs, _, over, truncated, _ = env.step(action)
        assert not truncated
        steps += 1
    assert over and env.game.is_over and steps <= bound


#: Each game's limit, turned off explicitly: the rulebook's game again, with no bound.
OFF: dict[str, dict[str, Any]] = {
    "planetraiders": {"round_limit": 0, "stall_rounds": 0},
    "quazarys": {"round_limit": 0},
    "tortuga2199": {"round_limit": 0},
    "wildspace": {"effects": "every_lay"},
}


@pytest.mark.parametrize("gid", sorted(OFF))
def test_an_option_given_explicitly_wins_over_the_simulation_setting(gid: str) -> None:
    off = OFF[gid]
    game = pyspiel.load_game(osp.game_name(gid), off)
    assert game.max_game_length() == _INT_MAX
    state = game.new_initial_state()
    state.resolve_chance(Rng(0))
    assert {k: state.game.options[k] for k in off} == off
    env = pettingzoo_env(gid, options=off)
    assert env.max_game_length is None
    assert {k: env.game_options[k] for k in off} == off
    env.reset(seed=1)
    assert {k: env.game.options[k] for k in off} == off
    n = default_players(gid)
    assert game_class(gid).max_decisions(n, env.game_options) == NO_BOUND
    assert adapter_options(gid, off) == {**game_info(gid)["simulation_options"], **off}


def test_openspiel_declares_the_simulation_setting_as_the_parameters_default() -> None:
    """pyspiel hands a game every parameter, filled with the declared defaults: the declared
    default of a limit is the one played, so ``get_parameters()`` says what is played."""
    game = pyspiel.load_game("spacetable_quazarys")
    assert game.get_parameters()["round_limit"] == 60
    assert pyspiel.load_game("spacetable_planetraiders").get_parameters()["stall_rounds"] == 20
    assert pyspiel.load_game("spacetable_wildspace").get_parameters()["effects"] == "once_per_turn"
    # a limit of one's own is played as given
    assert pyspiel.load_game("spacetable_quazarys", {"round_limit": 30}).max_game_length() == (
        game_class("quazarys").max_decisions(2, {"round_limit": 30})
    )
