"""The 8 Action cards, their immunity rule for bases, and multi-faction combinations."""

from __future__ import annotations

from spacetable.engine import new_game
from spacetable.games.quazarys.components import CARD_ID, KIND
from spacetable.games.quazarys.constants import KIND_BASE
from spacetable.games.quazarys.notation import board_text, card_index, point_text, set_position
from spacetable.games.quazarys.render import describe_event
from spacetable.games.quazarys.rules import Quazarys

LINE = "B1 S1 S8 S3 S4 B2/2"
OTHER = ["A02", "A06", "A10", "A14", "A18"]


def game(board: str, pawns: list[str], hand: list[str], players: int = 2, **kw: object) -> Quazarys:
    g = new_game("quazarys", players, 1)
    assert isinstance(g, Quazarys)
    hands = [hand] + [OTHER] * (players - 1)
    kw.setdefault("discard", ["A04"])
    return set_position(g, board, pawns, hands=hands, **kw)  # type: ignore[arg-type]


def play(g: Quazarys, cid: str) -> None:
    g.apply(g.current, f"play card={card_index(cid)}")


def texts(g: Quazarys) -> set[str]:
    return {a.text() for a in g.legal_actions(g.current)}


def pending(g: Quazarys) -> str:
    return str(g.view(g.current)["pending"]["kind"])


def events(g: Quazarys) -> list[str]:
    return [e["event"] for e in g.log]


def test_hyper_speed_moves_two_stations() -> None:
    g = game(LINE, ["0,1,W", "0,4,C"], ["A01"])
    play(g, "A01")
    assert pending(g) == "move"
    g.apply(0, "move r=0 c=1 p=0")
    assert pending(g) == "move" and g.view(0)["pending"]["remaining"] == 1
    g.apply(0, "move r=0 c=1 p=2")
    assert point_text(g.pos[0]) == "0,1,E"
    assert pending(g) == "combo"  # the card is resolved: continue or stop
    assert CARD_ID[g.discard[-1]] == "A01"


def test_solar_winds_ignore_arrows() -> None:
    g = game(LINE, ["0,4,E", "0,1,C"], ["A05"])
    assert not any(a.type == "move" for a in g.legal_actions(0))  # blocked by the arrow
    play(g, "A05")
    assert texts(g) == {"move r=0 c=4 p=0"}
    g.apply(0, "move r=0 c=4 p=0")
    assert point_text(g.pos[0]) == "0,4,C"


def test_pirate_attack_moves_an_opponent_ignoring_arrows() -> None:
    g = game(LINE, ["0,1,C", "0,4,E"], ["A13"])
    play(g, "A13")
    assert texts(g) == {"target seat=1"}
    g.apply(0, "target seat=1")
    # The active player chooses where the opponent goes, against the arrow if wished;
    # seat 1's own base is a possible destination too (it would only help seat 1).
    assert texts(g) == {"move r=0 c=4 p=0", "move r=0 c=5 p=0"}
    g.apply(0, "move r=0 c=4 p=0")
    assert point_text(g.pos[1]) == "0,4,C"
    assert g.pos[0] == g.pos[0] and point_text(g.pos[0]) == "0,1,C"


def test_action_cards_never_affect_pawns_on_bases() -> None:
    # Seat 1 is on a base: pirates have no target; seat 0 on a base: no hyper speed.
    g = game(LINE, ["0,1,C", "0,0,C"], ["A13", "A01", "A05"])
    play(g, "A13")
    assert pending(g) == "combo"
    assert events(g)[-1] == "fizzle"
    g2 = game(LINE, ["0,5,C", "0,1,C"], ["A01", "A05"])
    play(g2, "A01")
    assert pending(g2) == "combo" and events(g2)[-1] == "fizzle"
    play(g2, "A05")
    assert pending(g2) == "combo" and events(g2)[-1] == "fizzle"
    # ... but the same pawn may leave its start base with a normal move.
    g3 = game(LINE, ["0,5,C", "0,1,C"], ["A01"])
    assert "move r=0 c=4 p=2" in texts(g3)


