"""The hostile-input stage of the conformance suite, on every registered game and setting.

One hypothesis search per part (actions, saves, records) and setting; see
``spacetable.testing.hostile``. ``SPACETABLE_HOSTILE_EXAMPLES`` sets the examples per part
(default 60). ``SPACETABLE_HOSTILE_REPORT=1`` appends each setting's counts to
``benchmarks/hostile.jsonl`` (or to the path it names); run with ``-s`` to see one summary
line per setting.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from spacetable.engine import list_games
from spacetable.engine.registry import broken_games
from spacetable.testing import hostile_check, hostile_configs
from spacetable.testing.hostile import PARTS, HostileReport

EXAMPLES = int(os.environ.get("SPACETABLE_HOSTILE_EXAMPLES", "60"))
REPORT = os.environ.get("SPACETABLE_HOSTILE_REPORT", "")
ROOT = Path(__file__).resolve().parents[1]


def _label(game_id: str, players: int, options: dict[str, Any]) -> str:
    opts = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "default"
    return f"{game_id}-p{players}-{opts}"


CASES = [pytest.param(g, p, o, id=_label(g, p, o)) for g, p, o in hostile_configs()]


def _write(report: HostileReport) -> None:
    if not REPORT:
        return
    path = ROOT / "benchmarks" / "hostile.jsonl" if REPORT == "1" else Path(REPORT)
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(report.to_json(), sort_keys=True) + "\n")


def test_every_game_is_covered() -> None:
    assert not broken_games(), "a game that fails to import escapes the hostile stage"
    configs = hostile_configs()
    assert {g for g, _, _ in configs} == set(list_games())
    assert len(configs) == len(CASES) == len(set(map(str, configs)))


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_hostile(game_id: str, players: int, options: dict[str, Any]) -> None:
    report = hostile_check(game_id, players, options, max_examples=EXAMPLES)
    _write(report)
    print(report.summary())
    assert not report.errors, "\n\n".join(report.errors)
    for part in PARTS:  # one input at least per valid example of each part
        assert report.inputs[part] >= EXAMPLES, part
        assert report.examples[part] >= report.inputs[part] or part == "actions", part
