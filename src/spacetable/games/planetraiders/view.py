"""The one projection of a Planet Raiders state for a seat (:func:`view`).

Planet Raiders has perfect information: every seat, and a spectator, sees the same.
It reads the game it receives and never imports the rules at run time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .board import CELL_NAMES, METEOR_MARK, NEUTRAL_MARK, PAD_NAMES, PLANET_MARK, SHIP_MARK
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
                row.append({"pad": PAD_NAMES[p], "status": "board"})
            elif game.captured_by[rid] >= 0:
                row.append({"pad": None, "status": "captured", "by": game.captured_by[rid]})
            else:
                row.append({"pad": None, "status": "home"})
        raiders.append(row)
    aliens = {PAD_NAMES[e]: COLOURS[o - ALIEN] for e, o in enumerate(game.occ) if o >= ALIEN}
    # each zone's rockets, one per side at most, in the order of their noses (n, e, s, w):
    # the zones with a rocket are those of a mask that is not 0 (``zmask``, the sides of
    # each zone that hold one), a scan of a quarter of the slots
    rockets: dict[str, list[dict[str, str]]] = {}
    placed = game.rockets
    for z, m in enumerate(game.zmask):
        if m:
            for nose in range(NOSES):
                r = placed[z * NOSES + nose]
                if r >= 0:
                    rockets.setdefault(CELL_NAMES[z], []).append(
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
        # the board of the game's data set, a row of 9 letters from north to south: "." a
        # neutral zone, "*" a meteorite zone, a planet (r, y, v, g) or a ship (R, Y, V, G)
        "board": list(game.parts.rows),
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


#: The colour of each planet and ship letter of the view's board rows.
_PLANET_OF = {m: c for c, m in PLANET_MARK.items()}
_SHIP_OF = {m: c for c, m in SHIP_MARK.items()}


def component_ids(v: Mapping[str, Any]) -> list[str]:
    """The components ``v`` mentions, in the order a reader meets them: the board, the kinds
    of zone on it, the planets and ships (row by row), the rockets on the board or in a hand,
    the colours of the seated players. It reads only the view; Planet Raiders has no hidden
    information, so every seat's view mentions the same components."""
    ids = ["board:main"]
    marks = "".join(v["board"])
    if NEUTRAL_MARK in marks:
        ids.append("zone:neutral")
    if METEOR_MARK in marks:
        ids.append("zone:meteorite")
    for m in marks:
        if m in _PLANET_OF:
            ids.append(f"planet:{_PLANET_OF[m]}")
        elif m in _SHIP_OF:
            ids.append(f"ship:{_SHIP_OF[m]}")
    colours = {r["colour"] for rs in v["rockets"].values() for r in rs}
    for info in v["players_info"]:
        colours.update(c for c in ROCKET_COLOURS if info["hand"][c])
    ids.extend(f"rocket:{c}" for c in ROCKET_COLOURS if c in colours)
    ids.extend(f"colour:{info['colour']}" for info in v["players_info"])
    return ids
