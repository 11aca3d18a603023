"""Guided first games on the web: a table whose other seats the guide's script plays.

A guided table is an ordinary table (stored, replayable) created from a game's
``data/guide.toml`` (:class:`spacetable.engine.guide.Guide`): the learner's seat is a person's,
every other seat has the kind ``"guide"``, played by the script. The table's driver
(:meth:`TableDrivers._run_guide`) plays the script's moves and waits (a real-time game's clock
runs only by the script's waits), and the learner's moves are checked against it: another move
is refused with ``not_the_guide``. Every ``state`` message carries ``guide``: the step due now,
in the person's language, with the piece to press.
"""

from __future__ import annotations

from typing import Any

from spacetable.engine import Game
from spacetable.engine.errors import DataError
from spacetable.engine.guide import Guide

#: The kind of a seat the guide's script plays.
GUIDE = "guide"

_guides: dict[str, Guide | None] = {}


def guide_of(game_id: str) -> Guide | None:
    """The shipped guide of ``game_id`` (checked once, then kept), or ``None``."""
    if game_id not in _guides:
        try:
            _guides[game_id] = Guide.load(game_id)
        except DataError:
            _guides[game_id] = None
    return _guides[game_id]


def guide_message(guide: Guide, game: Game, lang: str) -> dict[str, Any]:
    """The ``guide`` part of a ``state`` message: the guide's title, how far the learner
    is (``done`` of ``total`` of their steps), the learner's step due now (``step``: what it
    says in ``lang``, the action and the piece to press; ``None`` while the guide's own seats
    or waits are due, and at the end), and ``said``: the guide's words on its own moves
    played since the learner's last step. A move of the guide's seats is never told before
    it is played (it may show a card of their hidden hand)."""
    mine = guide.learner_steps()
    done = sum(1 for s in mine if s.at < game.step)
    step = guide.at(game.step)
    said: list[str] = []
    for s in guide.steps[: game.step]:
        if s.seat == guide.learner:
            said = []
        elif s.say(lang):
            said.append(str(s.say(lang)))
    return {
        "title": guide.title["fr" if lang == "fr" else "en"],
        "learner": guide.learner,
        "done": done,
        "total": len(mine),
        "step": step.to_json(lang) if step is not None and step.seat == guide.learner else None,
        "said": said,
        "over": game.is_over,
    }
