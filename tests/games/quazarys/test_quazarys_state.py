"""The declared state of Quazarys: the save, the checked load and the clone the engine
derives from it, the caches clones share, and the typed endings."""

from __future__ import annotations

import json
import random
from collections import deque
from pathlib import Path
from typing import Any

import pytest

from spacetable.engine import RecordError, load_trusted, new_game
from spacetable.games.quazarys.board import Graph, pkey
from spacetable.games.quazarys.constants import MAX_DIM, End
from spacetable.games.quazarys.rules import Quazarys
from spacetable.games.quazarys.tasks import (
    TASK,
    TASK_NUMBERS,
    BlackHoleTask,
    EffectTask,
    MoveTask,
    OrientTask,
    PickTask,
    PlaceTask,
    ScavengeTask,
    TargetTask,
    task_name,
)
from spacetable.playout import playout


def played(players: int, seed: int, steps: int) -> Quazarys:
    g = new_game("quazarys", players, seed)
    assert isinstance(g, Quazarys)
    deque(playout(g, random.Random(seed), max_steps=steps), maxlen=0)
    return g


def test_every_saved_field_is_declared_once_with_the_save_format_unchanged() -> None:
    g = played(3, 5, 60)
    state = json.loads(g.to_json())["state"]
    assert set(state) == set(Quazarys.state.names())
    assert state["board"] == [[r, c, v] for (r, c), v in sorted(g.board.items())]
    assert state["stack"] == [[TASK_NUMBERS[type(t)], *t] for t in g.stack]
    assert state["base_card"] == list(g.base_card)
    back = load_trusted(g.to_json())
    assert back.to_json() == g.to_json()


def _forged(g: Quazarys, change: Any) -> str:
    data = json.loads(g.to_json())
    change(data["state"])
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s["board"].append([MAX_DIM, 0, 48 * 4]), r"state\.board\[\d+\]: slot \(15, 0\)"),
        (lambda s: s["board"].append(list(s["board"][0])), r"state\.board\[\d+\]: .* twice"),
        (lambda s: s["board"].__setitem__(0, [0, 0, 20 * 4]), r"state\.board\[0\]: 80 is not"),
        (lambda s: s["board"].__setitem__(0, [0, 0]), r"state\.board\[0\]: expected \[row"),
        (lambda s: s["pos"].append(0), r"state\.pos: expected 2 items"),
        (lambda s: s["hands"][1].append("x"), r"state\.hands\[1\]\[\d\]: expected int"),
        (lambda s: s.__setitem__("over", 0), r"state\.over: expected bool"),
        (lambda s: s["stack"].append(["x"]), r"state\.stack\[\d+\]\[0\]: expected int"),
        (lambda s: s["stack"].append([9]), r"state\.stack\[\d+\]\[0\]: unknown tag 9"),
        (
            lambda s: s["stack"].append([0, 1, 0]),
            r"state\.stack\[\d+\]: MoveTask .* 3 fields, got 2",
        ),
        (lambda s: s["stack"].append([3, True]), r"state\.stack\[\d+\]\[1\]: expected int"),
    ],
)
def test_a_damaged_save_is_refused_naming_the_field(change: Any, message: str) -> None:
    g = played(2, 3, 30)
    with pytest.raises(RecordError, match=message):
        load_trusted(_forged(g, change))


def test_a_clone_shares_no_mutable_state_with_its_original() -> None:
    g = played(4, 2, 80)
    before = g.to_json()
    c = g.clone()
    for name in ("board", "pos", "hands", "deck", "discard", "stack"):
        assert getattr(c, name) is not getattr(g, name), name
    assert all(a is not b for a, b in zip(c.hands, g.hands, strict=True))
    deque(playout(c, random.Random(0), max_steps=200), maxlen=0)
    assert g.to_json() == before


def _graph_answers(g: Quazarys) -> Any:
    graph = g.graph
    return {
        p: (graph.arrow[p], graph.free[p])
        for (r, c) in g.board
        for p in (pkey(r, c, q) for q in range(5))
    }, graph.steps(False)


