"""The played abilities of a card (a seam of the rules of Tortuga 2199).

"vous décidez si vous les activez au moment de jouer la carte": a played card with abilities
opens a window (phase ``ability``) in which each of them is used once, in any order, or not
at all (``ability_done``). The bespoke abilities of the data (``fn:<name>`` in
``data/cards.csv``) are named functions registered in :data:`BESPOKE`: for each, the
sectors it may target and its effect on the chosen one.

Functions of the game state, called by :mod:`.rules`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from spacetable.engine import Action

from . import actions as A
from . import components as C
from .constants import KIND_IDS, MAIN

if TYPE_CHECKING:
    from .rules import Tortuga2199


def legal_ability(g: Tortuga2199, p: int) -> list[Action]:
    """The pending abilities of the card just played, with their targets, then "done"."""
    P = g.parts
    out: list[Action] = []
    card = g.pend_card
    pos = g.pos[p]
    for i in g.pend:
        kind, n = P.played[card][i]
        if kind == "move":
            if pos >= 0:
                row = A.AB_SECTOR["move"]
                out.extend(row[s] for s in g.lay.reach(pos, n))
        elif kind in BESPOKE:
            row = A.AB_SECTOR[kind]
            out.extend(row[s] for s in BESPOKE[kind][0](g, p))
        elif kind == "probe":
            if pos >= 0:
                row = A.AB_SECTOR["probe"]
                for s in (pos, *g.lay.reach(pos, n)):
                    if g.hunt[s] >= 0 and not g.probes[s] >> p & 1:
                        out.append(row[s])
        elif kind == "draw":
            if g.deck[p] or g.discard[p]:
                out.append(A.AB_PLAIN["draw"])
        elif kind == "mineral":
            if g.depot > 0:
                out.append(A.AB_PLAIN["mineral"])
        elif kind == "trash":
            row = A.AB_CARD["trash"]
            out.extend(row[c] for c in sorted(set(g.hand[p])))
        elif kind == "reserve" and g.reserve[p] < 0:
            row = A.AB_CARD["reserve"]
            out.extend(row[c] for c in sorted(set(g.hand[p])))
    out.append(A.AB_DONE)
    return out


def apply_ability(g: Tortuga2199, p: int, a: Action) -> None:
    """Use one pending ability (or close the window)."""
    P = g.parts
    if type(a) is A.AbilityDone:
        g.pend = []
        g.pend_card = -1
        g.phase = MAIN
        return
    assert isinstance(a, A.Ability)
    kind = a.kind
    card = g.pend_card
    for i in g.pend:
        if P.played[card][i][0] == kind:
            n = P.played[card][i][1]
            g.pend.remove(i)
            break
    else:  # pragma: no cover
        raise AssertionError(f"ability {kind} is not pending")
    if kind == "reserve":
        # The Reserved card is face down: only its owner's log names it.
        g.emit(
            {"event": "ability", "seat": p, "card": card, "kind": kind, "target": -1},
            {p: {"reserved": a.target}},
        )
    elif kind in A.AB_SECTOR_KINDS:
        g.emit(
            {
                "event": "ability",
                "seat": p,
                "card": card,
                "kind": kind,
                "target": a.target,
                "target_kind": KIND_IDS[g.kinds[a.target]],
            }
        )
    else:
        g.emit({"event": "ability", "seat": p, "card": card, "kind": kind, "target": a.target})
    if not g.pend:  # the window closes (a probe may open the marker decision below)
        g.pend_card = -1
        g.phase = MAIN
    if kind in BESPOKE:
        BESPOKE[kind][1](g, p, a.target)
    elif kind == "move":
        g.pos[p] = a.target
    elif kind == "probe":
        g.probe_hunt(p, a.target)
    elif kind == "draw":
        g.draw_logged(p, n)
    elif kind == "mineral":
        got = min(n, g.depot)
        g.depot -= got
        g.minerals[p] += got
    elif kind == "trash":
        g.hand[p].remove(a.target)
        g.destroy_card(p, a.target)
    elif kind == "reserve":
        g.hand[p].remove(a.target)
        g.reserve[p] = a.target


# ---------------------------------------------------------------- bespoke abilities
def _teleport_targets(g: Tortuga2199, p: int) -> list[int]:
    """Téléporteur: any other sector of the map."""
    pos = g.pos[p]
    return [] if pos < 0 else [s for s in range(g.lay.n) if s != pos]


def _teleport(g: Tortuga2199, p: int, s: int) -> None:
    g.pos[p] = s


def _salvage_targets(g: Tortuga2199, p: int) -> list[int]:
    """Ferrailleur: the mineral token of your sector or of an adjacent one, for free."""
    pos = g.pos[p]
    if pos < 0:
        return []
    return [s for s in (pos, *g.lay.adj[pos]) if g.mineral[s]]


def _salvage(g: Tortuga2199, p: int, s: int) -> None:
    g.mineral[s] = 0
    g.minerals[p] += 1


BESPOKE: dict[
    str, tuple[Callable[[Tortuga2199, int], list[int]], Callable[[Tortuga2199, int, int], None]]
] = {
    "teleport": (_teleport_targets, _teleport),
    "salvage": (_salvage_targets, _salvage),
}
assert set(BESPOKE) == set(C.BESPOKE), "every bespoke ability of the data needs a function"
