"""A compact text notation for Planet Raiders positions (tests, bug reports).

A position is a few whitespace-separated ``key=value`` tokens::

    R1@c1s V3@e5n Y1@e6n        raiders: colour letter, number, @ pad
    c1:b^ e3:r^ e3:b<           rockets: zone, colour (b / r), nose (^ > v <); a zone
                                holds one rocket per side
    @e1n:violet                 an alien of the violet planet on pad e1n
    hand:red=2b1r               a hand (2 blue, 1 red)
    crew:red=violet,green+2     aliens taken (planet colours) and raiders captured
    turn:violet                 whose turn it is (start of step 1)

:func:`position` builds a game from it: every raider, rocket and alien not listed is off the
board (``aliens=standard`` keeps the standard aliens), hands default to empty. Listed
raiders must belong to seated colours.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spacetable.engine import DataSet

from .board import RaidersParts, pad
from .constants import ALIEN, BLUE, COLOURS, EMPTY, NOSES, RAIDERS, RED, SIDES
from .rules import PlanetRaiders

LETTERS = {"R": "red", "Y": "yellow", "V": "violet", "G": "green"}
ARROWS = {"^": "n", ">": "e", "v": "s", "<": "w"}


def position(
    players: int,
    text: str,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    data: DataSet[RaidersParts] | None = None,
) -> PlanetRaiders:
    """A game of ``players`` set to the position described by ``text`` (see module doc),
    with the components of ``data`` (the shipped data set by default)."""
    g = PlanetRaiders(players, seed, options, data)
    n = players
    seat_of = {COLOURS[c]: s for s, c in enumerate(g.colour)}
    g.occ = [EMPTY] * len(g.occ)
    g.rpad = [EMPTY] * (RAIDERS * n)
    g.captured_by = [EMPTY] * (RAIDERS * n)
    g.rockets = [EMPTY] * len(g.rockets)
    g.blue = [0] * n
    g.red = [0] * n
    g.aliens = [0] * n
    g.caps = [0] * (n * n)
    g.ncaps = [0] * n
    cur = 0
    for tok in text.split():
        if tok == "aliens=standard":
            for edge, planet in g.parts.aliens:
                g.occ[edge] = ALIEN + planet
        elif tok.startswith("@"):
            where, _, colour = tok[1:].partition(":")
            g.occ[pad(where)] = ALIEN + COLOURS.index(colour)
        elif "@" in tok:
            who, _, where = tok.partition("@")
            s = seat_of[LETTERS[who[0]]]
            rid = s * RAIDERS + int(who[1:]) - 1
            p = pad(where)
            if g.occ[p] != EMPTY:
                raise ValueError(f"pad {where} is already taken")
            g.occ[p] = rid
            g.rpad[rid] = p
        elif tok.startswith("hand:"):
            colour, _, spec = tok[5:].partition("=")
            s = seat_of[colour]
            b, _, r = spec.partition("b")
            g.blue[s] = int(b)
            g.red[s] = int(r.rstrip("r") or 0)
        elif tok.startswith("crew:"):
            colour, _, spec = tok[5:].partition("=")
            s = seat_of[colour]
            names, _, caps = spec.partition("+")
            for name in filter(None, names.split(",")):
                g.aliens[s] |= 1 << COLOURS.index(name)
            if caps:
                # captures are credited against the next seat (enough for crew counting)
                v = (s + 1) % n
                g.caps[s * n + v] += int(caps)
                g.ncaps[s] += int(caps)
        elif tok.startswith("turn:"):
            cur = seat_of[tok[5:]]
        elif ":" in tok:
            zone, _, spec = tok.partition(":")
            slot = g.parts.zone(zone) * NOSES + SIDES.index(ARROWS[spec[1]])
            if g.rockets[slot] != EMPTY:
                raise ValueError(f"zone {zone} already holds a rocket with that nose")
            g.rockets[slot] = RED if spec[0] == "r" else BLUE
        else:
            raise ValueError(f"bad position token {tok!r}")
    # seats with no raider listed have lost them all only if said so; otherwise they are
    # simply absent from this position (their raiders count as captured by nobody)
    g.cur = cur
    g.used = [0, 0]
    g.finished = []
    g.out = [False] * n
    g.turns = 0
    g.quiet = 0
    g.over = False
    g.reason = ""
    g.progress = False
    g._log = None
    g._log_len = 0
    g.reach_cache = {}  # the position was rewritten: no cached reach is valid
    g.rebuild_zone_masks()
    g._begin_turn()
    return g
