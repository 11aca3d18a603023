"""Wild Space: both sides of every boundary the rulebook states (a limit reached and not
reached, a count at n and n + 1, a threshold at its value and one below), each written from
the rulebook's words (``shared/seeds/000_2f1ee42723f5436f.txt``)."""

from __future__ import annotations

import pytest

from spacetable.games.wildspace import actions as A
from spacetable.games.wildspace import components as C
from spacetable.games.wildspace.constants import F_USE_DRAW, SRC_TRACK, End
from spacetable.games.wildspace.notation import find_card, find_cards, position
from spacetable.games.wildspace.rules import WildSpace
from spacetable.games.wildspace.scoring import mission_value, score_sheet, track_credits
from spacetable.games.wildspace.tables import shipped_parts

P = shipped_parts()

# Table: Aurora, Haven (start), Kepler ("3"), Orcus ("6"), Titan ("9").
PLANETS = [0, 1, 2, 5, 8]
ALL_UP = [True] * 5
URSA = 0  # track: draw 2; play a Veteran; draw 2; take and play; draw 3 - boxes 2, 4, 6
ROBOT_VETERAN = find_card("robot", veteran=True, effect=None, credits=2)


def plain(n: int) -> list[int]:
    """n filler cards without effect or Veteran medal: Specialists, Emissaries, Robots."""
    out = [
        c
        for kind in (C.K_SPECIALIST, C.K_EMISSARY, C.K_ROBOT)
        for c in P.deck_cards
        if P.kind[c] == kind and P.effect_of[c] < 0 and not P.vet[c]
    ]
    assert len(out) >= n
    return out[:n]


def lands(g: WildSpace, seat: int) -> set[int]:
    return {a.planet for a in g.legal_actions(seat) if isinstance(a, A.Land)}


# ---------------------------------------------------------------------- the Veteran track
@pytest.mark.parametrize("before", [3, 4, 5])
def test_a_veteran_moves_the_token_up_to_the_last_step_and_no_further(before: int) -> None:
    """« Chaque fois qu'un joueur pose une carte Vétéran … il avance son jeton Vétéran d'une
    case » on a track of 5 steps: from step 4 the token reaches the last step (and its
    effect, Ursa's "draw 3"); from step 5 it stays and nothing happens."""
    g = position(
        2,
        planets=PLANETS,
        captains=[URSA, 1],
        hands=[[ROBOT_VETERAN], []],
        vet=[before, 0],
        deck_top=plain(4),
    )
    g.apply(0, A.LAND[(0, 1, 0)])  # Aurora right: play a card
    g.apply(0, A.PLAY[ROBOT_VETERAN])
    moved = [e["step"] for e in g.log if e["event"] == "veteran"]
    length = len(P.track[URSA])
    assert length == 5
    if before < length:
        assert g.vet[0] == before + 1 and moved == [before + 1]
        step_effect = P.effects[P.track[URSA][before]]
        assert g.stack[-1][3] == SRC_TRACK - (before + 1)
        if before + 1 == length:  # the last step: "draw 3"
            assert step_effect[2:] == (C.B_DRAW, 3)
            assert g.stack[-1][:2] == (F_USE_DRAW, 3)
    else:
        assert g.vet[0] == length and moved == [] and not g.stack


def test_track_credits_count_each_box_reached_or_passed() -> None:
    """« Le jeton Vétéran rapporte des Crédits s'il a atteint ou dépassé la case » (boxes of 2,
    4 and 6 credits on steps 2, 4 and 5): one step before a box it does not count yet."""
    assert [track_credits(P, URSA, v) for v in range(len(P.track[URSA]) + 1)] == [0, 0, 2, 2, 6, 12]
    crew = [URSA]
    assert score_sheet(P, crew, 4, URSA, [])["captain"] == 6
    assert score_sheet(P, crew, 5, URSA, [])["captain"] == 12


# ---------------------------------------------------------------------- planets and shuttles
@pytest.mark.parametrize(("position_", "threshold"), [(2, 3), (3, 6), (4, 9)])
def test_a_face_down_planet_is_revealed_when_the_crew_reaches_its_number(
    position_: int, threshold: int
) -> None:
    """« S'il en possède au moins autant que le chiffre indiqué sur une Planète face cachée,
    celle-ci est retournée » (counting the Captain): at the number, not one below."""
    for crew, revealed in ((threshold - 1, False), (threshold, True)):
        faceup = [True, True, False, False, False]
        faceup[:position_] = [True] * position_
        g = position(
            2, planets=PLANETS, faceup=faceup, tableaus=[plain(crew - 1), []], hands=[[], []]
        )
        g.main_done = True
        g.apply(0, A.END)
        assert g.faceup[position_] is revealed, (crew, threshold)


