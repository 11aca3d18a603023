"""The engine's boundary: exact actions, constant-time legality, untrusted saves and records."""

from __future__ import annotations

import json
import random
from collections import deque
from typing import Any

import pytest

import spacetable
from spacetable.engine import (
    Action,
    ActionCodec,
    IllegalAction,
    InvalidAction,
    OptionError,
    RecordError,
    action,
    register,
)
from spacetable.playout import playout
from spacetable.testing.toy import HighCards, Play

register(HighCards)


@action("tag")
class Tag(Action):
    name: str
    n: int
    flag: bool
    maybe: int | None
    path: tuple[int, ...]


CODEC = ActionCodec([Tag])


def _toy(steps: int = 3, seed: int = 7) -> HighCards:
    g = spacetable.new_game("toy", 2, seed=seed)
    assert isinstance(g, HighCards)
    assert len(list(playout(g, random.Random(seed), max_steps=steps))) == steps
    return g


@pytest.mark.parametrize(
    ("value", "kind"),
    [(True, "bool"), (3.0, "float"), ("3", "str"), (None, "NoneType"), ([3], "list")],
)
def test_an_int_field_takes_only_an_int(value: object, kind: str) -> None:
    g = _toy()
    seat = g.to_act[0]
    first = g.legal_actions(seat)[0]
    assert isinstance(first, Play)
    card = first.card
    assert Play(card) in g.legal_actions(seat)
    before = g.to_json()
    bad = value if not isinstance(value, float) else float(card)
    bad = True if value is True and card != 1 else bad
    with pytest.raises(InvalidAction, match=f"field 'card' must be int, got .*{kind}"):
        g.apply(seat, {"type": "play", "card": bad})
    with pytest.raises(InvalidAction, match="field 'card'"):
        g.apply(seat, Play(bad))  # type: ignore[arg-type]  # an action value built with a wrong type
    assert g.to_json() == before
    g.apply(seat, {"type": "play", "card": card})  # the exact value is accepted
    assert g.record()["entries"][-1]["action"] == {"type": "play", "card": card}


def test_a_float_equal_to_a_legal_int_is_refused_even_though_it_compares_equal() -> None:
    g = _toy()
    seat = g.to_act[0]
    legal = g.legal_actions(seat)[0]
    assert isinstance(legal, Play)
    forged = Play(float(legal.card))  # type: ignore[arg-type]
    assert forged == legal and hash(forged) == hash(legal)
    with pytest.raises(InvalidAction):
        g.apply(seat, forged)


@pytest.mark.parametrize(
    "data",
    [
        {"type": [1]},
        {"type": None},
        {"type": 3},
        {"type": {}},
        [{"type": "play"}],
        5,
        None,
        b"play card=1",
        {"type": "play"},
        {"type": "play", "card": 1, "extra": 2},
        {"type": "play", "card": {}},
        {"type": "play", "card": [[1]]},
        "play card=1.0",
        "play card=x",
        "play card=1 card=1",
        "play",
        "",
    ],
)
def test_malformed_inputs_are_invalid_and_change_nothing(data: object) -> None:
    g = _toy()
    before = g.to_json()
    with pytest.raises(InvalidAction):
        g.apply(g.to_act[0], data)  # type: ignore[arg-type]
    assert g.to_json() == before


def test_bad_seats_and_acting_after_the_end() -> None:
    g = _toy()
    a = g.legal_actions(g.to_act[0])[0]
    for seat in (True, 2, -1, 1.0, "0", None):
        with pytest.raises(IllegalAction):
            g.apply(seat, a)  # type: ignore[arg-type]
        with pytest.raises(IllegalAction):
            g.legal_actions(seat)  # type: ignore[arg-type]
    other = 1 - g.to_act[0]
    with pytest.raises(IllegalAction, match="may not act"):
        g.apply(other, a)
    deque(playout(g, random.Random(1)), maxlen=0)
    with pytest.raises(IllegalAction, match="over"):
        g.apply(0, a)


