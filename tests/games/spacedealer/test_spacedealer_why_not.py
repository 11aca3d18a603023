"""Why an action is not legal in Spacedealer: precise reasons for every action kind, drawn in
English and French, never naming what the seat cannot see.

Positions are built with ``spacetable.games.spacedealer.notation`` (the rulebook's example 3:
Ru'ul's ship at Moimoi's planet).
"""

from __future__ import annotations

import random

import pytest

from spacetable.engine import Action, Game, InvalidAction, new_game
from spacetable.engine.presentation import presentation
from spacetable.engine.why import Reason
from spacetable.games.spacedealer import actions as A
from spacetable.games.spacedealer.constants import BOX_SIZE, GRID_W, READY, T_BUILD, W_PERSONAL
from spacetable.games.spacedealer.notation import (
    build,
    card_type,
    load,
    moor,
    started,
    store,
    store_code,
    take,
)
from spacetable.games.spacedealer.rules import Spacedealer

ADV = {"rules": "advanced"}


def rules_of(g: Game, seat: int, action: Action) -> list[tuple[str, str]]:
    return [(r.rule, r.detail) for r in g.why_not(seat, action)]


def clear_grid(g: Spacedealer, p: int) -> None:
    """Remove the starting mine (keep the generator)."""
    for c in list(g.built[p]):
        if card_type(c).shape != "P":
            g.built[p].remove(c)
            g.where[c] = 0
    base = p * GRID_W
    for i in range(GRID_W):
        g.acell[base + i] = -1
        g.dcell[base + i] = -1
    g._dirty()


def example3() -> tuple[Spacedealer, int]:
    """Moimoi (seat 0) with a red mine asking green + blue; Ru'ul's ship at Moimoi's planet."""
    g = started(4, side=1, pos=1)
    clear_grid(g, 0)
    mine = next(
        c
        for c in range(len(g.where))
        if card_type(c).kind == "mine"
        and card_type(c).colour == 0
        and card_type(c).demands[0][0] == (0, 0, 1, 1)
    )
    if g.where[mine] == W_PERSONAL:
        g.personal[g.owner[mine]].remove(mine)
    g.where[mine] = 0
    g.planning[0].append(mine)
    g._build(0, mine, 6)
    moor(g, 1, 0)
    return g, mine


# ---------------------------------------------------------------- example 3 (3.4)
def test_ruul_blue_only_ship_cannot_fulfil_moimois_demand() -> None:
    """Example 3: "Le vaisseau spatial de Ru'ul ne peut pas satisfaire à la demande de Moimoi
    car son chargement n'est constitué que de marchandises bleues"."""
    g, mine = example3()
    load(g, 1, "BB")
    deliver = A.get(A.Deliver, 1, 2 * mine)
    [r] = g.why_not(1, deliver)
    assert r == Reason.of("deliver.goods", "goods_short", card=mine, ship=1)
    pres = presentation(g)
    en = pres.reason(r, "en")
    assert en["detail"] == "Ship 1 does not carry the goods that demand of the Red mine asks."
    assert "Ru’ul" in en["quote"] and en["section"] == "Exemple 3"
    fr = pres.reason(r, "fr")["detail"]
    assert fr.startswith("Le vaisseau 1 ne porte pas") and "Mine rouge" in fr
    load(g, 1, "G")
    assert g.why_not(1, deliver) == []  # a legal action has no reason


def test_a_demand_is_fulfilled_once_and_never_on_ones_own_planet() -> None:
    g, mine = example3()
    load(g, 1, "GB")
    deliver = A.get(A.Deliver, 1, 2 * mine)
    g.apply(1, deliver)
    load(g, 1, "GB")
    assert rules_of(g, 1, deliver) == [("deliver.once", "fulfilled")]
    moor(g, 0, 0)
    assert rules_of(g, 0, A.get(A.Deliver, 0, 2 * mine)) == [("deliver.other-planet", "own_planet")]
    moor(g, 1, 1)  # a neutral field
    assert rules_of(g, 1, deliver) == [("deliver.other-planet", "neutral_field")]
    assert rules_of(g, 2, deliver) == [("fly.own-ship", "not_your_ship")]


def test_no_delivery_without_a_victory_marker() -> None:
    g, mine = example3()
    load(g, 1, "GB")
    g.markers[1] = 0
    g._dirty()
    assert rules_of(g, 1, A.get(A.Deliver, 1, 2 * mine)) == [("deliver.marker", "no_marker")]


