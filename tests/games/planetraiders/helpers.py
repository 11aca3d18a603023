"""Small helpers of the Planet Raiders tests: the rockets of a zone, written as in the
position notation (``b^``: a blue rocket, nose north), the hop of the selected raider
through a zone, and data sets made from the shipped tables with some lines edited."""

from __future__ import annotations

from spacetable.engine import DataSet
from spacetable.games.planetraiders.actions import Hop
from spacetable.games.planetraiders.board import RaidersParts
from spacetable.games.planetraiders.constants import NOSES, ROCKET_COLOURS, SIDES
from spacetable.games.planetraiders.rules import PlanetRaiders
from spacetable.games.planetraiders.tables import DATA, shipped_parts

#: The shipped data set's board and set-up.
BOARD = shipped_parts()

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


def edited_texts(edits: dict[str, list[tuple[str, str]]]) -> dict[str, str]:
    """The shipped tables with each ``(old, new)`` replacement of ``edits[file]`` made once;
    an ``old`` text that is not in the file fails (an edit that changes nothing tests
    nothing)."""
    texts = {f: DATA.shipped_text(f) for f in DATA.files()}
    for file, pairs in edits.items():
        for old, new in pairs:
            assert texts[file].count(old) == 1, (file, old)
            texts[file] = texts[file].replace(old, new)
    return texts


def edited_data(edits: dict[str, list[tuple[str, str]]]) -> DataSet[RaidersParts]:
    """A data set of the shipped tables with ``edits`` made (see :func:`edited_texts`), built
    and checked like a box owner's directory ``mybox``."""
    return DATA.make("planetraiders", "mybox", "mybox", edited_texts(edits))
