"""Scenario tests: the rulebook's examples and every rule of Spacedealer (basic and advanced).

Positions are built with ``spacetable.games.spacedealer.notation``.
"""

from __future__ import annotations

import pytest

from spacetable.engine import IllegalAction, OptionError, SpacetableError, new_game
from spacetable.games.spacedealer import actions as A
from spacetable.games.spacedealer.actions import PROBE_CODE
from spacetable.games.spacedealer.constants import (
    GRID_W,
    IDLE,
    READY,
    T_FLY,
    T_IDLE,
    T_VOID,
    W_PERSONAL,
)
from spacetable.games.spacedealer.labels import describe
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
from spacetable.games.spacedealer.tables import shipped_parts

ADV = {"rules": "advanced"}


def red_mine_gb(g: Spacedealer) -> int:
    """The red mine whose demand is green + blue (rulebook example 3)."""
    for c in range(len(g.where)):
        t = card_type(c)
        if t.kind == "mine" and t.colour == 0 and t.demands[0][0] == (0, 0, 1, 1):
            return c
    raise LookupError


def clear_grid(g: Spacedealer, p: int) -> None:
    """Remove the starting mine (keep the generator) to test building from scratch."""
    for c in list(g.built[p]):
        if card_type(c).shape != "P":
            g.built[p].remove(c)
            g.where[c] = 0
    base = p * GRID_W
    for i in range(GRID_W):
        g.acell[base + i] = -1
        g.dcell[base + i] = -1
    g._dirty()


# ---------------------------------------------------------------- setup (rulebook 2)
def test_moimoi_setup_example() -> None:
    """Example: Moimoi (yellow) chooses a red mine; 10 markers on the planet, tech level 1."""
    for seed in range(40):
        g = Spacedealer(4, seed)
        reds = [
            c for c in g.personal[0] if card_type(c).kind == "mine" and card_type(c).colour == 0
        ]
        if reds:
            break
    else:
        pytest.fail("no seed deals a red mine to Moimoi")
    view = g.view(0)
    assert view["players"][0]["name_en"] == "Moimoi" and view["players"][0]["colour_en"] == "yellow"
    assert g.to_act == [0, 1, 2, 3]
    assert g.markers == [10] * 4 and g.tech == [1] * 4 and g.score == [0] * 4
    # six cards each: 3 mines of different colours, 2 generators, 1 depot
    for p in range(4):
        kinds = sorted(card_type(c).kind for c in g.personal[p])
        assert kinds == ["depot", "generator", "generator", "mine", "mine", "mine"]
        assert len({card_type(c).colour for c in g.personal[p] if card_type(c).kind == "mine"}) == 3
    # the secret choice: legal for the chooser only while undecided, hidden from others
    g.apply(0, A.Start(reds[0], 0, 2))
    assert g.legal_actions(0) == []
    assert "choice" not in g.view(1)["players"][0]
    assert g.view(0)["players"][0]["choice"]["card"] == reds[0]
    assert all("card" not in e for e in g.log_for(1) if e["event"] == "chosen")
    for p in (1, 2, 3):
        g.apply(p, g.legal_actions(p)[0])
    # revealed: generator on the left, the red mine on the powered connection at distance 2
    assert g.plants[0] == 1 and g.plants[1] == 0
    assert g.acell[4] == reds[0] and g.dcell[4] == reds[0]
    assert len(g.personal[0]) == 4 and reds[0] not in g.personal[0]
    assert all(g.ship_field[p] == 2 * p for p in range(4))
    assert g.pile[2] and g.pile[3]


def test_start_mine_only_on_a_powered_connection() -> None:
    g = Spacedealer(3, 1)
    legal = g.legal_actions(0)
    acts = [a for a in legal if isinstance(a, A.Start)]
    assert acts == legal
    assert {a.pos for a in acts} == {1, 2}  # a generator powers two connections
    assert {a.side for a in acts} == {0, 1}
    assert all(card_type(a.card).kind == "mine" for a in acts)


def test_ring_alternates_player_and_neutral_fields() -> None:
    for n in range(3, 9):
        g = started(n)
        fields = g.view(None)["fields"]
        assert len(fields) == 2 * n
        assert [f["owner"] for f in fields[::2]] == list(range(n))
        assert all(f["owner"] == -1 for f in fields[1::2])


# ---------------------------------------------------------------- 3.1 planning
def test_planning_zone_holds_two_cards() -> None:
    g = started()
    plans = [a for a in g.legal_actions(0) if isinstance(a, A.Plan)]
    assert len(plans) == 4
    g.apply(0, plans[0])
    g.apply(0, next(a for a in g.legal_actions(0) if isinstance(a, A.Plan)))
    assert len(g.planning[0]) == 2
    assert not [a for a in g.legal_actions(0) if isinstance(a, A.Plan)]


