"""The contract's behaviour, on the test-only game."""

from __future__ import annotations

import json
import random
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spacetable
from spacetable.engine import IllegalAction, InvalidAction, RecordError, SpacetableError
from spacetable.playout import playout
from spacetable.testing.toy import DATA, HighCards, Play

DECK = DATA.shipped("toy").parts.deck


def _playout(g: spacetable.Game, seed: int, steps: int = 1000) -> None:
    deque(playout(g, random.Random(seed), max_steps=steps), maxlen=0)


def test_a_game_runs_to_its_outcome() -> None:
    g = spacetable.new_game("toy", 3, seed=11)
    assert isinstance(g, HighCards)
    assert len(g.to_act) == 1
    _playout(g, 1)
    assert g.is_over and g.to_act == []
    out = g.outcome()
    assert sum(out.scores) == sum(DECK)
    assert 1 in out.ranks
    assert out.to_json()["winners"] == list(out.winners)


def test_outcome_before_the_end_raises() -> None:
    g = spacetable.new_game("toy", 2, seed=1)
    with pytest.raises(SpacetableError, match="not over"):
        g.outcome()


def test_apply_accepts_value_json_and_text() -> None:
    g = spacetable.new_game("toy", 2, seed=5)
    assert isinstance(g, HighCards)
    seat = g.to_act[0]
    card = g.hands[seat][0]
    g2, g3 = g.clone(), g.clone()
    g.apply(seat, Play(card))
    g2.apply(seat, {"type": "play", "card": card})
    g3.apply(seat, f"play card={card}")
    assert g.to_json() == g2.to_json() == g3.to_json()


def test_bad_actions_raise_typed_errors_and_change_nothing() -> None:
    g = spacetable.new_game("toy", 2, seed=5)
    assert isinstance(g, HighCards)
    before = g.to_json()
    seat = g.to_act[0]
    other = 1 - seat
    missing = next(v for v in range(1, 7) if v not in g.hands[seat])
    with pytest.raises(IllegalAction, match="not legal"):
        g.apply(seat, Play(missing))
    with pytest.raises(IllegalAction, match="may not act"):
        g.apply(other, Play(g.hands[other][0]))
    with pytest.raises(IllegalAction, match="no seat"):
        g.apply(7, Play(1))
    with pytest.raises(InvalidAction, match="unknown action type"):
        g.apply(seat, {"type": "fold"})
    with pytest.raises(InvalidAction):
        g.apply(seat, 42)  # type: ignore[arg-type]
    assert issubclass(IllegalAction, ValueError)
    assert g.to_json() == before


def test_legal_actions_empty_for_a_seat_not_to_act() -> None:
    g = spacetable.new_game("toy", 3, seed=2)
    for s in range(3):
        assert bool(g.legal_actions(s)) == (s in g.to_act)


def test_save_load_round_trip_mid_game() -> None:
    g = spacetable.new_game("toy", 3, seed=8)
    _playout(g, 3, steps=5)
    text = g.to_json()
    h = spacetable.load(text)
    assert h.to_json() == text
    _playout(g, 9)
    _playout(h, 9)
    assert g.to_json() == h.to_json()


def test_record_replay_round_trip() -> None:
    g = spacetable.new_game("toy", 4, seed=8, options={"hand": 3})
    _playout(g, 4)
    rec = json.loads(json.dumps(g.record()))
    assert rec["options"] == {"hand": 3}
    assert len(rec["entries"]) == g.step
    assert spacetable.replay(rec).to_json() == g.to_json()
    assert spacetable.replay(json.dumps(rec)).to_json() == g.to_json()
    partial = spacetable.replay(rec, upto=3)
    assert partial.step == 3


def test_replay_of_a_save_and_bad_records() -> None:
    g = spacetable.new_game("toy", 2, seed=4)
    _playout(g, 2, steps=4)
    assert spacetable.replay(json.loads(g.to_json())).to_json() == g.to_json()
    with pytest.raises(RecordError):
        spacetable.load("{not json")
    with pytest.raises(RecordError):
        spacetable.load(json.dumps({"format": "other"}))
    rec = g.record()
    rec["entries"][0]["action"] = {"type": "play", "card": 99}
    with pytest.raises(RecordError, match="entry 0"):
        spacetable.replay(rec)


def test_clone_is_independent() -> None:
    g = spacetable.new_game("toy", 2, seed=3)
    before = g.to_json()
    c = g.clone()
    _playout(c, 1)
    assert g.to_json() == before
    assert c.is_over and not g.is_over


