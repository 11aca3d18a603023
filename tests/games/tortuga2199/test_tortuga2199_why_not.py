"""Why an action is not legal in Tortuga 2199: the rule it breaks and what breaks it, for each
kind of action, in positions of the rulebook's worked examples where they fit."""

from __future__ import annotations

import random
import string
from pathlib import Path

import pytest

from spacetable.engine import Action, InvalidAction, game_class, new_game
from spacetable.engine.presentation import presentation
from spacetable.engine.why import Param, Reason
from spacetable.games.tortuga2199 import constants as K
from spacetable.games.tortuga2199.rules import Tortuga2199

from .tortuga_helpers import A, P, card, do, position, texts

EXT, MAN, BOO = card("extraction"), card("manoeuvre"), card("booster")
HACKER, GARDE, MERC = card("hacker"), card("garde"), card("mercenaire")
ROBOT = card("robot")
# The 4-player test map: 0 Tortuga, 1..6 the ring (odd: Terminal, even: Turret), 7 Research,
# 8 Vortex, 9 Mines, 10 Fortress.
TORTUGA, TERMINAL, TURRET, RESEARCH, VORTEX, MINES, FORTRESS = 0, 1, 2, 7, 8, 9, 10


def why(
    g: Tortuga2199, action: Action | str, seat: int = 0
) -> list[tuple[str, str, dict[str, Param]]]:
    return [(r.rule, r.detail, r.values) for r in g.why_not(seat, action)]


def said(g: Tortuga2199, action: Action | str, lang: str = "en", seat: int = 0) -> str:
    (r,) = g.why_not(seat, action)
    return presentation(g).reason(r, lang)["detail"]


def test_a_legal_action_has_no_reason_and_a_malformed_one_raises() -> None:
    g = position(hand=[EXT, MAN], pos=TORTUGA)
    assert g.why_not(0, A.END) == []
    assert g.why_not(0, A.PLAY[EXT]) == []
    with pytest.raises(InvalidAction):
        g.why_not(0, "fly sector=1")
    with pytest.raises(InvalidAction):
        g.why_not(0, "play card=x")


def test_another_seat_is_told_whose_turn_it_is_in_both_languages() -> None:
    g = position(hand=[EXT], pos=TORTUGA)
    assert why(g, A.END, seat=2) == [("turn.order", "not_your_turn", {"seat": 0})]
    assert said(g, A.END, "en", seat=2) == "It is player 0's turn."
    assert said(g, A.END, "fr", seat=2) == "C'est au tour du joueur 0."


def test_play_and_buy_example_says_what_is_missing() -> None:
    # "jouer les 5 cartes de sa main : quatre cartes Extraction et une carte Manœuvre ... Il
    # déplace son vaisseau vers ... un Terminal commercial ... achète 2 cartes Hacker".
    g = position(hand=[EXT, EXT, EXT, EXT, MAN], pos=TORTUGA)
    assert why(g, A.PLAY[HACKER]) == [("play.hand", "not_in_hand", {"card": HACKER})]
    assert said(g, A.PLAY[HACKER]) == "You have no Hacker in your hand."
    assert said(g, A.PLAY[HACKER], "fr") == "Vous n'avez pas de carte Hacker en main."
    assert why(g, A.MOVE[TERMINAL]) == [("move.adjacent", "need_mano", {"need": 1, "have": 0})]
    for c in [EXT, EXT, EXT, EXT, MAN]:
        do(g, A.PLAY[c])
    assert why(g, A.MOVE[VORTEX])[0][:2] == ("move.adjacent", "not_adjacent")
    assert "Vortex (8)" in said(g, A.MOVE[VORTEX]) and "Tortuga (0)" in said(g, A.MOVE[VORTEX])
    do(g, A.MOVE[TERMINAL], A.BUY[HACKER], A.BUY[HACKER])
    assert why(g, A.BUY[HACKER]) == [
        ("buy.cost", "need_crypto_card", {"card": HACKER, "need": 2, "have": 0})
    ]
    assert said(g, A.BUY[HACKER]) == "The Hacker costs 2 Crypto; you have 0."
    assert said(g, A.BUY[HACKER], "fr") == "La carte Hacker coûte 2 Crypto ; vous en avez 0."
    # A Vortex card is sold only at the Vortex.
    assert why(g, A.BUY[MERC]) == [
        ("buy.here", "not_sold_here", {"card": MERC, "sector": TERMINAL, "kind": "terminal"})
    ]
    assert why(g, A.RENEW[HACKER]) == [
        ("renew.where", "t_sector", {"sector": TERMINAL, "kind": "terminal"})
    ]
    assert why(g, A.BUY_INFLUENCE)[0][:2] == ("influence.tortuga", "not_at_tortuga")


