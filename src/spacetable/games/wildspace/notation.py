"""Building Wild Space positions directly (for tests, bug reports and fuzzing).

:func:`find_card` names a card by its features (``find_card("specialist", "monkey",
"botanist")``); :func:`position` starts a game and then overwrites the fields you give, putting
every card you did not place into the deck so that the 102 crew cards stay conserved. Both
read the shipped data set unless given another (``parts`` / ``data``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spacetable.engine import DataSet

from .components import WildParts
from .rules import WildSpace
from .tables import shipped_parts


def find_cards(
    kind: str | None = None,
    species: str | None = None,
    profession: str | None = None,
    *,
    veteran: bool | None = None,
    effect: str | None = None,
    mission: str | None = None,
    credits: int | None = None,
    parts: WildParts | None = None,
) -> list[int]:
    """Ids of every card with these features (None: any)."""
    out = []
    for r in (parts or shipped_parts()).cards:
        if kind is not None and r.kind != kind:
            continue
        if species is not None and r.species != species:
            continue
        if profession is not None and r.profession != profession:
            continue
        if veteran is not None and r.veteran != veteran:
            continue
        if effect is not None and r.effect != effect:
            continue
        if mission is not None and r.mission != mission:
            continue
        if credits is not None and r.credits != credits:
            continue
        out.append(r.id)
    return out


def find_card(*args: Any, **kw: Any) -> int:
    """The first card with these features (see :func:`find_cards`); raises if none."""
    found = find_cards(*args, **kw)
    if not found:
        raise LookupError(f"no card with {args} {kw}")
    return found[0]


def position(
    players: int,
    *,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    captains: Sequence[int] | None = None,
    tableaus: Sequence[Sequence[int]] | None = None,
    hands: Sequence[Sequence[int]] | None = None,
    reserve: Sequence[int] | None = None,
    deck_top: Sequence[int] = (),
    discard: Sequence[int] = (),
    planets: Sequence[int] | None = None,
    faceup: Sequence[bool] | None = None,
    current: int = 0,
    vet: Sequence[int] | None = None,
    spots: dict[tuple[int, int, int], int] | None = None,
    turns: Sequence[int] | None = None,
    smuggler_tableau: Sequence[int] | None = None,
    data: DataSet[WildParts] | None = None,
) -> WildSpace:
    """A game at the start of ``current``'s turn with the given fields.

    ``tableaus`` lists the crew *without* the captain (the captain is always first);
    ``deck_top`` lists the next cards to be drawn, first one first; ``spots`` maps
    (seat, table position, side) to 1 (landed) or 2 (exploring).
    """
    g = WildSpace(players, seed, options, data)
    parts = g.parts
    if captains is not None:
        g.captain = list(captains)
    used: set[int] = set()

    def take(cards: Sequence[int]) -> list[int]:
        out = list(cards)
        for c in out:
            if c in used or c in parts.captains:
                raise ValueError(f"card {c} placed twice or is a captain")
            used.add(c)
        return out

    tabs = [take(t) for t in tableaus] if tableaus is not None else [[] for _ in range(players)]
    g.tableau = [[g.captain[p], *tabs[p]] for p in range(players)]
    if hands is not None:
        g.hands = [take(h) for h in hands]
    else:
        g.hands = [[] for _ in range(players)]
    g.known = [[] for _ in range(players)]
    g.reserve = take(reserve) if reserve is not None else []
    g.discard = take(discard)
    top = take(deck_top)
    if g.solo:
        if g.s_captain in g.captain:
            g.s_captain = next(c for c in parts.captains if c not in g.captain)
        g.s_tableau = [g.s_captain, *take(smuggler_tableau or ())]
        hostiles = [*g.h_row, *g.h_aside, *reversed(g.h_deck)]
        g.h_row, g.h_aside, g.h_deck = hostiles[:2], [], list(reversed(hostiles[2:]))
        g.h_state = [0] * len(g.h_state)
        g.s_turns = 0
    rest = [c for c in parts.deck_cards if c not in used]
    if reserve is None:
        g.reserve = [rest.pop(), rest.pop(), rest.pop()]
    g.deck = rest + list(reversed(top))
    if planets is not None:
        g.planets = list(planets)
        if sorted(parts.threshold[t] for t in planets) != [0, 0, 3, 6, 9]:
            raise ValueError("planets: two starting tiles, then a 3, a 6 and a 9")
    if faceup is not None:
        g.faceup = list(faceup)
    g.vet = list(vet) if vet is not None else [0] * players
    g.spots = [0] * (10 * players)
    for (p, pos, side), v in (spots or {}).items():
        g.spots[p * 10 + pos * 2 + side] = v
    g.turns = list(turns) if turns is not None else [0] * players
    g.current = current
    g.stack = []
    g.main_done = False
    g.fx_used = []
    return g
