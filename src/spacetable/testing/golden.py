"""Golden transcripts: a seeded random playthrough written as text, to diff against a file.

A test calls :func:`check_golden`; when the transcript differs from the stored file the test
fails with a diff, and a missing file fails too (everywhere, not only in CI). Set
``SPACETABLE_REGEN_GOLDEN=1`` to write the files after an intended change of the rules (and
review the diff in the commit).
"""

from __future__ import annotations

import difflib
import json
import os
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from spacetable.engine import Action, Game, new_game
from spacetable.playout import Policy, playout, random_policy


def transcript(
    game_id: str,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    lang: str = "en",
    max_lines: int = 400,
    policy: Policy | None = None,
    events: bool = True,
) -> str:
    """The text of a seeded playthrough (random, or ``policy``'s): each decision, with the
    events it logged (public fields, then each seat's private details after ``|``), then
    the outcome. ``max_lines`` counts the decisions and advances only."""
    g = new_game(game_id, players, seed, options)
    rng = random.Random(seed)
    lines = [
        f"# {game_id} players={players} seed={seed} options={json.dumps(g.options, sort_keys=True)}"
    ]
    pol = policy if policy is not None else random_policy(rng)

    def chosen(game: Game, seat: int, legal: list[Action]) -> Action | None:
        a = pol(game, seat, legal)
        if a is not None:  # written before it applies: the label reads the state before
            lines.append(
                f"{game.step:4d} seat {seat} [{len(legal)}] {a.text()} | {game.label(a, lang)}"
            )
        return a

    logged = g.log_size
    for steps, st in enumerate(
        playout(g, rng, chosen, advances=(1.0, 5.0, 20.0), max_steps=max_lines), start=1
    ):
        if st.seat is None:
            lines.append(f"{g.step:4d} advance {st.seconds:g}s -> clock {g.clock:g}")
        if events:
            lines += _events(g, g.log_size - logged)
        logged = g.log_size
        if steps + 1 >= max_lines:
            break
    if g.is_over:
        lines.append(
            "outcome " + json.dumps(g.outcome().to_json(), sort_keys=True, ensure_ascii=False)
        )
    else:
        lines.append(f"... stopped after {max_lines} lines")
    return "\n".join(lines) + "\n"


def _events(g: Game, n: int) -> list[str]:
    """The last ``n`` events of ``g``'s log as transcript lines (private details included:
    a transcript is a test's record of the whole game, never shown to a player)."""
    items: list[Any] = []
    cell = g._log
    while cell is not None and len(items) < n:
        cell, item = cell
        items.append(item)
    out = []
    for ev, priv in reversed(items):
        public = {k: v for k, v in ev.items() if not k.startswith("_")}
        line = "       · " + json.dumps(public, sort_keys=True, ensure_ascii=False)
        if priv:
            line += " | " + json.dumps(
                {str(k): v for k, v in sorted(priv.items())}, sort_keys=True, ensure_ascii=False
            )
        out.append(line)
    return out


def check_golden(path: Path, text: str) -> None:
    """Compare ``text`` to the file at ``path`` (or write it when regenerating)."""
    if os.environ.get("SPACETABLE_REGEN_GOLDEN") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    if not path.exists():
        raise AssertionError(
            f"golden file {path} is missing (SPACETABLE_REGEN_GOLDEN=1 writes it; review it)"
        )
    old = path.read_text(encoding="utf-8")
    if old != text:
        diff = "".join(
            difflib.unified_diff(old.splitlines(True), text.splitlines(True), str(path), "now", n=2)
        )
        raise AssertionError(
            f"golden transcript {path.name} changed (SPACETABLE_REGEN_GOLDEN=1 to accept):\n"
            + diff[:6000]
        )
