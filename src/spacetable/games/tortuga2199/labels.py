"""State-aware action labels of Tortuga 2199 (the ``Game.describe_action`` hook).

An action only knows map slots and seats (``move sector=5``); a label for a human should
name the sector ("move to the Mines (5)"), the creature about to be captured, the cost of a
conquest, the ship attacked. :func:`describe` reads the game to say so, and falls back to
the action's own ``describe`` for actions that need nothing from the state (or when the
state cannot say more, e.g. a map action while the ship is in the hold).

Nothing hidden from the acting seat is named: the creature is named only for a capture,
which is legal only for a seat that probed it (and the capture reveals it to all).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacetable.engine import Action

from . import actions as A
from . import components as C
from .constants import SPOILS_BANK, SPOILS_STEAL, TEXT

if TYPE_CHECKING:
    from .rules import Tortuga2199


def _t(lang: str, key: str, **kw: object) -> str:
    return TEXT.get(lang, key, **kw)


def sector_name(g: Tortuga2199, s: int, lang: str) -> str:
    """The sector of slot ``s`` with its article and slot: "the Mines (5)", "les Mines (5)"."""
    if not 0 <= s < len(g.kinds):
        return str(s)
    return _t(lang, "sec_" + C.KIND_ID[g.kinds[s]], slot=s)


def sector_of(g: Tortuga2199, s: int, lang: str) -> str:
    """The same after "of": "of the Mines (5)", "des Mines (5)", "du Vortex (8)"."""
    if not 0 <= s < len(g.kinds):
        return str(s)
    return _t(lang, "of_" + C.KIND_ID[g.kinds[s]], slot=s)


def describe(g: Tortuga2199, a: Action, lang: str) -> str:
    """A human label of ``a`` in the state of ``g`` (French or English)."""
    t = type(a)
    seat = g.cur
    if t is A.Move:
        assert isinstance(a, A.Move)
        return _t(lang, "lb_move", sector=sector_name(g, a.sector, lang))
    if t is A.Reenter:
        assert isinstance(a, A.Reenter)
        return _t(lang, "lb_reenter", sector=sector_name(g, a.sector, lang))
    if t is A.Reinforce:
        assert isinstance(a, A.Reinforce)
        return _t(lang, "lb_reinforce", sector=sector_name(g, a.sector, lang), to=a.to)
    if t is A.Ability:
        assert isinstance(a, A.Ability)
        if a.kind in A.AB_SECTOR_KINDS:
            return _t(
                lang,
                "lb_ab_" + a.kind,
                sector=sector_name(g, a.target, lang),
                of_sector=sector_of(g, a.target, lang),
            )
        if a.kind == "draw" and g.pend_card >= 0:
            for kind, n in C.PLAYED[g.pend_card]:
                if kind == "draw":
                    return _t(lang, "lb_ab_draw", n=n)
        if a.kind == "mineral" and g.pend_card >= 0:
            for kind, n in C.PLAYED[g.pend_card]:
                if kind == "mineral":
                    return _t(lang, "lb_ab_mineral", n=n, depot=g.depot)
        return a.describe(lang)
    if t is A.Attack:
        assert isinstance(a, A.Attack)
        o = a.target
        if 0 <= o < g.players and g.ship[o] >= 0:
            pos = g.pos[seat]
            guard = pos >= 0 and g.ctrl[pos] == o
            return _t(
                lang,
                "lb_attack_guard" if guard else "lb_attack",
                seat=o,
                ship=C.card_name(g.ship[o], lang),
                sector=sector_name(g, pos, lang),
                bonus=g.defence[pos] // 2 if guard else 0,
            )
        return a.describe(lang)
    if t is A.Spoils:
        assert isinstance(a, A.Spoils)
        att, dfd = g.cb[0], g.cb[1]
        if att < 0 or dfd < 0:
            return a.describe(lang)
        loot = C.loot(g.catk)
        has = g.infl[dfd]
        if a.choice == "steal":
            n = min(SPOILS_STEAL + loot, has)
            return _t(lang, "lb_spoils_steal", n=n, seat=dfd, has=has)
        if loot and has:
            return _t(lang, "lb_spoils_bank_loot", n=min(SPOILS_BANK, g.bank), seat=dfd)
        return _t(lang, "lb_spoils_bank", n=min(SPOILS_BANK, g.bank))
    pos = g.pos[seat] if 0 <= seat < g.players else -1
    if pos < 0:
        return a.describe(lang)
    if t is A.Collect:
        return _t(lang, "lb_collect", of_sector=sector_of(g, pos, lang))
    if t is A.Probe:
        return _t(lang, "lb_probe", of_sector=sector_of(g, pos, lang))
    if t is A.PlaceMarker and g.mark_at >= 0:
        return _t(
            lang, "lb_marker", of_sector=sector_of(g, g.mark_at, lang), free=g.markers_free(seat)
        )
    if t is A.Capture:
        h = g.hunt[pos]
        if h < 0:
            return a.describe(lang)
        return _t(
            lang,
            "lb_capture",
            creature=C.card_name(h, lang),
            of_sector=sector_of(g, pos, lang),
            d=C.DIFFICULTY[h],
        )
    if t is A.Conquer or t is A.ConquerCrypto:
        key = "lb_conquer" if t is A.Conquer else "lb_conquer_crypto"
        return _t(
            lang,
            key,
            sector=sector_name(g, pos, lang),
            cost=C.conquest_cost(g.kinds[pos], g.defence[pos]),
        )
    return a.describe(lang)
