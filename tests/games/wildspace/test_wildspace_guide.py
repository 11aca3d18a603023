"""Wild Space's first game with a guide (``data/guide.toml``): a real solo game against the
automatic Contrebandier, every step the learner's, told in both languages, to its end."""

from __future__ import annotations

import re

from spacetable.engine import new_game
from spacetable.engine.guide import Guide


def test_the_guide_loads_and_plays_a_whole_solo_game_against_the_contrebandier() -> None:
    guide = Guide.load("wildspace")
    assert guide.players == 1 and guide.learner == 0
    assert guide.options == {"smuggler": "auto", "difficulty": "easy"}
    assert guide.title == {
        "en": "Your first game of Wild Space",
        "fr": "Votre première partie de Wild Space",
    }
    g = new_game("wildspace", guide.players, guide.seed, guide.options)
    for s in guide.steps:
        assert s.action is not None and s.seat is not None
        g.apply(s.seat, s.action)
    assert g.is_over
    out = g.outcome()
    assert out.details["won"] and out.scores[0] > out.others["Contrebandier"]
    # ten turns each: the learner's turns are all told
    assert (
        sum(1 for s in guide.steps if s.action is not None and s.action.text() == "end_turn") == 10
    )


def test_every_learner_step_says_what_to_press_and_why_in_both_languages() -> None:
    guide = Guide.load("wildspace")
    steps = guide.learner_steps()
    assert steps == list(guide.steps)  # the automatic Contrebandier needs no step
    for s in steps:
        for lang in ("en", "fr"):
            text = s.say(lang)
            assert text and text.strip() and len(text) < 260, (s.index, lang)
            assert not re.search(r"[{}]|\b[a-z]+_[a-z_]+\b", text), text
        assert s.en != s.fr


def test_every_point_is_a_piece_the_learners_view_mentions() -> None:
    guide = Guide.load("wildspace")
    g = new_game("wildspace", guide.players, guide.seed, guide.options)
    pointed = 0
    for s in guide.steps:
        assert s.action is not None and s.seat is not None
        if s.point is None:  # a button, or the deck: no component
            assert g.action_components(s.action) == ()
        else:
            assert s.point in {c.id for c in g.component_texts(guide.learner)}, s.index
            pointed += 1
        g.apply(s.seat, s.action)
    assert pointed >= 20