def test_landing_needs_the_planets_number_of_crew_cards() -> None:
    """A planet "3" can be landed on with 3 crew cards (the Captain counts), not with 2."""
    for crew, reachable in ((2, False), (3, True)):
        g = position(2, planets=PLANETS, faceup=ALL_UP, tableaus=[plain(crew - 1), []])
        assert (2 in lands(g, 0)) is reachable  # Kepler's right sector has no condition


def test_the_fifth_shuttle_can_land_but_not_a_sixth() -> None:
    """Each player has 5 Navettes: with 4 on the table a new one can land; with 5, only
    exploring is left."""
    spots = {(0, 0, 0): 2, (0, 0, 1): 2, (0, 1, 0): 2, (0, 1, 1): 2}
    g = position(2, planets=PLANETS, faceup=ALL_UP, tableaus=[plain(9), []], spots=spots)
    assert g.shuttles_left(0) == 1 and lands(g, 0)
    g = position(
        2, planets=PLANETS, faceup=ALL_UP, tableaus=[plain(9), []], spots={**spots, (0, 2, 1): 1}
    )
    assert g.shuttles_left(0) == 0 and not lands(g, 0)
    assert g.legal_actions(0)[0] == A.EXPLORE[(2, 1, 0)]


# ---------------------------------------------------------------------- the end
@pytest.mark.parametrize(("turns", "over"), [([10, 10, 9], True), ([10, 9, 9], False)])
def test_the_game_ends_when_every_shuttle_was_used_twice(turns: list[int], over: bool) -> None:
    """« La partie prend fin quand tous les joueurs ont utilisé toutes leurs Navettes deux
    fois … 10 tours »: the last player's tenth turn ends it, not the one before."""
    current = turns.index(9)
    g = position(3, planets=PLANETS, turns=turns, current=current)
    g.main_done = True
    g.apply(current, A.END)
    assert g.is_over is over
    if over:
        assert g.outcome().reason == End.ALL_SHUTTLES_USED
    else:
        assert g.current == current + 1 and g.to_act == [current + 1]


@pytest.mark.parametrize(
    ("turns", "s_turns", "current", "over"),
    [(10, 9, 1, True), (9, 10, 0, True), (9, 9, 1, False), (9, 9, 0, False)],
)
def test_solo_ends_when_both_played_ten_turns(
    turns: int, s_turns: int, current: int, over: bool
) -> None:
    """« Vous alternez les tours de jeu avec lui jusqu'à ce que vous ayez chacun joué 10
    tours »."""
    g = position(1, planets=PLANETS, hands=[[]], turns=[turns], current=current)
    g.s_turns = s_turns
    if current == 1:
        g.apply(0, g.legal_actions(0)[0])  # the Contrebandier's move
    else:
        g.main_done = True
        g.apply(0, A.END)
    assert g.is_over is over
    if over:
        assert g.outcome().reason in (End.SMUGGLER_BEATEN, End.SMUGGLER_WINS)


# ---------------------------------------------------------------------- scoring
def test_the_third_identical_animal_scores_not_the_second() -> None:
    """« le 3e Animal et les suivants vous rapportent 5 Crédits chacun »."""
    owls = [c for c in P.deck_cards if P.species_of[c] == C.SPECIES.index("owl")]
    bear_captain = URSA  # a Bear: not an Owl
    assert score_sheet(P, [bear_captain, *owls[:2]], 0, URSA, [])["identical"] == 0
    assert score_sheet(P, [bear_captain, *owls[:3]], 0, URSA, [])["identical"] == 5
    assert score_sheet(P, [bear_captain, *owls[:4]], 0, URSA, [])["identical"] == 10


def test_a_set_needs_all_six_species() -> None:
    """« Chaque série complète de 6 Animaux différents … 15 Crédits »: five species score no
    set, the sixth completes it."""
    one_each = [
        next(c for c in P.deck_cards if P.species_of[c] == s and P.kind[c] == C.K_SPECIALIST)
        for s in range(len(C.SPECIES))
    ]
    bear = C.SPECIES.index("bear")
    no_bear = [c for c in one_each if P.species_of[c] != bear]
    robot = find_cards("robot")[0]
    assert score_sheet(P, [robot, *no_bear], 0, URSA, [])["sets"] == 0
    assert score_sheet(P, [robot, *one_each], 0, URSA, [])["sets"] == 15


