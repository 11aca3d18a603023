"""The leak test over real WebSockets: every message each seat and a spectator receive in
whole games (hidden hands, bots, real time) is checked against what that seat may know
(:mod:`tests.web.leakcheck`)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from .conftest import Server, connect, create
from .leakcheck import check_messages


async def _watch_and_play(
    server: Server, table: dict[str, Any], rng: random.Random, langs: list[str]
) -> list[list[dict[str, Any]]]:
    """Connect every human seat and a spectator; humans play random legal actions (each one
    with the step it was chosen on) until the end."""
    tokens = {s["seat"]: s["token"] for s in table["seats"] if s["token"]}
    clients = {
        seat: await connect(server, table["id"], tok, langs[seat % 2])
        for seat, tok in tokens.items()
    }
    spec = await connect(server, table["id"], None, "fr")

    async def player(seat: int, c: Any) -> None:
        while True:
            msg = await c.until(lambda m: m["type"] in ("state", "end"), 30)
            if msg["type"] == "end":
                return
            if msg["legal"]:
                act = rng.choice(msg["legal"])["action"]
                await c.send({"type": "act", "action": act, "step": msg["step"]})
            if rng.random() < 0.05:  # a change of language on the way
                await c.send({"type": "lang", "lang": rng.choice(["en", "fr"])})

    await asyncio.gather(*(player(s, c) for s, c in clients.items()))
    await spec.until(lambda m: m["type"] == "end", 120)
    for c in (*clients.values(), spec):
        await c.close()
    return [c.received for c in (*clients.values(), spec)]


def _check(db_url: str, t: dict[str, Any], streams: list[list[dict[str, Any]]]) -> None:
    tokens = [s["token"] for s in t["seats"] if s["token"]]
    checked = check_messages(db_url, t["id"], streams, secrets=[t["host_token"]])
    assert checked > 10
    # each seat's stream may hold its own token only
    for i, stream in enumerate(streams[:-1]):
        others = [tok for j, tok in enumerate(tokens) if j != i]
        check_messages(db_url, t["id"], [stream], secrets=others)


def test_hidden_hands_on_both_databases(server: Server, db_url: str) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}]
    t = create(server.base, "toy", seats, options={"hand": 3}, start=True)
    _check(db_url, t, asyncio.run(_watch_and_play(server, t, random.Random(5), ["en", "fr"])))


CASES: list[tuple[str, list[dict[str, Any]], dict[str, Any]]] = [
    ("quazarys", [{"kind": "human"}, {"kind": "bot", "level": "medium"}], {"round_limit": 30}),
    ("wildspace", [{"kind": "human"}, {"kind": "human"}], {}),
    ("tortuga2199", [{"kind": "human"}, {"kind": "bot", "level": "easy"}], {"round_limit": 3}),
    ("planetraiders", [{"kind": "human"}, {"kind": "human"}], {"round_limit": 6}),
    (
        "spacedealer",  # the turn-based mode: everyone decides, then time moves
        [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}],
        {"mode": "ticks", "length": 120, "timer": 10, "tick": 30},
    ),
]


@pytest.mark.parametrize(
    ("game", "seats", "options"),
    CASES,
    ids=[c[0] + ("-ticks" if "mode" in c[2] else "") for c in CASES],
)
def test_every_message_is_what_its_seat_may_know(
    fast_sqlite_server: Server,
    sqlite_db: str,
    game: str,
    seats: list[dict[str, Any]],
    options: dict[str, Any],
) -> None:
    server = fast_sqlite_server
    t = create(server.base, game, seats, options=options, start=True)
    _check(sqlite_db, t, asyncio.run(_watch_and_play(server, t, random.Random(5), ["en", "fr"])))


def test_real_time_messages_are_what_each_seat_may_know(server: Server, db_url: str) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    t = create(
        server.base, "toy_rt", seats, options={"length": 10.0, "timer": 2.0}, speed=10.0, start=True
    )
    streams = asyncio.run(_watch_and_play(server, t, random.Random(2), ["fr", "en"]))
    assert check_messages(db_url, t["id"], streams) > 10


def test_spacedealer_messages_are_what_each_seat_may_know(
    fast_sqlite_server: Server, sqlite_db: str
) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}]
    options = {"length": 120, "timer": 10}
    t = create(
        fast_sqlite_server.base, "spacedealer", seats, options=options, speed=20.0, start=True
    )
    streams = asyncio.run(_watch_and_play(fast_sqlite_server, t, random.Random(3), ["fr", "en"]))
    _check(sqlite_db, t, streams)
