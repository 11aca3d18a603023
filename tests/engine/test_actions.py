from __future__ import annotations

import dataclasses

import pytest

from spacetable.engine import Action, ActionCodec, InvalidAction, action


@action("move")
class Move(Action):
    piece: int
    path: tuple[int, ...]


@action("pass")
class Pass(Action):
    pass


@action("name")
class Name(Action):
    label: str
    flag: bool


CODEC = ActionCodec([Move, Pass, Name])


def test_json_and_text_round_trip() -> None:
    for a in (Move(3, (1, 2, 5)), Move(0, ()), Pass(), Name("red", True)):
        j = a.to_json()
        assert j["type"] == a.type
        assert CODEC.from_json(j) == a
        assert CODEC.from_text(a.text()) == a
        assert str(a) == a.text()


def test_forms() -> None:
    assert Move(3, (1, 2)).to_json() == {"type": "move", "piece": 3, "path": [1, 2]}
    assert Move(3, (1, 2)).text() == "move piece=3 path=[1,2]"
    assert Pass().text() == "pass"


def test_actions_are_frozen_and_hashable() -> None:
    a = Move(1, (2,))
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.piece = 2  # type: ignore[misc]
    assert len({a, Move(1, (2,)), Pass(), Pass()}) == 2


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ({"type": "fly"}, "unknown action type"),
        ({"piece": 1}, "'type' key"),
        ({"type": "move", "piece": 1}, "missing"),
        ({"type": "move", "piece": 1, "path": [], "speed": 3}, "no field"),
        ("not a mapping", "'type' key"),
    ],
)
def test_bad_json_is_invalid(data: object, fragment: str) -> None:
    with pytest.raises(InvalidAction, match=fragment):
        CODEC.from_json(data)  # type: ignore[arg-type]


def test_bad_text_is_invalid() -> None:
    with pytest.raises(InvalidAction):
        CODEC.from_text("")
    with pytest.raises(InvalidAction, match="key=value"):
        CODEC.from_text("move 3")


def test_duplicate_types_rejected() -> None:
    with pytest.raises(ValueError, match="duplicate"):
        ActionCodec([Move, Move])
