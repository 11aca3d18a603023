"""OpenSpiel registration (``spacetable.rl.openspiel``): every game loads with pyspiel at every
player count, passes OpenSpiel's random simulation test, hides what a seat may not know, and
OpenSpiel's own algorithms (MCTS, evaluate_bots, rl_environment) run on it."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import evaluate_bots, mcts

import spacetable.rl.openspiel as osp
from spacetable.engine import IllegalAction, OptionError, game_info, list_games
from spacetable.rl import observation_shape, observe

from .configs import GAMES

# settings that keep a random game short (the engine's simulation bounds)
SHORT: dict[str, dict[str, Any]] = {
    "planetraiders": {"round_limit": 10},
    "quazarys": {"round_limit": 30},
    "spacedealer": {"length": 120, "timer": 10, "realtime_tick": 5.0},
    "tortuga2199": {"round_limit": 6},
    "wildspace": {"effects": "once_per_turn"},
}


def _counts(gid: str) -> list[int]:
    info = game_info(gid)
    return list(range(int(info["min_players"]), int(info["max_players"]) + 1))


def _load(gid: str, players: int, seed: int = 0, **extra: Any) -> Any:
    params: dict[str, Any] = {"players": players, "seed": seed, **SHORT[gid], **extra}
    return pyspiel.load_game(osp.game_name(gid), params)


def _play_random(state: Any, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))


def test_every_game_is_registered() -> None:
    names = {g.short_name for g in pyspiel.registered_games()}
    for gid in GAMES:
        assert f"spacetable_{gid}" in names
    # the test-only games (registered by the test setup) have no encoder: not registered
    assert set(osp.register_all()) == {f"spacetable_{g}" for g in GAMES}
    assert set(GAMES) < set(list_games())


@pytest.mark.parametrize(
    ("gid", "players"), [(g, n) for g in GAMES for n in _counts(g)], ids=lambda v: str(v)
)
def test_load_game_every_player_count(gid: str, players: int) -> None:
    game = pyspiel.load_game(f"spacetable_{gid}", {"players": players})
    info = game_info(gid)
    assert game.num_players() == players
    gt = game.get_type()
    expected = (
        pyspiel.GameType.Information.IMPERFECT_INFORMATION
        if info["hidden_information"]
        else pyspiel.GameType.Information.PERFECT_INFORMATION
    )
    assert gt.information == expected
    assert gt.chance_mode == (
        pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
        if info["chance"]
        else pyspiel.GameType.ChanceMode.DETERMINISTIC
    )
    state = game.new_initial_state()
    space = state.game.action_space
    extra = 1 if info["realtime"] else 0
    assert game.num_distinct_actions() == space.size + extra
    shape = observation_shape(gid, players, state.game.options)
    assert tuple(game.observation_tensor_shape()) == shape
    assert tuple(game.information_state_tensor_shape()) == shape
    p = state.current_player()
    assert 0 <= p < players
    assert np.array_equal(
        np.asarray(state.observation_tensor(p), np.float32), observe(state.game, p)
    )
    assert json.loads(state.observation_string(p)) == state.game.view(p)
    legal = state.legal_actions()
    assert legal == sorted(legal) and legal
    for q in range(players):
        if q != p:
            assert state.legal_actions(q) == []


# the largest counts of Quazarys and Spacedealer take over a minute each on a shared core
_SLOW = {("quazarys", 4), ("spacedealer", 8)}
_SIM_CASES = [
    pytest.param(g, n, marks=[pytest.mark.slow] if (g, n) in _SLOW else [], id=f"{g}-{n}")
    for g in GAMES
    for n in sorted({_counts(g)[0], _counts(g)[-1]})
]


@pytest.mark.parametrize(("gid", "players"), _SIM_CASES)
def test_random_sim_test(gid: str, players: int) -> None:
    """OpenSpiel's own random simulation test, at the smallest and largest player counts
    (serialization aside: see the next test)."""
    game = _load(gid, players, seed=11)
    sims = 2 if players == _counts(gid)[0] else 1
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


def test_random_sim_test_with_serialization_deterministic_game() -> None:
    """Planet Raiders has no chance: OpenSpiel serializes a state as its action history. (A
    SAMPLED_STOCHASTIC Python game cannot be serialized: pyspiel asks the game for its
    generator's state, which a Python game cannot give.)"""
    game = _load("planetraiders", 2, round_limit=3)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_spacedealer_ticks_mode_random_sim_test() -> None:
    game = _load("spacedealer", 3, seed=5, mode="ticks")
    assert game.num_distinct_actions() == game.new_initial_state().game.action_space.size
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_realtime_wait_is_legal_and_moves_the_clock() -> None:
    game = _load("spacedealer", 3, seed=2, realtime_tick=5.0)
    state = game.new_initial_state()
    wait = game.num_distinct_actions() - 1
    assert state.action_to_string(state.current_player(), wait) == "wait"
    start = state.game.clock
    seats = []
    while state.game.clock == start and not state.is_terminal():
        assert state.legal_actions()[-1] == wait
        seats.append(state.current_player())
        state.apply_action(wait)
    assert state.game.clock == pytest.approx(start + 5.0)
    assert seats == sorted(seats)  # within a tick the seats act in seat order


def test_seed_parameter_reproduces_games() -> None:
    a = _load("tortuga2199", 2, seed=9).new_initial_state()
    b = _load("tortuga2199", 2, seed=9).new_initial_state()
    c = _load("tortuga2199", 2, seed=10).new_initial_state()
    assert str(a) == str(b)
    assert a.observation_string(0) == b.observation_string(0)
    assert a.observation_string(0) != c.observation_string(0)


@pytest.mark.parametrize("gid", [g for g in GAMES if game_info(g)["chance"]])
def test_clone_keeps_the_future_chance(gid: str) -> None:
    """SAMPLED_STOCHASTIC: the engine's generator travels with a clone."""
    state = _load(gid, _counts(gid)[0], seed=3).new_initial_state()
    _play_random(state, random.Random(1), 5)
    twin = state.clone()
    _play_random(state, random.Random(2), 40)
    _play_random(twin, random.Random(2), 40)
    assert str(state) == str(twin)
    assert state.history() == twin.history()


@pytest.mark.parametrize("gid", [g for g in GAMES if game_info(g)["hidden_information"]])
def test_observations_hide_what_the_seat_cannot_see(gid: str) -> None:
    """A determinized copy (everything the seat cannot see resampled) gives the seat the same
    observation and information state; another seat's differs in some copy, so something was
    hidden."""
    players = max(2, _counts(gid)[0])
    state = _load(gid, players, seed=21).new_initial_state()
    _play_random(state, random.Random(4), 12)
    assert not state.is_terminal()
    rng = random.Random(0)
    differs = False
    for seat in range(players):
        for _ in range(4):
            world = state.determinized(seat, rng)
            assert world.observation_string(seat) == state.observation_string(seat)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.observation_tensor(seat) == state.observation_tensor(seat)
            assert world.information_state_tensor(seat) == state.information_state_tensor(seat)
            other = (seat + 1) % players
            if world.game.view(other) != state.game.view(other):
                differs = True
    assert differs


def test_information_state_holds_the_seats_own_log() -> None:
    state = _load("quazarys", 2, seed=1).new_initial_state()
    _play_random(state, random.Random(3), 6)
    for seat in range(2):
        data = json.loads(state.information_state_string(seat))
        assert data["view"] == state.game.view(seat)
        assert data["log"] == json.loads(json.dumps(state.game.log_for(seat)))
        assert json.loads(state.observation_string(seat)) == state.game.view(seat)


def test_returns_are_the_outcome_payoffs() -> None:
    state = _load("quazarys", 2, seed=6).new_initial_state()
    assert state.returns() == [0.0, 0.0]
    _play_random(state, random.Random(8), 100_000)
    assert state.is_terminal()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == list(state.game.outcome().payoffs())
    assert state.legal_actions() == []


def test_illegal_action_raises_and_changes_nothing() -> None:
    state = _load("quazarys", 2, seed=1).new_initial_state()
    legal = set(state.legal_actions())
    bad = next(a for a in range(state.num_distinct_actions()) if a not in legal)
    before = (str(state), state.history(), state.observation_string(0))
    with pytest.raises(IllegalAction):
        state.apply_action(bad)
    assert (str(state), state.history(), state.observation_string(0)) == before


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(OptionError):
        pyspiel.load_game("spacetable_quazarys", {"players": 9})
    with pytest.raises(OptionError):
        pyspiel.load_game("spacetable_quazarys", {"round_limit": 7})
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game("spacetable_quazarys", {"nope": 1})


def test_public_observer_is_refused() -> None:
    game = _load("quazarys", 2)
    public = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(Exception, match="SINGLE_PLAYER"):
        game.make_py_observer(public)


def test_openspiel_mcts_plays_a_game() -> None:
    """OpenSpiel's own MCTS bot against its random bot, through evaluate_bots."""
    game = _load("planetraiders", 2, round_limit=3)
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bots = [
        mcts.MCTSBot(game, 1.4, 12, evaluator, random_state=rs, solve=False),
        pyspiel.make_uniform_random_bot(1, 5),
    ]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rs)
    assert len(returns) == 2
    assert all(-1.0 <= r <= 1.0 for r in returns)


def test_openspiel_rl_environment_runs() -> None:
    """OpenSpiel's rl_environment: information-state tensors and legal actions per step."""
    game = _load("wildspace", 2, seed=3)
    env = rl_environment.Environment(game)
    ts = env.reset()
    shape = observation_shape("wildspace", 2, {"effects": "once_per_turn"})
    rng = random.Random(5)
    steps = 0
    while not ts.last():
        p = ts.observations["current_player"]
        assert len(ts.observations["info_state"][p]) == shape[0]
        ts = env.step([rng.choice(ts.observations["legal_actions"][p])])
        steps += 1
    assert steps > 0
    assert all(-1.0 <= r <= 1.0 for r in ts.rewards)
