"""Reward schemes (``Outcome.payoffs``): ``rank`` (the default, zero-sum by rank), ``win`` and
``score``, and the same rewards from every surface: PettingZoo, Gymnasium, OpenSpiel, the
training shards, tournament records and the web's ``end`` message.

The finished games are real: random play of Planet Raiders with a two-round stall limit ends
level (both seats share rank 1, "no progress"), and the seeds below give a strict win in
Quazarys (the adapters' random policy is seeded with the game's seed)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pyspiel  # type: ignore[import-not-found]
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pettingzoo.test import api_test

import spacetable.rl.openspiel  # noqa: F401  (registers the games)
from spacetable.cli.tournament import Job, run_job
from spacetable.engine import (
    REWARD_SCHEMES,
    Game,
    Outcome,
    RewardSchemeError,
    Rng,
    new_game,
    ranks_from_keys,
)
from spacetable.rl import gym_env, pettingzoo_env
from spacetable.rl.shards import load_shards, write_shards
from spacetable.web.messages import outcome_message

#: (game, options, seed) of a two-player draw and of a strict win, per surface
DRAW: tuple[str, dict[str, Any], int] = ("planetraiders", {"stall_rounds": 2}, 1)
WIN: tuple[str, dict[str, Any], int] = ("quazarys", {}, 1)
GYM_DRAW, GYM_WIN, GYM_LOSS = 5, 9, 4  # Quazarys seeds: the learner, seat 0, vs "random"


def _aec_returns(game: str, opts: dict[str, Any], seed: int, reward: str = "rank") -> Any:
    env = pettingzoo_env(game, players=2, seed=seed, options=opts, reward=reward)
    env.reset(seed=seed)
    rng = random.Random(seed)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, r, term, trunc, _ = env.last()
        total[agent] += r
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist())))
    return env.game.outcome(), [total[a] for a in env.possible_agents]


def _spiel_state(game: str, opts: dict[str, Any], seed: int, reward: str = "rank") -> Any:
    g = pyspiel.load_game(f"spacetable_{game}", {**opts, "reward": reward})
    state = g.new_initial_state()
    chance = Rng(seed)  # the chance nodes drawn as the engine's generator of this seed draws
    state.resolve_chance(chance)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        state.resolve_chance(chance)
    return state


def _finished(game: str, opts: dict[str, Any], seed: int) -> Game:
    g = new_game(game, players=2, seed=seed, options=opts)
    rng = random.Random(seed)
    while not g.is_over:
        seat = g.to_act[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    return g


# ---------------------------------------------------------------- the schemes
def test_rank_is_the_mean_pairwise_result() -> None:
    four = Outcome((9.0, 6.0, 6.0, 3.0), (1, 2, 2, 4), "end")
    assert four.results(1) == [-1, 0, 1]
    assert four.payoffs() == (1.0, 0.0, 0.0, -1.0)
    shared_first = Outcome((4.0, 4.0, 1.0), (1, 1, 3), "end")
    assert shared_first.payoffs("rank") == (0.5, 0.5, -1.0)
    assert shared_first.payoffs("win") == (0.0, 0.0, 0.0)
    assert four.payoffs("win") == (1.0, 0.0, 0.0, 0.0)
    # score: the seat's score minus the mean of the others'
    assert four.payoffs("score") == (4.0, 0.0, 0.0, -4.0)
    # the bots' [0, 1] value is unchanged: a draw pays both
    assert Outcome((3.0, 3.0), (1, 1), "end").rewards() == (1.0, 1.0)


@given(st.lists(st.integers(0, 4), min_size=2, max_size=8))
def test_rank_and_score_are_zero_sum_without_seatless_competitors(keys: list[int]) -> None:
    out = Outcome(tuple(float(k) for k in keys), ranks_from_keys([(k,) for k in keys]), "end")
    rank, win, score = out.payoffs("rank"), out.payoffs("win"), out.payoffs("score")
    assert sum(rank) == pytest.approx(0.0, abs=1e-9)
    assert sum(score) == pytest.approx(0.0, abs=1e-9)
    assert all(-1.0 <= r <= 1.0 for r in rank)
    for i in range(len(keys)):
        for j in range(len(keys)):
            if keys[i] == keys[j]:  # tied seats are paid alike
                assert rank[i] == rank[j]
            elif keys[i] > keys[j]:
                assert rank[i] > rank[j]
    strict = keys.count(max(keys)) == 1
    assert sorted(win) == [0.0] * (len(keys) - 1) + [1.0 if strict else 0.0]


def test_a_seatless_competitor_counts_but_breaks_zero_sum() -> None:
    won = Outcome((41.0,), (1,), "won", others={"Contrebandier": 39.0})
    lost = Outcome((41.0,), (2,), "the automa wins ties", others={"Contrebandier": 41.0})
    tied = Outcome((41.0,), (1,), "tied", others={"automa": 41.0})
    assert [o.payoffs() for o in (won, lost, tied)] == [(1.0,), (-1.0,), (0.0,)]
    assert [o.payoffs("win") for o in (won, lost, tied)] == [(1.0,), (0.0,), (0.0,)]
    assert won.payoffs("score") == (2.0,)
    # two seats and an automa between them: 1 beat both, 2 was beaten by both
    three = Outcome((9.0, 2.0), (1, 3), "end", others={"automa": 5.0})
    assert three.payoffs() == (1.0, -1.0) and three.payoffs("score") == (5.5, -5.0)
    mid = Outcome((9.0, 2.0), (2, 3), "end", others={"automa": 12.0})
    assert mid.payoffs() == (0.0, -1.0)


def test_an_unknown_scheme_is_refused_everywhere(tmp_path: Path) -> None:
    known = "'rank', 'win', 'score'"
    assert REWARD_SCHEMES == ("rank", "win", "score")
    calls: list[Callable[[], object]] = [
        lambda: Outcome((1.0, 0.0), (1, 2), "end").payoffs("elo"),
        lambda: pettingzoo_env("quazarys", reward="elo"),
        lambda: gym_env("quazarys", reward="elo"),
        lambda: gymnasium.make("spacetable/quazarys-v0", reward="elo"),
        lambda: pyspiel.load_game("spacetable_quazarys", {"reward": "elo"}),
        lambda: write_shards([], tmp_path / "s", reward="elo"),
    ]
    for call in calls:
        with pytest.raises(RewardSchemeError, match=f"'elo': known are {known}"):
            call()


# ---------------------------------------------------------------- the adapters
@pytest.mark.filterwarnings("ignore:Observation:UserWarning")  # a dict, as PettingZoo's classic
def test_pettingzoo_pays_a_draw_zero_and_a_win_one_minus_one() -> None:
    out, returns = _aec_returns(*DRAW)
    assert out.ranks == (1, 1) and returns == [0.0, 0.0]
    out, returns = _aec_returns(*WIN)
    assert out.ranks == (1, 2) and returns == [1.0, -1.0]
    api_test(pettingzoo_env(DRAW[0], options=DRAW[1], seed=2, reward="score"), num_cycles=30)
    _, win_returns = _aec_returns(*WIN, reward="win")
    _, score_returns = _aec_returns(*WIN, reward="score")
    assert win_returns == [1.0, 0.0]
    assert score_returns == list(out.payoffs("score")) and score_returns[0] > 0


def test_gymnasium_pays_the_learner_by_rank() -> None:
    rewards = {}
    for seed in (GYM_DRAW, GYM_WIN, GYM_LOSS):
        env = gymnasium.make("spacetable/quazarys-v0", players=2, opponents="random", seed=seed)
        obs, _ = env.reset(seed=seed)
        rng = random.Random(seed)
        term = trunc = False
        while not (term or trunc):
            legal = np.flatnonzero(obs["action_mask"]).tolist()
            obs, reward, term, trunc, _ = env.step(int(rng.choice(legal)))
        assert term
        rewards[env.unwrapped.game.outcome().ranks] = reward  # type: ignore[attr-defined]
    assert rewards == {(1, 1): 0.0, (1, 2): 1.0, (2, 1): -1.0}


def test_openspiel_returns_by_scheme_and_declares_zero_sum() -> None:
    draw, win = _spiel_state(*DRAW), _spiel_state(*WIN)
    assert draw.game.outcome().ranks == (1, 1) and draw.returns() == [0.0, 0.0]
    assert win.game.outcome().ranks == (1, 2) and win.returns() == [1.0, -1.0]
    assert win.rewards() == win.returns()
    assert _spiel_state(*WIN, reward="win").returns() == [1.0, 0.0]
    GT = pyspiel.GameType
    zero = pyspiel.load_game("spacetable_quazarys")
    assert zero.get_type().utility == GT.Utility.ZERO_SUM
    assert (zero.min_utility(), zero.max_utility(), zero.utility_sum()) == (-1.0, 1.0, 0.0)
    assert pyspiel.load_game("spacetable_quazarys").get_parameters()["reward"] == "rank"
    registered = {t.short_name: t for t in pyspiel.registered_games()}
    assert registered["spacetable_quazarys"].utility == GT.Utility.ZERO_SUM
    win_game = pyspiel.load_game("spacetable_quazarys", {"reward": "win"})
    assert win_game.get_type().utility == GT.Utility.GENERAL_SUM
    assert (win_game.min_utility(), win_game.max_utility()) == (0.0, 1.0)
    score = pyspiel.load_game("spacetable_quazarys", {"reward": "score"})
    assert score.get_type().utility == GT.Utility.ZERO_SUM
    for scheme in REWARD_SCHEMES:  # OpenSpiel's own checks, returns within the bounds
        game = pyspiel.load_game("spacetable_planetraiders", {**DRAW[1], "reward": scheme})
        pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    # solo Wild Space plays against the Contrebandier, who holds no seat: not zero-sum
    solo = pyspiel.load_game("spacetable_wildspace", {"players": 1})
    assert solo.get_type().utility == GT.Utility.GENERAL_SUM
    assert (solo.min_utility(), solo.max_utility()) == (-1.0, 1.0)


def test_shards_tournament_records_and_end_messages_use_the_scheme(tmp_path: Path) -> None:
    draw, win = _finished(*DRAW), _finished(*WIN)
    assert draw.outcome().ranks == (1, 1) and win.outcome().ranks == (1, 2)
    for g, expected in ((draw, [0.0, 0.0]), (win, [1.0, -1.0])):
        assert outcome_message(g, "en")["rewards"] == expected
    # a tournament game: its result and record pay the rank scheme, and its shards any scheme
    res = run_job(Job(0, "quazarys", 2, 1, ("random", "random"), bot_seeds=(1, 2), record=True))
    ranks = tuple(res["ranks"])
    by_rank = {(1, 1): [0.0, 0.0], (1, 2): [1.0, -1.0], (2, 1): [-1.0, 1.0]}
    assert res["rewards"] == res["record"]["meta"]["rewards"] == by_rank[ranks]
    lines = [("x:1", json.loads(json.dumps(res["record"])))]
    for scheme in ("rank", "win"):
        manifest = write_shards(lines, tmp_path / scheme, reward=scheme)
        loaded, arrays = load_shards(tmp_path / scheme)
        assert manifest["reward"] == loaded["reward"] == scheme
        paid = {int(s): float(r) for s, r in zip(arrays["seat"], arrays["reward"], strict=True)}
        wins = [1.0 if r == 1 and ranks.count(1) == 1 else 0.0 for r in ranks]
        assert [paid[0], paid[1]] == (by_rank[ranks] if scheme == "rank" else wins)
