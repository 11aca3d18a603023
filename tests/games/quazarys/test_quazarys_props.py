"""Seeded playouts with invariants, hidden information, golden transcripts, rendering."""

from __future__ import annotations

import json
import random
from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.text import Text

from spacetable.engine import new_game
from spacetable.games.quazarys.board import bounds
from spacetable.games.quazarys.components import DECK_SIZE, FIRST_BASE, FIRST_SUN, KIND
from spacetable.games.quazarys.constants import KIND_EXPLO, MAX_DIM
from spacetable.games.quazarys.render import describe_event, render
from spacetable.games.quazarys.rules import Quazarys
from spacetable.games.quazarys.tasks import EffectTask, PlaceTask
from spacetable.playout import playout


def check_invariants(g: Quazarys) -> None:
    # Every deck card is in exactly one place: deck, discard, a hand, the table, or held
    # while it is being placed (an Exploration). A played Action card is on the discard
    # while its effect is applied ("Placez la carte … dans la défausse et appliquez son
    # effet"), once only.
    on_table = [code >> 2 for code in g.board.values()]
    held = [t.card for t in g.stack if isinstance(t, PlaceTask)]
    applying = [t.card for t in g.stack if isinstance(t, EffectTask)]
    assert len(set(applying)) == len(applying)
    assert set(applying) <= set(g.discard)
    explo_on_table = [c for c in on_table if c < DECK_SIZE]
    everything = g.deck + g.discard + [c for h in g.hands for c in h] + explo_on_table + held
    assert sorted(everything) == list(range(DECK_SIZE))
    assert all(KIND[c] == KIND_EXPLO for c in explo_on_table)
    # Suns: on the table or out of the game; bases never leave the table.
    suns = [c for c in on_table if FIRST_SUN <= c < FIRST_BASE] + list(g.out)
    assert sorted(suns) == list(range(FIRST_SUN, FIRST_BASE))
    assert sum(1 for c in on_table if c >= FIRST_BASE) == (2 if g.players == 2 else 4)
    # The table is normalised and bounded; pawns stand on stations.
    assert min(r for r, _ in g.board) == 0 and min(c for _, c in g.board) == 0
    h, w = bounds(g.board)
    assert h <= MAX_DIM and w <= MAX_DIM
    for p in g.pos:
        assert p in g.graph.stops
    assert all(len(hand) <= 5 for hand in g.hands)
    if not g.over:
        assert g.legal_actions(g.current)


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**31))
def test_random_playouts_keep_the_invariants(players: int, seed: int) -> None:
    # the simulations' round limit: random play may never end the rulebook's race
    g = new_game("quazarys", players, seed, Quazarys.info.simulation_options)
    assert isinstance(g, Quazarys)
    bound = Quazarys.max_decisions(players, g.options)
    check_invariants(g)
    for _ in playout(g, random.Random(seed)):
        check_invariants(g)
        assert g.step <= bound
    out = g.outcome()
    if g.reason == "arrived":
        assert out.winners == (g.arrived[-1],)
        assert g.turns % players == 0  # the round was finished
    else:
        assert g.reason in ("round_limit", "blocked") and out.ranks == (1,) * players


def test_hidden_information_stays_hidden() -> None:
    g = new_game("quazarys", 3, 11)
    assert isinstance(g, Quazarys)
    deque(playout(g, random.Random(5), max_steps=120), maxlen=0)
    for seat in range(3):
        view = g.view(seat)
        log = g.log_for(seat)
        # Change everything seat cannot see: the others' hands and the deck order.
        other = g.clone()
        other.resample_hidden(seat, random.Random(99))
        assert other.hands[seat] == g.hands[seat]
        assert other.view(seat) == view
        assert view["hand"] == g.hands[seat]
        assert "deck" not in view and "hands" not in view
        # Private draws of the others never show in this seat's log.
        for ev in log:
            if ev["event"] in ("deal", "draw") and ev["seat"] != seat:
                assert "cards" not in ev
        assert other.log_for(seat) == log
    spectator = json.dumps(g.view(None))
    assert '"hand": null' in spectator
    for ev in g.log:
        assert "cards" not in ev or ev["event"] == "blackhole"


def test_resample_changes_hidden_cards_but_keeps_counts() -> None:
    g = new_game("quazarys", 4, 2)
    assert isinstance(g, Quazarys)
    d = g.clone()
    d.resample_hidden(0, random.Random(3))
    assert [len(h) for h in d.hands] == [len(h) for h in g.hands]
    assert len(d.deck) == len(g.deck)
    assert sorted(d.deck + [c for h in d.hands[1:] for c in h]) == sorted(
        g.deck + [c for h in g.hands[1:] for c in h]
    )
    assert d.hands[1:] != g.hands[1:] or d.deck != g.deck


def test_render_and_event_sentences_in_both_languages() -> None:
    g = new_game("quazarys", 4, 4)
    deque(playout(g, random.Random(4), max_steps=200), maxlen=0)
    for lang in ("en", "fr"):
        for seat in (None, 0, 1):
            text = render(g.view(seat), lang)
            assert "B" in text and "o" in text
            assert ("Round" if lang == "en" else "Tour de table") in text
        for ev in g.log_for(0):
            sentence = describe_event(ev, lang)
            assert not sentence.startswith("{"), sentence
    assert "Rouge (siège 0)" in render(g.view(0), "fr")


def test_render_draws_the_grid_of_the_start_position() -> None:
    g = new_game("quazarys", 2, 0)
    lines = Text.from_markup(render(g.view(0), "en")).plain.splitlines()
    # Five Suns and two bases in one row of cards: 7 card columns of 9 characters, the
    # pawns (seats 0 and 1) on the bases at both ends, a continuous path between them.
    assert lines[0].split() == [str(c) for c in range(7)]
    middle = lines[3]
    assert middle.startswith(" 0 ")
    assert len(middle) == 3 + 7 * 9
    assert {middle[3 + 4], middle[3 + 6 * 9 + 4]} == {"0", "1"}
    assert " " not in middle[3 + 5 : 3 + 6 * 9 + 4]


def test_action_space_and_bounds() -> None:
    for players in (2, 3, 4):
        g = new_game("quazarys", players, 0)
        space = g.action_space
        assert space.size == len({a.text() for a in space.actions})
        assert Quazarys.max_decisions(players, g.options) > 1000
