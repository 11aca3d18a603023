"""Golden transcripts of Quazarys played by greedy bots: real races that end as the rulebook
says (a pawn home, the round finished, the winner by the tie rule of the options), at every
player count and in both languages. ``SPACETABLE_REGEN_GOLDEN=1`` rewrites the files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spacetable.bots import make_bot
from spacetable.games.quazarys.constants import End
from spacetable.playout import bot_policy
from spacetable.testing.golden import check_golden, transcript

GOLDEN = Path(__file__).parent / "golden"

# (players, seed, options, language, pawns home at the end). Chosen so that the shared
# round is covered: several pawns home, the last (rulebook) or the first (tie_break=first)
# to arrive wins. Each game was recorded with a round limit (60 was the default before the
# option was off by default): it is given here, so that the recorded games stay the same.
# The limit only guards against a hang: each race ends by an arrival, long before it.
LIMIT = {"round_limit": 60}
CASES: list[tuple[int, int, dict[str, Any], str, int]] = [
    (2, 3, {**LIMIT}, "en", 1),
    (2, 1, {"rotation": "quarter", "round_limit": 30}, "fr", 1),
    (3, 4, {"action_moves_home": False, **LIMIT}, "en", 2),
    (4, 12, {**LIMIT}, "fr", 2),
    (4, 27, {"tie_break": "first", "round_limit": 120}, "en", 3),
]


def _name(players: int, seed: int, options: dict[str, Any], lang: str) -> str:
    opts = "".join(f"_{k}-{v}" for k, v in sorted(options.items()))
    return f"greedy_p{players}_s{seed}{opts}_{lang}.txt".lower()


@pytest.mark.parametrize(("players", "seed", "options", "lang", "home"), CASES)
def test_greedy_golden_transcripts_end_with_a_pawn_home(
    players: int, seed: int, options: dict[str, Any], lang: str, home: int
) -> None:
    bots = [make_bot("greedy", seed=s) for s in range(players)]
    text = transcript(
        "quazarys", players, seed, options, lang=lang, policy=bot_policy(bots), max_lines=1000
    )
    check_golden(GOLDEN / _name(players, seed, options, lang), text)
    # The race reached the rulebook's end, not a cap: its last line is the outcome.
    last = text.rstrip("\n").splitlines()[-1]
    assert last.startswith("outcome "), last
    out = json.loads(last.removeprefix("outcome "))
    assert out["reason"] == End.ARRIVED
    arrived = out["details"]["arrived"]
    assert len(arrived) == home
    first = options.get("tie_break") == "first"
    winner = arrived[0] if first else arrived[-1]
    assert out["winners"] == [winner] and out["details"]["winner"] == winner
    assert out["scores"] == [1.0 if s == winner else 0.0 for s in range(players)]
    # The others home rank next, by arrival (later first by default), then the rest.
    others = [s for s in (arrived if first else arrived[::-1]) if s != winner]
    assert [out["ranks"][s] for s in others] == list(range(2, 2 + len(others)))
    assert all(out["ranks"][s] == 2 + len(others) for s in range(players) if s not in arrived)
