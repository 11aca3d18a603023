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

# ---------------------------------------------------------------- what the rulebook fixes
# (whatever the components: a corrected data set must give these numbers, see
# :func:`.components.build_parts`)
#: "72 cartes technologie (de trois types : 24 numérotées 1, 28 numérotées 2 et 20
#: numérotées 3)", "12 cartes demande", 8 player colours and planets
BOX_SIZE = 72
LEVEL_COUNTS = (24, 28, 20)
GIZZI_PER_BOX = 12
N_PLANETS = 8
#: "Un vaisseau spatial peut contenir au maximum 8 marchandises"
SHIP_CAP = 8
#: a transport probe: "jusqu'à deux marchandises"
PROBE_CAP = 2
#: "11 dans chacune des 8 couleurs": 10 on the planet, 1 on the score track
MARKERS_PER_COLOUR = 11
START_MARKERS = MARKERS_PER_COLOUR - 1
#: "2 sabliers"; "10 robots (sabliers d'une minute)": 8 and 2 spares
BASE_TIMERS = 2
TIMERS_PER_BOX = 10
#: "jusqu'à deux cartes"
BASE_PLANNING = 2
#: "10 petits cubes noirs (marqueurs d'attaque)"
BLACK_PER_BOX = 10
#: "40 petits cubes ... 10 en rouge, jaune, bleu et vert"
GOODS_PER_COLOUR = 10
#: "3 mines (mine), 2 générateurs (generator) et 1 dépôt (depot)" per player, 4 sets a box
START_SET = {"mine": 3, "generator": 2, "depot": 1}
START_SETS_PER_BOX = 4
#: what each card kind does, as the rulebook says it (3.2.2, 3.2.3, 5.1): the effect name
#: and its amount (``None``: the amount is the data's, a depot's capacity), whether it takes
#: a timer (a slot), whether it has a goods colour, whether it is an advanced card
KIND_EFFECT: dict[str, tuple[str, int | None, bool, bool, bool]] = {
    "generator": ("plant", 0, False, False, False),
    "solar": ("plant", 0, False, False, False),
    "fusion_reactor": ("plant", 0, False, False, False),
    "mine": ("mine", 1, True, True, False),
    "mine_complex": ("mine", 2, True, True, False),
    "fusion_mine": ("mine", 4, True, True, False),
    "multimine": ("multimine", 1, True, False, False),
    "converter": ("convert", 1, True, False, False),
    "fusion_converter": ("convert", 2, True, False, False),
    "depot": ("depot", None, False, False, False),
    "metropolis": ("none", 0, False, False, False),
    "megacity": ("none", 0, False, False, False),
    "sabotage": ("sabotage", 2, True, False, True),
    "missile": ("missile", 2, True, False, True),
    "transport_probe": ("transport", PROBE_CAP, True, False, True),
    "tech_centre": ("tech_centre", 2, False, False, True),
    "robot_factory": ("robot_factory", 1, False, False, True),
    "orbital_station": ("orbital_station", 1, False, False, True),
}
#: "Les cartes suivantes ne sont pas utilisées dans le jeu de base : 2 sondes de sabotage,
#: 2 missiles interstellaires, 1 station orbitale, 1 sonde de transport, 2 centres
#: technologiques, 2 usines de robots"
ADVANCED_PER_BOX = {
    "sabotage": 2,
    "missile": 2,
    "orbital_station": 1,
    "transport_probe": 1,
    "tech_centre": 2,
    "robot_factory": 2,
}
#: per player count, the card sets prepared (one per box: "3" the 3-player set, "4" all
#: cards, "3-" a 3-player set less the 5-player list)
SETS = {3: ("3",), 4: ("4",), 5: ("3", "3-"), 6: ("3", "3"), 7: ("3", "4"), 8: ("4", "4")}
#: advanced rules (5.1): the lists of cards added, per player count
ADVANCED_SETS = {3: ("3",), 4: ("4",), 5: ("4",), 6: ("4",), 7: ("3", "4"), 8: ("4", "4")}
#: "3 joueurs : 2 générateurs, 1 dépôt, 2 satellites solaires, 1 multi-mine, 1 complexe
#: minier, 1 convertisseur, 2 réacteurs à fusion, 1 mine à fusion, 1 métropole, 1 méga-cité,
#: 1 convertisseur à fusion"; "5 joueurs : ... retirez d'un de ces sets : ..."
REMOVE = {
    "3": {
        "generator": 2, "depot": 1, "solar": 2, "multimine": 1, "mine_complex": 1,
        "converter": 1, "fusion_reactor": 2, "fusion_mine": 1, "metropolis": 1,
        "megacity": 1, "fusion_converter": 1,
    },
    "5": {
        "generator": 2, "depot": 1, "solar": 2, "multimine": 1, "mine_complex": 1,
        "converter": 1, "fusion_reactor": 2, "fusion_mine": 1,
    },
}  # fmt: skip
#: 5.1: "3 joueurs : 1 sonde de sabotage, 1 missile interstellaire, 1 usine de robots et 1
#: centre technologique"; "4 joueurs : 2 sondes de sabotage, 2 missiles ..., 1 sonde de
#: transport, 1 station orbitale, 2 usines de robots et 2 centres technologiques"
ADVANCED_LISTS = {
    "3": {"sabotage": 1, "missile": 1, "robot_factory": 1, "tech_centre": 1},
    "4": {
        "sabotage": 2, "missile": 2, "transport_probe": 1, "orbital_station": 1,
        "robot_factory": 2, "tech_centre": 2,
    },
}  # fmt: skip

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
