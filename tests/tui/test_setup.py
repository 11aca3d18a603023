"""The set-up screen of ``spacetable tui`` without a game, driven by key presses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Input, Select, Static

import spacetable
from spacetable.bots import SeatPort, make_bot
from spacetable.cli.common import error_line
from spacetable.cli.play import make_session, play_meta
from spacetable.tui.setup import BOT_LEVELS, SetupApp, _w

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


async def _resume(app: SetupApp, path: Path) -> str:
    """Type ``path`` in the set-up screen's save field and press Enter; the message shown."""
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _tab_to(pilot, "load")
        await pilot.press(*str(path), "enter")
        await pilot.pause()
        message = str(app.query_one("#message", Static).render())
        if app.is_running:
            assert app.focused is not None and app.focused.id == "load"
            await pilot.press("escape")
            await pilot.pause()
    return message


async def test_a_saved_game_is_resumed_from_the_set_up_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the path is typed relative to the working directory
    g = spacetable.new_game("quazarys", 2, 5)
    bot = make_bot("random", seed=1)
    for _ in range(6):
        seat = g.to_act[0]
        action = bot.choose(SeatPort(g, seat))
        assert action is not None
        g.apply(seat, action)
    path = Path("game.json")
    path.write_text(g.to_json(meta=play_meta([None, "greedy"], "fr", 1.0, 1.0)), "utf-8")
    app = SetupApp("en")  # the form stands on another game: the save says which
    assert app.setup.game_id != "quazarys"
    assert await _resume(app, path) == ""
    chosen = app.return_value
    assert chosen is not None and chosen.load == path and chosen.game_id == "quazarys"
    flags = chosen.flags()
    assert flags["load"] == path and flags["players"] is None and flags["option"] == []
    session = make_session(
        flags["game_id"],
        flags["players"],
        flags["bot"],
        flags["seed"],
        flags["lang"],
        flags["option"],
        None,
        flags["load"],
        None,
        None,
    )
    assert session.game.to_json() == g.to_json()
    assert session.kinds == {1: "greedy"} and session.lang == "en"


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_bad_save_is_refused_in_place_with_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    monkeypatch.chdir(tmp_path)
    missing = Path("missing.json")
    message = await _resume(SetupApp(lang), missing)
    assert "cannot read save file" in message and "missing.json" in message
    junk = Path("junk.json")
    junk.write_text("{not json", "utf-8")
    message = await _resume(SetupApp(lang), junk)
    assert message.startswith(_w(lang, "not_a_save", path=junk, why=""))
    assert _w(lang, "not_json", err="").split("(")[0] in message
    other = Path("other.json")
    other.write_text('{"game": "chess"}', "utf-8")
    message = await _resume(SetupApp(lang), other)
    assert message == _w(lang, "not_a_save", path=other, why=_w(lang, "no_game"))
    # A save of a game whose record the engine refuses: the engine's reason is shown.
    broken = Path("broken.json")
    record = json.loads(spacetable.new_game("wildspace", 2, 1).to_json())
    record["entries"] = [{"seat": 0, "action": "no such action"}]
    broken.write_text(json.dumps(record), "utf-8")
    with pytest.raises(ValueError) as refused:
        make_session("wildspace", None, None, None, lang, None, None, broken, None, None)
    assert await _resume(SetupApp(lang), broken) == error_line(refused.value)


async def test_learn_to_play_chooses_the_games_guided_first_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = SetupApp("fr", "toy")  # the test game ships a guided first game
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _tab_to(pilot, "learn")
        assert "Apprendre à jouer" in str(app.query_one("#learn").render())
        await pilot.press("enter")
        await pilot.pause()
    chosen = app.return_value
    assert chosen is not None and chosen.guide
    flags = chosen.flags()
    assert flags["guide"] and flags["game_id"] == "toy" and flags["lang"] == "fr"


async def test_learn_to_play_says_when_a_game_has_no_guide_yet(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from spacetable.tui import guide

    monkeypatch.setattr(guide, "has_guide", lambda game_id: False)
    app = SetupApp("en", "toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _tab_to(pilot, "learn")
        await pilot.press("enter")
        await pilot.pause()
        name = spacetable.game_info("toy")["names"]["en"]
        assert _w("en", "no_guide", game=name) in str(app.query_one("#message", Static).render())
        assert app.is_running


@pytest.mark.parametrize("game_id", spacetable.list_games())
async def test_start_is_on_the_first_screen_at_80x24(game_id: str) -> None:
    app = SetupApp("fr", game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for wid in ("start", "learn"):
            region = app.query_one(f"#{wid}").region
            assert region.height == 1 and 0 <= region.y < 24, wid
        await _tab_to(pilot, "start")  # reached by Tab, and still there once focused
        assert 0 <= app.query_one("#start").region.y < 24
