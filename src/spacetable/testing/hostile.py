"""The hostile-input stage of the conformance suite, driven by hypothesis.

A game must survive whatever a client, a file or a network peer sends it. For one setting
(game, player count, options), :func:`hostile_check` runs three hypothesis searches, each
at random points of the seeded random playouts of the conformance suite:

* **actions**: ``apply(seat, x)`` with x a legal action damaged in every way a client can
  damage one (wrong types in each field, values equal to the legal ones but of another type
  such as ``True`` or ``3.0`` for ``1`` or ``3``, unknown or non-string ``type``, extra and
  missing fields, non-mappings, malformed text forms, other seats' actions, bad seats,
  actions after the end, action instances built with wrong field types...), on the game, on
  a clone, on a determinized copy and on a loaded save. Each must raise a ``ValueError``
  (``InvalidAction`` naming the field when the value equals a legal one), change nothing,
  and leave the future of the game (and of the original, when a copy was attacked)
  identical to that of an untouched game built from scratch;
* **saves**: ``load`` of damaged saves (a leaf replaced by a value of another type, keys
  removed or added, lists shortened, lengthened or doubled, items copied between lists, ids
  out of range, another game, player count or seed, truncated text, non-JSON...). Each must
  raise a ``ValueError`` or be accepted; an accepted one must play to its end with random
  legal moves, views for every seat, and no exception at all;
* **records**: ``replay`` of damaged records (bad entries, wrong types everywhere, missing
  keys, unknown game, bad player count or seed...). Only ``ValueError`` may come out.

Every search is derandomized and database-free, so a run is reproducible, and shrinks a
failure to a minimal input. :class:`HostileReport` counts the inputs tried. With
``collect=True`` failures are listed instead of raised (no shrinking): a survey of what
fails. ``python -m spacetable.testing.hostile [game ...]`` prints a per-game summary.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
import threading
import time
import traceback
import warnings
from collections import Counter, deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from types import FrameType
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from spacetable.engine import (
    Action,
    Game,
    InvalidAction,
    game_class,
    list_games,
    load,
    new_game,
    replay,
)
from spacetable.playout import playout

from .conformance import conformance_configs, decision_limit

PARTS = ("actions", "saves", "records")
#: Seeds of the playouts the stage attacks (positions vary by step within each).
SEEDS = 16
#: Wall-clock limit of one example: a hang is a failure too.
EXAMPLE_SECONDS = 60.0
_DTS = (0.5, 1.0, 3.0, 10.0, 30.0)
_FUTURE_STEPS = 6

Path = tuple[Any, ...]


# ---------------------------------------------------------------------------- report


@dataclass
class Failure:
    """One hostile input the game mishandled."""

    part: str
    kind: str
    where: str
    input: str
    problem: str

    def line(self) -> str:
        return f"{self.part}/{self.kind} at {self.where}: {self.input} -> {self.problem}"


class HostileFailure(AssertionError):
    """A game mishandled a hostile input (the message names the input and what happened)."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.line())
        self.failure = failure


