"""Action labels that read the state (``PlanetRaiders.describe_action``).

A ``hop`` action names only a zone; in a given position its label also says which rocket
the raider rides, the pad it reaches and what waits there (an alien, an enemy raider, its
ship with a complete crew). A ``select`` label says where the raider stands. Every other
action, and an action that is not playable in this state, keeps its plain label.
"""

from __future__ import annotations

from spacetable.engine import Action

from .actions import Hop, Select
from .board import BOARD
from .constants import ALIEN as _ALIEN
from .constants import COLOURS, ROCKET_COLOURS
from .constants import RAIDERS as _RAIDERS
from .rules import PlanetRaiders

_ROCKET_FR = {"blue": "bleue", "red": "rouge"}
_COLOUR_FR = {"red": "rouge", "yellow": "jaune", "violet": "violet", "green": "vert"}
_PLANET_FR = {"red": "rouge", "yellow": "jaune", "violet": "violette", "green": "verte"}


def describe(g: PlanetRaiders, action: Action, lang: str) -> str:
    if type(action) is Hop and g.sel >= 0:
        z = BOARD.cell_index.get(action.zone, -1)
        if z >= 0 and action in g._hops(g.sel):
            return _hop(g, z, lang)
    elif type(action) is Select:
        rid = g.cur * _RAIDERS + action.raider - 1
        if 0 <= rid < len(g.rpad) and g.rpad[rid] >= 0:
            pad = BOARD.pad_names[g.rpad[rid]]
            where = f"en {pad}" if lang == "fr" else f"on {pad}"
            return f"{action.describe(lang)} ({where})"
    return action.describe(lang)


def _hop(g: PlanetRaiders, z: int, lang: str) -> str:
    r = g.rockets[z]
    rocket = ROCKET_COLOURS[r >> 2]
    q = BOARD.cell_pads[z][r & 3]
    zone, to = BOARD.cell_names[z], BOARD.pad_names[q]
    fr = lang == "fr"
    if fr:
        s = f"prendre la fusée {_ROCKET_FR[rocket]} de {zone} vers {to}"
    else:
        s = f"ride the {rocket} rocket in {zone} to {to}"
    o = g.occ[q]
    seat = g.sel // _RAIDERS
    if o >= _ALIEN:
        planet = COLOURS[o - _ALIEN]
        if fr:
            return f"{s} : prendre un alien de la planète {_PLANET_FR[planet]}"
        return f"{s}: take an alien of the {planet} planet"
    if o >= 0:
        victim = COLOURS[g.colour[o // _RAIDERS]]
        k = o % _RAIDERS + 1
        if fr:
            return f"{s} : capturer le planet raider {_COLOUR_FR[victim]} n°{k}"
        return f"{s}: capture {victim} raider #{k}"
    if BOARD.ship_of_pad[q] == g.colour[seat] and g.has_crew(seat):
        return f"{s} : retour au vaisseau avec l'équipage !" if fr else f"{s}: home with the crew!"
    return s
