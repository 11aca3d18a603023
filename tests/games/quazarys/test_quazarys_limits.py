"""Both sides of every limit the Quazarys rulebook states (and of the limits the project adds
where it is silent): a limit reached is allowed, one step past it is not.

* "Distribuez 5 cartes" / "Piochez … pour en avoir de nouveau 5 en main" (hand of 5);
* "1/C. Se défausser de 1 à 3 cartes" (at least 1, at most 3);
* the table is at most ``MAX_DIM`` x ``MAX_DIM`` cards (interpretation 11), in both dimensions;
* the option ``round_limit`` (interpretation 12, ours) ends an unfinished race after exactly
  that many rounds, and an arrival in that round still wins; it is off by default (the
  rulebook has no such limit: « Lorsqu'un joueur amène son pion sur sa base... il est déclaré
  vainqueur »), and the simulation drivers turn it on;
* "HYPER VITESSE ! Déplacez votre pion de deux stations" (two moves, not three);
* "0 à 4 stations" per card; "2 à 4 joueurs".
"""

from __future__ import annotations

from typing import Any

import pytest

from spacetable.engine import NO_BOUND, OptionError, new_game
from spacetable.games.quazarys.actions import Discard, Move, Place
from spacetable.games.quazarys.board import bounds
from spacetable.games.quazarys.components import parse_layout
from spacetable.games.quazarys.constants import (
    BOT_ROUNDS,
    HAND_SIZE,
    MAX_DIM,
    MAX_DISCARD,
    NO_ROUND_LIMIT,
    ROUND_LIMITS,
    End,
)
from spacetable.games.quazarys.notation import card_index, set_position
from spacetable.games.quazarys.rules import Quazarys

LINE = "B1 S1 S8 S3 S4 B2/2"
HAND = ["A01", "A05", "E13", "A23", "A20"]
OTHER = ["A02", "A06", "A10", "A14", "A18"]
DECK = ["A03", "A07", "A08", "A11", "A12", "A15"]


def game(
    board: str, pawns: list[str], options: dict[str, Any] | None = None, **kw: Any
) -> Quazarys:
    g = new_game("quazarys", 2, 1, options)
    assert isinstance(g, Quazarys)
    return set_position(g, board, pawns, **kw)


def line(**kw: Any) -> Quazarys:
    """The 2-player line, seat 0 to play with five cards in hand."""
    kw.setdefault("hands", [HAND, OTHER])
    kw.setdefault("deck", DECK)
    kw.setdefault("discard", ["A04"])
    return game(LINE, ["0,1,E", "0,4,C"], **kw)


def kinds(g: Quazarys) -> set[str]:
    return {a.type for a in g.legal_actions(g.current)}


# ---------------------------------------------------------------------- hand of five
def test_a_full_hand_draws_nothing_in_phase_three() -> None:
    g = line()
    assert [len(h) for h in g.hands] == [HAND_SIZE, HAND_SIZE]
    g.apply(0, "move r=0 c=1 p=0")  # phase 1: a move, no card leaves the hand
    g.apply(0, "skip")
    assert len(g.hands[0]) == HAND_SIZE and len(g.deck) == len(DECK)
    assert not [e for e in g.log if e["event"] == "draw"]


@pytest.mark.parametrize("discarded", range(1, MAX_DISCARD + 1))
def test_phase_three_draws_back_to_exactly_five(discarded: int) -> None:
    g = line()
    for card in HAND[:discarded]:
        g.apply(0, f"discard card={card_index(card)}")
    if discarded < MAX_DISCARD:
        g.apply(0, "stop")
    g.apply(0, "skip")
    assert len(g.hands[0]) == HAND_SIZE  # not one more, not one less
    assert len(g.deck) == len(DECK) - discarded
    assert g.log[-1] == {"event": "draw", "seat": 0, "n": discarded, "_step": g.step - 1}


def test_a_short_deck_is_rebuilt_to_fill_the_hand_to_five() -> None:
    g = line(deck=["A03"], discard=["A04", "A07", "A08"])
    for card in HAND[:3]:
        g.apply(0, f"discard card={card_index(card)}")
    g.apply(0, "skip")
    assert len(g.hands[0]) == HAND_SIZE


# ---------------------------------------------------------------------- discard 1 to 3
def test_discarding_needs_at_least_one_card() -> None:
    g = line()
    assert "stop" not in kinds(g)  # phase 1 must be taken: no stop before a first discard
    g.apply(0, f"discard card={card_index('A01')}")
    assert {"stop", "discard"} <= kinds(g)  # one card is enough; a second one is allowed


