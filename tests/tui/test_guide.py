"""The guided first game at the full-screen table (``spacetable tui --guide GAME``): the
learner follows the guide to the end, another move is refused with the guide's words, the
other seats play the script, and a wait step lets the game's time pass."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from spacetable.engine.guide import Guide
from spacetable.tui.guide import MARK, GuideApp, guided_games, guided_table
from spacetable.tui.texts import tr

from .conftest import FakeClock, settle

SMALL = (80, 24)

pytestmark = pytest.mark.anyio


def _text(app: GuideApp, selector: str) -> str:
    return str(app.screen_stack[0].query_one(selector).render())


def _highlighted(app: GuideApp) -> object:
    ol = app.screen_stack[0].query_one("#actions", OptionList)
    assert ol.highlighted is not None
    return app.lines[ol.highlighted]


async def _follow(app: GuideApp, pilot: object) -> int:
    """Press what the guide says until the game ends; the number of the learner's moves."""
    g, guide = app.game, app.guide
    moves = 0
    for _ in range(len(guide.steps) + 1):
        await settle(pilot)
        if g.is_over:
            break
        step = guide.at(g.step)
        assert step is not None, f"no guide step at {g.step}"
        if step.wait is not None:
            await pilot.press("w")  # type: ignore[attr-defined]
            continue
        assert step.seat == guide.learner
        # The guide's action is marked and highlighted: Enter plays it.
        assert _highlighted(app) == step.action
        await pilot.press("enter")  # type: ignore[attr-defined]
        moves += 1
    await settle(pilot)
    return moves


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_guided_game_is_played_to_its_end_by_following_the_guide(lang: str) -> None:
    app = guided_table("toy", lang, clock=FakeClock())
    guide = app.guide
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        first = guide.steps[0]
        panel = _text(app, "#guide-text")
        assert guide.title[lang] in panel and (first.say(lang) or "") in panel
        do = tr(lang, "guide_do", action=app.game.describe_action(first.action, lang))  # type: ignore[arg-type]
        assert do in panel and ("Card 6" if lang == "en" else "Carte 6") in panel
        ol = app.screen_stack[0].query_one("#actions", OptionList)
        assert str(ol.get_option_at_index(ol.highlighted or 0).prompt).startswith(MARK)
        moves = await _follow(app, pilot)
        assert app.game.is_over and app.finished
        assert moves == len(guide.learner_steps())
        name = app.game.info.name_fr if lang == "fr" else app.game.info.name_en
        assert tr(lang, "guide_done", game=name) in _text(app, "#guide-text")
        assert _text(app, "#status").startswith(tr(lang, "over", reason="").rstrip(": "))
        # The game played is the guide's, move for move.
        played = [(e["seat"], e["action"]) for e in app.game.record()["entries"]]
        assert played == [(s.seat, s.action.to_json()) for s in guide.steps if s.action]
        await pilot.press("q")
        await pilot.pause()
    assert app.return_value is True


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_another_move_is_refused_with_the_guides_words(lang: str) -> None:
    app = guided_table("toy", lang, clock=FakeClock())
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        first = app.guide.steps[0]
        assert app.legal == [app.game.parse_action(f"play card={v}") for v in (5, 6)]
        assert _highlighted(app) == first.action
        await pilot.press("up", "enter")  # the other card
        await settle(pilot)
        assert app.game.step == 0
        status = _text(app, "#status")
        assert tr(lang, "guide_refused", text=first.say(lang)) in status.replace("\n", " ")
        await pilot.press("u")  # no taking back either
        assert tr(lang, "guide_no_undo") in _text(app, "#status")
        await pilot.press("down", "enter")  # the guide's
        await settle(pilot)
        assert app.game.step == 2  # the learner's move, then the script's
        note = tr(
            lang, "guide_note", who=tr(lang, "seat", seat=1), text=app.guide.steps[1].say(lang)
        )
        assert note in _text(app, "#guide-text")


RT_GUIDE = """
players = 2
seed = 1
learner = 0
title_en = "Turning timers"
title_fr = "Retourner les sabliers"
options = { length = 20.0, timer = 5.0 }

[[step]]
seat = 0
action = "turn timer=0"
en = "Turn your first timer."
fr = "Retournez votre premier sablier."

[[step]]
seat = 1
action = "turn timer=1"

[[step]]
wait = 5.0
en = "Watch it run."
fr = "Regardez-le couler."

[[step]]
wait = 15.0
"""


async def test_a_wait_step_lets_the_games_time_pass_on_the_clock() -> None:
    clock = FakeClock()
    app = GuideApp(Guide.parse("toy_rt", RT_GUIDE), "en", clock=clock)
    g = app.game
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert g.step == 2 and g.clock == 0.0
        assert tr("en", "guide_wait", seconds=5.0) in _text(app, "#guide-text")
        clock.now = 1.0  # 1 s of 5: the clock of the game waits
        app.tick()
        assert g.clock == 0.0
        clock.now = 5.0
        app.tick()
        await settle(pilot)
        assert g.clock == 5.0 and g.step == 3
        await pilot.press("w")  # the last wait at once
        await settle(pilot)
        assert g.is_over and g.clock == 20.0
        assert "Turning timers" in _text(app, "#guide-text")


def _guided() -> list[str]:
    # The test game always has one; a shipped game is tried as soon as its guide lands.
    return ["toy", *guided_games()]


@pytest.mark.parametrize("game_id", _guided())
async def test_tui_guide_completes_every_shipped_guide(game_id: str) -> None:
    app = guided_table(game_id, "en", clock=FakeClock())
    async with app.run_test(size=SMALL) as pilot:
        moves = await _follow(app, pilot)
        assert app.game.is_over and moves == len(app.guide.learner_steps())
        assert app.screen_stack[0].size == SMALL
