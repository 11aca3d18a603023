"""Wild Space: why an action is not legal (``WildSpace._why_not``), and what it is about.

Each reason names a rule of ``data/rules.csv`` and says, in parameters, what in the position
breaks it (``render.explain`` draws it in French or English, naming the components). It is
computed only on demand, never in the legal-action hot path, and reads only what the asking
seat sees: the face-up planets (never the tile under a face-down one), its own hand, the
crews, the Reserve, the sizes of the deck and the discard, what is pending, and in solo the
Contrebandier's revealed and set-aside Hostile Planets (never its deck). The checks are the
legality code's own (``shuttles_left``, ``_cond_ok``, ``_payable``, ``_frame_choices``,
``_can_pop``, ``_main_actions``), asked one at a time.

The reasons, in order (one reason unless several independent rules break a landing):

* the game is over; in solo, whose turn it is (the player's or the Contrebandier's, decided
  by seat 0), and a ``smuggle`` outside solo or with the automatic Contrebandier; another
  seat's turn;
* a shuttle move (``land``, ``explore``): a shuttle already used this turn; the planet is not
  face up or not in this game; then every rule a landing breaks (no shuttle left, the crew
  below the planet's number, your own shuttle on the sector, its condition, an action the
  sector does not have, a cost you cannot pay), or the exploring shuttle's state;
* a step of what is pending (draw, play, pay, remove, take, use, skip): nothing is pending
  (no shuttle used yet, the turn's actions done, or no shuttle move possible); another
  decision pending; then the card or the slot that does not fit it;
* ``end_turn``: something pending, or a shuttle still to use; ``renew``: a card not in hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacetable.engine import Action
from spacetable.engine.why import Param, Reason

from . import actions as A
from .components import PREDS
from .constants import (
    C_DISCARD,
    C_REMOVE,
    F_COST,
    F_DRAW,
    F_PLAY,
    F_TAKE,
    F_USE_DRAW,
    FRAME_NAMES,
    N_HOSTILE,
    SHUTTLES,
    SRC_EXPLORE,
    SRC_PLANET,
    SRC_TRACK,
    Frame,
)

if TYPE_CHECKING:
    from .rules import WildSpace

#: The action types that answer a pending frame, and the frame kind each answers.
_FRAME_OF: dict[type[Action], int] = {
    A.DrawDeck: F_DRAW,
    A.DrawReserve: F_DRAW,
    A.Play: F_PLAY,
    A.Pay: F_COST,
    A.Remove: F_COST,
    A.TakeDeck: F_TAKE,
    A.TakeReserve: F_TAKE,
    A.Use: F_USE_DRAW,
}


def action_components(action: Action) -> tuple[str, ...]:
    """The component a seat presses for ``action`` on the board (``boards/wildspace.js``,
    ``keyOf``): the planet of a sector or of a shuttle, the card of a hand or a crew, the
    Hostile Planet. The deck, a Reserve slot (its card changes) and the buttons: none."""
    if isinstance(action, A.Land | A.Explore):
        return (f"planet:{action.planet}",)
    if isinstance(action, A.Play | A.Pay | A.Renew | A.Remove):
        return (f"card:{action.card}",)
    if isinstance(action, A.Smuggle):
        return (f"hostile:{action.hostile}",)
    return ()


def pending_params(fr: Frame, g: WildSpace) -> dict[str, Param]:
    """A pending frame as a reason's parameters: its kind, its argument (a number of cards,
    a predicate, an effect in the data vocabulary), whether it is optional, and its source."""
    kind, a, _, src, optional = fr
    out: dict[str, Param] = {"pending": FRAME_NAMES[kind], "optional": optional}
    if kind in (F_DRAW, F_USE_DRAW):
        out["arg"] = a
    elif kind == F_PLAY:
        out["arg"] = PREDS[a]
    elif kind == F_COST:
        out["arg"] = g.parts.effect_text[a]
    if src >= 0:
        out["from_card"] = src
    elif src == SRC_PLANET:
        out["from_planet"] = 1
    elif src == SRC_EXPLORE:
        out["from_explore"] = 1
    else:
        out["from_track"] = SRC_TRACK - src
    return out


def why_not(g: WildSpace, seat: int, action: Action) -> list[Reason]:
    """Why ``seat`` may not play ``action`` now (``action`` is known to be illegal)."""
    if g.over:
        return [Reason.of("game.over", "game_over")]
    if isinstance(action, A.Smuggle):
        return _smuggle(g, action)
    if g.smuggler_turn:
        return [Reason.of("solo.alternate", "smuggler_turn")]
    if seat != g.current:
        return [Reason.of("turn.not-yours", "not_your_turn", seat=g.current)]
    p = seat
    if isinstance(action, A.Renew):
        return [Reason.of("renew.not-in-hand", "not_in_hand", card=action.card)]
    if isinstance(action, A.Land | A.Explore):
        return _shuttle_move(g, p, action)
    if g.stack:
        fr = g.stack[-1]
        if isinstance(action, A.EndTurn):
            return [Reason.of("effect.pending", "pending_end", **pending_params(fr, g))]
        if isinstance(action, A.Skip):
            return [_compulsory(g, fr)]
        return _frame_step(g, p, fr, action)
    if isinstance(action, A.EndTurn):
        return [Reason.of("turn.shuttle-first", "end_early")]
    return [_nothing_pending(g, p)]


# ---------------------------------------------------------------------- the Contrebandier
def _smuggle(g: WildSpace, a: A.Smuggle) -> list[Reason]:
    if not g.solo:
        return [Reason.of("solo.only", "solo_only", players=g.players)]
    if g.auto:
        return [Reason.of("solo.auto", "smuggler_auto")]
    if not g.smuggler_turn:
        return [Reason.of("solo.alternate", "player_turn")]
    h = a.hostile
    if h in g.h_aside:
        return [Reason.of("smuggle.set-aside", "hostile_aside", hostile=h)]
    if h not in g.h_row:
        # in the Hostile deck or not in this game: the seat cannot tell, nor does the reason
        return [Reason.of("smuggle.not-revealed", "hostile_hidden", hostile=h)]
    if a.mode == "explore":
        return [Reason.of("smuggle.explore-empty", "hostile_explore_empty", hostile=h)]
    if g.h_state[h]:
        return [Reason.of("smuggle.land-taken", "hostile_land_taken", hostile=h)]
    landed = sum(1 for x in range(N_HOSTILE) if g.h_state[x])
    return [Reason.of("smuggle.no-shuttle", "hostile_no_shuttle", n=landed)]


# ---------------------------------------------------------------------- shuttle moves
def _position(g: WildSpace, tile: int) -> int | Reason:
    """The table position of face-up ``tile``, or why it is not on the table face up: the
    position of its number is face down (whatever tile lies there: the seat cannot see it),
    or it holds another tile."""
    parts = g.parts
    need = parts.threshold[tile]
    for pos in range(len(g.planets)):
        if g.faceup[pos] and g.planets[pos] == tile:
            return pos
    for pos in range(len(g.planets)):
        if parts.threshold[g.planets[pos]] != need:
            continue
        if not g.faceup[pos]:
            return Reason.of("planet.face-down", "face_down", planet=tile, need=need)
        return Reason.of(
            "planet.not-in-game", "not_in_game", planet=tile, need=need, other=g.planets[pos]
        )
    return Reason.of("planet.not-in-game", "not_in_game_none", planet=tile)  # pragma: no cover


def _shuttle_move(g: WildSpace, p: int, a: A.Land | A.Explore) -> list[Reason]:
    if g.main_done:
        return [Reason.of("turn.one-shuttle", "one_shuttle")]
    pos = _position(g, a.planet)
    if isinstance(pos, Reason):
        if isinstance(a, A.Explore):
            return [Reason.of("explore.no-shuttle", "explore_none", planet=a.planet, side=a.sector)]
        return [pos]
    spot = g.spots[p * 10 + pos * 2 + a.sector]
    where: dict[str, Param] = {"planet": a.planet, "side": a.sector}
    if isinstance(a, A.Explore):
        if spot == 0:
            return [Reason.of("explore.no-shuttle", "explore_none", **where)]
        if spot == 2:
            return [Reason.of("explore.spent", "explore_spent", **where)]
        return [Reason.of("explore.empty-hand", "explore_empty_hand")]
    return _landing(g, p, a, spot)


def _landing(g: WildSpace, p: int, a: A.Land, spot: int) -> list[Reason]:
    parts = g.parts
    tile, side = a.planet, a.sector
    where: dict[str, Param] = {"planet": tile, "side": side}
    out: list[Reason] = []
    if g.shuttles_left(p) <= 0:
        out.append(Reason.of("land.no-shuttle", "no_shuttle", n=SHUTTLES))
    need, have = parts.threshold[tile], g.crew(p)
    if have < need:
        out.append(Reason.of("land.threshold", "threshold", planet=tile, need=need, have=have))
    if spot:
        detail = "own_sector_landed" if spot == 1 else "own_sector_spent"
        out.append(Reason.of("land.own-sector", detail, **where))
    if not g._cond_ok(p, parts.sector_cond[tile][side]):
        row = parts.planets[tile]
        cond = row.left_conditions if side == 0 else row.right_conditions
        out.append(Reason.of("land.condition", "condition", cond=cond, **where))
    opts = parts.sector_opts[tile][side]
    if a.option >= len(opts):
        out.append(Reason.of("land.no-action", "no_action", n=len(opts), k=a.option + 1, **where))
    elif not g._payable(p, g.hands[p], opts[a.option]):
        ck, carg, _, _ = parts.effects[opts[a.option][0]]
        if ck == C_DISCARD:
            out.append(Reason.of("land.cost", "cost_discard", pred=PREDS[carg]))
        elif ck == C_REMOVE:  # pragma: no branch - a cost is a discard or a removal
            out.append(Reason.of("land.cost", "cost_remove"))
    if not out:  # pragma: no cover - the legal landings are exactly those that break nothing
        out.append(Reason.of("land.no-action", "no_action", n=len(opts), k=a.option + 1, **where))
    return out


# ---------------------------------------------------------------------- pending decisions
def _nothing_pending(g: WildSpace, p: int) -> Reason:
    """Why a step of a pending decision (or ``skip``) is not legal when nothing is pending."""
    if g.main_done:
        return Reason.of("turn.done", "turn_done")
    if g._main_actions(p):
        return Reason.of("turn.shuttle-first", "shuttle_first")
    return Reason.of("turn.forfeit", "forfeit")


def _compulsory(g: WildSpace, fr: Frame) -> Reason:
    """Why the pending ``fr`` cannot be skipped: the planet's action, or a draw chosen."""
    detail = "compulsory_planet" if fr[3] in (SRC_PLANET, SRC_EXPLORE) else "compulsory_draw"
    return Reason.of("effect.compulsory", detail, **pending_params(fr, g))