def test_black_hole_on_the_cross_closes_the_gap() -> None:
    g = new_game("quazarys", 4, 3)
    assert isinstance(g, Quazarys)
    cross = board_text(g.board)
    g = game(cross, ["3,6,C", "6,3,C", "3,0,C", "0,3,C"], ["A17"], players=4)
    play(g, "A17")
    # Lines with a pawn or a base are protected: the middle row and column, and the ends.
    assert texts(g) == {
        f"blackhole axis={a} index={i}" for a in ("row", "col") for i in (1, 2, 4, 5)
    }
    removed_sun = g.board[(1, 3)] >> 2
    g.apply(0, "blackhole axis=row index=1")
    assert removed_sun in g.out  # "la carte Soleil dans la boîte"
    rows = sorted({r for r, _ in g.board})
    assert rows == [0, 1, 2, 3, 4, 5]  # the gap is closed: 7 rows became 6
    assert KIND[g.board[(0, 3)] >> 2] == KIND_BASE  # the north base moved down next to the cross
    assert (1, 3) in g.board and (2, 0) in g.board  # old row 2 -> 1, old row 3 -> 2
    assert point_text(g.pos[0]) == "2,6,C" and point_text(g.pos[3]) == "0,3,C"
    # The north base's arm meets the Sun line again: the path stays continuous.
    assert g.destinations(3)


def test_black_hole_sends_explorations_to_the_discard() -> None:
    """« Placez la carte, face visible, dans la défausse et appliquez son effet » ; Trou noir :
    « Remettez les éventuelles cartes Exploration dans la défausse »."""
    board = ". E13 . E14 . .\nB1 S1 S8 S3 S4 B2/2"
    g = game(board, ["1,1,C", "1,4,C"], ["A17"])
    play(g, "A17")
    assert "blackhole axis=row index=0" in texts(g)
    assert "blackhole axis=col index=1" not in texts(g)  # a pawn stands in column 1
    g.apply(0, "blackhole axis=row index=0")
    assert board_text(g.board) == LINE
    # The Trou noir card went to the discard first; the two Explorations go on top of it.
    assert [CARD_ID[c] for c in g.discard] == ["A04", "A17", "E13", "E14"]


def test_solar_tornado_moves_then_turns_an_unoccupied_exploration() -> None:
    board = ". E13 . E14 . .\nB1 S1 S8 S3 S4 B2/2"
    g = game(board, ["0,3,C", "1,4,C"], ["A20"])
    play(g, "A20")
    assert texts(g) == {"pick r=0 c=1"}  # E14 is occupied; Suns and bases are not Explorations
    g.apply(0, "pick r=0 c=1")
    assert pending(g) == "place"
    assert "place r=0 c=1" not in texts(g)  # it must move
    g.apply(0, "place r=2 c=2")
    assert pending(g) == "orient"
    assert texts(g) == {"orient rot=1", "orient rot=2", "orient rot=3"}  # it must turn
    g.apply(0, "orient rot=2")
    assert g.board[(2, 2)] == card_index("E13") * 4 + 2
    assert (0, 1) not in g.board


def test_unstable_magnetic_field_turns_an_unoccupied_sun_or_exploration() -> None:
    board = ". E13 . . . .\nB1 S1 S8 S3 S4 B2/2"
    g = game(board, ["1,1,C", "1,4,E"], ["A09"])
    play(g, "A09")
    # Not the bases, not S1 and S4 (occupied).
    assert texts(g) == {"pick r=0 c=1", "pick r=1 c=2", "pick r=1 c=3"}
    g.apply(0, "pick r=1 c=3")
    assert texts(g) == {"orient rot=1", "orient rot=2", "orient rot=3"}
    g.apply(0, "orient rot=1")
    assert g.board[(1, 3)] & 3 == 1


def test_turning_a_sun_changes_the_arrows() -> None:
    # Seat 1 (heading east) on S3's east station may enter S4 from the west. A half turn
    # of S4 ("@ N* E*> S* W" -> "@ N* E S* W*>") makes its W arm one way outwards.
    g = game(LINE, ["0,1,C", "0,3,E"], ["A09"])
    assert "0,4,C" in {point_text(k) for k in g.destinations(1)}
    play(g, "A09")
    g.apply(0, "pick r=0 c=4")
    g.apply(0, "orient rot=2")
    assert g.view(0)["cards"][4]["layout"] == "@ N* E S* W*>"
    # Seat 1 can still step onto S4's new W station, but no further east.
    assert "0,4,C" not in {point_text(k) for k in g.destinations(1)}
    g.pos[1] = (0 * 16 + 4) * 5 + 4
    assert not any(point_text(k).startswith("0,4") for k in g.destinations(1))
    assert all(not point_text(k).startswith("0,5") for k in g.destinations(1))


