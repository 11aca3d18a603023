"""Declared game state: each game lists its state fields once; the engine derives the rest.

A game declares its fields as a :class:`StateSpec`::

    class MyGame(Game):
        state = StateSpec(
            Field("hands", list_of(list_of(INT), length="players")),
            Field("deck", list_of(INT)),
            Field("current", INT),
            Field("reason", opt(STR)),
            Cache("_moves", reset=dict),       # not saved; emptied on load, shared by clones
        )

From that declaration the engine derives :meth:`Game.state_dict` (the save), the inverse
:meth:`Game.load_state`, which checks every value's type and shape and names the field in
its error (``state.hands[1][3]: expected int, got 'x'``), and :meth:`Game.clone`, a
generated function that copies each mutable field as deep as its kind requires and nothing
more. A field added to the declaration is saved, loaded, checked and copied; a field not
declared is a configuration set by ``setup`` and rebuilt by the game's ``_derive`` hook.

Kinds: :data:`INT`, :data:`FLOAT`, :data:`BOOL`, :data:`STR`, :func:`opt` (or ``None``),
:func:`list_of` (a mutable list), :func:`tuple_of` (an immutable tuple, a JSON list),
:func:`record` (a fixed-length tuple of kinds), :func:`tagged` (named tuples of several classes,
told apart by a tag) and :class:`Kind` subclasses for anything
else (a board keyed by coordinates...).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, get_type_hints

from .errors import RecordError


class Kind:
    """How one value is checked, saved, loaded and copied."""

    #: True if the value is never changed in place (a clone may share it).
    immutable: bool = True

    def __repr__(self) -> str:
        return self.name()

    def name(self) -> str:
        raise NotImplementedError

    def load(self, v: Any, path: str, game: Any) -> Any:
        """The Python value of JSON value ``v``; raise :class:`RecordError` naming ``path``."""
        raise NotImplementedError

    def dump(self, v: Any) -> Any:
        """The JSON value of Python value ``v``."""
        return v

    def copy_code(self, expr: str, depth: int = 0) -> str:
        """Python code that copies the value of ``expr`` for a clone (for generated code)."""
        return expr

    def bad(self, v: Any, path: str) -> RecordError:
        r = repr(v)
        r = r if len(r) <= 40 else r[:40] + "..."
        return RecordError(f"{path}: expected {self.name()}, got {r}")


class _Scalar(Kind):
    def __init__(self, kind: type, label: str) -> None:
        self.kind = kind
        self.label = label

    def name(self) -> str:
        return self.label

    def load(self, v: Any, path: str, game: Any) -> Any:
        if type(v) is self.kind:
            if type(v) is float and not math.isfinite(v):
                raise self.bad(v, path)
            return v
        if self.kind is float and type(v) is int:
            return float(v)
        raise self.bad(v, path)


INT: Kind = _Scalar(int, "int")
FLOAT: Kind = _Scalar(float, "float")
BOOL: Kind = _Scalar(bool, "bool")
STR: Kind = _Scalar(str, "str")


class _Opt(Kind):
    def __init__(self, inner: Kind) -> None:
        self.inner = inner
        self.immutable = inner.immutable

    def name(self) -> str:
        return f"{self.inner.name()} | None"

    def load(self, v: Any, path: str, game: Any) -> Any:
        return None if v is None else self.inner.load(v, path, game)

    def dump(self, v: Any) -> Any:
        return None if v is None else self.inner.dump(v)

    def copy_code(self, expr: str, depth: int = 0) -> str:
        if self.inner.immutable:
            return expr
        x = f"_o{depth}"
        inner = self.inner.copy_code(x, depth + 1)
        return f"(None if ({x} := {expr}) is None else {inner})"


def opt(inner: Kind) -> Kind:
    """``inner`` or ``None``."""
    return _Opt(inner)


def _length(length: int | str | None, game: Any) -> int | None:
    if length is None or isinstance(length, int):
        return length
    n = getattr(game, length)
    return n if isinstance(n, int) else len(n)


class _Seq(Kind):
    def __init__(self, item: Kind, length: int | str | None, mutable: bool) -> None:
        self.item = item
        self.length = length
        self.immutable = not mutable and item.immutable
        self.mutable = mutable

    def name(self) -> str:
        base = "list" if self.mutable else "tuple"
        n = "" if self.length is None else f" of length {self.length}"
        return f"{base}[{self.item.name()}]{n}"

    def load(self, v: Any, path: str, game: Any) -> Any:
        if type(v) is not list:
            raise self.bad(v, path)
        n = _length(self.length, game)
        if n is not None and len(v) != n:
            raise RecordError(f"{path}: expected {n} items, got {len(v)}")
        item = self.item
        out = [item.load(x, f"{path}[{i}]", game) for i, x in enumerate(v)]
        return out if self.mutable else tuple(out)

    def dump(self, v: Any) -> Any:
        item = self.item
        if isinstance(item, _Scalar):
            return list(v)
        return [item.dump(x) for x in v]

    def copy_code(self, expr: str, depth: int = 0) -> str:
        if self.immutable:
            return expr
        if self.item.immutable:
            return f"{expr}[:]"
        x = f"_x{depth}"
        return f"[{self.item.copy_code(x, depth + 1)} for {x} in {expr}]"


def list_of(item: Kind, length: int | str | None = None) -> Kind:
    """A list of ``item`` (changed in place by the rules, so clones copy it).

    ``length`` fixes its size: a number, or the name of a game attribute (``"players"``).
    """
    return _Seq(item, length, True)


def tuple_of(item: Kind, length: int | str | None = None) -> Kind:
    """A tuple of ``item``, never changed in place (replaced whole): clones share it."""
    return _Seq(item, length, False)


class _Record(Kind):
    def __init__(self, items: tuple[Kind, ...]) -> None:
        self.items = items
        self.immutable = all(k.immutable for k in items)

    def name(self) -> str:
        return "(" + ", ".join(k.name() for k in self.items) + ")"

    def load(self, v: Any, path: str, game: Any) -> Any:
        if type(v) is not list or len(v) != len(self.items):
            raise self.bad(v, path)
        return tuple(
            k.load(x, f"{path}[{i}]", game)
            for i, (k, x) in enumerate(zip(self.items, v, strict=True))
        )

    def dump(self, v: Any) -> Any:
        return [k.dump(x) for k, x in zip(self.items, v, strict=True)]


def record(*items: Kind) -> Kind:
    """A fixed-length tuple whose items have the given kinds (a JSON list)."""
    return _Record(items)


#: The kind of a ``NamedTuple`` field of :func:`tagged`, by its annotation.
_SCALARS: dict[Any, Kind] = {int: INT, float: FLOAT, bool: BOOL, str: STR}


class _Tagged(Kind):
    def __init__(self, classes: Mapping[int, type[tuple[Any, ...]]]) -> None:
        self.classes = dict(classes)
        self.tags: dict[type, int] = {}
        self.fields: dict[int, tuple[Kind, ...]] = {}
        for tag, cls in self.classes.items():
            if cls in self.tags:
                raise ValueError(f"{cls.__name__} has two tags")
            hints = get_type_hints(cls)
            fields: tuple[str, ...] = getattr(cls, "_fields", ())
            unknown = [f for f in fields if hints.get(f) not in _SCALARS]
            if not hasattr(cls, "_fields") or unknown:
                raise ValueError(f"{cls.__name__}: a NamedTuple of int, float, bool, str only")
            self.tags[cls] = tag
            self.fields[tag] = tuple(_SCALARS[hints[f]] for f in fields)

    def name(self) -> str:
        return " | ".join(f"[{tag}, ...{c.__name__}]" for tag, c in self.classes.items())

    def load(self, v: Any, path: str, game: Any) -> Any:
        if type(v) is not list or not v:
            raise self.bad(v, path)
        tag = INT.load(v[0], f"{path}[0]", game)
        cls = self.classes.get(tag)
        if cls is None:
            known = ", ".join(map(str, self.classes))
            raise RecordError(f"{path}[0]: unknown tag {tag} (known: {known})")
        kinds = self.fields[tag]
        if len(v) != 1 + len(kinds):
            raise RecordError(
                f"{path}: {cls.__name__} (tag {tag}) has {len(kinds)} fields, got {len(v) - 1}"
            )
        items = zip(kinds, v[1:], strict=True)
        return cls(*(k.load(x, f"{path}[{i}]", game) for i, (k, x) in enumerate(items, 1)))

    def dump(self, v: Any) -> Any:
        tag = self.tags[type(v)]
        return [tag, *(k.dump(x) for k, x in zip(self.fields[tag], v, strict=True))]


def tagged(classes: Mapping[int, type[tuple[Any, ...]]]) -> Kind:
    """A value of one of several ``NamedTuple`` classes (of ``int``, ``float``, ``bool`` and
    ``str`` fields), told apart by a tag: saved as a JSON list, the class's tag in
    ``classes`` first, then its fields in order (``[tag, field1, field2...]``). A load
    checks the tag, the number of fields and each field's type. The values are immutable:
    clones share them."""
    return _Tagged(classes)


@dataclass(frozen=True)
class Field:
    """One saved state field: the attribute ``name`` holds a value of ``kind``."""

    name: str
    kind: Kind


@dataclass(frozen=True)
class Cache:
    """An attribute that is not state but is derived from it (a cache, a lookup table).

    It is not saved. On load it is set to ``reset()``. A clone copies it with ``copy``:
    ``"share"`` (the same object: only when the rules never change it in place),
    ``"list"`` (a shallow copy of a list), ``"nested"`` (a copy of a list of lists), or
    ``"reset"`` (the clone starts from ``reset()``).
    """

    name: str
    reset: Callable[[], Any] = lambda: None
    copy: str = "reset"


class StateSpec:
    """The declared state of a game: its :class:`Field` s and :class:`Cache` s."""

    def __init__(self, *items: Field | Cache) -> None:
        self.fields = tuple(f for f in items if isinstance(f, Field))
        self.caches = tuple(c for c in items if isinstance(c, Cache))
        names = [f.name for f in items]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise ValueError(f"state fields declared twice: {dup}")
        for c in self.caches:
            if c.copy not in ("share", "list", "nested", "reset"):
                raise ValueError(f"cache {c.name!r}: unknown copy {c.copy!r}")
        self._clone = self._make_clone()

    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)

    def dump(self, game: Any) -> dict[str, Any]:
        d = game.__dict__
        return {f.name: f.kind.dump(d[f.name]) for f in self.fields}

    def load(self, game: Any, data: Any) -> None:
        """Check ``data`` against the declaration and set every field and cache of ``game``."""
        if type(data) is not dict:
            raise RecordError(f"state: expected an object, got {type(data).__name__}")
        missing = [f.name for f in self.fields if f.name not in data]
        if missing:
            raise RecordError(f"state: missing field(s) {missing}")
        known = set(self.names())
        extra = sorted(str(k) for k in data if k not in known)
        if extra:
            raise RecordError(f"state: unknown field(s) {extra}")
        values = {f.name: f.kind.load(data[f.name], f"state.{f.name}", game) for f in self.fields}
        d = game.__dict__
        d.update(values)
        for c in self.caches:
            d[c.name] = c.reset()

    def clone(self, game: Any) -> Any:
        """A copy of ``game``: shares what never changes, copies what the rules change."""
        return self._clone(game)

    def _make_clone(self) -> Callable[[Any], Any]:
        lines = [
            "def clone(self):",
            "    g = object.__new__(type(self))",
            "    d = g.__dict__",
            "    s = self.__dict__",
            "    d.update(s)",
            "    g.rng = self.rng.copy()",
        ]
        env: dict[str, Any] = {}

        # Attribute access is faster than the instance dicts' subscripts; names that are not
        # identifiers (none so far) go through the dicts.
        def get(name: str) -> str:
            return f"self.{name}" if name.isidentifier() else f"s[{name!r}]"

        def put(name: str, expr: str) -> str:
            return f"    g.{name} = {expr}" if name.isidentifier() else f"    d[{name!r}] = {expr}"

        for f in self.fields:
            if not f.kind.immutable:
                lines.append(put(f.name, f.kind.copy_code(get(f.name))))
        for i, c in enumerate(self.caches):
            if c.copy == "list":
                lines.append(put(c.name, f"{get(c.name)}[:]"))
            elif c.copy == "nested":
                lines.append(put(c.name, f"[x[:] for x in {get(c.name)}]"))
            elif c.copy == "reset":
                env[f"_reset{i}"] = c.reset
                lines.append(put(c.name, f"_reset{i}()"))
        lines.append("    return g")
        exec("\n".join(lines), env)  # generated once per game class, as dataclasses do
        fn: Callable[[Any], Any] = env["clone"]
        return fn
