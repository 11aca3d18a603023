"""Game records as JSON Lines: what ``simulate --record DIR`` and ``tournament --record DIR``
write, and what ``spacetable shards`` and ``spacetable replay --line N`` read.

One line per game, in game order (whatever order the workers finish in): the game's
:meth:`~spacetable.engine.Game.record` (replayable as it is with :func:`spacetable.replay`,
which ignores the extra field) plus a ``meta`` field: the game's index in the run, each
seat's bot and bot seed, and the outcome.

**A record reveals everything.** It holds the game's seed, from which every shuffle and
every hidden card follows: records are for training and archives, never for a player while
the game runs. Training shards (:mod:`spacetable.rl.shards`) are built from them without
hidden information.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import TracebackType
from typing import IO, Any, Self

from spacetable.engine import RecordError

__all__ = ["RecordWriter", "read_record_line", "read_records", "record_file"]

#: The extension of a records file.
SUFFIX = ".jsonl"


def record_file(
    directory: str | os.PathLike[str],
    command: str,
    game: str,
    players: int,
    seed: int,
    tag: str = "",
) -> Path:
    """The file a run writes its records to in ``directory``:
    ``<command>-<game>-<players>p-seed<seed>[-<tag>].jsonl``.

    The directory is created if needed. Raises ValueError, before any game is played, when
    the file exists already (records are never overwritten nor mixed) or cannot be written.
    """
    d = Path(directory)
    if d.exists() and not d.is_dir():
        raise ValueError(f"--record: {d} is a file, not a directory")
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ValueError(f"--record: cannot create the directory {d}: {e.strerror or e}") from e
    name = f"{command}-{game}-{players}p-seed{seed}{'-' + tag if tag else ''}{SUFFIX}"
    path = d / name
    if path.exists():
        raise ValueError(
            f"--record: {path} exists already; records are never overwritten (remove it or "
            "choose another directory)"
        )
    return path


class RecordWriter:
    """Writes records to a new ``.jsonl`` file in the order of their index.

    :meth:`add` takes the records in any order (as workers finish); a record is written as
    soon as every record before it has been, so the file is the same for every backend.
    """

    def __init__(self, path: str | os.PathLike[str], first: int = 0) -> None:
        self.path = Path(path)
        try:
            self._out: IO[str] | None = self.path.open("x", encoding="utf-8")
        except OSError as e:
            raise ValueError(f"--record: cannot write {self.path}: {e.strerror or e}") from e
        self._next = first
        self._waiting: dict[int, str] = {}
        self.written = 0

    def add(self, index: int, record: Mapping[str, Any]) -> None:
        """Queue the record of game ``index``; write every record now in order."""
        if self._out is None:
            raise ValueError(f"{self.path}: the writer is closed")
        if index < self._next or index in self._waiting:
            raise ValueError(f"record {index} given twice")
        self._waiting[index] = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        while self._next in self._waiting:
            self._out.write(self._waiting.pop(self._next) + "\n")
            self._next += 1
            self.written += 1

    def close(self) -> None:
        """Flush and close; records still waiting for an earlier one are an error."""
        if self._out is None:
            return
        out, self._out = self._out, None
        out.close()
        if self._waiting:
            missing = self._next
            raise ValueError(f"{self.path}: record {missing} never came; the file stops before it")

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        err: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if kind is None:
            self.close()
        elif self._out is not None:  # a failed run: keep what was written, in order
            self._out.close()
            self._out = None


def _files(path: Path) -> list[Path]:
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.suffix == SUFFIX and p.is_file())
        if not files:
            raise ValueError(f"{path}: no {SUFFIX} records file in this directory")
        return files
    if not path.is_file():
        raise ValueError(f"{path}: no such records file or directory")
    return [path]


def _parse(line: str, where: str) -> dict[str, Any]:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as e:
        raise RecordError(f"{where}: not JSON: {e}") from e
    if not isinstance(data, dict):
        raise RecordError(f"{where}: a record is a JSON object, got {type(data).__name__}")
    return data


def read_records(path: Path | str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every record of a ``.jsonl`` file, or of every ``.jsonl`` file of a directory (in
    name order), as ``("FILE:LINE", record)``; blank lines are skipped. Raises ValueError
    (:class:`~spacetable.engine.RecordError` for a bad line) naming the file and line."""
    for f in _files(Path(path)):
        try:
            with f.open(encoding="utf-8") as fh:
                for n, line in enumerate(fh, 1):
                    if line.strip():
                        yield f"{f}:{n}", _parse(line, f"{f}:{n}")
        except (OSError, UnicodeDecodeError) as e:
            raise ValueError(f"{f}: cannot read: {e}") from e


def read_record_line(path: Path | str, line: int) -> dict[str, Any]:
    """The record on line ``line`` (1 for the first) of a ``.jsonl`` file."""
    p = Path(path)
    if line < 1:
        raise ValueError(f"--line counts from 1, got {line}")
    try:
        with p.open(encoding="utf-8") as fh:
            for n, text in enumerate(fh, 1):
                if n == line:
                    if not text.strip():
                        raise ValueError(f"{p}:{n} is blank")
                    return _parse(text, f"{p}:{n}")
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"{p}: cannot read: {e}") from e
    raise ValueError(f"{p} has fewer than {line} lines")
