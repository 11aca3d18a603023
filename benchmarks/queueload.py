"""Load test of play now with accounts: many accounts, many of them in the queues, and the
rated tables their matches make played over real WebSockets.

    python benchmarks/queueload.py --accounts 10000 --queued 1000 --db postgresql
    python benchmarks/queueload.py --db sqlite --queued 200 --play 30 --json out.json

The database is seeded directly (this is the load's set-up, not what is measured):
``--accounts`` accounts (one argon2id hash shared by all: hashing 10,000 passwords would
measure argon2), ratings in each game for most of them (μ drawn around 25, so that the
matching's rating gap matters), and a session for each of the ``--queued`` people who join.
The server is the instrumented one of ``benchmarks/webload.py`` (its own process, the JSON
API's rate limit lifted). Then, ``--join-rate`` a second, each of the ``--queued`` people
joins a queue (one of the turn-based games, two or three players, live or over days,
English or French) and asks where it stands every second, as the lobby does; after 30
seconds unmatched, it asks for bots. Once matched, it plays its seat at the table (random
legal actions, all the people together at most ``--rate`` decisions a second) for
``--play`` seconds.

Measured:
- *matching time*: from a person's join to the creation of their table (the table's
  ``created_at``, one clock on one machine), and as the page sees it (to the answer that
  says ``matched``, which the once-a-second asking delays);
- the queue's requests (join, ask) in the client: p50 and p99;
- the *server latency* of the matched tables' decisions (the web goal's figure, measured in
  the server as ``benchmarks/webload.py`` does: p99 at most 50 ms) and the round trip of an
  act in the client;
- errors (refused requests, ``error`` messages other than a stale act), people never
  matched, matches with bots.
Results: ``benchmarks/QUEUELOAD.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
import webload

GAMES = ("wildspace", "quazarys", "planetraiders", "tortuga2199")
OPTIONS_NOTE = "the games' default options (no round limit)"


def seed(db: str, accounts: int, queued: int, rng: random.Random) -> list[tuple[str, str]]:
    """Accounts, ratings and the queued people's sessions; returns (name, session id) of
    each queued person."""
    from sqlalchemy import insert

    from spacetable.web.accounts import Passwords, csrf_token, name_key, new_session_id
    from spacetable.web.accounts import session_hash as sh
    from spacetable.web.models import AccountRow, RatingRow, SessionRow
    from spacetable.web.ratings import MAIN, shown
    from spacetable.web.storage import Storage

    del csrf_token
    storage = Storage(db)
    storage.migrate()
    hashed = Passwords().hash("a password of the load test")
    now = time.time()
    rows = [
        {
            "id": f"acct{i:06d}",
            "name": f"player{i:05d}",
            "name_key": name_key(f"player{i:05d}"),
            "password_hash": hashed,
            "created_at": now,
            "password_at": now,
            "is_admin": False,
        }
        for i in range(accounts)
    ]
    ratings = []
    for i in range(accounts):
        for g in GAMES:
            if rng.random() < 0.7:
                mu, sigma = rng.gauss(25.0, 4.0), rng.uniform(2.0, 6.0)
                ratings.append(
                    {
                        "account_id": f"acct{i:06d}",
                        "game": g,
                        "pool": MAIN,
                        "mu": mu,
                        "sigma": sigma,
                        "shown": shown(mu, sigma),
                        "games": rng.randrange(1, 50),
                        "updated_at": now,
                    }
                )
    people = [(f"player{i:05d}", new_session_id()) for i in rng.sample(range(accounts), queued)]
    sessions = [
        {
            "id_hash": sh(sid),
            "account_id": f"acct{int(name[6:]):06d}",
            "created_at": now,
            "seen_at": now,
            "expires_at": now + 86400,
        }
        for name, sid in people
    ]
    with storage.engine.begin() as c:
        for table, batch in ((AccountRow, rows), (RatingRow, ratings), (SessionRow, sessions)):
            for k in range(0, len(batch), 2000):
                c.execute(insert(table), batch[k : k + 2000])
    storage.close()
    return people


class Pacer:
    """At most ``rate`` decisions a second, all the people together."""

    def __init__(self, rate: float) -> None:
        self.gap = 1.0 / rate
        self.next = time.monotonic()
        self.lock = asyncio.Lock()

    async def wait(self) -> None:
        async with self.lock:
            now = time.monotonic()
            self.next = max(self.next + self.gap, now)
            delay = self.next - now
        if delay > 0:
            await asyncio.sleep(delay)


async def person(
    base: str,
    name: str,
    sid: str,
    start: float,
    rng: random.Random,
    pacer: Pacer,
    play_until: list[float],
    out: dict[str, Any],
) -> None:
    from spacetable.web.accounts import COOKIE, csrf_token

    await asyncio.sleep(max(0.0, start - time.monotonic()))
    headers = {"cookie": f"{COOKIE}={sid}", "x-csrf-token": csrf_token(sid)}
    want = {
        "game": rng.choice(GAMES),
        "players": 2 if rng.random() < 0.8 else 3,
        "pace": "live" if rng.random() < 0.8 else "days",
        "lang": "en" if rng.random() < 0.7 else "fr",
    }
    async with httpx.AsyncClient(base_url=base, timeout=30, headers=headers) as c:

        async def ask(method: str, path: str, **kw: Any) -> httpx.Response:
            """A request timed; one that a connection closed under it is sent again, as a
            page's next ask would be (counted apart: ``dropped``)."""
            t0 = time.perf_counter()
            for attempt in (0, 1):
                try:
                    r = await c.request(method, path, **kw)
                    break
                except httpx.TransportError:
                    out["dropped"] += 1
                    if attempt:
                        raise
            out["requests"].append(time.perf_counter() - t0)
            return r

        joined = time.time()
        r = await ask("POST", "/api/queue", json=want)
        if r.status_code != 201:
            out["errors"].append(f"join {r.status_code} {r.text[:100]}")
            return
        asked_bots = False
        while True:
            await asyncio.sleep(1.0)
            r = await ask("GET", "/api/queue")
            got = r.json() if r.status_code == 200 else {}
            if r.status_code != 200 or not got.get("queued"):
                out["errors"].append(f"ask {r.status_code} {r.text[:100]}")
                return
            if "matched" in got:
                break
            if got.get("may_fill_with_bots") and not asked_bots:
                asked_bots = True
                await ask("POST", "/api/queue/bots")
            if time.time() - joined > 120:
                out["unmatched"] += 1
                return
        seen = time.time()
        table, seat = got["matched"]["table"], got["matched"]["seat"]
        info = (await ask("GET", f"/api/tables/{table}")).json()
        out["matched"].append(info["created_at"] - joined)
        out["matched_seen"].append(seen - joined)
        out["with_bots"] += any(s["kind"] == "bot" for s in info["seats"]) and seat == 0
        out["tables"].add(table)
    if play_until[0] <= 0:
        return
    await play(base, table, seat, headers, pacer, play_until, out, rng)


