"""The first game of Tortuga 2199 with a guide (``data/guide.toml``): a real short game."""

from __future__ import annotations

from spacetable.engine import new_game
from spacetable.engine.guide import Guide


def test_the_guide_loads_and_teaches_in_both_languages() -> None:
    guide = Guide.load("tortuga2199")
    learner = guide.learner_steps()
    assert 8 <= len(learner) <= 30
    assert guide.title == {
        "en": "Your first game of Tortuga 2199",
        "fr": "Votre première partie de Tortuga 2199",
    }
    for s in learner:
        assert s.en and s.fr and s.en != s.fr
    # A real game: the game's round limit option, no rule changed.
    assert guide.options == {"round_limit": 2}
    assert guide.players == 2


def test_the_guide_ends_the_game_with_the_learner_winning() -> None:
    guide = Guide.load("tortuga2199")
    g = new_game("tortuga2199", guide.players, guide.seed, guide.options)
    for s in guide.steps:
        assert s.action is not None and s.seat is not None
        if s.seat == guide.learner:
            seen = {c.id for c in g.component_texts(guide.learner)}
            assert s.point is None or s.point in seen, (s.index, s.point)
        g.apply(s.seat, s.action)
    assert g.is_over
    assert g.outcome().winners == (guide.learner,)
