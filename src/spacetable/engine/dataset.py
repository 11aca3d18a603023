"""Data sets: a game's tables of components, shipped or corrected by a box owner.

Nearly every card and board of the five games is reconstructed (the rulebooks lost their
pictures). A player who owns the box corrects them by editing rows: ``spacetable data export``
writes a game's tables to a directory, and every driver (``play``, ``simulate``,
``tournament``, the API) accepts that directory back. The corrected tables are validated by
the same row models as the shipped ones and by every count the rulebook gives; an error names
the file, the row and the field.

A game declares its tables once, as a :class:`DataSpec`::

    DATA = DataSpec(
        package="spacetable.games.wildspace",          # shipped files in <package>/data/
        tables=(Table("cards.csv", CardRow, title="crew cards and captains"), ...),
        build=build_parts,                             # Tables -> the game's parts object
    )

``build`` turns the validated rows into the flat, frozen object the rules read in their hot
path (``game.parts``) and checks what one row cannot check alone (counts, ids in order,
references between tables), raising through :meth:`Tables.error` so that the message names
file, row and field. A :class:`DataSet` is the result: the tables, their texts (for export),
the parts, and a digest of the rows. A game's record and save carry the data set's name and
digest, and a save cannot be loaded with other data.
"""

from __future__ import annotations

import hashlib
import json
import os
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Generic, NoReturn, TypeVar

from .data import Row, Source, Texts, parse_table
from .errors import DataError

P = TypeVar("P")
R = TypeVar("R", bound=Row)

#: The name of the data set shipped with the package.
SHIPPED = "shipped"
LANGS = Texts.LANGS


@dataclass(frozen=True)
class Table:
    """One data file of a game: a CSV table of rows (``model``) or a TOML document."""

    file: str
    model: type[Row] | None = None
    key: str = "id"
    title: str = ""


class Tables:
    """The validated content of a game's data files, handed to the game's ``build``.

    ``rows(file)`` gives a CSV table's rows in file order, ``doc(file)`` a TOML document;
    :meth:`error` raises a :class:`DataError` naming the file, the row (its line and key)
    and the field.
    """

    def __init__(
        self,
        origin: str,
        rows: Mapping[str, list[Row]],
        docs: Mapping[str, dict[str, Any]],
        lines: Mapping[int, int],
        keys: Mapping[str, str],
    ) -> None:
        self.origin = origin
        self._rows = dict(rows)
        self._docs = dict(docs)
        self._lines = dict(lines)
        self._keys = dict(keys)

    def rows(self, file: str, model: type[R]) -> list[R]:
        """The rows of CSV table ``file``, each an instance of ``model``."""
        rows = self._rows[file]
        for r in rows:
            if not isinstance(r, model):
                raise TypeError(f"{file} holds {type(r).__name__} rows, not {model.__name__}")
        return rows  # type: ignore[return-value]  # checked above

    def doc(self, file: str) -> dict[str, Any]:
        return self._docs[file]

    def line(self, row: Row) -> int | None:
        """The line of ``row`` in its file."""
        return self._lines.get(id(row))

    def where(self, file: str, row: Row | None = None, field: str | None = None) -> str:
        out = f"{self.origin}/{file}" if self.origin else file
        if row is not None:
            key = self._keys.get(file, "id")
            line = self.line(row)
            out += f": line {line}" if line is not None else ""
            out += f" ({key}={getattr(row, key, '?')})"
        if field is not None:
            out += f": field {field!r}"
        return out

    def error(
        self, file: str, message: str, row: Row | None = None, field: str | None = None
    ) -> NoReturn:
        """Raise a :class:`DataError` for ``file`` (and ``row``, ``field`` when given)."""
        raise DataError(f"{self.where(file, row, field)}: {message}")

    def check_count(
        self,
        file: str,
        what: str,
        got: int,
        want: int,
        rule: str = "",
        *,
        row: Row | None = None,
        field: str | None = None,
    ) -> None:
        """Refuse a table whose count of ``what`` is not the rulebook's ``want`` (naming the
        ``row`` and ``field`` that break it, when there is one)."""
        if got != want:
            why = f" ({rule})" if rule else ""
            self.error(file, f"{got} {what}, the rulebook gives {want}{why}", row, field)

    def digest_source(self) -> dict[str, Any]:
        """What the digest covers: every row's fields and every document, in file order."""
        out: dict[str, Any] = {
            f: [r.model_dump(mode="json") for r in rs] for f, rs in self._rows.items()
        }
        out.update(self._docs)
        return out


