"""Golden transcripts of whole games played by greedy bots, in French and English.

Greedy players reach the rulebook's endings (15 Influence; Tortuga conquered, then the last
round, or at once with aggressive pirates), so the transcripts cover real scoring, combats,
conquests and hunts. Each test also asserts the ending and the scores on a game of its own.
``SPACETABLE_REGEN_GOLDEN=1`` rewrites the files after an intended change of the rules.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from spacetable.bots import make_bot
from spacetable.engine import new_game
from spacetable.games.tortuga2199.constants import WIN_INFLUENCE, End
from spacetable.playout import Policy, bot_policy, playout
from spacetable.testing.golden import check_golden, transcript

GOLDEN = Path(__file__).parent / "golden"

#: (players, seed, options, language, the ending these greedy players reach)
#: Every case sets the bots' round limit (not the rulebook's: the option ``round_limit``) only
#: so that a change that makes greedy players stall fails the test instead of hanging it;
#: the test checks that the game ended by a rule of the rulebook, long before the limit.
GUARD = {"round_limit": 200}
CASES: list[tuple[int, int, dict[str, Any], str, End]] = [
    (2, 1, {**GUARD}, "en", End.INFLUENCE),
    (2, 4, {"scenario": "peaceful", **GUARD}, "fr", End.INFLUENCE),
    (3, 22, {"scenario": "aggressive", **GUARD}, "fr", End.TORTUGA),
    (4, 3, {**GUARD}, "fr", End.INFLUENCE),
    (4, 12, {**GUARD}, "en", End.INFLUENCE),
]


def _greedy(players: int) -> Policy:
    return bot_policy([make_bot("greedy", seed=s) for s in range(players)])


def _name(players: int, seed: int, options: dict[str, Any], lang: str) -> str:
    scenario = options.get("scenario", "standard")
    return f"tortuga2199_greedy_p{players}_{scenario}_s{seed}_{lang}.txt"


@pytest.mark.parametrize(("players", "seed", "options", "lang", "ending"), CASES)
def test_greedy_golden_transcript(
    players: int, seed: int, options: dict[str, Any], lang: str, ending: End
) -> None:
    text = transcript(
        "tortuga2199", players, seed, options, lang=lang, policy=_greedy(players), max_lines=3000
    )
    # The same game, played again: it ends by a rule of the rulebook, with real scores.
    g = new_game("tortuga2199", players, seed, options)
    for _ in playout(g, random.Random(seed), _greedy(players)):
        pass
    out = g.outcome()
    assert out.reason == ending and out.reason is not End.LIMIT
    assert out.reason in (End.INFLUENCE, End.TORTUGA)
    assert all(s >= 0 for s in out.scores) and max(out.scores) > 0
    assert sum(1 for s in out.scores if s > 0) >= 2
    best = max(out.scores)
    if ending == End.INFLUENCE:
        assert best >= WIN_INFLUENCE and out.details["winner_at_15"] in out.winners
    else:
        assert out.details["tortuga_conqueror"] >= 0 and out.details["winner_at_15"] == -1
    last = text.splitlines()[-1]
    assert last.startswith("outcome ")
    assert json.loads(last[len("outcome ") :]) == json.loads(json.dumps(out.to_json()))
    check_golden(GOLDEN / _name(players, seed, options, lang), text)
