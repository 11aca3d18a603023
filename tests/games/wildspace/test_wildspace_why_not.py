"""Wild Space: why an action is not legal (``WildSpace.why_not``), the rule it names and what
in the position breaks it, for every kind of action, in French and English, never naming
what the asking seat cannot see."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import spacetable
from spacetable.engine import IllegalAction, InvalidAction, new_game
from spacetable.engine.presentation import presentation
from spacetable.engine.why import Reason
from spacetable.games.wildspace import actions as A
from spacetable.games.wildspace.notation import find_card, position
from spacetable.games.wildspace.rules import WildSpace
from spacetable.games.wildspace.tables import shipped_parts
from spacetable.testing.why_check import CODE, check_why_not

P = shipped_parts()

# Table: Aurora, Haven (start), Kepler ("3"), Orcus ("6"), Titan ("9").
PLANETS = [0, 1, 2, 5, 8]
ALL_UP = [True] * 5
AURORA, HAVEN, KEPLER, CYAN, TELLUS, ORCUS = 0, 1, 2, 3, 4, 5

MONKEY_BOTANIST = find_card("specialist", "monkey", "botanist", effect="play:prof.mechanic")
RHINO_MECHANIC = find_card("specialist", "rhino", "mechanic", effect="discard:any>play:any")
MONKEY_EMISSARY = find_card("emissary", "monkey", effect="draw:1", mission="most:emissary:6")
OWL_MECHANIC = find_card("specialist", "owl", "mechanic", effect="discard:prof.botanist>take_play")
SPRING = find_card("robot", profession="programmer", effect="remove>take_play")


def plain(n: int, exclude: set[int] | None = None) -> list[int]:
    """n filler cards without effect or Veteran status (Specialists, then Emissaries, then
    Robots), none of ``exclude``."""
    out = [
        c
        for kind in ("specialist", "emissary", "robot")
        for c in P.deck_cards
        if P.cards[c].kind == kind and P.effect_of[c] < 0 and not P.vet[c]
    ]
    out = [c for c in out if not exclude or c not in exclude]
    assert len(out) >= n
    return out[:n]


def rules_of(reasons: list[Reason]) -> list[str]:
    return [r.rule for r in reasons]


def said(g: WildSpace, reason: Reason, lang: str) -> str:
    return presentation(g).reason(reason, lang)["detail"]


# ---------------------------------------------------------------------- turn and game
def test_a_legal_action_has_no_reason() -> None:
    g = position(2, planets=PLANETS, hands=[[], []])
    assert g.why_not(0, A.LAND[(AURORA, 0, 0)]) == []
    assert g.why_not(0, "land planet=0 sector=0 option=0") == []


def test_a_malformed_action_or_seat_raises_and_changes_nothing() -> None:
    g = position(2, planets=PLANETS, hands=[[], []])
    before = g.to_json()
    with pytest.raises(InvalidAction):
        g.why_not(0, "land planet=0")
    with pytest.raises(InvalidAction):
        g.why_not(0, {"type": "fly", "planet": 0})
    with pytest.raises(IllegalAction):
        g.why_not(2, A.END)
    assert g.to_json() == before


def test_another_seats_turn_names_the_seat_to_play() -> None:
    g = position(3, planets=PLANETS, hands=[[], [], []], current=2)
    reasons = g.why_not(0, A.LAND[(AURORA, 0, 0)])
    assert reasons == [Reason.of("turn.not-yours", "not_your_turn", seat=2)]
    assert said(g, reasons[0], "en") == "It is Player 2's turn, not yours."
    assert said(g, reasons[0], "fr") == "C'est le tour du Joueur 2, pas le vôtre."


def test_nothing_can_be_done_once_the_game_is_over() -> None:
    g = new_game("wildspace", 2, 1, {"effects": "once_per_turn"})
    rng = random.Random(1)
    while not g.is_over:
        seat = g.to_act[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    for seat in (0, 1):
        assert g.why_not(seat, A.END) == [Reason.of("game.over", "game_over")]


# ---------------------------------------------------------------------- landing
def test_amelie_with_4_crew_cards_is_told_orcus_needs_6() -> None:
    """« Amélie possède 4 cartes Équipage. Elle a donc uniquement accès aux 3 premières
    Planètes » : the fourth needs 6 crew cards; she has 4 (her captain counts)."""
    g = position(2, planets=PLANETS, faceup=ALL_UP, tableaus=[plain(3), []], hands=[[], []])
    assert g.why_not(0, A.LAND[(KEPLER, 1, 0)]) == []
    reasons = g.why_not(0, A.LAND[(ORCUS, 1, 0)])
    assert reasons == [Reason.of("land.threshold", "threshold", planet=ORCUS, need=6, have=4)]
    assert said(g, reasons[0], "en") == "Orcus needs 6 crew cards in front of you; you have 4."
    assert (
        said(g, reasons[0], "fr") == "Orcus demande 6 cartes Équipage devant vous ; vous en avez 4."
    )


def test_amelie_is_told_she_already_has_a_shuttle_on_the_left_sector() -> None:
    """« Comme elle possède déjà une Navette sur le Secteur gauche, elle ne peut se poser que
    sur le Secteur droit » (another player's shuttle there does not block)."""
    robot = next(c for c in P.deck_cards if P.cards[c].kind == "robot" and P.effect_of[c] < 0)
    g = position(
        2,
        planets=PLANETS,
        faceup=ALL_UP,
        tableaus=[[*plain(2), robot], []],
        hands=[[], []],
        spots={(0, 2, 0): 1, (1, 2, 1): 1},
    )
    assert g.why_not(0, A.LAND[(KEPLER, 1, 0)]) == []
    left = g.why_not(0, A.LAND[(KEPLER, 0, 0)])
    assert left == [Reason.of("land.own-sector", "own_sector_landed", planet=KEPLER, side=0)]
    assert said(g, left[0], "en") == "You already have a shuttle on the left sector of Kepler."
    g.spots[0 * 10 + 2 * 2 + 0] = 2  # « qu'elle soit posée ou en exploration »
    assert rules_of(g.why_not(0, A.LAND[(KEPLER, 0, 0)])) == ["land.own-sector"]
    assert g.why_not(0, A.LAND[(KEPLER, 0, 0)])[0].detail == "own_sector_spent"


def test_a_landing_names_every_rule_it_breaks() -> None:
    # two crew cards, a shuttle of hers on Kepler's left, no Robot or Emissary: three rules
    g = position(
        2,
        planets=PLANETS,
        faceup=ALL_UP,
        tableaus=[plain(1), []],
        hands=[[], []],
        spots={(0, 2, 0): 1},
    )
    reasons = g.why_not(0, A.LAND[(KEPLER, 0, 0)])
    assert rules_of(reasons) == ["land.threshold", "land.own-sector", "land.condition"]
    cond = reasons[2]
    assert cond.values["cond"] == "has:robot|has:emissary"
    assert said(g, cond, "en") == (
        "The left sector of Kepler needs a Robot or an Emissary in your crew."
    )
    assert (
        said(g, cond, "fr")
        == "Kepler (secteur gauche) demande un Robot ou un Émissaire dans votre Équipage."
    )


def test_a_sector_action_that_does_not_exist_or_cannot_be_paid() -> None:
    g = position(2, planets=PLANETS, hands=[[], []])
    # Aurora's left sector has one action
    assert g.why_not(0, A.LAND[(AURORA, 0, 1)]) == [
        Reason.of("land.no-action", "no_action", planet=AURORA, side=0, n=1, k=2)
    ]
    # Haven's right sector: play a card, or discard a card to draw 3 (an empty hand cannot pay)
    reasons = g.why_not(0, A.LAND[(HAVEN, 1, 1)])
    assert reasons == [Reason.of("land.cost", "cost_discard", pred="any")]
    assert said(g, reasons[0], "en") == (
        "That action makes you discard a card from your hand, and you have none."
    )


def test_a_sixth_shuttle_cannot_land() -> None:
    spots = {(0, 0, 0): 2, (0, 0, 1): 2, (0, 1, 0): 2, (0, 1, 1): 2, (0, 2, 0): 1}
    g = position(
        2, planets=PLANETS, faceup=ALL_UP, tableaus=[plain(8), []], hands=[[], []], spots=spots
    )
    assert g.why_not(0, A.LAND[(ORCUS, 0, 0)]) == [Reason.of("land.no-shuttle", "no_shuttle", n=5)]


def test_a_face_down_planet_is_named_without_saying_what_lies_there() -> None:
    """The reason against landing on Orcus is the same whether the face-down "6" is Orcus or
    another tile: the seat cannot tell."""
    got = []
    for six in (ORCUS, 6, 7):  # Orcus, Vesta, Zephyr: the three "6" tiles
        g = position(
            2,
            planets=[0, 1, 2, six, 8],
            faceup=[True, True, True, False, False],
            tableaus=[plain(6), []],
            hands=[[], []],
        )
        got.append(g.why_not(0, A.LAND[(ORCUS, 0, 0)]))
    assert (
        got[0]
        == got[1]
        == got[2]
        == [Reason.of("planet.face-down", "face_down", planet=ORCUS, need=6)]
    )
    g = position(2, planets=PLANETS, hands=[[], []])
    assert said(g, got[0][0], "en") == (
        "Orcus is not face up: the planet needing 6 crew cards is still face down."
    )


def test_a_tile_not_in_this_game_names_the_face_up_tile_of_its_number() -> None:
    g = position(2, planets=PLANETS, faceup=ALL_UP, tableaus=[plain(3), []], hands=[[], []])
    reasons = g.why_not(0, A.LAND[(TELLUS, 1, 0)])
    assert reasons == [
        Reason.of("planet.not-in-game", "not_in_game", planet=TELLUS, need=3, other=KEPLER)
    ]
    assert said(g, reasons[0], "fr") == (
        "Tellus n'est pas dans cette partie : la Planète qui demande 3 cartes Équipage est Kepler."
    )


def test_one_shuttle_a_turn() -> None:
    g = position(2, planets=PLANETS, hands=[[], []], deck_top=plain(2))
    g.apply(0, A.LAND[(AURORA, 0, 0)])
    assert g.why_not(0, A.LAND[(HAVEN, 0, 0)]) == [Reason.of("turn.one-shuttle", "one_shuttle")]
    assert rules_of(g.why_not(0, A.EXPLORE[(AURORA, 0, 0)])) == ["turn.one-shuttle"]


# ---------------------------------------------------------------------- exploring
def test_exploring_needs_a_landed_shuttle_and_a_card_to_play() -> None:
    g = position(2, planets=PLANETS, hands=[[], []], spots={(0, 0, 0): 1, (0, 1, 0): 2})
    assert g.why_not(0, A.EXPLORE[(AURORA, 0, 0)]) == []
    assert g.why_not(0, A.EXPLORE[(AURORA, 1, 0)]) == [
        Reason.of("explore.no-shuttle", "explore_none", planet=AURORA, side=1)
    ]
    spent = g.why_not(0, A.EXPLORE[(HAVEN, 0, 0)])
    assert spent == [Reason.of("explore.spent", "explore_spent", planet=HAVEN, side=0)]
    assert said(g, spent[0], "fr") == (
        "Votre Navette sur Havre (secteur gauche) a déjà exploré : elle ne peut plus être utilisée."
    )
    assert g.why_not(0, A.EXPLORE[(AURORA, 0, 1)]) == [
        Reason.of("explore.empty-hand", "explore_empty_hand")
    ]
    # a face-down planet holds no shuttle of hers
    assert rules_of(g.why_not(0, A.EXPLORE[(ORCUS, 0, 0)])) == ["explore.no-shuttle"]


# ---------------------------------------------------------------------- the turn's order
def test_drawing_before_the_shuttle_then_after_everything_is_done() -> None:
    g = position(2, planets=PLANETS, hands=[plain(1), []], deck_top=plain(3, set(plain(1))))
    assert g.why_not(0, A.DRAW_DECK) == [Reason.of("turn.shuttle-first", "shuttle_first")]
    assert g.why_not(0, A.END) == [Reason.of("turn.shuttle-first", "end_early")]
    assert rules_of(g.why_not(0, A.SKIP)) == ["turn.shuttle-first"]
    g.apply(0, A.LAND[(AURORA, 0, 0)])  # draw 2
    g.apply(0, A.DRAW_DECK)
    g.apply(0, A.DRAW_DECK)
    assert g.why_not(0, A.DRAW_DECK) == [Reason.of("turn.done", "turn_done")]
    assert said(g, g.why_not(0, A.USE)[0], "en") == (
        "Your shuttle's action and every effect are done: renew the Reserve or end your turn."
    )


def test_a_turn_without_a_possible_shuttle_move_is_forfeited() -> None:
    spots = {(0, 0, 0): 2, (0, 0, 1): 2, (0, 1, 0): 2, (0, 1, 1): 2}
    g = position(2, planets=PLANETS, hands=[[], []], spots=spots)
    assert g.legal_actions(0) == [A.END]
    assert g.why_not(0, A.TAKE_DECK) == [Reason.of("turn.forfeit", "forfeit")]


def test_amelie_chain_a_monkey_botanist_asks_for_a_mechanic() -> None:
    """« Amélie pose un Singe Botaniste qui lui permet de jouer immédiatement un Mécanicien
    de sa main » : her Monkey Emissary is no Mechanic; what is pending is named."""
    fodder = plain(1)[0]
    hand = [MONKEY_BOTANIST, RHINO_MECHANIC, MONKEY_EMISSARY, fodder]
    g = position(2, planets=PLANETS, hands=[hand, []], deck_top=plain(3, {fodder}))
    g.apply(0, A.LAND[(AURORA, 1, 0)])  # play a card
    g.apply(0, A.PLAY[MONKEY_BOTANIST])
    wrong = g.why_not(0, A.PLAY[MONKEY_EMISSARY])
    assert wrong == [
        Reason.of("play.match", "play_match", card=MONKEY_EMISSARY, pred="prof.mechanic")
    ]
    assert (
        said(g, wrong[0], "en") == "The effect asks for a Mechanic: Monkey Emissary does not fit."
    )
    assert (
        said(g, wrong[0], "fr")
        == "L'effet demande un Mécanicien : Émissaire singe ne convient pas."
    )
    other = plain(2, {fodder})[1]
    assert g.why_not(0, A.PLAY[other]) == [Reason.of("play.not-in-hand", "not_in_hand", card=other)]
    pending = g.why_not(0, A.DRAW_DECK)
    assert rules_of(pending) == ["effect.pending"]
    assert said(g, pending[0], "en") == (
        "First settle what is pending: play a card (Mechanic) or skip (from Monkey Botanist)."
    )
    assert rules_of(g.why_not(0, A.END)) == ["effect.pending"]
    assert g.why_not(0, A.END)[0].detail == "pending_end"
    # the Rhino Mechanic: discard a card from hand to play another
    g.apply(0, A.PLAY[RHINO_MECHANIC])
    assert g.why_not(0, A.PAY[other]) == [Reason.of("pay.not-in-hand", "not_in_hand", card=other)]
    assert rules_of(g.why_not(0, A.REMOVE[MONKEY_BOTANIST])) == ["effect.pending"]
    g.apply(0, A.PAY[fodder])
    g.apply(0, A.PLAY[MONKEY_EMISSARY])
    # « qui lui permet de piocher immédiatement une nouvelle carte »: once used, it draws
    g.apply(0, A.USE)
    reasons = g.why_not(0, A.SKIP)
    assert rules_of(reasons) == ["effect.compulsory"] and reasons[0].detail == "compulsory_draw"
    assert said(g, reasons[0], "en") == (
        "You chose to use this draw: it takes place "
        "(draw 1 more card(s), one at a time (deck or Reserve) (from Monkey Emissary))."
    )


def test_the_planets_action_cannot_be_skipped() -> None:
    g = position(2, planets=PLANETS, hands=[[], []], deck_top=plain(2))
    g.apply(0, A.LAND[(AURORA, 0, 0)])  # draw 2
    reasons = g.why_not(0, A.SKIP)
    assert rules_of(reasons) == ["effect.compulsory"] and reasons[0].detail == "compulsory_planet"
    assert said(g, reasons[0], "fr").startswith(
        "Cela vient de l'action de votre Navette, qui n'est pas facultative : piocher encore 2"
    )


def test_a_cost_asks_for_a_card_of_its_kind() -> None:
    botanist = find_card("specialist", "bear", "botanist")
    pilot = find_card("specialist", "bear", "pilot")
    hand = [OWL_MECHANIC, botanist, pilot]
    g = position(2, planets=PLANETS, hands=[hand, []])
    g.apply(0, A.LAND[(AURORA, 1, 0)])
    g.apply(0, A.PLAY[OWL_MECHANIC])  # discard a Botanist to take and play a card
    assert g.why_not(0, A.PAY[botanist]) == []
    reasons = g.why_not(0, A.PAY[pilot])
    assert reasons == [Reason.of("pay.match", "pay_match", card=pilot, pred="prof.botanist")]
    assert said(g, reasons[0], "en") == (
        "The cost asks you to discard a Botanist: Bear Pilot does not fit."
    )


def test_removing_needs_a_card_of_your_own_crew() -> None:
    mine = plain(1)[0]
    theirs = plain(2)[1]
    g = position(2, planets=PLANETS, tableaus=[[mine], [theirs]], hands=[[SPRING], []])
    g.apply(0, A.LAND[(AURORA, 1, 0)])
    g.apply(0, A.PLAY[SPRING])  # remove a crew card to take and play a card
    assert g.why_not(0, A.REMOVE[mine]) == []
    assert g.why_not(0, A.REMOVE[theirs]) == [
        Reason.of("remove.not-in-crew", "not_in_crew", card=theirs)
    ]
    assert rules_of(g.why_not(0, A.PAY[mine])) == ["effect.pending"]


def test_an_empty_deck_and_an_empty_reserve_slot() -> None:
    """Every card in a hand or the Reserve: the deck and the discard are empty."""
    rest = list(P.deck_cards)
    g = position(2, planets=PLANETS, hands=[[], rest[3:]], reserve=rest[:3])
    assert g.deck == [] and g.discard == []
    g.apply(0, A.LAND[(AURORA, 0, 0)])  # draw 2
    assert g.why_not(0, A.DRAW_DECK) == [Reason.of("draw.deck-empty", "deck_empty")]
    g.apply(0, A.DRAW_RESERVE[0])
    assert g.reserve[0] == -1
    reasons = g.why_not(0, A.DRAW_RESERVE[0])
    assert reasons == [Reason.of("draw.reserve-empty", "reserve_empty", slot=1)]
    assert said(g, reasons[0], "fr") == "La case 1 de la Réserve est vide."
    assert rules_of(g.why_not(0, A.TAKE_RESERVE[1])) == ["effect.pending"]


def test_renewing_needs_a_card_of_your_hand() -> None:
    mine, other = plain(2)
    g = position(2, planets=PLANETS, hands=[[mine], []])
    assert g.why_not(0, A.RENEW[mine]) == []
    assert g.why_not(0, A.RENEW[other]) == [
        Reason.of("renew.not-in-hand", "not_in_hand", card=other)
    ]
    assert rules_of(g.why_not(1, A.RENEW[mine])) == ["turn.not-yours"]


def test_a_reason_never_tells_where_a_card_the_seat_cannot_see_lies() -> None:
    """Player 1 renewing with a card of player 0's hidden hand is told what it is told of a
    card of the deck: it is not in their hand."""
    hidden, in_deck = plain(2)
    g = position(2, planets=PLANETS, hands=[[hidden], []], current=1)
    a = g.why_not(1, A.RENEW[hidden])
    b = g.why_not(1, A.RENEW[in_deck])
    assert a == [Reason.of("renew.not-in-hand", "not_in_hand", card=hidden)]
    assert b == [Reason.of("renew.not-in-hand", "not_in_hand", card=in_deck)]
    for seed in range(5):
        other = g.determinize(1, random.Random(seed))
        assert other.why_not(1, A.RENEW[hidden]) == a


# ---------------------------------------------------------------------- solo
def _solo(options: dict[str, str] | None = None) -> WildSpace:
    g = position(1, planets=PLANETS, hands=[[]], options=options)
    g.h_row = [3, 4]  # Toxic Swamp, Pirate Fortress
    g.h_deck = [0, 1, 5]
    g.h_used = [0, 1, 3, 4, 5]
    return g


def test_solo_turns_alternate_with_the_contrebandier() -> None:
    g = _solo()
    smuggle = A.SMUGGLE[(3, 0)]
    reasons = g.why_not(0, smuggle)
    assert reasons == [Reason.of("solo.alternate", "player_turn")]
    assert said(g, reasons[0], "en") == "It is your own turn: the Contrebandier plays after you."
    g.current = 1
    assert g.why_not(0, smuggle) == []
    reasons = g.why_not(0, A.LAND[(AURORA, 0, 0)])
    assert reasons == [Reason.of("solo.alternate", "smuggler_turn")]
    assert said(g, reasons[0], "fr").startswith("C'est le tour du Contrebandier")


def test_the_contrebandiers_moves_on_its_hostile_planets() -> None:
    g = _solo()
    g.current = 1
    g.h_state[3] = 1  # its shuttle is on Toxic Swamp
    assert g.why_not(0, A.SMUGGLE[(3, 0)]) == [
        Reason.of("smuggle.land-taken", "hostile_land_taken", hostile=3)
    ]
    empty = g.why_not(0, A.SMUGGLE[(4, 1)])
    assert empty == [Reason.of("smuggle.explore-empty", "hostile_explore_empty", hostile=4)]
    assert said(g, empty[0], "en") == (
        "The Contrebandier has no shuttle on Pirate Fortress to explore: land on it first."
    )
    g.apply(0, A.SMUGGLE[(3, 1)])  # explored: set aside, Black Nebula revealed
    g.apply(0, A.LAND[(AURORA, 0, 0)])  # draw 2
    g.apply(0, A.DRAW_DECK)
    g.apply(0, A.DRAW_DECK)
    g.apply(0, A.END)
    assert g.smuggler_turn and g.h_aside == [3]
    assert g.why_not(0, A.SMUGGLE[(3, 1)]) == [
        Reason.of("smuggle.set-aside", "hostile_aside", hostile=3)
    ]
    # Grey Asteroid is in its deck, Giant Volcano in no deck: the same answer for both
    for h in (0, 9):
        assert g.why_not(0, A.SMUGGLE[(h, 0)]) == [
            Reason.of("smuggle.not-revealed", "hostile_hidden", hostile=h)
        ]
        for seed in range(4):
            assert g.determinize(0, random.Random(seed)).why_not(0, A.SMUGGLE[(h, 0)]) == [
                Reason.of("smuggle.not-revealed", "hostile_hidden", hostile=h)
            ]


def test_the_contrebandier_has_five_shuttles() -> None:
    g = _solo()
    g.current = 1
    for h in (0, 1, 2, 6, 7):  # five landed (set aside after exploring)
        g.h_state[h] = 2
    g.h_aside = [0, 1, 2, 6, 7]
    assert g.why_not(0, A.SMUGGLE[(3, 0)]) == [
        Reason.of("smuggle.no-shuttle", "hostile_no_shuttle", n=5)
    ]


def test_the_automatic_contrebandier_and_the_games_of_several() -> None:
    g = _solo({"smuggler": "auto"})
    reasons = g.why_not(0, A.SMUGGLE[(3, 0)])
    assert reasons == [Reason.of("solo.auto", "smuggler_auto")]
    assert said(g, reasons[0], "en") == (
        "The Contrebandier plays by itself in this game (automatic Contrebandier option)."
    )
    g2 = position(3, planets=PLANETS, hands=[[], [], []])
    reasons = g2.why_not(0, A.SMUGGLE[(3, 0)])
    assert reasons == [Reason.of("solo.only", "solo_only", players=3)]
    assert said(g2, reasons[0], "fr") == (
        "Il n'y a pas de Contrebandier dans une partie à 3 joueurs : "
        "c'est l'adversaire du mode solo."
    )


# ---------------------------------------------------------------------- components
def test_the_components_an_action_is_about_are_the_pieces_pressed() -> None:
    g = position(2, planets=PLANETS, hands=[[], []])
    assert g.action_components(A.LAND[(KEPLER, 1, 0)]) == ("planet:2",)
    assert g.action_components(A.EXPLORE[(KEPLER, 1, 1)]) == ("planet:2",)
    for act in (A.PLAY, A.PAY, A.RENEW, A.REMOVE):
        assert g.action_components(act[40]) == ("card:40",)
    assert g.action_components(A.SMUGGLE[(7, 1)]) == ("hostile:7",)
    for a in (A.DRAW_DECK, A.DRAW_RESERVE[0], A.TAKE_DECK, A.TAKE_RESERVE[2], A.USE, A.SKIP, A.END):
        assert g.action_components(a) == ()


def test_a_planet_out_of_reach_says_why() -> None:
    g = position(2, planets=PLANETS, faceup=ALL_UP, tableaus=[plain(3), []], hands=[[], []])
    assert g.why_not_component(0, "planet:2") == []  # Kepler: 4 crew cards reach it
    reasons = g.why_not_component(0, "planet:5")
    assert reasons[0] == Reason.of("land.threshold", "threshold", planet=ORCUS, need=6, have=4)


# ---------------------------------------------------------------------- every action
@pytest.mark.parametrize(
    ("players", "options"),
    [(1, {}), (1, {"smuggler": "auto", "difficulty": "hard"}), (2, {}), (4, {})],
)
def test_every_illegal_action_of_the_whole_space_has_a_reason_drawn_in_both_languages(
    players: int, options: dict[str, str]
) -> None:
    """At positions of random games, every action of the action space that is not legal,
    for every seat, has a reason naming a rule, drawn in both languages without code words."""
    rules = WildSpace.rules()
    assert rules is not None
    for seed in range(2):
        g = new_game("wildspace", players, seed, {**options, "effects": "once_per_turn"})
        pres = presentation(g)
        rng = random.Random(seed)
        space = g.action_space.actions
        while not g.is_over:
            if rng.random() < 0.15:
                for s in range(players):
                    legal = set(g.legal_actions(s))
                    for a in space:
                        if a in legal:
                            continue
                        reasons = g.why_not(s, a)
                        assert reasons, (s, a.text())
                        for r in reasons:
                            assert r.rule in rules
                            for lang in ("en", "fr"):
                                text = pres.reason(r, lang)["detail"]
                                assert text and not CODE.search(text), text
            seat = g.to_act[0]
            g.apply(seat, rng.choice(g.legal_actions(seat)))


def test_the_conformance_check_with_the_automatic_contrebandier() -> None:
    report = check_why_not("wildspace", 1, {"smuggler": "auto"}, seed=5, illegal_per_seat=40)
    assert report.illegal > 20
    assert ("solo.auto", "smuggler_auto") in report.reasons


def test_a_sector_action_with_a_removal_cost_a_lone_captain_cannot_pay(tmp_path: Path) -> None:
    """No shipped sector asks to remove a crew card; a box owner's corrected tile may:
    Aurora's left sector « remove a crew card to draw 2 » cannot be chosen by a crew of one
    (the captain never leaves it)."""
    spacetable.load_data("wildspace").export(tmp_path)
    path = tmp_path / "planets.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines = [
        line.replace("0,0,,draw:2,", "0,0,,remove>draw:2,", 1) if line.startswith("0,") else line
        for line in lines
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    data = spacetable.load_data("wildspace", tmp_path)
    g = position(2, planets=PLANETS, hands=[[], []], data=data)
    assert g.parts.sector_text[AURORA][0] == ("remove>draw:2",)
    reasons = g.why_not(0, A.LAND[(AURORA, 0, 0)])
    assert reasons == [Reason.of("land.cost", "cost_remove")]
    assert said(g, reasons[0], "en") == (
        "That action makes you remove a crew card, and your captain, who never leaves, "
        "is your only one."
    )
    g.tableau[0].append(plain(1)[0])
    assert g.why_not(0, A.LAND[(AURORA, 0, 0)]) == []
