"""A user's mistake on the command line ends in one line ``error: ...``, never a traceback.

Issue 16: every command checks its files, paths and option values before doing any work, and
``play`` survives a save that cannot be written. Nothing here depends on the terminal width
(errors are never wrapped) or on the clock.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import deque
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import spacetable
from spacetable.cli import bench
from spacetable.cli.main import app
from spacetable.cli.play import Session, make_session
from spacetable.playout import playout

runner = CliRunner()

PLAY3 = ["play", "toy", "-p", "3", "--seed", "4", "--bot", "1=easy", "--bot", "2=mcts:5"]
PLAY_RT = ["play", "toy_rt", "-p", "2", "--bot", "1=random"]
BENCH = ["bench", "toy", "-p", "2", "--seconds", "0.01", "--mcts-iterations", "2"]


def one_line_error(res: Result, *fragments: str, code: int = 2) -> str:
    """Assert ``res`` is exactly one line ``error: ...`` with exit status ``code``."""
    assert res.exit_code == code, res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    lines = res.output.strip().splitlines()
    assert len(lines) == 1, res.output
    assert lines[0].startswith("error: "), res.output
    for f in fragments:
        assert f in lines[0], (f, lines[0])
    return lines[0]


def _toy_save(tmp_path: Path, name: str = "g.json", **meta: object) -> Path:
    g = spacetable.new_game("toy", 2, seed=1)
    path = tmp_path / name
    path.write_text(g.to_json(meta=meta or None))
    return path


# ---------------------------------------------------------------------------- play: saving


def test_play_save_into_a_missing_folder_or_a_directory_goes_on(tmp_path: Path) -> None:
    missing = tmp_path / "nope" / "g.json"
    folder = tmp_path / "dir"
    folder.mkdir()
    good = tmp_path / "good.json"
    script = f"s {missing}\ns {folder}\ns {good}\n" + "1\n" * 12
    res = runner.invoke(
        app, ["play", "toy", "-p", "2", "--seed", "3", "--bot", "1=random"], input=script
    )
    assert res.exit_code == 0, res.output
    assert res.exception is None
    failed = [line for line in res.output.splitlines() if "Not saved to" in line]
    assert len(failed) == 2, res.output
    assert "does not exist" in failed[0] and "it is a folder" in failed[1]
    assert f"Saved to {good}." in res.output and "Game over" in res.output
    assert not spacetable.load(good.read_text()).is_over
    assert not missing.parent.exists()


def test_play_save_failure_is_told_in_french(tmp_path: Path) -> None:
    script = f"s {tmp_path}\nq\n"
    res = runner.invoke(
        app, ["play", "toy", "-p", "2", "--bot", "1=random", "--lang", "fr"], input=script
    )
    assert res.exit_code == 0, res.output
    assert "Pas sauvegardé dans" in res.output and "c'est un dossier" in res.output


def test_play_save_expands_the_home_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    res = runner.invoke(app, ["play", "toy", "-p", "2", "-b", "1=random"], input="s ~/g.json\nq\n")
    assert res.exit_code == 0, res.output
    assert spacetable.engine.save_meta((tmp_path / "g.json").read_text())["play"]["seats"] == [
        None,
        "random",
    ]


def test_autosave_that_cannot_write_reports_and_returns(tmp_path: Path) -> None:
    game = spacetable.new_game("toy", 2, seed=1)
    session = Session(game, {}, "en", tmp_path / "gone" / "g.json", 1.0, 1.0)
    session.autosave()  # no exception: the game would go on
    assert not (tmp_path / "gone").exists()


@pytest.mark.parametrize("where", ["missing", "directory", "file_as_folder"])
def test_play_checks_save_before_the_game(tmp_path: Path, where: str) -> None:
    (tmp_path / "afile").write_text("x")
    target = {
        "missing": tmp_path / "nope" / "g.json",
        "directory": tmp_path,
        "file_as_folder": tmp_path / "afile" / "g.json",
    }[where]
    res = runner.invoke(app, ["play", "toy", "-p", "2", "--save", str(target)], input="1\n" * 12)
    one_line_error(res, "--save")


# ---------------------------------------------------------------------------- play: resume


def test_save_remembers_the_table_and_load_restores_it(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    res = runner.invoke(
        app,
        [*PLAY3, "--lang", "fr", "--save", str(save)],
        input="1\nq\n",
    )
    assert res.exit_code == 0, res.output
    meta = spacetable.engine.save_meta(save.read_text())
    assert meta["play"] == {
        "seats": [None, "easy", "mcts:5"],
        "lang": "fr",
        "speed": 1.0,
        "tick": 1.0,
    }
    res = runner.invoke(app, ["play", "toy", "--load", str(save)], input="1\n" * 12)
    assert res.exit_code == 0, res.output
    assert "Partie terminée" in res.output  # French, and no seat is asked to pass the terminal
    assert "Passez le terminal" not in res.output
    lines = res.output.splitlines()
    assert any(line.startswith("Siège 1 (easy):") for line in lines)
    assert any(line.startswith("Siège 2 (mcts:5):") for line in lines)


def test_flags_given_with_load_override_the_save(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    args = ["play", "toy", "-p", "3", "--seed", "4", "--bot", "1=easy", "--bot", "2=random"]
    res = runner.invoke(app, [*args, "--lang", "fr", "--save", str(save)], input="1\nq\n")
    assert res.exit_code == 0, res.output
    res = runner.invoke(
        app,
        ["play", "toy", "--load", str(save), "--lang", "en", "--bot", "1=human"],
        input="\n1\n" * 12,
    )
    assert res.exit_code == 0, res.output
    assert "Game over" in res.output and "Pass the terminal to seat 1" in res.output
    assert not any(line.startswith("Seat 1 (") for line in res.output.splitlines())
    s = make_session("toy", None, ["2=greedy"], None, None, None, None, save, None, None)
    assert s.kinds == {1: "easy", 2: "greedy"} and s.lang == "fr"


def test_load_restores_real_time_speed_and_tick(tmp_path: Path) -> None:
    save = tmp_path / "rt.json"
    res = runner.invoke(
        app,
        [*PLAY_RT, "--speed", "0", "--tick", "5", "--save", str(save)],
        input="q\n",
    )
    assert res.exit_code == 0, res.output
    s = make_session("toy_rt", None, None, None, None, None, None, save, None, None)
    assert (s.speed, s.tick, s.kinds, s.lang) == (0.0, 5.0, {1: "random"}, "en")
    s = make_session("toy_rt", None, None, None, None, None, None, save, 2.0, None)
    assert (s.speed, s.tick) == (2.0, 5.0)


def test_load_of_a_save_without_play_settings_seats_humans(tmp_path: Path) -> None:
    save = _toy_save(tmp_path)
    s = make_session("toy", None, None, None, None, None, None, save, None, None)
    assert s.bots == {} and s.humans == [0, 1] and (s.lang, s.speed, s.tick) == ("en", 1.0, 1.0)
    save = _toy_save(tmp_path, "h.json", play={"seats": ["human", "random"]})
    s = make_session("toy", None, None, None, None, None, None, save, None, None)
    assert s.kinds == {1: "random"} and s.humans == [0]


@pytest.mark.parametrize(
    ("play", "fragment"),
    [
        ("nonsense", "not a JSON object"),
        ({"seats": ["random"]}, "list of 2"),
        ({"seats": [None, 3]}, "seat 1"),
        ({"seats": [None, "genius"]}, "unknown bot"),
        ({"lang": "de"}, "unknown language"),
        ({"lang": ["fr"]}, "unknown language"),
        ({"speed": 10**400}, "speed"),
        ({"tick": None}, "tick"),
        ({"speed": -1}, "speed"),
        ({"tick": "fast"}, "tick"),
    ],
)
def test_load_refuses_bad_play_settings(tmp_path: Path, play: object, fragment: str) -> None:
    save = _toy_save(tmp_path, play=play)
    res = runner.invoke(app, ["play", "toy", "--load", str(save)])
    one_line_error(res, "play settings", fragment)


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (None, "No such file"),
        ("dir", "directory"),
        ("not json", "not"),
        ("[]", "not"),
        ("{}", "not"),
        ('{"format": "spacetable-save/1"}', ""),
        (b"\xff\xfe\x00", "not a text file"),
    ],
)
def test_play_load_of_a_bad_file(
    tmp_path: Path, content: str | bytes | None, fragment: str
) -> None:
    path = tmp_path / "g.json"
    if content == "dir":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    res = runner.invoke(app, ["play", "toy", "--load", str(path)])
    one_line_error(res, fragment)


def test_play_load_refuses_settings_the_save_holds(tmp_path: Path) -> None:
    save = _toy_save(tmp_path)
    res = runner.invoke(app, ["play", "toy", "--load", str(save), "-p", "3", "--seed", "2"])
    one_line_error(res, "--players, --seed cannot be used with --load")
    res = runner.invoke(app, ["play", "toy", "--load", str(save), "-o", "hand=1"])
    one_line_error(res, "--option cannot be used with --load")


# ---------------------------------------------------------------------------- play: options


def test_play_defaults_to_the_smallest_player_count() -> None:
    s = make_session("spacedealer", None, None, 1, None, None, None, None, None, None)
    assert s.game.players == 3
    res = runner.invoke(
        app, ["play", "spacedealer", "--seed", "1"] + [f"--bot={i}=random" for i in range(3)]
    )
    assert res.exit_code == 0, res.output
    assert "Game over" in res.output
    assert make_session("toy", None, None, 1, None, None, None, None, None, None).game.players == 1


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["nosuch"], ("unknown game 'nosuch'",)),
        (["toy", "-p", "9"], ("players",)),
        (["toy", "-p", "2", "--bot", "x"], ("--bot", "SEAT=KIND")),
        (["toy", "-p", "2", "--bot", "2=random"], ("--bot", "0..1")),
        (["toy", "-p", "2", "--bot", "-1=random"], ("--bot",)),
        (["toy", "-p", "2", "--bot", "1=genius"], ("--bot", "unknown bot 'genius'")),
        (["toy", "-p", "2", "--bot", "1=mcts:abc"], ("--bot", "bad parameter")),
        (["toy", "-p", "2", "--bot", "1=mcts:0"], ("--bot", "iterations")),
        (["toy", "-p", "2", "-b", "1=random", "-b", "1=easy"], ("seat 1 is given twice",)),
        (["toy", "--lang", "de"], ("--lang",)),
        (["toy", "-o", "hand"], ("--option", "NAME=VALUE")),
        (["toy", "-o", "hand=9"], ("hand",)),
        (["toy", "-o", "colour=red"], ("colour",)),
        (["toy", "--tick", "0"], ("--tick",)),
        (["toy", "--tick", "nan"], ("--tick",)),
        (["toy", "--speed", "-1"], ("--speed",)),
    ],
)
def test_play_bad_options(args: list[str], fragments: tuple[str, ...]) -> None:
    one_line_error(runner.invoke(app, ["play", *args], input="1\n" * 12), *fragments)


def test_play_odd_inputs_are_not_understood() -> None:
    # "²" is a digit to str.isdigit() but not a number int() reads.
    res = runner.invoke(
        app, ["play", "toy", "-p", "2", "--seed", "1", "--bot", "1=random"], input="²\ng²\nq\n"
    )
    assert res.exit_code == 0, res.output
    assert res.output.count("Not understood") == 2


def test_play_real_time_bad_waits_are_not_understood() -> None:
    res = runner.invoke(
        app,
        ["play", "toy_rt", "-p", "2", "--bot", "1=random", "--speed", "0"],
        input="w nan\nw -3\nw inf\nw x\nq\n",
    )
    assert res.exit_code == 0, res.output
    assert res.output.count("Not understood") == 4
    assert "Clock: 0.0 s" in res.output and "Game over" not in res.output


# ---------------------------------------------------------------------------- replay


def _record_file(tmp_path: Path) -> Path:
    g = spacetable.new_game("toy", 2, seed=9)
    deque(playout(g, random.Random(9), lambda game, seat, legal: legal[0]), maxlen=0)
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(g.record()))
    return path


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (None, "No such file"),
        ("dir", "directory"),
        ("[]", "JSON list"),
        ("3", "JSON int"),
        ("not json", "not JSON"),
        ("{}", "not a record"),
        ('{"format": "spacetable-record/1"}', "record"),
        ('{"format": "spacetable-save/1"}', "save"),
        (b"\xff\xfe", "not a text file"),
    ],
)
def test_replay_of_a_bad_file(tmp_path: Path, content: str | bytes | None, fragment: str) -> None:
    path = tmp_path / "r.json"
    if content == "dir":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    one_line_error(runner.invoke(app, ["replay", str(path)]), fragment)


def test_replay_of_a_record_whose_moves_do_not_replay(tmp_path: Path) -> None:
    rec = json.loads(_record_file(tmp_path).read_text())
    rec["entries"][0]["action"] = {"type": "play", "card": 99}
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(rec))
    one_line_error(runner.invoke(app, ["replay", str(path)]), "entry 0")


@pytest.mark.parametrize("seat", ["5", "-1", "2"])
def test_replay_seat_out_of_range(tmp_path: Path, seat: str) -> None:
    res = runner.invoke(app, ["replay", str(_record_file(tmp_path)), "--seat", seat])
    one_line_error(res, "--seat", "0..1")


def test_replay_bad_language(tmp_path: Path) -> None:
    res = runner.invoke(app, ["replay", str(_record_file(tmp_path)), "--lang", "de"])
    one_line_error(res, "--lang")


# ---------------------------------------------------------------------------- simulate


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["-p", "2", "--bots", "random,greedy,easy"], ("--bots", "3 bots", "2 seats")),
        (["-p", "1", "--bots", "random,random"], ("--bots", "1 seat:")),
        (["--bots", ","], ("--bots", "empty")),
        (["--bots", "random,,greedy"], ("--bots", "empty")),
        (["--bots", " "], ("--bots", "no bot")),
        (["--bots", "random,genius"], ("--bots", "unknown bot 'genius'")),
        (["--bots", "mcts:nans"], ("--bots", "'nans'", "finite")),
        (["--bots", "mcts:infs"], ("--bots", "finite")),
        (["--bots", "greedy:eps=nan"], ("--bots", "finite")),
        (["--tick", "0"], ("--tick",)),
        (["--tick", "-1"], ("--tick",)),
        (["-o", "hand"], ("--option",)),
    ],
)
def test_simulate_bad_options(args: list[str], fragments: tuple[str, ...]) -> None:
    res = runner.invoke(app, ["simulate", "toy", "-n", "2", *args])
    one_line_error(res, *fragments)


def test_simulate_unknown_game_and_default_players() -> None:
    one_line_error(runner.invoke(app, ["simulate", "nosuch"]), "unknown game")
    res = runner.invoke(app, ["simulate", "spacedealer", "-n", "1", "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["summary"]["players"] == 3
    res = runner.invoke(app, ["simulate", "toy", "-n", "1", "--json", "--bots", "random,greedy"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["summary"]["players"] == 2  # 2 when the game allows it


# ---------------------------------------------------------------------------- tournament


def _tournament(*args: str) -> Result:
    return runner.invoke(app, ["tournament", "toy", "-p", "2", "-n", "2", "-w", "1", *args])


@pytest.mark.parametrize(
    ("name", "fragments"),
    [
        ("nope/r.png", ("--plot", "does not exist")),
        ("r.txt", ("--plot", "'.txt'", ".png")),
        ("ratings", ("--plot", "no extension")),
        (".", ("--plot",)),
    ],
)
def test_tournament_plot_is_checked_before_any_game(
    tmp_path: Path, name: str, fragments: tuple[str, ...]
) -> None:
    res = _tournament("--plot", str(tmp_path / name))
    one_line_error(res, *fragments)


def test_tournament_plot_onto_a_directory(tmp_path: Path) -> None:
    (tmp_path / "d.png").mkdir()
    one_line_error(_tournament("--plot", str(tmp_path / "d.png")), "directory")


def test_tournament_plot_without_matplotlib(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.backend_bases", None)
    res = _tournament("--plot", str(tmp_path / "r.png"))
    one_line_error(res, "--plot needs matplotlib")


def test_tournament_plot_formats_by_extension(tmp_path: Path) -> None:
    svg = tmp_path / "r.svg"
    res = _tournament("--json", "--plot", str(svg))
    assert res.exit_code == 0, res.output
    assert svg.read_text().lstrip().startswith("<?xml")


def test_matplotlib_is_a_regular_dependency() -> None:
    import tomllib

    root = Path(__file__).resolve().parents[2]
    deps = tomllib.loads((root / "pyproject.toml").read_text())["project"]["dependencies"]
    assert any(d.replace(" ", "").startswith("matplotlib>=") for d in deps)


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["-b", "random,genius"], ("--bots", "unknown bot")),
        (["-b", "random,,greedy"], ("--bots", "empty")),
        (["-b", "random,greedy,easy,medium", "-n", "1"], ("--games", "only 2 of the 4")),
        (["-n", "0"], ("--games",)),
        (["-w", "-1"], ("--workers",)),
        (["-p", "9"], ("players",)),
        (["-o", "hand=7"], ("hand",)),
    ],
)
def test_tournament_bad_options(args: list[str], fragments: tuple[str, ...]) -> None:
    one_line_error(_tournament(*args), *fragments)


def test_tournament_unknown_game() -> None:
    res = runner.invoke(app, ["tournament", "nosuch", "-n", "1", "-w", "1"])
    one_line_error(res, "unknown game 'nosuch'")


# ---------------------------------------------------------------------------- balance


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["nosuch"], ("unknown game 'nosuch'",)),
        (["toy", "--bot", "genius"], ("--bot", "unknown bot")),
        (["toy", "--bot", "greedy,random"], ("--bot",)),
        (["toy", "-p", "9"], ("players",)),
        (["toy", "-n", "0"], ("--games",)),
        (["toy", "-w", "-2"], ("--workers",)),
        (["toy", "-o", "x"], ("--option",)),
    ],
)
def test_balance_bad_options(args: list[str], fragments: tuple[str, ...]) -> None:
    res = runner.invoke(app, ["balance", "-w", "1", "-n", "1", *args])
    one_line_error(res, *fragments)


# ---------------------------------------------------------------------------- bench


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["nosuch"], ("unknown game 'nosuch'",)),
        (["toy", "-p", "9"], ("--players 9",)),
        (["toy", "--seconds", "0"], ("--seconds",)),
        (["toy", "--mcts-iterations", "0"], ("--mcts-iterations",)),
        (["toy", "--markdown", "/nonexistent-folder-xyz/r.md"], ("--markdown", "does not exist")),
    ],
)
def test_bench_bad_options(args: list[str], fragments: tuple[str, ...]) -> None:
    one_line_error(runner.invoke(app, ["bench", *args]), *fragments)


def test_bench_markdown_onto_a_directory(tmp_path: Path) -> None:
    res = runner.invoke(app, ["bench", "toy", "--markdown", str(tmp_path)])
    one_line_error(res, "--markdown", "directory")


@pytest.mark.parametrize("game", ["toy", "toy_rt"])
def test_checked_loop_mirrors_the_unchecked_one(game: str) -> None:
    """The checked step makes the same choices from the same generator: the same game."""
    records = []
    for step in (bench.random_step, bench.checked_step):
        g = spacetable.new_game(game, 2, seed=5)
        rng = random.Random(3)
        while not g.is_over:
            step(g, rng)
        records.append(g.record())
    assert records[0] == records[1]


def test_bench_reports_the_checked_loop_beside_the_unchecked_one(tmp_path: Path) -> None:
    md = tmp_path / "r.md"
    res = runner.invoke(
        app,
        [*BENCH, "--json", "--markdown", str(md)],
    )
    assert res.exit_code == 0, res.output
    row = json.loads(res.output)["results"][0]
    assert row["checked_decisions_per_s"] > 0
    assert row["checked_ratio"] == pytest.approx(
        row["checked_decisions_per_s"] / row["decisions_per_s"]
    )
    header = md.read_text().splitlines()[2]
    cells = [c.strip() for c in header.strip("|").split("|")]
    i = cells.index("decisions/s")
    assert cells[i + 1 : i + 3] == ["checked decisions/s", "checked/unchecked"]
    old = {k: v for k, v in row.items() if not k.startswith("checked")}
    assert bench.table_rows({"results": [old]})[0][i + 1 : i + 3] == ["-", "-"]


# ---------------------------------------------------------------------------- end to end


@pytest.mark.parametrize(
    "args",
    [
        ["replay", "{tmp}/empty.json"],
        ["play", "quazarys", "--save", "{tmp}/nope/g.json"],
        ["simulate", "quazarys", "-p", "2", "--bots", "random,greedy,easy"],
        ["tournament", "quazarys", "-n", "1", "--plot", "{tmp}/r.txt"],
    ],
)
def test_no_traceback_in_a_real_process(tmp_path: Path, args: list[str]) -> None:
    (tmp_path / "empty.json").write_text("[]")
    env = {**os.environ, "COLUMNS": "30"}  # a narrow terminal: the error stays on one line
    res = subprocess.run(
        [sys.executable, "-m", "spacetable", *(a.format(tmp=tmp_path) for a in args)],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        stdin=subprocess.DEVNULL,
    )
    assert res.returncode == 2, res.stderr
    assert "Traceback" not in res.stderr + res.stdout
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), res.stderr
    assert res.stdout == ""
