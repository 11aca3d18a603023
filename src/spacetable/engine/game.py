"""The one contract every game implements.

A game is a subclass of :class:`Game`. The base class owns what is the same for every game:
option checking, the random generator, the action history (for records and replays), the
public/private event log, validation of actions, JSON save and load, determinization and
the RL action space. A subclass writes only its rules, in the hooks marked *game hook*.

The engine never calls out for input: :attr:`Game.to_act` says who may decide, and
:meth:`Game.legal_actions` lists every atomic decision. See ``docs/api.md``.
"""

from __future__ import annotations

import json
import math
import random
import sys
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from itertools import repeat
from operator import is_
from typing import Any, ClassVar, Final, Self

from .actions import Action, ActionCodec
from .data import package_of
from .dataset import Component, DataSet, DataSpec
from .errors import (
    DataError,
    IllegalAction,
    InvalidAction,
    RecordError,
    SpacetableError,
    UndoError,
)
from .info import GameInfo
from .mention import name_seats
from .outcome import Outcome, Termination
from .rng import Rng
from .state import StateSpec
from .why import Reason, Rules

SAVE_FORMAT = "spacetable-save/2"
#: What :meth:`Game.max_decisions` returns for a game its rulebook does not bound (a player
#: may repeat an optional effect for as long as they like, or no round limit ends the game).
NO_BOUND: Final = sys.maxsize
RECORD_FORMAT = "spacetable-record/1"

# A persistent (shared-tail) list: None or (previous cell, item). Clones share it for free.
Cons = tuple[Any, Any] | None


def _unroll(cell: Cons) -> list[Any]:
    out: list[Any] = []
    while cell is not None:
        cell, item = cell
        out.append(item)
    out.reverse()
    return out


def _roll(items: Sequence[Any]) -> Cons:
    cell: Cons = None
    for item in items:
        cell = (cell, item)
    return cell


_rules: dict[type, Rules | None] = {}
_about: dict[tuple[type, int, str, str], dict[str, list[Action]]] = {}


class ActionSpace:
    """A fixed, generated enumeration of every action a game can ever offer (for RL).

    Built from :meth:`Game.enumerate_actions`; ``to_index`` and ``from_index`` are inverse.
    """

    def __init__(self, actions: Sequence[Action]) -> None:
        self.actions: tuple[Action, ...] = tuple(actions)
        self.index: dict[Action, int] = {}
        texts: set[str] = set()
        for i, a in enumerate(self.actions):
            if a in self.index:
                raise ValueError(f"action {a} is enumerated twice")
            t = a.text()
            if t in texts:
                raise ValueError(f"two actions share the text form {t!r}")
            texts.add(t)
            self.index[a] = i

    @property
    def size(self) -> int:
        return len(self.actions)

    def to_index(self, action: Action) -> int:
        try:
            return self.index[action]
        except KeyError:
            raise InvalidAction(f"{action} is not in the action space") from None

    def from_index(self, i: int) -> Action:
        if not 0 <= i < len(self.actions):
            raise InvalidAction(f"action index {i} out of range 0..{len(self.actions) - 1}")
        return self.actions[i]

    def mask(self, legal: Sequence[Action]) -> list[bool]:
        m = [False] * len(self.actions)
        for a in legal:
            m[self.index[a]] = True
        return m


