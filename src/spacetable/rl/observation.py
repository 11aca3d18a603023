"""Observation tensors: a fixed-shape float32 vector per game, player count and options,
built from one seat's view alone.

:func:`observe` holds what ``game.view(seat)`` holds and nothing else of the game (its
player count and options are public settings), so a tensor never holds what the seat may not
know: the view already leaves it out, and ``observe(game, seat) ==
observe(game.determinize(seat, rng), seat)`` (tested). Each game has an :class:`Encoder`
(``spacetable.rl.encoders``) that writes named blocks through a :class:`Builder`; the
blocks make the layout (:func:`observation_layout`), which ``docs/rl.md`` prints as a table
of slices. Every layout starts with the blocks of :func:`encode_common` (``to_act``,
``is_over``).

Conventions shared by every encoder:

* seats are *relative*: block entry ``k`` of a per-seat block is the seat ``k`` places after
  the observing seat (``(seat + k) % players``); entry 0 is always the observing seat;
* every value lies in ``[0, 1]``: flags and one-hots are 0 or 1, counts and numbers are
  divided by a documented scale and clipped to 1;
* an absent thing (no card, no pending decision) is all zeros in its block.

A list longer than its block's capacity raises :class:`ObservationError` (a bug in the
capacity, never silently cut).

Two paths encode: :func:`observe_reference` collects an array per block (the
:class:`Builder`, which also makes the layout) and concatenates them; :func:`observe` and the
environments' :class:`Observer` write every block straight into one vector (the
:class:`Writer`), the environments' incrementally (:meth:`Writer.section`). Both give the
same tensor, bit for bit (tested at every step of seeded playouts of every setting).

An encoder may also read the game itself (``encode_game``; every game's does, a view
costing about as much as its encoding): the :class:`Observer` then skips the view. Such an
encoder reads only what the seat's view holds, and its tensor equals the reference's from
the view at every step of the same seeded playouts and of whole games
(``tests/rl/test_observation_from_the_game.py``), so it can hold nothing the view leaves
out.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

import numpy as np
import numpy.typing as npt

from spacetable.engine import Game, SpacetableError, game_info, new_game

__all__ = [
    "Block",
    "Builder",
    "Encoder",
    "ObservationError",
    "Observer",
    "Writer",
    "encoder_for",
    "observation_layout",
    "observation_shape",
    "observe",
    "observe_reference",
    "observe_view",
    "observe_view_reference",
    "observer",
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
        out.clip(0.0, 1.0, out=out)  # the method: np.clip's wrapper costs a microsecond more
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

    def block(self, name: str, shape: tuple[int, ...], doc: str) -> Array:
        """A block of ``shape`` (zeros) for the encoder to fill in place, afterwards: it is
        the next block, whatever is filled in it later (the same as :meth:`raw` of that
        array once filled). A :class:`Writer` gives a view of its vector (no copy)."""
        arr = np.zeros(shape, dtype=np.float32)
        self._add(name, arr.reshape(-1), doc)
        return arr

    def section(self, key: str, part: Any, encode: Callable[[], None]) -> None:
        """Blocks that ``encode()`` writes from ``part`` of the view alone (besides the
        seat, the player count and the options). Here it just calls ``encode()``; an
        incremental :class:`Writer` copies the blocks it wrote last time instead when
        ``part`` is the same as then."""
        encode()

    @staticmethod
    def _fit(name: str, n: int, size: int) -> None:
        if n > size:
            raise ObservationError(f"block {name!r}: {n} values for {size} entries")


class Writer(Builder):
    """A :class:`Builder` that writes every block straight into one preallocated vector
    (:attr:`out`, zeros, of the layout's size) instead of collecting an array per block: the
    fast path of :func:`observe`. It writes the very float32 values the :class:`Builder`
    would (same conversions, same arithmetic), so :meth:`vector` equals the
    :class:`Builder`'s vector of the same view (tested at every step of seeded playouts).
    It keeps no block names (the layout is :func:`observation_layout`'s)."""

    __slots__ = ("memo", "out")

    def __init__(self, size: int, memo: dict[str, tuple[bytes, Array]] | None = None) -> None:
        super().__init__()
        self.out: Array = np.zeros(size, dtype=np.float32)
        #: incremental: per section, the last part seen (marshalled) and the values written
        self.memo = memo

    def section(self, key: str, part: Any, encode: Callable[[], None]) -> None:
        """Incremental (with a :attr:`memo`): when ``part`` marshals to the very bytes it did
        last time (the same values of the same types: ``marshal`` tells ``1``, ``1.0`` and
        ``True`` apart), the section's values of last time are copied instead of encoded
        again; the encoding being a function of ``part`` (and of the seat and settings the
        memo belongs to), they are the values ``encode()`` would write."""
        memo = self.memo
        if memo is None:
            encode()
            return
        try:
            snap = marshal.dumps(part)
        except ValueError:  # a value marshal cannot write: no memo
            encode()
            return
        start = self._pos
        last = memo.get(key)
        if last is not None and last[0] == snap:
            n = last[1].shape[0]
            self.out[start : start + n] = last[1]
            self._pos = start + n
            return
        encode()
        memo[key] = (snap, self.out[start : self._pos].copy())

    def vector(self) -> Array:
        if self._pos != self.out.shape[0]:
            raise ObservationError(
                f"{self._pos} entries written for a layout of {self.out.shape[0]}"
            )
        np.clip(self.out, 0.0, 1.0, out=self.out)
        return self.out

    def _next(self, name: str, n: int) -> int:
        pos = self._pos
        if pos + n > self.out.shape[0]:
            raise ObservationError(f"block {name!r} ends past the layout's {self.out.shape[0]}")
        self._pos = pos + n
        return pos

    # The small blocks move the position inline (a block past the end fails at numpy's
    # index check or at :meth:`vector`'s check of the length written).
    def flag(self, name: str, value: Any, doc: str) -> None:
        p = self._pos
        self._pos = p + 1
        if value:
            self.out[p] = 1.0

    def flags(self, name: str, values: Sequence[Any], size: int, doc: str) -> None:
        if len(values) > size:
            self._fit(name, len(values), size)
        p = self._pos
        self._pos = p + size
        out = self.out
        for i, v in enumerate(values):
            if v:
                out[p + i] = 1.0

    def scalar(self, name: str, value: float | None, scale: float, doc: str) -> None:
        p = self._pos
        self._pos = p + 1
        if value is not None:
            self.out[p] = float(value) / scale

    def scalars(
        self, name: str, values: Sequence[float | None], size: int, scale: float, doc: str
    ) -> None:
        if len(values) > size:
            self._fit(name, len(values), size)
        p = self._pos
        self._pos = p + size
        out = self.out
        for i, v in enumerate(values):
            if v is not None:
                out[p + i] = float(v) / scale

    def one_hot(self, name: str, index: int | None, size: int, doc: str) -> None:
        p = self._pos
        self._pos = p + size
        if index is not None:
            if not 0 <= index < size:
                raise ObservationError(f"block {name!r}: index {index} outside 0..{size - 1}")
            self.out[p + index] = 1.0

    def multi_hot(self, name: str, indices: Iterable[int], size: int, doc: str) -> None:
        p = self._pos
        self._pos = p + size
        out = self.out
        for i in indices:
            if not 0 <= i < size:
                raise ObservationError(f"block {name!r}: index {i} outside 0..{size - 1}")
            out[p + i] = 1.0

    def counts(self, name: str, indices: Iterable[int], size: int, scale: float, doc: str) -> None:
        p = self._pos
        self._pos = p + size
        out = self.out
        for i in indices:
            if not 0 <= i < size:
                raise ObservationError(f"block {name!r}: index {i} outside 0..{size - 1}")
            out[p + i] += 1.0
        if scale != 1:
            out[p : p + size] /= np.float32(scale)

    def raw(self, name: str, arr: Array, doc: str) -> None:
        flat = np.asarray(arr, dtype=np.float32).reshape(-1)
        n = flat.shape[0]
        if n:
            p = self._next(name, n)
            self.out[p : p + n] = flat

    def block(self, name: str, shape: tuple[int, ...], doc: str) -> Array:
        n = 1
        for d in shape:
            n *= d
        if not n:
            return np.zeros(shape, dtype=np.float32)
        p = self._next(name, n)
        return self.out[p : p + n].reshape(shape)


class Encoder(Protocol):
    """Turns one seat's view of a game into blocks. It reads the view only (plus the public
    settings: player count and options)."""

    game_id: str

    def encode(
        self, view: Mapping[str, Any], players: int, options: Mapping[str, Any], b: Builder
    ) -> None: ...


#: An encoder's optional fast path: ``encode_game(game, seat, out, starts)`` writes the blocks
#: of ``encode`` (all but the common ones) into ``out`` (zeros) straight from the game, the
#: block named ``name`` starting at ``starts[name]``; it must read only what ``seat``'s view
#: holds and write exactly what ``encode`` writes from that view.
DirectEncode = Callable[[Any, int, Array, Mapping[str, int]], None]


class KeptEntries:
    """Entries an encoder keeps (by key: a layout and a seat) while the state they were
    written from is unchanged: ``entries(now, copy)`` compares ``now`` (a tuple of the
    game's lists and objects) with the copy made when they were last written, in one tuple
    comparison (identity, then equality, in C); when it differs, the kept entries are
    dropped and ``copy()`` (a copy of ``now`` that later moves cannot change: lists copied,
    tuples and data sets kept as they are) is kept in its place."""

    __slots__ = ("kept", "seen")

    def __init__(self) -> None:
        self.seen: tuple[Any, ...] | None = None
        self.kept: dict[Any, Any] = {}

    def entries(self, now: tuple[Any, ...], copy: Callable[[], tuple[Any, ...]]) -> dict[Any, Any]:
        if now != self.seen:
            self.seen = copy()
            self.kept = {}
        return self.kept


def copied(now: tuple[Any, ...]) -> tuple[Any, ...]:
    """``now`` with each list copied (a tuple cannot change: kept as it is)."""
    return tuple(x if type(x) is tuple else list(x) for x in now)


def nonzero_entries(writes: Mapping[int, float]) -> tuple[npt.NDArray[np.intp], Array]:
    """The entries of ``writes`` (position: value, the last write of each position) that are
    not zero, as the positions and the values to assign at once: what an encoder keeps in a
    :class:`KeptEntries`."""
    nz = [i for i, x in writes.items() if x]
    return np.array(nz, dtype=np.intp), np.array([writes[i] for i in nz], dtype=np.float32)


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
    return observer(game_id, players, options).encode_view(view)


def observe_view_reference(
    game_id: str, view: Mapping[str, Any], players: int, options: Mapping[str, Any]
) -> Array:
    """:func:`observe_view` the slow, plain way: an array per block, concatenated (the
    :class:`Builder` that also makes the layout). The fast path must equal it exactly."""
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


class Observer:
    """The observations of one game's settings (game id, player count, options), made
    fast: the encoder and the layout's size are looked up once, and every block is written
    straight into a fresh vector (:class:`Writer`). ``observer(game, seat)`` equals
    :func:`observe_reference` exactly."""

    __slots__ = (
        "_fits",
        "direct",
        "encoder",
        "game_id",
        "memos",
        "options",
        "players",
        "size",
        "starts",
    )

    def __init__(
        self,
        game_id: str,
        players: int,
        options: Mapping[str, Any] | None,
        *,
        incremental: bool = False,
    ) -> None:
        self.game_id = game_id
        self.players = players
        self.size = observation_shape(game_id, players, options)[0]
        shared = encoder_for(game_id)
        # An environment's own observer (incremental) gets an encoder of its own: what an
        # encoder keeps between calls (the entries of the last game state seen, compared
        # with the game's at every call) then follows that environment's game alone, not
        # the games of the environments of one process in turn (``gymnasium.vector``'s
        # synchronous environments), each emptying it for the next.
        self.encoder: Encoder = (
            cast(Callable[[], Encoder], type(shared))() if incremental else shared
        )
        self.options: Mapping[str, Any] = options if options is not None else {}
        #: ``incremental=True``: per seat, the sections last encoded (:meth:`Writer.section`);
        #: for one user at a time (an environment's own observer), its games played with
        #: exactly these options
        self.memos: dict[int, dict[str, tuple[bytes, Array]]] | None = {} if incremental else None
        #: the encoder's fast path from the game (``None``: from the view), and where each
        #: block starts
        self.direct: DirectEncode | None = getattr(self.encoder, "encode_game", None)
        layout = observation_layout(game_id, players, options)
        self.starts: dict[str, int] = {b.name: b.start for b in layout}
        #: the options of the last game found to have this layout (:meth:`_check_fits`)
        self._fits: Mapping[str, Any] | None = None

    def encode_view(self, view: Mapping[str, Any]) -> Array:
        """The observation of ``view`` (a seat's view of a game of these settings)."""
        if view.get("seat") is None:
            raise ObservationError("observations are per seat; a spectator's view has no seat")
        w = Writer(self.size)
        encode_common(view, self.players, w)
        self.encoder.encode(view, self.players, self.options, w)
        return w.vector()

    def _check_fits(self, game: Game) -> None:
        """A game read straight (``encode_game``) must have these settings' layout, block
        for block: written at another layout's places, its values would land in the wrong
        blocks with nothing to tell (the view's path at least checks the length written).
        Checked once per options object (a game's options do not change)."""
        if game.game_id != self.game_id or game.players != self.players:
            raise ObservationError(
                f"an observer of {self.game_id} at {self.players} players was given "
                f"{game.game_id} at {game.players}"
            )
        mine = observation_layout(self.game_id, self.players, self.options)
        if observation_layout(game.game_id, game.players, game.options) != mine:
            raise ObservationError(
                f"{game.game_id}: the game's options {dict(game.options)} give another "
                f"observation layout than this observer's {dict(self.options)}"
            )
        self._fits = game.options

    def __call__(self, game: Game, seat: int) -> Array:
        """The observation of ``seat`` in ``game`` (a game of these settings)."""
        if not 0 <= seat < game.players:
            raise ObservationError(f"seat {seat} outside 0..{game.players - 1}")
        direct = self.direct
        if direct is not None:
            if game.options is not self._fits:
                self._check_fits(game)
            out: Array = np.zeros(self.size, dtype=np.float32)
            n = self.players
            at = self.starts
            p = at["to_act"]
            for s in game.to_act:
                out[p + (s - seat) % n] = 1.0
            if game.is_over:
                out[at["is_over"]] = 1.0
            direct(game, seat, out, at)
            out.clip(0.0, 1.0, out=out)  # the method: np.clip's wrapper costs a microsecond more
            return out
        view = game.view(seat)
        memos = self.memos
        w = Writer(self.size, None if memos is None else memos.setdefault(seat, {}))
        encode_common(view, self.players, w)
        self.encoder.encode(view, self.players, game.options, w)
        return w.vector()


_OBSERVERS: dict[tuple[str, int, tuple[tuple[str, Any], ...]], Observer] = {}


def observer(game_id: str, players: int, options: Mapping[str, Any] | None = None) -> Observer:
    """The :class:`Observer` of these settings (one per settings, kept)."""
    key = _key(game_id, players, options)
    obs = _OBSERVERS.get(key)
    if obs is None:
        obs = _OBSERVERS[key] = Observer(game_id, players, options)
    return obs


def observe(game: Game, seat: int) -> Array:
    """The observation tensor of ``seat``: float32, shape :func:`observation_shape` of the
    game's settings, from ``game.view(seat)`` alone."""
    if not 0 <= seat < game.players:
        raise ObservationError(f"seat {seat} outside 0..{game.players - 1}")
    return observer(game.game_id, game.players, game.options)(game, seat)


def observe_reference(game: Game, seat: int) -> Array:
    """:func:`observe` the slow, plain way (:func:`observe_view_reference`): what the tests
    hold the fast path to."""
    if not 0 <= seat < game.players:
        raise ObservationError(f"seat {seat} outside 0..{game.players - 1}")
    out = observe_view_reference(game.game_id, game.view(seat), game.players, game.options)
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


#: The least default length of the index form (:func:`to_indices`); the default is the
#: larger of this and an eighth of the observation (:func:`index_form_length`). Seeded random
#: playouts of every game and setting never have more than about 350 non-zero entries
#: (Spacedealer at 8 players, whose default is 2,422).
MAX_NONZERO = 512

IndexArray = npt.NDArray[np.int32]


def index_form_length(size: int, max_nonzero: int | None = None) -> int:
    """The length of the index form of observations of ``size`` entries: ``max_nonzero``,
    by default the larger of :data:`MAX_NONZERO` and ``size // 8``; never more than
    ``size``."""
    k = max(MAX_NONZERO, size // 8) if max_nonzero is None else max_nonzero
    if k < 1:
        raise ObservationError(f"max_nonzero must be at least 1, not {k}")
    return min(k, size)


def to_indices(dense: Array, length: int) -> tuple[IndexArray, Array]:
    """The index form of an observation: the positions of its non-zero entries in increasing
    order and their values, padded to ``length`` with the position ``dense.size`` (one past
    the end) and the value 0. :class:`ObservationError` if more than ``length`` entries are
    not zero (raise ``max_nonzero``)."""
    nz = (dense != 0).nonzero()[0]  # np.flatnonzero's entries, several times faster
    k = nz.shape[0]
    if k > length:
        raise ObservationError(
            f"{k} non-zero entries for an index form of {length}: raise max_nonzero"
        )
    idx = np.full(length, dense.shape[0], dtype=np.int32)
    idx[:k] = nz
    val = np.zeros(length, dtype=np.float32)
    val[:k] = dense[nz]
    return idx, val


def from_indices(indices: IndexArray, values: Array, size: int) -> Array:
    """The dense observation of an index form (:func:`to_indices`) of ``size`` entries."""
    out = np.zeros(size + 1, dtype=np.float32)
    out[indices] = values
    return out[:size]
