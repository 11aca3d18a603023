"""Property tests (Hypothesis): seeded random playouts keep every invariant of the box."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from spacetable.engine import new_game
from spacetable.games.tortuga2199 import constants as K
from spacetable.games.tortuga2199 import rules as R
from spacetable.playout import playout

from .tortuga_helpers import P, count_cards, expected_cards


def _check_invariants(g: R.Tortuga2199) -> None:
    n = g.players
    if g.phase != K.SHIP:
        assert count_cards(g) == expected_cards(n)
    assert g.bank + sum(g.infl) == K.BANK
    minerals = sum(g.mineral) + sum(g.minerals) + g.depot + g.minerals_out
    assert minerals == K.MINERAL_TOKENS
    for p in range(n):
        assert g.markers_free(p) >= 0
        assert g.infl[p] >= 0 and g.minerals[p] >= 0
        assert g.total(p) <= K.WIN_INFLUENCE + 6 or g.is_over
        hunts_owned = [
            c
            for c in g.hand[p] + g.deck[p] + g.discard[p] + g.played[p] + [g.reserve[p]]
            if c >= 0 and P.is_hunt[c]
        ]
        if g.phase not in (K.ATK, K.DEF, K.SACRIFICE, K.SPOILS, K.OVER):
            assert sorted(hunts_owned) == sorted(g.htokens[p])
    for s, k in enumerate(g.kinds):
        assert P.kind_start_def[k] <= g.defence[s] <= P.kind_max_def[k]
    if not g.is_over:
        assert g.crypto >= 0 and g.mano >= 0
        assert g.to_act and g.legal_actions(g.to_act[0])


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    players=st.sampled_from([2, 3, 4]),
    scenario=st.sampled_from(K.SCENARIOS),
)
def test_random_playouts_keep_invariants(seed: int, players: int, scenario: str) -> None:
    # The bots' round limit: random players would otherwise play for ever.
    g = new_game("tortuga2199", players, seed, {"scenario": scenario, "round_limit": 40})
    assert isinstance(g, R.Tortuga2199)
    limit = R.Tortuga2199.max_decisions(players, g.options)
    _check_invariants(g)
    for _ in playout(g, random.Random(seed), checked=False):
        _check_invariants(g)
        assert g.step <= limit
    out = g.outcome()
    assert out.scores == tuple(float(g.total(p)) for p in range(players))
    assert min(out.ranks) == 1


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_greedy_evaluation_in_unit_interval(seed: int) -> None:
    g = new_game("tortuga2199", 3, seed)
    for p in range(3):  # the start, then the next 299 positions
        assert 0.0 <= g.evaluate(p) <= 1.0
    for _ in playout(g, random.Random(seed), checked=False, max_steps=299):
        if g.is_over:
            break
        for p in range(3):
            assert 0.0 <= g.evaluate(p) <= 1.0
