"""Wild Space's data set (``docs/data.md``): the tables of ``data/`` declared once as a
:class:`~spacetable.engine.DataSpec`, built into :class:`~.components.WildParts` by
``components.build_parts`` and described in both languages by ``labels.describe_components``.

The game reads the parts of its own data set (``WildSpace.parts``: the shipped tables or a
box owner's corrected directory). :func:`shipped_parts` is for readers that have no game at
hand (the terminal drawing of a view when no data set is given, tests, bug reports).
"""

from __future__ import annotations

from spacetable.engine import DataSpec

from .components import TABLES, WildParts, build_parts
from .constants import GAME_ID, PKG
from .labels import describe_components

DATA: DataSpec[WildParts] = DataSpec(
    package=PKG, tables=TABLES, build=build_parts, describe=describe_components
)


def shipped_parts() -> WildParts:
    """The parts of the data shipped with the package (built once)."""
    return DATA.shipped(GAME_ID).parts
