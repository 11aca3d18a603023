"""Why an action is not legal in Planet Raiders: each rule of ``data/rules.csv`` in a position
that breaks it (the rulebook's worked examples where they fit), the sentences in English and
French, malformed actions, and the reasons agreeing with the legal actions along playouts."""

from __future__ import annotations

import random

import pytest

from spacetable.engine import Action, InvalidAction, new_game
from spacetable.engine.guide import Guide
from spacetable.engine.presentation import presentation
from spacetable.engine.why import Reason
from spacetable.games.planetraiders.actions import (
    END_MOVES,
    END_TURN,
    EXCHANGE,
    GIVE,
    HOP,
    PLACE,
    SELECT,
    STOP,
    EndMoves,
    EndTurn,
    Give,
    Hop,
    Place,
    Select,
)
from spacetable.games.planetraiders.constants import (
    BLUE,
    N_CELLS,
    NOSES,
    PHASE_HOP,
    PHASE_MOVE,
    PHASE_PLACE,
    RAIDERS,
    RED,
)
from spacetable.games.planetraiders.notation import position
from spacetable.games.planetraiders.reasons import hop_reason, place_reasons, select_reasons
from spacetable.games.planetraiders.rules import PlanetRaiders

from .policy import purposeful


def why(g: PlanetRaiders, seat: int, action: Action) -> list[tuple[str, str, dict[str, str | int]]]:
    return [(r.rule, r.detail, r.values) for r in g.why_not(seat, action)]


def said(g: PlanetRaiders, reason: Reason, lang: str) -> str:
    return presentation(g).reason(reason, lang)["detail"]


# ----------------------------------------------------------------------------- turn and steps
def test_a_legal_action_has_no_reason() -> None:
    g = position(2, "R1@c1n c2:b> d2:b^ d3:b> e3:r^ V1@h8n")
    assert g.why_not(0, SELECT[0]) == []
    assert g.why_not(0, END_MOVES) == []


def test_another_players_turn_names_the_player_to_play() -> None:
    # §5.2: violet raider 3 captures yellow's raider on H through G (3 players, violet plays)
    g = position(3, "V3@g8n g8:bv g7:b< f7:b< Y1@f7e R1@a1n turn:violet")
    assert why(g, 0, SELECT[0]) == [("turn.not-yours", "not_your_turn", {"who": "violet"})]
    (r,) = g.why_not(0, END_MOVES)
    assert said(g, r, "en") == "It is the violet player's turn."
    assert said(g, r, "fr") == "C'est au joueur violet de jouer."


def test_placing_before_the_moves_end_breaks_the_order_of_the_steps() -> None:
    g = position(2, "R1@c1n c2:b> d2:b^ V1@h8n hand:red=1b")
    assert g.phase == PHASE_MOVE
    first: tuple[Action, ...] = (Place("a1", "blue", "n"), EXCHANGE, END_TURN)
    for a in first:
        assert why(g, 0, a) == [("turn.steps", "steps_moving", {})]
    g.apply(0, END_MOVES)
    third: tuple[Action, ...] = (SELECT[0], STOP, END_MOVES, Hop("c2", "e"))
    for a in third:
        assert why(g, 0, a) == [("turn.steps", "steps_placing", {})]


def test_the_moving_raider_finishes_its_move_first() -> None:
    # §5.2: red raider 1 goes through A, B and C to D (A=c2e, B=d2n, C=d3e, D=e3n)
    g = position(2, "R1@c1n c2:b> d2:b^ d3:b> e3:r^ R2@g1n g2:b^ V1@h8n")
    g.apply(0, SELECT[0])
    # a chosen raider rides at least one rocket (interpretation 3)
    assert why(g, 0, STOP) == [("move.must-hop", "no_hop_yet", {"k": 1})]
    assert why(g, 0, SELECT[1]) == [("move.finish-first", "moving_first_hop", {"k": 1})]
    g.apply(0, Hop("c2", "e"))
    for a in (END_MOVES, SELECT[1], Place("a1", "red", "n"), END_TURN):
        assert why(g, 0, a) == [("move.finish-first", "moving", {"k": 1})]
    (r,) = g.why_not(0, END_MOVES)
    assert said(g, r, "en") == (
        "Your planet raider #1 is moving: ride another rocket or stop it first."
    )
    assert said(g, r, "fr") == (
        "Votre planet raider n°1 se déplace : prenez une autre fusée ou arrêtez-le d'abord."
    )


