"""The Gymnasium single-agent environment: Gymnasium's check_env for every game, bots as
opponents, illegal actions, seeded determinism."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import spacetable
from spacetable.engine import IllegalAction
from spacetable.rl import gym_env, observe

from .configs import FAST, GAMES, TICKS, ident, one_each


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("cfg", one_each(), ids=ident)
def test_gymnasium_check_env(cfg: tuple[str, int, dict[str, Any]]) -> None:
    game_id, n, opts = cfg
    check_env(gym_env(game_id, players=n, seed=3, options=opts))


def _play(env: Any, seed: int) -> tuple[list[bytes], float, int]:
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = [obs["observation"].tobytes()]
    steps = 0
    while True:
        legal = np.flatnonzero(env.action_masks())
        assert np.array_equal(legal, np.flatnonzero(obs["action_mask"]))
        obs, reward, term, trunc, _ = env.step(int(rng.choice(legal)))
        seen.append(obs["observation"].tobytes())
        steps += 1
        if term or trunc:
            return seen, reward, steps


@pytest.mark.parametrize(
    ("game_id", "n", "opts", "opponents"),
    [
        ("quazarys", 3, {}, "greedy"),
        ("planetraiders", 2, {}, "random"),
        ("wildspace", 2, {}, "easy"),
        ("tortuga2199", 2, FAST["tortuga2199"], ["mcts:20"]),
        ("spacedealer", 3, FAST["spacedealer"], "greedy"),
        ("spacedealer", 3, TICKS, ["random", "greedy"]),
    ],
)
def test_full_games_against_bots(
    game_id: str, n: int, opts: dict[str, Any], opponents: str | list[str]
) -> None:
    env = gym_env(game_id, players=n, opponents=opponents, seed=1, options=opts)
    _, reward, steps = _play(env, seed=5)
    g = env.game
    assert g.is_over and steps > 0
    assert reward == g.outcome().payoffs()[0]
    # every observation the learner got was its own seat's
    assert env.seat == 0


def test_the_learner_acts_only_on_its_turn_and_sees_its_own_view() -> None:
    env = gym_env("quazarys", players=3, seat=1, opponents="random", seed=2)
    obs, _ = env.reset(seed=2)
    g = env.game
    assert 1 in g.to_act and min(g.to_act) == 1
    assert np.array_equal(obs["observation"], observe(g, 1))
    legal = np.flatnonzero(obs["action_mask"])
    obs, *_ = env.step(int(legal[0]))
    if not env.game.is_over:
        assert min(env.game.to_act) == 1
        assert np.array_equal(obs["observation"], observe(env.game, 1))


def test_seeded_episodes_are_identical() -> None:
    def run(seed: int) -> tuple[list[bytes], float, int]:
        return _play(gym_env("wildspace", players=3, opponents="greedy"), seed)

    assert run(4) == run(4)
    assert run(4) != run(6)


def test_illegal_actions_lose_or_raise() -> None:
    env = gym_env("quazarys", players=2, seed=1)
    obs, _ = env.reset(seed=1)
    before = env.game.to_json()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _obs2, reward, term, trunc, info = env.step(bad)
    assert (reward, term, trunc, info["illegal_action"]) == (-1.0, True, False, True)
    assert env.game.to_json() == before
    strict = gym_env("quazarys", players=2, seed=1, illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalAction):
        strict.step(bad)
    assert strict.game.to_json() == before


def test_real_time_opponents_may_wait() -> None:
    env = gym_env("spacedealer", players=3, seed=3, options=FAST["spacedealer"], tick=5.0)
    obs, info = env.reset(seed=3)
    assert obs["action_mask"][-1] == 1  # wait
    t0 = info["clock"]
    for _ in range(5):
        obs, _, term, _, info = env.step(env.aec.wait)
        if term:
            break
    assert info["clock"] > t0


def test_bad_settings_raise() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        gym_env("quazarys", players=2, opponents="grandmaster")
    with pytest.raises(spacetable.SpacetableError, match="opponents"):
        gym_env("quazarys", players=3, opponents=["greedy"])
    with pytest.raises(spacetable.SpacetableError, match="seat"):
        gym_env("quazarys", players=2, seat=2)
    with pytest.raises(spacetable.SpacetableError, match="illegal_action"):
        gym_env("quazarys", players=2, illegal_action="ignore")
    env = gym_env("quazarys", players=2, seed=1)
    env.reset(seed=1)
    g = env.game
    while not g.is_over:
        _, _, _term, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
    with pytest.raises(spacetable.SpacetableError, match="reset"):
        env.step(0)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_ansi_render_from_the_learners_view() -> None:
    env = gym_env("wildspace", players=2, seat=1, seed=4, render_mode="ansi")
    check_env(env)
    env.reset(seed=4)
    text = env.render()
    assert isinstance(text, str) and "Wild Space" in text
    assert text == env.aec.render_text(1)
    assert gym_env("wildspace", players=2).render() is None
    with pytest.raises(spacetable.SpacetableError, match="render_mode"):
        gym_env("wildspace", players=2, render_mode="rgb_array")


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_registered_with_gymnasium_make() -> None:
    import gymnasium

    from spacetable.rl.gym import GYM_IDS, SpacetableGymEnv

    assert sorted(GYM_IDS) == GAMES
    for game_id, env_id in GYM_IDS.items():
        assert env_id == f"spacetable/{game_id}-v0"
    env = gymnasium.make(
        "spacetable/tortuga2199-v0",
        players=3,
        opponents="random",
        options=FAST["tortuga2199"],
        render_mode="ansi",
    )
    assert env.spec is not None and env.spec.id == "spacetable/tortuga2199-v0"
    check_env(env.unwrapped)  # with a spec: also renders a fresh env in every render mode
    obs, _ = env.reset(seed=2)
    space = env.observation_space
    assert isinstance(space, gymnasium.spaces.Dict)
    assert obs["observation"].shape == space["observation"].shape
    inner = env.unwrapped
    assert isinstance(inner, SpacetableGymEnv)
    assert inner.aec.players == 3
