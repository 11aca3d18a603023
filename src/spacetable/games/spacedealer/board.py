"""The planet grid of Spacedealer: columns, connections and power (rulebook 3.2.2).

Each planet is a grid of ``GRID_W = 12`` columns and two rows (action, demand)::

      planet zone:   plant-L stack  [ PLANET ]  plant-R stack
      columns:        0  1  2  3  4  5 | 6  7  8  9 10 11
      connections:          L4 L3 L2 L1 |R1 R2 R3 R4

A generator powers the two connections nearest the planet on its side, a solar satellite
three, a fusion reactor all four (the data's ``power``, ``setup.toml``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .constants import GRID_W


def conn_col(side: int, d: int) -> int:
    """Grid column of the connection at distance ``d`` (1..4) on ``side`` (0 left, 1 right)."""
    return 6 - d if side == 0 else 5 + d


def _col_power(c: int) -> tuple[int, int]:
    """(side, distance) of column ``c``; distance 0 = not a connection."""
    if 2 <= c <= 5:
        return 0, 6 - c
    if 6 <= c <= 9:
        return 1, c - 5
    return (0 if c < 6 else 1), 0


COL_SIDE = tuple(_col_power(c)[0] for c in range(GRID_W))
COL_DIST = tuple(_col_power(c)[1] for c in range(GRID_W))


_POWERED: dict[tuple[int, ...], tuple[tuple[tuple[bool, ...], ...], ...]] = {}


def powered_table(power: Sequence[int]) -> tuple[tuple[tuple[bool, ...], ...], ...]:
    """Powered columns by the plant levels of the left and right side,
    ``table[left][right][column]``, for ``power`` connections per plant level (built once
    per ``power``)."""
    key = tuple(power)
    table = _POWERED.get(key)
    if table is None:
        table = _POWERED[key] = _powered(key)
    return table


def _powered(power: Sequence[int]) -> tuple[tuple[tuple[bool, ...], ...], ...]:
    return tuple(
        tuple(
            tuple(0 < COL_DIST[c] <= power[(left, right)[COL_SIDE[c]]] for c in range(GRID_W))
            for right in range(len(power))
        )
        for left in range(len(power))
    )


#: the plant level a power plant card is built on
PLANT_NEED = {"generator": 0, "solar": 1, "fusion_reactor": 2}
