"""Wild Space's data set (issue 18, ``docs/data.md``): the shipped tables pass; a box owner's
corrected directory is what is played; every count the rulebook gives refuses a broken table
naming the file, the row and the field; every component has a rules text in both languages;
the components a view mentions never reveal hidden information."""

from __future__ import annotations

import csv
import io
import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import spacetable
from spacetable.engine import DataError, RecordError, load, new_game, replay
from spacetable.games.wildspace import actions as A
from spacetable.games.wildspace.notation import position
from spacetable.games.wildspace.render import render
from spacetable.games.wildspace.rules import WildSpace
from spacetable.games.wildspace.tables import DATA, shipped_parts
from spacetable.playout import playout
from spacetable.testing.conformance import check_data_set

P = shipped_parts()
PLANETS = [0, 1, 2, 5, 8]
ROBOT_BOLT = 90  # a Veteran Robot without effect, 2 credits


# ---------------------------------------------------------------------- editing tables
def _rows(text: str) -> tuple[list[str], list[str], list[list[str]]]:
    """A table's comment lines, header and rows."""
    lines = text.splitlines()
    comments = [line for line in lines if line.startswith("#")]
    body = [line for line in lines if line and not line.startswith("#")]
    table = list(csv.reader(io.StringIO("\n".join(body))))
    return comments, table[0], table[1:]


def _text(comments: list[str], header: list[str], rows: list[list[str]]) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    return "\n".join(comments) + "\n" + out.getvalue()


Edit = Callable[[list[str], list[list[str]]], list[list[str]]]


def _edit(directory: Path, file: str, edit: Edit) -> None:
    path = directory / file
    comments, header, rows = _rows(path.read_text(encoding="utf-8"))
    path.write_text(_text(comments, header, edit(header, rows)), encoding="utf-8")


def _set(header: list[str], rows: list[list[str]], key: str, field: str, value: str) -> None:
    for r in rows:
        if r[0] == key:
            r[header.index(field)] = value
            return
    raise KeyError(key)


def _line(directory: Path, file: str, key: str) -> int:
    """The line of the row whose id is ``key`` in ``file``."""
    lines = (directory / file).read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.split(",")[0] == key)


@pytest.fixture
def box(tmp_path: Path) -> Path:
    """A box owner's directory: the shipped tables, exported."""
    spacetable.load_data("wildspace").export(tmp_path)
    return tmp_path


# ---------------------------------------------------------------------- the shipped data
def test_the_shipped_data_passes_every_check_and_is_built_once() -> None:
    ds = spacetable.load_data("wildspace")
    assert ds is DATA.shipped("wildspace") and ds.parts is P
    assert sorted(ds.texts) == ["cards.csv", "difficulty.csv", "hostile.csv", "planets.csv"]
    # the cards, tiles, Hostile Planets and levels, then the vocabulary of the cards: six
    # species, six professions, four kinds of crew card
    assert check_data_set("wildspace") == 108 + 10 + 12 + 3 + 6 + 6 + 4
    g = new_game("wildspace", 2, 1)
    assert isinstance(g, WildSpace) and g.parts is P and g.data is ds
    assert len(P.deck_cards) == 102 and P.captains == tuple(range(6))


def test_an_exported_box_loads_back_with_the_same_digest(box: Path) -> None:
    again = spacetable.load_data("wildspace", box)
    assert again.digest == spacetable.load_data("wildspace").digest


