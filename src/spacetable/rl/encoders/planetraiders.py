"""Planet Raiders observations (perfect information): the 9 x 9 board, the rockets, the
pads (raiders and aliens) and each player's hand, crew and standing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from spacetable.games.planetraiders.board import CELL_INDEX, PAD_INDEX
from spacetable.games.planetraiders.components import crew_complete, crew_missing
from spacetable.games.planetraiders.constants import (
    ALIEN,
    BLUE,
    BOT_ROUNDS,
    BOT_STALL_ROUNDS,
    COLOURS,
    N_CELLS,
    N_EDGES,
    NOSES,
    PHASE_NAMES,
    RAIDERS,
    RED,
    ROCKET_COLOURS,
    SIDES,
)

from ..observation import Builder, rel

if TYPE_CHECKING:
    from spacetable.games.planetraiders.rules import PlanetRaiders

#: The letters of the view's board rows: a neutral zone, a meteorite zone, the planets
#: (lower case) and the ships (upper case) of the four colours.
MARKS: tuple[str, ...] = (".", "*", *(c[0] for c in COLOURS), *(c[0].upper() for c in COLOURS))
STATUSES = ("board", "captured", "home")


class PlanetRaidersEncoder:
    game_id = "planetraiders"

    def __init__(self) -> None:
        #: :meth:`encode_game`: the positions of a board's squares, by place and board rows
        self._boards: dict[tuple[int, tuple[str, ...]], Any] = {}

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

    # ------------------------------------------------------------------ straight from the game
    def encode_game(self, g: PlanetRaiders, seat: int, out: Any, at: Mapping[str, int]) -> None:
        """The blocks of :meth:`encode` (all but the common ones), written into ``out`` (the
        observation, zeros; ``at``: each block's start) straight from the game instead of
        from its view, which costs more than its encoding. Planet Raiders has no hidden
        information; the values are exactly those :meth:`encode` writes from the view
        (tested at every step of seeded playouts of every setting)."""
        n = g.players
        out[at["phase"] + g.phase] = 1.0
        out[at["current"] + (g.cur - seat) % n] = 1.0
        if g.sel >= 0:
            out[at["selected"] + g.sel % RAIDERS] = 1.0
        p = at["moved"]
        for k in range(RAIDERS):
            if g.moved >> k & 1:
                out[p + k] = 1.0
        p = at["used"]
        out[p] = float(g.used[BLUE]) / 3
        out[p + 1] = float(g.used[RED]) / 3
        if g.teams:
            out[at["teams"]] = 1.0
        out[at["turn"]] = float(g.turns) / (g.turn_limit or BOT_ROUNDS * n)
        out[at["quiet_turns"]] = float(g.quiet) / (g.stall_limit or BOT_STALL_ROUNDS * n)
        # the board: the game's data set, the same all game long
        rows = g.parts.rows
        key = (at["board"], rows)
        hot = self._boards.get(key)
        if hot is None:
            hot = self._boards[key] = np.array(
                [
                    at["board"] + (r * len(row) + c) * len(MARKS) + MARKS.index(m)
                    for r, row in enumerate(rows)
                    for c, m in enumerate(row)
                ],
                dtype=np.intp,
            )
        out[hot] = 1.0
        p = at["rockets"]
        placed = g.rockets
        for z, m in enumerate(g.zmask):
            if m:
                for nose in range(NOSES):
                    r = placed[z * NOSES + nose]
                    if r >= 0:
                        out[p + (z * NOSES + nose) * len(ROCKET_COLOURS) + r] = 1.0
        p = at["raiders"]
        ps = at["raider_status"]
        for s in range(n):
            k = (s - seat) % n
            for i in range(RAIDERS):
                rid = s * RAIDERS + i
                pad = g.rpad[rid]
                if pad >= 0:
                    out[ps + (k * RAIDERS + i) * len(STATUSES)] = 1.0
                    out[p + (pad * n + k) * RAIDERS + i] = 1.0
                elif g.captured_by[rid] >= 0:
                    out[ps + (k * RAIDERS + i) * len(STATUSES) + 1] = 1.0
                else:
                    out[ps + (k * RAIDERS + i) * len(STATUSES) + 2] = 1.0
        p = at["aliens"]
        for e, o in enumerate(g.occ):
            if o >= ALIEN:
                out[p + e * len(COLOURS) + o - ALIEN] = 1.0
        p = at["players"]
        my_team = g.team[seat]
        for s in range(n):
            q = p + ((s - seat) % n) * 20
            out[q + g.colour[s]] = 1.0
            out[q + 4] = float(g.team[s] == my_team)
            out[q + 5] = g.blue[s] / 3
            out[q + 6] = g.red[s] / 3
            a = g.aliens[s]
            for c in range(len(COLOURS)):
                if a >> c & 1:
                    out[q + 7 + c] = 1.0
            for v in range(n):
                caps = g.caps[s * n + v]
                if caps:
                    out[q + 11 + g.colour[v]] = caps / RAIDERS
            aboard = a.bit_count()
            out[q + 15] = float(crew_complete(aboard, g.ncaps[s]))
            out[q + 16] = crew_missing(aboard, g.ncaps[s]) / 4
            if s in g.finished:
                out[q + 17] = 1.0
                out[q + 18] = (g.finished.index(s) + 1) / 4
            out[q + 19] = float(g.out[s])
