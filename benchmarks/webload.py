"""Load test of the web app on loopback: many live tables over real WebSockets.

    python benchmarks/webload.py --tables 1000 --rate 200 --duration 60 --db sqlite
    python benchmarks/webload.py --db postgresql://postgres@127.0.0.1:5432/test --json out.json
    python benchmarks/webload.py --find            # the largest load held within the goal

The server runs in its own process (``spacetable.web.app.create_app`` on uvicorn, as
``spacetable serve`` runs it, with the JSON API's rate limit lifted so that a thousand tables
can be created at once). This process plays every human seat as a scripted client: one
WebSocket per seat, a random legal action from the last ``state`` message, paced so that the
clients together send ``--rate`` decisions a second. The tables are a mix of the turn-based
games (most with two scripted players, some with a scripted player against a random bot) and
real-time Spacedealer tables (a scripted player and two bots, on the server's clock). A table
that ends is replaced, so ``--tables`` stay live throughout.

Measured:
- *server latency*: inside the server, from a decision received (``LiveTable.act`` called)
  to its ``state`` messages queued on every connection, after the decision is committed to
  the database: the goal's figure (p99 at most 50 ms);
- *round trip*: in the client, from an ``act`` sent to its ``state`` received;
- errors (every ``error`` message, failed connection or creation) and lost decisions (for the
  tables with only scripted players, the decisions sent and acknowledged against the steps
  the server stored, read back from the database at the end);
- where the server's time goes: the event loop's CPU profile (cProfile, by function) and the
  time spent in each storage call on the database thread.

The goal (issue 20): 1,000 live tables, p99 at most 50 ms at 200 decisions a second, 0
errors, 0 lost decisions, on SQLite and on PostgreSQL. Results: ``benchmarks/WEBLOAD.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import gc
import io
import json
import os
import pstats
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

from spacetable.engine import game_class

GOAL_P99_MS = 50.0
PG_DEFAULT = "postgresql://postgres@127.0.0.1:5432/test"


def _bounded(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` over the game's simulation options: random players must end every table
    (the rulebook's Quazarys, Planet Raiders and Tortuga 2199 have no round limit)."""
    return game_class(game).info.for_simulation(options)


# (game, players, options, seats): "h" a scripted person, "b" a random bot; weights below.
TURN_TABLES: list[tuple[str, int, dict[str, Any], str]] = [
    ("wildspace", 2, _bounded("wildspace", {}), "hh"),
    ("quazarys", 2, _bounded("quazarys", {}), "hh"),
    ("planetraiders", 2, _bounded("planetraiders", {}), "hh"),
    ("tortuga2199", 2, _bounded("tortuga2199", {"round_limit": 20}), "hh"),
    ("wildspace", 2, _bounded("wildspace", {}), "hb"),
    ("quazarys", 2, _bounded("quazarys", {}), "hb"),
]
REALTIME_TABLE: tuple[str, int, dict[str, Any], str] = ("spacedealer", 3, {}, "hbb")


def _raise_fd_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def percentile(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    k = min(len(s) - 1, max(0, round(p / 100 * (len(s) - 1))))
    return s[k]


# ---------------------------------------------------------------------------- the server


def serve(
    db: str, port_file: str, stats_file: str, profile: bool, deflate: bool, python_gc: bool
) -> None:
    """The server process: the app on uvicorn, instrumented; writes its port to
    ``port_file`` and, when stopped (SIGTERM/SIGINT), its measurements to ``stats_file``."""
    import signal

    import uvicorn

    from spacetable.web import live
    from spacetable.web.app import create_app

    _raise_fd_limit()
    latencies: list[float] = []
    db_time: dict[str, list[float]] = defaultdict(list)
    gc_pauses: dict[int, list[float]] = defaultdict(list)
    gc_started = [0.0]

    def gc_timer(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            gc_started[0] = time.perf_counter()
        else:
            gc_pauses[info["generation"]].append(time.perf_counter() - gc_started[0])

    gc.callbacks.append(gc_timer)

    original_act = live.LiveTable.act

    async def timed_act(
        self: live.LiveTable, seat: int, action: dict[str, Any], step: int | None = None
    ) -> None:
        t0 = time.perf_counter()
        await original_act(self, seat, action, step)
        latencies.append(time.perf_counter() - t0)

    original_db = live.Hub.db

    async def timed_db(self: live.Hub, fn: Callable[..., Any], *args: Any, **kw: Any) -> Any:
        name = getattr(fn, "__name__", repr(fn))

        def call() -> Any:
            t0 = time.perf_counter()
            try:
                return fn(*args, **kw)
            finally:
                db_time[name].append(time.perf_counter() - t0)

        return await original_db(self, call)

    live.LiveTable.act = timed_act  # type: ignore[method-assign]
    live.Hub.db = timed_db  # type: ignore[method-assign]

    settings = live.Settings(
        http_rate=1e9,
        http_burst=1e9,
        rate=1000.0,
        burst=2000.0,
        bot_workers=1,
        gc_freeze_every=None if python_gc else live.Settings.gc_freeze_every,
    )
    app = create_app(db, settings)
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=0,
        log_level="warning",
        ws_max_size=1 << 20,
        lifespan="on",
        backlog=4096,
        ws_per_message_deflate=deflate,
    )
    server = uvicorn.Server(config)
    prof = cProfile.Profile() if profile else None

    async def main() -> None:
        task = asyncio.create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.02)
        port = server.servers[0].sockets[0].getsockname()[1]
        Path(port_file).write_text(str(port))
        await task

    def stop(*_: Any) -> None:
        server.should_exit = True

    signal.signal(signal.SIGTERM, stop)
    if prof is not None:
        prof.enable()
    try:
        asyncio.run(main())
    finally:
        if prof is not None:
            prof.disable()
        top = ""
        if prof is not None:
            out = io.StringIO()
            pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(25)
            top = out.getvalue()
        Path(stats_file).write_text(
            json.dumps(
                {
                    "latencies": latencies,
                    "db": {k: [len(v), sum(v), percentile(v, 99)] for k, v in db_time.items()},
                    "gc": {g: [len(v), sum(v), max(v, default=0.0)] for g, v in gc_pauses.items()},
                    "profile": top,
                }
            )
        )


