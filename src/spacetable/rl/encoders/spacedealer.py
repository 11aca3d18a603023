"""Spacedealer observations: the clock, the supply, every planet (grid, timers, store,
plants), the ships, probes, fields and offers, and the seat's own personal pile, pending
decision and usable timers.

Cards are encoded by their row in the data set's ``cards.csv`` (``card id % 72``): the boxes
hold the same cards. Times are seconds of game time relative to the clock, divided by the
timer length."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spacetable.games.spacedealer.components import config
from spacetable.games.spacedealer.constants import (
    BOX_SIZE,
    GIZZI_PER_BOX,
    GRID_W,
    N_PLANETS,
    P_NAMES,
    T_NAMES,
    T_STATES,
)

from ..observation import Builder, ObservationError, rel

PHASES = ("setup", "play", "over")
COLOURS = 4
OFFER_KINDS = ("goods", "card", "swap")
#: Per timer: present, kind (6), state (3), time left / timer length, attacked, card row
#: (build and use timers), other argument (fly timers: the field) / 16.
TIMER_FEATURES = 1 + len(T_NAMES) + len(T_STATES) + 2 + BOX_SIZE + 1
#: Per grid column: built there, covered, blocked, attack / 3, has a timer, demands fulfilled
#: (2), action row card (BOX_SIZE), demand row card (BOX_SIZE).
COLUMN_FEATURES = 7 + 2 * BOX_SIZE


def _row(cid: int) -> int:
    return cid % BOX_SIZE


_CONFIGS: dict[tuple[int, bool], dict[str, int]] = {}


def _config(players: int, options: Mapping[str, Any]) -> dict[str, int]:
    """``config(players, options)``, kept: it depends on the player count and the rules."""
    key = (players, options.get("rules", "basic") == "advanced")
    cfg = _CONFIGS.get(key)
    if cfg is None:
        cfg = _CONFIGS[key] = config(players, options)
    return cfg


class SpacedealerEncoder:
    game_id = "spacedealer"

    def encode(
        self, view: Mapping[str, Any], players: int, options: Mapping[str, Any], b: Builder
    ) -> None:
        seat = view["seat"]
        n = players
        cfg = _config(n, options)
        tlen = view["timer_length"]
        clock = view["clock"]
        length = view["length"]
        b.one_hot("phase", PHASES.index(view["phase"]), len(PHASES), "phase: setup, play, over")
        b.flag("ticks", view["mode"] == "ticks", "the ticks mode (else real time)")
        b.flag("advanced", view["rules"] == "advanced", "the advanced rules")
        b.scalar("clock", clock, length, "clock / game length")
        b.scalar("end_at", view["end_at"] - clock, length, "time to the end / game length")
        b.flag("closing", view["closing"], "the game is closing")
        b.flag("last_call", view["last_call"], "the last call is under way")
        ce = view["call_ends"]
        b.scalar(
            "call_ends",
            None if ce < 0 else ce - clock,
            tlen,
            "time to the last call's end / timer length",
        )
        b.scalars("supply", view["supply"], COLOURS, 20, "goods in the supply per colour / 20")
        b.scalar("black", view["black"], 20, "black goods / 20")
        b.scalars("piles", view["piles"], 2, 2 * BOX_SIZE, "cards in the level 2 and 3 piles / 144")
        b.scalar("gizzi_pile", view["gizzi_pile"], 2 * GIZZI_PER_BOX, "Gizzi pile / 24")
        self._planets(view, seat, n, cfg["tmax"], clock, tlen, b)
        ships = b.block(
            "ships",
            (cfg["ships"], n + 1 + 6 * n + COLOURS),
            "ships x (owner: relative seats, or neutral (an orbital station); at field, flying "
            "from field, flying to field (each one-hot over the 2n fields); goods per colour / 5)",
        )
        for i, s in enumerate(view["ships"]):
            f = ships[i]
            f[n if s["neutral"] else rel(seat, s["owner"], n)] = 1.0
            for k, key in enumerate(("field", "from", "to")):
                if s[key] >= 0:
                    f[n + 1 + 2 * n * k + s[key]] = 1.0
            f[n + 1 + 6 * n :] = [g / 5 for g in s["goods"]]
        probes = b.block(
            "probes",
            (cfg["probes"], 1 + BOX_SIZE + COLOURS),
            "transport probes x (present, card row, goods per colour / 5)",
        )
        if len(view["probes"]) > cfg["probes"]:
            raise ObservationError("spacedealer: more transport probes than the settings allow")
        for i, p in enumerate(view["probes"]):
            probes[i, 0] = 1.0
            probes[i, 1 + _row(p["card"])] = 1.0
            probes[i, 1 + BOX_SIZE :] = [g / 5 for g in p["goods"]]
        fields = b.block(
            "fields",
            (2 * n, n + 1 + COLOURS + 1 + GIZZI_PER_BOX + 1),
            "the 2n fields x (owner: relative seat or none; goods per colour "
            "/ 5, a Gizzi card, its row 0..11, its points / 10)",
        )
        for i, fd in enumerate(view["fields"]):
            f = fields[i]
            f[rel(seat, fd["owner"], n) if fd["owner"] >= 0 else n] = 1.0
            if "goods" in fd:
                f[n + 1 : n + 1 + COLOURS] = [g / 5 for g in fd["goods"]]
            gz = fd.get("gizzi")
            if gz is not None:
                f[n + 1 + COLOURS] = 1.0
                f[n + 2 + COLOURS + gz["id"] % GIZZI_PER_BOX] = 1.0
                f[-1] = gz["points"] / 10
        offers = b.block(
            "offers",
            (n, 1 + n + len(OFFER_KINDS) + 2 * COLOURS + 2),
            "offers by relative seat x (open, to whom (relative), kind: goods, "
            "card, swap; goods given and taken per colour / 5, its two arguments + 1 / 1000)",
        )
        for i, o in enumerate(view["offers"]):
            if o is None:
                continue
            f = offers[rel(seat, i, n)]
            f[0] = 1.0
            f[1 + rel(seat, o["to"], n)] = 1.0
            f[1 + n + OFFER_KINDS.index(o["kind"])] = 1.0
            j = 1 + n + len(OFFER_KINDS)
            if "give" in o:
                f[j : j + COLOURS] = [g / 5 for g in o["give"]]
                f[j + COLOURS : j + 2 * COLOURS] = [g / 5 for g in o["take"]]
            args = o["args"]
            f[-2:] = [(a + 1) / 1000 for a in args[:2]]
        # the seat's own decisions
        pend = view.get("pending") or {}
        b.one_hot(
            "pending",
            P_NAMES.index(pend["kind"]) if pend else None,
            len(P_NAMES),
            "the seat's pending decision: " + ", ".join(P_NAMES),
        )
        colour = pend.get("colour")
        b.one_hot(
            "pending_colour",
            None if colour is None or colour < 0 else colour,
            COLOURS,
            "put: the colour (all 0: any colour the supply has)",
        )
        b.scalar("pending_left", pend.get("left"), 5, "convert: goods left / 5")
        card = pend.get("card")
        b.one_hot(
            "pending_card",
            None if card is None else _row(card),
            BOX_SIZE,
            "the pending decision's card (row)",
        )
        b.multi_hot(
            "pending_keep",
            [_row(c) for c in pend.get("cards", ())],
            BOX_SIZE,
            "keep: the cards offered (rows)",
        )
        usable = b.block(
            "usable",
            (cfg["tmax"], len(T_NAMES) + BOX_SIZE + 1),
            "the seat's timers x (run out, waiting for use: kind, card row, build sites / 12)",
        )
        for u in view["usable"]:
            i = u["timer"] - seat * cfg["tmax"]
            usable[i, T_NAMES.index(u["kind"])] = 1.0
            usable[i, len(T_NAMES) + _row(u["card"])] = 1.0
            usable[i, -1] = len(u.get("sites", ())) / GRID_W
        me = view["players"][seat]
        b.counts(
            "personal",
            [_row(c) for c in me.get("personal", ())],
            BOX_SIZE,
            1,
            "the seat's own personal pile (counts per card row)",
        )
        ch = me.get("choice")
        b.one_hot(
            "choice_card",
            None if ch is None else _row(ch["card"]),
            BOX_SIZE,
            "setup: the seat's start card (row)",
        )
        b.scalar(
            "choice_side", None if ch is None else ch["side"] + 1, 2, "setup: its side + 1 / 2"
        )
        b.scalar(
            "choice_pos",
            None if ch is None else ch["pos"] + 1,
            GRID_W,
            "setup: its position + 1 / 12",
        )

    @staticmethod
    def _planets(
        view: Mapping[str, Any], seat: int, n: int, tmax: int, clock: float, tlen: float, b: Builder
    ) -> None:
        nums = b.block(
            "planets",
            (n, N_PLANETS + 19),
            f"relative seat x (planet 0..{N_PLANETS - 1}; score / 30, markers / 10, "
            "tech / 4, planning cap / 6, personal pile / 20, left and right plant / 3, their "
            "power / 4, goods in store per colour / 10, store capacity / 10, pending decisions "
            "/ 5, start card chosen, Gizzi won / 5, done (ticks), planned cards / 6)",
        )
        timers = b.block(
            "timers",
            (n, tmax, TIMER_FEATURES),
            f"relative seat x timer slot x {TIMER_FEATURES}: present, kind ("
            + ", ".join(T_NAMES)
            + "), state ("
            + ", ".join(T_STATES)
            + "), time left / timer "
            "length, attacked, card row (build, use), other argument + 1 / 16",
        )
        grid = b.block(
            "grid",
            (n, GRID_W, COLUMN_FEATURES),
            f"relative seat x column 0..{GRID_W - 1} x {COLUMN_FEATURES}: a card "
            "built there (its latest), covered, blocked, attack / 3, has a timer, its two "
            "demands fulfilled, the action row's card (row one-hot), the demand row's card",
        )
        cards = b.block(
            "planet_cards",
            (n, 3, BOX_SIZE),
            "relative seat x (planning, left plant, right plant) x card row: counts",
        )
        shown = view["cards"]
        for pl in view["players"]:
            k = rel(seat, pl["seat"], n)
            f = nums[k]
            f[pl["seat"]] = 1.0  # which planet
            f[N_PLANETS:] = (
                pl["score"] / 30,
                pl["markers"] / 10,
                pl["tech"] / 4,
                pl["plan_cap"] / 6,
                pl["personal_count"] / 20,
                pl["plants"][0] / 3,
                pl["plants"][1] / 3,
                pl["power"][0] / 4,
                pl["power"][1] / 4,
                *(g / 10 for g in pl["store"]),
                pl["store_cap"] / 10,
                pl["pending"] / 5,
                float(pl["chosen"]),
                pl["gizzi_won"] / 5,
                float(pl["done"]),
                len(pl["planning"]) / 6,
            )
            for i, t in enumerate(pl["timers"]):
                tf = timers[k, i]
                tf[0] = 1.0
                tf[1 + T_NAMES.index(t["kind"])] = 1.0
                tf[1 + len(T_NAMES) + T_STATES.index(t["state"])] = 1.0
                j = 1 + len(T_NAMES) + len(T_STATES)
                if t["ends"] >= 0:
                    tf[j] = (t["ends"] - clock) / tlen
                tf[j + 1] = float(t["attacked"])
                if t["kind"] in ("build", "use") and t["arg"] >= 0:
                    tf[j + 2 + _row(t["arg"])] = 1.0
                elif t["arg"] >= 0:
                    tf[-1] = (t["arg"] + 1) / 16
            for c in pl["planning"]:
                cards[k, 0, _row(c)] += 1.0
            for side in (0, 1):
                for c in pl["plant_cards"][side]:
                    cards[k, 1 + side, _row(c)] += 1.0
            for e in pl["built"]:
                g = grid[k, e["pos"]]
                g[0:5] = (
                    1.0,
                    float(e["covered"]),
                    float(e["blocked"]),
                    e["attack"] / 3,
                    float(e["timer"] >= 0),
                )
                dem = shown[str(e["card"])]["demands"]
                for d, dd in enumerate(dem[:2]):
                    g[5 + d] = float(dd["by"] >= 0)
            # the rows' cards: one flat assignment per seat (each entry is set once)
            flat = grid[k].reshape(-1)
            hot = [
                col * COLUMN_FEATURES + 7 + a % BOX_SIZE
                for col, a in enumerate(pl["action_row"])
                if a >= 0
            ]
            hot += [
                col * COLUMN_FEATURES + 7 + BOX_SIZE + d % BOX_SIZE
                for col, d in enumerate(pl["demand_row"])
                if d >= 0
            ]
            if hot:
                flat[hot] = 1.0
