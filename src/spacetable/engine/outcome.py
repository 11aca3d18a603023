"""The result of a finished game (python-chess ``Outcome`` style, per seat)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Termination(StrEnum):
    """How a game ended, as python-chess's ``Termination``: each game subclasses it with
    one member per ending its rulebook states (``MARKERS = "markers"``).

    A member is its code (a string: it compares equal to it and is written as it in JSON);
    :meth:`sentence` says it in a language. A game gives its sentences by overriding
    :meth:`sentences` (usually from its ``text.toml``); the conformance suite checks that
    every member has one in English and in French.
    """

    @classmethod
    def sentences(cls) -> Mapping[str, Mapping[str, str]]:
        """``{lang: {code: sentence}}`` for every member (game hook)."""
        return {}

    def sentence(self, lang: str = "en") -> str:
        """This ending as a sentence in ``lang`` ('en' or 'fr')."""
        table = type(self).sentences()
        text = table.get(lang, {}).get(self.value) or table.get("en", {}).get(self.value)
        return text or self.value.replace("_", " ")


@dataclass(frozen=True)
class Outcome:
    """Per-seat scores and ranks (1 = winner; tied seats share a rank) and the reason.

    ``reason`` is a member of the game's :class:`Termination` (a string code).

    ``details`` holds game-specific, JSON-able explanations (score sheets, tie-breaks).
    ``others`` holds the scores of competitors that hold no seat, such as an automa (Wild
    Space's Contrebandier); ranks then count them too, so a lone seat beaten by the automa
    has rank 2.
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    reason: str
    details: dict[str, Any] = field(default_factory=dict)
    others: dict[str, float] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(i for i, r in enumerate(self.ranks) if r == 1)

    @property
    def competitors(self) -> int:
        """How many competitors were ranked: the seats plus the seatless ``others``."""
        return len(self.ranks) + len(self.others)

    def rewards(self) -> tuple[float, ...]:
        """One reward per seat in [0, 1]: 1 for rank 1, 0 for the last possible rank.

        >>> Outcome((39.0,), (2,), "the automa wins", others={"automa": 41.0}).rewards()
        (0.0,)
        >>> Outcome((5.0, 9.0, 9.0), (3, 1, 1), "end").rewards()
        (0.0, 1.0, 1.0)
        """
        n = self.competitors
        if n == 1:
            return (1.0 if self.ranks[0] == 1 else 0.0,)
        return tuple((n - r) / (n - 1) for r in self.ranks)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "reason": str(self.reason),
            "details": self.details,
        }
        if self.others:
            out["others"] = dict(self.others)
        return out


def ranks_from_keys(keys: Sequence[Sequence[float]]) -> tuple[int, ...]:
    """Competition ranks from per-seat sort keys (higher is better; equal keys share a rank).

    >>> ranks_from_keys([(10, 2), (12, 0), (10, 2)])
    (2, 1, 2)
    """
    order = sorted(range(len(keys)), key=lambda i: tuple(keys[i]), reverse=True)
    ranks = [0] * len(keys)
    for pos, i in enumerate(order):
        if pos > 0 and tuple(keys[i]) == tuple(keys[order[pos - 1]]):
            ranks[i] = ranks[order[pos - 1]]
        else:
            ranks[i] = pos + 1
    return tuple(ranks)
