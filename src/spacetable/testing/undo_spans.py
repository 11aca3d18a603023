"""The conformance suite's undo check: no span of decisions a seat may take back revealed
anything hidden, to anyone.

A seat may take back its last decisions back to the first *barrier* (see
:meth:`Game.undoable`). If such a span showed something hidden — a card drawn, a tile turned,
a deck reshuffled, a token looked at — an undo would hide it again after somebody saw it, and
the game could be replayed with that knowledge. The check follows a seeded playout and, for
every *run* of one seat's consecutive undoable decisions, replays the run alongside the real
game on determinized copies of the state before it:

* copies resampled from the acting seat's view (everything it cannot see): the seat's view,
  its new log entries, the spectator's view and the public log must be the same on every copy
  as on the real game after each decision of the run (the seat learned nothing, nothing became
  public), the decision must be legal there (the seat chose it from its view), and whether a
  decision is a barrier must not depend on what was resampled (else the Undo button itself
  would tell the seat something);
* one copy resampled from each other seat's view (from ``others`` of them, drawn at random for
  each run, in games with more seats): that seat's view and new log entries must be
  the same as on the real game (it learned nothing from the run). Where the run's decision is
  not legal on such a copy (the acting seat's hidden hand was resampled without the card it
  played), the copy says nothing more and is dropped.

Every prefix of a run is a span the seat could take back at that moment, so checking each
decision of each run checks every undoable span of the playout (:attr:`SpanReport.spans`).
Where a check fails the span must not be undoable: the rules must call :meth:`Game.revealed`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from spacetable.engine import Action, Game

Fail = Callable[[str], AssertionError]


@dataclass
class SpanReport:
    #: Undoable spans checked (one per undoable decision: the span it ends).
    spans: int = 0
    #: Runs of undoable decisions followed (a run is a span and its prefixes).
    runs: int = 0
    #: The longest run seen.
    longest: int = 0
    #: Copies from another seat's view dropped because a decision was not legal there.
    dropped: int = 0


@dataclass
class _Run:
    seat: int
    length: int
    #: (viewer, copy): copies determinized from ``viewer``'s view of the state before the run.
    copies: list[tuple[int, Game]] = field(default_factory=list)
    #: The real game's log size before the run (new entries are compared, not the whole log).
    log_start: int = 0


class UndoSpanChecker:
    """Follows one playout; call :meth:`decided` after each decision with the state before it
    (a clone), and :meth:`advanced` after game time passed."""

    def __init__(self, rng: random.Random, determinizations: int = 2, others: int = 3) -> None:
        self.rng = rng
        self.k = determinizations
        self.others = others
        self.report = SpanReport()
        self._run: _Run | None = None

    def advanced(self) -> None:
        self._run = None

    def decided(self, g: Game, before: Game, seat: int, act: Action, fail: Fail) -> None:
        """``g`` is ``before`` after ``seat`` decided ``act``."""
        run = self._run
        if run is None or run.seat != seat:
            run = self._start(before, seat)
        barrier = g._undo_floor == g.step
        for viewer, d in list(run.copies):
            if act not in d.legal_actions(seat):
                if viewer == seat:
                    raise fail(
                        f"seat {seat}'s decision {act} is not legal on a copy resampled from "
                        "its own view: its legal actions depend on what it cannot see"
                    )
                run.copies.remove((viewer, d))
                self.report.dropped += 1
                continue
            d.apply_unchecked(seat, act)
            if viewer == seat and (d._undo_floor == d.step) != barrier:
                raise fail(
                    f"whether seat {seat}'s decision {act} may be taken back depends on what "
                    "it cannot see (a draw or a reveal on some hidden states only)"
                )
        if barrier or g.is_over:
            self._run = None
            return
        run.length += 1
        can = g.undoable(seat)
        if can != run.length:
            raise fail(
                f"seat {seat} may take back {can} decision(s), but its run since the last "
                f"barrier or other seat's decision is {run.length}"
            )
        self.report.spans += 1
        self.report.longest = max(self.report.longest, run.length)
        new = g.log_size - run.log_start
        seen: dict[int | None, tuple[dict[str, Any], list[dict[str, Any]]]] = {}
        for viewer, d in run.copies:
            watchers: tuple[int | None, ...] = (seat, None) if viewer == seat else (viewer,)
            for w in watchers:
                if w not in seen:
                    seen[w] = (g.view(w), g.last_events(w, new))
                want_view, want_log = seen[w]
                if d.view(w) != want_view or d.last_events(w, new) != want_log:
                    who = "the spectator" if w is None else f"seat {w}"
                    raise fail(
                        f"seat {seat} may take back its last {can} decision(s) (the last: "
                        f"{act}), but they showed {who} something hidden: its view or log "
                        "differs on a copy where what seat "
                        f"{viewer} cannot see was resampled. Call revealed() in the rules"
                    )

    def _start(self, before: Game, seat: int) -> _Run:
        self.report.runs += 1
        run = _Run(seat, 0, log_start=before.log_size)
        others = [v for v in range(before.players) if v != seat]
        if len(others) > self.others:
            others = self.rng.sample(others, self.others)
        for viewer in [seat] * self.k + others:
            d = before.determinize(viewer, random.Random(self.rng.getrandbits(32)))
            run.copies.append((viewer, d))
        self._run = run
        return run
