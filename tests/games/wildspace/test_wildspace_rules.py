"""Wild Space rules: the rulebook's worked examples and one test per rule."""

from __future__ import annotations

import random
from collections import deque

import pytest

from spacetable.engine import NO_BOUND, Action, Game, IllegalAction, OptionError, new_game
from spacetable.games.wildspace import actions as A
from spacetable.games.wildspace import components as C
from spacetable.games.wildspace.constants import (
    F_COST,
    F_DRAW,
    F_PLAY,
    F_USE_DRAW,
    TURN_BOUND,
)
from spacetable.games.wildspace.notation import find_card, find_cards, position
from spacetable.games.wildspace.rules import WildSpace
from spacetable.games.wildspace.scoring import mission_value, score_sheet
from spacetable.games.wildspace.tables import shipped_parts
from spacetable.playout import Policy, playout

P = shipped_parts()

# Table: Aurora, Haven (start), Kepler ("3"), Orcus ("6"), Titan ("9").
PLANETS = [0, 1, 2, 5, 8]
ALL_UP = [True] * 5

MONKEY_BOTANIST = find_card("specialist", "monkey", "botanist", effect="play:prof.mechanic")
RHINO_MECHANIC = find_card("specialist", "rhino", "mechanic", effect="discard:any>play:any")
MONKEY_EMISSARY = find_card("emissary", "monkey", effect="draw:1", mission="most:emissary:6")
ROBOT_VETERAN = find_card("robot", veteran=True, effect=None, credits=2)  # Robot Bolt, no effect
URSA = 0  # Bear military captain; track step 1: draw 2; credit boxes 2 (step 2) and 4 (step 4)


def plain(n: int, exclude: set[int] | None = None) -> list[int]:
    """n filler cards without effect or veteran status: Specialists, then Emissaries, then
    Robots."""
    out = [
        c
        for kind in (C.K_SPECIALIST, C.K_EMISSARY, C.K_ROBOT)
        for c in P.deck_cards
        if P.kind[c] == kind and P.effect_of[c] < 0 and not P.vet[c]
    ]
    out = [c for c in out if not exclude or c not in exclude]
    assert len(out) >= n
    return out[:n]


def no_effect_cards(n: int, kind: int = C.K_SPECIALIST) -> list[int]:
    out = [c for c in P.deck_cards if P.kind[c] == kind and P.effect_of[c] < 0 and not P.vet[c]]
    return out[:n]


def lands(g: WildSpace, seat: int) -> set[tuple[int, int]]:
    return {(a.planet, a.sector) for a in g.legal_actions(seat) if isinstance(a, A.Land)}


# ---------------------------------------------------------------------- setup
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_setup(players: int) -> None:
    g = new_game("wildspace", players, 11)
    assert isinstance(g, WildSpace)
    assert g.planets[:2] == list(P.start_tiles)
    assert [P.threshold[t] for t in g.planets] == [0, 0, 3, 6, 9]
    assert g.faceup == [True, True, False, False, False]
    assert len(set(g.captain)) == players
    assert all(t == [c] for t, c in zip(g.tableau, g.captain, strict=True))
    assert all(g.shuttles_left(p) == 5 for p in range(players))
    assert g.vet == [0] * players
    assert all(len(h) == 3 for h in g.hands)
    assert len(g.reserve) == 3 and all(c >= 0 for c in g.reserve)
    assert len(g.deck) == 102 - 3 - 3 * players
    assert g.discard == []
    if players == 1:
        assert g.s_captain not in g.captain and g.s_tableau == [g.s_captain]
        assert len(g.h_row) == 2 and len(g.h_deck) == 3
        assert g.current in (0, 1)
    else:
        assert 0 <= g.current < players


def test_first_player_is_random() -> None:
    firsts = {new_game("wildspace", 4, s).current for s in range(40)}  # type: ignore[attr-defined]
    assert firsts == {0, 1, 2, 3}


@pytest.mark.parametrize(("difficulty", "counts"), list(P.difficulty.items()))
def test_solo_difficulty_sets_the_hostile_categories(
    difficulty: str, counts: tuple[int, int, int]
) -> None:
    for seed in range(5):
        g = new_game("wildspace", 1, seed, {"difficulty": difficulty})
        assert isinstance(g, WildSpace)
        used = g.h_row + g.h_deck
        assert len(used) == 5 and len(set(used)) == 5
        got = tuple(sum(1 for h in used if P.h_category[h] == c) for c in (1, 2, 3))
        assert got == counts


def test_solo_options_need_one_player() -> None:
    with pytest.raises(OptionError):
        new_game("wildspace", 2, 0, {"difficulty": "hard"})
    with pytest.raises(OptionError):
        new_game("wildspace", 3, 0, {"smuggler": "auto"})
    with pytest.raises(OptionError):
        new_game("wildspace", 1, 0, {"difficulty": "insane"})


# ---------------------------------------------------------------------- landing
def test_amelie_with_4_crew_cards_reaches_only_the_first_3_planets() -> None:
    crew = plain(3)  # captain + 3 = 4 crew cards
    g = position(2, planets=PLANETS, faceup=ALL_UP, tableaus=[crew, []], hands=[[], []])
    reached = {t for t, _ in lands(g, 0)}
    assert reached == {0, 1, 2}  # the two starting planets and the "3"
    # with 6 crew cards, the "6" opens too
    g = position(2, planets=PLANETS, faceup=ALL_UP, tableaus=[plain(5), []], hands=[[], []])
    assert {t for t, _ in lands(g, 0)} == {0, 1, 2, 5}


def test_amelie_cannot_land_on_the_left_sector_where_she_already_is() -> None:
    robot = no_effect_cards(1, C.K_ROBOT)
    g = position(
        2,
        planets=PLANETS,
        faceup=ALL_UP,
        tableaus=[plain(2) + robot, []],
        hands=[[], []],
        spots={(0, 2, 0): 1, (1, 2, 1): 1},  # she is on Kepler's left; player 1 on its right
    )
    got = lands(g, 0)
    assert (2, 0) not in got  # never twice on the same sector
    assert (2, 1) in got  # another player's shuttle does not block
    # an exploring (spent) shuttle blocks its sector too
    g.spots[0 * 10 + 2 * 2 + 0] = 2
    assert (2, 0) not in lands(g, 0)


def test_sector_conditions_any_one_suffices() -> None:
    # Kepler left: has:robot | has:emissary
    base = plain(2)
    g = position(1, planets=PLANETS, faceup=ALL_UP, tableaus=[base], hands=[[]])
    assert (2, 0) not in lands(g, 0) and (2, 1) in lands(g, 0)
    emis = find_card("emissary", "bear", mission="pair:species.bear:prof.pilot:2")
    g = position(1, planets=PLANETS, faceup=ALL_UP, tableaus=[[*base, emis]], hands=[[]])
    assert (2, 0) in lands(g, 0)


