"""Planet Raiders' data set (``docs/data.md``): the tables of ``data/`` declared once as a
:class:`~spacetable.engine.DataSpec`, built into :class:`~.board.RaidersParts` by
``board.build_parts`` and described in both languages by ``components.describe_components``.

The game reads the parts of its own data set (``PlanetRaiders.parts``: the shipped tables or
a box owner's corrected directory). :func:`shipped_parts` is for readers that have no game at
hand (the terminal drawing of an outcome from before the data sets, tests, bug reports).
"""

from __future__ import annotations

from spacetable.engine import DataSpec, Table

from .board import RaidersParts, build_parts
from .components import (
    BOARD_CSV,
    PACKAGE,
    SEATS_CSV,
    SETUP_CSV,
    CellRow,
    SeatRow,
    SetupRow,
    describe_components,
)

GAME_ID = "planetraiders"

DATA: DataSpec[RaidersParts] = DataSpec(
    package=PACKAGE,
    tables=(
        Table(BOARD_CSV, CellRow, title="the 81 squares of the board: zones, planets, ships"),
        Table(SETUP_CSV, SetupRow, title="each colour's raiders and rockets, and the aliens"),
        Table(SEATS_CSV, SeatRow, title="the colour of every seat at 2, 3 and 4 players"),
    ),
    build=build_parts,
    describe=describe_components,
)


def shipped_parts() -> RaidersParts:
    """The parts of the data shipped with the package (built once)."""
    return DATA.shipped(GAME_ID).parts
