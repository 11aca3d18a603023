"""Why an action is not legal in Tortuga 2199 (the ``Game._why_not`` hook), and the components
an action is about (``Game._action_components``).

:func:`why_not` is called only for an action that is not legal (off the hot path). It reads
the position as the asking seat sees it: its own hand, Reserve and played cards, the creatures
it looked at, and the public table (the map, the markets, the Crypto and Manoeuvre of the
turn, who is where); never another hand, a deck's order or an unseen hunt token. It follows
the checks of :mod:`.legal`, :mod:`.abilities` and the phase dispatch of :mod:`.rules` (their
prices, :func:`.legal.reentry_sectors`, ``markers_free``, ``locked``, ``would_win_tortuga``,
:func:`.components.conquest_cost`, the map's reach and the bespoke abilities' targets), and
says which rule of ``data/rules.csv`` breaks first. Each reason's ``detail`` is a
``why_<detail>`` sentence of ``text.toml`` drawn by :func:`.render.explain`; its parameters
name cards by number (``card``, ``creature``), sectors by slot with their kind (``sector`` and
``kind``, ``at``/``at_kind``) and seats by number (``seat``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from spacetable.engine import Action
from spacetable.engine.why import Param, Reason

from . import actions as A
from . import components as C
from .abilities import BESPOKE
from .constants import (
    ABILITY,
    ATK,
    COLLECT_PRICE,
    DEF,
    DESTROY_PRICE,
    INFLUENCE_PRICE,
    K_FORTRESS,
    K_MINES,
    K_RESEARCH,
    K_TORTUGA,
    K_VORTEX,
    KIND_IDS,
    MAIN,
    MARK,
    MARKET_INDEX,
    MOVE_PRICE,
    OVER,
    P_FORTRESS,
    P_MINES,
    P_RESEARCH,
    P_VORTEX,
    PROBE_PRICE,
    REENTER,
    RENEW_PRICE,
    RESERVE_PRICE,
    SACRIFICE,
    SHIP,
    SPOILS,
)

if TYPE_CHECKING:
    from .rules import Tortuga2199


def _r(rule: str, detail: str, **params: Param) -> list[Reason]:
    return [Reason.of(rule, detail, **params)]


def _sec(g: Tortuga2199, s: int, name: str = "sector") -> dict[str, Param]:
    """A sector as reason parameters: its slot and its kind (public), so it can be named."""
    kind = "kind" if name == "sector" else name + "_kind"
    return {name: s, kind: KIND_IDS[g.kinds[s]]}


def _slot_of(g: Tortuga2199, kind: int) -> int:
    return g.kinds.index(kind) if kind in g.kinds else -1


#: The phase each kind of action belongs to (the others are the main phase's).
_PHASE_OF: dict[type[Action], int] = {
    A.ChooseShip: SHIP,
    A.Reenter: REENTER,
    A.Ability: ABILITY,
    A.AbilityDone: ABILITY,
    A.PlaceMarker: MARK,
    A.SkipMarker: MARK,
    A.Commit: ATK,
    A.CommitDone: ATK,
    A.Defend: DEF,
    A.DefendDone: DEF,
    A.Sacrifice: SACRIFICE,
    A.Spoils: SPOILS,
}

#: While a phase other than the main one waits for a decision: the rule and detail that say
#: what must be decided first.
_FIRST: dict[int, tuple[str, str]] = {
    SHIP: ("setup.ship", "choose_ship_first"),
    REENTER: ("reenter.where", "reenter_first"),
    ABILITY: ("ability.choose", "ability_first"),
    MARK: ("probe.marker", "marker_first"),
    ATK: ("combat.attacker", "commit_first"),
    DEF: ("combat.defender", "defend_first"),
    SACRIFICE: ("combat.sacrifice", "sacrifice_first"),
    SPOILS: ("combat.spoils", "spoils_first"),
}

#: In the main phase, an action of another phase: its rule and what is missing.
_NOT_NOW: dict[int, tuple[str, str]] = {
    SHIP: ("setup.ship", "ships_chosen"),
    REENTER: ("reenter.where", "not_in_hold"),
    ABILITY: ("ability.choose", "no_ability_pending"),
    MARK: ("probe.marker", "no_probe"),
    ATK: ("combat.attacker", "no_combat"),
    DEF: ("combat.defender", "no_combat"),
    SACRIFICE: ("combat.sacrifice", "no_combat"),
    SPOILS: ("combat.spoils", "no_spoils"),
}

#: Whose decision another seat waits for, by phase (``turn.order``).
_WAIT: dict[int, str] = {
    SHIP: "choosing_ship",
    ATK: "attacker_choosing",
    DEF: "defender_choosing",
    SACRIFICE: "loser_choosing",
    SPOILS: "winner_choosing",
}

#: The rule each kind of action of the main phase breaks when nothing more precise does (a
#: card or a sector that does not exist in this game, for one).
_RULE: dict[type[Action], str] = {
    A.ChooseShip: "setup.ship",
    A.Reenter: "reenter.where",
    A.TakeBack: "takeback.start",
    A.Play: "play.hand",
    A.Buy: "buy.here",
    A.Renew: "renew.card",
    A.Move: "move.adjacent",
    A.Collect: "collect.token",
    A.Probe: "probe.token",
    A.PlaceMarker: "probe.marker",
    A.SkipMarker: "probe.marker",
    A.Reserve: "reserve.cost",
    A.ResearchReserve: "research.power",
    A.Destroy: "destroy.played",
    A.VortexDestroy: "vortex.power",
    A.Capture: "capture.probed",
    A.Convert: "convert.hunt",
    A.Conquer: "conquer.cost",
    A.ConquerCrypto: "peaceful.crypto",
    A.Reinforce: "reinforce.own",
    A.Attack: "attack.same-sector",
    A.BuyInfluence: "influence.tortuga",
    A.SpendMineral: "mineral.spend",
    A.FortressPower: "fortress.power",
    A.MinesPower: "mines.power",
    A.EndTurn: "turn.order",
    A.Ability: "ability.target",
    A.AbilityDone: "ability.choose",
    A.Commit: "combat.attacker",
    A.CommitDone: "combat.attacker",
    A.Defend: "combat.defender",
    A.DefendDone: "combat.defender",
    A.Sacrifice: "combat.sacrifice",
    A.Spoils: "combat.spoils",
}

#: Actions that need the ship on the map (``legal.legal_main``'s ``pos >= 0`` block).
_ON_MAP = (
    A.Buy,
    A.BuyInfluence,
    A.Renew,
    A.Move,
    A.Collect,
    A.Probe,
    A.Capture,
    A.Conquer,
    A.ConquerCrypto,
    A.Attack,
    A.FortressPower,
    A.MinesPower,
    A.VortexDestroy,
    A.ResearchReserve,
)


def why_not(g: Tortuga2199, seat: int, a: Action) -> list[Reason]:
    """The reasons ``a`` (well formed, not legal) is not legal for ``seat`` now."""
    t = type(a)
    rule = _RULE.get(t, "turn.order")
    bad = _bad_reference(g, a, rule)
    if bad:
        return bad
    ph = g.phase
    if ph == OVER:
        return _r("game.over", "game_over")
    if seat not in g.to_act:
        who = g.to_act[0]
        return _r("turn.order", _WAIT.get(ph, "not_your_turn"), seat=who)
    home = _PHASE_OF.get(t, MAIN)
    if ph != home:
        if ph != MAIN:
            first, detail = _FIRST[ph]
            if ph == ABILITY:
                return _r(first, detail, card=g.pend_card)
            if ph == MARK:
                return _r(first, detail, **_sec(g, g.mark_at))
            return _r(first, detail)
        not_rule, detail = _NOT_NOW[home]
        if home == REENTER and g.pos[seat] < 0:
            detail = "reenter_next_turn"
        return _r(not_rule, detail)
    if ph == MAIN:
        out = _main(g, seat, a)
    elif ph == ABILITY:
        out = _ability(g, seat, a)
    elif ph in (ATK, DEF):
        out = _combat_card(g, seat, a, rule)
    elif ph == SACRIFICE:
        out = _r("combat.sacrifice", "not_used", card=getattr(a, "card", -1))
    elif ph == REENTER:
        assert isinstance(a, A.Reenter)
        out = _r("reenter.where", "not_yours_to_reenter", **_sec(g, a.sector))
    elif ph == SHIP:
        out = _ship(g, a)
    elif ph == SPOILS:
        out = _r("combat.spoils", "unknown_spoils")
    else:
        out = []
    # Every illegal action breaks one of the checks above; a generic word is a safety net.
    return out or _r(rule, "not_now")


def _bad_reference(g: Tortuga2199, a: Action, rule: str) -> list[Reason]:
    """A card number or a map slot this game does not have (the action space is sized by the
    rulebook's counts, a game's data set and map by its own)."""
    P = g.parts
    t = type(a)
    card = getattr(a, "card", None)
    if t is A.Ability:
        assert isinstance(a, A.Ability)
        if a.kind in A.AB_CARD_KINDS:
            card = a.target
        elif a.kind in A.AB_SECTOR_KINDS and not 0 <= a.target < g.lay.n:
            return _r(rule, "no_such_sector", number=a.target)
    if isinstance(card, int) and not 0 <= card < P.ncard:
        return _r(rule, "no_such_card", number=card)
    sector = getattr(a, "sector", None)
    if isinstance(sector, int) and not 0 <= sector < g.lay.n:
        return _r(rule, "no_such_sector", number=sector)
    if t is A.Attack:
        assert isinstance(a, A.Attack)
        if not 0 <= a.target < g.players:
            return _r("attack.other", "no_such_captain", number=a.target)
    return []


def _ship(g: Tortuga2199, a: Action) -> list[Reason]:
    assert isinstance(a, A.ChooseShip)
    if a.card not in g.parts.ships:
        return _r("setup.ship", "not_a_ship", card=a.card)
    if a.card in g.ship:
        return _r("setup.ship", "ship_taken", card=a.card, seat=g.ship.index(a.card))
    return []


def _combat_card(g: Tortuga2199, p: int, a: Action, rule: str) -> list[Reason]:
    card = getattr(a, "card", -1)
    if card not in g.hand[p]:
        return _r(rule, "not_in_hand", card=card)
    if g.parts.mano[card] < 1:
        return _r("combat.manoeuvre", "no_manoeuvre", card=card)
    return []


def _need(rule: str, what: str, need: int, have: int, **params: Param) -> list[Reason]:
    return _r(rule, f"need_{what}", need=need, have=have, **params)


def _main(g: Tortuga2199, p: int, a: Action) -> list[Reason]:
    """The main phase of ``p``'s turn (``legal.legal_main``)."""
    P = g.parts
    t = type(a)
    pos = g.pos[p]
    cr, m = g.crypto, g.mano
    if t is A.TakeBack:
        if g.reserve[p] < 0:
            return _r("takeback.start", "no_reserved")
        return _r("takeback.start", "takeback_late")
    if t is A.Play:
        assert isinstance(a, A.Play)
        return _r("play.hand", "not_in_hand", card=a.card)
    if t is A.SpendMineral:
        return _r("mineral.spend", "no_minerals")
    if t is A.Reserve:
        assert isinstance(a, A.Reserve)
        if g.reserve[p] >= 0:
            return _r("reserve.one", "reserve_full")
        if a.card not in g.hand[p]:
            return _r("reserve.cost", "not_in_hand", card=a.card)
        return _need("reserve.cost", "crypto", RESERVE_PRICE, cr)
    if t is A.Destroy:
        assert isinstance(a, A.Destroy)
        if a.card not in g.played[p]:
            return _r("destroy.played", "not_played", card=a.card)
        return _need("destroy.played", "mano", DESTROY_PRICE, m)
    if t is A.Convert:
        assert isinstance(a, A.Convert)
        if not P.is_hunt[a.card]:
            return _r("convert.hunt", "not_hunt_card", card=a.card)
        return _r("convert.hunt", "not_in_hand", card=a.card)
    if t is A.Reinforce:
        assert isinstance(a, A.Reinforce)
        return _reinforce(g, p, a)
    if t is A.Attack and g.scenario == "peaceful":
        return _r("peaceful.no-attack", "no_attack")
    if t is A.Attack:
        assert isinstance(a, A.Attack)
        if a.target == p:
            return _r("attack.other", "self_attack")
    if t is A.ConquerCrypto and g.scenario != "peaceful":
        return _r("peaceful.crypto", "not_peaceful")
    if t in _ON_MAP and pos < 0:
        return _r("ship.hold", "in_hold")
    if t in _ON_MAP:
        return _on_map(g, p, a, pos)
    return []


