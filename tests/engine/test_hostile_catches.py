"""The hostile-input stage must fail on games that mishandle hostile input, and pass on the
test-only game. Each broken game is a real subclass of High Cards, registered for its test."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from spacetable.engine import Action, register
from spacetable.engine.info import GameInfo
from spacetable.engine.registry import unregister
from spacetable.testing import HostileFailure, HostileReport, hostile_check
from spacetable.testing.hostile import Failure
from spacetable.testing.toy import HighCards


def _info(game_id: str) -> GameInfo:
    base = HighCards.info
    return GameInfo(
        id=game_id,
        name_en=base.name_en,
        name_fr=base.name_fr,
        min_players=base.min_players,
        max_players=base.max_players,
        options=base.options,
    )


class Lenient(HighCards):
    """Takes a JSON card equal to an int (``3.0``, ``True``, ``Decimal(3)``) as that int."""

    info = _info("hostile_lenient")

    def apply(self, seat: int, action: Action | Mapping[str, Any] | str) -> None:
        if isinstance(action, Mapping) and "card" in action:
            card = action["card"]
            try:
                if not isinstance(card, int) and card == int(card):
                    action = {**action, "card": int(card)}
            except (TypeError, ValueError, OverflowError):
                pass
        super().apply(seat, action)


class CountsRefusals(HighCards):
    """Counts refused inputs in its saved state: a refusal changes the game."""

    info = _info("hostile_counts")
    refusals = 0

    def apply(self, seat: int, action: Action | Mapping[str, Any] | str) -> None:
        try:
            super().apply(seat, action)
        except ValueError:
            self.refusals += 1
            raise

    def state_dict(self) -> dict[str, Any]:
        return {**super().state_dict(), "refusals": self.refusals}

    def load_state(self, data: dict[str, Any]) -> None:
        super().load_state({k: v for k, v in data.items() if k != "refusals"})
        self.refusals = data["refusals"]


class HiddenBonus(HighCards):
    """A refused text form arms a bonus kept out of the save: the next play scores more."""

    info = _info("hostile_bonus")
    bonus = 0

    def apply(self, seat: int, action: Action | Mapping[str, Any] | str) -> None:
        try:
            super().apply(seat, action)
        except ValueError:
            if not isinstance(action, Action):
                self.bonus = 1
            raise

    def _apply(self, seat: int, action: Action) -> None:
        super()._apply(seat, action)
        self.scores[seat] += self.bonus
        self.bonus = 0


@pytest.fixture
def registered() -> Iterator[None]:
    classes = (Lenient, CountsRefusals, HiddenBonus)
    for cls in classes:
        register(cls)
    yield
    for cls in classes:
        unregister(cls.info.id)


def _problems(report: HostileReport) -> str:
    return "\n".join(f.line() for f in report.failures)


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize(
    ("game_id", "problem"),
    [
        ("hostile_lenient", "was accepted"),
        ("hostile_counts", "refused but changed the state"),
        ("hostile_bonus", "played on differently"),
    ],
)
def test_the_stage_catches(game_id: str, problem: str) -> None:
    report = hostile_check(game_id, 2, {}, max_examples=150, parts=["actions"], collect=True)
    assert report.failures, f"{game_id}: the stage found nothing"
    assert any(problem in f.problem for f in report.failures), _problems(report)
    assert all(f.part == "actions" for f in report.failures)


@pytest.mark.usefixtures("registered")
def test_a_failure_is_raised_and_shrunk() -> None:
    report = hostile_check("hostile_counts", 2, {}, max_examples=60, parts=["actions"])
    assert len(report.errors) == 1
    text = report.errors[0]
    assert "HostileFailure" in text and "refused but changed the state" in text
    assert "Draw 1 (seed): 0" in text  # shrunk: the first seed shows it


def test_the_toy_game_survives_everything() -> None:
    report = hostile_check("toy", 3, {}, max_examples=30, collect=True)
    assert report.ok, _problems(report) + "\n".join(report.errors)
    # Hypothesis may call once more for an example it then discards (a draw past its buffer).
    assert min(report.examples["actions"], report.examples["saves"]) >= 30
    assert report.inputs["actions"] >= 30
    assert report.inputs["saves"] == 30 and report.inputs["records"] == 30
    assert sum(report.kinds.values()) == report.total
    assert report.summary().startswith("toy p3 default: ")
    assert report.to_json()["inputs"] == dict(report.inputs)


def test_a_failure_names_the_input() -> None:
    failure = Failure("actions", "bad_seat", "toy p2", "apply(True, 'play card=1')", "accepted")
    with pytest.raises(HostileFailure) as info:
        raise HostileFailure(failure)
    assert str(info.value) == "actions/bad_seat at toy p2: apply(True, 'play card=1') -> accepted"
    assert info.value.failure is failure