# ---------------------------------------------------------------------------- the clients


@dataclass
class Seat:
    table: Table
    seat: int
    token: str
    ws: Any = None
    legal: list[dict[str, Any]] = field(default_factory=list)
    step: int = -1
    waiting: float | None = None  # when the last act was sent, until its state arrives
    sent_at_step: int = -1


@dataclass
class Table:
    id: str
    game: str
    realtime: bool
    scripted_only: bool
    seats: list[Seat] = field(default_factory=list)
    acked: int = 0  # decisions sent and acknowledged by a state at a later step
    over: bool = False


@dataclass
class Load:
    base: str
    rate: float
    rng: random.Random
    tables: dict[str, Table] = field(default_factory=dict)
    round_trips: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    sent: int = 0
    finished: int = 0
    measuring: bool = False
    mix: int = 0

    async def create(
        self, client: httpx.AsyncClient, kind: tuple[str, int, dict[str, Any], str]
    ) -> None:
        game, players, options, seats = kind
        body = {
            "game": game,
            "players": players,
            "options": options,
            "seats": [
                {"kind": "human", "name": f"p{i}"}
                if s == "h"
                else {"kind": "bot", "level": "random"}
                for i, s in enumerate(seats)
            ],
            "bot_delay": 0.0,
            "speed": 1.0,
            "start": True,
        }
        r = await client.post(f"{self.base}/api/tables", json=body)
        if r.status_code != 201:
            self.errors.append(f"create {game}: {r.status_code} {r.text[:200]}")
            return
        data = r.json()
        t = Table(data["id"], game, game == "spacedealer", "b" not in seats)
        for s in data["seats"]:
            if s["token"]:
                t.seats.append(Seat(t, s["seat"], s["token"]))
        self.tables[t.id] = t
        ws_base = self.base.replace("http://", "ws://")
        for s in t.seats:
            try:
                s.ws = await websockets.connect(
                    f"{ws_base}/ws/tables/{t.id}",
                    max_size=1 << 24,
                    max_queue=None,
                    ping_interval=None,
                    open_timeout=60,
                )
                await s.ws.send(
                    json.dumps({"type": "hello", "version": 1, "token": s.token, "lang": "en"})
                )
            except Exception as e:  # a refused connection is an error of the load
                self.errors.append(f"connect {t.id}: {e!r:.200}")
                continue
            asyncio.get_running_loop().create_task(self.reader(s))

    def next_kind(self, realtime_share: float) -> tuple[str, int, dict[str, Any], str]:
        if self.rng.random() < realtime_share:
            return REALTIME_TABLE
        self.mix += 1
        return TURN_TABLES[self.mix % len(TURN_TABLES)]

    async def reader(self, s: Seat) -> None:
        try:
            async for raw in s.ws:
                msg = orjson.loads(raw)
                kind = msg["type"]
                if kind == "state":
                    if s.waiting is not None and msg["step"] > s.sent_at_step:
                        if self.measuring:
                            self.round_trips.append(time.perf_counter() - s.waiting)
                        s.waiting = None
                        s.table.acked += 1
                    s.step = msg["step"]
                    s.legal = [x["action"] for x in msg["legal"]]
                    if msg["over"] and not s.table.over:
                        s.table.over = True
                        self.finished += 1
                elif kind == "error":
                    if msg["code"] in ("illegal_action", "stale") and s.table.realtime:
                        # real time: the world moved between the state and the act (a timer,
                        # a bot): refused and nothing changed, as the protocol says
                        s.waiting = None
                        continue
                    self.errors.append(
                        f"{s.table.game} {s.table.id}: {msg['code']} {msg['message']:.120}"
                    )
                    s.waiting = None
        except websockets.ConnectionClosed:
            if not s.table.over:
                self.errors.append(f"{s.table.id}: connection closed")

    async def pace(self, duration: float) -> None:
        """Send ``rate`` decisions a second, each for a random seat that may act."""
        interval = 1.0 / self.rate
        start = time.perf_counter()
        n = 0
        while True:
            now = time.perf_counter()
            if now - start >= duration:
                return
            due = start + n * interval
            if due > now:
                await asyncio.sleep(due - now)
            n += 1
            ready = [
                s
                for t in self.rng.sample(list(self.tables.values()), min(64, len(self.tables)))
                if not t.over
                for s in t.seats
                if s.legal and s.waiting is None
            ]
            if not ready:
                continue
            s = self.rng.choice(ready)
            action = self.rng.choice(s.legal)
            s.waiting = time.perf_counter()
            s.sent_at_step = s.step
            s.legal = []
            msg: dict[str, Any] = {"type": "act", "action": action}
            if not s.table.realtime:
                msg["step"] = s.step
            await s.ws.send(json.dumps(msg))
            self.sent += 1