class Game(ABC):
    """Base class of every game state. See the module docstring and ``docs/api.md``."""

    info: ClassVar[GameInfo]
    #: Every action class the game uses (for parsing JSON and text forms).
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    #: The declared state (see :mod:`spacetable.engine.state`): the engine derives
    #: ``state_dict``, ``load_state`` (with type and shape checks) and ``clone`` from it.
    state: ClassVar[StateSpec | None] = None
    #: The game's ways to end; ``Outcome.reason`` is one of its members.
    terminations: ClassVar[type[Termination] | None] = None
    #: The game's data tables (see :mod:`spacetable.engine.dataset`); ``None`` for a game
    #: without components.
    data_spec: ClassVar[DataSpec[Any] | None] = None
    _codecs: ClassVar[dict[type, ActionCodec]] = {}
    _spaces: ClassVar[dict[tuple[type, int, str], ActionSpace]] = {}

    players: int
    seed: int
    options: dict[str, Any]
    rng: Rng
    step: int
    clock: float
    #: The data set this game is played with (shared by clones; ``None`` without data).
    data: DataSet[Any] | None
    #: ``data.parts``: the components as the rules read them.
    parts: Any

    def __init__(
        self,
        players: int,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        data: DataSet[Any] | None = None,
        *,
        rng: Rng | None = None,
    ) -> None:
        self.options = self.info.normalize_options(players, options)
        self.check_options(players, self.options)
        self._set_data(data)
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        self.players = players
        self.seed = seed
        # ``rng``: a generator to draw from instead of ``Rng(seed)`` (an adapter whose chance
        # is decided outside the game: :class:`~spacetable.engine.rng.ScriptedRng`)
        self.rng = Rng(seed) if rng is None else rng
        self.step = 0
        self.clock = 0.0
        self._history: Cons = None
        self._log: Cons = None
        self._log_len = 0
        self._log_filter: int | None = None
        self._legal_cache: tuple[int, int, tuple[Action, ...]] | None = None
        self.setup()
        #: How many history entries can never be taken back (see :meth:`undoable`).
        self._undo_floor = 0

    def _set_data(self, data: DataSet[Any] | None) -> None:
        spec = self.data_spec
        if data is None:
            data = spec.shipped(self.info.id) if spec is not None else None
        elif not isinstance(data, DataSet) or spec is None or data.spec is not spec:
            raise DataError(f"{data!r:.80} is not a data set of {self.info.id}")
        self.data = data
        self.parts = data.parts if data is not None else None

    # ------------------------------------------------------------------ game hooks
    @classmethod
    def check_options(cls, players: int, options: Mapping[str, Any]) -> None:
        """Game hook: cross-checks between options and the player count (raise OptionError)."""

    @abstractmethod
    def setup(self) -> None:
        """Game hook: lay out the initial state, drawing only from ``self.rng``."""

    @property
    @abstractmethod
    def to_act(self) -> list[int]:
        """Seats that may act now, in seat order; ``[]`` once the game is over."""

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[Action]:
        """Game hook: every legal action of ``seat`` (a valid seat) now, without duplicates;
        ``[]`` if it may not act. Return a new list: the caller may keep or change it."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Game hook: apply a legal action (unchecked)."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def _outcome(self) -> Outcome:
        """Game hook: the outcome of a finished game."""

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """Game hook: JSON-able dict of what ``seat`` may know (``None``: a spectator)."""

    def state_dict(self) -> dict[str, Any]:
        """The whole game-specific state as JSON-able data (hidden parts included).

        Derived from :attr:`state`; a game without a declaration overrides it."""
        spec = self.state
        if spec is None:
            raise NotImplementedError(f"{type(self).__name__} declares no state")
        return spec.dump(self)

    def load_state(self, data: dict[str, Any]) -> None:
        """The inverse of :meth:`state_dict`, on an instance made by :meth:`from_save`: checks
        every field's type and shape (a :class:`RecordError` names the field), then calls
        :meth:`_derive`. Derived from :attr:`state`; a game without one overrides it."""
        spec = self.state
        if spec is None:
            raise NotImplementedError(f"{type(self).__name__} declares no state")
        spec.load(self, data)
        self._derive()

    def _derive(self) -> None:
        """Game hook: rebuild what is not state after a load (settings computed from the
        options and the player count, lookup tables); caches are reset by the engine."""

    def clone(self) -> Self:
        """A fast, independent copy. Derived from :attr:`state` (a generated function that
        copies each mutable field as deep as its kind); a game without one overrides it,
        starting from ``self._clone_base()``."""
        spec = self.state
        if spec is None:
            raise NotImplementedError(f"{type(self).__name__} declares no state")
        g: Self = spec.clone(self)
        return g

    def resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Game hook: resample everything ``seat`` cannot see, consistently with its view."""

    @classmethod
    @abstractmethod
    def enumerate_actions(cls, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        """Game hook: every action that can ever be legal with these settings (RL space)."""

    @classmethod
    @abstractmethod
    def max_decisions(cls, players: int, options: Mapping[str, Any]) -> int:
        """Game hook: an upper bound on the number of applied actions in one game."""

    def describe_action(self, action: Action, lang: str = "en") -> str:
        """Game hook: a human label of ``action`` in this state (names a sector, a card...),
        naming seats with mentions (:mod:`.mention`). Clients read it through :meth:`label`.

        Defaults to ``action.describe(lang)``; override when the label needs the state.
        """
        return action.describe(lang)

    def label(self, action: Action, lang: str = "en", *, mentions: bool = False) -> str:
        """The human label of ``action`` in this state (:meth:`describe_action`), its seats
        named in the game's own words, or left as mentions (``mentions=True``: for a client
        that names seats itself, see :mod:`.mention`)."""
        text = self.describe_action(action, lang)
        return text if mentions else name_seats(text)

    def _component_ids(self, view: Mapping[str, Any]) -> Iterable[str]:
        """Game hook: the ids of the components ``view`` mentions (cards in a hand, tiles on
        the board, captains...). It reads only ``view``, so it can reveal nothing the seat
        may not see; the conformance suite checks it on determinized copies."""
        return ()

    def _why_not(self, seat: int, action: Action) -> list[Reason]:
        """Game hook: why ``action`` (well formed, of this game) is not legal for ``seat`` now
        (see :mod:`spacetable.engine.why`): one reason or more, each naming a rule of the
        game's ``rules.csv``. Called only for an action that is not legal; it reads only what
        ``seat`` may see. ``[]``: the game cannot say (the conformance suite refuses that)."""
        return []

    def _action_components(self, action: Action) -> Iterable[str]:
        """Game hook: the ids of the components ``action`` is about (the card it plays, the
        tile it turns, the sector it goes to...), as its seat presses them on a board. It
        reads only the action's own fields, never hidden state."""
        return ()

    def max_chance_outcomes(self) -> int:
        """Game hook: a bound on ``n`` in every draw ``self.rng.below(n)`` of a game of these
        settings (for adapters that make each draw a chance node with ``n`` outcomes).
        Default: the number of components of the data set or of seats, whichever is larger:
        every draw picks a component (a card of a deck, a tile, the next card of a shuffle) or
        a seat. A game whose decks hold several copies of a component overrides it."""
        return max(len(self.components()), self.players, 2)

    def evaluate(self, seat: int) -> float:
        """Game hook: heuristic value of this state for ``seat`` in [0, 1] (for bots)."""
        return 0.5

    def next_event(self) -> float | None:
        """Game hook (real-time games): the game time (``clock``) of the next scheduled
        change that no seat causes, such as a timer running out, or ``None`` if none is
        scheduled. Searching bots jump to it instead of stepping through quiet seconds; it
        must depend only on what every seat sees."""
        return None

    def _advance(self, seconds: float) -> None:
        """Game hook (real-time games): let ``seconds`` of game time pass."""
        raise SpacetableError(f"{self.info.id} is not a real-time game")

    # ------------------------------------------------------------------ public API
    @property
    def realtime(self) -> bool:
        return self.info.realtime

    @property
    def game_id(self) -> str:
        return self.info.id

    @property
    def action_space(self) -> ActionSpace:
        """The fixed RL action space for this game's player count and options."""
        return action_space(type(self), self.players, self.options)

    def legal_mask(self, seat: int) -> list[bool]:
        """``legal_actions(seat)`` as a boolean mask over :attr:`action_space`."""
        return self.action_space.mask(self.legal_actions(seat))

    @classmethod
    def codec(cls) -> ActionCodec:
        c = cls._codecs.get(cls)
        if c is None:
            c = cls._codecs[cls] = ActionCodec(cls.action_types)
        return c

    def parse_action(self, action: Action | Mapping[str, Any] | str) -> Action:
        """Turn an action value, its JSON form (dict) or its text form (str) into an action
        value of this game with every field exactly of its declared type, or raise
        :class:`InvalidAction` naming what is wrong."""
        codec = self.codec()
        if isinstance(action, Action):
            codec.check(action)
            return action
        if isinstance(action, Mapping):
            return codec.from_json(action)
        if isinstance(action, str):
            return codec.from_text(action)
        r = repr(action)
        raise InvalidAction(f"not an action: {r[:60]}{'...' if len(r) > 60 else ''}")

    def _check_seat(self, seat: int) -> None:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalAction(f"no seat {seat!r} in a {self.players}-player game")

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now, without duplicates; ``[]`` if it may not act.

        The engine keeps the last list it gave (for one seat, at this step), so that
        :meth:`apply` of one of its actions checks legality by a scan of that list by
        identity, without parsing it or comparing its fields.
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            self._check_seat(seat)
        legal = self._legal_actions(seat)
        self._legal_cache = (self.step, seat, tuple(legal))
        return legal

    def apply(self, seat: int, action: Action | Mapping[str, Any] | str) -> None:
        """Apply ``action`` for ``seat`` after checking it; a bad one raises and changes nothing.

        An action taken from the last :meth:`legal_actions` list of that seat is found by a
        scan of that list by identity (``is``: linear in its length, but no parsing and no
        field compared); any other input is parsed, its fields checked against their declared
        types exactly (``3.0`` or ``True`` is no ``int``), and looked up by equality in a
        fresh list.
        """
        c = self._legal_cache
        if (
            c is not None
            and type(seat) is int
            and c[0] == self.step
            and c[1] == seat
            and any(map(is_, c[2], repeat(action)))
        ):
            self.apply_unchecked(seat, action)  # type: ignore[arg-type]  # found in the list
            return
        self._check_seat(seat)
        act = self.parse_action(action)
        if self.is_over:
            raise IllegalAction("the game is over")
        legal = self._legal_actions(seat)
        self._legal_cache = (self.step, seat, tuple(legal))
        if not legal:
            raise IllegalAction(f"seat {seat} may not act now (to act: {self.to_act})")
        if act not in legal:
            raise IllegalAction(f"{act} is not legal for seat {seat} now")
        self.apply_unchecked(seat, act)

    def apply_unchecked(self, seat: int, action: Action) -> None:
        """Fast path for search: apply an action known to be legal.

        A decision that draws from the generator (chance) or moves the game clock becomes an
        undo barrier (see :meth:`undoable`), as does one whose rules call :meth:`revealed`."""
        before = self.rng.state
        clock = self.clock
        self._apply(seat, action)
        self.step += 1
        self._history = (self._history, (seat, action, self.clock))
        if self.rng.state != before or self.clock != clock:
            self._undo_floor = self.step

    def advance(self, seconds: float) -> None:
        """Real-time games: let ``seconds`` (> 0) of game time pass, resolving completions."""
        if not self.realtime:
            raise SpacetableError(f"{self.info.id} is not a real-time game")
        if type(seconds) not in (int, float) or not 0 < seconds < math.inf:
            raise InvalidAction(f"advance needs a positive number of seconds, got {seconds!r:.40}")
        if self.is_over:
            raise IllegalAction("the game is over")
        self.advance_unchecked(float(seconds))

    def advance_unchecked(self, seconds: float) -> None:
        """Fast path for search: :meth:`advance` by a positive float, in a real-time game that
        is not over (not checked)."""
        self._advance(seconds)
        self.step += 1
        self._history = (self._history, (None, seconds, self.clock))
        self._undo_floor = self.step  # game time passed: nothing before it is taken back

    # ------------------------------------------------------------------ why not
    @classmethod
    def rules(cls) -> Rules | None:
        """The game's rules a player can break (``data/rules.csv`` of its package), or
        ``None`` for a game without that file."""
        if cls not in _rules:
            try:
                _rules[cls] = Rules.load(package_of(cls))
            except FileNotFoundError:
                _rules[cls] = None
        return _rules[cls]

    def why_not(self, seat: int, action: Action | Mapping[str, Any] | str) -> list[Reason]:
        """Why ``action`` is not legal for ``seat`` now: ``[]`` if it is legal, else the
        reasons (see :mod:`spacetable.engine.why`). A malformed action raises
        :class:`InvalidAction`, a bad seat :class:`IllegalAction`; nothing changes."""
        self._check_seat(seat)
        a = self.parse_action(action)
        if a in self._legal_actions(seat):
            return []
        return list(self._why_not(seat, a))

    def action_components(self, action: Action) -> tuple[str, ...]:
        """The ids of the components ``action`` is about (see :meth:`_action_components`)."""
        return tuple(self._action_components(action))

    def actions_about(self, component: str) -> list[Action]:
        """Every action of :attr:`action_space` that is about ``component``, in its order."""
        # the data set too: a corrected map may put a sector at another slot
        digest = self.data.digest if self.data is not None else ""
        key = (type(self), self.players, json.dumps(self.options, sort_keys=True), digest)
        table = _about.get(key)
        if table is None:
            table = {}
            for a in self.action_space.actions:
                for c in self._action_components(a):
                    table.setdefault(c, []).append(a)
            _about[key] = table
        return list(table.get(component, ()))

    def why_not_component(self, seat: int, component: str) -> list[Reason]:
        """Why ``seat`` can do nothing with ``component`` now (a piece it pressed on a
        board): ``[]`` if some legal action is about it, else the distinct reasons of the
        actions about it (at most ``8``), the commonest first. A component no action is about
        gets the reasons of :meth:`why_not` for none: ``[]``."""
        self._check_seat(seat)
        about = self.actions_about(component)
        legal = set(self._legal_actions(seat))
        if any(a in legal for a in about):
            return []
        counts: dict[Reason, int] = {}
        for a in about:
            for r in self._why_not(seat, a):
                counts[r] = counts.get(r, 0) + 1
        ranked = sorted(counts, key=lambda r: -counts[r])
        return ranked[:8]

    # ------------------------------------------------------------------ undo
    def revealed(self) -> None:
        """Rules hook: call it where the decision being applied makes something hidden known
        to some seat without drawing from the generator (a face-down tile turned, a hand
        shown, a secret choice resolved). Draws from :attr:`rng` are detected without it.
        Nothing before the end of that decision can be taken back then."""
        self._undo_floor = self.step + 1

    def undoable(self, seat: int) -> int:
        """How many of ``seat``'s own last decisions it may take back now: the decisions at
        the end of the history that are all ``seat``'s, back to the first barrier. A barrier
        is another seat's decision, game time passing (:meth:`advance`), or a decision that
        revealed something hidden to anyone (it drew from the generator, or its rules called
        :meth:`revealed`). Nothing is undoable in a finished game or a determinized copy."""
        self._check_seat(seat)
        if self.is_over or self._log_filter is not None:
            return 0
        n = 0
        limit = self.step - self._undo_floor
        cell = self._history
        while cell is not None and n < limit:
            cell, (who, _, _) = cell
            if who != seat:
                break
            n += 1
        return n

    def undo(self, seat: int, n: int = 1) -> None:
        """Take back ``seat``'s last ``n`` decisions in place: afterwards the game is exactly
        as it was before them (state, generator, step, clock, log, history). Raises
        :class:`UndoError` and changes nothing when ``n`` is not between 1 and
        :meth:`undoable`."""
        can = self.undoable(seat)
        if type(n) is not int or n < 1:
            raise UndoError(f"undo needs a positive number of decisions, got {n!r:.40}")
        if n > can:
            why = "nothing to take back" if can == 0 else f"only {can} may be taken back"
            raise UndoError(f"seat {seat} cannot take back {n} decision(s) now: {why}")
        entries = _unroll(self._history)[: self.step - n]
        g = self._replayed(entries)
        self.__dict__.clear()
        self.__dict__.update(g.__dict__)

    def _replayed(self, entries: Sequence[tuple[int | None, Any, float]]) -> Self:
        """A new game with this one's seed, options and data, after ``entries`` of its own
        history (trusted: they were legal when this game applied them)."""
        g = type(self)(self.players, self.seed, self.options, self.data)
        for who, act, _ in entries:
            if who is None:
                g.advance_unchecked(act)
            else:
                g.apply_unchecked(who, act)
        return g

    def outcome(self) -> Outcome:
        """Scores, ranks and reason; raises :class:`SpacetableError` before the end."""
        if not self.is_over:
            raise SpacetableError("the game is not over")
        return self._outcome()

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats that win and lose together, as a partition of the seats (game hook):
        one side per seat by default; a team game gives its teams (Planet Raiders' shared
        colours). Ratings (``spacetable.web.ratings``) rate a side as a team."""
        return tuple((s,) for s in range(self.players))

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may know, as a JSON-able dict; ``None`` for a spectator."""
        if seat is not None:
            self._check_seat(seat)
        out: dict[str, Any] = {
            "game": self.info.id,
            "players": self.players,
            "seat": seat,
            "step": self.step,
            "to_act": list(self.to_act),
            "is_over": self.is_over,
        }
        if self.realtime:
            out["clock"] = self.clock
        out.update(self._view(seat))
        return out

    def components(self, lang: str = "en") -> tuple[Component, ...]:
        """Every component of this game's data set with its rules text in ``lang``."""
        if self.data is None:
            return ()
        return self.data.components(lang)

    def component_texts(
        self, seat: int | None, lang: str = "en", view: Mapping[str, Any] | None = None
    ) -> list[Component]:
        """The components ``seat``'s view mentions, with their texts in ``lang``, in the
        order the view mentions them (``None``: a spectator's view). ``view``: that seat's
        :meth:`view`, when the caller has it already (it is not computed again)."""
        if self.data is None:
            return []
        data = self.data
        out: dict[str, Component] = {}
        for ident in self._component_ids(self.view(seat) if view is None else view):
            if ident not in out:
                out[ident] = data.component(ident, lang)
        return list(out.values())

    # ------------------------------------------------------------------ log
    def emit(
        self, event: dict[str, Any], private: Mapping[int, dict[str, Any]] | None = None
    ) -> None:
        """Log an event; ``private`` maps a seat to extra fields only that seat may see.

        The engine adds its own bookkeeping under names that start with ``_`` (``_step``: the
        step at which the event happened); a game's event keys never start with ``_``.
        """
        event["_step"] = self.step
        self._log = (self._log, (event, dict(private) if private else None))
        self._log_len += 1

    @property
    def log_size(self) -> int:
        """How many events the log holds (cheap; use with :meth:`last_events`)."""
        return self._log_len

    @property
    def log(self) -> list[dict[str, Any]]:
        """The public event log: what a spectator may know."""
        return [dict(ev) for ev, _ in _unroll(self._log)]

    def log_for(self, seat: int | None) -> list[dict[str, Any]]:
        """The event log as ``seat`` sees it: public events plus its own private details."""
        if seat is not None:
            self._check_seat(seat)
        return [self._seen_by(item, seat) for item in _unroll(self._log)]

    def last_events(self, seat: int | None, n: int = 8) -> list[dict[str, Any]]:
        """The last ``n`` events as ``seat`` sees them."""
        if seat is not None:
            self._check_seat(seat)
        items: list[Any] = []
        cell = self._log
        while cell is not None and len(items) < n:
            cell, item = cell
            items.append(item)
        items.reverse()
        return [self._seen_by(item, seat) for item in items]

    def _seen_by(self, item: tuple[dict[str, Any], Any], seat: int | None) -> dict[str, Any]:
        """One log entry as ``seat`` sees it (a determinized copy shows one seat's details)."""
        ev, priv = item
        e = dict(ev)
        if seat is not None and priv and seat in priv and self._log_filter in (None, seat):
            e.update(priv[seat])
        return e

    # ------------------------------------------------------------------ copies
    def _clone_base(self) -> Self:
        """A shallow copy with its own generator; subclasses then copy their mutables."""
        g = object.__new__(type(self))
        g.__dict__.update(self.__dict__)
        g.rng = self.rng.copy()
        return g

    def determinize(self, seat: int, rng: random.Random) -> Game:
        """A copy where everything ``seat`` cannot see is resampled consistently with its view.

        The copy's generator is reseeded from ``rng`` (future chance is hidden too); it carries
        no history and a new seed (its record replays nothing real), and its log and save keep
        only the private details of ``seat``.
        """
        self._check_seat(seat)
        g = self.clone()
        if self.info.hidden_information:
            g.resample_hidden(seat, rng)
        g.rng = Rng(rng.getrandbits(64))
        # A hypothetical state: the real seed would rebuild the real hidden state, and the
        # real history holds other seats' secret choices, so neither travels with the copy.
        g.seed = g.rng.state
        g._history = None
        g._log_filter = seat
        g._legal_cache = None
        return g

    # ------------------------------------------------------------------ persistence
    def _entries(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for seat, act, clock in _unroll(self._history):
            if seat is None:
                out.append({"advance": act, "clock": clock})
            else:
                e: dict[str, Any] = {"seat": seat, "action": act.to_json()}
                if self.realtime:
                    e["clock"] = clock
                out.append(e)
        return out

    def record(self) -> dict[str, Any]:
        """Seed, options and every action: :func:`replay` rebuilds the identical state.

        A record holds the seed, so it reveals every hidden card: it is for the server side,
        archives and tests, never for a player during the game.
        """
        return {
            "format": RECORD_FORMAT,
            "game": self.info.id,
            "rules_version": self.info.rules_version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "data": self.data.label() if self.data is not None else None,
            "entries": self._entries(),
        }

    def to_json(self, meta: Mapping[str, Any] | None = None) -> str:
        """The whole state as JSON text (hidden parts included); :func:`load` restores it.

        A save carries its record (seed, options, every decision with its clock): ``load``
        rebuilds the game from it and refuses a save whose stored state differs. ``meta`` is a
        JSON-able mapping kept beside the game for its client (how each seat is played, the
        language...); :func:`~spacetable.engine.registry.save_meta` reads it back.
        """
        data = self._save_data()
        if meta is not None:
            if not isinstance(meta, Mapping):
                raise TypeError(f"meta must be a mapping, got {type(meta).__name__}")
            data["meta"] = dict(meta)
        return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))

    def _save_data(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "game": self.info.id,
            "rules_version": self.info.rules_version,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "data": self.data.label() if self.data is not None else None,
            "rng": self.rng.state,
            "step": self.step,
            "clock": self.clock,
            "undo_floor": self._undo_floor,
            "log_filter": self._log_filter,
            "state": self.state_dict(),
            "history": self._entries(),
            "log": [[ev, _priv_json(priv, self._log_filter)] for ev, priv in _unroll(self._log)],
        }

    @classmethod
    def from_save(cls, data: dict[str, Any], dataset: DataSet[Any] | None = None) -> Game:
        """Trusted fast path: restore a save's stored state as it is, without replaying its
        record. Only for snapshots this process or its own server wrote; anything else goes
        through :func:`~spacetable.engine.registry.load`. ``dataset`` is the data the game
        was played with (the shipped data by default); the save's data digest must match.
        Raises only :class:`RecordError`."""
        g = object.__new__(cls)
        g._set_data(dataset)
        if not isinstance(data, dict):
            raise RecordError("save: not an object")
        check_data(data.get("data"), g.data, "save")
        try:
            g.options = cls.info.normalize_options(data["players"], data["options"])
            g.players = data["players"]
            g.seed = data["seed"]
            g.rng = Rng(data["rng"])
            g.step = data["step"]
            g.clock = float(data["clock"])
            floor = data.get("undo_floor", g.step)  # an older save: nothing to take back
            g._undo_floor = floor if type(floor) is int and 0 <= floor <= g.step else g.step
            g._log_filter = data.get("log_filter")
            g._legal_cache = None
            history: list[tuple[int | None, Any, float]] = []
            for e in data["history"]:
                if "advance" in e:
                    history.append((None, float(e["advance"]), float(e["clock"])))
                else:
                    history.append(
                        (e["seat"], g.parse_action(e["action"]), float(e.get("clock", 0.0)))
                    )
            g._history = _roll(history)
            log = [
                (ev, {int(k): v for k, v in priv.items()} if priv else None)
                for ev, priv in data["log"]
            ]
            g._log = _roll(log)
            g._log_len = len(log)
            g.load_state(data["state"])
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise RecordError(f"cannot load {cls.info.id} save: {e!r}") from e
        return g


