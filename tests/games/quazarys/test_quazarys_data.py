"""Quazarys components: counts from the rulebook, the layout notation, data validation."""

from __future__ import annotations

import pytest

from spacetable.engine import DataError
from spacetable.engine.data import parse_table
from spacetable.games.quazarys import components, constants
from spacetable.games.quazarys.components import (
    ActionRow,
    ExplorationRow,
    SunRow,
    parse_layout,
)
from spacetable.games.quazarys.notation import board_text, parse_board
from spacetable.games.quazarys.tables import shipped_parts

PARTS = shipped_parts()
ACTION_ROWS = PARTS.actions
BASE_ROWS = PARTS.bases
EXPLORATION_ROWS = PARTS.explorations
FACTION_ROWS = PARTS.factions
SUN_ROWS = PARTS.suns


def test_counts_match_the_rulebook() -> None:
    # "4 cartes Base, 9 cartes Soleil, 20 cartes Exploration, 28 cartes Action"
    assert len(BASE_ROWS) == 4
    assert len(SUN_ROWS) == 9
    assert len(EXPLORATION_ROWS) == 20
    assert len(ACTION_ROWS) == 28
    assert components.DECK_SIZE == 48
    # "Vortex (2 exemplaires)" and some "Exploration sans station".
    assert sum(r.vortex for r in EXPLORATION_ROWS) == 2
    assert any(not parse_layout(r.layout).stations for r in EXPLORATION_ROWS)
    # The 8 actions of the rulebook each exist.
    assert {r.effect for r in ACTION_ROWS} == set(constants.EFFECTS)
    assert len(constants.EFFECTS) == 8


def test_every_tile_has_zero_to_four_stations_and_every_deck_card_a_faction() -> None:
    for rows in (SUN_ROWS, EXPLORATION_ROWS):
        for r in rows:
            assert 0 <= len(parse_layout(r.layout).stations) <= 4
    for i in range(components.DECK_SIZE):
        assert 0 <= PARTS.faction[i] < len(PARTS.factions)
    # Factions are balanced: 12 cards each (5 Explorations, 7 Actions).
    for f in range(len(PARTS.factions)):
        assert sum(1 for i in range(components.DECK_SIZE) if PARTS.faction[i] == f) == 12


def test_sun_set_is_symmetric_for_every_direction() -> None:
    # Reconstruction balance: as many stations and arrows for each direction of travel.
    lays = [parse_layout(r.layout) for r in SUN_ROWS]
    horiz = sum(len(lay.stations & {0, 2, 4}) for lay in lays)
    vert = sum(len(lay.stations & {0, 1, 3}) for lay in lays)
    assert horiz == vert
    arrows = [lay.arrow[d] for lay in lays for d in constants.DIRS if lay.arrow[d]]
    by_dir = {d: sum(1 for lay in lays if lay.arrow[d]) for d in constants.DIRS}
    assert len(set(by_dir.values())) == 1 and len(arrows) == 4


