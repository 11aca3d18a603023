"""OpenSpiel registration (``spacetable.rl.openspiel``): every game loads with pyspiel at every
player count, draws its chance at explicit chance nodes, passes OpenSpiel's random simulation
test with serialization, hides what a seat may not know, and OpenSpiel's own algorithms (MCTS,
evaluate_bots, rl_environment) run on it."""

from __future__ import annotations

import base64
import json
import pickletools
import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts, outcome_sampling_mccfr

import spacetable.rl.openspiel as osp
from spacetable.engine import IllegalAction, OptionError, Rng, game_info, list_games, new_game
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


def _load(gid: str, players: int, **extra: Any) -> Any:
    params: dict[str, Any] = {"players": players, **SHORT[gid], **extra}
    return pyspiel.load_game(osp.game_name(gid), params)


def _start(game: Any, seed: int) -> Any:
    """A new state past its setup, dealt as the engine's generator seeded ``seed`` deals."""
    state = game.new_initial_state()
    state.resolve_chance(Rng(seed))
    return state


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
        pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        if info["chance"]
        else pyspiel.GameType.ChanceMode.DETERMINISTIC
    )
    state = game.new_initial_state()
    # a game with chance starts dealing its setup: a chance node; Planet Raiders, a decision
    assert state.is_chance_node() == bool(info["chance"])
    assert (game.max_chance_outcomes() > 0) == bool(info["chance"])
    state.resolve_chance(Rng(0))
    space = state.game.action_space
    extra = 1 if info["realtime"] else 0
    num = space.size + extra
    assert game.num_distinct_actions() == num
    shape = observation_shape(gid, players, state.game.options)
    assert tuple(game.observation_tensor_shape()) == shape
    # the information state: the observation, then a count and the last decisions per action
    assert tuple(game.information_state_tensor_shape()) == (
        shape[0] + (1 + osp.RECENT_ACTIONS) * num,
    )
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


# Spacedealer: real time at its smallest table, its turn form (ticks) at the smallest and the
# largest (long ticks keep the eight-seat game short)
_SIM_CASES = [
    pytest.param(g, n, {}, id=f"{g}-{n}")
    for g in GAMES
    if g != "spacedealer"
    for n in sorted({_counts(g)[0], _counts(g)[-1]})
] + [
    pytest.param("spacedealer", 3, {}, id="spacedealer-3-realtime"),
    pytest.param("spacedealer", 3, {"mode": "ticks"}, id="spacedealer-3-ticks"),
    pytest.param("spacedealer", 8, {"mode": "ticks", "tick": 60}, id="spacedealer-8-ticks"),
]


@pytest.mark.parametrize(("gid", "players", "extra"), _SIM_CASES)
def test_random_sim_test_with_serialization(gid: str, players: int, extra: dict[str, Any]) -> None:
    """OpenSpiel's own random simulation test, chance sampled by OpenSpiel at the chance nodes
    and states serialized and deserialized (``serialize_game_and_state``) along the way."""
    game = _load(gid, players, **extra)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_spacedealer_ticks_mode_has_no_wait_action() -> None:
    game = _load("spacedealer", 3, mode="ticks")
    assert game.num_distinct_actions() == _start(game, 5).game.action_space.size


def test_realtime_wait_is_legal_and_moves_the_clock() -> None:
    game = _load("spacedealer", 3, realtime_tick=5.0)
    state = _start(game, 2)
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


def test_engine_chance_replays_the_seeded_game() -> None:
    """Every draw of the rules is one chance node: outcomes drawn as the engine's generator
    draws them (``rng.below(n)``) make exactly the game of that seed, its setup and after."""
    game = _load("tortuga2199", 2)
    state = game.new_initial_state()
    chance = Rng(9)
    state.resolve_chance(chance)
    engine = new_game("tortuga2199", 2, seed=9, options={"round_limit": 6})
    assert state.game.state_dict() == engine.state_dict()
    rng = random.Random(4)
    draws = 0
    for _ in range(80):
        if state.is_terminal():
            break
        p = state.current_player()
        a = rng.choice(state.legal_actions())
        engine.apply(p, engine.action_space.from_index(a))
        state.apply_action(a)
        draws += state.is_chance_node()
        state.resolve_chance(chance)
        assert state.game.state_dict() == engine.state_dict()
    assert draws > 0  # the play drew after the setup too
    other = _start(game, 10)
    assert other.game.state_dict() != new_game("tortuga2199", 2, seed=9).state_dict()