async def play(
    base: str,
    table: str,
    seat: int,
    headers: dict[str, str],
    pacer: Pacer,
    play_until: list[float],
    out: dict[str, Any],
    rng: random.Random,
) -> None:
    ws_url = base.replace("http://", "ws://") + f"/ws/tables/{table}"
    async with websockets.connect(
        ws_url, additional_headers={"cookie": headers["cookie"]}, max_size=1 << 24
    ) as ws:
        await ws.send(json.dumps({"type": "hello", "version": 1, "seat": seat}))
        sent: dict[int, float] = {}
        while time.monotonic() < play_until[0]:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 5))
            except TimeoutError:
                continue
            if msg["type"] == "error":
                if msg.get("code") != "stale":
                    out["errors"].append(f"ws {msg.get('code')}")
                continue
            if msg["type"] == "end":
                return
            if msg["type"] != "state":
                continue
            step = msg["step"]
            for k in [k for k in sent if k < step]:
                out["round_trip"].append(time.perf_counter() - sent.pop(k))
            if msg["legal"] and not msg["over"]:
                await pacer.wait()
                action = rng.choice(msg["legal"])["action"]
                sent[step] = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": action, "step": step}))


async def clients(args: argparse.Namespace, base: str, people: list[tuple[str, str]]) -> Any:
    rng = random.Random(args.seed)
    out: dict[str, Any] = {
        "requests": [],
        "matched": [],
        "matched_seen": [],
        "round_trip": [],
        "errors": [],
        "unmatched": 0,
        "dropped": 0,
        "with_bots": 0,
        "tables": set(),
    }
    pacer = Pacer(args.rate)
    t0 = time.monotonic()
    # the play ends --play seconds after the last join (people joined later play less)
    play_until = [t0 + len(people) / args.join_rate + args.play if args.play > 0 else 0.0]
    await asyncio.gather(
        *(
            person(
                base,
                name,
                sid,
                t0 + i / args.join_rate,
                random.Random(rng.random()),
                pacer,
                play_until,
                out,
            )
            for i, (name, sid) in enumerate(people)
        )
    )
    return out


