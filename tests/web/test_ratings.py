"""Ratings (``spacetable.web.ratings``): OpenSkill's Plackett-Luce updates for 2 to 8
players and for teams, ties, bots as fixed anchors, solo games rated apart; the storage rates
finished games in an order that does not hang on which was committed first; a whole rated
game between two accounts over a real server moves both ratings and the leaderboard."""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import httpx
import pytest
import websockets
from openskill.models import PlackettLuce

from spacetable.web.accounts import COOKIE
from spacetable.web.ratings import (
    MU,
    SIGMA,
    FinishedTable,
    RatedSeat,
    Rating,
    anchors,
    rate,
    read_anchors,
    shown,
)
from spacetable.web.storage import Append, Decision, SeatRecord, Storage, TableRecord

from .conftest import Server, start_server
from .test_accounts import client, csrf, signup


def _table(
    game: str,
    ranks: list[int],
    seats: list[RatedSeat],
    options: dict[str, Any] | None = None,
    others: dict[str, float] | None = None,
) -> FinishedTable:
    outcome: dict[str, Any] = {"ranks": ranks, "scores": [0.0] * len(ranks)}
    if others:
        outcome["others"] = others
    return FinishedTable("t1", game, len(seats), options or {}, outcome, seats, 0.0)


def _people(n: int) -> list[RatedSeat]:
    return [RatedSeat(i, "human", None, f"acc{i}") for i in range(n)]


@pytest.mark.parametrize("players", range(2, 6))
def test_updates_equal_the_librarys_for_every_player_count_with_ties(players: int) -> None:
    """Wild Space seats 2 to 5, the most of any game here (no game seats 6 to 8)."""
    rng = random.Random(players)
    current = {
        f"acc{i}": Rating(rng.uniform(15, 35), rng.uniform(2, 8), rng.randrange(20))
        for i in range(players)
        if i % 3  # some accounts are new
    }
    ranks = [rng.randint(1, players - 1) for _ in range(players)]  # a tie at least
    model = PlackettLuce(mu=MU, sigma=SIGMA)
    before = [current.get(f"acc{i}") or Rating(MU, SIGMA) for i in range(players)]
    want = model.rate(
        [[model.rating(mu=r.mu, sigma=r.sigma)] for r in before], ranks=[float(r) for r in ranks]
    )
    got = rate(_table("wildspace", ranks, _people(players)), current)
    assert got.unrated is None and got.pool == "main"
    assert [c.seat for c in got.changes] == list(range(players))
    for c, w, b, r in zip(got.changes, want, before, ranks, strict=True):
        assert (c.after.mu, c.after.sigma) == pytest.approx((w[0].mu, w[0].sigma), abs=1e-12)
        assert c.before == b and c.after.games == b.games + 1 and c.rank == r


def test_a_two_player_draw_moves_equal_ratings_nowhere_and_a_win_moves_them_apart() -> None:
    draw = rate(_table("tortuga2199", [1, 1], _people(2)), {})
    a, b = draw.changes
    assert a.after.mu == pytest.approx(MU) and b.after.mu == pytest.approx(MU)
    assert a.after.sigma < SIGMA
    win = rate(_table("tortuga2199", [1, 2], _people(2)), {})
    assert win.changes[0].after.mu > MU > win.changes[1].after.mu


def test_planet_raiders_teams_are_rated_as_teams() -> None:
    seats = _people(4)
    current = {"acc0": Rating(30, 4), "acc1": Rating(20, 6), "acc2": Rating(25, 3)}
    got = rate(_table("planetraiders", [1, 2, 1, 2], seats, {"teams": True}), current)
    model = PlackettLuce(mu=MU, sigma=SIGMA)
    r = [current.get(f"acc{i}") or Rating(MU, SIGMA) for i in range(4)]
    rt = [model.rating(mu=x.mu, sigma=x.sigma) for x in r]
    want = model.rate([[rt[0], rt[2]], [rt[1], rt[3]]], ranks=[1.0, 2.0])
    by_seat = {c.seat: c.after for c in got.changes}
    for seat, w in ((0, want[0][0]), (2, want[0][1]), (1, want[1][0]), (3, want[1][1])):
        assert (by_seat[seat].mu, by_seat[seat].sigma) == pytest.approx((w.mu, w.sigma))
    # the same seats without teams: four sides, another result
    alone = rate(_table("planetraiders", [1, 2, 1, 2], seats, {"teams": False}), current)
    assert {c.seat: c.after.mu for c in alone.changes} != {s: a.mu for s, a in by_seat.items()}


