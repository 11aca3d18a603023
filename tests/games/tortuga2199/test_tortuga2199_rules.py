"""One test (or more) per rule of the Tortuga 2199 rulebook; see the rules map in the docs."""

from __future__ import annotations

import random

import pytest

from spacetable.engine import NO_BOUND, IllegalAction, new_game
from spacetable.games.tortuga2199 import constants as K
from spacetable.games.tortuga2199 import rules as R

from .tortuga_helpers import A, C, P, card, do, position, started, texts

EXT, MAN, BOO = card("extraction"), card("manoeuvre"), card("booster")
HACKER, GARDE, MERC = card("hacker"), card("garde"), card("mercenaire")
ROBOT, KRAKEN = card("robot"), card("kraken")


# ---------------------------------------------------------------- setup
@pytest.mark.parametrize(("players", "sizes"), [(2, (4, 5)), (3, (3, 4, 5)), (4, (3, 4, 4, 5))])
def test_setup_starting_hands_by_turn_order(players: int, sizes: tuple[int, ...]) -> None:
    g = started(players, seed=3)
    for i, n in enumerate(sizes):
        p = (g.first + i) % players
        assert len(g.hand[p]) == n
        assert len(g.hand[p]) + len(g.deck[p]) == 10
        mine = sorted(g.hand[p] + g.deck[p])
        assert mine == sorted([EXT] * 5 + [MAN] * 3 + [BOO] + [g.ship[p]])
    assert g.cur == g.first


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_board(players: int) -> None:
    g = new_game("tortuga2199", players, 11)
    assert isinstance(g, R.Tortuga2199)
    lay = g.lay
    assert lay.n == (9 if players == 2 else 11)
    ring = [K.KIND_IDS[g.kinds[s]] for s in range(lay.n) if lay.dist[0][s] == 1]
    assert ring.count("terminal") == ring.count("turret") == (2 if players == 2 else 3)
    assert sorted(g.kinds[s] for s in lay.special_slots) == sorted(K.SPECIAL_KINDS)
    for s in range(lay.n):
        tortuga = g.kinds[s] == K.K_TORTUGA
        assert g.mineral[s] == (0 if tortuga else 1)
        assert (g.hunt[s] == -1) == tortuga
        assert g.ctrl[s] == -1
        assert g.defence[s] == P.kind_start_def[g.kinds[s]]
    assert sorted([h for h in g.hunt if h >= 0] + g.box_hunt) == sorted(P.hunt_cards)
    assert all(len(f) == 2 for f in g.mface)
    assert all(len(d) == 8 for d in g.mdeck)
    assert g.tpile == [P.count[c] for c in P.t_cards]
    assert g.pos == [0] * players
    assert g.bank == 50


def test_ship_choice_clockwise_from_first_player() -> None:
    g = new_game("tortuga2199", 3, 5)
    assert isinstance(g, R.Tortuga2199)
    order = [(g.first + i) % 3 for i in range(3)]
    chosen = []
    for p in order:
        assert g.to_act == [p]
        legal = g.legal_actions(p)
        assert all(a.card not in chosen for a in legal)  # type: ignore[attr-defined]
        a = legal[-1]
        chosen.append(a.card)  # type: ignore[attr-defined]
        g.apply(p, a)
    assert sorted(g.ship) == sorted(chosen)
    assert g.phase == K.MAIN and g.cur == g.first


# ---------------------------------------------------------------- turn actions
def test_takeback_only_at_start_of_turn() -> None:
    g = position(hand=[EXT, MAN], pos=0)
    g.reserve[0] = GARDE
    assert "takeback" in texts(g)
    do(g, A.PLAY[EXT])
    assert "takeback" not in texts(g)


def test_play_gives_resources_and_abilities_are_optional() -> None:
    g = position(hand=[BOO, card("technicien")], pos=0)
    do(g, A.PLAY[card("technicien")])
    assert g.crypto == 1 and g.phase == K.ABILITY
    assert texts(g) == {"ability kind=draw target=-1", "ability_done"}
    do(g, A.AB_DONE)
    assert g.phase == K.MAIN and len(g.hand[0]) == 1
    do(g, A.PLAY[card("booster")])
    legal = texts(g)
    assert {f"ability kind=move target={s}" for s in g.lay.reach(0, 3)} | {"ability_done"} == legal