def test_offers_say_what_is_missing() -> None:
    """Moimoi may give or exchange a good (example 3): only from what a container holds, to
    another seat's container on the same planet, one open offer at a time."""
    g, _ = example3()
    load(g, 1, "BB")
    build(g, 0, "depot", 7)
    load(g, store(g, 0), "G")
    # red is not in the depot
    assert rules_of(g, 0, A.get(A.OfferGoods, store_code(0), 1, 0, 3)) == [
        ("goods.have", "no_good")
    ]
    # one's own ship is moved into, not offered to
    assert rules_of(g, 0, A.get(A.OfferGoods, store_code(0), 0, 2, 4)) == [
        ("goods.consent", "own_container")
    ]
    g.apply(0, A.get(A.OfferGoods, store_code(0), 1, 2, 3))
    assert rules_of(g, 0, A.get(A.OfferGoods, store_code(0), 1, 2, 4)) == [
        ("offer.one", "offer_open")
    ]
    assert rules_of(g, 0, A.get(A.OfferMore, 2, 4)) == [("goods.have", "no_more")]
    assert rules_of(g, 2, A.get(A.Accept, 0)) == [("offer.to-you", "no_offer")]
    assert rules_of(g, 1, A.WITHDRAW) == [("offer.open", "no_offer_open")]
    # Ru'ul's ship leaves: the offer's containers are apart
    moor(g, 1, 3)
    assert rules_of(g, 1, A.get(A.Accept, 0)) == [("goods.same-planet", "apart")]


def test_moving_goods_needs_both_containers_at_one_planet() -> None:
    g, _ = example3()
    build(g, 0, "depot", 7)
    moor(g, 0, 1)  # Moimoi's ship on a neutral field
    load(g, 0, "R")
    move = A.get(A.Move, 0, store_code(0), 0)
    assert rules_of(g, 0, move) == [("goods.same-planet", "apart")]
    assert rules_of(g, 0, A.get(A.Move, 1, store_code(0), 0)) == [
        ("goods.consent", "not_your_container")
    ]
    moor(g, 0, 0)
    g.cap[0] = 1
    load(g, store(g, 0), "Y")
    assert rules_of(g, 0, move) == [("goods.capacity", "full")]


# ---------------------------------------------------------------- timers and cards (3.1, 3.2)
def test_planning_drawing_research_and_timers() -> None:
    g = started(4)
    p = 0
    c = g.personal[p][0]
    g.apply(p, A.get(A.Plan, c))
    c2 = g.personal[p][0]
    g.apply(p, A.get(A.Plan, c2))
    assert rules_of(g, p, A.get(A.Plan, g.personal[p][0])) == [("plan.zone-full", "zone_full")]
    other = g.personal[1][0]
    g.planning[p].pop()
    g._dirty()
    [r] = g.why_not(p, A.get(A.Plan, other))
    assert (r.rule, r.detail) == ("plan.personal", "not_personal")
    assert rules_of(g, p, A.get(A.Draw, 2)) == [("draw.tech", "tech_low")]
    g.apply(p, A.RESEARCH)
    assert rules_of(g, p, A.RESEARCH) == [("research.one-slot", "research_running")]
    g.apply(p, A.get(A.Construct, c))
    assert rules_of(g, p, A.get(A.Construct, c)) == [("construct.timer", "timer_on_card")]
    fly = A.get(A.Fly, 0, 1)
    assert rules_of(g, p, fly) == [("timer.idle", "no_idle")]
    assert rules_of(g, p, A.get(A.Place, c, 3)) == [("place.usable", "no_build_timer")]
    assert rules_of(g, p, A.get(A.Keep, c)) == [("pending.none", "no_decision")]
    g.tech[p] = 3
    g._dirty()
    assert rules_of(g, p, A.RESEARCH) == [("research.max", "tech_max")]


def test_a_loaded_ship_flies_only_to_a_neighbouring_field() -> None:
    g = started(4)
    load(g, 0, "R")
    assert rules_of(g, 0, A.get(A.Fly, 0, 4)) == [("fly.adjacent", "loaded_far")]
    assert rules_of(g, 0, A.get(A.Fly, 0, 0)) == [("fly.adjacent", "same_field")]
    assert g.why_not(0, A.get(A.Fly, 0, 1)) == []
    g.apply(0, A.get(A.Fly, 0, 1))
    assert rules_of(g, 0, A.get(A.Dump, 0, 0)) == [("fly.in-flight", "in_flight")]


def test_a_site_says_which_building_rule_it_breaks() -> None:
    """3.2.2 b and d: a one-connection card needs a powered site; a card without connection
    must touch another card; power plants go in sequence."""
    g = started(4, side=1, pos=1)
    clear_grid(g, 0)
    mine = take(g, 0, "mine")
    gen = take(g, 0, "generator")
    for c in (mine, gen):
        t = g._start_timer(0, T_BUILD, c)
        g.ctimer[c] = t
        g.t_end[t] = READY
    g._dirty()
    powered = g.sites(0, mine)
    cold = next(x for x in range(GRID_W) if x not in powered)
    assert rules_of(g, 0, A.get(A.Place, mine, cold)) == [("place.one-connection", "unpowered")]
    assert g.why_not(0, A.get(A.Place, mine, powered[0])) == []
    # the generator is on the right (side 1): the right side already has one
    assert rules_of(g, 0, A.get(A.Place, gen, 1)) == [("place.plant", "plant_order")]
    assert rules_of(g, 0, A.get(A.Place, gen, 5)) == [("place.plant", "plant_side")]