def _frame_step(g: WildSpace, p: int, fr: Frame, a: Action) -> list[Reason]:
    parts = g.parts
    kind = fr[0]
    want = _FRAME_OF.get(type(a))
    if want != kind or (
        kind == F_COST and isinstance(a, A.Pay) != (parts.effects[fr[1]][0] == C_DISCARD)
    ):
        return [Reason.of("effect.pending", "pending", **pending_params(fr, g))]
    if isinstance(a, A.DrawDeck | A.TakeDeck | A.Use):
        return [Reason.of("draw.deck-empty", "deck_empty")]
    if isinstance(a, A.DrawReserve | A.TakeReserve):
        return [Reason.of("draw.reserve-empty", "reserve_empty", slot=a.slot + 1)]
    hand = g.hands[p]
    if isinstance(a, A.Play):
        if a.card not in hand:
            return [Reason.of("play.not-in-hand", "not_in_hand", card=a.card)]
        return [Reason.of("play.match", "play_match", card=a.card, pred=PREDS[fr[1]])]
    if isinstance(a, A.Pay):
        if a.card not in hand:
            return [Reason.of("pay.not-in-hand", "not_in_hand", card=a.card)]
        pred = PREDS[parts.effects[fr[1]][1]]
        return [Reason.of("pay.match", "pay_match", card=a.card, pred=pred)]
    assert isinstance(a, A.Remove)
    return [Reason.of("remove.not-in-crew", "not_in_crew", card=a.card)]