def _reinforce(g: Tortuga2199, p: int, a: A.Reinforce) -> list[Reason]:
    P = g.parts
    s = a.sector
    if g.ctrl[s] != p:
        return _r("reinforce.own", "not_your_sector", **_sec(g, s))
    k = g.kinds[s]
    if not P.kind_has_def[k]:
        return _r("conquer.tortuga", "tortuga_no_track", **_sec(g, s))
    if a.to <= g.defence[s]:
        return _r("reinforce.own", "not_higher", to=a.to, defence=g.defence[s], **_sec(g, s))
    if a.to > P.kind_max_def[k]:
        return _r("reinforce.max", "above_max", to=a.to, top=P.kind_max_def[k], **_sec(g, s))
    return _need("reinforce.own", "crypto", a.to, g.crypto)


def _on_map(g: Tortuga2199, p: int, a: Action, pos: int) -> list[Reason]:
    """An action of the ship's sector (the ``pos >= 0`` block of ``legal.legal_main``)."""
    P = g.parts
    t = type(a)
    k = g.kinds[pos]
    cr, m = g.crypto, g.mano
    here = _sec(g, pos)
    if t is A.Buy:
        assert isinstance(a, A.Buy)
        c = a.card
        if P.kind_tcard[k]:
            if c not in P.t_cards:
                return _r("buy.here", "not_sold_here", card=c, **here)
            if not g.tpile[P.t_index[c]]:
                return _r("buy.here", "pile_empty", card=c, **here)
        elif c not in g.mface[MARKET_INDEX[k]]:
            return _r("buy.here", "not_sold_here", card=c, **here)
        if g.minerals[p]:
            return _r(
                "buy.cost", "need_crypto_minerals", card=c, need=P.cost[c], have=cr,
                minerals=g.minerals[p],
            )  # fmt: skip
        return _r("buy.cost", "need_crypto_card", card=c, need=P.cost[c], have=cr)
    if t is A.BuyInfluence:
        if k != K_TORTUGA:
            return _r("influence.tortuga", "not_at_tortuga", **here)
        if cr < INFLUENCE_PRICE:
            return _need("influence.tortuga", "crypto", INFLUENCE_PRICE, cr)
        return _r("influence.bank", "bank_empty")
    if t is A.Renew:
        assert isinstance(a, A.Renew)
        if P.kind_tcard[k]:
            return _r("renew.where", "t_sector", **here)
        mi = MARKET_INDEX[k]
        if a.card not in g.mface[mi]:
            return _r("renew.card", "not_face_up", card=a.card, **here)
        if not g.mdeck[mi]:
            return _r("renew.card", "deck_empty", **here)
        return _need("renew.card", "crypto", RENEW_PRICE, cr)
    if t is A.Move:
        assert isinstance(a, A.Move)
        s = a.sector
        if s == pos:
            return _r("move.adjacent", "already_there", **here)
        if s not in g.lay.adj[pos]:
            return _r("move.adjacent", "not_adjacent", **_sec(g, s), **_sec(g, pos, "at"))
        return _need("move.adjacent", "mano", MOVE_PRICE, m)
    if t is A.Collect:
        if not g.mineral[pos]:
            return _r("collect.token", "no_mineral_here", **here)
        return _need("collect.token", "mano", COLLECT_PRICE, m)
    if t is A.Probe or t is A.Capture:
        return _hunt(g, p, t is A.Probe, pos)
    if t is A.Conquer or t is A.ConquerCrypto:
        return _conquer(g, p, t is A.Conquer, pos)
    if t is A.Attack:
        assert isinstance(a, A.Attack)
        o = a.target
        if g.locked():
            return _r("last-round", "last_round")
        if g.pos[o] < 0:
            return _r("attack.same-sector", "target_in_hold", seat=o)
        return _r("attack.same-sector", "not_here", seat=o, **_sec(g, g.pos[o]))
    return _power(g, p, a, pos)


