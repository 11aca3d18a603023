"""Spacedealer's data set (``docs/data.md``): the tables of ``data/`` declared once as a
:class:`~spacetable.engine.DataSpec`, built into :class:`~.components.SdParts` by
``components.build_parts`` and described in both languages by ``labels.describe_components``.

The game reads the parts of its own data set (``Spacedealer.parts``: the shipped tables or a
box owner's corrected directory). :func:`shipped_parts` is for readers that have no game at
hand (the terminal drawing of a view or an event when no data set is given, tests, bug
reports).
"""

from __future__ import annotations

from spacetable.engine import DataSpec

from .components import TABLES, SdParts, build_parts
from .constants import PKG
from .labels import describe_components

GAME_ID = "spacedealer"

DATA: DataSpec[SdParts] = DataSpec(
    package=PKG, tables=TABLES, build=build_parts, describe=describe_components
)


def shipped_parts() -> SdParts:
    """The parts of the data shipped with the package (built once)."""
    return DATA.shipped(GAME_ID).parts
