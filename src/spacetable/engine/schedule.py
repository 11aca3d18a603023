"""The turn rule of drivers: which seat decides next when several may, and, in a real-time
game, when game time passes (``docs/rl.md``, "Who acts"; ``docs/architecture.md``).

The engine says who *may* act (``game.to_act``, ``game.legal_actions``); a driver that asks
the seats one at a time must also say who *does*, and a real-time game never waits for
anybody, so the driver must also say when the clock moves. That rule is written here once,
as a :class:`Scheduler`:

* **turn-based games**: the lowest seat of ``game.to_act`` decides (Spacedealer's *ticks*
  mode, where every seat decides before the game moves its own clock, takes the seats in seat
  order, each until its ``done``).
* **real time** (``game.realtime``): game time is cut into *ticks* of ``tick`` seconds. In a
  tick each seat may make up to ``actions_per_tick`` actions or wait; once nobody is left to
  decide the tick is over: the clock advances ``tick`` seconds (``game.advance``, which
  resolves the sand timers that run out) and the next tick begins. A seat with nothing legal
  is passed over. Two orders share this:

  - :class:`SeatTurns` (the PettingZoo and OpenSpiel adapters, and Gymnasium through
    PettingZoo): a seat keeps the turn until it waits, has no legal action, or has made
    ``actions_per_tick`` actions; then the next seat's turn begins.
  - :class:`Rounds` (the bot loop, :func:`spacetable.sim.step_bots`, so ``spacetable
    simulate``, tournaments, the CLI and the terminal client, and the MCTS bot's greedy
    rollouts): up to ``actions_per_tick`` rounds, each asking every seat once in seat order;
    waiting lets one round go, and a round in which nobody acted ends the tick.

  The two give the same seat the same number of actions a tick; they differ in how the
  seats' actions interleave within it, so the same policies play different games under them.

Selection and time passing are kept apart:

* :meth:`Scheduler.select` is pure: it reads the game and the scheduler and changes neither
  (not the game's state, clock, step or generator).
* :meth:`Scheduler.record_action`, :meth:`Scheduler.record_wait` and
  :meth:`Scheduler.begin_round` move the scheduler through the tick (never the game).
* :meth:`Scheduler.pass_tick` (and :meth:`Scheduler.pass_time`) is the only place where the
  scheduler moves the clock; :meth:`Scheduler.pass_time_until_decision` lets ticks pass until
  some seat may decide (or the game ends) and says which one.

>>> import spacetable
>>> g = spacetable.new_game("spacedealer", 3, seed=2)
>>> s = SeatTurns(g.realtime, tick=2.0)
>>> s.select(g), g.clock
(0, 0.0)
>>> for seat in (0, 1, 2):
...     s.record_wait(seat)
>>> s.select(g) is None, g.clock  # the tick is over; selecting did not move the clock
(True, 0.0)
>>> s.pass_time_until_decision(g), g.clock
(0, 2.0)

:func:`quiet_seconds` is the other half of time passing, for drivers that may jump over quiet
game time: how long until the next scheduled change (``game.next_event``).

The web server schedules nobody: at a live table people and bots act whenever they want, and
the server's clock, not a tick rule, lets game time pass (``docs/web.md``). Nor does the
playout driver of the conformance suite and the golden transcripts
(:func:`spacetable.playout.step`): it draws the seat and the time that passes at random, on
purpose, to reach every interleaving.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from typing import Any, Self

from .errors import SpacetableError
from .game import Game

__all__ = ["Rounds", "Scheduler", "SeatTurns", "quiet_seconds"]


class Scheduler(ABC):
    """Who decides next, and when game time passes (see the module doc): the part both
    orders share. Use :class:`SeatTurns` or :class:`Rounds`.

    ``realtime`` is the game's (``game.realtime``); ``tick`` (seconds of game time, > 0) and
    ``actions_per_tick`` (>= 1) matter in real time only. One scheduler follows one game, a
    tick after the other; :meth:`restart` starts the tick afresh (a new game, or time
    passed)."""

    __slots__ = ("actions_per_tick", "realtime", "tick")

    def __init__(self, realtime: bool, tick: float = 1.0, actions_per_tick: int = 4) -> None:
        if not tick > 0:
            raise SpacetableError(f"tick must be positive, not {tick}")
        if actions_per_tick < 1:
            raise SpacetableError(f"actions_per_tick must be at least 1, not {actions_per_tick}")
        self.realtime = realtime
        self.tick = float(tick)
        self.actions_per_tick = int(actions_per_tick)
        self.restart()

    def _where(self) -> dict[str, Any]:
        """Where the tick stands (the order's own fields)."""
        return {}

    def __repr__(self) -> str:
        fields = {
            "realtime": self.realtime,
            "tick": self.tick,
            "actions_per_tick": self.actions_per_tick,
            **self._where(),
        }
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in fields.items())})"

    def copy(self) -> Self:
        """An independent copy (the same settings, the same place in the tick)."""
        c = copy.copy(self)
        for name, value in self._where().items():
            if isinstance(value, list):
                setattr(c, name, list(value))
        return c

    def restart(self) -> None:
        """Start a tick afresh (nobody has decided in it yet)."""

    # ------------------------------------------------------------------ selection (pure)
    def select(self, game: Game) -> int | None:
        """The seat that decides next, without changing anything (neither the game nor the
        scheduler): the lowest seat of ``to_act`` in a turn-based game; in real time, the
        order's choice in the current tick, or ``None`` when nobody is left to decide in it
        (:meth:`begin_round`, then time must pass: :meth:`pass_tick`). ``None`` once the
        game is over.

        Raises :class:`SpacetableError` for a turn-based game that is not over and has
        nobody to act (a broken game)."""
        if game.is_over:
            return None
        if not self.realtime:
            to_act = game.to_act
            if not to_act:
                raise SpacetableError(f"{game.game_id}: nobody to act in a game not over")
            return min(to_act)
        return self._select_in_tick(game)

    @abstractmethod
    def _select_in_tick(self, game: Game) -> int | None:
        """Real time, the game not over: the order's seat to decide in this tick, or
        ``None``; pure."""

    # ------------------------------------------------------------------ what was decided
    def record_action(self, seat: int) -> None:
        """``seat`` (the one :meth:`select` named) applied an action."""

    def record_wait(self, seat: int) -> None:
        """``seat`` (the one :meth:`select` named) waits: it lets its turn go."""

    def begin_round(self, game: Game) -> bool:
        """:meth:`select` found nobody: begin another round of the tick if the order has one
        (True; it reads ``game`` and changes only the scheduler), else the tick is over
        (False)."""
        return False

    # ------------------------------------------------------------------ time passing
    def pass_time(self, game: Game, seconds: float, *, checked: bool = True) -> None:
        """End the tick: ``seconds`` of game time pass (``game.advance``, or
        ``advance_unchecked`` for search with ``checked=False``; real time only, the game
        not over) and the next tick starts afresh."""
        if checked:
            game.advance(seconds)
        else:
            game.advance_unchecked(seconds)
        self.restart()

    def pass_tick(self, game: Game) -> None:
        """End the tick: ``tick`` seconds of game time pass (:meth:`pass_time`)."""
        self.pass_time(game, self.tick)

    def pass_time_until_decision(self, game: Game) -> int | None:
        """The seat that decides next, beginning rounds (:meth:`begin_round`) and letting
        ticks of game time pass (:meth:`pass_tick`) while nobody may decide; ``None`` once
        the game is over (the last tick may end it). In a turn-based game no time passes:
        this is :meth:`select`."""
        seat = self.select(game)
        while seat is None and not game.is_over:
            if not self.begin_round(game):
                self.pass_tick(game)
            seat = self.select(game)
        return seat


