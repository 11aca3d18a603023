"""Issue 18, "the rules as written": one scenario per departure the issue found, each quoting
the rulebook (``shared/seeds/004_389e09d48ec98e8e.txt``) in its docstring.

Positions are built with ``spacetable.games.spacedealer.notation``.
"""

from __future__ import annotations

from spacetable.games.spacedealer import actions as A
from spacetable.games.spacedealer.constants import CLOSING, IDLE, NOT_ENDED, READY, End
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
from spacetable.games.spacedealer.render import render
from spacetable.games.spacedealer.rules import Spacedealer
from spacetable.games.spacedealer.tables import shipped_parts

GIZZI, GIZZI_GOODS = shipped_parts().gizzi, shipped_parts().gizzi_goods

ADV = {"rules": "advanced"}


def _goods(need: tuple[int, ...]) -> str:
    return "".join("RYGB"[k] * v for k, v in enumerate(need))


def _state(g: Spacedealer, t: int) -> str:
    p, i = divmod(t, g.tmax)
    return str(g.view(p)["players"][p]["timers"][i]["state"])


def _finish_all(g: Spacedealer) -> None:
    """Every seat that may still act says it has finished (the last call)."""
    while not g.is_over and g.to_act:
        p = g.to_act[0]
        g.apply(p, A.DONE)


# ---------------------------------------------------------------- 1. the end (rulebook 4)
def _landing_after_the_end(options: dict[str, object]) -> tuple[Spacedealer, A.Deliver]:
    """Ru'ul's ship, loaded with what Moimoi's starting mine asks for, takes off at 100 s
    from the neutral field beside Moimoi; the game ends at 120 s; the ship lands at 160 s."""
    g = started(3, {"length": 120, **options}, side=1, pos=1)
    mine = g.acell[6]
    moor(g, 1, 1)
    load(g, 1, _goods(card_type(mine).demands[0][0]))
    d = A.get(A.Deliver, 1, 2 * mine)
    assert isinstance(d, A.Deliver)
    return g, d


def test_a_ship_that_lands_after_the_end_delivers_though_no_other_timer_runs() -> None:
    """4: « La partie se termine après 30 minutes (...). Chaque sablier actif est utilisé de la
    manière habituelle. » A flight that lands after the end is used as usual: the ship is on
    the planet and delivers there, whatever other timers run (here none)."""
    g, d = _landing_after_the_end({})
    g.advance(100.0)
    g.apply(1, A.get(A.Fly, 1, 0))
    g.advance(20.0)  # the game time is over: the flight still runs
    assert not g.is_over and g.call_at == CLOSING
    assert A.RESEARCH not in g.legal_actions(0)  # no new timer after the end
    g.advance(40.0)  # it lands: the last running timer has run out
    assert g.ship_field[1] == 0 and not g.is_over and g.call_at == 160.0
    assert g.view(None)["last_call"]
    assert d in g.legal_actions(1)
    g.apply(1, d)
    assert g.score[1] == 2 and g.score[0] == 1 and g.markers[1] == 9
    _finish_all(g)
    assert g.is_over and g.clock == 160.0 and g.outcome().reason == End.TIME
    assert [e["event"] for e in g.log].count("last_call") == 1


def test_the_last_call_ends_when_every_seat_has_finished_or_after_one_timer() -> None:
    """4: the timers are used « de la manière habituelle », then the game is over: a seat says
    it has finished (``done``); a seat that says nothing cannot hold the game: the last call
    lasts one sand timer at most."""
    g, d = _landing_after_the_end({})
    g.advance(100.0)
    g.apply(1, A.get(A.Fly, 1, 0))
    g.advance(60.0)
    assert g.call_at == 160.0 and 1 in g.to_act
    assert A.DONE in g.legal_actions(1)
    assert g.next_event() == 160.0 + g.tlen  # the end of the last call is scheduled
    g.advance(g.tlen - 0.5)
    assert not g.is_over and d in g.legal_actions(1)
    g.advance(0.5)
    assert g.is_over and g.clock == 160.0 + g.tlen and g.score == [0, 0, 0]


