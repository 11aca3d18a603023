"""Position builders for the Tortuga 2199 tests: set the state directly, then play actions."""

from __future__ import annotations

from typing import Any

from spacetable.engine import new_game
from spacetable.games.tortuga2199 import actions as A
from spacetable.games.tortuga2199 import components as C
from spacetable.games.tortuga2199 import constants as K
from spacetable.games.tortuga2199.constants import MAIN
from spacetable.games.tortuga2199.rules import Tortuga2199
from spacetable.games.tortuga2199.tables import shipped_parts

#: The shipped data set's parts (what a game without ``data`` plays with).
P = shipped_parts()
CID = P.card_index


def card(name: str) -> int:
    return CID[name]


def cards(*names: str) -> list[int]:
    return [CID[n] for n in names]


def started(players: int = 2, seed: int = 0, **options: Any) -> Tortuga2199:
    """A game past the ship choice (each seat takes the first ship offered)."""
    g = new_game("tortuga2199", players, seed, options)
    assert isinstance(g, Tortuga2199)
    while g.phase != MAIN:
        s = g.to_act[0]
        g.apply(s, g.legal_actions(s)[0])
    return g


# The 4-player map (see data/layouts.csv): slot 0 Tortuga, ring 1..6 (odd: Terminal, even:
# Turret), specials on 7..10. SPECIALS puts Research on 7, Vortex on 8 (two steps from the
# Terminal of slot 1), Mines on 9 (three steps from the Vortex) and Fortress on 10.
SPECIALS = {7: K.K_RESEARCH, 8: K.K_VORTEX, 9: K.K_MINES, 10: K.K_FORTRESS}


def position(
    players: int = 4,
    seat: int = 0,
    *,
    seed: int = 0,
    hand: list[int] | None = None,
    pos: int | None = None,
    scenario: str = "standard",
    round_limit: int = 0,
) -> Tortuga2199:
    """A game with ``seat`` to play at the start of its turn, on the 4-player test map."""
    g = started(players, seed, scenario=scenario, round_limit=round_limit)
    if players >= 3:
        kinds = list(g.kinds)
        for s, k in SPECIALS.items():
            kinds[s] = k
            g.defence[s] = P.kind_start_def[k]
        g.kinds = tuple(kinds)
    g.cur = seat
    g.phase = MAIN
    g.fresh = True
    g.crypto = 0
    g.mano = 0
    g.used = 0
    g.tacts = 0
    if hand is not None:
        others = [c for c in g.hand[seat]]
        g.deck[seat].extend(others)
        g.hand[seat] = list(hand)
    if pos is not None:
        g.pos[seat] = pos
    return g


def do(g: Tortuga2199, *acts: Any, seat: int | None = None) -> None:
    """Apply actions (values or text forms) with full validation."""
    for a in acts:
        s = g.to_act[0] if seat is None else seat
        g.apply(s, a)


def texts(g: Tortuga2199, seat: int | None = None) -> set[str]:
    s = g.to_act[0] if seat is None else seat
    return {a.text() for a in g.legal_actions(s)}


def count_cards(g: Tortuga2199) -> int:
    """Every card of the game, wherever it is (conservation check)."""
    n = sum(g.tpile) + len(g.hunt_pile) + len(g.destroyed) + len(g.catk) + len(g.cdef)
    n += sum(len(d) + len(f) for d, f in zip(g.mdeck, g.mface, strict=True))
    for p in range(g.players):
        n += len(g.hand[p]) + len(g.deck[p]) + len(g.discard[p]) + len(g.played[p])
        n += 1 if g.reserve[p] >= 0 else 0
    return n


def expected_cards(players: int) -> int:
    start = sum(P.count[c] for c in P.start_cards) + 1  # + the ship card
    market = sum(P.count[c] for c in P.buyable)
    return players * start + market + len(P.hunt_cards)


__all__ = ["A", "C", "K", "P", "card", "cards", "count_cards", "do", "position", "started", "texts"]