def test_draw_two_keep_one_other_under_pile() -> None:
    g = started()
    assert A.get(A.Draw, 2) not in g.legal_actions(0)  # tech level 1
    g.tech[0] = 2
    g._dirty()
    assert A.get(A.Draw, 2) in g.legal_actions(0)
    assert A.get(A.Draw, 3) not in g.legal_actions(0)
    top2 = g.pile[2][-2:]
    size = len(g.pile[2])
    g.apply(0, A.get(A.Draw, 2))
    legal = g.legal_actions(0)
    keeps = [a for a in legal if isinstance(a, A.Keep)]
    assert keeps == legal
    assert sorted(a.card for a in keeps) == sorted(top2)
    # the drawn cards are private
    ev = g.log_for(1)[-1]
    assert ev["event"] == "draw" and "cards" not in ev
    assert g.log_for(0)[-1]["cards"] == sorted(top2)
    g.apply(0, keeps[0])
    other = next(c for c in top2 if c != keeps[0].card)
    assert g.pile[2][0] == other and len(g.pile[2]) == size - 1
    assert g.planning[0] == [keeps[0].card]
    g.tech[0] = 3
    g._dirty()
    assert A.get(A.Draw, 3) in g.legal_actions(0)


# ---------------------------------------------------------------- 3.2 timers
def test_two_timers_and_tech_level_rises_when_the_timer_runs_out() -> None:
    g = started()
    g.apply(0, A.RESEARCH)
    assert A.RESEARCH not in g.legal_actions(0)  # one timer slot on the planet
    g.apply(0, A.get(A.Fly, 0, 1))
    assert g._idle_timer(0) < 0  # both timers busy
    assert not [a for a in g.legal_actions(0) if isinstance(a, (A.Construct, A.Use, A.Fly))]
    g.advance(59.0)
    assert g.tech[0] == 1
    g.advance(1.0)
    assert g.tech[0] == 2 and g.ship_field[0] == 1
    g.apply(0, A.RESEARCH)
    g.advance(60.0)
    assert g.tech[0] == 3
    assert A.RESEARCH not in g.legal_actions(0)


def test_completions_resolve_in_time_order_within_one_advance() -> None:
    g = started()
    g.apply(0, A.RESEARCH)
    g.advance(30.0)
    g.apply(1, A.RESEARCH)
    g.advance(100.0)
    ev = [e for e in g.log if e["event"] == "timer"]
    assert [e["seat"] for e in ev] == [0, 1]
    assert g.clock == 130.0


def test_ship_moves_to_adjacent_field_or_anywhere_when_empty() -> None:
    g = started()
    flies = {a.field for a in g.legal_actions(0) if isinstance(a, A.Fly) and a.ship == 0}
    assert flies == set(range(1, 8))  # empty ship: any field
    load(g, 0, "R")
    flies = {a.field for a in g.legal_actions(0) if isinstance(a, A.Fly) and a.ship == 0}
    assert flies == {1, 7}  # loaded: adjacent fields only
    g.apply(0, A.get(A.Fly, 0, 1))
    assert g.ship_field[0] == -1  # in flight, not on a planet
    assert g.view(None)["ships"][0]["to"] == 1
    g.advance(60.0)
    assert g.ship_field[0] == 1 and contents(g, 0) == "R"


def test_build_timer_then_choose_a_site() -> None:
    g = started()
    mine = next(c for c in g.personal[0] if card_type(c).kind == "mine")
    g.apply(0, A.get(A.Plan, mine))
    g.apply(0, A.get(A.Construct, mine))
    assert A.get(A.Construct, mine) not in g.legal_actions(0)
    g.advance(60.0)
    assert g.pending[0] == [] and g.t_end[g.ctimer[mine]] == READY  # usable, waiting
    opts = g.legal_actions(0)
    assert A.SHELVE[mine] in opts and A.DISCARD[mine] not in opts  # discarding: advanced
    sites = [a.pos for a in opts if isinstance(a, A.Place)]
    assert sites == [7]  # generator on the right powers columns 6, 7; 6 holds the first mine
    g.apply(0, A.get(A.Place, mine, 7))
    assert g.acell[7] == mine and g.dcell[7] == mine
    assert mine in g.built[0] and g._idle_timer(0) >= 0


# ---------------------------------------------------------------- 3.2.2 construction rules
def test_power_plants_sequence() -> None:
    """Generator next to the planet, satellite only on a generator, reactor only on a satellite."""
    g = started(side=0)
    gen = take(g, 0, "generator")
    solar = take(g, 0, "solar")
    fusion = take(g, 0, "fusion_reactor")
    assert g.sites(0, gen) == [1]  # the left side already has the starting generator
    assert g.sites(0, solar) == [0]
    assert g.sites(0, fusion) == []
    g._build(0, solar, 0)
    assert g.sites(0, fusion) == [0]
    g._build(0, fusion, 0)
    assert g.plants[0] == 3 and g.sites(0, fusion) == []
    powered = [c for c in range(GRID_W) if g._powered(0, c)]
    assert powered == [2, 3, 4, 5]  # a reactor powers all four connections of its side
    g._build(0, gen, 1)
    assert [c for c in range(GRID_W) if g._powered(0, c)] == [2, 3, 4, 5, 6, 7]


