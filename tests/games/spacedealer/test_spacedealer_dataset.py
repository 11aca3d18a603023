"""Spacedealer's data set (``docs/data.md``, issue 18): the shipped tables pass; a box owner's
corrected directory is what a game plays; every count the rulebook gives refuses a broken
table, naming file, row and field; every component has a text in French and English; the
components a view mentions reveal nothing the seat may not see.
"""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path

import pytest

import spacetable
from spacetable.engine import DataError, RecordError
from spacetable.games.spacedealer import actions as A
from spacetable.games.spacedealer.constants import BOX_SIZE, W_PERSONAL
from spacetable.games.spacedealer.notation import build, card_type, load, moor, started
from spacetable.games.spacedealer.rules import Spacedealer
from spacetable.games.spacedealer.tables import DATA, shipped_parts
from spacetable.playout import playout
from spacetable.testing.conformance import check_data_set

GAME = "spacedealer"


def _texts() -> dict[str, str]:
    return {t.file: DATA.shipped_text(t.file) for t in DATA.tables}


def _edit(tmp: Path, file: str, old: str, new: str) -> Path:
    """Export the shipped tables to ``tmp`` and replace ``old`` by ``new`` in ``file``."""
    spacetable.load_data(GAME).export(tmp)
    text = (tmp / file).read_text(encoding="utf-8")
    assert old in text, old
    (tmp / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp


# ---------------------------------------------------------------- the shipped data
def test_the_shipped_data_passes_and_is_built_once() -> None:
    assert check_data_set(GAME) == 72 + 12 + 8 + 2
    data = spacetable.load_data(GAME)
    assert data is spacetable.load_data(GAME) and data.parts is shipped_parts()
    g = Spacedealer(3, 1)
    assert g.data is data and g.parts is data.parts and g.clone().parts is data.parts
    assert [f for f in data.texts] == ["cards.csv", "gizzi.csv", "planets.csv", "setup.toml"]


# ---------------------------------------------------------------- a corrected directory
def test_an_edited_card_is_what_a_seeded_game_plays(tmp_path: Path) -> None:
    """The red mine of the rulebook's example 3 asks green + blue for 2 and 1 points; a box
    owner who reads 6 and 3 on the real card corrects its row: the game plays 6 and 3."""
    d = _edit(tmp_path, "cards.csv", "6,mine,Mine rouge,Red mine,1,R,1,C1,mine:1,1,GB,2,1,",
              "6,mine,Mine rouge,Red mine,1,R,1,C1,mine:1,1,GB,6,3,")  # fmt: skip
    data = spacetable.load_data(GAME, d)
    assert data.digest != spacetable.load_data(GAME).digest and data.name == tmp_path.name
    # a seeded game with the corrected data: the view, the rules and the texts follow it
    for seed in range(60):
        g = started(4, seed=seed, side=1, pos=1, data=data)
        if 6 in g.built[0]:
            break
    else:
        pytest.fail("no seed starts Moimoi with the red mine #6")
    info = g.view(1)["cards"]["6"]
    assert info["demands"][0]["deliver"] == 6 and info["demands"][0]["owner"] == 3
    moor(g, 1, 0)
    load(g, 1, "GB")
    g.apply(1, A.get(A.Deliver, 1, 12))
    assert (g.score[0], g.score[1]) == (3, 6)
    text = g.component_texts(1, "en")
    assert any(c.id == "card:6" and "6 victory point" in c.text for c in text)
    # the same seed with the shipped data pays 2 and 1
    h = started(4, seed=seed, side=1, pos=1)
    moor(h, 1, 0)
    load(h, 1, "GB")
    h.apply(1, A.get(A.Deliver, 1, 12))
    assert (h.score[0], h.score[1]) == (1, 2)


def test_a_whole_game_plays_with_a_corrected_directory_and_replays_only_with_it(
    tmp_path: Path,
) -> None:
    """Solar satellites that power all four connections, a planet renamed: a seeded random
    game plays to its end with them, its record replays with them and not without."""
    d = _edit(tmp_path, "setup.toml", "power = [0, 2, 3, 4]", "power = [0, 2, 4, 4]")
    text = (d / "planets.csv").read_text(encoding="utf-8")
    (d / "planets.csv").write_text(text.replace("1,ruul,Ru'ul,Ru'ul,", "1,ruul,Ruul,Ruul,", 1))
    g = spacetable.new_game(GAME, 3, 7, {"length": 300, "timer": 20}, data=d)
    assert isinstance(g, Spacedealer) and g.parts.power == (0, 2, 4, 4)
    assert g.view(0)["players"][1]["name_en"] == "Ruul"
    h = started(3, seed=7, side=1, pos=1, data=g.data)
    solar = build(h, 0, "solar", 1)
    assert card_type(solar, h).kind == "solar"
    assert [c for c in range(12) if h._powered(0, c)] == [6, 7, 8, 9]  # four, not three
    deque(playout(g, random.Random(7)), maxlen=0)
    assert g.is_over
    rec = g.record()
    assert spacetable.replay(rec, data=g.data).to_json() == g.to_json()
    with pytest.raises(RecordError):
        spacetable.replay(rec)  # the shipped data is not the data it was played with


# ---------------------------------------------------------------- the rulebook's counts
BROKEN: list[tuple[str, str, str, str]] = [
    # (file, old, new, what the message names)
    (
        "cards.csv",
        "1,mine,Mine verte,",
        "99,mine,Mine verte,",
        r"cards.csv: line 10 \(id=99\): field 'id'",
    ),
    (
        "cards.csv",
        "29,mine_complex,Complexe minier (rouge),Mine complex (red),2,R,2,C2,mine:2,",
        "29,mine_complex,Complexe minier (rouge),Mine complex (red),2,R,2,C2,mine:3,",
        r"line 38 \(id=29\): field 'effect': a mine_complex card's effect is mine:2",
    ),
    (
        "cards.csv",
        "5,depot,Dépôt,Depot,1,,0,AD,depot:4,",
        "5,depot,Dépôt,Depot,1,,0,AD,depot:0,",
        r"line 14 \(id=5\): field 'effect'",
    ),
    (
        "cards.csv",
        "41,metropolis,Métropole,Metropolis,2,,0,DD,none,0,",
        "41,metropolis,Métropole,Metropolis,2,,0,DD,none,1,",
        r"line 50 \(id=41\): field 'slot'",
    ),
    (
        "cards.csv",
        "0,mine,Mine jaune,Yellow mine,1,Y,",
        "0,mine,Mine jaune,Yellow mine,1,,",
        r"line 9 \(id=0\): field 'colour'",
    ),
    (
        "cards.csv",
        "sabotage:2,1,RG,2,1,,0,0,,1,",
        "sabotage:2,1,RG,2,1,,0,0,,0,",
        r"line 54 \(id=45\): field 'advanced'",
    ),
    (
        "cards.csv",
        "3,generator,Générateur,Generator,1,,0,P,",
        "3,generator,Générateur,Generator,1,,0,AD,",
        r"line 12 \(id=3\): field 'shape'",
    ),
    (
        "cards.csv",
        "0,mine,Mine jaune,Yellow mine,1,Y,1,C1,",
        "0,mine,Mine jaune,Yellow mine,1,Y,2,C1,",
        r"line 9 \(id=0\): field 'conns'",
    ),
    (
        "cards.csv",
        "5,depot,Dépôt,Depot,1,,0,AD,",
        "5,depot,Dépôt,Depot,1,,1,AD,",
        r"line 14 \(id=5\): field 'conns'",
    ),
    (
        "cards.csv",
        "36,converter,Convertisseur,Converter,2,,2,C2,convert:1,1,,0,0,",
        "36,converter,Convertisseur,Converter,2,,2,C2,convert:1,1,RG,2,1,",
        r"line 45 \(id=36\): field 'demand'",
    ),
    (
        "cards.csv",
        "none,0,RY,2,1,GBB,3,2,",
        "none,0,,0,0,GBB,3,2,",
        r"line 50 \(id=41\): field 'demand': a second demand needs a first",
    ),
    (
        "cards.csv",
        "24,solar,Satellite solaire,Solar satellite,2,",
        "24,solar,Satellite solaire,Solar satellite,3,",
        r"line 80 \(id=71\): field 'level': 21 level 3 cards, the rulebook gives 20",
    ),
    (
        "cards.csv",
        "33,multimine,Multi-mine,Multi-mine,2,,1,C1,multimine:1,",
        "33,mine,Multi-mine,Multi-mine,2,R,1,C1,mine:1,",
        r"line 42 \(id=33\): field 'level': a mine is a starting card",
    ),
    (
        "cards.csv",
        "3,generator,Générateur,Generator,1,",
        "3,solar,Générateur,Generator,1,",
        r"line 12 \(id=3\): field 'kind': level 1 cards are the starting sets'",
    ),
    (
        "cards.csv",
        "5,depot,Dépôt,Depot,1,,0,AD,depot:4,0,YGB,3,1,",
        "5,generator,Dépôt,Depot,1,,0,P,plant,0,,0,0,",
        r"line 31 \(id=22\): field 'kind': 9 level 1 generators, the rulebook gives 8",
    ),
    (
        "cards.csv",
        "0,mine,Mine jaune,Yellow mine,1,Y,",
        "0,mine,Mine jaune,Yellow mine,1,R,",
        r"line 27 \(id=18\): field 'colour': 4 level 1 R mines, the rulebook gives 3",
    ),
    (
        "cards.csv",
        "0,mine,Mine jaune,Yellow mine,1,Y,1,C1,mine:1,1,GB,2,1,,0,0,0,",
        "0,mine,Mine jaune,Yellow mine,1,Y,1,C1,mine:1,1,GB,2,1,,0,0,1,",
        r"line 10 \(id=1\): field 'start_set': starting set 0",
    ),
    (
        "cards.csv",
        "24,solar,Satellite solaire,Solar satellite,2,,0,P,plant,0,,0,0,,0,0,,",
        "24,solar,Satellite solaire,Solar satellite,2,,0,P,plant,0,,0,0,,0,0,2,",
        r"line 33 \(id=24\): field 'start_set': only level 1 cards",
    ),
    (
        "cards.csv",
        "49,robot_factory,Usine de robots,Robot factory,2,,1,C1,robot_factory:1,0,",
        "49,sabotage,Usine de robots,Robot factory,2,,1,C1,sabotage:2,1,",
        r"line 58 \(id=49\): field 'kind': 3 sabotage cards, the rulebook gives 2",
    ),
    (
        "cards.csv",
        "52,fusion_reactor,Réacteur à fusion,Fusion reactor,3,",
        "52,solar,Réacteur à fusion,Fusion reactor,3,",
        r"line 62 \(id=53\): field 'kind': 3 fusion_reactor cards: the 3- and 5-player lists",
    ),
    ("gizzi.csv", "1,Gizzi 2,", "50,Gizzi 2,", r"gizzi.csv: line 4 \(id=50\): field 'id'"),
    ("gizzi.csv", "RRGGB,5", "RRGGBBBBB,5", r"gizzi.csv: line 14 \(id=11\): field 'demand'"),
    ("planets.csv", "1,ruul,", "9,ruul,", r"planets.csv: line 7 \(seat=9\): field 'seat'"),
    (
        "planets.csv",
        "4,ki,Ki,Ki,mauve,mauve,",
        "4,ki,Ki,Ki,orange,orange,",
        r"planets.csv: line 11 \(seat=5\): field 'colour_en': two planets share 'orange'",
    ),
    ("setup.toml", '5 = ["3", "3-"]', '5 = ["3", "3"]', r"setup.toml: field 'sets.5'"),
    (
        "setup.toml",
        '7 = ["3", "4"]\n8 = ["4", "4"]\n\n# Cards',
        '7 = ["4", "4"]\n8 = ["4", "4"]\n\n# Cards',
        r"setup.toml: field 'advanced_sets.7'",
    ),
    (
        "setup.toml",
        "[remove.3]\ngenerator = 2\ndepot = 1\nsolar = 2",
        "[remove.3]\ngenerator = 2\ndepot = 1\nsolar = 3",
        r"setup.toml: field 'remove.3'",
    ),
    (
        "setup.toml",
        "[advanced.4]\nsabotage = 2",
        "[advanced.4]\nsabotage = 1",
        r"setup.toml: field 'advanced.4'",
    ),
    (
        "setup.toml",
        "ship_capacity = 8",
        "ship_capacity = 9",
        r"setup.toml: field 'components.ship_capacity': 9 is not the rulebook's 8",
    ),
    (
        "setup.toml",
        "power = [0, 2, 3, 4]",
        "power = [0, 3, 3, 4]",
        r"setup.toml: field 'components.power'",
    ),
    (
        "setup.toml",
        "power = [0, 2, 3, 4]",
        "power = [0, 2, 3, 5]",
        r"setup.toml: field 'components.power'",
    ),
    (
        "setup.toml",
        "power = [0, 2, 3, 4]",
        "power = [0, 2, 3]",
        r"setup.toml: field 'components.power'",
    ),
]


BROKEN += [
    (  # a sabotage probe made a tech centre: the tech centre is one too many
        "cards.csv",
        "45,sabotage,Sonde de sabotage,Sabotage probe,2,,1,C1,sabotage:2,1,",
        "45,tech_centre,Sonde de sabotage,Sabotage probe,2,,1,C1,tech_centre:2,0,",
        r"line 57 \(id=48\): field 'kind': 3 tech_centre cards, the rulebook gives 2",
    ),
    (  # a sabotage probe made a basic card: one sabotage probe is missing
        "cards.csv",
        "45,sabotage,Sonde de sabotage,Sabotage probe,2,,1,C1,sabotage:2,1,RG,2,1,,0,0,,1,",
        "45,multimine,Sonde de sabotage,Sabotage probe,2,,1,C1,multimine:1,1,RG,2,1,,0,0,,0,",
        r"line 33 \(id=24\): field 'kind': 1 sabotage cards, the rulebook gives 2",
    ),
    (  # no [sets] table
        "setup.toml",
        "[sets]\n",
        "",
        r"setup.toml: field 'sets': missing table",
    ),
]


@pytest.mark.parametrize(("file", "old", "new", "message"), BROKEN)
def test_each_count_check_refuses_a_broken_table(
    file: str, old: str, new: str, message: str, tmp_path: Path
) -> None:
    d = _edit(tmp_path, file, old, new)
    with pytest.raises(DataError, match=message) as err:
        spacetable.load_data(GAME, d)
    assert str(tmp_path) in str(err.value)  # the directory's file is named
    with pytest.raises(DataError):
        spacetable.new_game(GAME, 3, 1, data=d)  # and no game starts with it


@pytest.mark.parametrize(
    ("file", "message"),
    [
        ("cards.csv", r"cards.csv: line 79 \(id=70\): field 'id': a box holds 72"),
        ("gizzi.csv", r"gizzi.csv: line 13 \(id=10\): field 'id': 11 Gizzi cards"),
        ("planets.csv", r"planets.csv: line 12 \(seat=6\): field 'seat': 7 planets"),
    ],
)
def test_a_missing_row_is_refused(file: str, message: str, tmp_path: Path) -> None:
    """« 72 cartes technologie », « 12 cartes demande », « 8 couleurs de joueur »."""
    spacetable.load_data(GAME).export(tmp_path)
    lines = (tmp_path / file).read_text(encoding="utf-8").splitlines()
    (tmp_path / file).write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    with pytest.raises(DataError, match=message):
        spacetable.load_data(GAME, tmp_path)


def test_an_extra_card_is_refused(tmp_path: Path) -> None:
    spacetable.load_data(GAME).export(tmp_path)
    path = tmp_path / "cards.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    extra = "72," + lines[-1].split(",", 1)[1]
    path.write_text("\n".join([*lines, extra]) + "\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"line 81 \(id=72\): field 'id': a box holds 72"):
        spacetable.load_data(GAME, tmp_path)


# ---------------------------------------------------------------- component texts
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_component_has_a_text_from_its_data(lang: str) -> None:
    comps = spacetable.load_data(GAME).components(lang)
    kinds = [c.kind for c in comps]
    assert kinds.count("card") == 72 and kinds.count("gizzi") == 12
    assert kinds.count("planet") == 8 and {"ship", "timer"} <= set(kinds)
    for c in comps:
        assert c.name.strip() and c.text.strip() and "{" not in c.text, c
    by_id = {c.id: c for c in comps}
    parts = shipped_parts()
    mine = by_id["card:6"]  # the red mine of example 3: green + blue, 2 and 1 points
    assert mine.table == "cards.csv" and mine.key == "6" and mine.source == "reconstructed"
    assert "effect" in mine.known and "vp_deliver" not in mine.known
    green, blue = ("vert", "bleu") if lang == "fr" else ("green", "blue")
    assert f"1 {green}, 1 {blue}" in mine.text and parts.card[6].name(lang) == mine.name
    assert ("2 point" if lang == "fr" else "2 victory point") in mine.text
    gen = by_id["card:3"]
    assert "2" in gen.text  # powers the two connections nearest the planet (setup.toml)


def test_a_corrected_row_gives_a_corrected_text(tmp_path: Path) -> None:
    d = _edit(tmp_path, "gizzi.csv", "0,Gizzi 1,Gizzi 1,RY,2,", "0,Gizzi 1,Gizzi 1,RY,9,")
    text = spacetable.component_text(GAME, "gizzi:0", "en", data=d)
    assert "9 victory point" in text.text
    assert "2 victory point" in spacetable.component_text(GAME, "gizzi:0", "en").text


# ---------------------------------------------------------------- hidden information
def test_the_components_a_view_mentions_reveal_no_hidden_card() -> None:
    """Another seat's personal pile and drawn cards are hidden: a seat's view yields no id of
    them (unless the same card of the box is in sight elsewhere)."""
    g = started(4, {"rules": "advanced"}, seed=3)
    g.tech[1] = 2
    g._dirty()
    g.apply(1, A.get(A.Draw, 2))  # seat 1 holds two drawn cards, to keep one
    hidden = {c for c in range(len(g.where)) if g.where[c] == W_PERSONAL and g.owner[c] == 1}
    hidden |= {c for it in g.pending[1] for c in it[2:]}
    view0 = g.view(0)
    seen = {int(c) % BOX_SIZE for c in view0["cards"]}
    ids = {c.id for c in g.component_texts(0, "en")}
    for c in hidden:
        if c % BOX_SIZE not in seen:
            assert f"card:{c % BOX_SIZE}" not in ids
    mine = {c.id for c in g.component_texts(1, "en")}
    assert {f"card:{c % BOX_SIZE}" for c in hidden} <= mine  # seat 1 sees its own
    assert {"planet:0", "planet:3", "ship:main"} <= ids
    assert any(i.startswith("gizzi:") for i in ids)  # the Gizzi cards face up
    for seat in (0, None):
        d = g.determinize(0, random.Random(5))
        assert [c.id for c in d.component_texts(seat, "fr")] == [
            c.id for c in g.component_texts(seat, "fr")
        ]