def test_the_captain_counts_for_thresholds_conditions_and_collections() -> None:
    """The captain is "la première carte de leur Équipage": its profession meets conditions."""
    macaque = 4  # Monkey botanist captain
    crew = [17, 67]  # a Rhino Soldier and a Bear Emissary: no Botanist, no Scientist
    table = [0, 1, 3, 5, 8]  # Cyane ("3"): left sector needs a Botanist or a Scientist
    g = position(
        2,
        captains=[macaque, URSA],
        planets=table,
        faceup=ALL_UP,
        tableaus=[crew, []],
        hands=[[], []],
    )
    assert g.crew(0) == 3 and (3, 0) in lands(g, 0)  # captain + 2 = 3 crew, captain botanist
    g = position(
        2,
        captains=[URSA, macaque],
        planets=table,
        faceup=ALL_UP,
        tableaus=[crew, []],
        hands=[[], []],
    )
    assert (3, 0) not in lands(g, 0) and (3, 1) in lands(g, 0)
    assert score_sheet(P, [macaque], 0, macaque, [])["species"][C.SPECIES.index("monkey")] == 1


def test_face_down_planets_cannot_be_landed_on() -> None:
    g = position(2, planets=PLANETS, tableaus=[plain(8), []], hands=[[], []])
    assert {t for t, _ in lands(g, 0)} == {0, 1}


def test_landing_performs_one_of_the_sector_actions() -> None:
    hand = plain(2)
    g = position(2, planets=PLANETS, hands=[hand, []])
    opts = [a for a in g.legal_actions(0) if isinstance(a, A.Land) and a.planet == 1]
    assert {(a.sector, a.option) for a in opts} == {(0, 0), (0, 1), (1, 0), (1, 1)}
    g.apply(0, A.LAND[(1, 1, 0)])  # Haven right: play a card
    assert g.spots[1 * 2 + 1] == 1 and g.shuttles_left(0) == 4
    assert g.stack[-1][0] == F_PLAY
    g.apply(0, A.PLAY[hand[0]])
    assert g.tableau[0][-1] == hand[0] and not g.stack
    assert g.legal_actions(0)[0] == A.END


def test_a_cost_option_needs_a_card_to_pay() -> None:
    g = position(2, planets=PLANETS, hands=[[], []])
    assert A.LAND[(1, 1, 1)] not in g.legal_actions(0)  # discard a card to draw 3
    g = position(2, planets=PLANETS, hands=[plain(1), []])
    assert A.LAND[(1, 1, 1)] in g.legal_actions(0)
    g.apply(0, A.LAND[(1, 1, 1)])
    assert g.stack[-1][0] == F_COST and A.SKIP not in g.legal_actions(0)


# ---------------------------------------------------------------------- exploring
def test_explore_draw_3_or_play_1_without_condition_then_spent() -> None:
    hand = plain(1)
    g = position(
        2,
        planets=PLANETS,
        faceup=ALL_UP,
        hands=[hand, []],
        tableaus=[plain(8, set(hand)), []],
        spots={(0, 2, 0): 1},
    )
    legal = g.legal_actions(0)
    assert A.EXPLORE[(2, 0, 0)] in legal and A.EXPLORE[(2, 0, 1)] in legal
    # no condition: even below the threshold (remove effects can shrink the crew)
    g.tableau[0] = g.tableau[0][:1]
    assert A.EXPLORE[(2, 0, 0)] in g.legal_actions(0)
    g.apply(0, A.EXPLORE[(2, 0, 0)])
    assert g.spots[2 * 2] == 2
    assert g.stack[-1][:2] == (F_DRAW, 3)
    for _ in range(3):
        g.apply(0, A.DRAW_DECK)
    assert len(g.hands[0]) == 4
    g.apply(0, A.END)
    g.apply(1, A.END) if g.legal_actions(1) == [A.END] else None
    assert A.EXPLORE[(2, 0, 0)] not in g.legal_actions(0)


def test_with_no_shuttle_left_you_must_explore() -> None:
    spots = {(0, 0, 0): 2, (0, 0, 1): 2, (0, 1, 0): 2, (0, 1, 1): 2, (0, 2, 0): 1}
    g = position(
        2, planets=PLANETS, faceup=ALL_UP, tableaus=[plain(8), []], hands=[[], []], spots=spots
    )
    assert g.shuttles_left(0) == 0
    legal = g.legal_actions(0)
    assert legal == [A.EXPLORE[(2, 0, 0)]]  # empty hand: only draw 3


def test_no_possible_move_forfeits_the_turn() -> None:
    spots = {(0, 0, 0): 2, (0, 0, 1): 2, (0, 1, 0): 2, (0, 1, 1): 2}
    g = position(2, planets=PLANETS, hands=[[], []], spots=spots)
    assert g.legal_actions(0) == [A.END]
    g.apply(0, A.END)
    assert g.turns[0] == 1 and g.current == 1
    assert any(e["event"] == "no_move" for e in g.log)


# ---------------------------------------------------------------------- drawing
def test_joachim_draws_2_deck_then_renews_then_takes_a_new_reserve_card() -> None:
    top = plain(6)
    fodder = find_card("specialist", "bear", "scientist")
    g = position(2, planets=PLANETS, hands=[[fodder], []], reserve=[6, 7, 8], deck_top=top)
    g.apply(0, A.LAND[(0, 0, 0)])  # Aurora left: draw 2
    assert g.stack[-1][:2] == (F_DRAW, 2)
    g.apply(0, A.DRAW_DECK)  # none in the Reserve interests him
    assert top[0] in g.hands[0]
    # he sees the card he drew (private), others do not
    ev = g.log_for(0)[-1]
    assert ev["event"] == "draw" and ev["card"] == top[0]
    assert "card" not in g.log[-1]
    # renew: discard a card from hand; the three Reserve cards go, three new ones come
    g.apply(0, A.RENEW[fodder])
    assert g.discard == [fodder, 6, 7, 8]
    assert g.reserve == top[1:4]
    assert g.stack[-1][:2] == (F_DRAW, 1)  # still one card to draw
    g.apply(0, A.DRAW_RESERVE[1])
    assert top[2] in g.hands[0]
    assert g.reserve == [top[1], top[4], top[3]]  # replaced at once by the deck's top card
    assert not g.stack
    assert g.legal_actions(0)[0] == A.END


