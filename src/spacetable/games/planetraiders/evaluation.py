"""How the bots judge a Planet Raiders state: :func:`evaluate` and its tables.

Distances count **rockets** (:data:`HOP_DIST`: the fewest hops from pad to pad, built once at
import), so they go round planets and ships. A player's progress counts the crew members
gathered, the raiders left, the rockets in hand (a little) and, for each raider, how close
it can get this turn to its next target through the rockets in place (see
:func:`progress_value`). See "Evaluation (bots)" in ``docs/games/planetraiders.md``.

It reads the game it receives and never imports the rules at run time.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from .board import BOARD
from .components import crew_complete, crew_missing
from .constants import ALIEN, COLOURS, EMPTY, N_EDGES, RAIDERS

if TYPE_CHECKING:
    from .rules import PlanetRaiders

SHIP_OF_PAD = BOARD.ship_of_pad


def _hop_distances() -> list[list[int]]:
    """HOP_DIST[p][q]: the fewest rockets that carry a raider from pad ``p`` to pad ``q``
    (a hop goes from a side of a zone to another side of it; red rockets serve everywhere, so
    every zone counts). Unlike a straight-line distance it goes round planets and ships."""
    far = 99
    nxt: list[list[int]] = [[] for _ in range(N_EDGES)]
    for p in range(N_EDGES):
        for z in BOARD.pad_zones[p]:
            nxt[p].extend(q for q in BOARD.cell_pads[z] if q != p)
    out = []
    for src in range(N_EDGES):
        dist = [far] * N_EDGES
        dist[src] = 0
        frontier = [src]
        d = 0
        while frontier:
            d += 1
            new: list[int] = []
            for p in frontier:
                for q in nxt[p]:
                    if dist[q] == far:
                        dist[q] = d
                        new.append(q)
            frontier = new
        out.append(dist)
    return out


HOP_DIST = _hop_distances()


def _target_table(targets_of: list[list[int]]) -> list[list[int]]:
    """[colour][pad]: the fewest rockets from the pad to the nearest of that colour's targets."""
    return [[min(HOP_DIST[e][t] for t in ts) for e in range(N_EDGES)] for ts in targets_of]


#: DIST_TO_SHIP[colour][pad]: rockets needed to reach a boarding pad of that ship
DIST_TO_SHIP = _target_table([list(BOARD.ship_pads[c]) for c in range(len(COLOURS))])
#: DIST_TO_PLANET[colour][pad]: rockets needed to reach a side of that planet (its aliens)
DIST_TO_PLANET = _target_table(
    [[e for e in range(N_EDGES) if BOARD.planet_of_pad[e] == c] for c in range(len(COLOURS))]
)


#: PLANET_DIST[mask][pad]: rockets needed to reach a side of the nearest planet whose colour
#: is not in the bit mask (99 when the mask holds every planet)
PLANET_DIST = [
    [
        min([99] + [DIST_TO_PLANET[c][e] for c in range(len(COLOURS)) if not mask >> c & 1])
        for e in range(N_EDGES)
    ]
    for mask in range(1 << len(COLOURS))
]


#: STEPS[pad]: ``(slot, dest)`` for each rocket slot beside the pad, where ``dest[colour]`` is
#: the pad a rocket of that colour in the slot carries a raider to, or -1 (a blue rocket in a
#: meteorite zone); ``dest[-1]`` is -1 too (an empty slot holds -1). See ``Board.pad_slots``.
STEPS = BOARD.pad_slots


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
    precomputed :data:`STEPS`, goal distances are taken only when no target is in reach,
    and each raider's term is cached with the rockets its search read. The cache is shared
    by clones and starts again at every hop (the only change of raiders, aliens, captures,
    finished or eliminated players), so an entry is reused exactly when every rocket the
    search read is the same: the search would read the same and find the same."""
    finished = game.finished
    if s in finished:
        return 2.0 - 0.1 * finished.index(s)
    if game.out[s]:
        return 0.0
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
    enemy: list[list[int]] | None = None
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
            for slot, dest in STEPS[p]:
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
                if crewed and SHIP_OF_PAD[q] == home:
                    hit = True
                    break
                seen.add(q)
                stack.append(q)
        if hit:
            d = 0
        elif crewed:
            ship_dist = DIST_TO_SHIP[home]
            d = min([ship_dist[p] for p in seen])
        else:
            if enemy is None:
                enemy = [
                    HOP_DIST[q]
                    for r, q in enumerate(rpad)
                    if q >= 0 and team_of[r // RAIDERS] != team
                ]
            planet_dist = PLANET_DIST[mask]
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
        slots = [slot for p in popped for slot, _ in STEPS[p]]
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
