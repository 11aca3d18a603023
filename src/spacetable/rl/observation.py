"""Observation tensors: a fixed-shape float32 vector per game, player count and options,
built from one seat's view alone.

:func:`observe` reads ``game.view(seat)`` and nothing else of the game (its player count
and options are public settings), so a tensor never holds what the seat may not know: the
view already leaves it out, and ``observe(game, seat) == observe(game.determinize(seat,
rng), seat)`` (tested). Each game has an :class:`Encoder` (``spacetable.rl.encoders``) that
writes named blocks through a :class:`Builder`; the blocks make the layout
(:func:`observation_layout`), which ``docs/rl.md`` prints as a table of slices. Every layout
starts with the blocks of :func:`encode_common` (``to_act``, ``is_over``).

Conventions shared by every encoder:

* seats are *relative*: block entry ``k`` of a per-seat block is the seat ``k`` places after
  the observing seat (``(seat + k) % players``); entry 0 is always the observing seat;
* every value lies in ``[0, 1]``: flags and one-hots are 0 or 1, counts and numbers are
  divided by a documented scale and clipped to 1;
* an absent thing (no card, no pending decision) is all zeros in its block.

A list longer than its block's capacity raises :class:`ObservationError` (a bug in the
capacity, never silently cut).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from spacetable.engine import Game, SpacetableError, game_info, new_game

__all__ = [
    "Block",
    "Builder",
    "Encoder",
    "ObservationError",
    "encoder_for",
    "observation_layout",
    "observation_shape",
    "observe",
    "observe_view",
]

Array = npt.NDArray[np.float32]


class ObservationError(SpacetableError, ValueError):
    """A view that does not fit its game's tensor layout (an unknown game, or a list longer
    than its block's capacity)."""


@dataclass(frozen=True, slots=True)
class Block:
    """One named slice of an observation vector: ``vector[start:stop]``."""

    name: str
    start: int
    stop: int
    doc: str

    @property
    def size(self) -> int:
        return self.stop - self.start


class Builder:
    """Collects the blocks of one observation, in order. Every method appends one block of
    a fixed size and returns nothing; values are clipped to ``[0, 1]``."""

    __slots__ = ("_parts", "_pos", "blocks")

    def __init__(self) -> None:
        self._parts: list[Array] = []
        self.blocks: list[Block] = []
        self._pos = 0

    def _add(self, name: str, arr: Array, doc: str) -> None:
        n = arr.shape[0]
        if n == 0:  # a block these settings do not have (no transport probe, say)
            return
        self._parts.append(arr)
        self.blocks.append(Block(name, self._pos, self._pos + n, doc))
        self._pos += n

    def vector(self) -> Array:
        """The observation: every block, concatenated (float32, values in [0, 1])."""
        if not self._parts:
            return np.zeros(0, dtype=np.float32)
        out = np.concatenate(self._parts)
        np.clip(out, 0.0, 1.0, out=out)
        return out

    # ------------------------------------------------------------------ block kinds
    def flag(self, name: str, value: Any, doc: str) -> None:
        """One entry: 1 if ``value`` is true."""
        self._add(name, np.array([1.0 if value else 0.0], dtype=np.float32), doc)

    def flags(self, name: str, values: Sequence[Any], size: int, doc: str) -> None:
        """``size`` entries, entry ``i`` 1 if ``values[i]`` is true (missing ones 0)."""
        arr = np.zeros(size, dtype=np.float32)
        self._fit(name, len(values), size)
        for i, v in enumerate(values):
            if v:
                arr[i] = 1.0
        self._add(name, arr, doc)

    def scalar(self, name: str, value: float | None, scale: float, doc: str) -> None:
        """One entry: ``value / scale`` (clipped to [0, 1]; ``None`` is 0)."""
        v = 0.0 if value is None else float(value) / scale
        self._add(name, np.array([v], dtype=np.float32), doc)

    def scalars(
        self, name: str, values: Sequence[float | None], size: int, scale: float, doc: str
    ) -> None:
        """``size`` entries ``values[i] / scale`` (missing or ``None`` ones 0)."""
        self._fit(name, len(values), size)
        arr = np.zeros(size, dtype=np.float32)
        for i, v in enumerate(values):
            if v is not None:
                arr[i] = float(v) / scale
        self._add(name, arr, doc)

    def one_hot(self, name: str, index: int | None, size: int, doc: str) -> None:
        """``size`` entries, 1 at ``index`` (``None``: all 0)."""
        arr = np.zeros(size, dtype=np.float32)
        if index is not None:
            if not 0 <= index < size:
                raise ObservationError(f"block {name!r}: index {index} outside 0..{size - 1}")
            arr[index] = 1.0
        self._add(name, arr, doc)

    def multi_hot(self, name: str, indices: Iterable[int], size: int, doc: str) -> None:
        """``size`` entries, 1 at each of ``indices``."""
        arr = np.zeros(size, dtype=np.float32)
        for i in indices:
            if not 0 <= i < size:
                raise ObservationError(f"block {name!r}: index {i} outside 0..{size - 1}")
            arr[i] = 1.0
        self._add(name, arr, doc)

    def counts(self, name: str, indices: Iterable[int], size: int, scale: float, doc: str) -> None:
        """``size`` entries: how many times each index occurs, divided by ``scale``."""
        arr = np.zeros(size, dtype=np.float32)
        for i in indices:
            if not 0 <= i < size:
                raise ObservationError(f"block {name!r}: index {i} outside 0..{size - 1}")
            arr[i] += 1.0
        if scale != 1:
            arr /= scale
        self._add(name, arr, doc)

    def raw(self, name: str, arr: Array, doc: str) -> None:
        """A block the encoder filled itself (a grid of features, say)."""
        self._add(name, np.asarray(arr, dtype=np.float32).reshape(-1), doc)

    @staticmethod
    def _fit(name: str, n: int, size: int) -> None:
        if n > size:
            raise ObservationError(f"block {name!r}: {n} values for {size} entries")


