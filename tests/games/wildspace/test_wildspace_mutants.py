"""Wild Space: tests written for the survivors of the sampled mutation run (issue 17).

Each test pins a behaviour the rulebook, the rules map (``docs/games/wildspace.md``) or the
documented state layout gives, that no other test pinned. Some call a function directly that
otherwise only runs when a module is imported (the component tables) or once per process
(the cached RL action space), so that a changed function is seen.
"""

from __future__ import annotations

import json
import random

import pytest

from spacetable.bots import make_bot
from spacetable.engine import new_game
from spacetable.games.wildspace import actions as A
from spacetable.games.wildspace import components as C
from spacetable.games.wildspace.constants import (
    F_PLAY,
    F_TAKE,
    SRC_EXPLORE,
    SRC_PLANET,
)
from spacetable.games.wildspace.notation import find_card, position
from spacetable.games.wildspace.rules import WildSpace
from spacetable.games.wildspace.scoring import mission_value
from spacetable.games.wildspace.tables import shipped_parts
from spacetable.playout import bot_policy, playout

P = shipped_parts()

PLANETS = [0, 1, 2, 5, 8]  # Aurora, Haven (start), Kepler ("3"), Orcus ("6"), Titan ("9")
ALL_UP = [True] * 5
SPRING = find_card("robot", profession="programmer", effect="remove>take_play")


def plain(n: int, exclude: set[int] | None = None) -> list[int]:
    """n deck cards without effect or Veteran status."""
    out = [
        c
        for kind in (C.K_SPECIALIST, C.K_EMISSARY, C.K_ROBOT)
        for c in P.deck_cards
        if P.kind[c] == kind and P.effect_of[c] < 0 and not P.vet[c]
    ]
    out = [c for c in out if not exclude or c not in exclude]
    assert len(out) >= n
    return out[:n]


def saved_stack(g: WildSpace) -> list[list[int]]:
    """The pending frames as a save writes them."""
    stack: list[list[int]] = json.loads(g.to_json())["state"]["stack"]
    return stack


def empty_draw_piles(g: WildSpace) -> None:
    """No card left to draw: the deck and the discard go to seat 0's hand."""
    g.hands[0] += g.deck + g.discard
    g.deck = []
    g.discard = []


# ---------------------------------------------------------------------- actions
def test_the_rl_action_space_holds_every_decision_once() -> None:
    """Called directly: the engine caches the space, so a game never rebuilds it twice."""
    for solo in (False, True):
        every = A.all_actions(solo)
        assert len(every) == len(set(every))
        for a in (A.DRAW_DECK, A.TAKE_DECK, A.USE, A.SKIP, A.END):
            assert a in every
        assert set(A.DRAW_RESERVE) <= set(every) and set(A.TAKE_RESERVE) <= set(every)
        assert set(A.PLAY.values()) | set(A.PAY.values()) | set(A.REMOVE.values()) <= set(every)
        assert set(A.LAND.values()) | set(A.EXPLORE.values()) <= set(every)
        assert (set(A.SMUGGLE.values()) <= set(every)) == solo
        assert not (set(A.SMUGGLE.values()) & set(every)) or solo
    assert WildSpace.enumerate_actions(2, {}) == A.all_actions(False)
    assert WildSpace.enumerate_actions(1, {}) == A.all_actions(True)
    size = 3 + 1 + 1 + 3 + 1 + 1 + 1  # draw from 3 slots, deck, take deck, 3 slots, use...
    size += len(A.LAND) + len(A.EXPLORE) + 4 * len(P.deck_cards)
    assert len(A.all_actions(False)) == size
    assert len(A.all_actions(True)) == size + 2 * C.N_HOSTILE
    # Fixed by the rulebook's counts, whatever a data set says: 10 tiles x 2 sides x up to 3
    # actions, 10 x 2 x 2 explorations, 4 x 102 card actions, 11 others (+ 12 x 2 smuggles).
    assert len(A.LAND) == 60 and set(A.PLAY) == set(range(6, 108))
    assert (len(A.all_actions(False)), len(A.all_actions(True))) == (519, 543)


# ---------------------------------------------------------------------- components
def test_species_predicates_match_only_that_species() -> None:
    """``species.<s>`` (the Owl of "Owl + Military" pairs) holds for that species only."""
    owl = P.cards[find_card("specialist", "owl", "military")]
    bear = P.cards[find_card("specialist", "bear", "military")]
    robot = P.cards[find_card("robot", profession="military")]
    assert C.matches("species.owl", owl)
    assert not C.matches("species.owl", bear)
    assert not C.matches("species.owl", robot)  # a Robot is no animal
    assert C.matches("species.bear", bear)
    # the table the rules read agrees
    row = P.match[C.PRED_INDEX["species.owl"]]
    assert [c for c in P.deck_cards if row[c]] == [
        c for c in P.deck_cards if P.species_of[c] == C.SPECIES.index("owl")
    ]


