"""Wild Space labels: what the terminal shows must say what the rules do, in both languages."""

from __future__ import annotations

import random
from collections import deque

from spacetable.engine import new_game
from spacetable.games.wildspace import actions as A
from spacetable.games.wildspace.constants import End
from spacetable.games.wildspace.notation import position
from spacetable.games.wildspace.render import describe_event, render
from spacetable.games.wildspace.rules import WildSpace
from spacetable.playout import playout

PLANETS = [0, 1, 2, 5, 8]


def test_hostile_planets_are_drawn_in_words() -> None:
    g = position(1, planets=PLANETS, hands=[[]])
    g.h_row = [3, 10]  # Toxic Swamp (landing D2+T2, exploring D1), Smuggler's Den
    g.h_deck = [0, 1, 5]
    fr = render(g.view(0), "fr")
    en = render(g.view(0), "en")
    assert "défausser la case 2, prendre la case 2" in fr
    assert "discard slot 2, take slot 2" in en
    # bonus icons: one credit per matching card of its crew, same icons added up
    assert "+1 par Botaniste" in fr and "+1 per Botanist" in en
    assert "+2 par Émissaire, +1 par Vétéran" in fr
    assert "+2 per Emissary, +1 per Veteran" in en
    assert " T2" not in fr and " D2" not in fr  # no bare codes


def test_a_compulsory_cost_is_not_called_optional() -> None:
    hand = [6]
    g = position(2, planets=PLANETS, hands=[hand, []])
    g.apply(0, A.LAND[(1, 1, 1)])  # Haven right: discard a card to draw 3 (the chosen action)
    assert A.SKIP not in g.legal_actions(0)
    fr = render(g.view(0), "fr")
    en = render(g.view(0), "en")
    assert "facultatif" not in fr and "optional" not in en
    assert "obligatoire" in fr and "required" in en
    # a card's cost stays optional
    g = position(2, planets=PLANETS, hands=[[22, 6], []])  # the Rhino Mechanic
    g.apply(0, A.LAND[(0, 1, 0)])
    g.apply(0, A.PLAY[22])
    assert A.SKIP in g.legal_actions(0)
    assert "facultatif" in render(g.view(0), "fr")


def test_solo_setup_names_the_contrebandier_when_it_starts() -> None:
    firsts = {}
    for seed in range(20):
        g = new_game("wildspace", 1, seed)
        assert isinstance(g, WildSpace)
        firsts[g.current] = g.log[0]
    assert set(firsts) == {0, 1}
    assert "Contrebandier" in describe_event(firsts[1], "fr")
    assert "Contrebandier" in describe_event(firsts[1], "en")
    assert "0" in describe_event(firsts[0], "en")


def test_solo_outcome_reason_is_a_category() -> None:
    reasons = set()
    for seed in range(6):
        g = new_game("wildspace", 1, seed, {"smuggler": "auto"})
        assert isinstance(g, WildSpace)
        deque(playout(g, random.Random(seed), lambda game, seat, legal: legal[0]), maxlen=0)
        reasons.add(g.outcome().reason)
    assert reasons <= {End.SMUGGLER_BEATEN, End.SMUGGLER_WINS}
    assert all(type(r) is End for r in reasons)


def test_profession_costs_and_conditions_read_with_an_article() -> None:
    from spacetable.games.wildspace.render import card_text

    owl_mechanic, antenna = 31, 106  # discard a Botanist -> take and play; if a Scientist
    assert "discard a Botanist from hand" in card_text(owl_mechanic, "en")
    assert "défausser un Botaniste de sa main" in card_text(owl_mechanic, "fr")
    assert "if a Scientist: play a card" in card_text(antenna, "en")
    assert "si un Scientifique: poser une carte" in card_text(antenna, "fr")
    # sectors too: Cyane left needs a Botanist or a Scientist
    g = position(1, planets=[0, 1, 3, 5, 8], faceup=[True] * 5, hands=[[]])
    assert "if a Botanist or a Scientist" in render(g.view(0), "en")


def test_the_contrebandier_crew_is_listed() -> None:
    owl_vet = 34
    g = position(1, planets=PLANETS, hands=[[]], smuggler_tableau=[owl_vet, 101])
    text = render(g.view(0), "en")
    assert "Owl Botanist[/] ★" in text and "Robot Dynamo" in text
