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

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from spacetable.engine import Action, Component, component

from . import actions as A
from . import components as C
from .board import LAYOUT_FILE
from .components import CARD_FILE, COMBAT_KINDS, SECTOR_FILE, TortugaParts
from .constants import (
    INFLUENCE_PRICE,
    KIND_IDS,
    MARKET_KIND,
    MARKETS,
    SPOILS_BANK,
    SPOILS_STEAL,
    TEXT,
    TORTUGA_COST,
)

if TYPE_CHECKING:
    from .rules import Tortuga2199


def _t(lang: str, key: str, **kw: object) -> str:
    return TEXT.get(lang, key, **kw)


def sector_name(g: Tortuga2199, s: int, lang: str) -> str:
    """The sector of slot ``s`` with its article and slot: "the Mines (5)", "les Mines (5)"."""
    if not 0 <= s < len(g.kinds):
        return str(s)
    return _t(lang, "sec_" + KIND_IDS[g.kinds[s]], slot=s)


def sector_of(g: Tortuga2199, s: int, lang: str) -> str:
    """The same after "of": "of the Mines (5)", "des Mines (5)", "du Vortex (8)"."""
    if not 0 <= s < len(g.kinds):
        return str(s)
    return _t(lang, "of_" + KIND_IDS[g.kinds[s]], slot=s)


def describe(g: Tortuga2199, a: Action, lang: str) -> str:
    """A human label of ``a`` in the state of ``g`` (French or English)."""
    t = type(a)
    seat = g.cur
    P = g.parts
    card = getattr(a, "card", None)
    if isinstance(card, int):
        name = P.card_name(card, lang)
        if t is A.Buy and 0 <= card < P.ncard:
            return _t(lang, "act_buy", card=name, cost=P.cost[card])
        if t is A.Convert and 0 <= card < P.ncard:
            return _t(lang, "act_convert", card=name, n=P.hunt_influence[card])
        if t in (A.Commit, A.Defend) and 0 <= card < P.ncard:
            key = "act_commit" if t is A.Commit else "act_defend"
            return _t(lang, key, card=name, m=P.mano[card])
        plain = _CARD_KEYS.get(t)
        if plain is not None:
            return _t(lang, plain, card=name)
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
        if a.kind in A.AB_CARD_KINDS:
            return _t(lang, "ab_" + a.kind, card=P.card_name(a.target, lang))
        if a.kind == "draw" and g.pend_card >= 0:
            for kind, n in P.played[g.pend_card]:
                if kind == "draw":
                    return _t(lang, "lb_ab_draw", n=n)
        if a.kind == "mineral" and g.pend_card >= 0:
            for kind, n in P.played[g.pend_card]:
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
                ship=P.card_name(g.ship[o], lang),
                sector=sector_name(g, pos, lang),
                bonus=g.defence[pos] // 2 if guard else 0,
            )
        return a.describe(lang)
    if t is A.Spoils:
        assert isinstance(a, A.Spoils)
        att, dfd = g.cb[0], g.cb[1]
        if att < 0 or dfd < 0:
            return a.describe(lang)
        loot = P.loot_of(g.catk)
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
            creature=P.card_name(h, lang),
            of_sector=sector_of(g, pos, lang),
            d=P.difficulty[h],
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


#: Actions that name one card and nothing else from the data (``describe``).
_CARD_KEYS: dict[type[Action], str] = {
    A.ChooseShip: "act_ship",
    A.Play: "act_play",
    A.Renew: "act_renew",
    A.Reserve: "act_reserve",
    A.ResearchReserve: "act_research",
    A.Destroy: "act_destroy",
    A.VortexDestroy: "act_vortex",
    A.Sacrifice: "act_sacrifice",
    A.Buy: "act_buy_ref",
    A.Convert: "act_convert_ref",
    A.Commit: "act_commit_ref",
    A.Defend: "act_defend_ref",
}


