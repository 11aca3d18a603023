"""Spacedealer: tests written for the survivors of the sampled mutation run (issue 17).

Each test pins a behaviour the rulebook, the rules map (``docs/games/spacedealer.md``) or the
documented state layout gives, that no other test pinned. Some call a function directly that
otherwise only runs when a module is imported (the board tables), once per process (the
cached RL action space, the interned flight lists), or from no rule at all yet
(``_others_at``), so that a changed function is seen.
"""

from __future__ import annotations

import math

from spacetable.engine import Action, new_game
from spacetable.games.spacedealer import actions as A
from spacetable.games.spacedealer.actions import PROBE_CODE, STORE_CODE
from spacetable.games.spacedealer.board import _col_power
from spacetable.games.spacedealer.components import config
from spacetable.games.spacedealer.constants import BURST, MIN_ADVANCE, RATE
from spacetable.games.spacedealer.notation import (
    build,
    card_type,
    contents,
    load,
    moor,
    started,
    store,
    store_code,
    take,
)
from spacetable.games.spacedealer.rules import Spacedealer

ADV = {"rules": "advanced"}


# ---------------------------------------------------------------------- board
def test_every_connection_column_has_its_side_and_distance() -> None:
    """Called directly: the tables ``COL_SIDE``/``COL_DIST`` are built at import.
    Columns 2..5 are the left connections L4..L1, 6..9 the right ones R1..R4 (3.2.2)."""
    assert [_col_power(c) for c in range(12)] == [
        (0, 0), (0, 0), (0, 4), (0, 3), (0, 2), (0, 1),
        (1, 1), (1, 2), (1, 3), (1, 4), (1, 0), (1, 0),
    ]  # fmt: skip


# ---------------------------------------------------------------------- actions
def test_a_loaded_ship_flies_to_both_neighbouring_fields() -> None:
    """Called directly on a ring no game uses, so that the interned lists are built afresh."""
    assert A.flights(11, 2, 0, False) == (A.get(A.Fly, 2, 1), A.get(A.Fly, 2, 10))
    assert A.flights(11, 2, 5, False) == (A.get(A.Fly, 2, 4), A.get(A.Fly, 2, 6))
    assert len(A.flights(11, 2, 5, True)) == 10  # an empty ship flies anywhere


def test_the_rl_action_space_holds_every_kind_of_decision() -> None:
    """Called directly: the engine caches the space (built once per process)."""
    for opts in ({}, ADV):
        space = Spacedealer.enumerate_actions(4, opts)
        assert len(space) == len(set(space))
        assert A.get(A.Put, 0, 0) in space  # into a ship
        assert A.get(A.Put, 3, STORE_CODE + 3) in space  # into a planet's depots
        assert A.get(A.Accept, 3) in space and A.get(A.Decline, 3) in space
        assert any(isinstance(a, A.Start) for a in space)
        assert A.get(A.Dump, 0, 0) in space
    space = Spacedealer.enumerate_actions(4, ADV)
    assert A.get(A.Put, 0, PROBE_CODE) in space  # into a transport probe
    assert A.get(A.Gizzi, 0) in space


# ---------------------------------------------------------------------- goods
def test_a_flying_transport_probe_is_no_partner_for_a_trade() -> None:
    """A transport probe on its way (a timer on it, here seat 0's first timer, id 0) carries
    no goods for anyone: another seat's ship on the planet cannot offer goods with it."""
    g = started(4, ADV, side=1, pos=1)
    probe = build(g, 0, "transport_probe", 7)
    k = g.probes.index(probe)
    load(g, g.nships + g.players + k, "R")
    moor(g, 1, 0)  # seat 1's ship on seat 0's orbit field
    load(g, 1, "Y")

    def with_probe() -> list[Action]:
        return [
            a
            for a in g.legal_actions(1)
            if isinstance(a, A.OfferGoods) and PROBE_CODE + k in (a.src, a.dst)
        ]

    assert with_probe()  # at rest, the probe is a trade partner
    moor(g, 0, 5)
    g.apply(0, A.get(A.Use, probe))
    assert g.ctimer[probe] == 0
    assert not with_probe()


def test_a_goods_offer_on_seat_0_planet_can_be_accepted_in_advanced_rules() -> None:
    """Rulebook example 3 with the advanced rules: the offer is made on field 0 (seat 0's
    planet), which is a field like any other."""
    g = started(4, ADV, side=1, pos=1)
    build(g, 0, "depot", 7)
    load(g, store(g, 0), "G")
    moor(g, 1, 0)
    load(g, 1, "B")
    offer = A.get(A.OfferGoods, store_code(0), 1, 2, 3)  # green from the depot for a blue
    assert offer in g.legal_actions(0)
    g.apply(0, offer)
    assert A.get(A.Accept, 0) in g.legal_actions(1)
    g.apply(1, A.get(A.Accept, 0))
    assert contents(g, 1) == "G" and contents(g, store(g, 0)) == "B"