def test_a_seat_that_has_finished_does_nothing_more() -> None:
    """4: once a seat has said it has finished, it has no action left in the last call."""
    g, _d = _landing_after_the_end({})
    g.advance(100.0)
    g.apply(1, A.get(A.Fly, 1, 0))
    g.advance(60.0)
    g.apply(1, A.DONE)
    assert g.legal_actions(1) == [] and 1 not in g.to_act
    assert g.to_act == [0]  # Moimoi may still ask Ru'ul's ship for goods
    assert A.get(A.OfferGoods, 0, 1, 4, 0) in g.legal_actions(0)
    g.apply(0, A.DONE)
    assert g.is_over and g.clock == 160.0  # Frökla had nothing left to do


def test_without_a_running_timer_the_end_is_at_once() -> None:
    """4: « Une partie dure exactement 30 minutes »: with no timer running at the end there is
    nothing to use, and no last call."""
    g, _d = _landing_after_the_end({})
    moor(g, 1, 0)  # the ship is already there at the end
    g.advance(200.0)
    assert g.is_over and g.clock == 120.0 and g.call_at == NOT_ENDED
    assert not any(e["event"] == "last_call" for e in g.log)


def test_the_last_call_in_ticks_mode_is_one_tick() -> None:
    """4 in ticks mode: the tick in which the last timer runs out is the last call; the game
    is over when every seat has ended it."""
    g, d = _landing_after_the_end({"mode": "ticks", "tick": 20})
    while g.clock < 100.0:
        for p in g.to_act:
            g.apply(p, A.DONE)
    g.apply(1, A.get(A.Fly, 1, 0))
    while g.call_at < 0:
        for p in g.to_act:
            g.apply(p, A.DONE)
    assert g.clock == 160.0 and g.ship_field[1] == 0 and not g.is_over
    g.apply(1, d)
    assert g.score[1] == 2
    for p in g.to_act:
        g.apply(p, A.DONE)
    assert g.is_over and g.clock == 160.0


# ---------------------------------------------------------------- 2. three timer states
def test_a_build_waits_on_its_run_out_timer_until_a_site_is_powered() -> None:
    """2: « les sabliers sont inactifs (...) retourner et poser un sablier inactif, a pour
    effet de l'activer. Un sablier dont le sable s'est totalement écoulé après avoir été
    activé est utilisable. » 3.2.2: « Quand le sablier est utilisable, la carte peut être
    posée sur un site de construction approprié. A ce moment-là, le sablier devient
    inactif. » A built card waits on its timer until a site is powered."""
    g = started(3, side=1, pos=1)  # generator on the right: columns 6 and 7 powered
    g._build(0, take(g, 0, "mine"), 7)  # both powered connections now hold a mine
    g._dirty()
    mine = take(g, 0, "mine")
    assert g.sites(0, mine) == []
    g.apply(0, A.get(A.Construct, mine))
    t = g.ctimer[mine]
    assert _state(g, t) == "running"
    g.advance(60.0)
    assert g.t_end[t] == READY and _state(g, t) == "usable" and g.ctimer[mine] == t
    legal = g.legal_actions(0)
    assert A.SHELVE[mine] in legal and not [a for a in legal if isinstance(a, A.Place)]
    assert not g.pending[0]  # the seat is free: it plays on meanwhile
    # the waiting timer does no other work: one timer is left to build a generator
    gen = take(g, 0, "generator")
    g.apply(0, A.get(A.Construct, gen))
    assert g._idle_timer(0) < 0
    g.advance(60.0)
    g.apply(0, A.get(A.Place, gen, 0))  # the left side is powered: columns 4 and 5
    assert [a.pos for a in g.legal_actions(0) if isinstance(a, A.Place)] == [4, 5]
    g.apply(0, A.get(A.Place, mine, 5))
    assert g.acell[5] == mine and g.t_end[t] == IDLE and _state(g, t) == "idle"
    assert g.ctimer[mine] == -1


def test_a_build_timer_may_be_taken_back_without_building() -> None:
    """2 and 3.2.2: taking a usable timer back leaves the card in planning (interpretation 7);
    the timer is idle again."""
    g = started(3, side=1, pos=1)
    card = g.personal[0][0]
    g.apply(0, A.get(A.Plan, card))
    g.apply(0, A.get(A.Construct, card))
    g.advance(60.0)
    t = g.ctimer[card]
    g.apply(0, A.SHELVE[card])
    assert card in g.planning[0] and g.t_end[t] == IDLE and g.ctimer[card] == -1
    assert A.get(A.Construct, card) in g.legal_actions(0)


