"""Audit findings: labels, rendering and data counts checked against the docs."""

from __future__ import annotations

from rich.text import Text

from spacetable.engine import new_game
from spacetable.engine.mention import name_seats
from spacetable.games.quazarys.actions import TARGETS
from spacetable.games.quazarys.components import parse_layout
from spacetable.games.quazarys.notation import set_position
from spacetable.games.quazarys.render import describe_event, render
from spacetable.games.quazarys.rules import Quazarys
from spacetable.games.quazarys.tables import shipped_parts
from spacetable.testing.text import as_read

describe_event = as_read(describe_event)

LINE = "B1 S1 S8 S3 S4 B2/2"


def test_pirate_target_label_names_the_player_like_everywhere_else() -> None:
    # Players are shown as "Blue (seat 1)" in the view and the log: the target label must
    # name the same player, not "player 2".
    # name the same player, not "player 2" (as a mention: each client names it its own way)
    assert TARGETS[1].describe("en") == "attack ⟪1|Blue (seat 1)⟫"
    assert name_seats(TARGETS[1].describe("fr")) == "attaquer Bleu (siège 1)"
    assert name_seats(TARGETS[0].describe("en")) == "attack Red (seat 0)"


def test_several_pawns_on_a_base_are_drawn_with_their_seat_numbers() -> None:
    g = new_game("quazarys", 2, 1)
    assert isinstance(g, Quazarys)
    set_position(g, LINE, ["0,0,C", "0,0,C"])
    middle = Text.from_markup(render(g.view(0), "en")).plain.splitlines()[3]
    # The base centre is character 4 of card column 0 (after the 3-character margin).
    assert middle[3 + 4 : 3 + 6] == "01"


def test_fizzle_sentences_say_why_in_each_language() -> None:
    why = {
        "base": ("on a base", "sur une base"),
        "move": ("no station", "aucune station"),
        "target": ("no opponent", "aucun adversaire"),
        "blackhole": ("no row or column", "aucune ligne ni colonne"),
        "pick": ("no unoccupied card", "aucune carte inoccupée"),
        "place": ("no free slot", "aucun emplacement libre"),
        "draw": ("nothing to draw", "rien à piocher"),
        "scav": ("discard is empty", "défausse est vide"),
    }
    for task, (en, fr) in why.items():
        ev = {"event": "fizzle", "seat": 0, "task": task}
        assert en in describe_event(ev, "en"), task
        assert fr in describe_event(ev, "fr"), task
        assert f"({task})" not in describe_event(ev, "fr")


def test_exploration_data_matches_the_documented_reconstruction() -> None:
    # docs/games/quazarys.md: 2 Vortex, 5 cards without station (four empty corridors and
    # the one-way bend), 4 cards with arrows, 26 stations in all.
    rows = shipped_parts().explorations
    lays = [parse_layout(r.layout) for r in rows]
    without = [r.id for r, lay in zip(rows, lays, strict=True) if not lay.stations]
    assert without == ["E03", "E04", "E05", "E06", "E16"]
    assert sum(1 for lay in lays if any(lay.arrow)) == 4
    assert sum(len(lay.stations) for lay in lays) == 26


OTHER = ["A02", "A06", "A10", "A14", "A18"]


def _game(board: str, pawns: list[str], hand: list[str], **kw: object) -> Quazarys:
    g = new_game("quazarys", 2, 1)
    assert isinstance(g, Quazarys)
    kw.setdefault("discard", ["A04"])
    return set_position(g, board, pawns, hands=[hand, OTHER], **kw)  # type: ignore[arg-type]


def test_black_hole_on_the_line_removes_a_column_and_closes_the_gap() -> None:
    from spacetable.games.quazarys.notation import board_text, card_index, point_text

    g = _game(LINE, ["0,1,E", "0,4,C"], ["A17"])
    g.apply(0, f"play card={card_index('A17')}")
    # The line's row holds the bases; columns 0 and 5 (bases), 1 and 4 (pawns) are protected.
    assert {a.text() for a in g.legal_actions(0)} == {
        f"blackhole axis=col index={i}" for i in (2, 3)
    }
    g.apply(0, "blackhole axis=col index=2")
    assert board_text(g.board) == "B1 S1 S3 S4 B2/2"
    assert point_text(g.pos[0]) == "0,1,E" and point_text(g.pos[1]) == "0,3,C"
    assert card_index("S8") in g.out  # the Sun goes back to the box
    # The gap is closed: from S1's east station the next one is now S3's west one.
    assert "0,2,W" in {point_text(k) for k in g.destinations(0)}


def test_a_jump_may_end_on_the_movers_own_base() -> None:
    from spacetable.games.quazarys.notation import point_text

    # Seat 1 stands on S1's west station, the last one before seat 0's base: seat 0 on
    # S1's centre jumps it straight home.
    g = _game(LINE, ["0,1,C", "0,1,W"], ["A02"])
    assert "0,0,C" in {point_text(k) for k in g.destinations(0)}
    g.apply(0, "move r=0 c=0 p=0")
    assert g.arrived == (0,)


