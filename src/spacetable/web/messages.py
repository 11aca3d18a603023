"""The server's messages, built from the game's public API only.

What a connection receives depends on its seat (``None``: a spectator) and is computed
from that seat's projections: ``Game.view(seat)``, ``legal_actions(seat)``, the log as the
seat sees it (``last_events(seat)``), ``component_texts(seat)``. The seed, the record and
the whole state (``to_json``) never go into a message. The leak test
(``tests/web/test_leaks.py``) checks every message a client receives against the engine's
projections for its seat.
"""

from __future__ import annotations

import logging
from typing import Any

import orjson

from spacetable.engine import Game, Outcome, Termination
from spacetable.engine.mention import mention
from spacetable.engine.presentation import RenderError, presentation
from spacetable.engine.why import Reason

from .protocol import VERSION

log = logging.getLogger("spacetable.web")

#: The render failures already logged, by game and function (each is logged once).
_reported: set[tuple[str, str]] = set()
#: What a client is told when the game's text could not be drawn (the details, which may
#: name hidden components, stay in the server's log).
RENDER_FAILED = "the game's text could not be drawn (a server bug, logged)"


def _report(e: RenderError) -> None:
    key = (e.game, e.function)
    if key not in _reported:
        _reported.add(key)
        log.error("%s", e, exc_info=e)


def _event_text(game: Game, event: dict[str, Any], lang: str) -> tuple[str, bool]:
    """The event as a plain sentence (the game's ``describe_event``), else its name; and
    whether the game's render broke on it (logged once)."""
    try:
        text = presentation(game).event(event, lang, plain=True, mentions=True)
    except RenderError as e:
        _report(e)
        return str(event.get("event", "?")), True
    return (text if text is not None else str(event.get("event", "?"))), False


def prompt_text(game: Game, view: dict[str, Any], lang: str) -> tuple[str | None, bool]:
    """What the view's seat is asked now, as a plain sentence (the game's ``prompt``;
    ``None`` for a game without one); and whether the game's render broke on it (logged
    once: the prompt is then ``None``)."""
    try:
        return presentation(game).prompt(view, lang, plain=True, mentions=True), False
    except RenderError as e:
        _report(e)
        return None, True


def event_text(game: Game, event: dict[str, Any], lang: str) -> str:
    """The event as a plain sentence (the game's ``describe_event``); a broken render is
    logged and the event's name is shown."""
    return _event_text(game, event, lang)[0]


#: "Lost on time" in the end message, ``{seats}`` the mentions of the seats that lost.
LOST_ON_TIME = {
    "en": "{seats} lost on time.",
    "fr": "{seats} : temps écoulé, partie perdue.",
}
#: Who won once some seats lost on time (``{seats}``: the winners' mentions).
WON_ON_TIME = {"en": "{seats} wins.", "fr": "{seats} gagne."}
WON_ON_TIME_MANY = {"en": "{seats} win.", "fr": "{seats} gagnent."}
#: The reason of an end after a loss on time (``{reason}``: how the game itself ended).
LOST_REASON = {
    "en": "a player lost on time (the game then ended: {reason})",
    "fr": "un joueur a perdu au temps (la partie s'est ensuite terminée : {reason})",
}


def _seat_list(seats: list[int], lang: str) -> str:
    names = [mention(s, f"{'joueur' if lang == 'fr' else 'Player'} {s}") for s in seats]
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + (" et " if lang == "fr" else " and ") + names[-1]


def lost_on_time_summary(out: Outcome, lang: str) -> str:
    """The end in words when seats lost on time: who lost, then who won (seat mentions)."""
    lang = "fr" if lang == "fr" else "en"
    text = LOST_ON_TIME[lang].format(seats=_seat_list(list(out.forfeits), lang))
    winners = list(out.winners)
    if winners:
        won = WON_ON_TIME_MANY if len(winners) > 1 else WON_ON_TIME
        text += " " + won[lang].format(seats=_seat_list(winners, lang))
    return text


