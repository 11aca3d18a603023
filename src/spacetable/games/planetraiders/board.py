"""The Planet Raiders board: the grid's geometry (fixed), and the parts a data set builds.

The board (reconstructed, see ``docs/games/planetraiders.md``) is a 9 x 9 grid of squares
named like chess squares: columns ``a``..``i`` from west to east, rows ``1``..``9`` from
south to north (``a9`` is the top-left square, ``e5`` the centre). A square is either a
rocket zone (``neutral`` or ``meteorite``) or a ``ship`` / ``planet`` (no rocket there).

Pads (the blue "pavés" where raiders stand) are the sides of the squares: a pad between
two squares belongs to the line that crosses both. Internally a pad is an edge id:

* horizontal edge above row index ``r`` (0 = north) in column ``c``: ``r * 9 + c``
  (``r`` in 0..9, so 0..89);
* vertical edge left of column ``c`` in row index ``r``: ``90 + r * 10 + c`` (90..179).

A pad is named by a square and a side: ``c1s`` is the south side of ``c1``; ``e2n`` and
``e3s`` name the same pad (both names are accepted; :data:`PAD_NAMES` gives the canonical
one, the north/west side of the square south/east of the pad, or the border side).

A rocket lies in a zone with its nose towards one of the zone's four sides (``n e s w``);
a raider standing on another side of that zone may ride it to the pad under the nose. A zone
holds at most one rocket per side: a *slot* is a zone and a side (``zone * 4 + nose``), and
:attr:`RaidersParts.pad_slots` lists, for each pad, the slots a raider there may ride and
where each colour of rocket would carry it.

The grid (its size, the names of squares and pads, which sides a square has) is fixed: the
RL action space names its squares. Everything on it comes from a data set (``data/*.csv``,
shipped or a box owner's corrected tables): :func:`build_parts` validates the rows against
every count the rulebook gives and builds :class:`RaidersParts`, the tables the rules read
from the game (``game.parts``); :mod:`.tables` declares the data set.
"""

from __future__ import annotations

from dataclasses import dataclass

from spacetable.engine import Tables

from .components import (
    BOARD_CSV,
    SEATS_CSV,
    SETUP_CSV,
    CellRow,
    SeatRow,
    SetupRow,
)
from .constants import (
    ALIENS_PER_PLANET,
    BLUE,
    COLOURS,
    COLS,
    N_CELLS,
    N_EDGES,
    NOSES,
    RAIDERS,
    ROCKET_COLOURS,
    SIDES,
    SIZE,
    START_ROCKETS,
)

# ---------------------------------------------------------------------- the grid (fixed)
#: Boarding pads of a ship (rulebook §3.2 "ses 4 zones d'embarquement possibles").
SHIP_PADS = 4
#: Planets and ships (rulebook §3.1 "4 planètes ... 4 vaisseaux spatiaux"), one per colour.
PLANETS = SHIPS = len(COLOURS)
#: The player counts whose seats the data gives (rulebook §2 "2, 3 ou 4 joueurs").
PLAYER_COUNTS = (2, 3, 4)


def cell_name(r: int, c: int) -> str:
    return f"{COLS[c]}{SIZE - r}"


def cell_edges(r: int, c: int) -> tuple[int, int, int, int]:
    """The four sides (n, e, s, w) of square (r, c) as edge ids."""
    return (
        r * SIZE + c,
        90 + r * (SIZE + 1) + c + 1,
        (r + 1) * SIZE + c,
        90 + r * (SIZE + 1) + c,
    )


def _edge_cells(e: int) -> list[tuple[int, int]]:
    """The squares (one or two) that an edge borders."""
    out = []
    if e < 90:
        r, c = divmod(e, SIZE)
        if r > 0:
            out.append((r - 1, c))
        if r < SIZE:
            out.append((r, c))
    else:
        r, c = divmod(e - 90, SIZE + 1)
        if c > 0:
            out.append((r, c - 1))
        if c < SIZE:
            out.append((r, c))
    return out


def _edge_canonical(e: int) -> str:
    if e < 90:
        r, c = divmod(e, SIZE)
        return cell_name(r, c) + "n" if r < SIZE else cell_name(SIZE - 1, c) + "s"
    r, c = divmod(e - 90, SIZE + 1)
    return cell_name(r, c) + "w" if c < SIZE else cell_name(r, SIZE - 1) + "e"