def test_discarding_stops_at_three_cards() -> None:
    g = line()
    for n, card in enumerate(HAND[:MAX_DISCARD], 1):
        assert "discard" in kinds(g), f"a discard number {n} must be allowed"
        g.apply(0, f"discard card={card_index(card)}")
        assert g.ndiscard == n
    # Three discarded: a fourth is not offered, phase 1 is over.
    assert not [a for a in g.legal_actions(0) if isinstance(a, Discard)]
    assert g.view(0)["pending"]["kind"] == "move2"
    assert len(g.hands[0]) == HAND_SIZE - MAX_DISCARD


def test_discarding_a_whole_short_hand_ends_phase_one() -> None:
    g = line(hands=[["A01", "A05"], OTHER])
    g.apply(0, f"discard card={card_index('A01')}")
    g.apply(0, f"discard card={card_index('A05')}")
    assert g.view(0)["pending"]["kind"] == "move2"


# ---------------------------------------------------------------------- the table's size
def _slots_for_an_exploration(board: str, pawns: list[str]) -> set[tuple[int, int]]:
    g = game(board, pawns, hands=[HAND, OTHER], discard=["A04"])
    g.apply(0, f"play card={card_index('E13')}")
    assert g.view(0)["pending"]["kind"] == "place"
    return {(a.r, a.c) for a in g.legal_actions(0) if isinstance(a, Place)}


def _row(n: int) -> str:
    return " ".join(["S1"] * n)


def _column(n: int) -> str:
    return "\n".join(["S1"] * n)


def test_a_row_may_grow_to_the_width_limit() -> None:
    slots = _slots_for_an_exploration(_row(MAX_DIM - 1), ["0,0,C", "0,1,C"])
    assert (0, -1) in slots and (0, MAX_DIM - 1) in slots  # either end makes it MAX_DIM wide
    g = game(_row(MAX_DIM - 1), ["0,0,C", "0,1,C"], hands=[HAND, OTHER], discard=["A04"])
    g.apply(0, f"play card={card_index('E13')}")
    g.apply(0, "place r=0 c=-1")
    assert bounds(g.board) == (1, MAX_DIM) and min(c for _, c in g.board) == 0


def test_a_row_at_the_width_limit_may_not_grow() -> None:
    slots = _slots_for_an_exploration(_row(MAX_DIM), ["0,0,C", "0,1,C"])
    assert (0, -1) not in slots and (0, MAX_DIM) not in slots
    assert (-1, 0) in slots and (1, MAX_DIM - 1) in slots  # the other dimension still grows


def test_a_column_may_grow_to_the_height_limit() -> None:
    slots = _slots_for_an_exploration(_column(MAX_DIM - 1), ["0,0,C", "1,0,C"])
    assert (-1, 0) in slots and (MAX_DIM - 1, 0) in slots
    g = game(_column(MAX_DIM - 1), ["0,0,C", "1,0,C"], hands=[HAND, OTHER], discard=["A04"])
    g.apply(0, f"play card={card_index('E13')}")
    g.apply(0, f"place r={MAX_DIM - 1} c=0")
    assert bounds(g.board) == (MAX_DIM, 1)


def test_a_column_at_the_height_limit_may_not_grow() -> None:
    slots = _slots_for_an_exploration(_column(MAX_DIM), ["0,0,C", "1,0,C"])
    assert (-1, 0) not in slots and (MAX_DIM, 0) not in slots
    assert (0, -1) in slots and (MAX_DIM - 1, 1) in slots


def test_a_tornado_may_not_carry_a_card_past_the_limit() -> None:
    # A full-width row with an Exploration below its left end: the tornado lifts it; it may
    # go back under the row (any free slot but its own) but never beyond either end.
    board = _row(MAX_DIM) + "\nE05" + " ." * (MAX_DIM - 1)
    g = game(board, ["0,0,C", "0,1,C"], hands=[HAND, OTHER], discard=["A04"])
    g.apply(0, f"play card={card_index('A20')}")  # Tornade solaire
    g.apply(0, "pick r=1 c=0")
    slots = {(a.r, a.c) for a in g.legal_actions(0) if isinstance(a, Place)}
    assert slots and (1, 0) not in slots
    assert all(0 <= c < MAX_DIM for _, c in slots)


# ---------------------------------------------------------------------- the round limit
def _last_turn_of_round(options: dict[str, Any], rounds_before: int) -> Quazarys:
    """Seat 0 plays the last turn of round ``rounds_before + 1`` (seat 1 plays first)."""
    g = line(options=options, first=1, current=0)
    g.turns = rounds_before * 2 + 1
    return g


#: The limits the option offers (0 is none).
LIMITS = [n for n in ROUND_LIMITS if n != NO_ROUND_LIMIT]