def test_uncertain_destiny_draws_and_plays_at_once_and_switches_faction() -> None:
    """« Placez la carte, face visible, dans la défausse et appliquez son effet » ; « Piochez
    une carte et jouez-la immédiatement » : the drawn Action card lands on the Destinée."""
    # A25 Destinée incertaine (Comète) draws A06 Vents solaires (Nébuleuse).
    g = game(LINE, ["0,4,E", "0,1,C"], ["A25", "A01", "A02"], deck=["A11", "A06"])
    play(g, "A25")
    last = g.log[-1]
    assert last["event"] == "play" and CARD_ID[last["card"]] == "A06" and last["via"] == "deck"
    assert texts(g) == {"move r=0 c=4 p=0"}  # the Solar winds resolve now
    g.apply(0, "move r=0 c=4 p=0")
    # The new card's faction (Nébuleuse) governs the rest: A02, not A01 (Comète).
    legal = texts(g)
    assert f"play card={card_index('A02')}" in legal
    assert f"play card={card_index('A01')}" not in legal
    assert [CARD_ID[c] for c in g.discard] == ["A04", "A25", "A06"]


def test_space_scrapper_plays_the_top_of_the_discard() -> None:
    """« Récupérez la carte du dessus de la défausse et jouez-la immédiatement »: the
    Ferrailleur lies on the discard (« Placez la carte … dans la défausse et appliquez son
    effet ») but does not take itself: it takes the card under it."""
    # A27 Ferrailleur spatial (Comète) takes A10 Champ magnétique (Nébuleuse) from the discard.
    g = game(LINE, ["0,1,C", "0,5,C"], ["A27", "A02"], discard=["A04", "A10"])
    play(g, "A27")
    assert g.log[-1]["via"] == "discard" and CARD_ID[g.log[-1]["card"]] == "A10"
    assert pending(g) == "pick"
    g.apply(0, "pick r=0 c=2")
    g.apply(0, "orient rot=1")
    assert f"play card={card_index('A02')}" in texts(g)  # Nébuleuse now
    assert [CARD_ID[c] for c in g.discard] == ["A04", "A27", "A10"]


def test_scrapper_can_replay_the_card_just_played() -> None:
    g = game(LINE, ["0,1,W", "0,5,C"], ["A01", "A27"])
    play(g, "A01")
    g.apply(0, "move r=0 c=1 p=0")
    g.apply(0, "move r=0 c=1 p=2")
    play(g, "A27")  # takes A01 (Hyper vitesse) back: two more stations
    assert pending(g) == "move"


def test_destiny_playing_an_exploration_places_it() -> None:
    g = game(LINE, ["0,1,C", "0,5,C"], ["A25"], deck=["E14"])
    play(g, "A25")
    assert pending(g) == "place"
    g.apply(0, "place r=1 c=3")
    g.apply(0, "orient rot=0")
    assert g.board[(1, 3)] == card_index("E14") * 4
    assert g.view(0)["faction"] == 2  # Pulsar


def test_play_more_cards_of_the_same_faction_in_any_order_then_stop() -> None:
    g = game(LINE, ["0,1,W", "0,5,C"], ["A01", "A05", "A02"])
    play(g, "A05")  # Comète
    g.apply(0, "move r=0 c=1 p=0")
    assert f"play card={card_index('A01')}" in texts(g)
    assert f"play card={card_index('A02')}" not in texts(g)
    g.apply(0, "stop")
    assert pending(g) == "move2"


def test_destiny_on_an_empty_deck_keeps_itself_on_the_discard_and_draws_the_rest() -> None:
    """« Si la pioche est vide, laissez dans la défausse la dernière carte posée, puis
    reconstituez une nouvelle pioche en mélangeant toutes les autres cartes défaussées »: the
    last card laid is the Destinée incertaine itself (« Placez la carte, face visible, dans la
    défausse et appliquez son effet »), so a one-card discard still gives a card to draw."""
    g = game(LINE, ["0,1,C", "0,5,C"], ["A25"], deck=[], discard=["A11"])
    play(g, "A25")
    rebuild = g.log[-2]
    assert rebuild["event"] == "rebuild" and CARD_ID[rebuild["kept"]] == "A25"
    assert rebuild["n"] == 1 and rebuild["held"] == []
    # The only card of the new deck is A11 (Champ magnétique), played at once.
    assert g.log[-1]["event"] == "play" and CARD_ID[g.log[-1]["card"]] == "A11"
    assert pending(g) == "pick"
    assert [CARD_ID[c] for c in g.discard] == ["A25", "A11"]
    assert g.deck == []


