"""The atomic decisions of Quazarys (frozen action values, prebuilt once) and the RL action
space, generated from the components and the size of the table.

The labels of the actions (``describe``) are written by :mod:`.labels` from ``text.toml``;
that module imports this one and installs its labeller with :func:`install_labels`.
"""

from __future__ import annotations

from collections.abc import Callable

from spacetable.engine import Action, action

from .components import BASE_ROWS, DECK_SIZE
from .constants import DIRS, MAX_DIM, POINT_NAMES

_LABELLER: list[Callable[[Action, str], str]] = []


def install_labels(fn: Callable[[Action, str], str]) -> None:
    """Make ``fn(action, lang)`` the label of every Quazarys action (see :mod:`.labels`)."""
    _LABELLER[:] = [fn]


class QAction(Action):
    """An action of Quazarys: its label comes from :mod:`.labels` (its text form before)."""

    __slots__ = ()

    def describe(self, lang: str = "en") -> str:
        return _LABELLER[0](self, lang) if _LABELLER else self.text()


@action("move")
class Move(QAction):
    """Move a pawn to the station at point ``p`` of the card at row ``r``, column ``c``."""

    r: int
    c: int
    p: int


@action("play")
class Play(QAction):
    """Play card ``card`` from hand (phase 1 or the next card of a combination)."""

    card: int


@action("discard")
class Discard(QAction):
    """Discard card ``card`` from hand (phase 1 C, up to three)."""

    card: int


@action("stop")
class Stop(QAction):
    """End the combination (or the discarding)."""


@action("skip")
class Skip(QAction):
    """Do not use the optional move of phase 2."""


@action("place")
class Place(QAction):
    """Put the Exploration card in hand (or moved by a tornado) at slot (r, c)."""

    r: int
    c: int


@action("orient")
class Orient(QAction):
    """Turn the card just placed or picked to ``rot`` quarter turns clockwise."""

    rot: int


@action("pick")
class Pick(QAction):
    """Choose the card at (r, c) as the target of a rotation or a tornado."""

    r: int
    c: int


@action("target")
class Target(QAction):
    """Choose the opponent a pirate attack moves."""

    seat: int


@action("blackhole")
class BlackHole(QAction):
    """Remove row (``axis='row'``) or column (``axis='col'``) ``index`` of the table."""

    axis: str
    index: int


ACTION_TYPES: tuple[type[Action], ...] = (
    Move,
    Play,
    Discard,
    Stop,
    Skip,
    Place,
    Orient,
    Pick,
    Target,
    BlackHole,
)

MOVES: dict[tuple[int, int, int], Move] = {
    (r, c, p): Move(r, c, p)
    for r in range(MAX_DIM)
    for c in range(MAX_DIM)
    for p in range(len(POINT_NAMES))
}
PLAYS: tuple[Play, ...] = tuple(Play(i) for i in range(DECK_SIZE))
DISCARDS: tuple[Discard, ...] = tuple(Discard(i) for i in range(DECK_SIZE))
STOP = Stop()
SKIP = Skip()
PLACES: dict[tuple[int, int], Place] = {
    (r, c): Place(r, c) for r in range(-1, MAX_DIM) for c in range(-1, MAX_DIM)
}
ORIENTS: tuple[Orient, ...] = tuple(Orient(k) for k in range(len(DIRS)))
PICKS: dict[tuple[int, int], Pick] = {
    (r, c): Pick(r, c) for r in range(MAX_DIM) for c in range(MAX_DIM)
}
#: One opponent per seat: as many as there are Base cards (one per player colour).
TARGETS: tuple[Target, ...] = tuple(Target(s) for s in range(len(BASE_ROWS)))
BLACKHOLES: dict[tuple[str, int], BlackHole] = {
    (a, i): BlackHole(a, i) for a in ("row", "col") for i in range(MAX_DIM)
}


def all_actions(players: int) -> list[Action]:
    """Every action that can ever be legal (the fixed RL action space)."""
    out: list[Action] = []
    out.extend(MOVES.values())
    out.extend(PLAYS)
    out.extend(DISCARDS)
    out.append(STOP)
    out.append(SKIP)
    out.extend(PLACES.values())
    out.extend(ORIENTS)
    out.extend(PICKS.values())
    out.extend(TARGETS[:players])
    out.extend(BLACKHOLES.values())
    return out
