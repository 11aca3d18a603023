"""The worked examples of the Tortuga 2199 rulebook, replayed move by move."""

from __future__ import annotations

from spacetable.games.tortuga2199 import constants as K

from .tortuga_helpers import A, P, card, cards, do, position, texts

EXT, MAN, BOO = card("extraction"), card("manoeuvre"), card("booster")
HACKER, GARDE, MERC = card("hacker"), card("garde"), card("mercenaire")
ROBOT = card("robot")


def test_example_play_and_buy_at_a_trade_terminal() -> None:
    # "un joueur décide de jouer les 5 cartes de sa main : quatre cartes Extraction et une
    # carte Manœuvre ... 4 Cryptos et 1 Manœuvre ... Se déplacer ... un Terminal commercial
    # ... il achète 2 cartes Hacker ... en dépensant 2 Cryptos par carte."
    g = position(hand=[EXT, EXT, EXT, EXT, MAN], pos=0)
    for c in [EXT, EXT, EXT, EXT, MAN]:
        do(g, A.PLAY[c])
    assert (g.crypto, g.mano) == (4, 1)
    assert g.kinds[1] == K.K_TERMINAL
    do(g, A.MOVE[1])
    assert g.pos[0] == 1 and g.mano == 0
    do(g, A.BUY[HACKER], A.BUY[HACKER])
    assert g.crypto == 0
    assert g.discard[0].count(HACKER) == 2
    assert g.tpile[P.t_cards.index(HACKER)] == P.count[HACKER] - 2
    do(g, A.END)
    # Played cards and the bought Hackers are in the discard; 5 new cards in hand.
    assert len(g.hand[0]) == 5
    assert sorted(g.discard[0]) == sorted([EXT, EXT, EXT, EXT, MAN, HACKER, HACKER])
    assert g.cur == 1


def test_example_collect_and_spend_minerals_and_probe_a_robot() -> None:
    # Three Manœuvre and one Extraction: 3 Manoeuvre and 1 Crypto; move to a Terminal,
    # collect its mineral, Booster two sectors to the Vortex, probe: a Robot (difficulty 2);
    # then buy the Mercenaire (V) for 2 Crypto: 1 from Extraction and 1 from the mineral.
    g = position(hand=[MAN, MAN, MAN, EXT, BOO], pos=0)
    g.hunt[8] = ROBOT
    g.mface[0] = [MERC, card("saboteur")]
    for c in [MAN, MAN, MAN, EXT]:
        do(g, A.PLAY[c])
    assert (g.crypto, g.mano) == (1, 3)
    do(g, A.MOVE[1], A.COLLECT)
    assert g.minerals[0] == 1 and g.mineral[1] == 0 and g.mano == 1
    do(g, A.PLAY[BOO])
    assert g.lay.dist[1][8] == 2
    do(g, A.AB_SECTOR["move"][8])  # the Booster's only ability: the window closes itself
    assert g.pos[0] == 8 and g.phase == 2 and g.mano == 1
    do(g, A.PROBE)  # "il repose le jeton ... et place dessus un marqueur coloré"
    assert g.phase == K.MARK and g.probes[8] == 0
    do(g, A.MARKER)
    assert g.mano == 0 and g.probes[8] == 1 and g.phase == K.MAIN
    assert g.view(0)["sectors"][8]["creature"] == ROBOT
    assert g.view(1)["sectors"][8]["creature"] is None
    assert g.view(1)["sectors"][8]["markers"] == [0]
    assert g.log_for(0)[-2]["creature"] == ROBOT
    assert "creature" not in g.log_for(1)[-2]
    assert P.difficulty[ROBOT] == 2
    do(g, A.SPEND_MINERAL)
    assert g.crypto == 2 and g.depot == 1 and g.minerals[0] == 0
    do(g, A.BUY[MERC])
    assert g.crypto == 0 and MERC in g.discard[0]
    assert len(g.mface[0]) == 2  # replaced from the Vortex deck


def test_example_reserve_and_destroy() -> None:
    # 2 Extraction and 3 Manœuvre: play 2 Extraction (2 Crypto), reserve a Manœuvre for
    # 2 Crypto, play two Manœuvre, destroy a played Extraction for 2 Manoeuvre.
    g = position(hand=[EXT, EXT, MAN, MAN, MAN], pos=0)
    do(g, A.PLAY[EXT], A.PLAY[EXT])
    do(g, A.RESERVE[MAN])
    assert g.crypto == 0 and g.reserve[0] == MAN
    assert not any(t.startswith("reserve") for t in texts(g))  # one Reserved card at a time
    do(g, A.PLAY[MAN], A.PLAY[MAN])
    do(g, A.DESTROY[EXT])
    assert g.mano == 0 and g.destroyed == [EXT] and g.played[0] == [EXT, MAN, MAN]
    do(g, A.END)
    assert g.reserve[0] == MAN  # the Reserved card stays in the Reserve
    assert g.view(1)["players"][0]["reserved"] is True
    assert g.view(1)["reserved_card"] is None


