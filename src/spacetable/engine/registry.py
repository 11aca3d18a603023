"""The game registry and the top-level functions of the public API.

Games are registered by explicit module name (OpenSpiel style): :data:`GAME_MODULES` lists
them, and each module exposes its game class as ``GAME``. A listed module that is not
installed yet is skipped, so games appear in :func:`list_games` as they land.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
from collections.abc import Mapping
from typing import Any

from .errors import RecordError, UnknownGame
from .game import RECORD_FORMAT, SAVE_FORMAT, Game

GAME_MODULES: tuple[str, ...] = (
    "spacetable.games.planetraiders",
    "spacetable.games.quazarys",
    "spacetable.games.spacedealer",
    "spacetable.games.tortuga2199",
    "spacetable.games.wildspace",
)

_registry: dict[str, type[Game]] = {}
_broken: dict[str, Exception] = {}
_loaded = False


def register(cls: type[Game]) -> type[Game]:
    """Register a game class under ``cls.info.id`` (also usable as a decorator)."""
    _registry[cls.info.id] = cls
    return cls


def unregister(game_id: str) -> None:
    _registry.pop(game_id, None)


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for mod in GAME_MODULES:
        try:
            found = importlib.util.find_spec(mod) is not None
        except ModuleNotFoundError:
            found = False
        if not found:
            continue
        game_id = mod.rsplit(".", 1)[1]
        try:
            cls = importlib.import_module(mod).GAME
        except Exception as e:  # a broken game must not take the others down
            _broken[game_id] = e
            continue
        register(cls)


def broken_games() -> dict[str, Exception]:
    """Listed game modules that are present but failed to import (a test asserts none)."""
    _load_all()
    return dict(_broken)


def list_games() -> list[str]:
    """Ids of every registered game, sorted."""
    _load_all()
    return sorted(_registry)


def game_class(game_id: str) -> type[Game]:
    _load_all()
    if game_id in _broken:
        raise UnknownGame(f"game {game_id!r} failed to import: {_broken[game_id]!r}")
    try:
        return _registry[game_id]
    except KeyError:
        raise UnknownGame(
            f"unknown game {game_id!r}; known: {', '.join(sorted(_registry)) or 'none'}"
        ) from None


def game_info(game_id: str) -> dict[str, Any]:
    """Names (fr/en), player counts, options (defaults and allowed values), realtime..."""
    return game_class(game_id).info.to_json()


def new_game(
    game_id: str,
    players: int,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> Game:
    """A new game. A bad player count, an unknown option or a bad value raises ValueError."""
    return game_class(game_id)(players, seed, options)


def load(text: str) -> Game:
    """Restore a game saved with :meth:`Game.to_json`."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as e:
        raise RecordError(f"not a saved game: {e}") from e
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise RecordError(f"not a saved game (format must be {SAVE_FORMAT!r})")
    return game_class(data["game"]).from_save(data)


def replay(record: Mapping[str, Any] | str, upto: int | None = None) -> Game:
    """Rebuild a game from :meth:`Game.record` (a dict or its JSON text) or from a save.

    ``upto`` stops after that many entries. Every action is checked again as it is applied.
    """
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as e:
            raise RecordError(f"not a record: {e}") from e
    if isinstance(record, Mapping) and record.get("format") == SAVE_FORMAT:
        record = as_record(record)
    if not isinstance(record, Mapping) or record.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a record (format must be {RECORD_FORMAT!r})")
    try:
        g = new_game(record["game"], record["players"], record["seed"], record["options"])
        entries = record["entries"]
    except KeyError as e:
        raise RecordError(f"record lacks {e}") from e
    for i, entry in enumerate(entries[:upto] if upto is not None else entries):
        try:
            if "advance" in entry:
                g.advance(entry["advance"])
            else:
                g.apply(entry["seat"], entry["action"])
        except ValueError as err:
            raise RecordError(f"record entry {i} does not replay: {err}") from err
    return g


def as_record(save: Mapping[str, Any]) -> dict[str, Any]:
    """The record of a saved game (a save carries its seed and its whole history)."""
    try:
        return {
            "format": RECORD_FORMAT,
            "game": save["game"],
            "rules_version": save.get("rules_version"),
            "players": save["players"],
            "seed": save["seed"],
            "options": save["options"],
            "entries": save["history"],
        }
    except KeyError as e:
        raise RecordError(f"save lacks {e}") from e
