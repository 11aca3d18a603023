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


@pytest.mark.parametrize(
    ("game_id", "moves", "names", "shown"),
    [
        ("planetraiders", 0, "(on g1s)", "g"),  # column g of a-i
        ("tortuga2199", 2, "Trade Terminal (1)", "1:Terminal"),  # a sector right of the map
    ],
)
async def test_highlighting_an_action_brings_its_square_into_view(
    game_id: str, moves: int, names: str, shown: str
) -> None:
    app, g, _ = new_table(game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(moves):  # the first legal action, until one names that square
            app.play(g.legal_actions(0)[0])
            await settle(pilot)
        pane = app.query_one("#board", BoardPane)
        await pilot.press("tab", "home", "tab")
        await pilot.pause()
        i, action = next(
            (i, a)
            for i, a in enumerate(app.lines)
            if a is not None and names in Text.from_markup(g.describe_action(a, "en")).plain
        )
        x, y = locate(pane.plain, Text.from_markup(g.describe_action(action, "en")).plain) or (
            -1,
            -1,
        )
        assert x >= 0 and not _in_view(pane, x)  # off-screen at first
        app.query_one("#actions", OptionList).highlighted = i
        await pilot.pause()
        await pilot.pause()
        assert _in_view(pane, x)
        # the square's label is inside the view: the column's letter, or the sector's name
        if game_id == "planetraiders":
            start = _column_x(pane.plain, shown)
        else:  # the sector's label, drawn above the middle of the sector
            start = pane.plain.split("\n")[y - 1].index(shown, max(0, x - len(shown) - 4))
        assert pane.scroll_x <= start and start + len(shown) <= pane.scroll_x + (
            pane.scrollable_content_region.width
        )
        if game_id == "planetraiders":
            title = str(pane.border_title)
            first, last = title.split("columns ")[1].split(" of ")[0].split("-")
            assert first <= shown <= last  # the title names the columns now in view


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


def test_locate_finds_the_site_of_the_planet_on_screen() -> None:
    app, g, _ = new_table("spacedealer")
    board = _board(app, g)
    lines = board.split("\n")
    x, y = locate(board, "build Depot #11 at site 9") or (-1, -1)
    own = next(i for i, line in enumerate(lines) if line.startswith("> "))
    assert y > own and "║" in lines[y - 1]  # the action row under the seat's own grid
    assert lines[y - 1][x : x + 2].strip() == "9"
    assert locate(board, "plan Depot #11") is None


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_quazarys_draws_its_cards_narrower_when_the_full_grid_does_not_fit(
    size: tuple[int, int],
) -> None:
    app, g, _ = new_table("quazarys")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        pane = app.query_one("#board", BoardPane)
        assert pane.compact == (size == (80, 24))
        width = pane.scrollable_content_region.width
        assert pane.virtual_size.width <= width  # nothing to pan sideways
        header = pane.plain.split("\n")[0].split()
        assert header == [str(c) for c in range(g.view(0)["width"])]  # every column shown
        assert "◂" not in str(pane.border_title) and "▸" not in str(pane.border_title)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game_id", ["planetraiders", "quazarys", "spacedealer", "tortuga2199"])
async def test_at_80x24_only_the_rows_of_a_drawing_are_wider_than_the_pane(
    game_id: str, lang: str
) -> None:
    from spacetable.tui.board import is_prose

    app, _, _ = new_table(game_id, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        pane = app.query_one("#board", BoardPane)
        width = pane.scrollable_content_region.width
        wide = [line for line in pane.plain.split("\n") if len(line) > width]
        assert all(not is_prose(line) for line in wide), wide
        # the sentences that once ran off the pane now wrap inside it
        for words in ("Supply:", "Réserve", "personal pile", "pile personnelle", "hand:"):
            assert all(len(line) <= width for line in pane.plain.split("\n") if words in line)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_wild_space_is_whole_at_80x24(lang: str) -> None:
    app, _, _ = new_table("wildspace", lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        pane = app.query_one("#board", BoardPane)
        assert pane.virtual_size.width <= pane.scrollable_content_region.width
        assert "◂" not in str(pane.border_title) and "▸" not in str(pane.border_title)