def test_one_connection_card_needs_power_and_a_free_demand_cell() -> None:
    g = started(side=1)
    clear_grid(g, 0)
    mine = take(g, 0, "mine")
    assert g.sites(0, mine) == [6, 7]
    g._build(0, mine, 6)
    assert g.sites(0, mine) == [7]  # its demand half may not go over another card


def test_two_connection_card_lies_in_the_action_zone_powered_by_one_or_two_plants() -> None:
    g = started(side=1)
    clear_grid(g, 0)
    conv = take(g, 0, "converter")
    assert g.sites(0, conv) == [6]  # columns 6-7, both powered by the right generator
    build(g, 0, "generator", 0)
    assert g.sites(0, conv) == [4, 5, 6]  # 5-6 straddles the planet: powered by both sides
    g._build(0, conv, 5)
    assert g.acell[5] == conv and g.acell[6] == conv and g.dcell[5] == -1


def test_card_without_connection_must_touch_another_card() -> None:
    g = started(side=1, pos=1)
    depot = take(g, 0, "depot")
    # starting mine at column 6: the depot may go beside it (5 or 7) or over its action half? no:
    # the mine's demand half occupies column 6, so only the neighbours qualify
    assert g.sites(0, depot) == [5, 7]
    metro = take(g, 0, "metropolis")
    assert g.sites(0, metro) == [4, 5, 6] or g.sites(0, metro) == [4, 7]
    for c in g.sites(0, metro):
        assert g.dcell[c] < 0 and g.dcell[c + 1] < 0


def test_building_over_only_in_the_action_zone_and_covered_cards_lose_their_effect() -> None:
    g = started(side=1, pos=1)
    first = g.acell[6]
    conv = take(g, 0, "converter")
    assert 6 in g.sites(0, conv)
    g.apply(0, A.get(A.Use, first))
    g._build(0, conv, 6)  # covers the starting mine's action half
    assert g.covered[first] and g.acell[6] == conv and g.dcell[6] == first
    assert A.get(A.Use, first) not in g.legal_actions(0)
    g.advance(60.0)
    assert g.pending[0] == []  # the mine's running timer had no effect
    assert g.supply == [10, 10, 10, 10]
    assert any(e["event"] == "no_effect" for e in g.log)
    # its demand half is still there to be fulfilled
    assert card_type(first).demands and g.fulfilled[2 * first] == -1
    # a demand-zone card can never go over a card
    mine2 = take(g, 0, "mine", "R")
    assert 6 not in g.sites(0, mine2)


def test_a_usable_timer_on_a_card_built_over_comes_back_without_effect() -> None:
    g = started(side=1, pos=1)
    first = g.acell[6]
    g.apply(0, A.get(A.Use, first))
    g.advance(60.0)  # the mine's timer ran out: its effect waits for its player
    assert A.get(A.Apply, first) in g.legal_actions(0)
    t = g.ctimer[first]
    conv = take(g, 0, "converter")
    n = len(g.log)
    g._build(0, conv, 6)  # covers the mine before its effect was applied
    assert g.covered[first] and g.ctimer[first] == -1 and g.t_end[t] == IDLE
    assert not any(isinstance(a, A.Apply) for a in g.legal_actions(0))
    assert g.pending[0] == [] and g.supply == [10, 10, 10, 10]
    events = [{k: v for k, v in e.items() if k != "_step"} for e in g.log[n:]]
    assert events[:2] == [
        {"event": "covered", "seat": 0, "card": first},
        {"event": "no_effect", "seat": 0, "card": first, "why": "covered"},
    ]


def test_covered_depot_returns_excess_goods() -> None:
    g = started(side=1, pos=1)
    depot = build(g, 0, "depot", 7)
    assert g.cap[0] == 4
    load(g, store(g, 0), "RRYG")
    build(g, 0, "converter", 6)  # covers mine (6) and depot (7)
    assert g.covered[depot] and g.cap[0] == 0
    assert contents(g, store(g, 0)) == "" and g.supply == [10, 10, 10, 10]


# ---------------------------------------------------------------- 3.2.3 effects
def test_mine_good_goes_to_depot_or_ship_else_lost() -> None:
    g = started(side=1, pos=1)
    mine = g.acell[6]
    colour = card_type(mine).colour
    # no depot, ship at home: the only place is the ship (decided automatically)
    g.apply(0, A.get(A.Use, mine))
    g.advance(60.0)
    g.apply(0, A.get(A.Apply, mine))
    assert g.goods[4 * 0 + colour] == 1 and g.supply[colour] == 9
    # ship away and no depot: the good is lost (back to the supply)
    moor(g, 0, 1)
    g.apply(0, A.get(A.Use, mine))
    g.advance(60.0)
    g.apply(0, A.get(A.Apply, mine))
    assert g.supply[colour] == 9 and any(e["event"] == "lost" for e in g.log)
    # depot and ship both there: the player decides
    moor(g, 0, 0)
    build(g, 0, "depot", 7)
    g.apply(0, A.get(A.Use, mine))
    g.advance(60.0)
    g.apply(0, A.get(A.Apply, mine))
    opts = g.legal_actions(0)
    assert opts == [A.get(A.Put, colour, 0), A.get(A.Put, colour, store_code(0))]
    g.apply(0, opts[1])
    assert g.goods[4 * store(g, 0) + colour] == 1


