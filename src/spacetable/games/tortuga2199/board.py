"""The map of Tortuga 2199: hex positions per player count, adjacency and distances.

``data/layouts.csv`` holds one row per map position (axial coordinates and the kind of tile
laid there: Tortuga, a Terminal, a Turret, or a special sector drawn at random at setup).
"""

from __future__ import annotations

from typing import Literal

from spacetable.engine.data import Row, load_table

from .components import PACKAGE
from .constants import MAX_PLAYERS, MIN_PLAYERS


class LayoutRow(Row):
    id: str
    players: int
    slot: int
    q: int
    r: int
    kind: Literal["tortuga", "terminal", "turret", "special"]


LAYOUT_ROWS: list[LayoutRow] = load_table(PACKAGE, "layouts.csv", LayoutRow)


class Layout:
    """The map of one player count: hex coordinates, adjacency and walking distances."""

    def __init__(self, players: int, rows: list[LayoutRow]) -> None:
        rows = sorted(rows, key=lambda r: r.slot)
        if [r.slot for r in rows] != list(range(len(rows))):
            raise ValueError(f"layout for {players} players: slots must be 0..n-1")
        self.players = players
        self.coords: tuple[tuple[int, int], ...] = tuple((r.q, r.r) for r in rows)
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


LAYOUTS: dict[int, Layout] = {
    p: Layout(p, [r for r in LAYOUT_ROWS if r.players == p])
    for p in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}
MAX_SECTORS = max(lay.n for lay in LAYOUTS.values())
