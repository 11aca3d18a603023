"""The fast observations (a :class:`Writer` filling one preallocated vector) equal the plain
reference (:func:`observe_reference`, an array per block concatenated) at every step of
seeded random playouts of every game and setting; the index form holds the same tensor; the
environments' masks are the legal actions."""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test

import spacetable
from spacetable.engine import IllegalAction
from spacetable.playout import step
from spacetable.rl import pettingzoo_env
from spacetable.rl.observation import (
    ObservationError,
    Writer,
    from_indices,
    index_form_length,
    observe,
    observe_reference,
    observe_view,
    observe_view_reference,
    observer,
    to_indices,
)

from .configs import every_count, ident, one_each


@pytest.mark.parametrize("cfg", every_count(), ids=ident)
def test_fast_observation_equals_the_reference_at_every_step(
    cfg: tuple[str, int, dict[str, Any]],
) -> None:
    game_id, n, opts = cfg
    for seed in (1,):
        g = spacetable.new_game(game_id, players=n, seed=seed, options=opts)
        rng = random.Random(seed)
        obs = observer(game_id, n, g.options)
        k = 0
        while True:
            for s in range(n):
                ref = observe_reference(g, s)
                fast = observe(g, s)
                assert fast.dtype == ref.dtype == np.float32
                assert np.array_equal(fast, ref), (game_id, n, opts, seed, k, s)
                assert np.array_equal(obs(g, s), ref)
                idx, val = to_indices(fast, fast.shape[0])
                assert np.array_equal(from_indices(idx, val, fast.shape[0]), ref)
            if g.is_over or k >= 300:
                break
            step(g, rng)
            k += 1


@pytest.mark.parametrize("cfg", every_count(), ids=ident)
def test_incremental_environment_observations_equal_the_reference(
    cfg: tuple[str, int, dict[str, Any]],
) -> None:
    """The environments encode incrementally (a section of the view marshalled to the same
    bytes as last time for that seat is copied, not encoded again): every seat's
    observation equals the reference at every step of a seeded random episode, the seats
    asked in a shuffled order so that each one's memo is reused across steps."""
    game_id, n, opts = cfg
    env = pettingzoo_env(game_id, players=n, seed=5, options=opts, max_steps=250)
    env.reset()
    rng = random.Random(5)
    seats = list(range(n))
    for agent in env.agent_iter():
        rng.shuffle(seats)
        for s in seats:
            o = env.observe(env.possible_agents[s])["observation"]
            assert np.array_equal(o, observe_reference(env.game, s)), (cfg, env.game.step, s)
        _, _, term, trunc, _ = env.last()
        legal = np.flatnonzero(env.action_mask(env.possible_agents.index(agent))).tolist()
        env.step(None if term or trunc else rng.choice(legal))


def test_a_section_is_copied_only_when_its_part_marshals_alike() -> None:
    """Writer.section encodes a part once and copies its values while the part marshals to
    the same bytes; an equal value of another type (True for 1) is encoded again."""
    memo: dict[str, Any] = {}
    calls: list[Any] = []

    def write(part: Any) -> Any:
        w = Writer(3, memo)
        w.flag("before", True, "")

        def encode() -> None:
            calls.append(part)
            w.scalars("x", [float(v) for v in part], 2, 2, "")

        w.section("x", part, encode)
        return w.vector()

    first = write([1, 2])
    again = write([1, 2])
    assert len(calls) == 1 and np.array_equal(first, again)
    assert again.tolist() == [1.0, 0.5, 1.0]
    write([True, 2])
    assert len(calls) == 2
    assert write([2, 2]).tolist() == [1.0, 1.0, 1.0] and len(calls) == 3


def test_views_are_encoded_alike_by_both_paths() -> None:
    g = spacetable.new_game("tortuga2199", players=3, seed=4)
    v = g.view(1)
    assert np.array_equal(
        observe_view("tortuga2199", v, 3, g.options),
        observe_view_reference("tortuga2199", v, 3, g.options),
    )
    with pytest.raises(ObservationError, match="spectator"):
        observe_view("tortuga2199", g.view(None), 3, g.options)


def test_index_form_pads_past_the_end_and_refuses_too_many_entries() -> None:
    dense = np.array([0.0, 0.5, 0.0, 1.0, 0.25], dtype=np.float32)
    idx, val = to_indices(dense, 4)
    assert idx.tolist() == [1, 3, 4, 5] and idx.dtype == np.int32
    assert val.tolist() == [0.5, 1.0, 0.25, 0.0] and val.dtype == np.float32
    assert np.array_equal(from_indices(idx, val, 5), dense)
    with pytest.raises(ObservationError, match="max_nonzero"):
        to_indices(dense, 2)
    # the default length: 512, or an eighth of a larger vector, never more than the vector
    assert index_form_length(1710) == 512 and index_form_length(9345) == 1168
    assert index_form_length(100) == 100 and index_form_length(9345, 64) == 64
    with pytest.raises(ObservationError, match="at least 1"):
        index_form_length(9345, 0)