def test_bots_are_fixed_anchors_and_a_lone_player_is_rated_against_them() -> None:
    seats = [RatedSeat(0, "human", None, "me"), RatedSeat(1, "bot", "hard", None)]
    hard = anchors()[("tortuga2199", "hard")]
    got = rate(_table("tortuga2199", [1, 2], seats), {})
    (me,) = got.changes  # the bot's rating is not changed: it has none to keep
    model = PlackettLuce(mu=MU, sigma=SIGMA)
    want = model.rate(
        [[model.rating()], [model.rating(mu=hard.mu, sigma=hard.sigma)]], ranks=[1.0, 2.0]
    )
    assert me.after.mu == pytest.approx(want[0][0].mu)
    # beating the hard bot gains more than beating the random one
    weak = [RatedSeat(0, "human", None, "me"), RatedSeat(1, "bot", "random", None)]
    assert rate(_table("tortuga2199", [1, 2], weak), {}).changes[0].after.mu < me.after.mu
    # a level with no anchor in a game makes the table count for nothing
    none = [RatedSeat(0, "human", None, "me"), RatedSeat(1, "bot", "learned", None)]
    assert rate(_table("planetraiders", [1, 2], none), {}).unrated == "no_anchor"


def test_solo_wild_space_is_rated_apart_per_difficulty_against_the_contrebandier() -> None:
    me = [RatedSeat(0, "human", None, "me")]
    won = rate(_table("wildspace", [1], me, {"difficulty": "hard"}, {"Contrebandier": 30}), {})
    lost = rate(_table("wildspace", [2], me, {"difficulty": "easy"}, {"Contrebandier": 40}), {})
    assert won.pool == "solo-hard" and lost.pool == "solo-easy"
    assert won.changes[0].after.mu > MU > lost.changes[0].after.mu


def test_guests_and_one_account_at_two_seats_are_not_rated() -> None:
    guest = [RatedSeat(0, "human", None, "a"), RatedSeat(1, "human", None, None)]
    assert rate(_table("tortuga2199", [1, 2], guest), {}).unrated == "guest"
    twice = [RatedSeat(0, "human", None, "a"), RatedSeat(1, "human", None, "a")]
    assert rate(_table("tortuga2199", [1, 2], twice), {}).unrated == "same_account"
    bots = [RatedSeat(0, "bot", "easy", None), RatedSeat(1, "bot", "hard", None)]
    assert rate(_table("tortuga2199", [1, 2], bots), {}).unrated == "no_account"


def test_the_number_shown_starts_at_1000() -> None:
    assert shown(MU, SIGMA) == 1000
    assert Rating(30.0, 2.0).shown == 1000 + (40 * 24)


def test_a_broken_anchor_row_is_named_with_its_field() -> None:
    head = "game,level,mu,sigma,provenance,source\n"
    with pytest.raises(ValueError, match=r"row 2, field 'sigma'"):
        read_anchors(head + "wildspace,hard,30,-1,measured,x\n")
    with pytest.raises(ValueError, match=r"row 3, field 'level': 'hard' is given twice"):
        read_anchors(head + "wildspace,hard,30,1,measured,x\nwildspace,hard,31,1,measured,y\n")
    assert len(anchors()) >= 20


# ---------------------------------------------------------------- the storage
def _finished(s: Storage, tid: str, accounts: list[str], ranks: list[int], at: float) -> None:
    rec = TableRecord(
        id=tid,
        game="tortuga2199",
        players=2,
        seed=1,
        options={},
        data_name=None,
        data_digest=None,
        status="running",
        speed=1.0,
        bot_delay=0.0,
        host_hash="0" * 64,
        title="",
        created_at=at - 60,
        seats=[SeatRecord(i, "human", None, None, f"P{i}", True) for i in range(2)],
        rated=True,
    )
    s.create_table(rec)
    for i, a in enumerate(accounts):
        s.link_seat(tid, i, a)
    d = Decision(0, 0, {"pass": True}, None, 0.0, at)
    s.append_many([Append(tid, (d,), None, {"ranks": ranks, "scores": [0, 0]})])


