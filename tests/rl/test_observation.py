"""Observation tensors: fixed shapes, the layout, values, and no hidden information (the
tensor of a seat equals the tensor of any determinization for that seat)."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spacetable
from spacetable.engine import OptionError
from spacetable.playout import step
from spacetable.rl import (
    ObservationError,
    observation_layout,
    observation_shape,
    observe,
    observe_view,
)
from spacetable.testing.configs import CONFIGS

from .configs import GAMES, ident

ALL_CONFIGS = [(g, n, o) for g in GAMES for n, o in CONFIGS[g]]


def _playout(game_id: str, n: int, opts: dict[str, Any], seed: int, steps: int) -> list[Any]:
    """Snapshots (clones) of a seeded random playout, every few steps."""
    g = spacetable.new_game(game_id, players=n, seed=seed, options=opts)
    rng = random.Random(seed)
    out = [g.clone()]
    k = 0
    while not g.is_over and k < steps:
        step(g, rng)
        k += 1
        if k % 5 == 0 or g.is_over:
            out.append(g.clone())
    return out


@pytest.mark.parametrize("cfg", ALL_CONFIGS, ids=ident)
def test_fixed_shape_values_and_layout(cfg: tuple[str, int, dict[str, Any]]) -> None:
    game_id, n, opts = cfg
    shape = observation_shape(game_id, n, opts)
    blocks = observation_layout(game_id, n, opts)
    # the blocks tile the vector, in order, with unique names
    assert blocks[0].start == 0 and blocks[-1].stop == shape[0]
    for a, b in itertools.pairwise(blocks):
        assert a.stop == b.start and a.size > 0
    assert len({b.name for b in blocks}) == len(blocks)
    assert all(b.doc for b in blocks)
    seen_nonzero = np.zeros(shape, dtype=bool)
    for g in _playout(game_id, n, opts, seed=11, steps=400):
        for s in range(n):
            o = observe(g, s)
            assert o.dtype == np.float32 and o.shape == shape
            assert np.all(o >= 0.0) and np.all(o <= 1.0)
            seen_nonzero |= o != 0
    # the tensor carries the game: a good share of the blocks is used in one playout
    used = sum(1 for b in blocks if seen_nonzero[b.start : b.stop].any())
    assert used >= len(blocks) // 2


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_no_hidden_information(game_id: str, seed: int, data: st.DataObject) -> None:
    """observe(game, seat) == observe(determinize(game, seat), seat) along seeded random
    playouts: whatever the seat cannot see may be resampled without changing its tensor."""
    n, opts = data.draw(st.sampled_from(CONFIGS[game_id]))
    for g in _playout(game_id, n, opts, seed=seed, steps=300):
        for s in range(n):
            o = observe(g, s)
            for k in range(2):
                d = g.determinize(s, random.Random(seed + k))
                assert np.array_equal(o, observe(d, s)), (game_id, n, opts, g.step, s)


def test_hidden_cards_do_change_between_determinizations() -> None:
    """The property above is not vacuous: a determinization does change what the seat may
    not see (the other hand in Quazarys), yet the seat's tensor stays equal, while the other
    seat's tensor (whose hand changed) does change."""
    g = spacetable.new_game("quazarys", players=2, seed=4)
    changed = False
    for k in range(10):
        d = g.determinize(0, random.Random(k))
        assert np.array_equal(observe(g, 0), observe(d, 0))
        if d.view(1)["hand"] != g.view(1)["hand"]:
            changed = True
            assert not np.array_equal(observe(g, 1), observe(d, 1))
    assert changed


@pytest.mark.parametrize("game_id", GAMES)
def test_built_from_the_view_alone(game_id: str) -> None:
    n, opts = CONFIGS[game_id][0]
    for g in _playout(game_id, n, opts, seed=3, steps=100):
        for s in range(n):
            v = g.view(s)
            assert np.array_equal(observe(g, s), observe_view(game_id, v, g.players, g.options))


