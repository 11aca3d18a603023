"""The engine's undo rule: a seat takes back its own last decisions until another seat acts,
game time passes or something hidden is revealed; undo restores the exact earlier state."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from spacetable.engine import (
    IllegalAction,
    UndoError,
    load,
    load_trusted,
    new_game,
    register,
    replay,
)
from spacetable.engine.registry import unregister
from spacetable.testing import ConformanceError, check_game
from spacetable.testing.toy import HighCards
from spacetable.testing.toy_rt import Turn


def test_a_seat_takes_back_its_own_decisions_one_by_one() -> None:
    g = new_game("toy_rt", 2, 5)
    start = g.to_json()
    g.apply(0, Turn(0))
    one = g.to_json()
    g.apply(0, Turn(1))
    assert (g.undoable(0), g.undoable(1)) == (2, 0)
    g.undo(0)
    assert g.to_json() == one and g.undoable(0) == 1
    g.undo(0)
    assert g.to_json() == start and g.undoable(0) == 0
    assert g.log == [] and g.step == 0
    g.apply(0, Turn(1))  # the game plays on from the restored state
    assert g.record()["entries"] == [
        {"seat": 0, "action": {"type": "turn", "timer": 1}, "clock": 0.0}
    ]


def test_undo_of_several_equals_the_record_without_them() -> None:
    g = new_game("toy_rt", 1, 5)
    g.apply(0, Turn(1))
    g.apply(0, Turn(0))
    g.undo(0, 2)
    assert g.to_json() == new_game("toy_rt", 1, 5).to_json()


def test_another_seats_decision_is_a_barrier() -> None:
    g = new_game("toy_rt", 2, 5)
    g.apply(0, Turn(0))
    g.apply(1, Turn(0))
    assert (g.undoable(0), g.undoable(1)) == (0, 1)
    before = g.to_json()
    with pytest.raises(UndoError, match="nothing to take back"):
        g.undo(0)
    assert g.to_json() == before
    g.undo(1)
    assert g.undoable(0) == 1  # seat 1's decision taken back: seat 0's is the last again


def test_time_passing_is_a_barrier() -> None:
    g = new_game("toy_rt", 1, 5)
    g.apply(0, Turn(0))
    g.advance(0.5)
    assert g.undoable(0) == 0
    g.apply(0, Turn(1))
    assert g.undoable(0) == 1
    g.undo(0)
    assert g.clock == 0.5 and g.undoable(0) == 0


def test_a_reveal_is_a_barrier() -> None:
    g = new_game("toy", 1, 3, {"hand": 2})
    g.apply(0, g.legal_actions(0)[0])  # the seat draws the deck's top card
    assert g.undoable(0) == 0
    with pytest.raises(UndoError):
        g.undo(0)


def test_bad_counts_and_seats_raise_typed_errors_and_change_nothing() -> None:
    g = new_game("toy_rt", 2, 5)
    g.apply(0, Turn(0))
    before = g.to_json()
    for n in (0, -1, 2, 1.0, True, "1"):
        with pytest.raises(UndoError):
            g.undo(0, n)  # type: ignore[arg-type]
        assert g.to_json() == before
    for seat in (2, -1, "0", None):
        with pytest.raises(IllegalAction):
            g.undo(seat)  # type: ignore[arg-type]
        assert g.to_json() == before


def test_a_finished_game_and_a_determinized_copy_take_nothing_back() -> None:
    g = new_game("toy_rt", 1, 5, {"length": 10.0, "timer": 60.0})
    g.apply(0, Turn(0))
    d = g.determinize(0, random.Random(1))
    assert g.undoable(0) == 1 and d.undoable(0) == 0
    g.advance(10.0)
    assert g.is_over and g.undoable(0) == 0


def test_saves_keep_what_may_be_taken_back() -> None:
    g = new_game("toy_rt", 1, 5)
    g.apply(0, Turn(0))
    g.advance(1.0)
    g.apply(0, Turn(1))
    text = g.to_json()
    assert json.loads(text)["undo_floor"] == 2
    for restored in (load(text), load_trusted(text), replay(g.record())):
        assert restored.undoable(0) == 1
        restored.undo(0)
        assert restored.to_json() == replay(g.record(), upto=2).to_json()
    # A save written before undo existed: load rebuilds the floor from the record; the
    # trusted path takes nothing back.
    old = json.loads(text)
    del old["undo_floor"]
    assert load(json.dumps(old)).undoable(0) == 1
    assert load_trusted(json.dumps(old)).undoable(0) == 0


def test_quazarys_turns_are_taken_back_exactly() -> None:
    # Quazarys: a turn is several decisions of one seat (a card, its effect...); some are
    # undoable and undo gives back the exact state and every seat's view.
    g = new_game("quazarys", 3, 11)
    rng = random.Random(2)
    seen = 0
    while not g.is_over and seen < 5:
        seat = g.to_act[0]
        before = g.clone()
        g.apply(seat, rng.choice(g.legal_actions(seat)))
        if g.undoable(seat):
            seen += 1
            after = g.to_json()
            g.undo(seat)
            assert g.to_json() == before.to_json()
            for s in (None, 0, 1, 2):
                assert g.view(s) == before.view(s) and g.log_for(s) == before.log_for(s)
            g = load_trusted(after)  # and on with the game as it was played
    assert seen == 5


class SilentDraw(HighCards):
    """Forgets to declare that drawing the deck's top card shows it to the drawer."""

    def revealed(self) -> None:
        return None


@pytest.fixture
def silent() -> Iterator[str]:
    info = HighCards.info.__class__(**{**HighCards.info.__dict__, "id": "toy_silent"})
    register(type("SilentDraw", (SilentDraw,), {"info": info}))
    yield "toy_silent"
    unregister("toy_silent")


def test_the_conformance_suite_catches_a_forgotten_reveal(silent: str) -> None:
    with pytest.raises(ConformanceError, match="showed seat 0 something hidden"):
        check_game(silent, 2, {}, 0)


def test_the_conformance_suite_checks_undo() -> None:
    # Every undoable step is checked.
    opts = {"length": 60.0, "timer": 20.0}
    rep = check_game("toy_rt", 2, opts, 1, undo_rate=1.0, max_undo_checks=1000)
    assert rep.undoable > 0 and rep.undo_checked == rep.undoable
    rep = check_game("toy", 2, {"hand": 3}, 1, undo_rate=1.0, max_undo_checks=1000)
    assert rep.undo_checked == rep.undoable > 0  # the plays once the deck is empty
    rep = check_game("toy_rt", 3, {"timer": 10.0}, 1, undo_rate=1.0)
    assert rep.undo_checked == 20 < rep.undoable  # the default cap
