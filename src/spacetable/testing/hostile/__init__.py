"""The hostile-input stage of the conformance suite, driven by hypothesis.

A game must survive whatever a client, a file or a network peer sends it. For one setting
(game, player count, options), :func:`hostile_check` runs three hypothesis searches, each
at random points of the seeded random playouts of the conformance suite:

* **actions**: ``apply(seat, x)`` with x a legal action damaged in every way a client can
  damage one (wrong types in each field, values equal to the legal ones but of another type
  such as ``True`` or ``3.0`` for ``1`` or ``3``, unknown or non-string ``type``, extra and
  missing fields, non-mappings, malformed text forms, other seats' actions, bad seats,
  actions after the end, action instances built with wrong field types...), on the game, on
  a clone, on a determinized copy and on a loaded save. Each must raise a ``ValueError``
  (``InvalidAction`` naming the field when the value equals a legal one), change nothing,
  and leave the future of the game (and of the original, when a copy was attacked)
  identical to that of an untouched game built from scratch;
* **saves**: ``load`` of damaged saves (a leaf replaced by a value of another type, keys
  removed or added, lists shortened, lengthened or doubled, items copied between lists, ids
  out of range, another game, player count or seed, truncated text, non-JSON...). Each must
  raise a ``ValueError`` or be accepted; an accepted one must play to its end with random
  legal moves, views for every seat, and no exception at all;
* **records**: ``replay`` of damaged records (bad entries, wrong types everywhere, missing
  keys, unknown game, bad player count or seed...). Only ``ValueError`` may come out.

Every search is derandomized and database-free, so a run is reproducible, and shrinks a
failure to a minimal input. :class:`HostileReport` counts the inputs tried. With
``collect=True`` failures are listed instead of raised (no shrinking): a survey of what
fails. ``python -m spacetable.testing.hostile [game ...]`` prints a per-game summary.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from spacetable.engine import list_games

from ..conformance import conformance_configs
from .actions import _actions_example
from .base import (
    EXAMPLE_SECONDS,
    PARTS,
    Failure,
    HostileFailure,
    HostileReport,
    _Hang,
    _Setting,
    _time_limit,
    per_game_summary,
)
from .records import _records_example
from .saves import _saves_example

# ---------------------------------------------------------------------------- driver

_EXAMPLES = {
    "actions": _actions_example,
    "saves": _saves_example,
    "records": _records_example,
}


def _format_error(e: BaseException) -> str:
    if isinstance(e, BaseExceptionGroup):
        return "\n".join(_format_error(x) for x in e.exceptions)
    return "".join(traceback.format_exception_only(e)).rstrip()


def _search(
    part: str, s: _Setting, report: HostileReport, *, max_examples: int, collect: bool
) -> Callable[[], None]:
    """The hypothesis search of one part on one setting."""
    body = _EXAMPLES[part]

    @settings(
        max_examples=max_examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        print_blob=False,
        # No "explain" phase: it traces every line of the engine, far too slow here.
        phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink),
    )
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        report.examples[part] += 1
        try:
            with _time_limit(EXAMPLE_SECONDS):
                body(data, s, report)
        except HostileFailure as e:
            if not collect:
                raise
            report.failures.append(e.failure)
        except _Hang as e:
            failure = Failure(part, "hang", s.game, "an example", str(e))
            if not collect:
                raise HostileFailure(failure) from e
            report.failures.append(failure)

    result: Callable[[], None] = run
    return result


def hostile_check(
    game_id: str,
    players: int,
    options: Mapping[str, Any] | None = None,
    *,
    max_examples: int = 60,
    parts: Sequence[str] = PARTS,
    collect: bool = False,
) -> HostileReport:
    """Run the hostile-input stage on one setting; see the module docstring.

    Each part is one derandomized hypothesis search of ``max_examples`` examples. By default
    a failure is shrunk to a minimal input and its text (with hypothesis' falsifying
    example) is kept in ``report.errors``; with ``collect=True`` every failure is listed in
    ``report.failures`` and the search goes on (no shrinking).
    """
    s = _Setting(game_id, players, dict(options or {}))
    report = HostileReport(game_id, players, dict(s.options))
    start = time.perf_counter()
    for part in parts:
        run = _search(part, s, report, max_examples=max_examples, collect=collect)
        try:
            with warnings.catch_warnings():
                # Reporting a failure shows the strategies drawn from, and sampling from a
                # long list of legal actions has a long repr: harmless here.
                warnings.filterwarnings("ignore", "Generating overly large repr")
                run()
        except Exception as e:
            report.errors.append(f"[{report.label()}] {part}:\n{_format_error(e)}")
    report.seconds = time.perf_counter() - start
    return report


def hostile_configs(games: Sequence[str] | None = None) -> list[tuple[str, int, dict[str, Any]]]:
    """(game, players, options) for every registered game (or ``games``) and setting."""
    return [(gid, p, o) for gid in games or list_games() for p, o in conformance_configs(gid)]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m spacetable.testing.hostile [--examples N] [--collect] [game ...]``."""
    parser = argparse.ArgumentParser(
        prog="python -m spacetable.testing.hostile",
        description="Run the hostile-input stage and count the inputs tried per game.",
    )
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--examples", type=int, default=60, help="examples per part")
    parser.add_argument(
        "--collect", action="store_true", help="list failures without shrinking them"
    )
    ns = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    unknown = [g for g in ns.games if g not in list_games()]
    if unknown or ns.examples < 1:
        parser.error(
            f"unknown game(s) {', '.join(unknown)}; known: {', '.join(list_games())}"
            if unknown
            else "--examples must be at least 1"
        )
    reports = []
    for gid, p, o in hostile_configs(ns.games or None):
        r = hostile_check(gid, p, o, max_examples=ns.examples, collect=ns.collect)
        print(r.summary(), flush=True)
        for f in r.failures:
            print("  FAIL", f.line())
        for err in r.errors:
            print("  FAIL", err.replace("\n", "\n    "))
        reports.append(r)
    print(per_game_summary(reports))
    return 0 if all(r.ok for r in reports) else 1


__all__ = [
    "PARTS",
    "Failure",
    "HostileFailure",
    "HostileReport",
    "hostile_check",
    "hostile_configs",
    "main",
    "per_game_summary",
]
