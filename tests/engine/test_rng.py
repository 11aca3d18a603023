from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import spacetable
from spacetable.engine import Rng
from spacetable.engine.rng import NeedChance, ScriptedRng
from spacetable.playout import playout
from spacetable.testing.configs import CONFIGS


def test_same_seed_same_stream() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(10)] == [b.next64() for _ in range(10)]
    assert [Rng(1).next64() for _ in range(3)] != [Rng(2).next64() for _ in range(3)]


def test_copy_is_independent() -> None:
    a = Rng(7)
    a.next64()
    b = a.copy()
    assert a.next64() == b.next64()
    a.next64()
    assert a.state != b.state


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=10**6))
def test_below_in_range(seed: int, n: int) -> None:
    r = Rng(seed)
    for _ in range(20):
        assert 0 <= r.below(n) < n


@given(st.integers(min_value=0, max_value=2**63), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    shuffled = list(items)
    Rng(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


def test_below_is_roughly_uniform() -> None:
    r = Rng(3)
    counts = [0] * 6
    for _ in range(60_000):
        counts[r.below(6)] += 1
    assert all(9_400 < c < 10_600 for c in counts), counts


def test_random_and_randint_bounds() -> None:
    r = Rng(9)
    xs = [r.random() for _ in range(1000)]
    assert all(0.0 <= x < 1.0 for x in xs)
    ys = {r.randint(3, 5) for _ in range(200)}
    assert ys == {3, 4, 5}


def test_scripted_rng_draws_its_script_then_asks_for_chance() -> None:
    r = ScriptedRng((2, 0))
    assert r.below(5) == 2
    assert r.below(1) == 0  # one outcome: no chance event, nothing taken from the script
    assert r.below(3) == 0
    assert r.used_up and r.state == 2  # the state counts the draws
    with pytest.raises(NeedChance) as e:
        r.below(7)
    assert e.value.outcomes == 7
    assert r.state == 2 and r.pos == 2  # a draw without an outcome changes nothing


def test_scripted_rng_replays_the_seeded_generators_shuffle() -> None:
    """A shuffle is successive draws: scripted with the outcomes a seeded ``Rng`` draws, it
    makes the seeded shuffle."""
    outcomes: list[int] = []
    seeded = Rng(11)
    deck = list(range(20))
    for i in range(len(deck) - 1, 0, -1):
        outcomes.append(seeded.below(i + 1))
    expected = list(range(20))
    Rng(11).shuffle(expected)
    scripted = list(range(20))
    ScriptedRng(tuple(outcomes)).shuffle(scripted)
    assert scripted == expected


def test_scripted_rng_refuses_an_outcome_out_of_range_and_raw_draws() -> None:
    with pytest.raises(ValueError, match=r"not in 0\.\.2"):
        ScriptedRng((3,)).below(3)
    with pytest.raises(NotImplementedError):
        ScriptedRng().random()
    a = ScriptedRng((1, 1))
    a.below(2)
    b = a.copy()
    b.below(2)
    assert (a.pos, a.state, b.pos, b.state) == (1, 1, 2, 2)


class _Widest(Rng):
    """A seeded generator that remembers the most outcomes any one draw had."""

    __slots__ = ("widest",)

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.widest = 0

    def copy(self) -> _Widest:
        r = _Widest(0)
        r.state, r.widest = self.state, self.widest
        return r

    def below(self, n: int) -> int:
        self.widest = max(self.widest, n)
        return super().below(n)


_CASES = [(g, n, o) for g, configs in sorted(CONFIGS.items()) for n, o in configs]


@pytest.mark.parametrize(("gid", "players", "options"), _CASES, ids=lambda v: str(v))
def test_every_draw_stays_within_the_games_chance_bound(
    gid: str, players: int, options: dict[str, Any]
) -> None:
    """``Game.max_chance_outcomes`` bounds every draw ``rng.below(n)`` of random games of every
    tested setting (the OpenSpiel adapter declares it as ``max_chance_outcomes``)."""
    cls = spacetable.game_class(gid)
    widest = 0
    for seed in range(2):
        rng = _Widest(seed)
        g = cls(players, seed, options, rng=rng)
        for _ in playout(g, random.Random(seed), max_steps=1500):
            pass
        widest = max(widest, rng.widest)
        assert rng.widest <= g.max_chance_outcomes()
    assert (widest > 1) == cls.info.chance
