"""The server's messages, built from the game's public API only.

What a connection receives depends on its seat (``None``: a spectator) and is computed
from that seat's projections: ``Game.view(seat)``, ``legal_actions(seat)``, the log as the
seat sees it (``last_events(seat)``), ``component_texts(seat)``. The seed, the record and
the whole state (``to_json``) never go into a message. The leak test
(``tests/web/test_leaks.py``) checks every message a client receives against the engine's
projections for its seat.
"""

from __future__ import annotations

import importlib
import inspect
import logging
from collections.abc import Callable
from types import ModuleType
from typing import Any

import orjson
from rich.errors import MarkupError
from rich.text import Text

from spacetable.engine import Game, Outcome, Termination

from .protocol import VERSION

log = logging.getLogger("spacetable.web")

_render: dict[str, ModuleType | None] = {}
_takes_parts: dict[tuple[str, str], bool] = {}


def render_module(game: Game) -> ModuleType | None:
    """The game's ``render`` module (its sentences for events and outcomes), if any."""
    gid = game.game_id
    if gid not in _render:
        package = type(game).__module__.rpartition(".")[0]
        try:
            _render[gid] = importlib.import_module(f"{package}.render")
        except ImportError:
            _render[gid] = None
    return _render[gid]


def _render_fn(game: Game, name: str) -> Callable[[dict[str, Any], str], Any] | None:
    """The render module's ``name`` with the game's data bound, when it takes ``parts``
    (a table played with corrected tables names its components from them)."""
    fn = getattr(render_module(game), name, None)
    if fn is None:
        return None
    parts = game.parts if game.data is not None else None
    key = (game.game_id, name)
    takes = _takes_parts.get(key)
    if takes is None:
        takes = _takes_parts[key] = "parts" in inspect.signature(fn).parameters
    if parts is None or not takes:
        return fn  # type: ignore[no-any-return]
    return lambda value, lang: fn(value, lang, parts=parts)


def plain(text: str) -> str:
    """A sentence of the terminal's renderer without its colour markup (``[bold]...[/]``).

    >>> plain("[bold blue]Blue (seat 1)[/] plays [3] cards")
    'Blue (seat 1) plays [3] cards'
    """
    if "[" not in text:
        return text
    try:
        return Text.from_markup(text).plain
    except MarkupError:
        return text


def event_text(game: Game, event: dict[str, Any], lang: str) -> str:
    fn = _render_fn(game, "describe_event")
    if fn is not None:
        try:
            return plain(str(fn(event, lang)))
        except Exception:  # a sentence missing for an event is not worth a crash
            log.debug("no sentence for event %r", event.get("event"), exc_info=True)
    return str(event.get("event", "?"))


def outcome_message(game: Game, lang: str) -> dict[str, Any]:
    """``end``: scores, ranks, the reason in words and the game's score breakdown."""
    out: Outcome = game.outcome()
    data = out.to_json()
    reason = out.reason
    sentence = reason.sentence(lang) if isinstance(reason, Termination) else str(reason)
    summary = ""
    fn = _render_fn(game, "describe_outcome")
    if fn is not None:
        try:
            summary = plain(str(fn(data, lang)))
        except Exception:
            log.debug("no outcome text", exc_info=True)
    return {
        "type": "end",
        "lang": lang,
        "outcome": data,
        "reason_text": sentence,
        "summary": summary,
        "rewards": list(out.rewards()),
    }


def state_message(
    game: Game,
    seat: int | None,
    lang: str,
    log_from: int,
    *,
    speed: float,
    clocks: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """``state``: the seat's view, its legal actions with their labels, the log events it
    has not been sent yet (from ``log_from``), the components its view mentions, the clock
    of a real-time game, and the table's turn clocks (``clocks``, the same for everybody)."""
    size = game.log_size
    events = game.last_events(seat, size - log_from) if size > log_from else []
    legal = game.legal_actions(seat) if seat is not None and not game.is_over else []
    view = game.view(seat)
    msg: dict[str, Any] = {
        "type": "state",
        "step": game.step,
        "seat": seat,
        "lang": lang,
        "view": view,
        "legal": [{"action": a.to_json(), "label": game.describe_action(a, lang)} for a in legal],
        "log": {
            "from": log_from,
            "events": [{"text": event_text(game, e, lang), "event": e} for e in events],
        },
        "components": [
            {"id": c.id, "kind": c.kind, "name": c.name, "text": c.text}
            for c in game.component_texts(seat, lang, view)
        ],
        "over": game.is_over,
        "realtime": game.realtime,
        # how many of its own last decisions the seat may take back now (0: no Undo)
        "undoable": game.undoable(seat) if seat is not None else 0,
    }
    if clocks is not None:
        msg["clocks"] = clocks
    if game.realtime:
        msg["clock"] = game.clock
        msg["speed"] = speed
        msg["next_event"] = None if game.is_over else game.next_event()
    return msg


def dumps(msg: dict[str, Any]) -> str:
    """A message as JSON text (orjson: the server sends many state messages a second; the
    same JSON as ``json.dumps``, with integer keys written as strings)."""
    return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode()


def error_message(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


def welcome_message(table: dict[str, Any], seat: int | None, lang: str) -> dict[str, Any]:
    return {"type": "welcome", "version": VERSION, "table": table, "seat": seat, "lang": lang}
