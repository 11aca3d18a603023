"""Buying cards and renewing a market (a seam of the rules of Tortuga 2199).

"acheter n'importe quel nombre de cartes dans le secteur où vous vous trouvez": the T piles
in the Terminals and Turrets, the two face-up cards of a special sector's deck elsewhere
("elle est remplacée par la carte au sommet de la pioche du secteur correspondant"); a
special market can be renewed for 1 Crypto (the card goes "tout en bas de sa pioche").

Functions of the game state, called by :mod:`.rules`; the legal purchases are listed by
:mod:`.legal`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .constants import MARKET_INDEX, MARKET_KIND, RENEW_PRICE

if TYPE_CHECKING:
    from .rules import Tortuga2199


def buy(g: Tortuga2199, p: int, c: int) -> None:
    """Seat ``p`` buys card type ``c`` (to its discard); a special market refills its face."""
    P = g.parts
    g.crypto -= P.cost[c]
    g.discard[p].append(c)
    ev: dict[str, Any] = {"event": "buy", "seat": p, "card": c}
    if P.deck[c] == "T":
        g.tpile[P.t_index[c]] -= 1
    else:
        mi = MARKET_INDEX[MARKET_KIND[P.deck[c]]]
        g.mface[mi].remove(c)
        deck = g.mdeck[mi]
        if deck:
            new = deck.pop()
            g.revealed()  # the market's next card is turned face up
            g.mface[mi].append(new)
            ev["new"] = new
            if g.mknown[mi] > len(deck):
                g.mknown[mi] = len(deck)
    g.emit(ev)


def renew(g: Tortuga2199, p: int, c: int) -> None:
    """Seat ``p`` puts the face-up ``c`` at the bottom of its sector's deck (now known to
    all) and reveals the top card in its place."""
    mi = MARKET_INDEX[g.kinds[g.pos[p]]]
    g.crypto -= RENEW_PRICE
    face = g.mface[mi]
    deck = g.mdeck[mi]
    face.remove(c)
    deck.insert(0, c)
    g.mknown[mi] += 1
    new = deck.pop()
    g.revealed()  # the market's next card is turned face up
    face.append(new)
    if g.mknown[mi] > len(deck):
        g.mknown[mi] = len(deck)
    g.emit({"event": "renew", "seat": p, "card": c, "new": new})
