"""Why an action is not legal in Quazarys (``Quazarys._why_not``), and the components an
action is about (``Quazarys._action_components``).

Each reason names a rule of ``data/rules.csv`` and says, as language-free parameters, what in
the position breaks it; ``render.explain`` draws it as a sentence (``wn_<detail>`` of
``text.toml``). The checks are those of the legality code, asked the other way round: the
same path graph (``Game.destinations``), free slots (``board.placements``), task on top of
the stack and phase. Only what the asking seat may see is read: the table, the pawns, the
public discard, the turn and, for the seat to act, its own hand (another hand and the deck
order are never named: a card the seat does not hold is "not in your hand", wherever it is
hidden).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from spacetable.engine import Action, InvalidAction
from spacetable.engine.why import Param, Reason

from .actions import BlackHole, Discard, Move, Orient, Pick, Place, Play, Skip, Stop, Target
from .board import bounds, next_to_path_card, pcell, pkey, within_limit
from .components import KIND, component_id
from .constants import (
    KIND_BASE,
    KIND_EXPLO,
    MAX_DISCARD,
    P_CHOOSE,
    P_COMBO,
    P_DISCARD,
    P_MOVE2,
    End,
)
from .tasks import BlackHoleTask, MoveTask, OrientTask, PickTask, PlaceTask, TargetTask, Task
from .view import pending

if TYPE_CHECKING:
    from .rules import Quazarys

#: The fields of the view's ``pending`` a reason repeats (what is asked now), by param name.
_PENDING = (("pawn", "pawn"), ("remaining", "left"), ("ignore_arrows", "free"), ("mode", "mode"))


def asked(game: Quazarys) -> dict[str, Param]:
    """What the seat to act is asked now, as reason parameters (``render.explain`` draws it
    with the prompt's sentence): ``now`` (the pending kind) and its public details."""
    pend = pending(game)
    out: dict[str, Param] = {"now": str(pend["kind"])}
    for key, name in _PENDING:
        if key in pend:
            v = pend[key]
            out[name] = int(v) if isinstance(v, bool) else v
    if "card" in pend:
        out["card"] = int(pend["card"])
        if "r" in pend:
            out["r"], out["c"] = int(pend["r"]), int(pend["c"])
    if game.faction >= 0:
        out["faction"] = game.faction
    out["n"] = game.ndiscard
    return out


def why_not(game: Quazarys, seat: int, action: Action) -> list[Reason]:
    """The reasons ``action`` is not legal for ``seat`` now (see the module docstring)."""
    if action not in game.action_space.index:
        raise InvalidAction(f"{action.text()} is not an action of this table")
    if game.over:
        end = game.reason
        rule = "game.over" if end == End.ARRIVED.value else "game.over-draw"
        return [Reason.of(rule, "over", end=end)]
    if seat != game.current:
        return [Reason.of("turn.not-yours", "not_your_turn", player=game.current)]
    if game.stack:
        return _task(game, game.stack[-1], action) or _asked(game, "effect.apply", "effect")
    return _phase(game, action) or _asked(game, "turn.phases", "asked")


def _asked(game: Quazarys, rule: str, detail: str) -> list[Reason]:
    return [Reason.of(rule, detail, **asked(game))]


# ---------------------------------------------------------------------- the phases
def _phase(game: Quazarys, a: Action) -> list[Reason]:
    ph = game.phase
    if isinstance(a, Move):
        if ph in (P_CHOOSE, P_MOVE2):
            return _move(game, game.current, False, False, a)
        return _started(game)
    if isinstance(a, (Play, Discard)):
        if ph == P_MOVE2:
            if isinstance(a, Discard) and game.ndiscard >= MAX_DISCARD:
                return [Reason.of("discard.limit", "three_discarded", n=MAX_DISCARD)]
            return [Reason.of("turn.phases", "phase_one_over")]
        if (ph == P_DISCARD and isinstance(a, Play)) or (ph == P_COMBO and isinstance(a, Discard)):
            return _started(game)
        return _card(game, a)
    if isinstance(a, Stop):
        if ph == P_CHOOSE:
            return [Reason.of("phase1.one-of-three", "phase_one_first")]
        return [Reason.of("turn.phases", "phase_one_over")]
    if isinstance(a, Skip):
        if ph == P_CHOOSE:
            return [Reason.of("phase1.one-of-three", "phase_one_first")]
        return [Reason.of("turn.phases", "stop_first")]
    # place, orient, pick, target, blackhole: the choices of a card, and none is being played
    return [Reason.of("turn.phases", f"no_{a.type}", **asked(game))]


def _started(game: Quazarys) -> list[Reason]:
    """Phase 1 is under way as a combination or as discarding: the other choices are gone."""
    if game.phase == P_COMBO:
        return [Reason.of("phase1.one-of-three", "in_combo", faction=game.faction)]
    return [Reason.of("phase1.one-of-three", "in_discard", n=game.ndiscard)]


def _where(game: Quazarys, card: int) -> tuple[str, dict[str, Param]]:
    """Where a card the seat does not hold lies, as far as the seat can see."""
    for (r, c), code in game.board.items():
        if code >> 2 == card:
            return "on_table", {"card": card, "r": r, "c": c}
    if card in game.discard:
        return "on_discard", {"card": card}
    return "not_held", {"card": card}  # another hand or the deck: hidden, never said


def _card(game: Quazarys, a: Play | Discard) -> list[Reason]:
    card = a.card
    play = isinstance(a, Play)
    if card not in game.hands[game.current]:
        detail, params = _where(game, card)
        return [Reason.of("play.hand" if play else "discard.hand", detail, **params)]
    firsts = game._distinct_hand()
    if card not in firsts:
        same = game.parts.same_kind
        first = next(c for c in firsts if same[c] == same[card])
        return [Reason.of("hand.identical", "identical", card=card, first=first)]
    if play:
        f = game.parts.faction[card]
        if game.phase == P_COMBO and f != game.faction:
            return [Reason.of("play.same-faction", "other_faction", card=card, combo=game.faction)]
        if KIND[card] == KIND_EXPLO and not game.slots():
            return [Reason.of("table.limit", "no_slot", card=card)]
    return []


# ---------------------------------------------------------------------- moves
def _move(game: Quazarys, mover: int, ignore: bool, by_action: bool, a: Move) -> list[Reason]:
    """Why the pawn of ``mover`` cannot end this one-station move on ``a``'s station."""
    g = game.graph
    src = game.pos[mover]
    if g.base_owner.get(src, -2) == mover:
        return [Reason.of("move.home", "home", pawn=mover)]
    code = game.board.get((a.r, a.c))
    if code is None:
        return [Reason.of("move.station", "no_card", r=a.r, c=a.c)]
    x = pkey(a.r, a.c, a.p)
    card = code >> 2
    if x not in g.stops:
        return [Reason.of("move.station", "no_station", card=card, point=a.p)]
    if x == src:
        return [Reason.of("move.one-station", "already_there", pawn=mover)]
    owner = g.base_owner.get(x)
    if owner is not None and owner != mover:
        if owner < 0:
            return [Reason.of("move.base", "nobodys_base", card=card)]
        return [Reason.of("move.base", "their_base", player=owner)]
    if owner == mover and by_action and not game.options["action_moves_home"]:
        return [Reason.of("move.action-home", "action_home")]
    for s, p in enumerate(game.pos):
        if s != mover and p == x:
            return [Reason.of("move.jump", "occupied", player=s)]
    if not ignore and x in game.destinations(mover, True, by_action):
        return [Reason.of("move.arrow", "against_arrow", card=card, point=a.p)]
    return [Reason.of("move.one-station", "not_next", card=card, point=a.p)]


# ---------------------------------------------------------------------- the tasks of a card
def _task(game: Quazarys, t: Task, a: Action) -> list[Reason]:
    if isinstance(t, MoveTask) and isinstance(a, Move):
        return _move(game, t.mover, bool(t.ignore), True, a)
    if isinstance(t, TargetTask) and isinstance(a, Target):
        return _target(game, a.seat)
    if isinstance(t, BlackHoleTask) and isinstance(a, BlackHole):
        return _black_hole(game, a)
    if isinstance(t, PickTask) and isinstance(a, Pick):
        return _pick(game, t, a)
    if isinstance(t, PlaceTask) and isinstance(a, Place):
        return _place(game, t, a)
    if isinstance(t, OrientTask) and isinstance(a, Orient):
        return _orient(game, t, a)
    return []


def _target(game: Quazarys, s: int) -> list[Reason]:
    if s == game.current:
        return [Reason.of("pirates.target", "yourself")]
    if game.on_base(s):
        return [Reason.of("action.bases", "pawn_on_base", player=s)]
    if not game.destinations(s, True, True):
        return [Reason.of("pirates.target", "stuck", player=s)]
    return []


def _black_hole(game: Quazarys, a: BlackHole) -> list[Reason]:
    k = 0 if a.axis == "row" else 1
    line = {rc: code for rc, code in game.board.items() if rc[k] == a.index}
    where: dict[str, Param] = {"axis": a.axis, "index": a.index}
    if not line:
        return [Reason.of("blackhole.line", "empty_line", **where)]
    for code in line.values():
        if KIND[code >> 2] == KIND_BASE:
            return [Reason.of("blackhole.line", "line_base", card=code >> 2, **where)]
    for s, p in enumerate(game.pos):
        if pcell(p) in line:
            return [Reason.of("blackhole.line", "line_pawn", player=s, **where)]
    return []


def _pick(game: Quazarys, t: PickTask, a: Pick) -> list[Reason]:
    rule = "tornado.target" if t.mode == 0 else "magnetic.target"
    rc = (a.r, a.c)
    code = game.board.get(rc)
    if code is None:
        return [Reason.of(rule, "no_card", r=a.r, c=a.c)]
    card = code >> 2
    if KIND[card] == KIND_BASE:
        return [Reason.of("action.bases", "base_card", card=card)]
    if KIND[card] not in t.kinds:  # a Sun, for a tornado
        return [Reason.of(rule, "not_exploration", card=card)]
    for s, p in enumerate(game.pos):
        if pcell(p) == rc:
            return [Reason.of(rule, "card_occupied", card=card, player=s)]
    return []


def _place(game: Quazarys, t: PlaceTask, a: Place) -> list[Reason]:
    rc = (a.r, a.c)
    code = game.board.get(rc)
    if code is not None:
        return [Reason.of("explore.adjacent", "slot_taken", card=code >> 2, r=a.r, c=a.c)]
    if t.tornado and rc == (t.fr, t.fc):
        return [Reason.of("tornado.move", "same_slot", card=t.card)]
    if not next_to_path_card(game.board, a.r, a.c):
        return [Reason.of("explore.adjacent", "not_adjacent", r=a.r, c=a.c)]
    if not within_limit(*bounds(game.board), a.r, a.c):
        return [Reason.of("table.limit", "too_big", r=a.r, c=a.c)]
    return []


def _orient(game: Quazarys, t: OrientTask, a: Orient) -> list[Reason]:
    card = game.board[(t.r, t.c)] >> 2
    f = t.forbidden
    if a.rot == f:
        return [Reason.of("rotate.change", "same_rotation", card=card, deg=f * 90)]
    if f >= 0 and game.options["rotation"] == "quarter":
        return [Reason.of("rotate.quarter", "half_turn", card=card)]
    return []


# ---------------------------------------------------------------------- what an action is about
def action_components(action: Action) -> Iterable[str]:
    """The component a player presses for ``action``: the card played or discarded from the
    hand. The other decisions name a place on the table (a station, a slot, a card's cell, a
    row) or a pawn, which no component is fixed to (the card under a point changes with the
    table), or are buttons (stop, skip, a rotation): none."""
    if isinstance(action, (Play, Discard)):
        return (component_id(action.card),)
    return ()
