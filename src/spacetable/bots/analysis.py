"""Hints ("what would the bot do?") and game reviews, from the search bot's root statistics.

:func:`hint` searches the current position for one seat with the ISMCTS bot
(:class:`~spacetable.bots.mcts.MCTSBot`) through a :class:`SeatPort`: every iteration draws a
determinization from the seat's own view, so a hint never depends on what the seat cannot
see (the same view and seed give the same hints, whatever the hidden cards are). It returns
the most visited root moves, each with

* **chance to win**: the mean reward of the move's root node, a number in [0, 1]. Each
  iteration scores its leaf with the game's evaluation (``Game.evaluate(seat)``: a
  heuristic in [0, 1], a logistic of the seat's lead in most games) or, at the end of the
  game, with the outcome's reward (1 for first place, 0 for last, shared ranks in between).
  It is the search's estimate, not a calibrated probability;
* **share**: the move's share of the root visits (how much the search believed in it);
* **why**: a :class:`Why`, language-free: the seat's evaluation and the terms the game's
  evaluation weighs (points, distance to a goal, cards...: the optional ``TERMS`` and
  ``terms(game, seat)`` of the game's ``evaluation`` module), before and after the move,
  averaged over a few determinizations drawn from the seat's view. Its sentence names the
  terms with the game's own texts (``eval_terms`` in its ``text.toml``).

In a real-time game (Spacedealer) the choices are the legal actions and *waiting*; a hint
may be to wait (``Hint.action is None``), and its sentence says what waiting does.

:func:`review` replays a finished game's record and values every decision of one seat with
the same search, from that seat's information at that moment: the chance to win before the
move (the value of the search's best move) and after it (the value of the move played), the
loss, and the biggest mistakes with the bot's better move. A review is JSON
(:meth:`Review.to_json`, :meth:`Review.from_json`), language-free; :func:`review_text` and
:func:`mistake_texts` render it in English or French.

Both are deterministic for a given seed and iteration budget (a ``seconds`` budget is not).
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from spacetable.engine import Action, Game, RecordError, new_game
from spacetable.engine import replay as replay_record
from spacetable.engine.data import Texts
from spacetable.engine.presentation import game_texts

from .base import SeatPort
from .mcts import MCTSBot

__all__ = [
    "REVIEW_FORMAT",
    "Decision",
    "Hint",
    "Review",
    "Term",
    "Why",
    "hint",
    "hint_json",
    "mistake_texts",
    "review",
    "review_text",
    "sparkline",
]

#: The ``format`` of a review's JSON.
REVIEW_FORMAT = "spacetable-review/1"
#: Determinizations the "why" of a move is averaged over.
WHY_WORLDS = 4
#: A decision is a mistake when it loses more than this much chance to win.
THRESHOLD = 0.05
#: The mistakes a review lists.
TOP_MISTAKES = 5
#: The default budgets (iterations per decision).
HINT_ITERATIONS = 300
REVIEW_ITERATIONS = 200

_texts = Texts.load("spacetable.bots", "analysis.toml")
_modules: dict[type, ModuleType | None] = {}


def text(lang: str, key: str, **kw: Any) -> str:
    """A sentence of the analysis (``analysis.toml``) in ``lang`` (English for another)."""
    return _texts.get(lang, key, **kw)


# ---------------------------------------------------------------------------- records
@dataclass(frozen=True)
class Term:
    """One term of the game's evaluation for the seat, before and after a move; ``better``
    is +1 when more is better for the seat, -1 when less is (a distance to a goal)."""

    key: str
    before: float
    after: float
    better: int = 1

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "before": round(self.before, 3),
            "after": round(self.after, 3),
            "better": self.better,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Term:
        better = int(data.get("better", 1))
        return cls(str(data["key"]), float(data["before"]), float(data["after"]), better)


@dataclass(frozen=True)
class Why:
    """Why a move: the seat's evaluation and the game's evaluation terms before and after it
    (averaged over determinizations of the seat's view); ``wait`` when the move is waiting."""

    value_before: float
    value_after: float
    terms: tuple[Term, ...] = ()
    wait: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "value_before": round(self.value_before, 4),
            "value_after": round(self.value_after, 4),
            "terms": [t.to_json() for t in self.terms],
            "wait": self.wait,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Why:
        return cls(
            float(data["value_before"]),
            float(data["value_after"]),
            tuple(Term.from_json(t) for t in data.get("terms", [])),
            bool(data.get("wait", False)),
        )

    def sentence(self, game_id: str, lang: str) -> str:
        """The reasons in words: the terms that change (the game's names for them), else the
        change of the position's value; waiting says what it does first."""
        names = _term_names(game_id, lang)
        parts: list[str] = []
        for t in self.terms:
            delta = abs(t.after - t.before)
            if delta < 0.01 or t.key not in names:
                continue
            digits = 1 if delta >= 0.1 else 2
            parts.append(
                text(
                    lang,
                    "why_change",
                    term=names[t.key],
                    before=_num(t.before, lang, digits),
                    after=_num(t.after, lang, digits),
                )
            )
        if not parts:
            if abs(self.value_after - self.value_before) >= 0.005:
                parts.append(
                    text(
                        lang,
                        "why_value",
                        before=_pct(self.value_before),
                        after=_pct(self.value_after),
                    )
                )
            else:
                parts.append(text(lang, "why_same"))
        out = text(lang, "why_join").join(parts)
        out = out[:1].upper() + out[1:]
        if self.wait:
            out = text(lang, "wait_why") + " " + out
        return out


@dataclass(frozen=True)
class Hint:
    """One of the search's top moves for a seat (``action`` ``None``: wait, real time)."""

    action: Action | None
    chance: float
    share: float
    visits: int
    why: Why

    @property
    def text_form(self) -> str | None:
        """The action's text form (``None`` for waiting)."""
        return None if self.action is None else self.action.text()

    def label(self, game: Game, lang: str, *, mentions: bool = False) -> str:
        """The move as a player reads it (the game's label of the action, or "Wait"; its
        seats' mentions kept with ``mentions``: :meth:`Game.label`)."""
        if self.action is None:
            return text(lang, "wait")
        return game.label(self.action, lang, mentions=mentions)

    def sentence(self, game: Game, lang: str, *, mentions: bool = False) -> str:
        """One line: the move, its chance to win and share, then why."""
        head = text(
            lang,
            "hint_line",
            label=self.label(game, lang, mentions=mentions),
            chance=_pct(self.chance),
            share=_pct(self.share),
        )
        return f"{head}. {self.why.sentence(game.game_id, lang)}."

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.text_form,
            "wait": self.action is None,
            "chance": round(self.chance, 4),
            "share": round(self.share, 4),
            "visits": self.visits,
            "why": self.why.to_json(),
        }


