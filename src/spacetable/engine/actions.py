"""Actions: frozen, hashable values with a JSON form and a text form.

A game declares its action types with the :func:`action` decorator::

    @action("place")
    class Place(Action):
        planet: int
        sector: int

    a = Place(2, 1)
    a.to_json()        # {'type': 'place', 'planet': 2, 'sector': 1}
    str(a)             # 'place planet=2 sector=1'

Field values are JSON scalars (int, str, bool, None) or tuples of them. The JSON form and the
text form both round-trip through an :class:`ActionCodec`. ``describe(lang)`` gives a human
label; games override it to name cards and places in French or English.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, TypeVar, dataclass_transform

from .errors import InvalidAction

A = TypeVar("A", bound="Action")


class Action:
    """Base class of every action value. Subclasses are built with :func:`action`."""

    __slots__ = ()
    type: ClassVar[str] = "action"
    _fields: ClassVar[tuple[str, ...]] = ()

    def to_json(self) -> dict[str, Any]:
        """The JSON form: a dict with a ``type`` key and one key per field."""
        out: dict[str, Any] = {"type": self.type}
        for f in self._fields:
            v = getattr(self, f)
            out[f] = list(v) if isinstance(v, tuple) else v
        return out

    def text(self) -> str:
        """The compact text form, e.g. ``place planet=2 sector=1``."""
        parts = [self.type]
        for f in self._fields:
            parts.append(f"{f}={_fmt(getattr(self, f))}")
        return " ".join(parts)

    def describe(self, lang: str = "en") -> str:
        """A human label in ``lang`` ('fr' or 'en'). Games override this."""
        return self.text()

    def __str__(self) -> str:
        return self.text()


def _fmt(v: Any) -> str:
    if isinstance(v, tuple):
        return "[" + ",".join(_fmt(x) for x in v) + "]"
    if v is None:
        return "-"
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


@dataclass_transform(frozen_default=True)
def action(type_name: str) -> Callable[[type[A]], type[A]]:
    """Class decorator: make ``cls`` a frozen, slotted dataclass action named ``type_name``."""

    def wrap(cls: type[A]) -> type[A]:
        dc: Any = dataclasses.dataclass(frozen=True, slots=True, repr=True)(cls)
        dc.type = type_name
        dc._fields = tuple(f.name for f in dataclasses.fields(dc))
        result: type[A] = dc
        return result

    return wrap


def _to_value(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_to_value(x) for x in v)
    return v


def _parse_scalar(s: str) -> Any:
    if s == "-":
        return None
    if s == "true":
        return True
    if s == "false":
        return False
    if s.startswith("[") and s.endswith("]"):
        body = s[1:-1]
        return tuple(_parse_scalar(x) for x in body.split(",")) if body else ()
    try:
        return int(s)
    except ValueError:
        return s


class ActionCodec:
    """Parses the JSON and text forms of one game's actions back into values."""

    def __init__(self, types: Iterable[type[Action]]) -> None:
        self.types: dict[str, type[Action]] = {}
        for t in types:
            if t.type in self.types:
                raise ValueError(f"duplicate action type {t.type!r}")
            self.types[t.type] = t

    def from_json(self, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping) or "type" not in data:
            raise InvalidAction(f"an action must be a mapping with a 'type' key, got {data!r}")
        cls = self.types.get(data["type"])
        if cls is None:
            raise InvalidAction(
                f"unknown action type {data['type']!r}; known: {', '.join(sorted(self.types))}"
            )
        fields = cls._fields
        extra = set(data) - set(fields) - {"type"}
        if extra:
            raise InvalidAction(f"action {cls.type!r} has no field(s) {sorted(extra)}")
        missing = [f for f in fields if f not in data]
        if missing:
            raise InvalidAction(f"action {cls.type!r} is missing field(s) {missing}")
        try:
            return cls(**{f: _to_value(data[f]) for f in fields})
        except TypeError as e:  # pragma: no cover - dataclass signature mismatch
            raise InvalidAction(f"bad action {data!r}: {e}") from e

    def from_text(self, text: str) -> Action:
        parts = text.split()
        if not parts:
            raise InvalidAction("empty action text")
        data: dict[str, Any] = {"type": parts[0]}
        for p in parts[1:]:
            key, sep, val = p.partition("=")
            if not sep:
                raise InvalidAction(f"bad action text {text!r}: expected key=value, got {p!r}")
            data[key] = _parse_scalar(val)
        return self.from_json(data)