def _accounts(s: Storage, names: list[str]) -> list[str]:
    from spacetable.web.storage import AccountRecord

    ids = []
    for n in names:
        s.create_account(AccountRecord(f"id-{n}", n, n.lower(), "x", 0.0, 0.0))
        ids.append(f"id-{n}")
    return ids


def _ratings(s: Storage, ids: list[str]) -> list[tuple[float, float, int]]:
    out = []
    for a in ids:
        (r,) = s.ratings(a)
        out.append((round(r["mu"], 12), round(r["sigma"], 12), r["games"]))
    return out


def test_games_ending_in_one_second_are_rated_alike_whichever_was_committed_first(
    db_url: str,
) -> None:
    """Three accounts, two games finished in the same second (A beats B; B beats C):
    committed in either order, the ratings are the same (rated in table id order once the
    second is over); a game of a second not yet over waits."""
    second = float(int(time.time()) - 10)
    results = []
    for order in ((0, 1), (1, 0)):
        s = Storage(db_url)
        s.migrate()
        with s.engine.begin() as c:  # the same database for both orders: start empty
            for t in ("st_rating_history", "st_ratings", "st_seats", "st_decisions"):
                c.exec_driver_sql(f"DELETE FROM {t}")
            c.exec_driver_sql("DELETE FROM st_tables")
            c.exec_driver_sql("DELETE FROM st_accounts")
        ids = _accounts(s, ["Ana", "Ben", "Cid"])
        games = [("tA", [ids[0], ids[1]], [1, 2], 0.7), ("tB", [ids[1], ids[2]], [1, 2], 0.2)]
        for i in order:
            tid, accs, ranks, frac = games[i]
            _finished(s, tid, accs, ranks, second + frac)
        assert s.rate_pending(second) == []  # that second is not over
        done = s.rate_pending(second + 1)
        assert [tid for tid, _ in done] == ["tA", "tB"]
        assert s.rate_pending(second + 1) == []  # each once
        results.append(_ratings(s, ids))
        rec = s.table("tA")
        assert rec is not None and rec.rated_at is not None and rec.ratings is not None
        assert set(rec.ratings["seats"]) == {"0", "1"}
        board = s.leaderboard("tortuga2199", "main")
        assert [e["name"] for e in board] == ["Ana", "Ben", "Cid"]
        assert [e["rank"] for e in board] == [1, 2, 3]
        s.delete_account(ids[0])  # a deleted account's ratings go with it
        assert s.ratings(ids[0]) == [] and len(s.leaderboard("tortuga2199", "main")) == 2
        s.close()
    assert results[0] == results[1]
    assert results[0][1][2] == 2  # Ben played both


# ---------------------------------------------------------------- over a real server
def _hello(server: Server, table: str, token: str, sid: str | None) -> Any:
    async def go() -> dict[str, Any]:
        headers = {"cookie": f"{COOKIE}={sid}"} if sid else {}
        async with websockets.connect(
            f"{server.ws_base}/ws/tables/{table}", additional_headers=headers
        ) as ws:
            await ws.send(json.dumps({"type": "hello", "version": 1, "token": token}))
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 20))
                if msg["type"] in ("welcome", "error"):
                    return dict(msg)

    return asyncio.run(go())


async def _play_to_end(server: Server, table: str, sids: list[str]) -> None:
    """Both accounts play their seats (held by their sessions) with random moves."""
    rng = random.Random(7)
    conns = []
    for seat, sid in enumerate(sids):
        ws = await websockets.connect(
            f"{server.ws_base}/ws/tables/{table}",
            additional_headers={"cookie": f"{COOKIE}={sid}"},
            max_size=1 << 24,
        )
        await ws.send(json.dumps({"type": "hello", "version": 1, "seat": seat}))
        conns.append(ws)

    async def play(ws: Any) -> None:
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if msg["type"] == "end":
                return
            if msg["type"] == "state" and msg["legal"] and not msg["over"]:
                action = rng.choice(msg["legal"])["action"]
                await ws.send(json.dumps({"type": "act", "action": action, "step": msg["step"]}))

    await asyncio.gather(*(play(ws) for ws in conns))
    for ws in conns:
        await ws.close()


