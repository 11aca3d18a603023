"""Golden transcripts of games played by greedy bots to the rulebook's end (rulebook 4).

Greedy players deliver goods, so every transcript reaches real scoring: each ends with the
end the rulebook states (the game time, or the last victory marker) and non-zero scores,
which the test asserts besides comparing the text. ``SPACETABLE_REGEN_GOLDEN=1`` rewrites
the files after an intended change of the rules (review the diff).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spacetable.bots import make_bot
from spacetable.games.spacedealer.constants import End
from spacetable.playout import bot_policy
from spacetable.testing.golden import check_golden, transcript

HERE = Path(__file__).parent / "golden"

CASES: list[tuple[str, int, int, dict[str, Any], str, End]] = [
    # the full 30 minutes of the rulebook, sand timers of 20 s
    ("spacedealer_p3_s1_greedy.txt", 3, 1, {"length": 1800, "timer": 20}, "en", End.TIME),
    # the same, another seed: a tie in points broken by the victory markers placed
    ("spacedealer_p3_s2_greedy_fr.txt", 3, 2, {"length": 1800, "timer": 20}, "fr", End.TIME),
    # the advanced rules (attacks, Gizzi, orbital station, transport probe), 10 minutes
    (
        "spacedealer_p4_s2_advanced_greedy.txt",
        4,
        2,
        {"rules": "advanced", "length": 600, "timer": 10},
        "en",
        End.TIME,
    ),
    # ticks: a player places their last victory marker before the time is over
    (
        "spacedealer_p3_s2_ticks_greedy_fr.txt",
        3,
        2,
        {"mode": "ticks", "length": 900, "timer": 10, "tick": 10},
        "fr",
        End.MARKERS,
    ),
]


@pytest.mark.parametrize(("name", "players", "seed", "options", "lang", "end"), CASES)
def test_golden_greedy_game(
    name: str, players: int, seed: int, options: dict[str, Any], lang: str, end: End
) -> None:
    policy = bot_policy([make_bot("greedy", seed=s) for s in range(players)])
    text = transcript(
        "spacedealer", players, seed, options, lang=lang, policy=policy, max_lines=2000
    )
    last = text.splitlines()[-1]
    assert last.startswith("outcome "), last  # played to the end
    outcome = json.loads(last.removeprefix("outcome "))
    assert outcome["reason"] == end
    assert max(outcome["scores"]) > 0 and sum(outcome["details"]["markers_used"]) > 0
    if end == End.MARKERS:
        assert 10 in outcome["details"]["markers_used"]  # someone placed their last marker
        assert outcome["details"]["clock"] < options["length"]
    else:
        assert outcome["details"]["clock"] >= options["length"]
    check_golden(HERE / name, text)
