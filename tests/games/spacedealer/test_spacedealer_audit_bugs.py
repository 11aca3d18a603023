"""Audit findings: each test fails on the code at the audit's start (see the audit report)."""

from __future__ import annotations

import random
from collections import Counter, deque

import pytest

from spacetable.games.spacedealer import actions as A
from spacetable.games.spacedealer.constants import W_OUT
from spacetable.games.spacedealer.notation import build, card_type, contents, load, moor, started
from spacetable.games.spacedealer.render import describe_event, render
from spacetable.games.spacedealer.rules import Spacedealer
from spacetable.playout import playout

ADV = {"rules": "advanced"}


def _goods(cid: int, j: int = 0) -> str:
    return "".join("RYGB"[k] * v for k, v in enumerate(card_type(cid).demands[j][0]))


def test_no_delivery_without_a_victory_marker_left() -> None:
    """3.4: "le joueur pose un de ses marqueurs de points de victoire sur l'emplacement de
    demande"; 4: the game ends when a player "a posé son dernier marqueur". While the last
    timers run, a player with no marker left cannot fulfil another demand."""
    g = started(4, side=1, pos=1)
    mine = g.acell[6]
    depot = build(g, 0, "depot", 7)
    g.apply(2, A.RESEARCH)  # a running timer: the game goes on after the last marker
    g.markers[1] = 1
    moor(g, 1, 0)
    load(g, 1, _goods(mine) + _goods(depot))
    g.apply(1, A.get(A.Deliver, 1, 2 * mine))
    assert g.markers[1] == 0 and not g.is_over
    assert not [a for a in g.legal_actions(1) if isinstance(a, A.Deliver)]
    g.advance(60.0)  # the last timer is used: the last call, still no marker to deliver with
    assert not g.is_over and g.call_at == 60.0
    assert not [a for a in g.legal_actions(1) if isinstance(a, A.Deliver)]
    g.advance(g.tlen)
    assert g.is_over and g.outcome().reason == "markers"
    assert g.outcome().details["markers_used"][1] == 10


def test_a_blocked_slot_always_takes_a_timer_to_remove_the_missile_marker() -> None:
    """5.1 e: "Cet emplacement de sablier ne peut pas être utilisé à nouveau avant qu'un
    sablier ait été activé et utilisé à cet endroit": the owner may always turn a timer on
    a blocked slot (that run only removes the marker), even when the card itself could not
    be used now (a full sabotage probe, an empty transport probe)."""
    g = started(4, ADV, side=1, pos=1)
    sab = build(g, 1, "sabotage", 7)
    g.attack[sab] = 2
    g.black -= 2
    mis = build(g, 0, "missile", 7)
    g.attack[mis] = 2
    g.black -= 2
    build(g, 1, "solar", 1)
    probe = build(g, 1, "transport_probe", 8)
    g._dirty()
    g.apply(0, A.get(A.Missile, sab))
    g.apply(0, A.get(A.Missile, probe))
    assert g.blocked[sab] and g.blocked[probe]
    assert A.get(A.Use, sab) in g.legal_actions(1)
    assert A.get(A.Use, probe) in g.legal_actions(1)
    g.apply(1, A.get(A.Use, sab))
    g.apply(1, A.get(A.Use, probe))
    g.advance(60.0)
    assert not g.blocked[sab] and not g.blocked[probe]
    assert g.attack[sab] == 2 and g.black == 8 and g.pending[1] == []
    assert contents(g, g.nships + 4 + g.probes.index(probe)) == ""


def test_french_texts_name_timer_decision_and_offer_kinds_in_french() -> None:
    """Missing French text: timer kinds, decisions, offers, end reasons and the rules name
    were shown in English inside French sentences and in the French drawing."""
    fr = [
        describe_event({"event": "turn", "seat": 0, "timer": 0, "kind": "research"}, "fr"),
        describe_event(
            {"event": "timer", "seat": 0, "timer": 0, "kind": "fly", "ship": 0, "field": 1}, "fr"
        ),
        describe_event(
            {"event": "sabotage", "seat": 0, "timer": 3, "victim": 1, "kind": "build"}, "fr"
        ),
        describe_event(
            {
                "event": "offer",
                "seat": 0,
                "to": 1,
                "kind": "goods",
                "src": 0,
                "dst": 1,
                "give": 0,
                "take": 4,
            },
            "fr",
        ),
        describe_event({"event": "end", "reason": "time", "clock": 1800.0}, "fr"),
        describe_event({"event": "setup", "players": 4, "rules": "advanced"}, "fr"),
        describe_event({"event": "no_effect", "seat": 0, "card": 6, "why": "covered"}, "fr"),
    ]
    english = ("research", "(fly", "(build", "(goods", "(time", "advanced", "(covered")
    for text, word in zip(fr, english, strict=True):
        assert word not in text, text
    g = started(4, side=1, pos=1)
    g.apply(0, A.RESEARCH)
    g.apply(0, A.get(A.Fly, 0, 1))
    drawing = render(g.view(0), "fr")
    assert "(research" not in drawing and "(fly" not in drawing
    g = started(4, side=1, pos=1)
    card = g.personal[0][0]
    g.apply(0, A.get(A.Plan, card))
    g.apply(0, A.get(A.Construct, card))
    g.advance(60.0)
    assert g.view(0)["usable"]  # the build timer has run out: where to build the card
    drawing = render(g.view(0), "fr")
    line = next(x for x in drawing.splitlines() if "à utiliser" in x)
    assert "build" not in line and "construction" in line, line


def _kinds_in_play(g: Spacedealer) -> Counter[str]:
    return Counter(card_type(c).kind for c in range(len(g.where)) if g.where[c] != W_OUT)


@pytest.mark.parametrize("n", [3, 4, 5, 7])
@pytest.mark.parametrize("rules", ["basic", "advanced"])
def test_resampling_keeps_the_rulebook_card_lists(n: int, rules: str) -> None:
    """The cards in play per kind are public (the rulebook's per-player-count lists):
    resampling may change which copy was set aside, never how many of each kind play. In
    particular an orbital station or transport probe that is not in this game's list never
    enters play (it would crash ``_build``: its id is not in ``stations`` / ``probes``)."""
    g = started(n, {"rules": rules})
    rng = random.Random(n)
    deque(playout(g, rng, advances=(1.0, 5.0, 20.0), max_steps=150), maxlen=0)  # some play
    before = _kinds_in_play(g)
    fixed = set(g.stations) | set(g.probes)
    for seed in range(15):
        for seat in range(n):
            h = g.clone()
            h.resample_hidden(seat, random.Random(seed))
            assert _kinds_in_play(h) == before
            assert {
                c
                for c in range(len(h.where))
                if h.where[c] != W_OUT
                and card_type(c).kind in ("orbital_station", "transport_probe")
            } == fixed
            assert h.view(seat) == g.view(seat)
