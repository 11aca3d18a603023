"""The tournament, bench and balance commands: structure and determinism, tiny budgets.

These never time anything: benchmark figures are not asserted."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from spacetable.bots import make_bot
from spacetable.cli import balance, bench, tournament
from spacetable.cli.tournament import head_to_head, make_jobs, run_jobs, run_tournament

runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def root() -> None:
        """Test app."""

    for mod in (tournament, bench, balance):
        mod.register(app)
    return app


def _untimed(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if k != "seconds"}


def _strip_time(report: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in report.items() if k != "seconds"}
    out["results"] = [{k: v for k, v in r.items() if k != "seconds"} for r in report["results"]]
    return out


def test_tournament_rotates_seats_and_does_not_depend_on_workers() -> None:
    a = run_tournament("bt_coins", 2, ["greedy", "random"], 12, seed=4, workers=1)
    b = run_tournament("bt_coins", 2, ["greedy", "random"], 12, seed=4, workers=2)
    assert _strip_time(a) == _strip_time(b)
    assert [r["lineup"] for r in a["results"][:2]] == [["greedy", "random"], ["random", "greedy"]]
    ents = {e["name"]: e for e in a["entrants"]}
    assert ents["greedy"]["seats_played"] == ents["random"]["seats_played"] == 12
    assert ents["greedy"]["win_share"] > ents["random"]["win_share"]
    assert ents["greedy"]["rating"] > ents["random"]["rating"]
    for e in a["entrants"]:
        assert e["win_ci"][0] <= e["win_share"] <= e["win_ci"][1]
        assert e["rating_ci"][0] <= e["rating"] <= e["rating_ci"][1]
    assert sum(s["win_share"] * s["games"] for s in a["seats"]) == pytest.approx(12)
    c = run_tournament("bt_coins", 2, ["greedy", "random"], 12, seed=5, workers=1)
    assert [r["seed"] for r in c["results"]] != [r["seed"] for r in a["results"]]


def test_tournament_more_bots_than_seats_and_repeated_kinds() -> None:
    rep = run_tournament("toy", 2, ["random", "greedy", "random"], 9, seed=1)
    assert [e["name"] for e in rep["entrants"]] == ["random#1", "greedy", "random#2"]
    assert sum(e["seats_played"] for e in rep["entrants"]) == 18


def test_head_to_head_groups_kinds_and_scores_pairs_per_game() -> None:
    bots = ["greedy", "random", "random"]
    # game 0: lineup greedy, random, random; greedy first, seat 1 and 2 tied second
    # game 1: lineup random, random, greedy; greedy second behind seat 0, above seat 1
    # game 2: lineup random, greedy, random; greedy tied first with seat 0
    results = [
        {"lineup": ["greedy", "random", "random"], "ranks": [1, 2, 2]},
        {"lineup": ["random", "random", "greedy"], "ranks": [1, 3, 2]},
        {"lineup": ["random", "greedy", "random"], "ranks": [1, 1, 3]},
    ]
    rows = {(r["a"], r["b"]): r for r in head_to_head(results, bots)}
    assert set(rows) == {("greedy", "random"), ("random", "greedy")}
    g = rows[("greedy", "random")]
    assert g["games"] == 3
    assert g["share"] == pytest.approx((1.0 + 0.5 + 0.75) / 3)
    assert rows[("random", "greedy")]["share"] == pytest.approx(1 - g["share"])
    assert g["ci"][0] < g["share"] < g["ci"][1]
    rep = run_tournament("toy", 3, bots, 6, seed=2)
    assert {(r["a"], r["b"]) for r in rep["head_to_head"]} == set(rows)


def test_tournament_command_json_plot_and_table(tmp_path: Path) -> None:
    app = _app()
    png = tmp_path / "ratings.png"
    args = [
        "tournament",
        "bt_coins",
        "-p",
        "3",
        "-b",
        "greedy,random,mcts:5",
        "-n",
        "6",
        "-s",
        "2",
        "-w",
        "1",
        "--json",
        "--plot",
        str(png),
    ]
    res = runner.invoke(app, args)
    assert res.exit_code == 0, res.output
    rep = json.loads(res.output)
    assert rep["games"] == 6 and len(rep["entrants"]) == 3 and len(rep["seats"]) == 3
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    again = json.loads(runner.invoke(app, args).output)
    assert _strip_time(again) == _strip_time(rep)
    res = runner.invoke(app, ["tournament", "toy", "-p", "2", "-b", "greedy,random", "-n", "4"])
    assert res.exit_code == 0, res.output
    assert "win share by seat" in res.output and "greedy" in res.output
    bad = runner.invoke(app, ["tournament", "toy", "-b", "nonsense", "-n", "2"])
    assert bad.exit_code != 0


def test_run_jobs_in_processes_keeps_job_order() -> None:
    jobs = make_jobs("toy", 3, ["random"], 7, seed=9)
    seen: list[int] = []
    res = run_jobs(jobs, workers=2, on_done=lambda r: seen.append(r["index"]))
    assert [r["index"] for r in res] == list(range(7))
    assert sorted(seen) == list(range(7))
    serial = run_jobs(jobs, workers=1)
    assert [_untimed(x) for x in res] == [_untimed(y) for y in serial]


def test_balance_reports_seats_and_asymmetries() -> None:
    rep = balance.run_balance("bt_coins", [2, 3], 12, seed=1)
    assert [c["players"] for c in rep["counts"]] == [2, 3]
    c2 = rep["counts"][0]
    keys = {(r["asymmetry"], r["value"]) for r in c2["rows"]}
    assert keys == {
        ("seat", "0"),
        ("seat", "1"),
        ("order", "0"),
        ("order", "1"),
        ("start", "first"),
        ("start", "later"),
    }
    seat0 = next(r for r in c2["rows"] if r["asymmetry"] == "seat" and r["value"] == "0")
    assert c2["first_seat_advantage"] == pytest.approx(seat0["win_share"] - 0.5)
    assert all(r["flag"] == (r["vs_fair"] > 0.05) for r in c2["rows"])
    assert _untimed(rep) == _untimed(balance.run_balance("bt_coins", [2, 3], 12, seed=1, workers=2))
    app = _app()
    res = runner.invoke(app, ["balance", "toy", "-p", "2", "-n", "6", "-w", "1", "--json"])
    assert res.exit_code == 0, res.output
    j = json.loads(res.output)
    assert j["counts"][0]["games"] == 6
    res = runner.invoke(app, ["balance", "bt_coins", "-p", "2", "-n", "6", "-w", "1"])
    assert res.exit_code == 0 and "first-seat advantage" in res.output


def test_bench_structure_and_markdown(tmp_path: Path) -> None:
    row = bench.measure("toy", 2, seconds=0.01, mcts_iterations=5)
    assert row["decisions_per_s"] > 0 and row["decisions_per_game"] == 12
    assert set(row["us"]) == {
        "legal_actions",
        "apply",
        "clone",
        "view",
        "determinize",
        "to_json",
        "evaluate",
    }
    assert row["memory"]["state_bytes"] > 0 and row["memory"]["json_bytes"] > 0
    rt = bench.measure("bt_mines", 2, seconds=0.01, mcts_iterations=5)
    assert rt["decisions_per_s"] > 0
    app = _app()
    md = tmp_path / "r.md"
    res = runner.invoke(
        app,
        [
            "bench",
            "toy",
            "-p",
            "2",
            "--seconds",
            "0.01",
            "--mcts-iterations",
            "3",
            "--json",
            "--markdown",
            str(md),
        ],
    )
    assert res.exit_code == 0, res.output
    rep = json.loads(res.output)
    assert rep["machine"]["nproc"] >= 1 and [r["players"] for r in rep["results"]] == [2]
    text = md.read_text()
    assert "| toy | 2 |" in text and "clone µs" in text
    res = runner.invoke(app, ["bench", "toy", "-p", "1", "--seconds", "0.01"])
    assert res.exit_code == 0 and "microseconds per call" in res.output
    assert runner.invoke(app, ["bench", "nope"]).exit_code != 0


def test_balance_solo_compares_starts_with_the_average_win_rate() -> None:
    c = balance.run_balance("bt_canon", [1], 10, seed=2)["counts"][0]
    seat = next(r for r in c["rows"] if r["asymmetry"] == "seat")
    assert c["fair_share"] == pytest.approx(seat["win_share"])
    assert c["first_seat_advantage"] == 0.0
    assert not seat["flag"]


@pytest.mark.parametrize(
    "kind",
    [
        "greedy:eps=7",
        "greedy:eps=-1",
        "mcts:0s",
        "mcts:-1s",
        "mcts:1:c=-1",
        "mcts:0",
        "mcts:nans",
        "mcts:infs",
        "mcts:5:depth=-1",
        "mcts:5:rollout=x",
        "mcts:5:worlds=0",
    ],
)
def test_bot_parameters_that_make_no_sense_are_refused(kind: str) -> None:
    with pytest.raises(ValueError, match="bad parameter"):
        make_bot(kind)
