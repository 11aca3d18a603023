"""The pieces of Planet Raiders: the rows of ``data/*.csv`` (squares of the board, the
set-up of every colour, the seats), what makes a crew, and the rules text of every component
in French and English, generated from the rows.

:mod:`.board` checks the rows against every count the rulebook gives and builds the parts
the rules read (``game.parts``); a box owner corrects a row (``spacetable data export
planetraiders DIR``) and plays the corrected tables (``new_game(..., data=DIR)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import field_validator

from spacetable.engine import Component, Row, component

from .constants import (
    BLUE,
    COLOURS,
    RAIDERS,
    RED,
    ROCKET_COLOURS,
    SIDES,
    SIZE,
    START_BLUE_HAND,
    START_RED_HAND,
    TEXT,
)
from .facts import (
    board_facts,
    colour_facts,
    planet_facts,
    rocket_facts,
    ship_facts,
    zone_facts,
)

if TYPE_CHECKING:
    from .board import RaidersParts

PACKAGE = "spacetable.games.planetraiders"
BOARD_CSV, SETUP_CSV, SEATS_CSV = "board.csv", "setup.csv", "seats.csv"

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


# ---------------------------------------------------------------------- texts
def _t(lang: str, key: str, **kw: object) -> str:
    return TEXT.get(lang, key, **kw)


def _listing(names: list[str], lang: str) -> str:
    return ", ".join(names) if names else _t(lang, "none")


def _cell_name(row: CellRow, lang: str) -> str:
    return row.name_fr if lang == "fr" else row.name_en


def _colour(colour: str, lang: str) -> str:
    return _t(lang, f"colour_{colour}")


def describe_components(parts: RaidersParts, lang: str) -> list[Component]:
    """Every component with its rules text in ``lang``, generated from the rows: the board,
    the two kinds of zone, the planets and the ships (by colour), the two kinds of rocket and
    the four colours (their raiders, rockets and seats); each with its facts (:mod:`.facts`)."""
    names = parts.cell_names
    out: list[Component] = []
    by_kind = {
        k: [names[i] for i in range(len(names)) if parts.kind[i] == k] for k in set(parts.kind)
    }
    planets = [c for c in parts.cells if c.kind == "planet"]
    ships = [c for c in parts.cells if c.kind == "ship"]
    out.append(
        component(
            "board",
            "main",
            _t(lang, "cx_board_name"),
            _t(
                lang,
                "cx_board",
                size=SIZE,
                neutral=len(by_kind.get("neutral", [])),
                meteorite=len(by_kind.get("meteorite", [])),
                n_planets=len(planets),
                n_ships=len(ships),
                planets=_listing(
                    [f"{c.id} ({_colour(str(c.colour), lang)})" for c in planets], lang
                ),
                ships=_listing([f"{c.id} ({_colour(str(c.colour), lang)})" for c in ships], lang),
            ),
            BOARD_CSV,
            source="reconstructed",
            facts=board_facts(parts),
        )
    )
    for kind in ("neutral", "meteorite"):
        squares = by_kind.get(kind, [])
        first = next((c for c in parts.cells if c.kind == kind), None)
        name = _cell_name(first, lang) if first is not None else _t(lang, f"cx_{kind}_name")
        text = _t(lang, f"cx_{kind}", n=len(squares), squares=_listing(squares, lang))
        out.append(
            component(
                "zone",
                kind,
                name,
                text,
                BOARD_CSV,
                source="reconstructed",
                facts=zone_facts(parts, kind),
            )
        )
    for c in planets:
        col = COLOURS.index(str(c.colour))
        sides = parts.cell_pads[parts.planet_cell[col]]
        # each alien's pad named as a side of its planet (e8n, e8e...)
        around = [c.id + SIDES[sides.index(p)] for p, k in parts.aliens if k == col]
        text = _t(lang, "cx_planet", square=c.id, n=len(around), pads=_listing(around, lang))
        facts = planet_facts(parts, str(c.colour))
        out.append(
            component("planet", c.colour, _cell_name(c, lang), text, BOARD_CSV, c, facts=facts)
        )
    for c in ships:
        col = COLOURS.index(str(c.colour))
        text = _t(
            lang,
            "cx_ship",
            square=c.id,
            colour=_colour(str(c.colour), lang),
            pads=_listing([c.id + side for side in SIDES], lang),
        )
        facts = ship_facts(parts, str(c.colour))
        out.append(
            component("ship", c.colour, _cell_name(c, lang), text, BOARD_CSV, c, facts=facts)
        )
    hand = {BLUE: START_BLUE_HAND, RED: START_RED_HAND}
    for rc, colour in enumerate(ROCKET_COLOURS):
        placed = {
            len([1 for _, k, _ in parts.start_rockets[c] if k == rc]) for c in range(len(COLOURS))
        }
        on_board = placed.pop() if len(placed) == 1 else 0
        text = _t(
            lang,
            f"cx_rocket_{colour}",
            total=on_board + hand[rc],
            board=on_board,
            hand=hand[rc],
        )
        out.append(
            component(
                "rocket",
                colour,
                _t(lang, f"cx_rocket_{colour}_name"),
                text,
                SETUP_CSV,
                source="reconstructed",
                known=("colour", "kind", "rocket"),
                facts=rocket_facts(colour, on_board, hand[rc]),
            )
        )
    for col, colour in enumerate(COLOURS):
        seats = [r for r in parts.seats if r.colour == colour]
        seated = _listing(
            [_t(lang, "cx_seat", seat=r.seat, players=r.players) for r in seats], lang
        )
        seat_sides = sorted({r.side for r in seats})
        rockets = [
            _t(
                lang,
                "cx_start_rocket",
                rocket=_t(lang, f"rocket_{ROCKET_COLOURS[rc]}"),
                zone=names[z],
                nose=_t(lang, f"side_{SIDES[nose]}"),
            )
            for z, rc, nose in parts.start_rockets[col]
        ]
        text = _t(
            lang,
            "cx_colour",
            side=_listing([_t(lang, f"seat_side_{s}") for s in seat_sides], lang),
            seats=seated,
            raiders=RAIDERS,
            pads=_listing(
                [
                    str(r.pad)
                    for r in sorted(parts.setup, key=lambda r: r.number)
                    if r.kind == "raider" and r.colour == colour
                ],
                lang,
            ),
            rockets=_listing(rockets, lang),
            blue=START_BLUE_HAND,
            red=START_RED_HAND,
            ship=names[parts.ship_cell[col]],
        )
        out.append(
            component(
                "colour",
                colour,
                _colour(colour, lang).capitalize(),
                text,
                SETUP_CSV,
                source="reconstructed",
                known=("colour", "kind"),
                facts=colour_facts(parts, colour),
            )
        )
    return out