def test_mine_complex_multimine_fusion_mine_and_limited_supply() -> None:
    g = started(side=1, pos=1)
    build(g, 0, "solar", 1)
    build(g, 0, "fusion_reactor", 1)
    fm = build(g, 0, "fusion_mine", 8, "G")
    g.supply[2] = 3  # only three green cubes left
    g.apply(0, A.get(A.Use, fm))
    g.advance(60.0)
    g.apply(0, A.get(A.Apply, fm))
    assert contents(g, 0) == "GGG" and g.supply[2] == 0
    mm = build(g, 0, "multimine", 7)
    g.apply(0, A.get(A.Use, mm))
    g.advance(60.0)
    g.apply(0, A.get(A.Apply, mm))
    legal = g.legal_actions(0)
    opts = [a for a in legal if isinstance(a, A.Put)]
    assert opts == legal
    assert sorted(a.colour for a in opts) == [0, 1, 3]  # any colour still in the supply
    g.apply(0, A.get(A.Put, 3, 0))
    assert contents(g, 0) == "GGGB"
    mc = build(g, 0, "mine_complex", 5, "R")
    build(g, 0, "generator", 0)
    g.apply(0, A.get(A.Use, mc))
    g.advance(60.0)
    g.apply(0, A.get(A.Apply, mc))
    assert contents(g, 0) == "RRGGGB"


def test_ship_capacity_is_eight() -> None:
    g = started(side=1, pos=1)
    mine = g.acell[6]
    load(g, 0, "RRYYGGBB")
    g.apply(0, A.get(A.Use, mine))
    g.advance(60.0)
    g.apply(0, A.get(A.Apply, mine))
    assert g._load(0) == 8 and g.pending[0] == []


def test_converter_swaps_one_and_fusion_converter_up_to_two() -> None:
    g = started(side=1, pos=1)
    build(g, 0, "solar", 1)
    conv = build(g, 0, "converter", 7)
    load(g, 0, "RR")
    g.apply(0, A.get(A.Use, conv))
    g.advance(60.0)
    g.apply(0, A.get(A.Apply, conv))
    opts = g.legal_actions(0)
    assert A.get(A.Convert, 0, 0, 3) in opts and A.SKIP in opts
    g.apply(0, A.get(A.Convert, 0, 0, 3))
    assert contents(g, 0) == "RB" and g.pending[0] == []
    fc = take(g, 0, "fusion_converter")
    g._build(0, fc, 7)
    g.apply(0, A.get(A.Use, fc))
    g.advance(60.0)
    g.apply(0, A.get(A.Apply, fc))
    g.apply(0, A.get(A.Convert, 0, 0, 1))
    assert g.pending[0]
    g.apply(0, A.get(A.Convert, 0, 3, 2))
    assert contents(g, 0) == "YG" and g.pending[0] == []
    assert g.supply == [10, 9, 9, 10]


# ---------------------------------------------------------------- 3.3 / 3.4 goods and demands
def example3() -> tuple[Spacedealer, int]:
    g = started(4, side=1, pos=1)
    clear_grid(g, 0)
    mine = red_mine_gb(g)
    if g.where[mine] == W_PERSONAL:
        g.personal[g.owner[mine]].remove(mine)
    g.where[mine] = 0
    g.planning[0].append(mine)
    g._build(0, mine, 6)
    moor(g, 1, 0)  # Ru'ul's ship on Moimoi's orbit field
    return g, mine


def test_example3_ruul_delivers_green_and_blue_to_moimoi() -> None:
    g, mine = example3()
    load(g, 1, "GB")
    deliver = A.get(A.Deliver, 1, 2 * mine)
    assert deliver in g.legal_actions(1)
    g.apply(1, deliver)
    assert g.score[1] == 2 and g.score[0] == 1
    assert g.markers[1] == 9 and g.fulfilled[2 * mine] == 1
    assert contents(g, 1) == "" and g.supply == [10, 10, 10, 10]
    load(g, 1, "GB")
    assert deliver not in g.legal_actions(1)  # each demand once per game
    assert not [a for a in g.legal_actions(0) if isinstance(a, A.Deliver)]  # own planet


def test_example3_blue_only_ship_cannot_then_moimoi_exchanges_a_good() -> None:
    g, mine = example3()
    load(g, 1, "BB")
    assert not [a for a in g.legal_actions(1) if isinstance(a, A.Deliver)]
    build(g, 0, "depot", 7)
    load(g, store(g, 0), "G")
    offer = A.get(A.OfferGoods, store_code(0), 1, 2, 3)  # green from the depot for a blue
    assert offer in g.legal_actions(0)
    g.apply(0, offer)
    assert A.get(A.Accept, 0) in g.legal_actions(1) and A.get(A.Decline, 0) in g.legal_actions(1)
    g.apply(1, A.get(A.Accept, 0))
    assert contents(g, 1) == "GB" and contents(g, store(g, 0)) == "B"
    g.apply(1, A.get(A.Deliver, 1, 2 * mine))
    assert (g.score[0], g.score[1]) == (1, 2)


