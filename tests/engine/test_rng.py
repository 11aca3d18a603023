from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from spacetable.engine import Rng


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