def _hunt(g: Tortuga2199, p: int, probe: bool, pos: int) -> list[Reason]:
    """Probe or capture the hunt token of the ship's sector."""
    P = g.parts
    here = _sec(g, pos)
    h = g.hunt[pos]
    marked = g.probes[pos] >> p & 1
    if probe:
        if h < 0:
            return _r("probe.token", "no_token_here", **here)
        if marked:
            return _r("probe.token", "already_marked", **here)
        return _need("probe.token", "mano", PROBE_PRICE, g.mano)
    if h < 0:
        return _r("capture.here", "no_token_here", **here)
    if not marked:
        seen = g.seen[pos] >> p & 1
        return _r("capture.probed", "seen_not_marked" if seen else "not_probed", **here)
    return _r("capture.cost", "need_mano_creature", creature=h, need=P.difficulty[h], have=g.mano)


def _conquer(g: Tortuga2199, p: int, with_mano: bool, pos: int) -> list[Reason]:
    """Conquer the ship's sector, with Manoeuvre or (peaceful pirates) with Crypto."""
    here = _sec(g, pos)
    k = g.kinds[pos]
    if g.locked():
        return _r("last-round", "last_round")
    owner = g.ctrl[pos]
    if owner == p:
        return _r("conquer.here", "own_sector", **here)
    if owner >= 0 and g.pos[owner] == pos:
        if g.scenario == "peaceful":
            return _r("peaceful.guarded", "guarded", seat=owner, **here)
        return _r("conquer.guarded", "guarded_attack", seat=owner, **here)
    if g.markers_free(p) <= 0:
        return _r("conquer.marker", "no_free_marker")
    if k == K_TORTUGA and g.scenario == "aggressive" and not g.would_win_tortuga(p):
        return _r("aggressive.tortuga", "no_victory")
    cost = C.conquest_cost(k, g.defence[pos])
    if not with_mano:
        return _need("peaceful.crypto", "crypto", cost, g.crypto)
    rule = "conquer.tortuga" if k == K_TORTUGA else "conquer.cost"
    return _r(rule, "need_mano_sector", need=cost, have=g.mano, **here)


