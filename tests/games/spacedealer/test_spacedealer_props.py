"""Property tests: seeded random playouts keep every invariant of the components."""

from __future__ import annotations

import json
import random
from collections import deque
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spacetable.games.spacedealer import actions as A
from spacetable.games.spacedealer.components import config
from spacetable.games.spacedealer.constants import (
    GRID_W,
    P_KEEP,
    P_PUT,
    W_BUILT,
    W_DRAWN,
    W_PERSONAL,
    W_PILE,
    W_PLANNING,
)
from spacetable.games.spacedealer.notation import card_type
from spacetable.games.spacedealer.rules import Spacedealer
from spacetable.games.spacedealer.tables import shipped_parts
from spacetable.playout import playout as drive

GIZZI = shipped_parts().gizzi

OPTION_SETS: list[dict[str, Any]] = [
    {"length": 300, "timer": 20},
    {"rules": "advanced", "length": 300, "timer": 20},
    {"mode": "ticks", "rules": "advanced", "length": 120, "timer": 20},
    {"rules": "advanced", "effects": "at_once", "length": 300, "timer": 20},
]


def check_invariants(g: Spacedealer) -> None:
    n = g.players
    cfg = config(n, g.options)
    # goods: 10 per colour per box, wherever they are
    for k in range(4):
        total = g.supply[k] + sum(g.goods[4 * c + k] for c in range(g.ncont))
        total += sum(g.fgoods[4 * f + k] for f in range(2 * n))
        total += sum(1 for p in range(n) for it in g.pending[p] if it[0] == P_PUT and it[1] == k)
        assert total == 10 * cfg["boxes"]
    for c in range(g.ncont):
        assert 0 <= g._load(c) <= max(g._cont_cap(c), 0) or g._load(c) == 0
        assert min(g.goods[4 * c : 4 * c + 4]) >= 0
    assert all(x >= 0 for x in g.supply)
    # attack markers
    assert g.black + sum(g.attack) + sum(g.blocked) + sum(g.t_attack) == cfg["black"]
    assert all(sum(g.blocked[c] for c in g.built[p]) <= 2 for p in range(n))
    # every card in exactly one place, consistent with the location codes
    places: dict[int, int] = {}
    for lv in (2, 3):
        for c in g.pile[lv]:
            places[c] = W_PILE
    for p in range(n):
        for c in g.personal[p]:
            places[c] = W_PERSONAL
        for c in g.planning[p]:
            places[c] = W_PLANNING
            assert g.owner[c] == p
        for c in g.built[p]:
            places[c] = W_BUILT
            assert g.owner[c] == p
        for it in g.pending[p]:
            if it[0] == P_KEEP:
                for c in set(it[2:]):
                    places[c] = W_DRAWN
        assert len(g.planning[p]) <= cfg["plan_max"]
    for c, w in places.items():
        assert g.where[c] == w, (c, w, g.where[c])
    assert sum(1 for w in g.where if w not in (0, 6)) == len(places)
    # scores are exactly the demands fulfilled and the Gizzi cards taken
    expect = [0] * n
    for cid in range(len(g.where)):
        for j, (_, vd, vo) in enumerate(card_type(cid).demands):
            by = g.fulfilled[2 * cid + j]
            if by >= 0:
                expect[by] += vd
                expect[g.owner[cid]] += vo
    for p in range(n):
        expect[p] += sum(GIZZI[gid % 12].vp_deliver for gid in g.gwon[p])
        # a marker on every demand fulfilled and every Gizzi card taken (5.3, "suivant les
        # règles normales")
        used = sum(1 for d in g.fulfilled if d == p) + len(g.gwon[p])
        assert g.markers[p] == 10 - used
    assert expect == g.score
    assert min(g.tech) >= 1 and max(g.tech) <= 3
    check_applies(g)


def check_applies(g: Spacedealer) -> None:
    """A card whose effect may be applied is built, uncovered, and on its owner's action row
    (where the boards draw it): a card built over loses a waiting effect (rulebook 3.2.2)."""
    for p in g.to_act:
        row = g.acell[p * GRID_W : (p + 1) * GRID_W]
        for a in g.legal_actions(p):
            if isinstance(a, A.Apply):
                assert g.where[a.card] == W_BUILT and not g.covered[a.card], (g.step, a)
                assert a.card in row, (g.step, a, row)


