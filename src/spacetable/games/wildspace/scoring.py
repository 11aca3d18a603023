"""Wild Space scoring, pure functions of crews (the rulebook's end of game): identical
animals, sets of six species, Emissary missions, the captain's Veteran track, Robot credits,
and the Contrebandier's sheet in solo. Read by the rules, the view and the evaluation; the
components come from the data set's parts given as the first argument.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .components import PRED_INDEX, WildParts
from .constants import K_ROBOT, M_ALLPROF, M_MOST, M_PAIR, M_PER, M_SET, PROFESSIONS, SPECIES


def _count(parts: WildParts, cards: Sequence[int], pred: int) -> int:
    row = parts.match[pred]
    return sum(1 for c in cards if row[c])


def animals_by_species(parts: WildParts, cards: Sequence[int]) -> list[int]:
    counts = [0] * len(SPECIES)
    species_of = parts.species_of
    for c in cards:
        s = species_of[c]
        if s >= 0:
            counts[s] += 1
    return counts


def mission_value(
    parts: WildParts,
    mission: tuple[int, ...],
    cards: Sequence[int],
    others: Sequence[Sequence[int]],
) -> int:
    """Credits of one Emissary mission for a crew ``cards`` (``others``: the rival crews)."""
    kind = mission[0]
    if kind == M_SET:
        return (_count(parts, cards, mission[1]) // mission[2]) * mission[3]
    if kind == M_PAIR:
        ra, rb = parts.match[mission[1]], parts.match[mission[2]]
        a = sum(1 for c in cards if ra[c])
        b = sum(1 for c in cards if rb[c])
        distinct = sum(1 for c in cards if ra[c] or rb[c])
        return min(a, b, distinct // 2) * mission[3]
    if kind == M_MOST:
        mine = _count(parts, cards, mission[1])
        if mine > 0 and all(mine > _count(parts, o, mission[1]) for o in others):
            return mission[2]
        return 0
    if kind == M_PER:
        return _count(parts, cards, mission[1]) * mission[2]
    if kind == M_ALLPROF:
        profs = {parts.prof_of[c] for c in cards if parts.prof_of[c] >= 0}
        return mission[1] if len(profs) == len(PROFESSIONS) else 0
    raise AssertionError(f"unknown mission kind {kind}")  # pragma: no cover, no mutate


def track_credits(parts: WildParts, captain: int, vet: int) -> int:
    """Credits of every credit box of the Veteran track reached or passed (cumulative)."""
    return sum(parts.track_credits[captain][:vet])


def score_sheet(
    parts: WildParts,
    cards: Sequence[int],
    vet: int,
    captain: int,
    others: Sequence[Sequence[int]],
) -> dict[str, Any]:
    counts = animals_by_species(parts, cards)
    identical = sum(5 * (n - 2) for n in counts if n > 2)
    sets = 15 * min(counts)
    missions = []
    for c in cards:
        m = parts.mission[c]
        if m is not None:
            missions.append([c, mission_value(parts, m, cards, others)])
    mission_total = sum(v for _, v in missions)
    cap = track_credits(parts, captain, vet)
    robots = sum(parts.credits[c] for c in cards if parts.kind[c] == K_ROBOT)
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


def smuggler_sheet(
    parts: WildParts, cards: Sequence[int], hostiles: Sequence[int]
) -> dict[str, Any]:
    counts = animals_by_species(parts, cards)
    identical = sum(5 * (n - 2) for n in counts if n > 2)
    sets = 15 * min(counts)
    robots = sum(parts.credits[c] for c in cards if parts.kind[c] == K_ROBOT)
    bonus = 0
    for h in hostiles:
        for icon in parts.h_bonus[h]:
            bonus += _count(parts, cards, PRED_INDEX[icon])
    return {
        "species": counts,
        "identical": identical,
        "sets": sets,
        "robots": robots,
        "bonus": bonus,
        "total": identical + sets + robots + bonus,
    }