def test_abilities_in_any_order_then_window_closes() -> None:
    g = position(hand=[card("savant"), EXT, MAN], pos=0)
    do(g, A.PLAY[card("savant")])
    assert {"ability kind=draw target=-1", f"ability kind=reserve target={EXT}"} <= texts(g)
    do(g, A.AB_CARD["reserve"][EXT])
    assert g.reserve[0] == EXT and g.crypto == 2
    assert g.phase == K.ABILITY
    do(g, A.AB_PLAIN["draw"])
    assert g.phase == K.MAIN and len(g.hand[0]) == 2


def test_buy_only_in_current_sector_and_special_market_refills() -> None:
    g = position(hand=[], pos=8)  # Vortex
    g.crypto = 10
    legal = texts(g)
    assert f"buy card={HACKER}" not in legal  # T cards only in T sectors
    face = sorted(g.mface[0])
    for c in face:
        assert f"buy card={c}" in legal
    top = g.mdeck[0][-1]
    do(g, A.BUY[face[0]])
    assert top in g.mface[0] and len(g.mface[0]) == 2 and len(g.mdeck[0]) == 7


def test_renew_puts_card_at_bottom_not_in_t_sectors() -> None:
    g = position(hand=[], pos=1)
    g.crypto = 3
    assert not any(t.startswith("renew") for t in texts(g))
    g.pos[0] = 8
    c = g.mface[0][0]
    top = g.mdeck[0][-1]
    do(g, A.RENEW[c])
    assert g.crypto == 2 and g.mdeck[0][0] == c and top in g.mface[0]
    assert g.mknown[0] == 1
    assert g.view(1)["markets"]["V"]["known_bottom"] == [c]


def test_move_only_to_adjacent_for_one_manoeuvre() -> None:
    g = position(hand=[], pos=0)
    assert not any(t.startswith("move") for t in texts(g))
    g.mano = 1
    moves = {t for t in texts(g) if t.startswith("move")}
    assert moves == {f"move sector={s}" for s in g.lay.adj[0]}
    assert all(s in g.lay.adj[0] for s in range(1, 7))


def test_collect_mineral_and_not_from_the_depot() -> None:
    g = position(hand=[], pos=9)  # Mines, not controlled
    g.mano = 2
    g.depot = 3
    do(g, A.COLLECT)
    assert g.minerals[0] == 1 and g.mineral[9] == 0 and g.depot == 3
    assert "collect" not in texts(g)
    assert "mines" not in texts(g)  # the depot needs control of the Mines


def test_probe_capture_and_several_markers() -> None:
    g = position(hand=[], pos=3)
    g.hunt[3] = KRAKEN
    g.probes[3] = g.seen[3] = 0b10  # seat 1 already probed it
    g.mano = 1
    assert "capture" not in texts(g)  # not probed by us
    do(g, A.PROBE, A.MARKER)
    assert g.probes[3] == 0b11
    g.mano = P.difficulty[KRAKEN] - 1
    assert "capture" not in texts(g)
    g.mano += 1
    do(g, A.CAPTURE)
    assert g.probes[3] == 0 and g.htokens[0] == [KRAKEN] and g.infl[0] == 1
    assert g.seen[3] == 0
    assert g.view(1)["sectors"][3]["hunt"] is False


def test_a_capture_shows_every_seat_the_creature_and_cannot_be_taken_back() -> None:
    """Only the prober had seen the token; the capture shows it to all (the log names the
    creature): an undo would put a token every seat now knows back face down."""
    g = position(hand=[], pos=3)
    g.hunt[3] = KRAKEN
    g.probes[3] = g.seen[3] = 1  # seat 0 probed it in an earlier turn
    g.mano = P.difficulty[KRAKEN]
    assert g.view(1)["sectors"][3]["creature"] is None
    do(g, A.CAPTURE)
    assert g.log[-1]["event"] == "capture" and g.log[-1]["creature"] == KRAKEN
    assert g.undoable(0) == 0