def _chance_after_a_decision(gid: str, seed: int) -> Any:
    """A state at a chance node that a decision led to (not the setup's): the first of the
    random games from ``seed`` on that reaches one (Wild Space draws again only when its deck
    runs out)."""
    game = _load(gid, _counts(gid)[0])
    for k in range(seed, seed + 10):
        state = _start(game, k)
        rng = random.Random(k)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            if state.is_chance_node():
                return state
    raise AssertionError(f"no random {gid} game drew after its setup")


def _resolved(state: Any, pick: Any) -> str:
    """The state after its chance nodes, each outcome ``pick(outcomes)``: its full state."""
    while state.is_chance_node():
        state.apply_action(pick(state.chance_outcomes()))
    return json.dumps(state.game.state_dict(), sort_keys=True)


def _sampler(rs: np.random.RandomState) -> Any:
    """OpenSpiel's sampling of a chance outcome (``sample_action``) with ``rs``'s numbers."""
    return lambda outcomes: pyspiel.sample_action(outcomes, rs.uniform())[0]


@pytest.mark.parametrize("gid", [g for g in GAMES if game_info(g)["chance"]])
def test_clone_does_not_determine_the_next_chance_outcome(gid: str) -> None:
    """EXPLICIT_STOCHASTIC: a clone at a chance node knows the outcomes, not which one comes;
    OpenSpiel's sampling with different random numbers makes different games. Spacedealer
    draws in its setup only (its piles are shuffled face down): its first chance node."""
    if gid == "spacedealer":
        state = _load(gid, 3).new_initial_state()
    else:
        state = _chance_after_a_decision(gid, 3)
    outcomes = state.chance_outcomes()
    n = len(outcomes)
    assert 2 <= n <= state.get_game().max_chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(n)) == state.legal_actions()
    assert all(p == pytest.approx(1.0 / n) for _, p in outcomes)
    first = _resolved(state.clone(), lambda o: o[0][0])
    last = _resolved(state.clone(), lambda o: o[-1][0])
    assert first != last
    sampled = set()
    for seed in range(6):
        sampled.add(_resolved(state.clone(), _sampler(np.random.RandomState(seed))))
    assert len(sampled) > 1
    assert state.is_chance_node() and state.chance_outcomes() == outcomes  # untouched


def test_a_bad_chance_outcome_raises_and_changes_nothing() -> None:
    state = _load("quazarys", 2).new_initial_state()
    n = len(state.chance_outcomes())
    before = (str(state), state.history())
    with pytest.raises(IllegalAction):
        state.apply_action(n)
    assert (str(state), state.history()) == before


@pytest.mark.parametrize("gid", [g for g in GAMES if game_info(g)["hidden_information"]])
def test_observations_hide_what_the_seat_cannot_see(gid: str) -> None:
    """A determinized copy (everything the seat cannot see resampled) gives the seat the same
    observation and information state; another seat's differs in some copy, so something was
    hidden."""
    players = max(2, _counts(gid)[0])
    state = _start(_load(gid, players), 21)
    _play_random(state, random.Random(4), 12)
    state.resolve_chance(Rng(4))  # a determinization is of a decision node
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


def test_information_state_holds_the_seats_view_log_and_decisions() -> None:
    state = _start(_load("quazarys", 2), 1)
    rng = random.Random(3)
    mine: list[list[int]] = [[], []]
    for _ in range(7):
        p = state.current_player()
        a = rng.choice(state.legal_actions())
        mine[p].append(a)
        state.apply_action(a)
        state.resolve_chance(Rng(3))
    num = state.num_distinct_actions()
    size = len(state.observation_tensor(0))
    for seat in range(2):
        data = json.loads(state.information_state_string(seat))
        assert data["view"] == state.game.view(seat)
        assert data["log"] == json.loads(json.dumps(state.game.log_for(seat)))
        assert data["actions"] == mine[seat] == state.own_actions(seat)
        assert json.loads(state.observation_string(seat)) == state.game.view(seat)
        tensor = np.asarray(state.information_state_tensor(seat), np.float32)
        assert np.array_equal(tensor[:size], np.asarray(state.observation_tensor(seat)))
        counts = tensor[size : size + num]
        assert counts.sum() == len(mine[seat])
        assert all(counts[a] == mine[seat].count(a) for a in mine[seat])
        recent = tensor[size + num :].reshape(osp.RECENT_ACTIONS, num)
        latest = mine[seat][::-1][: osp.RECENT_ACTIONS]
        for i in range(osp.RECENT_ACTIONS):
            expected = np.zeros(num, np.float32)
            if i < len(latest):
                expected[latest[i]] = 1.0
            assert np.array_equal(recent[i], expected)


