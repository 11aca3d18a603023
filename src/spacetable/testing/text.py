"""Checks shared by the games' tests of their player-facing sentences."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from spacetable.engine.mention import name_seats


def outcome_sentences(
    describe_outcome: Callable[[dict[str, Any], str], str],
    out: dict[str, Any],
    reason_codes: Iterable[str],
    markers: Iterable[str] = ("{", "oc_"),
) -> tuple[str, str]:
    """The English and French end-of-game sentences of ``out`` (an ``Outcome.to_json()``),
    after the checks every game shares: both are non-empty and differ, neither shows a
    template placeholder or a text key (``markers``), and no raw reason code of
    ``reason_codes`` is left in the French sentence."""
    en = describe_outcome(out, "en")
    fr = describe_outcome(out, "fr")
    assert en.strip() and fr.strip() and en != fr
    for m in markers:
        assert m not in en + fr, (m, en, fr)
    for code in reason_codes:
        assert not re.search(rf"\b{re.escape(code)}\b", fr), fr
    return en, fr


def as_read(fn: Callable[..., str]) -> Callable[..., str]:
    """A game's render function (``fn(value, lang, parts=None)``) whose sentence reads as the
    terminal and the command line show it: its seats' mentions in the game's own words
    (:mod:`spacetable.engine.mention`; the contract's :class:`Presentation` does the same)."""

    def read(*args: Any, **kwargs: Any) -> str:
        return name_seats(fn(*args, **kwargs))

    read.__name__ = getattr(fn, "__name__", "read")
    return read
