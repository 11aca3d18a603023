"""The RL observation of a position does not depend on the names of the components: a data set
that renames every component (its names in both languages, nothing else) gives, at every
step of the same seeded game, the same tensor for every seat (the encoders read codes and
ids, never a name or a text)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import spacetable
from spacetable.playout import step
from spacetable.rl import observe
from spacetable.testing.corrected import renamed

from .configs import FAST, ident, one_each

#: One setting per game, and Spacedealer's advanced rules (its Gizzi cards and probes).
CASES = [*one_each(), ("spacedealer", 5, {**FAST["spacedealer"], "rules": "advanced"})]


@pytest.mark.parametrize(("game_id", "players", "options"), CASES, ids=[ident(c) for c in CASES])
def test_renaming_the_components_changes_no_observation(
    game_id: str, players: int, options: dict[str, Any], tmp_path: Path
) -> None:
    data = renamed(game_id, tmp_path / "renamed")
    shipped = spacetable.load_data(game_id)
    assert data.digest != shipped.digest
    # the names did change, in both languages
    for lang in ("en", "fr"):
        names = {c.id: c.name for c in shipped.components(lang)}
        changed = [c for c in data.components(lang) if c.name != names[c.id]]
        assert changed, (game_id, lang)
    a = spacetable.new_game(game_id, players=players, seed=7, options=options)
    b = spacetable.new_game(game_id, players=players, seed=7, options=options, data=data)
    ra, rb = random.Random(7), random.Random(7)
    compared = 0
    while not a.is_over and compared < 60:
        for seat in range(players):
            assert np.array_equal(observe(a, seat), observe(b, seat)), (game_id, a.step, seat)
        compared += 1
        sa = step(a, ra, checked=False)
        sb = step(b, rb, checked=False)
        assert (sa.seat, sa.action, sa.seconds) == (sb.seat, sb.action, sb.seconds)
    assert compared >= 10