def test_field_types_check_values_and_parse_text_forms() -> None:
    t = Tag("12", 3, False, None, (1, -2))
    assert t.text() == "tag name=12 n=3 flag=false maybe=- path=[1,-2]"
    assert CODEC.from_text(t.text()) == t
    parsed = CODEC.from_text(t.text())
    assert isinstance(parsed, Tag)
    assert type(parsed.name) is str  # a digit string stays a string
    assert CODEC.from_json(t.to_json()) == t
    for text, field in [
        ("tag name=a n=1.5 flag=true maybe=- path=[]", "'n'"),
        ("tag name=a n=1 flag=yes maybe=- path=[]", "'flag'"),
        ("tag name=a n=1 flag=true maybe=x path=[]", "'maybe'"),
        ("tag name=a n=1 flag=true maybe=- path=1", "'path'"),
        ("tag name=a n=1 flag=true maybe=- path=[1,a]", "'path'"),
    ]:
        with pytest.raises(InvalidAction, match=field):
            CODEC.from_text(text)
    good = t.to_json()
    for field, bad in [("flag", 1), ("n", True), ("path", [1.0]), ("maybe", 2.5), ("name", 5)]:
        with pytest.raises(InvalidAction, match=f"field '{field}'"):
            CODEC.from_json({**good, field: bad})


def test_options_are_exact() -> None:
    for bad in (2.0, True, "2"):
        with pytest.raises(OptionError, match="hand"):
            spacetable.new_game("toy", 2, seed=1, options={"hand": bad})
    with pytest.raises(OptionError):
        spacetable.new_game("toy", 2, seed=1, options=[("hand", 2)])  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="unknown"):
        spacetable.new_game("toy", 2, seed=1, options={3: 1, "x": 2})  # type: ignore[dict-item]


def test_the_legal_list_is_a_fresh_list_and_mutating_it_changes_no_legality() -> None:
    g = _toy()
    seat = g.to_act[0]
    legal = g.legal_actions(seat)
    kept = list(legal)
    legal.clear()  # the caller owns its list
    g.apply(seat, kept[0])
    assert g.step == 4


def test_events_keep_their_own_fields() -> None:
    g = _toy()
    assert all("_step" in e for e in g.log)
    assert [e["_step"] for e in g.log] == sorted(e["_step"] for e in g.log)


def test_wild_space_veteran_events_keep_the_track_step() -> None:
    rng = random.Random(3)
    seen = []
    for seed in range(6):
        g = spacetable.new_game("wildspace", 3, seed=seed)
        deque(playout(g, rng), maxlen=0)
        seen += [e for e in g.log if e["event"] == "veteran"]
    assert seen, "no veteran event in six games"
    assert all(1 <= e["step"] <= 5 for e in seen), seen
    assert any(e["_step"] > 5 for e in seen)


# ---------------------------------------------------------------- saves


def test_load_rebuilds_from_the_record_and_refuses_a_forged_state() -> None:
    g = _toy(5)
    text = g.to_json()
    assert spacetable.load(text).to_json() == text
    data = json.loads(text)
    data["state"]["hands"][0] = data["state"]["hands"][0] * 2  # a doubled hand
    with pytest.raises(RecordError, match="/state/hands/0"):
        spacetable.load(json.dumps(data))
    data = json.loads(text)
    data["state"]["deck"].append(data["state"]["hands"][1][0])  # a card copied
    with pytest.raises(RecordError, match="/state/deck"):
        spacetable.load(json.dumps(data))
    data = json.loads(text)
    data["players"] = 3
    with pytest.raises(RecordError):
        spacetable.load(json.dumps(data))
    data = json.loads(text)
    data["rng"] = 5
    with pytest.raises(RecordError, match="/rng"):
        spacetable.load(json.dumps(data))


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "spacetable-save/2"}',
        '{"format": "spacetable-save/1", "game": "toy"}',
        "[]",
        "",
        "{",
        '"x"',
        "null",
        '{"format": "spacetable-save/2", "game": ["toy"], "players": 2, "seed": 1, '
        '"options": {}, "history": []}',
        '{"format": "spacetable-save/2", "game": "nope", "players": 2, "seed": 1, '
        '"options": {}, "history": []}',
        '{"format": "spacetable-save/2", "game": "toy", "players": 2, "seed": null, '
        '"options": {}, "history": []}',
        '{"format": "spacetable-save/2", "game": "toy", "players": "2", "seed": 1, '
        '"options": {}, "history": []}',
        '{"format": "spacetable-save/2", "game": "toy", "players": 2, "seed": 1, '
        '"options": {}, "history": {}}',
        "[" * 100_000,
    ],
)
def test_unreadable_saves_raise_record_errors(text: str) -> None:
    with pytest.raises(ValueError):
        spacetable.load(text)
    with pytest.raises(ValueError):
        spacetable.load_trusted(text)


