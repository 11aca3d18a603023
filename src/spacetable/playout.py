"""The one playout driver: plays a game step by step with a policy, for golden transcripts,
the conformance suite, tests and benchmarks.

A *policy* chooses an action for a seat from its legal list (``None``: wait, in real time).
Each :func:`step` picks a seat among ``to_act`` with the driver's generator, asks the policy,
and applies its choice; in a real-time game it lets time pass instead when nobody may act,
when the policy waits, or with probability ``p_advance``, by one of ``advances`` seconds.

>>> import spacetable, random
>>> g = spacetable.new_game("quazarys", 2, seed=1)
>>> steps = list(playout(g, random.Random(1)))
>>> g.is_over and len(steps) == g.step
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from spacetable.bots import Bot, SeatPort
from spacetable.engine import Action, Game, SpacetableError

#: ``policy(game, seat, legal) -> action`` (or ``None`` to wait in a real-time game).
Policy = Callable[[Game, int, list[Action]], Action | None]

#: Seconds a real-time step lets pass by default (one is drawn at random).
ADVANCES: tuple[float, ...] = (0.5, 1.0, 3.0, 10.0, 30.0)


class Step(NamedTuple):
    """One applied step: an action of ``seat`` (chosen among ``legal`` actions), or, with
    ``seat`` ``None``, ``seconds`` of game time. (A named tuple: made at every step of a
    benchmark, it costs a quarter of a frozen dataclass.)"""

    seat: int | None
    action: Action | None
    seconds: float
    legal: int


def random_policy(rng: random.Random) -> Policy:
    """Uniformly random among the legal actions (never waits)."""

    def choose(game: Game, seat: int, legal: list[Action]) -> Action:
        return rng.choice(legal)

    return choose


def bot_policy(bots: Sequence[Bot]) -> Policy:
    """Each seat played by its bot, through its :class:`~spacetable.bots.SeatPort` (a bot
    that returns ``None`` waits)."""

    def choose(game: Game, seat: int, legal: list[Action]) -> Action | None:
        return bots[seat].choose(SeatPort(game, seat))

    return choose


def step(
    game: Game,
    rng: random.Random,
    policy: Policy | None = None,
    *,
    checked: bool = True,
    p_advance: float = 0.3,
    advances: Sequence[float] = ADVANCES,
) -> Step:
    """Apply one step to ``game`` (not over). ``checked=False`` uses the unchecked fast path
    (``apply_unchecked``, ``advance_unchecked``) for benchmarks and search."""
    seats = game.to_act
    if game.realtime and (not seats or rng.random() < p_advance):
        return _advance(game, rng, advances, checked)
    if not seats:
        raise SpacetableError(f"nobody is to act in {game.info.id}, which is not over")
    seat = rng.choice(seats)
    legal = game.legal_actions(seat)
    # Uniformly random without a policy: the same draw as ``rng.choice(legal)``.
    a = legal[rng.randrange(len(legal))] if policy is None else policy(game, seat, legal)
    if a is None:
        if not game.realtime:
            raise SpacetableError(f"the policy of seat {seat} waited in a turn-based game")
        return _advance(game, rng, advances, checked)
    if checked:
        game.apply(seat, a)
    else:
        game.apply_unchecked(seat, a)
    return Step(seat, a, 0.0, len(legal))


def _advance(game: Game, rng: random.Random, advances: Sequence[float], checked: bool) -> Step:
    dt = float(rng.choice(advances))
    if checked:
        game.advance(dt)
    else:
        game.advance_unchecked(dt)
    return Step(None, None, dt, 0)


def playout(
    game: Game,
    rng: random.Random,
    policy: Policy | None = None,
    *,
    checked: bool = True,
    p_advance: float = 0.3,
    advances: Sequence[float] = ADVANCES,
    max_steps: int | None = None,
) -> Iterator[Step]:
    """Play ``game`` to its end (or ``max_steps`` steps), yielding each step once applied."""
    n = 0
    while not game.is_over and (max_steps is None or n < max_steps):
        yield step(game, rng, policy, checked=checked, p_advance=p_advance, advances=advances)
        n += 1