def test_a_hop_or_a_stop_needs_a_raider_chosen_first() -> None:
    g = position(2, "R1@c1n c2:b> V1@h8n")
    assert why(g, 0, Hop("c2", "e")) == [("move.select-first", "none_selected", {})]
    assert why(g, 0, STOP) == [("move.select-first", "none_selected", {})]


# ----------------------------------------------------------------------------- raiders
def test_a_raider_moves_once_a_turn() -> None:
    g = position(2, "R1@c1n c2:b^ c3:b^ R2@g1n g2:b^ V1@h8n hand:red=1b")
    g.apply(0, SELECT[0])
    g.apply(0, Hop("c2", "n"))
    g.apply(0, STOP)
    assert why(g, 0, SELECT[0]) == [("move.once", "moved", {"k": 1})]
    (r,) = g.why_not(0, SELECT[0])
    assert said(g, r, "fr") == (
        "Votre planet raider n°1 s'est déjà déplacé ce tour-ci : il bougera au tour suivant."
    )


def test_a_captured_raider_names_its_captor() -> None:
    g = position(3, "R1@c1n c2:b^ Y1@c2n Y2@a9n Y3@a3n a3:b> V1@h8n")
    g.apply(0, SELECT[0])
    g.apply(0, Hop("c2", "n"))  # captures yellow raider 1
    g.apply(0, END_TURN)
    assert g.cur == 1
    assert why(g, 1, SELECT[0]) == [("move.captured", "captured", {"k": 1, "who": "red"})]
    (r,) = g.why_not(1, SELECT[0])
    assert said(g, r, "en") == "Your planet raider #1 was captured by the red player."


def test_the_blocked_raider_of_the_rulebook_says_why_each_rocket_fails() -> None:
    # §5.2 figure "planet raider bloqué": c1's nose points at R1, c2's at R2's pad, c3 is off
    # R1's lines; violet's blue rocket in the meteorite zone d1 does not serve
    g = position(2, "R1@c1n c1:b^ c2:r> R2@c2e c3:b^ V1@d1e d1:b^ hand:red=1b")
    # no raider can move: the turn starts at step 3 (interpretation 10), and a raider
    # pressed says why it cannot move
    assert g.phase == PHASE_PLACE
    assert why(g, 0, SELECT[0]) == [
        (
            "move.own-raider",
            "own_raider_there",
            {"zone": "c2", "nose": "e", "pad": "d2w", "k": 2},
        ),
        ("move.nose-at-raider", "nose_at_raider", {"zone": "c1", "nose": "n", "k": 1}),
    ]
    assert why(g, 0, SELECT[1]) == [
        ("move.nose-at-raider", "nose_at_raider", {"zone": "c2", "nose": "e", "k": 2}),
    ]
    assert why(g, 0, SELECT[2]) == [("move.captured", "off_board", {"k": 3})]
    v = position(2, "R1@c1n c1:b^ c2:r> R2@c2e c3:b^ V1@d1e d1:b^ turn:violet")
    assert why(v, 1, SELECT[0]) == [
        ("move.blue-meteorites", "blue_in_meteorites", {"zone": "d1", "nose": "n"})
    ]
    (r,) = v.why_not(1, SELECT[0])
    assert said(v, r, "en") == "The rocket in d1, nose north, is blue, and d1 is a meteorite zone."
    assert said(v, r, "fr") == (
        "La fusée de d1, nez au nord, est bleue, et d1 est une zone de météorites."
    )


def test_a_raider_with_no_rocket_beside_it_sees_none() -> None:
    g = position(2, "R1@c1n c2:b^ R2@g1n V1@h8n")
    assert why(g, 0, SELECT[1]) == [("move.rocket", "sees_no_rocket", {"k": 2, "pad": "g1n"})]


