"""``h`` in the full-screen client: what the search bot would do for the seat on screen, its
top moves with their chance to win and why, in the table's language, searched from that
seat's information (the same hints as :func:`spacetable.bots.analysis.hint`)."""

from __future__ import annotations

import pytest
from textual.widgets import Static

import spacetable
from spacetable.bots import make_bot
from spacetable.bots.analysis import HINT_ITERATIONS, hint
from spacetable.tui.app import HintScreen, TableApp, TextsScreen

from .conftest import GAMES, settle


@pytest.mark.anyio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_h_shows_the_bots_top_moves_for_the_seat(lang: str) -> None:
    cfg = GAMES["quazarys"]
    g = spacetable.new_game("quazarys", cfg["players"], cfg["seed"], cfg["options"])
    app = TableApp(g, {1: make_bot("random", seed=1)}, lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert 0 in g.to_act
        step = g.step
        expected = hint(g.clone(), 0, iterations=HINT_ITERATIONS, seed=g.step * 16)
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, HintScreen)
        body = str(app.screen.query_one("#texts-body", Static).render())
        assert ("What would the bot do?" if lang == "en" else "Que ferait le robot ?") in body
        for h in expected:
            assert h.label(g, lang) in body
            assert f"{round(100 * h.chance)}" in body
        await pilot.press("h")  # the key that opened it closes it
        assert not isinstance(app.screen, TextsScreen)
        assert g.step == step  # a hint plays nothing
