"""Planet Raiders component facts: what a client draws a component with, from the rows.

Every fact is a JSON value in the data vocabulary (``docs/games/planetraiders.md``, "Component
facts"), the same in every language: squares by their ids (``c3``, row 0 the north), pads
by a square and a side (``c1s``), colours by their code (``red``) with ``index``, their place
in the game's order of colours (a client gives each colour a seat's shape by it). A client
draws the grid from the board's facts and names a colour with its ``colour:<c>``
component's name, never from a table of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .constants import COLOURS, ROCKET_COLOURS, SIDES, SIZE

if TYPE_CHECKING:
    from .board import RaidersParts


def board_facts(parts: RaidersParts) -> dict[str, Any]:
    """The board: its size and every square (id, row from the north, column from the west,
    kind: neutral, meteorite, ship or planet, and the colour of a ship or a planet), in grid
    order."""
    names = parts.cell_names
    squares = []
    for i, name in enumerate(names):
        col = parts.cell_colour[i]
        row, column = divmod(i, SIZE)
        squares.append(
            {
                "id": name,
                "row": row,
                "col": column,
                "kind": parts.kind[i],
                "colour": COLOURS[col] if col >= 0 else None,
            }
        )
    return {"size": SIZE, "squares": squares}


def zone_facts(parts: RaidersParts, kind: str) -> dict[str, Any]:
    """A kind of rocket zone (neutral, meteorite): the squares of that kind."""
    names = parts.cell_names
    return {
        "kind": kind,
        "meteorite": kind == "meteorite",
        "squares": [names[i] for i in range(len(names)) if parts.kind[i] == kind],
    }


def planet_facts(parts: RaidersParts, colour: str) -> dict[str, Any]:
    """A planet: its colour (and its index), its square and the pads of its aliens (named as
    the view names pads)."""
    col = COLOURS.index(colour)
    cell = parts.planet_cell[col]
    return {
        "colour": colour,
        "index": col,
        "square": parts.cell_names[cell],
        "alien_pads": [parts.pad_names[p] for p, k in parts.aliens if k == col],
    }


def ship_facts(parts: RaidersParts, colour: str) -> dict[str, Any]:
    """A ship: its colour (and its index), its square and its four boarding pads."""
    col = COLOURS.index(colour)
    square = parts.cell_names[parts.ship_cell[col]]
    return {
        "colour": colour,
        "index": col,
        "square": square,
        "pads": [square + side for side in SIDES],
    }


def rocket_facts(colour: str, on_board: int, in_hand: int) -> dict[str, Any]:
    """A kind of rocket (blue, red): how many each colour sets on the board and keeps in
    hand at the start."""
    return {
        "colour": colour,
        "index": ROCKET_COLOURS.index(colour),
        "on_board": on_board,
        "in_hand": in_hand,
    }


def colour_facts(parts: RaidersParts, colour: str) -> dict[str, Any]:
    """A player colour: its index, its ship's square, the pads of its raiders 1 to 3, its
    starting rockets (zone, rocket colour, nose) and the seats that play it (player count,
    seat, side of the table)."""
    col = COLOURS.index(colour)
    names = parts.cell_names
    return {
        "colour": colour,
        "index": col,
        "ship": names[parts.ship_cell[col]],
        "raider_pads": [parts.pad_names[p] for p in parts.start_raiders[col]],
        "rockets": [
            {"zone": names[z], "rocket": ROCKET_COLOURS[rc], "nose": SIDES[nose]}
            for z, rc, nose in parts.start_rockets[col]
        ],
        "seats": [
            {"players": r.players, "seat": r.seat, "side": r.side}
            for r in parts.seats
            if r.colour == colour
        ],
    }
