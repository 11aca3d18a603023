"""Training shards from game records: one row per decision, from the deciding seat's view.

``spacetable simulate --record DIR`` and ``tournament --record DIR`` write every game's
record (:mod:`spacetable.records`). :func:`write_shards` replays them and, before each
decision, stores for the seat that decides:

========== ============== ====================================================================
array      dtype, shape   meaning
========== ============== ====================================================================
``obs``    float32 (N, D) :func:`~spacetable.rl.observe` of the seat *before* its decision
``mask``   bool (N, A)    the seat's legal actions then (``game.legal_mask(seat)``)
``action`` int64 (N,)     the index of the action taken (``game.action_space.to_index``)
``reward`` float32 (N,)   the seat's reward at the end of that game (``outcome().payoffs(r)``
                          under the reward scheme ``r`` chosen, the manifest's ``reward``)
``seat``   int16 (N,)     the deciding seat
``bot``    int16 (N,)     the deciding seat's bot: an index into the manifest's ``bots`` (-1:
                          the record does not say)
``game``   int64 (N,)     the game's number in this data set (0, 1, ... in input order)
``step``   int32 (N,)     the game's step before the decision (its record entry number)
========== ============== ====================================================================

The rows are written in shards of at most ``shard_size`` decisions, ``shard-00000.npz``,
``shard-00001.npz``... (``numpy.savez_compressed``), with a ``manifest.json`` describing the
settings (game, players, options, data), the reward scheme (``reward``: ``"rank"``, the
default, ``"win"`` or ``"score"``, as :meth:`spacetable.engine.Outcome.payoffs`), the shapes,
the observation layout (block names and slices), the bot kinds met (``bots``, in order of
appearance) and each shard's file and row count. A game is never split across shards.

**Seats are not bots.** ``simulate`` and ``tournament`` rotate their bots over the seats
from game to game, so seat 0 is not the same bot in every game: the bot of each row is read
from its record's ``meta`` (``seats[k].bot``, the kind at seat ``k`` in that game), never
inferred from the seat. A record without ``meta`` (a game saved by the web app or ``play``)
gives ``-1``.

**No hidden information.** The records hold the seeds (they reveal every card), but a row
holds only what its seat knew: the observation is built from ``game.view(seat)`` alone (the
tensor of any determinization of the game for that seat is the same, which the tests check
shard by shard), the mask is the seat's own legal actions, the action is the seat's own, and
the reward is the game's public outcome. In real time, records hold the actions taken, not
the moments a bot chose to wait: a real-time row is an action, and its mask leaves out the
``wait`` index of the PettingZoo environment.

One data set has one setting (game, player count, options, data) so that every row has the
same shapes: records of other settings are refused, or skipped when ``game`` or ``players``
selects among them.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import spacetable
from spacetable.engine import DEFAULT_REWARD, DataSet, RecordError, load_data, reward_scheme

from .observation import observation_layout, observation_shape, observe

__all__ = [
    "ARRAYS",
    "MANIFEST",
    "SHARDS_FORMAT",
    "GameRows",
    "game_rows",
    "load_shards",
    "write_shards",
]

#: The ``format`` of a shards manifest (``/2`` added the ``bot`` array and the manifest's
#: ``bots``; ``/3`` the reward scheme, ``reward``; :func:`load_shards` still reads ``/1``,
#: whose rows do not say their bot, and ``/1`` and ``/2``, whose rewards are the bots'
#: ``Outcome.rewards()`` in [0, 1]: their manifest is given ``reward`` ``"unit"``).
SHARDS_FORMAT = "spacetable-shards/3"
#: The formats :func:`load_shards` reads.
READABLE_FORMATS = ("spacetable-shards/1", "spacetable-shards/2", SHARDS_FORMAT)
#: The ``reward`` given to the manifest of shards written before reward schemes.
UNIT_REWARD = "unit"
#: The manifest's file name in a shards directory.
MANIFEST = "manifest.json"
#: The arrays of every shard and their dtypes.
ARRAYS: dict[str, str] = {
    "obs": "float32",
    "mask": "bool",
    "action": "int64",
    "reward": "float32",
    "seat": "int16",
    "bot": "int16",
    "game": "int64",
    "step": "int32",
}


@dataclass(frozen=True)
class GameRows:
    """The rows of one game (see the module docstring for the arrays)."""

    obs: npt.NDArray[np.float32]
    mask: npt.NDArray[np.bool_]
    action: npt.NDArray[np.int64]
    reward: npt.NDArray[np.float32]
    seat: npt.NDArray[np.int16]
    step: npt.NDArray[np.int32]
    #: The bot kind at each seat of the game (:func:`record_bots`); empty when unknown.
    bots: tuple[str, ...] = ()

    def __len__(self) -> int:
        return int(self.action.shape[0])


def _settings(record: Mapping[str, Any]) -> tuple[str, int, str]:
    """The setting of a record: (game, players, options and data as canonical JSON)."""
    game, players = record.get("game"), record.get("players")
    if type(game) is not str or type(players) is not int:
        raise RecordError("a record names its 'game' (a string) and 'players' (an integer)")
    rest = {"options": record.get("options"), "data": record.get("data")}
    return game, players, json.dumps(rest, sort_keys=True, ensure_ascii=False)


def record_bots(record: Mapping[str, Any], players: int) -> tuple[str, ...]:
    """The bot kind at each seat of a record, from its ``meta`` as ``simulate --record`` and
    ``tournament --record`` write it: ``seats`` (``{"seat": k, "bot": kind, ...}`` for each
    seat), else ``bots`` (one kind per seat). Empty when the record has no ``meta`` or the
    meta names no bots (a game saved by the web app or ``play``). A meta that names bots
    wrongly (not one per seat) raises :class:`~spacetable.engine.RecordError`."""
    meta = record.get("meta")
    if meta is None:
        return ()
    if not isinstance(meta, Mapping):
        raise RecordError(f"a record's 'meta' is an object, got {type(meta).__name__}")
    seats, bots = meta.get("seats"), meta.get("bots")
    if seats is not None:
        if not isinstance(seats, list) or not all(isinstance(x, Mapping) for x in seats):
            raise RecordError("meta 'seats' must be a list of objects, one per seat")
        found: dict[int, str] = {}
        for x in seats:
            k, kind = x.get("seat"), x.get("bot")
            if type(k) is not int or not 0 <= k < players or k in found:
                raise RecordError(
                    f"meta 'seats': seat {k!r:.20} is not a new seat of 0..{players - 1}"
                )
            if not isinstance(kind, str) or not kind:
                raise RecordError(f"meta 'seats': seat {k} has no bot kind")
            found[k] = kind
        if len(found) != players:
            raise RecordError(f"meta 'seats' names {len(found)} seats of {players}")
        return tuple(found[k] for k in range(players))
    if bots is not None:
        if (
            not isinstance(bots, list)
            or len(bots) != players
            or not all(isinstance(b, str) and b for b in bots)
        ):
            raise RecordError(f"meta 'bots' must list one bot kind per seat ({players})")
        return tuple(bots)
    return ()


def game_rows(
    record: Mapping[str, Any], data: DataSet[Any] | None = None, reward: str = DEFAULT_REWARD
) -> GameRows:
    """Replay ``record`` (checked as :func:`spacetable.replay` checks it) and return one row
    per decision, from the deciding seat's view before it. ``data`` is the data set the game
    was played with (the shipped data by default); ``reward`` the reward scheme of the rows'
    rewards (``Outcome.payoffs``). A record of a game that is not over is refused (its rows
    would have no outcome)."""
    scheme = reward_scheme(reward)
    g = spacetable.replay(record, upto=0, data=data)
    bots = record_bots(record, g.players)
    entries = record["entries"]
    obs: list[npt.NDArray[np.float32]] = []
    masks: list[list[bool]] = []
    actions: list[int] = []
    seats: list[int] = []
    steps: list[int] = []
    space = g.action_space
    for i, entry in enumerate(entries):
        where = f"record entry {i}"
        if not isinstance(entry, Mapping):
            raise RecordError(f"{where} must be an object, got {entry!r:.60}")
        if "advance" in entry:
            try:
                g.advance(entry["advance"])
            except (ValueError, TypeError) as e:
                raise RecordError(f"{where}: {e}") from e
            continue
        seat = entry.get("seat")
        if type(seat) is not int or not 0 <= seat < g.players:
            raise RecordError(f"{where}: no seat {seat!r:.20} in a {g.players}-player game")
        try:
            act = g.parse_action(entry.get("action"))  # type: ignore[arg-type]
            obs.append(observe(g, seat))
            masks.append(g.legal_mask(seat))
            actions.append(space.to_index(act))
            seats.append(seat)
            steps.append(g.step)
            g.apply(seat, act)
        except (ValueError, TypeError) as e:
            raise RecordError(f"{where}: {e}") from e
    if g.record()["entries"] != list(entries):  # clocks, and anything apply let through
        raise RecordError("the record does not replay to itself (a clock or an entry differs)")
    if not g.is_over:
        raise RecordError(f"the game is not over after its {len(entries)} entries")
    rewards = g.outcome().payoffs(scheme)
    n = len(actions)
    d = observation_shape(g.game_id, g.players, g.options)[0]
    return GameRows(
        obs=np.stack(obs).astype(np.float32) if n else np.zeros((0, d), np.float32),
        mask=np.array(masks, dtype=np.bool_).reshape(n, space.size),
        action=np.array(actions, dtype=np.int64),
        reward=np.array([rewards[s] for s in seats], dtype=np.float32),
        seat=np.array(seats, dtype=np.int16),
        step=np.array(steps, dtype=np.int32),
        bots=bots,
    )


def _dataset(game: str, data: DataSet[Any] | str | os.PathLike[str] | None) -> DataSet[Any] | None:
    if data is None or isinstance(data, DataSet):
        return data
    return load_data(game, data)


def _check_out(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise ValueError(f"{out} is a file, not a directory")
    if out.is_dir() and any(out.iterdir()):
        raise ValueError(f"{out} is not empty; shards are written to a new or empty directory")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ValueError(f"cannot create {out}: {e.strerror or e}") from e


def write_shards(
    records: Iterable[tuple[str, Mapping[str, Any]]],
    out: str | os.PathLike[str],
    *,
    game: str | None = None,
    players: int | None = None,
    shard_size: int = 2048,
    data: DataSet[Any] | str | os.PathLike[str] | None = None,
    reward: str = DEFAULT_REWARD,
) -> dict[str, Any]:
    """Turn ``records`` (``(where, record)`` pairs, as :func:`spacetable.records.read_records`
    yields them) into shards in the new or empty directory ``out``; returns the manifest.

    ``game`` and ``players`` keep only the records of that game and player count; the
    records kept must share one setting (options and data too), else ValueError names the
    two settings met. ``data`` is the data set (or its directory) the games were played with.
    ``reward`` is the reward scheme of the ``reward`` array (``"rank"``, ``"win"`` or
    ``"score"``: ``Outcome.payoffs``); an unknown one raises
    :class:`~spacetable.engine.RewardSchemeError`.
    """
    scheme = reward_scheme(reward)
    if type(shard_size) is not int or shard_size < 1:
        raise ValueError(f"--shard-size must be a positive integer, got {shard_size!r:.40}")
    dest = Path(out)
    _check_out(dest)
    setting: tuple[str, int, str] | None = None
    first_where = ""
    first: Mapping[str, Any] | None = None
    dataset: DataSet[Any] | None = None
    pending: list[tuple[int, GameRows]] = []
    shards: list[dict[str, Any]] = []
    kinds: dict[str, int] = {}  # the bot kinds met, numbered in order of appearance
    games = decisions = skipped = 0
    sources: list[str] = []

    def flush() -> None:
        if not pending:
            return
        name = f"shard-{len(shards):05d}.npz"
        arrays = _concat(pending, kinds)
        np.savez_compressed(dest / name, **arrays)  # type: ignore[arg-type]
        shards.append({"file": name, "decisions": int(arrays["action"].shape[0])})
        pending.clear()

    rows_waiting = 0
    for where, record in records:
        if not isinstance(record, Mapping):
            raise RecordError(f"{where}: a record is a JSON object")
        try:
            s = _settings(record)
        except RecordError as e:
            raise RecordError(f"{where}: {e}") from e
        if (game is not None and s[0] != game) or (players is not None and s[1] != players):
            skipped += 1
            continue
        if setting is None:
            setting, first_where, first = s, where, record
            dataset = _dataset(s[0], data)
        elif s != setting:
            raise ValueError(
                f"{where}: {s[0]}, {s[1]} players, {s[2]} differs from {first_where}: "
                f"{setting[0]}, {setting[1]} players, {setting[2]}; one data set holds one "
                "setting (select with --game and --players, or split the records)"
            )
        try:
            rows = game_rows(record, dataset, scheme)
        except ValueError as e:
            raise RecordError(f"{where}: {e}") from e
        file = where.rsplit(":", 1)[0]
        if not sources or sources[-1] != file:
            sources.append(file)
        if rows_waiting and rows_waiting + len(rows) > shard_size:
            flush()
            rows_waiting = 0
        for kind in rows.bots:
            kinds.setdefault(kind, len(kinds))
        pending.append((games, rows))
        rows_waiting += len(rows)
        games += 1
        decisions += len(rows)
    if setting is None or first is None:
        what = "" if game is None and players is None else " of the game and players asked"
        raise ValueError(f"no record{what} to turn into shards ({skipped} skipped)")
    flush()
    g = spacetable.replay(first, upto=0, data=dataset)
    manifest: dict[str, Any] = {
        "format": SHARDS_FORMAT,
        "game": g.game_id,
        "players": g.players,
        "options": dict(g.options),
        "data": g.data.label() if g.data is not None else None,
        "reward": scheme,
        "games": games,
        "decisions": decisions,
        "skipped_records": skipped,
        "observation_shape": list(observation_shape(g.game_id, g.players, g.options)),
        "action_size": g.action_space.size,
        "arrays": ARRAYS,
        "bots": list(kinds),
        "layout": [
            {"name": b.name, "start": b.start, "stop": b.stop}
            for b in observation_layout(g.game_id, g.players, g.options)
        ],
        "shards": shards,
        "sources": [Path(f).name for f in sources],
        "hidden_information": False,
    }
    (dest / MANIFEST).write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")
    return manifest


def _bot_column(rows: GameRows, kinds: Mapping[str, int]) -> npt.NDArray[np.int16]:
    """Each row's bot: the index in ``kinds`` of the kind at its seat, -1 when unknown."""
    if not rows.bots:
        return np.full(len(rows), -1, dtype=np.int16)
    at_seat = np.array([kinds[b] for b in rows.bots], dtype=np.int16)
    return at_seat[rows.seat.astype(np.intp)]