@pytest.mark.parametrize("limit", LIMITS)
def test_the_race_goes_on_until_the_round_limit(limit: int) -> None:
    g = _last_turn_of_round({"round_limit": limit}, limit - 2)
    g.apply(0, "move r=0 c=1 p=0")
    g.apply(0, "skip")
    assert not g.is_over and g.current == 1  # round limit - 1 finished: one more round
    assert g.view(1)["round"] == limit


@pytest.mark.parametrize("limit", LIMITS)
def test_the_round_limit_ends_the_race_in_a_draw(limit: int) -> None:
    g = _last_turn_of_round({"round_limit": limit}, limit - 1)
    g.apply(0, "move r=0 c=1 p=0")
    g.apply(0, "skip")
    assert g.is_over and g.reason == End.ROUND_LIMIT
    out = g.outcome()
    assert out.reason is End.ROUND_LIMIT and out.ranks == (1, 1)
    assert out.details["rounds"] == limit and out.scores == (0.0, 0.0)
    assert g.step <= Quazarys.max_decisions(2, g.options)


@pytest.mark.parametrize("options", [None, {"round_limit": NO_ROUND_LIMIT}])
def test_the_rulebooks_race_has_no_round_limit(options: dict[str, Any] | None) -> None:
    """By default (and with ``round_limit=0``) no number of rounds ends a race: only a pawn
    home does (« Lorsqu'un joueur amène son pion sur sa base... il est déclaré vainqueur »)."""
    for rounds in (BOT_ROUNDS, 10 * max(ROUND_LIMITS)):
        g = _last_turn_of_round(options or {}, rounds - 1)
        assert g.round_limit == NO_ROUND_LIMIT
        g.apply(0, "move r=0 c=1 p=0")
        g.apply(0, "skip")
        assert not g.is_over and g.current == 1
        assert g.view(1)["round"] == rounds + 1 and g.view(1)["round_limit"] == 0
    assert Quazarys.max_decisions(2, g.options) == NO_BOUND


def test_the_simulations_play_with_the_round_limit() -> None:
    """The drivers that need a bounded game (simulate, tournament, balance, benchmarks, the
    RL environments) apply ``simulation_options``: the limit that was the default before."""
    assert Quazarys.info.simulation_options == {"round_limit": BOT_ROUNDS}
    assert Quazarys.info.for_simulation(None) == {"round_limit": BOT_ROUNDS}
    assert Quazarys.info.for_simulation({"round_limit": 0}) == {"round_limit": 0}
    g = _last_turn_of_round(Quazarys.info.for_simulation(None), BOT_ROUNDS - 1)
    g.apply(0, "move r=0 c=1 p=0")
    g.apply(0, "skip")
    assert g.is_over and g.reason == End.ROUND_LIMIT
    assert g.step <= Quazarys.max_decisions(2, g.options) < NO_BOUND


def test_an_arrival_in_the_last_allowed_round_still_wins() -> None:
    # Seat 0 on the west end of S1, next to its base, in the last turn of round 30 of 30.
    g = game(
        LINE,
        ["0,1,W", "0,4,C"],
        {"round_limit": 30},
        hands=[HAND, OTHER],
        deck=DECK,
        discard=["A04"],
        first=1,
        current=0,
    )
    g.turns = 29 * 2 + 1
    g.apply(0, "move r=0 c=0 p=0")
    assert g.is_over and g.outcome().reason is End.ARRIVED and g.outcome().winners == (0,)


# ---------------------------------------------------------------------- two stations
def test_hyper_speed_moves_two_stations_and_not_three() -> None:
    g = line()
    g.apply(0, f"play card={card_index('A01')}")  # Hyper vitesse
    moves = 0
    while g.view(0)["pending"]["kind"] == "move":
        g.apply(0, next(a for a in g.legal_actions(0) if isinstance(a, Move)))
        moves += 1
    assert moves == 2
    assert g.view(0)["pending"]["kind"] == "combo"


# ---------------------------------------------------------------------- cards and players
def test_a_card_has_zero_to_four_stations() -> None:
    assert len(parse_layout("+ N E").stations) == 0
    assert len(parse_layout("@ N* E* S* W").stations) == 4
    with pytest.raises(ValueError, match="5 stations"):
        parse_layout("@ N* E* S* W*")


@pytest.mark.parametrize(("players", "ok"), [(1, False), (2, True), (4, True), (5, False)])
def test_two_to_four_players(players: int, ok: bool) -> None:
    if ok:
        assert new_game("quazarys", players, 1).players == players
    else:
        with pytest.raises(OptionError, match="2 to 4 players"):
            new_game("quazarys", players, 1)