def test_offers_need_consent_and_can_be_declined_or_withdrawn() -> None:
    g, _ = example3()
    load(g, 1, "BB")
    build(g, 0, "depot", 7)
    load(g, store(g, 0), "G")
    g.apply(0, A.get(A.OfferGoods, store_code(0), 1, 2, 4))  # a gift
    assert A.WITHDRAW in g.legal_actions(0)
    assert not [a for a in g.legal_actions(0) if isinstance(a, A.OfferGoods)]
    g.apply(1, A.get(A.Decline, 0))
    assert contents(g, 1) == "BB" and g.offer[0] is None
    g.apply(0, A.get(A.OfferGoods, store_code(0), 1, 2, 4))
    g.apply(0, A.WITHDRAW)
    assert not [a for a in g.legal_actions(1) if isinstance(a, A.Accept)]


def test_exchange_only_on_the_same_planet() -> None:
    g, _ = example3()
    build(g, 0, "depot", 7)
    load(g, store(g, 0), "G")
    load(g, 0, "R")
    assert A.get(A.Move, 0, store_code(0), 0) in g.legal_actions(0)  # own ship at home
    moor(g, 1, 1)
    assert not [a for a in g.legal_actions(0) if isinstance(a, A.OfferGoods) and a.dst == 1]
    moor(g, 0, 3)
    assert A.get(A.Move, 0, store_code(0), 0) not in g.legal_actions(0)


def test_unwanted_goods_may_go_back_to_the_supply() -> None:
    g = started()
    load(g, 0, "Y")
    g.apply(0, A.get(A.Dump, 0, 1))
    assert contents(g, 0) == "" and g.supply[1] == 10


# ---------------------------------------------------------------- 4 end
def test_game_ends_after_its_length_and_running_timers_finish() -> None:
    g = started(3, {"length": 120})
    g.advance(100.0)
    g.apply(0, A.RESEARCH)
    g.advance(20.0)
    assert not g.is_over and g.clock == 120.0
    # after the end, no new timer may be started, but the running one finishes
    assert A.RESEARCH not in g.legal_actions(1)
    assert not [a for a in g.legal_actions(1) if isinstance(a, (A.Fly, A.Use, A.Plan))]
    g.advance(30.0)
    assert not g.is_over
    g.advance(30.0)
    assert g.is_over and g.clock == 160.0 and g.tech[0] == 2
    assert g.to_act == [] and g.outcome().reason == "time"
    with pytest.raises(IllegalAction):
        g.advance(1.0)


def test_game_ends_at_once_without_running_timers() -> None:
    g = started(3, {"length": 120})
    g.advance(500.0)
    assert g.is_over and g.clock == 120.0


def test_last_victory_marker_ends_the_game() -> None:
    g, mine = example3()
    g.markers[1] = 1
    load(g, 1, "GB")
    g.apply(1, A.get(A.Deliver, 1, 2 * mine))
    assert g.markers[1] == 0 and g.is_over
    assert g.outcome().reason == "markers"


def test_tie_break_markers_used_then_shared() -> None:
    g = started(3, {"length": 120})
    g.score[:] = [5, 5, 2]
    g.markers[:] = [8, 7, 10]
    g.advance(200.0)
    assert g.outcome().ranks == (2, 1, 3)
    g = started(3, {"length": 120})
    g.score[:] = [5, 5, 2]
    g.markers[:] = [8, 8, 10]
    g.advance(200.0)
    assert g.outcome().ranks == (1, 1, 3) and g.outcome().winners == (0, 1)


# ---------------------------------------------------------------- 5 advanced rules
def test_advanced_cards_only_in_advanced_games() -> None:
    kinds = {
        "sabotage",
        "missile",
        "orbital_station",
        "transport_probe",
        "tech_centre",
        "robot_factory",
    }
    g = Spacedealer(4, 0)
    assert not [c for c in g.pile[2] + g.pile[3] if card_type(c).kind in kinds]
    g = Spacedealer(4, 0, ADV)
    assert sorted(
        card_type(c).kind for c in g.pile[2] + g.pile[3] if card_type(c).kind in kinds
    ) == sorted(
        ["sabotage"] * 2
        + ["missile"] * 2
        + ["transport_probe", "orbital_station"]
        + ["robot_factory"] * 2
        + ["tech_centre"] * 2
    )


def test_tech_centre_adds_two_planning_places() -> None:
    g = started(4, ADV, side=1, pos=1)
    build(g, 0, "tech_centre", 7)
    assert g.plan_cap[0] == 4
    for c in list(g.personal[0])[:4]:
        g.apply(0, A.get(A.Plan, c))
    assert len(g.planning[0]) == 4


def test_robot_factory_adds_a_timer() -> None:
    g = started(4, ADV, side=1, pos=1)
    build(g, 0, "robot_factory", 7)
    assert g.ntimers[0] == 3
    g.apply(0, A.RESEARCH)
    g.apply(0, A.get(A.Fly, 0, 1))
    assert g._idle_timer(0) >= 0
    g.apply(0, A.get(A.Use, g.acell[6]))
    assert g._idle_timer(0) < 0


