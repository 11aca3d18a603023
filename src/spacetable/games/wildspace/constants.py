"""Wild Space numbers, codes and names shared by the modules of the package, and the game's
:class:`End` (its ways to end). A leaf: it imports nothing from the package.

Pending decisions form a stack of frames ``(kind, a, b, src, optional)`` (see ``rules.py``):
the ``F_*`` kinds and the ``SRC_*`` sources are defined here.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from spacetable.engine import Termination
from spacetable.engine.data import Texts

PKG = "spacetable.games.wildspace"
GAME_ID = "wildspace"

# ---------------------------------------------------------------- crew cards
SPECIES: tuple[str, ...] = ("bear", "rhino", "owl", "chameleon", "monkey", "octopus")
PROFESSIONS: tuple[str, ...] = (
    "botanist",
    "military",
    "programmer",
    "pilot",
    "mechanic",
    "scientist",
)
KINDS: tuple[str, ...] = ("captain", "specialist", "emissary", "robot")
K_CAPTAIN, K_SPECIALIST, K_EMISSARY, K_ROBOT = range(4)

#: The rulebook's counts, which fix the RL action space whatever the data set says:
#: « 108 cartes Équipage (… 6 Capitaines) - 10 tuiles Planète - … 12 cartes Planète Hostile ».
#: The captains are cards 0-5 and the deck's cards 6-107 (``components.build_parts`` checks).
N_CARDS = 108
N_CAPTAINS = 6
N_PLANETS = 10
N_HOSTILE = 12
#: Planet thresholds: the starting planets (0), then « 3, 6 et 9 cartes Équipage ».
THRESHOLDS: tuple[int, ...] = (0, 3, 6, 9)
#: The most actions a sector offers (ours: the vocabulary; the action space has one ``land``
#: per tile, side and option up to it).
MAX_OPTIONS = 3
#: The longest Veteran track a captain row may have (ours; the shipped tracks have 5 steps).
MAX_TRACK = 8
#: The solo difficulty levels (« Facile / Moyen / difficile »); what each takes from the
#: three categories is data (``data/difficulty.csv``).
LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
#: Shuttles per player (each used twice: land, then explore).
SHUTTLES = 5
#: Turns per player (and for the Contrebandier in solo).
TURNS = 10
#: The largest "draw N" of the effect vocabulary.
MAX_DRAW = 4
#: Cards in the Reserve.
RESERVE_SLOTS = 3
#: Planets on the table: two starting planets, then a "3", a "6" and a "9".
TABLE_PLANETS = 5
#: ``spots`` entries per seat: 5 table positions x 2 sides.
SPOTS_PER_SEAT = 2 * TABLE_PLANETS

# ---------------------------------------------------------------- effects and missions
C_NONE, C_DISCARD, C_REMOVE = range(3)  # cost kinds
B_DRAW, B_PLAY, B_TAKE = range(3)  # benefit kinds
M_SET, M_PAIR, M_MOST, M_PER, M_ALLPROF = range(5)  # mission kinds


# ---------------------------------------------------------------- pending frames
F_DRAW, F_USE_DRAW, F_PLAY, F_TAKE, F_COST = range(5)
FRAME_NAMES: tuple[str, ...] = ("draw", "use_draw", "play", "take_play", "cost")
SRC_PLANET = -1
SRC_EXPLORE = -2
SRC_TRACK = -10

Frame = tuple[int, int, int, int, int]


def src_json(src: int) -> dict[str, Any]:
    """A frame's source as JSON fields (log events and views)."""
    if src >= 0:
        return {"card": src}
    if src == SRC_PLANET:
        return {"planet": True}
    if src == SRC_EXPLORE:
        return {"explore": True}
    return {"track_step": SRC_TRACK - src}


#: Bound on the decisions of a turn with ``effects=once_per_turn`` (see the docs).
TURN_BOUND = 1500


@cache
def _texts() -> Texts:
    return Texts.load(PKG)


class End(Termination):
    """How a game of Wild Space ends (its sentences are ``end_<code>`` in ``text.toml``)."""

    #: Every player has used every shuttle twice: ten turns each (2 to 5 players).
    ALL_SHUTTLES_USED = "all_shuttles_used"
    #: Solo: the player ends with strictly more credits than the Contrebandier.
    SMUGGLER_BEATEN = "smuggler_beaten"
    #: Solo: the Contrebandier has as many credits or more (it wins ties).
    SMUGGLER_WINS = "smuggler_wins"

    @classmethod
    def sentences(cls) -> Mapping[str, Mapping[str, str]]:
        t = _texts()
        return {lang: {m.value: t.get(lang, f"end_{m.value}") for m in cls} for lang in Texts.LANGS}
