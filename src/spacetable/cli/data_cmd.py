"""``spacetable data``: a game's data tables, for a box owner to read, export and correct.

Nearly every card and board of the five games is reconstructed (``docs/data.md``). A player
who owns the box exports a game's tables, corrects rows, checks the directory, then plays
with it (``play``, ``simulate``, ``tournament``, ``balance``, ``bench`` and ``replay`` take
``--data DIR``)::

    spacetable data export wildspace mybox/
    spacetable data check wildspace mybox/
    spacetable data show wildspace card:66 --data mybox/ --lang fr

``export`` writes the tables as shipped (comments included) and refuses to overwrite a file
without ``--force``. ``check`` validates a directory with the game's row models and every
count the rulebook gives; an invalid table ends it with one line ``error: FILE: line N
(id=K): field 'F': ...`` and exit status 1. ``show`` lists the components with their rules
texts in English or French, or one component's whole text.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape
from rich.table import Table as RichTable

from spacetable.engine import Component, DataError, DataSet, game_class, load_data

from .common import console, data_directory, fail, fail_value, read_data

LANGS = ("en", "fr")

#: How a component's ``source`` reads in each language.
SOURCES = {
    "en": {"rulebook": "rulebook", "reference": "reference", "reconstructed": "reconstructed"},
    "fr": {"rulebook": "règle", "reference": "référence", "reconstructed": "reconstitué"},
}

app = typer.Typer(
    name="data",
    help="A game's data tables: export them, check a corrected directory, read the texts.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


# ---------------------------------------------------------------------------- helpers


def _fold(text: str) -> str:
    """``Équipage`` -> ``equipage``: lower case without accents, for matching names."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def match_components(components: Sequence[Component], query: str) -> list[Component]:
    """The components ``query`` names: the one whose id it is (``card:66``); else those
    whose name it is; else those whose id or name contains it (case and accents ignored).
    """
    q = _fold(query.strip())
    if not q:
        return []
    exact = [c for c in components if _fold(c.id) == q]
    if exact:
        return exact
    named = [c for c in components if _fold(c.name) == q]
    if named:
        return named
    return [c for c in components if q in _fold(c.id) or q in _fold(c.name)]


def key_columns(ds: DataSet[Any] | None) -> dict[str, str]:
    """Each table of ``ds`` and the column of its rows' keys (``{"cards.csv": "id"}``)."""
    return {t.file: t.key for t in ds.spec.tables} if ds is not None else {}


def source_text(c: Component, lang: str, keys: Mapping[str, str] | None = None) -> str:
    """``cards.csv, id 66 · reconstructed (the rulebook states: mission)``: which row to edit
    to correct ``c`` (``keys``: :func:`key_columns`), and how much of it the rulebook
    gives."""
    words = SOURCES.get(lang, SOURCES["en"])
    key = (keys or {}).get(c.table, "id")
    out = f"{c.table}, {key} {c.key} · {words.get(c.source, c.source)}"
    if c.known and c.source != "rulebook":
        states = "la règle donne" if lang == "fr" else "the rulebook states"
        colon = " :" if lang == "fr" else ":"
        out += f" ({states}{colon} {', '.join(c.known)})"
    return out


#: What a player reads under a component whose text is not the rulebook's own: said plainly,
#: without the data file's row (that is for ``data show``, where a box owner corrects it).
NOT_FROM_RULEBOOK = {
    "en": "Our reconstruction: the rulebook does not give this text in full.",
    "fr": "Notre reconstitution : la règle ne donne pas ce texte en entier.",
}


def print_component(
    c: Component, lang: str, keys: Mapping[str, str] | None = None, *, player: bool = False
) -> None:
    """One component's whole text: its name, its rules text, and the row it comes from
    (``player``: for a player at the table, no id or row: a plain note where the text is
    our reconstruction)."""
    if player:
        console.print(f"[bold]{escape(c.name)}[/]")
        console.print(escape(c.text))
        if c.source == "reconstructed":
            note = NOT_FROM_RULEBOOK.get(lang, NOT_FROM_RULEBOOK["en"])
            console.print(f"[dim]{escape(note)}[/]", soft_wrap=True)
        return
    console.print(f"[bold]{escape(c.name)}[/] [dim]({escape(c.id)})[/]")
    console.print(escape(c.text))
    console.print(f"[dim]{escape(source_text(c, lang, keys))}[/]", soft_wrap=True)


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"--lang must be {' or '.join(LANGS)}, got {lang!r}")
    return lang


def _dataset(game: str, directory: Path | None) -> DataSet[Any]:
    """The data set of ``directory`` (validated), or the game's shipped one."""
    if directory is not None:
        ds = read_data(game, directory)
        assert ds is not None
        return ds
    if game_class(game).data_spec is None:
        raise ValueError(f"{game} has no data tables yet")
    return load_data(game)


def changed_rows(ds: DataSet[Any], shipped: DataSet[Any], file: str, key: str) -> str:
    """How ``file`` of ``ds`` differs from the shipped file, row by row (keys named)."""
    mine, theirs = ds.tables.digest_source()[file], shipped.tables.digest_source()[file]
    if mine == theirs:
        return "same rows as shipped"
    if not isinstance(mine, list) or not isinstance(theirs, list):
        return "changed"
    old = {str(r.get(key)): r for r in theirs}
    new = {str(r.get(key)): r for r in mine}
    parts = []
    for what, keys in (
        ("changed", [k for k in new if k in old and new[k] != old[k]]),
        ("added", [k for k in new if k not in old]),
        ("removed", [k for k in old if k not in new]),
    ):
        if keys:
            shown = ", ".join(keys[:8]) + (", …" if len(keys) > 8 else "")
            parts.append(f"{len(keys)} row{'s' if len(keys) != 1 else ''} {what} ({key} {shown})")
    if not parts:  # same rows, another order
        parts.append("rows in another order")
    return "; ".join(parts)


