"""The ``spacetable`` command (typer + rich).

Each command lives in its own module with a ``register(app)`` function; :data:`COMMAND_MODULES`
lists them in the order of the help text. A listed module that is not installed is skipped.
"""

from __future__ import annotations

import importlib
import importlib.util

import typer

COMMAND_MODULES: tuple[str, ...] = (
    "spacetable.cli.games_cmd",
    "spacetable.cli.play",
    "spacetable.tui.cli",
    "spacetable.cli.simulate",
    "spacetable.cli.replay",
    "spacetable.cli.tournament",
    "spacetable.cli.bench",
    "spacetable.cli.balance",
    "spacetable.cli.serve",
    "spacetable.cli.admin",
    "spacetable.cli.data_cmd",
    "spacetable.cli.shards_cmd",
)


def build_app() -> typer.Typer:
    app = typer.Typer(
        name="spacetable",
        help="Five space board games: play, simulate, replay, benchmark.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    for name in COMMAND_MODULES:
        if importlib.util.find_spec(name) is not None:
            importlib.import_module(name).register(app)
    return app


app = build_app()


def main() -> None:
    app()
