"""Why an action is not legal: rules kept as data, and reasons that name them.

Every game keeps the rules a player can break in ``games/<id>/data/rules.csv``, one row per
rule: its ``id`` (``[a-z0-9_.-]``, stable: clients, tests and the rules map name it), the
rulebook ``section`` it comes from, the rulebook's sentence in French (``fr``, quoted as the
rulebook says it) and its English translation (``en``). ``source`` is ``rulebook`` for a
sentence of the rulebook and ``reconstructed`` for one of our interpretations (the rules map's
*Interpretations*). A player who owns the box corrects a sentence by editing its row.

:meth:`Game.why_not <spacetable.engine.game.Game.why_not>` returns a list of :class:`Reason`:
each names a rule and says, as language-free data, what in the current position breaks it
(``detail``: a key of the ``[why]`` table of the game's ``text.toml``; ``params``: the values
its sentence is written with). The game's ``render`` module draws a reason as a sentence
(``explain``, see :mod:`spacetable.engine.presentation`); without one, the ``[why]`` template
is filled with the parameters as they are.

A reason is computed from what the asking seat may see: it names nothing hidden from it (the
conformance suite checks that reasons do not change when what the seat cannot see is
resampled).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import field_validator

from .data import Row, load_table
from .errors import DataError

RULE_ID = re.compile(r"^[a-z0-9][a-z0-9_.-]*$")


class RuleRow(Row):
    """One row of ``rules.csv``: a rule a player can break, as the rulebook says it."""

    id: str
    section: str
    fr: str
    en: str

    @field_validator("id")
    @classmethod
    def _check_id(cls, v: str) -> str:
        if not RULE_ID.match(v):
            raise ValueError("a rule id is lower-case letters, digits and . _ - only")
        return v

    @field_validator("section", "fr", "en")
    @classmethod
    def _not_empty(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("must not be empty")
        return v


@dataclass(frozen=True)
class Rules:
    """A game's rules (``rules.csv``), by id, in file order."""

    rows: tuple[RuleRow, ...]
    by_id: Mapping[str, RuleRow] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_id", {r.id: r for r in self.rows})

    @classmethod
    def load(cls, package: str) -> Rules:
        return cls(tuple(load_table(package, "data/rules.csv", RuleRow)))

    def __contains__(self, rule: object) -> bool:
        return rule in self.by_id

    def get(self, rule: str) -> RuleRow:
        try:
            return self.by_id[rule]
        except KeyError:
            raise DataError(f"rules.csv: no rule {rule!r}") from None

    def ids(self) -> list[str]:
        return [r.id for r in self.rows]


Param = str | int


@dataclass(frozen=True)
class Reason:
    """Why an action is not legal: the ``rule`` it breaks (an id of the game's ``rules.csv``)
    and what in the position breaks it (``detail``, a key of the ``[why]`` table of the game's
    ``text.toml``, written with ``params``). Language-free: a client draws it in its language.
    """

    rule: str
    detail: str
    params: tuple[tuple[str, Param], ...] = ()

    @classmethod
    def of(cls, rule: str, detail: str, **params: Param) -> Reason:
        return cls(rule, detail, tuple(sorted(params.items())))

    @property
    def values(self) -> dict[str, Param]:
        return dict(self.params)

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "detail": self.detail, "params": dict(self.params)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Reason:
        return cls.of(str(data["rule"]), str(data["detail"]), **dict(data.get("params", {})))