def test_robot_or_emissary_matches_robots_and_emissaries_only() -> None:
    robot = P.cards[find_card("robot", profession="military")]
    emissary = P.cards[find_card("emissary", "owl")]
    specialist = P.cards[find_card("specialist", "owl", "military")]
    assert C.matches("robot_or_emissary", robot)
    assert C.matches("robot_or_emissary", emissary)
    assert not C.matches("robot_or_emissary", specialist)


def test_draw_counts_run_from_1_to_the_largest_of_the_vocabulary() -> None:
    assert C.parse_effect(f"draw:{C.MAX_DRAW}") == (C.C_NONE, -1, C.B_DRAW, C.MAX_DRAW)
    assert C.parse_effect("discard:any>draw:1") == (C.C_DISCARD, C.P_ANY, C.B_DRAW, 1)
    for bad in ("draw:0", f"draw:{C.MAX_DRAW + 1}", "draw:x"):
        with pytest.raises(ValueError, match="bad draw count"):
            C.parse_effect(bad)


def test_a_mission_with_an_empty_set_says_why() -> None:
    assert C.parse_mission("set:prof.botanist:3:5") == (C.M_SET, C.P_PROF0, 3, 5)
    for bad in ("set:prof.botanist:0:5", "set:prof.botanist:3:0"):
        with pytest.raises(ValueError, match="set sizes and credits must be positive"):
            C.parse_mission(bad)


def test_hostile_effects_take_or_discard_reserve_slots_in_order() -> None:
    """``T<n>`` adds slot n to the Contrebandier's crew, ``D<n>`` discards it (n from 1)."""
    assert C.parse_ops("T1+D2") == ((1, 0), (0, 1))
    assert C.parse_ops("D3+T3") == ((0, 2), (1, 2))
    # Toxic Swamp, the rulebook's example: discard the middle card, then take its replacement
    assert P.h_landing[3] == C.parse_ops("D2+T2") == ((0, 1), (1, 1))


def test_sector_actions_parse_into_alternatives_of_steps() -> None:
    """A sector offers alternatives (``|``), each a sequence of steps (``+``) in order."""
    fx = C.Effects()
    opts = C.parse_options("draw:2+play:emissary|play:any", fx.intern)
    assert opts == (
        (fx.intern("draw:2"), fx.intern("play:emissary")),
        (fx.intern("play:any"),),
    )
    assert [fx.texts[e] for e in opts[0]] == ["draw:2", "play:emissary"]
    assert opts == ((0, 1), (2,))
    # Haven (tile 1), left sector: "draw 2, then play an Emissary" or "play a card"
    ids = {text: eid for eid, text in enumerate(P.effect_text)}
    assert P.sector_opts[1][0] == C.parse_options("|".join(P.sector_text[1][0]), ids.__getitem__)
    with pytest.raises(ValueError, match="at least one action"):
        C.parse_options("", fx.intern)


def test_effect_texts_are_interned_once() -> None:
    fx = C.Effects()
    for text in P.effect_text:
        fx.intern(text)
    assert fx.texts == list(P.effect_text) and fx.effects == list(P.effects)
    for eid, text in enumerate(P.effect_text):
        assert fx.intern(text) == eid  # a known text keeps its id
    new = "remove>draw:1"
    assert new not in P.effect_text
    n = len(fx.effects)
    eid = fx.intern(new)
    assert eid == n
    assert fx.effects[eid] == C.parse_effect(new) == (C.C_REMOVE, -1, C.B_DRAW, 1)
    assert fx.texts[eid] == new
    assert fx.intern(new) == eid and len(fx.effects) == n + 1


# ---------------------------------------------------------------------- set-up and events
def test_the_setup_event_shows_only_the_face_up_planets() -> None:
    for players in (1, 3):
        g = new_game("wildspace", players, 3)
        assert isinstance(g, WildSpace)
        ev = {k: v for k, v in g.log[0].items() if k != "_step"}
        assert ev == {
            "event": "setup",
            "planets": [g.planets[0], g.planets[1], None, None, None],
            "captains": g.captain,
            "reserve": g.reserve,
            "first": g.current,
        }


def test_each_seat_sees_its_own_starting_hand_in_the_setup_event() -> None:
    g = new_game("wildspace", 3, 4)
    assert isinstance(g, WildSpace)
    assert "hand" not in g.log[0]
    for p in range(3):
        assert g.log_for(p)[0]["hand"] == g.hands[p]
        others = [c for q in range(3) if q != p for c in g.hands[q]]
        assert not set(g.log_for(p)[0]["hand"]) & set(others)  # nobody else's hand


