"""The full-screen table driven by key presses and clicks (Textual's pilot), at 80x24."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Static

import spacetable
from spacetable.bots import Bot, SeatPort, make_bot
from spacetable.cli.common import compact_renderer, renderer
from spacetable.engine import Action, save_meta
from spacetable.sim import step_bots
from spacetable.tui import TableApp
from spacetable.tui.app import HandoffScreen, QuitScreen, TextsScreen, UndoScreen, _Idle
from spacetable.tui.board import BoardPane
from spacetable.tui.texts import tr

from .conftest import GAMES, FakeClock, new_table, settle

SMALL = (80, 24)

pytestmark = pytest.mark.anyio


def _text(app: object, selector: str) -> str:
    widget = app.screen.query_one(selector, Static)  # type: ignore[attr-defined]
    return str(widget.render())


def _words(text: str) -> list[str]:
    """The words of a text, whatever its lines: the board pane wraps its prose lines."""
    return text.split()


@pytest.mark.parametrize("lang", ["en"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_a_whole_game_through_key_presses(game_id: str, lang: str) -> None:
    """Seat 0 plays every decision with Enter (real time: Enter, then w lets time pass)."""
    app, g, _ = new_table(game_id, lang)
    draw = renderer(g.game_id, g.parts)
    narrow = compact_renderer(g.game_id, g.parts)
    presses = 0
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        while not g.is_over:
            assert presses < 3000
            # Nothing scrolls the screen itself at 80x24: only its panes scroll.
            assert app.screen_stack[0].virtual_size == app.screen_stack[0].size == SMALL
            if 0 in g.to_act and g.legal_actions(0):
                # The table on screen is seat 0's own, never another seat's or the whole state
                # (drawn narrower when the game has a compact drawing and the full one is too
                # wide for the pane).
                compact = app.query_one("#board", BoardPane).compact
                board = narrow(g.view(0), lang) if compact else draw(g.view(0), lang)
                assert board is not None
                assert _words(_text(app, "#board-text")) == _words(str(Static(board).render()))
                await pilot.press("enter" if not g.realtime or presses % 2 == 0 else "w")
            else:
                assert g.realtime
                await pilot.press("w")
            presses += 1
            await settle(pilot)
        assert app.finished
        status = _text(app, "#status")
        assert status.startswith(tr(lang, "over", reason="").strip().rstrip(":"))
        assert app.screen.size == SMALL
        ours = [e for e in g.record()["entries"] if e.get("seat") == 0]
        assert ours, "seat 0 made no decision"
        await pilot.press("q")  # a finished game leaves without asking
        await pilot.pause()
    assert app.return_value is True


async def test_undo_takes_back_and_refuses_with_the_reason() -> None:
    app, g, _ = new_table("quazarys", "en")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        before = g.to_json()
        await pilot.press("u")
        assert g.to_json() == before
        assert tr("en", "no_undo") in _text(app, "#status").replace("\n", " ")
        await pilot.pause()
        # The whole reason is on screen: the status line grows to hold it (up to 4 lines).
        status = app.screen.query_one("#status", Static)
        assert status.size.height == 3
        # Play until seat 0 has a decision it may take back.
        for _ in range(200):
            saved = g.to_json()
            await pilot.press("enter")
            await settle(pilot)
            if g.undoable(0):
                break
        assert g.undoable(0)
        await pilot.press("u")
        await settle(pilot)
        assert g.to_json() == saved
        assert tr("en", "undone", n=1) in _text(app, "#status")


async def test_quit_asks_first() -> None:
    app, g, _ = new_table("wildspace", "fr")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("q")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("n")
        assert not isinstance(app.screen, QuitScreen)
        assert app.is_running
        await pilot.press("q")
        await pilot.press("o")  # French: oui
        await pilot.pause()
    assert app.return_value is False
    assert not g.is_over


async def test_hot_seat_hides_the_previous_table() -> None:
    app, g, _ = new_table("wildspace", "en", humans=(0, 1))
    draw = renderer(g.game_id, g.parts)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        while g.to_act == [0]:
            await pilot.press("enter")
            await settle(pilot)
        assert g.to_act == [1]
        assert isinstance(app.screen, HandoffScreen)
        main = app.screen_stack[0]
        assert str(main.query_one("#board-text", Static).render()) == ""
        assert main.query_one("#actions", OptionList).option_count == 0
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, HandoffScreen)
        assert _words(_text(app, "#board-text")) == _words(
            str(Static(draw(g.view(1), "en")).render())
        )


async def test_filter_by_typing_then_play_with_enter() -> None:
    app, g, _ = new_table("tortuga2199", "en")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        legal = g.legal_actions(0)
        labels = [g.describe_action(a, "en") for a in legal]
        target = labels[-1]
        word = next(
            w for w in target.split() if sum(w.lower() in x.lower() for x in labels) < len(labels)
        )
        await pilot.press("slash")
        assert isinstance(app.focused, Input)
        await pilot.press(*word)
        shown = [a for a in app.lines if a is not None]
        assert shown and all(word.lower() in g.describe_action(a, "en").lower() for a in shown)
        assert len(shown) < len(legal)
        await pilot.press("escape")
        assert [a for a in app.lines if a is not None] == legal
        await pilot.press("slash", *word, "enter")
        await settle(pilot)
        assert g.record()["entries"][0]["action"] == shown[0].to_json()


async def test_a_click_plays_the_action_under_the_pointer() -> None:
    app, g, _ = new_table("wildspace", "en")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        legal = g.legal_actions(0)
        assert len(legal) > 1
        assert app.lines[1] == legal[1]
        ol = app.screen.query_one("#actions", OptionList)
        # The first row of the second option (a long label wraps over several rows).
        row = next(y for y, (index, _) in enumerate(ol._lines) if index == 1)
        await pilot.click("#actions", offset=(2, row))
        await settle(pilot)
        assert g.record()["entries"][0]["action"] == legal[1].to_json()


async def test_texts_panel_shows_only_what_the_seat_sees() -> None:
    app, g, _ = new_table("wildspace", "fr")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, TextsScreen)
        body = str(app.screen.query_one("#texts-body", Static).render())
        mine = g.component_texts(0, "fr")
        assert mine
        for c in mine:
            assert c.name in body and c.id in body
        hidden = {c.id for c in g.component_texts(1, "fr")} - {c.id for c in mine}
        assert hidden, "seat 1 should hold cards seat 0 cannot see"
        assert not any(i in body.split() for i in hidden)
        await pilot.press("escape")
        assert not isinstance(app.screen, TextsScreen)


async def test_real_time_runs_on_the_injected_clock() -> None:
    app, g, clock = new_table("spacedealer", "en")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        assert g.clock == 0
        clock.now += 5
        app.tick()
        await settle(pilot)  # the bots think the tick in a worker
        assert g.clock == pytest.approx(5)
        assert "clock 5.0 s" in _text(app, "#status")
        await pilot.press("p")  # pause
        clock.now += 20
        app.tick()
        await settle(pilot)  # the bots think the tick in a worker
        assert g.clock == pytest.approx(5)
        assert "paused" in _text(app, "#status")
        await pilot.press("p", "plus")  # resume, then twice as fast
        assert app.speed == 2
        clock.now += 3
        app.tick()
        await settle(pilot)  # the bots think the tick in a worker
        assert g.clock == pytest.approx(11)
        # Time flows on while the texts panel is open, and the table under it follows.
        await pilot.press("question_mark")
        assert isinstance(app.screen, TextsScreen)
        clock.now += 1
        app.tick()
        await settle(pilot)  # the bots think the tick in a worker
        assert g.clock == pytest.approx(13)
        status = app.screen_stack[0].query_one("#status", Static)
        assert "clock 13.0 s" in str(status.render())


async def test_the_selection_stays_on_its_action_when_the_list_is_redrawn() -> None:
    app, g, clock = new_table("spacedealer", "en")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("down", "down", "down")
        ol = app.screen.query_one("#actions", OptionList)
        chosen = app.lines[ol.highlighted or 0]
        assert chosen is not None
        for _ in range(3):
            clock.now += 1
            app.tick()
            await settle(pilot)  # the bots think the tick in a worker
            if chosen in g.legal_actions(0):
                assert app.lines[ol.highlighted or 0] == chosen


async def test_saves_after_every_move_and_on_s(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    app, g, _ = new_table("wildspace", "en", save=path, kinds={1: "random"})
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert g.step > 0
        saved = spacetable.load(path.read_text(encoding="utf-8"))
        assert saved.to_json() == g.to_json()
        meta = save_meta(path.read_text(encoding="utf-8"))
        assert meta["play"]["seats"] == [None, "random"] and meta["play"]["lang"] == "en"
        path.unlink()
        await pilot.press("s")
        assert path.exists()
        assert tr("en", "saved", path=path) in _text(app, "#status")
        await pilot.press("q")
        assert isinstance(app.screen, QuitScreen)
        quit_text = str(app.screen.query_one("#quit", Static).render())
        assert tr("en", "quit_saved", path=path).split(" to ")[0] in quit_text


async def test_s_without_a_save_file_says_so_and_writes_nothing(tmp_path: Path) -> None:
    app, g, _ = new_table("wildspace", "fr")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        before = g.to_json()
        await pilot.press("s")
        assert tr("fr", "no_save") in _text(app, "#status")
        assert g.to_json() == before
        assert not list(tmp_path.iterdir())


async def test_real_time_hot_seat_hands_the_screen_over_with_n() -> None:
    app, g, clock = new_table("spacedealer", "en", humans=(0, 1))
    draw = renderer(g.game_id, g.parts)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        assert app.seat == 0
        await pilot.press("n")
        assert isinstance(app.screen, HandoffScreen)
        # Time flows during the hand-off, and no table is drawn under it.
        clock.now += 2
        app.tick()
        await settle(pilot)  # the bots think the tick in a worker
        assert g.clock == pytest.approx(2)
        main = app.screen_stack[0]
        assert str(main.query_one("#board-text", Static).render()) == ""
        assert main.query_one("#actions", OptionList).option_count == 0
        await pilot.press("enter")
        await pilot.pause()
        assert app.seat == 1
        assert _words(_text(app, "#board-text")) == _words(
            str(Static(draw(g.view(1), "en")).render())
        )
        assert [a for a in app.lines if a is not None] == g.legal_actions(1)


async def test_U_takes_back_several_decisions_under_the_engines_rule() -> None:
    app, g, _ = new_table("planetraiders", "en")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        # Nothing to take back yet: U refuses at once, with the reason, and asks nothing.
        await pilot.press("U")
        assert not isinstance(app.screen, UndoScreen)
        assert tr("en", "no_undo") in _text(app, "#status").replace("\n", " ")
        saves = [g.to_json()]
        while g.undoable(0) < 3:
            assert len(saves) < 50
            await pilot.press("enter")
            await settle(pilot)
            saves.append(g.to_json())
        can = g.undoable(0)
        assert f"u U ({can})" in _text(app, "#status")
        # More than the engine allows: refused, nothing changes.
        await pilot.press("U")
        assert isinstance(app.screen, UndoScreen)
        await pilot.press(*str(can + 1), "enter")
        await settle(pilot)
        assert not isinstance(app.screen, UndoScreen)
        assert g.to_json() == saves[-1]
        assert tr("en", "few_undo", n=can) in _text(app, "#status")
        # Not a count: refused; Esc cancels without a word.
        await pilot.press("U", "0", "enter")
        assert g.to_json() == saves[-1]
        assert tr("en", "bad_count", text="0", n=can) in _text(app, "#status")
        await pilot.press("U", "1", "escape")
        assert not isinstance(app.screen, UndoScreen)
        assert g.to_json() == saves[-1]
        # Two at once: the game is exactly as it was two decisions ago.
        await pilot.press("U", "2", "enter")
        await settle(pilot)
        assert g.to_json() == saves[-3]
        assert g.undoable(0) == can - 2
        assert tr("en", "undone", n=2) in _text(app, "#status")


class _GatedBot(Bot):
    """A random bot that thinks until the test lets it answer."""

    name = "slow"

    def __init__(self) -> None:
        self.inner = make_bot("random", seed=1)
        self.thinking = threading.Event()
        self.gate = threading.Event()

    def choose(self, port: SeatPort) -> Action | None:
        self.thinking.set()
        assert self.gate.wait(30), "the test never let the bot answer"
        return self.inner.choose(port)


async def test_real_time_screen_stays_live_while_a_slow_bot_thinks() -> None:
    cfg = GAMES["spacedealer"]
    g = spacetable.new_game("spacedealer", cfg["players"], cfg["seed"], dict(cfg["options"]))
    slow = _GatedBot()
    clock = FakeClock()
    app = TableApp(g, {1: slow, 2: make_bot("random", seed=2)}, "en", clock=clock, tick=10.0)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        clock.now += 5
        app.tick()
        for _ in range(500):
            if slow.thinking.is_set():
                break
            await pilot.pause(0.01)
        assert slow.thinking.is_set()
        # The bot thinks in a worker: the screen answers keys and the clock ticks meanwhile.
        assert g.clock == 0
        assert tr("en", "bots_thinking") in _text(app, "#status")
        await pilot.press("p")
        assert "paused" in _text(app, "#status")
        await pilot.press("p", "plus")
        assert "×2" in _text(app, "#status")
        clock.now += 1
        app.tick()  # one more wall second (two game seconds) waits its turn
        await pilot.pause()
        assert tr("en", "bots_thinking") in _text(app, "#status")
        # The seat on screen plays while the bot thinks.
        before = len(g.record()["entries"])
        await pilot.press("enter")
        assert [e.get("seat") for e in g.record()["entries"][before:]] == [0]
        assert any(w.is_running for w in app.workers)
        slow.gate.set()
        await settle(pilot)
        assert g.clock == pytest.approx(7)
        assert tr("en", "bots_thinking") not in _text(app, "#status")
        assert "clock 7.0 s" in _text(app, "#status")
        assert any(e.get("seat") == 1 for e in g.record()["entries"][before:])


async def test_real_time_bots_in_a_worker_play_as_on_the_screens_thread() -> None:
    """The bots' answers are applied in the order they were given: the same fake clock
    gives the same game as :func:`step_bots` run directly, tick by tick."""
    app, g, clock = new_table("spacedealer", "fr")
    cfg = GAMES["spacedealer"]
    ref = spacetable.new_game("spacedealer", cfg["players"], cfg["seed"], dict(cfg["options"]))
    bots = [_Idle(), make_bot("random", seed=1), make_bot("random", seed=2)]
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        for wall in (3, 14, 0.5, 25):  # game seconds, in bot ticks of at most 10
            clock.now += wall
            app.tick()
            await settle(pilot)
            while wall > 1e-9:
                step_bots(ref, bots, tick=min(10.0, wall))
                wall -= min(10.0, wall)
    assert g.record()["entries"] == ref.record()["entries"]
    assert any(e.get("seat") in (1, 2) for e in g.record()["entries"])