def test_a_mineral_in_the_hold_is_named_when_crypto_is_short() -> None:
    g = position(hand=[EXT], pos=TERMINAL)
    g.minerals[0] = 1
    do(g, A.PLAY[EXT])
    assert why(g, A.BUY[HACKER]) == [
        ("buy.cost", "need_crypto_minerals", {"card": HACKER, "need": 2, "have": 1, "minerals": 1})
    ]
    do(g, A.SPEND_MINERAL)
    assert g.why_not(0, A.BUY[HACKER]) == []
    assert why(g, A.SPEND_MINERAL) == [("mineral.spend", "no_minerals", {})]


def test_reserve_and_destroy_example() -> None:
    # "Il joue 2 cartes Extraction ... Réserver une carte ... deux cartes Manœuvre ...
    # détruire une carte jouée".
    g = position(hand=[EXT, EXT, MAN, MAN, MAN], pos=TORTUGA)
    assert why(g, A.RESERVE[MAN]) == [("reserve.cost", "need_crypto", {"need": 2, "have": 0})]
    assert why(g, A.TAKEBACK) == [("takeback.start", "no_reserved", {})]
    do(g, A.PLAY[EXT], A.PLAY[EXT], A.RESERVE[MAN])
    assert why(g, A.RESERVE[MAN]) == [("reserve.one", "reserve_full", {})]
    assert why(g, A.DESTROY[MAN]) == [("destroy.played", "not_played", {"card": MAN})]
    do(g, A.PLAY[MAN], A.PLAY[MAN], A.DESTROY[EXT])
    assert why(g, A.DESTROY[EXT]) == [("destroy.played", "need_mano", {"need": 2, "have": 0})]
    assert said(g, A.DESTROY[EXT], "fr") == "Il faut 2 Manœuvre ; vous en avez 0."
    assert why(g, A.TAKEBACK) == [("takeback.start", "takeback_late", {})]


def test_capture_example_needs_a_marker_then_the_difficulty() -> None:
    # "il y a un jeton Chasse dans ce secteur et qu'il l'a déjà examiné. Il dépense 2
    # Manœuvres et capture ... (Robot, difficulté 2)".
    g = position(hand=[MAN, MAN, MAN], pos=VORTEX)
    g.hunt[VORTEX] = ROBOT
    assert why(g, A.CAPTURE) == [
        ("capture.probed", "not_probed", {"sector": VORTEX, "kind": "vortex"})
    ]
    do(g, A.PLAY[MAN], A.PROBE, A.NO_MARKER)
    assert why(g, A.CAPTURE)[0][:2] == ("capture.probed", "seen_not_marked")
    do(g, A.PLAY[MAN], A.PROBE)
    assert why(g, A.END) == [("probe.marker", "marker_first", {"sector": VORTEX, "kind": "vortex"})]
    do(g, A.MARKER)
    assert why(g, A.PROBE)[0][:2] == ("probe.token", "already_marked")
    assert why(g, A.CAPTURE) == [
        ("capture.cost", "need_mano_creature", {"creature": ROBOT, "need": 2, "have": 0})
    ]
    assert said(g, A.CAPTURE) == "Capturing the Robot costs 2 Manoeuvre; you have 0."
    assert why(g, A.COLLECT) == [("collect.token", "need_mano", {"need": 1, "have": 0})]


def test_a_capture_reason_never_names_a_creature_the_seat_did_not_see() -> None:
    g = position(hand=[MAN], pos=VORTEX)
    g.hunt[VORTEX] = ROBOT
    g.probes[VORTEX] = 1 << 1  # another seat's marker is on it
    g.seen[VORTEX] = 1 << 1
    reasons = g.why_not(0, A.CAPTURE)
    assert [r.rule for r in reasons] == ["capture.probed"]
    assert "creature" not in reasons[0].values
    for lang in ("en", "fr"):
        assert P.card_name(ROBOT, lang) not in said(g, A.CAPTURE, lang)
    for i in range(5):
        assert g.determinize(0, random.Random(i)).why_not(0, A.CAPTURE) == reasons


