"""The view counts each seat's holdings in one pass over the sectors: the counts equal the
rules' own (``total``, ``sectors_of``, ``bonus``, ``markers_free``) at every step."""

from __future__ import annotations

import random

import pytest

import spacetable
from spacetable.games.tortuga2199.constants import K_TERMINAL, K_TURRET
from spacetable.games.tortuga2199.rules import Tortuga2199
from spacetable.playout import step


@pytest.mark.parametrize("players", [2, 3, 4])
def test_view_tallies_equal_the_rules_counts_at_every_step(players: int) -> None:
    g = spacetable.new_game("tortuga2199", players=players, seed=players)
    assert isinstance(g, Tortuga2199)
    rng = random.Random(players)
    for _ in range(400):
        for seat in (None, *range(players)):
            v = g.view(seat)
            for p, pl in enumerate(v["players"]):
                assert pl["influence"] == g.total(p)
                assert pl["sectors"] == g.sectors_of(p)
                assert pl["terminals"] == g.bonus(p, K_TERMINAL)
                assert pl["turrets"] == g.bonus(p, K_TURRET)
                assert pl["markers_free"] == g.markers_free(p)
            for s, sec in enumerate(v["sectors"]):
                assert sec["markers"] == [p for p in range(players) if g.probes[s] >> p & 1]
                assert sec["seen_by"] == [p for p in range(players) if g.seen[s] >> p & 1]
                assert sec["ships"] == [p for p in range(players) if g.pos[p] == s]
        if g.is_over:
            break
        step(g, rng)