@dataclass
class HostileReport:
    """What :func:`hostile_check` tried on one setting, and what failed."""

    game: str
    players: int
    options: dict[str, Any]
    examples: Counter[str] = field(default_factory=Counter)  # per part
    inputs: Counter[str] = field(default_factory=Counter)  # hostile inputs tried, per part
    kinds: Counter[str] = field(default_factory=Counter)  # per "part/kind"
    accepted: Counter[str] = field(default_factory=Counter)  # damaged saves/records taken
    accepted_kinds: Counter[str] = field(default_factory=Counter)  # ... per "part/kind"
    failures: list[Failure] = field(default_factory=list)  # collect mode
    errors: list[str] = field(default_factory=list)  # hypothesis' minimal failures
    seconds: float = 0.0

    @property
    def total(self) -> int:
        return sum(self.inputs.values())

    @property
    def ok(self) -> bool:
        return not self.failures and not self.errors

    def label(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items())) or "default"
        return f"{self.game} p{self.players} {opts}"

    def summary(self) -> str:
        parts = " ".join(f"{p}={self.inputs[p]}" for p in PARTS)
        acc = " ".join(f"{p}={self.accepted[p]}" for p in ("saves", "records"))
        bad = len(self.failures) + len(self.errors)
        return (
            f"{self.label()}: {self.total} inputs ({parts}; accepted {acc}); "
            f"{bad} failure(s); {self.seconds:.1f} s"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "examples": dict(self.examples),
            "inputs": dict(self.inputs),
            "kinds": dict(self.kinds),
            "accepted": dict(self.accepted),
            "accepted_kinds": dict(self.accepted_kinds),
            "failures": [f.line() for f in self.failures],
            "errors": list(self.errors),
            "seconds": round(self.seconds, 3),
        }


def per_game_summary(reports: Sequence[HostileReport]) -> str:
    """One line per game: settings, inputs tried by part, accepted damage, failures."""
    games: dict[str, list[HostileReport]] = {}
    for r in reports:
        games.setdefault(r.game, []).append(r)
    lines = [f"{'game':<14} {'settings':>8} {'actions':>8} {'saves':>7} {'records':>8} "]
    lines[0] += f"{'total':>7} {'accepted':>9} {'failures':>9} {'seconds':>8}"
    for gid in sorted(games):
        rs = games[gid]
        n = Counter[str]()
        acc = 0
        for r in rs:
            n.update(r.inputs)
            acc += sum(r.accepted.values())
        bad = sum(len(r.failures) + len(r.errors) for r in rs)
        secs = sum(r.seconds for r in rs)
        lines.append(
            f"{gid:<14} {len(rs):>8} {n['actions']:>8} {n['saves']:>7} {n['records']:>8} "
            f"{sum(n.values()):>7} {acc:>9} {bad:>9} {secs:>8.1f}"
        )
    return "\n".join(lines)


# ---------------------------------------------------------------------------- helpers


def _short(x: Any, n: int = 160) -> str:
    try:
        r = repr(x)
    except Exception as e:  # a hostile value's repr may fail too
        r = f"<unrepresentable {type(x).__name__}: {e!r}>"
    return r if len(r) <= n else r[: n - 3] + "..."


def _exc(e: BaseException) -> str:
    return f"{type(e).__module__}.{type(e).__name__}: {_short(str(e), 200)}"


class _IntSub(int):
    """An int subclass: equal to the int, but not of type ``int``."""

    def __repr__(self) -> str:
        return f"_IntSub({int(self)})"


class _StrSub(str):
    """A str subclass: equal to the str, but not of type ``str``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"_StrSub({str(self)!r})"


def _kind(v: Any) -> str:
    """The JSON kind of a value (bool is not an int)."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    if isinstance(v, str):
        return "str"
    if isinstance(v, (list, tuple)):
        return "list"
    if isinstance(v, dict):
        return "dict"
    return type(v).__name__


_NAN = float("nan")
_INF = float("inf")

_json_scalars: st.SearchStrategy[Any] = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=6)
)
#: Any JSON value, small.
json_values: st.SearchStrategy[Any] = st.recursive(
    _json_scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=5,
)


def _other_kind(v: Any) -> st.SearchStrategy[Any]:
    """A JSON value of another kind than ``v``."""
    k = _kind(v)
    return json_values.filter(lambda x: _kind(x) != k)


def _equal_others(v: Any) -> list[Any]:
    """Values equal to ``v`` in Python but of another type (``True`` for 1, 3.0 for 3...)."""
    if isinstance(v, bool):
        return [int(v), float(v), Decimal(int(v))]
    if isinstance(v, int):
        out: list[Any] = [float(v), Decimal(v), Fraction(v), _IntSub(v), complex(v)]
        if v in (0, 1):
            out.insert(0, bool(v))
        return out
    if isinstance(v, str):
        return [_StrSub(v)]
    if isinstance(v, float) and v.is_integer():
        return [int(v)]
    return []


