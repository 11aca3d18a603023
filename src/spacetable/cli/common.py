"""Helpers shared by the commands: options, bot seats, rendering through the game's module.

A user's mistake (a bad option value, a missing or unreadable file, a path that cannot be
written) ends a command with :func:`fail`: one line ``error: ...`` on stderr, never wrapped
whatever the terminal width, and exit status 2. Parsers here raise :class:`ValueError` with
a message that names the option, for the command to pass to :func:`fail`.

A data directory (``--data DIR``, ``spacetable data check``) whose tables are invalid is
refused the same way, but with exit status 1 (:data:`DATA_ERROR`): the command line was
right, the tables are not. :func:`fail_value` picks the status from the error's type.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from spacetable.engine import DataError
from spacetable.engine.presentation import presentation

if TYPE_CHECKING:
    from spacetable.engine import DataSet

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

#: The exit status of a command stopped by a user's mistake (as for a bad option in click).
USAGE_ERROR = 2

#: The exit status of a command refused because a data directory's tables are invalid.
DATA_ERROR = 1

#: The seat kind of a human player in ``--bot SEAT=KIND`` (to take a seat back from a bot).
HUMAN = "human"

# The options of a game at the table, declared once for ``spacetable play`` and
# ``spacetable tui`` so that their names, help texts and defaults cannot drift apart. Every
# default is None: ``make_session`` tells "not given" from a value (a save's settings apply).
# Help texts say "(default: ...)" in parentheses: rich would take square brackets for markup.
PlayersOpt = Annotated[
    int | None,
    typer.Option("--players", "-p", help="Number of players (default: the game's smallest count)."),
]
BotOpt = Annotated[
    list[str] | None,
    typer.Option("--bot", "-b", help="SEAT=KIND, e.g. 1=random (0-based); SEAT=human for a human."),
]
SeedOpt = Annotated[
    int | None, typer.Option("--seed", help="Seed of the game (random if omitted).")
]
LangOpt = Annotated[str | None, typer.Option("--lang", help="Language: en or fr (default: en).")]
OptionOpt = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="Game option NAME=VALUE.")
]
SaveOpt = Annotated[
    Path | None, typer.Option("--save", help="Save the game to FILE after every move.")
]
LoadOpt = Annotated[
    Path | None,
    typer.Option(
        "--load",
        help="Resume a game saved with --save or `s` (its bots, language and timing too).",
    ),
]
SpeedOpt = Annotated[
    float | None,
    typer.Option("--speed", help="Real-time games: game seconds per wall second (default: 1)."),
]
TickOpt = Annotated[
    float | None,
    typer.Option("--tick", help="Real-time games: seconds of game time per bot tick (default: 1)."),
]
DataOpt = Annotated[
    Path | None,
    typer.Option(
        "--data",
        help="Play with a directory of corrected tables (`spacetable data export`); with "
        "--load, the directory the save remembers by default.",
    ),
]


def error_line(message: object) -> str:
    """``message`` on one line (newlines of a nested error joined)."""
    return " ".join(str(message).split())


def fail(message: object, code: int = USAGE_ERROR) -> NoReturn:
    """Print ``error: message`` on one line of stderr and end the command with ``code``."""
    err_console.print(f"[red]error:[/] {escape(error_line(message))}", soft_wrap=True)
    raise typer.Exit(code)


def fail_value(err: ValueError) -> NoReturn:
    """:func:`fail` with ``err``: status :data:`DATA_ERROR` for invalid tables
    (:class:`~spacetable.engine.DataError`), :data:`USAGE_ERROR` for anything else."""
    fail(err, DATA_ERROR if isinstance(err, DataError) else USAGE_ERROR)


def data_directory(directory: Path | str, option: str = "--data") -> Path:
    """``directory`` if it is an existing directory, else a ValueError naming ``option``."""
    path = Path(directory).expanduser()
    if not path.exists():
        raise ValueError(f"{option}: {str(path)!r} does not exist")
    if not path.is_dir():
        raise ValueError(f"{option}: {str(path)!r} is not a directory")
    return path


def read_data(
    game_id: str, directory: Path | str | None, option: str = "--data"
) -> DataSet[Any] | None:
    """The data set of a directory of corrected tables for ``game_id``; None without one
    (the game's shipped data).

    A missing path, a file, an unknown game or a game without data tables raise ValueError
    (a mistake on the command line); tables that do not validate raise
    :class:`~spacetable.engine.DataError`, whose message names the file, the row and the
    field. The whole directory is validated here, before anything starts.
    """
    if directory is None:
        return None
    from spacetable.engine import game_class, load_data

    if game_class(game_id).data_spec is None:
        raise ValueError(f"{option}: {game_id} has no data tables yet")
    return load_data(game_id, data_directory(directory, option))


def os_error(err: OSError) -> str:
    """``No such file or directory: 'x.json'``: an OSError without its errno prefix."""
    reason = err.strerror or str(err)
    return f"{reason}: {str(err.filename)!r}" if err.filename is not None else reason


def read_text(path: Path, what: str = "file") -> str:
    """The text of ``path``; a missing, unreadable or non-text file raises ValueError."""
    if path.is_dir():
        raise ValueError(f"{what} {str(path)!r} is a directory, not a file")
    try:
        return path.read_text(encoding="utf-8")
    except OSError as e:
        raise ValueError(f"cannot read {what}: {os_error(e)}") from e
    except UnicodeDecodeError as e:
        raise ValueError(f"{what} {str(path)!r} is not a text file: {e.reason}") from e


def writable_file_problem(path: Path) -> str | None:
    """Why ``path`` cannot be written as a file (None if it looks writable).

    Checks what is known before writing: the folder exists and is a folder, the path is not
    a folder. Permissions and a full disk still show only when writing.
    """
    if str(path) == "" or path.name in ("", ".", ".."):
        return f"{str(path)!r} is not a file name"
    if path.is_dir():
        return f"{str(path)!r} is a directory, not a file"
    parent = path.parent
    if not parent.exists():
        return f"folder {str(parent)!r} does not exist (for {str(path)!r})"
    if not parent.is_dir():
        return f"{str(parent)!r} is not a folder (for {str(path)!r})"
    return None


def check_writable(path: Path, option: str) -> None:
    """:func:`writable_file_problem` as a ValueError naming the option."""
    problem = writable_file_problem(path)
    if problem is not None:
        raise ValueError(f"{option}: {problem}")


def positive(value: float, option: str, *, zero: bool = False) -> float:
    """``value`` if it is a finite number above 0 (or at least 0 with ``zero``)."""
    if not math.isfinite(value) or value < 0 or (value == 0 and not zero):
        bound = "at least 0" if zero else "above 0"
        raise ValueError(f"{option} must be a number {bound}, got {value:g}")
    return value


def parse_value(text: str) -> Any:
    """``3`` -> 3, ``0.5`` -> 0.5, ``true`` -> True, anything else stays a string."""
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def parse_options(items: list[str] | None) -> dict[str, Any]:
    """``["difficulty=hard", "teams=true"]`` -> ``{"difficulty": "hard", "teams": True}``."""
    out: dict[str, Any] = {}
    for item in items or []:
        key, sep, val = item.partition("=")
        if not sep or not key:
            raise ValueError(f"--option: expected NAME=VALUE, got {item!r}")
        out[key.strip()] = parse_value(val.strip())
    return out


def simulation_options(game_id: str, items: list[str] | None) -> dict[str, Any]:
    """The ``-o`` options of a simulation driver over the game's simulation settings (a
    round limit for bots in a game the rulebook does not bound). The command says so with
    :func:`say_simulation_options` once its arguments are checked (a usage error stays one
    line)."""
    from spacetable.engine import game_class

    return game_class(game_id).info.for_simulation(parse_options(items))


def say_simulation_options(game_id: str, items: list[str] | None) -> None:
    """Say on stderr which simulation settings :func:`simulation_options` added to the
    ``-o`` options (checked already) and how to change them."""
    from spacetable.engine import game_class

    given = parse_options(items)
    info = game_class(game_id).info
    added = {k: v for k, v in info.simulation_options.items() if k not in given}
    if added:
        said = ", ".join(f"{k}={v}" for k, v in added.items())
        err_console.print(
            f"{game_id}: simulated with {said}, the game's setting for bots "
            f"(-o {next(iter(added))}=... to change it)"
        )


def parse_bot_seats(items: list[str] | None, players: int) -> dict[int, str]:
    """``["1=random", "2=greedy"]`` -> ``{1: "random", 2: "greedy"}`` (seats are 0-based).

    The kind is checked with :func:`check_bot`; ``human`` (:data:`HUMAN`) is kept as is. A
    malformed item, a seat out of range or a seat given twice raises ValueError.
    """
    out: dict[int, str] = {}
    for item in items or []:
        seat_s, sep, kind = item.partition("=")
        seat_s, kind = seat_s.strip(), kind.strip()
        seat = int(seat_s) if seat_s.isascii() and seat_s.isdigit() else -1
        if not sep or not 0 <= seat < players or not kind:
            raise ValueError(
                f"--bot: expected SEAT=KIND with SEAT in 0..{players - 1}, got {item!r}"
            )
        if seat in out:
            raise ValueError(f"--bot: seat {seat} is given twice")
        if kind != HUMAN:
            check_bot(kind, "--bot")
        out[seat] = kind
    return out


def check_bot(kind: str, option: str, game: str | None = None) -> str:
    """``kind`` if :func:`spacetable.bots.make_bot` accepts it, else a ValueError.

    Numbers in a kind's parameters must be finite: ``mcts:infs`` or ``mcts:nans`` would
    search forever.
    """
    from spacetable.bots import make_bot

    for part in kind.split(":")[1:]:
        value = part.rpartition("=")[2]
        try:
            number = float(value[:-1] if value.endswith("s") else value)
        except ValueError:
            continue
        if not math.isfinite(number):
            raise ValueError(f"{option}: {part!r} in bot {kind!r} is not a finite number")
    try:
        make_bot(kind, 0, game)
    except (ValueError, TypeError) as e:
        raise ValueError(f"{option}: {error_line(e)}") from e
    return kind


def parse_bot_list(text: str, option: str, seats: int | None = None) -> list[str]:
    """``"greedy, random"`` -> ``["greedy", "random"]``, every kind checked.

    An empty list, an empty item (``greedy,,random``) or, with ``seats``, more kinds than
    seats (the extra ones would never play) raises ValueError.
    """
    kinds = [k.strip() for k in text.split(",")]
    if not text.strip():
        raise ValueError(f"{option}: no bot given")
    if any(not k for k in kinds):
        raise ValueError(f"{option}: empty bot kind in {text!r}")
    if seats is not None and len(kinds) > seats:
        raise ValueError(
            f"{option}: {len(kinds)} bots ({', '.join(kinds)}) for {seats} "
            f"seat{'s' if seats != 1 else ''}: give at most one bot per seat"
        )
    for k in kinds:
        check_bot(k, option)
    return kinds


def default_players(game_id: str, *, at_least: int = 1) -> int:
    """The game's smallest player count, raised to ``at_least`` if the game allows it.

    An unknown game raises ValueError (:class:`spacetable.engine.UnknownGame`).
    """
    from spacetable.engine import game_class

    info = game_class(game_id).info
    return min(max(info.min_players, at_least), info.max_players)


def renderer(game_id: str, parts: Any = None) -> Callable[[dict[str, Any], str], str]:
    """The game's ``render(view, lang, parts)`` through the presentation contract
    (:mod:`spacetable.engine.presentation`; ``parts``: the game's data, drawn with its
    names), or a plain JSON dump when it has none. A broken render raises ``RenderError``."""
    shown = presentation(game_id, parts)

    def draw(view: dict[str, Any], lang: str) -> str:
        text = shown.board(view, lang)
        return json.dumps(view, indent=1, ensure_ascii=False) if text is None else text

    return draw


def compact_renderer(
    game_id: str, parts: Any = None
) -> Callable[[dict[str, Any], str], str | None]:
    """The game's ``render_compact(view, lang, parts)`` (its table drawn narrower), which
    gives None for a game that has no narrower drawing."""
    shown = presentation(game_id, parts)

    def draw(view: dict[str, Any], lang: str) -> str | None:
        return shown.board_compact(view, lang)

    return draw


def event_describer(game_id: str, parts: Any = None) -> Callable[[dict[str, Any], str], str]:
    """The game's ``describe_event(event, lang, parts)``, or a compact generic form."""
    shown = presentation(game_id, parts)

    def describe(ev: dict[str, Any], lang: str) -> str:
        text = shown.event(ev, lang)
        if text is None:
            return " ".join(f"{k}={v}" for k, v in ev.items() if not k.startswith("_"))
        return text

    return describe


def outcome_describer(
    game_id: str, parts: Any = None
) -> Callable[[dict[str, Any], str], str] | None:
    """The game's ``describe_outcome(outcome_json, lang, parts)`` (a localized reason), if it
    has one."""
    shown = presentation(game_id, parts)
    if getattr(shown.module, "describe_outcome", None) is None:
        return None

    def describe(outcome: dict[str, Any], lang: str) -> str:
        return shown.outcome(outcome, lang) or ""

    return describe


def legend(game_id: str, lang: str) -> list[tuple[str, str]]:
    """The game's legend: ``(symbol, meaning)`` for every symbol and abbreviation its
    renderer draws, in ``lang`` (the render module's ``legend(lang)``); ``[]`` for a game
    without one."""
    return presentation(game_id).legend(lang) or []
