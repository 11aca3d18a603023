"""``spacetable tui``: the full-screen table (the same flags as ``spacetable play``)."""

from __future__ import annotations

from pathlib import Path

import typer

from spacetable.cli.common import fail_value
from spacetable.cli.play import make_session


def tui(
    game_id: str | None = typer.Argument(
        None, help="Game id (see `spacetable games`); none: the set-up screen."
    ),
    players: int | None = typer.Option(
        None, "--players", "-p", help="Number of players [default: the game's smallest count]."
    ),
    bot: list[str] = typer.Option(
        None, "--bot", "-b", help="SEAT=KIND, e.g. 1=random (0-based); SEAT=human for a human."
    ),
    seed: int | None = typer.Option(None, help="Seed of the game (random if omitted)."),
    lang: str | None = typer.Option(None, help="Language: en or fr [default: en]."),
    option: list[str] = typer.Option(None, "--option", "-o", help="Game option NAME=VALUE."),
    save: Path | None = typer.Option(None, help="Save the game to FILE after every move."),
    load: Path | None = typer.Option(
        None, help="Resume a game saved with --save (its bots, language and timing too)."
    ),
    speed: float | None = typer.Option(
        None, help="Real-time games: game seconds per wall second [default: 1]."
    ),
    tick: float | None = typer.Option(
        None, help="Real-time games: seconds of game time per bot tick [default: 1]."
    ),
    data: Path | None = typer.Option(
        None, "--data", help="Play with a directory of corrected tables (`spacetable data export`)."
    ),
) -> None:
    """Play a game full-screen in the terminal (hot seat for the human seats); without a
    game, a set-up screen chooses it (game, players, seats, options, language, seed)."""
    from .app import TableApp

    if game_id is None:
        from .setup import SetupApp

        chosen = SetupApp(lang or "en").run()
        if chosen is None:
            raise typer.Exit(0)
        flags = chosen.flags()
        game_id, players, seed, lang = (
            flags["game_id"],
            flags["players"],
            flags["seed"],
            flags["lang"],
        )
        bot = [*flags["bot"], *(bot or [])]
        option = [*flags["option"], *(option or [])]

    try:
        s = make_session(game_id, players, bot, seed, lang, option, save, load, speed, tick, data)
    except ValueError as e:
        fail_value(e)
    app = TableApp(
        s.game,
        s.bots,
        s.lang,
        speed=s.speed,
        tick=s.tick,
        save=s.save_path,
        kinds=s.kinds,
        data_dir=s.data_dir,
    )
    app.run()


def register(app: typer.Typer) -> None:
    app.command("tui")(tui)
