"""``spacetable serve``: its command line refuses what it cannot serve, in one line."""

from __future__ import annotations

from typer.testing import CliRunner

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
    ):
        out = runner.invoke(app, args)
        assert out.exit_code == 2, out.output
        assert says in out.output and "Traceback" not in out.output
