"""Planet Raiders observations (perfect information): the 9 x 9 board, the rockets, the
pads (raiders and aliens) and each player's hand, crew and standing."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import compress
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

from ..observation import Builder, KeptEntries, copied, nonzero_entries, rel

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
        #: :meth:`encode_game`: the rockets' positions (by the block's start), kept with a copy
        #: of the rockets and zone masks they come from
        self._rockets = KeptEntries()
        #: :meth:`encode_game`: the positions of the raiders, their states and the aliens per
        #: observing seat and layout, kept with a copy of the pads and captures they come from
        self._pieces = KeptEntries()
        #: :meth:`encode_game`: the players' entries but the rockets in hand (positions,
        #: values) per observing seat and layout, kept with a copy of what they come from
        self._players_kept = KeptEntries()

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
        out[self._rocket_positions(g, at["rockets"])] = 1.0
        out[self._piece_positions(g, seat, n, at)] = 1.0
        p = at["players"]
        pos, val = self._player_entries(g, seat, n, p)
        out[pos] = val
        # the rockets in hand, which change at about one decision in two: written at every call
        for s in range(n):
            q = p + ((s - seat) % n) * 20
            out[q + 5] = g.blue[s] / 3
            out[q + 6] = g.red[s] / 3

    def _rocket_positions(self, g: PlanetRaiders, p: int) -> Any:
        """The positions of the rockets' entries (the block starting at ``p``). The rockets
        stay put at about two decisions in five (a move), and each seat sees the same: they
        are kept with a copy of the rockets and zone masks, compared in full at every call
        (far cheaper than the loop over the zones)."""
        now = (g.rockets, g.zmask)
        kept = self._rockets.entries(now, lambda: copied(now))
        hot = kept.get(p)
        if hot is None:
            placed = g.rockets
            hot = kept[p] = np.array(
                [
                    p + (z * NOSES + nose) * len(ROCKET_COLOURS) + placed[z * NOSES + nose]
                    for z in compress(range(N_CELLS), g.zmask)
                    for nose in range(NOSES)
                    if placed[z * NOSES + nose] >= 0
                ],
                dtype=np.intp,
            )
        return hot

    def _piece_positions(self, g: PlanetRaiders, seat: int, n: int, at: Mapping[str, int]) -> Any:
        """The positions of the entries of the raiders, their states and the aliens (blocks
        of ones). These stay put while nobody moves (a hop, a rocket placed: about three
        decisions in four): they are kept per seat and layout with a copy of the pads and
        captures they come from, compared in full at every call."""
        now = (g.occ, g.rpad, g.captured_by)
        kept = self._pieces.entries(now, lambda: copied(now))
        p = at["raiders"]
        ps = at["raider_status"]
        pa = at["aliens"]
        key = (p, ps, pa, n, seat)
        hot = kept.get(key)
        if hot is not None:
            return hot
        hot_list: list[int] = []
        for s in range(n):
            k = (s - seat) % n
            for i in range(RAIDERS):
                rid = s * RAIDERS + i
                pad = g.rpad[rid]
                if pad >= 0:
                    hot_list.append(ps + (k * RAIDERS + i) * len(STATUSES))
                    hot_list.append(p + (pad * n + k) * RAIDERS + i)
                elif g.captured_by[rid] >= 0:
                    hot_list.append(ps + (k * RAIDERS + i) * len(STATUSES) + 1)
                else:
                    hot_list.append(ps + (k * RAIDERS + i) * len(STATUSES) + 2)
        for e, o in enumerate(g.occ):
            if o >= ALIEN:
                hot_list.append(pa + e * len(COLOURS) + o - ALIEN)
        hot = kept[key] = np.array(hot_list, dtype=np.intp)
        return hot

    def _player_entries(self, g: PlanetRaiders, seat: int, n: int, p: int) -> tuple[Any, Any]:
        """The entries of the players' block (starting at ``p``) but the rockets in hand
        (positions, values): colour, team, aliens aboard, captures, crew, finish, elimination.
        They change at a capture, an alien taken or a player out: they are kept per seat and
        layout with a copy of the state they come from, compared in full at every call."""
        now = (g.aliens, g.caps, g.ncaps, g.finished, g.out, g.colour, g.team)
        kept = self._players_kept.entries(now, lambda: copied(now))
        key = (p, n, seat)
        hot = kept.get(key)
        if hot is not None:
            return hot  # type: ignore[no-any-return]
        writes: dict[int, float] = {}
        my_team = g.team[seat]
        for s in range(n):
            q = p + ((s - seat) % n) * 20
            writes[q + g.colour[s]] = 1.0
            writes[q + 4] = float(g.team[s] == my_team)
            a = g.aliens[s]
            for c in range(len(COLOURS)):
                if a >> c & 1:
                    writes[q + 7 + c] = 1.0
            for v in range(n):
                caps = g.caps[s * n + v]
                if caps:
                    writes[q + 11 + g.colour[v]] = caps / RAIDERS
            aboard = a.bit_count()
            writes[q + 15] = float(crew_complete(aboard, g.ncaps[s]))
            writes[q + 16] = crew_missing(aboard, g.ncaps[s]) / 4
            if s in g.finished:
                writes[q + 17] = 1.0
                writes[q + 18] = (g.finished.index(s) + 1) / 4
            writes[q + 19] = float(g.out[s])
        hot = kept[key] = nonzero_entries(writes)
        return hot
