"""Actions: frozen, hashable values with a JSON form and a text form.

A game declares its action types with the :func:`action` decorator::

    @action("place")
    class Place(Action):
        planet: int
        sector: int

    a = Place(2, 1)
    a.to_json()        # {'type': 'place', 'planet': 2, 'sector': 1}
    str(a)             # 'place planet=2 sector=1'

Field types are ``int``, ``str``, ``bool``, ``X | None`` and ``tuple[X, ...]`` of those. A
field holds exactly its declared type: an ``int`` field takes no ``bool``, ``float`` or
numeric string (``3.0 == 3`` in Python, but it is not an action of the game). The JSON form
and the text form both round-trip through an :class:`ActionCodec`, which refuses anything
else with an :class:`~spacetable.engine.errors.InvalidAction` naming the field.
``describe(lang)`` gives a human label; games override it to name cards and places.
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, TypeVar, dataclass_transform

from .errors import InvalidAction

A = TypeVar("A", bound="Action")

_INT_TEXT = re.compile(r"-?[0-9]+")


class FieldType:
    """The declared type of one action field: checks values and parses text forms."""

    __slots__ = ("inner", "kind", "optional")

    def __init__(self, kind: str, optional: bool = False, inner: FieldType | None = None):
        self.kind = kind  # "int", "str", "bool" or "tuple"
        self.optional = optional
        self.inner = inner

    @classmethod
    def of(cls, hint: Any, where: str) -> FieldType:
        args = typing.get_args(hint)
        origin = typing.get_origin(hint)
        if origin in (typing.Union, types.UnionType):
            rest = [a for a in args if a is not type(None)]
            if len(rest) == 1 and len(args) == 2:
                inner = cls.of(rest[0], where)
                return cls(inner.kind, True, inner.inner)
        if hint is int:
            return cls("int")
        if hint is str:
            return cls("str")
        if hint is bool:
            return cls("bool")
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            return cls("tuple", False, cls.of(args[0], where))
        raise TypeError(f"{where}: unsupported action field type {hint!r}")

    def __repr__(self) -> str:
        base = f"tuple[{self.inner!r}, ...]" if self.kind == "tuple" else self.kind
        return f"{base} | None" if self.optional else base

    def ok(self, v: Any) -> bool:
        """True if ``v`` is exactly of this type (``bool`` is not an ``int``)."""
        if v is None:
            return self.optional
        k = self.kind
        if k == "int":
            return type(v) is int
        if k == "str":
            return type(v) is str
        if k == "bool":
            return type(v) is bool
        inner = self.inner
        assert inner is not None
        return type(v) is tuple and all(inner.ok(x) for x in v)

    def from_json(self, v: Any) -> Any:
        """A JSON value as a field value (lists become tuples); unchecked."""
        if self.kind == "tuple" and type(v) is list:
            inner = self.inner
            assert inner is not None
            return tuple(inner.from_json(x) for x in v)
        return v

    def to_text(self, v: Any) -> str:
        if v is None:
            return "-"
        if self.kind == "tuple":
            inner = self.inner
            assert inner is not None
            return "[" + ",".join(inner.to_text(x) for x in v) + "]"
        if self.kind == "bool":
            return "true" if v else "false"
        return str(v)

    def from_text(self, s: str) -> Any:
        """Parse a text form; raises ``ValueError`` if ``s`` is not of this type."""
        if self.optional and s == "-":
            return None
        k = self.kind
        if k == "int":
            if not _INT_TEXT.fullmatch(s):
                raise ValueError(f"{s!r} is not an integer")
            return int(s)
        if k == "bool":
            if s not in ("true", "false"):
                raise ValueError(f"{s!r} is not true or false")
            return s == "true"
        if k == "str":
            return s
        inner = self.inner
        assert inner is not None
        if not (s.startswith("[") and s.endswith("]")):
            raise ValueError(f"{s!r} is not a list [a,b,...]")
        body = s[1:-1]
        return tuple(inner.from_text(x) for x in body.split(",")) if body else ()


class Action:
    """Base class of every action value. Subclasses are built with :func:`action`."""

    __slots__ = ()
    type: ClassVar[str] = "action"
    _fields: ClassVar[tuple[str, ...]] = ()
    _field_types: ClassVar[tuple[FieldType, ...]] = ()

    def to_json(self) -> dict[str, Any]:
        """The JSON form: a dict with a ``type`` key and one key per field."""
        out: dict[str, Any] = {"type": self.type}
        for f in self._fields:
            v = getattr(self, f)
            out[f] = _json_value(v)
        return out

    def text(self) -> str:
        """The compact text form, e.g. ``place planet=2 sector=1``."""
        parts = [self.type]
        for f, t in zip(self._fields, self._field_types, strict=True):
            parts.append(f"{f}={t.to_text(getattr(self, f))}")
        return " ".join(parts)

    def describe(self, lang: str = "en") -> str:
        """A human label in ``lang`` ('fr' or 'en'), naming seats with mentions
        (:mod:`.mention`; :meth:`Game.label` reads them). Games override this."""
        return self.text()

    def check(self) -> None:
        """Raise :class:`InvalidAction` naming the first field not exactly of its type."""
        for f, t in zip(self._fields, self._field_types, strict=True):
            v = getattr(self, f)
            if not t.ok(v):
                raise InvalidAction(
                    f"action {self.type!r}: field {f!r} must be {t!r}, got {_short(v)}"
                )

    def __str__(self) -> str:
        return self.text()


def _json_value(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_json_value(x) for x in v]
    return v


def _short(v: Any) -> str:
    r = repr(v)
    kind = type(v).__name__
    return f"{r[:60]}... ({kind})" if len(r) > 60 else f"{r} ({kind})"


@dataclass_transform(frozen_default=True)
def action(type_name: str) -> Callable[[type[A]], type[A]]:
    """Class decorator: make ``cls`` a frozen, slotted dataclass action named ``type_name``."""

    def wrap(cls: type[A]) -> type[A]:
        dc: Any = dataclasses.dataclass(frozen=True, slots=True, repr=True)(cls)
        dc.type = type_name
        fields = dataclasses.fields(dc)
        dc._fields = tuple(f.name for f in fields)
        hints = typing.get_type_hints(dc)
        dc._field_types = tuple(
            FieldType.of(hints[f.name], f"{cls.__name__}.{f.name}") for f in fields
        )
        result: type[A] = dc
        return result

    return wrap


class ActionCodec:
    """Parses the JSON and text forms of one game's actions back into exact values."""

    def __init__(self, types: Iterable[type[Action]]) -> None:
        self.types: dict[str, type[Action]] = {}
        for t in types:
            if t.type in self.types:
                raise ValueError(f"duplicate action type {t.type!r}")
            self.types[t.type] = t

    def _cls(self, name: Any) -> type[Action]:
        cls = self.types.get(name) if type(name) is str else None
        if cls is None:
            raise InvalidAction(
                f"unknown action type {name!r:.60}; known: {', '.join(sorted(self.types))}"
            )
        return cls

    def check(self, act: Action) -> None:
        """Raise :class:`InvalidAction` unless ``act`` is one of this game's action types
        with every field exactly of its declared type."""
        if self.types.get(act.type) is not type(act):
            raise InvalidAction(f"{type(act).__name__} is not an action of this game")
        act.check()

    def from_json(self, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping) or "type" not in data:
            raise InvalidAction(
                f"an action must be a mapping with a 'type' key, got {_short(data)}"
            )
        cls = self._cls(data["type"])
        fields = cls._fields
        extra = [k for k in data if k != "type" and k not in fields]
        if extra:
            names = ", ".join(f"{k!r:.40}" for k in extra[:5])
            raise InvalidAction(f"action {cls.type!r} has no field(s) {names}")
        missing = [f for f in fields if f not in data]
        if missing:
            raise InvalidAction(f"action {cls.type!r} is missing field(s) {missing}")
        values = []
        for f, t in zip(fields, cls._field_types, strict=True):
            v = t.from_json(data[f])
            if not t.ok(v):
                raise InvalidAction(
                    f"action {cls.type!r}: field {f!r} must be {t!r}, got {_short(data[f])}"
                )
            values.append(v)
        return cls(*values)

    def from_text(self, text: str) -> Action:
        if type(text) is not str:
            raise InvalidAction(f"an action text must be a string, got {_short(text)}")
        parts = text.split()
        if not parts:
            raise InvalidAction("empty action text")
        cls = self._cls(parts[0])
        given: dict[str, str] = {}
        for p in parts[1:]:
            key, sep, val = p.partition("=")
            if not sep:
                raise InvalidAction(f"bad action text {text!r}: expected key=value, got {p!r}")
            if key in given:
                raise InvalidAction(f"bad action text {text!r}: field {key!r} given twice")
            given[key] = val
        data: dict[str, Any] = {"type": cls.type}
        types_of = dict(zip(cls._fields, cls._field_types, strict=True))
        for key, val in given.items():
            t = types_of.get(key)
            if t is None:
                data[key] = val  # from_json names the unknown field
                continue
            try:
                data[key] = t.from_text(val)
            except ValueError as e:
                raise InvalidAction(f"action {cls.type!r}: field {key!r}: {e}") from None
        return self.from_json(data)
