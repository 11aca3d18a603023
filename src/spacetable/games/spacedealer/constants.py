"""Constants of the Spacedealer rules: codes and numbers shared by the modules.

A leaf module: it imports nothing from the package. Quantities read from the data
(``data/setup.toml``: ship capacity, markers, timers...) are in :mod:`.components`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from spacetable.engine import Termination
from spacetable.engine.data import Texts

PKG = "spacetable.games.spacedealer"
#: the game's text in English and French (``text.toml``)
TEXT = Texts.load(PKG)

#: columns of a planet grid (six on each side of the planet)
GRID_W = 12

# real-time action budget: at most BURST + RATE * clock free actions per seat
BURST = 40
RATE = 2.0
# ticks mode: at most TICK_CAP free actions per seat and tick, then "done"
TICK_CAP = 8
MIN_ADVANCE = 0.5  # the drivers' smallest clock step, used by max_decisions

# where a card is (``where[cid]``)
W_OUT, W_PILE, W_PERSONAL, W_PLANNING, W_BUILT, W_DRAWN, W_GIZZI = range(7)

# what a sand timer does (``t_kind[t]``)
T_IDLE, T_RESEARCH, T_BUILD, T_USE, T_FLY, T_VOID = range(6)
T_NAMES = ("idle", "research", "build", "use", "fly", "void")
#: the three states of a sand timer (rulebook 2: "inactifs", "activer", "utilisable"), kept
#: in ``t_end[t]``: idle is ``IDLE``; running is the game time its sand runs out (>= 0);
#: run out but not used yet (a build or a card use waiting for its player) is ``READY``
IDLE = -1.0
READY = -2.0
T_STATES = ("idle", "running", "usable")

NONE = 4  # "no colour" in goods offers

# pending decision kinds (first element of a pending tuple): the choices an effect leaves at
# the instant it is applied (a good to put, conversions, goods to send, a drawn card to keep)
P_PUT, P_CONV, P_SEND, P_KEEP = range(4)
P_NAMES = ("put", "convert", "send", "keep")

# ``call_at``: the end of the game (rulebook 4). NOT_ENDED: the end is not reached yet;
# CLOSING: the end is reached and timers still run; >= 0: the game time at which the last
# running timer ran out, the start of the last call (see :mod:`.timers`)
NOT_ENDED = -1.0
CLOSING = -2.0


def fits(need: Sequence[int], goods: list[int], base: int) -> bool:
    """Whether the container at ``goods[base:base + 4]`` holds the goods ``need``."""
    return all(goods[base + k] >= need[k] for k in range(4))


class End(Termination):
    """How a game of Spacedealer ends (rulebook 4): "La partie se termine après 30 minutes
    (le jeu prend fin plus tôt si un joueur a posé son dernier marqueur de points de
    victoire)"."""

    #: the game length is reached and the last running timers have run out
    TIME = "time"
    #: a player placed their last victory marker (then the running timers run out)
    MARKERS = "markers"

    @classmethod
    def sentences(cls) -> Mapping[str, Mapping[str, str]]:
        return {
            lang: {m.value: TEXT.get(lang, f"end_{m.value}") for m in cls} for lang in Texts.LANGS
        }