def _edge_xy(e: int) -> tuple[int, int]:
    """An edge's coordinates on the doubled grid (square (r, c) at (2r + 1, 2c + 1))."""
    if e < 90:
        er, ec = divmod(e, SIZE)
        return (2 * er, 2 * ec + 1)
    er, ec = divmod(e - 90, SIZE + 1)
    return (2 * er + 1, 2 * ec)


#: The name of every square (``a9`` is square 0, ``i1`` square 80), and back.
CELL_NAMES: tuple[str, ...] = tuple(cell_name(i // SIZE, i % SIZE) for i in range(N_CELLS))
CELL_INDEX: dict[str, int] = {n: i for i, n in enumerate(CELL_NAMES)}
#: The sides (n, e, s, w) of every square, as edge ids.
CELL_PADS: tuple[tuple[int, int, int, int], ...] = tuple(
    cell_edges(i // SIZE, i % SIZE) for i in range(N_CELLS)
)
#: The squares (one or two) beside every edge.
EDGE_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * SIZE + c for r, c in _edge_cells(e)) for e in range(N_EDGES)
)
#: The canonical name of every edge, and every name (two per inner edge) to its edge.
PAD_NAMES: tuple[str, ...] = tuple(_edge_canonical(e) for e in range(N_EDGES))
PAD_INDEX: dict[str, int] = {
    CELL_NAMES[i] + s: e for i in range(N_CELLS) for s, e in zip(SIDES, CELL_PADS[i], strict=True)
}
#: Every edge's coordinates on the doubled grid (for distances and drawings).
EDGE_XY: tuple[tuple[int, int], ...] = tuple(_edge_xy(e) for e in range(N_EDGES))


def pad(name: str) -> int:
    """The edge id of pad ``name`` (``c1s``, or its other name ``c2n``)."""
    try:
        return PAD_INDEX[name]
    except KeyError:
        raise ValueError(f"no pad named {name!r}") from None


def square(name: str) -> int:
    """The index of square ``name`` (``e5``)."""
    try:
        return CELL_INDEX[name]
    except KeyError:
        raise ValueError(f"no square named {name!r}") from None


#: Letters of the board rows in a view: a neutral zone, a meteorite zone, a planet (lower
#: case) or a ship (upper case) of each colour.
NEUTRAL_MARK, METEOR_MARK = ".", "*"
PLANET_MARK = {c: c[0] for c in COLOURS}
SHIP_MARK = {c: c[0].upper() for c in COLOURS}


# ---------------------------------------------------------------------- the parts
@dataclass(frozen=True, slots=True)
class RaidersParts:
    """Everything the rules read of a data set (``game.parts``), built by :func:`build_parts`.

    Per square: ``kind``, ``cell_colour`` (-1 for a rocket zone), ``is_zone``,
    ``is_meteor``. Per pad: ``pad_zones`` (the rocket zones beside it), ``pad_slots`` (see the
    module doc), ``ship_of_pad`` and ``planet_of_pad`` (a colour or -1), ``is_pad`` (it
    borders a rocket zone). Per colour: ``ship_pads``, ``start_raiders`` (the pads of raiders
    1 to 3), ``start_rockets`` (``(zone, colour, nose)``), and for the bots ``dist_to_ship``;
    ``aliens`` (``(pad, planet colour)``), ``seat_colours`` per player count, ``rows`` (the
    board as the view shows it), ``hop_dist`` and ``planet_dist`` (fewest rockets between
    pads, and to the nearest planet not in a mask). The grid tables are shared by every data
    set (``cell_names``, ``pad_names``...). The validated rows are kept for the texts.
    """

    cells: tuple[CellRow, ...]
    setup: tuple[SetupRow, ...]
    seats: tuple[SeatRow, ...]
    kind: tuple[str, ...]
    cell_colour: tuple[int, ...]
    is_zone: tuple[bool, ...]
    is_meteor: tuple[bool, ...]
    zones: tuple[int, ...]
    neutral_zones: tuple[int, ...]
    neutral: frozenset[int]
    pad_zones: tuple[tuple[int, ...], ...]
    pad_slots: tuple[tuple[tuple[int, tuple[int, int, int]], ...], ...]
    ship_of_pad: tuple[int, ...]
    planet_of_pad: tuple[int, ...]
    is_pad: tuple[bool, ...]
    ship_pads: tuple[tuple[int, ...], ...]
    ship_cell: tuple[int, ...]
    planet_cell: tuple[int, ...]
    start_raiders: tuple[tuple[int, ...], ...]
    start_rockets: tuple[tuple[tuple[int, int, int], ...], ...]
    aliens: tuple[tuple[int, int], ...]
    seat_colours: dict[int, tuple[int, ...]]
    rows: tuple[str, ...]
    hop_dist: tuple[tuple[int, ...], ...]
    dist_to_ship: tuple[tuple[int, ...], ...]
    planet_dist: tuple[tuple[int, ...], ...]
    # the fixed grid, for readers that hold only the parts
    cell_names: tuple[str, ...] = CELL_NAMES
    cell_pads: tuple[tuple[int, int, int, int], ...] = CELL_PADS
    pad_names: tuple[str, ...] = PAD_NAMES

    @property
    def cell_index(self) -> dict[str, int]:
        """Square names to indexes (the fixed grid's :data:`CELL_INDEX`)."""
        return CELL_INDEX

    @property
    def pad_index(self) -> dict[str, int]:
        """Pad names (both names of an inner pad) to edge ids (:data:`PAD_INDEX`)."""
        return PAD_INDEX

    @property
    def edge_xy(self) -> tuple[tuple[int, int], ...]:
        """Edge coordinates on the doubled grid (:data:`EDGE_XY`)."""
        return EDGE_XY

    def pad(self, name: str) -> int:
        """The edge id of pad ``name``."""
        return pad(name)

    def zone(self, name: str) -> int:
        """The index of rocket zone ``name``; a ValueError for a planet, a ship or no square."""
        i = CELL_INDEX.get(name)
        if i is None or not self.is_zone[i]:
            raise ValueError(f"no rocket zone named {name!r}")
        return i


def _hop_distances(pad_zones: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """[p][q]: the fewest rockets that carry a raider from pad ``p`` to pad ``q`` (a hop goes
    from a side of a zone to another side of it; red rockets serve everywhere, so every zone
    counts). Unlike a straight-line distance it goes round planets and ships; 99: never."""
    far = 99
    nxt: list[list[int]] = [[] for _ in range(N_EDGES)]
    for p in range(N_EDGES):
        for z in pad_zones[p]:
            nxt[p].extend(q for q in CELL_PADS[z] if q != p)
    out = []
    for src in range(N_EDGES):
        dist = [far] * N_EDGES
        dist[src] = 0
        frontier = [src]
        d = 0
        while frontier:
            d += 1
            new: list[int] = []
            for p in frontier:
                for q in nxt[p]:
                    if dist[q] == far:
                        dist[q] = d
                        new.append(q)
            frontier = new
        out.append(tuple(dist))
    return tuple(out)


def _nearest(hop_dist: tuple[tuple[int, ...], ...], targets: list[int]) -> tuple[int, ...]:
    """[pad]: the fewest rockets from the pad to the nearest of ``targets`` (99: none)."""
    return tuple(min([99] + [hop_dist[e][t] for t in targets]) for e in range(N_EDGES))


def _check_board(tables: Tables, cells: list[CellRow]) -> list[CellRow]:
    """The squares of the grid, each once, in grid order; 4 planets and 4 ships, one of each
    colour (rulebook §3.1)."""
    at: dict[tuple[int, int], CellRow] = {}
    for c in cells:
        if c.id != cell_name(c.row, c.col):
            tables.error(
                BOARD_CSV, f"row {c.row} and col {c.col} are {cell_name(c.row, c.col)}", c, "id"
            )
        at[(c.row, c.col)] = c  # ids are unique (the table's key) and name their square
        if c.kind in ("ship", "planet") and c.colour is None:
            tables.error(BOARD_CSV, f"a {c.kind} needs a colour", c, "colour")
        if c.kind in ("neutral", "meteorite") and c.colour is not None:
            tables.error(BOARD_CSV, "a rocket zone has no colour", c, "colour")
    if len(at) != N_CELLS:
        missing = ", ".join(CELL_NAMES[i] for i in range(N_CELLS) if divmod(i, SIZE) not in at)
        tables.error(
            BOARD_CSV,
            f"{len(at)} squares: the board is a {SIZE} x {SIZE} grid (missing: {missing})",
            field="id",
        )
    ordered = [at[divmod(i, SIZE)] for i in range(N_CELLS)]
    for kind, want, rule in (
        ("planet", PLANETS, '§3.1 "4 planètes peuplées d\'aliens"'),
        ("ship", SHIPS, '§3.1 "4 vaisseaux spatiaux au centre"'),
    ):
        seen: dict[str, CellRow] = {}
        for c in ordered:
            if c.kind == kind:
                assert c.colour is not None
                if c.colour in seen:
                    tables.error(
                        BOARD_CSV, f"a second {c.colour} {kind} (one of each colour)", c, "colour"
                    )
                seen[c.colour] = c
        tables.check_count(BOARD_CSV, f"{kind}s", len(seen), want, rule)
    return ordered


def build_parts(tables: Tables) -> RaidersParts:
    """Validate what one row cannot check alone and build the parts (see the module doc).

    Refused, naming file, row and field: a grid that is not the 81 squares of the board, a
    count that is not the rulebook's (4 planets and 4 ships, one of each colour; a ship's 4
    boarding pads; 3 raiders a colour; 2 blue and 1 red rocket a colour on the board; 4 aliens
    on the sides of their planet; seats for 2, 3 and 4 players), a piece on a side that
    borders no rocket zone, two pieces on one pad, two rockets on one side of a zone, a blue
    rocket in meteorites.
    """
    cells = _check_board(tables, tables.rows(BOARD_CSV, CellRow))
    kind = tuple(c.kind for c in cells)
    cell_colour = tuple(COLOURS.index(c.colour) if c.colour else -1 for c in cells)
    is_zone = tuple(k in ("neutral", "meteorite") for k in kind)
    is_meteor = tuple(k == "meteorite" for k in kind)
    zones = tuple(i for i in range(N_CELLS) if is_zone[i])
    neutral_zones = tuple(z for z in zones if not is_meteor[z])
    pad_zones = tuple(tuple(i for i in EDGE_CELLS[e] if is_zone[i]) for e in range(N_EDGES))
    pad_slots = []
    for e in range(N_EDGES):
        row = []
        for z in pad_zones[e]:
            for nose, q in enumerate(CELL_PADS[z]):
                if q != e:
                    blue = -1 if is_meteor[z] else q
                    row.append((z * NOSES + nose, (blue, q, -1)))
        pad_slots.append(tuple(row))
    ship_of_pad = []
    planet_of_pad = []
    for e in range(N_EDGES):
        ships = [cell_colour[i] for i in EDGE_CELLS[e] if kind[i] == "ship"]
        planets = [cell_colour[i] for i in EDGE_CELLS[e] if kind[i] == "planet"]
        ship_of_pad.append(ships[0] if ships else -1)
        planet_of_pad.append(planets[0] if planets else -1)
    is_pad = tuple(bool(z) for z in pad_zones)
    ship_cell = [-1] * len(COLOURS)
    planet_cell = [-1] * len(COLOURS)
    for i, c in enumerate(cells):
        if c.kind == "ship":
            ship_cell[cell_colour[i]] = i
            open_sides = [p for p in CELL_PADS[i] if is_pad[p]]
            if len(open_sides) != SHIP_PADS:
                tables.error(
                    BOARD_CSV,
                    f"the {c.colour} ship has {len(open_sides)} boarding pads, the rulebook "
                    f'gives {SHIP_PADS} (§3.2 "ses 4 zones d\'embarquement"): every side must '
                    "border a rocket zone",
                    c,
                    "id",
                )
        elif c.kind == "planet":
            planet_cell[cell_colour[i]] = i
    ship_pads = tuple(CELL_PADS[ship_cell[col]] for col in range(len(COLOURS)))
    raiders, rockets, aliens = _check_setup(
        tables, tables.rows(SETUP_CSV, SetupRow), is_pad, is_zone, is_meteor, planet_of_pad
    )
    seat_colours = _check_seats(tables, tables.rows(SEATS_CSV, SeatRow))
    rows = []
    for y in range(SIZE):
        line = []
        for x in range(SIZE):
            i = y * SIZE + x
            k = kind[i]
            if k == "neutral":
                line.append(NEUTRAL_MARK)
            elif k == "meteorite":
                line.append(METEOR_MARK)
            elif k == "planet":
                line.append(PLANET_MARK[COLOURS[cell_colour[i]]])
            else:
                line.append(SHIP_MARK[COLOURS[cell_colour[i]]])
        rows.append("".join(line))
    hop_dist = _hop_distances(pad_zones)
    planet_pads = [
        [e for e in range(N_EDGES) if planet_of_pad[e] == c] for c in range(len(COLOURS))
    ]
    dist_to_planet = [_nearest(hop_dist, pads) for pads in planet_pads]
    planet_dist = tuple(
        tuple(
            min([99] + [dist_to_planet[c][e] for c in range(len(COLOURS)) if not mask >> c & 1])
            for e in range(N_EDGES)
        )
        for mask in range(1 << len(COLOURS))
    )
    return RaidersParts(
        cells=tuple(cells),
        setup=tuple(tables.rows(SETUP_CSV, SetupRow)),
        seats=tuple(tables.rows(SEATS_CSV, SeatRow)),
        kind=kind,
        cell_colour=cell_colour,
        is_zone=is_zone,
        is_meteor=is_meteor,
        zones=zones,
        neutral_zones=neutral_zones,
        neutral=frozenset(neutral_zones),
        pad_zones=pad_zones,
        pad_slots=tuple(pad_slots),
        ship_of_pad=tuple(ship_of_pad),
        planet_of_pad=tuple(planet_of_pad),
        is_pad=is_pad,
        ship_pads=ship_pads,
        ship_cell=tuple(ship_cell),
        planet_cell=tuple(planet_cell),
        start_raiders=raiders,
        start_rockets=rockets,
        aliens=aliens,
        seat_colours=seat_colours,
        rows=tuple(rows),
        hop_dist=hop_dist,
        dist_to_ship=tuple(_nearest(hop_dist, list(pads)) for pads in ship_pads),
        planet_dist=planet_dist,
    )


def _check_setup(
    tables: Tables,
    rows: list[SetupRow],
    is_pad: tuple[bool, ...],
    is_zone: tuple[bool, ...],
    is_meteor: tuple[bool, ...],
    planet_of_pad: list[int],
) -> tuple[
    tuple[tuple[int, ...], ...],
    tuple[tuple[tuple[int, int, int], ...], ...],
    tuple[tuple[int, int], ...],
]:
    """Each colour's 3 raiders (§2) and its 2 blue and 1 red rockets on the board (§6), the
    4 aliens of each planet on its sides (§3.1, §3.2); one piece a pad, one rocket a side."""
    f = SETUP_CSV
    raiders: dict[int, dict[int, int]] = {c: {} for c in range(len(COLOURS))}
    rockets: dict[int, list[tuple[int, int, int]]] = {c: [] for c in range(len(COLOURS))}
    aliens: list[tuple[int, int]] = []
    alien_count = [0] * len(COLOURS)
    on_pad: dict[int, SetupRow] = {}
    in_slot: dict[int, SetupRow] = {}
    for r in rows:
        col = COLOURS.index(r.colour)
        if r.kind in ("raider", "alien"):
            for extra in ("zone", "rocket", "nose"):
                if getattr(r, extra) is not None:
                    tables.error(f, f"a {r.kind} has no {extra}", r, extra)
            if r.pad is None or r.pad not in PAD_INDEX:
                tables.error(f, f"unknown pad {r.pad!r}", r, "pad")
            p = PAD_INDEX[r.pad]
            if not is_pad[p]:
                tables.error(f, f"{r.pad} borders no rocket zone", r, "pad")
            if p in on_pad:
                tables.error(f, f"{r.pad} already holds {on_pad[p].id}", r, "pad")
            on_pad[p] = r
            if r.kind == "raider":
                if not 1 <= r.number <= RAIDERS or r.number in raiders[col]:
                    tables.error(
                        f, f"the raiders of a colour are numbered 1 to {RAIDERS}, once", r, "number"
                    )
                raiders[col][r.number] = p
            else:
                if planet_of_pad[p] != col:
                    tables.error(f, f"{r.pad} is not a side of the {r.colour} planet", r, "pad")
                alien_count[col] += 1
                aliens.append((p, col))
        else:
            if r.pad is not None:
                tables.error(f, "a rocket stands in a zone, not on a pad", r, "pad")
            for need in ("zone", "rocket", "nose"):
                if getattr(r, need) is None:
                    tables.error(f, f"a rocket needs its {need}", r, need)
            assert r.zone is not None and r.rocket is not None and r.nose is not None
            z = CELL_INDEX.get(r.zone, -1)
            if z < 0 or not is_zone[z]:
                tables.error(f, f"{r.zone} is not a rocket zone", r, "zone")
            rc = ROCKET_COLOURS.index(r.rocket)
            if rc == BLUE and is_meteor[z]:
                tables.error(
                    f,
                    f'a blue rocket cannot go in meteorites (§3.1 "Une fusée bleue ne peut aller '
                    f'que sur les zones neutres"): {r.zone}',
                    r,
                    "rocket",
                )
            slot = z * NOSES + SIDES.index(r.nose)
            if slot in in_slot:
                tables.error(
                    f, f"{r.zone} already holds {in_slot[slot].id} with that nose", r, "nose"
                )
            in_slot[slot] = r
            mine = [rc2 for _, rc2, _ in rockets[col]] + [rc]
            if mine.count(rc) > START_ROCKETS.count(rc):
                tables.error(
                    f,
                    f"a {r.rocket} rocket too many for {r.colour}: the rulebook puts 2 blue and "
                    '1 red on the board (§6 "place 3 fusées ... en conserve une rouge et une '
                    'bleue")',
                    r,
                    "rocket",
                )
            rockets[col].append((z, rc, SIDES.index(r.nose)))
    for col, name in enumerate(COLOURS):
        tables.check_count(
            f, f"{name} raiders", len(raiders[col]), RAIDERS, '§2 "une équipe de 3 planet raiders"'
        )
        tables.check_count(
            f,
            f"{name} rockets on the board",
            len(rockets[col]),
            len(START_ROCKETS),
            '§6 "Chaque joueur place 3 fusées sur le plateau"',
        )
        tables.check_count(
            f,
            f"aliens of the {name} planet",
            alien_count[col],
            ALIENS_PER_PLANET,
            '§3.2 "les planètes sur lesquelles on place les 4 aliens", read as 4 a planet',
        )
    return (
        tuple(tuple(raiders[c][k] for k in sorted(raiders[c])) for c in range(len(COLOURS))),
        tuple(tuple(rockets[c]) for c in range(len(COLOURS))),
        tuple(aliens),
    )


def _check_seats(tables: Tables, rows: list[SeatRow]) -> dict[int, tuple[int, ...]]:
    """The colour of every seat at 2, 3 and 4 players (§2), each colour once a count."""
    out: dict[int, tuple[int, ...]] = {}
    for r in rows:
        if r.players not in PLAYER_COUNTS:
            tables.error(SEATS_CSV, '2, 3 or 4 players (§2 "2, 3 ou 4 joueurs")', r, "players")
    for n in PLAYER_COUNTS:
        mine: dict[int, SeatRow] = {}
        colours: dict[str, SeatRow] = {}
        for r in rows:
            if r.players != n:
                continue
            if not 0 <= r.seat < n or r.seat in mine:
                tables.error(SEATS_CSV, f"seats 0 to {n - 1} once each at {n} players", r, "seat")
            if r.colour in colours:
                tables.error(
                    SEATS_CSV,
                    f"{colours[r.colour].id} already plays {r.colour} at {n} players",
                    r,
                    "colour",
                )
            mine[r.seat] = colours[r.colour] = r
        tables.check_count(
            SEATS_CSV, f"seats at {n} players", len(mine), n, '§2 "2, 3 ou 4 joueurs"'
        )
        out[n] = tuple(COLOURS.index(mine[s].colour) for s in range(n))
    return out
