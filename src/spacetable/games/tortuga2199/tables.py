"""Tortuga 2199's data set (``docs/data.md``): the tables of ``data/`` declared once as a
:class:`~spacetable.engine.DataSpec`, built into :class:`~.components.TortugaParts` by
``components.build_parts`` and described in both languages by ``labels.describe_components``.

The game reads the parts of its own data set (``Tortuga2199.parts``: the shipped tables or a
box owner's corrected directory). :func:`shipped_parts` is for readers that have no game at
hand (the terminal drawing of a view when no parts are given, tests, bug reports).
"""

from __future__ import annotations

from spacetable.engine import DataSpec

from .components import TABLES, TortugaParts, build_parts
from .labels import describe_components

GAME_ID = "tortuga2199"

DATA: DataSpec[TortugaParts] = DataSpec(
    package="spacetable.games.tortuga2199",
    tables=TABLES,
    build=build_parts,
    describe=describe_components,
)


def shipped_parts() -> TortugaParts:
    """The parts of the data shipped with the package (built once)."""
    return DATA.shipped(GAME_ID).parts