def check_data(label: Any, data: DataSet[Any] | None, what: str) -> None:
    """Refuse a record or save (``label`` its ``data`` entry) made with other data than
    ``data``. A record without the entry (written before data sets) was played with the
    shipped data."""
    if data is None:
        if label is not None:
            raise RecordError(f"{what}: this game has no data set, got {label!r:.80}")
        return
    if label is None:
        if not data.shipped:
            raise RecordError(
                f"{what}: played with the shipped data, not with the data set {data.name!r}"
            )
        return
    if not isinstance(label, dict) or set(label) != {"name", "digest"}:
        raise RecordError(f"{what}: 'data' must be an object with 'name' and 'digest'")
    name, digest = label["name"], label["digest"]
    if type(name) is not str or type(digest) is not str:
        raise RecordError(f"{what}: the data's name and digest must be strings")
    if digest != data.digest:
        raise RecordError(
            f"{what}: played with the data set {name!r} (digest {digest:.20}), not with "
            f"{data.name!r} (digest {data.digest}); give the same data (--data DIR)"
        )


def _priv_json(
    priv: dict[int, dict[str, Any]] | None, only: int | None = None
) -> dict[str, Any] | None:
    """Private log details as JSON; ``only`` keeps one seat's (a determinized copy's save)."""
    if not priv:
        return None
    out = {str(k): v for k, v in priv.items() if only is None or k == only}
    return out or None


def action_space(cls: type[Game], players: int, options: Mapping[str, Any]) -> ActionSpace:
    """The (cached) RL action space of ``cls`` for these settings."""
    opts = cls.info.normalize_options(players, options)
    key = (cls, players, json.dumps(opts, sort_keys=True))
    space = Game._spaces.get(key)
    if space is None:
        space = Game._spaces[key] = ActionSpace(cls.enumerate_actions(players, opts))
    return space