def test_the_shared_path_graph_stays_true_to_the_original_board() -> None:
    # Clones share the cached graph: it is a snapshot of the board it was built from, so a
    # clone that changes its table (tornado, black hole, new cards) replaces its own graph
    # and the original's still answers for the original's table.
    for seed in range(6):
        g = played(3, seed, 40)
        if g.is_over:
            continue
        shared = g.graph
        c = g.clone()
        assert c.graph is shared
        for _ in playout(c, random.Random(seed), max_steps=150):
            c.evaluate(0)  # fills the memo tables of whatever graph the clone holds
        assert g.graph is shared
        fresh = Graph(g.board, {card: s for s, card in enumerate(g.base_card)}, g.parts)
        answers, steps = _graph_answers(g)
        assert steps == fresh.steps(False)
        assert answers == {p: (fresh.arrow[p], fresh.free[p]) for p in answers}


def test_a_failed_apply_leaves_the_caches_untouched() -> None:
    g = played(2, 4, 25)
    c = g.clone()
    legal = list(c.legal_actions(c.current))
    for bad in ("move r=14 c=14 p=0", "place r=-1 c=-1", "blackhole axis=row index=9"):
        with pytest.raises(ValueError):
            c.apply(c.current, bad)
    assert c.legal_actions(c.current) == legal and c.to_json() == g.to_json()


@pytest.mark.parametrize(
    ("member", "en", "fr"),
    [
        (End.ARRIVED, "a pawn reached its base", "un pion a rejoint sa base"),
        (End.ROUND_LIMIT, "round limit reached, draw", "limite de tours atteinte, partie nulle"),
        (End.BLOCKED, "nobody can move or draw, draw", "plus personne ne peut bouger ni piocher"),
    ],
)
def test_each_ending_says_itself_in_both_languages(member: End, en: str, fr: str) -> None:
    assert member.sentence("en") == en
    assert member.sentence("fr").startswith(fr)


def test_the_outcome_reason_is_a_member_written_as_its_code() -> None:
    g = played(2, 3, 10_000)
    out = g.outcome()
    assert isinstance(out.reason, End) and out.reason == g.reason
    assert json.loads(json.dumps(out.to_json()))["reason"] == out.reason.value


SAVES = Path(__file__).parent / "saves" / "pending_tasks.jsonl"


def test_saves_written_before_the_named_tasks_load_and_save_byte_for_byte() -> None:
    """Saves written when the pending tasks were plain tuples (one with each kind of task
    that waits for a decision on top, and effects under them) load into named tasks and save
    to the same text; they play on."""
    lines = SAVES.read_text(encoding="utf-8").splitlines()
    kinds: set[type] = set()
    for text in lines:
        g = load_trusted(text)
        assert isinstance(g, Quazarys)
        assert g.stack and all(type(t) in TASK_NUMBERS for t in g.stack)
        kinds.update(type(t) for t in g.stack)
        assert g.to_json() == text
        assert g.clone().to_json() == text
        deque(playout(g, random.Random(1), max_steps=30), maxlen=0)
    assert {
        MoveTask,
        TargetTask,
        BlackHoleTask,
        PickTask,
        PlaceTask,
        OrientTask,
        EffectTask,
    } <= kinds


def test_a_pending_task_is_a_named_tuple_of_its_kind() -> None:
    t = MoveTask(mover=1, ignore=0, remaining=2)
    assert (t.mover, t.ignore, t.remaining) == (1, 0, 2)
    assert task_name(t) == "move" and task_name(ScavengeTask()) == "scav"
    assert TASK.dump(t) == [0, 1, 0, 2]
    assert TASK.load([4, 7, 1, 2, 3, 1], "t", None) == PlaceTask(7, 1, 2, 3, 1)
    assert type(TASK.load([1], "t", None)) is TargetTask