async def run_clients(args: argparse.Namespace, base: str) -> dict[str, Any]:
    load = Load(base, args.rate, random.Random(args.seed))
    limits = httpx.Limits(max_connections=32)
    async with httpx.AsyncClient(timeout=120, limits=limits) as client:
        t0 = time.perf_counter()
        kinds = [load.next_kind(args.realtime / max(1, args.tables)) for _ in range(args.tables)]
        for i in range(0, len(kinds), 25):
            await asyncio.gather(*(load.create(client, k) for k in kinds[i : i + 25]))
        setup = time.perf_counter() - t0
        print(f"{len(load.tables)} tables created and connected in {setup:.1f} s", file=sys.stderr)

        async def replace() -> None:
            while True:
                await asyncio.sleep(1.0)
                ended = [t for t in load.tables.values() if t.over]
                for t in ended:
                    for s in t.seats:
                        await s.ws.close()
                    t.over = False  # counted once; replaced below
                    t.seats = []
                    await load.create(client, load.next_kind(0.0 if not t.realtime else 1.0))

        await asyncio.sleep(2.0)  # every first state in
        load.measuring = True
        replacer = asyncio.create_task(replace())
        await load.pace(args.duration)
        load.measuring = False
        await asyncio.sleep(2.0)  # the last answers
        replacer.cancel()
        live = sum(1 for t in load.tables.values() if t.seats)
        # lost decisions: every acknowledged decision of a scripted-only table is stored
        lost = 0
        checked = 0
        for t in list(load.tables.values()):
            if not t.scripted_only or not t.seats:
                continue
            r = await client.get(f"{base}/api/tables/{t.id}")
            stored = r.json()["steps"]
            checked += 1
            if stored < t.acked:
                lost += t.acked - stored
        for t in load.tables.values():
            for s in t.seats:
                with contextlib.suppress(Exception):
                    await s.ws.close()
    rts = load.round_trips
    return {
        "tables_live": live,
        "sent": load.sent,
        "achieved_rate": round(load.sent / args.duration, 1),
        "round_trip_ms": {
            "p50": round(percentile(rts, 50) * 1000, 2),
            "p99": round(percentile(rts, 99) * 1000, 2),
            "max": round(max(rts, default=float("nan")) * 1000, 2),
        },
        "errors": len(load.errors),
        "error_samples": load.errors[:5],
        "lost_decisions": lost,
        "tables_checked_for_loss": checked,
        "games_finished": load.finished,
        "setup_seconds": round(setup, 1),
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    _raise_fd_limit()
    tmp = Path(tempfile.mkdtemp(prefix="spacetable-load-"))
    db, cleanup = database_url(args.db, tmp)
    port_file, stats_file = tmp / "port", tmp / "stats.json"
    cmd = [sys.executable, __file__, "--serve", db, str(port_file), str(stats_file)]
    if args.profile:
        cmd.append("--with-profile")
    if args.deflate:
        cmd.append("--deflate")
    if args.python_gc:
        cmd.append("--python-gc")
    proc = subprocess.Popen(cmd)
    try:
        deadline = time.monotonic() + 60
        while not port_file.exists() or not port_file.read_text():
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        base = f"http://127.0.0.1:{port_file.read_text()}"
        client = asyncio.run(run_clients(args, base))
    finally:
        proc.terminate()
        proc.wait(60)
        cleanup()
    server = json.loads(stats_file.read_text())
    lat = server["latencies"]
    result = {
        "db": "sqlite" if db.startswith("sqlite") else "postgresql",
        "tables": args.tables,
        "realtime_tables": args.realtime,
        "rate": args.rate,
        "duration": args.duration,
        "deflate": args.deflate,
        "python_gc": args.python_gc,
        "server_latency_ms": {
            "count": len(lat),
            "p50": round(percentile(lat, 50) * 1000, 2),
            "p99": round(percentile(lat, 99) * 1000, 2),
            "max": round(max(lat, default=float("nan")) * 1000, 2),
            "mean": round(statistics.fmean(lat) * 1000, 2) if lat else None,
        },
        **client,
        "db_calls": {
            k: {"calls": v[0], "total_s": round(v[1], 3), "p99_ms": round(v[2] * 1000, 2)}
            for k, v in sorted(server["db"].items(), key=lambda kv: -kv[1][1])
        },
        "gc_pauses": {
            f"generation {g}": {
                "collections": v[0],
                "total_s": round(v[1], 3),
                "max_ms": round(v[2] * 1000, 2),
            }
            for g, v in sorted(server["gc"].items())
        },
        "profile": server["profile"],
    }
    p99 = result["server_latency_ms"]["p99"]
    result["within_goal"] = bool(
        p99 <= GOAL_P99_MS
        and result["errors"] == 0
        and result["lost_decisions"] == 0
        and result["tables_live"] >= args.tables
        and result["achieved_rate"] >= 0.95 * args.rate
    )
    return result


def database_url(kind: str, tmp: Path) -> tuple[str, Callable[[], None]]:
    """A fresh database: a SQLite file, or a new schema on PostgreSQL (dropped afterwards)."""
    if kind == "sqlite":
        return f"sqlite:///{tmp / 'load.db'}", lambda: None
    from sqlalchemy import create_engine, text

    url = PG_DEFAULT if kind == "postgresql" else kind
    admin = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    schema = f"st_load_{uuid.uuid4().hex[:10]}"
    with admin.begin() as c:
        c.execute(text(f'create schema "{schema}"'))

    def drop() -> None:
        with admin.begin() as c:
            c.execute(text(f'drop schema "{schema}" cascade'))
        admin.dispose()

    sep = "&" if "?" in url else "?"
    return f"{url}{sep}options=-csearch_path%3D{schema}", drop


def show(r: dict[str, Any]) -> str:
    s = r["server_latency_ms"]
    rt = r["round_trip_ms"]
    gc_max = max((g["max_ms"] for g in r["gc_pauses"].values()), default=0.0)
    return (
        f"{r['db']}: {r['tables_live']}/{r['tables']} tables live ({r['realtime_tables']} real "
        f"time), {r['achieved_rate']}/{r['rate']} decisions/s; server p50 {s['p50']} ms, p99 "
        f"{s['p99']} ms, max {s['max']} ms; round trip p99 {rt['p99']} ms; errors "
        f"{r['errors']}, lost {r['lost_decisions']}; longest collector pause {gc_max} ms; "
        f"within goal: {r['within_goal']}"
    )


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--serve":
        flags = sys.argv[5:]
        serve(
            sys.argv[2],
            sys.argv[3],
            sys.argv[4],
            "--with-profile" in flags,
            "--deflate" in flags,
            "--python-gc" in flags,
        )
        return
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--tables", type=int, default=1000)
    ap.add_argument(
        "--realtime", type=int, default=20, help="real-time Spacedealer tables among them"
    )
    ap.add_argument("--rate", type=float, default=200.0, help="decisions a second, all clients")
    ap.add_argument("--duration", type=float, default=60.0, help="seconds measured")
    ap.add_argument("--db", default="sqlite", help="sqlite, postgresql, or a postgresql:// URL")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", action="store_true", help="profile the server's event loop")
    ap.add_argument(
        "--deflate", action="store_true", help="compress WebSocket messages (permessage-deflate)"
    )
    ap.add_argument(
        "--python-gc",
        action="store_true",
        help="leave Python's garbage collector as it is (no spacetable.web.collector)",
    )
    ap.add_argument("--find", action="store_true", help="raise the rate until the goal fails")
    ap.add_argument("--json", help="append the results to this JSON file")
    args = ap.parse_args()
    results = []
    if args.find:
        rate = args.rate
        while True:
            args.rate = rate
            r = run(args)
            print(show(r), flush=True)
            results.append(r)
            if not r["within_goal"]:
                break
            rate *= 1.5
    else:
        r = run(args)
        print(show(r), flush=True)
        if args.profile:
            print(r["profile"])
        results.append(r)
    if args.json:
        path = Path(args.json)
        old = json.loads(path.read_text()) if path.exists() else []
        path.write_text(json.dumps(old + results, indent=1) + "\n")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