# ---------------------------------------------------------------------- corrected tables
def test_an_edited_directory_is_what_is_played(box: Path) -> None:
    """Aurora's left sector draws 4 instead of 2 and the tile is called Dawn; Robot Bolt
    carries 7 credits instead of 2; the solo level medium takes 1/2/2: a seeded game with
    this directory plays, labels, draws and scores the corrected components."""

    def aurora(header: list[str], rows: list[list[str]]) -> list[list[str]]:
        _set(header, rows, "0", "left_actions", "draw:4")
        _set(header, rows, "0", "name_en", "Dawn")
        return rows

    def bolt(header: list[str], rows: list[list[str]]) -> list[list[str]]:
        _set(header, rows, str(ROBOT_BOLT), "credits", "7")
        return rows

    def medium(header: list[str], rows: list[list[str]]) -> list[list[str]]:
        for field, value in (("category_1", "1"), ("category_2", "2"), ("category_3", "2")):
            _set(header, rows, "medium", field, value)
        return rows

    _edit(box, "planets.csv", aurora)
    _edit(box, "cards.csv", bolt)
    _edit(box, "difficulty.csv", medium)
    ds = spacetable.load_data("wildspace", box)
    assert ds.digest != spacetable.load_data("wildspace").digest
    # a seeded game with the corrected tables: landing on Aurora's left sector draws 4
    g = new_game("wildspace", 2, 7, data=box)
    assert isinstance(g, WildSpace) and g.parts.sector_text[0][0] == ("draw:4",)
    seat = g.current
    land = A.LAND[(0, 0, 0)]
    assert g.describe_action(land, "en") == "Land on Dawn (left sector): draw 4"
    g.apply(seat, land)
    assert g.view(seat)["pending"][0] == {
        "kind": "draw",
        "arg": 4,
        "optional": False,
        "planet": True,
    }
    assert "Dawn" in render(g.view(seat), "en", g.parts)
    assert "Dawn" not in render(g.view(seat), "en")  # the shipped names without the parts
    assert ds.component("planet:0", "en").text.startswith("Starting planet. Left sector: draw 4.")
    for _ in range(4):
        g.apply(seat, A.DRAW_DECK)
    assert not g.stack and len(g.hands[seat]) == 7
    # Robot Bolt's corrected credits are scored
    h = position(2, planets=PLANETS, tableaus=[[ROBOT_BOLT], []], hands=[[], []], data=ds)
    assert h.score_sheet(0)["robots"] == 7
    assert "7 credit(s)" in ds.component(f"card:{ROBOT_BOLT}", "en").text
    # the corrected level: the Contrebandier's deck of five takes 1/2/2
    solo = new_game("wildspace", 1, 3, data=ds)
    assert isinstance(solo, WildSpace)
    cats = sorted(solo.parts.h_category[x] for x in [*solo.h_row, *solo.h_deck])
    assert cats == [1, 2, 2, 3, 3]
    assert solo.view(0)["smuggler"]["hostile_deck"]["categories"] == [1, 2, 2]


def test_a_game_with_corrected_tables_plays_to_its_end_and_its_record_names_them(
    box: Path,
) -> None:
    """A record names its data set: it replays with the same tables and is refused with
    others (the shipped ones)."""
    _edit(box, "cards.csv", _change({str(ROBOT_BOLT): {"credits": "7"}}))
    ds = spacetable.load_data("wildspace", box)
    g = new_game("wildspace", 3, 11, data=ds)
    rng = random.Random(11)
    for _ in playout(g, rng):
        pass
    assert g.is_over
    rec = g.record()
    assert rec["data"] == ds.label()
    assert replay(json.loads(json.dumps(rec)), data=ds).to_json() == g.to_json()
    with pytest.raises(RecordError):
        replay(json.loads(json.dumps(rec)))
    with pytest.raises(RecordError):
        load(g.to_json())
    assert load(g.to_json(), data=ds).to_json() == g.to_json()


# ---------------------------------------------------------------------- broken tables
def _append(row: list[str]) -> Edit:
    def edit(header: list[str], rows: list[list[str]]) -> list[list[str]]:
        return [*rows, row]

    return edit


def _drop(key: str) -> Edit:
    def edit(header: list[str], rows: list[list[str]]) -> list[list[str]]:
        return [r for r in rows if r[0] != key]

    return edit


def _change(changes: dict[str, dict[str, str]]) -> Edit:
    def edit(header: list[str], rows: list[list[str]]) -> list[list[str]]:
        for key, fields in changes.items():
            for field, value in fields.items():
                _set(header, rows, key, field, value)
        return rows

    return edit


def _swap(a: str, b: str) -> Edit:
    """Rows ``a`` and ``b`` exchange everything but their ids."""

    def edit(header: list[str], rows: list[list[str]]) -> list[list[str]]:
        ra = next(r for r in rows if r[0] == a)
        rb = next(r for r in rows if r[0] == b)
        ra[1:], rb[1:] = rb[1:], ra[1:]
        return rows

    return edit


def _few_effects(header: list[str], rows: list[list[str]]) -> list[list[str]]:
    """Only 51 of the 102 deck cards keep their effect (and condition)."""
    kind, effect, cond = header.index("kind"), header.index("effect"), header.index("condition")
    with_effect = [r for r in rows if r[kind] != "captain" and r[effect]]
    for r in with_effect[51:]:
        r[effect] = r[cond] = ""
    return rows