def test_log_is_redacted() -> None:
    g = spacetable.new_game("toy", 2, seed=3)
    assert isinstance(g, HighCards)
    seat = g.to_act[0]
    g.apply(seat, g.legal_actions(seat)[0])
    public = [e for e in g.log if e["event"] == "draw"]
    mine = [e for e in g.log_for(seat) if e["event"] == "draw"]
    theirs = [e for e in g.log_for(1 - seat) if e["event"] == "draw"]
    assert public and "card" not in public[0]
    assert "card" in mine[0] and mine[0]["card"] in g.hands[seat]
    assert "card" not in theirs[0]
    assert g.last_events(seat, 1)[0] == mine[0]


def test_determinize_resamples_what_the_seat_cannot_see() -> None:
    g = spacetable.new_game("toy", 3, seed=21)
    assert isinstance(g, HighCards)
    seen_other_hands = set()
    for k in range(20):
        d = g.determinize(0, random.Random(k))
        assert isinstance(d, HighCards)
        assert d.view(0) == g.view(0)
        assert d.legal_actions(0) == g.legal_actions(0)
        assert d.hands[0] == g.hands[0]
        seen_other_hands.add(tuple(d.hands[1]))
        assert sorted(d.deck + d.hands[1] + d.hands[2]) == sorted(g.deck + g.hands[1] + g.hands[2])
    assert len(seen_other_hands) > 1


def test_determinized_log_hides_other_seats_private_details() -> None:
    g = spacetable.new_game("toy", 2, seed=3)
    seat = g.to_act[0]
    g.apply(seat, g.legal_actions(seat)[0])
    d = g.determinize(1 - seat, random.Random(0))
    assert all("card" not in e for e in d.log_for(seat) if e["event"] == "draw")
    assert d.log_for(1 - seat) == g.log_for(1 - seat)


def test_action_space_is_generated_and_injective() -> None:
    g = spacetable.new_game("toy", 2, seed=1)
    space = g.action_space
    assert space.size == 6
    for i in range(space.size):
        assert space.to_index(space.from_index(i)) == i
    mask = g.legal_mask(g.to_act[0])
    assert sum(mask) == len(g.legal_actions(g.to_act[0]))
    with pytest.raises(InvalidAction):
        space.from_index(6)


def test_view_header_and_hidden_hands() -> None:
    g = spacetable.new_game("toy", 2, seed=1)
    assert isinstance(g, HighCards)
    v0, spectator = g.view(0), g.view(None)
    assert v0["game"] == "toy" and v0["seat"] == 0 and v0["to_act"] == g.to_act
    assert v0["hand"] == g.hands[0]
    assert spectator["hand"] is None
    assert "hands" not in v0 and v0["hand_sizes"] == [len(h) for h in g.hands]
    with pytest.raises(IllegalAction):
        g.view(5)


def test_advance_refused_in_a_turn_based_game() -> None:
    g = spacetable.new_game("toy", 2, seed=1)
    with pytest.raises(SpacetableError, match="not a real-time game"):
        g.advance(1.0)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**40), st.integers(1, 4), st.sampled_from([1, 2, 3]))
def test_random_playouts_conserve_cards(seed: int, players: int, hand: int) -> None:
    g = spacetable.new_game("toy", players, seed=seed, options={"hand": hand})
    assert isinstance(g, HighCards)
    for _ in playout(g, random.Random(seed)):
        remaining = g.deck + [c for h in g.hands for c in h]
        assert sum(remaining) + sum(g.scores) == sum(DECK)
    assert sum(g.scores) == sum(DECK)
    assert g.step <= HighCards.max_decisions(players, g.options)


def test_a_determinized_copy_carries_no_secret_history_seed_or_private_log() -> None:
    g = spacetable.new_game("toy", 2, seed=3)
    _playout(g, 5, steps=4)
    seat = g.to_act[0]
    other = 1 - seat
    d = g.determinize(seat, random.Random(1))
    assert d.seed != g.seed  # the real seed would rebuild the real hidden state
    assert d.record()["entries"] == []
    saved = json.loads(d.to_json())
    assert saved["history"] == []
    privates = [priv for _, priv in saved["log"] if priv]
    assert privates and all(set(priv) == {str(seat)} for priv in privates)
    assert any(str(other) in (priv or {}) for _, priv in json.loads(g.to_json())["log"])
    # No record rebuilds a hypothetical state: only the trusted path reads it.
    with pytest.raises(spacetable.RecordError, match="determinized"):
        spacetable.load(d.to_json())
    assert spacetable.load_trusted(d.to_json()).to_json() == d.to_json()
