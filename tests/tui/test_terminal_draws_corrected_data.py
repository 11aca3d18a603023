"""The terminal drawing of a table (the game's ``render``, through ``presentation``) draws a
corrected data set as its rows and facts say, in English and in French: the renamed
components by their new names, Wild Space's crews by the species their cards now have and
the captains' shortened tracks, Spacedealer's planets and cards renamed, Planet Raiders' new
meteorite corners."""

from __future__ import annotations

from pathlib import Path

import pytest

import spacetable
from spacetable.engine.presentation import presentation
from spacetable.testing.corrected import (
    RAIDERS_METEORITES,
    planetraiders_redrawn,
    spacedealer_redrawn,
    wildspace_redrawn,
)

LANGS = ["en", "fr"]


@pytest.mark.parametrize("lang", LANGS)
def test_wildspace_terminal_draws_the_corrected_crews(tmp_path: Path, lang: str) -> None:
    data = wildspace_redrawn(tmp_path / "box")
    g = spacetable.new_game("wildspace", 2, seed=3, data=data)
    text = presentation(g).board(g.view(0), lang, plain=True)
    assert text is not None
    view = g.view(0)
    for ps in view["player_states"]:
        cap = data.component(f"card:{ps['captain']}", lang)
        assert cap.name in text
        # a crew of its captain alone: one card of the species the captain's facts give
        word = data.component(f"species:{cap.facts['species']}", lang).name
        assert f"{word} 1" in text, (word, text)
    for c in view["player_states"][0]["hand"]:
        assert data.component(f"card:{c}", lang).name in text
    # every captain's track has the three steps its row now gives
    tracks = [ln for ln in text.splitlines() if "○" in ln]
    assert len(tracks) == 2 and all(ln.count("○") == 3 for ln in tracks), tracks


@pytest.mark.parametrize("lang", LANGS)
def test_spacedealer_terminal_names_the_corrected_components(tmp_path: Path, lang: str) -> None:
    data = spacedealer_redrawn(tmp_path / "box")
    g = spacetable.new_game("spacedealer", 3, seed=3, data=data, options={"length": 600})
    text = presentation(g).board(g.view(0), lang, plain=True)
    assert text is not None
    for q in range(3):
        assert data.component(f"planet:{q}", lang).name in text
    mine = g.view(0)["players"][0]["personal"]
    assert mine
    for c in mine:
        owner = next(x for x in data.components(lang) if c in x.facts.get("copies", []))
        assert owner.name in text


@pytest.mark.parametrize("lang", LANGS)
def test_planetraiders_terminal_draws_the_corrected_board(tmp_path: Path, lang: str) -> None:
    data = planetraiders_redrawn(tmp_path / "box")
    g = spacetable.new_game("planetraiders", 2, seed=3, data=data)
    text = presentation(g).board(g.view(0), lang, plain=True)
    shipped = spacetable.new_game("planetraiders", 2, seed=3)
    before = presentation(shipped).board(shipped.view(0), lang, plain=True)
    assert text is not None and before is not None
    rows = {ln[:4]: ln for ln in text.splitlines() if ln[:4].strip().isdigit()}
    old = {ln[:4]: ln for ln in before.splitlines() if ln[:4].strip().isdigit()}
    squares = {q["id"]: q for q in data.component("board:main").facts["squares"]}
    for ident in RAIDERS_METEORITES:
        q = squares[ident]
        row = f" {9 - q['row']:>2} "
        at = 7 + 6 * q["col"]  # a row: its number, then a pad and a square for each column
        assert rows[row][at : at + 3] == " * ", rows[row]
        assert old[row][at : at + 3] == "   ", old[row]
