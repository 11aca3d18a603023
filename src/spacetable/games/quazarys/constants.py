"""Quazarys numbers, codes and names shared by the modules of the package, and its endings.

A leaf: it imports nothing from the package (the engine only).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from spacetable.engine import Termination
from spacetable.engine.data import Texts

PACKAGE = "spacetable.games.quazarys"


@cache
def texts() -> Texts:
    """The French and English strings of ``text.toml`` (loaded once)."""
    return Texts.load(PACKAGE)


class End(Termination):
    """How a race of Quazarys ends (the code is the ``reason`` of the outcome)."""

    #: A pawn reached its base and the round was finished (the rulebook's end).
    ARRIVED = "arrived"
    #: The option ``round_limit`` ended an unfinished race: a draw (not in the rulebook).
    ROUND_LIMIT = "round_limit"
    #: Nobody could move, play or draw for a whole round: a draw (not in the rulebook).
    BLOCKED = "blocked"

    @classmethod
    def sentences(cls) -> Mapping[str, Mapping[str, str]]:
        t = texts()
        return {lang: {m.value: t.get(lang, f"reason_{m.value}") for m in cls} for lang in t.LANGS}
