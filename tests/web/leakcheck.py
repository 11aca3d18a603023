"""The leak check: every message a client received, compared with what its seat may know.

The table's record is read back from the database (the seed and every decision), the game
is replayed decision by decision, and at each step every ``state`` message of that step is
compared with the engine's projections for the message's seat: the view, the legal actions
and their labels, the log events from the message's ``from`` on (``log_for(seat)``), and the
components in view. A message equal to the projections carries nothing the seat may not
know (the engine's conformance suite proves the projections hide what they must). The
``end`` message is compared with the outcome. No message may carry the seed, the record or a
token of another seat, and a seat's chat reaches only the connections of that seat.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

import spacetable
from spacetable.web.messages import event_text
from spacetable.web.storage import Storage


def _j(x: Any) -> Any:
    return json.loads(json.dumps(x, ensure_ascii=False))


def check_messages(
    db_url: str, table_id: str, streams: list[list[dict[str, Any]]], secrets: list[str] = ()
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
    realtime = game.realtime
    wanted: dict[int, list[tuple[int | None, dict[str, Any]]]] = defaultdict(list)
    ends: list[tuple[int | None, dict[str, Any]]] = []
    for stream in streams:
        seat: int | None = None
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
                wanted[msg["step"]].append((seat, msg))
            elif msg["type"] == "end":
                ends.append((seat, msg))
            elif msg["type"] in ("chat", "chat_history"):
                # a seat's room reaches only the people holding that seat
                for m in msg["messages"] if msg["type"] == "chat_history" else [msg]:
                    assert m["scope"] == "table" or (m["seat"] == seat and seat is not None), (
                        f"seat {m['seat']}'s chat reached seat {seat}"
                    )
    checked = 0

    def check_step() -> int:
        n = 0
        for seat, msg in wanted.get(game.step, []):
            lang = msg["lang"]
            assert msg["view"] == _j(game.view(seat)), f"view of seat {seat} at {game.step}"
            legal = game.legal_actions(seat) if seat is not None and not game.is_over else []
            assert [x["action"] for x in msg["legal"]] == [a.to_json() for a in legal]
            assert [x["label"] for x in msg["legal"]] == [
                game.describe_action(a, lang) for a in legal
            ]
            log = game.log_for(seat)
            start = msg["log"]["from"]
            got = [e["event"] for e in msg["log"]["events"]]
            assert got == _j(log[start : start + len(got)]), f"log of seat {seat} at {game.step}"
            assert start + len(got) == len(log)
            for e in msg["log"]["events"]:
                assert e["text"] == event_text(game, e["event"], lang)
            comps = [
                {"id": c.id, "kind": c.kind, "name": c.name, "text": c.text}
                for c in game.component_texts(seat, lang)
            ]
            assert msg["components"] == comps
            if realtime:
                assert msg["clock"] == game.clock
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
    for _seat, msg in ends:
        assert game.is_over
        assert msg["outcome"] == _j(game.outcome().to_json())
    return checked
