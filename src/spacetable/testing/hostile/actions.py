"""The **actions** family of the hostile stage: ``apply(seat, x)`` with x a legal action
damaged in every way a client can damage one (see :mod:`spacetable.testing.hostile`)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from hypothesis import strategies as st

from spacetable.engine import (
    Action,
    Game,
    game_class,
    list_games,
    load,
    new_game,
)

from ..conformance import conformance_configs
from .base import (
    _HUGE,
    _INF,
    _NAN,
    Attack,
    HostileReport,
    _attack_once,
    _Checker,
    _draw_position,
    _equal_others,
    _exc,
    _future,
    _IntSub,
    _json_diff,
    _odd_values,
    _other_kind,
    _Setting,
    _StrSub,
    json_values,
)

# ---------------------------------------------------------------------------- actions


def _with(a: Action, f: str, v: Any) -> dict[str, Any]:
    j = a.to_json()
    j[f] = v
    return j


def _build(a: Action, values: Mapping[str, Any]) -> Action:
    """An instance of ``type(a)`` with some fields replaced, types unchecked."""
    kw = {f: getattr(a, f) for f in a._fields}
    kw.update(values)
    return type(a)(**kw)


def _text_with(a: Action, f: str, token: str) -> str:
    """The text form of ``a`` with the value of field ``f`` replaced by ``token``."""
    parts = [x if x.split("=", 1)[0] != f else f"{f}={token}" for x in _text_fields(a)]
    return " ".join([a.type, *parts])


def _int_tokens(v: int) -> list[tuple[str, bool, int | None]]:
    """Text tokens for an int field: (token, equal to v in another type, int it means)."""
    out: list[tuple[str, bool, int | None]] = [
        (f"{v}.0", True, None),
        (f"+{v}", False, None),
        (f"{v}_0", False, None),
        (f"0x{v:x}", False, None),
        (f"{v}e0", False, None),
        (f"[{v}]", False, None),
        (f"'{v}'", False, None),
        (f"{v},{v}", False, None),
        ("-", False, None),
        ("", False, None),
        ("nan", False, None),
        ("x", False, None),
        ("99999", False, 99999),
        (str(2**64), False, 2**64),
    ]
    if v in (0, 1):
        out.insert(0, ("true" if v else "false", True, None))
    if 0 <= v <= 9:
        out.append((chr(0x0660 + v), False, None))  # an Arabic-Indic digit: int() reads it
    return out


@dataclass(repr=False)
class _Target:
    """What the action strategies need to know about the attacked game, computed once."""

    def __repr__(self) -> str:  # strategies show their arguments: keep it short
        return f"<{self.game.game_id} step {self.game.step}>"

    def is_legal(self, seat: int, a: Action) -> bool:
        return a in self.legal_by.get(seat, ())

    game: Game
    players: int
    over: bool
    realtime: bool
    legal_by: dict[int, list[Action]]
    sources: list[tuple[int, Action]]
    fielded: list[tuple[int, Action]]
    known: set[str]
    foreign: list[tuple[int, Action]]
    illegal: list[Action]
    others: list[Action]

    @classmethod
    def of(cls, g: Game, others: Sequence[Action]) -> _Target:
        players = g.players
        legal_by = {s: g.legal_actions(s) for s in g.to_act}
        sources = [(s, a) for s, acts in legal_by.items() for a in acts]
        space = g.action_space.actions
        picks = space[:: max(1, len(space) // 64)]
        if not sources:  # over (or, in real time, nobody may act now): anything is hostile
            sources = [(s, a) for s in range(players) for a in picks]
        legal_any = {a for acts in legal_by.values() for a in acts}
        return cls(
            game=g,
            players=players,
            over=g.is_over,
            realtime=g.realtime,
            legal_by=legal_by,
            sources=sources,
            fielded=[(s, a) for s, a in sources if a._fields],
            known=set(type(g).codec().types),
            foreign=[
                (t, a)
                for s, acts in legal_by.items()
                for t in range(players)
                for a in acts
                if t != s and a not in legal_by.get(t, [])
            ],
            illegal=[a for a in picks if a not in legal_any],
            others=list(others),
        )


_FORMS = st.sampled_from(("json", "instance", "text"))


def _form_of(a: Action, form: str) -> Any:
    return a if form == "instance" else a.to_json() if form == "json" else a.text()


@st.composite
def _wrong_field(draw: st.DrawFn, tg: _Target) -> Attack:
    seat, a = draw(st.sampled_from(tg.fielded), label="source")
    f = draw(st.sampled_from(a._fields), label="field")
    v = getattr(a, f)
    form = draw(_FORMS, label="form")
    if form == "text":
        if isinstance(v, int) and not isinstance(v, bool):
            token, equal, means = draw(st.sampled_from(_int_tokens(v)), label="token")
        else:
            token = draw(st.sampled_from(("", "-", "[x]", "a=b", "true")), label="token")
            equal, means = False, None
        twin = _build(a, {f: means}) if means is not None else None
        text = _text_with(a, f, token)
        named = f if equal and tg.is_legal(seat, a) else None
        return Attack("wrong_field_text", seat, text, field=named, twin=twin)
    equal_vals = _equal_others(v)
    choices: list[st.SearchStrategy[Any]] = []
    if equal_vals:
        choices.append(st.sampled_from(equal_vals))
    choices.append(st.sampled_from(_odd_values(v)))
    choices.append(_other_kind(v))
    if isinstance(v, int) and not isinstance(v, bool):
        choices.append(st.sampled_from(_HUGE))
    w = draw(st.one_of(choices), label="value")
    same_type = type(w) is type(v)
    # Equal to a legal action but for the type of one field: InvalidAction naming it.
    equal = not same_type and _equal(w, v) and tg.is_legal(seat, a)
    twin = _build(a, {f: w}) if same_type else None
    payload: Any = _build(a, {f: w}) if form == "instance" else _with(a, f, w)
    return Attack(f"wrong_field_{form}", seat, payload, field=f if equal else None, twin=twin)


@st.composite
def _all_fields(draw: st.DrawFn, tg: _Target) -> Attack:
    seat, a = draw(st.sampled_from(tg.fielded), label="source")
    conv = draw(st.sampled_from((float, str, Decimal, _wrap_list)), label="convert")
    vals = {f: _convert(conv, getattr(a, f)) for f in a._fields}
    form = draw(st.sampled_from(("instance", "json")), label="form")
    payload: Any = type(a)(*vals.values()) if form == "instance" else _merge(a, vals)
    # Equal to the legal action as a whole: refused, naming the first field.
    whole = all(_equal(vals[f], getattr(a, f)) for f in a._fields) and tg.is_legal(seat, a)
    # Nothing changed type (str() of a str field): that is the action itself, not an attack.
    same = all(type(vals[f]) is type(getattr(a, f)) for f in a._fields)
    return Attack(
        f"all_fields_{form}",
        seat,
        payload,
        field=a._fields[0] if whole else None,
        twin=type(a)(*vals.values()) if same else None,
    )


@st.composite
def _missing_field(draw: st.DrawFn, tg: _Target) -> Attack:
    seat, a = draw(st.sampled_from(tg.fielded), label="source")
    f = draw(st.sampled_from(a._fields), label="field")
    j = a.to_json()
    del j[f]
    form = draw(st.sampled_from(("json", "text")), label="form")
    payload = j if form == "json" else " ".join([a.type, *_text_fields(a, skip=f)])
    return Attack("missing_field", seat, payload)


@st.composite
def _bad_type(draw: st.DrawFn, tg: _Target) -> Attack:
    seat, a = draw(st.sampled_from(tg.sources), label="source")
    odd: list[Any] = [[1], None, 1, 1.0, True, {"a": 1}, [a.type], a.type.encode(), (a.type,)]
    odd += [a.type.upper(), f" {a.type}", f"{a.type} ", _StrSub(a.type), ""]
    t = draw(
        st.sampled_from(odd) | st.text(max_size=8).filter(lambda x: x not in tg.known),
        label="type",
    )
    j = a.to_json()
    j["type"] = t
    return Attack("bad_type", seat, j)


@st.composite
def _missing_type(draw: st.DrawFn, tg: _Target) -> Attack:
    seat, a = draw(st.sampled_from(tg.sources), label="source")
    j = a.to_json()
    del j["type"]
    return Attack("missing_type", seat, j)


@st.composite
def _extra_field(draw: st.DrawFn, tg: _Target) -> Attack:
    seat, a = draw(st.sampled_from(tg.sources), label="source")
    k = draw(
        st.text(max_size=6).filter(lambda x: x not in a._fields and x != "type")
        | st.sampled_from([1, None, True, (1, 2), 1.5]),
        label="key",
    )
    v = draw(json_values, label="value")
    form = draw(st.sampled_from(("json", "text")), label="form")
    if form == "text":
        if not isinstance(k, str) or not k or any(c.isspace() or c == "=" for c in k):
            k = "extra"
        return Attack("extra_field", seat, f"{a.text()} {k}=1")
    j: dict[Any, Any] = a.to_json()
    j[k] = v
    return Attack("extra_field", seat, j)


@st.composite
def _non_mapping(draw: st.DrawFn, tg: _Target) -> Attack:
    seat, a = draw(st.sampled_from(tg.sources), label="source")
    text = a.text()
    j = a.to_json()
    odd: list[Any] = [None, 0, 1, -1, 1.5, _NAN, True, text.encode(), bytearray(text.encode())]
    odd += [list(j.items()), [j], (j,), list(j.values()), set(j), frozenset(j), [text]]
    odd += [object(), Action(), type(a), *tg.others]
    x = draw(
        st.sampled_from(odd)
        | st.lists(json_values, max_size=3)
        | st.binary(max_size=8)
        | st.integers(),
        label="payload",
    )
    return Attack("non_mapping", seat, x)


@st.composite
def _bad_text(draw: st.DrawFn, tg: _Target) -> Attack:
    seat, a = draw(st.sampled_from(tg.sources), label="source")
    t = a.text()
    fields = _text_fields(a)
    variants = ["", "   ", "=", "==", f"{a.type}=", f"={a.type}", f"{t} {t}", f"{t}\x00"]
    variants += [t.upper(), f"type={a.type}", json.dumps(a.to_json()), f"{t} extra"]
    if fields:
        variants += [
            f"{t} {fields[0]}",  # a field given twice
            t.replace("=", "=="),
            t.replace("=", " = "),
            t.replace("=", ":"),
            " ".join([a.type, *(f.split("=")[0] for f in fields)]),
        ]
    else:
        variants += [f"{t} x=", f"{t} =", f"{t}:", f"{t} x"]
    x = draw(
        st.sampled_from(variants)
        | st.text(max_size=20)
        | st.text(max_size=12).map(lambda s: f"{t} {s}"),
        label="text",
    )
    legal_texts = {b.text() for b in tg.legal_by.get(seat, [])}
    if " ".join(x.split()) in legal_texts or x.split() == t.split():
        x = f"{t} {t}"  # a canonical legal text is not hostile: damage it
    return Attack("bad_text", seat, x)


@st.composite
def _other_seat(draw: st.DrawFn, tg: _Target) -> Attack:
    t, a = draw(st.sampled_from(tg.foreign), label="action of another seat")
    form = draw(_FORMS, label="form")
    return Attack("other_seat", t, _form_of(a, form))


@st.composite
def _bad_seat(draw: st.DrawFn, tg: _Target) -> Attack:
    seat, a = draw(st.sampled_from(tg.sources), label="source")
    n = tg.players
    bad: list[Any] = [*_equal_others(seat), str(seat), None, -1, n, n + 1, 2**64, -(2**64)]
    bad += [[seat], (seat,), {seat: seat}, _NAN, _INF, str(seat).encode(), seat + 0.5]
    b = draw(st.sampled_from(bad), label="seat")
    form = draw(_FORMS, label="form")
    return Attack("bad_seat", b, _form_of(a, form))


_SEAT_QUERIES = ("view", "legal_actions", "legal_mask", "log_for", "last_events")


@st.composite
def _bad_seat_query(draw: st.DrawFn, tg: _Target) -> Attack:
    n = tg.players
    bad: list[Any] = [True, False, 0.0, 1.0, Decimal(0), _IntSub(0), "0", -1, n, n + 1, 2**64]
    bad += [[0], (0,), {0: 0}, _NAN, b"0"]
    if n > 1:
        bad += [float(n - 1), _IntSub(n - 1)]
    b = draw(st.sampled_from(bad), label="seat")
    call = draw(st.sampled_from(_SEAT_QUERIES), label="query")
    return Attack("bad_seat_query", b, None, call=call)


@st.composite
def _illegal(draw: st.DrawFn, tg: _Target) -> Attack:
    seat = draw(st.integers(0, tg.players - 1), label="seat")
    a = draw(st.sampled_from(tg.illegal), label="action")
    if a in tg.legal_by.get(seat, []):
        seat = tg.players  # legal for that seat after all: use no seat at all
    form = draw(_FORMS, label="form")
    return Attack("after_end" if tg.over else "illegal", seat, _form_of(a, form))


_BAD_SECONDS: list[Any] = [0, 0.0, -1, -0.5, _NAN, _INF, -_INF, "1", None, True, [1], b"1"]
_BAD_SECONDS += [Decimal("nan"), Decimal(1), Fraction(1, 2)]


def _action_attacks(tg: _Target) -> st.SearchStrategy[Attack]:
    """Every kind of hostile ``apply`` against the target's game."""
    out: list[st.SearchStrategy[Attack]] = []
    if tg.fielded:  # wrong field types first, and most often
        out += [_wrong_field(tg), _wrong_field(tg), _wrong_field(tg), _all_fields(tg)]
        out.append(_missing_field(tg))
    out += [_bad_seat(tg), _bad_seat_query(tg), _bad_type(tg), _missing_type(tg)]
    out.append(_extra_field(tg))
    out += [_non_mapping(tg), _bad_text(tg)]
    if tg.foreign:
        out.append(_other_seat(tg))
    if tg.illegal:
        out.append(_illegal(tg))
    return st.one_of(out)


