"""Quazarys: tests written for the survivors of the sampled mutation run (issue 17).

Each test pins a behaviour the rulebook, the rules map (``docs/games/quazarys.md``) or the
documented state and view layouts give, that no other test pinned. Some call directly a
function that otherwise runs only once per process (``components.build_parts`` for the
shipped data, ``actions.all_actions``: the engine caches both), so that a changed function
is seen.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from spacetable.engine import NO_BOUND, RecordError, load_trusted, new_game
from spacetable.games.quazarys import actions as A
from spacetable.games.quazarys import components as C
from spacetable.games.quazarys.board import BOARD, LINE_SUNS
from spacetable.games.quazarys.constants import End
from spacetable.games.quazarys.notation import board_text, card_index, point_text, set_position
from spacetable.games.quazarys.rules import TURN_BOUND, Quazarys
from spacetable.games.quazarys.tables import DATA

LINE = "B1 S1 S8 S3 S4 B2/2"
OTHER = ["A02", "A06", "A10", "A14", "A18"]


def game(board: str, pawns: list[str], hand: list[str], **kw: Any) -> Quazarys:
    """Two players; seat 0 to play with ``hand`` (seat 1 holds ``OTHER``)."""
    g = new_game("quazarys", 2, 1)
    assert isinstance(g, Quazarys)
    kw.setdefault("discard", ["A04"])
    return set_position(g, board, pawns, hands=[hand, OTHER], **kw)


def play(g: Quazarys, cid: str) -> None:
    g.apply(g.current, f"play card={card_index(cid)}")


def logged(g: Quazarys, last: int = 1) -> list[dict[str, Any]]:
    """The last ``last`` events, without the engine's bookkeeping (``_step``)."""
    return [{k: v for k, v in e.items() if not k.startswith("_")} for e in g.log[-last:]]


def texts(g: Quazarys) -> set[str]:
    return {a.text() for a in g.legal_actions(g.current)}


# ---------------------------------------------------------------------- import-time code
def test_the_rl_action_space_holds_every_card_play() -> None:
    """Called directly: the engine caches the space, so a game never rebuilds it twice."""
    for players in (2, 3, 4):
        every = A.all_actions(players)
        assert len(every) == len(set(every))
        assert set(A.PLAYS) <= set(every) and set(A.DISCARDS) <= set(every)
        assert len(A.PLAYS) == C.DECK_SIZE
        assert set(A.TARGETS[:players]) <= set(every)
        assert Quazarys.enumerate_actions(players, {}) == every


def test_the_component_counts_check_passes_on_the_shipped_data() -> None:
    """The shipped data is built once and cached: built again here so that a change to
    ``build_parts`` is seen (the two Vortex cards have a centre station: "Vortex x2")."""
    ds = DATA.shipped("quazarys")
    parts = C.build_parts(ds.tables)
    assert parts == ds.parts
    vortex = [r for r in parts.explorations if r.vortex]
    assert len(vortex) == 2
    assert all(C.parse_layout(r.layout).hub_station for r in vortex)
    assert parts.vortex_cards == (0, 1)


def test_the_decision_bound_reads_the_round_limit_and_there_is_none_without_it() -> None:
    """The rulebook's race (no round limit, the default) has no bound on its decisions; with
    a limit, at most that many rounds of ``TURN_BOUND`` decisions a turn."""
    assert Quazarys.max_decisions(2, {}) == NO_BOUND
    assert Quazarys.max_decisions(2, {"round_limit": 0}) == NO_BOUND
    assert Quazarys.max_decisions(3, {"round_limit": 10}) == 10 * 3 * TURN_BOUND
    sim = Quazarys.info.simulation_options
    assert Quazarys.max_decisions(4, sim) == 60 * 4 * TURN_BOUND


# ---------------------------------------------------------------------- the saved table
def test_a_table_that_is_not_a_list_is_refused_naming_the_kind() -> None:
    assert BOARD.name() == "board"
    g = new_game("quazarys", 2, 3)
    data = json.loads(g.to_json())
    data["state"]["board"] = {"0": 1}
    with pytest.raises(RecordError, match=r"state\.board: expected board, got \{'0': 1\}"):
        load_trusted(json.dumps(data))


# ---------------------------------------------------------------------- the end of the race
def test_a_race_where_nobody_can_move_or_draw_ends_after_one_pass_each() -> None:
    # The pawns face each other between S3 and S5: each move would jump the other pawn with
    # no station beyond; hands, deck and discard (one card: no rebuild) are empty.
    g = new_game("quazarys", 2, 1)
    assert isinstance(g, Quazarys)
    board = "B1 S1 S3 S4 S5 S2 B2/2"
    set_position(g, board, ["0,3,E", "0,4,W"], hands=[[], []], deck=[], discard=["A04"])
    assert g.is_over and g.reason == End.BLOCKED
    passes = [e for e in g.log if e["event"] == "pass"]
    assert [e["seat"] for e in passes] == [0, 1]  # once round the table, not more
    assert logged(g) == [{"event": "end", "reason": "blocked", "arrived": []}]


