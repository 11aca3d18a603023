"""Bots. They see a game only through :class:`SeatPort` (view, legal actions, determinize).

:func:`make_bot` builds a bot from its kind; :data:`BOT_KINDS` maps kinds to factories.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot, SeatPort
from .random_bot import RandomBot

BOT_KINDS: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
}


def make_bot(kind: str, seed: int | None = None) -> Bot:
    """A bot of ``kind`` (see :data:`BOT_KINDS`); raises ValueError naming the known kinds."""
    try:
        factory = BOT_KINDS[kind]
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}; known: {', '.join(sorted(BOT_KINDS))}") from None
    return factory(seed)


__all__ = ["BOT_KINDS", "Bot", "RandomBot", "SeatPort", "make_bot"]
