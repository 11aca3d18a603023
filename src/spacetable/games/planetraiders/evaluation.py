"""How the bots judge a Planet Raiders state: :func:`evaluate` and its tables.

Distances count **rockets** (``parts.hop_dist``: the fewest hops from pad to pad, built
with the game's data set, see :mod:`.board`), so they go round planets and ships. A player's
progress counts the crew members gathered, the raiders left, the rockets in hand (a little)
and, for each raider, how close it can get this turn to its next target through the rockets
in place (see :func:`progress_value`). See "Evaluation (bots)" in ``docs/games/planetraiders.md``.

It reads the game it receives and never imports the rules at run time.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from .components import crew_complete, crew_missing
from .constants import ALIEN, COLOURS, EMPTY, RAIDERS

if TYPE_CHECKING:
    from .rules import PlanetRaiders

#: The reach cache of :func:`progress_value`: raider -> (reads the rockets the
#: raider's search looked at, what they were, the evaluation term found).
ReachCache = dict[int, tuple[Callable[[list[int]], Any], Any, float]]


def _read_nothing(rockets: list[int]) -> None:
    return None


BITS = [m.bit_count() for m in range(1 << len(COLOURS))]
#: CREWED[aliens][captures] and CREW_VALUE[aliens][captures] (captures capped at 2, which
#: changes neither): crew complete, and the evaluation's crew term
CREWED = [[crew_complete(a, c) for c in range(3)] for a in range(len(COLOURS) + 1)]
CREW_VALUE = [[0.18 * (4 - crew_missing(a, c)) for c in range(3)] for a in range(len(COLOURS) + 1)]
#: REACH_VALUE[crewed][d]: the evaluation's term for a raider ``d`` rockets from its target
REACH_VALUE = [
    [(0.12 if crewed else 0.06) * (1.0 - d / 12.0) for d in range(13)] for crewed in (False, True)
]


def progress_value(game: PlanetRaiders, s: int) -> float:
    """Crew members gathered, raiders left, and how close each raider is (or can get
    this turn through the rockets already in place) to its next target.

    A raider's distance is the smallest *goal distance* (rockets needed to its nearest
    useful target: its ship once crewed, else an alien of a planet it lacks or an enemy
    raider) over the pads it can reach this turn through the rockets in place, and 0 when
    it can reach a target this turn. This is the bots' hot path: the reach search uses the
    precomputed ``parts.pad_slots``, goal distances are taken only when no target is in reach,
    and each raider's term is cached with the rockets its search read. The cache is shared
    by clones and starts again at every hop (the only change of raiders, aliens, captures,
    finished or eliminated players), so an entry is reused exactly when every rocket the
    search read is the same: the search would read the same and find the same."""
    finished = game.finished
    if s in finished:
        return 2.0 - 0.1 * finished.index(s)
    if game.out[s]:
        return 0.0
    parts = game.parts
    steps = parts.pad_slots
    ship_of_pad = parts.ship_of_pad
    mask = game.aliens[s]
    c = game.ncaps[s]
    if c > 2:
        c = 2
    a = BITS[mask]
    crewed = CREWED[a][c]
    rpad = game.rpad
    base = s * RAIDERS
    own = rpad[base : base + RAIDERS]
    v = CREW_VALUE[a][c]
    v += 0.05 * (3 - own.count(EMPTY))
    v += 0.0005 * min(game.blue[s] + 2 * game.red[s], 8)
    reach_value = REACH_VALUE[crewed]
    occ = game.occ
    rockets = game.rockets
    team_of = game.team
    team = team_of[s]
    home = game.colour[s] if crewed else -1
    enemy: list[tuple[int, ...]] | None = None
    cache = game.reach_cache
    for k in range(RAIDERS):
        start = own[k]
        if start < 0:
            continue
        rid = base + k
        known = cache.get(rid)
        if known is not None and known[0](rockets) == known[1]:
            v += known[2]  # no rocket this raider's search read has changed
            continue
        # the pads this raider can reach this turn (depth-first through placed rockets)
        seen = {start}
        stack = [start]
        popped = []
        hit = False
        while stack and not hit:
            p = stack.pop()
            popped.append(p)
            for slot, dest in steps[p]:
                q = dest[rockets[slot]]
                if q < 0 or q in seen:
                    continue
                o = occ[q]
                if o >= ALIEN:
                    if not mask >> (o - ALIEN) & 1:
                        hit = True
                        break
                    continue
                if o >= 0 and o != rid:
                    if team_of[o // RAIDERS] != team:
                        hit = True
                        break
                    continue
                if crewed and ship_of_pad[q] == home:
                    hit = True
                    break
                seen.add(q)
                stack.append(q)
        if hit:
            d = 0
        elif crewed:
            ship_dist = parts.dist_to_ship[home]
            d = min([ship_dist[p] for p in seen])
        else:
            if enemy is None:
                enemy = [
                    parts.hop_dist[q]
                    for r, q in enumerate(rpad)
                    if q >= 0 and team_of[r // RAIDERS] != team
                ]
            planet_dist = parts.planet_dist[mask]
            d = 99
            for p in seen:
                e = planet_dist[p]
                for row in enemy:
                    if row[p] < e:
                        e = row[p]
                if e < d:
                    d = e
        term = reach_value[d if d < 12 else 12]
        v += term
        slots = [slot for p in popped for slot, _ in steps[p]]
        read = itemgetter(*slots) if slots else _read_nothing
        cache[rid] = (read, read(rockets), term)
    return v


def evaluate(game: PlanetRaiders, seat: int) -> float:
    """The value of the state for ``seat`` in [0, 1]: its progress (or its team's best
    member's) against the best opponent's; the outcome's reward once the game is over."""
    if game.over:
        return game.outcome().rewards()[seat]
    if game.teams:
        mine = max(
            progress_value(game, s) for s in range(game.players) if game.team[s] == game.team[seat]
        )
        others = [
            progress_value(game, s) for s in range(game.players) if game.team[s] != game.team[seat]
        ]
    else:
        mine = progress_value(game, seat)
        others = [progress_value(game, s) for s in range(game.players) if s != seat]
    best = max(others) if others else 0.0
    return max(0.0, min(1.0, 0.5 + 0.4 * (mine - best)))


#: The terms of :func:`terms`, in the order a reader gets them, and whether more is better
#: (+1) or worse (-1): the "why" of a hint or a review (``spacetable.bots.analysis``).
TERMS: dict[str, int] = {"progress": 1, "lead": 1}


def terms(game: PlanetRaiders, seat: int) -> dict[str, float]:
    """What :func:`evaluate` weighs for ``seat``: its progress (crew gathered, raiders left,
    how close they are to their targets) and its lead on the best opponent's."""
    mine = progress_value(game, seat)
    others = [
        progress_value(game, s)
        for s in range(game.players)
        if s != seat and (not game.teams or game.team[s] != game.team[seat])
    ]
    return {"progress": mine, "lead": mine - (max(others) if others else 0.0)}