def test_renewing_is_possible_at_any_moment_and_as_often_as_you_like() -> None:
    hand = plain(3)
    g = position(2, planets=PLANETS, hands=[hand, []])
    assert A.RENEW[hand[0]] in g.legal_actions(0)  # before the main action
    g.apply(0, A.RENEW[hand[0]])
    g.apply(0, A.RENEW[hand[1]])
    g.apply(0, A.LAND[(0, 0, 0)])
    assert A.RENEW[hand[2]] in g.legal_actions(0)  # while drawing
    g.apply(0, A.DRAW_DECK)
    g.apply(0, A.DRAW_DECK)
    assert A.RENEW[hand[2]] in g.legal_actions(0)  # at the end of the turn
    assert g.legal_actions(1) == []  # never in another player's turn
    g.apply(0, A.END)
    assert A.RENEW[hand[2]] not in g.legal_actions(1)


def _one_card_deck(
    players: int = 2, hands: list[list[int]] | None = None
) -> tuple[WildSpace, int, list[int]]:
    """A game whose deck holds one card (returned) and whose discard holds the rest but the
    Reserve (returned) and the hands."""
    held = {c for h in hands or [] for c in h}
    cards = [c for c in P.deck_cards if c not in held]
    reserve, last, discard = cards[:3], cards[3], cards[4:]
    g = position(
        players,
        planets=PLANETS,
        hands=hands or [[] for _ in range(players)],
        reserve=reserve,
        discard=discard,
    )
    assert g.deck == [last]
    return g, last, reserve


def test_the_discard_becomes_the_deck_the_moment_the_deck_is_empty() -> None:
    """« si à un moment de la partie la pioche venait à être vide, mélangez les cartes de la
    défausse pour constituer une nouvelle pioche » : at the moment the last card leaves the
    deck, not when the next card is needed; the view never shows an empty deck beside a
    discard."""
    g, last, _ = _one_card_deck()
    n = len(g.discard)
    g.apply(0, A.LAND[(0, 0, 0)])  # Aurora left: draw 2
    g.apply(0, A.DRAW_DECK)  # the last card of the deck
    assert last in g.hands[0]
    assert len(g.deck) == n and g.discard == []  # already the new deck
    v = g.view(0)
    assert v["deck_size"] == n and v["discard"] == []
    assert [e["event"] for e in g.log[-2:]] == ["draw", "reshuffle"]  # in table order
    assert g.log[-1]["deck"] == n
    g.apply(0, A.DRAW_DECK)  # the second card comes from the new deck
    assert len(g.deck) == n - 1


def test_taking_the_last_card_through_the_reserve_rebuilds_the_deck_too() -> None:
    """« Dès qu'une carte est prise dans la Réserve, elle est immédiatement remplacée par une
    nouvelle carte de la pioche » ; the replacement empties the deck: the discard becomes
    the deck at once."""
    g, last, reserve = _one_card_deck()
    n = len(g.discard)
    g.apply(0, A.LAND[(0, 0, 0)])
    g.apply(0, A.DRAW_RESERVE[0])
    assert g.reserve == [last, reserve[1], reserve[2]]
    assert len(g.deck) == n and g.discard == []
    assert [e["event"] for e in g.log[-3:]] == ["draw", "reserve_refill", "reshuffle"]


def test_renewing_after_the_deck_ran_out_reveals_cards_of_the_new_deck() -> None:
    """« Les trois cartes de la Réserve sont alors placées dans la défausse et trois nouvelles
    cartes sont révélées » : the deck was rebuilt when it ran out, so the three Reserve
    cards lie in the discard under the renewal and cannot come straight back."""
    fodder = plain(2)
    g, last, reserve = _one_card_deck(hands=[fodder, []])
    g.apply(0, A.LAND[(0, 0, 0)])
    g.apply(0, A.DRAW_RESERVE[0])  # the refill takes the deck's last card
    old = list(g.reserve)
    assert old == [last, reserve[1], reserve[2]] and g.discard == []
    g.apply(0, A.RENEW[fodder[0]])
    assert g.discard == [fodder[0], *old]
    assert not set(g.reserve) & set(old)  # three new cards, none of the old Reserve
    assert len(g.reserve) == 3 and all(c >= 0 for c in g.reserve)


def test_a_renewal_that_empties_the_deck_shuffles_the_discard_with_the_old_reserve() -> None:
    """The same rule inside a renewal: the card paid and the three Reserve cards are in the
    discard (« alors placées dans la défausse ») before « trois nouvelles cartes sont
    révélées » ; when the reveal empties the deck, that discard is shuffled into the deck."""
    fodder = plain(1)
    g, last, _ = _one_card_deck(hands=[fodder, []])
    n = len(g.discard)
    g.apply(0, A.RENEW[fodder[0]])
    assert g.reserve[0] == last  # the deck's last card first
    events = [e["event"] for e in g.log[-3:]]
    assert events == ["renew", "reshuffle", "reserve"]
    assert g.log[-2]["deck"] == n + 1 + 3  # the card paid and the old Reserve were in it
    assert len(g.deck) == n + 4 - 2
    cards = sorted([*g.deck, *g.discard, *g.reserve, *g.hands[0], *g.hands[1]])
    assert cards == sorted(P.deck_cards)  # nothing lost, nothing doubled
    assert g.discard == []


def test_an_empty_reserve_slot_is_filled_once_the_deck_has_a_card_again() -> None:
    """« Dès qu'une carte est prise dans la Réserve, elle est immédiatement remplacée » : with
    the deck and the discard both empty the slot stays empty; the first card that reaches
    the discard becomes the deck (the note on the empty deck) and fills the slot at once."""
    spring = find_card("robot", profession="programmer", effect="remove>take_play")
    crew = plain(1)
    cards = [c for c in P.deck_cards if c not in (spring, *crew)]
    g = position(
        2,
        planets=PLANETS,
        tableaus=[[], crew],
        hands=[[], [spring, *cards[3:]]],
        reserve=cards[:3],
    )
    assert g.deck == [] and g.discard == []
    g.apply(0, A.LAND[(0, 0, 0)])  # draw 2
    g.apply(0, A.DRAW_RESERVE[0])
    g.apply(0, A.DRAW_RESERVE[1])
    assert g.reserve[:2] == [-1, -1]
    g.apply(0, A.END)
    g.apply(1, A.LAND[(0, 1, 0)])  # play a card
    g.apply(1, A.PLAY[spring])
    g.apply(1, A.REMOVE[crew[0]])  # to the discard: the deck, then the first empty slot
    assert g.reserve[:2] == [crew[0], -1]
    assert g.deck == [] and g.discard == []


