"""Driving games with bots: the one loop shared by the simulator, tournaments and the CLI.

Turn-based games: ask the bot of the lowest seat in ``to_act`` and apply its choice.
Real-time games (``game.realtime``): in each tick, every seat's bot may act up to
``actions_per_tick`` times (returning ``None`` to wait), in rounds: each round asks every seat
of ``to_act`` once, in seat order; then the clock advances by ``tick`` seconds. That is the
turn rule :class:`spacetable.engine.schedule.Rounds` (the RL adapters' is its sibling
:class:`~spacetable.engine.schedule.SeatTurns`, where a seat keeps the turn).

A run of many games (``simulate``, ``tournament``) seats its bots with :func:`seating`: rotated
from game to game by default, so that no bot keeps the advantage (or the handicap) of one
seat, or fixed as given. :func:`entrant_names` names the bots of a run, :func:`seat_counts`
and :func:`seats_balanced` say how often each sat at each seat.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from spacetable.bots import Bot, SeatPort
from spacetable.engine import NO_BOUND, Game, SpacetableError
from spacetable.engine.schedule import Rounds

#: The safety limit of :func:`play_game` on a game whose rulebook sets no bound (its
#: ``max_decisions`` is ``NO_BOUND``): bots that stall raise instead of running for ever.
UNBOUNDED_LIMIT = 1_000_000


@dataclass
class GameResult:
    """The summary of one finished game."""

    seed: int
    players: int
    bots: list[str]
    scores: list[float]
    ranks: list[int]
    reason: str
    decisions: int
    seconds: float
    record: dict[str, Any] = field(repr=False, default_factory=dict)
    #: The name of the entrant at each seat (:func:`entrant_names`); the bot kinds when empty.
    entrants: list[str] = field(default_factory=list)

    @property
    def seated(self) -> list[str]:
        """The entrant at each seat: :attr:`entrants`, or the bot kinds when not given."""
        return list(self.entrants) if self.entrants else list(self.bots)

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "players": self.players,
            "bots": self.bots,
            "entrants": self.seated,
            "scores": self.scores,
            "ranks": self.ranks,
            "reason": self.reason,
            "decisions": self.decisions,
            "seconds": self.seconds,
        }


def step_bots(
    game: Game,
    bots: Sequence[Bot],
    *,
    tick: float = 1.0,
    actions_per_tick: int = 4,
    on_action: Callable[[int, Any], None] | None = None,
) -> int:
    """Advance ``game`` by one decision (turn-based) or one tick (real time, in the order of
    :class:`~spacetable.engine.schedule.Rounds`).

    Returns how many actions were applied.
    """
    if game.is_over:
        return 0
    if not game.realtime:
        seats = game.to_act
        if not seats:
            raise SpacetableError("nobody is to act in a turn-based game that is not over")
        seat = seats[0]
        a = bots[seat].choose(SeatPort(game, seat))
        if a is None:
            raise SpacetableError(f"bot {bots[seat].name} of seat {seat} returned no action")
        game.apply(seat, a)
        if on_action:
            on_action(seat, a)
        return 1
    schedule = Rounds(True, tick, actions_per_tick)
    while True:
        who = schedule.select(game)
        if who is None:
            if game.is_over:
                return schedule.actions
            if schedule.begin_round(game):
                continue
            break  # the tick is over
        a = bots[who].choose(SeatPort(game, who))
        if a is None:
            schedule.record_wait(who)
            continue
        game.apply(who, a)
        schedule.record_action(who)
        if on_action:
            on_action(who, a)
    applied = schedule.actions
    schedule.pass_tick(game)  # the next tick starts afresh
    return applied


def play_game(
    game: Game,
    bots: Sequence[Bot],
    *,
    tick: float = 1.0,
    max_steps: int | None = None,
) -> GameResult:
    """Play ``game`` to the end with one bot per seat and summarise it."""
    if len(bots) != game.players:
        raise ValueError(f"{game.players} seats but {len(bots)} bots")
    t0 = time.perf_counter()
    decisions = 0
    bound = type(game).max_decisions(game.players, game.options)
    if max_steps is not None:
        limit = max_steps
    elif bound >= NO_BOUND:  # the rulebook's game has no end for stalling bots
        limit = UNBOUNDED_LIMIT
    else:
        limit = bound * 4 + 10_000
    while not game.is_over:
        decisions += step_bots(game, bots, tick=tick)
        if game.step > limit:
            raise SpacetableError(f"the game did not end within {limit} steps")
    out = game.outcome()
    return GameResult(
        seed=game.seed,
        players=game.players,
        bots=[b.name for b in bots],
        scores=list(out.scores),
        ranks=list(out.ranks),
        reason=out.reason,
        decisions=decisions,
        seconds=time.perf_counter() - t0,
        record=game.record(),
    )


def seeds_for(seed: int, n: int) -> list[int]:
    """``n`` game seeds derived from one master seed (same seed, same list)."""
    r = random.Random(seed)
    return [r.getrandbits(48) for _ in range(n)]


#: How a run seats its bots: rotated from game to game (the default), or fixed as given.
SEATINGS = ("rotated", "fixed")


def seating(players: int, entrants: int, index: int, *, fixed: bool = False) -> tuple[int, ...]:
    """Which of ``entrants`` entrants (numbered from 0) sits at each seat in game ``index``.

    Rotated (the default): seat ``s`` gets entrant ``(index + s) mod entrants``, so over any
    ``entrants`` consecutive games every entrant sits at every seat exactly once (with as many
    entrants as seats, a Latin square: each game is the one before shifted by a seat). Fixed:
    seat ``s`` gets entrant ``s mod entrants`` in every game.

    The seating of a game is a function of these arguments alone, never of which worker
    plays it, so a run's results do not depend on ``--workers`` or on a cluster.

    >>> [seating(2, 2, i) for i in range(3)]
    [(0, 1), (1, 0), (0, 1)]
    >>> seating(3, 2, 1), seating(3, 2, 1, fixed=True)
    ((1, 0, 1), (0, 1, 0))
    """
    if type(players) is not int or players < 1:
        raise ValueError(f"a game has at least one seat, got {players!r:.40}")
    if type(entrants) is not int or entrants < 1:
        raise ValueError(f"a run has at least one entrant, got {entrants!r:.40}")
    if type(index) is not int or index < 0:
        raise ValueError(f"a game's index is an integer from 0, got {index!r:.40}")
    if fixed:
        return tuple(s % entrants for s in range(players))
    return tuple((index + s) % entrants for s in range(players))


def entrant_names(bots: Sequence[str]) -> list[str]:
    """Distinct names for the bots given (a kind given twice becomes ``kind#1``, ``kind#2``).

    >>> entrant_names(["random", "greedy", "random"])
    ['random#1', 'greedy', 'random#2']
    """
    counts: dict[str, int] = {}
    for b in bots:
        counts[b] = counts.get(b, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for b in bots:
        if counts[b] > 1:
            seen[b] = seen.get(b, 0) + 1
            out.append(f"{b}#{seen[b]}")
        else:
            out.append(b)
    return out


def seat_counts(seated: Iterable[Sequence[str]], players: int) -> dict[str, list[int]]:
    """How many games each entrant played at each seat, from each game's seating (the
    entrant at each seat, as a game's result or record gives it); entrants in name order."""
    counts: dict[str, list[int]] = {}
    for game in seated:
        if len(game) != players:
            raise ValueError(f"a seating of {len(game)} seats in a {players}-player run")
        for s, name in enumerate(game):
            counts.setdefault(name, [0] * players)[s] += 1
    return dict(sorted(counts.items()))


def seats_balanced(counts: Mapping[str, Sequence[int]]) -> bool:
    """Whether every entrant sat at every seat equally often (:func:`seat_counts`)."""
    return all(len(set(c)) <= 1 for c in counts.values())


def seating_note(mode: str, balanced: bool, games: int, cycle: int, why: str) -> str | None:
    """One line for a report whose seats are not balanced (None when they are): why, and
    what it means for the per-bot figures. ``cycle`` is the number of games after which the
    rotation has seated everybody at every seat equally often, ``why`` says what it rotates."""
    if balanced:
        return None
    if mode == "fixed":
        return (
            "seats fixed (--fixed-seats): each bot kept its seat, so its figures include that "
            "seat's advantage or handicap"
        )
    return (
        f"seats not balanced: {games} games is not a multiple of {cycle} ({why}), so some "
        "bots sat at some seats more often than at others; the per-bot figures keep a little "
        "of the seats' advantage"
    )