def test_orbital_station_brings_the_neutral_ship() -> None:
    g = started(4, ADV, side=1, pos=1)
    assert g.nships == 5 and g.ship_owner[4] == -1
    build(g, 0, "orbital_station", 6)
    assert g.ship_owner[4] == 0 and g.ship_field[4] == 0
    assert A.get(A.Fly, 4, 5) in g.legal_actions(0)


def test_sabotage_probe_voids_a_running_timer() -> None:
    g = started(4, ADV, side=1, pos=1)
    sab = build(g, 0, "sabotage", 7)
    assert A.get(A.Use, sab) in g.legal_actions(0)
    g.apply(0, A.get(A.Use, sab))
    g.advance(60.0)
    g.apply(0, A.get(A.Apply, sab))
    assert g.attack[sab] == 1 and g.black == 9
    g.apply(1, A.get(A.Fly, 1, 3))
    t = g.ship_timer[1]
    g.apply(0, A.get(A.Sabotage, t))
    assert g.t_kind[t] == T_VOID and g.attack[sab] == 0
    assert g.ship_field[1] == 2  # the flight is cancelled
    assert g.t_end[t] == 60.0 + 60.0  # the sabotaged timer keeps running, without effect
    g.advance(60.0)
    assert g.t_kind[t] == T_IDLE and g.black == 10 and g.ship_field[1] == 2


def test_missile_blocks_a_slot_until_a_timer_runs_there() -> None:
    g = started(4, ADV, side=1, pos=1)
    build(g, 0, "solar", 1)
    mis = build(g, 0, "missile", 7)
    g.apply(0, A.get(A.Use, mis))
    g.advance(60.0)
    g.apply(0, A.get(A.Apply, mis))
    g.apply(0, A.get(A.Use, mis))
    g.advance(60.0)
    g.apply(0, A.get(A.Apply, mis))
    assert g.attack[mis] == 2
    target = g.acell[GRID_W + 6]  # seat 1's starting mine
    g.apply(0, A.get(A.Missile, target))
    assert g.blocked[target]
    conv = take(g, 1, "converter")
    assert 6 not in g.sites(1, conv)  # no building over a blocked card
    g.apply(1, A.get(A.Use, target))
    g.advance(60.0)
    assert not g.blocked[target] and g.pending[1] == []  # that run only removes the marker
    assert g.ctimer[target] == -1  # and the timer is idle again (no effect to apply)
    assert g.supply == [10, 10, 10, 10]


def test_at_most_two_missile_markers_on_a_player() -> None:
    g = started(4, ADV, side=1, pos=1)
    m1 = g.acell[GRID_W + 6]
    m2 = build(g, 1, "mine", 7)
    m3 = build(g, 1, "multimine", 5)
    mis = build(g, 0, "missile", 7)
    g.attack[mis] = 2
    g.black -= 2
    g._dirty()
    g.apply(0, A.get(A.Missile, m1))
    g.apply(0, A.get(A.Missile, m2))
    g.attack[mis] = 1
    g._dirty()
    assert A.get(A.Missile, m3) not in g.legal_actions(0)


def test_transport_probe_sends_goods_to_a_ship_anywhere() -> None:
    g = started(4, ADV, side=1, pos=1)
    probe = build(g, 0, "transport_probe", 7)
    pc = g.nships + 4 + g.probes.index(probe)
    code = PROBE_CODE + g.probes.index(probe)
    load(g, 0, "RY")
    g.apply(0, A.get(A.Move, 0, code, 0))
    g.apply(0, A.get(A.Move, 0, code, 1))
    assert contents(g, pc) == "RY"
    assert not [a for a in g.legal_actions(0) if isinstance(a, A.Move) and a.dst == code]  # full
    moor(g, 0, 5)
    g.apply(0, A.get(A.Use, probe))
    assert not [a for a in g.legal_actions(0) if isinstance(a, A.Move) and code in (a.src, a.dst)]
    g.advance(60.0)
    g.apply(0, A.get(A.Apply, probe))
    g.apply(0, A.get(A.Send, 0, 0))
    g.apply(0, A.get(A.Send, 0, 1))
    assert contents(g, 0) == "RY" and contents(g, pc) == "" and g.pending[0] == []


def test_discard_a_planning_card_with_a_timer() -> None:
    g = started(4, ADV)
    solar = take(g, 0, "solar")
    size = len(g.pile[2])
    g.apply(0, A.get(A.Construct, solar))
    g.advance(60.0)
    assert A.DISCARD[solar] in g.legal_actions(0)
    g.apply(0, A.DISCARD[solar])
    assert g.pile[2][0] == solar and len(g.pile[2]) == size + 1 and solar not in g.planning[0]


def test_give_and_swap_planning_cards() -> None:
    g = started(4, ADV)
    a = take(g, 0, "solar")
    b = take(g, 1, "converter")
    take(g, 1, "multimine")
    assert A.get(A.OfferCard, 0, 1) not in g.legal_actions(0)  # seat 1 has no free place
    g.apply(0, A.get(A.OfferSwap, 0, 1, 0))
    g.apply(1, A.get(A.Accept, 0))
    assert b in g.planning[0] and a in g.planning[1]
    g.apply(0, A.get(A.OfferCard, 0, 2))
    g.apply(2, A.get(A.Accept, 0))
    assert b in g.planning[2] and g.owner[b] == 2