def test_the_probe_marker_is_optional() -> None:
    """« Vous pouvez dépenser 1 Manœuvre pour regarder secrètement le jeton Chasse [...] Puis
    vous pouvez prendre dans votre Soute un marqueur de votre couleur et le placer sur ce
    jeton Chasse. » After looking, the prober decides (an atomic choice): with a marker the
    token can be captured; without, the creature is known all the same, and capturing needs
    a marker (« un de vos marqueurs doit être placé sur le jeton »)."""
    g = position(hand=[], pos=3)
    g.hunt[3] = ROBOT
    g.mano = 3
    do(g, A.PROBE)
    assert g.phase == K.MARK and texts(g) == {"marker", "no_marker"}
    assert g.mano == 2 and g.view(0)["marking"] == 3
    do(g, A.NO_MARKER)
    assert g.phase == K.MAIN and g.probes[3] == 0 and g.markers_free(0) == K.MARKERS
    assert g.view(0)["sectors"][3]["creature"] == ROBOT  # « les jetons ... que vous avez explorés »
    assert g.view(1)["sectors"][3]["creature"] is None
    assert g.view(1)["sectors"][3]["seen_by"] == [0] and g.view(1)["sectors"][3]["markers"] == []
    assert g.log[-1] == {**g.log[-1], "event": "marker", "placed": False, "sector": 3}
    assert "capture" not in texts(g)
    # The seat knows the creature: a determinized copy keeps it.
    for i in range(5):
        d = g.determinize(0, random.Random(i))
        assert isinstance(d, R.Tortuga2199)
        assert d.hunt[3] == ROBOT
    # Probing again (another Manoeuvre), it may now place its marker, then capture.
    assert "probe" in texts(g)
    do(g, A.PROBE, A.MARKER)
    assert g.probes[3] == 1 and g.markers_free(0) == K.MARKERS - 1 and g.mano == 1
    g.mano = 2
    do(g, A.CAPTURE)
    assert g.htokens[0] == [ROBOT]


def test_a_player_without_a_free_marker_may_still_probe() -> None:
    """« Puis vous pouvez prendre ... un marqueur »: probing does not need a free marker. With
    all 10 markers on the board the player looks at the token, no marker decision follows,
    and it cannot capture the creature (no marker of its own on the token)."""
    g = position(hand=[card("scanner")], pos=3)
    g.ctrl[1:11] = [0] * 10
    g.ctrl[3] = -1
    g.hunt[3], g.hunt[9] = ROBOT, KRAKEN
    g.probes[5] = g.seen[5] = 1  # 9 sectors and one hunt token: all 10 markers
    assert g.markers_free(0) == 0
    g.mano = 5
    assert "probe" in texts(g)
    do(g, A.PROBE)
    assert g.phase == K.MAIN and g.probes[3] == 0 and g.seen[3] == 1
    assert g.view(0)["sectors"][3]["creature"] == ROBOT and "capture" not in texts(g)
    assert g.log_for(0)[-1]["creature"] == ROBOT and "creature" not in g.log[-1]
    # The same with a probe ability (the Scanner probes up to 3 sectors away).
    do(g, A.PLAY[card("scanner")])
    assert "ability kind=probe target=9" in texts(g)
    do(g, A.AB_SECTOR["probe"][9])
    assert g.phase == K.MAIN and g.seen[9] == 1 and g.probes[9] == 0
    assert g.view(0)["sectors"][9]["creature"] == KRAKEN


def test_convert_hunt_card() -> None:
    g = position(hand=[KRAKEN], pos=0)
    g.htokens[0] = [KRAKEN]
    do(g, A.CONVERT[KRAKEN])
    assert g.infl[0] == P.hunt_influence[KRAKEN] and g.htokens[0] == []
    assert KRAKEN in g.destroyed
    # or play it normally instead
    g2 = position(hand=[KRAKEN], pos=0)
    g2.htokens[0] = [KRAKEN]
    do(g2, A.PLAY[KRAKEN])
    assert g2.mano == P.mano[KRAKEN]


def test_conquest_costs_and_maximum_defence() -> None:
    g = position(hand=[], pos=2)  # Turret, Defence 2
    g.mano = 2
    assert "conquer" not in texts(g)
    g.mano = 3
    do(g, A.CONQUER)
    assert g.ctrl[2] == 0 and g.defence[2] == 3 and g.bonus(0, K.K_TURRET) == 1
    # A sector at its maximum can still be conquered, and stays at its maximum.
    g.ctrl[4] = 1
    g.defence[4] = 8
    g.pos[0] = 4
    g.mano = 9
    do(g, A.CONQUER)
    assert g.ctrl[4] == 0 and g.defence[4] == 8 and g.mano == 0


