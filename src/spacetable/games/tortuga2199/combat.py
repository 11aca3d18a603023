"""Combat between two ships (a seam of the rules of Tortuga 2199).

"Votre vaisseau doit se trouver dans le même secteur que le vaisseau ennemi": the attacker
secretly commits Manoeuvre cards one at a time (``commit``, ``commit_done``), the defender
answers in the open (``defend``, ``defend_done``), then the totals are compared ("En cas
d'égalité, c'est le Défenseur" who wins), the loser destroys one of its cards, its ship goes
to its hold and Influence changes hands. With aggressive pirates the loser chooses the card
(``sacrifice``) and a winning attacker chooses its spoils (``spoils``).

Functions of the game state, called by :mod:`.rules` (which owns the phase dispatch).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacetable.engine import Action

from . import actions as A
from .constants import (
    ATTACKER_BONUS,
    DEF,
    HAND_SIZE,
    K_TURRET,
    MAIN,
    OVER,
    SACRIFICE,
    SPOILS,
    SPOILS_BANK,
    SPOILS_STEAL,
    STEAL,
)

if TYPE_CHECKING:
    from .rules import Tortuga2199


def apply_commit(g: Tortuga2199, p: int, a: Action) -> None:
    """The attacker's secret choice: one more card, or done (announce how many)."""
    if type(a) is A.CommitDone:
        g.emit(
            {"event": "attack_cards", "seat": p, "n": len(g.catk)},
            {p: {"cards": sorted(g.catk)}},
        )
        g.phase = DEF
        return
    assert isinstance(a, A.Commit)
    g.hand[p].remove(a.card)
    g.catk.append(a.card)


def apply_defend(g: Tortuga2199, p: int, a: Action) -> None:
    """The defender's open choice: one more card, or done (then the combat resolves)."""
    if type(a) is A.DefendDone:
        resolve(g)
        return
    assert isinstance(a, A.Defend)
    g.hand[p].remove(a.card)
    g.cdef.append(a.card)
    g.emit({"event": "defend", "seat": p, "card": a.card})


def combat_totals(g: Tortuga2199) -> tuple[int, int]:
    """(attacker total, defender total) of the combat on the table: the cards' Manoeuvre and
    combat abilities, 1 per Turret bonus token, and for a defender in its own sector 1
    "tous les 2 points de la valeur de Défense"."""
    P = g.parts
    att, dfd, s = g.cb[0], g.cb[1], g.cb[2]
    at = sum(P.mano[c] + P.atk[c] for c in g.catk) + g.bonus(att, K_TURRET)
    dt = sum(P.mano[c] + P.dfn[c] for c in g.cdef) + g.bonus(dfd, K_TURRET)
    if g.ctrl[s] == dfd:
        dt += g.defence[s] // 2
    return at, dt


def resolve(g: Tortuga2199) -> None:
    """Reveal, compare (a tie goes to the defender), then the loser's card is destroyed."""
    P = g.parts
    att, dfd = g.cb[0], g.cb[1]
    g.revealed()  # the attacker's secret cards are shown
    g.emit({"event": "reveal", "seat": att, "cards": list(g.catk)})
    at, dt = combat_totals(g)
    winner, loser = (att, dfd) if at > dt else (dfd, att)
    g.cb[3] = winner
    g.cb[4] = loser
    g.emit({"event": "combat", "attack": at, "defence": dt, "winner": winner, "loser": loser})
    used = g.catk if loser == att else g.cdef
    if used and not any(P.shield[c] for c in used):
        if g.scenario == "aggressive":
            g.phase = SACRIFICE
            return
        sacrifice(g, loser, used[g.rng.below(len(used))])
    after_sacrifice(g)


def sacrifice(g: Tortuga2199, loser: int, card: int) -> None:
    """The loser's ``card`` (one it used in the combat) leaves the game."""
    used = g.catk if loser == g.cb[0] else g.cdef
    used.remove(card)
    g.destroy_card(loser, card)
    g.emit({"event": "combat_destroy", "seat": loser, "card": card})


def after_sacrifice(g: Tortuga2199) -> None:
    """The loser's ship goes to its hold; Influence changes hands (aggressive pirates: the
    winning attacker chooses its spoils first)."""
    P = g.parts
    att, _dfd, _s, winner, loser = g.cb
    g.pos[loser] = -1
    loot = P.loot_of(g.catk if winner == att else g.cdef)
    if g.scenario == "aggressive":
        if winner == att:
            g.phase = SPOILS
            return
    else:
        n = g.steal(winner, loser, STEAL + loot)
        g.emit({"event": "steal", "seat": winner, "from": loser, "n": n})
        if g.phase == OVER:
            return
        if winner == att:
            g.gain_bank(att, ATTACKER_BONUS)
            if g.phase == OVER:
                return
    finish_combat(g)


def spoils(g: Tortuga2199, choice: str) -> None:
    """Aggressive pirates: 2 Influence from the defender, or 3 from the bank (loot: +1 from
    the defender either way)."""
    P = g.parts
    att, dfd = g.cb[0], g.cb[1]
    loot = P.loot_of(g.catk)
    g.emit({"event": "spoils", "seat": att, "choice": choice})
    if choice == "steal":
        g.steal(att, dfd, SPOILS_STEAL + loot)
    else:
        g.gain_bank(att, SPOILS_BANK)
        if g.phase != OVER and loot:
            g.steal(att, dfd, loot)
    if g.phase != OVER:
        finish_combat(g)


def finish_combat(g: Tortuga2199) -> None:
    """A winning attacker takes the defender's sector; then, in the rulebook's order, "le
    Défenseur pioche des cartes jusqu'à ce qu'il en ait 5 en main" and only after that "Les
    cartes jouées pendant le combat sont placées dans les défausses" (so a defender whose
    deck runs out does not reshuffle the cards still on the combat table)."""
    att, dfd, s, winner, _loser = g.cb
    g.phase = MAIN
    if winner == att and g.ctrl[s] == dfd:
        if g.markers_free(att) > 0:
            g.take_control(att, s)
        if g.phase == OVER:
            return
    need = HAND_SIZE - len(g.hand[dfd])
    if need > 0:
        g.draw_logged(dfd, need)
    g.discard[att].extend(g.catk)
    g.discard[dfd].extend(g.cdef)
    g.catk = []
    g.cdef = []
