"""The set-up screen of ``spacetable tui`` without a game, driven by key presses."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select, Static

import spacetable
from spacetable.cli.play import make_session
from spacetable.tui.setup import BOT_LEVELS, SetupApp

pytestmark = pytest.mark.anyio


async def _tab_to(pilot: object, wid: str) -> None:
    app = pilot.app  # type: ignore[attr-defined]
    for _ in range(40):
        if app.focused is not None and app.focused.id == wid:
            return
        await pilot.press("tab")  # type: ignore[attr-defined]
    raise AssertionError(f"no focus on {wid}")


async def test_choose_a_game_its_seats_options_and_language_by_keyboard() -> None:
    app = SetupApp("en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "game"
        # The games are listed in order (with any other game this process registered);
        # Spacedealer has three seats.
        downs = spacetable.list_games().index("spacedealer")
        await pilot.press("enter", *["down"] * downs, "enter")
        await pilot.pause()
        assert app.setup.game_id == "spacedealer"
        seats = [w.id for w in app.query(Select) if (w.id or "").startswith("seat-")]
        assert seats == ["seat-0", "seat-1", "seat-2"]
        await _tab_to(pilot, "seat-1")
        await pilot.press("enter", "down", "enter")  # random -> the next bot level
        await _tab_to(pilot, "opt-mode")
        await pilot.press("enter", "down", "enter")  # realtime -> ticks
        await _tab_to(pilot, "lang")
        await pilot.press("enter", "down", "enter")  # English -> Français
        await pilot.pause()
        assert "Nouvelle partie" in str(app.query_one("#title", Static).render())
        await _tab_to(pilot, "seed")
        await pilot.press(*"42", "enter")
        await pilot.pause()
    chosen = app.return_value
    assert chosen is not None
    flags = chosen.flags()
    assert flags["game_id"] == "spacedealer" and flags["players"] == 3
    assert flags["lang"] == "fr" and flags["seed"] == 42
    assert "mode=ticks" in flags["option"]
    after_random = BOT_LEVELS[BOT_LEVELS.index("random") + 1]
    assert flags["bot"] == [f"1={after_random}", "2=random"]
    # The command line checks these choices exactly as it checks flags.
    session = make_session(
        flags["game_id"],
        flags["players"],
        flags["bot"],
        flags["seed"],
        flags["lang"],
        flags["option"],
        None,
        None,
        None,
        None,
    )
    assert session.game.options["mode"] == "ticks"
    assert sorted(session.bots) == [1, 2] and session.lang == "fr"


async def test_a_bad_seed_is_refused_in_place() -> None:
    app = SetupApp("en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _tab_to(pilot, "seed")
        await pilot.press(*"x1", "enter")
        await pilot.pause()
        assert app.is_running
        assert "whole number" in str(app.query_one("#message", Static).render())
        assert isinstance(app.focused, Input)
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_value is None
