"""The view of a Spacedealer game: everything one seat may know, as JSON-able data.

Hidden from a seat: other seats' personal piles, their drawn cards and unrevealed start
choices, the order of the common piles, the box and the Gizzi pile. See the docs, "The view".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .actions import PROBE_CODE, STORE_CODE
from .constants import (
    BOX_SIZE,
    GIZZI_PER_BOX,
    GRID_W,
    IDLE,
    P_CONV,
    P_KEEP,
    P_NAMES,
    P_PUT,
    P_SEND,
    READY,
    T_BUILD,
    T_NAMES,
    T_STATES,
)

if TYPE_CHECKING:
    from .rules import Spacedealer


def card_info(g: Spacedealer, cid: int) -> dict[str, Any]:
    """The data of card ``cid`` (from the game's data set) and who fulfilled its demands."""
    t = g._card[cid]
    d = g.parts.card_static[cid].copy()
    d["demands"] = [
        {"goods": list(need), "deliver": a, "owner": b, "by": g.fulfilled[2 * cid + j]}
        for j, (need, a, b) in enumerate(t.demands)
    ]
    return d


def _offer(g: Spacedealer, o: tuple[int, ...] | None) -> dict[str, Any] | None:
    """An open offer; goods offers name containers by their action codes."""
    if o is None:
        return None
    if o[1] == 0:  # goods: the containers' codes, then the goods given and taken per colour
        return {
            "to": o[0],
            "kind": "goods",
            "args": [g._code(o[2]), g._code(o[3])],
            "give": list(o[4:8]),
            "take": list(o[8:12]),
        }
    return {"to": o[0], "kind": ("goods", "card", "swap")[o[1]], "args": list(o[2:])}


def view(g: Spacedealer, seat: int | None) -> dict[str, Any]:
    n = g.players
    cards: dict[str, Any] = {}

    def show(c: int) -> int:
        cards[str(c)] = card_info(g, c)
        return c

    players = []
    planets = g.parts.planets
    gizzi = g.parts.gizzi
    for p in range(n):
        base = p * GRID_W
        timers = []
        for i in range(g.tmax):
            t = p * g.tmax + i
            te = g.t_end[t]
            if i >= g.ntimers[p] and te == IDLE:
                continue
            timers.append(
                {
                    "id": t,
                    "kind": T_NAMES[g.t_kind[t]],
                    "state": T_STATES[0 if te == IDLE else 2 if te == READY else 1],
                    "arg": g.t_arg[t],
                    "ends": te if te >= 0 else -1.0,
                    "attacked": bool(g.t_attack[t]),
                }
            )
        built = []
        for c in g.built[p]:
            show(c)
            built.append(
                {
                    "card": c,
                    "pos": g.site[c],
                    "covered": bool(g.covered[c]),
                    "blocked": bool(g.blocked[c]),
                    "attack": g.attack[c],
                    "timer": g.ctimer[c],
                }
            )
        pl: dict[str, Any] = {
            "seat": p,
            "planet": planets[p].id,
            "name_en": planets[p].name_en,
            "name_fr": planets[p].name_fr,
            "colour_en": planets[p].colour_en,
            "colour_fr": planets[p].colour_fr,
            "style": planets[p].style,
            "score": g.score[p],
            "markers": g.markers[p],
            "tech": g.tech[p],
            "timers": timers,
            "planning": [show(c) for c in g.planning[p]],
            "plan_cap": g.plan_cap[p],
            "personal_count": len(g.personal[p]),
            "plants": [g.plants[2 * p], g.plants[2 * p + 1]],
            "power": [g._power[g.plants[2 * p]], g._power[g.plants[2 * p + 1]]],
            "plant_cards": [list(g.plant_cards[2 * p]), list(g.plant_cards[2 * p + 1])],
            "action_row": g.acell[base : base + GRID_W],
            "demand_row": g.dcell[base : base + GRID_W],
            "built": built,
            "store": g.goods[4 * (g.nships + p) : 4 * (g.nships + p) + 4],
            "store_cap": g.cap[p],
            "pending": len(g.pending[p]),
            "chosen": g.choice[p] >= 0,
            "gizzi_won": len(g.gwon[p]),
            "done": bool(g.done[p]),
        }
        if seat == p:
            pl["personal"] = [show(c) for c in g.personal[p]]
            if g.phase == 0 and g.choice[p] >= 0:
                pl["choice"] = {
                    "card": show(g.choice[p]),
                    "side": g.choice_side[p],
                    "pos": g.choice_pos[p],
                }
        players.append(pl)
    ships = []
    for s in range(g.nships):
        ships.append(
            {
                "owner": g.ship_owner[s],
                "field": g.ship_field[s],
                "from": g.ship_from[s] if g.ship_field[s] < 0 else -1,
                "to": g.ship_to[s] if g.ship_field[s] < 0 else -1,
                "goods": g.goods[4 * s : 4 * s + 4],
                "neutral": s >= n,
            }
        )
    probes = []
    for k, cid in enumerate(g.probes):
        c = g.nships + n + k
        probes.append({"card": cid, "goods": g.goods[4 * c : 4 * c + 4]})
    fields = []
    for f in range(2 * n):
        fd: dict[str, Any] = {"owner": f // 2 if f % 2 == 0 else -1}
        if f % 2 == 1 and g.adv:
            gid = g.gface[f]
            fd["goods"] = g.fgoods[4 * f : 4 * f + 4]
            gz = gizzi[gid % GIZZI_PER_BOX]
            fd["gizzi"] = (
                None
                if gid < 0
                else {
                    "id": gid,
                    "goods": list(g._gz_goods[gid % GIZZI_PER_BOX]),
                    "points": gz.vp_deliver,
                    "name_en": gz.name_en,
                    "name_fr": gz.name_fr,
                }
            )
        fields.append(fd)
    out: dict[str, Any] = {
        "clock": g.clock,
        "mode": g.options["mode"],
        "rules": g.options["rules"],
        "length": g.length,
        "timer_length": g.tlen,
        "end_at": g.end_at,
        "closing": g._closing(),
        "last_call": g.call_at >= 0,
        "call_ends": g.call_at + g.tlen if g.call_at >= 0 and not g.ticks else -1.0,
        "phase": "setup" if g.phase == 0 else "over" if g.is_over else "play",
        "supply": list(g.supply),
        "black": g.black,
        "piles": [len(g.pile[2]), len(g.pile[3])],
        "gizzi_pile": len(g.gpile),
        "players": players,
        "ships": ships,
        "probes": probes,
        "fields": fields,
        "store_code": STORE_CODE,
        "probe_code": PROBE_CODE,
        "offers": [_offer(g, o) for o in g.offer],
    }
    if seat is not None and g.pending[seat]:
        item = g.pending[seat][0]
        pend: dict[str, Any] = {"kind": P_NAMES[item[0]]}
        if item[0] == P_PUT:
            pend["colour"] = item[1]
            pend["card"] = show(item[2])
        elif item[0] == P_CONV:
            pend["left"] = item[1]
            pend["card"] = show(item[2])
        elif item[0] == P_SEND:
            pend["card"] = show(item[1])
        elif item[0] == P_KEEP:
            pend["cards"] = [show(c) for c in sorted(set(item[2:]))]
        out["pending"] = pend
    if seat is not None:  # the seat's run-out timers waiting for their use
        usable = []
        base = seat * g.tmax
        for t in range(base, base + g.tmax):
            if g.t_end[t] == READY:
                c = g.t_arg[t]
                u: dict[str, Any] = {"timer": t, "kind": T_NAMES[g.t_kind[t]], "card": show(c)}
                if g.t_kind[t] == T_BUILD:
                    u["sites"] = g.sites(seat, c)
                usable.append(u)
        out["usable"] = usable
    out["cards"] = cards
    return out


def component_ids(view: Mapping[str, Any]) -> list[str]:
    """The ids of the components ``view`` mentions, in the order a reader meets them: the
    planets, the ships, the cards the view shows (built, planned, the seat's own personal
    pile and drawn cards), the Gizzi cards face up. It reads only the view: a card the seat
    may not see is not in it."""
    out = [f"planet:{pl['seat']}" for pl in view.get("players", [])]
    if view.get("ships"):
        out.append("ship:main")
    out += [f"card:{int(c) % BOX_SIZE}" for c in view.get("cards", {})]
    for fd in view.get("fields", []):
        gz = fd.get("gizzi")
        if gz is not None:
            out.append(f"gizzi:{gz['id'] % GIZZI_PER_BOX}")
    return list(dict.fromkeys(out))
