"""Component facts come from the rows of a data set, never from its names or texts: renaming
every component changes no fact, and editing one row changes the facts of exactly the
components built from it (Wild Space, Spacedealer, Planet Raiders)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import spacetable
from spacetable.engine import DataSet
from spacetable.testing.corrected import (
    RAIDERS_METEORITES,
    Rows,
    edit_table,
    export,
    planetraiders_redrawn,
    renamed,
    spacedealer_redrawn,
    wildspace_redrawn,
)

GAMES = ["wildspace", "spacedealer", "planetraiders"]


def _facts(data: DataSet[Any], lang: str = "en") -> dict[str, dict[str, Any]]:
    return {c.id: dict(c.facts) for c in data.components(lang)}


def _changed(a: DataSet[Any], b: DataSet[Any]) -> set[str]:
    fa, fb = _facts(a), _facts(b)
    assert fa.keys() == fb.keys()
    return {k for k in fa if fa[k] != fb[k]}


def _edit_row(folder: Path, file: str, key: str, value: str, **fields: str) -> None:
    def edit(rows: Rows) -> Rows:
        for r in rows:
            if r[key] == value:
                r.update(fields)
        return rows

    edit_table(folder, file, edit)


@pytest.mark.parametrize("game", GAMES)
def test_every_component_has_facts_the_same_in_both_languages(game: str) -> None:
    data = spacetable.load_data(game)
    assert all(c.facts for c in data.components("en")), game
    assert _facts(data, "en") == _facts(data, "fr")


@pytest.mark.parametrize("game", GAMES)
def test_renaming_every_component_changes_no_fact(game: str, tmp_path: Path) -> None:
    data = renamed(game, tmp_path / "renamed")
    shipped = spacetable.load_data(game)
    assert _changed(shipped, data) == set()
    for lang in ("en", "fr"):  # the components named by their rows are renamed
        names = {c.id: c.name for c in shipped.components(lang)}
        assert any(c.name != names[c.id] for c in data.components(lang)), lang


def test_a_wildspace_card_row_gives_its_facts(tmp_path: Path) -> None:
    folder = export("wildspace", tmp_path / "box")
    _edit_row(folder, "cards.csv", "id", "10", profession="scientist", veteran="1")
    data = spacetable.load_data("wildspace", folder)
    assert _changed(spacetable.load_data("wildspace"), data) == {"card:10"}
    f = data.component("card:10").facts
    assert (f["profession"], f["veteran"]) == ("scientist", True)
    # the whole deck redrawn: species, professions, Veterans and tracks as the rows say
    red = wildspace_redrawn(tmp_path / "redrawn")
    rows = {r.id: r for r in red.parts.cards}
    for c in red.components("en"):
        if c.kind == "card":
            r = rows[int(c.key)]
            assert (c.facts["species"], c.facts["profession"]) == (r.species, r.profession)
            assert c.facts["veteran"] == r.veteran
    assert red.component("card:0").facts["species"] == "rhino"  # Ursa, a bear, redrawn
    assert red.component("card:0").facts["track_credits"] == [0, 2, 0]


def test_a_spacedealer_row_gives_its_facts(tmp_path: Path) -> None:
    folder = export("spacedealer", tmp_path / "box")
    _edit_row(folder, "gizzi.csv", "id", "2", demand="RRY", vp_deliver="7")
    _edit_row(folder, "planets.csv", "seat", "3", style="cyan")
    data = spacetable.load_data("spacedealer", folder)
    assert _changed(spacetable.load_data("spacedealer"), data) == {"gizzi:2", "planet:3"}
    assert data.component("gizzi:2").facts["goods"] == [2, 1, 0, 0]
    assert data.component("gizzi:2").facts["points"] == 7
    assert data.component("planet:3").facts["style"] == "cyan"
    red = spacedealer_redrawn(tmp_path / "redrawn")
    swapped = {0: 3, 3: 0}
    for c in spacetable.load_data("spacedealer").components("en"):
        if c.kind == "card":
            old = c.facts["colour"]
            assert red.component(c.id).facts["colour"] == swapped.get(old, old)
    # every game card id is the copy of exactly one card
    copies = [i for c in red.components("en") if c.kind == "card" for i in c.facts["copies"]]
    assert sorted(copies) == list(range(len(red.parts.card)))


def test_a_planetraiders_row_gives_its_facts(tmp_path: Path) -> None:
    data = planetraiders_redrawn(tmp_path / "redrawn")
    shipped = spacetable.load_data("planetraiders")
    # the rows reversed change nothing; the two corners turned meteorites change the board
    assert _changed(shipped, data) == {"board:main", "zone:neutral", "zone:meteorite"}
    squares = {q["id"]: q for q in data.component("board:main").facts["squares"]}
    for ident in RAIDERS_METEORITES:
        assert squares[ident]["kind"] == "meteorite"
        assert ident in data.component("zone:meteorite").facts["squares"]
        assert ident not in data.component("zone:neutral").facts["squares"]
    # the squares stay in grid order, whatever the order of the rows
    ids = [q["id"] for q in data.component("board:main").facts["squares"]]
    assert ids == [q["id"] for q in shipped.component("board:main").facts["squares"]]
