"""Audit of Spacedealer against the rulebook (independent checks of rules not tested elsewhere).

The per-player-count lists are typed here from the rulebook's text, not read from
``data/setup.toml``, so that a wrong table is caught. Positions are built with
``spacetable.games.spacedealer.notation``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from spacetable.games.spacedealer import actions as A
from spacetable.games.spacedealer.constants import (
    GRID_W,
    READY,
    T_IDLE,
    T_VOID,
    W_BUILT,
    W_OUT,
    W_PERSONAL,
    W_PILE,
)
from spacetable.games.spacedealer.notation import (
    build,
    card_type,
    contents,
    load,
    moor,
    started,
    take,
)
from spacetable.games.spacedealer.rules import Spacedealer
from spacetable.games.spacedealer.tables import DATA, shipped_parts

BOX = shipped_parts().box
GIZZI_GOODS = shipped_parts().gizzi_goods
SETUP = DATA.shipped("spacedealer").tables.doc("setup.toml")

ADV = {"rules": "advanced"}

# ---------------------------------------------------------------- the rulebook's lists
# "Remarques préliminaires": cards not used, by player count. "La pile restante n'est pas
# utilisée dans une partie à 3 joueurs" adds the fourth starting set's three mines.
REMOVE_3 = Counter(
    generator=2, depot=1, solar=2, multimine=1, mine_complex=1, converter=1,
    fusion_reactor=2, fusion_mine=1, metropolis=1, megacity=1, fusion_converter=1,
)  # fmt: skip
REMOVE_5 = Counter(
    generator=2, depot=1, solar=2, multimine=1, mine_complex=1, converter=1,
    fusion_reactor=2, fusion_mine=1,
)  # fmt: skip
# 5.1: cards added in advanced games.
ADD_3 = Counter(sabotage=1, missile=1, robot_factory=1, tech_centre=1)
ADD_4 = Counter(
    sabotage=2, missile=2, transport_probe=1, orbital_station=1, robot_factory=2, tech_centre=2
)
# "Les cartes suivantes ne sont pas utilisées dans le jeu de base : 2 sondes de sabotage,
# 2 missiles interstellaires, 1 station orbitale, 1 sonde de transport, 2 centres
# technologiques, 2 usines de robots"
ADVANCED_IN_BOX = Counter(
    sabotage=2, missile=2, orbital_station=1, transport_probe=1, tech_centre=2, robot_factory=2
)
BASIC_BOX = Counter(c.kind for c in BOX if not c.advanced)
MINE_PILE = Counter(mine=3)


def _set3() -> Counter[str]:
    box = Counter(BASIC_BOX)
    box.subtract(REMOVE_3 + MINE_PILE)
    return box


def _set4() -> Counter[str]:
    return Counter(BASIC_BOX)


def _set3_minus_5() -> Counter[str]:
    box = _set3()
    box.subtract(REMOVE_5 + MINE_PILE)
    return box


# "3 joueurs : ...", "4 joueurs : (toutes les cartes restantes sont utilisées)",
# "5 joueurs : préparer chacun des deux sets de cartes pour 3 joueurs et retirez d'un de ces
# sets : ...", "6 joueurs : ... deux sets ... pour 3 joueurs", "7 joueurs : un set pour 3
# joueurs et un set pour 4 joueurs", "8 joueurs : ... deux sets ... pour 4 joueurs".
BASIC = {
    3: _set3(),
    4: _set4(),
    5: _set3() + _set3_minus_5(),
    6: _set3() + _set3(),
    7: _set3() + _set4(),
    8: _set4() + _set4(),
}
# 5.1: "5 joueurs : ajouter un set de cartes pour 4 joueurs", "6 joueurs : ajouter un set de
# cartes pour 4 joueurs", "7 joueurs : ... un set pour 3 joueurs et un set pour 4 joueurs",
# "8 joueurs : ajouter des deux sets de cartes pour 4 joueurs".
ADVANCED = {3: ADD_3, 4: ADD_4, 5: ADD_4, 6: ADD_4, 7: ADD_3 + ADD_4, 8: ADD_4 + ADD_4}


def _in_game(g: Spacedealer) -> Counter[str]:
    return Counter(card_type(c).kind for c in range(len(g.where)) if g.where[c] != W_OUT)


def test_setup_tables_are_the_rulebook_lists() -> None:
    assert Counter(SETUP["remove"]["3"]) == REMOVE_3
    assert Counter(SETUP["remove"]["5"]) == REMOVE_5
    assert Counter(SETUP["advanced"]["3"]) == ADD_3
    assert Counter(SETUP["advanced"]["4"]) == ADD_4
    assert Counter(c.kind for c in BOX if c.advanced) == ADVANCED_IN_BOX
    # the box: "72 cartes technologie (... 24 numérotées 1, 28 numérotées 2 et 20 numérotées 3)"
    assert Counter(c.level for c in BOX) == Counter({1: 24, 2: 28, 3: 20})
    # every removal list can be carried out on one box (no kind goes negative)
    for sets in BASIC.values():
        assert all(v >= 0 for v in sets.values())


@pytest.mark.parametrize("n", range(3, 9))
@pytest.mark.parametrize("seed", [0, 7])
def test_cards_in_play_match_the_rulebook_lists(n: int, seed: int) -> None:
    g = Spacedealer(n, seed)
    assert _in_game(g) == +BASIC[n]
    ga = Spacedealer(n, seed, ADV)
    assert _in_game(ga) == +(BASIC[n] + ADVANCED[n])
    # the removed depots and generators are level-1 cards (an unused starting set)
    for game in (g, ga):
        lv1 = Counter(
            card_type(c).kind
            for c in range(len(game.where))
            if game.where[c] != W_OUT and card_type(c).level == 1
        )
        assert lv1 == Counter(mine=3 * n, generator=2 * n, depot=n)


@pytest.mark.parametrize("n", range(3, 9))
def test_remaining_cards_form_the_common_piles_two_and_three(n: int) -> None:
    for opts in ({}, ADV):
        g = Spacedealer(n, 3, opts)
        for c in range(len(g.where)):
            t = card_type(c)
            if g.where[c] == W_OUT:
                continue
            if t.level == 1:
                assert g.where[c] == W_PERSONAL
            else:
                assert g.where[c] == W_PILE and c in g.pile[t.level]
        assert not g.pile[0] and not g.pile[1]


@pytest.mark.parametrize("n", range(3, 9))
def test_every_player_receives_one_starting_set(n: int) -> None:
    """2: "3 mines, 2 générateurs et 1 dépôt"; the mine piles each lack one colour."""
    g = Spacedealer(n, 11)
    missing_per_box: dict[int, list[int]] = {}
    for p in range(n):
        cards = g.personal[p]
        kinds = Counter(card_type(c).kind for c in cards)
        assert kinds == Counter(mine=3, generator=2, depot=1)
        assert all(card_type(c).level == 1 for c in cards)
        cols = {card_type(c).colour for c in cards if card_type(c).kind == "mine"}
        assert len(cols) == 3
        (missing,) = set(range(4)) - cols
        mines = [c for c in cards if card_type(c).kind == "mine"]
        boxes = {c // len(BOX) for c in mines}
        assert len(boxes) == 1  # one box's mine pile
        missing_per_box.setdefault(boxes.pop(), []).append(missing)
    # within a box, each pile lacks a different colour
    for lacking in missing_per_box.values():
        assert len(lacking) == len(set(lacking))


@pytest.mark.parametrize("n", range(3, 9))
def test_start_of_play_after_the_reveal(n: int) -> None:
    g = started(n, seed=2, side=0, pos=2)
    for p in range(n):
        assert g.tech[p] == 1 and g.score[p] == 0 and g.markers[p] == 10
        assert g.ship_field[p] == 2 * p and g.ship_owner[p] == p
        assert len(g.personal[p]) == 4 and g.planning[p] == []
        kinds = Counter(card_type(c).kind for c in g.built[p])
        assert kinds == Counter(generator=1, mine=1)
        assert g.plants[2 * p] == 1 and g.plants[2 * p + 1] == 0
        base = p * GRID_W
        mine = next(c for c in g.built[p] if card_type(c).kind == "mine")
        assert g.acell[base + 4] == mine and g.dcell[base + 4] == mine
        timers = range(p * g.tmax, p * g.tmax + g.ntimers[p])
        assert g.ntimers[p] == 2 and all(g.t_kind[t] == T_IDLE for t in timers)
    assert g.supply == [10 * (1 if n <= 4 else 2)] * 4


# ---------------------------------------------------------------- example 1 (3.1, 3.2)
def test_example1_planning_research_build_and_use() -> None:
    """Example 1: cards in planning without a timer; a timer on the planet raises the tech
    level; a timer on a planning card builds it; a timer on a built card uses it."""
    g = started(4, side=1, pos=1)
    depot = next(c for c in g.personal[0] if card_type(c).kind == "depot")
    gen = next(c for c in g.personal[0] if card_type(c).kind == "generator")
    g.apply(0, A.get(A.Plan, depot))
    g.apply(0, A.get(A.Plan, gen))
    assert g.planning[0] == [depot, gen] and g._idle_timer(0) == 0  # no timer used
    assert not [a for a in g.legal_actions(0) if isinstance(a, (A.Plan, A.Draw))]
    g.apply(0, A.RESEARCH)
    g.apply(0, A.get(A.Construct, depot))
    assert g._idle_timer(0) < 0  # two timers only
    assert not [a for a in g.legal_actions(0) if isinstance(a, (A.Use, A.Fly, A.Construct))]
    g.advance(59.0)
    assert g.tech[0] == 1 and not g.pending[0]
    g.advance(1.0)
    # the build timer has run out: usable, it waits on the card ("la carte peut être posée")
    assert g.tech[0] == 2 and not g.pending[0] and g.t_end[g.ctimer[depot]] == READY
    g.apply(0, A.get(A.Place, depot, 7))
    assert g.where[depot] == W_BUILT and g.cap[0] == 4 and g.planning[0] == [gen]
    mine = g.acell[6]
    g.apply(0, A.get(A.Use, mine))
    g.advance(60.0)
    g.apply(0, A.get(A.Apply, mine))  # "l'effet peut être appliqué"
    colour = card_type(mine).colour
    g.apply(0, A.get(A.Put, colour, 20))  # into Moimoi's depot
    assert contents(g, g.nships) == "RYGB"[colour]


# ---------------------------------------------------------------- example 2 (3.2.2)
def test_example2_power_sequence_and_building_sites() -> None:
    """Example 2: power plants generator < solar < fusion; cards only on powered sites;
    building over only in the action zone, never in the demand zone."""
    g = started(4, side=1, pos=1)  # generator right (R1, R2 powered), mine at R1
    solar = take(g, 0, "solar")
    fusion = take(g, 0, "fusion_reactor")
    gen2 = take(g, 0, "generator")
    assert g.sites(0, fusion) == []  # a fusion reactor only on a solar satellite
    assert g.sites(0, solar) == [1]  # a solar satellite only on a generator
    assert g.sites(0, gen2) == [0]  # a generator next to the planet, on a free side
    g._build(0, solar, 1)
    assert g.sites(0, fusion) == [1]
    mine = take(g, 0, "mine")
    # one connection: powered column (R2, R3 now) with a free demand cell; R4 unpowered
    assert g.sites(0, mine) == [7, 8]
    g._build(0, fusion, 1)
    assert g.sites(0, mine) == [7, 8, 9]
    conv = take(g, 0, "converter")
    # two connections: two adjacent powered columns, over cards in the action zone allowed
    assert g.sites(0, conv) == [6, 7, 8]
    metro = take(g, 0, "metropolis")
    # no connection, demand half only: two free demand cells touching a card (the mine's
    # demand half is at 6: no building over it)
    assert g.sites(0, metro) == [4, 7]
    g._build(0, metro, 7)
    assert 7 not in g.sites(0, mine) and 8 not in g.sites(0, mine)  # demand cells taken
    starting = g.acell[6]
    g._build(0, conv, 6)
    assert g.covered[starting] and g.acell[6] == conv and g.dcell[6] == starting


def test_no_building_over_a_card_in_the_demand_zone_even_without_connection() -> None:
    g = started(4, side=1, pos=1)
    depot = take(g, 0, "depot")
    sites = g.sites(0, depot)
    assert 6 not in sites  # the mine's demand half is below
    assert 5 in sites and 7 in sites  # touching the mine
    assert 3 not in sites  # not touching anything


# ---------------------------------------------------------------- 3.2.4 / 3.3 ships
def test_ship_in_flight_cannot_trade_or_deliver_and_lands_after_its_timer() -> None:
    g = started(4, side=1, pos=1)
    load(g, 1, "RYGB")
    g.apply(1, A.get(A.Fly, 1, 1))
    assert g.ship_field[1] == -1
    assert not [a for a in g.legal_actions(1) if isinstance(a, (A.Dump, A.Deliver, A.Move))]
    assert A.get(A.Fly, 1, 0) not in g.legal_actions(1)  # in flight: no second flight
    g.advance(60.0)
    assert g.ship_field[1] == 1 and contents(g, 1) == "RYGB"
    # loaded: adjacent fields only
    flights = {a.field for a in g.legal_actions(1) if isinstance(a, A.Fly) and a.ship == 1}
    assert flights == {0, 2}


def test_delivery_needs_the_whole_combination_and_frees_only_those_goods() -> None:
    g = started(4, side=1, pos=1)
    mine = g.acell[6]
    need = card_type(mine).demands[0][0]
    goods = "".join("RYGB"[k] * v for k, v in enumerate(need))
    moor(g, 1, 0)
    load(g, 1, goods[0])
    assert not [a for a in g.legal_actions(1) if isinstance(a, A.Deliver)]
    load(g, 1, goods[1:] + "RR")
    g.apply(1, A.get(A.Deliver, 1, 2 * mine))
    assert contents(g, 1) == "RR"
    vd, vo = card_type(mine).demands[0][1:]
    assert g.score[1] == vd and g.score[0] == vo and g.fulfilled[2 * mine] == 1


# ---------------------------------------------------------------- 4 end
def test_last_marker_while_timers_run_closes_the_game_after_them() -> None:
    g = started(4, side=1, pos=1)
    mine = g.acell[6]
    need = card_type(mine).demands[0][0]
    g.apply(2, A.RESEARCH)
    g.advance(30.0)
    g.markers[1] = 1
    moor(g, 1, 0)
    load(g, 1, "".join("RYGB"[k] * v for k, v in enumerate(need)))
    g.apply(1, A.get(A.Deliver, 1, 2 * mine))
    assert g.markers[1] == 0 and not g.is_over and g.end_at == 30.0
    # the game has ended for new work: no timer may be turned, no card planned
    for p in range(4):
        assert not [
            a
            for a in g.legal_actions(p)
            if isinstance(a, (A.Research, A.Plan, A.Construct, A.Use, A.Fly, A.Draw))
        ]
    g.advance(30.0)
    assert g.is_over and g.tech[2] == 2 and g.outcome().reason == "markers"
    assert g.outcome().ranks[1] == 1


# ---------------------------------------------------------------- 5.1 advanced cards
def test_sabotaged_research_gives_nothing_and_the_marker_returns() -> None:
    g = started(4, ADV, side=1, pos=1)
    sab = build(g, 0, "sabotage", 7)
    g.attack[sab] = 1
    g.black -= 1
    g._dirty()
    g.apply(2, A.RESEARCH)
    t = next(t for t in range(len(g.t_kind)) if g.t_kind[t] != T_IDLE)
    assert A.get(A.Sabotage, t) in g.legal_actions(0)
    g.apply(0, A.get(A.Sabotage, t))
    assert g.t_kind[t] == T_VOID and g._idle_timer(2) >= 0  # the other timer is still free
    assert A.RESEARCH in g.legal_actions(2)  # the planet's slot is free again
    g.advance(60.0)
    assert g.tech[2] == 1 and g.black == 10 and g.t_kind[t] == T_IDLE
    assert not [a for a in g.legal_actions(0) if isinstance(a, A.Sabotage)]  # no marker left


def test_attack_markers_only_with_advanced_cards_and_at_most_two_per_card() -> None:
    g = started(4, ADV, side=1, pos=1)
    sab = build(g, 0, "sabotage", 7)
    for _ in range(2):
        g.apply(0, A.get(A.Use, sab))
        g.advance(60.0)
        g.apply(0, A.get(A.Apply, sab))
    assert g.attack[sab] == 2 and g.black == 8
    assert A.get(A.Use, sab) not in g.legal_actions(0)  # full: "maximum deux"
    basic = started(4)
    assert not [a for a in basic.legal_actions(0) if isinstance(a, (A.Sabotage, A.Missile))]


def test_missile_targets_timer_slots_only_and_blocks_covering_by_any_shape() -> None:
    g = started(4, ADV, side=1, pos=1)
    mis = build(g, 0, "missile", 7)
    g.attack[mis] = 1
    g.black -= 1
    depot = build(g, 1, "depot", 7)  # no timer slot
    g._dirty()
    targets = {a.card for a in g.legal_actions(0) if isinstance(a, A.Missile)}
    assert depot not in targets
    mine1 = g.acell[GRID_W + 6]
    assert mine1 in targets and g.acell[6] in targets  # any player's slot, own included
    g.apply(0, A.get(A.Missile, mine1))
    for kind in ("depot", "converter", "mine_complex"):
        c = take(g, 1, kind)
        assert 6 not in g.sites(1, c)
        g.planning[1].remove(c)
        g.where[c] = W_OUT


def test_covered_permanent_cards_lose_their_effect() -> None:
    """5.1: "Certaines cartes technologie procurent un effet permanent (sauf lorsque l'on a
    construit sur elles)"."""
    g = started(4, ADV, side=1, pos=1)
    g._build(0, take(g, 0, "solar"), 1)
    centre = build(g, 0, "tech_centre", 8)
    robots = build(g, 0, "robot_factory", 7)
    assert g.plan_cap[0] == 4 and g.ntimers[0] == 3
    conv = take(g, 0, "converter")
    g._build(0, conv, 7)  # over the robot factory and the tech centre's action half
    assert g.covered[robots] and g.covered[centre]
    assert g.plan_cap[0] == 2 and g.ntimers[0] == 2