def hint_json(game: Game, hints: Sequence[Hint], *, mentions: bool = False) -> list[dict[str, Any]]:
    """Hints as JSON with their words in both languages: ``label``, ``why`` and ``sentence``
    keyed by language (what the web table and the terminal client show; the web keeps the
    seats' mentions, ``mentions=True``, and its page names them)."""
    out = []
    for h in hints:
        d = h.to_json()
        d["label"] = {lang: h.label(game, lang, mentions=mentions) for lang in Texts.LANGS}
        d["because"] = {lang: h.why.sentence(game.game_id, lang) for lang in Texts.LANGS}
        d["sentence"] = {lang: h.sentence(game, lang, mentions=mentions) for lang in Texts.LANGS}
        out.append(d)
    return out


# ---------------------------------------------------------------------------- the search
def _search(
    port: SeatPort, iterations: int, seconds: float | None, seed: int
) -> list[tuple[Action | None, int, float]]:
    """The root choices the search visited, as ``(action, visits, mean reward)``, best
    first (most visits, then the better mean, then the legal order, as the bot decides)."""
    bot = MCTSBot(seed, iterations=iterations, seconds=seconds)
    bot.always_search = True
    legal = port.legal_actions()
    bot.choose(port)
    stats = bot.last_stats
    visits: dict[str, int] = stats.get("visits", {})
    values: dict[str, float] = stats.get("values", {})
    choices: list[Action | None] = list(legal)
    if port.realtime:
        choices.append(None)
    out: list[tuple[int, Action | None, int, float]] = []
    for order, a in enumerate(choices):
        key = "wait" if a is None else a.text()
        n = visits.get(key, 0)
        if n:
            out.append((order, a, n, min(1.0, max(0.0, values.get(key, 0.0)))))
    out.sort(key=lambda r: (-r[2], -r[3], r[0]))
    return [(a, n, v) for _, a, n, v in out]


