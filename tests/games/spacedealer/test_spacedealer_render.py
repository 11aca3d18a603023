"""The terminal drawing and the event sentences, in French and English."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping

import pytest
from rich.console import Console

from spacetable.engine import Game, new_game
from spacetable.engine.data import Texts
from spacetable.games.spacedealer.render import describe_event, render
from spacetable.playout import playout


def _played(options: Mapping[str, object], steps: int = 400, seed: int = 5) -> Game:
    g = new_game("spacedealer", 4, seed, options)
    rng = random.Random(seed)
    deque(playout(g, rng, checked=False, advances=(1.0, 5.0, 20.0), max_steps=steps), maxlen=0)
    return g


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("options", [{}, {"rules": "advanced"}, {"mode": "ticks", "length": 120}])
def test_render_draws_every_planet(lang: str, options: dict[str, object]) -> None:
    g = _played(options)
    for seat in (None, 0, 2):
        text = render(g.view(seat), lang)
        console = Console(width=160, record=True)
        console.print(text)  # the markup is valid rich markup
        out = console.export_text()
        for pl in g.view(None)["players"]:
            assert pl["name_fr" if lang == "fr" else "name_en"] in out
        assert ("action" in out) and ("demand" in out)
    if g.is_over:
        assert ("Game over" if lang == "en" else "Partie terminée") in render(g.view(0), lang)


def test_setup_render_shows_who_has_chosen() -> None:
    g = new_game("spacedealer", 3, 1)
    g.apply(0, g.legal_actions(0)[0])
    text = render(g.view(1), "en")
    assert "(chosen)" in text and "(choosing)" in text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_event_has_a_sentence(lang: str) -> None:
    texts = Texts.load("spacetable.games.spacedealer")
    seen = set()
    for opts in ({"rules": "advanced"}, {}):
        for seed in range(4):
            g = _played(opts, 1500, seed)
            for ev in g.log_for(0):
                s = describe_event(ev, lang)
                assert s and "{" not in s
                seen.add(ev["event"])
    for kind in seen:
        assert f"ev_{kind}" in set(texts.keys())
    assert {"setup", "chosen", "reveal", "build", "turn", "timer"} <= seen
