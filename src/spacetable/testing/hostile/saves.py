"""The **saves** family of the hostile stage: ``load`` of damaged saves (see
:mod:`spacetable.testing.hostile`)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from spacetable.engine import (
    Action,
    Game,
    list_games,
    load,
)
from spacetable.playout import playout

from ..conformance import decision_limit
from .base import (
    _DTS,
    _INF,
    _NAN,
    HostileFailure,
    HostileReport,
    Path,
    _Checker,
    _draw_position,
    _exc,
    _Hang,
    _kind,
    _other_kind,
    _Setting,
    _short,
    json_values,
)

# ---------------------------------------------------------------------------- saves


def _nodes(obj: Any, prefix: Path = ()) -> list[tuple[Path, Any]]:
    """Every (path, value) of a JSON tree, containers included, in pre-order."""
    out: list[tuple[Path, Any]] = []
    stack: list[tuple[Path, Any]] = [(prefix, obj)]
    while stack:
        path, v = stack.pop()
        out.append((path, v))
        if isinstance(v, dict):
            stack.extend(((*path, k), v[k]) for k in reversed(list(v)))
        elif isinstance(v, list):
            stack.extend(((*path, i), v[i]) for i in reversed(range(len(v))))
    return out


def _get(obj: Any, path: Path) -> Any:
    for p in path:
        obj = obj[p]
    return obj


def _set(obj: Any, path: Path, value: Any) -> Any:
    if not path:
        return value
    _get(obj, path[:-1])[path[-1]] = value
    return obj


def _draw_tree_damage(
    data: st.DataObject, tree: dict[str, Any], ints: Sequence[int]
) -> tuple[str, Any, str]:
    """Damage a fresh JSON tree in place; returns (kind, tree, description)."""
    top = data.draw(st.sampled_from(sorted(tree)), label="top-level key")
    nodes = _nodes(tree[top], (top,))
    kind = data.draw(
        st.sampled_from(
            (
                "leaf_type",
                "leaf_equal",
                "id_range",
                "key_removed",
                "key_added",
                "list_shortened",
                "list_lengthened",
                "item_copied",
                "list_doubled",
            )
        ),
        label="damage",
    )
    leaves = [(p, v) for p, v in nodes if not isinstance(v, (dict, list))]
    dicts = [((), tree)] + [(p, v) for p, v in nodes if isinstance(v, dict)]
    lists = [(p, v) for p, v in nodes if isinstance(v, list)]
    full = [(p, v) for p, v in lists if v]
    if kind == "leaf_equal":
        leaves_eq = [(p, v) for p, v in leaves if _json_equal_others(v)]
        if leaves_eq:
            p, v = data.draw(st.sampled_from(leaves_eq), label="leaf")
            w = data.draw(st.sampled_from(_json_equal_others(v)), label="equal value")
            return kind, _set(tree, p, w), f"{_fmt(p)}: {v!r} -> {w!r}"
        kind = "leaf_type"
    if kind == "id_range":
        ids = [(p, v) for p, v in leaves if _kind(v) == "int"]
        if ids:
            p, v = data.draw(st.sampled_from(ids), label="id")
            w = data.draw(st.sampled_from([99999, -1, *ints, 2**63, -(2**64)]), label="id value")
            return kind, _set(tree, p, w), f"{_fmt(p)}: {v!r} -> {w!r}"
        kind = "leaf_type"
    if kind == "key_removed":
        keyed = [p for p, _ in nodes if p and isinstance(_get(tree, p[:-1]), dict)]
        p = data.draw(st.sampled_from(keyed), label="key")
        del _get(tree, p[:-1])[p[-1]]
        return kind, tree, f"removed {_fmt(p)}"
    if kind == "key_added" and dicts:
        p, d = data.draw(st.sampled_from(dicts), label="object")
        k = data.draw(st.text(max_size=6).filter(lambda x: x not in d), label="new key")
        w = data.draw(json_values, label="value")
        d[k] = w
        return kind, tree, f"added {_fmt((*p, k))} = {_short(w, 60)}"
    if kind == "list_shortened" and full:
        p, lst = data.draw(st.sampled_from(full), label="list")
        i = data.draw(st.integers(0, len(lst) - 1), label="index")
        del lst[i]
        return kind, tree, f"removed {_fmt((*p, i))}"
    if kind == "list_lengthened" and lists:
        p, lst = data.draw(st.sampled_from(lists), label="list")
        w = (
            data.draw(st.sampled_from(lst) | json_values, label="item")
            if lst
            else data.draw(json_values, label="item")
        )
        i = data.draw(st.integers(0, len(lst)), label="index")
        lst.insert(i, json.loads(json.dumps(w)))
        return kind, tree, f"inserted {_short(w, 60)} at {_fmt((*p, i))}"
    if kind == "item_copied" and full and lists:
        p, src = data.draw(st.sampled_from(full), label="from list")
        i = data.draw(st.integers(0, len(src) - 1), label="item")
        q, dst = data.draw(st.sampled_from(lists), label="to list")
        dst.append(json.loads(json.dumps(src[i])))
        return kind, tree, f"copied {_fmt((*p, i))} into {_fmt(q)}"
    if kind == "list_doubled" and full:
        p, lst = data.draw(st.sampled_from(full), label="list")
        lst.extend(json.loads(json.dumps(lst)))
        return kind, tree, f"doubled {_fmt(p)}"
    # leaf_type, and the fallback of a kind with nothing to damage here
    p, v = data.draw(st.sampled_from(leaves or nodes), label="leaf")
    w = data.draw(_other_kind(v), label="value")
    return "leaf_type", _set(tree, p, w), f"{_fmt(p)}: {_short(v, 40)} -> {_short(w, 60)}"


def _json_equal_others(v: Any) -> list[Any]:
    """JSON values equal to ``v`` in Python but of another JSON kind."""
    if isinstance(v, bool):
        return [int(v), float(v)]
    if isinstance(v, int):
        return [float(v)] + ([bool(v)] if v in (0, 1) else [])
    if isinstance(v, float) and v.is_integer() and abs(v) < 2**53:
        return [int(v)]
    return []


def _fmt(path: Path) -> str:
    return "/" + "/".join(str(p) for p in path)


def _play_through(ck: _Checker, g: Game, seed: int, what: str) -> None:
    """Play an accepted damaged game to its end: random legal moves, views, outcome."""
    rng = random.Random(seed)
    limit = 4 * decision_limit(g.game_id, g.players, g.options) + 5000
    steps = 0

    def views() -> None:
        for seat in [None, *range(g.players)]:
            json.dumps(g.view(seat))

    def stuck() -> None:  # named here: the driver would only raise that nobody is to act
        if not g.is_over and not g.realtime and not g.to_act:
            raise ck.fail("accepted", what, "accepted, then nobody may act (not over)")

    def choose(game: Game, seat: int, legal: list[Action]) -> Action:
        if not legal:
            raise ck.fail("accepted", what, f"accepted, then seat {seat} has no action")
        return legal[rng.randrange(len(legal))]

    try:
        views()
        stuck()
        for _ in playout(g, rng, choose, advances=_DTS, max_steps=limit + 1):
            steps += 1
            if g.is_over or rng.random() < 0.05:
                views()
            stuck()
        if not g.is_over:
            raise ck.fail("accepted", what, f"accepted, then did not end in {limit} steps")
        g.outcome()
        g.to_json()
        g.record()
    except HostileFailure:
        raise
    except _Hang:
        raise
    except Exception as e:
        raise ck.fail(
            "accepted", what, f"accepted, then raised {_exc(e)} after {steps} steps"
        ) from e


def _saves_example(data: st.DataObject, s: _Setting, report: HostileReport) -> None:
    seed, step = _draw_position(data, s)
    g = s.fresh(seed, step)
    text = g.to_json()
    ck = _Checker(report, "saves", f"{s.game} p{s.players} {s.options} seed={seed} step={step}")
    family = data.draw(
        st.sampled_from(("tree", "top", "truncated", "non_json", "format_only")), label="family"
    )
    payload: Any
    if family == "tree":
        tree = json.loads(text)
        ints = sorted({v for _, v in _nodes(tree) if _kind(v) == "int"})
        kind, tree, desc = _draw_tree_damage(data, tree, [ints[-1] + 1] if ints else [])
        payload = json.dumps(tree)
    elif family == "top":
        tree = json.loads(text)
        key = data.draw(
            st.sampled_from(("players", "game", "seed", "format", "options", "meta")), label="key"
        )
        kind = f"top_{key}"
        value = data.draw(_top_values(key, tree.get(key), s), label="value")
        tree[key] = value
        desc = f"{key}: {_short(value, 60)}"
        payload = json.dumps(tree)
    elif family == "truncated":
        cut = data.draw(st.integers(0, len(text) - 1), label="cut")
        kind, payload, desc = "truncated", text[:cut], f"the save cut to {cut} of {len(text)}"
    elif family == "non_json":
        payload = data.draw(
            st.text(max_size=20)
            | st.binary(max_size=20)
            | st.sampled_from(
                [None, 5, [], {}, "null", "[]", "1", '"x"', "NaN", "{", text.encode("utf-16")]
            )
            | json_values.map(json.dumps),
            label="text",
        )
        kind, desc = "non_json", _short(payload, 80)
    else:
        fmt = json.loads(text)["format"]
        payload = data.draw(
            st.sampled_from(
                [
                    json.dumps({"format": fmt}),
                    json.dumps({"format": "spacetable-save/1"}),
                    json.dumps({"format": fmt, "game": s.game}),
                    json.dumps({"format": fmt, "game": s.game, "players": s.players}),
                    json.dumps({"format": "spacetable-record/1", "game": s.game}),
                    json.dumps([{"format": fmt}]),
                ]
            ),
            label="text",
        )
        kind, desc = "format_only", payload
    report.inputs["saves"] += 1
    report.kinds[f"saves/{kind}"] += 1
    what = f"load(<save {desc}>)"
    try:
        loaded = load(payload)
    except ValueError:
        return
    except _Hang:
        raise
    except Exception as e:
        raise ck.fail(kind, what, f"raised {_exc(e)} (not a ValueError)") from e
    report.accepted["saves"] += 1
    report.accepted_kinds[f"saves/{kind}"] += 1
    _play_through(ck, loaded, seed, what)


def _top_values(key: str, current: Any, s: _Setting) -> st.SearchStrategy[Any]:
    games = [g for g in list_games() if g != s.game]
    common: list[Any] = [None, True, False, [current], {"x": current}, _NAN, "", 0.5]
    if key == "players":
        vals: list[Any] = [0, -1, s.players - 1, s.players + 1, 99, 2**64, float(s.players)]
        vals += [str(s.players), True]
    elif key == "game":
        vals = [*games, "nope", s.game.upper(), 5, None, [s.game], f"{s.game} "]
    elif key == "seed":
        vals = [None, str(current), float(current) if isinstance(current, int) else 1.0]
        vals += [True, False, [current], {}, _NAN, _INF, 2**70, -1, (current or 0) + 1]
    elif key == "format":
        vals = ["spacetable-save/1", "spacetable-save/3", "spacetable-record/1", None, 1]
    elif key == "meta":  # the client's free-form mapping beside the game
        vals = [{}, {"seats": ["human", 5]}, {"lang": None}, {"x": {"y": [1, [2]]}}, "x", 5]
    else:
        vals = [[], "x", None, {"nope": 1}, 5]
    return st.sampled_from(vals + common) | _other_kind(current)