def test_transport_probe_respects_the_ship_capacity_and_reaches_a_ship_in_flight() -> None:
    g = started(4, ADV, side=1, pos=1)
    probe = build(g, 0, "transport_probe", 7)
    pc = g.nships + 4 + g.probes.index(probe)
    load(g, pc, "RY")
    g.apply(0, A.get(A.Use, probe))
    load(g, 0, "GGGGGGG")  # 7 goods: room for one more
    g.advance(10.0)
    g.apply(0, A.get(A.Fly, 0, 1))  # lands at 70 s
    g.advance(50.0)  # the probe's timer runs out at 60 s
    assert g.ship_field[0] == -1  # in flight
    g.apply(0, A.get(A.Apply, probe))
    opts = g.legal_actions(0)
    assert A.get(A.Send, 0, 0) in opts and A.SKIP in opts
    g.apply(0, A.get(A.Send, 0, 0))
    assert contents(g, 0) == "RGGGGGGG" and g.pending[0] == []  # full: the yellow stays
    assert contents(g, pc) == "Y"


def test_gizzi_card_stays_when_a_single_present_player_could_fulfil_it() -> None:
    g = started(4, ADV)
    moor(g, 0, 1)
    load(g, 0, "RRYYGGBB")
    pile_before = list(g.gpile)
    g._gizzi_refill(1)
    assert g.gface[1] == pile_before[-1]  # the top card, no redraw
    assert not any(e["event"] == "gizzi_redraw" for e in g.log)
    assert GIZZI_GOODS[g.gface[1] % 12]