def test_covering_a_transport_probe_returns_its_goods_to_the_supply() -> None:
    g = started(4, ADV, side=1, pos=1)
    probe = build(g, 0, "transport_probe", 7)
    pc = g.nships + g.players + g.probes.index(probe)
    load(g, pc, "RY")
    supply = list(g.supply)
    g._cover(0, probe)
    assert g.covered[probe] and contents(g, pc) == ""
    assert g.supply == [supply[0] + 1, supply[1] + 1, supply[2], supply[3]]


def test_the_containers_of_other_seats_on_a_field() -> None:
    """Called directly (no rule calls it yet): on seat 1's planet (field 2), seat 0 sees
    seat 1's ship and depots and the ship of seat 3 there, not its own ship."""
    g = started(4, ADV, side=1, pos=1)
    build(g, 1, "depot", 7)
    moor(g, 0, 2)
    moor(g, 3, 2)
    assert g.cap[1] > 0
    assert g.ship_field[1] == 2  # seat 1's ship at home
    assert g._others_at(0, 2) == [1, 3, g.nships + 1]
    assert g._others_at(1, 2) == [0, 3]  # its own planet: no depots of another seat


# ---------------------------------------------------------------------- cards
def test_a_card_offer_logs_the_card() -> None:
    g = started(4, ADV)
    a = take(g, 0, "solar")
    g.apply(0, A.get(A.OfferCard, g.planning[0].index(a), 2))
    ev = g.log_for(None)[-1]
    assert {k: v for k, v in ev.items() if not k.startswith("_")} == {
        "event": "offer", "seat": 0, "to": 2, "kind": "card", "card": a,
    }  # fmt: skip


def test_the_view_shows_a_build_timer_waiting_for_its_card() -> None:
    g = started(4, ADV)
    solar = take(g, 0, "solar")
    assert solar != 0
    g.apply(0, A.get(A.Construct, solar))
    g.advance(60.0)
    v = g.view(0)
    t = g.ctimer[solar]
    assert v["usable"] == [{"timer": t, "kind": "build", "card": solar, "sites": g.sites(0, solar)}]
    assert "pending" not in v and "usable" not in g.view(None)
    assert v["players"][0]["timers"][t % g.tmax]["state"] == "usable"
    assert v["probe_code"] == PROBE_CODE and v["store_code"] == STORE_CODE


# ---------------------------------------------------------------------- engine bounds
def test_max_decisions_covers_every_timer_completing_in_every_period() -> None:
    """Each timer completion adds up to 4 decisions: the bound leaves room for every timer of
    every seat to complete once per timer length, even in a game shorter than one timer."""
    for n in (2, 4):
        for length in (0.0, 60.0, 1800.0):
            opts = {"length": length, "timer": 60}
            cfg = config(n, opts)
            t_end = length + 2 * 60  # the last timer, then the last call
            free = int(n * (BURST + RATE * (t_end + 1)))
            base = 2 * n + 2 * free + int(t_end / MIN_ADVANCE) + 4 + 16
            periods = math.ceil(t_end / 60) + 1
            assert Spacedealer.max_decisions(n, opts) >= base + 4 * n * cfg["tmax"] * periods


# ---------------------------------------------------------------------- balance
def test_asymmetries_name_the_starting_depot_demand() -> None:
    g = started(4)
    rows = g.asymmetries()
    for p, row in enumerate(rows):
        cards = g.personal[p] + g.planning[p] + g.built[p]
        dep = [c for c in cards if card_type(c).kind == "depot"]
        assert dep and all(card_type(c).level == 1 for c in dep)
        want = "".join("RYGB"[k] * v for d in dep for k, v in enumerate(card_type(d).demands[0][0]))
        assert row["depot_demand"] == want and want


def test_covering_an_attack_card_returns_its_black_markers_to_the_pool() -> None:
    """A sabotage or missile card that is covered gives its black markers back: they join
    the markers already in the pool (they do not replace them)."""
    g = new_game("spacedealer", 3, seed=1)
    assert isinstance(g, Spacedealer)
    cid = next(c for c in range(len(g.where)) if card_type(c).effect in ("sabotage", "missile"))
    pool = g.black
    assert pool > 0
    g.attack[cid] = 2
    g._cover(0, cid)
    assert g.black == pool + 2 and g.attack[cid] == 0
    assert g.log[-1] == {"event": "covered", "seat": 0, "card": cid, "_step": g.step}


def test_a_one_for_one_exchange_fits_a_full_ship() -> None:
    """« échanger ou donner des marchandises »: swapping one good for one leaves both loads
    unchanged, so a full ship may swap, while it may not take one more good for nothing."""
    g = new_game("spacedealer", 3, seed=1)
    assert isinstance(g, Spacedealer)
    ship, cap = 0, g._cont_cap(0)
    other = 1
    g.goods[4 * ship : 4 * ship + 4] = [cap, 0, 0, 0]  # full of the first kind
    g.goods[4 * other : 4 * other + 4] = [0, 1, 0, 0]
    assert g._load(ship) == cap and g._cont_cap(other) >= 1
    red, yellow, nothing = (1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 0, 0)
    assert g._goods_ok(ship, other, red, yellow)  # give one, take one: the load stays at cap
    assert not g._goods_ok(ship, other, nothing, yellow)  # take one for nothing: over the cap
    assert g._goods_ok(ship, other, red, nothing)  # give one for nothing