def test_destiny_drawing_a_scrapper_chains_and_the_last_faction_governs() -> None:
    """« c'est la faction de la nouvelle carte piochée qui compte pour la suite de votre
    combinaison »; each card is on the discard before its effect (« Placez la carte … dans la
    défausse et appliquez son effet »)."""
    from spacetable.games.quazarys.components import CARD_ID
    from spacetable.games.quazarys.notation import card_index

    # A25 Destinée (Comète) draws A28 Ferrailleur (Nébuleuse), which takes the top of the
    # discard, A11 Champ magnétique (Pulsar): Pulsar now governs the combination.
    g = _game(
        LINE,
        ["0,1,C", "0,5,C"],
        ["A25", "A01", "A02", "A03"],
        deck=["A05", "A28"],
        discard=["A04", "A11"],
    )
    g.apply(0, f"play card={card_index('A25')}")
    plays = [(e["via"], CARD_ID[e["card"]]) for e in g.log if e["event"] == "play"]
    assert plays == [("hand", "A25"), ("deck", "A28"), ("discard", "A11")]
    assert g.view(0)["pending"]["kind"] == "pick"
    g.apply(0, "pick r=0 c=3")
    g.apply(0, "orient rot=1")
    legal = {a.text() for a in g.legal_actions(0)}
    assert f"play card={card_index('A03')}" in legal  # Pulsar
    assert f"play card={card_index('A01')}" not in legal  # Comète
    assert f"play card={card_index('A02')}" not in legal  # Nébuleuse
    # Each card went on the discard as it was played; the Ferrailleur took A11 from under
    # the two cards whose effect was being applied (interpretation 5).
    assert [CARD_ID[c] for c in g.discard] == ["A04", "A25", "A28", "A11"]


def test_pushed_home_by_pirates_is_an_arrival_and_the_last_arrival_wins() -> None:
    from spacetable.games.quazarys.notation import card_index

    # Seat 0 pushes seat 1 onto its own base (arrival #1), then brings its own pawn home
    # with Vents solaires of the same faction (arrival #2): after the round, seat 0 wins.
    g = _game(LINE, ["0,1,W", "0,4,E"], ["A13", "A05"], first=0)
    g.apply(0, f"play card={card_index('A13')}")
    g.apply(0, "target seat=1")
    g.apply(0, "move r=0 c=5 p=0")
    assert g.arrived == (1,) and not g.is_over
    g.apply(0, f"play card={card_index('A05')}")
    g.apply(0, "move r=0 c=0 p=0")
    assert list(g.arrived) == [1, 0]
    g.apply(0, "stop")
    assert not g.is_over and g.current == 1  # the round is finished first
    g.apply(1, f"discard card={card_index('A02')}")
    g.apply(1, "stop")
    assert g.is_over
    assert g.outcome().winners == (0,)
    assert g.outcome().ranks == (1, 2)


def test_option_rotation_quarter_turns_a_card_a_quarter_left_or_right() -> None:
    # "Pivotez … dans la direction de votre choix": by default any other orientation; with
    # rotation=quarter, a quarter turn to the left or to the right only (interpretation 14).
    board = ". E13/1 . . . .\nB1 S1 S8 S3 S4 B2/2"
    for opts, want in (
        ({}, {"orient rot=0", "orient rot=2", "orient rot=3"}),
        ({"rotation": "quarter"}, {"orient rot=0", "orient rot=2"}),
    ):
        g = new_game("quazarys", 2, 1, opts)
        assert isinstance(g, Quazarys)
        set_position(g, board, ["1,1,C", "1,4,E"], hands=[["A09", "A20"], OTHER], discard=["A04"])
        g.apply(0, "play card=28")  # A09 Champ magnétique instable (Comète)
        g.apply(0, "pick r=0 c=1")
        assert {a.text() for a in g.legal_actions(0)} == want
        g.apply(0, "orient rot=2")
        assert g.board[(0, 1)] & 3 == 2
    # A tornado with the option: the moved card also turns a quarter left or right, while an
    # Exploration from hand is still laid in any orientation.
    g = new_game("quazarys", 2, 1, {"rotation": "quarter"})
    assert isinstance(g, Quazarys)
    set_position(g, board, ["1,1,C", "1,4,E"], hands=[["A21", "E14"], OTHER], discard=["A04"])
    g.apply(0, "play card=40")  # A21 Tornade solaire (Pulsar)
    g.apply(0, "pick r=0 c=1")
    g.apply(0, "place r=-1 c=3")  # row 0 emptied by the lift: the table was renumbered
    assert {a.text() for a in g.legal_actions(0)} == {"orient rot=0", "orient rot=2"}
    g.apply(0, "orient rot=0")
    g.apply(0, "play card=13")  # E14 Station orbitale (Pulsar)
    g.apply(0, "place r=0 c=2")
    assert len(g.legal_actions(0)) == 4