def test_conquest_reasons_guarded_cost_own_and_tortuga() -> None:
    # "La valeur de Défense de ce secteur est de 5 ... dépense 6 points de Manœuvre".
    g = position(hand=[MAN, MAN, MAN, GARDE], pos=TERMINAL)
    g.ctrl[TERMINAL] = 1
    g.defence[TERMINAL] = 5
    g.pos[1] = TERMINAL
    assert why(g, A.CONQUER) == [
        ("conquer.guarded", "guarded_attack", {"seat": 1, "sector": TERMINAL, "kind": "terminal"})
    ]
    g.pos[1] = TORTUGA
    do(g, A.PLAY[MAN], A.PLAY[MAN])
    assert why(g, A.CONQUER) == [
        (
            "conquer.cost",
            "need_mano_sector",
            {"need": 6, "have": 2, "sector": TERMINAL, "kind": "terminal"},
        )
    ]
    assert said(g, A.CONQUER) == "Conquering the Trade Terminal (1) costs 6 Manoeuvre; you have 2."
    assert why(g, A.CONQUER_CRYPTO) == [("peaceful.crypto", "not_peaceful", {})]
    g.ctrl[TERMINAL] = 0
    assert why(g, A.CONQUER)[0][:2] == ("conquer.here", "own_sector")
    do(g, A.MOVE[TORTUGA])
    assert why(g, A.CONQUER)[0][:2] == ("conquer.tortuga", "need_mano_sector")
    assert why(g, A.CONQUER)[0][2]["need"] == 15


def test_the_last_round_forbids_conquest_and_attack() -> None:
    g = position(hand=[MAN], pos=TERMINAL)
    g.tortuga_by = 1
    g.pos[2] = TERMINAL
    assert why(g, A.CONQUER) == [("last-round", "last_round", {})]
    assert why(g, A.ATTACK[2]) == [("last-round", "last_round", {})]


def test_attack_reasons_in_each_scenario() -> None:
    g = position(hand=[MAN], pos=TERMINAL)
    g.pos[1] = MINES
    g.pos[2] = -1
    assert why(g, A.ATTACK[1]) == [
        ("attack.same-sector", "not_here", {"seat": 1, "sector": MINES, "kind": "mines"})
    ]
    assert why(g, A.ATTACK[2]) == [("attack.same-sector", "target_in_hold", {"seat": 2})]
    assert why(g, A.ATTACK[0]) == [("attack.other", "self_attack", {})]
    calm = position(hand=[MAN], pos=TERMINAL, scenario="peaceful")
    calm.pos[1] = TERMINAL
    assert why(calm, A.ATTACK[1]) == [("peaceful.no-attack", "no_attack", {})]
    calm.ctrl[TERMINAL] = 1
    assert why(calm, A.CONQUER_CRYPTO)[0][:2] == ("peaceful.guarded", "guarded")
    angry = position(hand=[MAN], pos=TORTUGA, scenario="aggressive")
    angry.infl[1] = 5
    assert why(angry, A.CONQUER) == [("aggressive.tortuga", "no_victory", {})]


def test_reinforce_reasons() -> None:
    g = position(hand=[EXT, EXT, EXT], pos=TORTUGA)
    do(g, A.PLAY[EXT], A.PLAY[EXT], A.PLAY[EXT])
    assert why(g, A.REINFORCE[TERMINAL][3])[0][:2] == ("reinforce.own", "not_your_sector")
    g.ctrl[TERMINAL] = 0
    g.defence[TERMINAL] = 3
    assert why(g, A.REINFORCE[TERMINAL][3])[0][:2] == ("reinforce.own", "not_higher")
    assert why(g, A.REINFORCE[TERMINAL][5]) == [
        ("reinforce.own", "need_crypto", {"need": 5, "have": 3})
    ]
    g.crypto = 10
    assert why(g, A.REINFORCE[TERMINAL][10]) == [
        ("reinforce.max", "above_max", {"to": 10, "top": 8, "sector": TERMINAL, "kind": "terminal"})
    ]
    g.ctrl[TORTUGA] = 0
    assert why(g, A.REINFORCE[TORTUGA][5])[0][:2] == ("conquer.tortuga", "tortuga_no_track")


