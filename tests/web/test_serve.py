"""``spacetable serve``: its command line refuses what it cannot serve, in one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import spacetable
from spacetable.cli.main import app


def test_serve_is_listed() -> None:
    out = CliRunner().invoke(app, ["--help"])
    assert out.exit_code == 0 and "serve" in out.output


def test_bad_settings_are_one_line_errors() -> None:
    runner = CliRunner()
    for args, says in (
        (["serve", "--db", "mysql://root@localhost/x"], "unsupported database 'mysql'"),
        (["serve", "--port", "70000"], "not a port number"),
        (["serve", "--bot-workers", "0"], "at least 1"),
        (["serve", "--origin", "tables.example"], "expected a scheme and a host"),
    ):
        out = runner.invoke(app, args)
        assert out.exit_code == 2, out.output
        assert says in out.output and "Traceback" not in out.output


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    """``spacetable serve ARGS`` run as a person runs it, in a process of its own (this
    tree's package first on the path)."""
    src = str(Path(spacetable.__file__).parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])}
    return subprocess.run(
        [sys.executable, "-m", "spacetable", "serve", "--port", "0", "--bot-workers", "1", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_a_corrupted_sqlite_file_is_one_line_error(tmp_path: Path) -> None:
    """A database file of garbage stops the server before it starts: one line naming the
    file and what is wrong, a non-zero status, and the file left as it was."""
    path = tmp_path / "garbage.db"
    garbage = bytes(range(256)) * 64
    path.write_bytes(garbage)
    run = _serve("--db", str(path))
    assert run.returncode == 1, (run.returncode, run.stdout, run.stderr)
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith("error: --db:") and str(path) in lines[0], lines
    assert "file is not a database" in lines[0]
    assert "served at" not in run.stdout
    assert path.read_bytes() == garbage


@pytest.mark.parametrize("url", ["postgresql://postgres:not-to-be-shown@127.0.0.1:1/nowhere"])
def test_a_database_that_does_not_answer_is_one_line_error(url: str) -> None:
    run = _serve("--db", url)
    assert run.returncode == 1, (run.returncode, run.stdout, run.stderr)
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith("error: --db: postgresql") and "127.0.0.1" in lines[0], lines
    assert "not-to-be-shown" not in run.stderr + run.stdout
