"""How ``simulate`` and ``tournament`` seat their bots: rotated from game to game by default
(each bot plays each seat), fixed with ``--fixed-seats``, the same whatever ``--workers``;
the reports give results per bot and per seat, and records say who sat where."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from spacetable.cli.main import app
from spacetable.cli.tournament import run_tournament, summarize
from spacetable.records import read_records

runner = CliRunner()


def _json(*args: str) -> dict[str, Any]:
    res = runner.invoke(app, [*args, "--json"])
    assert res.exit_code == 0, res.output
    data: dict[str, Any] = json.loads(res.output)
    return data


def _untimed(report: dict[str, Any]) -> dict[str, Any]:
    """A report without what differs from run to run: times, speeds, the records' path."""
    out = {k: v for k, v in report.items() if k not in ("seconds", "speed", "records")}
    if "results" in out:
        out["results"] = [{k: v for k, v in r.items() if k != "seconds"} for r in out["results"]]
    return out


def _metas(path: str | Path) -> list[dict[str, Any]]:
    return [rec["meta"] for _, rec in read_records(path)]


def _wins_from_records(metas: list[dict[str, Any]], players: int) -> dict[str, list[float]]:
    """Each bot's wins at each seat, counted from the records alone (seating read from each
    record's ``meta``; a shared first place shares the win)."""
    out: dict[str, list[float]] = {}
    for m in metas:
        firsts = [s for s in range(players) if m["ranks"][s] == 1]
        for seat in m["seats"]:
            row = out.setdefault(seat["entrant"], [0.0] * players)
            if seat["seat"] in firsts:
                row[seat["seat"]] += 1 / len(firsts)
    return out


def test_simulate_seats_each_bot_at_each_seat_and_records_say_where(tmp_path: Path) -> None:
    rep = _json(
        "simulate",
        "toy",
        "-p",
        "2",
        "-n",
        "6",
        "--bots",
        "random,greedy",
        "--record",
        str(tmp_path),
    )
    metas = _metas(rep["records"])
    # the line-up turns by one seat a game: random,greedy then greedy,random, and so on
    assert [m["bots"] for m in metas] == [["random", "greedy"], ["greedy", "random"]] * 3
    assert all(m["seating"] == "rotated" for m in metas)
    assert all([s["bot"] for s in m["seats"]] == m["bots"] for m in metas)
    summary = rep["summary"]
    assert summary["seating"] == {"mode": "rotated", "cycle": 2, "balanced": True}
    assert summary["seats_by_bot_and_seat"] == {"greedy": [3, 3], "random": [3, 3]}
    assert summary["bots_by_seat"] == [{"greedy": 3, "random": 3}] * 2
    # per bot: the sum over its seats; per seat: the sum over the bots that sat there
    for bot, at_seat in summary["wins_by_bot_and_seat"].items():
        # (each figure is rounded to 3 decimals)
        assert summary["wins_by_bot"][bot] == pytest.approx(sum(at_seat), abs=0.005)
        assert summary["seats_by_bot"][bot] == sum(summary["seats_by_bot_and_seat"][bot])
    for s in range(2):
        by_bot = sum(w[s] for w in summary["wins_by_bot_and_seat"].values())
        assert summary["wins_by_seat"][s] == pytest.approx(by_bot, abs=0.005)
    # the report and the records agree, the records' seating read from their meta
    from_records = _wins_from_records(metas, 2)
    for bot, at_seat in from_records.items():
        assert summary["wins_by_bot_and_seat"][bot] == pytest.approx(at_seat, abs=0.0005)


def test_simulate_rotates_a_line_up_shorter_than_the_table() -> None:
    rep = _json("simulate", "toy", "-p", "3", "-n", "6", "--bots", "greedy,random")
    summary = rep["summary"]
    # the line-up greedy,random,greedy: greedy holds two places of three, random one
    assert summary["seats_by_bot_and_seat"] == {"greedy": [4, 4, 4], "random": [2, 2, 2]}
    assert summary["seating"]["balanced"] is True
    assert summary["seats_by_bot"] == {"greedy": 12, "random": 6}


def test_simulate_fixed_seats_keep_the_line_up_as_given(tmp_path: Path) -> None:
    args = ["simulate", "toy", "-p", "2", "-n", "4", "--bots", "random,greedy", "--fixed-seats"]
    rep = _json(*args, "--record", str(tmp_path))
    assert [m["bots"] for m in _metas(rep["records"])] == [["random", "greedy"]] * 4
    assert all(m["seating"] == "fixed" for m in _metas(rep["records"]))
    assert rep["summary"]["seating"] == {"mode": "fixed", "cycle": 2, "balanced": False}
    assert rep["summary"]["seats_by_bot_and_seat"] == {"greedy": [0, 4], "random": [4, 0]}
    res = runner.invoke(app, args)
    assert res.exit_code == 0, res.output
    assert "seats fixed (--fixed-seats)" in res.output


