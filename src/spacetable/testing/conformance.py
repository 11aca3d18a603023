"""The conformance suite: every registered game must pass it at every player count and option set.

Over seeded random playouts it checks, at random points:

* the game ends within its declared maximum number of decisions (a setting whose options
  leave the game without one, ``NO_BOUND``, must still end within
  :data:`UNBOUNDED_DECISIONS` random decisions, or the check fails instead of running for
  ever: test such a game with the limit of its ``GameInfo.simulation_options``);
* ``to_act`` is sorted and unique; a seat not to act has no legal action; a seat to act has
  at least one; legal actions are unique, in the action space, and their JSON and text forms
  round-trip;
* every legal action applies (on a clone); an illegal or malformed action raises a typed
  error and leaves the state unchanged;
* ``to_json``/``load`` (and ``load_trusted``), ``record``/``replay`` and ``clone`` give
  identical states and identical futures, and playing on a clone leaves the original alone;
* the same seed gives the same game, even when the module-level ``random`` is reseeded in
  between (rules must not use it);
* ``determinize(seat)`` keeps ``view(seat)``, ``legal_actions(seat)``, the seat's log, the
  spectator's view, the public log and ``next_event()`` identical, depends only on that view
  and the generator (canonical), and, in a game with hidden information, actually changes
  the hidden state somewhere over the run;
* undo (see :meth:`Game.undoable`): no span of decisions a seat may take back revealed
  anything hidden to anyone — every such span is replayed on determinized copies of the state
  before it, from the acting seat's view and from every other seat's, and the views and logs
  along it must not depend on what was resampled; whether a decision is a barrier depends
  only on its seat's view (:mod:`.undo_spans`). At sampled decisions, undoing restores
  exactly the state before (save, generator, views and logs of every seat), undoing every
  undoable decision at once equals replaying the record without them, and a refused undo
  (too many, none, another seat, a bad count) raises :class:`UndoError` and changes nothing;
* the sides (:meth:`Game.sides`) partition the seats, and a side's seats share a rank;
* ``view``, ``log`` and the outcome are JSON-serialisable; the outcome ranks are valid; no
  event field of a game starts with ``_`` (the engine's own names, such as ``_step``).

Use :func:`check_game` directly, or :func:`conformance_configs` to parametrize tests.
"""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from spacetable.engine import (
    NO_BOUND,
    Action,
    Game,
    IllegalAction,
    InvalidAction,
    SpacetableError,
    UndoError,
    game_class,
    load,
    load_data,
    load_trusted,
    new_game,
    replay,
)
from spacetable.playout import step

from .configs import CONFIGS
from .undo_spans import SpanReport, UndoSpanChecker

#: The most random decisions a playout may take in a setting that declares no bound
#: (``max_decisions`` is ``NO_BOUND``) before the check fails.
UNBOUNDED_DECISIONS = 100_000


def decision_limit(game_id: str, players: int, options: Mapping[str, Any]) -> int:
    """The decisions a random playout may take: the declared bound, or
    :data:`UNBOUNDED_DECISIONS` where the options leave the game without one."""
    bound = game_class(game_id).max_decisions(players, options)
    return UNBOUNDED_DECISIONS if bound >= NO_BOUND else bound


def _unended(limit: int, bound: int) -> str:
    if bound >= NO_BOUND:
        return (
            f"the game did not end within {limit} random decisions and declares no bound "
            "(max_decisions is NO_BOUND with these options): test it with the limit of its "
            "simulation_options"
        )
    return f"the game exceeded its declared maximum of {limit} decisions"


class ConformanceError(AssertionError):
    """A game broke the contract; the message says where (game, players, options, seed, step)."""


@dataclass
class Report:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    decisions: int = 0
    advances: int = 0
    samples: int = 0
    replays: int = 0
    determinize_changed: bool = False
    #: Decisions the engine called undoable, and how many of them were checked.
    undoable: int = 0
    undo_checked: int = 0
    #: Undoable spans checked on determinized copies (see :mod:`.undo_spans`).
    spans: SpanReport = field(default_factory=SpanReport)