@pytest.mark.parametrize("gid", ["planetraiders", "wildspace"])
def test_information_state_recalls_what_the_present_does_not_show(gid: str) -> None:
    """Perfect recall: two histories that leave a seat the same present observation (its
    moves made in another order) are told apart by its information state, tensor and
    string; the observation is of the present only."""
    game = _load(gid, 2)
    seen: dict[tuple[int, bytes, str], Any] = {}
    for k in range(40):
        state = _start(game, 5)
        chance = Rng(6)
        rng = random.Random(k)
        for _ in range(12):
            if state.is_terminal():
                break
            p = state.current_player()
            obs = np.asarray(state.observation_tensor(p)).tobytes()
            key = (p, obs, state.observation_string(p))
            other = seen.setdefault(key, state.clone())
            if other.own_actions(p) != state.own_actions(p):
                assert other.observation_tensor(p) == state.observation_tensor(p)
                assert other.information_state_tensor(p) != state.information_state_tensor(p)
                assert other.information_state_string(p) != state.information_state_string(p)
                return
            state.apply_action(rng.choice(state.legal_actions()))
            state.resolve_chance(chance)
    raise AssertionError(f"no two {gid} histories met at one observation")


def _pickled_names(serialized: str) -> set[str]:
    """The module globals the pickled Python part of a serialized state names."""
    line = next(x for x in serialized.splitlines() if x.startswith("__dict__="))
    raw = base64.b64decode(line.removeprefix("__dict__="))
    names: set[str] = set()
    strings: list[str] = []
    for op, arg, _ in pickletools.genops(raw):
        if isinstance(arg, str):
            strings.append(arg)
        if op.name == "STACK_GLOBAL":
            names.add(".".join(strings[-2:]))
        elif op.name == "GLOBAL":
            names.add(str(arg).replace(" ", "."))
    return names


@pytest.mark.parametrize("at_chance", [True, False], ids=["chance-node", "decision"])
def test_serialize_game_and_state_round_trip(at_chance: bool) -> None:
    """``serialize_game_and_state`` holds the action history, chance outcomes included, and no
    generator state; the deserialized state is the same state and plays on identically."""
    game = _load("quazarys", 2)
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.move_number() < 90 or state.is_chance_node() != at_chance:
        state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    assert f"history={','.join(f'{h.player}:{h.action}' for h in state.full_history())}" in text
    assert _pickled_names(text) == {"spacetable.rl.openspiel._replay"}
    game2, twin = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(twin) == str(state)
    assert twin.history() == state.history()
    assert twin.is_chance_node() == at_chance
    assert twin.chance_outcomes() == state.chance_outcomes()
    for seat in range(2):
        assert twin.information_state_string(seat) == state.information_state_string(seat)
        assert twin.information_state_tensor(seat) == state.information_state_tensor(seat)
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state)
    for _ in range(60):
        if state.is_terminal():
            break
        a = rng.choice(state.legal_actions())
        state.apply_action(a)
        twin.apply_action(a)
        assert str(twin) == str(state)


def test_a_resampled_state_refuses_to_serialize() -> None:
    """A resampled state is hypothetical (another seat's hidden cards drawn anew): it has no
    history to replay, and says so rather than serialize the real game's."""
    game = _load("quazarys", 2)
    state = _start(game, 4)
    world = state.resample_from_infostate(
        state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0)
    )
    with pytest.raises(Exception, match="no history"):
        pyspiel.serialize_game_and_state(game, world)
    assert pyspiel.serialize_game_and_state(game, state)


