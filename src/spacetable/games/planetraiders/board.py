"""The Planet Raiders board: geometry tables built once, at import, from ``data/*.csv``.

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
``e3s`` name the same pad (both names are accepted; :func:`pad_name` gives the canonical one,
the north/west side of the square south/east of the pad, or the border side).

A rocket lies in a zone with its nose towards one of the zone's four sides (``n e s w``);
a raider standing on another side of that zone may ride it to the pad under the nose. A zone
holds at most one rocket per side: a *slot* is a zone and a side (``zone * 4 + nose``), and
:attr:`Board.pad_slots` lists, for each pad, the slots a raider there may ride and where each
colour of rocket would carry it.
"""

from __future__ import annotations

from spacetable.engine.errors import DataError

from .components import PKG, CellRow, SeatRow, SetupRow, load_tables
from .constants import (
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


class Board:
    """Every precomputed table of the board (module singleton :data:`BOARD`)."""

    def __init__(
        self, cells: list[CellRow], setup: list[SetupRow], seats: list[SeatRow], where: str
    ) -> None:
        if len(cells) != N_CELLS:
            raise DataError(f"{where}/board.csv: {len(cells)} squares, expected {N_CELLS}")
        self.cells = sorted(cells, key=lambda c: (c.row, c.col))
        seen = {(c.row, c.col) for c in cells}
        if len(seen) != N_CELLS:
            raise DataError(f"{where}/board.csv: some squares are listed twice")
        self.kind: list[str] = [c.kind for c in self.cells]
        self.cell_colour: list[int] = [
            COLOURS.index(c.colour) if c.colour else -1 for c in self.cells
        ]
        for c in self.cells:
            if c.kind in ("ship", "planet") and c.colour is None:
                raise DataError(f"{where}/board.csv: square {c.id}: a {c.kind} needs a colour")
            if c.id != cell_name(c.row, c.col):
                raise DataError(
                    f"{where}/board.csv: square {c.id}: row/col give {cell_name(c.row, c.col)}"
                )
        self.cell_names = [cell_name(i // SIZE, i % SIZE) for i in range(N_CELLS)]
        self.cell_index = {n: i for i, n in enumerate(self.cell_names)}
        self.is_zone = [k in ("neutral", "meteorite") for k in self.kind]
        self.is_meteor = [k == "meteorite" for k in self.kind]
        self.zones: tuple[int, ...] = tuple(i for i in range(N_CELLS) if self.is_zone[i])
        self.neutral_zones: tuple[int, ...] = tuple(z for z in self.zones if not self.is_meteor[z])
        #: sides (n, e, s, w) of every square, as edge ids
        self.cell_pads: list[tuple[int, int, int, int]] = [
            cell_edges(i // SIZE, i % SIZE) for i in range(N_CELLS)
        ]
        #: zones that a pad borders (a raider there may use rockets in these)
        self.pad_zones: list[tuple[int, ...]] = []
        self.ship_of_pad: list[int] = []
        self.planet_of_pad: list[int] = []
        for e in range(N_EDGES):
            cs = [r * SIZE + c for r, c in _edge_cells(e)]
            self.pad_zones.append(tuple(i for i in cs if self.is_zone[i]))
            ships = [self.cell_colour[i] for i in cs if self.kind[i] == "ship"]
            planets = [self.cell_colour[i] for i in cs if self.kind[i] == "planet"]
            self.ship_of_pad.append(ships[0] if ships else -1)
            self.planet_of_pad.append(planets[0] if planets else -1)
        #: an edge is a pad when it borders at least one rocket zone
        self.is_pad = [bool(z) for z in self.pad_zones]
        self.pad_names = [_edge_canonical(e) for e in range(N_EDGES)]
        self.pad_index: dict[str, int] = {}
        for i in range(N_CELLS):
            for s, e in zip(SIDES, self.cell_pads[i], strict=True):
                self.pad_index[self.cell_names[i] + s] = e
        #: for each pad, the rocket slots of the zones beside it that a rocket could carry a
        #: raider from there along: ``(slot, dest)`` with ``dest[colour]`` the pad it reaches
        #: (-1: a blue rocket in meteorites serves nobody) and ``dest[-1]`` -1 (an empty slot
        #: holds -1). A nose at the pad itself carries the raider nowhere: no slot.
        self.pad_slots: list[tuple[tuple[int, tuple[int, int, int]], ...]] = []
        for e in range(N_EDGES):
            row = []
            for z in self.pad_zones[e]:
                for nose, q in enumerate(self.cell_pads[z]):
                    if q != e:
                        blue = -1 if self.is_meteor[z] else q
                        row.append((z * NOSES + nose, (blue, q, -1)))
            self.pad_slots.append(tuple(row))
        self.ship_pads: list[tuple[int, ...]] = [
            tuple(e for e in range(N_EDGES) if self.ship_of_pad[e] == col)
            for col in range(len(COLOURS))
        ]
        # zone coordinates for distances
        self.edge_xy: list[tuple[int, int]] = []
        for e in range(N_EDGES):
            if e < 90:
                er, ec = divmod(e, SIZE)
                self.edge_xy.append((2 * er, 2 * ec + 1))
            else:
                er, ec = divmod(e - 90, SIZE + 1)
                self.edge_xy.append((2 * er + 1, 2 * ec))
        self._load_setup(setup, where)
        self._load_seats(seats, where)

    def pad(self, name: str) -> int:
        try:
            return self.pad_index[name]
        except KeyError:
            raise ValueError(f"no pad named {name!r}") from None

    def zone(self, name: str) -> int:
        i = self.cell_index.get(name)
        if i is None or not self.is_zone[i]:
            raise ValueError(f"no rocket zone named {name!r}")
        return i

    def _load_setup(self, rows: list[SetupRow], where: str) -> None:
        f = f"{where}/setup.csv"
        self.start_raiders: dict[int, list[int]] = {c: [] for c in range(len(COLOURS))}
        self.start_rockets: dict[int, list[tuple[int, int, int]]] = {
            c: [] for c in range(len(COLOURS))
        }
        self.aliens: list[tuple[int, int]] = []  # (pad, planet colour)
        for r in rows:
            col = COLOURS.index(r.colour)
            if r.kind in ("raider", "alien"):
                if r.pad is None or r.pad not in self.pad_index:
                    raise DataError(f"{f}: {r.id}: field 'pad': unknown pad {r.pad!r}")
                p = self.pad_index[r.pad]
                if not self.is_pad[p]:
                    raise DataError(f"{f}: {r.id}: field 'pad': {r.pad} borders no rocket zone")
                if r.kind == "raider":
                    self.start_raiders[col].append(p)
                else:
                    if self.planet_of_pad[p] != col:
                        raise DataError(
                            f"{f}: {r.id}: field 'pad': {r.pad} is not a side of the "
                            f"{r.colour} planet"
                        )
                    self.aliens.append((p, col))
            else:
                if r.zone is None or r.rocket is None or r.nose is None:
                    raise DataError(f"{f}: {r.id}: a rocket needs zone, rocket and nose")
                z = self.cell_index.get(r.zone, -1)
                if z < 0 or not self.is_zone[z]:
                    raise DataError(f"{f}: {r.id}: field 'zone': {r.zone} is not a rocket zone")
                rc = ROCKET_COLOURS.index(r.rocket)
                if rc == BLUE and self.is_meteor[z]:
                    raise DataError(f"{f}: {r.id}: a blue rocket cannot go in meteorites")
                self.start_rockets[col].append((z, rc, SIDES.index(r.nose)))
        for col, name in enumerate(COLOURS):
            if len(self.start_raiders[col]) != RAIDERS:
                raise DataError(f"{f}: {name} needs exactly {RAIDERS} raiders")
            kinds = sorted(rc for _, rc, _ in self.start_rockets[col])
            if kinds != sorted(START_ROCKETS):
                raise DataError(f"{f}: {name} puts 2 blue and 1 red rocket on the board")

    def _load_seats(self, rows: list[SeatRow], where: str) -> None:
        self.seat_colours: dict[int, tuple[int, ...]] = {}
        for n in (2, 3, 4):
            mine = sorted((r for r in rows if r.players == n), key=lambda r: r.seat)
            if [r.seat for r in mine] != list(range(n)):
                raise DataError(f"{where}/seats.csv: seats 0..{n - 1} needed for {n} players")
            cols = tuple(COLOURS.index(r.colour) for r in mine)
            if len(set(cols)) != n:
                raise DataError(f"{where}/seats.csv: two seats share a colour at {n} players")
            self.seat_colours[n] = cols


def load_board() -> Board:
    cells, setup, seats = load_tables()
    return Board(cells, setup, seats, PKG)


BOARD = load_board()
