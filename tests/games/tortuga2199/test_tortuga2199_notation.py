"""The position notation of Tortuga 2199 round-trips every state of random playouts."""

from __future__ import annotations

import json
import random

import pytest

from spacetable.games.tortuga2199.notation import dump, load
from spacetable.playout import playout

from .tortuga_helpers import A, card, do, started


@pytest.mark.parametrize(
    ("players", "scenario"), [(2, "aggressive"), (3, "standard"), (4, "peaceful")]
)
def test_dump_load_round_trip(players: int, scenario: str) -> None:
    g = started(players, 5, scenario=scenario)

    def round_trip() -> None:
        h = load(dump(g))
        assert dump(h) == dump(g)
        assert json.dumps(h.state_dict(), sort_keys=True) == json.dumps(
            g.state_dict(), sort_keys=True
        )
        s = g.to_act[0]
        assert h.legal_actions(s) == g.legal_actions(s)

    round_trip()  # the start, then every 37 decisions
    for step, _ in enumerate(playout(g, random.Random(5), checked=False, max_steps=600), 1):
        if step % 37 == 0 and not g.is_over:
            round_trip()


def test_a_position_written_by_hand() -> None:
    g = started(2, 1)
    text = dump(g)
    lines = [
        line.replace("hand=", "hand=garde*2,mercenaire,", 1) if line.startswith("seat 0") else line
        for line in text.splitlines()
    ]
    h = load("\n".join(lines))
    assert h.hand[0][:3] == [card("garde"), card("garde"), card("mercenaire")]
    if h.cur == 0:
        do(h, A.PLAY[card("garde")])
        assert h.mano == 3
    with pytest.raises(ValueError):
        load(text.replace("hand=", "hand=nosuchcard,", 1))
