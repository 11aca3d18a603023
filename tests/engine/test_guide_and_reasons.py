"""The why-not contract's data (rules, reasons) and the guided first game's script."""

from __future__ import annotations

import pytest

from spacetable.engine import DataError, new_game
from spacetable.engine.data import parse_table
from spacetable.engine.guide import Guide, GuideError
from spacetable.engine.why import Reason, RuleRow
from spacetable.testing.guides import toy_guide_script as _script


def test_a_whole_scripted_game_loads_and_every_step_is_found_by_the_game_step() -> None:
    guide = Guide.parse("toy", _script())
    assert guide.players == 2 and guide.learner == 0
    g = new_game("toy", 2, 5, {"hand": 1})
    for step in guide.steps:
        assert guide.at(g.step) is step
        assert step.action is not None and step.seat is not None
        if step.seat == guide.learner:
            assert str(step.say("fr")).startswith("Jouez")
            assert str(step.say("en")).startswith("Play")
            assert guide.check_move(g.step, step.seat, step.action) is step
        g.apply(step.seat, step.action)
    assert g.is_over and guide.at(g.step) is None
    assert len(guide.learner_steps()) == 6


def test_another_move_than_the_guides_is_refused_with_its_words() -> None:
    guide = Guide.parse("toy", _script())
    first = next(s for s in guide.steps if s.seat == 0)
    g = new_game("toy", 2, 5, {"hand": 1})
    for s in guide.steps[: first.index]:
        assert s.seat is not None and s.action is not None
        g.apply(s.seat, s.action)
    other = next(a for a in g.action_space.actions if a != first.action)
    with pytest.raises(GuideError, match="Play your card"):
        guide.check_move(g.step, 0, other)
    assert first.action is not None
    with pytest.raises(GuideError):
        guide.check_move(g.step, 1, first.action)  # not that seat's step


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s.replace("seed = 5", "seed = 6", 1), "is not legal now"),
        (lambda s: s.replace('action = "', 'action = "x', 1), "field 'action'"),
        (lambda s: s + "[[step]]\nwait = 1.0\nseat = 0\n", "a wait step has no seat"),
        (lambda s: s + "[[step]]\nseat = 0\n", "has a seat and an action"),
        (lambda s: s.replace("[options]", "colour = 1\n[options]", 1), "colour"),
        (lambda s: s.replace('fr = "Jouez votre carte 0."\n', "", 1), "in both languages"),
    ],
)
def test_a_broken_guide_is_refused_naming_the_step_and_the_field(
    change: object, message: str
) -> None:
    text = change(_script())  # type: ignore[operator]
    with pytest.raises(DataError, match=message):
        Guide.parse("toy", text, "guide.toml")


def test_a_guide_must_end_the_game_and_say_each_learner_step() -> None:
    with pytest.raises(DataError, match="does not end after the last step"):
        Guide.parse("toy", _script(cut=4))
    with pytest.raises(DataError, match=r"step \d+: a learner's step says what to do"):
        Guide.parse("toy", _script(texts=False))


def test_a_wait_in_a_turn_based_game_is_refused() -> None:
    text = _script().replace("[[step]]", "[[step]]\nwait = 1.5\n[[step]]", 1)
    with pytest.raises(DataError, match=r"step 1: field 'wait'"):
        Guide.parse("toy", text)


def test_a_reason_is_language_free_data_that_round_trips() -> None:
    r = Reason.of("play.crew-need", "crew_need", card=12, need=3, have=2)
    assert r.values == {"card": 12, "have": 2, "need": 3}
    assert Reason.from_json(r.to_json()) == r
    assert r.to_json() == {
        "rule": "play.crew-need",
        "detail": "crew_need",
        "params": {"card": 12, "have": 2, "need": 3},
    }


def test_a_broken_rules_row_is_refused_naming_the_line_and_the_field() -> None:
    header = "id,section,source,fr,en\n"
    ok = parse_table(header + 'turn.yours,2. Tour,rulebook,« À vous »,"Your turn"\n', RuleRow, "r")
    assert ok[0].id == "turn.yours"
    with pytest.raises(DataError, match=r"r: line 2 \(id=Turn\): field 'id'"):
        parse_table(header + "Turn,2. Tour,rulebook,a,b\n", RuleRow, "r")
    with pytest.raises(DataError, match=r"line 2 .*field 'fr'"):
        parse_table(header + 'turn,2. Tour,rulebook," ",b\n', RuleRow, "r")
    with pytest.raises(DataError, match="duplicate id"):
        parse_table(header + "turn,s,rulebook,a,b\nturn,s,rulebook,a,b\n", RuleRow, "r")


def test_a_game_follows_its_guide_until_a_move_or_a_setting_differs() -> None:
    guide = Guide.parse("toy", _script())
    g = new_game("toy", 2, 5, {"hand": 1})
    assert guide.follows(g)
    for step in guide.steps[:3]:
        assert step.seat is not None and step.action is not None
        g.apply(step.seat, step.action)
        assert guide.follows(g)
    nxt = guide.steps[3]
    other = next((a for a in g.legal_actions(g.to_act[0]) if a != nxt.action), None)
    if other is not None:
        off = g.clone()
        off.apply(off.to_act[0], other)
        assert not guide.follows(off)
    assert not guide.follows(new_game("toy", 2, 6, {"hand": 1}))  # another seed
    assert not guide.follows(new_game("toy", 3, 5, {"hand": 1}))  # other players
    assert not guide.follows(new_game("toy", 2, 5, {"hand": 2}))  # other options
