"""Golden transcripts played by greedy bots, which reach the rulebook's ending: a crew
brought home (rulebook §2, §4), with real scores (crew members gathered).

Each transcript is one greedy game, its every decision labelled in English or French, then
the outcome. ``SPACETABLE_REGEN_GOLDEN=1`` rewrites the files after an intended change of
the rules or the labels (review the diff); a missing file fails.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spacetable.bots import make_bot
from spacetable.games.planetraiders.constants import COLOURS, End
from spacetable.games.planetraiders.tables import shipped_parts
from spacetable.playout import bot_policy
from spacetable.testing.golden import check_golden, transcript

#: The shipped data set's board and set-up.
BOARD = shipped_parts()

GOLDEN = Path(__file__).parent / "golden"

#: (file, players, seed, options, language, ending): the bots of seat s are seeded
#: ``seed * 10 + s``. At 4 players without teams greedy games end when two players are home
#: and a third has lost every raider (the last one in play), never with three players home.
#: Each game was recorded with the limits that were the defaults before the options were off
#: (the rulebook has none): they are given here, so that the recorded games stay the same.
#: The limits only guard against a hang: each game ends by a rule of the rulebook.
LIMITS: dict[str, Any] = {"round_limit": 100, "stall_rounds": 20}
STALL10: dict[str, Any] = {**LIMITS, "stall_rounds": 10}
CASES: list[tuple[str, int, int, dict[str, Any], str, End]] = [
    ("planetraiders_greedy_p2_s3.txt", 2, 3, {**LIMITS}, "en", End.HOME),
    ("planetraiders_greedy_p2_stall10_s4_fr.txt", 2, 4, STALL10, "fr", End.HOME),
    ("planetraiders_greedy_p3_s0_fr.txt", 3, 0, {**LIMITS}, "fr", End.HOME),
    ("planetraiders_greedy_p4_s2.txt", 4, 2, {**LIMITS}, "en", End.LAST_IN_PLAY),
    (
        "planetraiders_greedy_p4_teams_s4_fr.txt",
        4,
        4,
        {"teams": True, **LIMITS},
        "fr",
        End.TEAM_HOME,
    ),
]


@pytest.mark.parametrize(
    ("name", "players", "seed", "options", "lang", "ending"), CASES, ids=[c[0] for c in CASES]
)
def test_greedy_golden_transcripts_reach_a_crew_home(
    name: str, players: int, seed: int, options: dict[str, Any], lang: str, ending: End
) -> None:
    bots = [make_bot("greedy", seed=seed * 10 + s) for s in range(players)]
    text = transcript(
        "planetraiders",
        players,
        seed,
        options,
        lang=lang,
        policy=bot_policy(bots),
        max_lines=600,
    )
    last = text.splitlines()[-1]
    assert last.startswith("outcome "), last  # the game ended within the transcript
    outcome = json.loads(last.removeprefix("outcome "))
    assert outcome["reason"] == ending
    details = outcome["details"]
    seat_of = {COLOURS[c]: s for s, c in enumerate(BOARD.seat_colours[players])}
    home = [seat_of[c] for c in details["finished"]]
    # who came home: every player but one; two of four, the third eliminated; one teammate
    expected = {End.HOME: players - 1, End.LAST_IN_PLAY: players - 2, End.TEAM_HOME: 1}
    assert len(home) == expected[ending]
    if ending == End.LAST_IN_PLAY:
        assert len(details["eliminated"]) == 1
    # a player home holds a complete crew: 4 members (2 aliens + 2 raiders, or 3 + 1)
    for s in home:
        assert outcome["scores"][s] >= 4 and details["crew_missing"][s] == 0
    assert outcome["ranks"][home[0]] == 1  # the first home wins (with its partner)
    if not options.get("teams"):
        assert all(x > 0 for x in outcome["scores"]), outcome["scores"]
        assert outcome["winners"] == [home[0]]
    else:
        assert len(outcome["winners"]) == 2
    # the labels of the chosen language (the French ones name "fusée", the English "rocket")
    # (not the header, whose options name ``zone_rockets``, nor the outcome's JSON)
    labels = "\n".join(ln for ln in text.splitlines()[1:-1] if not ln.lstrip().startswith("·"))
    assert ("fusée" in labels) == (lang == "fr") and ("rocket" in labels) == (lang == "en")
    check_golden(GOLDEN / name, text)