def conformance_configs(game_id: str) -> list[tuple[int, dict[str, Any]]]:
    """(players, options) pairs to test: the game's list in :data:`configs.CONFIGS`, else
    every player count with defaults plus every non-default choice of each option."""
    if game_id in CONFIGS:
        return [(n, dict(o)) for n, o in CONFIGS[game_id]]
    cls = game_class(game_id)
    info = cls.info
    out: list[tuple[int, dict[str, Any]]] = []
    for n in range(info.min_players, info.max_players + 1):
        out.append((n, {}))
        for name, spec in info.options.items():
            for value in spec.choices or ():
                if value == spec.default:
                    continue
                if spec.players is not None and n not in spec.players:
                    continue
                out.append((n, {name: value}))
    return out


def _state(g: Game) -> str:
    return g.to_json()


def _jsonable(obj: Any, what: str) -> None:
    try:
        json.dumps(obj)
    except (TypeError, ValueError) as e:
        raise ConformanceError(f"{what} is not JSON-serialisable: {e}") from e


def _random_step(g: Game, rng: random.Random) -> tuple[int | None, Action | float]:
    """One random decision (or, in a real-time game, sometimes an advance of the clock)."""
    st = step(g, rng, checked=False)
    if st.seat is None or st.action is None:
        return None, st.seconds
    return st.seat, st.action


def _future(g: Game, seed: int, steps: int) -> str:
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        _random_step(g, rng)
    return g.to_json()


def _playout(game_id: str, players: int, options: Mapping[str, Any], seed: int) -> str:
    g = new_game(game_id, players, seed, options)
    rng = random.Random(seed)
    bound = type(g).max_decisions(players, g.options)
    limit = decision_limit(game_id, players, g.options)
    decisions = 0
    while not g.is_over:
        if decisions > limit:
            where = f"[{game_id} players={players} options={dict(options)} seed={seed}]"
            raise ConformanceError(f"{where} step {g.step}: {_unended(limit, bound)}")
        if _random_step(g, rng)[0] is not None:
            decisions += 1
    return g.to_json()


