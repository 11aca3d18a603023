"""The command line, end to end, on the test-only game (and on every landed game for `games`)."""

from __future__ import annotations

import json
import random
from collections import deque
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import spacetable
from spacetable.cli.balance import run_balance
from spacetable.cli.main import app
from spacetable.cli.tournament import make_jobs, run_tournament
from spacetable.engine import NO_BOUND
from spacetable.playout import playout

runner = CliRunner()


def test_games_lists_registered_games() -> None:
    res = runner.invoke(app, ["games", "--json"])
    assert res.exit_code == 0, res.output
    ids = [g["id"] for g in json.loads(res.output)]
    assert ids == spacetable.list_games()
    res = runner.invoke(app, ["games"])
    assert res.exit_code == 0 and "toy" in res.output


def test_simulate_same_seed_same_summary() -> None:
    args = ["simulate", "toy", "--players", "3", "--games", "20", "--seed", "5", "--json"]
    a = runner.invoke(app, args)
    b = runner.invoke(app, args)
    assert a.exit_code == 0, a.output
    sa, sb = json.loads(a.output), json.loads(b.output)
    assert sa["summary"] == sb["summary"]
    assert sa["summary"]["games"] == 20
    assert abs(sum(sa["summary"]["wins_by_seat"]) - 20) < 0.01
    assert sa["speed"]["decisions_per_second"] > 0
    c = runner.invoke(app, [*args[:-2], "6", "--json"])
    assert json.loads(c.output)["summary"] != sa["summary"]


def test_simulate_rich_output_and_errors() -> None:
    res = runner.invoke(app, ["simulate", "toy", "-p", "2", "-n", "3", "--bots", "random"])
    assert res.exit_code == 0, res.output
    assert "by seat" in res.output and "decisions/s" in res.output
    bad = runner.invoke(app, ["simulate", "toy", "-p", "9", "-n", "1"])
    assert bad.exit_code == 2 and "players" in bad.output
    bad = runner.invoke(app, ["simulate", "toy", "-p", "2", "-n", "1", "--bots", "genius"])
    assert bad.exit_code == 2 and "unknown bot" in bad.output


def test_play_hot_seat_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    # Two humans: each turn asks to pass the terminal, then takes action 1.
    script = "\n1\n" * 12
    res = runner.invoke(
        app, ["play", "toy", "-p", "2", "--seed", "3", "--save", str(save)], input=script
    )
    assert res.exit_code == 0, res.output
    assert "Pass the terminal to seat" in res.output
    assert "Game over" in res.output
    g = spacetable.load(save.read_text())
    assert g.is_over