def test_the_green_raider_sees_three_rockets_and_no_other() -> None:
    # §5.1: "le planet raider vert voit 3 fusées"; c3's east rocket points at it, c4 and c2
    # do not cross its line
    g = position(4, "G1@c3e c3:b^ c3:b< c3:r> d3:b> c4:b^ c2:bv R1@a1n Y1@a9n V1@i9n turn:green")
    g.apply(3, SELECT[0])
    assert why(g, 3, Hop("c3", "e")) == [
        ("move.nose-at-raider", "nose_at_raider", {"zone": "c3", "nose": "e", "k": 1})
    ]
    assert why(g, 3, Hop("c4", "n")) == [
        ("move.line", "off_line", {"zone": "c4", "k": 1, "pad": "d3w"})
    ]
    assert why(g, 3, Hop("c2", "s")) == [
        ("move.line", "off_line", {"zone": "c2", "k": 1, "pad": "d3w"})
    ]
    assert why(g, 3, Hop("d3", "n")) == [
        ("move.rocket", "no_rocket_there", {"zone": "d3", "nose": "n"})
    ]
    (r,) = g.why_not(3, Hop("d3", "n"))
    assert said(g, r, "en") == "There is no rocket in d3 with its nose north."
    assert said(g, r, "fr") == "Il n'y a pas de fusée en d3 le nez au nord."


def test_the_rocket_not_taken_stays_out_of_reach_after_the_other() -> None:
    # §5.2: red raider 2 may take E (g2w) or E1 (g3n), one of the two; after E, E1's rocket
    # is off its new line
    g = position(2, "R2@g2n g2:b< g3:b^ f2:b< aliens=standard V1@h8n")
    g.apply(0, SELECT[1])
    g.apply(0, Hop("g2", "w"))
    assert why(g, 0, Hop("g3", "n")) == [
        ("move.line", "off_line", {"zone": "g3", "k": 2, "pad": "g2w"})
    ]


def test_one_alien_per_planet() -> None:
    g = position(2, "R1@e1w e1:b^ V1@h8n aliens=standard crew:red=violet")
    assert why(g, 0, SELECT[0]) == [
        (
            "move.one-alien",
            "alien_taken",
            {"zone": "e1", "nose": "n", "pad": "e1n", "planet": "violet"},
        )
    ]
    (r,) = g.why_not(0, SELECT[0])
    assert said(g, r, "fr") == (
        "La fusée de e1, nez au nord, mène à un alien de la planète violette en e1n, "
        "et vous en avez déjà un de cette planète."
    )


def test_a_partner_blocks_in_the_team_variant() -> None:
    g = position(4, "R1@c1n c2:b^ V1@c2n G1@h8n Y1@a1n", {"teams": True})
    assert why(g, 0, SELECT[0]) == [
        (
            "move.own-raider",
            "partner_raider_there",
            {"zone": "c2", "nose": "n", "pad": "c2n", "who": "violet"},
        )
    ]


# ----------------------------------------------------------------------------- step 3
def test_placements_name_every_rule_they_break() -> None:
    g = position(2, "R1@a1n V1@h8n c2:r^ hand:red=1b")
    assert g.phase == PHASE_PLACE
    # e5 is the meteorite centre: blue goes to neutral zones only
    assert why(g, 0, Place("e5", "blue", "n")) == [
        ("place.blue-neutral", "blue_meteorite_zone", {"zone": "e5"})
    ]
    # no red rocket in hand, and the north side of c2 is taken: two rules broken
    assert why(g, 0, Place("c2", "red", "n")) == [
        ("hand.rocket", "no_rocket_in_hand", {"rocket": "red"}),
        ("place.one-per-side", "side_taken", {"zone": "c2", "nose": "n", "rocket": "red"}),
    ]
    assert why(g, 0, Place("e8", "blue", "s")) == [
        ("place.zone", "planet_square", {"zone": "e8", "planet": "red"})
    ]
    assert why(g, 0, Place("d4", "blue", "s")) == [
        ("place.zone", "ship_square", {"zone": "d4", "who": "red"})
    ]
    assert g.why_not(0, Place("c2", "blue", "e")) == []
    rs = g.why_not(0, Place("c2", "red", "n"))
    assert [said(g, r, "en") for r in rs] == [
        "You have no red rocket in hand.",
        "c2 already holds a red rocket with its nose north: a zone holds one rocket per side.",
    ]
    assert [said(g, r, "fr") for r in rs] == [
        "Vous n'avez pas de fusée rouge en main.",
        "c2 porte déjà une fusée rouge le nez au nord : une zone porte une fusée par côté.",
    ]
    one = position(2, "R1@a1n V1@h8n c2:r^ hand:red=1b", {"zone_rockets": "one"})
    assert why(one, 0, Place("c2", "blue", "e")) == [
        ("place.one-per-zone", "zone_taken", {"zone": "c2"})
    ]