def test_example_takeback_capture_robot_and_conquer_unguarded_terminal() -> None:
    g = position(hand=[MAN, MAN, MAN, GARDE, MERC], pos=8)
    g.reserve[0] = BOO
    g.hunt[8] = ROBOT
    g.probes[8] = g.seen[8] = 1  # probed by seat 0 earlier
    # An unguarded Terminal three sectors away, controlled by seat 1 at Defence 5.
    g.ctrl[5] = 1
    g.defence[5] = 5
    g.pos[1] = 0
    assert g.kinds[5] == K.K_TERMINAL and g.lay.dist[8][5] == 3
    do(g, A.TAKEBACK)
    assert len(g.hand[0]) == 6
    for c in [MAN, MAN, MAN, GARDE, MERC]:
        do(g, A.PLAY[c])
    assert g.mano == 8
    bank = g.bank
    do(g, A.CAPTURE)
    assert g.mano == 6 and g.infl[0] == 1 and g.bank == bank - 1
    assert g.htokens[0] == [ROBOT] and ROBOT in g.discard[0]
    assert ROBOT not in g.hunt_pile and g.hunt[8] == -1 and g.probes[8] == 0
    do(g, A.PLAY[BOO], A.AB_SECTOR["move"][5])
    assert g.pos[0] == 5
    assert "conquer" in texts(g)
    do(g, A.CONQUER)
    assert g.mano == 0 and g.ctrl[5] == 0 and g.defence[5] == 6
    assert g.crypto == 1  # the Terminal bonus is usable at once
    assert g.total(1) == 0 and g.total(0) == 1 + P.kind_influence[K.K_TERMINAL]


def test_example_combat_at_the_mines() -> None:
    g = position(hand=[HACKER, HACKER, GARDE, GARDE, MERC], pos=8)
    g.reserve[0] = BOO
    g.ctrl[8] = 0
    g.defence[8] = 5
    g.ctrl[9] = 1
    g.defence[9] = 5
    g.pos[1] = 9
    g.infl[1] = 1
    g.hand[1] = [MAN, MERC, MERC, EXT, EXT]
    g.deck[1] = [EXT, EXT, MAN]
    g.mface[2] = [card("prospecteur"), card("mineur")]
    g.depot = 1
    do(g, A.TAKEBACK, A.PLAY[HACKER], A.PLAY[HACKER])
    assert g.crypto == 4
    do(g, A.VORTEX[HACKER])  # the Vortex power: destroy one played card
    assert g.destroyed == [HACKER] and g.crypto == 4
    assert not any(t.startswith("vortex") for t in texts(g))  # once per turn
    assert g.lay.dist[8][9] == 3  # "déplacer son vaisseau de trois secteurs vers ... Mines"
    do(g, A.PLAY[BOO], A.AB_SECTOR["move"][9])
    assert "conquer" not in texts(g)  # guarded: trying to conquer means attacking
    assert g.bonus(0, K.K_TURRET) == g.bonus(1, K.K_TURRET) == 0  # no Turret bonus token
    do(g, A.ATTACK[1])
    assert g.to_act == [0]
    do(g, A.COMMIT[GARDE], A.COMMIT[GARDE], A.COMMIT[MERC])
    v1 = g.view(1)
    assert v1["combat"]["attack_cards"] is None and v1["combat"]["attack_count"] is None
    assert v1["players"][0]["hand_size"] == 3  # nothing leaks during the secret choice
    do(g, A.COMMIT_DONE)
    assert g.log[-1] == {"event": "attack_cards", "seat": 0, "n": 3, "_step": g.step - 1}
    assert g.view(1)["combat"]["attack_cards"] is None
    assert g.view(1)["combat"]["attack_count"] == 3
    assert g.to_act == [1]
    assert f"defend card={EXT}" not in texts(g)  # no Manoeuvre, not usable
    do(g, A.DEFEND[MAN], A.DEFEND[MERC], A.DEFEND[MERC])
    assert g.view(0)["combat"]["defence_cards"] == [MAN, MERC, MERC]
    do(g, A.DEFEND_DONE)
    ev = [e for e in g.log if e["event"] == "combat"][-1]
    assert (ev["attack"], ev["defence"]) == (8, 5 + 2)
    assert ev["winner"] == 0
    # The defender destroys one of its combat cards at random; its ship goes to its hold.
    lost = [e for e in g.log if e["event"] == "combat_destroy"][-1]
    assert lost["seat"] == 1 and lost["card"] in (MAN, MERC)
    assert g.destroyed == [HACKER, lost["card"]]
    assert g.pos[1] == -1
    # 1 Influence from the loser, 1 from the bank; the Mines change hands at Defence 6.
    assert g.infl == [2, 0, 0, 0]
    assert g.ctrl[9] == 0 and g.defence[9] == 6
    assert len(g.hand[1]) == 5  # the defender draws up to 5
    assert sorted(g.discard[0]) == sorted([GARDE, GARDE, MERC])
    # The new Mines: take the depot's mineral, spend it with 4 Crypto on the Prospecteur.
    do(g, A.MINES, A.SPEND_MINERAL)
    assert g.crypto == 5 and g.depot == 1
    do(g, A.BUY[card("prospecteur")])
    assert g.crypto == 0
    do(g, A.END)
    # At its next turn the defender must put its ship back on Tortuga (it controls nothing).
    assert g.cur == 1 and g.to_act == [1]
    assert texts(g) == {"reenter sector=0"}
    do(g, A.REENTER[0])
    assert g.pos[1] == 0
    assert cards("garde") == [GARDE]
    assert "takeback" not in texts(g)  # nothing Reserved
