"""The legend of the table's symbols on demand: ``l`` in the full-screen client (and the end
of the ``?`` texts), ``h`` and ``?`` in the line client (issue 24)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import OptionList, Static

import spacetable
from spacetable.bots import make_bot
from spacetable.cli.common import console, legend
from spacetable.cli.play import Session
from spacetable.engine import Game
from spacetable.tui.app import LegendScreen, TableApp, TextsScreen

from .conftest import GAMES, new_table, settle

SMALL = (80, 24)


def _table(game_id: str, lang: str) -> tuple[TableApp, Game]:
    """The game of ``conftest.GAMES``; Spacedealer in its turn-based mode, so that no clock
    ticks while the app closes at the end of the test (the legend does not depend on it)."""
    cfg = GAMES[game_id]
    options = dict(cfg["options"])
    if game_id == "spacedealer":
        options["mode"] = "ticks"
    g = spacetable.new_game(game_id, cfg["players"], cfg["seed"], options)
    bots = {s: make_bot("random", seed=s) for s in range(1, g.players)}
    return TableApp(g, bots, lang), g


def _body(app: Any) -> str:
    return str(app.screen.query_one("#texts-body", Static).render())


@pytest.mark.anyio
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_l_shows_every_entry_of_the_legend_in_the_tables_language(
    game_id: str, lang: str
) -> None:
    app, g = _table(game_id, lang)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        keys = str(app.screen.query_one("#keys", Static).render())
        assert ("l Legend" if lang == "en" else "l Légende") in keys
        step = g.step
        await pilot.press("l")
        assert isinstance(app.screen, LegendScreen)
        body = _body(app)
        pairs = legend(game_id, lang)
        assert pairs
        for symbol, meaning in pairs:
            assert f"{symbol}  {meaning}" in body
        other = legend(game_id, "fr" if lang == "en" else "en")
        assert any(f"{s}  {m}" not in body for s, m in other)  # not the other language's
        await pilot.press("l")  # the key that opened it closes it
        assert not isinstance(app.screen, TextsScreen)
        await pilot.press("l", "escape")
        assert not isinstance(app.screen, TextsScreen)
        # Reading the legend plays nothing: the table is as it was, the list still focused.
        assert g.step == step
        assert isinstance(app.focused, OptionList)


@pytest.mark.anyio
async def test_the_texts_panel_ends_with_the_legend() -> None:
    app, _, _ = new_table("tortuga2199", "fr")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, TextsScreen)
        body = _body(app)
        head = body.index("Légende : les symboles de la table")
        assert body.index("Ce que vous voyez") < head  # after the components
        for symbol, meaning in legend("tortuga2199", "fr"):
            assert body.index(f"{symbol}  {meaning}") > head
        await pilot.press("escape")
        assert not isinstance(app.screen, TextsScreen)


def _session(game_id: str, lang: str) -> Session:
    """Seat 0 human, seat 1 a bot (so that no hand-off prompt comes first)."""
    g = spacetable.new_game(game_id, 2, 3)
    return Session(g, {1: make_bot("random", seed=1)}, lang, None, 1.0, 1.0)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_line_clients_help_prints_the_legend(
    lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``h`` then ``q`` at the prompt of ``spacetable play``: the help, then every entry of
    the legend in the session's language."""
    s = _session("quazarys", lang)
    answers = iter(["h", "q"])
    monkeypatch.setattr(console, "input", lambda prompt="": next(answers))
    monkeypatch.setattr(console, "width", 200)
    assert s.ask(0) is None
    out = capsys.readouterr().out
    help_at = out.index(s.t("help")[:20])
    legend_at = out.index(s.t("legend"), help_at)
    for symbol, meaning in legend("quazarys", lang):
        assert out.index(f"{symbol}  {meaning}") > legend_at


def test_the_line_clients_component_list_ends_with_the_legend(
    capsys: pytest.CaptureFixture[str],
) -> None:
    s = _session("wildspace", "en")
    s.show_components(0)
    out = capsys.readouterr().out
    listed = out.index("What you see")
    at = out.index("Legend (the symbols on the screen):")
    assert listed < at
    for symbol, _ in legend("wildspace", "en"):
        assert f"  {symbol}  " in out[at:]
    # One component in full is not followed by the whole legend.
    s.show_components(0, "1")
    assert "Legend (the symbols" not in capsys.readouterr().out