def test_sector_powers_need_presence_control_and_once_a_turn() -> None:
    g = position(hand=[EXT], pos=TORTUGA)
    assert why(g, A.FORTRESS) == [
        ("fortress.power", "not_at_power", {"sector": FORTRESS, "kind": "fortress"})
    ]
    assert said(g, A.FORTRESS, "fr") == "Votre vaisseau n'est pas là : la Forteresse (10)."
    g.pos[0] = FORTRESS
    assert why(g, A.FORTRESS)[0][:2] == ("fortress.power", "not_controlled")
    g.ctrl[FORTRESS] = 0
    do(g, A.FORTRESS)
    assert why(g, A.FORTRESS)[0][:2] == ("power.once", "used_this_turn")
    g.pos[0] = MINES
    g.ctrl[MINES] = 0
    g.depot = 0
    assert why(g, A.MINES) == [("mines.power", "depot_empty", {})]


def test_a_played_card_opens_its_abilities_first() -> None:
    g = position(hand=[BOO, EXT], pos=TORTUGA)
    do(g, A.PLAY[BOO])
    assert why(g, A.PLAY[EXT]) == [("ability.choose", "ability_first", {"card": BOO})]
    assert "Booster" in said(g, A.PLAY[EXT])
    assert why(g, A.AB_PLAIN["draw"]) == [("ability.choose", "not_on_card", {"card": BOO})]
    assert why(g, A.AB_SECTOR["move"][TORTUGA])[0][:2] == ("ability.move", "already_there")
    do(g, A.AB_DONE)
    assert why(g, A.AB_DONE) == [("ability.choose", "no_ability_pending", {})]


def test_combat_choices_say_whose_secret_it_is_and_what_can_be_used() -> None:
    # The combat at the Mines: the attacker chooses in secret, the defender waits.
    g = position(hand=[GARDE, GARDE, MERC, EXT], pos=MINES)
    g.ctrl[MINES] = 1
    g.pos[1] = MINES
    g.hand[1] = [MAN, MERC, MERC, EXT, EXT]
    do(g, A.ATTACK[1])
    assert why(g, A.COMMIT[EXT]) == [("combat.manoeuvre", "no_manoeuvre", {"card": EXT})]
    assert why(g, A.COMMIT[MAN]) == [("combat.attacker", "not_in_hand", {"card": MAN})]
    assert why(g, A.END) == [("combat.attacker", "commit_first", {})]
    do(g, A.COMMIT[GARDE])
    # The defender is told who it waits for, and nothing of the attacker's cards.
    reasons = g.why_not(1, A.DEFEND[MAN])
    assert reasons == [Reason.of("turn.order", "attacker_choosing", seat=0)]
    for i in range(5):
        assert g.determinize(1, random.Random(i)).why_not(1, A.DEFEND[MAN]) == reasons
    do(g, A.COMMIT_DONE)
    assert why(g, A.DEFEND[EXT], seat=1) == [("combat.manoeuvre", "no_manoeuvre", {"card": EXT})]
    assert why(g, A.COMMIT_DONE, seat=1)[0][:2] == ("combat.defender", "defend_first")


def test_a_ship_in_the_hold_waits_for_the_next_turn() -> None:
    g = position(hand=[MAN], pos=TERMINAL)
    g.pos[0] = -1
    assert why(g, A.MOVE[TORTUGA]) == [("ship.hold", "in_hold", {})]
    assert why(g, A.REENTER[TORTUGA]) == [("reenter.where", "reenter_next_turn", {})]
    g.phase = K.REENTER
    assert why(g, A.REENTER[TERMINAL]) == [
        ("reenter.where", "not_yours_to_reenter", {"sector": TERMINAL, "kind": "terminal"})
    ]
    assert why(g, A.END) == [("reenter.where", "reenter_first", {})]


def test_ship_choice_and_numbers_the_game_does_not_have() -> None:
    g = new_game("tortuga2199", 2, 1)
    assert isinstance(g, Tortuga2199)
    s = g.to_act[0]
    first = P.ships[0]
    do(g, A.SHIP[first])
    s2 = g.to_act[0]
    assert why(g, A.SHIP[first], seat=s2) == [
        ("setup.ship", "ship_taken", {"card": first, "seat": s})
    ]
    assert why(g, A.SHIP[EXT], seat=s2) == [("setup.ship", "not_a_ship", {"card": EXT})]
    assert why(g, A.END, seat=s2) == [("setup.ship", "choose_ship_first", {})]
    assert why(g, A.PLAY[80], seat=s2) == [("play.hand", "no_such_card", {"number": 80})]
    assert why(g, "move sector=10", seat=s2) == [
        ("move.adjacent", "no_such_sector", {"number": 10})
    ]


