"""What the attack families of the hostile stage share: the report, the settings and the
positions attacked, the time limit of an example, and the checks of one hostile call."""

from __future__ import annotations

import json
import random
import signal
import threading
from collections import Counter, deque
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from types import FrameType
from typing import Any

from hypothesis import strategies as st

from spacetable.engine import (
    Action,
    Game,
    InvalidAction,
    new_game,
)
from spacetable.playout import playout

from ..conformance import decision_limit

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