class SeatTurns(Scheduler):
    """The RL adapters' order: a seat keeps the turn. Within a tick the seats decide in seat
    order; a seat keeps the turn until it waits, has no legal action, or has made
    ``actions_per_tick`` actions; after the last seat the tick is over. Where the tick
    stands: :attr:`seat`, whose turn it is (``players``: every seat had its turn), and
    :attr:`acts`, the actions that seat made in this tick."""

    __slots__ = ("acts", "seat")

    seat: int
    acts: int

    def restart(self) -> None:
        #: the seat whose turn it is in the tick (the first that may decide from here on)
        self.seat = 0
        #: the actions :attr:`seat` made in this tick
        self.acts = 0

    def _where(self) -> dict[str, Any]:
        return {"seat": self.seat, "acts": self.acts}

    def _select_in_tick(self, game: Game) -> int | None:
        """The first seat from :attr:`seat` on that has a legal action. Only the seats of
        ``to_act`` are asked (a seat that may act is one of them, by the game contract): in
        the ticks where nobody may act, the common case between two decisions, no seat's
        list is made."""
        first = self.seat
        for seat in game.to_act:
            if seat >= first and game.legal_actions(seat):
                return seat
        return None

    def pass_time_until_decision(self, game: Game) -> int | None:
        """:meth:`Scheduler.pass_time_until_decision`, its loop written out for this order
        (which never begins another round of a tick): between two decisions of an RL
        adapter in real time many ticks pass where nobody may act, and each layer of calls
        costs there. The game sees the same calls: ``advance(tick)``, then who may act."""
        seat = self.select(game)
        if seat is None and self.realtime:
            tick = self.tick
            while not game.is_over:
                game.advance(tick)
                self.restart()
                if game.is_over:
                    break
                seat = self._select_in_tick(game)
                if seat is not None:
                    break
        return seat

    def record_action(self, seat: int) -> None:
        """In real time ``seat`` used one of its ``actions_per_tick``; the last one ends its
        turn in this tick."""
        if not self.realtime:
            return
        if seat != self.seat:  # the seats before it were skipped: nothing legal
            self.seat = seat
            self.acts = 0
        self.acts += 1
        if self.acts >= self.actions_per_tick:
            self.record_wait(seat)

    def record_wait(self, seat: int) -> None:
        """``seat``'s turn in this tick is over; the next seat's begins."""
        self.seat = seat + 1
        self.acts = 0


