"""Bots. They see a game only through :class:`SeatPort` (view, legal actions, determinize).

:func:`make_bot` builds a bot from its kind; :data:`BOT_KINDS` maps kinds to factories.

Kinds: ``random``, ``greedy`` (one-ply lookahead with the game's evaluation), ``mcts``
(information-set MCTS, 200 iterations, leaves scored by the evaluation), and the levels for
users ``easy``, ``medium`` and ``hard`` (see :data:`LEVELS`). ``mcts`` also takes a budget
after a colon: ``mcts:1000`` (iterations) or ``mcts:1s`` / ``mcts:0.25s`` (seconds per
decision, not reproducible), then options: ``mcts:500:depth=20`` (random rollouts of 20
steps), ``mcts:500:depth=8:greedy`` (greedy rollouts), ``mcts:500:c=0.7``,
``mcts:500:worlds=30`` (a pool of 30 determinizations reused), and in real time
``mcts:300:pace=2`` (seconds of game time before a bot that chose to wait searches again),
``tick=`` (game seconds of one step) and ``horizon=120`` (the planning search over the
seat's own decisions, see :class:`MCTSBot`). The *hard* level depends on the game
(:data:`HARD`; pass the game id to :func:`make_bot`).
``greedy:eps=0.2`` plays a random action 20% of the time.
``learned`` plays the policy trained for the game and player count (:mod:`.learned`; only
where one is shipped: :func:`learned_available`), ``learned:file=PATH`` a policy file and
``learned:temp=0.5`` samples at that temperature.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from .base import Bot, SeatPort
from .greedy import GreedyBot
from .learned import (
    LearnedBot,
    PolicyError,
    missing_policy,
    parse_learned,
    policy_available,
)
from .mcts import MCTSBot
from .random_bot import RandomBot


def _easy(seed: int | None) -> Bot:
    bot = GreedyBot(seed, epsilon=0.35)
    bot.name = "easy"
    return bot


def _medium(seed: int | None) -> Bot:
    bot = GreedyBot(seed)
    bot.name = "medium"
    return bot


BOT_KINDS: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mcts": MCTSBot,
    "easy": _easy,
    "medium": _medium,
    "hard": lambda seed: _hard(seed, None),
    "learned": LearnedBot,
}

#: The levels offered to users, easiest first, and what each one is.
LEVELS: dict[str, str] = {
    "easy": "greedy bot that plays a random move 35% of the time",
    "medium": "greedy bot: one-ply lookahead with the game's evaluation",
    "hard": "the search measured strongest against greedy in that game (HARD): ISMCTS with "
    "leaves scored by the game's evaluation; in Spacedealer, the paired real-time search",
}

#: The *hard* level of each game, as a bot kind: the smallest measured budget that wins
#: clearly against greedy there (``benchmarks/RESULTS.md``); other games get ``"default"``.
#: Spacedealer's is the paired real-time search with long rollouts: the two best actions by
#: one-ply value and waiting, each followed by 100 s of every seat playing greedy; it finishes
#: above a greedy seat in 69.8% of 200 games (45 s rollouts: 57.9%; flat ``mcts:200``: 48.4%).
HARD: dict[str, str] = {
    "default": "mcts:400",
    "planetraiders": "mcts:1000",
    "spacedealer": "mcts:3:prune=2:depth=100:worlds=1",
}


def _hard(seed: int | None, game: str | None) -> Bot:
    kind = HARD.get(game or "default", HARD["default"])
    base, *parts = kind.split(":")
    bot = MCTSBot(seed, **_parse_params(base, parts))
    bot.name = "hard"
    return bot


def _parse_params(kind: str, parts: list[str]) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for p in parts:
        key, eq, value = p.partition("=")
        try:
            if kind == "mcts" and not eq and p in ("random", "greedy"):
                params["rollout"] = p
            elif kind == "mcts" and not eq and p.endswith("s"):
                params["seconds"] = float(p[:-1])
            elif kind == "mcts" and not eq:
                params["iterations"] = int(p)
            elif kind == "mcts" and key in ("c",):
                params["c"] = float(value)
            elif kind == "mcts" and key == "depth":
                params["depth"] = None if value in ("none", "end") else int(value)
            elif kind == "mcts" and key == "rollout":
                params["rollout"] = value
            elif kind == "mcts" and key in ("tick", "pace", "horizon"):
                params[key] = float(value)
            elif kind == "mcts" and key in ("worlds", "prune"):
                params[key] = int(value)
            elif kind == "greedy" and key == "eps":
                params["epsilon"] = float(value)
            else:
                raise ValueError
        except ValueError:
            raise ValueError(f"bad parameter {p!r} for bot {kind!r}") from None
        try:
            _check_range(params)
        except ValueError as e:
            raise ValueError(f"bad parameter {p!r} for bot {kind!r}: {e}") from None
    return params


def _check_range(params: dict[str, Any]) -> None:
    """Refuse values that parse but make no sense (``eps=7``, ``0s``, ``c=-1``, ``nan``...)."""
    for key, v in params.items():
        if isinstance(v, float) and not math.isfinite(v):
            raise ValueError(f"{key} must be a finite number")
        if key == "epsilon" and not 0.0 <= v <= 1.0:
            raise ValueError("eps must be between 0 and 1")
        if key == "c" and v < 0.0:
            raise ValueError("c must be at least 0")
        if key == "rollout" and v not in ("random", "greedy"):
            raise ValueError("rollout must be random or greedy")
        if key in ("seconds", "tick", "pace", "horizon") and v <= 0.0:
            raise ValueError(f"{key} must be positive")
        if key in ("iterations", "worlds", "prune") and v < 1:
            raise ValueError(f"{key} must be at least 1")
        if key == "depth" and v is not None and v < 0:  # 0: score the leaf, no rollout
            raise ValueError("depth must be at least 0")


def learned_available(game: str, players: int | None = None) -> bool:
    """Whether the ``learned`` kind can play ``game`` (with ``players`` seats, when given):
    a policy is shipped for it."""
    return policy_available(game, players)


def check_players(kind: str, game: str, players: int) -> str:
    """``kind`` if it can play ``game`` with ``players`` seats, else :class:`PolicyError`
    (a ValueError): only ``learned`` (without ``file=``) depends on them, through the
    policies shipped."""
    base, *parts = kind.strip().split(":")
    shipped = base == "learned" and "file" not in parse_learned(parts)
    if shipped and not policy_available(game, players):
        raise PolicyError(missing_policy(game, players))
    return kind


def make_bot(kind: str, seed: int | None = None, game: str | None = None) -> Bot:
    """A bot of ``kind`` (see :data:`BOT_KINDS` and the module docstring); raises ValueError
    naming the known kinds. ``game`` (a game id) picks the *hard* level's budget (:data:`HARD`)
    and the ``learned`` policy (:class:`PolicyError`, a ValueError, where none is shipped)."""
    if kind.strip() == "hard":
        return _hard(seed, game)
    if kind.strip().split(":")[0] == "learned":
        params = parse_learned(kind.strip().split(":")[1:])
        bot_l = LearnedBot(seed, game=game, **params)
        bot_l.name = kind.strip()
        return bot_l
    base, *parts = kind.strip().split(":")
    if parts and base in ("mcts", "greedy"):
        params = _parse_params(base, parts)
        bot: Bot = MCTSBot(seed, **params) if base == "mcts" else GreedyBot(seed, **params)
        bot.name = kind.strip()
        return bot
    try:
        factory = BOT_KINDS[kind]
    except KeyError:
        raise ValueError(
            f"unknown bot {kind!r}; known: {', '.join(sorted(BOT_KINDS))} "
            "(and mcts:ITERATIONS, mcts:SECONDSs, greedy:eps=P)"
        ) from None
    return factory(seed)


__all__ = [
    "BOT_KINDS",
    "HARD",
    "LEVELS",
    "Bot",
    "GreedyBot",
    "LearnedBot",
    "MCTSBot",
    "PolicyError",
    "RandomBot",
    "SeatPort",
    "check_players",
    "learned_available",
    "make_bot",
]
