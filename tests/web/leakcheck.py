"""The leak check: every message a client received, compared with what its seat may know.

The table's record is read back from the database (the seed and every decision), the game
is replayed decision by decision, and at each step every ``state`` message of that step is
compared with the engine's projections for the message's seat: the view, the legal actions
and their labels, the log events from the message's ``from`` on (``log_for(seat)``), and the
components in view. A message equal to the projections carries nothing the seat may not
know (the engine's conformance suite proves the projections hide what they must). The
``end`` message is compared with the outcome. No message may carry the seed, the record or a
token of another seat, and a seat's chat reaches only the connections of that seat. The
number of decisions a seat may take back (``undoable``) is checked too; a table where
decisions were taken back is checked by :func:`check_undo_messages` against every state the
game went through, the undone ones included.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import spacetable
from spacetable.engine.presentation import presentation
from spacetable.web.messages import event_text
from spacetable.web.storage import Storage


def _j(x: Any) -> Any:
    return json.loads(json.dumps(x, ensure_ascii=False))


def mismatch(game: Any, seat: int | None, msg: dict[str, Any]) -> str | None:
    """Where ``msg`` (a ``state`` message for ``seat``) differs from the engine's projections
    of ``game`` for that seat; ``None`` when it carries exactly them."""
    lang = msg["lang"]
    at = f"seat {seat} at step {game.step}"
    if msg["step"] != game.step:
        return f"step {msg['step']} for {at}"
    if msg["view"] != _j(game.view(seat)):
        return f"view of {at}"
    # a seat that lost on time (its clock says so) may not act: no prompt, legal action or undo
    clocks = (msg.get("clocks") or {}).get("seats") or []
    out = seat is not None and seat < len(clocks) and clocks[seat].get("away") == "lost"
    may_act = seat is not None and not game.is_over and not out
    acting = may_act and seat in game.to_act  # the prompt asks the seat that acts
    told = presentation(game).prompt(game.view(seat), lang, plain=True, mentions=True)
    if msg["prompt"] != (told if acting or game.is_over else None):
        return f"prompt of {at}"
    legal = game.legal_actions(seat) if may_act and seat is not None else []
    if [x["action"] for x in msg["legal"]] != [a.to_json() for a in legal]:
        return f"legal actions of {at}"
    if [x["label"] for x in msg["legal"]] != [game.label(a, lang, mentions=True) for a in legal]:
        return f"labels of {at}"
    log = game.log_for(seat)
    start = msg["log"]["from"]
    got = [e["event"] for e in msg["log"]["events"]]
    if got != _j(log[start : start + len(got)]) or start + len(got) != len(log):
        return f"log of {at}"
    for e in msg["log"]["events"]:
        if e["text"] != event_text(game, e["event"], lang):
            return f"event text of {at}"
    comps = [
        {"id": c.id, "kind": c.kind, "name": c.name, "text": c.text, "facts": dict(c.facts)}
        for c in game.component_texts(seat, lang)
    ]
    if msg["components"] != comps:
        return f"components of {at}"
    if game.realtime and msg["clock"] != game.clock:
        return f"clock of {at}"
    if msg.get("undoable", 0) != (game.undoable(seat) if may_act and seat is not None else 0):
        return f"undoable of {at}"
    return None


def _scan(
    rec: Any, streams: list[list[dict[str, Any]]], secrets: Sequence[str]
) -> list[tuple[int | None, list[dict[str, Any]], list[dict[str, Any]]]]:
    """The checks on every message that need no game (no seed, record or other seat's token;
    a seat's chat only to that seat); returns each stream's seat, states and ends."""
    out = []
    for stream in streams:
        seat: int | None = None
        states: list[dict[str, Any]] = []
        ends: list[dict[str, Any]] = []
        for msg in stream:
            text = json.dumps(msg, ensure_ascii=False)
            assert str(rec.seed) not in text or rec.seed < 1000, "the seed reached a client"
            assert '"entries"' not in text and '"rng"' not in text
            for s in secrets:
                assert s not in text, "a secret token reached a client"
            if msg["type"] == "welcome":
                seat = msg["seat"]
            elif msg["type"] == "state":
                assert msg["seat"] == seat
                states.append(msg)
            elif msg["type"] == "end":
                ends.append(msg)
            elif msg["type"] in ("chat", "chat_history"):
                for m in msg["messages"] if msg["type"] == "chat_history" else [msg]:
                    assert m["scope"] == "table" or (m["seat"] == seat and seat is not None), (
                        f"seat {m['seat']}'s chat reached seat {seat}"
                    )
        out.append((seat, states, ends))
    return out


def check_undo_messages(
    db_url: str,
    table_id: str,
    streams: list[list[dict[str, Any]]],
    script: list[tuple[str, int, Any]],
    secrets: Sequence[str] = (),
) -> int:
    """The leak check of a table where decisions were taken back. ``script``: every
    decision and undo in the order the server applied them, ``("act", seat, action JSON)``
    or ``("undo", seat, count)``. The script is played on the engine (from the stored seed);
    its end must be the stored record, and each connection's ``state`` messages must each
    equal the projections of one state the game went through, in the order it went through
    them (an undone branch included: what a seat saw before an undo is checked against the
    game as it stood then). Returns how many state messages were checked."""
    storage = Storage(db_url)
    try:
        rec = storage.table(table_id)
        assert rec is not None
        decisions = storage.decisions(table_id)
    finally:
        storage.close()
    game = spacetable.new_game(rec.game, rec.players, rec.seed, rec.options)
    timeline = [game.clone()]
    for kind, who, arg in script:
        if kind == "act":
            game.apply(who, arg)
        else:
            assert kind == "undo"
            game.undo(who, arg)
        timeline.append(game.clone())
    stored = [
        {"seat": d.seat, "action": d.action} if d.seat is not None else {"advance": d.advance}
        for d in decisions
    ]
    assert stored == [
        {k: v for k, v in e.items() if k != "clock"} for e in game.record()["entries"]
    ], "the stored decisions are not the script's end"
    checked = 0
    for seat, states, ends in _scan(rec, streams, secrets):
        i = 0
        for msg in states:
            j = i
            while j < len(timeline) and mismatch(timeline[j], seat, msg) is not None:
                j += 1
            assert j < len(timeline), (
                f"a state for seat {seat} at step {msg['step']} matches no state the game "
                f"went through after #{i}: {mismatch(timeline[i], seat, msg)}"
            )
            i = j
            checked += 1
        for msg in ends:
            assert game.is_over and msg["outcome"] == _j(game.outcome().to_json())
    return checked


def check_messages(
    db_url: str, table_id: str, streams: list[list[dict[str, Any]]], secrets: Sequence[str] = ()
) -> int:
    """Check every message of every stream (one stream per connection, in the order
    received); returns how many state messages were checked."""
    storage = Storage(db_url)
    try:
        rec = storage.table(table_id)
        assert rec is not None
        decisions = storage.decisions(table_id)
    finally:
        storage.close()
    game = spacetable.new_game(rec.game, rec.players, rec.seed, rec.options)
    wanted: dict[int, list[tuple[int | None, dict[str, Any]]]] = defaultdict(list)
    ends: list[tuple[int | None, dict[str, Any]]] = []
    for seat, states, seat_ends in _scan(rec, streams, secrets):
        for msg in states:
            wanted[msg["step"]].append((seat, msg))
        ends += [(seat, msg) for msg in seat_ends]
    checked = 0

    def check_step() -> int:
        n = 0
        for seat, msg in wanted.get(game.step, []):
            problem = mismatch(game, seat, msg)
            assert problem is None, problem
            n += 1
        return n

    checked += check_step()
    for d in decisions:
        if d.seat is None:
            assert d.advance is not None
            game.advance(d.advance)
        else:
            game.apply(d.seat, d.action or {})
        checked += check_step()
    assert not [s for s in wanted if s > game.step], "a state of a step that was never stored"
    # the end: the game's outcome, with the seats that lost on time (as stored) ranked last
    outcome = game.outcome() if ends else None
    lost = (rec.outcome or {}).get("forfeits") or []
    if outcome is not None and lost:
        outcome = outcome.forfeit(lost, game.sides())
    for _seat, msg in ends:
        assert game.is_over and outcome is not None
        assert msg["outcome"] == _j(outcome.to_json())
    return checked