def test_play_against_a_bot_in_french_save_and_resume(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    res = runner.invoke(
        app,
        [
            "play",
            "toy",
            "-p",
            "2",
            "--seed",
            "4",
            "--bot",
            "1=random",
            "--lang",
            "fr",
            "--save",
            str(save),
        ],
        input="?\n/jouer\n1\nq\n",
    )
    assert res.exit_code == 0, res.output
    assert "Actions possibles" in res.output and "jouer" in res.output
    g = spacetable.load(save.read_text())
    assert not g.is_over and g.step >= 1
    res = runner.invoke(
        app, ["play", "toy", "--load", str(save), "--bot", "1=random"], input="1\n" * 12
    )
    assert res.exit_code == 0, res.output
    assert "Partie terminée" in res.output  # the save remembers the language


def test_play_rejects_bad_input() -> None:
    res = runner.invoke(
        app,
        ["play", "toy", "-p", "2", "--seed", "1", "--bot", "1=random"],
        input="99\nxyz\nplay card=77\nq\n",
    )
    assert res.exit_code == 0
    assert "Not understood" in res.output or "Not legal" in res.output
    res = runner.invoke(app, ["play", "toy", "-p", "2", "--bot", "5=random"])
    assert res.exit_code != 0


def test_replay_record_and_save(tmp_path: Path) -> None:
    g = spacetable.new_game("toy", 2, seed=9)
    deque(playout(g, random.Random(9), lambda game, seat, legal: legal[-1]), maxlen=0)
    rec = tmp_path / "rec.json"
    rec.write_text(json.dumps(g.record()))
    res = runner.invoke(app, ["replay", str(rec)])
    assert res.exit_code == 0, res.output
    assert "every hand is empty" in res.output
    res = runner.invoke(app, ["replay", str(rec), "--step", "--seat", "0"], input="\n" * 20)
    assert res.exit_code == 0 and f"{g.step}/{g.step}" in res.output
    save = tmp_path / "save.json"
    save.write_text(g.to_json())
    assert runner.invoke(app, ["replay", str(save)]).exit_code == 0
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert runner.invoke(app, ["replay", str(bad)]).exit_code == 2


def test_python_dash_m_entry_point() -> None:
    import subprocess
    import sys

    res = subprocess.run(
        [sys.executable, "-m", "spacetable", "--help"], capture_output=True, text=True, check=False
    )
    assert res.returncode == 0 and "simulate" in res.stdout


def test_long_action_lists_are_grouped() -> None:
    from spacetable.cli.play import LONG_LIST, group_actions
    from spacetable.testing.toy import Play
    from spacetable.testing.toy_rt import Turn

    items = [(i + 1, Play(i % 6 + 1)) for i in range(LONG_LIST + 5)] + [(99, Turn(0))]
    groups = group_actions(items)
    labels = [label for label, _ in groups]
    assert labels == [f"play card={v}" for v in range(1, 7)] + ["turn"]
    assert sum(len(m) for _, m in groups) == len(items)
    assert groups[-1][1] == [(99, Turn(0))]


def test_bot_moves_are_told_from_the_public_log_only() -> None:
    res = runner.invoke(
        app, ["play", "toy", "-p", "2", "--seed", "2", "--bot", "1=random"], input="1\n" * 12
    )
    assert res.exit_code == 0, res.output
    bot_lines = [line for line in res.output.splitlines() if line.startswith("Seat 1 (random):")]
    assert any("event=play" in line for line in bot_lines)
    draws = [line for line in bot_lines if "event=draw" in line]
    assert draws and all("card" not in line for line in draws)  # the drawn card is private


def test_play_load_checks_the_game_id(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    save.write_text(spacetable.new_game("toy", 2, seed=1).to_json())
    res = runner.invoke(app, ["play", "toy_rt", "--load", str(save)])
    assert res.exit_code == 2 and "holds a game of toy" in res.output


def test_simulations_play_a_game_the_rulebook_does_not_bound_with_its_bot_limit() -> None:
    """Tortuga 2199 has no round limit (« La partie se termine dans deux cas »); the
    simulation drivers apply the game's ``simulation_options`` unless ``-o`` says otherwise."""
    assert spacetable.new_game("tortuga2199", 2, seed=1).options["round_limit"] == 0
    args = ["simulate", "tortuga2199", "-p", "2", "-n", "1", "--json", "--bots", "greedy"]
    res = runner.invoke(app, args)
    assert res.exit_code == 0, res.output
    assert "simulated with round_limit=40" in res.stderr
    assert json.loads(res.stdout)["options"]["round_limit"] == 40
    res = runner.invoke(app, [*args, "-o", "round_limit=25"])
    assert res.exit_code == 0 and "simulated with" not in res.stderr
    assert json.loads(res.stdout)["options"]["round_limit"] == 25


#: Each game the rulebook does not bound, its simulation setting and a value turning it off.
UNBOUNDED = [
    ("quazarys", {"round_limit": 60}, {"round_limit": 0}),
    ("planetraiders", {"round_limit": 100, "stall_rounds": 20}, {"round_limit": 0}),
    ("tortuga2199", {"round_limit": 40}, {"round_limit": 0}),
    ("wildspace", {"effects": "once_per_turn"}, {"effects": "every_lay"}),
]


@pytest.mark.parametrize(("game", "sim", "off"), UNBOUNDED, ids=[u[0] for u in UNBOUNDED])
def test_every_simulation_driver_plays_the_games_simulation_setting(
    game: str, sim: dict[str, Any], off: dict[str, Any]
) -> None:
    """The rulebook's game by default (new_game); the game's ``simulation_options`` in
    ``simulate`` (said on stderr) and in the Python drivers behind ``tournament`` and
    ``balance``, where an option given wins."""
    g = spacetable.new_game(game, 2, seed=1)
    assert type(g).max_decisions(2, g.options) == NO_BOUND  # the rulebook's game
    assert spacetable.game_info(game)["simulation_options"] == sim
    res = runner.invoke(app, ["simulate", game, "-p", "2", "-n", "1", "--json", "--bots", "random"])
    assert res.exit_code == 0, res.output
    said = ", ".join(f"{k}={v}" for k, v in sim.items())
    assert f"simulated with {said}" in res.stderr
    played = json.loads(res.stdout)["options"]
    assert {k: played[k] for k in sim} == sim
    report = run_tournament(game, 2, ["random"], 2, seed=3)
    assert {k: report["options"][k] for k in sim} == sim
    assert all(j.options == {**j.options, **sim} for j in make_jobs(game, 2, ["random"], 2, 3))
    balance = run_balance(game, [2], 2, bot="random", seed=3)
    assert {k: balance["options"][k] for k in sim} == sim
    jobs = make_jobs(game, 2, ["random"], 1, 3, options=off)
    assert {k: jobs[0].options[k] for k in off} == off


def test_play_answers_why_an_action_is_not_legal_with_its_rule() -> None:
    """Seed 8: seat 0 starts, holding a 5 and a 6."""
    res = runner.invoke(
        app,
        ["play", "toy", "-p", "2", "--seed", "8", "--bot", "1=random"],
        input="why play card=1\nwhy play 6\nwhy\nwhy fly away\nplay card=2\nq\n",
    )
    assert res.exit_code == 0, res.output
    out = " ".join(res.output.split())  # rich wraps long lines
    assert "Why not “play 1”?" in out
    assert "You have no card 1 in your hand." in out
    assert "The rule (Tour de jeu):" in out
    assert "« Jouez une carte de votre main : vous marquez sa valeur. »" in out
    assert "Play a card from your hand: you score its value." in out
    assert "play 6: you may play it now." in out  # by its label
    assert "why ACTION: an action's text, e.g. why play card=1" in out
    assert "'fly away' is not an action of this game." in out
    # A typed move that is not legal is answered with its reasons at once.
    assert "Not legal: play 2" in out and "You have no card 2 in your hand." in out
    assert "not_in_hand" not in out


def test_play_answers_why_in_french() -> None:
    res = runner.invoke(
        app,
        ["play", "toy", "-p", "2", "--seed", "8", "--bot", "1=random", "--lang", "fr"],
        input="why play card=1\nq\n",
    )
    assert res.exit_code == 0, res.output
    out = " ".join(res.output.split())
    assert "Pourquoi pas « jouer 1 » ?" in out
    assert "Vous n'avez pas de carte 1 en main." in out
    assert "La règle (Tour de jeu) :" in out
    assert "« Jouez une carte de votre main : vous marquez sa valeur. »" in out
    assert "Play a card from your hand" not in out
