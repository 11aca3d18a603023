"""Driving games with bots: the one loop shared by the simulator, tournaments and the CLI.

Turn-based games: ask the bot of a seat in ``to_act`` and apply its choice. Real-time games
(``game.realtime``): in each tick, every seat's bot may act (up to ``actions_per_tick`` times,
returning ``None`` to wait); then the clock advances by ``tick`` seconds.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from spacetable.bots import Bot, SeatPort
from spacetable.engine import NO_BOUND, Game, SpacetableError

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

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "players": self.players,
            "bots": self.bots,
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
    """Advance ``game`` by one decision (turn-based) or one tick (real time).

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
    applied = 0
    for _ in range(actions_per_tick):
        acted = False
        for seat in game.to_act:
            if game.is_over:
                return applied
            if seat not in game.to_act:
                continue
            a = bots[seat].choose(SeatPort(game, seat))
            if a is not None:
                game.apply(seat, a)
                applied += 1
                acted = True
                if on_action:
                    on_action(seat, a)
        if not acted:
            break
    if not game.is_over:
        game.advance(tick)
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