@dataclass(frozen=True)
class Component:
    """One component of a game (a card, a captain, a tile, a board...) and its rules text.

    ``id`` is what a view refers to (``kind:key``); ``name`` and ``text`` are in one language,
    generated from the component's row; ``table``, ``key`` and ``source`` say which row of
    which file to edit to correct it, and ``known`` which of its fields the rulebook states
    (every field for a ``rulebook`` row).

    ``facts`` are what a client draws the component with, as typed values computed from its
    rows (never from its text): a Quazarys card's faction and tile layout, a Tortuga card's
    sector and cost... Each game documents its facts per kind (``docs/games/<game>.md``).
    They are JSON values (strings, numbers, booleans, lists and objects of them), the same
    in every language, so that no client parses a sentence or repeats a table of the rules.
    """

    id: str
    kind: str
    name: str
    text: str
    table: str
    key: str
    source: Source
    known: tuple[str, ...] = ()
    facts: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "name": self.name,
            "text": self.text,
            "table": self.table,
            "key": self.key,
            "source": self.source,
            "known": list(self.known),
            "facts": dict(self.facts),
        }


def component(
    kind: str,
    key: object,
    name: str,
    text: str,
    table: str,
    row: Row | None = None,
    *,
    source: Source | None = None,
    known: tuple[str, ...] = (),
    facts: Mapping[str, Any] | None = None,
) -> Component:
    """A :class:`Component` for ``row`` of ``table`` (its source and known fields), or for a
    component made of several rows (then ``source`` is the least known of them)."""
    if row is not None:
        source, known = row.source, row.known
    if source is None:
        raise ValueError(f"component {kind}:{key}: give its row or its source")
    return Component(
        id=f"{kind}:{key}",
        kind=kind,
        name=name,
        text=text,
        table=table,
        key=str(key),
        source=source,
        known=known,
        facts=dict(facts or {}),
    )


@dataclass(frozen=True)
class DataSpec(Generic[P]):
    """A game's data: its files (shipped in ``<package>/data/``) and how they become parts.

    ``describe(parts, lang)`` lists every component with its rules text in ``lang``.
    """

    package: str
    tables: tuple[Table, ...]
    build: Callable[[Tables], P]
    describe: Callable[[P, str], list[Component]]
    _shipped: dict[str, DataSet[P]] = field(default_factory=dict, compare=False, repr=False)

    def files(self) -> list[str]:
        return [t.file for t in self.tables]

    def shipped_text(self, file: str) -> str:
        return resources.files(self.package).joinpath("data", file).read_text(encoding="utf-8")

    def shipped(self, game: str) -> DataSet[P]:
        """The data shipped with the package (built once)."""
        ds = self._shipped.get(game)
        if ds is None:
            texts = {t.file: self.shipped_text(t.file) for t in self.tables}
            ds = self._shipped[game] = self.make(game, SHIPPED, "", texts)
        return ds

    def from_directory(self, game: str, directory: str | os.PathLike[str]) -> DataSet[P]:
        """The data of a directory of corrected tables; files it lacks are the shipped ones.

        Any other file in it (but a README and hidden files) is refused: a misspelt file
        name would otherwise be silently ignored.
        """
        path = Path(directory)
        if not path.is_dir():
            raise DataError(f"data directory {str(path)!r} does not exist or is not a directory")
        known = set(self.files())
        for entry in sorted(path.iterdir()):
            if entry.name.startswith(".") or entry.name.lower().startswith("readme"):
                continue
            if entry.name not in known:
                raise DataError(
                    f"{path}/{entry.name}: not a data file of {game} "
                    f"(its files: {', '.join(self.files())})"
                )
        texts: dict[str, str] = {}
        for t in self.tables:
            f = path / t.file
            if f.is_file():
                try:
                    texts[t.file] = f.read_text(encoding="utf-8")
                except (OSError, UnicodeDecodeError) as e:
                    raise DataError(f"{f}: cannot read: {e}") from None
            else:
                texts[t.file] = self.shipped_text(t.file)
        return self.make(game, path.resolve().name or str(path), str(path), texts)

    def make(self, game: str, name: str, origin: str, texts: Mapping[str, str]) -> DataSet[P]:
        """Validate ``texts`` (file name -> content), build the parts, compute the digest."""
        rows: dict[str, list[Row]] = {}
        docs: dict[str, dict[str, Any]] = {}
        lines: dict[int, int] = {}
        keys: dict[str, str] = {}
        for t in self.tables:
            where = f"{origin}/{t.file}" if origin else t.file
            text = texts[t.file]
            if t.model is None:
                try:
                    docs[t.file] = tomllib.loads(text)
                except tomllib.TOMLDecodeError as e:
                    raise DataError(f"{where}: {e}") from None
                continue
            numbered: list[tuple[Row, int]] = []
            rows[t.file] = parse_table(text, t.model, where, t.key, numbered)
            keys[t.file] = t.key
            for row, line in numbered:
                lines[id(row)] = line
        tables = Tables(origin, rows, docs, lines, keys)
        parts = self.build(tables)
        blob = json.dumps(tables.digest_source(), sort_keys=True, ensure_ascii=False)
        digest = hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]
        return DataSet(game, name, origin, digest, dict(texts), tables, parts, self)