def check_game(
    game_id: str,
    players: int,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    *,
    sample_rate: float = 0.08,
    future_steps: int = 6,
    max_legal_checked: int = 40,
    undo_rate: float = 0.1,
    undo_determinizations: int = 2,
    max_undo_checks: int = 20,
) -> Report:
    """Run one seeded random playout of ``game_id`` and check the contract along the way.

    ``undo_rate``: the share of decisions on which undoing is checked (at most
    ``max_undo_checks`` of them); every undoable span is checked on
    ``undo_determinizations`` copies from its seat's view (and one from each other seat's)."""
    options = dict(options or {})
    rep = Report(game_id, players, options, seed)
    where = f"[{game_id} players={players} options={options} seed={seed}]"

    def fail(msg: str) -> ConformanceError:
        return ConformanceError(f"{where} step {g.step}: {msg}")

    # Same seed, same game, whatever the module-level random does in between.
    random.seed(seed + 1)
    a_json = _playout(game_id, players, options, seed)
    random.seed(seed + 2)
    b_json = _playout(game_id, players, options, seed)
    if a_json != b_json:
        raise ConformanceError(f"{where}: the same seed gave two different games")

    g = new_game(game_id, players, seed, options)
    cls = type(g)
    space = g.action_space
    codec = cls.codec()
    bound = cls.max_decisions(players, g.options)
    limit = decision_limit(game_id, players, g.options)
    rng = random.Random(seed * 7919 + 1)
    urng = random.Random(seed * 7919 + 2)  # its own generator: the playout stays the same
    spans = UndoSpanChecker(random.Random(seed * 7919 + 3), undo_determinizations)
    rep.spans = spans.report
    first = True
    while True:
        if rep.decisions > limit:
            raise fail(_unended(limit, bound))
        over = g.is_over
        seats = g.to_act
        if over and seats:
            raise fail(f"the game is over but to_act is {seats}")
        if seats != sorted(set(seats)):
            raise fail(f"to_act {seats} is not sorted and unique")
        for s in range(players):
            legal = g.legal_actions(s)
            if s not in seats:
                if legal:
                    raise fail(f"seat {s} is not to act but has legal actions")
                continue
            if not legal:
                raise fail(f"seat {s} is to act but has no legal action")
            if len(set(legal)) != len(legal):
                raise fail(f"seat {s} has duplicate legal actions")
            for a in legal:
                if a not in space.index:
                    raise fail(f"legal action {a} is not in the declared action space")
        if not over and not seats and not g.realtime:
            raise fail("nobody is to act in a turn-based game that is not over")

        if first or over or rng.random() < sample_rate:
            first = False
            rep.samples += 1
            _sample_checks(g, rng, rep, fail, codec, max_legal_checked, future_steps)
        if over:
            break
        check_undo = urng.random() < undo_rate and rep.undo_checked < max_undo_checks
        before_step = g.clone()
        who, act = _random_step(g, rng)
        if who is None:
            rep.advances += 1
            spans.advanced()
            if any(g.undoable(s) for s in range(players)):
                raise fail("a seat may take back a decision after game time passed")
        else:
            assert isinstance(act, Action)
            rep.decisions += 1
            spans.decided(g, before_step, who, act, fail)
            if g.undoable(who):
                rep.undoable += 1
                if check_undo:
                    rep.undo_checked += 1
                    _undo_checks(g, before_step, who, act, urng, fail)

    # The end.
    if any(g.legal_actions(s) for s in range(players)):
        raise fail("legal actions remain after the end")
    out = g.outcome()
    if len(out.scores) != players or len(out.ranks) != players:
        raise fail("the outcome does not have one score and one rank per seat")
    if (min(out.ranks) != 1 and not out.others) or max(out.ranks) > out.competitors:
        raise fail(f"bad ranks {out.ranks} (others: {out.others})")
    sides = g.sides()
    if sorted(s for side in sides for s in side) != list(range(players)) or not all(sides):
        raise fail(f"sides {sides} are not a partition of the seats")
    if any(len({out.ranks[s] for s in side}) != 1 for side in sides):
        raise fail(f"a side's seats have different ranks {out.ranks} (sides: {sides})")
    if not all(0.0 <= r <= 1.0 for r in out.rewards()):
        raise fail(f"rewards {out.rewards()} out of [0, 1]")
    rank = out.payoffs("rank")
    if not all(-1.0 <= r <= 1.0 for r in rank) or (
        not out.others and abs(sum(rank)) > 1e-9 * players
    ):
        raise fail(f"rank rewards {rank} out of [-1, 1] or not zero-sum")
    _jsonable(out.to_json(), f"{where} outcome")
    rebuilt = replay(json.loads(json.dumps(g.record())))
    if rebuilt.to_json() != g.to_json():
        raise fail("record/replay does not rebuild the identical final state")
    if cls.info.hidden_information and not rep.determinize_changed:
        raise fail("determinize never changed any hidden information over the whole game")
    return rep


def check_data_set(game_id: str) -> int:
    """Check a game's shipped data and its component texts; returns how many components.

    Every component has a unique ``kind:key`` id, a name and a text in French and English,
    and names the table and row to edit; exporting the tables and loading them back gives
    the same digest; a game plays with the data set it was given.
    """
    cls = game_class(game_id)
    if cls.data_spec is None:
        raise ConformanceError(f"{game_id} declares no data tables (data_spec)")
    data = load_data(game_id)
    if load_data(game_id) is not data:
        raise ConformanceError(f"{game_id}: the shipped data is built more than once")
    en, fr = data.components("en"), data.components("fr")
    if not en:
        raise ConformanceError(f"{game_id}: no components")
    if [c.id for c in en] != [c.id for c in fr]:
        raise ConformanceError(f"{game_id}: the components differ between languages")
    if len({c.id for c in en}) != len(en):
        raise ConformanceError(f"{game_id}: two components share an id")
    for c_en, c_fr in zip(en, fr, strict=True):
        for c in (c_en, c_fr):
            if not (c.name.strip() and c.text.strip()):
                raise ConformanceError(f"{game_id}: component {c.id} has no name or text")
            if c.table not in data.texts:
                raise ConformanceError(f"{game_id}: component {c.id} names no data file")
            if c.id != f"{c.kind}:{c.key}":
                raise ConformanceError(f"{game_id}: component id {c.id} is not kind:key")
    with tempfile.TemporaryDirectory() as tmp:
        data.export(tmp)
        again = load_data(game_id, tmp)
        if again.digest != data.digest:
            raise ConformanceError(f"{game_id}: exported tables load with another digest")
        g = cls(cls.info.min_players, 1, None, again)
        if g.data is not again or g.parts is not again.parts:
            raise ConformanceError(f"{game_id}: the game does not play with its data set")
    return len(en)


