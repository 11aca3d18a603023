"""The full-screen table played with the mouse only: every game to the end at 80x24, in both
languages, seat 0 clicking the options of the action list (scrolled with the wheel or by
clicking its scroll bar when the option is below or above what is shown)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import OptionList

from spacetable.engine import Action
from spacetable.tui import TableApp

from .conftest import GAMES, new_table, settle

SMALL = (80, 24)

pytestmark = pytest.mark.anyio


def _actions(app: TableApp) -> OptionList:
    return app.screen_stack[0].query_one("#actions", OptionList)


def _rows(app: TableApp) -> dict[int, int]:
    """The options on screen, read from the screen itself: option index -> the first screen
    row where it shows in the action list."""
    region = _actions(app).content_region
    rows: dict[int, int] = {}
    for y in range(region.y, region.bottom):
        option = app.screen.get_style_at(region.x + 1, y).meta.get("option")
        if isinstance(option, int):
            rows.setdefault(option, y)
    return rows


async def _wheel(pilot: Pilot[Any], down: bool) -> None:
    """One notch of the mouse wheel over the action list, as the terminal driver posts it."""
    region = _actions(pilot.app).region  # type: ignore[arg-type]
    x, y = region.x + 2, region.y + 1
    kind = events.MouseScrollDown if down else events.MouseScrollUp
    pilot.app.post_message(
        kind(None, x, y, 0, 1 if down else -1, 0, False, False, False, screen_x=x, screen_y=y)
    )
    await pilot.pause()


async def _bar_click(pilot: Pilot[Any], down: bool) -> None:
    """A click on the action list's scroll bar track, at its bottom or top end (a page)."""
    region = _actions(pilot.app).region  # type: ignore[arg-type]
    await pilot.click(offset=(region.right - 1, region.bottom - 1 if down else region.y))


async def _click_action(pilot: Pilot[Any], app: TableApp, action: Action, turn: int) -> int:
    """Scroll the list until ``action`` is on screen, then click it; returns the scrolls."""
    index = app.lines.index(action)
    scrolls = 0
    while index not in (rows := _rows(app)):
        assert scrolls < 200, f"option {index} never came into view"
        down = index > max(rows)
        far = abs(index - (max(rows) if down else min(rows))) > len(rows)
        # Far: a page at a time on the scroll bar (but the wheel when the bar's thumb covers
        # the end clicked: every other try); near: the wheel.
        if far and (turn + scrolls) % 2 == 0:
            await _bar_click(pilot, down)
        else:
            await _wheel(pilot, down)
        scrolls += 1
    region = _actions(app).region
    assert await pilot.click("#actions", offset=(2, rows[index] - region.y))
    return scrolls


def _assert_no_screen_scroll(app: TableApp) -> None:
    main = app.screen_stack[0]
    assert main.size == SMALL
    assert main.virtual_size == main.size, "the screen itself scrolls"


#: The games clicked for that many decisions, not to their end.
CLICKS = {"quazarys": 60}


@pytest.mark.parametrize("lang", ["fr"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_a_whole_game_by_mouse(game_id: str, lang: str) -> None:
    """Seat 0 plays every decision by clicking an option drawn at random from the list
    (real time: after each click the fake clock lets one bot tick pass). Quazarys' race is
    clicked for its first ``CLICKS`` decisions only: thirty rounds of long lists read from the
    screen take a minute and a half, and ``test_play.py`` plays it whole by keys."""
    app, g, clock = new_table(game_id, lang)
    rng = random.Random(f"{game_id}-{lang}")
    clicks = scrolls = hidden_picks = 0
    limit = CLICKS.get(game_id)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        while not g.is_over and (limit is None or clicks < limit):
            assert clicks < 1500
            _assert_no_screen_scroll(app)
            if 0 in g.to_act and g.legal_actions(0):
                legal = g.legal_actions(0)
                assert [a for a in app.lines if a is not None] == legal
                # Mostly one of the first options in view (a game as long as by keyboard);
                # every third decision one out of view when the list is longer than its pane.
                rows = _rows(app)
                pool = [a for i, a in enumerate(app.lines) if a is not None and i in rows][:3]
                if clicks % 3 == 0:
                    hidden = [a for i, a in enumerate(app.lines) if a is not None and i not in rows]
                    pool = hidden or pool
                    hidden_picks += bool(hidden)
                target = rng.choice(pool)
                before = len(g.record()["entries"])
                scrolls += await _click_action(pilot, app, target, clicks)
                clicks += 1
                await settle(pilot)
                entries = g.record()["entries"]
                played = next(e for e in entries[before:] if e.get("seat") == 0)
                assert played["action"] == target.to_json()
            else:
                assert g.realtime
            if g.realtime and not g.is_over:
                clock.now += app.tick_seconds
                app.tick()
                await settle(pilot)
        _assert_no_screen_scroll(app)
        assert clicks > 0 and (app.finished if limit is None else clicks == limit)
    # Every list longer than its pane had an option scrolled to and clicked (Tortuga's
    # lists stay short in three rounds; the other games' lists overflow the pane).
    assert scrolls >= hidden_picks
    if game_id != "tortuga2199":
        assert hidden_picks > 0
