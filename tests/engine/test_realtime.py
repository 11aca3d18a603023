"""The engine's real-time paths, on the test-only real-time game."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import spacetable
from spacetable.bots import make_bot
from spacetable.cli.main import app
from spacetable.engine import IllegalAction
from spacetable.sim import play_game
from spacetable.testing import check_game
from spacetable.testing.toy_rt import EggTimers


def test_timers_complete_in_time_order_and_records_keep_clocks() -> None:
    g = spacetable.new_game("toy_rt", 2, seed=0, options={"length": 200.0, "timer": 60.0})
    assert isinstance(g, EggTimers)
    assert g.realtime and g.clock == 0.0 and g.to_act == [0, 1]
    g.apply(0, {"type": "turn", "timer": 0})
    g.advance(30)
    g.apply(1, {"type": "turn", "timer": 1})
    g.advance(45)  # seat 0's timer runs out at 60, seat 1's at 90
    assert g.clock == 75.0
    assert g.scores == [1, 0]
    assert [e["event"] for e in g.log] == ["turn", "turn", "done"]
    assert g.log[-1]["clock"] == 60.0
    rec = g.record()
    assert rec["entries"][2] == {"seat": 1, "action": {"type": "turn", "timer": 1}, "clock": 30.0}
    assert rec["entries"][1] == {"advance": 30.0, "clock": 30.0}
    assert spacetable.replay(json.loads(json.dumps(rec))).to_json() == g.to_json()
    g.advance(500)
    assert g.is_over and g.clock == 200.0 and g.to_act == []
    with pytest.raises(IllegalAction):
        g.advance(1)


def test_advance_needs_positive_seconds() -> None:
    g = spacetable.new_game("toy_rt", 1, seed=0)
    for bad in (0, -1, "5", True):
        with pytest.raises(ValueError):
            g.advance(bad)  # type: ignore[arg-type]
    assert g.clock == 0.0 and g.step == 0


def test_advance_unchecked_is_advance_without_the_checks() -> None:
    a = spacetable.new_game("toy_rt", 2, seed=3, options={"length": 200.0, "timer": 60.0})
    b = spacetable.new_game("toy_rt", 2, seed=3, options={"length": 200.0, "timer": 60.0})
    assert isinstance(a, EggTimers) and isinstance(b, EggTimers)
    for g in (a, b):
        g.apply(0, {"type": "turn", "timer": 0})
    a.advance(70)
    b.advance_unchecked(70.0)
    assert a.clock == b.clock == 70.0 and a.step == b.step == 2
    assert a.scores == b.scores == [1, 0]
    assert a.to_json() == b.to_json() and a.record() == b.record()


@pytest.mark.parametrize("players", [1, 2, 3])
def test_conformance_of_the_realtime_toy(players: int) -> None:
    for seed in range(3):
        rep = check_game("toy_rt", players, {"length": 120.0, "timer": 20.0}, seed, sample_rate=0.3)
        assert rep.advances > 0 and rep.decisions > 0


def test_bots_play_in_ticks() -> None:
    g = spacetable.new_game("toy_rt", 3, seed=4, options={"length": 120.0, "timer": 10.0})
    res = play_game(g, [make_bot("random", s) for s in range(3)], tick=2.0)
    assert g.is_over and res.decisions > 0
    assert sum(res.scores) > 0


def test_play_realtime_in_the_terminal() -> None:
    res = CliRunner().invoke(
        app,
        [
            "play",
            "toy_rt",
            "-p",
            "2",
            "--bot",
            "1=random",
            "-o",
            "length=60",
            "-o",
            "timer=10",
            "--tick",
            "5",
        ],
        input="1\nw 20\n1\n" + "w 30\n" * 5,
    )
    assert res.exit_code == 0, res.output
    assert "Clock:" in res.output and "Game over" in res.output
