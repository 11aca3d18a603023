"""The board pane at 80x24: Tab gives it the keys, the arrows and ``h j k l`` pan it, its
title says which columns are in view, and highlighting an action that names a square brings
that square into view."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.widgets import OptionList

from spacetable.engine import Game
from spacetable.tui import TableApp
from spacetable.tui.app import LegendScreen
from spacetable.tui.board import BoardPane, locate
from spacetable.tui.texts import tr

from .conftest import new_table, settle

pytestmark = pytest.mark.anyio


def _board(app: TableApp, g: Game) -> str:
    return Text.from_markup(app.render_view(g.view(0), "en")).plain


def _label(g: Game, i: int) -> str:
    return Text.from_markup(g.describe_action(g.legal_actions(0)[i], "en")).plain


def _column_x(board: str, label: str) -> int:
    """The position of column ``label`` in the board's header line."""
    lines = board.split("\n")
    header = next(line for line in lines if line.split()[:2] in (["a", "b"], ["0", "1"]))
    return header.index(f" {label} ") + 1


def _in_view(pane: BoardPane, x: int) -> bool:
    """Whether the square under column label ``x`` is in view with the two columns of text
    on each side of its label that draw it."""
    width = pane.scrollable_content_region.width
    return pane.scroll_x <= x - 2 and x + 2 < pane.scroll_x + width


async def test_locate_finds_the_square_an_action_names() -> None:
    app, g, _ = new_table("planetraiders")
    board = _board(app, g)
    lines = board.split("\n")
    x, y = locate(board, "move planet raider #3 (on g1s)") or (-1, -1)
    assert x == _column_x(board, "g")
    assert lines[y].split()[0] == "1"
    assert locate(board, "end the moves (collect the rockets used)") is None
    app, g, _ = new_table("quazarys")
    board = _board(app, g)
    x, y = locate(board, "move to the north station of card (0,5)") or (-1, -1)
    assert x == _column_x(board, "5")
    assert board.split("\n")[y].split()[0] == "0"
    app, g, _ = new_table("tortuga2199")
    board = _board(app, g)
    x, y = locate(board, "move to the Trade Terminal (1) (1 Manoeuvre)") or (-1, -1)
    label = board.split("\n")[y - 1]
    assert label[x - 4 :].startswith("1:Terminal")
    assert locate(board, "buy Hacker (2 Crypto)") is None


async def test_tab_then_l_and_right_pan_the_board_and_the_title_follows() -> None:
    app, _, _ = new_table("planetraiders")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        pane = app.query_one("#board", BoardPane)
        await pilot.press("tab")
        assert app.focused is pane
        await pilot.press("home")
        await pilot.pause()
        assert pane.scroll_x == 0
        first = str(pane.border_title)
        assert "columns a-" in first and "◂" not in first and "▸" in first
        assert tr("en", "board_pan") in first
        await pilot.press("l")
        await pilot.pause()
        assert pane.scroll_x > 0
        second = str(pane.border_title)
        assert second != first and "◂" in second
        await pilot.press("right")
        await pilot.pause()
        assert str(pane.border_title) != second
        await pilot.press("h", "left", "left")
        await pilot.pause()
        assert pane.scroll_x == 0
        # Tab gives the keys back to the actions: l opens the legend again
        await pilot.press("tab")
        await pilot.pause()
        assert not pane.has_focus and app.query_one("#actions", OptionList).has_focus
        assert tr("en", "board_tab") in str(pane.border_title)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LegendScreen)


@pytest.mark.parametrize(("game_id", "column"), [("planetraiders", "g"), ("quazarys", "5")])
async def test_highlighting_an_action_brings_its_square_into_view(
    game_id: str, column: str
) -> None:
    app, g, _ = new_table(game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        pane = app.query_one("#board", BoardPane)
        board = _board(app, g)
        x = _column_x(board, column)
        await pilot.press("tab", "home", "tab")
        await pilot.pause()
        assert not _in_view(pane, x)  # off-screen at first
        ol = app.query_one("#actions", OptionList)
        square = f"{column}1" if game_id == "planetraiders" else f",{column})"
        legal = g.legal_actions(0)
        ol.highlighted = next(
            i
            for i, a in enumerate(app.lines)
            if a is not None and square in _label(g, legal.index(a))
        )
        await pilot.pause()
        await pilot.pause()
        assert _in_view(pane, x)
        first, last = str(pane.border_title).split("columns ")[1].split(" of ")[0].split("-")
        assert first <= column <= last  # the title names the columns now in view


def test_prose_wraps_to_the_pane_and_the_drawing_stays_whole() -> None:
    from textual.content import Content

    from spacetable.tui.board import wrap_prose

    row = "  1  ·     ·     · b^  ·  *  ·     ·  *  · b^  ·     ·     ·  1"
    prose = "      hand: 1 blue, 1 red | aliens: none | captured: none, and a long tail"
    shown = wrap_prose(Content.from_markup(f"{row}\n[b]{prose}[/b]"), 30).plain.split("\n")
    assert shown[0] == row  # a row of the drawing is panned, never cut into lines
    assert len(shown) > 2 and all(len(line) <= 30 for line in shown[1:])
    assert " ".join(" ".join(shown[1:]).split()) == " ".join(prose.split())
    assert all(line.startswith(" " * 8) for line in shown[2:])  # hanging indent
