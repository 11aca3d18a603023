"""The end of every game as a labelled table in the player's language
(``Presentation.breakdown``): what the end screen, the terminal and the replay show under
the scores, instead of the outcome's raw details."""

from __future__ import annotations

import re

import pytest

import spacetable
from spacetable.bots import make_bot
from spacetable.engine.presentation import Presentation, RenderError, presentation
from spacetable.sim import play_game

CODE = re.compile(r"[a-z]+_[a-z_]+|\{\w+\}")

ENDS = [
    ("wildspace", 1, {}),
    ("wildspace", 3, {}),
    ("quazarys", 2, {"round_limit": 30}),
    ("planetraiders", 2, {"round_limit": 8}),
    ("tortuga2199", 3, {"round_limit": 3}),
    ("spacedealer", 3, {"length": 120, "timer": 10}),
]


@pytest.mark.parametrize(("game_id", "players", "options"), ENDS, ids=lambda x: str(x))
def test_every_game_ends_with_a_labelled_table_in_both_languages(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    info = spacetable.game_class(game_id).info
    g = spacetable.new_game(game_id, players, 5, options=info.for_simulation(options))
    play_game(g, [make_bot("random", seed=s) for s in range(players)])
    outcome = g.outcome().to_json()
    tables = {lang: presentation(g).breakdown(outcome, lang) for lang in ("en", "fr")}
    for lang, table in tables.items():
        assert table is not None and table["rows"], lang
        width = players + len(table["others"])
        for row in table["rows"]:
            assert len(row["values"]) == width
            assert row["label"] and not CODE.search(row["label"]), row["label"]
            assert all(not CODE.search(v) for v in row["values"]), row
        assert all(not CODE.search(n) for n in table["notes"])
    en, fr = tables["en"], tables["fr"]
    assert en is not None and fr is not None
    assert [r["values"] for r in en["rows"]] != [] and len(en["rows"]) == len(fr["rows"])
    assert any(a["label"] != b["label"] for a, b in zip(en["rows"], fr["rows"], strict=True))
    if game_id == "wildspace" and players == 1:  # the Contrebandier has its column
        assert en["others"] == ["Contrebandier"]
        total = en["rows"][-1]["values"]
        assert float(total[-1]) == outcome["others"]["Contrebandier"]
        assert float(total[0]) == outcome["scores"][0]


def test_the_table_reads_the_outcome_it_is_given() -> None:
    """A Planet Raiders end with a raider home and one out: the table says which."""
    outcome = {
        "scores": [3.0, 1.0, 0.0],
        "ranks": [1, 2, 3],
        "winners": [0],
        "reason": "home",
        "details": {
            "finished": ["red"],
            "crew_missing": [0, 3, 4],
            "eliminated": ["yellow"],
            "colours": ["red", "violet", "yellow"],
            "teams": [],
        },
    }
    table = presentation("planetraiders").breakdown(outcome, "en")
    assert table is not None
    rows = {r["label"]: r["values"] for r in table["rows"]}
    assert rows["Home"] == ["1st", "—", "—"]
    assert rows["Crew members still missing"] == ["0", "3", "4"]
    assert rows["Out of the game (no raider left)"] == ["—", "—", "yes"]


def test_a_broken_table_is_a_render_error() -> None:
    import types

    module = types.ModuleType("broken")
    module.breakdown = lambda outcome, lang, parts: {"rows": [{"label": "x", "values": [1]}]}  # type: ignore[attr-defined]
    with pytest.raises(RenderError, match="2 values expected"):
        Presentation("broken", module).breakdown({"scores": [0, 1]}, "en")
