"""The web app's table features on every one of the five games (issue 20): "every feature works
in the browser for every game".

For each game (Spacedealer both in real time and in ``mode=ticks``), on a real server with
real WebSockets, on SQLite and PostgreSQL: every seat held by people, seat 0 by two of them
(a shared seat link) and a spectator watching; a decision is taken back from the *second*
holder of seat 0 and every connection gets the state before it; seat 0's chat reaches its two
holders only; the game is played to its end and every message each connection received is
checked against the engine (:mod:`.leakcheck`); then the replay API's frames of the finished
table, for each seat and the public view, are the engine played back to those steps. In real
time an undo is refused once game time has passed, and nothing changes.

Turn clocks on every turn-based game: a seat whose person does nothing is played by the
takeover bot, everybody is told, and its person comes back and plays again.

In headless Chromium, for each game: a decision through the action list, Undo, the step back;
the game finished over WebSockets; the replay page stepped forward and back and following a
seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

import spacetable
from spacetable.web.live import restore_game
from spacetable.web.storage import Decision, Storage

from . import loopback
from .conftest import Client, Server, connect, create, run_async
from .leakcheck import check_messages, check_undo_messages
from .test_accounts_browser import welcomed
from .test_e2e import browser, capture
from .test_replay import check_frame, frame

__all__ = ["browser"]  # the module's Chromium, a fixture

Script = list[tuple[str, int, Any]]


@dataclass(frozen=True)
class Variant:
    """A game as the tests play it: its players and short options; ``speed`` in real time."""

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    speed: float | None = None

    @property
    def id(self) -> str:
        return f"{self.game}-realtime" if self.speed is not None else str(self.game)

    @property
    def realtime(self) -> bool:
        return self.speed is not None

    def create(
        self, server: Server, short: bool = True, start: bool = True, **kw: Any
    ) -> dict[str, Any]:
        """A table whose seats are all people's, started (``start``), with the short options
        (``short``) or the game's defaults (but its mode)."""
        seats = [{"kind": "human", "name": f"P{i}"} for i in range(self.players)]
        speed = {"speed": self.speed} if self.speed is not None else {}
        options = (
            self.options if short else {k: self.options[k] for k in ("mode",) if k in self.options}
        )
        return create(server.base, self.game, seats, options=options, start=start, **speed, **kw)


VARIANTS = [
    Variant("wildspace", 2),
    Variant("quazarys", 2, {"round_limit": 30}),
    Variant("planetraiders", 2, {"round_limit": 2}),
    Variant("tortuga2199", 2, {"round_limit": 1}),
    Variant("spacedealer", 3, {"mode": "ticks", "length": 120}),
    Variant("spacedealer", 3, {"length": 120}, speed=40.0),
]
TURN_BASED = [v for v in VARIANTS if not v.realtime]
IDS = [v.id for v in VARIANTS]


def _stored(db_url: str, tid: str) -> tuple[list[Decision], dict[str, Any]]:
    """The stored decisions of a table and its record (the game played back)."""
    storage = Storage(db_url)
    try:
        rec = storage.table(tid)
        assert rec is not None
        return storage.decisions(tid), restore_game(storage, rec).record()
    finally:
        storage.close()


async def _state(c: Client, step: int) -> dict[str, Any]:
    return await c.until(lambda m: m["type"] == "state" and m["step"] == step)


def _chats(c: Client) -> list[dict[str, Any]]:
    return [m for m in c.received if m["type"] == "chat"]


async def _check_seat_chat(seats: list[Client], second: Client, spec: Client) -> None:
    """Seat 0's room reaches its two holders and nobody else; the table's room everybody."""
    await seats[0].send({"type": "chat", "text": "take the comet", "scope": "seat"})
    for c in (seats[0], second):
        m = await c.until(lambda m: m["type"] == "chat")
        assert (m["scope"], m["seat"], m["text"]) == ("seat", 0, "take the comet")
    await seats[1].send({"type": "chat", "text": "good game"})  # after seat 0's, in order
    for c in (*seats, second, spec):
        m = await c.until(lambda m: m["type"] == "chat")
        assert (m["scope"], m["seat"], m["text"]) == ("table", 1, "good game")
    for c in (*seats[1:], spec):
        assert [m["text"] for m in _chats(c)] == ["good game"]


