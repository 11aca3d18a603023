"""Every game says why an action is not legal, naming a rule its rules map contains."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from spacetable.engine import game_class
from spacetable.engine.registry import GAME_MODULES
from spacetable.testing import conformance_configs
from spacetable.testing.why_check import check_why_not

DOCS = Path(__file__).resolve().parents[1] / "docs" / "games"
GAMES = [m.rsplit(".", 1)[1] for m in GAME_MODULES]


def _cases() -> list[Any]:
    cases = []
    for gid in GAMES:
        configs = conformance_configs(gid)
        # the fewest and the most players, with their first option set
        for players, options in {c[0]: c for c in configs}.values():
            label = f"{gid}-p{players}-" + (
                ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "default"
            )
            cases.append(pytest.param(gid, players, options, id=label))
    return cases


@pytest.mark.parametrize(("game_id", "players", "options"), _cases())
def test_every_illegal_action_has_a_reason_naming_a_rule(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    report = check_why_not(game_id, players, options, seed=3)
    assert report.illegal > 20
    assert report.legal > 0
    assert len(report.reasons) >= 3, report.reasons


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_a_reason_may_name_is_in_the_rules_map(game_id: str) -> None:
    rules = game_class(game_id).rules()
    assert rules is not None, f"{game_id} has no data/rules.csv"
    doc = (DOCS / f"{game_id}.md").read_text(encoding="utf-8")
    missing = [r for r in rules.ids() if f"`{r}`" not in doc]
    assert not missing, f"docs/games/{game_id}.md does not name the rules {missing}"


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_test_game_says_why_with_its_rules(players: int) -> None:
    """The test game the clients' tests use keeps the same contract."""
    report = check_why_not("toy", players, seed=5, sample_rate=0.5)
    assert report.illegal > 20 and report.legal > 0
    expected = {("hand", "not_in_hand"), ("end", "over")}
    if players > 1:
        expected.add(("turn", "not_your_turn"))
    assert report.reasons == expected
