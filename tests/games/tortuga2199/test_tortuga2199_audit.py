"""Rule sentences checked by the audit that had no test of their own."""

from __future__ import annotations

from spacetable.games.tortuga2199 import constants as K

from .tortuga_helpers import A, P, card, do, position, texts

EXT, MAN, PILLARD = card("extraction"), card("manoeuvre"), card("pillard")


def test_combat_abilities_do_nothing_when_the_card_is_played() -> None:
    # "Les capacités de Combat d'une carte ... ne peuvent être utilisées qu'au cours de
    # combats contre les vaisseaux spatiaux des autres joueurs."
    g = position(hand=[PILLARD], pos=0)
    do(g, A.PLAY[PILLARD])
    assert (g.crypto, g.mano) == (0, P.mano[PILLARD]) and g.phase == K.MAIN


def test_discards_and_destroyed_cards_are_open_to_all() -> None:
    # "Vous pouvez regarder les cartes de votre défausse à n'importe quel moment ainsi que
    # toutes les cartes qui ont été retirées du jeu"; the discard is "face visible".
    g = position(hand=[EXT, MAN, MAN], pos=0)
    do(g, A.PLAY[EXT], A.PLAY[MAN], A.PLAY[MAN], A.DESTROY[EXT], A.END)
    for seat in (None, 0, 1, 2, 3):
        v = g.view(seat)
        assert v["destroyed"] == [EXT]
        assert v["players"][0]["discard"] == sorted(g.discard[0])


def test_usurper_with_fifteen_after_tortuga_wins_at_once() -> None:
    # "Dès que le secteur Tortuga est conquis par un joueur, si celui-ci a 15 points
    # d'Influence suite à cette conquête, il gagne immédiatement la partie."
    g = position(players=3, hand=[], pos=0)
    g.infl[0] = 12
    g.mano = 15
    do(g, A.CONQUER)
    assert g.is_over and g.reason == "influence" and g.outcome().winners == (0,)


def test_fifteen_during_the_last_round_wins_at_once() -> None:
    # "Si un joueur parvient à atteindre 15 points d'Influence au cours de son tour, il
    # l'emporte immédiatement."
    g = position(players=3, hand=[], pos=0)
    g.mano = 15
    do(g, A.CONQUER, A.END)
    assert g.cur == 1 and not g.is_over
    g.pos[1] = 0
    g.infl[1] = 14
    g.crypto = 7
    do(g, A.BUY_INFLUENCE)
    assert g.is_over and g.outcome().winners == (1,) and g.reason == "influence"


def test_a_ship_in_the_hold_buys_nothing_and_does_no_map_action() -> None:
    # Buying is "dans le secteur où vous vous trouvez actuellement avec votre vaisseau";
    # reinforcing needs no ship ("Il n'est pas nécessaire que votre vaisseau soit présent").
    g = position(hand=[], pos=1)
    g.pos[0] = -1
    g.ctrl[2] = 0
    g.crypto, g.mano = 10, 10
    legal = texts(g)
    assert not any(t.startswith(("buy", "move", "collect", "probe", "conquer")) for t in legal)
    assert "reinforce sector=2 to=3" in legal


def test_renewal_keeps_two_face_up_cards_and_the_card_goes_under_the_deck() -> None:
    # "placer une des cartes face visible ... tout en bas de sa pioche puis la remplacer par
    # la première carte de la pioche de ce secteur"
    g = position(hand=[], pos=8)  # Vortex
    g.crypto = 1
    old = g.mface[0][0]
    top = g.mdeck[0][-1]
    size = len(g.mdeck[0])
    do(g, A.RENEW[old])
    assert g.mdeck[0][0] == old and top in g.mface[0] and len(g.mface[0]) == 2
    assert len(g.mdeck[0]) == size and g.crypto == 0
    assert g.view(2)["markets"]["V"]["known_bottom"] == [old]