EMISSARY_57 = {"kind": "emissary", "profession": "", "mission": "set:prof.botanist:3:5"}
NO_PROF = {k: {"profession": ""} for k in ("92", "93", "94", "95", "96", "97", "98")}
#: (file, edit, the row named (its id, None: no row), the field, words of the message)
BROKEN = [
    (
        "cards.csv",
        "a 109th card",
        _append(
            [
                "108",
                "robot",
                "",
                "",
                "0",
                "",
                "",
                "1",
                "",
                "",
                "",
                "Robot X",
                "Robot X",
                "reconstructed",
                "",
            ]
        ),
        "108",
        "id",
        "109 cards, the rulebook gives 108",
    ),
    ("cards.csv", "a card missing", _drop("50"), "51", "id", "expected 50"),
    (
        "cards.csv",
        "an Emissary too many",
        _change({"57": EMISSARY_57}),
        "89",
        "kind",
        "25 Emissaries, the rulebook gives 24",
    ),
    (
        "cards.csv",
        "a captain among the deck",
        _swap("5", "6"),
        "5",
        "kind",
        "captains are the first",
    ),
    (
        "cards.csv",
        "most Robots without profession",
        _change(NO_PROF),
        "92",
        "profession",
        "la plupart des Robots",
    ),
    (
        "cards.csv",
        "most cards without effect",
        _few_effects,
        "15",
        "effect",
        "51 of 102 deck cards",
    ),
    (
        "planets.csv",
        "an 11th tile",
        _append(["10", "3", "", "draw:2", "", "draw:2", "X", "X", "reconstructed"]),
        "10",
        "id",
        "11 planet tiles",
    ),
    (
        "planets.csv",
        "a third starting planet",
        _change({"2": {"threshold": "0", "left_conditions": ""}}),
        "2",
        "threshold",
        "3 starting planets",
    ),
    (
        "planets.csv",
        "no tile 9",
        _change({"8": {"threshold": "6"}, "9": {"threshold": "6"}}),
        None,
        "threshold",
        "no tile with threshold 9",
    ),
    (
        "hostile.csv",
        "a 13th Hostile Planet",
        _append(["12", "1", "T1", "T2", "robot", "X", "X", "reconstructed", ""]),
        "12",
        "id",
        "13 Hostile Planets",
    ),
    (
        "hostile.csv",
        "no category 3",
        _change({k: {"category": "2"} for k in ("8", "9", "10", "11")}),
        None,
        "category",
        "no card of category 3",
    ),
    (
        "difficulty.csv",
        "six cards",
        _change({"medium": {"category_1": "3"}}),
        "medium",
        "category_1",
        "add up to 6 cards",
    ),
    (
        "difficulty.csv",
        "5 of category 3",
        _change({"hard": {"category_1": "0", "category_2": "0", "category_3": "5"}}),
        "hard",
        "category_3",
        "5 cards of category 3, hostile.csv has 4",
    ),
    (
        "difficulty.csv",
        "a level missing",
        _drop("hard"),
        None,
        "id",
        "no row for the level(s) hard",
    ),
]


@pytest.mark.parametrize(
    ("file", "what", "edit", "key", "field", "words"), BROKEN, ids=[b[1] for b in BROKEN]
)
def test_each_count_check_refuses_a_broken_table_naming_file_row_and_field(
    box: Path, file: str, what: str, edit: Edit, key: str | None, field: str, words: str
) -> None:
    """Every count the rulebook gives (« 108 cartes Équipage (60 Spécialistes, 24 Émissaires,
    18 Robots et 6 Capitaines) - 10 tuiles Planète … 12 cartes Planète Hostile », « les 2
    Planètes de départ », « une Planète 3, puis une Planète 6 et enfin une Planète 9 », « la
    plupart des Robots ont un Métier », « La plupart des cartes … ont un Cercle d'Effet », « 3
    catégories », « une pioche de 5 cartes Planètes Hostiles ») and what the action space
    needs (the captains first) refuse a broken table; the error names the file, the row
    (its line and id) when one row breaks the count, and the field."""
    _edit(box, file, edit)
    with pytest.raises(DataError) as e:
        spacetable.load_data("wildspace", box)
    msg = str(e.value)
    assert f"{box}/{file}" in msg
    assert f"field {field!r}" in msg
    assert words in msg, msg
    if key is not None:
        assert f"line {_line(box, file, key)} (id={key})" in msg, msg
    else:
        assert not re.search(r": line \d+ ", msg), msg
    with pytest.raises(DataError):
        new_game("wildspace", 2, 0, data=box)