def test_simulate_tells_when_the_run_is_not_a_whole_number_of_rotations() -> None:
    args = ["simulate", "toy", "-p", "2", "-n", "5", "--bots", "random,greedy"]
    assert _json(*args)["summary"]["seats_by_bot_and_seat"] == {
        "greedy": [2, 3],
        "random": [3, 2],
    }
    res = runner.invoke(app, args)
    assert res.exit_code == 0, res.output
    out = " ".join(res.output.split())
    assert "seats not balanced: 5 games is not a multiple of 2" in out
    assert "by bot" in out and "by seat" in out
    assert _json(*args[:-4], "-n", "4", *args[-2:])["summary"]["seating"]["balanced"] is True


def test_simulate_and_tournament_records_do_not_depend_on_workers(tmp_path: Path) -> None:
    sim = ["simulate", "toy", "-p", "3", "-n", "7", "--bots", "greedy,random", "--seed", "4"]
    tour = ["tournament", "toy", "-p", "2", "-n", "7", "-b", "greedy,random,mcts:5", "-s", "4"]
    for args in (sim, tour):
        reports, files = [], []
        for workers in ("1", "2"):
            out = tmp_path / f"{args[0]}-{workers}"
            rep = _json(*args, "--workers", workers, "--record", str(out))
            files.append(Path(rep["records"]).read_bytes())
            reports.append(rep)
        assert files[0] == files[1]
        assert len(files[0].splitlines()) == 7
        assert _untimed(reports[0]) == _untimed(reports[1])


def test_tournament_reports_each_bot_at_each_seat_and_fixed_seats() -> None:
    rep = run_tournament("toy", 2, ["greedy", "random"], 6, seed=3)
    assert rep["seating"] == {"mode": "rotated", "cycle": 2, "balanced": True}
    for e in rep["entrants"]:
        assert [c["games"] for c in e["by_seat"]] == [3, 3]
        assert sum(c["wins"] for c in e["by_seat"]) == pytest.approx(e["win_share"] * 6)
    fixed = run_tournament("toy", 2, ["greedy", "random"], 4, seed=3, fixed_seats=True)
    assert [r["lineup"] for r in fixed["results"]] == [["greedy", "random"]] * 4
    assert fixed["seating"] == {"mode": "fixed", "cycle": 2, "balanced": False}
    assert [[c["games"] for c in e["by_seat"]] for e in fixed["entrants"]] == [[4, 0], [0, 4]]
    with pytest.raises(ValueError, match="--fixed-seats: 3 bots for 2 seats"):
        run_tournament("toy", 2, ["greedy", "random", "mcts:5"], 4, fixed_seats=True)
    res = runner.invoke(
        app, ["tournament", "toy", "-n", "3", "-b", "greedy,random,random", "--fixed-seats"]
    )
    assert res.exit_code == 2 and "--fixed-seats" in res.output
    res = runner.invoke(app, ["tournament", "toy", "-n", "3", "-b", "greedy,random", "-w", "1"])
    assert res.exit_code == 0, res.output
    out = " ".join(res.output.split())
    assert "win % by bot and seat" in out and "not a multiple of 2" in out


def test_tournament_summary_reads_the_seating_from_each_result() -> None:
    # Game 1 seats greedy first although a rotation would have seated random there: the
    # summary follows the results, not the game's index.
    results = [
        {
            "index": i,
            "entrants": seated,
            "lineup": seated,
            "ranks": ranks,
            "scores": scores,
            "rewards": [1.0 if r == 1 else -1.0 for r in ranks],
            "decisions": 10,
        }
        for i, (seated, ranks, scores) in enumerate(
            [
                (["greedy", "random"], [1, 2], [5, 1]),
                (["greedy", "random"], [1, 2], [6, 2]),
            ]
        )
    ]
    rep = summarize(results, ["greedy", "random"], 2, boot=10, seating_mode="fixed")
    greedy, random_ = rep["entrants"]
    assert greedy["win_share"] == 1.0 and random_["win_share"] == 0.0
    assert [c["games"] for c in greedy["by_seat"]] == [2, 0]
    assert [s["win_share"] for s in rep["seats"]] == [1.0, 0.0]
    assert rep["seating"]["balanced"] is False
    with pytest.raises(ValueError, match="'mcts' is not one of the bots"):
        summarize([{**results[0], "entrants": ["mcts", "random"]}], ["greedy", "random"], 2)


def test_seating_is_a_latin_square_over_each_cycle() -> None:
    from spacetable.sim import seating, seats_balanced

    for players, entrants in ((2, 2), (3, 3), (4, 2), (2, 5), (5, 5)):
        counts = {e: [0] * players for e in range(entrants)}
        for i in range(entrants * 3):
            for s, e in enumerate(seating(players, entrants, i)):
                counts[e][s] += 1
        assert seats_balanced({str(e): c for e, c in counts.items()})
    assert seating(3, 3, 7, fixed=True) == (0, 1, 2)
    with pytest.raises(ValueError, match="index"):
        seating(2, 2, -1)
