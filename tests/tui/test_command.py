"""``spacetable tui``: bad flags are refused before the screen opens, as ``play`` refuses them."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.core import TyperGroup
from typer.testing import CliRunner

from spacetable.cli.common import USAGE_ERROR
from spacetable.cli.main import app

runner = CliRunner()


def test_tui_is_a_command() -> None:
    res = runner.invoke(app, ["tui", "--help"])
    assert res.exit_code == 0
    assert "set-up screen" in res.output


def test_bad_flags_are_refused_with_a_clear_message() -> None:
    res = runner.invoke(app, ["tui", "nosuchgame"])
    assert res.exit_code == USAGE_ERROR
    assert "nosuchgame" in res.output
    res = runner.invoke(app, ["tui", "wildspace", "--players", "9"])
    assert res.exit_code == USAGE_ERROR
    assert "9" in res.output
    res = runner.invoke(app, ["tui", "wildspace", "--lang", "de"])
    assert res.exit_code == USAGE_ERROR
    assert "--lang" in res.output


def test_a_bad_replay_file_is_refused_before_the_screen(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]", encoding="utf-8")
    res = runner.invoke(app, ["tui", "--replay", str(bad)])
    assert res.exit_code == USAGE_ERROR
    assert "not a record" in res.output
    missing = tmp_path / "missing.json"
    res = runner.invoke(app, ["tui", "--replay", str(missing)])
    assert res.exit_code == USAGE_ERROR
    assert "missing.json" in res.output


def test_play_and_tui_share_one_declaration_of_the_table_options() -> None:
    """The options both commands take are declared once: same names, help and defaults."""
    group = typer.main.get_command(app)
    assert isinstance(group, TyperGroup)
    shared = {
        "players",
        "bot",
        "seed",
        "lang",
        "option",
        "save",
        "load",
        "speed",
        "tick",
        "data",
    }

    def params(command: str) -> dict[str, tuple[object, ...]]:
        cmd = group.commands[command]
        return {
            p.name: (tuple(p.opts), getattr(p, "help", None), p.default, p.multiple)
            for p in cmd.params
            if p.name in shared
        }

    play, tui = params("play"), params("tui")
    assert set(play) == shared
    assert play == tui
    # Rich would eat a "[default: ...]": the defaults are said in parentheses.
    res = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert "(default: the game's smallest count)" in res.output


def test_tui_guide_opens_the_guided_game_and_refuses_what_it_does_not_take(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from spacetable.tui import guide

    opened: list[tuple[str, str, int]] = []

    def run(self: guide.GuideApp) -> None:
        opened.append((self.game.game_id, self.lang, self.guide.learner))

    monkeypatch.setattr(guide.GuideApp, "run", run)
    res = runner.invoke(app, ["tui", "--guide", "toy", "--lang", "fr"])
    assert res.exit_code == 0, res.output
    assert opened == [("toy", "fr", 0)]
    res = runner.invoke(app, ["tui", "--guide"])
    assert res.exit_code == USAGE_ERROR and "--guide needs a game" in res.output
    res = runner.invoke(app, ["tui", "--guide", "toy", "--players", "3", "--seed", "2"])
    assert res.exit_code == USAGE_ERROR
    assert "--players, --seed cannot be used with --guide" in res.output
    monkeypatch.setattr(guide, "has_guide", lambda game_id: False)
    res = runner.invoke(app, ["tui", "--guide", "toy"])
    assert res.exit_code == USAGE_ERROR and "toy has no guided first game yet" in res.output
    assert len(opened) == 1
