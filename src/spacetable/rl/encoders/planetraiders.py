"""Planet Raiders observations (perfect information): the 9 x 9 board, the rockets, the
pads (raiders and aliens) and each player's hand, crew and standing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spacetable.games.planetraiders.board import CELL_INDEX, PAD_INDEX
from spacetable.games.planetraiders.constants import (
    BOT_ROUNDS,
    BOT_STALL_ROUNDS,
    COLOURS,
    N_CELLS,
    N_EDGES,
    PHASE_NAMES,
    RAIDERS,
    ROCKET_COLOURS,
    SIDES,
)

from ..observation import Builder, rel

#: The letters of the view's board rows: a neutral zone, a meteorite zone, the planets
#: (lower case) and the ships (upper case) of the four colours.
MARKS: tuple[str, ...] = (".", "*", *(c[0] for c in COLOURS), *(c[0].upper() for c in COLOURS))
STATUSES = ("board", "captured", "home")


class PlanetRaidersEncoder:
    game_id = "planetraiders"

    def encode(
        self, view: Mapping[str, Any], players: int, options: Mapping[str, Any], b: Builder
    ) -> None:
        seat = view["seat"]
        n = players
        b.one_hot(
            "phase", PHASE_NAMES.index(view["phase"]), len(PHASE_NAMES), "phase: move, hop, place"
        )
        b.one_hot(
            "current", rel(seat, view["current"], n), n, "the seat whose turn it is (relative)"
        )
        b.one_hot(
            "selected", view["selected"], RAIDERS, "the raider selected this turn (0..2; none: 0)"
        )
        b.multi_hot("moved", view["moved"], RAIDERS, "the raiders that moved this turn")
        b.scalars(
            "used",
            [view["used"]["blue"], view["used"]["red"]],
            2,
            3,
            "rockets used this turn: blue, red / 3",
        )
        b.flag("teams", view["teams"], "two against two")
        # Without a limit (0, the rulebook's game), the simulations' limit is the scale.
        b.scalar(
            "turn",
            view["turn"],
            view["turn_limit"] or BOT_ROUNDS * n,
            f"turn / turn_limit ({BOT_ROUNDS} x players without a limit)",
        )
        b.scalar(
            "quiet_turns",
            view["quiet_turns"],
            view["stall_limit"] or BOT_STALL_ROUNDS * n,
            f"turns without progress / stall_limit ({BOT_STALL_ROUNDS} x players without one)",
        )

        def board_blocks() -> None:
            board = b.block(
                "board",
                (N_CELLS, len(MARKS)),
                "81 squares (a9..i1, row-major from the north-west) x kind: "
                "neutral zone, meteorite zone, planet red/yellow/violet/green, "
                "ship red/yellow/violet/green",
            )
            for r, row in enumerate(view["board"]):
                for c, m in enumerate(row):
                    board[r * len(row) + c, MARKS.index(m)] = 1.0

        b.section("board", view["board"], board_blocks)
        rockets = b.block(
            "rockets",
            (N_CELLS, len(SIDES), len(ROCKET_COLOURS)),
            "81 squares x nose (n, e, s, w) x colour (blue, red): a rocket",
        )
        for cell, rs in view["rockets"].items():
            for r in rs:
                rockets[
                    CELL_INDEX[cell], SIDES.index(r["nose"]), ROCKET_COLOURS.index(r["colour"])
                ] = 1.0

        def raider_blocks() -> None:
            raiders = b.block(
                "raiders",
                (N_EDGES, n, RAIDERS),
                "180 pads (edge ids) x relative seat x raider: where each raider stands",
            )
            status = b.block(
                "raider_status",
                (n, RAIDERS, len(STATUSES)),
                "relative seat x raider x status: on the board, captured, home",
            )
            for s, row in enumerate(view["raiders"]):
                k = rel(seat, s, n)
                for i, r in enumerate(row):
                    status[k, i, STATUSES.index(r["status"])] = 1.0
                    if r["pad"] is not None:
                        raiders[PAD_INDEX[r["pad"]], k, i] = 1.0

        b.section("raiders", view["raiders"], raider_blocks)

        def alien_blocks() -> None:
            aliens = b.block(
                "aliens",
                (N_EDGES, len(COLOURS)),
                "180 pads x planet colour: an alien",
            )
            for p, colour in view["aliens"].items():
                aliens[PAD_INDEX[p], COLOURS.index(colour)] = 1.0

        b.section("aliens", view["aliens"], alien_blocks)
        info = b.block(
            "players",
            (n, 20),
            "relative seat x 20: colour (red, yellow, violet, green), same team "
            "as the seat, rockets in hand blue/3 and red/3, aliens aboard (4 colours), raiders "
            "captured of each colour / 3, crew complete, crew missing / 4, finished, finishing "
            "place / 4, eliminated",
        )
        for s, pl in enumerate(view["players_info"]):
            f = info[rel(seat, s, n)]
            f[COLOURS.index(pl["colour"])] = 1.0
            f[4] = float(pl["team"] == view["players_info"][seat]["team"])
            f[5] = pl["hand"]["blue"] / 3
            f[6] = pl["hand"]["red"] / 3
            for a in pl["aliens"]:
                f[7 + COLOURS.index(a)] = 1.0
            for colour, k in pl["captured"].items():
                f[11 + COLOURS.index(colour)] = k / RAIDERS
            f[15] = float(pl["crew_complete"])
            f[16] = pl["crew_missing"] / 4
            f[17] = 0.0 if pl["finished"] is None else 1.0
            f[18] = 0.0 if pl["finished"] is None else pl["finished"] / 4
            f[19] = float(pl["eliminated"])