def test_conquer_tortuga_costs_15_and_starts_last_round() -> None:
    g = position(players=3, hand=[], pos=0)
    g.mano = 14
    assert "conquer" not in texts(g)
    g.mano = 15
    do(g, A.CONQUER)
    assert g.tortuga_by == 0 and g.last == [1, 2]
    assert g.total(0) == P.kind_influence[K.K_TORTUGA]
    g.pos[1] = 0
    assert "attack target=1" not in texts(g)  # no attack during the last round
    do(g, A.END)
    g.mano = 20
    g.pos[1] = 1
    assert "conquer" not in texts(g)  # no conquest either
    g.infl[1] = 5
    do(g, A.END)
    assert g.cur == 2
    do(g, A.END)
    assert g.is_over and g.reason == "tortuga"
    out = g.outcome()
    assert out.winners == (1,)  # most Influence wins
    assert out.ranks[0] == 2


def test_tortuga_has_no_defence_track() -> None:
    """« Conquérir Tortuga nécessite toujours 15 Manœuvres »: Tortuga has no Defence track
    (the other sectors' « valeurs de Défense » are printed on their edges). Nothing shows
    a Defence for it (it was shown as 14/14), a conquest does not raise one, it cannot be
    reinforced, and its conquest costs 15 whatever happened before."""
    from spacetable.games.tortuga2199 import render as shown
    from spacetable.testing.text import as_read

    describe_event, render = as_read(shown.describe_event), as_read(shown.render)

    row = next(r for r in P.sector_rows if r.id == "tortuga")
    assert row.start_defence is None and row.max_defence is None
    assert not P.kind_has_def[K.K_TORTUGA] and P.kind_has_def[K.K_TERMINAL]
    g = position(players=3, hand=[], pos=0)
    sec = g.view(0)["sectors"][0]
    assert (sec["defence"], sec["max_defence"], sec["conquest_cost"]) == (None, None, 15)
    term = g.view(0)["sectors"][1]
    assert (term["defence"], term["max_defence"], term["conquest_cost"]) == (2, 8, 3)
    text = render(g.view(0), "en")
    assert "D14" not in text and "0:TORTUGA" in text.upper() and "C15" in text
    g.mano = 15
    do(g, A.CONQUER)
    ev = g.log[-1]
    assert ev["event"] == "control" and ev["defence"] is None
    assert describe_event(ev, "en") == "Player 0 now controls Tortuga (0)."
    assert describe_event(ev, "fr") == "Le joueur 0 contrôle désormais Tortuga (0)."
    assert g.view(1)["sectors"][0]["defence"] is None
    g.crypto = 20
    assert not any(t.startswith("reinforce sector=0") for t in texts(g))


def test_tie_break_tortuga_conqueror_then_sectors() -> None:
    g = position(players=3, hand=[], pos=0)
    g.mano = 15
    do(g, A.CONQUER)
    g.infl[1] = 3  # ties the conqueror's 3
    g.ctrl[1] = 2
    g.infl[2] = 2  # 2 + Terminal 1 = 3 too, with more sectors than seat 1
    for _ in range(3):
        do(g, A.END)
    out = g.outcome()
    assert out.ranks == (1, 3, 2)


def test_protected_sector_means_attack() -> None:
    g = position(hand=[], pos=3)
    g.ctrl[3] = 1
    g.pos[1] = 3
    g.mano = 10
    legal = texts(g)
    assert "conquer" not in legal and "attack target=1" in legal
    g.pos[1] = 0
    assert "conquer" in texts(g)


def test_reinforce_from_anywhere_up_to_maximum() -> None:
    g = position(hand=[], pos=0)
    g.ctrl[8] = 0
    g.defence[8] = 5
    g.crypto = 12
    legal = {t for t in texts(g) if t.startswith("reinforce")}
    assert legal == {f"reinforce sector=8 to={x}" for x in range(6, 11)}
    do(g, A.REINFORCE[8][7])
    assert g.defence[8] == 7 and g.crypto == 5


def test_end_of_turn_discards_and_draws_five_with_reshuffle() -> None:
    g = position(players=2, hand=[EXT, MAN, HACKER], pos=0)
    g.deck[0] = [EXT, EXT]
    g.discard[0] = [GARDE, GARDE, MERC, MERC]
    do(g, A.PLAY[EXT])
    do(g, A.END)
    assert len(g.hand[0]) == 5
    assert len(g.deck[0]) + len(g.discard[0]) == 9 - 5
    assert g.played[0] == []


def test_spend_mineral_goes_to_mines_depot() -> None:
    g = position(hand=[], pos=0)
    g.minerals[0] = 2
    do(g, A.SPEND_MINERAL, A.SPEND_MINERAL)
    assert g.crypto == 2 and g.depot == 2 and g.minerals[0] == 0


