"""Action labels that read the state (``PlanetRaiders.describe_action``), from ``text.toml``.

A ``hop`` action names only a zone and a nose; in a given position its label also says
which rocket the raider rides, the pad it reaches and what waits there (an alien, an enemy
raider, its ship with a complete crew). A ``select`` label says where the raider stands, a
``give`` label the colour the receiving seat plays (from the game's data set). Every other
action, and an action that is not playable in this state, keeps its plain label
(``Action.describe``, in :mod:`.actions`).

It reads the game it receives (public state fields and :meth:`PlanetRaiders.hop_actions`)
and never imports the rules at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacetable.engine import Action

from .actions import Give, Hop, Select
from .board import CELL_INDEX, CELL_NAMES, CELL_PADS, PAD_NAMES
from .components import crew_complete
from .constants import ALIEN, COLOURS, NOSES, RAIDERS, ROCKET_COLOURS, SIDES, TEXT

if TYPE_CHECKING:
    from .rules import PlanetRaiders


def describe(g: PlanetRaiders, action: Action, lang: str) -> str:
    """The label of ``action`` in ``g`` (see the module docstring)."""
    if type(action) is Hop and g.sel >= 0:
        if action in g.hop_actions(g.sel):
            slot = CELL_INDEX[action.zone] * NOSES + SIDES.index(action.nose)
            return _hop(g, slot, lang)
    elif type(action) is Select:
        rid = g.cur * RAIDERS + action.raider - 1
        if 0 <= rid < len(g.rpad) and g.rpad[rid] >= 0:
            pad = PAD_NAMES[g.rpad[rid]]
            return TEXT.get(lang, "act_select_on", label=action.describe(lang), pad=pad)
    elif type(action) is Give:
        assert isinstance(action, Give)
        if 0 <= action.to < g.players:
            return TEXT.get(
                lang,
                "act_give",
                colour=TEXT.get(lang, f"rocket_{action.colour}"),
                to=action.to,
                to_colour=TEXT.get(lang, f"colour_{COLOURS[g.colour[action.to]]}"),
            )
    return action.describe(lang)


def _hop(g: PlanetRaiders, slot: int, lang: str) -> str:
    """The label of the hop of the selected raider on the rocket of ``slot`` (zone, nose)."""
    z, nose = divmod(slot, NOSES)
    q = CELL_PADS[z][nose]
    ride = TEXT.get(
        lang,
        "act_hop_ride",
        rocket=TEXT.get(lang, f"rocket_{ROCKET_COLOURS[g.rockets[slot]]}"),
        zone=CELL_NAMES[z],
        to=PAD_NAMES[q],
    )
    o = g.occ[q]
    seat = g.sel // RAIDERS
    if o >= ALIEN:
        planet = TEXT.get(lang, f"planet_{COLOURS[o - ALIEN]}")
        return TEXT.get(lang, "act_hop_alien", ride=ride, planet=planet)
    if o >= 0:
        victim = TEXT.get(lang, f"colour_{COLOURS[g.colour[o // RAIDERS]]}")
        return TEXT.get(lang, "act_hop_capture", ride=ride, victim=victim, k=o % RAIDERS + 1)
    if g.parts.ship_of_pad[q] == g.colour[seat] and crew_complete(
        g.aliens[seat].bit_count(), g.ncaps[seat]
    ):
        return TEXT.get(lang, "act_hop_home", ride=ride)
    return ride
