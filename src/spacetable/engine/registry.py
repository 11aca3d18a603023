"""The game registry and the top-level functions of the public API.

Games are registered by explicit module name (OpenSpiel style): :data:`GAME_MODULES` lists
them, and each module exposes its game class as ``GAME``. A listed module that is not
installed yet is skipped, so games appear in :func:`list_games` as they land.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import math
from collections.abc import Mapping
from typing import Any

from .errors import RecordError, SpacetableError, UnknownGame
from .game import RECORD_FORMAT, SAVE_FORMAT, Game

#: The format of saves before the engine rebuilt them from their record.
_OLD_SAVE_FORMAT = "spacetable-save/1"

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
    if type(game_id) is not str:
        raise UnknownGame(f"a game id is a string, got {game_id!r:.60}")
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


def _read_json(text: Any, what: str) -> Any:
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise RecordError(f"not {what}: {e}") from None
    if not isinstance(text, str):
        raise RecordError(f"not {what}: expected JSON text, got {type(text).__name__}")
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError) as e:
        raise RecordError(f"not {what}: {e}") from None


def _read_save(text: Any) -> dict[str, Any]:
    data = _read_json(text, "a saved game")
    if not isinstance(data, dict):
        raise RecordError("not a saved game: the JSON is not an object")
    fmt = data.get("format")
    if fmt == _OLD_SAVE_FORMAT:
        raise RecordError(
            f"this save was written by an older version ({fmt}); `replay` rebuilds it "
            "from the record it carries"
        )
    if fmt != SAVE_FORMAT:
        raise RecordError(f"not a saved game (format must be {SAVE_FORMAT!r}, got {fmt!r})")
    return data


def load(text: str | bytes) -> Game:
    """Restore a game saved with :meth:`Game.to_json`, treating the file as untrusted.

    The game is rebuilt from the record the save carries (seed, options, every decision,
    each checked again as it is applied), then the save's stored state is compared with the
    rebuilt one: a save whose state differs is refused with a :class:`RecordError` that names
    the first field that differs. Whatever the text holds, only ``ValueError`` subclasses
    are raised. See :func:`load_trusted` for the server's own snapshots.
    """
    data = _read_save(text)
    if data.get("log_filter") is not None:
        raise RecordError(
            "this save is a determinized copy (a hypothetical state for one seat): it has no "
            "record to rebuild it from; only load_trusted reads it"
        )
    g = replay(as_record(data))
    stored = {k: v for k, v in data.items() if k != "meta"}
    rebuilt = g.to_json()  # written with the same settings as _canonical
    try:
        same = _canonical(stored) == rebuilt
        where = None if same else _difference(json.loads(rebuilt), stored, "")
    except RecursionError:
        raise RecordError("the save's stored state is nested too deeply") from None
    if not same:
        raise RecordError(f"the save's stored state differs from its record at {where or '/'}")
    return g


def load_trusted(text: str | bytes) -> Game:
    """Trusted fast path: restore a save's stored state without replaying its record.

    Only for snapshots that this program wrote itself and kept where nobody else can change
    them (a server's own database); a damaged or forged save loaded this way may break later.
    Raises only :class:`RecordError` on a save it cannot read.
    """
    data = _read_save(text)
    game = data.get("game")
    if type(game) is not str:
        raise RecordError(f"save: 'game' must be a string, got {game!r}")
    return game_class(game).from_save(data)


def save_meta(text: str | bytes) -> dict[str, Any]:
    """The client's ``meta`` mapping of a save (``{}`` if it has none); see ``to_json``."""
    meta = _read_save(text).get("meta", {})
    if not isinstance(meta, dict):
        raise RecordError(f"save: 'meta' must be an object, got {type(meta).__name__}")
    return meta


def _canonical(obj: Any) -> str:
    """JSON text as :meth:`Game.to_json` writes it (so the two compare as text)."""
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _difference(want: Any, got: Any, path: str) -> str | None:
    """The path of the first place where ``got`` differs from ``want`` (types included)."""
    if type(want) is not type(got):
        return path or "/"
    if isinstance(want, dict):
        for k in sorted(set(want) | set(got), key=str):
            sub = f"{path}/{k}"
            if k not in want or k not in got:
                return sub
            d = _difference(want[k], got[k], sub)
            if d is not None:
                return d
        return None
    if isinstance(want, list):
        for i, (a, b) in enumerate(zip(want, got, strict=False)):
            d = _difference(a, b, f"{path}/{i}")
            if d is not None:
                return d
        return (
            f"{path} (length {len(got)}, expected {len(want)})" if len(want) != len(got) else None
        )
    return None if want == got else (path or "/")


def _int(v: Any, what: str) -> int:
    if type(v) is not int:
        raise RecordError(f"{what} must be an integer, got {v!r:.60}")
    return v


def _number(v: Any, what: str) -> float:
    if type(v) not in (int, float) or not math.isfinite(v):
        raise RecordError(f"{what} must be a finite number, got {v!r:.60}")
    return float(v)


def replay(record: Mapping[str, Any] | str | bytes, upto: int | None = None) -> Game:
    """Rebuild a game from :meth:`Game.record` (a dict or its JSON text) or from a save.

    ``upto`` stops after that many entries. Every action is checked again as it is applied,
    and every entry's clock must be the game's clock when it is applied. Whatever the record
    holds, only ``ValueError`` subclasses (:class:`RecordError` mostly) are raised.
    """
    if isinstance(record, (str, bytes, bytearray)):
        record = _read_json(record, "a record")
    if isinstance(record, Mapping) and record.get("format") in (SAVE_FORMAT, _OLD_SAVE_FORMAT):
        record = as_record(record)
    if not isinstance(record, Mapping) or record.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a record (format must be {RECORD_FORMAT!r})")
    if upto is not None:
        _int(upto, "upto")
    missing = [k for k in ("game", "players", "seed", "options", "entries") if k not in record]
    if missing:
        raise RecordError(f"record lacks {', '.join(map(repr, missing))}")
    game, options, entries = record["game"], record["options"], record["entries"]
    if type(game) is not str:
        raise RecordError(f"record: 'game' must be a string, got {game!r:.60}")
    players = _int(record["players"], "record: 'players'")
    seed = _int(record["seed"], "record: 'seed'")
    if not isinstance(options, Mapping):
        raise RecordError(f"record: 'options' must be an object, got {options!r:.60}")
    if not isinstance(entries, list):
        raise RecordError(f"record: 'entries' must be a list, got {type(entries).__name__}")
    g = new_game(game, players, seed, options)
    for i, entry in enumerate(entries[:upto] if upto is not None else entries):
        where = f"record entry {i}"
        if not isinstance(entry, Mapping):
            raise RecordError(f"{where} must be an object, got {entry!r:.60}")
        try:
            if "advance" in entry:
                if not g.realtime:
                    raise RecordError(f"{where}: {game} is not a real-time game, nothing advances")
                if set(entry) != {"advance", "clock"}:
                    raise RecordError(f"{where}: an advance has the keys 'advance' and 'clock'")
                g.advance(_number(entry["advance"], f"{where}: 'advance'"))
                clock = _number(entry["clock"], f"{where}: 'clock'")
            else:
                keys = {"seat", "action", "clock"} if g.realtime else {"seat", "action"}
                if set(entry) != keys:
                    raise RecordError(
                        f"{where}: an action entry has the keys {sorted(keys)}, got "
                        f"{sorted(map(str, entry))}"
                    )
                clock = _number(entry["clock"], f"{where}: 'clock'") if g.realtime else 0.0
                if g.realtime and clock != g.clock:
                    raise RecordError(f"{where}: clock {clock} but the game is at {g.clock}")
                act = entry["action"]
                if not isinstance(act, Mapping):
                    raise RecordError(f"{where}: 'action' must be an object, got {act!r:.60}")
                g.apply(_int(entry["seat"], f"{where}: 'seat'"), act)
                continue
        except RecordError:
            raise
        except (ValueError, SpacetableError) as err:
            raise RecordError(f"{where} does not replay: {err}") from err
        if clock != g.clock:
            raise RecordError(f"{where}: clock {clock} but the game reached {g.clock}")
    return g


def as_record(save: Mapping[str, Any]) -> dict[str, Any]:
    """The record of a saved game (a save carries its seed and its whole history)."""
    missing = [k for k in ("game", "players", "seed", "options", "history") if k not in save]
    if missing:
        raise RecordError(f"save lacks {', '.join(map(repr, missing))}")
    return {
        "format": RECORD_FORMAT,
        "game": save["game"],
        "rules_version": save.get("rules_version"),
        "players": save["players"],
        "seed": save["seed"],
        "options": save["options"],
        "entries": save["history"],
    }
