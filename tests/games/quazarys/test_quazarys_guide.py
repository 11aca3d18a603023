"""The first game of Quazarys with a guide: a real two-player race, every learner step said in
English and French, pointing at a piece the learner sees, to a real finish."""

from __future__ import annotations

from spacetable.engine import new_game
from spacetable.engine.guide import Guide
from spacetable.games.quazarys.actions import Move, Skip, Stop
from spacetable.games.quazarys.components import component_id
from spacetable.games.quazarys.rules import Quazarys


def test_the_guide_loads_and_teaches_in_both_languages() -> None:
    guide = Guide.load("quazarys")
    assert guide.players == 2 and guide.learner == 0
    assert guide.title == {
        "en": "Your first game of Quazarys",
        "fr": "Votre première partie de Quazarys",
    }
    steps = guide.learner_steps()
    assert 8 <= len(steps) <= 30
    for s in steps:
        assert s.en and s.fr and s.en != s.fr, s.index
    kinds = {s.action.type for s in steps if s.action is not None}
    # moves in both phases, a skipped phase 2, an Exploration laid and turned, an Action card
    assert {"move", "skip", "play", "place", "orient", "stop"} <= kinds


def test_the_guided_game_ends_with_the_learner_home_and_winning() -> None:
    guide = Guide.load("quazarys")
    g = new_game("quazarys", guide.players, guide.seed, guide.options)
    assert isinstance(g, Quazarys)
    for s in guide.steps:
        assert s.seat is not None and s.action is not None
        assert g.step == s.at
        g.apply(s.seat, s.action)
    assert g.is_over
    out = g.outcome()
    assert out.scores[guide.learner] == 1.0
    assert g.arrived == (guide.learner,)


def test_every_learner_step_points_at_a_piece_the_learner_sees() -> None:
    guide = Guide.load("quazarys")
    g = new_game("quazarys", guide.players, guide.seed, guide.options)
    assert isinstance(g, Quazarys)
    for s in guide.steps:
        assert s.seat is not None and s.action is not None
        if s.seat == guide.learner:
            seen = {c.id for c in g.component_texts(guide.learner)}
            if isinstance(s.action, (Stop, Skip)):
                assert s.point is None, s.index  # a button
            else:
                assert s.point in seen, (s.index, s.point)
            if isinstance(s.action, Move):
                # the card the station lies on
                code = g.board[(s.action.r, s.action.c)]
                assert s.point == component_id(code >> 2), s.index
        g.apply(s.seat, s.action)
