"""``spacetable tui``: the full-screen table (the same flags as ``spacetable play``)."""

from __future__ import annotations

import json
from pathlib import Path

import typer

import spacetable
from spacetable.cli.common import (
    BotOpt,
    DataOpt,
    LangOpt,
    LoadOpt,
    OptionOpt,
    PlayersOpt,
    SaveOpt,
    SeedOpt,
    SpeedOpt,
    TickOpt,
    fail_value,
)
from spacetable.cli.play import make_session


def tui(
    game_id: str | None = typer.Argument(
        None, help="Game id (see `spacetable games`); none: the set-up screen."
    ),
    players: PlayersOpt = None,
    bot: BotOpt = None,
    seed: SeedOpt = None,
    lang: LangOpt = None,
    option: OptionOpt = None,
    save: SaveOpt = None,
    load: LoadOpt = None,
    speed: SpeedOpt = None,
    tick: TickOpt = None,
    data: DataOpt = None,
    replay: Path | None = typer.Option(
        None,
        "--replay",
        help="Watch a record or a save instead of playing: play, pause, step back and forth, "
        "jump, speed.",
    ),
    line: int | None = typer.Option(
        None, "--line", help="With --replay: the game on this line of a JSON Lines records file."
    ),
    seat: int | None = typer.Option(
        None, "--seat", help="With --replay: watch as this seat sees it (default: a spectator)."
    ),
    guide: bool = typer.Option(
        False,
        "--guide",
        help="A guided first game of GAME: the guide says each move and why, and plays the "
        "other seats (only --lang applies).",
    ),
    watch_url: str | None = typer.Option(
        None,
        "--watch",
        metavar="URL",
        help="Watch a live table of the web server (http://HOST:PORT/table/ID); a seat's link "
        "(...#token=...) plays that seat. With --data DIR, drawn with those corrected tables "
        "(the screen says when the table plays with another data set).",
    ),
) -> None:
    """Play a game full-screen in the terminal (hot seat for the human seats); without a
    game, a set-up screen chooses it (game, players, seats, options, language, seed) or
    a save to resume."""
    from .app import TableApp

    if guide:
        if game_id is None:
            fail_value(ValueError("--guide needs a game: spacetable tui --guide GAME"))
        given = {
            "--players": players,
            "--bot": bot,
            "--seed": seed,
            "--option": option,
            "--save": save,
            "--load": load,
            "--data": data,
            "--replay": replay,
            "--watch": watch_url,
        }
        run_guide(game_id, lang or "en", [flag for flag, v in given.items() if v not in (None, [])])
        return
    if replay is not None:
        watch(replay, line, seat, lang or "en", data)
        return
    if watch_url is not None:
        from .watch import prepare

        try:
            live = prepare(watch_url, lang or "en", data=data)
        except ValueError as e:
            fail_value(e)
        live.run()
        return
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
        load = flags["load"] or load
        if flags.get("guide"):
            run_guide(game_id, lang or "en")
            return

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


def run_guide(game_id: str, lang: str, bad: list[str] | None = None) -> None:
    """``--guide``: the guided first game of ``game_id``; refused before the screen opens
    when the game has none, or with flags it does not take."""
    from spacetable.engine import DataError

    from .guide import guided_table, has_guide

    try:
        if bad:
            raise ValueError(f"{', '.join(bad)} cannot be used with --guide (the guide sets them)")
        if lang not in ("en", "fr"):
            raise ValueError(f"--lang must be en or fr, got {lang!r}")
        if game_id not in spacetable.list_games():
            raise ValueError(f"unknown game {game_id!r} (see `spacetable games`)")
        if not has_guide(game_id):
            raise ValueError(f"{game_id} has no guided first game yet")
        app = guided_table(game_id, lang)
    except (ValueError, DataError) as e:
        fail_value(e)
    app.run()


def watch(file: Path, line: int | None, seat: int | None, lang: str, data: Path | None) -> None:
    """``--replay FILE``: the replay viewer; a bad file is refused before the screen opens."""
    from spacetable.cli.common import read_data, read_text
    from spacetable.cli.replay import _as_record
    from spacetable.records import read_record_line

    from .replay import ReplayApp

    try:
        if lang not in ("en", "fr"):
            raise ValueError(f"--lang must be en or fr, got {lang!r}")
        raw = read_record_line(file, line) if line is not None else None
        if raw is None:
            text = read_text(file, "record")
            try:
                raw = json.loads(text)
            except json.JSONDecodeError as e:
                raise ValueError(f"{file} is not JSON: {e}") from e
        record = _as_record(raw)
        game_id = record.get("game")
        dataset = read_data(game_id, data) if isinstance(game_id, str) else None
        viewer = ReplayApp(record, lang, seat=seat, data=dataset)
    except ValueError as e:
        fail_value(e)
    viewer.run()


def register(app: typer.Typer) -> None:
    app.command("tui")(tui)
