"""Storage on SQLite and PostgreSQL: migrations, tables, decisions, snapshots, restore; a
server whose database goes away answers ``storage`` (503) and logs it in one line."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets
from sqlalchemy import create_engine, inspect, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

import spacetable
from spacetable.web import database
from spacetable.web import storage as storage_module
from spacetable.web.database import normalize_url
from spacetable.web.live import restore_game
from spacetable.web.models import Base, SnapshotRow
from spacetable.web.storage import (
    OPEN,
    OVER,
    RUNNING,
    Append,
    Decision,
    SeatRecord,
    Storage,
    StorageError,
    TableRecord,
)

from . import loopback
from .conftest import PG_URL, Server, log_text, pg_available, server_log, start_server


def _record(game: str = "toy", players: int = 2, seed: int = 7, **kw: object) -> TableRecord:
    g = spacetable.new_game(game, players, seed)
    label = g.data.label() if g.data is not None else None
    rec = TableRecord(
        id=f"t{seed}",
        game=game,
        players=players,
        seed=seed,
        options=dict(g.options),
        data_name=label["name"] if label else None,
        data_digest=label["digest"] if label else None,
        status=OPEN,
        speed=1.0,
        bot_delay=0.0,
        host_hash="h" * 64,
        title="a table",
        created_at=time.time(),
        seats=[SeatRecord(i, "human", None, f"{i:064d}", "", False) for i in range(players)],
    )
    for k, v in kw.items():
        setattr(rec, k, v)
    return rec


def _store(storage: Storage, rec: TableRecord, game: spacetable.Game, every: int) -> None:
    """Commit a game's decisions one by one as the server does, with snapshots."""
    entries = game.record()["entries"]
    replayed = spacetable.new_game(rec.game, rec.players, rec.seed, rec.options)
    for n, e in enumerate(entries):
        if "advance" in e:
            replayed.advance(e["advance"])
            d = Decision(n, None, None, e["advance"], replayed.clock, time.time())
        else:
            replayed.apply(e["seat"], e["action"])
            d = Decision(n, e["seat"], e["action"], None, replayed.clock, time.time())
        snap = (n + 1, replayed.to_json()) if (n + 1) % every == 0 else None
        out = replayed.outcome().to_json() if replayed.is_over else None
        storage.append(rec.id, [d], snapshot=snap, outcome=out)


def _played(game: str, players: int, seed: int, steps: int) -> spacetable.Game:
    import random

    g = spacetable.new_game(game, players, seed)
    rng = random.Random(seed)
    while not g.is_over and g.step < steps:
        if g.realtime and rng.random() < 0.4:
            g.advance(rng.choice([0.5, 1.25, 7.0]))
            continue
        seats = g.to_act
        if not seats:
            g.advance(1.0)
            continue
        seat = rng.choice(seats)
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    return g


def test_urls_as_people_write_them() -> None:
    assert normalize_url("postgresql://postgres@127.0.0.1/test").startswith("postgresql+psycopg://")
    assert normalize_url("postgres://u@h/d") == "postgresql+psycopg://u@h/d"
    with pytest.raises(ValueError, match="unsupported database 'mysql'"):
        normalize_url("mysql://root@localhost/x")
    with pytest.raises(ValueError, match="empty"):
        normalize_url("  ")


def test_migrations_build_the_models_schema(db_url: str) -> None:
    s = Storage(db_url)
    s.migrate()
    s.migrate()  # a second run changes nothing
    assert s.revision() == "0010"
    insp = inspect(s.engine)
    assert "st_alembic_version" in insp.get_table_names()
    for table in Base.metadata.sorted_tables:
        cols = {c["name"] for c in insp.get_columns(table.name)}
        assert cols == {c.name for c in table.columns}, table.name
    # the lease's fence: a decision's (table, epoch) is its table's current (id, epoch)
    fences = [
        fk
        for fk in insp.get_foreign_keys("st_decisions")
        if fk["constrained_columns"] == ["table_id", "epoch"]
    ]
    assert len(fences) == 1 and fences[0]["referred_columns"] == ["id", "epoch"], fences
    s.close()


def test_taking_the_accounts_back_keeps_every_table_and_seat(db_url: str) -> None:
    """A downgrade of migrations 0006 (leases) and 0005 (accounts) and an upgrade again lose
    no table or seat (on SQLite, rebuilding a table to drop a column would cascade to its
    seats)."""
    from alembic import command
    from alembic.config import Config

    s = Storage(db_url)
    s.migrate()
    rec = _record()
    s.create_table(rec)
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(storage_module.__file__).parent / "migrations"))
    with s.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0004")
    assert s.revision() == "0004"
    assert "st_accounts" not in inspect(s.engine).get_table_names()
    with s.engine.connect() as c:
        assert c.execute(text("select count(*) from st_seats")).scalar() == len(rec.seats)
    s.migrate()
    assert s.revision() == "0010"
    got = s.table(rec.id)
    assert got is not None and len(got.seats) == len(rec.seats)
    s.close()


