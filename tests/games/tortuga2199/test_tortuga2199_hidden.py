"""Hidden information: views, logs and determinization of Tortuga 2199."""

from __future__ import annotations

import json
import random
from collections import deque

from spacetable.games.tortuga2199 import constants as K
from spacetable.games.tortuga2199 import rules as R
from spacetable.playout import playout

from .tortuga_helpers import A, P, card, count_cards, do, position, started

PRIVATE_KEYS = {"cards", "card", "creature"}
PRIVATE_EVENTS = {"draw", "end_turn", "reserve", "takeback", "probe", "attack_cards"}


def _playout(players: int, seed: int, steps: int) -> R.Tortuga2199:
    g = started(players, seed)
    deque(playout(g, random.Random(seed), checked=False, max_steps=steps), maxlen=0)
    return g


def test_private_log_fields_only_for_their_seat() -> None:
    g = _playout(3, 4, 600)
    seen_private = 0
    for s in (None, 0, 1, 2):
        for ev in g.log_for(s):
            if ev["event"] in PRIVATE_EVENTS and ev.get("seat") != s:
                assert not PRIVATE_KEYS & set(ev), ev
            elif ev["event"] in PRIVATE_EVENTS and PRIVATE_KEYS & set(ev):
                seen_private += 1
    assert seen_private > 0


def test_view_does_not_depend_on_what_the_seat_cannot_see() -> None:
    g = _playout(3, 7, 250)
    while g.phase != K.MAIN:
        g.apply_unchecked(g.to_act[0], g.legal_actions(g.to_act[0])[-1])
    for s in range(3):
        other = (s + 1) % 3
        before = json.dumps(g.view(s), sort_keys=True)
        h = g.clone()
        # Swap the opponent's hand and deck contents, give it another Reserved card,
        # shuffle market decks and move hunt tokens the seat has not probed.
        pool = h.hand[other] + h.deck[other]
        pool.reverse()
        n = len(h.hand[other])
        h.hand[other], h.deck[other] = pool[:n], pool[n:]
        if h.reserve[other] >= 0:
            h.reserve[other] = card("kraken")
        for d in h.mdeck:
            d.reverse()
        h.mknown = [0] * 4
        unk = [i for i, t in enumerate(h.hunt) if t >= 0 and not h.seen[i] >> s & 1]
        toks = [h.hunt[i] for i in unk]
        toks.reverse()
        for i, t in zip(unk, toks, strict=True):
            h.hunt[i] = t
        h.reserve[s] = g.reserve[s]
        v = h.view(s)
        v["markets"] = json.loads(before)["markets"]
        assert json.dumps(v, sort_keys=True) == before


def test_spectator_sees_no_hand_and_no_creature() -> None:
    g = _playout(2, 3, 200)
    v = g.view(None)
    assert v["hand"] is None and v["reserved_card"] is None
    assert all(sec["creature"] is None for sec in v["sectors"])


def test_secret_attack_cards_hidden_until_reveal() -> None:
    g = position(players=3, hand=[card("garde"), card("manoeuvre")], pos=1)
    g.pos[1] = 1
    do(g, A.ATTACK[1], A.COMMIT[card("garde")])
    for s in (None, 1, 2):
        v = g.view(s)
        assert v["combat"]["attack_cards"] is None and v["combat"]["attack_count"] is None
        assert v["players"][0]["hand_size"] == 2
    assert g.view(0)["combat"]["attack_cards"] == [card("garde")]
    # determinize for the defender keeps its view and redistributes the secret card
    # among the attacker's Manoeuvre cards only
    for i in range(20):
        d = g.determinize(1, random.Random(i))
        assert d.view(1) == g.view(1)
        assert isinstance(d, R.Tortuga2199)
        assert len(d.catk) == 1 and P.mano[d.catk[0]] >= 1


def test_resample_keeps_probed_tokens_known_bottom_and_counts() -> None:
    g = position(players=3, hand=None, pos=8)
    g.probes[3] = g.seen[3] = 0b001  # seat 0 knows slot 3
    known = g.hunt[3]
    c = g.mface[0][0]
    g.crypto = 1
    do(g, A.RENEW[c])
    total = count_cards(g)
    changed = False
    for i in range(30):
        d = g.determinize(0, random.Random(i))
        assert isinstance(d, R.Tortuga2199)
        assert d.hunt[3] == known
        assert d.mdeck[0][0] == c
        assert count_cards(d) == total
        assert sorted(d.hand[0]) == sorted(g.hand[0])
        for o in (1, 2):
            assert len(d.hand[o]) == len(g.hand[o])
            assert sorted(d.hand[o] + d.deck[o]) == sorted(g.hand[o] + g.deck[o])
        if d.hunt != g.hunt or d.hand[1] != g.hand[1]:
            changed = True
        assert d.view(0) == g.view(0)
        assert d.legal_actions(0) == g.legal_actions(0)
    assert changed


def test_resampling_is_canonical() -> None:
    for players in (2, 3, 4):
        g = _playout(players, 12, 150 * players)
        for s in range(players):
            other = g.determinize(s, random.Random(99))
            a = g.determinize(s, random.Random(1)).state_dict()
            b = other.determinize(s, random.Random(1)).state_dict()
            assert a == b


def test_reserving_with_a_card_ability_keeps_the_card_secret() -> None:
    # "La carte Réservée est placée face cachée": the Savant fou's free reservation must not
    # name the card in the public log (only its owner's log does).
    savant = card("savant")
    kraken = card("kraken")
    g = position(hand=[savant, kraken], pos=0)
    do(g, A.PLAY[savant], A.AB_CARD["reserve"][kraken])
    assert g.reserve[0] == kraken
    for seat in (None, 1):
        ev = [e for e in g.log_for(seat) if e["event"] == "ability"][-1]
        assert ev["kind"] == "reserve" and kraken not in (ev["target"], ev.get("reserved"))
    mine = [e for e in g.log_for(0) if e["event"] == "ability"][-1]
    assert mine["card"] == savant and mine.get("reserved") == kraken