def test_a_card_timer_waits_for_its_player_then_the_effect_applies() -> None:
    """3.2.3: « Quand le sablier est utilisable, l'effet peut être appliqué. A ce moment-là, le
    sablier devient inactif. » The mine's timer runs out while the ship is away; the player
    waits for the ship, then uses the timer: the good is produced then."""
    g = started(3, side=1, pos=1)
    mine = g.acell[6]
    colour = card_type(mine).colour
    moor(g, 0, 3)
    g.apply(0, A.get(A.Use, mine))
    g.advance(60.0)
    t = g.ctimer[mine]
    assert g.t_end[t] == READY and g.supply[colour] == 10  # nothing produced yet
    assert A.APPLY[mine] in g.legal_actions(0)
    assert "run out, to use" in render(g.view(0), "en")
    assert "écoulé, à utiliser" in render(g.view(0), "fr")
    g.apply(0, A.get(A.Fly, 0, 0))  # empty: straight home
    g.advance(60.0)
    g.apply(0, A.APPLY[mine])
    assert contents(g, 0) == "RYGB"[colour] and g.t_end[t] == IDLE


def test_the_other_reading_applies_a_card_effect_the_moment_its_timer_runs_out() -> None:
    """3.2.3, option ``effects=at_once``: the effect applies when the sand has run out (the
    ship away and no depot: « autrement, la marchandise est perdue »)."""
    g = started(3, {"effects": "at_once"}, side=1, pos=1)
    mine = g.acell[6]
    colour = card_type(mine).colour
    moor(g, 0, 3)
    g.apply(0, A.get(A.Use, mine))
    g.advance(60.0)
    assert g.ctimer[mine] == -1 and g.supply[colour] == 10
    assert any(e["event"] == "lost" for e in g.log)
    assert not [a for a in g.legal_actions(0) if isinstance(a, A.Apply)]
    # builds still wait on their timer under this option
    card = g.personal[0][0]
    g.apply(0, A.get(A.Plan, card))
    g.apply(0, A.get(A.Construct, card))
    g.advance(60.0)
    assert g.t_end[g.ctimer[card]] == READY


# ---------------------------------------------------------------- 3. any ship on the planet
def test_a_produced_good_may_go_into_a_visitors_ship() -> None:
    """3.2.3 a: « Une mine produit un marqueur de marchandise de sa couleur spécifique qui doit
    être placée soit dans un dépôt de la planète, soit dans un vaisseau spatial sur la
    planète ». Any ship on the planet: Frökla's ship visiting Moimoi's planet too."""
    g = started(3, side=1, pos=1)
    mine = g.acell[6]
    colour = card_type(mine).colour
    moor(g, 2, 0)
    g.apply(0, A.get(A.Use, mine))
    g.advance(60.0)
    g.apply(0, A.APPLY[mine])
    assert g.legal_actions(0) == [A.get(A.Put, colour, 0), A.get(A.Put, colour, 2)]
    g.apply(0, A.get(A.Put, colour, 2))
    assert contents(g, 2) == "RYGB"[colour] and contents(g, 0) == ""
    assert A.get(A.Dump, 2, colour) in g.legal_actions(2)  # the visitor may return it


# ---------------------------------------------------------------- 4. n goods for m goods
def _trade() -> Spacedealer:
    """Moimoi's depot holds two greens; Ru'ul's ship, on Moimoi's orbit, three blues."""
    g = started(4, side=1, pos=1)
    build(g, 0, "depot", 7)
    load(g, store(g, 0), "GG")
    moor(g, 1, 0)
    load(g, 1, "BBB")
    return g


def test_any_exchange_two_goods_for_three() -> None:
    """3.3: « Tous les joueurs sont toujours autorisés à échanger ou à donner des
    marchandises. » Any exchange: two greens for three blues, offered one pair at a time
    (``offer_goods``, then ``offer_more``), and accepted at once."""
    g = _trade()
    g.apply(0, A.get(A.OfferGoods, store_code(0), 1, 2, 3))  # a green for a blue
    g.apply(0, A.get(A.OfferMore, 2, 3))  # and a green for a blue
    g.apply(0, A.get(A.OfferMore, 4, 3))  # and a blue for nothing
    offer = g.view(1)["offers"][0]
    assert offer["give"] == [0, 0, 2, 0] and offer["take"] == [0, 0, 0, 3]
    assert not [a for a in g.legal_actions(0) if isinstance(a, A.OfferMore) and a.take == 3]
    g.apply(1, A.get(A.Accept, 0))
    assert contents(g, store(g, 0)) == "BBB" and contents(g, 1) == "GG"
    assert g.offer[0] is None


