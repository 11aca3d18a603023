"""The pieces of Planet Raiders: the rows of ``data/*.csv`` (squares of the board, the
set-up of every colour, the seats) loaded and validated, and what makes a crew.

Where each piece stands on the board, and the geometry, are checked and tabled in
:mod:`.board`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import field_validator

from spacetable.engine.data import Row, load_table

from .constants import SIZE

PKG = "spacetable.games.planetraiders.data"

SquareKind = Literal["neutral", "meteorite", "ship", "planet"]
Colour = Literal["red", "yellow", "violet", "green"]


class CellRow(Row):
    """One square of the board."""

    id: str
    row: int
    col: int
    kind: SquareKind
    colour: Colour | None = None
    name_fr: str
    name_en: str

    @field_validator("row", "col")
    @classmethod
    def _in_grid(cls, v: int) -> int:
        if not 0 <= v < SIZE:
            raise ValueError(f"must be in 0..{SIZE - 1}")
        return v


class SetupRow(Row):
    """One piece of the initial set-up of a colour (raider, rocket) or an alien."""

    id: str
    colour: Colour
    kind: Literal["raider", "rocket", "alien"]
    number: int
    pad: str | None = None
    zone: str | None = None
    rocket: Literal["blue", "red"] | None = None
    nose: Literal["n", "e", "s", "w"] | None = None


class SeatRow(Row):
    """Which colour and side a seat plays at a player count."""

    id: str
    players: int
    seat: int
    colour: Colour
    side: Literal["south", "west", "north", "east"]


def load_tables() -> tuple[list[CellRow], list[SetupRow], list[SeatRow]]:
    """The three tables of the package's data: squares, set-up pieces and seats."""
    return (
        load_table(PKG, "board.csv", CellRow),
        load_table(PKG, "setup.csv", SetupRow),
        load_table(PKG, "seats.csv", SeatRow),
    )


# ---------------------------------------------------------------------- the crew (rulebook §2)
def crew_missing(aliens: int, captures: int) -> int:
    """Members still missing for the closest crew (rulebook §2: 2 aliens + 2 raiders, or
    3 aliens + 1 raider; aliens are always different since one per planet)."""
    a = max(0, 2 - aliens) + max(0, 2 - captures)
    b = max(0, 3 - aliens) + max(0, 1 - captures)
    return min(a, b)


def crew_complete(aliens: int, captures: int) -> bool:
    """A crew of 4 (rulebook §2): 2 different aliens and 2 enemy raiders (different or
    identical), or 3 different aliens and 1 enemy raider."""
    return (aliens >= 2 and captures >= 2) or (aliens >= 3 and captures >= 1)