def _evaluation_module(game: Game) -> ModuleType | None:
    """The game package's ``evaluation`` module (found as the render module is), if any."""
    cls = type(game)
    if cls not in _modules:
        package = cls.__module__.rpartition(".")[0]
        try:
            _modules[cls] = importlib.import_module(package + ".evaluation") if package else None
        except ModuleNotFoundError:
            _modules[cls] = None
    return _modules[cls]


def _terms(game: Game, seat: int) -> dict[str, float]:
    module = _evaluation_module(game)
    fn = getattr(module, "terms", None)
    if fn is None:
        return {}
    out: dict[str, float] = fn(game, seat)
    return out


def _term_order(game: Game) -> dict[str, int]:
    module = _evaluation_module(game)
    order: dict[str, int] = getattr(module, "TERMS", {}) or {}
    return order


def _term_names(game_id: str, lang: str) -> dict[str, str]:
    texts = game_texts(game_id)
    if texts is None:
        return {}
    table = texts.tables.get(lang) or texts.tables["en"]
    names = table.get("eval_terms", {})
    return {str(k): str(v) for k, v in names.items()} if isinstance(names, dict) else {}


def _worlds(port: SeatPort, rng: random.Random, n: int = WHY_WORLDS) -> list[Game]:
    return [port.determinize(random.Random(rng.getrandbits(64))) for _ in range(n)]


def _why(worlds: Sequence[Game], seat: int, action: Action | None, tick: float) -> Why:
    """The evaluation and its terms before and after ``action`` (``None``: waiting), averaged
    over ``worlds`` (determinizations of the seat's view). In real time the move is followed
    by ``tick`` seconds of game time, as the search scores it."""
    keys = _term_order(worlds[0])
    before: dict[str, float] = dict.fromkeys(keys, 0.0)
    after: dict[str, float] = dict.fromkeys(keys, 0.0)
    v0 = v1 = 0.0
    for w in worlds:
        v0 += w.evaluate(seat)
        for k, x in _terms(w, seat).items():
            before[k] = before.get(k, 0.0) + x
        c = w.clone()
        if action is not None:
            c.apply_unchecked(seat, action)
        if c.realtime and not c.is_over:
            c.advance_unchecked(tick)
        v1 += c.evaluate(seat)
        for k, x in _terms(c, seat).items():
            after[k] = after.get(k, 0.0) + x
    n = len(worlds)
    terms = tuple(
        Term(k, round(before[k] / n, 3), round(after[k] / n, 3), keys.get(k, 1)) for k in before
    )
    return Why(round(v0 / n, 4), round(v1 / n, 4), terms, action is None)


def hint(
    game: Game,
    seat: int,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    top: int = 3,
) -> list[Hint]:
    """The search bot's ``top`` moves for ``seat`` now, best first (see the module docstring);
    ``[]`` when the seat has nothing to decide. The search sees the game only through
    ``SeatPort(game, seat)``: its view, its legal actions and determinizations."""
    port = SeatPort(game, seat)
    if game.is_over or not port.legal_actions():
        return []
    rng = random.Random(seed)
    budget = iterations if iterations is not None else HINT_ITERATIONS
    results = _search(port, budget, seconds, rng.getrandbits(64))
    total = sum(n for _, n, _ in results) or 1
    worlds = _worlds(port, rng)
    tick = MCTSBot().tick
    return [
        Hint(a, v, n / total, n, _why(worlds, seat, a, tick)) for a, n, v in results[: max(1, top)]
    ]


