"""The pending tasks of a Quazarys turn: one named tuple per kind of task.

A card's effect is resolved through a stack of tasks (``game.stack``, the last one first):
each choice inside an effect is a task that waits for a decision, and a few tasks are
resolved without one (the end of an effect, a draw, a scavenge). A task is saved as a JSON
list, its kind's number (``T_*`` in ``constants``) first, then its fields in order: the
form the saves have always had (``[0, mover, ignore, remaining]`` for a move...).
"""

from __future__ import annotations

from typing import NamedTuple

from spacetable.engine import Kind, tagged

from .constants import (
    KIND_EXPLO,
    KIND_SUN,
    T_BH,
    T_DRAW,
    T_EFFECT,
    T_MOVE,
    T_ORIENT,
    T_PICK,
    T_PLACE,
    T_SCAV,
    T_TARGET,
    TASK_NAMES,
)


class MoveTask(NamedTuple):
    """Move the pawn of ``mover`` (the player's, or an opponent's in a pirate attack),
    ``remaining`` times; ``ignore`` 1: across the arrows (solar winds, pirates)."""

    mover: int
    ignore: int
    remaining: int


class TargetTask(NamedTuple):
    """Pirate attack: choose the opponent whose pawn moves."""


class BlackHoleTask(NamedTuple):
    """Black hole: choose the row or the column that goes."""


class PickTask(NamedTuple):
    """Choose a card of the table: ``mode`` 0 a tornado (it is lifted), 1 a magnetic field
    (it is turned)."""

    mode: int

    @property
    def kinds(self) -> tuple[int, ...]:
        """The kinds of card it may choose: an Exploration (tornado: « une carte Exploration
        inoccupée »), a Sun or an Exploration (magnetic field: « une carte Soleil ou
        Exploration inoccupée »)."""
        return (KIND_EXPLO,) if self.mode == 0 else (KIND_EXPLO, KIND_SUN)


class PlaceTask(NamedTuple):
    """Place ``card``: an Exploration played (``tornado`` 0), or a card a tornado lifted from
    (``fr``, ``fc``) with rotation ``old_rot`` (``tornado`` 1)."""

    card: int
    tornado: int
    fr: int
    fc: int
    old_rot: int


class OrientTask(NamedTuple):
    """Turn the card at (``r``, ``c``) to any rotation but ``forbidden`` (-1: any)."""

    r: int
    c: int
    forbidden: int


class EffectTask(NamedTuple):
    """The effect of the Action card ``card`` (already on the discard) is being applied; the
    task is dropped when it is over."""

    card: int


class DrawTask(NamedTuple):
    """Destinée incertaine: draw a card and play it."""


class ScavengeTask(NamedTuple):
    """Ferrailleur spatial: take the top card of the discard and play it."""


Task = (
    MoveTask
    | TargetTask
    | BlackHoleTask
    | PickTask
    | PlaceTask
    | OrientTask
    | EffectTask
    | DrawTask
    | ScavengeTask
)

#: Each kind of task by its number in the saves.
TASK_CLASSES: dict[int, type[Task]] = {
    T_MOVE: MoveTask,
    T_TARGET: TargetTask,
    T_BH: BlackHoleTask,
    T_PICK: PickTask,
    T_PLACE: PlaceTask,
    T_ORIENT: OrientTask,
    T_EFFECT: EffectTask,
    T_DRAW: DrawTask,
    T_SCAV: ScavengeTask,
}
#: The number of each kind of task in the saves.
TASK_NUMBERS: dict[type, int] = {cls: n for n, cls in TASK_CLASSES.items()}

#: The state kind of one task (``state.stack`` is a list of them).
TASK: Kind = tagged(TASK_CLASSES)


def task_name(task: Task) -> str:
    """The task's name in events and views (``move``, ``place``...)."""
    return TASK_NAMES[TASK_NUMBERS[type(task)]]