def _sample_checks(
    g: Game,
    rng: random.Random,
    rep: Report,
    fail: Any,
    codec: Any,
    max_legal_checked: int,
    future_steps: int,
) -> None:
    before = _state(g)
    players = g.players
    # Views and logs are JSON-able; the log of a spectator is the public log.
    for s in [None, *range(players)]:
        _jsonable(g.view(s), f"view({s})")
        _jsonable(g.log_for(s), f"log_for({s})")
    _jsonable(g.log, "log")
    # Every component a view mentions exists, with a text in both languages.
    # Their facts are JSON values, the same in both languages.
    for s in [None, *range(players)]:
        facts: list[list[Any]] = []
        for lang in ("en", "fr"):
            comps = g.component_texts(s, lang)
            for comp in comps:
                if not comp.name or not comp.text:
                    raise fail(f"component {comp.id} has no name or text in {lang}")
                _jsonable(dict(comp.facts), f"the facts of {comp.id}")
            facts.append([(c.id, dict(c.facts)) for c in comps])
        if facts[0] != facts[1]:
            raise fail(f"the facts of the components of view({s}) depend on the language")
    if g.log != g.log_for(None):
        raise fail("the public log differs from a spectator's log")
    # The engine's bookkeeping lives under names starting with "_": no game field may.
    for s in range(players):
        for ev in g.log_for(s):
            if ev.get("_step") is None or any(k.startswith("_") and k != "_step" for k in ev):
                raise fail(f"event {ev} uses a name reserved for the engine (starting with _)")

    # Action forms round-trip; every legal action applies on a clone.
    for s in g.to_act:
        legal = g.legal_actions(s)
        texts = [a.text() for a in legal]
        if len(set(texts)) != len(texts):
            raise fail("two legal actions share a text form")
        for a in legal:
            j = a.to_json()
            _jsonable(j, f"action {a}")
            if "type" not in j or codec.from_json(json.loads(json.dumps(j))) != a:
                raise fail(f"JSON form of {a} does not round-trip")
            if codec.from_text(a.text()) != a:
                raise fail(f"text form of {a} does not round-trip")
            a.describe("fr")
            a.describe("en")
        for a in rng.sample(legal, min(len(legal), max_legal_checked)):
            c = g.clone()
            c.apply(s, a)
    if _state(g) != before:
        raise fail("playing on clones changed the original")

    # Illegal and malformed actions raise and change nothing.
    _check_rejections(g, rng, fail)
    if _state(g) != before:
        raise fail("a rejected action changed the state")

    # Save/load, clone and replay: identical states and identical futures.
    loaded = load(before)
    if loaded.to_json() != before:
        raise fail("load(to_json()) is not identical")
    trusted = load_trusted(before)  # the declared state's own load, without a replay
    if trusted.to_json() != before:
        raise fail("load_trusted(to_json()) is not identical")
    cloned = g.clone()
    if cloned.to_json() != before:
        raise fail("clone() is not identical")
    copies = [("load", loaded), ("load_trusted", trusted), ("clone", cloned)]
    # Replaying costs the whole game so far: a few sampled points (and the end) suffice.
    if rep.replays < 3 and (rep.samples == 1 or rng.random() < 0.25):
        rep.replays += 1
        replayed = replay(g.record())
        if replayed.to_json() != before:
            raise fail("replay(record()) is not identical")
        copies.append(("replay", replayed))
    fseed = rng.getrandbits(32)
    reference = _future(g.clone(), fseed, future_steps)
    for name, other in copies:
        if _future(other, fseed, future_steps) != reference:
            raise fail(f"the future after {name} differs")
    if _state(g) != before:
        raise fail("playing the future of a copy changed the original")

    # Determinize keeps the seat's view and legal actions.
    original_state = json.dumps(g.state_dict(), sort_keys=True)
    for s in range(players):
        d = g.determinize(s, random.Random(rng.getrandbits(32)))
        if d.view(s) != g.view(s):
            raise fail(f"determinize({s}) changed view({s})")
        if d.legal_actions(s) != g.legal_actions(s):
            raise fail(f"determinize({s}) changed legal_actions({s})")
        if d.log_for(s) != g.log_for(s):
            raise fail(f"determinize({s}) changed log_for({s})")
        if d.view(None) != g.view(None) or d.log != g.log:
            raise fail(f"determinize({s}) changed what a spectator sees: the view leaks")
        if d.next_event() != g.next_event():
            raise fail(f"determinize({s}) changed next_event(): it must be public")
        if [c.to_json() for c in d.component_texts(s)] != [
            c.to_json() for c in g.component_texts(s)
        ]:
            raise fail(f"determinize({s}) changed the components or facts its view mentions")
        if d._component_ids(g.view(s)) != g._component_ids(g.view(s)):
            raise fail(f"the component ids of view({s}) depend on more than the view")
        if json.dumps(d.state_dict(), sort_keys=True) != original_state:
            rep.determinize_changed = True
            # Canonical: from another state with the same view, the same generator must give
            # the same determinization, or a bot's choice could depend on hidden facts.
            k = rng.getrandbits(32)
            again = d.determinize(s, random.Random(k)).to_json()
            if g.determinize(s, random.Random(k)).to_json() != again:
                raise fail(f"determinize({s}) depends on the real hidden state, not the view")
        if not d.is_over:
            _future(d, rng.getrandbits(32), 2)
    if _state(g) != before:
        raise fail("determinize changed the original")


