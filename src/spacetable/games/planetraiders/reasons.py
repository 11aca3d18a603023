"""Why an action is not legal in Planet Raiders (``PlanetRaiders._why_not``), and the
components an action is about (``PlanetRaiders._action_components``).

Each reason names a rule of ``data/rules.csv`` and says, as language-free parameters, what in
the position breaks it: raider numbers (1 to 3), pads and zones by their names (``c1n``,
``e5``), noses (``n e s w``), rocket colours (``blue``, ``red``) and player colours
(``red``, ``yellow``...: the way the game names seats). :func:`.render.explain` draws them
in English and French from the ``why_*`` texts of ``text.toml``.

Planet Raiders has no hidden information, so every seat may read the whole state. The
checks follow the legality code of :mod:`.rules` (``_legal_actions``, ``hop_actions``,
``_place_actions``) one rule at a time; ``hop_reason`` and ``place_reasons`` are ``None`` /
``[]`` exactly when the hop or the placement is legal
(``test_planetraiders_why_not.py::test_hop_and_place_reasons_agree_with_the_legal_actions``).
This module is called on demand only, never by the legal actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacetable.engine import Action, InvalidAction
from spacetable.engine.why import Reason

from .actions import EndMoves, EndTurn, Exchange, Give, Hop, Place, Select, Stop
from .board import CELL_INDEX, CELL_NAMES, CELL_PADS, PAD_NAMES
from .constants import (
    ALIEN,
    BLUE,
    COLOURS,
    NOSES,
    PHASE_HOP,
    PHASE_MOVE,
    PHASE_PLACE,
    RAIDERS,
    RED,
    ROCKET_COLOURS,
    SIDES,
)

if TYPE_CHECKING:
    from .rules import PlanetRaiders


def action_components(action: Action) -> tuple[str, ...]:
    """The components ``action`` is about, from its own fields only (the engine builds its
    component -> actions table once per setting from this): a placement or a gift is about
    the rocket colour it takes from the hand (``rocket:blue``, ``rocket:red``), an exchange
    about the blue rockets of the hand (the board's blue hand). A select and a stop are about
    a raider of the seat to play and a hop about the rocket in a zone, whose colour is the
    state's: no component of the action alone names them; the buttons (``end_moves``,
    ``end_turn``) are about none."""
    t = type(action)
    if t is Place:
        assert isinstance(action, Place)
        return (f"rocket:{action.colour}",)
    if t is Give:
        assert isinstance(action, Give)
        return (f"rocket:{action.colour}",)
    if t is Exchange:
        return ("rocket:blue",)
    return ()


def _check_form(g: PlanetRaiders, a: Action) -> None:
    """Raise :class:`InvalidAction` for an action whose values name nothing of this game."""
    t = type(a)
    if t is Select:
        assert isinstance(a, Select)
        if not 1 <= a.raider <= RAIDERS:
            raise InvalidAction(f"select: no raider {a.raider} (1 to {RAIDERS})")
    elif t is Hop:
        assert isinstance(a, Hop)
        if a.zone not in CELL_INDEX:
            raise InvalidAction(f"hop: no square {a.zone!r}")
        if a.nose not in SIDES or len(a.nose) != 1:
            raise InvalidAction(f"hop: no nose {a.nose!r} (one of {' '.join(SIDES)})")
    elif t is Place:
        assert isinstance(a, Place)
        if a.zone not in CELL_INDEX:
            raise InvalidAction(f"place: no square {a.zone!r}")
        if a.nose not in SIDES or len(a.nose) != 1:
            raise InvalidAction(f"place: no nose {a.nose!r} (one of {' '.join(SIDES)})")
        if a.colour not in ROCKET_COLOURS:
            raise InvalidAction(f"place: no rocket colour {a.colour!r}")
    elif t is Give:
        assert isinstance(a, Give)
        if a.colour not in ROCKET_COLOURS:
            raise InvalidAction(f"give: no rocket colour {a.colour!r}")
        if not 0 <= a.to < g.players:
            raise InvalidAction(f"give: no seat {a.to} in a {g.players}-player game")


def why_not(g: PlanetRaiders, seat: int, a: Action) -> list[Reason]:
    """The reasons ``a`` (well formed or not: a malformed one raises) is not legal for
    ``seat`` in ``g`` now; called for an action that is not legal."""
    _check_form(g, a)
    if g.over:
        return [Reason.of("game.over", "game_over", end=g.reason)]
    if seat in g.finished:
        return [Reason.of("turn.home", "home", place=g.finished.index(seat) + 1)]
    if g.out[seat]:
        return [Reason.of("turn.eliminated", "eliminated")]
    if seat != g.cur:
        return [Reason.of("turn.not-yours", "not_your_turn", who=_colour(g, g.cur))]
    t = type(a)
    if g.phase == PHASE_HOP:
        k = g.sel % RAIDERS + 1
        if t is Hop:
            assert isinstance(a, Hop)
            r = hop_reason(g, g.sel, CELL_INDEX[a.zone] * NOSES + SIDES.index(a.nose))
            return [r] if r is not None else []
        if t is Stop:
            return [Reason.of("move.must-hop", "no_hop_yet", k=k)]
        detail = "moving" if g.hops else "moving_first_hop"
        return [Reason.of("move.finish-first", detail, k=k)]
    if g.phase == PHASE_MOVE:
        if t is Select:
            assert isinstance(a, Select)
            return select_reasons(g, seat, a.raider - 1)
        if t is Hop or t is Stop:
            return [Reason.of("move.select-first", "none_selected")]
        if t is EndMoves:  # pragma: no cover - always legal at step 1
            return []
        return [Reason.of("turn.steps", "steps_moving")]
    assert g.phase == PHASE_PLACE
    if t is Select and not g.moved:
        # no raider moved this turn: step 1 may have ended by itself, no raider being able
        # to move (interpretation 10); then why this one could not is the reason
        assert isinstance(a, Select)
        rs = select_reasons(g, seat, a.raider - 1)
        if rs:
            return rs
    if t is Select or t is Hop or t is Stop or t is EndMoves:
        return [Reason.of("turn.steps", "steps_placing")]
    if t is Place:
        assert isinstance(a, Place)
        return place_reasons(g, seat, a)
    if t is Exchange:
        return [Reason.of("exchange.two-blue", "exchange_blue", have=g.blue[seat])]
    if t is Give:
        assert isinstance(a, Give)
        return give_reasons(g, seat, a)
    assert t is EndTurn  # pragma: no cover - always legal at step 3
    return []  # pragma: no cover


def _colour(g: PlanetRaiders, seat: int) -> str:
    return COLOURS[g.colour[seat]]


def select_reasons(g: PlanetRaiders, seat: int, k: int) -> list[Reason]:
    """Why raider ``k`` (0-based) of ``seat`` may not start a move now (step 1)."""
    rid = seat * RAIDERS + k
    if g.moved >> k & 1:
        return [Reason.of("move.once", "moved", k=k + 1)]
    p = g.rpad[rid]
    if p < 0:
        by = g.captured_by[rid]
        if by < 0:  # only in a position written by hand (notation): off the board
            return [Reason.of("move.captured", "off_board", k=k + 1)]
        return [Reason.of("move.captured", "captured", k=k + 1, who=_colour(g, by))]
    # every rocket in the zones beside its pad, and why each cannot carry it
    out: list[Reason] = []
    seen = False
    for z in g.parts.pad_zones[p]:
        for nose in range(NOSES):
            slot = z * NOSES + nose
            if g.rockets[slot] < 0:
                continue
            seen = True
            r = hop_reason(g, rid, slot)
            if r is None:
                return []  # a rocket it may ride: it may move
            if r not in out:
                out.append(r)
    if not seen:
        return [Reason.of("move.rocket", "sees_no_rocket", k=k + 1, pad=PAD_NAMES[p])]
    return out


def hop_reason(g: PlanetRaiders, rid: int, slot: int) -> Reason | None:
    """Why raider ``rid`` may not ride the rocket of ``slot`` (``zone * 4 + nose``) from
    where it stands (``None``: it may). The same checks as ``PlanetRaiders.hop_actions``, one
    rule at a time."""
    z, nose = divmod(slot, NOSES)
    zone, side = CELL_NAMES[z], SIDES[nose]
    k = rid % RAIDERS + 1
    seat = rid // RAIDERS
    p = g.rpad[rid]
    rc = g.rockets[slot]
    if rc < 0:
        return Reason.of("move.rocket", "no_rocket_there", zone=zone, nose=side)
    if z not in g.parts.pad_zones[p]:
        return Reason.of("move.line", "off_line", zone=zone, k=k, pad=PAD_NAMES[p])
    q = CELL_PADS[z][nose]
    if q == p:
        return Reason.of("move.nose-at-raider", "nose_at_raider", zone=zone, nose=side, k=k)
    if rc == BLUE and g.parts.is_meteor[z]:
        return Reason.of("move.blue-meteorites", "blue_in_meteorites", zone=zone, nose=side)
    o = g.occ[q]
    if o >= ALIEN:
        planet = o - ALIEN
        if g.aliens[seat] >> planet & 1:
            return Reason.of(
                "move.one-alien",
                "alien_taken",
                zone=zone,
                nose=side,
                pad=PAD_NAMES[q],
                planet=COLOURS[planet],
            )
    elif o >= 0 and g.team[o // RAIDERS] == g.team[seat]:
        if o // RAIDERS == seat:
            return Reason.of(
                "move.own-raider",
                "own_raider_there",
                zone=zone,
                nose=side,
                pad=PAD_NAMES[q],
                k=o % RAIDERS + 1,
            )
        return Reason.of(
            "move.own-raider",
            "partner_raider_there",
            zone=zone,
            nose=side,
            pad=PAD_NAMES[q],
            who=_colour(g, o // RAIDERS),
        )
    return None


def place_reasons(g: PlanetRaiders, seat: int, a: Place) -> list[Reason]:
    """Why ``seat`` may not place the rocket ``a`` now (step 3): every rule it breaks (no
    such rocket in hand, not a rocket zone, blue in meteorites, the side or the zone taken).
    The same checks as ``PlanetRaiders._place_actions``."""
    out: list[Reason] = []
    rc = ROCKET_COLOURS.index(a.colour)
    if (g.red if rc == RED else g.blue)[seat] == 0:
        out.append(Reason.of("hand.rocket", "no_rocket_in_hand", rocket=a.colour))
    z = CELL_INDEX[a.zone]
    parts = g.parts
    if not parts.is_zone[z]:
        colour = COLOURS[parts.cell_colour[z]]
        if parts.kind[z] == "planet":
            out.append(Reason.of("place.zone", "planet_square", zone=a.zone, planet=colour))
        else:
            out.append(Reason.of("place.zone", "ship_square", zone=a.zone, who=colour))
        return out
    if rc == BLUE and z not in parts.neutral:
        out.append(Reason.of("place.blue-neutral", "blue_meteorite_zone", zone=a.zone))
    nose = SIDES.index(a.nose)
    taken = g.rockets[z * NOSES + nose]
    if taken >= 0:
        out.append(
            Reason.of(
                "place.one-per-side",
                "side_taken",
                zone=a.zone,
                nose=a.nose,
                rocket=ROCKET_COLOURS[taken],
            )
        )
    elif g.one_rocket_per_zone and g.zmask[z]:
        out.append(Reason.of("place.one-per-zone", "zone_taken", zone=a.zone))
    return out


def give_reasons(g: PlanetRaiders, seat: int, a: Give) -> list[Reason]:
    """Why ``seat`` may not give the rocket ``a`` now (step 3): gifts need more than two
    players, go to another player still in play, and take a rocket of the hand."""
    if g.players <= 2:
        return [Reason.of("give.players", "give_two_players")]
    out: list[Reason] = []
    if a.to == seat:
        out.append(Reason.of("give.players", "give_self"))
    elif a.to in g.finished:
        out.append(Reason.of("give.in-play", "give_home", who=_colour(g, a.to)))
    elif g.out[a.to]:
        out.append(Reason.of("give.in-play", "give_eliminated", who=_colour(g, a.to)))
    if (g.red if a.colour == ROCKET_COLOURS[RED] else g.blue)[seat] == 0:
        out.append(Reason.of("hand.rocket", "no_rocket_in_hand", rocket=a.colour))
    return out