def test_there_is_no_hand_limit() -> None:
    g = position(2, planets=PLANETS, hands=[plain(12), []])
    g.apply(0, A.LAND[(0, 0, 0)])
    g.apply(0, A.DRAW_DECK)
    g.apply(0, A.DRAW_DECK)
    g.apply(0, A.END)
    assert len(g.hands[0]) == 14


# ---------------------------------------------------------------------- playing cards
def test_amelie_chain_monkey_botanist_rhino_mechanic_monkey_emissary() -> None:
    fodder = find_card("specialist", "bear", "scientist")
    top = plain(2, {fodder})
    g = position(
        2,
        planets=PLANETS,
        hands=[[MONKEY_BOTANIST, RHINO_MECHANIC, MONKEY_EMISSARY, fodder], []],
        deck_top=top,
    )
    g.apply(0, A.LAND[(0, 1, 0)])  # Aurora right: play a card
    g.apply(0, A.PLAY[MONKEY_BOTANIST])
    # the Monkey Botanist lets her play a Mechanic at once: only the Rhino Mechanic qualifies
    legal = g.legal_actions(0)
    assert A.PLAY[RHINO_MECHANIC] in legal and A.PLAY[MONKEY_EMISSARY] not in legal
    assert A.SKIP in legal
    g.apply(0, A.PLAY[RHINO_MECHANIC])
    # the Rhino Mechanic: discard a card from hand to play a new one
    assert g.stack[-1][0] == F_COST
    g.apply(0, A.PAY[fodder])
    assert fodder in g.discard
    g.apply(0, A.PLAY[MONKEY_EMISSARY])
    # the Monkey Emissary: draw a card at once
    assert g.stack[-1][:2] == (F_USE_DRAW, 1)
    g.apply(0, A.USE)
    g.apply(0, A.DRAW_DECK)
    assert g.tableau[0][1:] == [MONKEY_BOTANIST, RHINO_MECHANIC, MONKEY_EMISSARY]
    assert g.hands[0] == [top[0]]
    assert not g.stack


def test_effects_are_optional() -> None:
    g = position(2, planets=PLANETS, hands=[[MONKEY_EMISSARY], []])
    g.apply(0, A.LAND[(0, 1, 0)])
    g.apply(0, A.PLAY[MONKEY_EMISSARY])
    assert set(g.legal_actions(0)) == {A.USE, A.SKIP}
    g.apply(0, A.SKIP)
    assert g.hands[0] == [] and MONKEY_EMISSARY in g.tableau[0]


def test_an_unmet_condition_still_plays_the_card_without_effect() -> None:
    card = find_card("specialist", "bear", "military", effect="draw:2")  # if has:robot
    g = position(2, planets=PLANETS, hands=[[card], []])
    g.apply(0, A.LAND[(0, 1, 0)])
    g.apply(0, A.PLAY[card])
    assert card in g.tableau[0] and not g.stack
    assert g.log[-1]["event"] == "condition_unmet"
    # with a Robot in the crew the condition holds
    robot = no_effect_cards(1, C.K_ROBOT)
    g = position(2, planets=PLANETS, hands=[[card], []], tableaus=[robot, []])
    g.apply(0, A.LAND[(0, 1, 0)])
    g.apply(0, A.PLAY[card])
    assert g.stack[-1][:2] == (F_USE_DRAW, 2)


def test_joachim_plays_a_robot_veteran_and_draws_2_from_his_track() -> None:
    top = plain(3)
    g = position(2, planets=PLANETS, captains=[URSA, 1], hands=[[ROBOT_VETERAN], []], deck_top=top)
    g.apply(0, A.LAND[(0, 1, 0)])
    g.apply(0, A.PLAY[ROBOT_VETERAN])
    assert g.vet[0] == 1
    assert g.stack[-1][:2] == (F_USE_DRAW, 2)
    g.apply(0, A.USE)
    g.apply(0, A.DRAW_DECK)
    g.apply(0, A.DRAW_DECK)
    assert g.hands[0] == top[:2]


def test_the_card_effect_resolves_before_the_veteran_step() -> None:
    piston = find_card("robot", profession="military", veteran=True)
    assert P.cards[piston].effect == "play:specialist"
    spec = plain(1)
    g = position(2, planets=PLANETS, captains=[URSA, 1], hands=[[piston, *spec], []])
    g.apply(0, A.LAND[(0, 1, 0)])
    g.apply(0, A.PLAY[piston])
    assert g.vet[0] == 1
    assert [f[0] for f in g.stack] == [F_USE_DRAW, F_PLAY]
    g.apply(0, A.PLAY[spec[0]])
    assert g.stack[-1][0] == F_USE_DRAW


def test_removing_a_veteran_does_not_move_the_token_back() -> None:
    spring = find_card("robot", profession="programmer", effect="remove>take_play")
    vet_card = find_card("specialist", "owl", "botanist", veteran=True)
    g = position(
        2,
        planets=PLANETS,
        captains=[URSA, 1],
        hands=[[spring], []],
        tableaus=[[vet_card], []],
        vet=[1, 0],
        reserve=plain(3),
    )
    g.apply(0, A.LAND[(0, 1, 0)])
    g.apply(0, A.PLAY[spring])
    assert A.REMOVE[vet_card] in g.legal_actions(0)
    assert not any(isinstance(a, A.Remove) and a.card == URSA for a in g.legal_actions(0))
    g.apply(0, A.REMOVE[vet_card])
    assert vet_card in g.discard and vet_card not in g.tableau[0]
    assert g.vet[0] == 1


def test_take_and_play_from_the_reserve_or_the_deck() -> None:
    spring = find_card("robot", profession="programmer", effect="remove>take_play")
    filler = plain(5)
    g = position(
        2,
        planets=PLANETS,
        hands=[[spring], []],
        tableaus=[[filler[0]], []],
        reserve=filler[1:4],
        deck_top=[filler[4]],
    )
    g.apply(0, A.LAND[(0, 1, 0)])
    g.apply(0, A.PLAY[spring])
    g.apply(0, A.REMOVE[filler[0]])
    assert set(g.legal_actions(0)) >= {A.TAKE_DECK, *A.TAKE_RESERVE, A.SKIP}
    g.apply(0, A.TAKE_RESERVE[2])
    assert g.tableau[0][-1] == filler[3]
    assert g.reserve == [filler[1], filler[2], filler[4]]  # replaced at once


def test_effects_chain_only_while_conditions_hold() -> None:
    # Owl Pilot: "if you own a Robot: play a card"; without Robot the chain stops
    owl = find_card("specialist", "owl", "pilot", effect="play:any")
    g = position(2, planets=PLANETS, hands=[[MONKEY_BOTANIST, owl], []])
    g.apply(0, A.LAND[(0, 1, 0)])
    g.apply(0, A.PLAY[owl])
    assert not g.stack


