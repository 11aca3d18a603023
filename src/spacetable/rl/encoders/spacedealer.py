"""Spacedealer observations: the clock, the supply, every planet (grid, timers, store,
plants), the ships, probes, fields and offers, and the seat's own personal pile, pending
decision and usable timers.

Cards are encoded by their row in the data set's ``cards.csv`` (``card id % 72``): the boxes
hold the same cards. Times are seconds of game time relative to the clock, divided by the
timer length."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from spacetable.games.spacedealer.components import config
from spacetable.games.spacedealer.constants import (
    BOX_SIZE,
    GIZZI_PER_BOX,
    GRID_W,
    IDLE,
    N_PLANETS,
    P_CONV,
    P_KEEP,
    P_NAMES,
    P_PUT,
    P_SEND,
    READY,
    T_BUILD,
    T_NAMES,
    T_STATES,
    T_USE,
)

from ..observation import Builder, KeptEntries, ObservationError, nonzero_entries, rel

if TYPE_CHECKING:
    from spacetable.games.spacedealer.rules import Spacedealer

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

    def __init__(self) -> None:
        #: :meth:`encode_game`: the grid blocks' non-zero entries (positions, values) per
        #: observing seat and layout, kept while their sources (:meth:`_grid_sources`) are
        #: those last seen (a copy of them, compared in full at every call)
        self._grids = KeptEntries()

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

    # ------------------------------------------------------------------ straight from the game
    def encode_game(self, g: Spacedealer, seat: int, out: Any, at: Mapping[str, int]) -> None:
        """The blocks of :meth:`encode` (all but the common ones), written into ``out`` (the
        observation, zeros; ``at``: each block's start) straight from the game instead of
        from its view: the fast path of the environments, about three times faster than
        building the view and encoding it. It reads what
        :func:`~spacetable.games.spacedealer.view.view` gives ``seat`` and nothing else
        (the seat's own personal pile, start card, pending decision and usable timers;
        everything else is public), and writes the very values :meth:`encode` writes from
        that view (tested at every step of seeded playouts of every setting)."""
        n = g.players
        cfg = _config(n, g.options)
        tmax = cfg["tmax"]
        tlen = g.tlen
        clock = g.clock
        length = g.length
        v = out  # written in the order the view path writes (a later write wins there too)
        v[at["phase"] + (0 if g.phase == 0 else 2 if g.is_over else 1)] = 1.0
        if g.options["mode"] == "ticks":
            v[at["ticks"]] = 1.0
        if g.options["rules"] == "advanced":
            v[at["advanced"]] = 1.0
        v[at["clock"]] = float(clock) / length
        v[at["end_at"]] = float(g.end_at - clock) / length
        if g._closing():
            v[at["closing"]] = 1.0
        if g.call_at >= 0:
            v[at["last_call"]] = 1.0
            if not g.ticks:
                v[at["call_ends"]] = float(g.call_at + tlen - clock) / tlen
        p0 = at["supply"]
        for i, x in enumerate(g.supply):
            v[p0 + i] = float(x) / 20
        v[at["black"]] = float(g.black) / 20
        p0 = at["piles"]
        v[p0] = float(len(g.pile[2])) / (2 * BOX_SIZE)
        v[p0 + 1] = float(len(g.pile[3])) / (2 * BOX_SIZE)
        v[at["gizzi_pile"]] = float(len(g.gpile)) / (2 * GIZZI_PER_BOX)
        self._planets_of_game(g, seat, n, tmax, v, at)
        self._grid_of_game(g, seat, n, v, at["grid"])
        nships = g.nships
        goods = g.goods
        # ships
        w = n + 1 + 6 * n + COLOURS
        p0 = at["ships"]
        for s in range(nships):
            q = p0 + s * w
            v[q + (n if s >= n else (g.ship_owner[s] - seat) % n)] = 1.0
            fd = g.ship_field[s]
            if fd >= 0:
                v[q + n + 1 + fd] = 1.0
            else:
                fr, to = g.ship_from[s], g.ship_to[s]
                if fr >= 0:
                    v[q + n + 1 + 2 * n + fr] = 1.0
                if to >= 0:
                    v[q + n + 1 + 4 * n + to] = 1.0
            q += n + 1 + 6 * n
            for c in range(COLOURS):
                v[q + c] = goods[4 * s + c] / 5
        # transport probes
        if len(g.probes) > cfg["probes"]:
            raise ObservationError("spacedealer: more transport probes than the settings allow")
        if g.probes:
            w = 1 + BOX_SIZE + COLOURS
            p0 = at["probes"]
            for k, cid in enumerate(g.probes):
                q = p0 + k * w
                v[q] = 1.0
                v[q + 1 + cid % BOX_SIZE] = 1.0
                c0 = 4 * (nships + n + k)
                for c in range(COLOURS):
                    v[q + 1 + BOX_SIZE + c] = goods[c0 + c] / 5
        # fields
        w = n + 1 + COLOURS + 1 + GIZZI_PER_BOX + 1
        p0 = at["fields"]
        for f in range(2 * n):
            q = p0 + f * w
            if f % 2 == 0:
                v[q + (f // 2 - seat) % n] = 1.0
                continue
            v[q + n] = 1.0
            if g.adv:
                for c in range(COLOURS):
                    v[q + n + 1 + c] = g.fgoods[4 * f + c] / 5
                gid = g.gface[f]
                if gid >= 0:
                    v[q + n + 1 + COLOURS] = 1.0
                    v[q + n + 2 + COLOURS + gid % GIZZI_PER_BOX] = 1.0
                    v[q + w - 1] = g.parts.gizzi[gid % GIZZI_PER_BOX].vp_deliver / 10
        # offers
        w = 1 + n + len(OFFER_KINDS) + 2 * COLOURS + 2
        p0 = at["offers"]
        for i, o in enumerate(g.offer):
            if o is None:
                continue
            q = p0 + ((i - seat) % n) * w
            v[q] = 1.0
            v[q + 1 + (o[0] - seat) % n] = 1.0
            v[q + 1 + n + o[1]] = 1.0
            j = q + 1 + n + len(OFFER_KINDS)
            if o[1] == 0:
                for c in range(COLOURS):
                    v[j + c] = o[4 + c] / 5
                    v[j + COLOURS + c] = o[8 + c] / 5
                args: tuple[int, ...] = (g._code(o[2]), g._code(o[3]))
            else:
                args = o[2:4]
            v[q + w - 2] = (args[0] + 1) / 1000
            v[q + w - 1] = (args[-1 if len(args) < 2 else 1] + 1) / 1000
        # the seat's own decisions
        if g.pending[seat]:
            item = g.pending[seat][0]
            kind = item[0]
            v[at["pending"] + kind] = 1.0
            if kind == P_PUT:
                if item[1] >= 0:
                    v[at["pending_colour"] + item[1]] = 1.0
                v[at["pending_card"] + item[2] % BOX_SIZE] = 1.0
            elif kind == P_CONV:
                v[at["pending_left"]] = float(item[1]) / 5
                v[at["pending_card"] + item[2] % BOX_SIZE] = 1.0
            elif kind == P_SEND:
                v[at["pending_card"] + item[1] % BOX_SIZE] = 1.0
            elif kind == P_KEEP:
                p0 = at["pending_keep"]
                for c in item[2:]:
                    v[p0 + c % BOX_SIZE] = 1.0
        w = len(T_NAMES) + BOX_SIZE + 1
        p0 = at["usable"]
        base = seat * g.tmax  # the game's slots, laid out in the settings' capacity
        for t in range(base, base + g.tmax):
            if g.t_end[t] == READY:
                q = p0 + (t - seat * tmax) * w
                kind = g.t_kind[t]
                c = g.t_arg[t]
                v[q + kind] = 1.0
                v[q + len(T_NAMES) + c % BOX_SIZE] = 1.0
                v[q + w - 1] = len(g.sites(seat, c)) / GRID_W if kind == T_BUILD else 0.0
        p0 = at["personal"]
        for c in g.personal[seat]:
            i = p0 + c % BOX_SIZE
            v[i] += 1.0
        if g.phase == 0 and g.choice[seat] >= 0:
            v[at["choice_card"] + g.choice[seat] % BOX_SIZE] = 1.0
            v[at["choice_side"]] = float(g.choice_side[seat] + 1) / 2
            v[at["choice_pos"]] = float(g.choice_pos[seat] + 1) / GRID_W

    def _planets_of_game(
        self, g: Spacedealer, seat: int, n: int, tmax: int, v: Any, at: Mapping[str, int]
    ) -> None:
        """:meth:`_planets` straight from the game (see :meth:`encode_game`). The game's lists
        are bound to locals once, and the writes of a 0 into a timer's fresh entries are left
        out (``v`` is zeros there): a third faster than writing every entry."""
        clock = g.clock
        tlen = g.tlen
        goods = g.goods
        nships = g.nships
        power = g._power
        t_end = g.t_end
        t_kind = g.t_kind
        t_arg = g.t_arg
        t_attack = g.t_attack
        slots = g.tmax
        w_nums = N_PLANETS + 19
        p_nums = at["planets"]
        p_timers = at["timers"]
        p_cards = at["planet_cards"]
        t_states = 1 + len(T_NAMES)
        t_ends = t_states + len(T_STATES)
        for p in range(n):
            k = (p - seat) % n
            q = p_nums + k * w_nums
            v[q + p] = 1.0
            q += N_PLANETS
            left, right = g.plants[2 * p], g.plants[2 * p + 1]
            s0 = 4 * (nships + p)
            v[q : q + 19] = (
                g.score[p] / 30,
                g.markers[p] / 10,
                g.tech[p] / 4,
                g.plan_cap[p] / 6,
                len(g.personal[p]) / 20,
                left / 3,
                right / 3,
                power[left] / 4,
                power[right] / 4,
                goods[s0] / 10,
                goods[s0 + 1] / 10,
                goods[s0 + 2] / 10,
                goods[s0 + 3] / 10,
                g.cap[p] / 10,
                len(g.pending[p]) / 5,
                float(g.choice[p] >= 0),
                len(g.gwon[p]) / 5,
                float(bool(g.done[p])),
                len(g.planning[p]) / 6,
            )
            # timers: the view lists the slots in use (a slot past the planet's count only
            # while it runs), in order; each listed slot's entries are written once
            r = p_timers + k * tmax * TIMER_FEATURES
            t0 = p * slots
            counted = t0 + g.ntimers[p]
            for t in range(t0, t0 + slots):
                te = t_end[t]
                if te == IDLE:
                    if t >= counted:
                        continue
                    state = 0
                else:
                    state = 2 if te == READY else 1
                kind = t_kind[t]
                v[r] = 1.0
                v[r + 1 + kind] = 1.0
                v[r + t_states + state] = 1.0
                if te >= 0:
                    v[r + t_ends] = (te - clock) / tlen
                if t_attack[t]:
                    v[r + t_ends + 1] = 1.0
                arg = t_arg[t]
                if arg >= 0:
                    if kind in (T_BUILD, T_USE):
                        v[r + t_ends + 2 + arg % BOX_SIZE] = 1.0
                    else:
                        v[r + TIMER_FEATURES - 1] = (arg + 1) / 16
                r += TIMER_FEATURES
            # planned and plant cards
            q = p_cards + k * 3 * BOX_SIZE
            for c in g.planning[p]:
                v[q + c % BOX_SIZE] += 1.0
            q += BOX_SIZE
            for c in g.plant_cards[2 * p]:
                v[q + c % BOX_SIZE] += 1.0
            q += BOX_SIZE
            for c in g.plant_cards[2 * p + 1]:
                v[q + c % BOX_SIZE] += 1.0

    @staticmethod
    def _grid_sources(g: Spacedealer) -> tuple[Any, ...]:
        """What the grid blocks are made of, but the cards' timers: every planet's built
        cards, the cards' places, states and fulfilled demands, the rows' cards and the data
        set's cards (by identity)."""
        return (
            g._card,
            g.built,
            g.site,
            g.covered,
            g.blocked,
            g.attack,
            g.fulfilled,
            g.acell,
            g.dcell,
        )

    def _grid_of_game(self, g: Spacedealer, seat: int, n: int, v: Any, p_grid: int) -> None:
        """The grid blocks of :meth:`_planets` straight from the game (see
        :meth:`encode_game`). Besides the cards' timers they change at a few decisions in a
        hundred (a card built, covered, blocked or attacked, a demand fulfilled, a row's card
        moved): their non-zero entries are kept per seat and layout, with a copy of their
        sources, and written by one assignment while the game's sources equal that copy
        (comparing costs a few list comparisons in C, writing them again a Python loop over
        every built card). Whether a card has a timer, which changes at about one decision
        in four, is read at every call, for the card shown at each place."""
        now = self._grid_sources(g)
        kept = self._grids.entries(
            now, lambda: (now[0], [list(b) for b in g.built], *map(list, now[2:]))
        )
        key = (p_grid, n, seat)
        hot = kept.get(key)
        if hot is None:
            hot = kept[key] = self._grid_entries(g, seat, n, p_grid)
        v[hot[0]] = hot[1]
        ctimer = g.ctimer
        for i, c in hot[2]:
            if ctimer[c] >= 0:
                v[i] = 1.0

    @staticmethod
    def _grid_entries(
        g: Spacedealer, seat: int, n: int, p_grid: int
    ) -> tuple[Any, Any, tuple[tuple[int, int], ...]]:
        """The non-zero entries of the grid blocks of ``seat`` but the timers' (positions,
        values), written in the order of the view path: a card covered by a later one at
        its place is written over, entry by entry; and the entry of each place's timer flag
        with the card it belongs to (the last built there)."""
        site = g.site
        covered = g.covered
        blocked = g.blocked
        attack = g.attack
        demands = g._card
        fulfilled = g.fulfilled
        writes: dict[int, float] = {}
        timers: dict[int, int] = {}
        for p in range(n):
            q = p_grid + ((p - seat) % n) * GRID_W * COLUMN_FEATURES
            for c in g.built[p]:
                r = q + site[c] * COLUMN_FEATURES
                writes[r] = 1.0
                writes[r + 1] = float(bool(covered[c]))
                writes[r + 2] = float(bool(blocked[c]))
                writes[r + 3] = attack[c] / 3
                timers[r + 4] = c
                dem = demands[c].demands
                if dem:
                    writes[r + 5] = float(fulfilled[2 * c] >= 0)
                    if len(dem) > 1:
                        writes[r + 6] = float(fulfilled[2 * c + 1] >= 0)
            base = p * GRID_W
            for col, a in enumerate(g.acell[base : base + GRID_W]):
                if a >= 0:
                    writes[q + col * COLUMN_FEATURES + 7 + a % BOX_SIZE] = 1.0
            for col, d in enumerate(g.dcell[base : base + GRID_W]):
                if d >= 0:
                    writes[q + col * COLUMN_FEATURES + 7 + BOX_SIZE + d % BOX_SIZE] = 1.0
        return (*nonzero_entries(writes), tuple(timers.items()))
