"""Data files: counts stated by the rulebook, validation errors, per-player-count card sets.

The data set (``docs/data.md``): the shipped tables pass; every count the rulebook gives is
checked and a broken table is refused naming file, row and field; a corrected directory is
what a game plays (see also ``test_spacedealer_dataset.py``).
"""

from __future__ import annotations

from collections import Counter

import pytest

from spacetable.engine import DataError
from spacetable.engine.data import parse_table, read_text
from spacetable.games.spacedealer.components import PKG, CardRow, config
from spacetable.games.spacedealer.constants import W_OUT
from spacetable.games.spacedealer.notation import card_type
from spacetable.games.spacedealer.rules import Spacedealer
from spacetable.games.spacedealer.tables import DATA, shipped_parts

GAME = "spacedealer"
PARTS = shipped_parts()
BOX = PARTS.box
GIZZI = PARTS.gizzi
PLANETS = PARTS.planets
SETUP = DATA.shipped(GAME).tables.doc("setup.toml")


def _with(file: str, old: str, new: str) -> None:
    """Build the data set with ``old`` replaced by ``new`` (once) in the shipped ``file``."""
    texts = {t.file: DATA.shipped_text(t.file) for t in DATA.tables}
    assert old in texts[file], old
    texts[file] = texts[file].replace(old, new, 1)
    DATA.make(GAME, "edited", "box", texts)


def test_box_counts_match_the_rulebook() -> None:
    assert len(BOX) == 72
    assert Counter(c.level for c in BOX) == {1: 24, 2: 28, 3: 20}
    kinds = Counter(c.kind for c in BOX if c.level == 1)
    assert kinds == {"mine": 12, "generator": 8, "depot": 4}
    assert Counter(c.colour for c in BOX if c.kind == "mine") == {0: 3, 1: 3, 2: 3, 3: 3}
    adv = Counter(c.kind for c in BOX if c.advanced)
    assert adv == {"sabotage": 2, "missile": 2, "orbital_station": 1, "transport_probe": 1,
                   "tech_centre": 2, "robot_factory": 2}  # fmt: skip
    assert len(GIZZI) == 12 and len(PLANETS) == 8
    assert [p.name_en for p in PLANETS] == ["Moimoi", "Ru'ul", "Frökla", "Zartok", "Ki", "Wit",
                                            "Cuo", "Vill"]  # fmt: skip


def test_every_card_has_a_source_and_consistent_shape() -> None:
    for c in BOX:
        assert c.source in ("rulebook", "reference", "reconstructed")
        if c.conns == 1:
            assert c.shape == "C1"
        if c.conns == 2:
            assert c.shape == "C2" and not c.demands
        if c.shape == "DD":
            assert len(c.demands) == 2


def test_rows_say_which_fields_the_rulebook_states() -> None:
    """Honest data (issue 18): a row is 'rulebook' only when every field of it comes from the
    rulebook; the others list in 'known' the fields it states. The rulebook shows no card face,
    so no card row is 'rulebook'; the generators' fields are all known but their starting set
    (our grouping); the starting mines' demands and points are ours; a level 2 or 3 card's
    level is ours, its effect the rulebook's ("Un complexe minier produit deux marqueurs")."""
    rows = {r.id: r for r in parse_table(read_text(PKG, "data/cards.csv"), CardRow, "cards")}
    assert {r.source for r in rows.values()} == {"reconstructed"}
    gen = next(r for r in rows.values() if r.kind == "generator")
    fields = set(CardRow.model_fields) - {"id", "source", "known"}
    assert set(gen.known) == fields - {"start_set"}
    mine = next(r for r in rows.values() if r.kind == "mine")
    assert {"kind", "colour", "conns", "effect"} <= set(mine.known)
    assert not {"demand", "vp_deliver", "vp_owner", "start_set"} & set(mine.known)
    complex_ = next(r for r in rows.values() if r.kind == "mine_complex")
    assert "effect" in complex_.known and "level" not in complex_.known
    planets = {p.name_fr: p for p in PLANETS}
    assert planets["Moimoi"].known == ("name_fr", "name_en", "colour_fr", "colour_en")
    assert planets["Frökla"].known == ("name_fr", "name_en") and planets["Ki"].known == ()
    assert all(p.source != "rulebook" for p in PLANETS)
    assert all(g.known == () for g in GIZZI)


