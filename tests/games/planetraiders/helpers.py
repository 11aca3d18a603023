"""Small helpers of the Planet Raiders tests: the rockets of a zone, written as in the
position notation (``b^``: a blue rocket, nose north), and the hop of the selected raider
through a zone."""

from __future__ import annotations

from spacetable.games.planetraiders.actions import Hop
from spacetable.games.planetraiders.board import BOARD
from spacetable.games.planetraiders.constants import NOSES, ROCKET_COLOURS, SIDES
from spacetable.games.planetraiders.rules import PlanetRaiders

ARROW = {"n": "^", "e": ">", "s": "v", "w": "<"}


def rockets_in(g: PlanetRaiders, zone: str) -> list[str]:
    """The rockets in ``zone``, in the order of their noses (n, e, s, w): ``["b^", "r<"]``."""
    base = BOARD.zone(zone) * NOSES
    return [
        ROCKET_COLOURS[g.rockets[base + k]][0] + ARROW[SIDES[k]]
        for k in range(NOSES)
        if g.rockets[base + k] >= 0
    ]


def hop_through(g: PlanetRaiders, zone: str) -> Hop:
    """The one hop the selected raider may make through ``zone`` (fails if none or several)."""
    (a,) = [a for a in g.legal_actions(g.cur) if isinstance(a, Hop) and a.zone == zone]
    return a
