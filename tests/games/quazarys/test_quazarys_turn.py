"""The turn: phase 1 (move / play one faction / discard 1-3), phase 2, phase 3, the end."""

from __future__ import annotations

from spacetable.engine import new_game
from spacetable.games.quazarys.board import CROSS_SUNS
from spacetable.games.quazarys.components import CARD_ID, KIND
from spacetable.games.quazarys.constants import KIND_BASE, KIND_SUN, MAX_DIM
from spacetable.games.quazarys.notation import card_index, point_text, set_position
from spacetable.games.quazarys.render import describe_outcome
from spacetable.games.quazarys.rules import Quazarys

LINE = "B1 S1 S8 S3 S4 B2/2"
HAND = ["A01", "A05", "E13", "A23", "A20"]
OTHER = ["A02", "A06", "A10", "A14", "A18"]


def game(
    board: str,
    pawns: list[str],
    players: int = 2,
    options: dict[str, object] | None = None,
    **kw: object,
) -> Quazarys:
    g = new_game("quazarys", players, 1, options)
    assert isinstance(g, Quazarys)
    return set_position(g, board, pawns, **kw)  # type: ignore[arg-type]


def ids(cards: list[int]) -> list[str]:
    return sorted(CARD_ID[c] for c in cards)


def texts(g: Quazarys) -> set[str]:
    return {a.text() for a in g.legal_actions(g.current)}


def test_setup_two_players_line() -> None:
    for seed in range(5):
        g = new_game("quazarys", 2, seed)
        assert isinstance(g, Quazarys)
        suns = [(rc, code >> 2) for rc, code in g.board.items() if KIND[code >> 2] == KIND_SUN]
        assert sorted(rc for rc, _ in suns) == [(0, c) for c in range(1, 6)]  # 5 in a line
        assert len(g.out) == 4  # the other Suns go back to the box
        bases = sorted(rc for rc, code in g.board.items() if KIND[code >> 2] == KIND_BASE)
        assert bases == [(0, 0), (0, 6)]  # a Base at each end of the line
        # Each pawn starts on the base opposite its own.
        assert g.pos[0] == g.home(1) and g.pos[1] == g.home(0)
        assert len(g.discard) == 1  # one card revealed to start the discard
        assert [len(h) for h in g.hands] == [5, 5]
        assert len(g.deck) == 48 - 1 - 10
        assert g.current == g.first in (0, 1)
    assert {new_game("quazarys", 2, s).first for s in range(12)} == {0, 1}  # type: ignore[attr-defined]