def test_blocks_hold_what_the_view_says() -> None:
    """Spot checks of the layout: the hand block is the seat's own hand, seats are relative,
    a one-hot marks the phase."""
    g = spacetable.new_game("quazarys", players=3, seed=2)
    blocks = {b.name: b for b in observation_layout("quazarys", 3)}
    for s in range(3):
        o = observe(g, s)
        hand = o[blocks["hand"].start : blocks["hand"].stop]
        assert sorted(np.flatnonzero(hand).tolist()) == sorted(set(g.view(s)["hand"]))
        cur = o[blocks["current"].start : blocks["current"].stop]
        assert int(np.argmax(cur)) == (g.view(s)["current"] - s) % 3
    w = spacetable.new_game("wildspace", players=2, seed=5)
    wb = {b.name: b for b in observation_layout("wildspace", 2)}
    o = observe(w, 1)
    assert sorted(np.flatnonzero(o[wb["hand"].start : wb["hand"].stop]).tolist()) == sorted(
        w.view(1)["player_states"][1]["hand"]
    )


def test_shapes_depend_on_the_settings_only() -> None:
    assert observation_shape("quazarys", 2) == observation_shape("quazarys", 2, {})
    assert observation_shape("quazarys", 2) != observation_shape("quazarys", 3)
    basic = observation_shape("spacedealer", 4, {"rules": "basic"})
    assert basic != observation_shape("spacedealer", 4, {"rules": "advanced"})
    a = spacetable.new_game("tortuga2199", players=3, seed=1)
    b = spacetable.new_game("tortuga2199", players=3, seed=99)
    assert observe(a, 0).shape == observe(b, 2).shape == observation_shape("tortuga2199", 3)


def test_bad_requests_raise_typed_errors() -> None:
    with pytest.raises(spacetable.UnknownGame):
        observation_shape("chess", 2)
    with pytest.raises(OptionError):
        observation_shape("quazarys", 9)
    g = spacetable.new_game("quazarys", players=2, seed=1)
    with pytest.raises(ObservationError, match="seat 2"):
        observe(g, 2)
    with pytest.raises(ObservationError, match="spectator"):
        observe_view("quazarys", g.view(None), 2, g.options)
    with pytest.raises(ObservationError, match="no observation encoder"):
        observe_view("toy", {"seat": 0}, 2, {})
    assert g.step == 0


def test_importing_rl_imports_no_heavy_library() -> None:
    code = (
        "import sys, spacetable.rl\n"
        "bad = [m for m in ('pyspiel', 'ray', 'pettingzoo', 'gymnasium') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


#: The setting at which docs/rl.md prints each game's slices.
DOC_SETTINGS = {
    "planetraiders": 2,
    "quazarys": 2,
    "spacedealer": 3,
    "tortuga2199": 2,
    "wildspace": 2,
}


def test_docs_print_the_layouts_of_the_code() -> None:
    """docs/rl.md's tables are the code's layouts: every block, at its slice."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    for game_id, n in DOC_SETTINGS.items():
        section = text.split(f"(`{game_id}`)", 1)[1].split("\n### ", 1)[0]
        assert f"The slices below are at {n} players." in section
        for b in observation_layout(game_id, n):
            assert f"| `{b.start}:{b.stop}` | `{b.name}` | {b.size:,} |" in section, b.name


def test_seats_are_relative() -> None:
    """Planet Raiders has no hidden information, so every seat's tensor holds the same facts;
    per-seat blocks are rotated: entry k of seat s is entry (s + k) % n of seat 0."""
    n = 3
    blocks = {b.name: b for b in observation_layout("planetraiders", n)}
    for g in _playout("planetraiders", n, {}, seed=5, steps=40):
        base = observe(g, 0)
        raiders0 = base[blocks["raiders"].start : blocks["raiders"].stop].reshape(-1, n, 3)
        players0 = base[blocks["players"].start : blocks["players"].stop].reshape(n, -1)
        for s in range(1, n):
            o = observe(g, s)
            raiders = o[blocks["raiders"].start : blocks["raiders"].stop].reshape(-1, n, 3)
            players = o[blocks["players"].start : blocks["players"].stop].reshape(n, -1)
            for k in range(n):
                j = (s + k) % n
                assert np.array_equal(raiders[:, k], raiders0[:, j])
                # the same-team entry (index 4) is relative to the observer: compare the rest
                assert np.array_equal(np.delete(players[k], 4), np.delete(players0[j], 4))
            # the board and the aliens are the same for everybody
            for name in ("board", "rockets", "aliens"):
                b = blocks[name]
                assert np.array_equal(o[b.start : b.stop], base[b.start : b.stop])