class DataSet(Generic[P]):
    """A game's validated data: its tables, their texts, the built parts and a digest.

    Immutable once made; games and their clones share it.
    """

    def __init__(
        self,
        game: str,
        name: str,
        origin: str,
        digest: str,
        texts: dict[str, str],
        tables: Tables,
        parts: P,
        spec: DataSpec[P],
    ) -> None:
        self.game = game
        self.name = name
        self.origin = origin
        self.digest = digest
        self.texts = texts
        self.tables = tables
        self.parts = parts
        self.spec = spec
        self._components: dict[str, tuple[Component, ...]] = {}
        self._by_id: dict[str, dict[str, Component]] = {}

    @property
    def shipped(self) -> bool:
        return self.digest == self.spec.shipped(self.game).digest

    def label(self) -> dict[str, str]:
        """How records and saves name this data set."""
        return {"name": self.name, "digest": self.digest}

    def components(self, lang: str = "en") -> tuple[Component, ...]:
        """Every component with its rules text in ``lang`` (``en`` or ``fr``)."""
        if lang not in LANGS:
            raise DataError(f"no language {lang!r}; known: {', '.join(LANGS)}")
        out = self._components.get(lang)
        if out is None:
            out = self._components[lang] = tuple(self.spec.describe(self.parts, lang))
            self._by_id[lang] = {c.id: c for c in out}
        return out

    def component(self, ident: str, lang: str = "en") -> Component:
        """The component ``ident`` (``kind:key``); a :class:`DataError` if there is none."""
        self.components(lang)
        try:
            return self._by_id[lang][ident]
        except KeyError:
            raise DataError(f"{self.game} has no component {ident!r}") from None

    def export(self, directory: str | os.PathLike[str], overwrite: bool = False) -> list[Path]:
        """Write every table of this data set to ``directory`` (created if needed).

        Refuses to overwrite an existing file unless ``overwrite``.
        """
        path = Path(directory)
        if path.exists() and not path.is_dir():
            raise DataError(f"{path} exists and is not a directory")
        targets = [path / f for f in self.texts]
        if not overwrite:
            clash = [str(t) for t in targets if t.exists()]
            if clash:
                raise DataError(f"would overwrite {', '.join(clash)} (use overwrite)")
        path.mkdir(parents=True, exist_ok=True)
        for t in targets:
            t.write_text(self.texts[t.name], encoding="utf-8")
        return targets

    def __repr__(self) -> str:
        return f"DataSet({self.game!r}, {self.name!r}, digest={self.digest})"