def test_setup_cross_for_three_and_four_players() -> None:
    for players in (3, 4):
        g = new_game("quazarys", players, 7)
        assert isinstance(g, Quazarys)
        suns = sorted(rc for rc, code in g.board.items() if KIND[code >> 2] == KIND_SUN)
        assert suns == sorted(CROSS_SUNS) and not g.out  # all 9 Suns in a cross
        bases = sorted(rc for rc, code in g.board.items() if KIND[code >> 2] == KIND_BASE)
        assert bases == [(0, 3), (3, 0), (3, 6), (6, 3)]
        for s in range(players):
            # opposite ends of the same Sun line
            (r1, c1), (r2, c2) = (divmod(g.pos[s] // 5, 16), divmod(g.home(s) // 5, 16))
            assert (r1 + r2, c1 + c2) == (6, 6) and (r1, c1) != (r2, c2)
        assert len(g.deck) == 48 - 1 - 5 * players
    g3 = new_game("quazarys", 3, 7)
    assert isinstance(g3, Quazarys)
    # At 3 players the fourth Base card (uncoloured) marks where the player opposite starts.
    assert -1 in g3.graph.base_owner.values()


def test_phase_one_offers_move_play_and_discard() -> None:
    g = game(LINE, ["0,1,E", "0,4,C"], hands=[HAND, OTHER], deck=["A03"] * 0, discard=["A04"])
    legal = texts(g)
    assert "move r=0 c=3 p=4" in legal
    for cid in HAND:
        assert f"play card={card_index(cid)}" in legal
        assert f"discard card={card_index(cid)}" in legal
    assert "stop" not in legal and "skip" not in legal


def test_identical_cards_are_offered_once() -> None:
    g = game(LINE, ["0,1,E", "0,4,C"], hands=[["A01", "A01", "A05"], OTHER], discard=["A04"])
    plays = [a for a in g.legal_actions(0) if a.type == "play"]
    assert len(plays) == 2


def test_discard_one_to_three_cards_then_phase_two() -> None:
    g = game(LINE, ["0,1,E", "0,4,C"], hands=[HAND, OTHER], deck=["A03"] * 0, discard=["A04"])
    g.apply(0, f"discard card={card_index('A01')}")
    assert "stop" in texts(g)
    g.apply(0, f"discard card={card_index('A05')}")
    g.apply(0, f"discard card={card_index('E13')}")
    # Three discarded: phase 1 is over, the optional move of phase 2 is offered.
    assert g.view(0)["pending"]["kind"] == "move2"
    assert "skip" in texts(g)
    assert ids(g.discard[-3:]) == ["A01", "A05", "E13"]


def test_phase_two_is_optional_and_phase_three_draws_back_to_five() -> None:
    deck = ["A07", "A08", "A11", "A12"]
    g = game(LINE, ["0,1,E", "0,4,C"], hands=[HAND, OTHER], deck=deck, discard=["A04"])
    g.apply(0, f"discard card={card_index('A01')}")
    g.apply(0, "stop")
    g.apply(0, "move r=0 c=1 p=0")  # phase 2: one station
    assert len(g.hands[0]) == 5 and card_index("A12") in g.hands[0]  # drew the top card
    assert g.current == 1
    g.apply(1, "move r=0 c=4 p=1")  # seat 1: phase 1 move
    g.apply(1, "skip")  # phase 2 skipped
    assert g.current == 0


def test_deck_rebuild_keeps_the_last_discarded_card() -> None:
    g = game(
        LINE,
        ["0,1,E", "0,4,C"],
        hands=[HAND, OTHER],
        deck=[],
        discard=["A03", "A04", "A07", "A08"],
    )
    g.apply(0, f"discard card={card_index('A01')}")
    g.apply(0, f"discard card={card_index('A05')}")
    g.apply(0, "stop")
    g.apply(0, "skip")
    # "laissez dans la défausse la dernière carte posée": A05 stays; the others (A03, A04,
    # A07, A08, A01) were shuffled into the new deck, of which 2 were drawn.
    assert ids(g.discard) == ["A05"]
    assert len(g.deck) == 3
    assert len(g.hands[0]) == 5
    assert set(ids(g.deck + g.hands[0])) >= {"A03", "A04", "A07", "A08", "A01"}
    assert any(e["event"] == "rebuild" for e in g.log)


def test_exploration_goes_next_to_a_sun_or_exploration_and_turns() -> None:
    g = game(LINE, ["0,1,E", "0,4,C"], hands=[HAND, OTHER], discard=["A04"])
    g.apply(0, f"play card={card_index('E13')}")
    slots = {(a.r, a.c) for a in g.legal_actions(0)}  # type: ignore[attr-defined]
    # Above or below each Sun; never beside a Base only; paths need not connect.
    assert slots == {(r, c) for r in (-1, 1) for c in range(1, 5)}
    g.apply(0, "place r=-1 c=2")
    assert point_text(g.pos[0]) == "1,1,E"  # the table grew upwards: renumbered
    assert g.view(0)["pending"]["kind"] == "orient"
    assert len(g.legal_actions(0)) == 4
    g.apply(0, "orient rot=1")
    assert g.board[(0, 2)] == card_index("E13") * 4 + 1
    # E13 is a Comète card, as are A01 and A05 in hand: the combination may go on.
    legal = texts(g)
    assert f"play card={card_index('A01')}" in legal and "stop" in legal
    assert f"play card={card_index('A23')}" not in legal  # Pulsar


def test_the_table_is_bounded() -> None:
    row = " ".join(["S1"] * MAX_DIM)
    g = game(row, ["0,0,C", "0,1,C"], hands=[HAND, OTHER], discard=["A04"])
    g.apply(0, f"play card={card_index('E13')}")
    assert all(a.c >= 0 and a.c < MAX_DIM for a in g.legal_actions(0))  # type: ignore[attr-defined]


def test_one_arrival_finishes_the_round_and_wins() -> None:
    g = game(LINE, ["0,1,W", "0,4,C"], hands=[HAND, OTHER], discard=["A04"], first=0)
    g.apply(0, "move r=0 c=0 p=0")
    assert g.arrived == (0,) and not g.is_over
    assert g.current == 1  # the round is finished: seat 1 still plays
    g.apply(1, "move r=0 c=4 p=1")
    g.apply(1, "skip")
    assert g.is_over
    out = g.outcome()
    assert out.winners == (0,) and out.reason == "arrived"


def test_when_several_arrive_the_last_to_arrive_wins() -> None:
    g = game(LINE, ["0,1,W", "0,4,E"], hands=[HAND, OTHER], discard=["A04"], first=0)
    g.apply(0, "move r=0 c=0 p=0")
    g.apply(1, "move r=0 c=5 p=0")  # seat 1 reaches its base too, later in the round
    assert g.is_over
    out = g.outcome()
    assert out.winners == (1,)
    assert out.ranks == (2, 1)
    assert out.details["arrived"] == [0, 1]


def test_option_tie_break_first_gives_the_round_to_the_first_arrival() -> None:
    g = new_game("quazarys", 2, 1, {"tie_break": "first"})
    assert isinstance(g, Quazarys)
    set_position(g, LINE, ["0,1,W", "0,4,E"], hands=[HAND, OTHER], discard=["A04"], first=0)
    g.apply(0, "move r=0 c=0 p=0")
    assert g.leader() == 0 and g.evaluate(0) == 0.9 and g.evaluate(1) < 0.9
    g.apply(1, "move r=0 c=5 p=0")  # seat 1 reaches its base too, later in the round
    assert g.is_over
    out = g.outcome()
    assert out.winners == (0,)
    assert out.ranks == (1, 2)
    assert out.details["tie_break"] == "first"
    assert "first to arrive wins" in describe_outcome(out.to_json(), "en")
    assert "premier arrivé" in describe_outcome(out.to_json(), "fr")


def test_arrival_by_the_last_player_of_the_round_ends_at_once() -> None:
    g = game(LINE, ["0,1,W", "0,4,C"], hands=[HAND, OTHER], discard=["A04"], first=1)
    g.apply(0, "move r=0 c=0 p=0")
    assert g.is_over and g.outcome().winners == (0,)


def test_round_limit_ends_in_a_draw() -> None:
    opts: dict[str, object] = {"round_limit": 60}  # the option (ours: not in the rulebook)
    g = game(
        LINE,
        ["0,1,E", "0,4,C"],
        options=opts,
        hands=[HAND, OTHER],
        discard=["A04"],
        first=1,
        current=0,
    )
    g.turns = g.round_limit * 2 - 1
    g.apply(0, "move r=0 c=1 p=0")
    g.apply(0, "skip")
    assert g.is_over and g.reason == "round_limit"
    assert g.outcome().ranks == (1, 1)
    assert g.step <= Quazarys.max_decisions(2, g.options)


def test_blocked_race_ends_in_a_draw() -> None:
    # Nobody can move (arrow, dead end, others' bases) and no card can be drawn.
    board = "B1 S1 S8 S3 S4 B2/2\n. E15 . . . ."
    g = game(board, ["0,4,E", "1,1,C"], hands=[[], []], deck=[], discard=["A04"])
    assert g.is_over and g.reason == "blocked"
    assert [e["event"] for e in g.log[-3:]] == ["pass", "pass", "end"]