def test_a_review_is_kept_once_per_seat_and_budget(db_url: str) -> None:
    s = Storage(db_url)
    s.migrate()
    rec = _record()
    s.create_table(rec)
    assert s.review(rec.id, 1, 200) is None
    s.add_review(rec.id, 1, 200, {"format": "spacetable-review/1", "seat": 1})
    s.add_review(rec.id, 1, 200, {"format": "spacetable-review/1", "seat": 99})  # ignored
    assert s.review(rec.id, 1, 200) == {"format": "spacetable-review/1", "seat": 1}
    assert s.review(rec.id, 1, 50) is None and s.review(rec.id, 0, 200) is None
    s.delete_table(rec.id)
    assert s.review(rec.id, 1, 200) is None
    s.close()


def test_a_table_round_trips(db_url: str) -> None:
    s = Storage(db_url)
    s.migrate()
    rec = _record()
    s.create_table(rec)
    got = s.table(rec.id)
    assert got is not None
    assert got.seed == rec.seed and got.options == rec.options and got.seats == rec.seats
    assert got.data_digest == rec.data_digest and got.status == OPEN
    assert [t.id for t in s.tables([OPEN])] == [rec.id]
    assert s.tables([RUNNING]) == []
    s.join(rec.id, 1, "Zoé")
    s.set_status(rec.id, RUNNING)
    got = s.table(rec.id)
    assert got is not None and got.seats[1].name == "Zoé" and got.seats[1].joined
    assert got.status == RUNNING and got.started_at is not None
    assert s.table("nope") is None
    s.close()


def test_whose_turn_it_is_is_stored_with_each_decision_and_undo(db_url: str) -> None:
    """The seats to act are written when the game starts, with each decision and with an
    undo: a server that does not hold the table reads them from the database."""
    s = Storage(db_url)
    s.migrate()
    rec = _record()
    s.create_table(rec)
    assert (got := s.table(rec.id)) is not None and got.to_act is None
    s.set_status(rec.id, RUNNING, to_act=(0,))
    assert (got := s.table(rec.id)) is not None and got.to_act == [0]
    d = Decision(0, 0, {"type": "play", "card": 1}, None, 0.0, time.time())
    assert s.append_many([Append(rec.id, (d,), to_act=(1,))]) == [None]
    assert (got := s.table(rec.id)) is not None and got.to_act == [1] and got.steps == 1
    d = Decision(1, 1, {"type": "play", "card": 2}, None, 0.0, time.time())
    assert s.append_many([Append(rec.id, (d,))]) == [None]  # not given: left as stored
    assert (got := s.table(rec.id)) is not None and got.to_act == [1]
    s.undo(rec.id, 1, to_act=(0, 1))
    assert (got := s.table(rec.id)) is not None and got.to_act == [0, 1] and got.steps == 1
    s.close()


def test_a_big_seed_is_kept_exactly(db_url: str) -> None:
    s = Storage(db_url)
    s.migrate()
    rec = _record(seed=(1 << 62) - 3)
    s.create_table(rec)
    got = s.table(rec.id)
    assert got is not None and got.seed == (1 << 62) - 3
    s.close()


