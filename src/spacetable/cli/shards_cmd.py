"""``spacetable shards``: turn game records into training shards (numpy arrays).

RECORDS is a JSON Lines file written by ``simulate --record`` or ``tournament --record``, or
a directory of them; OUT a new or empty directory that receives ``shard-NNNNN.npz`` files and
a ``manifest.json`` (:mod:`spacetable.rl.shards`). Each row is one decision: the deciding
seat's observation before it, its legal-action mask, the action taken and the seat's final
reward, and the bot that sat at that seat in that game (read from the record: the bots change
seats from game to game). Rows hold no hidden information; the records they come from do (keep
them apart).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from .common import console, fail_value


def register(app: typer.Typer) -> None:
    """Add the ``shards`` command to the CLI."""

    @app.command()
    def shards(
        records: Annotated[
            Path, typer.Argument(help="a records file (.jsonl) or a directory of them")
        ],
        out: Annotated[Path, typer.Argument(help="a new or empty directory for the shards")],
        game: Annotated[
            str | None, typer.Option("--game", "-g", help="keep only this game's records")
        ] = None,
        players: Annotated[
            int | None, typer.Option("--players", "-p", help="keep only this player count")
        ] = None,
        shard_size: Annotated[
            int, typer.Option("--shard-size", help="at most this many decisions per shard")
        ] = 2048,
        data: Annotated[
            Path | None,
            typer.Option("--data", help="the directory of tables the games were played with"),
        ] = None,
        reward: Annotated[
            str,
            typer.Option(
                "--reward", help="the reward scheme of the rewards: rank (default), win or score"
            ),
        ] = "rank",
        as_json: Annotated[bool, typer.Option("--json", help="print the manifest")] = False,
    ) -> None:
        """Turn game records into training shards: observation, mask, action, outcome."""
        from spacetable.records import read_records
        from spacetable.rl.shards import write_shards

        try:
            manifest = write_shards(
                read_records(records),
                out,
                game=game,
                players=players,
                shard_size=shard_size,
                data=data,
                reward=reward,
            )
        except ValueError as e:
            fail_value(e)
        if as_json:
            typer.echo(json.dumps(manifest, indent=1, ensure_ascii=False))
            return
        console.print(
            f"{manifest['game']}, {manifest['players']} players: {manifest['games']} games, "
            f"{manifest['decisions']} decisions in {len(manifest['shards'])} shards "
            f"(observations {tuple(manifest['observation_shape'])}, "
            f"{manifest['action_size']} actions"
            + (f"; bots {', '.join(manifest['bots'])}" if manifest["bots"] else "")
            + f") written to {out}"
            + (
                f"; {manifest['skipped_records']} records of other settings skipped"
                if manifest["skipped_records"]
                else ""
            )
        )