def test_a_pending_decision_comes_first() -> None:
    g = started(4)
    g.pending[0].append((3, 2, 0, 1))  # keep one of two drawn cards (cards 0 and 1)
    g._dirty()
    assert rules_of(g, 0, A.RESEARCH) == [("pending.first", "decide_first")]
    assert rules_of(g, 0, A.get(A.Keep, 5)) == [("keep.drawn", "not_drawn")]
    assert rules_of(g, 0, A.SKIP) == [("keep.drawn", "keep_one")]
    assert presentation(g).reason(g.why_not(0, A.RESEARCH)[0], "fr")["detail"] == (
        "Décidez d'abord ce que l'effet vous demande (garder une carte)."
    )


# ---------------------------------------------------------------- setup, end, modes, advanced
def test_setup_end_and_modes() -> None:
    g = new_game("spacedealer", 3, 1)
    mine = next(c for c in g.personal[0] if g.parts.card[c].kind == "mine")  # type: ignore[attr-defined]
    assert rules_of(g, 0, A.RESEARCH) == [("setup.secret-mine", "setup_first")]
    other = next(c for c in g.personal[1] if g.parts.card[c].kind == "mine")  # type: ignore[attr-defined]
    assert rules_of(g, 0, A.get(A.Start, other, 0, 1)) == [("setup.powered-mine", "not_your_mine")]
    g.apply(0, A.get(A.Start, mine, 0, 1))
    assert rules_of(g, 0, A.get(A.Start, mine, 0, 2)) == [("setup.secret-mine", "chosen_wait")]
    assert rules_of(g, 0, A.get(A.Discard, mine)) == [("setup.secret-mine", "setup_first")]
    s = started(3)
    assert rules_of(s, 0, A.get(A.Start, mine, 0, 1)) == [("setup.secret-mine", "setup_done")]
    assert rules_of(s, 0, A.get(A.Sabotage, 0)) == [("advanced.only", "advanced")]
    assert rules_of(s, 0, A.DONE) == [("end.done-when", "not_last_call")]
    s.end_at = 0.0
    s._dirty()
    assert rules_of(s, 0, A.RESEARCH) == [("end.closing", "closing")]
    t = started(3, {"mode": "ticks"})
    t.apply(0, A.DONE)
    assert rules_of(t, 0, A.RESEARCH) == [("time.tick-done", "tick_done")]


def test_advanced_card_exchange_reasons() -> None:
    g = started(4, ADV)
    assert rules_of(g, 0, A.get(A.OfferCard, 0, 0)) == [("cards.exchange", "to_yourself")]
    assert rules_of(g, 0, A.get(A.OfferCard, 0, 1)) == [("cards.exchange", "no_card_slot")]
    assert rules_of(g, 0, A.get(A.Missile, g.built[1][0])) == [
        ("missile.slot", "no_missile_marker")
    ]
    assert rules_of(g, 0, A.get(A.Gizzi, 0)) == [("gizzi.neutral", "no_gizzi")]


# ---------------------------------------------------------------- contract
def test_a_malformed_action_raises_invalid_action() -> None:
    g = started(3)
    with pytest.raises(InvalidAction):
        g.why_not(0, "fly ship=0")
    with pytest.raises(InvalidAction):
        g.why_not(0, {"type": "no_such_action"})


def test_reasons_never_name_a_hidden_card() -> None:
    """A card in another seat's personal pile: planning it is refused as "not in your
    personal pile", the same in every determinization, never saying where it is."""
    g = started(4)
    hidden = g.personal[1][0]
    reasons = g.why_not(0, A.get(A.Plan, hidden))
    assert [r.detail for r in reasons] == ["not_personal"]
    for k in range(5):
        other = g.determinize(0, random.Random(k))
        assert other.why_not(0, A.get(A.Plan, hidden)) == reasons
    text = presentation(g).reason(reasons[0], "en")["detail"]
    assert "Ru" not in text and "pile personnelle" not in text


def test_every_action_kind_has_a_piece_or_is_a_button() -> None:
    g = started(3)
    c = g.personal[0][0]
    assert g.action_components(A.get(A.Plan, c)) == (f"card:{c % BOX_SIZE}",)
    assert g.action_components(A.get(A.Fly, 0, 1)) == ("ship:main",)
    assert g.action_components(A.get(A.Move, 0, store_code(0), 1)) == ("ship:main", "planet:0")
    assert g.action_components(A.get(A.Deliver, 1, 2 * c))[0] == f"card:{c % BOX_SIZE}"
    assert g.action_components(A.RESEARCH) == ()
    assert g.action_components(A.DONE) == ()