def playout(n: int, seed: int, options: dict[str, Any]) -> Spacedealer:
    g = Spacedealer(n, seed, options)
    for _ in drive(g, random.Random(seed), checked=False, advances=(0.5, 2.0, 7.0, 20.0)):
        if g.step % 7 == 0:
            check_invariants(g)
    check_invariants(g)
    return g


@pytest.mark.parametrize("seed", [0, 5])  # games where a card waiting for its effect is built over
def test_an_effect_waits_only_on_a_card_in_play(seed: int) -> None:
    g = Spacedealer(3, seed, {})
    for _ in drive(g, random.Random(seed), checked=False, advances=(0.5, 2.0, 7.0, 20.0)):
        check_applies(g)
    assert any(e["event"] == "no_effect" and e.get("why") == "covered" for e in g.log)


@settings(max_examples=12, deadline=None)
@given(n=st.integers(3, 8), seed=st.integers(0, 10**6), which=st.integers(0, len(OPTION_SETS) - 1))
def test_random_playouts_keep_invariants(n: int, seed: int, which: int) -> None:
    g = playout(n, seed, OPTION_SETS[which])
    assert g.step <= Spacedealer.max_decisions(n, g.options)
    assert g.clock <= g.length + 2 * g.tlen + 1e-9  # the last timer, then the last call
    out = g.outcome()
    assert len(out.ranks) == n and min(out.ranks) == 1


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_hidden_information_never_in_other_views(seed: int) -> None:
    """Change everything seat 0 cannot see: its view and its log do not change."""
    g = Spacedealer(4, seed, {"rules": "advanced", "length": 300, "timer": 20})
    rng = random.Random(seed)
    steps = rng.randint(0, 120)
    deque(drive(g, rng, checked=False, advances=(1.0, 5.0, 20.0), max_steps=steps), maxlen=0)
    for seat in range(4):
        before = json.dumps(g.view(seat), sort_keys=True)
        log = json.dumps(g.log_for(seat), sort_keys=True)
        d = g.clone()
        d.resample_hidden(seat, random.Random(seed + 1))
        check_invariants(d)
        assert json.dumps(d.view(seat), sort_keys=True) == before
        assert json.dumps(d.log_for(seat), sort_keys=True) == log
        # no other seat's personal card ids or drawn cards are named in this view
        view = g.view(seat)
        for q in range(4):
            if q != seat:
                assert "personal" not in view["players"][q]
                for c in g.personal[q]:
                    assert str(c) not in view["cards"]


def test_secret_start_choice_hidden_until_all_chose() -> None:
    g = Spacedealer(3, 11)
    mine = next(a for a in g.legal_actions(0))
    assert isinstance(mine, A.Start)
    g.apply(0, mine)
    v1 = g.view(1)
    assert v1["players"][0]["chosen"] and "choice" not in v1["players"][0]
    assert str(mine.card) not in v1["cards"]
    assert all("card" not in e for e in g.log_for(1))
    g.apply(1, g.legal_actions(1)[0])
    g.apply(2, g.legal_actions(2)[0])
    assert str(mine.card) in g.view(1)["cards"]


def test_resampling_is_canonical() -> None:
    """Two hidden truths behind the same view resample to the same state with the same rng."""
    for options in ({"rules": "advanced", "length": 300, "timer": 20}, {}):
        for seed in (1, 2, 3):
            g = Spacedealer(4, seed, options)
            rng = random.Random(seed)
            steps = 60 + 20 * seed
            deque(
                drive(g, rng, checked=False, advances=(1.0, 5.0, 20.0), max_steps=steps), maxlen=0
            )
            for seat in range(4):
                other = g.clone()
                other.resample_hidden(seat, random.Random(99))  # another truth, same view
                assert other.view(seat) == g.view(seat)
                a = g.clone()
                b = other.clone()
                a.resample_hidden(seat, random.Random(5))
                b.resample_hidden(seat, random.Random(5))
                assert a.state_dict() == b.state_dict()


def test_secret_choice_is_resampled_before_the_reveal() -> None:
    g = Spacedealer(3, 4)
    g.apply(0, g.legal_actions(0)[0])
    seen = set()
    for k in range(30):
        d = g.clone()
        d.resample_hidden(1, random.Random(k))
        assert card_type(d.choice[0]).kind == "mine" and d.choice[0] in d.personal[0]
        seen.add((d.choice[0], d.choice_side[0], d.choice_pos[0]))
        assert d.view(1) == g.view(1)
    assert len(seen) > 3