def _concat(
    parts: Sequence[tuple[int, GameRows]], kinds: Mapping[str, int]
) -> dict[str, npt.NDArray[Any]]:
    return {
        "obs": np.concatenate([r.obs for _, r in parts]),
        "mask": np.concatenate([r.mask for _, r in parts]),
        "action": np.concatenate([r.action for _, r in parts]),
        "reward": np.concatenate([r.reward for _, r in parts]),
        "seat": np.concatenate([r.seat for _, r in parts]),
        "bot": np.concatenate([_bot_column(r, kinds) for _, r in parts]),
        "game": np.concatenate([np.full(len(r), k, dtype=np.int64) for k, r in parts]),
        "step": np.concatenate([r.step for _, r in parts]),
    }


def load_shards(directory: str | os.PathLike[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The manifest and every array of a shards directory (all shards concatenated).

    Shards of the first format (``spacetable-shards/1``) have no ``bot`` array: it is given
    as ``-1`` (unknown) for every row, and the manifest's ``bots`` as empty. Shards of the
    formats ``/1`` and ``/2`` hold the bots' rewards in [0, 1] (``Outcome.rewards()``): their
    manifest's ``reward`` is given as ``"unit"``."""
    d = Path(directory)
    try:
        manifest = json.loads((d / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise ValueError(f"{d}: no readable {MANIFEST}: {e}") from e
    if not isinstance(manifest, dict) or manifest.get("format") not in READABLE_FORMATS:
        raise ValueError(f"{d / MANIFEST}: not a shards manifest (format {SHARDS_FORMAT!r})")
    old = manifest["format"] == READABLE_FORMATS[0]
    parts: dict[str, list[npt.NDArray[Any]]] = {k: [] for k in ARRAYS}
    for shard in manifest["shards"]:
        with np.load(d / shard["file"]) as z:
            for k in ARRAYS:
                if k == "bot" and old:
                    parts[k].append(np.full(z["action"].shape[0], -1, dtype=np.int16))
                else:
                    parts[k].append(z[k])
    arrays = {k: np.concatenate(v) for k, v in parts.items()}
    if old:
        manifest.setdefault("bots", [])
    manifest.setdefault("reward", UNIT_REWARD)
    return manifest, arrays
