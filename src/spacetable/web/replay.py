"""Replays of finished games: any step of a game, from any seat's view.

A finished table's record is played back once and a copy of the game is kept every
:data:`EVERY` steps (a *checkpoint*), so that any step is reached by cloning the checkpoint
before it and applying at most ``EVERY - 1`` decisions: jumping anywhere costs the same as
stepping. The replays of the most recently watched tables are kept (:class:`Replays`).

Only finished games are replayed: once a game is over, its rulebook turns every hand face up,
so the viewer may follow any seat (``seat``) or the public view (``None``); a frame is built
from that seat's projections only (``view``, ``log_for``, ``component_texts``), like a
``state`` message (``docs/protocol.md``, "Replays").
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from spacetable.engine import Game

from .messages import RENDER_FAILED, event_text, outcome_message, prompt_text

#: Steps between two checkpoints of a replay.
EVERY = 32
#: Events of the log a frame carries (the newest ones up to its step).
LOG_TAIL = 60


@dataclass
class Replay:
    """A finished game, ready to be shown at any step."""

    entries: list[dict[str, Any]]
    checkpoints: list[Game]
    #: The seats that lost on time, first loser first (the table's stored outcome).
    forfeits: tuple[int, ...] = ()

    @classmethod
    def of(cls, final: Game, forfeits: Sequence[int] = ()) -> Replay:
        """The replay of ``final``, a finished game with its history (played back from the
        start: the checkpoints are copies along the way); ``forfeits``: the seats that lost
        on time, which its end ranks last as the table did."""
        record = final.record()
        entries: list[dict[str, Any]] = record["entries"]
        g = type(final)(final.players, final.seed, final.options, final.data)
        checkpoints = [g.clone()]
        for i, e in enumerate(entries):
            _step(g, e)
            if (i + 1) % EVERY == 0:
                checkpoints.append(g.clone())
        return cls(entries, checkpoints, tuple(forfeits))

    @property
    def steps(self) -> int:
        return len(self.entries)

    def at(self, step: int) -> Game:
        """A copy of the game after ``step`` decisions (0 <= step <= steps)."""
        if not 0 <= step <= self.steps:
            raise IndexError(f"step {step} is not in 0..{self.steps}")
        k = step // EVERY
        g = self.checkpoints[k].clone()
        for e in self.entries[k * EVERY : step]:
            _step(g, e)
        return g


def _step(g: Game, entry: dict[str, Any]) -> None:
    if "advance" in entry:
        g.advance(entry["advance"])
    else:
        g.apply(entry["seat"], entry["action"])


def frame_message(replay: Replay, step: int, seat: int | None, lang: str) -> dict[str, Any]:
    """``frame``: the game after ``step`` decisions as ``seat`` saw it (``None``: the public
    view), with the decision taken next (``next``: its seat and label, or the game time that
    passed), what the seat was asked (``prompt``), the newest events of the log, the
    components in view and, at the last step, the end."""
    g = replay.at(step)
    view = g.view(seat)
    events = g.log_for(seat)
    start = max(0, len(events) - LOG_TAIL)
    prompt, broken = prompt_text(g, view, lang)
    nxt: dict[str, Any] | None = None
    if step < replay.steps:
        e = replay.entries[step]
        if "advance" in e:
            nxt = {"advance": e["advance"]}
        else:
            action = g.parse_action(e["action"])
            nxt = {
                "seat": e["seat"],
                "action": e["action"],
                "label": g.label(action, lang, mentions=True),
            }
    msg: dict[str, Any] = {
        "type": "frame",
        "step": step,
        "steps": replay.steps,
        "seat": seat,
        "lang": lang,
        "view": view,
        "prompt": prompt,
        "legal": [],
        "next": nxt,
        "log": {
            "from": start,
            "events": [{"text": event_text(g, ev, lang), "event": ev} for ev in events[start:]],
        },
        "components": [
            {"id": c.id, "kind": c.kind, "name": c.name, "text": c.text, "facts": dict(c.facts)}
            for c in g.component_texts(seat, lang, view)
        ],
        "over": g.is_over,
        "realtime": g.realtime,
    }
    if broken:
        msg["render_error"] = RENDER_FAILED
    if g.realtime:
        msg["clock"] = g.clock
    if g.is_over:
        out = g.outcome()
        msg["end"] = outcome_message(g, lang, out.forfeit(replay.forfeits, g.sides()))
    return msg


class Replays:
    """The replays of the tables watched last (at most ``size``), built once each."""

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self._cache: OrderedDict[str, Replay] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, table_id: str, build: Callable[[], Replay]) -> Replay:
        with self._lock:
            r = self._cache.get(table_id)
            if r is not None:
                self._cache.move_to_end(table_id)
                return r
        r = build()
        with self._lock:
            self._cache[table_id] = r
            while len(self._cache) > self.size:
                self._cache.popitem(last=False)
        return r


__all__ = ["EVERY", "Replay", "Replays", "frame_message"]