def test_strictly_the_most_a_tie_does_not_score() -> None:
    """« 5 Crédits au joueur qui possède strictement le plus d'Informaticiens »: n against n
    scores nothing, n + 1 against n scores; zero never scores."""
    most = C.parse_mission("most:prof.programmer:5")
    prog = [c for c in P.deck_cards if P.prof_of[c] == C.PROFESSIONS.index("programmer")]
    mine2, mine3, theirs2 = prog[:2], prog[:3], prog[3:5]
    assert mission_value(P, most, mine2, [theirs2]) == 0
    assert mission_value(P, most, mine3, [theirs2]) == 5
    assert mission_value(P, most, mine2, [theirs2[:1], []]) == 5
    assert mission_value(P, most, [], [[]]) == 0


def test_in_solo_a_tie_with_the_contrebandier_does_not_score_strictly_the_most() -> None:
    emissary_most = find_card("emissary", mission="most:emissary:6")
    others = [c for c in find_cards("emissary") if c != emissary_most]
    for theirs, credits in ((others[:2], 0), (others[:1], 6)):
        g = position(1, hands=[[]], tableaus=[[emissary_most, others[2]]], smuggler_tableau=theirs)
        detail = dict(g.score_sheet(0)["mission_detail"])
        assert detail[emissary_most] == credits


def test_a_set_mission_scores_at_its_size_not_one_below() -> None:
    botanists = [c for c in P.deck_cards if P.prof_of[c] == C.PROFESSIONS.index("botanist")]
    sets = C.parse_mission("set:prof.botanist:3:5")
    assert [mission_value(P, sets, botanists[:n], []) for n in (2, 3, 5, 6)] == [0, 5, 5, 10]
    allprof = C.parse_mission("allprof:8")
    one_each = [next(c for c in P.deck_cards if P.prof_of[c] == p) for p in range(6)]
    assert mission_value(P, allprof, one_each[:5], []) == 0
    assert mission_value(P, allprof, one_each, []) == 8


# ---------------------------------------------------------------------- the Contrebandier
def test_the_contrebandier_lands_its_fifth_shuttle_but_not_a_sixth() -> None:
    """« placez les 5 Navettes correspondantes à côté des cartes Planète Hostile »; a new
    Navette lands « en bas d'une Planète Hostile qui n'en contient pas encore »."""
    for used, can_land in ((4, True), (5, False)):
        g = position(1, planets=PLANETS, hands=[[]])
        g.h_row, g.h_deck = [3, 4], [0, 1, 5]
        g.h_state = [0] * C.N_HOSTILE
        g.h_state[4] = 1  # landed on the second revealed card: it may explore it
        for h in (6, 7, 8, 9, 10, 11)[: used - 1]:
            g.h_state[h] = 2  # shuttles set aside with explored cards
        g.current = 1
        legal = set(g.legal_actions(0))
        assert (A.SMUGGLE[(3, 0)] in legal) is can_land
        assert A.SMUGGLE[(4, 1)] in legal and A.SMUGGLE[(4, 0)] not in legal


@pytest.mark.parametrize(("extra", "won"), [(False, False), (True, True)])
def test_you_win_solo_only_with_strictly_more_credits(extra: bool, won: bool) -> None:
    """« Vous l'emportez si vous terminez la partie avec plus de Crédits que le
    Contrebandier »: a tie is a loss, one credit more a win."""
    four_a, four_b = find_cards("robot", credits=4)
    one = find_cards("robot", credits=1)[0]
    g = position(1, hands=[[]], tableaus=[[four_a, one] if extra else [four_a]])
    g.s_tableau = [g.s_captain, four_b]
    g.h_used = []  # no bonus icons: the Contrebandier scores its Robot only
    g.over = True
    out = g.outcome()
    mine = out.scores[0]
    theirs = out.others["Contrebandier"]
    assert mine - theirs == (1.0 if extra else 0.0)
    assert out.details["won"] is won and out.ranks == ((1,) if won else (2,))
    assert out.reason == (End.SMUGGLER_BEATEN if won else End.SMUGGLER_WINS)


@pytest.mark.parametrize("matching", [0, 1, 2])
def test_the_contrebandier_scores_one_credit_per_icon_and_matching_card(matching: int) -> None:
    """« Chaque Émissaire de son Équipage lui rapporte 1 Crédit par icône correspondante »."""
    emissaries = find_cards("emissary")
    icon_cards = [h for h in range(C.N_HOSTILE) if P.h_bonus[h] == ("emissary",)]
    assert icon_cards, "a Hostile Planet with one Emissary icon"
    g = position(1, hands=[[]], smuggler_tableau=emissaries[:matching])
    g.h_used = icon_cards[:1]
    assert g.smuggler_sheet()["bonus"] == matching