class Rounds(Scheduler):
    """The bot loop's order (:func:`spacetable.sim.step_bots`): one action per seat per
    round. A tick is up to ``actions_per_tick`` rounds; a round asks the seats of ``to_act``
    as it stood when the round began, in seat order, each once (a seat no longer in
    ``to_act`` is passed over); a seat may act or wait, and waiting lets only this round go.
    A round in which nobody acted ends the tick, and so does the last round. Where the tick
    stands: :attr:`rounds` begun, the :attr:`order` of the current round and the index of
    the next seat in it (:attr:`pos`), whether anybody acted in the round (:attr:`moved`) and
    the actions of the tick (:attr:`actions`)."""

    __slots__ = ("actions", "moved", "order", "pos", "rounds")

    rounds: int
    order: list[int]
    pos: int
    moved: bool
    actions: int

    def restart(self) -> None:
        self.rounds = 0
        self.order = []
        self.pos = 0
        self.moved = False
        self.actions = 0

    def _where(self) -> dict[str, Any]:
        return {
            "rounds": self.rounds,
            "order": self.order,
            "pos": self.pos,
            "moved": self.moved,
            "actions": self.actions,
        }

    def _select_in_tick(self, game: Game) -> int | None:
        """The next seat of the round that is still in ``to_act``."""
        to_act = game.to_act
        for seat in self.order[self.pos :]:
            if seat in to_act:
                return seat
        return None

    def record_action(self, seat: int) -> None:
        if not self.realtime:
            return
        self.pos = self.order.index(seat) + 1
        self.moved = True
        self.actions += 1

    def record_wait(self, seat: int) -> None:
        if self.realtime:
            self.pos = self.order.index(seat) + 1

    def begin_round(self, game: Game) -> bool:
        """The first round of a tick always begins; another one only after a round in which
        somebody acted, up to ``actions_per_tick`` rounds."""
        if self.rounds > 0 and (not self.moved or self.rounds >= self.actions_per_tick):
            return False
        self.rounds += 1
        self.order = game.to_act
        self.pos = 0
        self.moved = False
        return True


def quiet_seconds(game: Game, shortest: float, longest: float) -> float:
    """How long a driver may let game time pass when nobody acts (pure): until the next
    scheduled change (``game.next_event()``), but at least ``shortest`` and at most
    ``longest`` seconds (``longest`` when nothing is scheduled)."""
    nxt = game.next_event()
    if nxt is None:
        return longest
    return max(shortest, min(nxt - game.clock, longest))
