"""``spacetable play``: the ``u``/``undo`` command takes back a seat's own last decisions under
the engine's rule, and refuses (saying why, changing nothing) where the rule does not allow it."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from spacetable.cli.main import app
from spacetable.engine import load

runner = CliRunner()


def test_undo_takes_back_the_last_decision_and_saves(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    # Egg Timers, one seat, no time flowing while the player thinks: turn timer 0, take it
    # back, turn timer 1, then quit.
    res = runner.invoke(
        app,
        ["play", "toy_rt", "-p", "1", "--seed", "4", "--speed", "0", "--save", str(save)],
        input="1\nu\n2\nq\n",
    )
    assert res.exit_code == 0, res.output
    assert "u: take back your last decision (1 may be taken back)." in res.output
    assert "Took back 1 decision(s)." in res.output
    g = load(save.read_text())
    assert [e["action"] for e in g.record()["entries"]] == [{"type": "turn", "timer": 1}]
    assert json.loads(save.read_text())["undo_floor"] == 0


def test_undo_of_too_many_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    res = runner.invoke(
        app,
        ["play", "toy_rt", "-p", "1", "--seed", "4", "--speed", "0", "--save", str(save)],
        input="1\nu 3\nundo 1\nq\n",  # one timer turned: 3 is too many, 1 is all of them
    )
    assert res.exit_code == 0, res.output
    assert "Only 1 decision(s) may be taken back now." in res.output
    assert "Took back 1 decision(s)." in res.output
    assert load(save.read_text()).step == 0


def test_undo_is_refused_after_a_draw_in_french(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    res = runner.invoke(
        app,
        ["play", "toy", "-p", "1", "--seed", "2", "--lang", "fr", "--save", str(save)],
        input="u\n1\nundo\nu x\nq\n",
    )
    assert res.exit_code == 0, res.output
    # Nothing at the start; after playing a card the seat drew one: the draw is a barrier.
    assert res.output.count("Rien à reprendre") == 2
    assert "Pas compris : 'u x'" in res.output
    assert "u : reprendre" not in res.output  # the hint is shown only when undo is possible
    assert load(save.read_text()).step == 1


def test_help_names_the_command() -> None:
    res = runner.invoke(app, ["play", "toy", "-p", "1", "--seed", "1"], input="h\nq\n")
    assert "u [N]: take back your last decision(s)" in res.output