_HUGE = (2**63, 2**64, -(2**63) - 1, 10**100, 99999, -1)


def _odd_values(v: Any) -> list[Any]:
    """Values of other types (unequal to ``v``), nested unhashables included."""
    out: list[Any] = [None, [v], [[v]], {"v": v}, [{"a": [v]}], (v,), _NAN, _INF, -_INF, b"0"]
    if isinstance(v, int) and not isinstance(v, bool):
        out += [str(v), f" {v}", f"{v}.0", v + 0.5, str(v).encode(), "x", {v: v}]
    elif isinstance(v, str):
        out += [0, 1, -1, True, v.encode(), {v: v}, 3.0]
    else:
        out += [0, "x", True]
    return out


# ---------------------------------------------------------------------------- positions

_lengths: dict[tuple[str, int, str, int], int] = {}


def _key(game_id: str, players: int, options: Mapping[str, Any]) -> tuple[str, int, str]:
    return game_id, players, json.dumps(options, sort_keys=True)


def reach(game_id: str, players: int, options: Mapping[str, Any], seed: int, steps: int) -> Game:
    """The game of the conformance suite's seeded random playout after ``steps`` steps."""
    g = new_game(game_id, players, seed, options)
    deque(playout(g, random.Random(seed), checked=False, max_steps=steps), maxlen=0)
    return g


def _length(game_id: str, players: int, options: Mapping[str, Any], seed: int) -> int:
    k = (*_key(game_id, players, options), seed)
    n = _lengths.get(k)
    if n is None:
        g = new_game(game_id, players, seed, options)
        # a setting without a bound (NO_BOUND) is cut where the conformance check fails it
        cap = 4 * decision_limit(game_id, players, g.options) + 5000
        n = sum(1 for _ in playout(g, random.Random(seed), checked=False, max_steps=cap))
        _lengths[k] = n
    return n


@dataclass(frozen=True)
class _Setting:
    game: str
    players: int
    options: dict[str, Any]

    def fresh(self, seed: int, step: int) -> Game:
        return reach(self.game, self.players, self.options, seed, step)


def _draw_position(data: st.DataObject, s: _Setting) -> tuple[int, int]:
    seed = data.draw(st.integers(0, SEEDS - 1), label="seed")
    n = _length(s.game, s.players, s.options, seed)
    permille = data.draw(st.integers(0, 1100), label="at (per mille of the playout)")
    return seed, n if permille >= 1000 else n * permille // 1000


def _future(
    g: Game,
    seed: int,
    steps: int = _FUTURE_STEPS,
    stale: Mapping[int, Sequence[Action]] | None = None,
) -> list[Any]:
    """The trace of ``steps`` random decisions through the checked API (``apply``,
    ``advance``), then the save.

    With ``stale``, the first action object comes from a legal list taken before (equal to the
    fresh one): the engine must still judge it right after whatever came in between.
    """
    rng = random.Random(seed)
    trace: list[Any] = []

    def choose(game: Game, seat: int, legal: list[Action]) -> Action:
        i = rng.randrange(len(legal))
        old = stale.get(seat) if stale and not trace else None
        a = old[i] if old is not None and len(old) == len(legal) else legal[i]
        trace.append((seat, a.text(), tuple(x.text() for x in legal)))
        return a

    for taken in playout(g, rng, choose, advances=_DTS, max_steps=steps):
        if taken.seat is None:
            trace.append(("advance", taken.seconds))
    trace.append(g.to_json())
    return trace


class _Hang(Exception):
    pass


@contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`_Hang` in the block after ``seconds`` (main thread, POSIX only)."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def on_alarm(signum: int, frame: FrameType | None) -> None:
        raise _Hang(f"no answer within {seconds:.0f} s")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# ---------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class Attack:
    """One hostile call: ``apply(seat, payload)`` (or ``advance(payload)``)."""

    kind: str
    seat: Any
    payload: Any
    call: str = "apply"
    #: The payload equals a legal action but this field's value has another type: it must be
    #: refused with an InvalidAction that names the field.
    field: str | None = None
    #: An exactly typed action the payload may legitimately mean (skip it if it is legal).
    twin: Action | None = None

    def __repr__(self) -> str:
        if self.call == "advance":
            return f"advance({_short(self.payload)}) [{self.kind}]"
        if self.call != "apply":
            return f"{self.call}({_short(self.seat, 40)}) [{self.kind}]"
        return f"apply({_short(self.seat, 40)}, {_short(self.payload)}) [{self.kind}]"


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


# ---------------------------------------------------------------------------- checks


class _Checker:
    def __init__(self, report: HostileReport, part: str, where: str) -> None:
        self.report = report
        self.part = part
        self.where = where

    def fail(self, kind: str, what: Any, problem: str) -> HostileFailure:
        text = what if isinstance(what, str) else _short(what)
        return HostileFailure(Failure(self.part, kind, self.where, text, problem))


def _attack_once(ck: _Checker, obj: Game, at: Attack, before: str) -> bool:
    """Run one attack on ``obj``; False if it was a legal input after all (skipped)."""
    if at.twin is not None and at.twin in _legal_all(obj):
        return False
    ck.report.inputs["actions"] += 1
    ck.report.kinds[f"actions/{at.kind}"] += 1
    try:
        if at.call == "advance":
            obj.advance(at.payload)
        elif at.call == "apply":
            obj.apply(at.seat, at.payload)
        else:  # a query that takes a seat: view, legal_actions, log_for...
            getattr(obj, at.call)(at.seat)
    except ValueError as e:
        if at.field is not None and not (isinstance(e, InvalidAction) and at.field in str(e)):
            raise ck.fail(
                at.kind,
                at,
                f"equals a legal action with field {at.field!r} of another type: expected "
                f"InvalidAction naming {at.field!r}, got {_exc(e)}",
            ) from e
    except _Hang:
        raise
    except Exception as e:
        raise ck.fail(at.kind, at, f"raised {_exc(e)} (not a ValueError)") from e
    else:
        raise ck.fail(at.kind, at, "was accepted")
    try:
        after = obj.to_json()
    except Exception as e:
        raise ck.fail(at.kind, at, f"refused, then to_json() raised {_exc(e)}") from e
    if after != before:
        raise ck.fail(at.kind, at, f"refused but changed the state: {_json_diff(before, after)}")
    return True


def _legal_all(g: Game) -> set[Action]:
    return {a for s in g.to_act for a in g.legal_actions(s)}


def _json_diff(a: str, b: str) -> str:
    try:
        x, y = json.loads(a), json.loads(b)
    except ValueError:
        return "the text differs"
    return _first_diff(x, y, "") or "the text differs"


def _first_diff(x: Any, y: Any, path: str) -> str | None:
    if type(x) is not type(y):
        return f"{path or '/'}: {_short(x, 60)} -> {_short(y, 60)}"
    if isinstance(x, dict):
        for k in sorted(set(x) | set(y), key=str):
            if k not in x or k not in y:
                return f"{path}/{k} added or removed"
            d = _first_diff(x[k], y[k], f"{path}/{k}")
            if d:
                return d
        return None
    if isinstance(x, list):
        for i, (p, q) in enumerate(zip(x, y, strict=False)):
            d = _first_diff(p, q, f"{path}/{i}")
            if d:
                return d
        return None if len(x) == len(y) else f"{path}: length {len(x)} -> {len(y)}"
    return None if x == y else f"{path or '/'}: {_short(x, 60)} -> {_short(y, 60)}"


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


# ---------------------------------------------------------------------------- driver