def test_returns_are_the_outcome_payoffs() -> None:
    state = _start(_load("quazarys", 2), 6)
    assert state.returns() == [0.0, 0.0]
    _play_random(state, random.Random(8), 100_000)
    assert state.is_terminal()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == list(state.game.outcome().payoffs())
    assert state.legal_actions() == []


def test_illegal_action_raises_and_changes_nothing() -> None:
    state = _start(_load("quazarys", 2), 1)
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


class _Heuristic(mcts.Evaluator):  # type: ignore[misc]
    """The engine's own heuristic (``Game.evaluate``, [0, 1] mapped to [-1, 1]) as a leaf
    value, uniform priors: a search that needs no rollout to the end of a long game."""

    def evaluate(self, state: Any) -> Any:
        g = state.game
        return np.array([2.0 * g.evaluate(p) - 1.0 for p in range(g.players)])

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


# one small setting per game with hidden information (ISMCTS refuses a perfect-information
# game: Planet Raiders plays MCTS above)
_ISMCTS_CASES = [
    ("quazarys", 2, {}),
    ("spacedealer", 3, {"mode": "ticks", "tick": 60}),
    ("tortuga2199", 2, {"round_limit": 2}),
    ("wildspace", 2, {}),
]


@pytest.mark.parametrize(("gid", "players", "extra"), _ISMCTS_CASES, ids=lambda v: str(v))
def test_openspiel_ismcts_plays_complete_games(
    gid: str, players: int, extra: dict[str, Any]
) -> None:
    """OpenSpiel's ``ISMCTSBot`` (seat 0, 3 simulations a decision) against random seats, chance
    sampled at the chance nodes. Each simulation starts from
    ``resample_from_infostate``: ISMCTS itself checks that every sampled world has the seat's
    information state; the worlds do differ from the real game where the seat cannot see."""
    game = _load(gid, players, **extra)
    rs = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, _Heuristic(), 2.0, 3, random_state=rs)
    resampled = {"worlds": 0, "other": 0}

    def resample(state: Any, player: int) -> Any:
        world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        resampled["worlds"] += 1
        if world.game.state_dict() != state.game.state_dict():
            resampled["other"] += 1
        return world

    bot.set_resampler(resample)
    state = game.new_initial_state()
    rng = random.Random(1)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert decisions > 0 and resampled["worlds"] > 0
    assert resampled["other"] > 0
    assert all(-1.0 <= r <= 1.0 for r in state.returns())
    assert sum(state.returns()) == pytest.approx(0.0)


def test_openspiel_outcome_sampling_mccfr_runs() -> None:
    """OpenSpiel's outcome-sampling MCCFR on the smallest game with chance and hidden
    information we have: two-seat Tortuga played for one round. Its tables are keyed by the
    information state string; each holds one entry per legal action of that information
    state, and the average policy is a distribution over the legal actions."""
    game = _load("tortuga2199", 2, round_limit=1)
    np.random.seed(0)  # outcome sampling draws from numpy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(10):
        solver.iteration()
    tables = solver._infostates
    assert len(tables) > 20
    for regrets, average in tables.values():
        assert regrets.shape == average.shape and np.isfinite(regrets).all()
        assert (average >= 0).all()
    policy = solver.average_policy()
    state = game.new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        probs = policy.action_probabilities(state)
        assert set(probs) == set(state.legal_actions())
        assert sum(probs.values()) == pytest.approx(1.0)
        key = state.information_state_string()
        if key in tables:
            assert len(tables[key][0]) == len(state.legal_actions())
        state.apply_action(max(probs, key=probs.__getitem__))


def test_openspiel_rl_environment_runs() -> None:
    """OpenSpiel's rl_environment: information-state tensors and legal actions per step."""
    game = _load("wildspace", 2)
    env = rl_environment.Environment(game)
    ts = env.reset()
    shape = observation_shape("wildspace", 2, {"effects": "once_per_turn"})
    size = shape[0] + (1 + osp.RECENT_ACTIONS) * game.num_distinct_actions()
    rng = random.Random(5)
    steps = 0
    while not ts.last():
        p = ts.observations["current_player"]
        assert len(ts.observations["info_state"][p]) == size
        ts = env.step([rng.choice(ts.observations["legal_actions"][p])])
        steps += 1
    assert steps > 0
    assert all(-1.0 <= r <= 1.0 for r in ts.rewards)
