"""Sampled mutation testing of each game's rules modules with mutmut (kill rate per game).

Usage (from the repository root, with the project's virtual environment)::

    python benchmarks/mutation.py GAME [SAMPLE] [SEED] [REV]  # -> benchmarks/mutation.json
    python benchmarks/mutation.py show GAME              # the survivors' diffs
    python benchmarks/run.py report                      # puts the table in RESULTS.md

For one game it checks the committed ``REV`` (``HEAD``) out into a scratch work tree (the
working tree is never mutated), lets mutmut generate every mutant of the game's rules
modules (the game package but its presentation and bot modules: ``render``, ``labels``,
``notation``, ``evaluation``, ``constants``, ``__init__``), draws ``SAMPLE`` of them with a
seeded generator (this 2-core machine cannot run them all), and runs each against the tests
that cover it among the game's own tests, the conformance suite and the hostile-input stage
(``-k GAME``; the stage with 12 examples per part instead of 60, to fit the machine). A
mutant is *killed* when a test fails (a time-out counts as killed), and *survives* when
every covering test passes or no test covers it. The goal is at least 90% killed in every
game; survivors are listed in ``mutation.json`` with their diffs, to be killed by a new test
or shown equivalent in the game's documentation."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "benchmarks"
VENV = Path(sys.executable).parent
GAMES = ("planetraiders", "quazarys", "spacedealer", "tortuga2199", "wildspace")
NOT_RULES = ("__init__", "constants", "render", "labels", "notation", "evaluation")
#: mutmut's exit codes per mutant (mutmut/__main__.py): 1 and 3 a test failed, 0 every
#: covering test passed, 33 no test covers it, 36/24/-24 time-out.
KILLED = {1, 3, 36, 24, -24, -9, -11}
SURVIVED = {0, 5, 33}


def _config(game: str, tree: Path) -> str:
    pkg = tree / "src" / "spacetable" / "games" / game
    keep = {p for p in pkg.glob("*.py") if p.stem not in NOT_RULES}
    # Every other file by name (fnmatch's * would also match across folders).
    every = (tree / "src" / "spacetable").rglob("*.py")
    skip = sorted(str(p.relative_to(tree)) for p in every if p not in keep)
    tests = [f"tests/games/{game}", "tests/test_conformance.py", "tests/test_hostile.py"]
    lines = [
        "",
        "[tool.mutmut]",
        'source_paths = ["src/spacetable/"]',
        f"do_not_mutate = {json.dumps(skip)}",
        f"pytest_add_cli_args_test_selection = {json.dumps(tests)}",
        'pytest_add_cli_args = ["-p", "no:xdist", "-p", "no:cacheprovider", "-q", '
        f'"--no-header", "-k", "{game}"]',
        f"# rules modules mutated: {', '.join(sorted(p.stem for p in keep))}",
    ]
    return "\n".join(lines) + "\n"


def _names(tree: Path, game: str) -> list[str]:
    names: list[str] = []
    for meta in (tree / "mutants" / "src" / "spacetable" / "games" / game).glob("*.py.meta"):
        names += json.loads(meta.read_text())["exit_code_by_key"]
    return sorted(names)


def _results(tree: Path, game: str) -> dict[str, int | None]:
    out: dict[str, int | None] = {}
    for meta in (tree / "mutants" / "src" / "spacetable" / "games" / game).glob("*.py.meta"):
        out.update(json.loads(meta.read_text())["exit_code_by_key"])
    return out


def _mutmut(tree: Path, *args: str, timeout: float = 5400) -> str:
    # The hostile-input stage with fewer examples per setting: it is there for the caches
    # and the validation a mutant may break, and at full size it would double a run.
    env = {**os.environ, "PYTHONHASHSEED": "0", "CI": "", "SPACETABLE_HOSTILE_EXAMPLES": "12"}
    res = subprocess.run(
        [str(VENV / "mutmut"), *args],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    return res.stdout + res.stderr


def run(game: str, sample: int, seed: int, rev: str = "HEAD") -> dict[str, Any]:
    t0 = time.time()
    commit = subprocess.run(
        ["git", "rev-parse", "--short", rev], cwd=ROOT, capture_output=True, text=True,
        check=True,
    ).stdout.strip()  # fmt: skip
    tree = Path(tempfile.mkdtemp(prefix=f"mutation-{game}-"))
    try:
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(tree), rev],
            cwd=ROOT, check=True, capture_output=True,
        )  # fmt: skip
        with open(tree / "pyproject.toml", "a", encoding="utf-8") as f:
            f.write(_config(game, tree))
        # Generate every mutant and collect which tests cover what, running no mutant.
        _mutmut(tree, "run", "--max-children", "2", "no-such-mutant-*")
        names = _names(tree, game)
        chosen = sorted(random.Random(seed).sample(names, min(sample, len(names))))
        _mutmut(tree, "run", "--max-children", "2", *chosen)
        codes = _results(tree, game)
        killed = [n for n in chosen if codes.get(n) in KILLED]
        survived = [n for n in chosen if codes.get(n) not in KILLED]
        diffs = {n: _diff(_mutmut(tree, "show", n)) for n in survived}
        row = {
            "game": game,
            "commit": commit,
            "mutants": len(names),
            "sampled": len(chosen),
            "seed": seed,
            "killed": len(killed),
            "survived": len(survived),
            "kill_rate": round(len(killed) / max(1, len(chosen)), 4),
            "unknown": sorted(n for n in chosen if codes.get(n) not in KILLED | SURVIVED),
            # No test runs the mutated function (mutmut 3 cannot reach code that only runs
            # at import time, such as tables built when a module loads).
            "no_tests": sorted(n for n in chosen if codes.get(n) == 33),
            "survivors": diffs,
            "seconds": round(time.time() - t0),
            "date": date.today().isoformat(),
        }
    finally:
        subprocess.run(
            ["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, capture_output=True,
            check=False,
        )  # fmt: skip
        shutil.rmtree(tree, ignore_errors=True)
    rows = [r for r in _load() if r["game"] != game] + [row]
    (HERE / "mutation.json").write_text(
        json.dumps(sorted(rows, key=lambda r: r["game"]), indent=1, ensure_ascii=False) + "\n"
    )
    return row


def _diff(shown: str) -> str:
    """The diff lines of ``mutmut show`` (without its warnings)."""
    lines = [ln for ln in shown.splitlines() if re.match(r"^(---|\+\+\+|@@|[-+ ])", ln)]
    return "\n".join(ln for ln in lines if "UserWarning" not in ln and "warnings.warn" not in ln)


def _load() -> list[dict[str, Any]]:
    p = HERE / "mutation.json"
    return json.loads(p.read_text()) if p.exists() else []


def main(argv: list[str]) -> None:
    if argv[:1] == ["show"] and len(argv) == 2:
        for r in _load():
            if r["game"] == argv[1]:
                for name, diff in r["survivors"].items():
                    print(f"## {name}\n{diff}\n")
        return
    if not argv or argv[0] not in GAMES:
        sys.exit(__doc__)
    game = argv[0]
    sample = int(argv[1]) if len(argv) > 1 else 200
    seed = int(argv[2]) if len(argv) > 2 else 1
    row = run(game, sample, seed, argv[3] if len(argv) > 3 else "HEAD")
    print(
        f"{game}: {row['killed']}/{row['sampled']} killed ({100 * row['kill_rate']:.1f}%) "
        f"of {row['mutants']} mutants, {row['seconds']} s"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
