"""The atomic decisions of Planet Raiders, and prebuilt tables of them.

* ``select raider=k``: start moving your raider number ``k`` (1 to 3);
* ``hop zone=c2``: the selected raider rides the rocket in zone ``c2`` (one hop);
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

from .board import BOARD
from .constants import COLOURS, ROCKET_COLOURS, SIDES

_SIDE_EN = {"n": "north", "e": "east", "s": "south", "w": "west"}
#: "nez au nord", "nez à l'est": the article agrees with the side
_SIDE_FR = {"n": "au nord", "e": "à l'est", "s": "au sud", "w": "à l'ouest"}
_ROCKET_FR = {"blue": "bleue", "red": "rouge"}
_COLOUR_FR = {"red": "rouge", "yellow": "jaune", "violet": "violet", "green": "vert"}
#: gifts exist at 3 and 4 players only, where seat k plays the same colour at both counts
GIFT_COLOURS: tuple[str, ...] = tuple(COLOURS[c] for c in BOARD.seat_colours[4])


@action("select")
class Select(Action):
    raider: int

    def describe(self, lang: str = "en") -> str:
        if lang == "fr":
            return f"déplacer le planet raider n°{self.raider}"
        return f"move planet raider #{self.raider}"


@action("hop")
class Hop(Action):
    zone: str

    def describe(self, lang: str = "en") -> str:
        z = self.zone
        if lang == "fr":
            return f"prendre la fusée de la zone {z}"
        return f"ride the rocket in zone {z}"


@action("stop")
class Stop(Action):
    def describe(self, lang: str = "en") -> str:
        return "arrêter ce planet raider ici" if lang == "fr" else "stop this raider here"


@action("end_moves")
class EndMoves(Action):
    def describe(self, lang: str = "en") -> str:
        if lang == "fr":
            return "fin des déplacements (récupérer les fusées utilisées)"
        return "end the moves (collect the rockets used)"


@action("place")
class Place(Action):
    # The zone comes first: the terminal groups a long list by the first field, so the ~500
    # placements of a turn fall into one small group per zone (4 noses x 2 colours).
    zone: str
    colour: str
    nose: str

    def describe(self, lang: str = "en") -> str:
        z = self.zone
        target = BOARD.pad_names[BOARD.cell_pads[BOARD.cell_index[z]][SIDES.index(self.nose)]]
        if lang == "fr":
            return (
                f"poser une fusée {_ROCKET_FR[self.colour]} en {z}, nez "
                f"{_SIDE_FR[self.nose]} (vers {target})"
            )
        return f"place a {self.colour} rocket in {z}, nose {_SIDE_EN[self.nose]} (to {target})"


@action("exchange")
class Exchange(Action):
    def describe(self, lang: str = "en") -> str:
        if lang == "fr":
            return "échanger deux fusées bleues contre une rouge"
        return "exchange two blue rockets for a red one"


@action("give")
class Give(Action):
    colour: str
    to: int

    def describe(self, lang: str = "en") -> str:
        if lang == "fr":
            return (
                f"donner une fusée {_ROCKET_FR[self.colour]} au siège {self.to} "
                f"({_COLOUR_FR[GIFT_COLOURS[self.to]]})"
            )
        return f"give a {self.colour} rocket to seat {self.to} ({GIFT_COLOURS[self.to]})"


@action("end_turn")
class EndTurn(Action):
    def describe(self, lang: str = "en") -> str:
        return "finir le tour" if lang == "fr" else "end the turn"


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
SELECT: tuple[Select, ...] = tuple(Select(k + 1) for k in range(3))
#: HOP[zone index]
HOP: dict[int, Hop] = {z: Hop(BOARD.cell_names[z]) for z in BOARD.zones}
STOP = Stop()
END_MOVES = EndMoves()
EXCHANGE = Exchange()
END_TURN = EndTurn()
#: PLACE[colour][zone index] -> the four placements (noses n, e, s, w)
PLACE: tuple[dict[int, tuple[Place, ...]], ...] = tuple(
    {z: tuple(Place(BOARD.cell_names[z], rc, s) for s in SIDES) for z in BOARD.zones}
    for rc in ROCKET_COLOURS
)
#: GIVE[colour][seat]
GIVE: tuple[tuple[Give, ...], ...] = tuple(
    tuple(Give(rc, t) for t in range(len(COLOURS))) for rc in ROCKET_COLOURS
)
