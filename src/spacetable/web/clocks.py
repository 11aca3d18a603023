"""Turn clocks and the bot that plays an absent seat (a table's settings).

A table may have a **turn clock**: each decision a person's seat must make gets ``move``
seconds, and time beyond it comes out of the seat's ``reserve`` (as on Board Game Arena:
time per move plus a reserve). A seat whose reserve runs out is played by a bot of the
table's ``takeover`` level until its person is back: they act, or press "I'm back" (the
``back`` message). At a table whose ``on_timeout`` is ``"lose"``, running out of time
loses the game instead: the seat (and its side) is ranked last (``Outcome.forfeit``) and the
takeover bot plays it to the end, its person may no longer act for it. A seat whose
people have all left (no connection for ``away_after``
seconds while the table runs) is played by that bot as well, until one of them connects
again. Tables without a clock may still name a ``takeover`` bot for people who leave.

Only turn-based games have turn clocks (a real-time game runs on its own clock); leaving
works for every game. The clocks run on the server's monotonic clock; their state (the
reserve left, the time used in the current move, who is away and why, the last events) is
saved with every decision and every few seconds while a clock runs, so that a restarted
server resumes them where they stood: the time the server was down does not count.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

#: Events kept (timeouts, departures, returns), newest last.
EVENTS = 50


@dataclass(frozen=True)
class TableSettings:
    """``move`` and ``reserve`` seconds of the turn clock (``None``: no clock), and the bot
    level that plays an absent seat (``None``: nobody takes over)."""

    move: float | None = None
    reserve: float | None = None
    takeover: str | None = None
    #: Whether a seated person may ask "what would the bot do?" (``hint`` messages).
    hints: bool = True
    #: What running out of time does: ``"bot"`` (the takeover bot plays until the person
    #: is back) or ``"lose"`` (the seat loses the game; the bot plays it to the end).
    on_timeout: str = "bot"

    @property
    def clocked(self) -> bool:
        return self.move is not None

    def to_json(self) -> dict[str, Any] | None:
        if not self.clocked and self.takeover is None and self.hints:
            return None
        out: dict[str, Any] = {"takeover": self.takeover}
        if not self.hints:
            out["hints"] = False
        if self.on_timeout != "bot":
            out["on_timeout"] = self.on_timeout
        if self.clocked:
            out["clock"] = {"move": self.move, "reserve": self.reserve}
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> TableSettings:
        if not data:
            return cls()
        clock = data.get("clock") or {}
        return cls(
            clock.get("move"),
            clock.get("reserve"),
            data.get("takeover"),
            data.get("hints", True),
            data.get("on_timeout", "bot"),
        )


@dataclass
class SeatClock:
    """One seat's clock: its reserve, the time used in the move it is making, whether it
    runs (since ``since``, monotonic), and why a bot plays it (``"timeout"``, ``"left"``)."""

    reserve: float
    used: float = 0.0
    since: float | None = None
    away: str | None = None


class Clocks:
    """The clocks of one table (``settings``) with ``players`` seats."""

    def __init__(self, settings: TableSettings, players: int) -> None:
        self.settings = settings
        self.seats = [SeatClock(settings.reserve or 0.0) for _ in range(players)]
        self.events: list[dict[str, Any]] = []
        #: The seats that lost on time (``on_timeout`` ``"lose"``), first loser first.
        self.lost: list[int] = []

    # ------------------------------------------------------------------ time
    def left(self, seat: int, now: float) -> float:
        """Seconds before ``seat`` runs out of time (its move's time, then its reserve)."""
        c = self.seats[seat]
        move = self.settings.move or 0.0
        used = c.used + (now - c.since if c.since is not None else 0.0)
        return move - used + c.reserve

    def run(self, to_act: set[int], people: set[int], now: float) -> None:
        """Run the clocks of the people's seats that are to act, and only theirs. A seat
        that stops without a decision (the game moved on) keeps the time it used."""
        if not self.settings.clocked:
            return
        for seat, c in enumerate(self.seats):
            should = seat in to_act and seat in people and c.away is None
            if should and c.since is None:
                c.since = now
            elif not should and c.since is not None:
                c.used += now - c.since
                c.since = None

    def decided(self, seat: int, now: float) -> None:
        """``seat`` made a decision: the time beyond its move's comes out of its reserve,
        and its next decision starts afresh."""
        if not self.settings.clocked:
            return
        c = self.seats[seat]
        used = c.used + (now - c.since if c.since is not None else 0.0)
        over = used - (self.settings.move or 0.0)
        if over > 0:
            c.reserve = max(0.0, c.reserve - over)
        c.used = 0.0
        c.since = now if c.since is not None else None

    def expired(self, now: float) -> list[int]:
        """The running seats whose time is up."""
        return [
            s for s, c in enumerate(self.seats) if c.since is not None and self.left(s, now) <= 0
        ]

    def next_expiry(self, now: float) -> float | None:
        """Seconds until the first running clock runs out (``None``: none runs)."""
        lefts = [self.left(s, now) for s, c in enumerate(self.seats) if c.since is not None]
        return max(0.0, min(lefts)) if lefts else None

    @property
    def running(self) -> bool:
        return any(c.since is not None for c in self.seats)

    # ------------------------------------------------------------------ away
    def away(self, seat: int) -> str | None:
        return self.seats[seat].away

    def leave(self, seat: int, why: str, now: float) -> dict[str, Any]:
        """A bot of the takeover level plays ``seat`` from now on (``why``: ``"timeout"``
        or ``"left"``); returns the event. At a table where time out loses, a timeout is a
        loss: the seat is ``"lost"`` for good (event ``"lost"``)."""
        c = self.seats[seat]
        if c.since is not None:
            c.used += now - c.since
            c.since = None
        if why == "timeout" and self.settings.on_timeout == "lose":
            why = "lost"
            if seat not in self.lost:
                self.lost.append(seat)
        c.away = why
        if why in ("timeout", "lost"):  # its time is spent: the reserve is empty
            c.used = 0.0
            c.reserve = 0.0
        return self._event(seat, why)

    def back(self, seat: int) -> dict[str, Any]:
        """The seat's person is back; a seat that had run out of time has its move's time
        only (its reserve is spent). A seat that lost on time may not come back."""
        if self.seats[seat].away == "lost":
            raise ValueError(f"seat {seat} lost on time")
        self.seats[seat].away = None
        return self._event(seat, "back")

    def _event(self, seat: int, kind: str) -> dict[str, Any]:
        ev = {"at": time.time(), "seat": seat, "kind": kind, "level": self.settings.takeover}
        self.events = [*self.events[-(EVENTS - 1) :], ev]
        return ev

    # ------------------------------------------------------------------ views
    def public(self, now: float) -> dict[str, Any]:
        """What everybody sees: the settings, each seat's time left and whether it runs
        (the page counts a running clock down from ``left``), who is away, the events."""
        s = self.settings
        return {
            "move": s.move,
            "reserve": s.reserve,
            "takeover": s.takeover,
            "on_timeout": s.on_timeout,
            "lost": list(self.lost),
            "seats": [
                {
                    # (a seat that lost on time has no time left to count)
                    "left": round(self.left(i, now), 2) if s.clocked and c.away != "lost" else None,
                    "reserve": round(c.reserve, 2) if s.clocked else None,
                    "running": c.since is not None,
                    "away": c.away,
                }
                for i, c in enumerate(self.seats)
            ],
            "events": self.events[-10:],
        }

    def to_json(self, now: float) -> dict[str, Any]:
        """The state to save: a running clock is saved with the time it used so far."""
        return {
            "seats": [
                {
                    "reserve": c.reserve,
                    "used": c.used + (now - c.since if c.since is not None else 0.0),
                    "away": c.away,
                }
                for c in self.seats
            ],
            "events": self.events,
            "lost": list(self.lost),
        }

    @classmethod
    def restore(cls, settings: TableSettings, players: int, data: dict[str, Any] | None) -> Clocks:
        """Clocks as saved (none runs until the table's driver runs them again)."""
        clocks = cls(settings, players)
        if data:
            for c, d in zip(clocks.seats, data.get("seats", []), strict=False):
                c.reserve = float(d.get("reserve", c.reserve))
                c.used = float(d.get("used", 0.0))
                c.away = d.get("away")
            clocks.events = list(data.get("events", []))[-EVENTS:]
            clocks.lost = [int(s) for s in data.get("lost", []) if 0 <= int(s) < players]
        return clocks


__all__ = ["Clocks", "SeatClock", "TableSettings"]