# ---------------------------------------------------------------------- end of turn
def test_end_of_turn_reveals_planets_whose_threshold_the_crew_reaches() -> None:
    hand = plain(1)
    g = position(2, planets=PLANETS, hands=[hand, []], tableaus=[plain(1, set(hand)), []])
    g.apply(0, A.LAND[(0, 1, 0)])
    g.apply(0, A.PLAY[hand[0]])  # 3 crew cards now (captain included)
    assert g.faceup == [True, True, False, False, False]
    g.apply(0, A.END)
    assert g.faceup == [True, True, True, False, False]
    ev = [e for e in g.log if e["event"] == "reveal"]
    assert ev and ev[0]["planet"] == 2
    # landing still needs the threshold: player 1 (1 crew card) cannot land on it
    assert 2 not in {t for t, _ in lands(g, 1)}


def test_the_end_of_turn_that_turns_a_planet_face_up_cannot_be_taken_back() -> None:
    """Every seat saw the planet: an undo must not hide it again."""
    hand = plain(1)
    g = position(2, planets=PLANETS, hands=[hand, []], tableaus=[plain(1, set(hand)), []])
    g.apply(0, A.LAND[(0, 1, 0)])
    g.apply(0, A.PLAY[hand[0]])
    assert g.undoable(0) == 2
    g.apply(0, A.END)
    assert g.faceup[2] and g.undoable(0) == 0
    # An end of turn that turns nothing stays with the decisions before it.
    quiet = position(2, planets=PLANETS, hands=[plain(1), []])
    quiet.apply(0, A.LAND[(0, 1, 0)])
    quiet.apply(0, A.SKIP if A.SKIP in quiet.legal_actions(0) else A.PLAY[plain(1)[0]])
    quiet.apply(0, A.END)
    assert quiet.faceup == [True, True, False, False, False] and quiet.undoable(0) == 3


OWL_PILOT = find_card("specialist", "owl", "pilot", effect="play:emissary")


@pytest.mark.parametrize("emissary_in_hand", [False, True])
def test_a_play_that_no_card_of_the_hand_matches_waits_for_the_seat_to_decline(
    emissary_in_hand: bool,
) -> None:
    """« poser un Émissaire » with no Emissary in a hand that holds other cards: were the
    play dropped at once, every seat would learn what the hand holds. It stays pending, the
    same for everyone whatever the hand holds, until its seat plays or declines it."""
    other = MONKEY_EMISSARY if emissary_in_hand else plain(1)[0]
    g = position(2, planets=PLANETS, hands=[[OWL_PILOT, other], []])
    g.apply(0, A.LAND[(1, 1, 0)])  # Haven right: play a card
    g.apply(0, A.PLAY[OWL_PILOT])
    assert g.stack[-1][0] == F_PLAY
    pending = g.view(1)["pending"]
    assert [p["kind"] for p in pending] == ["play"]
    decisions = [a for a in g.legal_actions(0) if not isinstance(a, A.Renew)]
    assert decisions == ([A.PLAY[other], A.SKIP] if emissary_in_hand else [A.SKIP])
    before = g.log_size
    g.apply(0, A.SKIP)
    assert [e["event"] for e in g.last_events(1, g.log_size - before)] == ["skip"]
    assert not g.stack


def test_a_play_from_an_empty_hand_is_dropped_at_once() -> None:
    """Everyone sees that an empty hand holds nothing to play: no decision is asked."""
    g = position(2, planets=PLANETS, hands=[[OWL_PILOT], []])
    g.apply(0, A.LAND[(1, 1, 0)])
    g.apply(0, A.PLAY[OWL_PILOT])
    assert not g.stack
    assert [e["event"] for e in g.log[-1:]] == ["fizzle"]
    assert g.legal_actions(0) == [A.END]


def test_ten_turns_each_then_the_game_ends_in_clockwise_order() -> None:
    g = new_game("wildspace", 3, 5)
    assert isinstance(g, WildSpace)

    def quick(game: Game, seat: int, legal: list[Action]) -> Action:
        """A quick policy: the first action that is not a renewal."""
        return next(x for x in legal if not isinstance(x, A.Renew))

    order = [s.seat for s in playout(g, random.Random(5), quick) if isinstance(s.action, A.EndTurn)]
    assert g.turns == [10, 10, 10]
    first = order[0]
    assert first is not None
    assert order == [(first + i) % 3 for i in range(30)]
    assert sum(1 for v in g.spots if v) <= 15


# ---------------------------------------------------------------------- scoring
def joachim_crew() -> list[int]:
    bears = [find_card("specialist", "bear", "botanist")]
    owls = [
        find_card("specialist", "owl", "botanist", veteran=True),
        find_card("specialist", "owl", "military", veteran=True),
        *find_cards("specialist", "owl", "programmer"),
    ]
    others = [
        find_card("specialist", "rhino", "programmer"),
        find_card("specialist", "chameleon", "pilot"),
        find_card("specialist", "monkey", "mechanic"),
        find_card("specialist", "octopus", "scientist"),
    ]
    emissaries = [
        # 2 pairs Owl + Military (Ursa and the Owl Soldier): 4
        find_card("emissary", "owl", mission="pair:species.owl:prof.military:2"),
        # 2 pairs Bear + Pilot (the Chameleon Pilot and Robot Pixel): 4
        find_card("emissary", "bear", mission="pair:species.bear:prof.pilot:2"),
    ]
    robots = [
        find_card("robot", veteran=True, credits=3),  # Robot Servo
        ROBOT_VETERAN,  # Robot Bolt (2), the Robot Veteran of his other example
        find_card("robot", profession="pilot", credits=3),  # Robot Pixel
    ]
    return bears + owls + others + emissaries + robots


def test_joachim_score_sheet_57_credits() -> None:
    crew = [URSA, *joachim_crew()]
    assert all(P.species_of[c] == 2 for c in crew[2:6])
    # his token is on step 4 of Ursa's track: the crew holds exactly the 4 Veterans played
    assert sum(1 for c in crew if P.vet[c]) == 4
    sheet = score_sheet(P, crew, 4, URSA, [])
    assert sheet["species"][C.SPECIES.index("owl")] == 5
    assert sheet["species"][C.SPECIES.index("bear")] == 3
    assert sheet["identical"] == 20  # 15 for 5 Owls, 5 for 3 Bears
    assert sheet["sets"] == 15
    assert sheet["missions"] == 8 and [v for _, v in sheet["mission_detail"]] == [4, 4]
    assert sheet["robots"] == 8
    assert sheet["captain"] == 6
    assert sheet["total"] == 57