def test_neutral_planets_gizzi_cards() -> None:
    g = started(4, ADV)
    faces = [g.gface[f] for f in range(8)]
    assert all(faces[f] >= 0 for f in (1, 3, 5, 7)) and all(faces[f] < 0 for f in (0, 2, 4, 6))
    gid = g.gface[1]
    GIZZI, GIZZI_GOODS = shipped_parts().gizzi, shipped_parts().gizzi_goods

    need = "".join("RYGB"[k] * v for k, v in enumerate(GIZZI_GOODS[gid % 12]))
    moor(g, 0, 1)
    load(g, 0, need)
    size = len(g.gpile)
    g.apply(0, A.get(A.Gizzi, 0))
    assert g.score[0] == GIZZI[gid % 12].vp_deliver and g.gwon[0] == [gid]
    assert g.markers[0] == 9  # "suivant les règles normales": a marker, as any delivery
    assert g.gface[1] >= 0 and g.gface[1] != gid and len(g.gpile) == size - 1


def test_gizzi_redraw_when_several_present_players_could_fulfil() -> None:
    g = started(4, ADV)
    moor(g, 0, 1)
    moor(g, 1, 1)
    load(g, 0, "RRYYGGBB")
    load(g, 1, "RRYYGGBB")
    g.gpile[:] = [g.gpile[0], g.gpile[1]]
    first, second = g.gpile[-1], g.gpile[-2]
    g._gizzi_refill(1)
    # both ships can fulfil anything: the first card goes back under, the last one stays
    assert g.gface[1] == first or g.gface[1] == second
    assert any(e["event"] == "gizzi_redraw" for e in g.log)


def test_drop_and_collect_goods_on_neutral_fields() -> None:
    g = started(4, ADV)
    moor(g, 0, 1)
    load(g, 0, "G")
    g.apply(0, A.get(A.Drop, 0, 2))
    assert g.fgoods[4 + 2] == 1 and contents(g, 0) == ""
    moor(g, 1, 1)
    g.apply(1, A.get(A.Collect, 1, 2))
    assert contents(g, 1) == "G" and g.fgoods[4 + 2] == 0
    g2 = started(4)
    moor(g2, 0, 1)
    load(g2, 0, "G")
    assert not [a for a in g2.legal_actions(0) if isinstance(a, A.Drop)]  # basic rules


# ---------------------------------------------------------------- time modes and bounds
def test_ticks_mode_is_turn_based() -> None:
    g = Spacedealer(3, 0, {"mode": "ticks", "length": 120, "tick": 30})
    assert not g.realtime and g.to_act == [0, 1, 2]
    for p in range(3):
        g.apply(p, g.legal_actions(p)[0])
    assert g.to_act == [0, 1, 2] and g.clock == 0.0
    g.apply(0, A.RESEARCH)
    g.apply(0, A.DONE)
    assert g.to_act == [1, 2]
    g.apply(1, A.DONE)
    g.apply(2, A.DONE)
    assert g.clock == 30.0 and g.to_act == [0, 1, 2]
    with pytest.raises(SpacetableError):
        g.advance(1.0)  # time moves only by the ticks
    while not g.is_over:
        assert g.to_act
        for p in g.to_act:
            g.apply(p, A.DONE)
    assert g.tech[0] == 2 and g.clock == 120.0


def test_ticks_mode_caps_actions_per_tick() -> None:
    from spacetable.games.spacedealer.constants import TICK_CAP

    g = started(3, {"mode": "ticks"})
    n = 0
    while [a for a in g.legal_actions(0) if a != A.DONE]:
        acts = [a for a in g.legal_actions(0) if isinstance(a, (A.Fly, A.Plan, A.Dump, A.Research))]
        if not acts:
            break
        g.apply(0, acts[0])
        n += 1
        if g.pending[0]:
            break
    assert n <= TICK_CAP


def test_realtime_action_budget_grows_with_the_clock() -> None:
    from spacetable.games.spacedealer.constants import BURST

    g = started(3)
    g.acts[0] = BURST
    g._dirty()
    assert g.legal_actions(0) == [] and 0 not in g.to_act
    g.advance(1.0)
    assert g.legal_actions(0)


def test_options_are_checked() -> None:
    with pytest.raises(OptionError):
        Spacedealer(2)
    with pytest.raises(OptionError):
        Spacedealer(4, 0, {"length": 7})
    with pytest.raises(OptionError):
        Spacedealer(4, 0, {"mode": "turbo"})


def test_pending_decision_blocks_free_actions() -> None:
    g = started(side=1, pos=1)
    build(g, 0, "depot", 7)
    g.apply(0, A.get(A.Use, g.acell[6]))
    g.advance(60.0)
    assert not g.pending[0]  # the timer has run out: usable, the seat is free
    g.apply(0, A.get(A.Apply, g.acell[6]))
    assert g.pending[0]  # the good is produced: it is placed now, before anything else
    assert all(isinstance(a, A.Put) for a in g.legal_actions(0))