def test_a_rulebook_row_may_not_list_known_fields() -> None:
    with pytest.raises(DataError, match=r"box/cards.csv: line 9 \(id=0\): field 'known'"):
        _with("cards.csv", ",reconstructed,kind name_fr", ",rulebook,kind name_fr")
    with pytest.raises(DataError, match=r"line 9 .*'known'.*names no field"):
        _with("cards.csv", ",reconstructed,kind name_fr", ",reconstructed,kind cost name_fr")


def test_example3_red_mine_demand_exists() -> None:
    assert any(
        c.kind == "mine" and c.colour == 0 and c.demands[0] == ((0, 0, 1, 1), 2, 1) for c in BOX
    )


def test_broken_rows_name_line_and_field() -> None:
    with pytest.raises(DataError, match=r"cards.csv: line 9 \(id=0\): field 'level'"):
        _with("cards.csv", "0,mine,Mine jaune,Yellow mine,1,", "0,mine,Mine jaune,Yellow mine,7,")
    with pytest.raises(DataError, match=r"line 9 .*'demand'"):
        _with("cards.csv", "mine:1,1,GB,", "mine:1,1,GX,")
    with pytest.raises(DataError, match=r"line 9 .*'effect'"):
        _with("cards.csv", "mine:1,1,GB,", "dig:1,1,GB,")


def _in_game(g: Spacedealer) -> Counter[str]:
    return Counter(card_type(c).kind for c in range(len(g.where)) if g.where[c] != W_OUT)


REMOVE3 = SETUP["remove"]["3"]
REMOVE5 = SETUP["remove"]["5"]


def _expected(sets: list[str]) -> Counter[str]:
    base = Counter(c.kind for c in BOX if not c.advanced)
    total: Counter[str] = Counter()
    for s in sets:
        box = Counter(base)
        if s in ("3", "3-"):
            box.subtract(REMOVE3)
            box["mine"] -= 3
        if s == "3-":
            box.subtract(REMOVE5)
            box["mine"] -= 3
        total.update(box)
    return +total


@pytest.mark.parametrize("n", range(3, 9))
def test_cards_used_per_player_count(n: int) -> None:
    g = Spacedealer(n, n)
    sets = SETUP["sets"][str(n)]
    assert _in_game(g) == _expected(sets)
    # one starting set per player
    assert (
        sum(1 for c in range(len(g.where)) if card_type(c).level == 1 and g.where[c] != W_OUT)
        == 6 * n
    )


@pytest.mark.parametrize(("n", "extra"), [
    (3, {"sabotage": 1, "missile": 1, "robot_factory": 1, "tech_centre": 1}),
    (4, {"sabotage": 2, "missile": 2, "transport_probe": 1, "orbital_station": 1,
         "robot_factory": 2, "tech_centre": 2}),
    (5, {"sabotage": 2, "missile": 2, "transport_probe": 1, "orbital_station": 1,
         "robot_factory": 2, "tech_centre": 2}),
    (7, {"sabotage": 3, "missile": 3, "transport_probe": 1, "orbital_station": 1,
         "robot_factory": 3, "tech_centre": 3}),
    (8, {"sabotage": 4, "missile": 4, "transport_probe": 2, "orbital_station": 2,
         "robot_factory": 4, "tech_centre": 4}),
])  # fmt: skip
def test_advanced_cards_per_player_count(n: int, extra: dict[str, int]) -> None:
    g = Spacedealer(n, 1, {"rules": "advanced"})
    used = _in_game(g)
    expected = _expected(SETUP["sets"][str(n)])
    expected.update(extra)
    assert used == expected
    cfg = config(n, {"rules": "advanced"})
    assert cfg["stations"] == extra.get("orbital_station", 0) and g.nships == n + cfg["stations"]


def test_three_players_leave_one_mine_pile_out() -> None:
    g = Spacedealer(3, 5)
    out_mines = [c for c in range(72) if card_type(c).kind == "mine" and g.where[c] == W_OUT]
    assert len(out_mines) == 3 and len({card_type(c).colour for c in out_mines}) == 3


def test_two_boxes_from_five_players() -> None:
    g = Spacedealer(5, 2, {"rules": "advanced"})
    assert g.supply == [20, 20, 20, 20] and g.black == 20
    faces = [f for f in g.gface if f >= 0]
    assert len(faces) == 5 and len(g.gpile) + len(faces) == 24
    assert len(g.where) == 144
    g4 = Spacedealer(4, 2, {"rules": "advanced"})
    assert g4.supply == [10, 10, 10, 10] and g4.black == 10 and len(g4.where) == 72
    assert len(g4.gpile) == 12 - 4