def test_the_score_sheet_is_part_of_the_outcome() -> None:
    g = position(2, captains=[URSA, 1], tableaus=[joachim_crew(), []], vet=[4, 0])
    g.over = True
    out = g.outcome()
    assert out.scores[0] == 57
    assert out.details["sheets"][0]["total"] == 57
    assert out.ranks == (1, 2)


def test_animals_from_the_third_and_sets_of_six() -> None:
    owls = [c for c in P.deck_cards if P.species_of[c] == 2][:7]
    s = score_sheet(P, [URSA, *owls], 0, URSA, [])
    assert s["identical"] == 25 and s["sets"] == 0  # 7 owls: 5 from the 3rd on
    two_sets = [
        c for sp in range(6) for c in [x for x in P.deck_cards if P.species_of[x] == sp][:2]
    ]
    s = score_sheet(P, [URSA, *two_sets], 0, URSA, [])
    assert s["sets"] == 30 and s["identical"] == 5  # 3 bears with the captain


def test_robots_are_not_animals() -> None:
    robots = [c for c in P.deck_cards if P.kind[c] == C.K_ROBOT]
    s = score_sheet(P, [URSA, *robots], 0, URSA, [])
    assert s["species"] == [1, 0, 0, 0, 0, 0]
    assert s["robots"] == sum(P.credits[c] for c in robots)


def test_missions() -> None:
    bot = [c for c in P.deck_cards if P.prof_of[c] == 0]
    m = C.parse_mission("set:prof.botanist:3:5")
    assert mission_value(P, m, bot[:2], []) == 0
    assert mission_value(P, m, bot[:3], []) == 5
    assert mission_value(P, m, bot[:7], []) == 10
    pair = C.parse_mission("pair:species.owl:prof.military:2")
    owl_mil = find_card("specialist", "owl", "military")
    owl_bot = find_card("specialist", "owl", "botanist")
    bear_mil = find_card("specialist", "bear", "military")
    assert mission_value(P, pair, [owl_mil], []) == 0  # a pair needs two cards
    assert mission_value(P, pair, [owl_bot, bear_mil], []) == 2
    assert mission_value(P, pair, [owl_mil, owl_bot, bear_mil], []) == 2
    most = C.parse_mission("most:prof.programmer:5")
    prog = [c for c in P.deck_cards if P.prof_of[c] == 2]
    assert mission_value(P, most, prog[:2], [prog[2:3]]) == 5
    assert mission_value(P, most, prog[:2], [prog[2:4]]) == 0  # strictly the most
    assert mission_value(P, most, [], [[]]) == 0
    emis = C.parse_mission("most:emissary:6")
    e = [c for c in P.deck_cards if P.kind[c] == C.K_EMISSARY]
    assert mission_value(P, emis, e[:2], [e[2:3], []]) == 6
    allp = C.parse_mission("allprof:8")
    one_each = [next(c for c in P.deck_cards if P.prof_of[c] == p) for p in range(6)]
    assert mission_value(P, allp, one_each, []) == 8
    assert mission_value(P, allp, one_each[:5], []) == 0


def test_ties_fewer_cards_wins_then_shared_victory() -> None:
    a, b = find_cards("robot", credits=4)
    two = [
        find_card("robot", credits=2, profession="botanist", veteran=True),
        find_card("robot", credits=2, profession="botanist", veteran=False),
    ]
    g = position(3, tableaus=[[a], two, [b]])
    g.over = True
    out = g.outcome()
    assert out.scores == (4.0, 4.0, 4.0)
    assert out.ranks == (1, 3, 1)  # seats 0 and 2 share the victory


# ---------------------------------------------------------------------- solo
@pytest.mark.parametrize(
    ("majority", "theirs", "credits"),
    [
        ("with_smuggler", 0, 5),
        ("with_smuggler", 1, 0),  # a tie with the Contrebandier: not strictly the most
        ("with_smuggler", 3, 0),
        ("players_only", 3, 5),
        ("players_only", 0, 5),
    ],
)
def test_solo_majority_missions_and_the_contrebandiers_crew(
    majority: str, theirs: int, credits: int
) -> None:
    """« 5 Crédits si vous êtes le joueur qui possède strictement le plus d'Informaticiens en
    jeu » ; in solo « Vous jouez exactement comme dans une partie à plusieurs » and « vous
    comptez votre score normalement » while the Contrebandier's crew is in play: by default
    (our reading) the mission compares with its crew. Option ``majority=players_only``
    reads « le joueur » literally: the Contrebandier is no player, so one Informaticien
    suffices. Zero never scores in either reading."""
    most = find_card("emissary", "octopus", mission="most:prof.programmer:5")
    prog = [c for c in P.deck_cards if P.prof_of[c] == C.PROFESSIONS.index("programmer")]
    prog = [c for c in prog if c != most]
    opts = {"majority": majority}
    g = position(
        1,
        captains=[URSA],
        hands=[[]],
        tableaus=[[most, prog[0]]],
        smuggler_tableau=prog[1 : 1 + theirs],
        options=opts,
    )
    assert dict(g.score_sheet(0)["mission_detail"])[most] == credits
    g = position(1, captains=[URSA], hands=[[]], tableaus=[[most]], options=opts)
    assert dict(g.score_sheet(0)["mission_detail"])[most] == 0  # no Informaticien


