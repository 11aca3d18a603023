"""The atomic decisions of Planet Raiders, and prebuilt tables of them.

* ``select raider=k``: start moving your raider number ``k`` (1 to 3);
* ``hop zone=c2 nose=w``: the selected raider rides the rocket in zone ``c2`` whose nose
  points west (one hop; a zone holds at most one rocket per side);
* ``stop``: the selected raider stops here (it may stop after any hop);
* ``end_moves``: no more raider moves this turn; collect the rockets used;
* ``place zone=e5 colour=blue|red nose=n|e|s|w``: put a rocket from hand on the board;
* ``exchange``: turn two blue rockets of your hand into one red rocket (irreversible);
* ``give colour=blue|red to=seat``: hand one rocket to another player (3+ players);
* ``end_turn``: keep the rest of your hand; the next player plays.

Zones are named like chess squares (``a1`` south-west, ``i9`` north-east), so that the text
forms can be typed in the terminal (``place zone=e5 colour=red nose=n``).
"""

from __future__ import annotations

from spacetable.engine import Action, action

from .board import CELL_INDEX, CELL_NAMES, CELL_PADS, PAD_NAMES
from .constants import BLUE, COLOURS, N_CELLS, NOSES, RAIDERS, RED, ROCKET_COLOURS, SIDES, TEXT


@action("select")
class Select(Action):
    raider: int

    def describe(self, lang: str = "en") -> str:
        return TEXT.get(lang, "act_select", k=self.raider)


@action("hop")
class Hop(Action):
    zone: str
    nose: str

    def describe(self, lang: str = "en") -> str:
        return TEXT.get(lang, "act_hop", zone=self.zone, nose=TEXT.get(lang, f"side_{self.nose}"))


@action("stop")
class Stop(Action):
    def describe(self, lang: str = "en") -> str:
        return TEXT.get(lang, "act_stop")


@action("end_moves")
class EndMoves(Action):
    def describe(self, lang: str = "en") -> str:
        return TEXT.get(lang, "act_end_moves")


@action("place")
class Place(Action):
    # The zone comes first: the terminal groups a long list by the first field, so the ~500
    # placements of a turn fall into one small group per zone (4 noses x 2 colours).
    zone: str
    colour: str
    nose: str

    def describe(self, lang: str = "en") -> str:
        # ~500 placements are offered each turn: their labels depend on nothing else
        key = (self, lang)
        text = _PLACE_LABELS.get(key)
        if text is None:
            text = _PLACE_LABELS[key] = self._label(lang)
        return text

    def _label(self, lang: str) -> str:
        z = self.zone
        target = PAD_NAMES[CELL_PADS[CELL_INDEX[z]][SIDES.index(self.nose)]]
        return TEXT.get(
            lang,
            "act_place",
            colour=TEXT.get(lang, f"rocket_{self.colour}"),
            zone=z,
            nose=TEXT.get(lang, f"side_{self.nose}"),
            target=target,
        )


_PLACE_LABELS: dict[tuple[Place, str], str] = {}


@action("exchange")
class Exchange(Action):
    def describe(self, lang: str = "en") -> str:
        return TEXT.get(lang, "act_exchange")


@action("give")
class Give(Action):
    colour: str
    to: int

    def describe(self, lang: str = "en") -> str:
        # the seat's colour comes from the game's data (labels.describe names it)
        return TEXT.get(
            lang, "act_give_plain", colour=TEXT.get(lang, f"rocket_{self.colour}"), to=self.to
        )


@action("end_turn")
class EndTurn(Action):
    def describe(self, lang: str = "en") -> str:
        return TEXT.get(lang, "act_end_turn")


ACTION_TYPES: tuple[type[Action], ...] = (
    Select,
    Hop,
    Stop,
    EndMoves,
    Place,
    Exchange,
    Give,
    EndTurn,
)

#: SELECT[k] moves raider number k + 1
SELECT: tuple[Select, ...] = tuple(Select(k + 1) for k in range(RAIDERS))
# The tables cover every square of the grid: which squares are rocket zones, and which are
# meteorites, comes from the game's data set, and the RL action space may not depend on it.
#: HOP[slot]: the hop on the rocket of slot ``square * NOSES + nose``
HOP: dict[int, Hop] = {
    z * NOSES + k: Hop(CELL_NAMES[z], s) for z in range(N_CELLS) for k, s in enumerate(SIDES)
}
STOP = Stop()
END_MOVES = EndMoves()
EXCHANGE = Exchange()
END_TURN = EndTurn()
#: PLACE[colour][square index] -> the four placements (noses n, e, s, w)
PLACE: tuple[tuple[tuple[Place, ...], ...], ...] = tuple(
    tuple(tuple(Place(CELL_NAMES[z], rc, s) for s in SIDES) for z in range(N_CELLS))
    for rc in ROCKET_COLOURS
)
#: GIVE[colour][seat]
GIVE: tuple[tuple[Give, ...], ...] = tuple(
    tuple(Give(rc, t) for t in range(len(COLOURS))) for rc in ROCKET_COLOURS
)


def enumerate_actions(players: int) -> list[Action]:
    """Every action that can ever be legal at ``players`` (the RL action space), generated
    from the tables above, for every square of the grid (the data set decides which squares
    are zones, and which zones take blue rockets): selects, hops, ``stop``, ``end_moves``,
    placements, ``exchange``, gifts (more than two players) and ``end_turn``."""
    out: list[Action] = list(SELECT)
    out.extend(HOP.values())
    out.extend((STOP, END_MOVES))
    for rc in (BLUE, RED):
        out.extend(a for z in range(N_CELLS) for a in PLACE[rc][z])
    out.append(EXCHANGE)
    if players > 2:
        for rc in (BLUE, RED):
            out.extend(GIVE[rc][t] for t in range(players))
    out.append(END_TURN)
    return out