# ---------------------------------------------------------------------------- reviews
@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: ``entry`` is its index in the record's entries,
    ``played`` the move's text form, ``best`` the search's best move (``None``: wait),
    ``before``/``after`` the chance to win with the best move and with the move played,
    ``loss`` their difference (at least 0); ``forced`` when there was a single legal move;
    ``why`` the reasons for the better move (mistakes only)."""

    entry: int
    clock: float
    played: str
    best: str | None
    before: float
    after: float
    forced: bool = False
    why: Why | None = None

    @property
    def loss(self) -> float:
        return max(0.0, self.before - self.after)

    def to_json(self) -> dict[str, Any]:
        return {
            "entry": self.entry,
            "clock": self.clock,
            "played": self.played,
            "best": self.best,
            "before": round(self.before, 4),
            "after": round(self.after, 4),
            "loss": round(self.loss, 4),
            "forced": self.forced,
            "why": None if self.why is None else self.why.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Decision:
        why = data.get("why")
        best = data.get("best")
        return cls(
            int(data["entry"]),
            float(data.get("clock", 0.0)),
            str(data["played"]),
            None if best is None else str(best),
            float(data["before"]),
            float(data["after"]),
            bool(data.get("forced", False)),
            None if why is None else Why.from_json(why),
        )


@dataclass(frozen=True)
class Review:
    """Every decision of ``seat`` in a finished game, valued by the search (see
    :func:`review`); ``mistakes`` are the entries of the biggest losses, largest first."""

    game: str
    seat: int
    players: int
    iterations: int
    seed: int
    threshold: float
    decisions: tuple[Decision, ...]

    @property
    def mistakes(self) -> list[Decision]:
        """The :data:`TOP_MISTAKES` decisions that lost most, over the threshold, largest
        loss first (ties: the earlier decision)."""
        bad = [d for d in self.decisions if d.loss > self.threshold]
        bad.sort(key=lambda d: (-d.loss, d.entry))
        return bad[:TOP_MISTAKES]

    @property
    def average_loss(self) -> float:
        return sum(d.loss for d in self.decisions) / len(self.decisions) if self.decisions else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "format": REVIEW_FORMAT,
            "game": self.game,
            "seat": self.seat,
            "players": self.players,
            "iterations": self.iterations,
            "seed": self.seed,
            "threshold": self.threshold,
            "average_loss": round(self.average_loss, 4),
            "decisions": [d.to_json() for d in self.decisions],
            "mistakes": [d.entry for d in self.mistakes],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Review:
        """The review written by :meth:`to_json`; raises ValueError if it is not one."""
        if not isinstance(data, Mapping) or data.get("format") != REVIEW_FORMAT:
            raise ValueError(f"not a review (format must be {REVIEW_FORMAT!r})")
        try:
            return cls(
                str(data["game"]),
                int(data["seat"]),
                int(data["players"]),
                int(data["iterations"]),
                int(data["seed"]),
                float(data["threshold"]),
                tuple(Decision.from_json(d) for d in data["decisions"]),
            )
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"not a review: {e!r}") from e


def review(
    record: Mapping[str, Any],
    seat: int,
    *,
    iterations: int = REVIEW_ITERATIONS,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    threshold: float = THRESHOLD,
    data: Any = None,
) -> Review:
    """Value every decision of ``seat`` in the finished game of ``record`` (see the module
    docstring). Each decision is searched from ``SeatPort(game, seat)`` at that moment, with
    a generator seeded from ``seed`` and the entry's index. ``progress(done, total)`` is
    called after each decision. Raises ValueError for a record that does not replay, an
    unfinished game or a seat not in it; ``data`` is the game's data set, as for replay."""
    final = replay_record(record, data=data)
    if not final.is_over:
        raise ValueError("a review needs a finished game")
    if not 0 <= seat < final.players:
        raise ValueError(f"seat {seat} is not a seat of this {final.players}-player game")
    entries: list[Mapping[str, Any]] = record["entries"]
    mine = [i for i, e in enumerate(entries) if "advance" not in e and e["seat"] == seat]
    g = new_game(final.game_id, final.players, final.seed, final.options, final.data)
    tick = MCTSBot().tick
    decisions: list[Decision] = []
    for i, e in enumerate(entries):
        if "advance" in e:
            g.advance(float(e["advance"]))
            continue
        if e["seat"] == seat:
            decisions.append(_decide(g, seat, e["action"], i, iterations, seed, threshold, tick))
            if progress is not None:
                progress(len(decisions), len(mine))
        g.apply(int(e["seat"]), e["action"])
    return Review(final.game_id, seat, final.players, iterations, seed, threshold, tuple(decisions))


