"""Audit findings: labels, rendering and data counts checked against the docs."""

from __future__ import annotations

from rich.text import Text

from spacetable.engine import new_game
from spacetable.games.quazarys.actions import TARGETS
from spacetable.games.quazarys.cards import EXPLORATION_ROWS, parse_layout
from spacetable.games.quazarys.notation import set_position
from spacetable.games.quazarys.render import describe_event, render
from spacetable.games.quazarys.rules import Quazarys

LINE = "B1 S1 S8 S3 S4 B2/2"


def test_pirate_target_label_names_the_player_like_everywhere_else() -> None:
    # Players are shown as "Blue (seat 1)" in the view and the log: the target label must
    # name the same player, not "player 2".
    assert TARGETS[1].describe("en") == "attack Blue (seat 1)"
    assert TARGETS[1].describe("fr") == "attaquer Bleu (siège 1)"
    assert TARGETS[0].describe("en") == "attack Red (seat 0)"


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
    lays = [parse_layout(r.layout) for r in EXPLORATION_ROWS]
    without = [r.id for r, lay in zip(EXPLORATION_ROWS, lays, strict=True) if not lay.stations]
    assert without == ["E03", "E04", "E05", "E06", "E16"]
    assert sum(1 for lay in lays if any(lay.arrow)) == 4
    assert sum(len(lay.stations) for lay in lays) == 26