def test_layout_notation_and_rotation() -> None:
    lay = parse_layout("@ N E*> S W<")
    assert lay.hub_station and lay.arms == (1, 2, 3, 4)
    assert lay.stations == frozenset({0, 2})
    assert lay.arrow[2] == 1 and lay.arrow[4] == -1
    assert lay.notation() == "@ N E*> S W<"
    # A quarter turn clockwise: N->E, E->S, S->W, W->N.
    assert lay.rotated(1).notation() == "@ N< E S*> W"
    assert lay.rotated(4) == lay
    assert lay.rotated(1).rotated(3) == lay


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty layout"),
        ("X N", "first token"),
        ("@ Q", "bad arm token"),
        ("@ N N", "given twice"),
        ("@", "at least one arm"),
        ("@ N* E* S* W*", "5 stations"),
    ],
)
def test_bad_layouts_are_rejected(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_layout(text)


def test_broken_rows_name_file_line_and_field() -> None:
    head = "id,faction,layout,vortex,name_fr,name_en,source\n"
    good = "E01,comete,@ E W,1,Vortex,Vortex,reconstructed\n"
    bad = "E02,comete,@ E E,0,Couloir,Corridor,reconstructed\n"
    with pytest.raises(DataError, match=r"explorations\.csv: line 3 \(id=E02\): field 'layout'"):
        parse_table(head + good + bad, ExplorationRow, "explorations.csv")
    with pytest.raises(DataError, match=r"line 2 .*field 'source'"):
        parse_table(head + good.replace("reconstructed", "invented"), ExplorationRow, "x.csv")
    sun_head = "id,layout,name_fr,name_en,source\n"
    with pytest.raises(DataError, match=r"line 2 \(id=S1\): field 'layout'.*four arms"):
        parse_table(sun_head + "S1,@ N S,Sirius,Sirius,reconstructed\n", SunRow, "suns.csv")
    act_head = "id,effect,faction,name_fr,name_en,source\n"
    with pytest.raises(DataError, match=r"line 2 \(id=A01\): field 'effect'"):
        parse_table(act_head + "A01,warp,comete,X,X,reconstructed\n", ActionRow, "actions.csv")


def test_board_notation_round_trips() -> None:
    text = ".  E14/1 .\nB1 S1 B2/2"
    board = parse_board(text)
    assert board[(0, 1)] == 13 * 4 + 1
    assert board_text(board) == ". E14/1 .\nB1 S1 B2/2"
    with pytest.raises(DataError, match="Action card"):
        parse_board("A01")
    with pytest.raises(DataError, match="unknown card id"):
        parse_board("Z9")


def test_every_effect_id_has_a_registered_function() -> None:
    from spacetable.games.quazarys.rules import EFFECTS

    assert set(EFFECTS) == set(constants.EFFECTS)
    assert all(callable(f) for f in EFFECTS.values())


#: The eight actions as the rulebook prints them (card texts, in capitals there).
RULEBOOK_ACTIONS = {
    "hyper_vitesse": "HYPER VITESSE !",
    "trou_noir": "TROU NOIR",
    "attaque_pirates": "ATTAQUE DE PIRATES !",
    "tornade_solaire": "TORNADE SOLAIRE",
    "destinee_incertaine": "DESTINÉE INCERTAINE",
    "champ_magnetique": "CHAMP MAGNÉTIQUE INSTABLE !",
    "vents_solaires": "VENTS SOLAIRES",
    "ferrailleur_spatial": "FERRAILLEUR SPATIAL",
}


def test_sources_say_which_fields_the_rulebook_states() -> None:
    """Issue 18, honest data: a row is ``rulebook`` only when every field comes from the
    rulebook; otherwise ``known`` lists the fields it states. The rulebook gives « 4 cartes
    Base », « 9 cartes Soleil », « 20 cartes Exploration », « 28 cartes Action », the eight
    actions by name and « Vortex (2 exemplaires) », but no layout, faction, colour or count
    per action: no Quazarys row is known in every field."""
    rows = [*FACTION_ROWS, *SUN_ROWS, *BASE_ROWS, *EXPLORATION_ROWS, *ACTION_ROWS]
    assert {r.source for r in rows} == {"reconstructed"}
    for a in ACTION_ROWS:
        assert a.known == ("effect", "name_fr"), a.id
        assert a.name_fr.upper() == RULEBOOK_ACTIONS[a.effect], a.id
    known = {e.id: e.known for e in EXPLORATION_ROWS if e.known}
    assert known == {"E01": ("vortex", "name_fr"), "E02": ("vortex", "name_fr")}
    for e in EXPLORATION_ROWS:
        assert e.vortex == (e.id in known)
        assert (e.name_fr == "Vortex") == (e.id in known)
    assert not any(r.known for r in (*FACTION_ROWS, *SUN_ROWS, *BASE_ROWS))


def test_a_known_column_names_fields_of_its_table() -> None:
    head = "id,effect,faction,name_fr,name_en,source,known\n"
    row = "A01,hyper_vitesse,comete,Hyper vitesse !,Hyper speed!,{source},{known}\n"
    ok = parse_table(head + row.format(source="reconstructed", known="effect"), ActionRow, "a")
    assert ok[0].known == ("effect",)
    with pytest.raises(DataError, match=r"actions\.csv: line 2 \(id=A01\): field 'known'"):
        parse_table(
            head + row.format(source="reconstructed", known="cost"), ActionRow, "actions.csv"
        )
    with pytest.raises(DataError, match=r"field 'known'.*rulebook row"):
        parse_table(head + row.format(source="rulebook", known="effect"), ActionRow, "a.csv")