def _decide(
    g: Game,
    seat: int,
    act: Any,
    entry: int,
    iterations: int,
    seed: int,
    threshold: float,
    tick: float,
) -> Decision:
    port = SeatPort(g, seat)
    played = g.parse_action(act)
    rng = random.Random(seed * 1_000_003 + entry)
    legal = port.legal_actions()
    if len(legal) <= 1 and not g.realtime:
        v = _why(_worlds(port, rng, 2), seat, played, tick).value_after
        return Decision(entry, g.clock, played.text(), played.text(), v, v, forced=True)
    results = _search(port, iterations, None, rng.getrandbits(64))
    best, _, before = results[0]
    values = {a: v for a, _, v in results}
    after = values.get(played)
    if after is None:  # never tried by the search: its value one move ahead
        after = _why(_worlds(port, rng, 2), seat, played, tick).value_after
    why = None
    if before - after > threshold:
        why = _why(_worlds(port, rng), seat, best, tick)
    best_text = None if best is None else best.text()
    return Decision(
        entry, g.clock, played.text(), best_text, round(before, 4), round(after, 4), why=why
    )


# ---------------------------------------------------------------------------- rendering
def _pct(x: float) -> str:
    return str(round(100 * x))


def _num(x: float, lang: str, digits: int = 1) -> str:
    s = str(round(x)) if abs(x - round(x)) < 0.005 else f"{x:.{digits}f}"
    return s.replace(".", ",") if lang == "fr" else s


def sparkline(values: Sequence[float]) -> str:
    """Values in [0, 1] as a line of block characters (one per value)."""
    bars = "▁▂▃▄▅▆▇█"
    return "".join(bars[min(7, max(0, math.floor(v * 8)))] for v in values)


def _label(game: Game, move: str | None, lang: str, mentions: bool = False) -> str:
    if move is None:
        return text(lang, "wait")
    try:
        return game.label(game.parse_action(move), lang, mentions=mentions)
    except ValueError:
        return move


def mistake_texts(
    rev: Review,
    record: Mapping[str, Any],
    lang: str,
    data: Any = None,
    *,
    mentions: bool = False,
) -> list[dict[str, Any]]:
    """The mistakes of ``rev`` in words (``lang``), biggest first: ``entry``, ``n`` (the
    decision's number for the seat, from 1), ``played`` and ``better`` (the moves' labels in
    the position, from the record), ``why`` (the better move's reasons) and ``line`` (the
    whole sentence)."""
    numbers = {d.entry: n for n, d in enumerate(rev.decisions, 1)}
    out = []
    for d in rev.mistakes:
        try:
            g = replay_record(record, upto=d.entry, data=data)
        except RecordError as e:
            raise ValueError(f"the review does not match this record: {e}") from e
        played = _label(g, d.played, lang, mentions)
        better = _label(g, d.best, lang, mentions)
        why = d.why.sentence(rev.game, lang) if d.why is not None else ""
        line = text(
            lang,
            "mistake_line",
            n=numbers[d.entry],
            played=played,
            before=_pct(d.before),
            after=_pct(d.after),
            loss=_pct(d.loss),
        )
        out.append(
            {
                "entry": d.entry,
                "n": numbers[d.entry],
                "played": played,
                "better": better,
                "why": why,
                "line": line,
                "better_line": text(lang, "better", better=better, why=why),
            }
        )
    return out


def review_text(rev: Review, record: Mapping[str, Any], lang: str, data: Any = None) -> str:
    """The review as plain text in ``lang``: title, sparkline chart, summary, mistakes."""
    lines = [
        text(
            lang,
            "review_title",
            player=text(lang, "player", seat=rev.seat),
            decisions=len(rev.decisions),
            iterations=rev.iterations,
        ),
        "",
        text(lang, "chart_title"),
        sparkline([d.before for d in rev.decisions]),
        "",
        text(
            lang,
            "summary",
            avg=_pct(rev.average_loss),
            count=len([d for d in rev.decisions if d.loss > rev.threshold]),
            threshold=_pct(rev.threshold),
        ),
        "",
    ]
    mistakes = mistake_texts(rev, record, lang, data)
    if mistakes:
        lines.append(text(lang, "mistakes"))
        for m in mistakes:
            lines.append(f"  {m['line']}")
            lines.append(f"    {m['better_line']}")
    else:
        lines.append(text(lang, "no_mistakes", threshold=_pct(rev.threshold)))
    return "\n".join(lines)