@pytest.mark.parametrize(("game", "players", "every"), [("toy", 3, 4), ("toy_rt", 2, 7)])
def test_decisions_and_snapshots_restore_the_game(
    db_url: str, game: str, players: int, every: int
) -> None:
    s = Storage(db_url)
    s.migrate()
    g = _played(game, players, 11, 40)
    rec = _record(game, players, 11)
    s.create_table(rec)
    _store(s, rec, g, every)
    stored = s.table(rec.id)
    assert stored is not None and stored.steps == g.step
    # the stored decisions are the game's record, clocks included
    entries = [d.entry(g.realtime) for d in s.decisions(rec.id)]
    assert entries == g.record()["entries"]
    snap = s.snapshot(rec.id)
    assert snap is not None and snap[0] == (g.step // every) * every
    with s.session() as sess:  # only the newest snapshot is kept
        assert len(sess.scalars(select(SnapshotRow)).all()) == 1
    restored = restore_game(s, stored)
    assert restored.to_json() == g.to_json()
    if g.is_over:
        assert stored.status == OVER and stored.outcome == g.outcome().to_json()
    s.close()


def test_decisions_out_of_order_are_refused_and_change_nothing(db_url: str) -> None:
    s = Storage(db_url)
    s.migrate()
    rec = _record()
    s.create_table(rec)
    d0 = Decision(0, 0, {"type": "play", "card": 1}, None, 0.0, time.time())
    s.append(rec.id, [d0])
    with pytest.raises(StorageError, match="do not follow"):
        s.append(rec.id, [Decision(2, 1, {"type": "play", "card": 4}, None, 0.0, 0.0)])
    with pytest.raises(StorageError, match="do not follow"):
        s.append(rec.id, [d0])
    with pytest.raises(StorageError, match="no table"):
        s.append("ghost", [d0])
    assert [d.n for d in s.decisions(rec.id)] == [0]
    assert s.count_decisions(rec.id) == 1
    s.close()


def test_a_group_commit_refuses_a_bad_append_alone(db_url: str) -> None:
    """Several tables' decisions in one transaction: an append that does not follow its
    table's stored decisions is refused with its error at its place; the others commit."""
    s = Storage(db_url)
    s.migrate()
    a, b, c = _record(seed=1), _record(seed=2), _record(seed=3)
    for rec in (a, b, c):
        s.create_table(rec)
    play = {"type": "play", "card": 1}
    results = s.append_many(
        [
            # c ends first: its columns' statement comes before a's first append's
            Append(c.id, (Decision(0, 0, play, None, 0.0, 1.0),), outcome={"scores": [0, 0]}),
            Append(a.id, (Decision(0, 0, play, None, 0.0, 1.0),), to_act=(1,)),
            Append(b.id, (Decision(3, 0, play, None, 0.0, 1.0),)),  # not b's next
            Append(a.id, (Decision(1, 1, play, None, 0.0, 2.0),), outcome={"scores": [1, 2]}),
            Append("ghost", (Decision(0, 0, play, None, 0.0, 1.0),)),
        ]
    )
    assert results[0] is None and results[1] is None and results[3] is None
    assert isinstance(results[2], StorageError) and "do not follow" in str(results[2])
    assert isinstance(results[4], StorageError) and "no table" in str(results[4])
    assert [d.n for d in s.decisions(a.id)] == [0, 1]
    assert s.decisions(b.id) == []
    stored_a, stored_b, stored_c = s.table(a.id), s.table(b.id), s.table(c.id)
    assert stored_a is not None and stored_b is not None and stored_c is not None
    # a's second append is what a's row says, whatever order the statements ran in
    assert (stored_a.steps, stored_a.status, stored_a.outcome) == (2, OVER, {"scores": [1, 2]})
    assert stored_a.to_act == [1]  # from the first append, which the second left as it was
    assert stored_b.steps == 0
    assert (stored_c.steps, stored_c.status) == (1, OVER)
    s.close()


def test_a_restore_refuses_a_damaged_record(db_url: str) -> None:
    s = Storage(db_url)
    s.migrate()
    rec = _record()
    s.create_table(rec)
    # a decision the rules refuse (seat 1 is not to act at first)
    s.append(rec.id, [Decision(0, 1, {"type": "play", "card": 4}, None, 0.0, time.time())])
    stored = s.table(rec.id)
    assert stored is not None
    with pytest.raises(ValueError):
        restore_game(s, stored)
    s.close()


def test_the_stored_chat_keeps_each_rooms_last_messages(db_url: str) -> None:
    st = Storage(db_url)
    st.migrate()
    st.create_table(_record(seed=11))
    rooms = [("table", None)] * 5 + [("seat", 0)] * 3 + [("seat", 1)] * 2
    for n, (scope, seat) in enumerate(rooms, 1):
        msg = {"id": n, "scope": scope, "seat": seat, "name": "x", "text": str(n), "at": 1.0}
        st.add_chat("t11", msg)
    kept = st.chat("t11", 2)
    assert [(m["scope"], m["seat"], m["text"]) for m in kept] == [
        ("table", None, "4"),
        ("table", None, "5"),
        ("seat", 0, "7"),
        ("seat", 0, "8"),
        ("seat", 1, "9"),
        ("seat", 1, "10"),
    ]
    assert all(m["type"] == "chat" for m in kept)
    st.delete_table("t11")
    assert st.chat("t11", 10) == []
    st.close()


TOY = {"game": "toy", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
STORAGE_ERROR = {"error": {"code": "storage", "message": "the database does not answer; try again"}}


def _while_away(
    server: Server, away: Callable[[], None], back: Callable[[], None]
) -> list[logging.LogRecord]:
    """Take the server's database away, check that the JSON API answers ``storage`` (503)
    and creates nothing, bring it back and check that it answers again; returns what the
    server logged meanwhile."""
    base = f"{server.base}/api/tables"
    made = loopback.post(base, json=TOY, timeout=30)
    assert made.status_code == 201, made.text
    with server_log() as records:
        away()
        for method, kw in (("GET", {}), ("POST", {"json": TOY}), ("GET", {})):
            r = loopback.request(method, base, timeout=30, **kw)
            assert r.status_code == 503, (method, r.status_code, r.text)
            assert r.json() == STORAGE_ERROR
        assert asyncio.run(_hello(server, "ffffffffffff")) == {
            "type": "error",
            **STORAGE_ERROR["error"],
        }
        back()
    r = loopback.get(base, timeout=30)
    assert r.status_code == 200, r.text
    assert [t["id"] for t in r.json()["tables"]] == [made.json()["id"]]  # nothing was created
    return records


async def _hello(server: Server, table: str) -> dict[str, Any]:
    """The first answer to a ``hello`` on a table's WebSocket."""
    async with websockets.connect(f"{server.ws_base}/ws/tables/{table}") as ws:
        await ws.send(json.dumps({"type": "hello", "version": 1}))
        return dict(json.loads(await asyncio.wait_for(ws.recv(), 30)))


def _said_in_one_line(records: list[logging.LogRecord], *secrets: str) -> str:
    """The log says what happened, one line a request, no traceback, no secret."""
    text = log_text(records)
    assert not [r for r in records if r.exc_info or r.stack_info], text
    assert all("\n" not in r.getMessage() for r in records), text
    assert "Traceback" not in text
    for secret in secrets:
        assert secret not in text
    said = [r.getMessage() for r in records if "database does not answer" in r.getMessage()]
    assert len(said) == 4, text  # three requests and a connection
    return "\n".join(said)


def test_the_api_answers_storage_while_sqlite_is_away(tmp_path: Path) -> None:
    path = tmp_path / "away.db"
    server = start_server(f"sqlite:///{path}")

    def rename(a: str, b: str) -> None:
        con = sqlite3.connect(path)
        con.execute(f"ALTER TABLE {a} RENAME TO {b}")
        con.commit()
        con.close()

    try:
        records = _while_away(
            server,
            lambda: rename("st_tables", "st_tables_away"),
            lambda: rename("st_tables_away", "st_tables"),
        )
    finally:
        server.stop()
    said = _said_in_one_line(records)
    assert "GET /api/tables" in said and "no such table: st_tables" in said


@pytest.fixture
def pg_database() -> Iterator[tuple[str, Callable[[bool], None]]]:
    """A PostgreSQL database of its own (its URL, with a password that must never be
    logged), and a switch that lets nobody connect to it (``False``: the connections it has
    are ended too) or lets them again."""
    why = pg_available()
    if why is not None:
        pytest.skip(why)
    name = f"st_away_{uuid.uuid4().hex[:10]}"
    admin = create_engine(
        PG_URL.replace("postgresql://", "postgresql+psycopg://", 1), isolation_level="AUTOCOMMIT"
    )
    with admin.connect() as c:
        c.execute(text(f'create database "{name}"'))

    def allow(yes: bool) -> None:
        with admin.connect() as c:
            c.execute(text(f'alter database "{name}" allow_connections {str(yes).lower()}'))
            if not yes:
                c.execute(
                    text(
                        "select pg_terminate_backend(pid) from pg_stat_activity where datname = :d"
                    ),
                    {"d": name},
                )

    url = make_url(PG_URL).set(database=name, password="not-to-be-logged")
    try:
        yield url.render_as_string(hide_password=False), allow
    finally:
        with admin.connect() as c:
            c.execute(text(f'drop database if exists "{name}" with (force)'))
        admin.dispose()


def test_the_api_answers_storage_while_postgresql_is_away(
    pg_database: tuple[str, Callable[[bool], None]],
) -> None:
    url, allow = pg_database
    server = start_server(url)
    try:
        records = _while_away(server, lambda: allow(False), lambda: allow(True))
    finally:
        server.stop()
    said = _said_in_one_line(records, "not-to-be-logged")
    # the connection the server held was ended; a new one is refused
    assert "is not currently accepting connections" in said, said


def test_a_pooled_connection_ended_while_unused_is_replaced_unseen(
    pg_database: tuple[str, Callable[[bool], None]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL ended the connection the pool keeps (a restart, an administrator): the next
    use after a pause tests it first and opens another, and the caller sees no error. Used
    again at once instead (no pause: under load), the use under way fails, and the one after
    it works (the pool noticed)."""
    monkeypatch.setattr(database, "PING_AFTER", 0.2)
    url, allow = pg_database
    s = Storage(url)
    try:
        s.migrate()
        rec = _record(seed=21)
        s.create_table(rec)
        allow(False)  # every connection to the database ended, and none let in
        allow(True)
        time.sleep(0.3)
        assert [t.id for t in s.tables()] == [rec.id]  # tested, replaced: no error
        allow(False)
        allow(True)
        with pytest.raises(OperationalError, match="terminating connection"):
            s.tables()
        assert [t.id for t in s.tables()] == [rec.id]
    finally:
        s.close()
