"""The map of Tortuga 2199: hex positions per player count, adjacency and distances.

``data/layouts.csv`` holds one row per map position (axial coordinates and the kind of tile
laid there: Tortuga, a Terminal, a Turret, or a special sector drawn at random at setup).
:func:`build_layouts` checks them against the rulebook's counts and builds one
:class:`Layout` per player count (part of the data set's parts: ``game.parts.layouts``).
"""

from __future__ import annotations

from typing import Literal

from spacetable.engine import Row, Tables

from .constants import MAX_PLAYERS, MIN_PLAYERS, RING, SPECIAL_KINDS

LAYOUT_FILE = "layouts.csv"


class LayoutRow(Row):
    id: str
    players: int
    slot: int
    q: int
    r: int
    kind: Literal["tortuga", "terminal", "turret", "special"]


class Layout:
    """The map of one player count: hex coordinates, adjacency and walking distances."""

    def __init__(self, players: int, rows: list[LayoutRow]) -> None:
        rows = sorted(rows, key=lambda r: r.slot)
        if [r.slot for r in rows] != list(range(len(rows))):
            raise ValueError(f"layout for {players} players: slots must be 0..n-1")
        self.players = players
        self.coords: tuple[tuple[int, int], ...] = tuple((r.q, r.r) for r in rows)
        if len(set(self.coords)) != len(self.coords):
            raise ValueError(f"layout for {players} players: two sectors on one hex")
        self.kinds: tuple[str, ...] = tuple(r.kind for r in rows)
        self.n = len(rows)
        self.tortuga = self.kinds.index("tortuga")
        self.special_slots: tuple[int, ...] = tuple(
            i for i, k in enumerate(self.kinds) if k == "special"
        )
        adj: list[tuple[int, ...]] = []
        for i, (q, r) in enumerate(self.coords):
            adj.append(
                tuple(
                    j
                    for j, (q2, r2) in enumerate(self.coords)
                    if j != i and _hexdist(q - q2, r - r2) == 1
                )
            )
        self.adj: tuple[tuple[int, ...], ...] = tuple(adj)
        dist = [[99] * self.n for _ in range(self.n)]
        for s in range(self.n):
            dist[s][s] = 0
            frontier = [s]
            while frontier:
                nxt = []
                for a in frontier:
                    for b in self.adj[a]:
                        if dist[s][b] == 99:
                            dist[s][b] = dist[s][a] + 1
                            nxt.append(b)
                frontier = nxt
        self.dist: tuple[tuple[int, ...], ...] = tuple(tuple(d) for d in dist)
        if any(99 in d for d in dist):
            raise ValueError(f"layout for {players} players is not connected")
        #: within[s][n]: sectors at 1..n steps from s (n up to the map's diameter).
        diam = max(max(d) for d in dist)
        self.diameter = diam
        self.within: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(tuple(j for j in range(self.n) if 0 < dist[s][j] <= k) for k in range(diam + 1))
            for s in range(self.n)
        )

    def reach(self, s: int, steps: int) -> tuple[int, ...]:
        """Sectors other than ``s`` at most ``steps`` moves away."""
        return self.within[s][min(steps, self.diameter)]


def _hexdist(dq: int, dr: int) -> int:
    return max(abs(dq), abs(dr), abs(dq + dr))


def build_layouts(t: Tables, rows: list[LayoutRow]) -> dict[int, Layout]:
    """One map per player count, checked against the rulebook: Tortuga "au centre", the ring
    of Terminals and Turrets ("Six secteurs à 3-4 joueurs. Quatre secteurs à 2 joueurs"; the
    box has 3 of each) and the four (X) positions of the special sectors."""
    f = LAYOUT_FILE
    out: dict[int, Layout] = {}
    for r in rows:
        if not MIN_PLAYERS <= r.players <= MAX_PLAYERS:
            t.error(f, f"Tortuga 2199 is for {MIN_PLAYERS} to {MAX_PLAYERS} players", r, "players")
    for p in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        mine = [r for r in rows if r.players == p]
        last = mine[-1] if mine else (rows[-1] if rows else None)
        kinds = [r.kind for r in mine]
        if kinds.count("tortuga") != 1:
            t.error(
                f,
                f"{p} players: {kinds.count('tortuga')} Tortuga, the rulebook gives 1",
                last,
                "kind",
            )
        ring = kinds.count("terminal") + kinds.count("turret")
        if ring != RING[p] or max(kinds.count("terminal"), kinds.count("turret")) > 3:
            t.error(
                f,
                f"{p} players: {kinds.count('terminal')} Terminals and {kinds.count('turret')} "
                f"Turrets; the rulebook gives {RING[p]} ring sectors (3 of each in the box)",
                last,
                "kind",
            )
        if kinds.count("special") != len(SPECIAL_KINDS):
            t.error(
                f,
                f"{p} players: {kinds.count('special')} (X) positions for the 4 special sectors",
                last,
                "kind",
            )
        try:
            out[p] = Layout(p, mine)
        except ValueError as e:
            t.error(f, str(e), last, "slot" if "slots" in str(e) else "q")
    return out