def test_a_spent_effect_is_logged_for_its_seat() -> None:
    """With ``effects=once_per_turn``, a card played twice in one turn uses its effect once;
    the log says whose card it was."""
    rhino = find_card("specialist", "rhino", "programmer", effect="play:robot_or_emissary")
    rest = [c for c in P.deck_cards if c not in (rhino, SPRING)]
    g = position(
        2,
        planets=PLANETS,
        hands=[[rhino, SPRING], rest[3:]],
        reserve=rest[:3],
        options={"effects": "once_per_turn"},
    )
    g.apply(0, A.LAND[(0, 1, 0)])
    g.apply(0, A.PLAY[rhino])
    g.apply(0, A.PLAY[SPRING])
    g.apply(0, A.REMOVE[rhino])
    ev = next(e for e in reversed(g.log) if e["event"] != "reshuffle")
    assert ev["event"] == "pay_remove" and ev["seat"] == 0
    g.apply(0, A.TAKE_DECK)  # the discard (only the Rhino) becomes the deck
    ev = {k: v for k, v in g.log[-1].items() if k != "_step"}
    assert ev == {"event": "effect_spent", "seat": 0, "card": rhino}


# ---------------------------------------------------------------------- pending decisions
def test_pending_decisions_name_their_source_in_the_view() -> None:
    hand = plain(2)
    g = position(2, planets=PLANETS, hands=[hand, []])
    g.apply(0, A.LAND[(1, 1, 0)])  # Haven right: play a card
    assert g.view(0)["pending"] == [
        {"kind": "play", "arg": "any", "optional": True, "planet": True}
    ]
    g = position(2, planets=PLANETS, faceup=ALL_UP, hands=[hand, []], spots={(0, 0, 0): 1})
    g.apply(0, A.EXPLORE[(0, 0, 1)])  # explore Aurora's left sector: play 1 card
    assert g.view(0)["pending"] == [
        {"kind": "play", "arg": "any", "optional": True, "explore": True}
    ]
    emissary = find_card("emissary", "monkey", effect="draw:1", mission="most:emissary:6")
    g = position(2, planets=PLANETS, hands=[[emissary], []])
    g.apply(0, A.LAND[(0, 1, 0)])
    g.apply(0, A.PLAY[emissary])
    assert g.view(0)["pending"] == [
        {"kind": "use_draw", "arg": 1, "optional": True, "card": emissary}
    ]


def test_optional_plays_and_takes_are_saved_with_the_documented_flag() -> None:
    """A frame is saved as ``(kind, a, b, src, optional)`` with ``optional`` 0 or 1."""
    hand = plain(1)
    g = position(2, planets=PLANETS, faceup=ALL_UP, hands=[hand, []], spots={(0, 0, 0): 1})
    g.apply(0, A.EXPLORE[(0, 0, 1)])
    assert saved_stack(g) == [[F_PLAY, C.P_ANY, 0, SRC_EXPLORE, 1]]
    assert A.SKIP in g.legal_actions(0)
    filler = plain(4)
    g = position(
        2, planets=PLANETS, hands=[[SPRING], []], tableaus=[[filler[0]], []], reserve=filler[1:]
    )
    g.apply(0, A.LAND[(0, 1, 0)])
    assert saved_stack(g) == [[F_PLAY, C.P_ANY, 0, SRC_PLANET, 1]]
    g.apply(0, A.PLAY[SPRING])
    g.apply(0, A.REMOVE[filler[0]])
    assert saved_stack(g) == [[F_TAKE, 0, 0, SPRING, 1]]
    assert A.SKIP in g.legal_actions(0)


# ---------------------------------------------------------------------- empty piles
def test_a_reserve_slot_stays_empty_when_no_card_is_left() -> None:
    """The Reserve is refilled at once from the deck, itself rebuilt from the discard; with
    neither, the slot stays empty (-1, as the view shows it) and the other slots stay."""
    res = plain(3)
    g = position(2, planets=PLANETS, hands=[[], []], reserve=res)
    empty_draw_piles(g)
    g.apply(0, A.LAND[(0, 0, 0)])  # Aurora left: draw 2
    assert A.DRAW_DECK not in g.legal_actions(0)
    g.apply(0, A.DRAW_RESERVE[0])
    assert g.reserve == [-1, res[1], res[2]]
    assert g.view(1)["reserve"] == [-1, res[1], res[2]]
    assert not any(e["event"] == "reserve_refill" for e in g.log)
    assert A.DRAW_RESERVE[0] not in g.legal_actions(0)


