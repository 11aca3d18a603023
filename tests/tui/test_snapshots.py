"""Snapshots of every game's table, at 80x24 and at 160x50, in English and French.

The games are seeded, the bots too, and the clock is a fake one standing at zero: the SVGs
under ``__snapshots__`` are the same on every run. ``pytest --snapshot-update`` rewrites them
after a deliberate change of the screen (look at the report first).
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import GAMES, new_table, settle

SIZES = {"small": (80, 24), "large": (160, 50)}


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_table(game_id: str, lang: str, size: str, snap_compare: Any) -> None:
    app, _, _ = new_table(game_id, lang)
    assert snap_compare(app, terminal_size=SIZES[size], run_before=settle)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_setup_screen(lang: str, snap_compare: Any) -> None:
    from spacetable.tui.setup import SetupApp

    assert snap_compare(SetupApp(lang, "tortuga2199"), terminal_size=SIZES["small"])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_replay_viewer(lang: str, snap_compare: Any) -> None:
    import spacetable
    from spacetable.bots import make_bot
    from spacetable.sim import play_game
    from spacetable.tui.replay import ReplayApp

    from .conftest import FakeClock

    g = spacetable.new_game("quazarys", 2, 4, options={"round_limit": 60})  # as recorded
    play_game(g, [make_bot("random", seed=1), make_bot("random", seed=2)])
    viewer = ReplayApp(g.record(), lang, clock=FakeClock())
    assert snap_compare(viewer, terminal_size=SIZES["small"], press=["right"] * 5)


async def _highlight_the_third_action(pilot: Any) -> None:
    await settle(pilot)
    await pilot.press("down", "down")  # Planet Raiders: raider #3, on g1s (column g)
    await pilot.pause()


async def _pan_right_twice(pilot: Any) -> None:
    await settle(pilot)
    await pilot.press("tab", "l", "right")
    await pilot.pause()


@pytest.mark.parametrize(
    ("game_id", "keys"),
    [("planetraiders", _highlight_the_third_action), ("tortuga2199", _pan_right_twice)],
)
def test_the_board_pans_at_80x24(game_id: str, keys: Any, snap_compare: Any) -> None:
    app, _, _ = new_table(game_id, "en")
    assert snap_compare(app, terminal_size=SIZES["small"], run_before=keys)