def test_a_gift_of_several_goods_and_the_capacity_of_a_depot() -> None:
    """3.3: « donner des marchandises »; « Le chargement maximum des vaisseaux spatiaux est
    toujours de 8 marchandises », a depot holds 4: an offer never overfills either."""
    g = _trade()
    g.apply(1, A.get(A.OfferGoods, 1, store_code(0), 3, 4))  # Ru'ul gives a blue
    g.apply(1, A.get(A.OfferMore, 3, 4))  # and another: the depot would hold 4
    assert A.get(A.OfferMore, 3, 4) not in g.legal_actions(1)  # a fifth good: no room
    g.apply(0, A.get(A.Accept, 1))
    assert contents(g, store(g, 0)) == "GGBB" and contents(g, 1) == "B"


# ---------------------------------------------------------------- 5. Gizzi and the markers
def _gizzi(markers: int) -> tuple[Spacedealer, int]:
    g = started(4, ADV)
    gid = g.gface[1]
    moor(g, 0, 1)
    load(g, 0, _goods(GIZZI_GOODS[gid % 12]))
    g.markers[0] = markers
    g._dirty()
    return g, gid


def test_a_gizzi_delivery_places_a_victory_marker_and_may_end_the_game() -> None:
    """5.3: « On peut satisfaire aux demandes des cartes disponibles suivant les règles
    normales »; 3.4: « le joueur pose un de ses marqueurs de points de victoire »; 4: « le jeu
    prend fin plus tôt si un joueur a posé son dernier marqueur »."""
    g, gid = _gizzi(1)
    g.apply(0, A.get(A.Gizzi, 0))
    assert g.markers[0] == 0 and g.score[0] == GIZZI[gid % 12].vp_deliver
    assert g.is_over and g.outcome().reason == End.MARKERS
    assert g.outcome().details["markers_used"][0] == 10


def test_no_gizzi_delivery_without_a_marker_and_it_counts_in_the_tie_break() -> None:
    """4: « En cas d'égalité, le joueur qui a pu utiliser plus de marqueurs de points de
    victoire gagne »: a Gizzi card taken is a marker used."""
    g, _ = _gizzi(0)
    g.apply(2, A.RESEARCH)  # a running timer: the game is not over yet
    g.end_at = g.clock
    g._dirty()
    assert A.get(A.Gizzi, 0) not in g.legal_actions(0)
    g, _gid = _gizzi(10)
    g.apply(0, A.get(A.Gizzi, 0))
    g.score[1] = g.score[0]  # the same points without a marker placed
    g.advance(2000.0)
    assert g.is_over and g.outcome().winners == (0,)


# ---------------------------------------------------------------- 6. the timing of a choice
def test_a_produced_good_goes_where_it_could_go_when_it_was_produced() -> None:
    """3.2.3 a: the good « doit être placée soit dans un dépôt de la planète, soit dans un
    vaisseau spatial sur la planète; autrement, la marchandise est perdue »: at the table it
    is placed when it is produced. The choice lists the ships there at that moment; holding it
    back brings no ship that lands later, and the seat decides before anything else."""
    g = started(3, side=1, pos=1)
    mine = g.acell[6]
    colour = card_type(mine).colour
    build(g, 0, "depot", 7)
    moor(g, 2, 0)  # Frökla visits Moimoi
    moor(g, 0, 1)  # Moimoi's ship is away
    g.apply(0, A.get(A.Use, mine))
    g.advance(30.0)
    g.apply(0, A.get(A.Fly, 0, 0))  # home at 90 s
    g.advance(30.0)
    g.apply(0, A.APPLY[mine])  # produced at 60 s: Frökla's ship or the depot
    put_ship2, put_depot = A.get(A.Put, colour, 2), A.get(A.Put, colour, store_code(0))
    assert g.legal_actions(0) == [put_ship2, put_depot]
    g.advance(30.0)  # Moimoi's ship lands while the choice is open
    assert g.ship_field[0] == 0
    assert g.legal_actions(0) == [put_ship2, put_depot]  # not Moimoi's ship
    g.apply(2, A.get(A.Fly, 2, 1))  # Frökla's ship leaves
    assert g.legal_actions(0) == [put_depot]
    g.apply(0, put_depot)
    assert contents(g, store(g, 0)) == "RYGB"[colour] and not g.pending[0]
