"""Statistics for tournaments and balance reports: intervals and ratings.

* :func:`wilson` — Wilson score interval of a proportion (win shares; ties count as
  fractions of a win, which the interval accepts as fractional successes).
* :func:`mean_ci` — mean with a normal-approximation interval (mean scores).
* :func:`pairwise_from_ranks` — turns multiplayer results into pairwise comparisons.
* :func:`bradley_terry` — Bradley-Terry strengths by the MM algorithm (Hunter 2004), with a
  small prior so that a bot that never lost still gets a finite rating; :func:`elo_scale`
  puts them on the Elo scale (400 points per factor 10 of odds, mean 1500).
* :func:`bootstrap_ratings` — intervals of those ratings by resampling whole games.

>>> lo, hi = wilson(90, 100)
>>> round(lo, 3), round(hi, 3)
(0.826, 0.945)
>>> r = elo_scale(bradley_terry(2, [(0, 1, 1.0)] * 75 + [(0, 1, 0.0)] * 25))
>>> round(r[0] - r[1])
190
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``n`` (``(0, 1)`` when ``n`` is 0)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    den = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / den
    half = z * math.sqrt(max(p * (1 - p) / n + z2 / (4 * n * n), 0.0)) / den
    lo = 0.0 if successes <= 0 else max(0.0, min(p, centre - half))
    hi = 1.0 if successes >= n else min(1.0, max(p, centre + half))
    return (lo, hi)


def mean_ci(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and a normal-approximation interval: ``(mean, low, high)``."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    m = sum(values) / n
    if n == 1:
        return (m, m, m)
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (m, m - half, m + half)


def pairwise_from_ranks(
    entrants: Sequence[int], ranks: Sequence[int]
) -> list[tuple[int, int, float]]:
    """Pairwise results of one game: ``(a, b, score of a)`` for every pair of seats whose
    entrants differ (1 if a ranked better, 0.5 for a tie, 0 if worse)."""
    out: list[tuple[int, int, float]] = []
    n = len(entrants)
    for i in range(n):
        for j in range(i + 1, n):
            a, b = entrants[i], entrants[j]
            if a == b:
                continue
            s = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
            out.append((a, b, s))
    return out


def bradley_terry(
    k: int,
    results: Sequence[tuple[int, int, float]],
    *,
    prior: float = 0.5,
    iterations: int = 500,
    tol: float = 1e-10,
) -> list[float]:
    """Bradley-Terry strengths of ``k`` entrants from ``(a, b, score of a)`` results.

    MM updates; ``prior`` virtual draws of every entrant against an average entrant keep the
    strengths finite. Strengths are normalised to a geometric mean of 1.
    """
    if k == 0:
        return []
    wins = [prior] * k
    pairs: dict[tuple[int, int], float] = {}
    for a, b, s in results:
        wins[a] += s
        wins[b] += 1.0 - s
        key = (a, b) if a < b else (b, a)
        pairs[key] = pairs.get(key, 0.0) + 1.0
    p = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            den = 2 * prior / (p[i] + 1.0)  # the virtual games against strength 1
            for (a, b), n in pairs.items():
                if a == i:
                    den += n / (p[i] + p[b])
                elif b == i:
                    den += n / (p[i] + p[a])
            new.append(wins[i] / den)
        g = math.exp(sum(math.log(x) for x in new) / k)
        new = [x / g for x in new]
        delta = max(abs(x - y) for x, y in zip(new, p, strict=True))
        p = new
        if delta < tol:
            break
    return p


def elo_scale(strengths: Sequence[float], mean: float = 1500.0) -> list[float]:
    """Bradley-Terry strengths as Elo ratings (400 log10), shifted to the given mean."""
    if not strengths:
        return []
    r = [400.0 * math.log10(s) for s in strengths]
    shift = mean - sum(r) / len(r)
    return [x + shift for x in r]


def bootstrap_ratings(
    k: int,
    games: Sequence[Sequence[tuple[int, int, float]]],
    *,
    samples: int = 200,
    seed: int = 0,
    level: float = 0.95,
) -> list[tuple[float, float]]:
    """Percentile intervals of the Elo ratings, resampling whole games ``samples`` times."""
    if not games:
        return [(math.nan, math.nan)] * k
    rng = random.Random(seed)
    draws: list[list[float]] = [[] for _ in range(k)]
    n = len(games)
    for _ in range(samples):
        res = [r for _ in range(n) for r in games[rng.randrange(n)]]
        for i, v in enumerate(elo_scale(bradley_terry(k, res, iterations=200, tol=1e-7))):
            draws[i].append(v)
    lo_q, hi_q = (1 - level) / 2, 1 - (1 - level) / 2
    out = []
    for d in draws:
        d.sort()
        out.append((d[int(lo_q * (len(d) - 1))], d[math.ceil(hi_q * (len(d) - 1))]))
    return out