def test_the_hostile_deck_shows_only_its_top_back_and_the_levels_counts() -> None:
    """« Constituez une pioche de 5 cartes Planètes Hostiles en prenant aléatoirement, en
    fonction de leur dos, les cartes indiquées par le niveau de difficulté … Mélangez ces 5
    cartes et révélez les 2 premières » : at the table one sees the top card's back and
    knows how many cards of each category the level takes, nothing more. Two decks with the
    same top back and the same revealed cards show the same view, and the log's set-up
    event says no more."""
    g = position(1, planets=PLANETS, hands=[[]], options={"difficulty": "medium"})
    g.h_row = [0, 4]  # categories 1 and 2 revealed
    g.h_deck = [8, 5, 1]  # categories 3, 2, then 1 on top
    g.h_used = [0, 1, 4, 5, 8]
    v = g.view(0)["smuggler"]["hostile_deck"]
    assert v == {"size": 3, "top": 1, "categories": [2, 2, 1]}
    h = position(1, planets=PLANETS, hands=[[]], options={"difficulty": "medium"})
    h.h_row, h.h_deck, h.h_used = [0, 4], [6, 9, 2], [0, 2, 4, 6, 9]  # 2, 3, then 1 on top
    assert h.view(0)["smuggler"] == g.view(0)["smuggler"]
    hard = new_game("wildspace", 1, 5, {"difficulty": "hard"})
    setup = next(e for e in hard.log if e["event"] == "smuggler_setup")
    assert setup["hostile_deck"] == hard.view(0)["smuggler"]["hostile_deck"]
    assert set(setup["hostile_deck"]) == {"size", "top", "categories"}
    assert setup["hostile_deck"]["categories"] == [1, 2, 2]
    # a bot's copy keeps the top back and the level's counts, and resamples the rest
    orders = set()
    for k in range(30):
        d = g.determinize(0, random.Random(k))
        assert isinstance(d, WildSpace)
        assert P.h_category[d.h_deck[-1]] == 1
        cats = sorted(P.h_category[x] for x in [*d.h_row, *d.h_aside, *d.h_deck])
        assert cats == [1, 1, 2, 2, 3]
        assert d.h_used == sorted([*d.h_row, *d.h_aside, *d.h_deck])
        orders.add(tuple(P.h_category[x] for x in d.h_deck))
    assert orders == {(2, 3, 1), (3, 2, 1)}  # the backs under the top are not known
    # a position built by hand against the level's counts keeps its own backs
    odd = position(1, planets=PLANETS, hands=[[]], options={"difficulty": "hard"})
    odd.h_row, odd.h_deck, odd.h_used = [0, 1], [2, 3, 4], [0, 1, 2, 3, 4]  # 1, 1 | 1, 1, 2
    for k in range(5):
        d = odd.determinize(0, random.Random(k))
        assert isinstance(d, WildSpace)
        assert [P.h_category[x] for x in d.h_deck] == [1, 1, 2]


def test_smuggler_turn_is_decided_by_seat_0_and_applies_slots_left_to_right() -> None:
    g = position(1, planets=PLANETS, hands=[[]], reserve=plain(3), deck_top=plain(6)[3:])
    g.h_row = [3, 4]  # Toxic Swamp (landing D2 then T2), Pirate Fortress
    g.h_deck = [0, 1, 5]
    g.h_used = [0, 1, 3, 4, 5]
    g.current = 1
    res = list(g.reserve)
    top = plain(6)[3:]
    legal = g.legal_actions(0)
    assert set(legal) == {A.SMUGGLE[(3, 0)], A.SMUGGLE[(4, 0)]}
    assert all(a.describe("en").startswith("For the Contrebandier") for a in legal)
    g.apply(0, A.SMUGGLE[(3, 0)])
    # discard the middle card, replace it, then add the new middle card to its crew
    assert g.discard == [res[1]]
    assert g.s_tableau[1:] == [top[0]]
    assert g.reserve == [res[0], top[1], res[2]]
    assert g.current == 0 and g.s_turns == 1


def test_smuggler_explores_then_sets_the_card_aside_and_reveals_a_new_one() -> None:
    g = position(1, planets=PLANETS, hands=[[]])
    g.h_row = [3, 4]
    g.h_deck = [0, 1, 5]
    g.h_state[3] = 1
    g.current = 1
    legal = g.legal_actions(0)
    assert A.SMUGGLE[(3, 1)] in legal and A.SMUGGLE[(3, 0)] not in legal
    g.apply(0, A.SMUGGLE[(3, 1)])
    assert g.h_aside == [3] and g.h_row == [5, 4] and g.h_deck == [0, 1]


def test_auto_smuggler_follows_the_documented_rule() -> None:
    g = position(1, planets=PLANETS, hands=[[]], options={"smuggler": "auto"})
    g.h_row = [0, 8]  # Grey Asteroid (land D1) vs Black Hole (land T1+T2)
    g.h_deck = [1, 2, 9]
    assert g.auto_choice() == 8  # most cards taken
    g.h_state[0] = 1  # exploring Grey Asteroid takes 1, landing on Black Hole takes 2
    assert g.auto_choice() == 8
    g.h_row = [0, 2]  # explore Grey Asteroid (T2: 1) vs land Wandering Comet (T3: 1): explore
    assert g.auto_choice() == 0
    g.apply(0, A.LAND[(0, 0, 0)])
    g.apply(0, A.DRAW_DECK)
    g.apply(0, A.DRAW_DECK)
    g.apply(0, A.END)
    # the Contrebandier played at once; it is the player's turn again
    assert g.current == 0 and g.s_turns == 1 and g.h_aside == [0]


def _no_renewal(r: random.Random) -> Policy:
    """Uniformly random among the actions that do not renew the Reserve (when there are)."""
    return lambda game, seat, legal: r.choice(
        [a for a in legal if not isinstance(a, A.Renew)] or legal
    )


@pytest.mark.parametrize("smuggler", ["human", "auto"])
def test_solo_turns_alternate_from_a_random_first_player_until_ten_each(smuggler: str) -> None:
    """« Tirez au sort qui de vous ou du Contrebandier démarre la partie. Vous alternez les
    tours de jeu avec lui jusqu'à ce que vous ayez chacun joué 10 tours. »"""
    firsts = set()
    for seed in range(12):
        g = new_game("wildspace", 1, seed, {"smuggler": smuggler})
        assert isinstance(g, WildSpace)
        first = g.log[0]["first"]
        firsts.add(first)
        r = random.Random(seed)
        deque(playout(g, r, _no_renewal(r)), maxlen=0)
        order = [
            0 if e["event"] == "end_turn" else 1
            for e in g.log
            if e["event"] in ("end_turn", "smuggler_end")
        ]
        assert order == [(first + i) % 2 for i in range(20)]
        assert g.turns == [10] and g.s_turns == 10
        # every Hostile Planet was landed on, then explored and set aside with its shuttle
        assert sorted(g.h_aside) == g.h_used and g.h_row == [] and g.h_deck == []
    assert firsts == {0, 1}


def test_auto_mode_never_asks_for_the_smuggler() -> None:
    g = new_game("wildspace", 1, 3, {"smuggler": "auto", "difficulty": "hard"})
    r = random.Random(0)

    def choose(game: Game, seat: int, legal: list[Action]) -> Action:
        assert not any(isinstance(a, A.Smuggle) for a in legal)
        return r.choice(legal)

    deque(playout(g, r, choose), maxlen=0)
    assert isinstance(g, WildSpace) and g.s_turns == 10 and g.turns == [10]
    assert len(g.h_aside) == 5