def test_a_rated_game_between_two_accounts_moves_their_ratings_and_the_leaderboard(
    db_url: str,
) -> None:
    server = start_server(db_url)
    try:
        with client(server) as ada, client(server) as bob, client(server) as guest:
            signup(ada, "Ada")
            signup(bob, "Bob")
            body = {
                "game": "tortuga2199",
                "players": 2,
                "options": {"round_limit": 1},
                "seats": [{"kind": "human"}, {"kind": "human"}],
                "bot_delay": 0.0,
                "rated": True,
            }
            # a guest cannot create a rated table; a rated table gives no hints
            refused = guest.post("/api/tables", json=body)
            assert refused.status_code == 403
            assert refused.json()["error"]["code"] == "account_needed"
            hinted = ada.post("/api/tables", json={**body, "hints": True}, headers=csrf(ada))
            assert hinted.status_code == 400
            made = ada.post("/api/tables", json=body, headers=csrf(ada))
            assert made.status_code == 201, made.text
            t = made.json()
            tid, tokens = t["id"], [s["token"] for s in t["seats"]]
            assert t["table"]["rated"] is True and t["table"]["hints"] is False
            # a guest with the invitation link is refused the seat, by the API and the socket
            join = guest.post(f"/api/tables/{tid}/join", json={"token": tokens[1], "name": "G"})
            assert join.status_code == 403 and join.json()["error"]["code"] == "account_needed"
            socket = _hello(server, tid, tokens[1], None)
            assert socket["type"] == "error" and socket["code"] == "account_needed"
            # the two accounts take their seats, and the host starts
            assert _hello(server, tid, tokens[0], ada.cookies[COOKIE])["type"] == "welcome"
            assert _hello(server, tid, tokens[1], bob.cookies[COOKIE])["type"] == "welcome"
            start = ada.post(
                f"/api/tables/{tid}/start", json={"host_token": t["host_token"]}, headers=csrf(ada)
            )
            assert start.status_code == 200, start.text
            asyncio.run(_play_to_end(server, tid, [ada.cookies[COOKIE], bob.cookies[COOKIE]]))
            # rated once the second it ended in is over
            deadline = time.monotonic() + 15
            while True:
                got = ada.get(f"/api/tables/{tid}/ratings").json()
                if got["ratings"] is not None or time.monotonic() > deadline:
                    break
                time.sleep(0.2)
            assert got["rated"] is True and got["ratings"]["unrated"] is None, got
            info = ada.get(f"/api/tables/{tid}").json()
            ranks = info["outcome"]["ranks"]
            seats = got["ratings"]["seats"]
            assert set(seats) == {"0", "1"}
            for seat in (0, 1):
                before, after = seats[str(seat)]["before"], seats[str(seat)]["after"]
                assert before == 1000
                if ranks[seat] < ranks[1 - seat]:
                    assert after > before
            board = ada.get("/api/leaderboards/tortuga2199").json()["entries"]
            assert sorted(e["name"] for e in board) == ["Ada", "Bob"]
            assert all(e["games"] == 1 for e in board)
            assert board[0]["rating"] >= board[1]["rating"]
            pools = ada.get("/api/leaderboards").json()["pools"]
            assert {"game": "tortuga2199", "pool": "main", "players": 2} in pools
            profile = guest.get("/api/players/ada").json()  # a name as typed, any case
            assert profile["name"] == "Ada" and profile["played"] == 1
            (rating,) = profile["ratings"]
            assert rating["game"] == "tortuga2199" and len(rating["history"]) == 1
            assert profile["finished"][0]["table"]["id"] == tid
            assert profile["finished"][0]["rank"] == ranks[0]
            text = json.dumps(profile)
            assert '"seed"' not in text and not any(tok in text for tok in tokens)
            assert t["host_token"] not in text
            assert guest.get("/api/players/nobody").status_code == 404
            assert guest.get("/api/leaderboards/chess").status_code == 404
            exported = ada.get("/api/account/export").json()
            assert exported["ratings"][0]["rating"] == rating["rating"]
    finally:
        server.stop()


def test_an_unrated_table_rates_nobody(db_url: str) -> None:
    server = start_server(db_url)
    try:
        with client(server) as ada:
            signup(ada, "Ada")
            made = ada.post(
                "/api/tables",
                json={
                    "game": "tortuga2199",
                    "players": 2,
                    "options": {"round_limit": 1},
                    "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
                    "bot_delay": 0.0,
                },
                headers=csrf(ada),
            ).json()
            assert made["table"]["rated"] is False and made["table"]["hints"] is True
            got = httpx.get(f"{server.base}/api/tables/{made['id']}/ratings").json()
            assert got == {"rated": False, "ratings": None}
    finally:
        server.stop()
