"""The one projection of a Tortuga 2199 state for a seat (the ``Game._view`` hook)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import components as C
from .constants import (
    ABILITY,
    ATK,
    DEF,
    K_TERMINAL,
    K_TURRET,
    KIND_IDS,
    MARK,
    MARKERS,
    MARKETS,
    PHASE_NAMES,
    SACRIFICE,
    SPOILS,
)

if TYPE_CHECKING:
    from .rules import Tortuga2199

#: Per player count, the seats of every bit mask of seats (markers, seen by), in seat order.
_SEATS: dict[int, list[tuple[int, ...]]] = {}


def tallies(g: Tortuga2199) -> tuple[list[int], list[int], list[int], list[int], list[int]]:
    """Per seat, from the sectors in one pass: the influence of its control tokens, its
    sectors, terminals and turrets, and its markers on sectors (``Tortuga2199.total``,
    ``sectors_of``, ``bonus`` and ``markers_free``, all at once). Public facts: the view and
    the observations read them."""
    n = g.players
    influence = g.parts.kind_influence
    held = [0] * n
    count = [0] * n
    terminals = [0] * n
    turrets = [0] * n
    marked = [0] * n
    for s, o in enumerate(g.ctrl):
        if o >= 0:
            k = g.kinds[s]
            held[o] += influence[k]
            count[o] += 1
            if k == K_TERMINAL:
                terminals[o] += 1
            elif k == K_TURRET:
                turrets[o] += 1
    for mask in g.probes:
        for p in range(n):
            if mask >> p & 1:
                marked[p] += 1
    return held, count, terminals, turrets, marked


def view(g: Tortuga2199, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (``None``: a spectator), as a JSON-able dict (the ``_view``
    hook): every sector (the creature only if the seat looked at it), every player's public
    facts, the markets, the turn, the pending abilities, the combat (the attacker's cards
    hidden from others until the reveal) and the seat's own hand and Reserved card."""
    P = g.parts
    n = g.players
    lay = g.lay
    ph = g.phase
    secret_atk = ph == ATK
    sectors = []
    seats = _SEATS.get(n)
    if seats is None:  # the seats of every bit mask of n seats, in seat order
        seats = _SEATS[n] = [tuple(p for p in range(n) if m >> p & 1) for m in range(1 << n)]
    ships: dict[int, list[int]] = {}
    for p, at in enumerate(g.pos):
        ships.setdefault(at, []).append(p)
    has_def = P.kind_has_def
    coords = lay.coords
    held, count, terminals, turrets, marked = tallies(g)
    for s in range(lay.n):
        h = g.hunt[s]
        seen = g.seen[s]
        known = h >= 0 and seat is not None and bool(seen >> seat & 1)
        k = g.kinds[s]
        d = g.defence[s]
        sectors.append(
            {
                "slot": s,
                "q": coords[s][0],
                "r": coords[s][1],
                "kind": KIND_IDS[k],
                "controller": g.ctrl[s],
                # Tortuga has no Defence track ("nécessite toujours 15 Manœuvres"): None.
                "defence": d if has_def[k] else None,
                "max_defence": P.kind_max_def[k] if has_def[k] else None,
                "conquest_cost": C.conquest_cost(k, d),
                "influence": P.kind_influence[k],
                "mineral": g.mineral[s],
                "hunt": h >= 0,
                "markers": list(seats[g.probes[s]]),
                "seen_by": list(seats[seen]),
                "creature": h if known else None,
                "ships": ships.get(s) or [],  # each sector's own list (or a new empty one)
                "adjacent": list(lay.adj[s]),
            }
        )
    players = []
    for p in range(n):
        hs = len(g.hand[p])
        if secret_atk and p == g.cb[0] and seat != p:
            hs += len(g.catk)
        players.append(
            {
                "seat": p,
                "ship": g.ship[p],
                "pos": g.pos[p],
                "influence": g.infl[p] + held[p],
                "influence_tokens": g.infl[p],
                "minerals": g.minerals[p],
                "hand_size": hs,
                "deck_size": len(g.deck[p]),
                "discard": sorted(g.discard[p]),
                "played": list(g.played[p]),
                "reserved": g.reserve[p] >= 0,
                "hunt_tokens": sorted(g.htokens[p]),
                "sectors": count[p],
                "terminals": terminals[p],
                "turrets": turrets[p],
                "markers_free": MARKERS - count[p] - marked[p],
            }
        )
    markets = {}
    for i, m in enumerate(MARKETS):
        markets[m] = {
            "face": sorted(g.mface[i]),
            "deck": len(g.mdeck[i]),
            "known_bottom": g.mdeck[i][: g.mknown[i]],
        }
    out: dict[str, Any] = {
        "phase": PHASE_NAMES[ph],
        "scenario": g.scenario,
        "current": g.cur,
        "first": g.first,
        "round": g.turns // n + 1,
        "turns": g.turns,
        "turn_actions": g.tacts,
        "crypto": g.crypto,
        "manoeuvre": g.mano,
        "fresh": g.fresh,
        "powers_used": g.used,
        "sectors": sectors,
        "players": players,
        "markets": markets,
        "t_piles": {P.card_id[c]: g.tpile[i] for i, c in enumerate(P.t_cards)},
        "hunt_pile": list(g.hunt_pile),
        "depot": g.depot,
        "bank": g.bank,
        "destroyed": sorted(g.destroyed),
        "tortuga_conqueror": g.tortuga_by,
        "last_turns": list(g.last),
        "pending": None,
        "marking": g.mark_at if ph == MARK else None,
        "combat": None,
        "hand": None,
        "reserved_card": None,
        "winner": g.winner,
    }
    if ph == ABILITY:
        out["pending"] = {
            "card": g.pend_card,
            "abilities": [list(P.played[g.pend_card][i]) for i in g.pend],
        }
    if ph in (ATK, DEF, SACRIFICE, SPOILS):
        att = g.cb[0]
        show_atk = ph not in (ATK, DEF) or seat == att
        out["combat"] = {
            "attacker": att,
            "defender": g.cb[1],
            "sector": g.cb[2],
            "attack_count": None if ph == ATK and seat != att else len(g.catk),
            "attack_cards": sorted(g.catk) if show_atk else None,
            "defence_cards": list(g.cdef),
            "winner": g.cb[3],
            "loser": g.cb[4],
        }
    if seat is not None:
        out["hand"] = sorted(g.hand[seat])
        out["reserved_card"] = g.reserve[seat] if g.reserve[seat] >= 0 else None
    return out
