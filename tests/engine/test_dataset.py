"""Data sets: a game's tables shipped or corrected in a directory, validated, recorded."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

import spacetable
from spacetable.engine import DataError, RecordError, load_data
from spacetable.playout import playout
from spacetable.testing.toy import DATA, HighCards

SHIPPED_CARDS = DATA.shipped_text("cards.csv")


def _dir(tmp_path: Path, cards: str, name: str = "mybox") -> Path:
    d = tmp_path / name
    d.mkdir()
    (d / "cards.csv").write_text(cards, encoding="utf-8")
    return d


def _finished(data: object = None, seed: int = 3) -> spacetable.Game:
    g = spacetable.new_game("toy", 2, seed=seed, data=data)  # type: ignore[arg-type]
    for _ in playout(g, random.Random(seed)):
        pass
    assert g.is_over
    return g


def test_the_shipped_data_is_built_once_and_named() -> None:
    data = load_data("toy")
    assert load_data("toy") is data
    assert data.name == "shipped" and data.shipped and len(data.digest) == 16
    g = spacetable.new_game("toy", 2, seed=1)
    assert g.data is data and g.parts is data.parts
    assert g.parts.deck == (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
    assert g.clone().parts is g.parts


def test_exported_tables_load_back_with_the_same_digest(tmp_path: Path) -> None:
    paths = load_data("toy").export(tmp_path / "out")
    assert [p.name for p in paths] == ["cards.csv"]
    assert paths[0].read_text(encoding="utf-8") == SHIPPED_CARDS  # comments included
    again = load_data("toy", tmp_path / "out")
    assert again.digest == load_data("toy").digest and again.shipped
    with pytest.raises(DataError, match="would overwrite"):
        load_data("toy").export(tmp_path / "out")
    load_data("toy").export(tmp_path / "out", overwrite=True)


def test_a_comment_does_not_change_the_digest(tmp_path: Path) -> None:
    d = _dir(tmp_path, "# my own copy of the box\n" + SHIPPED_CARDS)
    assert load_data("toy", d).digest == load_data("toy").digest


def test_a_corrected_row_is_what_is_played(tmp_path: Path) -> None:
    cards = SHIPPED_CARDS.replace("1,2,rulebook", "1,3,reconstructed").replace(
        "6,2,rulebook", "6,1,reconstructed"
    )
    data = load_data("toy", _dir(tmp_path, cards))
    assert not data.shipped and data.name == "mybox"
    assert data.digest != load_data("toy").digest
    g = spacetable.new_game("toy", 2, seed=5, data=data)
    assert isinstance(g, HighCards)
    dealt = sorted(g.deck + [c for h in g.hands for c in h])
    assert dealt.count(1) == 3 and dealt.count(6) == 1
    text = data.component("card:1", "en")
    assert text.text.endswith("3 copies.") and text.source == "reconstructed"
    assert data.component("card:6", "fr").text.endswith("1 exemplaire(s).")
    # A directory path works as well as a data set.
    h = spacetable.new_game("toy", 2, seed=5, data=tmp_path / "mybox")
    assert h.to_json() == g.to_json()


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (
            SHIPPED_CARDS.replace("3,2,rulebook", "3,two,rulebook"),
            r"mybox/cards.csv: line 6 \(id=3\): field 'copies': .*integer",
        ),
        (
            SHIPPED_CARDS.replace("3,2,rulebook", "3,3,rulebook"),
            r"mybox/cards.csv: 13 cards, the rulebook gives 12",
        ),
        (
            SHIPPED_CARDS.replace("3,2,rulebook", "3,2,invented"),
            r"mybox/cards.csv: line 6 \(id=3\): field 'source'",
        ),
        (
            SHIPPED_CARDS.replace("6,2,rulebook", "7,2,rulebook"),
            r"line 9 \(id=7\): field 'id'",
        ),
        (
            SHIPPED_CARDS.replace("id,copies,source", "id,copies,source,colour").replace(
                "3,2,rulebook", "3,2,rulebook,red"
            ),
            r"mybox/cards.csv: line 4: 3 cells for 4 columns",
        ),
        (
            SHIPPED_CARDS.replace("id,copies,source", "id,copies,source,known").replace(
                "3,2,rulebook", "3,2,rulebook,copies"
            ),
            r"mybox/cards.csv: line 4: 3 cells for 4 columns",
        ),
        (
            SHIPPED_CARDS.replace("6,2,rulebook", "5,2,rulebook"),
            r"line 9: duplicate id 5",
        ),
    ],
    ids=["type", "count", "source", "range", "cells", "known-cells", "duplicate"],
)
def test_a_broken_table_is_refused_naming_file_row_and_field(
    tmp_path: Path, cards: str, message: str
) -> None:
    with pytest.raises(DataError, match=message):
        load_data("toy", _dir(tmp_path, cards))


def test_known_lists_the_rulebook_fields_of_other_rows(tmp_path: Path) -> None:
    head = "id,copies,source,known\n"
    body = "".join(f"{v},2,rulebook,\n" for v in range(1, 7))
    ok = head + body.replace("4,2,rulebook,", "4,2,reconstructed,id")
    assert load_data("toy", _dir(tmp_path, ok, "a")).component("card:4").source == "reconstructed"
    bad = head + body.replace("4,2,rulebook,", "4,2,rulebook,copies")
    with pytest.raises(DataError, match=r"line 5 \(id=4\): field 'known': .*rulebook row"):
        load_data("toy", _dir(tmp_path, bad, "b"))
    typo = head + body.replace("4,2,rulebook,", "4,2,reference,cost")
    with pytest.raises(DataError, match=r"field 'known': .*names no field of this table: cost"):
        load_data("toy", _dir(tmp_path, typo, "c"))


def test_a_directory_holds_only_the_games_files(tmp_path: Path) -> None:
    d = _dir(tmp_path, SHIPPED_CARDS)
    (d / "README.md").write_text("my notes", encoding="utf-8")
    (d / ".hidden").write_text("", encoding="utf-8")
    load_data("toy", d)
    (d / "card.csv").write_text(SHIPPED_CARDS, encoding="utf-8")
    with pytest.raises(DataError, match=r"card\.csv: not a data file of toy \(its files: cards"):
        load_data("toy", d)
    with pytest.raises(DataError, match="does not exist or is not a directory"):
        load_data("toy", tmp_path / "nowhere")
    empty = tmp_path / "empty"
    empty.mkdir()
    assert load_data("toy", empty).shipped  # every file missing: the shipped ones


def test_records_and_saves_name_their_data_and_refuse_other_data(tmp_path: Path) -> None:
    cards = SHIPPED_CARDS.replace("1,2,rulebook", "1,3,rulebook").replace(
        "6,2,rulebook", "6,1,rulebook"
    )
    d = _dir(tmp_path, cards)
    g = _finished(d)
    record, save = g.record(), g.to_json()
    assert record["data"] == {"name": "mybox", "digest": g.data.digest}  # type: ignore[union-attr]
    assert json.loads(save)["data"] == record["data"]
    rebuilds: tuple[Callable[[], spacetable.Game], ...] = (
        lambda: spacetable.replay(record),
        lambda: spacetable.load(save),
        lambda: spacetable.load_trusted(save),
    )
    for rebuild in rebuilds:
        with pytest.raises(
            RecordError, match=r"played with the data set 'mybox' .* not with 'shipped'"
        ):
            rebuild()
    assert spacetable.replay(record, data=d).to_json() == save
    assert spacetable.load(save, data=d).to_json() == save
    assert spacetable.load_trusted(save, data=d).to_json() == save
    # The same tables under another directory name: same digest, the save loads.
    other = _dir(tmp_path, cards, "copy")
    assert spacetable.load(save, data=other).data.digest == g.data.digest  # type: ignore[union-attr]
    # A shipped-data save refuses a corrected directory, and a record without "data" is one
    # played with the shipped data.
    shipped = _finished()
    with pytest.raises(RecordError, match="played with the data set 'shipped'"):
        spacetable.load(shipped.to_json(), data=d)
    old = shipped.record()
    del old["data"]
    assert spacetable.replay(old).to_json() == shipped.to_json()
    with pytest.raises(RecordError, match="played with the shipped data, not with the data set"):
        spacetable.replay(old, data=d)


@pytest.mark.parametrize(
    "label",
    [["mybox"], {"name": "x"}, {"name": 1, "digest": "abc"}, {"name": "x", "digest": None}],
)
def test_a_malformed_data_label_is_a_record_error(label: object) -> None:
    g = _finished()
    record = g.record()
    record["data"] = label
    with pytest.raises(RecordError, match="data"):
        spacetable.replay(record)
    save = json.loads(g.to_json())
    save["data"] = label
    with pytest.raises(RecordError, match="data"):
        spacetable.load_trusted(json.dumps(save))


def test_a_seat_gets_the_texts_of_what_its_view_shows() -> None:
    g = spacetable.new_game("toy", 2, seed=11)
    assert isinstance(g, HighCards)
    for seat in (0, 1):
        ids = [c.id for c in g.component_texts(seat, "fr")]
        assert ids == [f"card:{v}" for v in dict.fromkeys(g.hands[seat])]
        assert all(c.name.startswith("Carte") for c in g.component_texts(seat, "fr"))
    assert g.component_texts(None) == []  # a spectator sees no hand
    assert [c["id"] for c in spacetable.components("toy")] == [f"card:{v}" for v in range(1, 7)]
    assert spacetable.component_text("toy", "card:4", "fr").name == "Carte 4"
    with pytest.raises(DataError, match="no component 'card:9'"):
        spacetable.component_text("toy", "card:9")
    with pytest.raises(DataError, match="no language 'de'"):
        spacetable.components("toy", "de")


def test_a_game_takes_only_its_own_data_set() -> None:
    with pytest.raises(DataError, match="must be a data set or a directory, got object"):
        spacetable.new_game("toy", 2, seed=1, data=object())  # type: ignore[arg-type]
    with pytest.raises(DataError, match="is not a data set of toy"):
        HighCards(2, 1, None, object())  # type: ignore[arg-type]
    with pytest.raises(DataError, match="has no data tables"):
        load_data("toy_rt")