def test_a_pawn_reaching_its_own_base_is_logged_with_its_order() -> None:
    g = game(LINE, ["0,1,W", "0,4,C"], ["A02"])
    assert "move r=0 c=0 p=0" in texts(g)
    g.apply(0, "move r=0 c=0 p=0")
    assert g.arrived == (0,)
    arrivals = [e for e in logged(g, 10) if e["event"] == "arrive"]
    assert arrivals == [{"event": "arrive", "seat": 0, "order": 1}]


# ---------------------------------------------------------------------- fizzles and their events
def test_hyper_speed_from_a_base_fizzles_for_the_player() -> None:
    g = game(LINE, ["0,5,C", "0,1,C"], ["A01"])
    play(g, "A01")
    assert {"event": "fizzle", "seat": 0, "task": "base"} in logged(g, 2)


def test_the_scrapper_with_an_empty_discard_fizzles_for_the_player() -> None:
    g = game(LINE, ["0,1,C", "0,5,C"], ["A27"], deck=[], discard=[])
    play(g, "A27")
    assert logged(g) == [{"event": "fizzle", "seat": 0, "task": "scav"}]


def test_a_tornado_card_with_nowhere_else_to_go_stays_where_it_was() -> None:
    # Only the two bases stay once the Exploration is lifted: no Sun or Exploration card
    # offers a free side, so it goes back to its slot with its rotation.
    g = game("B1 E05/3 B2/2", ["0,2,C", "0,0,C"], ["A20"])
    play(g, "A20")
    assert texts(g) == {"pick r=0 c=1"}
    g.apply(0, "pick r=0 c=1")
    assert board_text(g.board) == "B1 E05/3 B2/2"
    assert g.board[(0, 1)] == card_index("E05") * 4 + 3
    assert logged(g) == [{"event": "fizzle", "seat": 0, "task": "place"}]
    assert C.CARD_ID[g.discard[-1]] == "A20"


def test_a_tornado_card_may_not_go_back_to_its_slot_after_the_table_shifts() -> None:
    # E13 is alone on row 0: lifting it shifts the table up one row, its old slot becomes
    # row -1, which the card must leave ("déplacez" a card: it must move).
    g = game(". E13 . . . .\n" + LINE, ["1,1,C", "1,4,C"], ["A20"])
    play(g, "A20")
    g.apply(0, "pick r=0 c=1")
    assert board_text(g.board) == LINE
    assert g.view(0)["pending"] == {"kind": "place", "card": card_index("E13"), "tornado": True}
    places = texts(g)
    assert "place r=-1 c=1" not in places
    assert {"place r=-1 c=2", "place r=1 c=1"} <= places


# ---------------------------------------------------------------------- the setup and the view
def test_the_setup_event_names_the_suns_of_the_line_in_order() -> None:
    g = new_game("quazarys", 2, 7)
    assert isinstance(g, Quazarys)
    setup = g.log[0]
    assert setup["event"] == "setup" and setup["first"] == g.first
    assert setup["suns"] == [g.board[rc] >> 2 for rc in LINE_SUNS]
    assert all(C.KIND[c] == C.KIND[C.FIRST_SUN] for c in setup["suns"])


def test_the_view_gives_each_card_its_index_and_each_pawn_whether_on_a_base() -> None:
    g = game(". E13/2 . . . .\n" + LINE, ["1,0,C", "1,4,C"], ["A02"])
    v = g.view(0)
    by_slot = {(e["r"], e["c"]): e for e in v["cards"]}
    assert by_slot[(0, 1)]["card"] == card_index("E13") and by_slot[(0, 1)]["rot"] == 2
    assert by_slot[(1, 5)]["card"] == card_index("B2")
    assert [p["on_base"] for p in v["pawns"]] == [True, False]
    assert v["first"] == 0 and v["current"] == 0
    g2 = game(LINE, ["0,1,C", "0,4,C"], ["A02"], current=1, first=1)
    assert g2.view(None)["first"] == 1


def test_the_pending_move_says_whether_it_ignores_the_arrows() -> None:
    g = game(LINE, ["0,4,E", "0,1,C"], ["A05", "A01"])
    play(g, "A05")  # Vents solaires: one station, arrows ignored
    assert g.view(0)["pending"] == {
        "kind": "move",
        "pawn": 0,
        "ignore_arrows": True,
        "remaining": 1,
    }
    g2 = game(LINE, ["0,1,W", "0,4,C"], ["A01"])
    play(g2, "A01")  # Hyper vitesse: two stations, arrows obeyed
    assert g2.view(0)["pending"] == {
        "kind": "move",
        "pawn": 0,
        "ignore_arrows": False,
        "remaining": 2,
    }


def test_the_pending_pick_says_tornado_or_rotate() -> None:
    board = ". E13 . . . .\n" + LINE
    g = game(board, ["1,1,C", "1,4,C"], ["A20"])
    play(g, "A20")  # Tornade solaire
    assert g.view(0)["pending"] == {"kind": "pick", "mode": "tornado"}
    g2 = game(board, ["1,1,C", "1,4,C"], ["A11"])
    play(g2, "A11")  # Champ magnétique
    assert g2.view(0)["pending"] == {"kind": "pick", "mode": "rotate"}
    assert point_text(g2.pos[0]) == "1,1,C"