def test_an_exchange_takes_two_blue_rockets() -> None:
    g = position(2, "R1@a1n V1@h8n hand:red=1b1r")
    assert why(g, 0, EXCHANGE) == [("exchange.two-blue", "exchange_blue", {"have": 1})]
    (r,) = g.why_not(0, EXCHANGE)
    assert said(g, r, "en") == "An exchange takes two blue rockets; you have 1."
    assert said(g, r, "fr") == "Un échange demande deux fusées bleues ; vous en avez 1."


def test_gifts_need_more_than_two_players_and_another_player_in_play() -> None:
    g2 = position(2, "R1@a1n V1@h8n hand:red=1b")
    assert why(g2, 0, Give("blue", 1)) == [("give.players", "give_two_players", {})]
    g = position(4, "R1@a1n Y1@a9n V1@h8n G1@i5e hand:red=1b")
    assert why(g, 0, GIVE[BLUE][0]) == [("give.players", "give_self", {})]
    assert why(g, 0, GIVE[RED][1]) == [("hand.rocket", "no_rocket_in_hand", {"rocket": "red"})]
    g.finished = [2]
    g.out[3] = True
    assert why(g, 0, GIVE[BLUE][2]) == [("give.in-play", "give_home", {"who": "violet"})]
    assert why(g, 0, GIVE[BLUE][3]) == [("give.in-play", "give_eliminated", {"who": "green"})]
    # and the players out of play are told they play no more
    assert why(g, 2, END_TURN) == [("turn.home", "home", {"place": 1})]
    assert why(g, 3, END_TURN) == [("turn.eliminated", "eliminated", {})]
    (r,) = g.why_not(2, END_TURN)
    assert said(g, r, "en") == "You are home (1st place): you play no more."
    assert said(g, r, "fr") == "Vous êtes rentré (1re place) : vous ne jouez plus."


def test_after_the_end_every_action_says_the_game_is_over() -> None:
    g = position(2, "R1@c1n c2:b^ V1@c2n")
    g.apply(0, SELECT[0])
    g.apply(0, Hop("c2", "n"))  # captures violet's last raider
    assert g.is_over
    for seat in (0, 1):
        assert why(g, seat, END_MOVES) == [("game.over", "game_over", {"end": "last in play"})]
    (r,) = g.why_not(1, END_TURN)
    assert said(g, r, "en") == "The game is over: only one player is still in play."
    assert said(g, r, "fr") == "La partie est finie : un seul joueur est encore en jeu."


# ----------------------------------------------------------------------------- form, parts
@pytest.mark.parametrize(
    "action",
    [
        Select(0),
        Select(4),
        Hop("j1", "n"),
        Hop("e5", "x"),
        Hop("e5", "ne"),
        Place("e5", "green", "n"),
        Place("z0", "red", "n"),
        Give("red", 2),
        Give("gold", 1),
    ],
)
def test_a_malformed_action_is_refused(action: object) -> None:
    g = position(2, "R1@a1n V1@h8n hand:red=1b")
    with pytest.raises(InvalidAction):
        g.why_not(0, action)  # type: ignore[arg-type]


