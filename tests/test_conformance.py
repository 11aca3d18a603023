"""The conformance suite, run on every registered game at every player count and option set.

``SPACETABLE_CONFORMANCE_SEEDS`` sets how many seeds per configuration (default 2).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from spacetable.engine import list_games
from spacetable.engine.registry import GAME_MODULES
from spacetable.testing import check_data_set, check_game, conformance_configs

SEEDS = int(os.environ.get("SPACETABLE_CONFORMANCE_SEEDS", "2"))


def _cases() -> list[Any]:
    cases = []
    for gid in list_games():
        for players, options in conformance_configs(gid):
            for seed in range(SEEDS):
                label = (
                    f"{gid}-p{players}-"
                    + (",".join(f"{k}={v}" for k, v in sorted(options.items())) or "default")
                    + f"-s{seed}"
                )
                cases.append(pytest.param(gid, players, options, seed, id=label))
    return cases


@pytest.mark.parametrize(("game_id", "players", "options", "seed"), _cases())
def test_conformance(game_id: str, players: int, options: dict[str, Any], seed: int) -> None:
    report = check_game(game_id, players, options, seed)
    assert report.samples >= 2
    assert report.decisions + report.advances > 0
    # Every decision a seat could take back ended a span replayed on determinized copies.
    assert report.spans.spans == report.undoable


@pytest.mark.parametrize("game_id", [*(m.rsplit(".", 1)[1] for m in GAME_MODULES), "toy"])
def test_data_set(game_id: str) -> None:
    """Every game reads its components from a data set, each with a text in both languages."""
    assert check_data_set(game_id) > 0