def outcome_message(game: Game, lang: str, out: Outcome | None = None) -> dict[str, Any]:
    """``end``: scores, ranks, the reason in words, the game's score breakdown and the
    seats' rewards under the default reward scheme (``Outcome.payoffs()``, ``"rank"``: +1 a
    win, -1 a loss, 0 a draw with two players; who won is ``outcome["winners"]``).

    ``out``: the outcome to tell (the game's by default; a table's once seats lost on time,
    :meth:`Outcome.forfeit`: the summary then says who lost on time and who won)."""
    if out is None:
        out = game.outcome()
    data = out.to_json()
    reason = out.reason
    sentence = reason.sentence(lang) if isinstance(reason, Termination) else str(reason)
    if out.forfeits:  # why it is won: the loss on time, then how the game itself ended
        sentence = LOST_REASON["fr" if lang == "fr" else "en"].format(reason=sentence)
    error = None
    breakdown: dict[str, Any] | None = None
    try:
        shown = presentation(game)
        if out.forfeits:
            summary = lost_on_time_summary(out, lang)
        else:
            summary = shown.outcome(data, lang, plain=True, mentions=True) or ""
        breakdown = shown.breakdown(data, lang, mentions=True)
    except RenderError as e:
        _report(e)
        summary, error = "", RENDER_FAILED
    msg = {
        "type": "end",
        "lang": lang,
        "outcome": data,
        "reason_text": sentence,
        "summary": summary,
        "breakdown": breakdown,
        "rewards": list(out.payoffs()),
    }
    if error is not None:
        msg["render_error"] = error
    return msg


def state_message(
    game: Game,
    seat: int | None,
    lang: str,
    log_from: int,
    *,
    speed: float,
    clocks: dict[str, Any] | None = None,
    out: bool = False,
) -> dict[str, Any]:
    """``state``: the seat's view, its legal actions with their labels, the log events it
    has not been sent yet (from ``log_from``), what the seat is asked now (``prompt``, the
    game's sentence; ``None`` for a seat that may not act now and for a spectator), the
    components its view mentions (names,
    texts and facts: what a board draws them with), the clock
    of a real-time game, and the table's turn clocks (``clocks``, the same for everybody).
    A seat ``out`` of the game (it lost on time; a bot plays it) sees it as a player who
    may not act: no legal action, no prompt, nothing to take back."""
    size = game.log_size
    events = game.last_events(seat, size - log_from) if size > log_from else []
    may_act = seat is not None and not game.is_over and not out
    legal = game.legal_actions(seat) if may_act and seat is not None else []
    view = game.view(seat)
    entries: list[dict[str, Any]] = []
    # The game's prompt asks the seat that acts; anyone else (a seat waiting, a spectator)
    # gets none, and the page says who is playing instead (in its names for the seats).
    acting = may_act and seat in game.to_act
    prompt, broken = prompt_text(game, view, lang) if acting or game.is_over else (None, False)
    for e in events:
        text, failed = _event_text(game, e, lang)
        entries.append({"text": text, "event": e})
        broken = broken or failed
    msg: dict[str, Any] = {
        "type": "state",
        "step": game.step,
        "seat": seat,
        "lang": lang,
        "view": view,
        "prompt": prompt,
        "legal": [
            {"action": a.to_json(), "label": game.label(a, lang, mentions=True)} for a in legal
        ],
        "log": {"from": log_from, "events": entries},
        "components": [
            {"id": c.id, "kind": c.kind, "name": c.name, "text": c.text, "facts": dict(c.facts)}
            for c in game.component_texts(seat, lang, view)
        ],
        "over": game.is_over,
        "realtime": game.realtime,
        # how many of its own last decisions the seat may take back now (0: no Undo)
        "undoable": game.undoable(seat) if may_act and seat is not None else 0,
    }
    if broken:  # the client shows it; the details are in the server's log
        msg["render_error"] = RENDER_FAILED
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


def error_message(
    code: str, message: str, reasons: list[dict[str, str]] | None = None
) -> dict[str, Any]:
    msg: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if reasons:
        msg["reasons"] = reasons
    return msg


def reasons_json(game: Game, reasons: list[Reason], lang: str) -> list[dict[str, str]]:
    """``reasons`` (of :meth:`Game.why_not`) as a person reading ``lang`` is told them: the
    rule (id, section, the rulebook's French sentence, its English translation) and what in
    the position breaks it, in ``lang``."""
    pres = presentation(game)
    return [pres.reason(r, lang, mentions=True) for r in reasons]


def why_message(
    game: Game,
    seat: int,
    lang: str,
    *,
    action: dict[str, Any] | None = None,
    component: str | None = None,
) -> dict[str, Any]:
    """``why``: why ``action`` (its JSON form), or anything about ``component``, is not
    possible for ``seat`` now; ``reasons`` is ``[]`` when it is. Reads only what the seat may
    see (the game's ``why_not`` does)."""
    if action is not None:
        reasons = game.why_not(seat, action)
    else:
        assert component is not None
        reasons = game.why_not_component(seat, component)
    msg: dict[str, Any] = {
        "type": "why",
        "step": game.step,
        "reasons": reasons_json(game, reasons, lang),
    }
    if action is not None:
        msg["action"] = action
    else:
        msg["component"] = component
    return msg


def welcome_message(table: dict[str, Any], seat: int | None, lang: str) -> dict[str, Any]:
    return {"type": "welcome", "version": VERSION, "table": table, "seat": seat, "lang": lang}