def test_trusted_load_and_meta() -> None:
    g = _toy(4)
    text = g.to_json(meta={"seats": ["human", "bot:random"], "lang": "fr"})
    assert spacetable.save_meta(text) == {"seats": ["human", "bot:random"], "lang": "fr"}
    assert spacetable.save_meta(g.to_json()) == {}
    assert spacetable.load(text).to_json() == g.to_json()  # meta is not game state
    assert spacetable.load_trusted(text).to_json() == g.to_json()
    with pytest.raises(RecordError):
        spacetable.save_meta("[]")


# ---------------------------------------------------------------- records


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"entries": [5]}, "entry 0 must be an object"),
        ({"entries": [{"seat": 0}]}, "entry 0"),
        ({"entries": [{"seat": 0, "action": {"type": "play", "card": 99}}]}, "entry 0"),
        ({"entries": [{"seat": "0", "action": {"type": "play", "card": 1}}]}, "'seat'"),
        ({"entries": [{"seat": 0, "action": "play card=1"}]}, "'action'"),
        ({"entries": [{"seat": 0, "action": {}, "x": 1}]}, "keys"),
        ({"entries": [{"advance": 1.0, "clock": 1.0}]}, "real-time"),
        ({"entries": None}, "'entries'"),
        ({"seed": None}, "'seed'"),
        ({"seed": "7"}, "'seed'"),
        ({"seed": 7.0}, "'seed'"),
        ({"seed": True}, "'seed'"),
        ({"players": 9}, "players"),
        ({"game": "nope"}, "nope"),
        ({"game": None}, "'game'"),
        ({"options": []}, "'options'"),
        ({"options": {"hand": 9}}, "hand"),
    ],
)
def test_damaged_records_raise_record_errors(change: dict[str, Any], fragment: str) -> None:
    rec = {**_toy(2).record(), **change}
    with pytest.raises(ValueError, match=fragment):
        spacetable.replay(rec)


def test_a_record_missing_keys_or_not_a_record() -> None:
    rec = _toy(2).record()
    for key in ("game", "players", "seed", "options", "entries"):
        with pytest.raises(RecordError, match=key):
            spacetable.replay({k: v for k, v in rec.items() if k != key})
    bads: tuple[object, ...] = ([], "[]", 5, "{")
    for bad in bads:
        with pytest.raises(RecordError):
            spacetable.replay(bad)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="upto"):
        spacetable.replay(rec, upto="1")  # type: ignore[arg-type]


def test_real_time_records_check_every_clock() -> None:
    g = spacetable.new_game("spacedealer", 3, seed=2)
    assert len(list(playout(g, random.Random(2), advances=(0.5, 1.0, 3.0), max_steps=40))) == 40
    rec = g.record()
    assert spacetable.replay(rec).to_json() == g.to_json()
    for i, e in enumerate(rec["entries"]):
        if "advance" not in e:
            continue
        bad = json.loads(json.dumps(rec))
        bad["entries"][i]["clock"] = e["clock"] + 1.0
        with pytest.raises(RecordError, match=f"entry {i}: clock"):
            spacetable.replay(bad)
        for wrong in (None, "1", float("nan"), -1.0, True):
            bad["entries"][i] = {"advance": wrong, "clock": e["clock"]}
            with pytest.raises(ValueError):
                spacetable.replay(bad)
        break