def test_gizzi_only_on_neutral_fields_and_only_in_advanced_games() -> None:
    g = started(4, ADV)
    moor(g, 0, 2)  # a player field
    load(g, 0, "RRYYGGBB")
    assert not [a for a in g.legal_actions(0) if isinstance(a, (A.Gizzi, A.Drop))]
    basic = started(4)
    assert all(f < 0 for f in basic.gface) and basic.gpile == []


def test_tech_level_stops_at_three() -> None:
    """3.2.1: "Les positions 2 et 3 représentent un nouveau niveau technologique"."""
    g = started(4, side=1, pos=1)
    g.apply(0, A.RESEARCH)
    assert A.RESEARCH not in g.legal_actions(0)  # one slot on the planet
    g.advance(60.0)
    g.apply(0, A.RESEARCH)
    g.advance(60.0)
    assert g.tech[0] == 3
    assert A.RESEARCH not in g.legal_actions(0)
    assert A.get(A.Draw, 2) in g.legal_actions(0) and A.get(A.Draw, 3) in g.legal_actions(0)


def test_a_flight_that_is_the_last_timer_lands_as_the_game_ends() -> None:
    """Interpretation 10 (docs): the game is over when the last running timer runs out; a
    ship whose flight is that timer lands, with no time left to deliver."""
    g = started(4, {"length": 120}, side=1, pos=1)
    g.advance(100.0)
    g.apply(1, A.get(A.Fly, 1, 1))
    g.advance(30.0)
    assert not g.is_over and g.ship_field[1] == -1
    assert not [a for a in g.legal_actions(1) if isinstance(a, A.Fly)]
    g.advance(30.0)
    assert g.is_over and g.clock == 160.0 and g.ship_field[1] == 1
    assert g.legal_actions(1) == []