def test_a_turn_has_no_cap_on_its_decisions() -> None:
    """« Pendant son tour, un joueur peut effectuer autant des actions suivantes qu'il le
    souhaite dans n'importe quel ordre. » No count of decisions closes a turn (the old cap of
    150 offered only "end" after 150 decisions): a turn ends when its player ends it."""
    g = position(hand=[EXT, MAN], pos=0)
    g.tacts = 10_000
    g.crypto = 2
    assert {"play card=0", "play card=1", "reserve card=0", "end"} <= texts(g)
    do(g, A.PLAY[EXT])
    assert g.crypto == 3 and g.tacts == 10_001 and g.cur == 0


# ---------------------------------------------------------------- sector powers
def test_fortress_gives_one_manoeuvre_once_per_turn() -> None:
    g = position(hand=[], pos=10)
    assert "fortress" not in texts(g)
    g.ctrl[10] = 0
    do(g, A.FORTRESS)
    assert g.mano == 1 and "fortress" not in texts(g)


def test_research_reserves_for_free() -> None:
    g = position(hand=[GARDE, EXT], pos=7)
    g.ctrl[7] = 0
    do(g, A.RESEARCH[GARDE])
    assert g.reserve[0] == GARDE and g.crypto == 0


def test_terminal_bonus_each_turn_and_turret_bonus_in_combat() -> None:
    g = position(players=2, hand=[], pos=0)
    g.ctrl[1] = 0
    g.ctrl[2] = 1
    do(g, A.END)
    do(g, A.END)
    assert g.cur == 0 and g.crypto == 1
    g.pos[1] = 0
    do(g, A.ATTACK[1], A.COMMIT_DONE, A.DEFEND_DONE)
    ev = [e for e in g.log if e["event"] == "combat"][-1]
    assert (ev["attack"], ev["defence"]) == (0, 1)  # the defender's Turret


def test_buy_influence_at_tortuga() -> None:
    g = position(hand=[], pos=0)
    g.crypto = 14
    do(g, A.BUY_INFLUENCE, A.BUY_INFLUENCE)
    assert g.infl[0] == 2 and g.crypto == 0 and g.bank == 48
    g.pos[0] = 1
    g.crypto = 7
    assert "influence" not in texts(g)


# ---------------------------------------------------------------- combat
def test_combat_tie_goes_to_defender_and_attacker_goes_to_hold() -> None:
    g = position(players=2, hand=[GARDE], pos=1)
    g.pos[1] = 1
    g.hand[1] = [GARDE, EXT]
    g.infl[0] = 2
    do(g, A.ATTACK[1], A.COMMIT[GARDE], A.COMMIT_DONE, A.DEFEND[GARDE], A.DEFEND_DONE)
    assert g.pos[0] == -1 and g.pos[1] == 1
    assert g.infl == [1, 1]  # winner takes 1 from the loser, no bank bonus for a defender
    assert len(g.hand[1]) == 5  # draws up to 5 after any combat
    assert g.phase == K.MAIN and g.cur == 0
    assert not any(t.startswith(("move", "buy", "attack")) for t in texts(g))
    do(g, A.END)
    do(g, A.END)
    assert g.phase == K.REENTER
    g.ctrl[4] = 0
    assert texts(g) == {"reenter sector=0", "reenter sector=4"}


def test_defender_refills_to_five_before_the_combat_cards_are_discarded() -> None:
    """« À la fin de n'importe quel combat, le Défenseur pioche des cartes jusqu'à ce qu'il en
    ait 5 en main. [...] Les cartes jouées pendant le combat sont placées dans les défausses
    respectives des joueurs. » The defender draws first: with an empty deck it reshuffles
    only its discard, and the cards it fought with go to the discard afterwards."""
    g = position(players=2, hand=[], pos=1)
    g.pos[1] = 1
    g.hand[1] = [GARDE, MERC]
    g.deck[1] = []
    g.discard[1] = [EXT, EXT, HACKER]
    do(g, A.ATTACK[1], A.COMMIT_DONE, A.DEFEND[GARDE], A.DEFEND[MERC], A.DEFEND_DONE)
    assert sorted(g.hand[1]) == sorted([EXT, EXT, HACKER])  # only 3 to draw: no Garde back
    assert g.deck[1] == [] and sorted(g.discard[1]) == sorted([GARDE, MERC])
    draw = [e for e in g.log_for(1) if e["event"] == "draw"][-1]
    assert draw["seat"] == 1 and draw["n"] == 3
    # With nothing to draw from, the defender's card is not drawn back: it is discarded
    # after the draw. The attacker's card (kept by its shield) goes to its discard too.
    shield = card("bouclier")
    h = position(players=2, hand=[shield], pos=1)
    h.pos[1] = 1
    h.hand[1] = [MERC]
    h.deck[1] = []
    h.discard[1] = []
    do(h, A.ATTACK[1], A.COMMIT[shield], A.COMMIT_DONE, A.DEFEND[MERC], A.DEFEND_DONE)
    assert h.hand[1] == [] and h.discard[1] == [MERC] and shield in h.discard[0]