def test_the_smuggler_skips_an_empty_reserve_slot_and_applies_the_next_effect() -> None:
    """Hostile effects apply left to right; an empty slot (no card anywhere) does not stop
    the effects after it."""
    res = plain(3)
    g = position(1, planets=PLANETS, hands=[[]], reserve=res)
    empty_draw_piles(g)
    g.reserve[0] = -1
    g.h_row = [8, 4]  # Black Hole: landing takes slots 1 then 2
    g.h_deck = [0, 1, 5]
    g.h_used = [0, 1, 4, 5, 8]
    g.current = 1
    g.apply(0, A.SMUGGLE[(8, 0)])
    assert g.s_tableau[1:] == [res[1]]
    assert g.reserve == [-1, -1, res[2]]


def test_take_and_play_offers_the_deck_only_while_a_card_can_come_from_it() -> None:
    filler = plain(4)
    g = position(
        2, planets=PLANETS, hands=[[SPRING], []], tableaus=[[filler[0]], []], reserve=filler[1:]
    )
    empty_draw_piles(g)
    g.apply(0, A.LAND[(0, 1, 0)])
    g.apply(0, A.PLAY[SPRING])
    g.apply(0, A.REMOVE[filler[0]])  # the removed card goes to the discard: the deck's source
    assert A.TAKE_DECK in g.legal_actions(0)
    g.apply(0, A.TAKE_DECK)
    assert g.tableau[0][-1] == filler[0] and g.deck == [] and g.discard == []
    # now nothing can come from the deck: take from the Reserve only
    g.stack.append((F_TAKE, 0, 0, SRC_PLANET, 1))
    legal = g.legal_actions(0)
    assert A.TAKE_DECK not in legal
    assert set(A.TAKE_RESERVE) | {A.SKIP} <= set(legal)


# ---------------------------------------------------------------------- the automatic rule
def test_auto_smuggler_prefers_exploring_on_a_tie_even_to_the_right() -> None:
    """Ties on cards taken go to exploring before landing, then to the leftmost planet."""
    g = position(1, planets=PLANETS, hands=[[]], options={"smuggler": "auto"})
    g.h_row = [2, 0]  # land Wandering Comet (T3: 1 card) | explore Grey Asteroid (T2: 1 card)
    g.h_deck = [1, 3, 9]
    g.h_state[0] = 1
    assert g.auto_choice() == 0
    g.h_state[0] = 0  # both landings take 1 card: the leftmost
    assert g.auto_choice() == 2


# ---------------------------------------------------------------------- missions
def test_a_pair_mission_needs_one_card_of_each_side_per_pair() -> None:
    """ "2 per Owl + Military pair": one Owl and three Military make one pair, not two."""
    pair = C.parse_mission("pair:species.owl:prof.military:2")
    owl = find_card("specialist", "owl", "botanist")
    military = [c for c in P.deck_cards if P.prof_of[c] == 1 and P.species_of[c] != 2][:3]
    assert mission_value(P, pair, [owl, *military], []) == 2
    owls = [c for c in P.deck_cards if P.species_of[c] == 2 and P.prof_of[c] != 1][:3]
    assert mission_value(P, pair, [*owls, military[0]], []) == 2


def test_auto_rule_names_no_hostile_planet_once_the_row_is_empty() -> None:
    g = new_game("wildspace", 1, 5, {"smuggler": "auto"})
    assert isinstance(g, WildSpace)
    assert g.auto_choice() in g.h_row
    r = random.Random(5)
    while not g.is_over:
        g.apply(0, r.choice(g.legal_actions(0)))
    assert g.h_row == [] and g.auto_choice() == -1


def test_a_forfeited_turn_is_logged_for_its_seat() -> None:
    """A turn without any possible move is forfeited (rules map, "Interpretations"); the log
    says whose turn it was."""
    spots = {(1, 0, 0): 2, (1, 0, 1): 2, (1, 1, 0): 2, (1, 1, 1): 2}
    g = position(2, planets=PLANETS, hands=[[], []], spots=spots, current=1)
    assert g.legal_actions(1) == [A.END]
    g.apply(1, A.END)
    moves = [{k: v for k, v in e.items() if k != "_step"} for e in g.log]
    assert {"event": "no_move", "seat": 1} in moves
    assert g.turns == [0, 1] and g.current == 0


def test_a_payment_event_names_the_card_paid_and_its_source_apart() -> None:
    """« défaussez une carte pour appliquer l'effet »: the event of a payment names the card
    paid, and the card whose effect asked for it under ``source`` (once, a card source
    overwrote the paid card's id in the log)."""
    g = new_game("wildspace", 1, seed=1)
    bots = [make_bot("greedy", seed=0)]
    for _ in playout(g, random.Random(1), bot_policy(bots)):
        pays = [e for e in g.log if e["event"] in ("pay_discard", "pay_remove")]
        if pays:
            break
    record = g.record()["entries"]
    paid = record[-1]["action"]
    ev = pays[-1]
    assert paid["type"] == "pay" and ev["card"] == paid["card"]
    assert ev["source"] != {"card": ev["card"]}