# ---------------------------------------------------------------- component texts
def _and(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {_t(lang, 'w_and')} {items[-1]}"


def _resources(crypto: int, mano: int, lang: str) -> str:
    parts = []
    if crypto:
        parts.append(_t(lang, "w_crypto", n=crypto))
    if mano:
        parts.append(_t(lang, "w_manoeuvre", n=mano))
    return _and(parts, lang)


def card_text(p: TortugaParts, c: int, lang: str) -> str:
    """The rules text of card type ``c``, generated from its row (a corrected row gives a
    corrected text): where it comes from, its price, its resources and its abilities."""
    deck = p.deck[c]
    out: list[str] = []
    if deck == "start":
        out.append(_t(lang, "ct_start", count=p.count[c]))
    elif deck == "ship":
        out.append(_t(lang, "ct_ship"))
    elif deck == "T":
        out.append(_t(lang, "ct_t", count=p.count[c], cost=p.cost[c]))
    elif deck == "hunt":
        out.append(_t(lang, "ct_hunt", d=p.difficulty[c], n=p.hunt_influence[c]))
    else:
        kind = MARKET_KIND[deck]
        out.append(
            _t(lang, "ct_market", sector=p.kind_name(kind, lang), count=p.count[c], cost=p.cost[c])
        )
    res = _resources(p.crypto[c], p.mano[c], lang)
    out.append(_t(lang, "ct_gives", what=res) if res else _t(lang, "ct_gives_none"))
    played = [_t(lang, "abt_" + k, n=n) for k, n in p.abilities[c] if k not in COMBAT_KINDS]
    if played:
        out.append(_t(lang, "ct_played", what=_and(played, lang)))
    combat = [_t(lang, "abt_" + k, n=n) for k, n in p.abilities[c] if k in COMBAT_KINDS]
    if combat:
        out.append(_t(lang, "ct_combat", what=_and(combat, lang)))
    return " ".join(out)


def sector_text(p: TortugaParts, k: int, lang: str) -> str:
    """The rules text of sector kind ``k``, from its row: what it sells, its Defence track
    (or Tortuga's fixed cost), its control token and its power."""
    out: list[str] = []
    if p.kind_tcard[k]:
        out.append(_t(lang, "st_t"))
    else:
        market = next(m for m in MARKETS if MARKET_KIND[m] == k)
        out.append(_t(lang, "st_market", market=market))
    if p.kind_has_def[k]:
        start = p.kind_start_def[k]
        out.append(_t(lang, "st_track", start=start, cost=start + 1, top=p.kind_max_def[k]))
    else:
        out.append(_t(lang, "st_tortuga", cost=TORTUGA_COST, price=INFLUENCE_PRICE))
    out.append(_t(lang, "st_token", n=p.kind_influence[k]))
    out.append(_t(lang, "st_power_" + KIND_IDS[k]))
    return " ".join(out)


def board_text(p: TortugaParts, players: int, lang: str) -> str:
    """The map of a player count, from its rows: how many sectors of each kind."""
    lay = p.layouts[players]
    return _t(
        lang,
        "bt_board",
        players=players,
        n=lay.n,
        terminals=lay.kinds.count("terminal"),
        turrets=lay.kinds.count("turret"),
        specials=len(lay.special_slots),
    )


def describe_components(p: TortugaParts, lang: str) -> list[Component]:
    """Every component of a data set with its rules text in ``lang`` and its facts
    (``DataSpec.describe``):
    the cards (``card:<id>``), the sector kinds (``sector:<kind>``) and the maps
    (``board:<players>``)."""
    out: list[Component] = []
    for c, row in enumerate(p.card_rows):
        name = p.card_name(c, lang)
        text, facts = card_text(p, c, lang), C.card_facts(p, c)
        out.append(component("card", row.id, name, text, CARD_FILE, row, facts=facts))
    for k, srow in enumerate(p.sector_rows):
        name = p.kind_name(k, lang)
        text, facts = sector_text(p, k, lang), C.sector_facts(p, k)
        out.append(component("sector", srow.id, name, text, SECTOR_FILE, srow, facts=facts))
    for players in sorted(p.layouts):
        rows = [r for r in p.layout_rows if r.players == players]
        known = min((r.source for r in rows), key=("reconstructed", "reference", "rulebook").index)
        out.append(
            component(
                "board",
                players,
                _t(lang, "bt_name", players=players),
                board_text(p, players, lang),
                LAYOUT_FILE,
                source=known,
                facts=C.board_facts(p, players),
            )
        )
    return out


def component_ids(p: TortugaParts, view: Mapping[str, Any]) -> list[str]:
    """The ids of the components ``view`` mentions, in the order a reader meets them (the
    ``Game._component_ids`` hook): the map and its sectors, each player's ship, played cards,
    discard and hunt tokens, the markets' face-up and known bottom cards, the T piles still
    stocked, the hunt pile, the destroyed cards, the creatures the seat looked at, the
    pending card, the combat's visible cards, the seat's own hand and Reserved card, then,
    while the ships are chosen, the ship cards still free (public: the view says which are
    taken).
    It reads only the view (card numbers are mapped to ids with the data set's parts), so it
    names nothing the seat may not see."""
    out: dict[str, None] = {}

    def card(c: object) -> None:
        if isinstance(c, int) and 0 <= c < p.ncard:
            out["card:" + p.card_id[c]] = None

    out[f"board:{len(view['players'])}"] = None
    for s in view["sectors"]:
        out["sector:" + s["kind"]] = None
    for pl in view["players"]:
        card(pl["ship"])
        for c in (*pl["played"], *pl["discard"], *pl["hunt_tokens"]):
            card(c)
    for m in view["markets"].values():
        for c in (*m["face"], *m["known_bottom"]):
            card(c)
    for cid, left in view["t_piles"].items():
        if left > 0 and cid in p.card_index:
            out["card:" + cid] = None
    for c in (*view["hunt_pile"], *view["destroyed"]):
        card(c)
    for s in view["sectors"]:
        card(s["creature"])
    if view["pending"]:
        card(view["pending"]["card"])
    cb = view["combat"]
    if cb:
        for c in (*(cb["attack_cards"] or ()), *cb["defence_cards"]):
            card(c)
    for c in view["hand"] or ():
        card(c)
    card(view["reserved_card"])
    if view["phase"] == "ship":
        taken = {pl["ship"] for pl in view["players"]}
        for c in p.ships:
            if c not in taken:
                card(c)
    return list(out)