def test_defender_bonus_only_in_own_sector() -> None:
    g = position(players=2, hand=[], pos=1)
    g.pos[1] = 1
    g.ctrl[1] = 1
    g.defence[1] = 7
    do(g, A.ATTACK[1], A.COMMIT_DONE, A.DEFEND_DONE)
    ev = [e for e in g.log if e["event"] == "combat"][-1]
    assert ev["defence"] == 3
    g2 = position(players=2, hand=[], pos=1)
    g2.pos[1] = 1
    g2.ctrl[1] = 0
    g2.defence[1] = 7
    do(g2, A.ATTACK[1], A.COMMIT_DONE, A.DEFEND_DONE)
    ev = [e for e in g2.log if e["event"] == "combat"][-1]
    assert ev["defence"] == 0


def test_combat_abilities_shield_and_loot() -> None:
    g = position(players=2, hand=[card("chasseur")], pos=1)
    g.pos[1] = 1
    g.hand[1] = [card("bouclier")]
    g.infl[1] = 3
    do(g, A.ATTACK[1], A.COMMIT[card("chasseur")], A.COMMIT_DONE)
    do(g, A.DEFEND[card("bouclier")], A.DEFEND_DONE)
    ev = [e for e in g.log if e["event"] == "combat"][-1]
    assert (ev["attack"], ev["defence"]) == (3 + 2, 1 + 3)
    assert card("bouclier") not in g.destroyed  # shield: the loser destroys nothing
    assert g.infl == [2 + 1, 1]  # loot: 2 taken, +1 from the bank


def test_combat_cards_without_manoeuvre_cannot_be_used() -> None:
    g = position(players=2, hand=[EXT, HACKER, BOO, MAN], pos=1)
    g.pos[1] = 1
    do(g, A.ATTACK[1])
    assert texts(g) == {f"commit card={MAN}", "commit_done"}


def test_combat_cards_crypto_does_nothing_and_go_to_discard() -> None:
    g = position(players=2, hand=[card("officier")], pos=1)
    g.pos[1] = 1
    do(g, A.ATTACK[1], A.COMMIT[card("officier")], A.COMMIT_DONE, A.DEFEND_DONE)
    assert g.crypto == 0 and g.mano == 0
    assert card("officier") in g.discard[0]


# ---------------------------------------------------------------- end of the game
def test_fifteen_influence_wins_at_once() -> None:
    g = position(players=3, hand=[], pos=0)
    g.infl[0] = 14
    g.crypto = 7
    do(g, A.BUY_INFLUENCE)
    assert g.is_over and g.outcome().winners == (0,) and g.reason == "influence"
    assert g.legal_actions(0) == []


def test_defender_can_win_at_fifteen_during_anothers_turn() -> None:
    g = position(players=2, hand=[], pos=1)
    g.pos[1] = 1
    g.infl = [1, 14]
    do(g, A.ATTACK[1], A.COMMIT_DONE, A.DEFEND_DONE)
    assert g.is_over and g.outcome().winners == (1,)


def test_no_round_limit_in_the_rulebook_game() -> None:
    """« La partie se termine dans deux cas » (15 Influence; Tortuga conquered): no round
    limit ends the rulebook's game, whatever the number of rounds played."""
    g = position(players=2, hand=[], pos=0)
    assert g.options["round_limit"] == 0 and g.round_limit == 0
    g.turns = 40 * 2 - 1  # the last turn of the 40th round (the old safety limit)
    g.infl[1] = 2
    do(g, A.END)
    assert not g.is_over and g.cur == 1 and g.view(0)["round"] == 41
    g.turns = 10_000 * 2 - 1
    do(g, A.END)
    assert not g.is_over and g.cur == 0