#: The sector powers: the action, its sector kind, its ``used`` bit and its rule.
_POWERS: dict[type[Action], tuple[int, int, str]] = {
    A.FortressPower: (K_FORTRESS, P_FORTRESS, "fortress.power"),
    A.MinesPower: (K_MINES, P_MINES, "mines.power"),
    A.VortexDestroy: (K_VORTEX, P_VORTEX, "vortex.power"),
    A.ResearchReserve: (K_RESEARCH, P_RESEARCH, "research.power"),
}


def _power(g: Tortuga2199, p: int, a: Action, pos: int) -> list[Reason]:
    """A sector power: control and presence, once a turn, then what it acts on."""
    t = type(a)
    if t not in _POWERS:
        return []
    kind, bit, rule = _POWERS[t]
    at = _slot_of(g, kind)
    if g.kinds[pos] != kind:
        return _r(rule, "not_at_power", **_sec(g, at))
    if g.ctrl[pos] != p:
        return _r(rule, "not_controlled", **_sec(g, pos))
    if g.used & bit:
        return _r("power.once", "used_this_turn", **_sec(g, pos))
    if t is A.MinesPower:
        return _r("mines.power", "depot_empty")
    if t is A.VortexDestroy:
        assert isinstance(a, A.VortexDestroy)
        return _r("vortex.power", "not_played", card=a.card)
    assert isinstance(a, A.ResearchReserve)
    if g.reserve[p] >= 0:
        return _r("reserve.one", "reserve_full")
    return _r("research.power", "not_in_hand", card=a.card)


