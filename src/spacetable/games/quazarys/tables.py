"""Quazarys' data set (``docs/data.md``): the tables of ``data/`` declared once as a
:class:`~spacetable.engine.DataSpec`, built into :class:`~.components.QuazarysParts` by
``components.build_parts`` and described in both languages by
``components.describe_components``.

The game reads the parts of its own data set (``Quazarys.parts``: the shipped tables or a
box owner's corrected directory). :func:`shipped_parts` is for readers that have no game at
hand (the labels of an action value describing itself, the terminal drawing of a view when
no parts are given, tests, bug reports).
"""

from __future__ import annotations

from spacetable.engine import DataSpec, Table

from .components import (
    ACTIONS_CSV,
    BASES_CSV,
    EXPLORATIONS_CSV,
    FACTIONS_CSV,
    SUNS_CSV,
    ActionRow,
    BaseRow,
    ExplorationRow,
    FactionRow,
    QuazarysParts,
    SunRow,
    build_parts,
    describe_components,
)
from .constants import PACKAGE

GAME_ID = "quazarys"

DATA: DataSpec[QuazarysParts] = DataSpec(
    package=PACKAGE,
    tables=(
        Table(FACTIONS_CSV, FactionRow, title="the factions of the Exploration and Action cards"),
        Table(SUNS_CSV, SunRow, title="the 9 Sun cards and their paths"),
        Table(BASES_CSV, BaseRow, title="the 4 Base cards, one per player colour"),
        Table(EXPLORATIONS_CSV, ExplorationRow, title="the 20 Exploration cards and their paths"),
        Table(ACTIONS_CSV, ActionRow, title="the 28 Action cards: effect and faction"),
    ),
    build=build_parts,
    describe=describe_components,
)


def shipped_parts() -> QuazarysParts:
    """The parts of the data shipped with the package (built once)."""
    return DATA.shipped(GAME_ID).parts