def test_the_round_limit_option_ends_with_the_end_scoring() -> None:
    """A limit for bots and simulations (option ``round_limit``, off by default): after the
    last turn of the last round the game ends with the rulebook's end scoring (« le joueur
    avec le plus d'Influence gagne »), reason ``limit``."""
    g = position(players=2, hand=[], pos=0, round_limit=40)
    g.turns = 40 * 2 - 1
    g.infl[1] = 2
    do(g, A.END)
    assert g.is_over and g.reason == "limit" and g.outcome().winners == (1,)
    assert g.outcome().details["round_limit"] == 40
    info = R.Tortuga2199.info.options["round_limit"]
    assert info.default == K.NO_ROUND_LIMIT == 0
    with pytest.raises(ValueError, match="round_limit"):
        new_game("tortuga2199", 2, 0, {"round_limit": -1})


def test_max_decisions_is_a_bound_only_under_the_round_limit() -> None:
    """Without a round limit nothing bounds a game (a player may end every turn without
    doing anything): ``max_decisions`` says so with ``NO_BOUND``. With R rounds it is the
    ship choices plus (R x players + players - 1) turns of ``turn_bound`` decisions."""
    assert R.Tortuga2199.max_decisions(3, {"scenario": "standard", "round_limit": 0}) == NO_BOUND
    assert R.Tortuga2199.max_decisions(2, {}) == NO_BOUND
    for n in (2, 3, 4):
        per_turn = R.turn_bound(n)
        assert R.Tortuga2199.max_decisions(n, {"round_limit": 40}) == n + (41 * n - 1) * per_turn
        assert per_turn > K.TOTAL_CARDS * C.ABILITY_SLACK + (n - 1) * K.COMBAT_MAX
    assert R.turn_bound(4) > R.turn_bound(3) > R.turn_bound(2)


def test_turn_bound_holds_in_random_and_greedy_turns() -> None:
    """The derived bound on one turn holds in seeded random playouts (the longest turns)."""
    from spacetable.playout import playout

    longest = 0
    for n, seed in ((2, 1), (3, 2), (4, 3)):
        g = new_game("tortuga2199", n, seed, {"round_limit": 10})
        assert isinstance(g, R.Tortuga2199)
        start, turns = 0, 0
        for _ in playout(g, random.Random(seed), checked=False):
            if g.turns != turns:
                longest = max(longest, g.step - start)
                start, turns = g.step, g.turns
        assert g.is_over and g.step <= R.Tortuga2199.max_decisions(n, g.options)
        assert longest <= R.turn_bound(n)
    assert longest > 10


# ---------------------------------------------------------------- scenarios
def test_aggressive_spoils_choice_and_loser_chooses_card() -> None:
    g = position(players=2, hand=[GARDE, GARDE], pos=1, scenario="aggressive")
    g.pos[1] = 1
    g.hand[1] = [MAN, MERC]
    g.infl[1] = 5
    do(g, A.ATTACK[1], A.COMMIT[GARDE], A.COMMIT[GARDE], A.COMMIT_DONE)
    do(g, A.DEFEND[MAN], A.DEFEND[MERC], A.DEFEND_DONE)
    assert g.phase == K.SACRIFICE and g.to_act == [1]
    assert texts(g) == {f"sacrifice card={MAN}", f"sacrifice card={MERC}"}
    do(g, A.SACRIFICE[MAN])
    assert g.destroyed == [MAN]
    assert g.phase == K.SPOILS and g.to_act == [0]
    do(g, A.SPOILS_STEAL)
    assert g.infl == [2, 3]
    g2 = position(players=2, hand=[GARDE], pos=1, scenario="aggressive")
    g2.pos[1] = 1
    do(g2, A.ATTACK[1], A.COMMIT[GARDE], A.COMMIT_DONE, A.DEFEND_DONE)
    do(g2, A.SPOILS_BANK)
    assert g2.infl == [3, 0] and g2.bank == 47


def test_aggressive_defender_winner_gains_nothing() -> None:
    g = position(players=2, hand=[], pos=1, scenario="aggressive")
    g.pos[1] = 1
    g.infl[0] = 4
    do(g, A.ATTACK[1], A.COMMIT_DONE, A.DEFEND_DONE)
    assert g.infl == [4, 0] and g.pos[0] == -1


def test_aggressive_tortuga_ends_at_once_and_needs_the_victory() -> None:
    g = position(players=3, hand=[], pos=0, scenario="aggressive")
    g.mano = 15
    g.infl[1] = 4  # 0 + 3 for Tortuga < 4: conquering would not win
    assert "conquer" not in texts(g)
    g.infl[1] = 3  # a tie goes to the conqueror
    do(g, A.CONQUER)
    assert g.is_over and g.reason == "tortuga" and g.outcome().winners == (0,)