_EXAMPLES = {
    "actions": _actions_example,
    "saves": _saves_example,
    "records": _records_example,
}


def _format_error(e: BaseException) -> str:
    if isinstance(e, BaseExceptionGroup):
        return "\n".join(_format_error(x) for x in e.exceptions)
    return "".join(traceback.format_exception_only(e)).rstrip()


def _search(
    part: str, s: _Setting, report: HostileReport, *, max_examples: int, collect: bool
) -> Callable[[], None]:
    """The hypothesis search of one part on one setting."""
    body = _EXAMPLES[part]

    @settings(
        max_examples=max_examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        print_blob=False,
        # No "explain" phase: it traces every line of the engine, far too slow here.
        phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink),
    )
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        report.examples[part] += 1
        try:
            with _time_limit(EXAMPLE_SECONDS):
                body(data, s, report)
        except HostileFailure as e:
            if not collect:
                raise
            report.failures.append(e.failure)
        except _Hang as e:
            failure = Failure(part, "hang", s.game, "an example", str(e))
            if not collect:
                raise HostileFailure(failure) from e
            report.failures.append(failure)

    result: Callable[[], None] = run
    return result


def hostile_check(
    game_id: str,
    players: int,
    options: Mapping[str, Any] | None = None,
    *,
    max_examples: int = 60,
    parts: Sequence[str] = PARTS,
    collect: bool = False,
) -> HostileReport:
    """Run the hostile-input stage on one setting; see the module docstring.

    Each part is one derandomized hypothesis search of ``max_examples`` examples. By default
    a failure is shrunk to a minimal input and its text (with hypothesis' falsifying
    example) is kept in ``report.errors``; with ``collect=True`` every failure is listed in
    ``report.failures`` and the search goes on (no shrinking).
    """
    s = _Setting(game_id, players, dict(options or {}))
    report = HostileReport(game_id, players, dict(s.options))
    start = time.perf_counter()
    for part in parts:
        run = _search(part, s, report, max_examples=max_examples, collect=collect)
        try:
            with warnings.catch_warnings():
                # Reporting a failure shows the strategies drawn from, and sampling from a
                # long list of legal actions has a long repr: harmless here.
                warnings.filterwarnings("ignore", "Generating overly large repr")
                run()
        except Exception as e:
            report.errors.append(f"[{report.label()}] {part}:\n{_format_error(e)}")
    report.seconds = time.perf_counter() - start
    return report


def hostile_configs(games: Sequence[str] | None = None) -> list[tuple[str, int, dict[str, Any]]]:
    """(game, players, options) for every registered game (or ``games``) and setting."""
    return [(gid, p, o) for gid in games or list_games() for p, o in conformance_configs(gid)]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m spacetable.testing.hostile [--examples N] [--collect] [game ...]``."""
    parser = argparse.ArgumentParser(
        prog="python -m spacetable.testing.hostile",
        description="Run the hostile-input stage and count the inputs tried per game.",
    )
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--examples", type=int, default=60, help="examples per part")
    parser.add_argument(
        "--collect", action="store_true", help="list failures without shrinking them"
    )
    ns = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    unknown = [g for g in ns.games if g not in list_games()]
    if unknown or ns.examples < 1:
        parser.error(
            f"unknown game(s) {', '.join(unknown)}; known: {', '.join(list_games())}"
            if unknown
            else "--examples must be at least 1"
        )
    reports = []
    for gid, p, o in hostile_configs(ns.games or None):
        r = hostile_check(gid, p, o, max_examples=ns.examples, collect=ns.collect)
        print(r.summary(), flush=True)
        for f in r.failures:
            print("  FAIL", f.line())
        for err in r.errors:
            print("  FAIL", err.replace("\n", "\n    "))
        reports.append(r)
    print(per_game_summary(reports))
    return 0 if all(r.ok for r in reports) else 1


if __name__ == "__main__":
    raise SystemExit(main())