def test_a_broken_row_is_refused_naming_file_row_and_field(box: Path) -> None:
    _edit(box, "cards.csv", _change({str(ROBOT_BOLT): {"credits": "eleven"}}))
    with pytest.raises(
        DataError,
        match=rf"cards.csv: line {_line(box, 'cards.csv', '90')} "
        r"\(id=90\): field 'credits'",
    ):
        spacetable.load_data("wildspace", box)


def test_a_file_that_is_not_a_table_of_wild_space_is_refused(box: Path) -> None:
    (box / "card.csv").write_text("id\n", encoding="utf-8")
    with pytest.raises(DataError, match="not a data file of wildspace"):
        spacetable.load_data("wildspace", box)


# ---------------------------------------------------------------------- component texts
def test_every_component_has_a_name_and_a_text_in_both_languages() -> None:
    ds = spacetable.load_data("wildspace")
    en, fr = ds.components("en"), ds.components("fr")
    ids = [c.id for c in en]
    assert ids == [c.id for c in fr]
    assert ids == (
        [f"card:{i}" for i in range(108)]
        + [f"planet:{i}" for i in range(10)]
        + [f"hostile:{i}" for i in range(12)]
        + ["level:easy", "level:medium", "level:hard"]
        + [f"species:{s}" for s in ("bear", "rhino", "owl", "chameleon", "monkey", "octopus")]
        + [
            f"profession:{p}"
            for p in ("botanist", "military", "programmer", "pilot", "mechanic", "scientist")
        ]
        + [f"cardkind:{k}" for k in ("captain", "specialist", "emissary", "robot")]
    )
    for c in (*en, *fr):
        assert c.name.strip() and c.text.strip(), c
        assert "{" not in c.text and "_" not in c.text.replace("take_play", ""), c
    assert ds.component("card:0", "en").text.startswith("Captain · Bear · Soldier. Veteran track:")
    assert ds.component("card:0", "fr").text.startswith("Capitaine · Ours · Militaire.")
    assert ds.component("card:66", "en").text == (
        "Emissary · Bear. Draw 1; mission: 5 per set of 3 Botanists."
    )
    assert ds.component("card:57", "fr").text == "Spécialiste · Poulpe · Scientifique. Sans effet."
    assert ds.component("card:66", "en").known == ("kind", "mission")
    assert ds.component("hostile:3", "fr").text.startswith("Catégorie 1. Pose: défausser la case 2")
    assert ds.component("level:hard", "fr").name == "Difficile"


# ---------------------------------------------------------------------- hidden information
def _hidden_ids(g: WildSpace, seat: int) -> set[str]:
    """The components ``seat`` may not see: other hands (but the cards everyone saw taken from
    the Reserve), the deck, face-down tiles, the Hostile deck."""
    out = {f"card:{c}" for c in g.deck}
    for q in range(g.players):
        if q != seat:
            out |= {f"card:{c}" for c in g.hands[q] if c not in g.known[q]}
    out |= {f"planet:{g.planets[pos]}" for pos in range(5) if not g.faceup[pos]}
    out |= {f"hostile:{h}" for h in g.h_deck}
    return out


@pytest.mark.parametrize("players", [1, 2, 3, 5])
def test_the_components_a_view_mentions_reveal_nothing_hidden(players: int) -> None:
    """A seat's texts (``component_texts``) name its own hand, the Reserve, face-up tiles,
    the crews, the discard, the cards seen taken from the Reserve and the revealed Hostile
    Planets: never another seat's hidden hand, the deck, a face-down tile or the Hostile
    deck."""
    for seed in range(3):
        g = new_game("wildspace", players, seed)
        assert isinstance(g, WildSpace)
        rng = random.Random(seed)
        checked = 0
        for _ in playout(g, rng):
            if g.step % 5:
                continue
            for s in [None, *range(players)]:
                ids = [c.id for c in g.component_texts(s)]
                assert len(ids) == len(set(ids))
                hidden = _hidden_ids(g, s if s is not None else -1)
                assert not set(ids) & hidden, (s, set(ids) & hidden)
                if s is not None:
                    assert {f"card:{c}" for c in g.hands[s]} <= set(ids)
                checked += 1
        assert checked > 20