def test_peaceful_no_attack_and_conquest_with_crypto() -> None:
    g = position(players=3, hand=[], pos=3, scenario="peaceful")
    g.pos[1] = 3
    g.crypto = 3
    g.mano = 2
    legal = texts(g)
    assert not any(t.startswith("attack") for t in legal)
    assert "conquer_crypto" in legal and "conquer" not in legal
    do(g, A.CONQUER_CRYPTO)
    assert g.ctrl[3] == 0 and g.crypto == 1  # Terminal bonus at once
    # cannot combine both resources
    g.pos[0] = 2
    g.crypto, g.mano = 2, 1
    assert "conquer" not in texts(g) and "conquer_crypto" not in texts(g)
    # cannot conquer a sector guarded by its controller's ship
    g.ctrl[2] = 1
    g.pos[1] = 2
    g.crypto = 10
    assert "conquer_crypto" not in texts(g)


def test_illegal_action_rejected() -> None:
    g = position(hand=[EXT], pos=0)
    with pytest.raises(IllegalAction):
        g.apply(0, A.PLAY[GARDE])
    with pytest.raises(IllegalAction):
        g.apply(1, A.END)


# ---------------------------------------------------------------- card abilities, tokens
def test_bespoke_teleport_and_salvage() -> None:
    g = position(hand=[card("teleporteur"), card("ferrailleur")], pos=0)
    do(g, A.PLAY[card("teleporteur")])
    assert {t for t in texts(g) if t.startswith("ability ")} == {
        f"ability kind=teleport target={s}" for s in range(1, 11)
    }
    do(g, A.AB_SECTOR["teleport"][9])
    assert g.pos[0] == 9 and g.phase == K.MAIN
    g.mineral[9] = 0
    do(g, A.PLAY[card("ferrailleur")])
    targets = {t for t in texts(g) if t.startswith("ability ")}
    assert targets == {f"ability kind=salvage target={s}" for s in g.lay.adj[9] if g.mineral[s]}
    s = g.lay.adj[9][0]
    do(g, A.AB_SECTOR["salvage"][s])
    assert g.minerals[0] == 1 and g.mineral[s] == 0


def test_probe_mineral_and_trash_abilities() -> None:
    g = position(hand=[card("scanner"), card("mineur"), card("saboteur"), EXT], pos=0)
    g.depot = 2
    do(g, A.PLAY[card("scanner")])
    probe = {t for t in texts(g) if t.startswith("ability ")}
    assert probe == {f"ability kind=probe target={s}" for s in g.lay.reach(0, 3)}
    do(g, A.AB_SECTOR["probe"][9], A.MARKER)
    assert g.probes[9] == 1 and g.mano == 1
    do(g, A.PLAY[card("mineur")], A.AB_PLAIN["mineral"])
    assert g.minerals[0] == 1 and g.depot == 1
    do(g, A.PLAY[card("saboteur")], A.AB_CARD["trash"][EXT])
    assert g.hand[0] == [] and g.destroyed == [EXT]


def test_destroyed_hunt_card_takes_its_token() -> None:
    g = position(hand=[ROBOT], pos=0)
    g.htokens[0] = [ROBOT]
    do(g, A.PLAY[ROBOT])
    g.mano = 2
    do(g, A.DESTROY[ROBOT])
    assert g.htokens[0] == [] and ROBOT in g.destroyed


def test_ten_markers_limit_probes_and_conquests() -> None:
    g = position(hand=[], pos=3)
    g.ctrl[1:11] = [0] * 10
    g.ctrl[3] = -1
    g.probes[3] = 0
    g.hunt[3] = ROBOT
    g.mano = 5
    assert g.markers_free(0) == 1
    do(g, A.PROBE, A.MARKER)
    assert g.markers_free(0) == 0
    assert "conquer" not in texts(g)
    do(g, A.CAPTURE)  # the marker comes back
    assert g.markers_free(0) == 1


def test_influence_bank_is_finite() -> None:
    g = position(hand=[], pos=0)
    g.bank = 1
    g.infl[1] = 49
    g.crypto = 14
    do(g, A.BUY_INFLUENCE)
    assert g.bank == 0 and g.infl[0] == 1
    assert "influence" not in texts(g)


def test_renew_impossible_with_empty_sector_deck() -> None:
    g = position(hand=[], pos=8)
    g.crypto = 5
    g.mdeck[0] = []
    assert not any(t.startswith("renew") for t in texts(g))
