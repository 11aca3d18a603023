"""Several ``spacetable serve`` processes on one database: they start together on an empty
PostgreSQL database (the schema is migrated once, under a lock), and two of them can never
both commit a decision of one table (each table's lease, ``docs/deploy.md``)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from typing import Any

import pytest
import websockets
from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError

from spacetable.web import storage as storage_module
from spacetable.web.live import Settings, restore_game
from spacetable.web.models import DecisionRow
from spacetable.web.relay import Relay
from spacetable.web.shared import TableError
from spacetable.web.storage import (
    OVER,
    RUNNING,
    Append,
    Decision,
    LeaseLost,
    Storage,
    StorageError,
    TableRecord,
)

from . import loopback
from .conftest import Client, RedisServer, connect, create, fresh_pg_database
from .leakcheck import check_messages
from .test_kill import Proc
from .test_storage import _record


def test_servers_started_together_on_an_empty_postgresql_all_serve() -> None:
    with fresh_pg_database() as url:
        procs = [Proc(url, wait=False) for _ in range(3)]
        try:
            for p in procs:
                p.ready()
            ids = set()
            for p in procs:
                r = loopback.get(f"{p.server.base}/api/health", timeout=10)
                assert r.status_code == 200, r.text
                assert r.json()["status"] == "ok" and r.json()["database"] == "postgresql"
                ids.add(r.json()["process"])
            assert len(ids) == 3
            storage = Storage(url)
            try:
                assert storage.revision() is not None
            finally:
                storage.close()
        finally:
            for p in procs:
                p.stop()
        for p in procs:
            out = p.output(10) or ""
            assert "Traceback" not in out, out


def test_migrations_run_at_the_same_moment_on_an_empty_postgresql_all_succeed() -> None:
    """The processes above start within a second or so of each other; here four migrations
    start at the same instant (without the lock, all but one die creating Alembic's table)."""
    with fresh_pg_database() as url:
        storages = [Storage(url) for _ in range(4)]
        for s in storages:  # connected before the start, so that they start together
            with s.engine.connect():
                pass
        barrier = threading.Barrier(len(storages))
        errors: list[BaseException] = []

        def migrate(s: Storage) -> None:
            barrier.wait()
            try:
                s.migrate()
            except Exception as e:
                errors.append(e)

        threads = [threading.Thread(target=migrate, args=(s,)) for s in storages]
        for t in threads:
            t.start()
        deadline = time.monotonic() + 60
        for t in threads:
            t.join(max(0.0, deadline - time.monotonic()))
        try:
            assert not any(t.is_alive() for t in threads), "a migration still waits after 60 s"
            assert not errors, [storages[0].explain(e) for e in errors]
            assert {s.revision() for s in storages} == {storages[0].revision()} != {None}
        finally:
            for s in storages:
                s.close()


def _two(db_url: str) -> tuple[Storage, Storage, str]:
    """Two servers' storages on one database (each its own connections), and a running
    table."""
    a, b = Storage(db_url), Storage(db_url)
    a.migrate()
    rec = _record(seed=5, status=RUNNING)
    a.create_table(rec)
    return a, b, rec.id


def _decision(n: int, seat: int) -> Decision:
    return Decision(n, seat, {"type": "play", "card": n}, None, 0.0, time.time())


def test_a_taken_over_lease_refuses_its_old_owners_decisions(db_url: str) -> None:
    a, b, tid = _two(db_url)
    try:
        mine = a.acquire(tid, "A", None, force=True)
        assert mine is not None and mine.owner == "A" and mine.lease_until is None
        assert a.append_many([Append(tid, (_decision(0, 0),), epoch=mine.epoch)]) == [None]
        # a lease that has not expired is not taken (unless forced); one without expiry is
        theirs = b.acquire(tid, "B", 30.0)
        assert theirs is not None and theirs.epoch == mine.epoch + 1
        assert a.acquire(tid, "A", 30.0) is None
        assert a.renew("A", {tid: mine.epoch}, 30.0) == set()
        assert b.renew("B", {tid: theirs.epoch}, 30.0) == {tid}
        # both write decision 1: the old owner is refused, typed, and nothing changes
        (lost,) = a.append_many([Append(tid, (_decision(1, 1),), epoch=mine.epoch)])
        assert isinstance(lost, LeaseLost) and lost.current == theirs.epoch
        with pytest.raises(LeaseLost):
            a.undo(tid, 0, epoch=mine.epoch)
        assert b.append_many([Append(tid, (_decision(1, 1),), epoch=theirs.epoch)]) == [None]
        assert [d.n for d in b.decisions(tid)] == [0, 1]
        # the proof is the database's, not this code's: rows written past the checks
        with b.engine.connect() as c:
            row = {"table_id": tid, "seat": 0, "action": {}, "clock": 0.0, "at": 0.0}
            with pytest.raises(IntegrityError):  # decision 2 under the old epoch
                c.execute(insert(DecisionRow).values(**row, n=2, epoch=mine.epoch))
            c.rollback()
            with pytest.raises(IntegrityError):  # decision 1 a second time
                c.execute(insert(DecisionRow).values(**row, n=1, epoch=theirs.epoch))
            c.rollback()
        # the decisions written under the old epoch are the table's still
        with b.session() as s:
            epochs = s.scalars(select(DecisionRow.epoch).where(DecisionRow.table_id == tid))
            assert set(epochs) == {theirs.epoch}
        stored = b.table(tid)
        assert stored is not None and stored.steps == 2 and stored.owner == "B"
        b.release("B", [tid])
        assert b.orphans() == [tid]
        assert a.acquire(tid, "A", 30.0) is not None  # given up: taken at once
    finally:
        a.close()
        b.close()


def test_a_renewal_keeps_exactly_the_leases_still_held(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One server's leases renewed in statements of a few (here 2): the tables it still
    holds under the epoch it knows are extended, and only those."""
    monkeypatch.setattr(storage_module, "RENEW_CHUNK", 2)
    s = Storage(db_url)
    try:
        s.migrate()
        ids = []
        for seed in range(5):
            rec = _record(seed=seed, status=RUNNING)
            s.create_table(rec)
            ids.append(rec.id)
        held = {tid: r.epoch for tid in ids if (r := s.acquire(tid, "A", 1.0)) is not None}
        assert set(held) == set(ids)
        taken = s.acquire(ids[1], "B", 30.0, force=True)  # taken over: a new epoch
        assert taken is not None
        stale = dict(held, **{ids[3]: held[ids[3]] - 1})  # an epoch this server lost track of
        assert s.renew("A", stale, 60.0) == {ids[0], ids[2], ids[4]}
        until: dict[str, float] = {}
        for tid in ids:
            r = s.table(tid)
            assert r is not None and r.lease_until is not None
            until[tid] = r.lease_until
        now = time.time()
        assert all(until[t] > now + 50 for t in (ids[0], ids[2], ids[4]))
        assert until[ids[3]] < now + 2  # not extended
    finally:
        s.close()


@pytest.mark.parametrize("epochs", ["taken over", "one epoch"])
def test_two_writers_of_one_decision_at_the_same_moment_one_wins(db_url: str, epochs: str) -> None:
    """Two servers write decision 1 of a table at the same instant: exactly one commits,
    the other gets a typed error. ``taken over``: the second server took the table's lease;
    ``one epoch``: both hold the same epoch (as if the leases' code failed), and the
    decisions' primary key still lets only one in."""
    a, b, tid = _two(db_url)
    try:
        first = a.acquire(tid, "A", None, force=True)
        assert first is not None
        assert a.append_many([Append(tid, (_decision(0, 0),), epoch=first.epoch)]) == [None]
        second = b.acquire(tid, "B", None, force=True) if epochs == "taken over" else first
        assert second is not None
        barrier = threading.Barrier(2)
        results: dict[str, object] = {}

        def write(name: str, s: Storage, epoch: int) -> None:
            barrier.wait()
            try:
                results[name] = s.append_many([Append(tid, (_decision(1, 1),), epoch=epoch)])[0]
            except Exception as e:
                results[name] = e

        threads = [
            threading.Thread(target=write, args=("A", a, first.epoch)),
            threading.Thread(target=write, args=("B", b, second.epoch)),
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        won = [k for k, v in results.items() if v is None]
        refused = [v for v in results.values() if v is not None]
        assert len(won) == 1 and len(refused) == 1, results
        assert isinstance(refused[0], StorageError), refused
        if epochs == "taken over":
            assert won == ["B"] and isinstance(refused[0], LeaseLost)
        assert [d.n for d in a.decisions(tid)] == [0, 1]
        stored = a.table(tid)
        assert stored is not None and stored.steps == 2
    finally:
        a.close()
        b.close()


def test_a_second_server_on_the_database_takes_the_tables_and_fences_the_first(
    db_url: str,
) -> None:
    """Without ``--redis`` a server takes every table it resumes, at once: a second server
    started on the same database owns the running tables, and a move sent through the
    first one is refused (``moved``, the connection closed) instead of being committed
    beside the second's."""
    first = Proc(db_url)
    second: Proc | None = None
    try:
        table = create(
            first.server.base,
            "quazarys",
            [{"kind": "human"}, {"kind": "human"}],
            options={"round_limit": 30},
            start=True,
        )
        tokens = [s["token"] for s in table["seats"]]

        async def play() -> tuple[int, dict[str, Any]]:
            nonlocal second
            clients = [await connect(first.server, table["id"], t) for t in tokens]
            states = [await c.until(lambda m: m["type"] == "state") for c in clients]
            acting = next(i for i, m in enumerate(states) if m["legal"])
            m = states[acting]
            await clients[acting].send(
                {"type": "act", "action": m["legal"][0]["action"], "step": m["step"]}
            )
            m = await clients[acting].until(lambda m: m["type"] == "state" and m["step"] == 1)
            second = await asyncio.to_thread(Proc, db_url)  # it resumes the running table
            if not m["legal"]:  # the other seat's turn (a seat may take several in a row)
                acting = 1 - acting
            m = await clients[acting].seen(lambda m: m["type"] == "state" and m["step"] == 1)
            await clients[acting].send(
                {"type": "act", "action": m["legal"][0]["action"], "step": 1}
            )
            refused = await clients[acting].until(lambda m: m["type"] == "error")
            assert refused["code"] == "moved", refused
            with pytest.raises(websockets.ConnectionClosed):
                await clients[acting].until(lambda m: False, 10)
            # through the second server the same move is committed
            again = await connect(second.server, table["id"], tokens[acting])
            m = await again.until(lambda m: m["type"] == "state")
            assert m["step"] == 1 and m["legal"]
            await again.send({"type": "act", "action": m["legal"][0]["action"], "step": 1})
            m = await again.until(lambda m: m["type"] == "state" and m["step"] == 2)
            for c in (*clients, again):
                await c.close()
            return acting, m

        asyncio.run(play())
    finally:
        first.stop()
        if second is not None:
            second.stop()
    storage = Storage(db_url)
    try:
        rec = storage.table(table["id"])
        assert rec is not None and rec.steps == 2 == storage.count_decisions(table["id"])
        assert restore_game(storage, rec).step == 2
    finally:
        storage.close()


async def _play_out(c: Client, last: dict[str, Any] | None = None) -> None:
    """Play the seat of ``c`` (its first legal move each time) until the game ends, from
    the ``state`` message ``last`` when given (else from the next one). A move the server
    refused as too fast (``rate_limited``: the message was dropped) is sent again after a
    pause."""
    move: dict[str, Any] | None = None
    if last is not None and last["legal"]:
        move = {"type": "act", "action": last["legal"][0]["action"], "step": last["step"]}
        await c.send(move)
    while True:
        m = await c.until(
            lambda m: (
                m["type"] in ("state", "end")
                or (m["type"] == "error" and m["code"] == "rate_limited")
            ),
            60,
        )
        if m["type"] == "end":
            return
        if m["type"] == "error":
            assert move is not None, "a rate limit before any move"
            await asyncio.sleep(0.5)
            await c.send(move)
            continue
        if m["legal"]:
            move = {"type": "act", "action": m["legal"][0]["action"], "step": m["step"]}
            await c.send(move)


def _cluster(url: str, redis: RedisServer, n: int = 2) -> list[Proc]:
    procs = [Proc(url, "--redis", redis.url, "--lease-seconds", "2", wait=False) for _ in range(n)]
    for p in procs:
        p.ready()
    return procs


def test_a_table_is_played_through_two_servers(redis_server: RedisServer) -> None:
    """Seat 0 on the table's server, seat 1 on another: the game is played to its end, and
    every message each seat got is its projection (the leak check). Two connections of one
    seat on two servers send the same move at once: one is applied."""
    with fresh_pg_database() as url:
        a, b = _cluster(url, redis_server)
        try:
            for p in (a, b):
                health = loopback.get(f"{p.server.base}/api/health", timeout=10).json()
                assert health["status"] == "ok" and health["redis"] == {"up": True}, health
            humans = [{"kind": "human"}, {"kind": "human"}]
            opts = {"round_limit": 30}
            table = create(a.server.base, "quazarys", humans, options=opts, start=True)
            tokens = [s["token"] for s in table["seats"]]
            # the other server shows the table as stored
            shown = loopback.get(f"{b.server.base}/api/tables/{table['id']}", timeout=10).json()
            assert shown["status"] == "running" and shown["id"] == table["id"]
            second = create(a.server.base, "quazarys", humans, options=opts, start=True)

            async def play() -> tuple[list[Client], int, list[dict[str, Any]]]:
                here = await connect(a.server, table["id"], tokens[0], "en", "Ann")
                there = await connect(b.server, table["id"], tokens[1], "fr", "Bob")
                await asyncio.gather(_play_out(here), _play_out(there))
                for c in (here, there):
                    await c.close()
                # one seat, two servers, one move sent through both at once
                first = second["table"]["to_act"][0]  # the seat whose move it is
                seat_token = second["seats"][first]["token"]
                twins = [
                    await connect(a.server, second["id"], seat_token),
                    await connect(b.server, second["id"], seat_token),
                ]
                states = [await c.until(lambda m: m["type"] == "state") for c in twins]
                step = states[0]["step"]
                assert states[1]["step"] == step == 0 and states[0]["legal"]
                assert states[0]["legal"] == states[1]["legal"]
                move = {"type": "act", "action": states[0]["legal"][0]["action"], "step": step}
                await asyncio.gather(*(c.send(move) for c in twins))
                for c in twins:  # both see the move applied
                    await c.until(lambda m: m["type"] == "state" and m["step"] == step + 1)
                await asyncio.sleep(1.5)
                for c in twins:
                    with contextlib.suppress(TimeoutError):
                        while True:
                            await c.recv(0.2)
                    await c.close()
                errors = [m for c in twins for m in c.received if m["type"] == "error"]
                return [here, there], step, errors

            (here, there), step, errors = asyncio.run(play())
        finally:
            for p in (a, b):
                p.stop()
        checked = check_messages(url, table["id"], [here.received, there.received], tokens)
        assert checked > 100, checked
        ends = [m for c in (here, there) for m in c.received if m["type"] == "end"]
        assert len(ends) == 2
        storage = Storage(url)
        try:
            rec = storage.table(table["id"])
            assert rec is not None and rec.status == "over"
            assert storage.count_decisions(table["id"]) == rec.steps
            twice = storage.table(second["id"])
            # exactly one of the two moves is stored; the other is refused as stale
            assert twice is not None and twice.steps == step + 1, (twice, step)
            assert storage.count_decisions(second["id"]) == twice.steps
            assert [m["code"] for m in errors] == ["stale"], errors
        finally:
            storage.close()


def test_any_of_three_servers_seats_starts_lists_and_plays_a_table(
    redis_server: RedisServer,
) -> None:
    """Three servers, one table owned by the first: a seat is taken by name and the table
    started through the others' JSON API (asked of the owner through Redis, its refusals
    travelling back with their codes); every server lists whose turn it is; the two people,
    each on a server that does not own the table, play it to its end (the leak check)."""
    with fresh_pg_database() as url:
        a, b, c = _cluster(url, redis_server, 3)
        try:
            humans = [{"kind": "human"}, {"kind": "human"}]
            made = create(a.server.base, "quazarys", humans, options={"round_limit": 30})
            tid, host = made["id"], made["host_token"]
            tokens = [s["token"] for s in made["seats"]]

            def post(p: Proc, path: str, body: dict[str, Any]) -> Any:
                return loopback.post(f"{p.server.base}/api/tables/{tid}/{path}", json=body)

            joined = post(b, "join", {"token": tokens[1], "name": "Bea"})
            assert joined.status_code == 200 and joined.json() == {"seat": 1}, joined.text
            refused = post(c, "start", {"host_token": tokens[0]})
            assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_host"
            started = post(c, "start", {"host_token": host})
            assert started.status_code == 200, started.text
            info = started.json()  # the owner's answer, relayed
            assert info["status"] == "running" and info["seats"][1]["name"] == "Bea"
            again = post(b, "start", {"host_token": host})
            assert again.status_code == 409, again.text
            assert again.json()["error"]["code"] == "not_open"

            def listed() -> list[dict[str, Any]]:
                out: list[dict[str, Any]] = []
                for p in (a, b, c):
                    r = loopback.get(f"{p.server.base}/api/tables?status=running", timeout=10)
                    out.extend(t for t in r.json()["tables"] if t["id"] == tid)
                return out

            seen = listed()
            assert len(seen) == 3 and seen[0] == seen[1] == seen[2], seen
            assert seen[0]["to_act"] == info["to_act"] and seen[0]["realtime"] is False

            async def play() -> list[Client]:
                people = [
                    await connect(b.server, tid, tokens[0], "en", "Ann"),
                    await connect(c.server, tid, tokens[1], "fr", "Bea"),
                ]
                states = [await p.until(lambda m: m["type"] == "state") for p in people]
                mover = info["to_act"][0]  # a move, then every server lists the turn it gives
                move = {"type": "act", "action": states[mover]["legal"][0]["action"], "step": 0}
                await people[mover].send(move)
                states = [
                    await p.until(lambda m: m["type"] == "state" and m["step"] == 1) for p in people
                ]
                now = listed()
                assert {tuple(t["to_act"]) for t in now} == {tuple(states[0]["view"]["to_act"])}
                await asyncio.gather(
                    *(_play_out(p, st) for p, st in zip(people, states, strict=True))
                )
                for p in people:
                    await p.close()
                return people

            people = asyncio.run(play())
        finally:
            for p in (a, b, c):
                p.stop()
        checked = check_messages(url, tid, [p.received for p in people], tokens)
        assert checked > 20, checked
        assert all(any(m["type"] == "end" for m in p.received) for p in people)
        for p in (a, b, c):
            out = p.output(10) or ""
            assert "Traceback" not in out, out


def test_a_request_for_a_gone_owner_is_refused_at_once(redis_server: RedisServer) -> None:
    """A request relayed to an owner that no process is any more (killed: its tables are
    about to be taken over) reaches nobody: it is refused at once, 503 ``owner_gone``, not
    after the answer's time limit."""

    async def ask() -> tuple[TableError, float]:
        relay = Relay(redis_server.url, "here", Settings())
        await relay.start()
        try:
            assert relay.up
            t0 = time.monotonic()
            with pytest.raises(TableError) as refused:
                await relay.call("some-table", "a-process-long-gone", "start", {})
            return refused.value, time.monotonic() - t0
        finally:
            await relay.stop()

    error, took = asyncio.run(ask())
    assert (error.code, error.status) == ("owner_gone", 503), error
    assert took < 5.0, took


def test_a_killed_servers_table_goes_on_on_another(redis_server: RedisServer) -> None:
    """The owner of a table is killed (SIGKILL) while its people play through another
    server: that server takes the table over from the database once the lease expires (2 s
    here), at the last committed decision; the people connect again and play on."""
    with fresh_pg_database() as url:
        a, b = _cluster(url, redis_server)
        try:
            seats = [{"kind": "human"}, {"kind": "human"}]
            table = create(
                a.server.base, "quazarys", seats, options={"round_limit": 30}, start=True
            )
            tokens = [s["token"] for s in table["seats"]]

            async def moves(count: int) -> int:
                """Both seats connect to b and play ``count`` moves; the step then."""
                clients = [await connect(b.server, table["id"], t) for t in tokens]
                first = await clients[0].seen(lambda m: m["type"] == "state")
                target = first["step"] + count

                async def play(c: Client) -> None:
                    m = await c.seen(lambda m: m["type"] == "state")
                    while m["step"] < target:
                        if m["legal"]:
                            act = {"action": m["legal"][0]["action"], "step": m["step"]}
                            await c.send({"type": "act", **act})
                        m = await c.until(lambda m: m["type"] == "state")

                await asyncio.gather(*(play(c) for c in clients))
                for c in clients:
                    await c.close()
                return int(target)

            seen = asyncio.run(moves(4))
            a.kill()
            killed = time.monotonic()

            async def after() -> tuple[float, int, int]:
                while True:  # connect again until b serves the table
                    assert time.monotonic() - killed < 20, "not taken over in 20 s"
                    me = await connect(b.server, table["id"], tokens[0])
                    try:
                        m = await me.until(lambda m: m["type"] in ("state", "error"), 5)
                    except (TimeoutError, websockets.ConnectionClosed):
                        m = {"type": "error"}
                    await me.close()
                    if m["type"] == "state":
                        break
                    await asyncio.sleep(0.3)
                served = time.monotonic() - killed
                return served, int(m["step"]), await moves(4)

            served, resumed, later = asyncio.run(after())
            health = loopback.get(f"{b.server.base}/api/health", timeout=10).json()
        finally:
            a.stop()
            b.stop()
        storage = Storage(url)
        try:
            rec = storage.table(table["id"])
            assert rec is not None and rec.status == "running"
            # 0 committed decisions lost: the game resumed where the people had seen it
            assert resumed == seen, f"the people saw step {seen}, the game resumed at {resumed}"
            assert later == resumed + 4 == rec.steps
            assert storage.count_decisions(table["id"]) == rec.steps
            assert restore_game(storage, rec).step == rec.steps
            # b took it (a new epoch), and gave it up when it stopped
            assert health["tables"] >= 1 and rec.owner is None and rec.epoch >= 2
        finally:
            storage.close()
        assert served < 10, f"served again {served:.1f} s after the kill"
        print(
            f"\ntakeover: served again {served:.2f}s after SIGKILL (lease 2 s), at step {resumed}"
        )


#: One table of bots per game for the takeover test: (game, players, options).
EVERY_GAME = [
    ("wildspace", 2, {"effects": "once_per_turn"}),
    ("quazarys", 2, {"round_limit": 60}),
    ("planetraiders", 2, {"round_limit": 100, "stall_rounds": 20}),
    ("tortuga2199", 2, {"round_limit": 40}),
    ("spacedealer", 3, {}),  # in real time, on the server's clock
]


def test_every_games_bots_go_on_after_their_server_is_killed(redis_server: RedisServer) -> None:
    """A table of bots of each game (Spacedealer in real time) on one server; the server is
    killed (SIGKILL) mid-game. The other takes each table over once its lease expires, from
    the database: every committed decision is kept as it was, and the bots play on there."""
    with fresh_pg_database() as url:
        a, b = _cluster(url, redis_server)
        storage = Storage(url)
        try:
            made = [
                create(
                    a.server.base,
                    game,
                    [{"kind": "bot", "level": "random"}] * players,
                    options=options,
                    start=True,
                    bot_delay=0.2,
                )["id"]
                for game, players, options in EVERY_GAME
            ]

            def stored() -> dict[str, Any]:
                return {tid: storage.table(tid) for tid in made}

            deadline = time.monotonic() + 60
            while any(r is None or r.steps < 3 for r in stored().values()):
                assert time.monotonic() < deadline, "the bots did not play on the first server"
                time.sleep(0.2)
            a.kill()
            killed = time.monotonic()
            before = {tid: storage.decisions(tid) for tid in made}  # all its owner committed
            other = _health(b)["process"]
            taken: dict[str, float] = {}

            def played_on(tid: str, rec: TableRecord) -> bool:
                """Three bot decisions after the kill, or the game's end, there."""
                later = storage.decisions(tid)[len(before[tid]) :]
                if rec.status == OVER:
                    return bool(later)
                return sum(d.seat is not None for d in later) >= 3

            while True:
                assert time.monotonic() - killed < 60, f"taken over: {taken}"
                now = stored()
                for tid, rec in now.items():
                    # running; or ended, by the bots of the server that took it over
                    assert rec is not None, tid
                    assert rec.status == RUNNING or (rec.status == OVER and rec.owner == other), (
                        tid,
                        rec,
                    )
                    if tid not in taken and rec.owner == other:
                        taken[tid] = time.monotonic() - killed
                if len(taken) == len(made) and all(played_on(t, r) for t, r in now.items()):
                    break
                time.sleep(0.1)
        finally:
            a.stop()
            b.stop()
        try:  # the servers stopped: the tables as they stand
            for tid in made:
                after = storage.decisions(tid)
                assert after[: len(before[tid])] == before[tid], f"{tid}: a decision changed"
                rec = storage.table(tid)
                assert rec is not None and storage.count_decisions(tid) == rec.steps
                assert restore_game(storage, rec).step == rec.steps
        finally:
            storage.close()
        assert max(taken.values()) < 10, taken
        games = dict(zip(made, (g for g, _, _ in EVERY_GAME), strict=True))
        print(
            "\ntakeover after SIGKILL (lease 2 s): "
            + ", ".join(f"{games[t]} {s:.2f}s" for t, s in taken.items())
        )


def _health(p: Proc) -> dict[str, Any]:
    return dict(loopback.get(f"{p.server.base}/api/health", timeout=10).json())


def _until_health(p: Proc, status: str) -> dict[str, Any]:
    deadline = time.monotonic() + 20
    while (health := _health(p))["status"] != status:
        assert time.monotonic() < deadline, health
        time.sleep(0.2)
    return health


def test_while_redis_is_away_owners_play_on_and_relays_are_refused(
    redis_server: RedisServer,
) -> None:
    """Redis stops: the owner of a table goes on playing for its own clients, another server
    refuses a client of that table with ``relay_down``, both say ``degraded`` in their
    health; Redis is back: they relay again by themselves."""
    with fresh_pg_database() as url:
        a, b = _cluster(url, redis_server)
        try:
            seats = [{"kind": "human"}, {"kind": "human"}]
            table = create(
                a.server.base, "quazarys", seats, options={"round_limit": 30}, start=True
            )
            acting = table["table"]["to_act"][0]
            token = table["seats"][acting]["token"]
            redis_server.stop()
            health = _until_health(b, "degraded")
            assert health["redis"]["up"] is False and health["redis"]["error"]
            assert _until_health(a, "degraded")["redis"]["up"] is False

            async def away() -> None:
                here = await connect(a.server, table["id"], token)
                m = await here.until(lambda m: m["type"] == "state" and bool(m["legal"]))
                await here.send({"type": "act", "action": m["legal"][0]["action"], "step": 0})
                await here.until(lambda m: m["type"] == "state" and m["step"] == 1)
                await here.close()
                there = await connect(b.server, table["id"], token)
                refused = await there.until(lambda m: m["type"] == "error")
                assert refused["code"] == "relay_down", refused
                with pytest.raises(websockets.ConnectionClosed):
                    await there.until(lambda m: False, 10)

            asyncio.run(away())
            redis_server.start()
            _until_health(a, "ok")
            assert _until_health(b, "ok")["redis"] == {"up": True}

            async def back() -> int:
                there = await connect(b.server, table["id"], token)
                m = await there.until(lambda m: m["type"] == "state")
                await there.close()
                return int(m["step"])

            assert asyncio.run(back()) == 1
        finally:
            a.stop()
            b.stop()
