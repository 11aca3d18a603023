"""Quazarys numbers, codes and names shared by the modules of the package, and its endings.

A leaf: it imports nothing from the package (the engine only).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Literal, get_args

from spacetable.engine import Termination
from spacetable.engine.data import Texts

PACKAGE = "spacetable.games.quazarys"

# ---------------------------------------------------------------------- points and directions
# Points of a card: 0 = centre (hub), 1 = N, 2 = E, 3 = S, 4 = W (the arm ends). A quarter
# turn clockwise maps N->E->S->W->N.
N, E, S, W = 1, 2, 3, 4
DIRS = (N, E, S, W)
DIR_NAMES = {N: "N", E: "E", S: "S", W: "W"}
DIR_OF = {"N": N, "E": E, "S": S, "W": W}
DELTA = {N: (-1, 0), E: (0, 1), S: (1, 0), W: (0, -1)}
OPP = {N: S, E: W, S: N, W: E}
POINT_NAMES = ("C", "N", "E", "S", "W")

# ---------------------------------------------------------------------- cards
#: Kinds of card.
KIND_EXPLO, KIND_ACTION, KIND_SUN, KIND_BASE = 0, 1, 2, 3

#: The eight effects of the Action cards (the rulebook's eight actions), by code: the one
#: list of them. ``EFFECTS`` is derived from it; the rows of ``actions.csv`` are checked
#: against it, and ``rules.EFFECTS`` maps each to its function.
EffectId = Literal[
    "hyper_vitesse",
    "vents_solaires",
    "champ_magnetique",
    "attaque_pirates",
    "trou_noir",
    "tornade_solaire",
    "destinee_incertaine",
    "ferrailleur_spatial",
]
EFFECTS: tuple[EffectId, ...] = get_args(EffectId)

# ---------------------------------------------------------------------- the table
#: The table is at most MAX_DIM x MAX_DIM cards (interpretation 11: a finite table).
MAX_DIM = 15
#: Row stride of a point key: ``(r * STRIDE + c) * 5 + p``.
STRIDE = 16

# ---------------------------------------------------------------------- the turn
#: "Distribuez 5 cartes"; phase 3 draws back to 5.
HAND_SIZE = 5
#: "Se défausser de 1 à 3 cartes".
MAX_DISCARD = 3

# Phases (when no effect task is pending).
P_CHOOSE, P_COMBO, P_DISCARD, P_MOVE2 = 0, 1, 2, 3
PHASE_NAMES = ("choose", "combo", "discard", "move2")

# The numbers of the kinds of pending tasks in the saves (the tasks themselves: ``tasks``).
T_MOVE = 0  # MoveTask
T_TARGET = 1  # TargetTask: pirate attack, choose the opponent
T_BH = 2  # BlackHoleTask: choose the row or column
T_PICK = 3  # PickTask: tornado or magnetic field
T_PLACE = 4  # PlaceTask
T_ORIENT = 5  # OrientTask
T_EFFECT = 6  # EffectTask: an Action card whose effect is being applied
T_DRAW = 7  # DrawTask: Destinée incertaine, draw and play
T_SCAV = 8  # ScavengeTask: Ferrailleur spatial, take the discard's top
TASK_NAMES = ("move", "target", "blackhole", "pick", "place", "orient", "effect", "draw", "scav")

#: The option ``round_limit`` (ours, not in the rulebook: « Lorsqu'un joueur amène son pion
#: sur sa base... il est déclaré vainqueur », nothing else ends a race): its choices and
#: default, 0 for no limit (the rulebook's race). :data:`BOT_ROUNDS` is the limit the
#: simulation drivers apply (``GameInfo.simulation_options``: random play may never end a
#: race) and the limit every game had by default before the option was off.
NO_ROUND_LIMIT = 0
BOT_ROUNDS = 60
ROUND_LIMITS = (NO_ROUND_LIMIT, 30, BOT_ROUNDS, 120)
DEFAULT_ROUND_LIMIT = NO_ROUND_LIMIT


@cache
def texts() -> Texts:
    """The French and English strings of ``text.toml`` (loaded once)."""
    return Texts.load(PACKAGE)


class End(Termination):
    """How a race of Quazarys ends (the code is the ``reason`` of the outcome)."""

    #: A pawn reached its base and the round was finished (the rulebook's end).
    ARRIVED = "arrived"
    #: The option ``round_limit`` ended an unfinished race: a draw (not in the rulebook).
    ROUND_LIMIT = "round_limit"
    #: Nobody could move, play or draw for a whole round: a draw (not in the rulebook).
    BLOCKED = "blocked"

    @classmethod
    def sentences(cls) -> Mapping[str, Mapping[str, str]]:
        t = texts()
        return {lang: {m.value: t.get(lang, f"reason_{m.value}") for m in cls} for lang in t.LANGS}