def _ability(g: Tortuga2199, p: int, a: Action) -> list[Reason]:
    """An ability of the card just played (``abilities.legal_ability``)."""
    P = g.parts
    assert isinstance(a, A.Ability)
    card = g.pend_card
    pending = {P.played[card][i][0]: P.played[card][i][1] for i in g.pend}
    kind, target = a.kind, a.target
    if kind not in pending:
        return _r("ability.choose", "not_on_card", card=card)
    n = pending[kind]
    pos = g.pos[p]
    if kind in A.AB_SECTOR_KINDS and pos < 0:
        return _r("ship.hold", "in_hold")
    if kind == "move":
        if target == pos:
            return _r("ability.move", "already_there", **_sec(g, pos))
        return _r("ability.move", "too_far", n=n, **_sec(g, target))
    if kind == "probe":
        if target != pos and target not in g.lay.reach(pos, n):
            return _r("ability.target", "probe_far", n=n, **_sec(g, target))
        if g.hunt[target] < 0:
            return _r("probe.token", "no_token_at", **_sec(g, target))
        return _r("probe.token", "already_marked", **_sec(g, target))
    if kind in BESPOKE:
        if target == pos and kind == "teleport":
            return _r("ability.target", "already_there", **_sec(g, pos))
        if kind == "salvage" and target != pos and target not in g.lay.adj[pos]:
            return _r("ability.target", "salvage_far", **_sec(g, target))
        if kind == "salvage":
            return _r("ability.target", "no_mineral_at", **_sec(g, target))
        return []
    if kind == "draw":
        return _r("ability.target", "nothing_to_draw")
    if kind == "mineral":
        return _r("ability.target", "depot_empty")
    if kind == "reserve" and g.reserve[p] >= 0:
        return _r("reserve.one", "reserve_full")
    return _r("ability.target", "not_in_hand", card=target)