def test_a_destiny_drawn_on_an_empty_deck_keeps_the_destiny_that_drew_it() -> None:
    """« laissez dans la défausse la dernière carte posée » (the second Destinée), and the
    first Destinée, whose effect (« Piochez une carte et jouez-la immédiatement ») is still
    being applied, stays there too (interpretation 15): the new deck is the rest."""
    g = game(LINE, ["0,1,C", "0,5,C"], ["A25"], deck=["A24"], discard=["A11"])
    play(g, "A25")  # draws A24 (Destinée, Astéroïde): the deck is now empty
    plays = [(e["via"], CARD_ID[e["card"]]) for e in g.log if e["event"] == "play"]
    assert plays == [("hand", "A25"), ("deck", "A24"), ("deck", "A11")]
    rebuild = next(e for e in g.log if e["event"] == "rebuild")
    assert CARD_ID[rebuild["kept"]] == "A24" and [CARD_ID[c] for c in rebuild["held"]] == ["A25"]
    assert rebuild["n"] == 1
    assert "effect is being applied stay there too" in describe_event(rebuild, "en")
    assert "dont l'effet est en cours y restent aussi" in describe_event(rebuild, "fr")
    assert [CARD_ID[c] for c in g.discard] == ["A25", "A24", "A11"]
    assert pending(g) == "pick"


def test_two_scrappers_do_not_take_each_other_back() -> None:
    """« Récupérez la carte du dessus de la défausse et jouez-la immédiatement »: A27 takes
    A28 from under itself; A28, on the discard above A27, does not take A27 back, whose effect
    is still being applied (interpretation 5), but the card under both."""
    g = game(LINE, ["0,1,W", "0,5,C"], ["A27"], discard=["A04", "A28"])
    play(g, "A27")
    plays = [(e["via"], CARD_ID[e["card"]]) for e in g.log if e["event"] == "play"]
    assert plays == [("hand", "A27"), ("discard", "A28"), ("discard", "A04")]
    assert pending(g) == "move"  # A04 Hyper vitesse: two stations
    assert [CARD_ID[c] for c in g.discard] == ["A27", "A28", "A04"]
    assert g.view(0)["faction"] == 3  # Astéroïde, the faction of A04


def test_effects_without_a_possible_target_fizzle() -> None:
    # Ferrailleur with an empty discard, Destinée with nothing to draw, tornado without an
    # Exploration on the table: the card is still played and discarded.
    g = game(LINE, ["0,1,C", "0,5,C"], ["A27", "A25", "A20"], deck=[], discard=[])
    play(g, "A27")
    assert events(g)[-1] == "fizzle" and pending(g) == "combo"
    play(g, "A25")
    assert events(g)[-1] == "fizzle"
    g.apply(0, "stop")
    g2 = game(LINE, ["0,1,C", "0,5,C"], ["A20"])
    play(g2, "A20")
    assert events(g2)[-1] == "fizzle" and pending(g2) == "combo"
    assert CARD_ID[g2.discard[-1]] == "A20"


def test_pirates_push_follows_the_jump_rule() -> None:
    # Seat 1 on S1's east station is pushed west onto seat 0 (S1's centre): it jumps on
    # to S1's west station.
    g = game(LINE, ["0,1,C", "0,1,E"], ["A13"])
    play(g, "A13")
    g.apply(0, "target seat=1")
    assert "move r=0 c=1 p=4" in texts(g)
    assert "move r=0 c=1 p=0" not in texts(g)


def test_option_action_moves_may_not_enter_a_base() -> None:
    # Default reading: Vents solaires may bring the pawn home. Strict reading (option off):
    # an Action card never moves a pawn onto a base.
    g = game(LINE, ["0,1,W", "0,4,C"], ["A05"])
    play(g, "A05")
    assert "move r=0 c=0 p=0" in texts(g)
    strict = new_game("quazarys", 2, 1, {"action_moves_home": False})
    assert isinstance(strict, Quazarys)
    set_position(strict, LINE, ["0,1,W", "0,4,C"], hands=[["A05"], OTHER], discard=["A04"])
    assert "move r=0 c=0 p=0" in texts(strict)  # a normal move still may
    play(strict, "A05")
    assert texts(strict) == {"move r=0 c=1 p=0"}