def _equal(w: Any, v: Any) -> bool:
    try:
        return bool(w == v)
    except Exception:
        return False


def _wrap_list(v: Any) -> Any:
    return [v]


def _convert(conv: Callable[[Any], Any], v: Any) -> Any:
    try:
        return conv(v)
    except (TypeError, ValueError, ArithmeticError):
        return [v]


def _merge(a: Action, vals: Mapping[str, Any]) -> dict[str, Any]:
    j = a.to_json()
    j.update(vals)
    return j


def _text_fields(a: Action, skip: str | None = None) -> list[str]:
    t = a.text()
    out = []
    for name in a._fields:
        val = t.split(f" {name}=", 1)[1].split(" ", 1)[0]
        if name != skip:
            out.append(f"{name}={val}")
    return out


def _actions_example(data: st.DataObject, s: _Setting, report: HostileReport) -> None:
    seed, step = _draw_position(data, s)
    target = data.draw(st.sampled_from(("game", "clone", "determinized", "loaded")), label="target")
    g = s.fresh(seed, step)
    g_before = g.to_json()
    ck = _Checker(report, "actions", f"{s.game} p{s.players} {s.options} seed={seed} step={step}")
    ck.where += f" on the {target}"
    k = data.draw(st.integers(0, 2**16), label="determinize/future seed")
    dseat = data.draw(st.integers(0, s.players - 1), label="determinized seat")

    def build(base: Game) -> Game:
        if target == "clone":
            return base.clone()
        if target == "determinized":
            return base.determinize(dseat, random.Random(k))
        if target == "loaded":
            return load(base.to_json())
        return base

    obj = build(g)
    before = obj.to_json()
    others = _foreign_actions(s.game)
    tg = _Target.of(obj, others)
    attacks = _action_attacks(tg)
    n = data.draw(st.integers(1, 4), label="attacks")
    for _ in range(n):
        at = data.draw(attacks, label="attack")
        _attack_once(ck, obj, at, before)
    if obj.realtime:  # and the clock: advance by something that is not a positive number
        for x in data.draw(st.permutations(_BAD_SECONDS), label="advance by")[:3]:
            _attack_once(ck, obj, Attack("advance", None, x, call="advance"), before)
    # The future: the attacked object, and the original if a copy was attacked, play on
    # exactly like untouched ones built from scratch (a hidden cache may have been hurt).
    ref = build(s.fresh(seed, step))
    if ref.to_json() != before:
        raise ck.fail("future", target, "a rebuilt reference differs: the stage is not exact")
    try:
        mine = _future(obj, k, stale=tg.legal_by)  # first: an action listed before
    except Exception as e:
        raise ck.fail("future", "the attacked game", f"then raised {_exc(e)}") from e
    if mine != _future(ref, k):
        raise ck.fail("future", "the attacked game", "then played on differently")
    if target != "game":
        if g.to_json() != g_before:
            raise ck.fail(
                "original",
                target,
                f"attacking the {target} changed the original: {_json_diff(g_before, g.to_json())}",
            )
        try:
            mine = _future(g, k)
        except Exception as e:
            raise ck.fail("original", target, f"the original then raised {_exc(e)}") from e
        if mine != _future(s.fresh(seed, step), k):
            raise ck.fail("original", target, "the original then played on differently")


_foreign: dict[str, list[Action]] = {}


def _foreign_actions(game_id: str) -> list[Action]:
    """A few actions of other games (same type names first): not actions of this game."""
    out = _foreign.get(game_id)
    if out is None:
        mine = {t.type for t in game_class(game_id).action_types}
        same: list[Action] = []
        other: list[Action] = []
        for gid in list_games():
            if gid == game_id:
                continue
            for players, opts in conformance_configs(gid)[:1]:
                g = new_game(gid, players, 0, opts)
                for a in g.action_space.actions[:50]:
                    (same if a.type in mine else other).append(a)
        out = _foreign[game_id] = (same[:2] + other[:2]) if same or other else []
    return out