def _check_replay(server: Server, db_url: str, tid: str, players: int, steps: list[int]) -> None:
    """The replay API's frames of a finished table at ``steps`` (and its two ends), for every
    seat and the public view: exactly the engine played back to that step from that seat."""
    _, record = _stored(db_url, tid)
    n = len(record["entries"])
    for step in sorted({0, *steps, n // 2, n}):
        g = spacetable.replay(record, upto=step)
        for seat in [None, *range(players)]:
            lang = "fr" if step % 2 else "en"
            params: dict[str, Any] = {"lang": lang}
            if seat is not None:
                params["seat"] = seat
            r = frame(server, tid, step, **params)
            assert r.status_code == 200, r.text
            f = r.json()
            check_frame(f, g, step, n, seat, lang)
            assert f["legal"] == [] and f["over"] == (step == n)
            if step < n:
                entry = record["entries"][step]
                assert f["next"]["seat" if "seat" in entry else "advance"] == entry.get(
                    "seat", entry.get("advance")
                )


# ---------------------------------------------------------------- WebSockets, every game
@pytest.mark.parametrize("v", VARIANTS, ids=IDS)
def test_undo_shared_seat_chat_and_replay(server: Server, db_url: str, v: Variant) -> None:
    # A deal may give seat 0 no decision it can take back before a short game ends (every
    # one of them reveals something, or the other seat acts after it: 5 Tortuga deals in 300
    # of one round): the check is then played on a new table, at most three.
    for _ in range(3):
        if _undo_shared_seat_chat_and_replay(server, db_url, v):
            return
    raise AssertionError("seat 0 never could undo, in three games")


def _undo_shared_seat_chat_and_replay(server: Server, db_url: str, v: Variant) -> bool:
    """Play a table of ``v`` with seat 0 shared by two connections and a spectator: seat 0's
    second holder takes a decision back, seat chat is checked, the game is played to its
    end and replayed. False when seat 0 never could take a decision back (and nothing was
    checked)."""
    t = v.create(server)
    tid = t["id"]
    tokens = [s["token"] for s in t["seats"]]
    script: Script = []
    rng = random.Random(20)
    checked_steps: list[int] = []
    could_undo = True

    async def turns(seats: list[Client], everyone: list[Client]) -> None:
        nonlocal could_undo

        async def at(step: int) -> list[dict[str, Any]]:
            return [await _state(c, step) for c in everyone]

        async def act(latest: list[dict[str, Any]]) -> list[dict[str, Any]]:
            mover = latest[0]["view"]["to_act"][0]
            m = latest[mover]
            action = rng.choice(m["legal"])["action"]
            await seats[mover].send({"type": "act", "action": action, "step": m["step"]})
            script.append(("act", mover, action))
            return await at(m["step"] + 1)

        latest = [await c.seen(lambda m: m["type"] == "state") for c in everyone]
        before = latest
        # on until seat 0 may take a decision back
        while not latest[0]["undoable"]:
            if latest[0]["over"]:
                could_undo = False
                return
            assert latest[0]["step"] < 300, "seat 0 never could undo"
            before, latest = latest, await act(latest)
        step = latest[0]["step"]
        assert latest[0]["undoable"] >= 1 and latest[-2]["undoable"] == latest[0]["undoable"]
        assert latest[-1]["undoable"] == 0  # the spectator
        # seat 0's second holder takes it back: every connection gets the state before it
        second = everyone[-2]
        await second.send({"type": "undo", "step": step})
        script.append(("undo", 0, 1))
        undone = await at(step - 1)
        for now, then in zip(undone, before, strict=True):
            assert now["view"] == then["view"] and now["legal"] == then["legal"]
            assert now["undoable"] == then["undoable"] and now["log"]["from"] == 0
        assert undone[-2]["view"] == undone[0]["view"] and undone[-2]["legal"] == undone[0]["legal"]
        info = loopback.get(f"{server.base}/api/tables/{tid}", timeout=30).json()
        assert info["steps"] == step - 1
        checked_steps.extend([step - 1, step])
        await _check_seat_chat(seats, second, everyone[-1])
        latest = undone
        while not latest[0]["over"]:
            latest = await act(latest)

    async def realtime(seats: list[Client], everyone: list[Client]) -> None:
        second = everyone[-2]
        st = await seats[0].seen(lambda m: m["type"] == "state" and m["legal"])
        action = st["legal"][0]["action"]
        await seats[0].send({"type": "act", "action": action})
        # the decision is in (and may be taken back) until game time passes
        acted = await second.until(lambda m: m["type"] == "state" and m["undoable"] == 1)
        passed = await second.until(lambda m: m["type"] == "state" and m["step"] > acted["step"])
        assert passed["undoable"] == 0 and passed["view"]["clock"] > acted["view"]["clock"]
        await second.send({"type": "undo"})
        err = await second.until(lambda m: m["type"] == "error")
        assert err["code"] == "cannot_undo" and "nothing to take back" in err["message"]
        checked_steps.extend([acted["step"] - 1, acted["step"]])
        await _check_seat_chat(seats, second, everyone[-1])
        # nothing changed: the decision stays, no step goes back; time ends the game
        for c in everyone:
            await c.until(lambda m: m["type"] == "end", timeout=60)
        decisions, _ = _stored(db_url, tid)
        d = decisions[acted["step"] - 1]
        assert (d.n, d.seat, d.action) == (acted["step"] - 1, 0, action)
        for c in everyone:
            steps = [m["step"] for m in c.received if m["type"] == "state"]
            assert steps == sorted(steps) and steps[-1] == len(decisions)

    async def main() -> list[Client]:
        seats = [await connect(server, tid, tok, name=f"P{i}") for i, tok in enumerate(tokens)]
        second = await connect(server, tid, tokens[0], name="Alan")  # seat 0, shared
        spec = await connect(server, tid, None, name="Sam")
        everyone = [*seats, second, spec]
        for c in everyone:
            await c.seen(lambda m: m["type"] == "chat_history")
        await (realtime if v.realtime else turns)(seats, everyone)
        for c in everyone:
            await c.seen(lambda m: m["type"] == "end")
            await c.close()
        return everyone

    streams = [c.received for c in run_async(main())]
    if not could_undo:
        return False
    if v.realtime:
        assert check_messages(db_url, tid, streams, tokens) > 20
    else:
        assert check_undo_messages(db_url, tid, streams, script, tokens) > 20
    _check_replay(server, db_url, tid, v.players, checked_steps)
    return True


# ---------------------------------------------------------------- turn clocks
def test_the_takeover_bot_on_every_turn_based_game(
    fast_sqlite_server: Server, sqlite_db: str
) -> None:
    """On each turn-based game at once (the clocks take wall time): seat 1's person does
    nothing; once its 5 seconds are out the takeover bot plays it, everybody is told (a
    notice, and the clocks' events every state carries); its person comes back and plays."""
    server = fast_sqlite_server
    tables = [
        (v, v.create(server, short=False, clock={"move": 5, "reserve": 0}, takeover="random"))
        for v in TURN_BASED
    ]

    async def one(v: Variant, t: dict[str, Any]) -> tuple[int, list[list[dict[str, Any]]]]:
        tid = t["id"]
        tokens = [s["token"] for s in t["seats"]]
        conns = [await connect(server, tid, tok) for tok in tokens]
        idle = conns[1]
        stop = asyncio.Event()
        # While seat 1 is away, the takeover bot plays each of its decisions at once: the
        # other seats hold back from the takeover until its person is back, so that the game
        # cannot run to its end (a Planet Raiders game is some 30 decisions in a few long
        # runs per seat) before the person has a decision again.
        holding = asyncio.Event()
        picks = random.Random(tid)

        async def play(seat: int) -> None:  # seats other than 1 play at once, every turn
            c = conns[seat]
            latest: dict[str, Any] | None = None  # the newest state not acted on yet
            while not stop.is_set():
                with contextlib.suppress(TimeoutError):
                    latest = await c.until(lambda m: m["type"] == "state", timeout=0.5)
                if latest is None or holding.is_set():
                    continue
                m, latest = latest, None
                if m["legal"] and not m["over"]:
                    # a seeded random choice: runs of each seat's decisions alternate more
                    # often than under "always the first"
                    action = picks.choice(m["legal"])["action"]
                    await c.send({"type": "act", "action": action, "step": m["step"]})

        drivers = [asyncio.create_task(play(s)) for s in range(v.players) if s != 1]
        notice = await idle.until(lambda m: m["type"] == "notice", timeout=30)
        holding.set()
        ev = notice["event"]
        assert (ev["seat"], ev["kind"], ev["level"]) == (1, "timeout", "random"), v
        waiting = [m for m in idle.received if m["type"] == "state"][-1]
        assert 1 in waiting["view"]["to_act"] and waiting["legal"], v
        # the bot plays seat 1's decision; its state carries the event
        played = await idle.until(lambda m: m["type"] == "state" and m["step"] > waiting["step"])
        assert played["clocks"]["seats"][1]["away"] == "timeout", v
        assert [(e["seat"], e["kind"]) for e in played["clocks"]["events"]] == [(1, "timeout")], v
        # seat 1's person is back, and plays its next decision itself
        await idle.send({"type": "back"})
        back = await idle.until(lambda m: m["type"] == "notice")
        assert (back["event"]["seat"], back["event"]["kind"]) == (1, "back"), v
        holding.clear()
        # (the state it acts on may have come before the notice: no new state comes then)
        m = [x for x in idle.received if x["type"] == "state"][-1]
        mine: dict[str, Any] | None = None
        while mine is None:
            if m["legal"]:
                errors = len([x for x in idle.received if x["type"] == "error"])
                action = m["legal"][0]["action"]
                await idle.send({"type": "act", "action": action, "step": m["step"]})
                await idle.send({"type": "ping"})  # answered after the act, and its error
                await idle.until(lambda x: x["type"] == "pong")
                if len([x for x in idle.received if x["type"] == "error"]) == errors:
                    mine = {"step": m["step"], "action": action}  # applied at that step
                    break
            last = [x for x in idle.received if x["type"] == "state"][-1]  # the newest
            if last["step"] > m["step"]:
                m = last
            else:
                m = await idle.until(lambda x: x["type"] == "state", timeout=30)
        after = await idle.seen(lambda x: x["type"] == "state" and x["step"] > mine["step"])
        stop.set()
        await asyncio.gather(*drivers)
        events = [(e["seat"], e["kind"]) for e in after["clocks"]["events"]]
        assert events == [(1, "timeout"), (1, "back")], v
        for c in conns:
            await c.close()
        # the table plays on (the takeover bot has every idle seat after its 5 seconds):
        # only its decisions are read, never a record that a newer decision may outdate
        storage = Storage(sqlite_db)
        try:
            decisions = storage.decisions(tid)
        finally:
            storage.close()
        assert decisions[waiting["step"]].seat == 1  # the bot's, for seat 1
        d = decisions[mine["step"]]
        assert (d.seat, d.action) == (1, mine["action"]), v
        return waiting["step"], [c.received for c in conns]

    async def main() -> list[tuple[int, list[list[dict[str, Any]]]]]:
        async def named(v: Variant, t: dict[str, Any]) -> tuple[int, list[list[dict[str, Any]]]]:
            try:
                return await one(v, t)
            except Exception as e:
                raise AssertionError(f"{v.id}: {e}") from e

        return list(await asyncio.gather(*(named(v, t) for v, t in tables)))

    for (v, t), (_, streams) in zip(tables, run_async(main()), strict=True):
        tokens = [s["token"] for s in t["seats"]]
        assert check_messages(sqlite_db, t["id"], streams, tokens) > 2, v


# ---------------------------------------------------------------- Chromium, every game
ACTION = "#actions button[data-testid=action]:not([disabled])"


def _finish_over_websockets(server: Server, tid: str, tokens: list[str], realtime: bool) -> Any:
    """Play the table to its end from this test (every seat's first legal action, on a
    second connection of each seat), through ``run_async`` (Playwright holds this thread's
    loop); returns each connection's messages."""

    async def run() -> list[list[dict[str, Any]]]:
        if realtime:  # game time ends it
            conns = [await connect(server, tid)]
            await conns[0].seen(lambda m: m["type"] == "end", timeout=60)
        else:
            conns = [await connect(server, tid, tok) for tok in tokens]
            latest = [await c.seen(lambda m: m["type"] == "state") for c in conns]
            while not latest[0]["over"]:
                mover = latest[0]["view"]["to_act"][0]
                m = latest[mover]
                await conns[mover].send(
                    {"type": "act", "action": m["legal"][0]["action"], "step": m["step"]}
                )
                latest = [await _state(c, m["step"] + 1) for c in conns]
        for c in conns:
            await c.close()
        return [c.received for c in conns]

    try:
        return run_async(run(), timeout=120)
    except TimeoutError:
        raise AssertionError("the game was not played to its end") from None


@pytest.mark.parametrize("v", VARIANTS, ids=IDS)
def test_the_table_page_undoes_and_the_replay_page_steps(
    browser: Browser, fast_sqlite_server: Server, sqlite_db: str, v: Variant
) -> None:
    server = fast_sqlite_server
    t = v.create(server, start=False)
    tid = t["id"]
    tokens = [s["token"] for s in t["seats"]]
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    page = ctx.new_page()
    streams = capture(page)
    board = page.locator("#view [data-testid=board]")
    undo = page.locator("[data-testid=undo]")

    def start() -> int:
        """Start the table; the seat to act first."""
        r = loopback.post(
            f"{server.base}/api/tables/{tid}/start",
            json={"host_token": t["host_token"]},
            timeout=30,
        )
        assert r.status_code == 200, r.text
        return int(loopback.get(f"{server.base}/api/tables/{tid}", timeout=30).json()["to_act"][0])

    if v.realtime:  # game time runs from the start (3 s): started once the page is there
        p = 0  # (every seat acts at once)
        page.goto(f"{server.base}/table/{tid}?lang=en#token={tokens[p]}")
        welcomed(page, streams, p)
        assert p == start()
    else:
        p = start()
        page.goto(f"{server.base}/table/{tid}?lang=en#token={tokens[p]}")
    expect(page.locator(ACTION).first).to_be_visible()
    expect(board).to_be_visible()
    script: Script = []
    if not v.realtime:
        # a decision from the action list, taken back: the board is at step 0 again
        expect(board).to_have_attribute("data-step", "0")
        first = page.locator(ACTION).first
        label = first.inner_text()
        first.click()
        expect(board).to_have_attribute("data-step", "1")
        expect(undo).to_have_text("Undo (1)")
        undo.click()
        expect(board).to_have_attribute("data-step", "0")
        expect(undo).to_have_count(0)
        expect(page.locator(ACTION).first).to_have_text(label)
        st = next(m for s in streams for m in s if m["type"] == "state")
        script += [("act", p, st["legal"][0]["action"]), ("undo", p, 1)]
    else:
        # real time: the decision is in; once game time passed there is nothing to undo
        step = int(board.get_attribute("data-step") or 0)
        # the list is drawn again at every tick of game time, so a busy machine may never see
        # a button stand still long enough for a pointer click: pressed from the page itself
        page.locator(ACTION).first.evaluate("b => b.click()")
        page.wait_for_function(
            "s => Number(document.querySelector('#view [data-testid=board]').dataset.step) > s",
            arg=step + 3,
        )
        expect(undo).to_have_count(0)
    ws_streams = _finish_over_websockets(server, tid, tokens, v.realtime)
    expect(page.locator("#end:not(.hidden)")).to_be_visible(timeout=30000)
    assert not page.js_errors  # type: ignore[attr-defined]
    decisions, _ = _stored(sqlite_db, tid)
    if v.realtime:
        assert any(d.seat == p for d in decisions)  # the page's decision stayed
        assert check_messages(sqlite_db, tid, [*streams, *ws_streams], tokens) > 10
    else:
        script += [("act", d.seat, d.action) for d in decisions if d.seat is not None]
        assert check_undo_messages(sqlite_db, tid, [*streams, *ws_streams], script, tokens) > 10
    # the replay: step forward and back, follow a seat
    page.goto(f"{server.base}/replay/{tid}?lang=fr")
    jump = page.locator("[data-testid=jump]")
    expect(page.locator("[data-testid=steps]")).to_have_text(str(len(decisions)))
    expect(jump).to_have_value("0")
    expect(board).to_have_attribute("data-step", "0")
    expect(board).to_have_attribute("data-seat", "spectator")
    page.click("[data-testid=forward]")
    expect(jump).to_have_value("1")
    page.click("[data-testid=forward]")
    expect(jump).to_have_value("2")
    expect(board).to_have_attribute("data-step", "2")
    page.click("[data-testid=back]")
    expect(jump).to_have_value("1")
    expect(board).to_have_attribute("data-step", "1")
    expect(page.locator("[data-testid=next-text]")).not_to_be_empty()
    page.select_option("[data-testid=follow]", "1")
    expect(board).to_have_attribute("data-seat", "1")
    expect(board).to_have_attribute("data-step", "1")
    assert "seat=1" in page.url
    assert not page.js_errors  # type: ignore[attr-defined]
    ctx.close()