def test_smuggler_scoring_and_strict_victory() -> None:
    owls = [c for c in P.deck_cards if P.species_of[c] == 2][:3]
    emis = find_card("emissary", "bear", mission="per:robot:2")
    robot = find_card("robot", credits=3, profession="pilot")
    g = position(1, hands=[[]], smuggler_tableau=[*owls, emis, robot])
    g.h_used = [0, 4, 10]  # icons: emissary | emissary, military | emissary x2, veteran
    g.over = True
    sheet = g.smuggler_sheet()
    assert sheet["identical"] == 5
    assert sheet["robots"] == 3
    vets = sum(1 for c in g.s_tableau if P.vet[c])
    mil = sum(1 for c in g.s_tableau if P.prof_of[c] == 1)
    assert sheet["bonus"] == 4 * 1 + mil + vets  # four emissary icons, one Emissary
    assert "missions" not in sheet  # it ignores missions and its captain's track
    out = g.outcome()
    assert out.ranks == (2,)  # the Contrebandier ranks first: not strictly more
    assert out.others == {"Contrebandier": float(sheet["total"])}
    assert out.rewards() == (0.0,)
    assert out.payoffs() == (-1.0,) and out.payoffs("win") == (0.0,)  # a loss, not a tie
    assert out.details["won"] is False
    assert out.details["smuggler"]["total"] == sheet["total"]


def test_smuggler_does_not_act_for_other_seats_or_out_of_turn() -> None:
    g = position(1, planets=PLANETS, hands=[[]])
    g.current = 0
    with pytest.raises(IllegalAction):
        g.apply(0, A.SMUGGLE[(g.h_row[0], 0)])


def test_the_veteran_token_stops_at_the_end_of_the_track() -> None:
    g = position(2, planets=PLANETS, captains=[URSA, 1], hands=[[ROBOT_VETERAN], []], vet=[5, 0])
    g.apply(0, A.LAND[(0, 1, 0)])
    g.apply(0, A.PLAY[ROBOT_VETERAN])
    assert g.vet[0] == 5 and not g.stack
    assert score_sheet(P, g.tableau[0], 5, URSA, [])["captain"] == 12


SPRING = find_card("robot", profession="programmer", effect="remove>take_play")
RHINO_PROGRAMMER = find_card("specialist", "rhino", "programmer", effect="play:robot_or_emissary")


def _replay_position(options: dict[str, str] | None = None) -> tuple[WildSpace, int]:
    """Player 0 holds the Rhino (play a Robot or an Emissary), Robot Ressort (remove a crew
    card, then take and play a card) and an Emissary; the deck and the discard are empty."""
    emissary = next(c for c in P.deck_cards if P.kind[c] == C.K_EMISSARY)
    hand = [RHINO_PROGRAMMER, SPRING, emissary]
    rest = [c for c in P.deck_cards if c not in hand]
    g = position(2, planets=PLANETS, hands=[hand, rest[3:]], reserve=rest[:3], options=options)
    assert g.deck == [] and g.discard == []
    g.apply(0, A.LAND[(0, 1, 0)])  # Aurora right: play a card
    g.apply(0, A.PLAY[RHINO_PROGRAMMER])
    g.apply(0, A.PLAY[SPRING])
    g.apply(0, A.REMOVE[RHINO_PROGRAMMER])  # to the discard, which becomes the deck at once
    assert g.deck == [RHINO_PROGRAMMER]
    g.apply(0, A.TAKE_DECK)
    assert g.tableau[0][-1] == RHINO_PROGRAMMER
    return g, emissary


def test_a_card_laid_again_applies_its_effect_again() -> None:
    """« Quand un effet entraîne la pose d'une autre carte, le joueur peut immédiatement
    appliquer l'effet de cette nouvelle carte » : the Rhino removed by Robot Ressort and
    laid again from the deck is laid, so its effect applies again (nothing in the rulebook
    spends an effect for the turn)."""
    g, emissary = _replay_position()
    assert g.view(0)["pending"] == [
        {"kind": "play", "arg": "robot_or_emissary", "optional": True, "card": RHINO_PROGRAMMER}
    ]
    assert A.PLAY[emissary] in g.legal_actions(0)
    g.apply(0, A.PLAY[emissary])
    assert g.tableau[0][-1] == emissary
    assert not any(e["event"] == "effect_spent" for e in g.log)


def test_option_once_per_turn_spends_an_effect_for_the_turn() -> None:
    """Option ``effects=once_per_turn`` (ours, not the rulebook's): the same Rhino laid again
    in the same turn keeps no effect; the next turn starts afresh."""
    g, emissary = _replay_position({"effects": "once_per_turn"})
    assert g.log[-1]["event"] == "effect_spent" and not g.stack
    assert A.PLAY[emissary] not in g.legal_actions(0)
    g.apply(0, A.END)
    assert g.fx_used == []


def test_a_loop_lasts_while_its_player_applies_the_effect_and_ends_when_they_skip() -> None:
    """« On ne peut utiliser l'effet d'une carte qu'au moment où on la pose, mais il n'est
    jamais obligatoire de le faire » : Robot Ressort removing itself when the deck and the
    discard are empty comes back as the new deck, and may be laid again, as often as its
    player wants; every round offers to skip, and skipping ends the turn's chain. No number
    bounds the rulebook's game (``max_decisions``); ``effects=once_per_turn`` does."""
    rest = [c for c in P.deck_cards if c != SPRING]
    g = position(2, planets=PLANETS, hands=[[SPRING], rest[3:]], reserve=rest[:3])
    g.apply(0, A.LAND[(0, 1, 0)])
    g.apply(0, A.PLAY[SPRING])
    before = (list(g.tableau[0]), list(g.deck), list(g.discard), list(g.stack))
    for _ in range(3):
        assert A.SKIP in g.legal_actions(0)
        g.apply(0, A.REMOVE[SPRING])
        assert g.deck == [SPRING]
        g.apply(0, A.TAKE_DECK)
        assert (list(g.tableau[0]), list(g.deck), list(g.discard), list(g.stack)) == before
    g.apply(0, A.SKIP)
    assert not g.stack and g.legal_actions(0)[0] == A.END
    assert WildSpace.max_decisions(2, g.options) == NO_BOUND
    bounded = {**g.options, "effects": "once_per_turn"}
    assert WildSpace.max_decisions(2, bounded) == 2 * 10 * TURN_BOUND + 11
    h = position(2, planets=PLANETS, hands=[[SPRING], rest[3:]], reserve=rest[:3], options=bounded)
    h.apply(0, A.LAND[(0, 1, 0)])
    h.apply(0, A.PLAY[SPRING])
    h.apply(0, A.REMOVE[SPRING])
    h.apply(0, A.TAKE_DECK)
    assert h.log[-1]["event"] == "effect_spent" and not h.stack
