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
import os
from collections.abc import Mapping
from typing import Any

from .dataset import Component, DataSet
from .errors import DataError, RecordError, SpacetableError, UnknownGame
from .game import RECORD_FORMAT, SAVE_FORMAT, Game, check_data

#: What the API accepts as a game's data: a data set, a directory of tables, or ``None``
#: (the shipped data).
DataArg = DataSet[Any] | str | os.PathLike[str] | None

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


def load_data(game_id: str, directory: str | os.PathLike[str] | None = None) -> DataSet[Any]:
    """A game's data: the shipped tables, or a directory of corrected tables (files it lacks
    are the shipped ones). Raises :class:`DataError` naming the file, the row and the field."""
    cls = game_class(game_id)
    spec = cls.data_spec
    if spec is None:
        raise DataError(f"{game_id} has no data tables")
    if directory is None:
        return spec.shipped(game_id)
    return spec.from_directory(game_id, directory)


def _data(game_id: str, data: DataArg) -> DataSet[Any] | None:
    if data is None or isinstance(data, DataSet):
        return data
    if isinstance(data, (str, os.PathLike)):
        return load_data(game_id, data)
    raise DataError(f"data must be a data set or a directory, got {type(data).__name__}")


def components(game_id: str, lang: str = "en", data: DataArg = None) -> list[dict[str, Any]]:
    """Every component of a game (its cards, tiles, boards...) with its rules text in ``lang``
    (``en`` or ``fr``), from the shipped data or ``data``."""
    ds = _data(game_id, data) or load_data(game_id)
    return [c.to_json() for c in ds.components(lang)]


def component_text(game_id: str, ident: str, lang: str = "en", data: DataArg = None) -> Component:
    """One component of a game by its id (``kind:key``, as views and :func:`components`
    name it)."""
    ds = _data(game_id, data) or load_data(game_id)
    return ds.component(ident, lang)


def new_game(
    game_id: str,
    players: int,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    data: DataArg = None,
) -> Game:
    """A new game. A bad player count, an unknown option or a bad value raises ValueError.

    ``data`` is a :class:`DataSet` or a directory of corrected tables (the shipped data by
    default); a broken table raises :class:`DataError` naming the file, the row and the field.
    """
    return game_class(game_id)(players, seed, options, _data(game_id, data))


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


def load(text: str | bytes, data: DataArg = None) -> Game:
    """Restore a game saved with :meth:`Game.to_json`, treating the file as untrusted.

    The game is rebuilt from the record the save carries (seed, options, every decision,
    each checked again as it is applied), then the save's stored state is compared with the
    rebuilt one: a save whose state differs is refused with a :class:`RecordError` that names
    the first field that differs. Whatever the text holds, only ``ValueError`` subclasses
    are raised. See :func:`load_trusted` for the server's own snapshots. ``data`` is the
    data the game was played with (the shipped data by default): a save made with other
    data is refused.
    """
    save = _read_save(text)
    if save.get("log_filter") is not None:
        raise RecordError(
            "this save is a determinized copy (a hypothetical state for one seat): it has no "
            "record to rebuild it from; only load_trusted reads it"
        )
    g = replay(as_record(save), data=data)
    stored = {k: v for k, v in save.items() if k != "meta"}
    if g.data is not None:  # same digest (checked by replay); the name may differ
        stored["data"] = g.data.label()
    stored.setdefault("undo_floor", g._undo_floor)  # a save written before undo
    rebuilt = g.to_json()  # written with the same settings as _canonical
    try:
        same = _canonical(stored) == rebuilt
        where = None if same else _difference(json.loads(rebuilt), stored, "")
    except RecursionError:
        raise RecordError("the save's stored state is nested too deeply") from None
    if not same:
        raise RecordError(f"the save's stored state differs from its record at {where or '/'}")
    return g


def load_trusted(text: str | bytes, data: DataArg = None) -> Game:
    """Trusted fast path: restore a save's stored state without replaying its record.

    Only for snapshots that this program wrote itself and kept where nobody else can change
    them (a server's own database); a damaged or forged save loaded this way may break later.
    ``data`` is the data the game was played with (the shipped data by default). Raises only
    :class:`RecordError` on a save it cannot read.
    """
    save = _read_save(text)
    game = save.get("game")
    if type(game) is not str:
        raise RecordError(f"save: 'game' must be a string, got {game!r}")
    return game_class(game).from_save(save, _data(game, data))


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


def replay(
    record: Mapping[str, Any] | str | bytes, upto: int | None = None, data: DataArg = None
) -> Game:
    """Rebuild a game from :meth:`Game.record` (a dict or its JSON text) or from a save.

    ``upto`` stops after that many entries. Every action is checked again as it is applied,
    and every entry's clock must be the game's clock when it is applied. Whatever the record
    holds, only ``ValueError`` subclasses (:class:`RecordError` mostly) are raised.
    ``data`` is the data the game was played with (the shipped data by default): a record
    made with other data (its ``data`` digest) is refused.
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
    dataset = _data(game, data)
    g = new_game(game, players, seed, options, dataset)
    check_data(record.get("data"), g.data, "record")
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
        "data": save.get("data"),
        "entries": save["history"],
    }
