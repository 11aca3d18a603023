"""The turn rule of drivers that take one decision at a time: which seat decides next, and,
in a real-time game, when game time passes (``docs/rl.md``, "Who acts").

The engine says who *may* act (``game.to_act``, ``game.legal_actions``); a driver that asks
one seat at a time (the PettingZoo and OpenSpiel adapters, and Gymnasium through PettingZoo)
must also say who *does*, and a real-time game never waits for anybody, so the driver must
also say when the clock moves. :class:`Scheduler` is that rule, written once:

* **turn-based games**: the lowest seat of ``game.to_act`` decides (Spacedealer's *ticks*
  mode, where every seat decides before the game moves its own clock, takes the seats in seat
  order, each until its ``done``).
* **real time** (``game.realtime``): game time is cut into *ticks* of ``tick`` seconds.
  Within a tick the seats decide in seat order; a seat keeps the turn until it waits
  (:meth:`Scheduler.record_wait`), has no legal action, or has made ``actions_per_tick``
  actions (:meth:`Scheduler.record_action`). After the last seat the tick is over: the clock
  advances ``tick`` seconds (``game.advance``, which resolves the sand timers that run out)
  and seat 0 starts the next tick. A seat with nothing legal is skipped.

Selection and time passing are kept apart:

* :meth:`Scheduler.select` is pure: it reads the game and the scheduler and changes neither
  (not the game's state, clock, step or generator).
* :meth:`Scheduler.pass_tick` is the only place where the scheduler moves the clock;
  :meth:`Scheduler.pass_time_until_decision` lets ticks pass until some seat may decide (or the
  game ends) and says which one.

>>> import spacetable
>>> g = spacetable.new_game("spacedealer", 3, seed=2)
>>> s = Scheduler(g.realtime, tick=2.0)
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
"""

from __future__ import annotations

from .errors import SpacetableError
from .game import Game

__all__ = ["Scheduler", "quiet_seconds"]


class Scheduler:
    """Who decides next in a game driven one decision at a time (see the module doc).

    ``realtime`` is the game's (``game.realtime``); ``tick`` (seconds of game time, > 0) and
    ``actions_per_tick`` (>= 1) matter in real time only. The scheduler's own state is where
    the tick stands: :attr:`seat`, whose turn it is (``players``: every seat has had its
    turn), and :attr:`acts`, the actions that seat made in this tick. One scheduler follows
    one game; :meth:`restart` starts it afresh for a new one."""

    __slots__ = ("actions_per_tick", "acts", "realtime", "seat", "tick")

    def __init__(self, realtime: bool, tick: float = 1.0, actions_per_tick: int = 4) -> None:
        if not tick > 0:
            raise SpacetableError(f"tick must be positive, not {tick}")
        if actions_per_tick < 1:
            raise SpacetableError(f"actions_per_tick must be at least 1, not {actions_per_tick}")
        self.realtime = realtime
        self.tick = float(tick)
        self.actions_per_tick = int(actions_per_tick)
        #: the seat whose turn it is in the tick (the first that may decide from here on)
        self.seat = 0
        #: the actions :attr:`seat` made in this tick
        self.acts = 0

    def __repr__(self) -> str:
        return (
            f"Scheduler(realtime={self.realtime}, tick={self.tick}, "
            f"actions_per_tick={self.actions_per_tick}, seat={self.seat}, acts={self.acts})"
        )

    def copy(self) -> Scheduler:
        """An independent copy (the same settings, the same place in the tick)."""
        s = Scheduler(self.realtime, self.tick, self.actions_per_tick)
        s.seat = self.seat
        s.acts = self.acts
        return s

    def restart(self) -> None:
        """A new game: the first tick starts at seat 0."""
        self.seat = 0
        self.acts = 0

    # ------------------------------------------------------------------ selection (pure)
    def select(self, game: Game) -> int | None:
        """The seat that decides next, without changing anything: the lowest seat of
        ``to_act`` in a turn-based game; in real time, the first seat from :attr:`seat` on
        that has a legal action, or ``None`` when no seat may decide in this tick any more
        (then time must pass: :meth:`pass_tick`). ``None`` once the game is over.

        Raises :class:`SpacetableError` for a turn-based game that is not over and has
        nobody to act (a broken game)."""
        if game.is_over:
            return None
        if not self.realtime:
            to_act = game.to_act
            if not to_act:
                raise SpacetableError(f"{game.game_id}: nobody to act in a game not over")
            return min(to_act)
        for seat in range(self.seat, game.players):
            if game.legal_actions(seat):
                return seat
        return None

    # ------------------------------------------------------------------ what was decided
    def record_action(self, seat: int) -> None:
        """``seat`` (the one :meth:`select` named) applied an action. In real time it has
        used one of its ``actions_per_tick``; the last one ends its turn in this tick."""
        if not self.realtime:
            return
        if seat != self.seat:  # the seats before it were skipped: nothing legal
            self.seat = seat
            self.acts = 0
        self.acts += 1
        if self.acts >= self.actions_per_tick:
            self.record_wait(seat)

    def record_wait(self, seat: int) -> None:
        """``seat`` waits (real time): its turn in this tick is over, the next seat's
        begins."""
        self.seat = seat + 1
        self.acts = 0

    # ------------------------------------------------------------------ time passing
    def pass_tick(self, game: Game) -> None:
        """End the tick: ``tick`` seconds of game time pass (``game.advance``, real time
        only, the game not over) and seat 0 starts the next tick."""
        game.advance(self.tick)
        self.restart()

    def pass_time_until_decision(self, game: Game) -> int | None:
        """The seat that decides next, letting ticks of game time pass (:meth:`pass_tick`)
        while no seat may decide in the current one; ``None`` once the game is over (the
        last tick may end it). In a turn-based game no time passes: this is
        :meth:`select`."""
        seat = self.select(game)
        while seat is None and not game.is_over:
            self.pass_tick(game)
            seat = self.select(game)
        return seat


def quiet_seconds(game: Game, shortest: float, longest: float) -> float:
    """How long a driver may let game time pass when nobody acts (pure): until the next
    scheduled change (``game.next_event()``), but at least ``shortest`` and at most
    ``longest`` seconds (``longest`` when nothing is scheduled)."""
    nxt = game.next_event()
    if nxt is None:
        return longest
    return max(shortest, min(nxt - game.clock, longest))
