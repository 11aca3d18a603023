"""Testing support: the conformance suite every game must pass, its hostile-input stage, and a
tiny test-only game.

The hostile-input stage (:mod:`spacetable.testing.hostile`) needs hypothesis, a development
dependency: its names are imported on first use, so the rest works without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .conformance import (
    ConformanceError,
    Report,
    check_data_set,
    check_game,
    conformance_configs,
)

if TYPE_CHECKING:
    from .hostile import HostileFailure, HostileReport, hostile_check, hostile_configs

_HOSTILE = ("HostileFailure", "HostileReport", "hostile_check", "hostile_configs")

__all__ = [
    "ConformanceError",
    "HostileFailure",
    "HostileReport",
    "Report",
    "check_data_set",
    "check_game",
    "conformance_configs",
    "hostile_check",
    "hostile_configs",
]


def __getattr__(name: str) -> Any:
    if name in _HOSTILE:
        from . import hostile

        return getattr(hostile, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
