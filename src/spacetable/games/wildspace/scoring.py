"""Wild Space scoring, pure functions of crews (the rulebook's end of game): identical
animals, sets of six species, Emissary missions, the captain's Veteran track, Robot credits,
and the Contrebandier's sheet in solo. Read by the rules, the view and the evaluation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .components import (
    CREDITS,
    H_BONUS,
    KIND,
    MATCH,
    MISSION,
    PRED_INDEX,
    PROF_OF,
    SPECIES_OF,
    TRACK_CREDITS,
)
from .constants import K_ROBOT, M_ALLPROF, M_MOST, M_PAIR, M_PER, M_SET, PROFESSIONS, SPECIES


def _count(cards: Sequence[int], pred: int) -> int:
    row = MATCH[pred]
    return sum(1 for c in cards if row[c])


def animals_by_species(cards: Sequence[int]) -> list[int]:
    counts = [0] * len(SPECIES)
    for c in cards:
        s = SPECIES_OF[c]
        if s >= 0:
            counts[s] += 1
    return counts


def mission_value(
    mission: tuple[int, ...], cards: Sequence[int], others: Sequence[Sequence[int]]
) -> int:
    """Credits of one Emissary mission for a crew ``cards`` (``others``: the rival crews)."""
    kind = mission[0]
    if kind == M_SET:
        return (_count(cards, mission[1]) // mission[2]) * mission[3]
    if kind == M_PAIR:
        ra, rb = MATCH[mission[1]], MATCH[mission[2]]
        a = sum(1 for c in cards if ra[c])
        b = sum(1 for c in cards if rb[c])
        distinct = sum(1 for c in cards if ra[c] or rb[c])
        return min(a, b, distinct // 2) * mission[3]
    if kind == M_MOST:
        mine = _count(cards, mission[1])
        if mine > 0 and all(mine > _count(o, mission[1]) for o in others):
            return mission[2]
        return 0
    if kind == M_PER:
        return _count(cards, mission[1]) * mission[2]
    if kind == M_ALLPROF:
        profs = {PROF_OF[c] for c in cards if PROF_OF[c] >= 0}
        return mission[1] if len(profs) == len(PROFESSIONS) else 0
    raise AssertionError(f"unknown mission kind {kind}")  # pragma: no cover, no mutate


def track_credits(captain: int, vet: int) -> int:
    """Credits of every credit box of the Veteran track reached or passed (cumulative)."""
    return sum(TRACK_CREDITS[captain][:vet])


def score_sheet(
    cards: Sequence[int], vet: int, captain: int, others: Sequence[Sequence[int]]
) -> dict[str, Any]:
    counts = animals_by_species(cards)
    identical = sum(5 * (n - 2) for n in counts if n > 2)
    sets = 15 * min(counts)
    missions = []
    for c in cards:
        m = MISSION[c]
        if m is not None:
            missions.append([c, mission_value(m, cards, others)])
    mission_total = sum(v for _, v in missions)
    cap = track_credits(captain, vet)
    robots = sum(CREDITS[c] for c in cards if KIND[c] == K_ROBOT)
    return {
        "species": counts,
        "identical": identical,
        "sets": sets,
        "missions": mission_total,
        "mission_detail": missions,
        "captain": cap,
        "robots": robots,
        "total": identical + sets + mission_total + cap + robots,
    }


def smuggler_sheet(cards: Sequence[int], hostiles: Sequence[int]) -> dict[str, Any]:
    counts = animals_by_species(cards)
    identical = sum(5 * (n - 2) for n in counts if n > 2)
    sets = 15 * min(counts)
    robots = sum(CREDITS[c] for c in cards if KIND[c] == K_ROBOT)
    bonus = 0
    for h in hostiles:
        for icon in H_BONUS[h]:
            bonus += _count(cards, PRED_INDEX[icon])
    return {
        "species": counts,
        "identical": identical,
        "sets": sets,
        "robots": robots,
        "bonus": bonus,
        "total": identical + sets + robots + bonus,
    }
