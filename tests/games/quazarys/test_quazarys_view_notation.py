"""The view names each card's layout from a table of notations per oriented code (kept
per data set): every entry equals the layout's own notation, and the table's size the
board's bounds, at every step."""

from __future__ import annotations

import random

import spacetable
from spacetable.games.quazarys.board import bounds
from spacetable.games.quazarys.rules import Quazarys
from spacetable.playout import step


def test_view_layouts_and_size_equal_the_layouts_own_notation_at_every_step() -> None:
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        g = spacetable.new_game("quazarys", players=players, seed=seed)
        assert isinstance(g, Quazarys)
        rng = random.Random(seed)
        for _ in range(300):
            v = g.view(0)
            assert (v["height"], v["width"]) == bounds(g.board)
            for e in v["cards"]:
                lay = g.parts.oriented[e["card"] * 4 + e["rot"]]
                assert lay is not None and e["layout"] == lay.notation()
            if g.is_over:
                break
            step(g, rng)