class Encoder(Protocol):
    """Turns one seat's view of a game into blocks. It reads the view only (plus the public
    settings: player count and options)."""

    game_id: str

    def encode(
        self, view: Mapping[str, Any], players: int, options: Mapping[str, Any], b: Builder
    ) -> None: ...


def rel(seat: int, other: int, players: int) -> int:
    """The relative position of ``other`` seen from ``seat`` (0: itself)."""
    return (other - seat) % players


def encoder_for(game_id: str) -> Encoder:
    """The encoder of game ``game_id``; :class:`ObservationError` if it has none."""
    from .encoders import ENCODERS

    enc = ENCODERS.get(game_id)
    if enc is None:
        known = ", ".join(sorted(ENCODERS))
        raise ObservationError(f"no observation encoder for game {game_id!r}; known: {known}")
    return enc


def observe_view(
    game_id: str, view: Mapping[str, Any], players: int, options: Mapping[str, Any]
) -> Array:
    """The observation of a view (a seat's ``game.view(seat)``), without its game."""
    if view.get("seat") is None:
        raise ObservationError("observations are per seat; a spectator's view has no seat")
    enc = encoder_for(game_id)
    b = Builder()
    encode_common(view, players, b)
    enc.encode(view, players, options, b)
    return b.vector()


def encode_common(view: Mapping[str, Any], players: int, b: Builder) -> None:
    """The blocks every game starts with, from the fields the engine adds to every view."""
    seat = view["seat"]
    b.multi_hot(
        "to_act",
        [rel(seat, s, players) for s in view["to_act"]],
        players,
        "the seats that may act now (relative; entry 0: the seat itself)",
    )
    b.flag("is_over", view["is_over"], "the game is over")


def observe(game: Game, seat: int) -> Array:
    """The observation tensor of ``seat``: float32, shape :func:`observation_shape` of the
    game's settings, from ``game.view(seat)`` alone."""
    if not 0 <= seat < game.players:
        raise ObservationError(f"seat {seat} outside 0..{game.players - 1}")
    out = observe_view(game.game_id, game.view(seat), game.players, game.options)
    shape = observation_shape(game.game_id, game.players, game.options)
    if out.shape != shape:  # the capacities are fixed by the settings: never happens
        raise ObservationError(f"{game.game_id}: observation of shape {out.shape}, not {shape}")
    return out


_LAYOUTS: dict[tuple[str, int, tuple[tuple[str, Any], ...]], tuple[Block, ...]] = {}


def _key(
    game_id: str, players: int, options: Mapping[str, Any] | None
) -> tuple[str, int, tuple[tuple[str, Any], ...]]:
    return (game_id, players, tuple(sorted((options or {}).items())))


def observation_layout(
    game_id: str, players: int, options: Mapping[str, Any] | None = None
) -> tuple[Block, ...]:
    """The blocks of the observations of ``game_id`` with these settings, in order."""
    key = _key(game_id, players, options)
    blocks = _LAYOUTS.get(key)
    if blocks is None:
        game_info(game_id)  # UnknownGame for a game that does not exist
        encoder_for(game_id)  # a game without an encoder is refused before one is built
        g = new_game(game_id, players=players, seed=0, options=dict(options or {}))
        b = Builder()
        view = g.view(0)
        encode_common(view, g.players, b)
        encoder_for(game_id).encode(view, g.players, g.options, b)
        blocks = tuple(b.blocks)
        _LAYOUTS[key] = blocks
        # the full settings (defaults filled in) share the layout
        _LAYOUTS[_key(game_id, players, g.options)] = blocks
    return blocks


def observation_shape(
    game_id: str, players: int, options: Mapping[str, Any] | None = None
) -> tuple[int, ...]:
    """The shape of every observation of ``game_id`` with these settings: ``(size,)``."""
    blocks = observation_layout(game_id, players, options)
    return (blocks[-1].stop if blocks else 0,)
