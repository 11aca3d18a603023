"""Intervals and ratings."""

from __future__ import annotations

import math

import pytest

from spacetable.stats import (
    bootstrap_ratings,
    bradley_terry,
    elo_scale,
    mean_ci,
    pairwise_from_ranks,
    wilson,
)


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)
    # Narrower with more games, and always containing the observed share.
    assert wilson(450, 500)[1] - wilson(450, 500)[0] < wilson(90, 100)[1] - wilson(90, 100)[0]
    for k, n in ((1, 7), (3.5, 9), (30, 31)):
        lo, hi = wilson(k, n)
        assert lo <= k / n <= hi


def test_mean_ci() -> None:
    m, lo, hi = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and lo < 2.5 < hi
    assert hi - m == pytest.approx(1.96 * math.sqrt(5 / 3 / 4), rel=1e-3)
    assert mean_ci([7.0]) == (7.0, 7.0, 7.0)
    assert all(math.isnan(x) for x in mean_ci([]))


def test_pairwise_from_ranks_skips_same_entrant_and_scores_ties() -> None:
    assert pairwise_from_ranks([0, 1, 0], [2, 1, 2]) == [(0, 1, 0.0), (1, 0, 1.0)]
    assert pairwise_from_ranks([0, 1], [1, 1]) == [(0, 1, 0.5)]


def test_bradley_terry_recovers_known_strengths() -> None:
    # 0 beats 1 three times in four, 1 beats 2 three times in four: 0 is 9 times 2's odds.
    res = [(0, 1, 1.0)] * 300 + [(0, 1, 0.0)] * 100 + [(1, 2, 1.0)] * 300 + [(1, 2, 0.0)] * 100
    p = bradley_terry(3, res, prior=0.0)
    assert p[0] / p[1] == pytest.approx(3.0, rel=0.01)
    assert p[1] / p[2] == pytest.approx(3.0, rel=0.01)
    r = elo_scale(p)
    assert sum(r) / 3 == pytest.approx(1500.0)
    assert r[0] - r[1] == pytest.approx(400 * math.log10(3), rel=0.01)


def test_bradley_terry_is_finite_for_an_unbeaten_entrant() -> None:
    p = bradley_terry(2, [(0, 1, 1.0)] * 20)
    assert all(math.isfinite(x) and x > 0 for x in p) and p[0] > p[1]


def test_bootstrap_is_seeded_and_brackets_the_rating() -> None:
    games = [[(0, 1, 1.0)]] * 30 + [[(0, 1, 0.0)]] * 10
    a = bootstrap_ratings(2, games, samples=100, seed=3)
    assert a == bootstrap_ratings(2, games, samples=100, seed=3)
    r = elo_scale(bradley_terry(2, [p for g in games for p in g]))
    for (lo, hi), x in zip(a, r, strict=True):
        assert lo <= x <= hi
