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

from .board import BOARD
from .constants import BLUE, COLOURS, NOSES, RAIDERS, RED, ROCKET_COLOURS, SIDES, TEXT

#: gifts exist at 3 and 4 players only, where seat k plays the same colour at both counts
GIFT_COLOURS: tuple[str, ...] = tuple(COLOURS[c] for c in BOARD.seat_colours[len(COLOURS)])


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
        z = self.zone
        target = BOARD.pad_names[BOARD.cell_pads[BOARD.cell_index[z]][SIDES.index(self.nose)]]
        return TEXT.get(
            lang,
            "act_place",
            colour=TEXT.get(lang, f"rocket_{self.colour}"),
            zone=z,
            nose=TEXT.get(lang, f"side_{self.nose}"),
            target=target,
        )


@action("exchange")
class Exchange(Action):
    def describe(self, lang: str = "en") -> str:
        return TEXT.get(lang, "act_exchange")


@action("give")
class Give(Action):
    colour: str
    to: int

    def describe(self, lang: str = "en") -> str:
        return TEXT.get(
            lang,
            "act_give",
            colour=TEXT.get(lang, f"rocket_{self.colour}"),
            to=self.to,
            to_colour=TEXT.get(lang, f"colour_{GIFT_COLOURS[self.to]}"),
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
#: HOP[slot]: the hop on the rocket of slot ``zone * NOSES + nose``
HOP: dict[int, Hop] = {
    z * NOSES + k: Hop(BOARD.cell_names[z], s) for z in BOARD.zones for k, s in enumerate(SIDES)
}
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


def enumerate_actions(players: int) -> list[Action]:
    """Every action that can ever be legal at ``players`` (the RL action space), generated
    from the tables above: selects, hops, ``stop``, ``end_moves``, placements (blue rockets
    in neutral zones only), ``exchange``, gifts (more than two players) and ``end_turn``."""
    neutral = frozenset(BOARD.neutral_zones)
    out: list[Action] = list(SELECT)
    out.extend(HOP.values())
    out.extend((STOP, END_MOVES))
    for rc in (BLUE, RED):
        out.extend(a for z in BOARD.zones if rc != BLUE or z in neutral for a in PLACE[rc][z])
    out.append(EXCHANGE)
    if players > 2:
        for rc in (BLUE, RED):
            out.extend(GIVE[rc][t] for t in range(players))
    out.append(END_TURN)
    return out
