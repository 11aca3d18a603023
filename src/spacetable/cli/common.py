"""Helpers shared by the commands: options, bot seats, rendering through the game's module."""

from __future__ import annotations

import importlib
import importlib.util
import json
from collections.abc import Callable
from typing import Any

import typer
from rich.console import Console

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)


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
            raise typer.BadParameter(f"expected NAME=VALUE, got {item!r}", param_hint="--option")
        out[key.strip()] = parse_value(val.strip())
    return out


def parse_bot_seats(items: list[str] | None, players: int) -> dict[int, str]:
    """``["1=random", "2=greedy"]`` -> ``{1: "random", 2: "greedy"}`` (seats are 0-based)."""
    out: dict[int, str] = {}
    for item in items or []:
        seat_s, sep, kind = item.partition("=")
        try:
            seat = int(seat_s)
        except ValueError:
            seat = -1
        if not sep or not 0 <= seat < players or not kind:
            raise typer.BadParameter(
                f"expected SEAT=KIND with SEAT in 0..{players - 1}, got {item!r}",
                param_hint="--bot",
            )
        out[seat] = kind
    return out


def _game_module(game_id: str, name: str) -> Any:
    mod = f"spacetable.games.{game_id}.{name}"
    try:
        if importlib.util.find_spec(mod) is None:
            return None
    except ModuleNotFoundError:
        return None
    return importlib.import_module(mod)


def renderer(game_id: str) -> Callable[[dict[str, Any], str], str]:
    """The game's ``render(view, lang)``, or a plain JSON dump when it has none."""
    mod = _game_module(game_id, "render")
    fn = getattr(mod, "render", None) if mod is not None else None
    if fn is None:
        return lambda view, lang: json.dumps(view, indent=1, ensure_ascii=False)
    return fn  # type: ignore[no-any-return]


def event_describer(game_id: str) -> Callable[[dict[str, Any], str], str]:
    """The game's ``describe_event(event, lang)``, or a compact generic form."""
    mod = _game_module(game_id, "render")
    fn = getattr(mod, "describe_event", None) if mod is not None else None
    if fn is None:
        return lambda ev, lang: " ".join(f"{k}={v}" for k, v in ev.items() if k != "step")
    return fn  # type: ignore[no-any-return]


def outcome_describer(game_id: str) -> Callable[[dict[str, Any], str], str] | None:
    """The game's ``describe_outcome(outcome_json, lang)`` (a localized reason), if it has one."""
    mod = _game_module(game_id, "render")
    fn = getattr(mod, "describe_outcome", None) if mod is not None else None
    return fn
