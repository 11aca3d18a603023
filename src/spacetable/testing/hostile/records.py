"""The **records** family of the hostile stage: ``replay`` of damaged records (see
:mod:`spacetable.testing.hostile`)."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from hypothesis import strategies as st

from spacetable.engine import (
    list_games,
    replay,
)

from .base import (
    _INF,
    _NAN,
    HostileReport,
    _Checker,
    _draw_position,
    _equal_others,
    _exc,
    _Hang,
    _odd_values,
    _other_kind,
    _Setting,
    _short,
    json_values,
)
from .saves import _draw_tree_damage

# ---------------------------------------------------------------------------- records

_BAD_ENTRIES: list[Any] = [
    [5],
    5,
    None,
    "x",
    [],
    {},
    {"seat": 0},
    {"action": {"type": "x"}},
    {"seat": 0, "action": 5},
    {"seat": 0, "action": None},
    {"seat": 0, "action": "x y z"},
    {"seat": 0, "action": []},
    {"seat": None, "action": {}},
    {"seat": True, "action": {}},
    {"seat": 0.0, "action": {}},
    {"seat": "0", "action": {}},
    {"seat": [0], "action": {}},
    {"advance": "x"},
    {"advance": None},
    {"advance": _NAN},
    {"advance": _INF},
    {"advance": -1},
    {"advance": 0},
    {"advance": [1]},
    {"advance": 1.0},
    {"advance": 1.0, "clock": "x"},
    {"advance": 1.0, "clock": _NAN},
    {"seat": 0, "action": {"type": "x"}, "clock": None},
]


def _records_example(data: st.DataObject, s: _Setting, report: HostileReport) -> None:
    seed, step = _draw_position(data, s)
    g = s.fresh(seed, step)
    rec = g.record()
    ck = _Checker(report, "records", f"{s.game} p{s.players} {s.options} seed={seed} step={step}")
    entries: list[Any] = rec["entries"]
    kinds = ["entry_bad", "entry_wrong_type", "tree", "game", "players", "seed", "options"]
    kinds += ["format", "text", "not_a_record", "upto", "entries"]
    if entries:
        kinds += ["entry_dropped", "entry_duplicated", "entries_swapped", "entry_other_seat"]
    kind = data.draw(st.sampled_from(kinds), label="damage")
    payload: Any = rec
    upto: Any = None
    if kind == "upto":
        upto = data.draw(
            st.sampled_from([-1, "3", 3.0, True, _NAN, [1], 10**9, -(10**9), Decimal(2), b"1"]),
            label="upto",
        )
        desc = f"replayed with upto={_short(upto, 30)}"
    elif kind == "entries":  # the whole list of entries replaced
        w: Any = data.draw(
            st.sampled_from([[5], [{"seat": 0}], [[]], [None], 5, None, "x", {}, {"0": {}}])
            | _other_kind(entries),
            label="entries",
        )
        rec["entries"] = w
        desc = f"entries = {_short(w, 60)}"
    elif kind == "entry_bad":
        i = data.draw(st.integers(0, len(entries)), label="index")
        e = data.draw(st.sampled_from(_BAD_ENTRIES) | json_values, label="entry")
        entries.insert(i, e)
        desc = f"entry {i} = {_short(e, 80)}"
    elif kind == "entry_wrong_type" and entries:
        i = data.draw(st.integers(0, len(entries) - 1), label="index")
        e = dict(entries[i])
        k = data.draw(st.sampled_from(sorted(e)), label="key")
        w = data.draw(
            st.sampled_from([*_equal_others(e[k]), *_odd_values(e[k])]) | _other_kind(e[k]),
            label="value",
        )
        e[k] = w
        entries[i] = e
        desc = f"entry {i} {k} = {_short(w, 60)}"
    elif kind == "entry_dropped":
        i = data.draw(st.integers(0, len(entries) - 1), label="index")
        del entries[i]
        desc = f"entry {i} dropped"
    elif kind == "entry_duplicated":
        i = data.draw(st.integers(0, len(entries) - 1), label="index")
        entries.insert(i, json.loads(json.dumps(entries[i])))
        desc = f"entry {i} twice"
    elif kind == "entries_swapped":
        i = data.draw(st.integers(0, len(entries) - 1), label="index")
        j = data.draw(st.integers(0, len(entries) - 1), label="other index")
        entries[i], entries[j] = entries[j], entries[i]
        desc = f"entries {i} and {j} swapped"
    elif kind == "entry_other_seat":
        acts = [i for i, e in enumerate(entries) if "seat" in e]
        if not acts:
            kind = "entry_dropped"
            del entries[0]
            desc = "entry 0 dropped"
        else:
            i = data.draw(st.sampled_from(acts), label="index")
            t = data.draw(st.integers(-1, s.players), label="seat")
            entries[i] = {**entries[i], "seat": t}
            desc = f"entry {i} seat = {t}"
    elif kind in ("tree", "entry_wrong_type"):
        tree = json.loads(json.dumps(rec))
        kind, payload, desc = _draw_tree_damage(data, tree, [s.players])
    elif kind in ("game", "players", "seed", "options", "format"):
        w = data.draw(_record_values(kind, rec.get(kind), s), label=kind)
        rec[kind] = w
        desc = f"{kind} = {_short(w, 60)}"
    elif kind == "text":
        text = json.dumps(rec)
        cut = data.draw(st.integers(0, len(text) - 1), label="cut")
        payload = text[:cut]
        desc = f"the record's text cut to {cut} of {len(text)}"
    else:
        payload = data.draw(
            st.sampled_from([None, 5, [], "x", b"{}", [rec], (rec,), set(), 1.5]) | json_values,
            label="record",
        )
        desc = _short(payload, 60)
    report.inputs["records"] += 1
    report.kinds[f"records/{kind}"] += 1
    what = f"replay(<record {desc}>)"
    try:
        h = replay(payload) if upto is None else replay(payload, upto=upto)
    except ValueError:
        return
    except _Hang:
        raise
    except Exception as e:
        raise ck.fail(kind, what, f"raised {_exc(e)} (not a ValueError)") from e
    report.accepted["records"] += 1
    report.accepted_kinds[f"records/{kind}"] += 1
    try:
        h.to_json()
        for seat in [None, *range(h.players)]:
            json.dumps(h.view(seat))
    except Exception as e:
        raise ck.fail(kind, what, f"accepted, then raised {_exc(e)}") from e


def _record_values(key: str, current: Any, s: _Setting) -> st.SearchStrategy[Any]:
    games = [g for g in list_games() if g != s.game]
    if key == "game":
        vals: list[Any] = [*games, "nope", "", None, 5, [s.game], s.game.upper(), b"x"]
    elif key == "players":
        vals = [0, -1, 99, True, str(s.players), float(s.players), None, s.players + 1]
        vals += [s.players - 1, 2**64, [s.players], _NAN]
    elif key == "seed":
        vals = [None, "7", str(current), 7.0, float(current), True, False, [current], {}]
        vals += [_NAN, _INF, 2**70, -(2**70), -1, Decimal(current), b"7"]
    elif key == "options":
        vals = [[], "x", None, 5, {"nope": 1}, {1: 2}, {k: None for k in current}]
        vals += [{k: [v] for k, v in current.items()}, {k: str(v) for k, v in current.items()}]
    else:
        vals = [None, 1, "spacetable-record/2", "spacetable-save/1", ""]
    return st.sampled_from(vals) | _other_kind(current)
