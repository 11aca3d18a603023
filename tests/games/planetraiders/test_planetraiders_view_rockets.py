"""The view finds the rockets through the zones' masks of taken sides (``zmask``) instead of
scanning every slot: its rockets equal a scan of the slots at every step of random play,
after an undo, in a game loaded from its save and in a position written by hand."""

from __future__ import annotations

import random
from typing import Any

import spacetable
from spacetable.games.planetraiders.board import CELL_NAMES
from spacetable.games.planetraiders.constants import NOSES, ROCKET_COLOURS, SIDES
from spacetable.games.planetraiders.notation import position
from spacetable.games.planetraiders.rules import PlanetRaiders
from spacetable.playout import step


def _scanned(g: PlanetRaiders) -> dict[str, list[dict[str, str]]]:
    out: dict[str, list[dict[str, str]]] = {}
    for slot, r in enumerate(g.rockets):
        if r >= 0:
            z, nose = divmod(slot, NOSES)
            out.setdefault(CELL_NAMES[z], []).append(
                {"colour": ROCKET_COLOURS[r], "nose": SIDES[nose]}
            )
    return out


def _same(v: dict[str, Any], g: PlanetRaiders) -> bool:
    want = _scanned(g)
    # the same zones in the same order, each with the same rockets in the same order
    return list(v["rockets"].items()) == list(want.items())


def test_view_rockets_equal_a_scan_of_the_slots_at_every_step() -> None:
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        g = spacetable.new_game("planetraiders", players=players, seed=seed)
        assert isinstance(g, PlanetRaiders)
        rng = random.Random(seed)
        for _ in range(250):
            assert _same(g.view(0), g)
            if g.is_over:
                break
            seat = g.to_act[0]
            step(g, rng)
            if not g.is_over and g.undoable(seat) and rng.random() < 0.1:
                g.undo(seat)
                assert _same(g.view(0), g)
        loaded = spacetable.load(g.to_json())
        assert isinstance(loaded, PlanetRaiders) and _same(loaded.view(0), loaded)


def test_view_rockets_of_a_position_written_by_hand() -> None:
    g = position(2, "R1@c2n c3:b^ c3:rv V1@h8n")
    assert _same(g.view(0), g) and len(g.view(0)["rockets"]["c3"]) == 2
