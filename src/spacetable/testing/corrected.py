"""Corrected data sets for tests: a game's tables exported as ``spacetable data export`` writes
them, then edited row by row as a box owner would, and read back as a data set.

:func:`edit_table` rewrites the rows of one CSV table (its comment lines kept);
:func:`renamed` exports a game's tables with every name changed (the columns of names and
of colour words, in both languages) and nothing else: a data set whose rules, facts and
observations are the shipped ones, only its words differ.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import spacetable
from spacetable.engine import DataSet

Rows = list[dict[str, str]]

#: The columns that hold only words (a component's name in a language).
NAME_COLUMNS = ("name_en", "name_fr", "colour_en", "colour_fr")


def edit_table(folder: Path, file: str, edit: Callable[[Rows], Rows]) -> None:
    """Rewrite the rows of CSV table ``file`` in ``folder`` with ``edit`` (rows as dicts of
    their fields, in file order; it may reorder them), keeping the comment lines."""
    path = folder / file
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    comments = [ln for ln in lines if ln.startswith("#")]
    body = "".join(ln for ln in lines if not ln.startswith("#"))
    reader = csv.DictReader(io.StringIO(body))
    fields = list(reader.fieldnames or [])
    rows = edit([dict(r) for r in reader])
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    path.write_text("".join(comments) + out.getvalue(), encoding="utf-8")


def rename_rows(rows: Rows) -> Rows:
    """Every name column of ``rows`` changed (each value kept distinct from the others)."""
    for i, r in enumerate(rows):
        for col in NAME_COLUMNS:
            if r.get(col):
                r[col] = f"{'Renommé' if col.endswith('fr') else 'Renamed'} {i} {r[col]}"
    return rows


def export(game: str, folder: Path) -> Path:
    """The shipped tables of ``game`` exported to ``folder`` (``spacetable data export``)."""
    spacetable.load_data(game).export(folder)
    return folder


def renamed(game: str, folder: Path) -> DataSet[Any]:
    """``game``'s tables exported to ``folder`` with every component renamed in both
    languages (names only: no rule, fact or count changes), read back as a data set."""
    export(game, folder)
    for file in spacetable.load_data(game).texts:
        if file.endswith(".csv"):
            edit_table(folder, file, rename_rows)
    return spacetable.load_data(game, folder)


# ------------------------------------------------------------- corrected sets that draw otherwise
#: Each species becomes the next one (the counts per species stay the rulebook's).
_NEXT_SPECIES = {"bear": "rhino", "rhino": "owl", "owl": "chameleon", "chameleon": "monkey",
                 "monkey": "octopus", "octopus": "bear"}  # fmt: skip
#: Two professions swapped.
_SWAP_PROFESSION = {"botanist": "pilot", "pilot": "botanist"}
#: Two goods colours swapped (the cards' colour column only).
_SWAP_COLOUR = {"R": "B", "B": "R"}


def wildspace_redrawn(folder: Path) -> DataSet[Any]:
    """Wild Space renamed, with what its board draws changed on every card: each species
    becomes the next one, Botanists and Pilots swap, every Specialist's and Robot's Veteran
    status flips, and each captain's Veteran track keeps its first three steps."""
    renamed("wildspace", folder)

    def cards(rows: Rows) -> Rows:
        for r in rows:
            if r["species"]:
                r["species"] = _NEXT_SPECIES[r["species"]]
            r["profession"] = _SWAP_PROFESSION.get(r["profession"], r["profession"])
            if r["kind"] in ("specialist", "robot"):
                r["veteran"] = "0" if r["veteran"] == "1" else "1"
            if r["kind"] == "captain":
                r["track"] = ";".join(r["track"].split(";")[:3])
                r["track_credits"] = ";".join(r["track_credits"].split(";")[:3])
        return rows

    edit_table(folder, "cards.csv", cards)
    return spacetable.load_data("wildspace", folder)


def spacedealer_redrawn(folder: Path) -> DataSet[Any]:
    """Spacedealer renamed (its rows stay in id order: the view names cards by id), with red
    and blue swapped on every coloured card (the mines of each starting set stay three mines
    of three colours)."""
    renamed("spacedealer", folder)

    def cards(rows: Rows) -> Rows:
        for r in rows:
            r["colour"] = _SWAP_COLOUR.get(r["colour"], r["colour"])
        return rows

    edit_table(folder, "cards.csv", cards)
    return spacetable.load_data("spacedealer", folder)


#: The neutral squares that Planet Raiders' corrected board turns into meteorite zones.
RAIDERS_METEORITES = ("a9", "i1")


def planetraiders_redrawn(folder: Path) -> DataSet[Any]:
    """Planet Raiders renamed, its board's rows in reverse order, and two neutral corners
    turned into meteorite zones (:data:`RAIDERS_METEORITES`)."""
    renamed("planetraiders", folder)

    def board(rows: Rows) -> Rows:
        for r in rows:
            if r["id"] in RAIDERS_METEORITES:
                r["kind"] = "meteorite"
        return rows[::-1]

    edit_table(folder, "board.csv", board)
    return spacetable.load_data("planetraiders", folder)
