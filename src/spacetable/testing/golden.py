"""Golden transcripts: a seeded random playthrough written as text, to diff against a file.

A test calls :func:`check_golden`; when the transcript differs from the stored file the test
fails with a diff. Set ``SPACETABLE_REGEN_GOLDEN=1`` to rewrite the files after an intended
change of the rules (and review the diff in the commit).
"""

from __future__ import annotations

import difflib
import json
import os
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from spacetable.engine import new_game


def transcript(
    game_id: str,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    lang: str = "en",
    max_lines: int = 400,
) -> str:
    """The text of a seeded random playthrough: each decision, then the outcome."""
    g = new_game(game_id, players, seed, options)
    rng = random.Random(seed)
    lines = [
        f"# {game_id} players={players} seed={seed} options={json.dumps(g.options, sort_keys=True)}"
    ]
    while not g.is_over and len(lines) < max_lines:
        seats = g.to_act
        if g.realtime and (not seats or rng.random() < 0.3):
            dt = rng.choice((1.0, 5.0, 20.0))
            g.advance(dt)
            lines.append(f"{g.step:4d} advance {dt:g}s -> clock {g.clock:g}")
            continue
        seat = rng.choice(seats)
        legal = g.legal_actions(seat)
        a = rng.choice(legal)
        lines.append(
            f"{g.step:4d} seat {seat} [{len(legal)}] {a.text()} | {g.describe_action(a, lang)}"
        )
        g.apply(seat, a)
    if g.is_over:
        lines.append(
            "outcome " + json.dumps(g.outcome().to_json(), sort_keys=True, ensure_ascii=False)
        )
    else:
        lines.append(f"... stopped after {max_lines} lines")
    return "\n".join(lines) + "\n"


def check_golden(path: Path, text: str) -> None:
    """Compare ``text`` to the file at ``path`` (or write it when regenerating)."""
    if os.environ.get("SPACETABLE_REGEN_GOLDEN") == "1" or not path.exists():
        if os.environ.get("CI") and not path.exists():
            raise AssertionError(f"golden file {path} is missing")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    old = path.read_text(encoding="utf-8")
    if old != text:
        diff = "".join(
            difflib.unified_diff(old.splitlines(True), text.splitlines(True), str(path), "now", n=2)
        )
        raise AssertionError(
            f"golden transcript {path.name} changed (SPACETABLE_REGEN_GOLDEN=1 to accept):\n"
            + diff[:6000]
        )
