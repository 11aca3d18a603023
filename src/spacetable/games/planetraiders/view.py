"""The one projection of a Planet Raiders state for a seat (:func:`view`).

Planet Raiders has perfect information: every seat, and a spectator, sees the same.
It reads the game it receives and never imports the rules at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .board import BOARD
from .components import crew_complete, crew_missing
from .constants import (
    ALIEN,
    BLUE,
    COLOURS,
    NOSES,
    PHASE_NAMES,
    RAIDERS,
    RED,
    ROCKET_COLOURS,
    SIDES,
)

if TYPE_CHECKING:
    from .rules import PlanetRaiders


def view(game: PlanetRaiders, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (``None``: a spectator): everything, the game having no hidden
    information. The engine adds the fields every game shares (seat, step, to_act...)."""
    n = game.players
    raiders: list[list[dict[str, Any]]] = []
    for s in range(n):
        row: list[dict[str, Any]] = []
        for k in range(RAIDERS):
            rid = s * RAIDERS + k
            p = game.rpad[rid]
            if p >= 0:
                row.append({"pad": BOARD.pad_names[p], "status": "board"})
            elif game.captured_by[rid] >= 0:
                row.append({"pad": None, "status": "captured", "by": game.captured_by[rid]})
            else:
                row.append({"pad": None, "status": "home"})
        raiders.append(row)
    aliens = {BOARD.pad_names[e]: COLOURS[o - ALIEN] for e, o in enumerate(game.occ) if o >= ALIEN}
    # each zone's rockets, one per side at most, in the order of their noses (n, e, s, w)
    rockets: dict[str, list[dict[str, str]]] = {}
    for slot, r in enumerate(game.rockets):
        if r >= 0:
            z, nose = divmod(slot, NOSES)
            rockets.setdefault(BOARD.cell_names[z], []).append(
                {"colour": ROCKET_COLOURS[r], "nose": SIDES[nose]}
            )
    players = []
    for s in range(n):
        a = game.aliens[s]
        players.append(
            {
                "colour": COLOURS[game.colour[s]],
                "team": game.team[s],
                "hand": {"blue": game.blue[s], "red": game.red[s]},
                "aliens": [COLOURS[p] for p in range(len(COLOURS)) if a >> p & 1],
                "captured": {
                    COLOURS[game.colour[v]]: game.caps[s * n + v]
                    for v in range(n)
                    if game.caps[s * n + v]
                },
                "crew_complete": crew_complete(a.bit_count(), game.ncaps[s]),
                "crew_missing": crew_missing(a.bit_count(), game.ncaps[s]),
                "finished": (game.finished.index(s) + 1) if s in game.finished else None,
                "eliminated": game.out[s],
            }
        )
    return {
        "teams": game.teams,
        "current": game.cur,
        "phase": PHASE_NAMES[game.phase],
        "selected": (game.sel % RAIDERS) if game.sel >= 0 else None,
        "moved": [k for k in range(RAIDERS) if game.moved >> k & 1],
        "used": {"blue": game.used[BLUE], "red": game.used[RED]},
        "raiders": raiders,
        "aliens": aliens,
        "rockets": rockets,
        "players_info": players,
        "turn": game.turns,
        "turn_limit": game.turn_limit,
        "quiet_turns": game.quiet,
        "stall_limit": game.stall_limit,
        "reason": game.reason if game.over else None,
    }