def _undo_checks(
    g: Game,
    before: Game,
    seat: int,
    act: Action,
    rng: random.Random,
    fail: Any,
) -> None:
    """``g`` is ``before`` after ``seat`` played ``act``, which the engine calls undoable.
    (That the decision revealed nothing is checked on every undoable span by
    :class:`.undo_spans.UndoSpanChecker`.)"""
    after = _state(g)
    players = g.players
    # Undo restores exactly the state before, and what every seat saw.
    u = g.clone()
    u.undo(seat)
    if _state(u) != _state(before):
        raise fail(f"undo of {act} does not restore the state before it")
    for s in [None, *range(players)]:
        if u.view(s) != before.view(s) or u.log_for(s) != before.log_for(s):
            raise fail(f"undo of {act} does not restore what seat {s} saw")
    if u.legal_actions(seat) != before.legal_actions(seat):
        raise fail(f"undo of {act} does not restore seat {seat}'s legal actions")
    # Every undoable decision at once equals the record without them.
    n = g.undoable(seat)
    if n > 1 and rng.random() < 0.3:
        w = g.clone()
        w.undo(seat, n)
        if _state(w) != replay(g.record(), upto=g.step - n).to_json():
            raise fail(f"undo of {n} decisions differs from the record without them")
    # Refusals raise UndoError and change nothing.
    refusals: list[tuple[int, Any]] = [(seat, n + 1), (seat, 0), (seat, -1), (seat, 1.0)]
    refusals += [(s, 1) for s in range(players) if s != seat]
    for who, k in refusals:
        try:
            g.undo(who, k)
        except UndoError:
            pass
        else:
            raise fail(f"undo({who}, {k!r}) was accepted (undoable: {g.undoable(who)})")
        if _state(g) != after:
            raise fail(f"a refused undo({who}, {k!r}) changed the state")


def _check_rejections(g: Game, rng: random.Random, fail: Any) -> None:
    def expect(exc: type[Exception], seat: Any, act: Any, what: str) -> None:
        try:
            g.apply(seat, act)
        except exc:
            return
        except SpacetableError as e:
            raise fail(f"{what}: raised {type(e).__name__}, expected {exc.__name__}") from e
        raise fail(f"{what}: was accepted")

    expect(InvalidAction, 0, {"type": "__no_such_action__"}, "an unknown action type")
    expect(InvalidAction, 0, {"no": "type"}, "an action without a type")
    expect(IllegalAction, g.players, g.action_space.actions[0], "a bad seat")
    space = g.action_space.actions
    seats = g.to_act
    for s in range(g.players):
        legal = set(g.legal_actions(s))
        for _ in range(5):
            a = rng.choice(space)
            if a not in legal:
                expect(IllegalAction, s, a, f"illegal action {a} for seat {s}")
                expect(IllegalAction, s, a.to_json(), f"JSON of illegal action {a} for seat {s}")
                break
        if s not in seats:
            for a in g.legal_actions(seats[0])[:1] if seats else []:
                expect(IllegalAction, s, a, f"seat {s} acting out of turn")