# ---------------------------------------------------------------- components
def action_components(g: Tortuga2199, a: Action) -> Iterable[str]:
    """The components ``a`` is about, from its own fields only (the engine caches the table
    per player count and options): the card it names (``card:<id>``); for a map slot, the
    sector's tile when the map fixes its kind (Tortuga and the ring of Terminals and Turrets;
    ``sector:<kind>``, shared by the tiles of a kind), else the map (``board:<players>``: the
    four special sectors are laid at random); the sector a power or Influence is bought at.
    An action with no piece (a button: end, done, conquer here, probe here...) has none."""
    P = g.parts
    t = type(a)
    if t is A.Ability:
        assert isinstance(a, A.Ability)
        if a.kind in A.AB_CARD_KINDS:
            return _card_comp(g, a.target)
        if a.kind in A.AB_SECTOR_KINDS:
            return _slot_comp(g, a.target)
        return ()
    card = getattr(a, "card", None)
    if isinstance(card, int):
        return _card_comp(g, card)
    sector = getattr(a, "sector", None)
    if isinstance(sector, int):
        return _slot_comp(g, sector)
    fixed = _FIXED_SECTOR.get(t)
    if fixed is not None:
        return ("sector:" + P.sector_rows[fixed].id,)
    return ()


#: Actions of one sector, whatever the map: Influence at Tortuga, the Fortress and Mines powers.
_FIXED_SECTOR: dict[type[Action], int] = {
    A.BuyInfluence: K_TORTUGA,
    A.FortressPower: K_FORTRESS,
    A.MinesPower: K_MINES,
}


def _card_comp(g: Tortuga2199, c: int) -> tuple[str, ...]:
    P = g.parts
    return ("card:" + P.card_id[c],) if 0 <= c < P.ncard else ()


def _slot_comp(g: Tortuga2199, s: int) -> tuple[str, ...]:
    lay = g.lay
    if not 0 <= s < lay.n:
        return ()
    kind = lay.kinds[s]
    if kind == "special":
        return (f"board:{g.players}",)
    return ("sector:" + g.parts.sector_rows[KIND_IDS.index(kind)].id,)
