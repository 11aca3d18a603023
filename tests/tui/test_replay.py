"""The replay viewer: step back and forth, jump, play on a fake clock, speed, seats."""

from __future__ import annotations

import pytest
from textual.widgets import Static

import spacetable
from spacetable.bots import make_bot
from spacetable.engine import RecordError
from spacetable.sim import play_game
from spacetable.tui.replay import KEYFRAME, ReplayApp

from .conftest import FakeClock

pytestmark = pytest.mark.anyio


def _record(game_id: str = "wildspace") -> dict[str, object]:
    g = spacetable.new_game(game_id, 2, 5)
    play_game(g, [make_bot("random", seed=1), make_bot("random", seed=2)])
    return g.record()


def _same(app: ReplayApp, record: dict[str, object], upto: int) -> None:
    want = spacetable.replay(record, upto=upto)
    assert app.index == upto
    assert app.game.to_json() == want.to_json()


async def test_step_back_and_forth_jump_and_ends() -> None:
    record = _record()
    n = len(record["entries"])  # type: ignore[arg-type]
    assert n > KEYFRAME + 3
    app = ReplayApp(record, "fr", clock=FakeClock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right", "right", "right")
        _same(app, record, 3)
        await pilot.press("left")
        _same(app, record, 2)
        await pilot.press("end")
        _same(app, record, n)
        assert "Partie terminée" in str(app.query_one("#status", Static).render())
        await pilot.press("left")
        _same(app, record, n - 1)
        await pilot.press("g", *str(KEYFRAME + 2), "enter")
        _same(app, record, KEYFRAME + 2)
        await pilot.press("g", *"9999", "enter")
        assert app.index == KEYFRAME + 2
        assert "9999" in str(app.query_one("#status", Static).render())
        await pilot.press("escape", "home")
        _same(app, record, 0)
        await pilot.press("q")
    assert not app.is_running


async def test_play_runs_on_the_clock_at_its_speed() -> None:
    record = _record()
    clock = FakeClock()
    app = ReplayApp(record, "en", clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        clock.now += 3
        app.tick()
        _same(app, record, 3)
        await pilot.press("plus")  # twice as fast
        clock.now += 2
        app.tick()
        _same(app, record, 7)
        await pilot.press("space")  # pause
        clock.now += 10
        app.tick()
        _same(app, record, 7)


async def test_seats_see_only_their_own_views() -> None:
    record = _record()
    app = ReplayApp(record, "en", clock=FakeClock())
    draw = app.render_view
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right", "right")
        for seat in (0, 1, None):
            await pilot.press("v")
            assert app.seat == seat
            shown = str(app.query_one("#board-text", Static).render())
            assert shown == str(Static(draw(app.game.view(seat), "en")).render())


def test_a_bad_record_is_refused_before_the_screen() -> None:
    record = _record()
    record["entries"] = [{"seat": 0, "action": {"type": "nothing"}}]
    with pytest.raises(RecordError):
        ReplayApp(record)
    with pytest.raises(ValueError, match="seat"):
        ReplayApp(_record(), seat=5)
