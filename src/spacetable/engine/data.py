"""Loading game data files: one row per component, validated on load.

Cards, tiles and boards live in CSV files inside each game package (``games/<id>/data/``),
one row per component, so that a player who owns the box corrects a card by editing one
row. Every row has a ``source`` column: ``rulebook`` (stated by the rulebook's text),
``reference`` (known from the components reference) or ``reconstructed`` (our design).

:func:`load_table` validates each row with a pydantic model and raises :class:`DataError`
naming the file, the row and the field.
"""

from __future__ import annotations

import csv
import io
import sys
import tomllib
from collections.abc import Iterable
from importlib import resources
from typing import Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    ValidationError,
    ValidationInfo,
    field_validator,
)

from .errors import DataError

Source = Literal["rulebook", "reference", "reconstructed"]

M = TypeVar("M", bound=BaseModel)


class Row(BaseModel):
    """Base model of a data row: unknown columns are errors, and every row has a source.

    ``source`` says where the row comes from. A row is ``rulebook`` only when every field
    of it is stated by the rulebook; a ``reference`` or ``reconstructed`` row whose some
    fields are known lists them in ``known`` (field names separated by spaces), so that a
    reader sees which fields are ours.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)
    source: Source
    known: tuple[str, ...] = ()

    @field_validator("known", mode="before")
    @classmethod
    def _split_known(cls, v: object) -> object:
        return tuple(v.split()) if isinstance(v, str) else v

    @field_validator("known")
    @classmethod
    def _check_known(cls, v: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        fields = set(cls.model_fields) - {"source", "known"}
        unknown = [f for f in v if f not in fields]
        if unknown:
            raise ValueError(f"names no field of this table: {' '.join(unknown)}")
        if v and info.data.get("source") == "rulebook":
            raise ValueError("a rulebook row is known in every field; 'known' is for the others")
        if len(set(v)) != len(v):
            raise ValueError("lists a field twice")
        return v


def package_of(cls: type) -> str:
    """The package of the module that defines ``cls`` (where a game keeps its data files)."""
    module = sys.modules.get(cls.__module__)
    return getattr(module, "__package__", None) or cls.__module__.rpartition(".")[0]


def read_text(package: str, name: str) -> str:
    """The text of data file ``name`` shipped inside ``package``."""
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


def parse_table(
    text: str,
    model: type[M],
    filename: str,
    key: str = "id",
    numbered: list[tuple[Any, int]] | None = None,
) -> list[M]:
    """Parse CSV ``text`` into validated rows. Blank lines and lines starting with # are skipped.

    Row numbers in errors are the line numbers of the file; ``numbered``, when given, receives
    each row with its line number.
    """
    lines = text.splitlines()
    kept = [
        (n, line)
        for n, line in enumerate(lines, 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not kept:
        raise DataError(f"{filename}: no header row")
    reader = csv.reader(io.StringIO("\n".join(line for _, line in kept)))
    rows = list(reader)
    header = [h.strip() for h in rows[0]]
    out: list[M] = []
    seen: set[Any] = set()
    for (lineno, _), cells in zip(kept[1:], rows[1:], strict=True):
        if len(cells) != len(header):
            raise DataError(
                f"{filename}: line {lineno}: {len(cells)} cells for {len(header)} columns"
            )
        raw = {h: c for h, c in zip(header, cells, strict=True) if c.strip() != ""}
        ident = raw.get(key, f"line {lineno}")
        try:
            row = model.model_validate(raw)
        except ValidationError as e:
            err = e.errors()[0]
            field = ".".join(str(p) for p in err["loc"])
            where = f"{filename}: line {lineno} ({key}={ident})"
            if not field:  # a check of the whole row (several fields together)
                raise DataError(f"{where}: the row: {err['msg']} (fields {raw!r})") from None
            raise DataError(
                f"{where}: field {field!r}: {err['msg']} (value {err.get('input')!r})"
            ) from None
        k = getattr(row, key, None)
        if k is not None:
            if k in seen:
                raise DataError(f"{filename}: line {lineno}: duplicate {key} {k!r}")
            seen.add(k)
        out.append(row)
        if numbered is not None:
            numbered.append((row, lineno))
    return out


def load_table(package: str, name: str, model: type[M], key: str = "id") -> list[M]:
    """Load and validate CSV file ``name`` from ``package`` (see :func:`parse_table`)."""
    return parse_table(read_text(package, name), model, f"{package}/{name}", key)


def load_toml(package: str, name: str) -> dict[str, Any]:
    try:
        return tomllib.loads(read_text(package, name))
    except tomllib.TOMLDecodeError as e:
        raise DataError(f"{package}/{name}: {e}") from e


class Texts:
    """Game text in French and English, from a TOML file with ``[en]`` and ``[fr]`` tables.

    >>> t = Texts({"en": {"hello": "Hello {name}"}, "fr": {"hello": "Bonjour {name}"}})
    >>> t.get("fr", "hello", name="Amélie")
    'Bonjour Amélie'
    """

    LANGS = ("en", "fr")

    def __init__(self, tables: dict[str, dict[str, Any]], filename: str = "text") -> None:
        for lang in self.LANGS:
            if lang not in tables:
                raise DataError(f"{filename}: missing [{lang}] table")
        missing = set(tables["en"]) ^ set(tables["fr"])
        if missing:
            raise DataError(f"{filename}: keys not in both languages: {sorted(missing)}")
        self.tables = tables

    @classmethod
    def load(cls, package: str, name: str = "text.toml") -> Texts:
        return cls(load_toml(package, name), f"{package}/{name}")

    def get(self, lang: str, key: str, **kw: Any) -> str:
        table = self.tables.get(lang) or self.tables["en"]
        s = table.get(key)
        if s is None:
            return key
        return str(s).format(**kw) if kw else str(s)

    def pairs(self, lang: str, key: str) -> list[tuple[str, str]]:
        """The list of ``[symbol, meaning]`` pairs at ``key`` in ``lang`` (English for another
        language; ``[]`` when the key is missing), e.g. a renderer's legend. Anything but a
        list of pairs of strings raises :class:`DataError`.

        >>> t = Texts({"en": {"legend": [["o", "station"]]}, "fr": {"legend": [["o", "gare"]]}})
        >>> t.pairs("fr", "legend")
        [('o', 'gare')]
        """
        table = self.tables.get(lang) or self.tables["en"]
        items = table.get(key, [])
        if not isinstance(items, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p)
            for p in items
        ):
            raise DataError(f"text {key!r} ({lang}): expected a list of [symbol, meaning] pairs")
        return [(p[0], p[1]) for p in items]

    @staticmethod
    def pack(pairs: Iterable[tuple[str, str]], title: str, width: int = 78) -> list[str]:
        """``pairs`` as ``title s1 meaning1 · s2 meaning2 …`` in lines of at most ``width``
        characters, an entry never split (a legend line under a board).

        >>> Texts.pack([("o", "station"), ("+", "crossing")], "Legend:", 30)
        ['Legend: o station · + crossing']
        >>> Texts.pack([("o", "station"), ("+", "crossing")], "Legend:", 20)
        ['Legend: o station ·', '+ crossing']
        """
        lines: list[str] = []
        line, first = title, True
        for symbol, meaning in pairs:
            entry = f"{symbol} {meaning}"
            if not first and len(line) + 3 + len(entry) > width:
                lines.append(line + " ·")
                line = entry
            else:
                line += f" {entry}" if first else f" · {entry}"
            first = False
        lines.append(line)
        return lines

    def keys(self) -> Iterable[str]:
        return self.tables["en"].keys()