def run(args: argparse.Namespace) -> dict[str, Any]:
    webload._raise_fd_limit()
    tmp = Path(tempfile.mkdtemp(prefix="spacetable-queueload-"))
    db, cleanup = webload.database_url(args.db, tmp)
    rng = random.Random(args.seed)
    t = time.perf_counter()
    people = seed(db, args.accounts, args.queued, rng)
    seeded = time.perf_counter() - t
    server_args = argparse.Namespace(profile=args.profile, deflate=False, python_gc=False)
    server = webload.launch(server_args, db, tmp, 0)
    try:
        base = webload.wait_started([server])[0]
        out = asyncio.run(clients(args, base, people))
    finally:
        webload.stop_servers([server])
        cleanup()
    stats = json.loads(server.stats_file.read_text())
    lat = stats["latencies"]
    summ = webload.summary
    result = {
        "db": "sqlite" if db.startswith("sqlite") else "postgresql",
        "accounts": args.accounts,
        "queued": args.queued,
        "join_rate": args.join_rate,
        "rate": args.rate,
        "play": args.play,
        "seeded_seconds": round(seeded, 1),
        "matching_ms": summ(out["matched"]),
        "matching_seen_ms": summ(out["matched_seen"]),
        "queue_requests_ms": summ(out["requests"]),
        "server_latency_ms": summ(lat),
        "round_trip_ms": summ(out["round_trip"]),
        "tables": len(out["tables"]),
        "with_bots": out["with_bots"],
        "unmatched": out["unmatched"],
        "dropped_connections": out["dropped"],
        "errors": len(out["errors"]),
        "first_errors": out["errors"][:5],
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "db_calls": webload.db_calls(stats),
        "profile": stats.get("profile"),
    }
    p99 = result["server_latency_ms"]["p99"]
    result["within_web_goal"] = bool(
        (p99 is None or p99 <= webload.GOAL_P99_MS) and result["errors"] == 0
    )
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--accounts", type=int, default=10_000)
    ap.add_argument("--queued", type=int, default=1_000)
    ap.add_argument("--join-rate", type=float, default=50.0, help="joins a second")
    ap.add_argument("--rate", type=float, default=200.0, help="decisions a second, all people")
    ap.add_argument("--play", type=float, default=60.0, help="seconds of play after the joins")
    ap.add_argument("--db", default="postgresql", help="sqlite, postgresql, or a URL")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", help="write the result to this JSON file")
    ap.add_argument("--profile", action="store_true", help="profile the server's event loop")
    args = ap.parse_args()
    result = run(args)
    print(json.dumps(result, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
