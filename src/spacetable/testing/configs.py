"""The settings the test suites cover for each game (player counts and option sets).

Test configuration lives here, outside the games: a game holds its rules only. A game absent
from :data:`CONFIGS` is tested at every player count with the defaults, plus every
non-default choice of each option (:func:`spacetable.testing.conformance_configs`).
"""

from __future__ import annotations

from typing import Any

Config = tuple[int, dict[str, Any]]

_TICKS_ADV = {"mode": "ticks", "rules": "advanced", "length": 120}

#: The limits the simulation drivers play with (``GameInfo.simulation_options``; the rulebook
#: default of these games has none).
_QUAZARYS_SIM = {"round_limit": 60}
_RAIDERS_SIM = {"round_limit": 100, "stall_rounds": 20}

CONFIGS: dict[str, list[Config]] = {
    # The rulebook's game (no limit) ends under random play: a table where nobody in play has
    # anything left to decide ends it ("blocked"), and uniformly random play strands every
    # raider within about 140 decisions (every one of 300 seeds at 2, 3 and 4 players).
    "planetraiders": [
        (2, {}),
        (3, {}),
        (4, {}),
        (4, {"teams": True}),
        (3, dict(_RAIDERS_SIM)),
        (2, {"round_limit": 6, "stall_rounds": 2}),
        (3, {"zone_rockets": "one"}),
    ],
    # The rulebook's race (no round limit) may never end under random play: at 2 players 3 of
    # 200 seeds were still running after 200,000 decisions (a pawn nobody can bring home, the
    # cards cycling). At 3 and 4 players all of 200 seeds ended (at most 3,363 decisions):
    # those counts test the rulebook's default; 2 players plays the simulations' limit.
    "quazarys": [
        (2, dict(_QUAZARYS_SIM)),
        (3, {}),
        (4, {}),
        (2, {"round_limit": 30, "rotation": "quarter"}),
        (4, {"round_limit": 120, "tie_break": "first"}),
        (3, {"action_moves_home": False, **_QUAZARYS_SIM}),
    ],
    "spacedealer": [
        *[
            (n, opts)
            for n in range(3, 9)
            for opts in (
                {"length": 300, "timer": 20},
                {"rules": "advanced", "length": 300, "timer": 20},
            )
        ],
        (4, {"length": 600}),  # the rulebook's one-minute timers
        (5, {"rules": "advanced", "length": 300, "timer": 20, "effects": "at_once"}),
        (3, {"mode": "ticks", "length": 120, "timer": 20, "tick": 10}),
        (4, {"mode": "ticks", "length": 120, "timer": 20, "tick": 20}),
        (6, {"mode": "ticks", "length": 120, "timer": 20, "tick": 20}),
        (7, {**_TICKS_ADV, "timer": 30, "tick": 30}),
        (5, {**_TICKS_ADV, "timer": 20, "tick": 10}),
        (8, {**_TICKS_ADV, "timer": 30, "tick": 15}),
    ],
    # The rulebook's game has no round limit: random playouts need the bots' option.
    "tortuga2199": [
        (2, {"round_limit": 40}),
        (3, {"round_limit": 40}),
        (4, {"round_limit": 40}),
        (3, {"scenario": "aggressive", "round_limit": 40}),
        (2, {"scenario": "peaceful", "round_limit": 40}),
    ],
    "wildspace": [
        (1, {}),
        (1, {"difficulty": "easy"}),
        (1, {"difficulty": "hard", "smuggler": "auto"}),
        (1, {"smuggler": "auto"}),
        (1, {"majority": "players_only"}),
        (2, {}),
        (3, {"effects": "once_per_turn"}),
        (3, {}),
        (4, {}),
        (5, {}),
    ],
}