# ---------------------------------------------------------------------------- commands


@app.command("export")
def export(
    game: str = typer.Argument(..., help="Game id (see `spacetable games`)."),
    directory: Path = typer.Argument(..., help="Directory to write the tables to."),
    force: bool = typer.Option(False, "--force", help="Overwrite tables already there."),
) -> None:
    """Write the game's shipped tables (as shipped, comments included) to DIRECTORY."""
    try:
        ds = _dataset(game, None)
        if directory.exists() and not directory.is_dir():
            raise ValueError(f"{str(directory)!r} exists and is not a directory")
        if not force:
            clash = [f for f in ds.texts if (directory / f).exists()]
            if clash:
                raise ValueError(
                    f"{directory} already holds {', '.join(clash)}: "
                    "use --force to overwrite (your corrections there would be lost)"
                )
        written = ds.export(directory, overwrite=force)
    except OSError as e:
        fail(f"cannot write to {str(directory)!r}: {e.strerror or e}", code=1)
    except ValueError as e:
        fail_value(e)
    titles = {t.file: t.title for t in ds.spec.tables}
    n = len(written)
    console.print(
        f"[bold]{game}[/]: {n} table{'s' if n != 1 else ''} written to {escape(str(directory))}"
    )
    for path in written:
        title = titles.get(path.name, "")
        console.print(f"  {escape(path.name)}" + (f" [dim]({escape(title)})[/]" if title else ""))
    console.print(
        f"[dim]Correct rows, then: spacetable data check {game} {escape(str(directory))}[/]"
    )


@app.command("check")
def check(
    game: str = typer.Argument(..., help="Game id (see `spacetable games`)."),
    directory: Path = typer.Argument(..., help="A directory of corrected tables."),
) -> None:
    """Validate a directory of tables: every row, and every count the rulebook gives."""
    try:
        path = data_directory(directory, "data check")
        ds = _dataset(game, path)
        shipped = load_data(game)
        count = len(ds.components("en"))
    except ValueError as e:
        fail_value(e)
    keys = key_columns(ds)
    mine = [f for f in ds.spec.files() if (path / f).is_file()]
    others = [f for f in ds.spec.files() if f not in mine]
    console.print(f"[bold]{game}[/]: the data set [bold]{escape(ds.name)}[/] is valid")
    same = " (the same rows as the shipped data)" if ds.digest == shipped.digest else ""
    console.print(f"digest: {ds.digest}{same}")
    console.print(f"from {escape(str(directory))}:" + ("" if mine else " none"))
    for f in mine:
        console.print(f"  {escape(f)}: {escape(changed_rows(ds, shipped, f, keys[f]))}")
    console.print("shipped: " + (escape(", ".join(others)) if others else "none"))
    console.print(f"components: {count}")


@app.command("show")
def show(
    game: str = typer.Argument(..., help="Game id (see `spacetable games`)."),
    ident: str | None = typer.Argument(
        None, metavar="[ID]", help="A component's id (card:66) or name: its whole text."
    ),
    data: Path | None = typer.Option(None, "--data", help="A directory of corrected tables."),
    lang: str = typer.Option("en", help="Language: en or fr."),
    kind: str | None = typer.Option(None, "--kind", help="Only components of this kind."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """List the game's components with their rules texts, or one component's whole text."""
    try:
        check_lang(lang)
        ds = _dataset(game, data)
        comps = list(ds.components(lang))
        kinds = list(dict.fromkeys(c.kind for c in comps))
        if kind is not None:
            if kind not in kinds:
                raise ValueError(f"--kind: {game} has no kind {kind!r}; kinds: {', '.join(kinds)}")
            comps = [c for c in comps if c.kind == kind]
        found: Component | None = None
        if ident is not None:
            hits = match_components(comps, ident)
            if not hits:
                raise ValueError(
                    f"{game} has no component {ident!r} "
                    f"(ids are kind:key, e.g. {comps[0].id if comps else 'card:1'})"
                )
            if len(hits) > 1:
                names = ", ".join(f"{c.id} ({c.name})" for c in hits[:10])
                more = ", …" if len(hits) > 10 else ""
                raise ValueError(f"{ident!r} names {len(hits)} components: {names}{more}")
            found = hits[0]
    except DataError as e:
        fail_value(e)
    except ValueError as e:
        fail(e)
    if json_out:
        out: Any = found.to_json() if found is not None else [c.to_json() for c in comps]
        console.print_json(json.dumps(out, ensure_ascii=False))
        return
    if found is not None:
        print_component(found, lang, key_columns(ds))
        return
    where = "" if data is None else f", data set {ds.name} ({ds.digest})"
    table = RichTable(title=f"{game}: {len(comps)} components{where}", show_lines=False)
    table.add_column("id", style="bold cyan", no_wrap=True)
    table.add_column("name")
    table.add_column("source")
    table.add_column("text")
    words = SOURCES[lang]
    for c in comps:
        table.add_row(escape(c.id), escape(c.name), words.get(c.source, c.source), escape(c.text))
    console.print(table)


def register(main: typer.Typer) -> None:
    main.add_typer(app, name="data")