@pytest.mark.parametrize("cfg", one_each(), ids=ident)
def test_index_form_environment_holds_the_dense_tensor(
    cfg: tuple[str, int, dict[str, Any]],
) -> None:
    """Two environments with the same seed, one dense and one in the index form, stepped
    with the same actions: every observation of the index form is the dense one."""
    game_id, n, opts = cfg
    dense = pettingzoo_env(game_id, players=n, seed=7, options=opts, max_steps=150)
    sparse = pettingzoo_env(
        game_id, players=n, seed=7, options=opts, max_steps=150, observation_format="indices"
    )
    size = dense.observer.size
    space = sparse.observation_space("seat_0")
    dense.reset()
    sparse.reset()
    rng = random.Random(3)
    for agent in dense.agent_iter():
        assert sparse.agent_selection == agent
        o, _, term, trunc, _ = dense.last()
        so, _, _, _, _ = sparse.last()
        assert space.contains(so)
        assert np.array_equal(from_indices(so["indices"], so["values"], size), o["observation"])
        assert np.array_equal(so["action_mask"], o["action_mask"])
        legal = np.flatnonzero(o["action_mask"]).tolist()
        action = None if term or trunc else rng.choice(legal)
        dense.step(action)
        sparse.step(action)


def test_masks_are_the_legal_actions_of_the_seat_asked() -> None:
    """The mask of any seat is its legal actions, whichever seat was asked before, and an
    index outside the mask is refused without changing the game."""
    env = pettingzoo_env("spacedealer", players=3, seed=2, options={"length": 120, "timer": 20})
    env.reset()
    g = env.game
    for s in (2, 0, 1, 0):
        legal = {g.action_space.to_index(a) for a in g.legal_actions(s)}
        mask = env.action_mask(s)
        assert set(np.flatnonzero(mask[: env.wait]).tolist()) == legal
        assert mask[env.wait] == 1
    seat = env.possible_agents.index(env.agent_selection)
    for a in g.legal_actions(seat):
        twin = copy.copy(a)  # an equal action, not the space's own object
        assert twin is not a and env.index_of(twin) == env.index_of(a) == g.action_space.to_index(a)
    illegal = int(np.flatnonzero(env.action_mask(seat) == 0)[0])
    before = g.step
    with pytest.raises(IllegalAction):
        env.step(illegal)
    assert env.game.step == before


def test_a_second_observation_of_the_same_step_is_equal_and_unshared() -> None:
    """The environment encodes a seat once per step: observing again gives an equal tensor
    that a change to the first one does not reach, and a step later the tensor follows."""
    env = pettingzoo_env("wildspace", players=2, seed=4)
    env.reset()
    agent = env.agent_selection
    seat = env.possible_agents.index(agent)
    first = env.observe(agent)["observation"]
    ref = observe_reference(env.game, seat)
    assert np.array_equal(first, ref)
    first[:] = 0.5
    again = env.observe(agent)["observation"]
    assert np.array_equal(again, ref) and again is not first
    env.step(int(np.flatnonzero(env.action_mask(seat))[0]))
    nxt = env.agent_selection
    assert np.array_equal(
        env.observe(nxt)["observation"],
        observe_reference(env.game, env.possible_agents.index(nxt)),
    )


# api_test warns that a dict observation is not a bare array, and that render() is not
# defined when render_mode is None
@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
@pytest.mark.filterwarnings("ignore:Environment has not defined a render:UserWarning")
@pytest.mark.parametrize("game_id", ["quazarys", "spacedealer"])
def test_pettingzoo_api_test_in_the_index_form(game_id: str) -> None:
    opts = {"length": 120, "timer": 20} if game_id == "spacedealer" else {}
    env = pettingzoo_env(game_id, seed=7, options=opts, observation_format="indices")
    api_test(env, num_cycles=60)


def test_caches_follow_an_undo_of_the_game() -> None:
    """The environment's caches are per game state (the game's history), so a decision
    taken back and another one played at the same step are observed afresh."""
    env = pettingzoo_env("planetraiders", players=2, seed=3)
    env.reset()
    g = env.game
    agent = env.agent_selection
    seat = env.possible_agents.index(agent)
    legal = np.flatnonzero(env.action_mask(seat)).tolist()
    assert len(legal) >= 2
    env.step(legal[0])
    step = g.step
    after_first = env.observe(env.agent_selection)["observation"]
    assert g.undoable(seat) == 1
    g.undo(seat)
    g.apply(seat, g.action_space.from_index(legal[1]))
    assert g.step == step
    for s in range(2):
        o = env.observe(env.possible_agents[s])
        assert np.array_equal(o["observation"], observe_reference(g, s))
        expect = {g.action_space.to_index(a) for a in g.legal_actions(s)}
        assert set(np.flatnonzero(o["action_mask"]).tolist()) == expect
    assert not np.array_equal(after_first, env.observe(env.agent_selection)["observation"])