def test_why_not_component_for_a_card_in_the_personal_pile() -> None:
    g = started(3)
    c = g.personal[0][0]
    g.apply(0, A.get(A.Plan, g.personal[0][1]))
    g.apply(0, A.get(A.Plan, g.personal[0][1]))
    comp = f"card:{c % BOX_SIZE}"
    reasons = g.why_not_component(0, comp)
    assert any(r.rule == "plan.zone-full" for r in reasons)


def test_no_reason_falls_back_in_random_games() -> None:
    """Every illegal action of sampled positions has a precise reason (never the safety
    net), for both rule sets and both modes."""
    from spacetable.testing.conformance import _random_step

    configs: list[tuple[int, dict[str, object]]] = [
        (3, {"length": 120, "timer": 20}),
        (4, {**ADV, "length": 120}),
        (3, {"mode": "ticks", "length": 120}),
        (5, {**ADV, "mode": "ticks", "length": 120}),
    ]
    for players, options in configs:
        g = new_game("spacedealer", players, 7, options)
        rng = random.Random(7)
        space = g.action_space.actions
        steps = 0
        while not g.is_over:
            if steps % 40 == 0:
                for s in range(players):
                    legal = set(g.legal_actions(s))
                    for a in rng.sample(space, 200):
                        if a not in legal:
                            assert "play.other" not in [r.rule for r in g.why_not(s, a)], a
            steps += 1
            _random_step(g, rng)


# ---------------------------------------------------------------- the first game with a guide
def test_the_guide_is_a_real_short_game_that_ends() -> None:
    from spacetable.engine.guide import Guide

    guide = Guide.load("spacedealer")
    mine = guide.learner_steps()
    assert 8 <= len(mine) <= 30
    assert all(s.en and s.fr for s in mine)
    assert guide.title == {
        "en": "Your first game of Spacedealer",
        "fr": "Votre première partie de Spacedealer",
    }
    assert any(s.wait for s in guide.steps)  # real time: the guide lets time pass
    g = new_game("spacedealer", guide.players, guide.seed, guide.options)
    for s in guide.steps:
        if s.action is None:
            assert s.wait is not None
            g.advance(s.wait)
            continue
        assert s.at == g.step
        if s.seat == guide.learner:
            shown = {c.id for c in g.component_texts(guide.learner)}
            assert s.point is None or s.point in shown, (s.index, s.point)
            assert g.why_not(guide.learner, s.action) == []
        assert s.seat is not None
        g.apply(s.seat, s.action)
    assert g.is_over
    assert g.outcome().ranks[guide.learner] == 1  # the lesson ends in a win


def test_a_produced_good_must_be_placed_where_it_may_go() -> None:
    """3.2.3 a: the good "doit être placée soit dans un dépôt de la planète, soit dans un
    vaisseau spatial sur la planète"."""
    g = started(3)
    g.pending[0].append((0, 2, -1, 1))  # put a green good; ship 0 was at home
    g._dirty()
    assert rules_of(g, 0, A.SKIP) == [("put.where", "must_put")]
    assert rules_of(g, 0, A.get(A.Put, 0, 0)) == [("put.where", "wrong_colour")]
    assert rules_of(g, 0, A.get(A.Put, 2, store_code(0))) == [("goods.same-planet", "not_in_play")]
    assert rules_of(g, 0, A.get(A.Put, 2, 1)) == [("put.where", "not_here")]
    assert g.why_not(0, A.get(A.Put, 2, 0)) == []
    load(g, 0, "RRRRRRRR")
    assert rules_of(g, 0, A.get(A.Put, 2, 0)) == [("goods.capacity", "full")]


def test_the_action_budget_and_the_last_call() -> None:
    g = started(3)
    g.acts[0] = 10_000
    g._dirty()
    [r] = g.why_not(0, A.RESEARCH)
    assert (r.rule, r.detail) == ("time.pace", "budget")
    assert "10000" in presentation(g).reason(r, "en")["detail"]
    g.acts[0] = 0
    g.done[0] = 1
    g._dirty()
    assert rules_of(g, 0, A.RESEARCH) == [("end.finished", "finished")]


def test_a_card_built_over_cannot_be_used() -> None:
    g = started(3, side=1, pos=1)
    mine = g.built[0][-1]
    assert card_type(mine).kind == "mine"
    g.covered[mine] = 1
    g._dirty()
    assert rules_of(g, 0, A.get(A.Use, mine)) == [("use.covered", "covered")]
    other = next(c for c in g.built[1] if card_type(c).kind == "mine")
    assert rules_of(g, 0, A.get(A.Use, other)) == [("use.slot", "not_built")]