def test_a_finished_game_says_so() -> None:
    g = position(hand=[EXT], pos=TORTUGA)
    g.infl[0] = 14
    do(g, A.PLAY[EXT])
    g.gain_bank(0, 1)
    assert g.is_over
    assert why(g, A.END) == [("game.over", "game_over", {})]
    assert said(g, A.END, "fr") == "La partie est terminée."


def test_actions_are_about_the_piece_pressed() -> None:
    g = position(hand=[EXT], pos=TORTUGA)
    assert g.action_components(A.PLAY[EXT]) == ("card:" + P.card_id[EXT],)
    assert g.action_components(A.AB_CARD["trash"][EXT]) == ("card:" + P.card_id[EXT],)
    assert g.action_components(A.MOVE[TERMINAL]) == ("sector:terminal",)
    assert g.action_components(A.MOVE[TORTUGA]) == ("sector:tortuga",)
    # The special sectors are laid at random: a slot of theirs is the map's.
    assert g.action_components(A.MOVE[VORTEX]) == ("board:4",)
    assert g.action_components(A.BUY_INFLUENCE) == ("sector:tortuga",)
    assert g.action_components(A.END) == ()
    assert g.action_components(A.PLAY[80]) == ()
    assert g.why_not_component(0, "card:" + P.card_id[EXT]) == []
    assert g.why_not_component(0, "card:" + P.card_id[HACKER])
    assert A.BUY[HACKER] in g.actions_about("card:" + P.card_id[HACKER])


def test_random_playouts_always_find_a_precise_reason() -> None:
    """The generic word (``not_now``) is a safety net no illegal action reaches, and a price
    the reason names is the turn's resource, short of the need."""
    for scenario in ("standard", "aggressive", "peaceful"):
        for players in (2, 4):
            g = new_game("tortuga2199", players, 7, {"scenario": scenario, "round_limit": 6})
            rng = random.Random(players)
            space = g.action_space.actions
            while not g.is_over:
                s = g.to_act[0]
                if rng.random() < 0.3:
                    legal = set(g.legal_actions(s))
                    for a in rng.sample(space, 40):
                        if a in legal:
                            continue
                        for r in g.why_not(s, a):
                            assert r.detail != "not_now", a.text()
                            v = r.values
                            if "need" in v:  # a price not met is one the seat cannot pay
                                assert isinstance(g, Tortuga2199)
                                have = g.crypto if "crypto" in r.detail else g.mano
                                assert v["have"] == have and int(v["need"]) > have, (a, r)
                g.apply(s, rng.choice(g.legal_actions(s)))


def test_every_rule_of_rules_csv_is_one_a_reason_can_name() -> None:
    rules = game_class("tortuga2199").rules()
    assert rules is not None
    src = (
        Path(__file__).resolve().parents[3] / "src/spacetable/games/tortuga2199/why.py"
    ).read_text(encoding="utf-8")
    assert [r for r in rules.ids() if f'"{r}"' not in src] == []
    assert {r.source for r in rules.rows} == {"rulebook", "reconstructed"}


def test_legal_moves_in_a_position_have_no_reason() -> None:
    g = position(hand=[EXT, MAN, BOO], pos=TORTUGA)
    for t in sorted(texts(g)):
        assert g.why_not(0, t) == [], t


def test_every_why_sentence_uses_only_the_names_explain_fills() -> None:
    fills = {"sector", "of_sector", "at", "of_at", "card", "creature", "seat", "number"}
    fills |= {"need", "have", "minerals", "n", "to", "defence", "top"}
    keys = {k for k in K.TEXT.tables["en"] if k.startswith("why_")}
    assert keys == {k for k in K.TEXT.tables["fr"] if k.startswith("why_")}
    assert len(keys) > 80
    for lang in ("en", "fr"):
        for k in keys:
            names = {f for _, f, _, _ in string.Formatter().parse(K.TEXT.tables[lang][k]) if f}
            assert names <= fills, (lang, k, names - fills)
