"""The learned bot: every shipped policy fits its game (a stale policy fails here: retrain
it, see docs/rl.md), plays legal actions to the end of a game with numpy alone, computes the
same logits as the torch policy it was exported from; ``examples/ppo.py`` trains and exports a
policy the bot plays; the bot is offered only where a policy is shipped."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import cast

import gymnasium as gym
import numpy as np
import pytest
import torch

from spacetable.bots import LearnedBot, PolicyError, SeatPort, check_players, make_bot
from spacetable.bots.learned import load_policy, shipped_policies
from spacetable.engine import new_game
from spacetable.rl import gym_env, observe
from spacetable.tui.setup import bot_levels
from spacetable.web.bots import check_level

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(shipped_policies())


def _ppo() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "spacetable_ppo_example", ROOT / "examples/ppo.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _play(game_id: str, players: int, bot: LearnedBot, seed: int) -> int:
    """A game with ``bot`` at seat 0 and random bots elsewhere; the bot's moves are checked
    against the legal actions. Returns the number of the bot's moves."""
    env = gym_env(game_id, players=players)  # the training settings (simulation options)
    g = new_game(game_id, players, seed, env.game.options)
    rng = random.Random(seed)
    moves = 0
    while not g.is_over:
        seat = g.to_act[0]
        legal = g.legal_actions(seat)
        if seat == 0:
            action = bot.choose(SeatPort(g, seat))
            assert action in legal
            moves += 1
        else:
            action = rng.choice(legal)
        assert action is not None
        g.apply(seat, action)
    return moves


def test_at_least_three_games_have_a_shipped_policy() -> None:
    assert len({game for game, _ in SHIPPED}) >= 3


@pytest.mark.parametrize(("game_id", "players"), SHIPPED)
def test_shipped_policy_fits_its_game(game_id: str, players: int) -> None:
    # Fails when an encoder or the action space changed since training: retrain the policy.
    policy = load_policy(game_id, players)
    env = gym_env(game_id, players=players)
    assert policy.game == game_id and policy.players == players
    obs_space = cast(gym.spaces.Dict, env.observation_space)["observation"]
    assert policy.obs_size == cast(gym.spaces.Box, obs_space).shape[0]
    assert policy.num_actions == cast(gym.spaces.Discrete, env.action_space).n
    assert policy.layers[0][0].shape[0] == policy.obs_size
    assert policy.head[0].shape[1] == policy.num_actions


@pytest.mark.parametrize(("game_id", "players"), SHIPPED)
def test_learned_bot_plays_legal_actions_to_the_end(game_id: str, players: int) -> None:
    bot = make_bot("learned", seed=1, game=game_id)
    assert isinstance(bot, LearnedBot)
    assert _play(game_id, players, bot, seed=3) > 0
    sampling = make_bot("learned:temp=1.5", seed=2, game=game_id)
    assert isinstance(sampling, LearnedBot)
    assert _play(game_id, players, sampling, seed=4) > 0


@pytest.mark.parametrize(("game_id", "players"), SHIPPED)
def test_numpy_logits_equal_the_torch_policy(game_id: str, players: int) -> None:
    ppo = _ppo()
    name = shipped_policies()[(game_id, players)]
    path = ROOT / "src/spacetable/bots/policies" / name
    agent = ppo.load_agent(path)
    policy = load_policy(game_id, players)
    env = gym_env(game_id, players=players)
    g = new_game(game_id, players, 5, env.game.options)
    rng = random.Random(5)
    obs = []
    for _ in range(30):
        if g.is_over:
            break
        seat = g.to_act[0]
        obs.append(observe(g, seat))
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    batch = np.stack(obs)
    ones = torch.ones((len(obs), policy.num_actions), dtype=torch.bool)
    with torch.no_grad():
        want, _ = agent(torch.from_numpy(batch), ones)
    got = policy.logits(batch)
    np.testing.assert_allclose(got, want.numpy(), rtol=1e-4, atol=1e-4)
    assert (got.argmax(-1) == want.numpy().argmax(-1)).all()


@pytest.mark.parametrize("workers", [[], ["--workers", "2"]], ids=["in-process", "2-workers"])
def test_ppo_example_trains_and_exports_a_policy_the_bot_plays(
    tmp_path: Path, workers: list[str]
) -> None:
    """Two updates of two environments, in this process or in two worker processes (the
    snapshot opponents reach the workers through ``call``)."""
    ppo = _ppo()
    out = tmp_path / "ws.npz"
    summary = ppo.main(
        [
            *workers,
            "--game",
            "wildspace",
            "--players",
            "2",
            "--envs",
            "2",
            "--steps",
            "16",
            "--updates",
            "2",
            "--snapshot-every",
            "1",
            "--hidden",
            "16",
            "--out",
            str(out),
        ]
    )
    assert summary["updates"] == 2 and summary["steps"] == 64
    bot = make_bot(f"learned:file={out}", seed=0, game="wildspace")
    assert isinstance(bot, LearnedBot)
    policy = load_policy(file=out)
    assert policy.meta["training"]["steps"] == 64 and policy.meta["hidden"] == [16]
    assert _play("wildspace", 2, bot, seed=1) > 0
    with pytest.raises(PolicyError, match="plays wildspace"):
        make_bot(f"learned:file={out}", seed=0, game="quazarys")


def test_learned_is_refused_where_no_policy_is_shipped() -> None:
    missing = next(g for g in ("spacedealer", "toy") if all(g != s for s, _ in SHIPPED))
    with pytest.raises(ValueError, match=f"no learned policy is shipped for {missing}"):
        make_bot("learned", game=missing)
    game_id, players = SHIPPED[0]
    with pytest.raises(ValueError, match=f"{game_id} with 9 players"):
        check_players("learned", game_id, 9)
    assert check_players("learned", game_id, players) == "learned"
    with pytest.raises(ValueError, match="bad parameter"):
        make_bot("learned:temp=-1", game=game_id)


def test_web_and_terminal_offer_learned_only_where_a_policy_is_shipped() -> None:
    game_id, players = SHIPPED[0]
    assert check_level("learned", game_id, players) == "learned"
    with pytest.raises(ValueError, match="no learned policy"):
        check_level("learned", "toy", 2)
    assert "learned" in bot_levels(game_id, players)
    assert "learned" not in bot_levels("toy", 2)


@pytest.mark.parametrize(("game_id", "players"), SHIPPED)
def test_learned_bot_sees_only_its_seat(game_id: str, players: int) -> None:
    # A copy where everything the seat cannot see is resampled gets the same choice.
    env = gym_env(game_id, players=players)
    g = new_game(game_id, players, 7, env.game.options)
    bot = make_bot("learned", seed=0, game=game_id)
    rng = random.Random(7)
    checked = 0
    while not g.is_over and checked < 15:
        seat = g.to_act[0]
        mine = bot.choose(SeatPort(g, seat))
        for _ in range(2):
            other = g.determinize(seat, rng)
            assert bot.choose(SeatPort(other, seat)) == mine
        checked += 1
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    assert checked > 0
