"""Why an action is not legal in Quazarys: a precise reason for each kind of decision, naming
the rule of ``rules.csv`` it breaks and what in the position breaks it, drawn in English and
French, never naming a hidden card."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

import spacetable
from spacetable.engine import InvalidAction
from spacetable.engine.presentation import presentation
from spacetable.engine.why import Reason
from spacetable.games.quazarys import why as why_module
from spacetable.games.quazarys.constants import texts
from spacetable.games.quazarys.notation import card_index, set_position
from spacetable.games.quazarys.rules import Quazarys
from spacetable.games.quazarys.tables import DATA

WHY_SOURCE = Path(why_module.__file__)

# The rules map's example: B1 · Sirius · Procyon · Altaïr · Bételgeuse · B2. Seat 0 (Red) on
# Sirius's east station, seat 1 (Blue) on Altaïr's west station; Bételgeuse's east arm is
# one way outwards.
LINE = "B1 S1 S8 S3 S4 B2/2"
RED, BLUE = "0,1,E", "0,3,W"
OTHER = ["A02", "A06", "A10", "A14", "A18"]


def game(
    board: str = LINE,
    pawns: tuple[str, ...] = (RED, BLUE),
    hand: tuple[str, ...] = ("A01", "A05", "A13", "E07", "A17"),
    options: dict[str, Any] | None = None,
    data: Path | None = None,
    **kw: Any,
) -> Quazarys:
    g = spacetable.new_game("quazarys", 2, 1, options or {}, data=data)
    assert isinstance(g, Quazarys)
    kw.setdefault("discard", ["A04"])
    return set_position(g, board, list(pawns), hands=[list(hand), OTHER], **kw)


def why(g: Quazarys, action: str, seat: int = 0) -> list[Reason]:
    return g.why_not(seat, action)


def one(g: Quazarys, action: str, seat: int = 0) -> Reason:
    reasons = why(g, action, seat)
    assert len(reasons) == 1, reasons
    return reasons[0]


def said(g: Quazarys, reason: Reason, lang: str) -> str:
    return presentation(g).reason(reason, lang)["detail"]


def card(cid: str) -> int:
    return card_index(cid)


def play(g: Quazarys, cid: str) -> None:
    g.apply(g.current, f"play card={card(cid)}")


# ---------------------------------------------------------------------- the turn
def test_a_legal_action_has_no_reason() -> None:
    g = game()
    for a in g.legal_actions(0):
        assert g.why_not(0, a) == []
    # the rules map's jump: seat 0 jumps Blue's pawn on to Altaïr's east station
    assert why(g, "move r=0 c=3 p=2") == []


def test_another_seat_is_told_whose_turn_it_is_in_both_languages() -> None:
    g = game()
    r = one(g, f"play card={card('A02')}", seat=1)
    assert r == Reason.of("turn.not-yours", "not_your_turn", player=0)
    assert said(g, r, "en") == "It is not your turn: Red (seat 0) is playing."
    assert said(g, r, "fr") == "Ce n'est pas votre tour : c'est à Rouge (siège 0) de jouer."
    told = presentation(g).reason(r, "en")
    assert told["quote"].startswith("Une fois votre tour terminé")
    assert told["section"] == "PHASE 3 PIOCHER DES CARTES"


def test_after_the_last_arrival_of_the_round_every_action_is_refused_for_the_end() -> None:
    # Red is one station from home and last in the round (Blue played first).
    g = game(pawns=("0,1,W", BLUE), first=1)
    g.apply(0, "move r=0 c=0 p=0")
    assert g.is_over
    r = one(g, "skip", seat=1)
    assert r == Reason.of("game.over", "over", end="arrived")
    assert said(g, r, "en") == "The race is over: a pawn reached its base."
    assert said(g, r, "fr") == "La course est finie : un pion a rejoint sa base."


def test_phase_one_is_mandatory_and_one_of_three() -> None:
    g = game()
    assert one(g, "stop") == Reason.of("phase1.one-of-three", "phase_one_first")
    assert one(g, "skip") == Reason.of("phase1.one-of-three", "phase_one_first")
    # a combination is started: moving and discarding are gone
    play(g, "A13")  # Pirate attack (Comet)
    g.apply(0, "target seat=1")
    g.apply(0, g.legal_actions(0)[0])  # Blue's pawn goes somewhere
    assert g.view(0)["pending"]["kind"] == "combo"
    r = one(g, "move r=0 c=1 p=0")
    assert r == Reason.of("phase1.one-of-three", "in_combo", faction=0)
    assert said(g, r, "en") == (
        "You chose to play cards in this phase 1: play another card of the faction Comet, or stop."
    )
    assert one(g, f"discard card={card('A05')}").detail == "in_combo"
    assert one(g, "skip") == Reason.of("turn.phases", "stop_first")
    # discarding is started: moving and playing are gone
    h = game()
    h.apply(0, f"discard card={card('A17')}")
    assert one(h, f"play card={card('A01')}") == Reason.of("phase1.one-of-three", "in_discard", n=1)
    assert one(h, "move r=0 c=1 p=0").detail == "in_discard"


def test_phase_two_only_moves_and_a_fourth_discard_is_refused() -> None:
    g = game()
    for cid in ("A17", "A13", "A05"):
        g.apply(0, f"discard card={card(cid)}")
    assert g.view(0)["pending"]["kind"] == "move2"  # three discards end phase 1
    r = one(g, f"discard card={card('A01')}")
    assert r == Reason.of("discard.limit", "three_discarded", n=3)
    assert said(g, r, "fr") == "Vous avez défaussé 3 cartes, le plus que permet la phase 1."
    assert one(g, f"play card={card('A01')}") == Reason.of("turn.phases", "phase_one_over")
    assert one(g, "stop") == Reason.of("turn.phases", "phase_one_over")


def test_a_cards_choice_with_no_card_asking_for_it_says_what_is_asked() -> None:
    g = game()
    r = one(g, "place r=1 c=1")
    assert (r.rule, r.detail, r.values["now"]) == ("turn.phases", "no_place", "choose")
    assert said(g, r, "en") == (
        "No card is waiting to be put on the table. Phase 1: move one station, play cards of "
        "one faction, or discard 1 to 3 cards."
    )
    for action, detail in (
        ("orient rot=1", "no_orient"),
        ("pick r=0 c=2", "no_pick"),
        ("target seat=1", "no_target"),
        ("blackhole axis=col index=2", "no_blackhole"),
    ):
        assert one(g, action).detail == detail


def test_an_effect_being_applied_asks_for_its_own_choice_first() -> None:
    g = game()
    play(g, "A01")  # Hyper speed (Comet): move two stations
    r = one(g, "stop")
    assert (r.rule, r.detail) == ("effect.apply", "effect")
    assert said(g, r, "en") == (
        "First finish the card's effect. Choose where the pawn of Red (seat 0) goes "
        "(2 move(s) left)."
    )
    assert said(g, r, "fr").startswith("Finissez d'abord l'effet de la carte. Choisissez où va")
    assert one(g, f"play card={card('A05')}").rule == "effect.apply"


# ---------------------------------------------------------------------- moves
def test_a_move_names_the_station_the_arrow_or_the_pawn_in_the_way() -> None:
    g = game()
    # Altaïr's west station holds Blue's pawn: the move jumps it instead
    r = one(g, "move r=0 c=3 p=4")
    assert r == Reason.of("move.jump", "occupied", player=1)
    assert said(g, r, "en") == (
        "The pawn of Blue (seat 1) stands there: a move that would end on it jumps it, on to "
        "the next station beyond."
    )
    assert said(g, r, "fr") == (
        "Le pion de Bleu (siège 1) est là : un déplacement qui finirait sur lui le saute et va "
        "jusqu'à la station suivante."
    )
    # Procyon's centre is a plain crossing, column 9 is off the table
    assert one(g, "move r=0 c=2 p=0") == Reason.of(
        "move.station", "no_station", card=card("S8"), point=0
    )
    assert one(g, "move r=0 c=9 p=0") == Reason.of("move.station", "no_card", r=0, c=9)
    # Bételgeuse's centre is two stations away
    assert one(g, "move r=0 c=4 p=0") == Reason.of(
        "move.one-station", "not_next", card=card("S4"), point=0
    )
    assert one(g, "move r=0 c=1 p=2") == Reason.of("move.one-station", "already_there", pawn=0)


def test_an_arrow_and_another_players_base_stop_a_move() -> None:
    # Red on Bételgeuse's east station: the arrow forbids the way back, Blue's base is a wall
    g = game(pawns=("0,4,E", "0,1,C"))
    r = one(g, "move r=0 c=4 p=0")
    assert r == Reason.of("move.arrow", "against_arrow", card=card("S4"), point=0)
    assert said(g, r, "en") == (
        "The centre station of Betelgeuse can only be reached against an arrow."
    )
    assert said(g, r, "fr") == (
        "On n'atteint la station centre de la carte Bételgeuse qu'à contresens d'une flèche."
    )
    assert one(g, "move r=0 c=5 p=0") == Reason.of("move.base", "their_base", player=1)
    # Solar winds ignore the arrow: the same station is then a legal move
    play(g, "A05")
    assert why(g, "move r=0 c=4 p=0") == []


def test_a_pawn_home_does_not_move() -> None:
    # Red was pushed home by pirates earlier in the round: its turn comes, it may not move
    g = game(pawns=("0,0,C", "0,3,E"))
    assert one(g, "move r=0 c=1 p=4") == Reason.of("move.home", "home", pawn=0)


def test_with_the_option_an_action_card_does_not_move_a_pawn_home() -> None:
    g = game(pawns=("0,1,W", BLUE), options={"action_moves_home": False})
    play(g, "A01")  # Hyper speed
    assert one(g, "move r=0 c=0 p=0") == Reason.of("move.action-home", "action_home")
    h = game(pawns=("0,1,W", BLUE))  # the default: it may
    play(h, "A01")
    assert why(h, "move r=0 c=0 p=0") == []


# ---------------------------------------------------------------------- cards in hand
def test_a_card_not_in_hand_is_said_where_it_is_seen_and_never_where_it_hides() -> None:
    board = LINE + "\n. E07 . . . ."
    g = game(board=board, hand=("A01", "A05", "A13", "E10", "A17"), deck=["E12", "E11"])
    assert one(g, f"play card={card('E07')}") == Reason.of(
        "play.hand", "on_table", card=card("E07"), r=1, c=1
    )
    assert one(g, f"discard card={card('A04')}") == Reason.of(
        "discard.hand", "on_discard", card=card("A04")
    )
    # A02 is in Blue's hand, E12 in the deck: the same reason, naming neither
    in_hand = one(g, f"play card={card('A02')}")
    in_deck = one(g, f"play card={card('E12')}")
    assert in_hand == Reason.of("play.hand", "not_held", card=card("A02"))
    assert in_deck == Reason.of("play.hand", "not_held", card=card("E12"))
    assert said(g, in_hand, "en") == "Hyper speed! (Nebula) is not in your hand."
    assert said(g, in_hand, "fr") == "Hyper vitesse ! (Nébuleuse) n'est pas dans votre main."
    for seed in range(5):
        other = g.determinize(0, random.Random(seed))
        assert other.why_not(0, f"play card={card('A02')}") == [in_hand]


def test_a_combination_keeps_to_one_faction() -> None:
    g = game()
    play(g, "A05")  # Solar winds (Comet)
    g.apply(0, g.legal_actions(0)[0])
    r = one(g, f"play card={card('E07')}")  # Relay (Asteroid)
    assert r == Reason.of("play.same-faction", "other_faction", card=card("E07"), combo=0)
    assert said(g, r, "en") == (
        "Relay (Asteroid) is not of the faction Comet, the faction of your combination."
    )
    assert said(g, r, "fr") == (
        "Relais (Astéroïde) n'est pas de la faction Comète, celle de votre combinaison."
    )
    assert why(g, f"play card={card('A13')}") == []  # Pirate attack (Comet)


def test_the_second_of_two_identical_cards_points_to_the_first(tmp_path: Path) -> None:
    # A box whose A01 is a Solar winds card of the Comet, like A05: one choice for both
    d = tmp_path / "mybox"
    d.mkdir()
    text = DATA.shipped_text("actions.csv")
    old = "A01,hyper_vitesse,comete,Hyper vitesse !,Hyper speed!"
    assert text.count(old) == 1
    new = "A01,vents_solaires,comete,Vents solaires,Solar winds"
    (d / "actions.csv").write_text(text.replace(old, new), encoding="utf-8")
    g = game(hand=("A01", "A05", "A13"), data=d)
    r = one(g, f"play card={card('A05')}")
    assert r == Reason.of("hand.identical", "identical", card=card("A05"), first=card("A01"))
    assert said(g, r, "en") == (
        "Solar winds (Comet) is the same card as your Solar winds (Comet): choose that one."
    )
    assert one(g, f"discard card={card('A05')}").rule == "hand.identical"


# ---------------------------------------------------------------------- the cards' choices
def test_pirates_attack_an_opponent_off_the_bases() -> None:
    g = game(pawns=(RED, "0,5,C"), hand=("A13", "A01"))  # Blue on its start base
    play(g, "A13")
    # Blue's pawn is on a base: nobody to attack, the effect does nothing
    assert g.view(0)["pending"]["kind"] == "combo"
    h = game(hand=("A13", "A01"))
    play(h, "A13")
    r = one(h, "target seat=0")
    assert r == Reason.of("pirates.target", "yourself")
    assert said(h, r, "fr") == "Les pirates attaquent un adversaire, jamais vous-même."
    assert why(h, "target seat=1") == []


def test_pirates_may_not_target_a_pawn_on_a_base_when_another_can_be() -> None:
    g = spacetable.new_game("quazarys", 3, 1)
    assert isinstance(g, Quazarys)
    cross = "\n".join(
        [
            ". . . B2/1 . . .",
            ". . . S2 . . .",
            ". . . S6 . . .",
            "B1 S1 S8 S3 S4 S5 B3/2",
            ". . . S7 . . .",
            ". . . S9 . . .",
            ". . . B4/3 . . .",
        ]
    )
    set_position(g, cross, ["3,1,C", "0,3,C", "3,4,C"], hands=[["A13"], OTHER, OTHER])
    play(g, "A13")
    r = one(g, "target seat=1")
    assert r == Reason.of("action.bases", "pawn_on_base", player=1)
    assert said(g, r, "en") == (
        "The pawn of Blue (seat 1) is on a base: Action cards cannot affect it."
    )
    assert why(g, "target seat=2") == []
    # at 3 players the fourth base (south) is nobody's: no pawn enters it
    g2 = spacetable.new_game("quazarys", 3, 1)
    assert isinstance(g2, Quazarys)
    set_position(g2, cross, ["5,3,C", "0,3,C", "3,4,C"], hands=[["A01"], OTHER, OTHER])
    assert one(g2, "move r=6 c=3 p=0") == Reason.of("move.base", "nobodys_base", card=card("B4"))


def test_a_black_hole_names_the_pawn_or_base_in_its_line() -> None:
    g = game(board=LINE + "\n. . E07 . . .", hand=("A17", "A01"))
    play(g, "A17")  # Black hole (Comet)
    assert why(g, "blackhole axis=row index=1") == []
    r = one(g, "blackhole axis=col index=1")
    assert r == Reason.of("blackhole.line", "line_pawn", axis="col", index=1, player=0)
    assert said(g, r, "en") == "The pawn of Red (seat 0) is in column 1."
    assert said(g, r, "fr") == "La colonne 1 comporte le pion de Rouge (siège 0)."
    assert one(g, "blackhole axis=row index=0") == Reason.of(
        "blackhole.line", "line_base", axis="row", index=0, card=card("B1")
    )
    assert one(g, "blackhole axis=col index=9") == Reason.of(
        "blackhole.line", "empty_line", axis="col", index=9
    )


def test_a_tornado_moves_an_unoccupied_exploration_elsewhere_and_turns_it() -> None:
    board = LINE + "\n. E07 . . . ."
    g = game(board=board, hand=("A20", "A01"))  # Solar tornado (Nebula)
    play(g, "A20")
    assert one(g, "pick r=0 c=2") == Reason.of("tornado.target", "not_exploration", card=card("S8"))
    r = one(g, "pick r=0 c=0")
    assert r == Reason.of("action.bases", "base_card", card=card("B1"))
    assert (
        said(g, r, "fr")
        == "Base rouge est une carte Base : les cartes Action ne peuvent pas affecter les bases."
    )
    assert one(g, "pick r=1 c=0") == Reason.of("tornado.target", "no_card", r=1, c=0)
    g.apply(0, "pick r=1 c=1")
    r = one(g, "place r=1 c=1")
    assert r == Reason.of("tornado.move", "same_slot", card=card("E07"))
    assert said(g, r, "en") == "Relay (Asteroid) must move: it cannot go back where it was."
    assert one(g, "place r=0 c=3") == Reason.of(
        "explore.adjacent", "slot_taken", card=card("S3"), r=0, c=3
    )
    assert one(g, "place r=3 c=3") == Reason.of("explore.adjacent", "not_adjacent", r=3, c=3)
    g.apply(0, "place r=1 c=3")
    assert one(g, "orient rot=0") == Reason.of(
        "rotate.change", "same_rotation", card=card("E07"), deg=0
    )
    assert why(g, "orient rot=1") == []


def test_a_tornado_does_not_lift_a_card_a_pawn_stands_on() -> None:
    g = game(board=LINE + "\n. E07 E13 . . .", pawns=(RED, "1,1,C"), hand=("A20",))
    play(g, "A20")
    r = one(g, "pick r=1 c=1")
    assert r == Reason.of("tornado.target", "card_occupied", card=card("E07"), player=1)
    assert said(g, r, "en") == (
        "The pawn of Blue (seat 1) stands on Relay (Asteroid): the card is not unoccupied."
    )


def test_a_magnetic_field_turns_a_card_and_the_option_makes_it_a_quarter_turn() -> None:
    for rotation, half in (("any", []), ("quarter", None)):
        g = game(hand=("A09",), options={"rotation": rotation})  # Magnetic field (Comet)
        play(g, "A09")
        r = one(g, "pick r=0 c=3")  # Altaïr: Blue stands on it
        assert r == Reason.of("magnetic.target", "card_occupied", card=card("S3"), player=1)
        g.apply(0, "pick r=0 c=2")
        assert one(g, "orient rot=0").rule == "rotate.change"
        if half is None:
            r = one(g, "orient rot=2")
            assert r == Reason.of("rotate.quarter", "half_turn", card=card("S8"))
            assert said(g, r, "en") == (
                "With this table's option, Procyon turns a quarter turn to the left or to "
                "the right, not a half turn."
            )
        else:
            assert why(g, "orient rot=2") == half


def test_an_exploration_goes_next_to_the_table_within_fifteen_by_fifteen() -> None:
    # A full row of 15 cards: a card left of it would make the table 16 wide
    row = "B1 S1 S8 S3 S4 E01 E02 E03 E04 E05 E06 E08 E09 E10 B2/2"
    g = game(board=row + "\nE11 . . . . . . . . . . . . . .", hand=("E07",))
    play(g, "E07")
    r = one(g, "place r=1 c=-1")
    assert r == Reason.of("table.limit", "too_big", r=1, c=-1)
    assert said(g, r, "en") == (
        "A card at (1,-1) would make the table more than 15 cards high or wide."
    )
    assert why(g, "place r=2 c=0") == []


# ---------------------------------------------------------------------- the contract
def test_a_malformed_action_raises_and_a_foreign_one_too() -> None:
    g = game()
    for bad in ("fly 3", "move r=0 c=1", "target seat=x", "target seat=3", "move r=20 c=0 p=0"):
        with pytest.raises(InvalidAction):
            g.why_not(0, bad)


def test_a_card_in_hand_is_the_component_its_play_and_discard_are_about() -> None:
    g = game()
    assert g.action_components(g.parse_action(f"play card={card('E07')}")) == ("exploration:E07",)
    assert g.action_components(g.parse_action(f"discard card={card('A13')}")) == ("action:A13",)
    assert g.action_components(g.parse_action("move r=0 c=3 p=2")) == ()
    assert g.action_components(g.parse_action("stop")) == ()
    # Blue presses a card of its hand while Red plays: not its turn
    assert g.why_not_component(1, "action:A02") == [
        Reason.of("turn.not-yours", "not_your_turn", player=0)
    ]
    assert g.why_not_component(0, "action:A13") == []


def test_every_detail_and_rule_a_reason_may_name_exists() -> None:
    t = texts()
    source = WHY_SOURCE.read_text(encoding="utf-8")
    details = set(re.findall(r'Reason\.of\(\s*[a-z"0-9._ -]+,\s*"([a-z_]+)"', source))
    details |= {"effect", "asked"} | {f"no_{k}" for k in ("place", "orient", "pick", "target")}
    details.add("no_blackhole")
    assert len(details) > 30
    for d in details:
        for lang in ("en", "fr"):
            assert f"wn_{d}" in t.tables[lang], (lang, d)
    rules = Quazarys.rules()
    assert rules is not None
    # every rule of rules.csv is one a reason may name, and no other is named
    named = set(re.findall(r'"([a-z0-9]+\.[a-z0-9-]+)"', source))
    assert named == set(rules.ids())