def test_actions_are_about_the_rocket_they_take_from_the_hand() -> None:
    g = position(2, "R1@a1n V1@h8n hand:red=1b")
    assert g.action_components(PLACE[RED][0][0]) == ("rocket:red",)
    assert g.action_components(EXCHANGE) == ("rocket:blue",)
    assert g.action_components(SELECT[0]) == ()
    assert g.action_components(END_TURN) == ()
    assert len(g.actions_about("rocket:red")) == N_CELLS * NOSES
    # red rockets: none in hand, so nothing can be done with one; blue: a placement can
    assert g.why_not_component(0, "rocket:blue") == []
    assert g.why_not_component(0, "rocket:red")[0] == Reason.of(
        "hand.rocket", "no_rocket_in_hand", rocket="red"
    )


def test_reasons_read_only_the_public_table() -> None:
    g = new_game("planetraiders", 3, 5)
    assert isinstance(g, PlanetRaiders)
    rng = random.Random(5)
    for _ in range(40):
        if g.is_over:
            break
        g.apply(g.cur, purposeful(g, rng))
    for seat in range(3):
        other = g.determinize(seat, random.Random(seat))
        for a in g.action_space.actions[::7]:
            assert other.why_not(seat, a) == g.why_not(seat, a)


# ----------------------------------------------------------------------------- agreement
@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [(2, {}, 1), (3, {}, 2), (4, {"teams": True}, 3), (3, {"zone_rockets": "one"}, 4)],
)
def test_hop_and_place_reasons_agree_with_the_legal_actions(
    players: int, options: dict[str, object], seed: int
) -> None:
    """Along purposeful playouts, a hop, a select or a placement has no reason exactly when
    it is legal, and every illegal action of the space has one for every seat."""
    g = new_game("planetraiders", players, seed, {**options, "round_limit": 12})
    assert isinstance(g, PlanetRaiders)
    rng = random.Random(seed)
    steps = 0
    while not g.is_over and steps < 300:
        s = g.cur
        legal = set(g.legal_actions(s))
        if g.phase == PHASE_HOP:
            for slot, h in HOP.items():
                assert (hop_reason(g, g.sel, slot) is None) == (h in legal), h
        elif g.phase == PHASE_MOVE:
            for k in range(RAIDERS):
                assert (select_reasons(g, s, k) == []) == (SELECT[k] in legal)
        else:
            for rc in (BLUE, RED):
                for z in range(N_CELLS):
                    for pl in PLACE[rc][z]:
                        assert (place_reasons(g, s, pl) == []) == (pl in legal), pl
        if steps % 5 == 0:
            for seat in range(players):
                ok = set(g.legal_actions(seat))
                for a in g.action_space.actions:
                    assert bool(g.why_not(seat, a)) == (a not in ok), (seat, a)
        g.apply(s, purposeful(g, rng))
        steps += 1


# ----------------------------------------------------------------------------- the guide
def test_the_first_game_with_a_guide_teaches_every_step_and_ends() -> None:
    guide = Guide.load("planetraiders")
    assert guide.title == {
        "en": "Your first game of Planet Raiders",
        "fr": "Votre première partie de Planet Raiders",
    }
    learner = guide.learner_steps()
    assert 8 <= len(learner) <= 30
    assert all(s.en and s.fr for s in learner)
    # what the guide teaches: every kind of move of a turn
    kinds = {type(s.action).__name__ for s in learner}
    assert kinds == {"Select", "Hop", "EndMoves", "Place", "Exchange", "EndTurn"}
    g = new_game("planetraiders", guide.players, guide.seed, guide.options)
    for s in guide.steps:
        assert s.action is not None and s.seat is not None
        assert g.step == s.at
        if s.seat == guide.learner:
            seen = {c.id for c in g.component_texts(guide.learner)}
            if type(s.action) in (EndMoves, EndTurn):
                assert s.point is None  # a button
            else:
                assert s.point in seen, (s.index, s.point)
        g.apply(s.seat, s.action)
    assert g.is_over
