"""``spacetable games``: the registered games, their player counts and options."""

from __future__ import annotations

import json

import typer
from rich.table import Table

from spacetable.engine import game_info, list_games

from .common import console


def games(json_out: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """List the games, their player counts and their options."""
    infos = [game_info(g) for g in list_games()]
    if json_out:
        console.print_json(json.dumps(infos, ensure_ascii=False))
        return
    table = Table(title="spacetable games")
    table.add_column("id", style="bold cyan")
    table.add_column("name (en / fr)")
    table.add_column("players", justify="center")
    table.add_column("options (default; choices)")
    table.add_column("real time", justify="center")
    for info in infos:
        opts = []
        for name, spec in info["options"].items():
            allowed = spec.get("choices")
            desc = f"{name}={spec['default']!r}"
            if allowed:
                desc += " (" + ", ".join(map(str, allowed)) + ")"
            else:
                lo, hi = spec.get("minimum"), spec.get("maximum")
                desc += f" ({spec.get('kind')}{'' if lo is None else f' {lo}..{hi}'})"
            opts.append(desc)
        table.add_row(
            info["id"],
            f"{info['names']['en']} / {info['names']['fr']}",
            f"{info['min_players']}-{info['max_players']}",
            "\n".join(opts) or "-",
            "yes" if info["realtime"] else "no",
        )
    console.print(table)


def register(app: typer.Typer) -> None:
    app.command("games")(games)
