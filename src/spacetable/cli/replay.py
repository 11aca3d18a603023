"""``spacetable replay``: step through a saved record or save, or print its final state.

A records file (JSON Lines, from ``simulate --record`` or ``tournament --record``) holds
one game a line: ``--line N`` replays the game on line ``N``.

A game played with a directory of corrected tables replays with the same tables: ``--data
DIR``, or for a save written by ``play --data``, the directory its meta remembers. The
engine compares the tables' digest with the one the record names and refuses other data.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape
from rich.rule import Rule

import spacetable
from spacetable.bots.analysis import REVIEW_ITERATIONS, review, review_text
from spacetable.engine import Game, RecordError, Termination
from spacetable.engine.game import SAVE_FORMAT
from spacetable.engine.registry import as_record
from spacetable.records import read_record_line

from .common import console, event_describer, fail, fail_value, read_text, renderer
from .play import data_mismatch, remembered_data, save_data

LANGS = ("en", "fr")


def _as_record(data: Any) -> dict[str, Any]:
    """A record from either a record file or a save file (which carries its history)."""
    if not isinstance(data, dict):
        raise ValueError(f"not a record or a save: the file holds a JSON {type(data).__name__}")
    return as_record(data) if data.get("format") == SAVE_FORMAT else data


def replay(
    file: Path = typer.Argument(
        ..., help="A record (JSON), a save file, or records (JSON Lines) with --line."
    ),
    line: int | None = typer.Option(
        None,
        "--line",
        help="Replay the game on this line (1 for the first) of a JSON Lines records file "
        "(simulate/tournament --record).",
    ),
    step: bool = typer.Option(False, "--step", help="Step through: Enter for the next move."),
    seat: int | None = typer.Option(None, help="Show the game as this seat sees it."),
    lang: str = typer.Option("en", help="Language: en or fr."),
    data_dir: Path | None = typer.Option(
        None,
        "--data",
        help="The directory of tables the game was played with (default: the one a save "
        "remembers, else the shipped data).",
    ),
    review_seat: int | None = typer.Option(
        None,
        "--review",
        metavar="SEAT",
        help="Review this seat's decisions with the search bot (a finished game): its chance "
        "to win decision by decision and its biggest mistakes, with the better move.",
    ),
    iterations: int = typer.Option(
        REVIEW_ITERATIONS, "--iterations", min=1, help="Search iterations per decision (--review)."
    ),
    review_seed: int = typer.Option(0, "--review-seed", help="The review's search seed."),
) -> None:
    """Replay a game: the moves one by one with --step, else the final state and outcome."""
    if lang not in LANGS:
        fail(f"--lang must be {' or '.join(LANGS)}, got {lang!r}")
    try:
        if line is not None:
            data = read_record_line(file, line)
            text = json.dumps(data)
        else:
            text = read_text(file, "record")
            try:
                data = json.loads(text)
            except json.JSONDecodeError as e:
                hint = (
                    "; a JSON Lines records file? pick a game with --line N"
                    if text.lstrip().startswith("{") and text.count("\n") > 1
                    else ""
                )
                raise ValueError(f"{file} is not JSON: {e}{hint}") from e
        record = _as_record(data)
        game_id = record.get("game")
        meta = data.get("meta") if data.get("format") == SAVE_FORMAT else None
        remembered = remembered_data(meta) if isinstance(meta, dict) else None
        dataset, used = None, None
        if isinstance(game_id, str):
            dataset, used = save_data(game_id, file, data_dir, remembered)
        try:
            final = spacetable.replay(record, data=dataset)
        except RecordError as e:
            problem = data_mismatch(text, file, dataset, used, data_dir is None)
            if problem is None:
                raise
            raise ValueError(problem) from e
    except ValueError as e:
        fail_value(e)
    if seat is not None and not 0 <= seat < final.players:
        fail(f"--seat must be a seat of this {final.players}-player game: 0..{final.players - 1}")
    if review_seat is not None:
        _review(record, final, review_seat, iterations, review_seed, lang, dataset)
        return
    render = renderer(final.game_id, final.parts)
    describe = event_describer(final.game_id, final.parts)
    entries = record["entries"]
    if step:
        for i in range(len(entries) + 1):
            g = spacetable.replay(record, upto=i, data=dataset)
            console.print(Rule(f"{i}/{len(entries)}"))
            console.print(render(g.view(seat), lang))
            for ev in g.last_events(seat, 3):
                console.print(f"  [dim]·[/] {describe(ev, lang)}")
            if i < len(entries):
                try:
                    console.input("[dim]Enter ›[/] ")
                except EOFError:
                    break
    else:
        console.print(render(final.view(seat), lang))
        for ev in final.last_events(seat, 8):
            console.print(f"  [dim]·[/] {describe(ev, lang)}")
    if final.is_over:
        out = final.outcome()
        why = out.reason.sentence(lang) if isinstance(out.reason, Termination) else out.reason
        console.print(f"[bold]{escape(why)}[/]: scores {list(out.scores)}, ranks {list(out.ranks)}")
    else:
        console.print(f"{len(entries)} moves; the game is not over.")


def _review(
    record: dict[str, Any],
    final: Game,
    seat: int,
    iterations: int,
    seed: int,
    lang: str,
    dataset: Any,
) -> None:
    """``--review SEAT``: the search's review of the seat's decisions, with a progress bar."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    if not 0 <= seat < final.players:
        fail(f"--review must be a seat of this {final.players}-player game: 0..{final.players - 1}")
    if not final.is_over:
        fail("--review needs a finished game")
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(f"review seat {seat}", total=None)

        def step(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        try:
            rev = review(
                record, seat, iterations=iterations, seed=seed, progress=step, data=dataset
            )
        except ValueError as e:
            fail_value(e)
    console.print(escape(review_text(rev, record, lang, dataset)))


def register(app: typer.Typer) -> None:
    app.command("replay")(replay)