def test_fly_timer_kind_recorded() -> None:
    g = started()
    g.apply(0, A.get(A.Fly, 0, 7))
    t = g.ship_timer[0]
    assert g.t_kind[t] == T_FLY and g.t_end[t] == 60.0


def test_covered_orbital_station_grounds_the_neutral_ship() -> None:
    g = started(4, ADV, side=1, pos=1)
    st = build(g, 0, "orbital_station", 6)
    load(g, 4, "R")
    assert A.get(A.Dump, 4, 0) in g.legal_actions(0)
    conv = take(g, 0, "converter")
    assert 6 in g.sites(0, conv)
    g._build(0, conv, 6)
    assert g.covered[st]
    assert not [a for a in g.legal_actions(0) if getattr(a, "ship", -1) == 4]


def test_sabotaged_build_frees_the_planning_card() -> None:
    g = started(4, ADV, side=1, pos=1)
    sab = build(g, 1, "sabotage", 7)
    g.attack[sab] = 1
    g.black -= 1
    solar = take(g, 0, "solar")
    g.apply(0, A.get(A.Construct, solar))
    t = g.ctimer[solar]
    g.apply(1, A.get(A.Sabotage, t))
    assert g.ctimer[solar] == -1 and A.get(A.Construct, solar) in g.legal_actions(0)
    g.advance(60.0)
    assert solar in g.planning[0] and g.pending[0] == []


def test_evaluate_is_a_probability_and_prefers_points() -> None:
    g = started(4)
    v = g.evaluate(0)
    assert 0.0 < v < 1.0
    g.score[0] = 6
    assert g.evaluate(0) > v and g.evaluate(1) < v


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_action_has_a_label(lang: str) -> None:
    for a in Spacedealer.enumerate_actions(8, {"rules": "advanced"}):
        label = describe(a, lang, shipped_parts())
        assert label and "{" not in label


def test_clone_copies_every_mutable_part() -> None:
    g = started(4, ADV)
    c = g.clone()
    spec = Spacedealer.state
    assert spec is not None
    for f in spec.fields:  # every list is copied; immutable values (ints, tuples) shared
        if isinstance(getattr(g, f.name), list):
            assert getattr(c, f.name) is not getattr(g, f.name), f.name
    for k in ("pile", "personal", "planning", "built", "gwon", "pending"):
        for x, y in zip(getattr(c, k), getattr(g, k), strict=True):
            assert x is not y, k
    c.apply(0, A.RESEARCH)
    c.personal[1].clear()
    assert g.t_kind == [0] * len(g.t_kind) and g.personal[1]


def test_legal_actions_returns_a_fresh_list() -> None:
    g = started()
    a = g.legal_actions(0)
    a.clear()
    assert g.legal_actions(0)


def test_deliveries_still_possible_while_the_last_timers_run() -> None:
    g, mine = example3()
    g.options["length"] = 120
    g.length = g.end_at = 120.0
    g.advance(100.0)
    g.apply(0, A.RESEARCH)
    g.advance(30.0)  # past the end, a timer still runs
    assert not g.is_over
    load(g, 1, "GB")
    assert A.get(A.Deliver, 1, 2 * mine) in g.legal_actions(1)
    assert A.get(A.Fly, 1, 1) not in g.legal_actions(1)
    g.apply(1, A.get(A.Deliver, 1, 2 * mine))
    assert g.score[1] == 2 and not g.is_over
    g.advance(60.0)
    assert g.is_over and g.score == [1, 2, 0, 0]


def test_pending_choices_are_dropped_at_the_end() -> None:
    g = started(3, {"length": 120}, side=1, pos=1)
    build(g, 0, "depot", 7)
    mine = g.acell[6]
    g.advance(70.0)
    g.apply(0, A.get(A.Use, mine))
    g.advance(70.0)  # the mine's timer runs out at 130 s, after the end: the last timer
    assert not g.is_over and g.call_at == 130.0  # the last call
    g.apply(0, A.get(A.Apply, mine))  # used as usual: a good is produced, to be put
    assert g.pending[0]
    g.advance(g.tlen)  # the last call is over with the decision still open
    assert g.is_over and g.pending[0] == []
    assert g.supply == [10, 10, 10, 10]


def test_next_event_is_the_first_timer_to_run_out_then_the_end() -> None:
    g = started(3)
    assert g.next_event() == g.end_at  # no timer runs: only the end of the game is scheduled
    g.apply(0, A.RESEARCH)
    g.advance(10.0)
    g.apply(1, A.RESEARCH)
    first = g.next_event()
    assert first == g.clock + g.tlen - 10.0  # seat 0's timer, turned 10 s earlier
    assert g.tech[0] == 1
    g.advance(first - g.clock)
    assert g.tech[0] == 2 and g.tech[1] == 1  # it ran out exactly then
    assert g.next_event() == first + 10.0
    assert new_game("toy", 2, 0).next_event() is None  # turn-based games schedule nothing
