"""Undo on the web: the ``undo`` message over real WebSockets on a real uvicorn server (SQLite
and PostgreSQL), refused undos, an undo kept through a restart, an undo while a bot is to
act, and the Undo buttons clicked in headless Chromium (the table's panel and the hot-seat
hand-off). Every message each connection received is checked against the game as it stood
when it was sent, the undone states included (:func:`.leakcheck.check_undo_messages`)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page

from spacetable.web.storage import Storage

from . import loopback
from .conftest import FAST, Client, Server, connect, create, run_async, start_server
from .leakcheck import check_undo_messages
from .test_e2e import browser, capture

__all__ = ["browser"]  # the module's Chromium, a fixture

HUMANS2 = [{"kind": "human"}, {"kind": "human"}]
Script = list[tuple[str, int, Any]]


def _steps(server: Server, tid: str) -> int:
    return int(loopback.get(f"{server.base}/api/tables/{tid}", timeout=30).json()["steps"])


async def _state(c: Client, step: int) -> dict[str, Any]:
    return await c.until(lambda m: m["type"] == "state" and m["step"] == step)


async def _play_until_undoable(
    clients: list[Client], latest: list[dict[str, Any]], script: Script
) -> tuple[int, list[dict[str, Any]], list[dict[str, Any]]]:
    """The seat to act plays its first legal action until a decision may be taken back;
    returns that seat, the states before that decision and the states after it."""
    while True:
        before = latest
        mover = latest[0]["view"]["to_act"][0]
        m = latest[mover]
        action = m["legal"][0]["action"]
        await clients[mover].send({"type": "act", "action": action, "step": m["step"]})
        script.append(("act", mover, action))
        latest = [await _state(c, m["step"] + 1) for c in clients]
        if latest[mover]["undoable"]:
            return mover, before, latest


async def _play_to_end(clients: list[Client], latest: list[dict[str, Any]], script: Script) -> None:
    while not latest[0]["over"]:
        mover = latest[0]["view"]["to_act"][0]
        m = latest[mover]
        action = m["legal"][0]["action"]
        await clients[mover].send({"type": "act", "action": action, "step": m["step"]})
        script.append(("act", mover, action))
        latest = [await _state(c, m["step"] + 1) for c in clients]
    for c in clients:
        await c.until(lambda m: m["type"] == "end")


def test_undo_over_websockets(server: Server, db_url: str) -> None:
    t = create(server.base, "toy", HUMANS2, options={"hand": 3}, start=True)
    tid = t["id"]
    tokens = [s["token"] for s in t["seats"]]
    script: Script = []

    async def main() -> list[list[dict[str, Any]]]:
        clients = [await connect(server, tid, tokens[0], "en")]
        clients.append(await connect(server, tid, tokens[1], "fr"))
        spec = await connect(server, tid)
        latest = [await _state(c, 0) for c in clients]
        assert [m["undoable"] for m in latest] == [0, 0]
        # nothing to take back yet
        mover = latest[0]["view"]["to_act"][0]
        await clients[mover].send({"type": "undo"})
        err = await clients[mover].until(lambda m: m["type"] == "error")
        assert err["code"] == "cannot_undo" and "nothing to take back" in err["message"]
        # while cards are drawn, no decision may be taken back; once the deck is empty a
        # play may be, until the next seat plays
        mover, before, latest = await _play_until_undoable(clients, latest, script)
        step = latest[0]["step"]
        assert latest[mover]["view"]["deck_size"] == 0
        assert latest[mover]["undoable"] == 1 and latest[1 - mover]["undoable"] == 0
        # refused: another seat, too many, a stale step, a spectator, a bad count
        other = clients[1 - mover]
        refusals: list[tuple[Client, dict[str, Any], str]] = [
            (other, {"type": "undo"}, "cannot_undo"),
            (clients[mover], {"type": "undo", "count": 2}, "cannot_undo"),
            (clients[mover], {"type": "undo", "step": step - 1}, "stale"),
            (spec, {"type": "undo"}, "no_seat"),
            (clients[mover], {"type": "undo", "count": 0}, "bad_message"),
            (clients[mover], {"type": "undo", "count": "1"}, "bad_message"),
        ]
        for c, msg, code in refusals:
            await c.send(msg)
            assert (await c.until(lambda m: m["type"] == "error"))["code"] == code, msg
        assert _steps(server, tid) == step
        # the undo: everybody gets the state before the decision, with the whole log again
        await clients[mover].send({"type": "undo", "step": step})
        undone = [await _state(c, step - 1) for c in clients]
        script.append(("undo", mover, 1))
        spec_state = await _state(spec, step - 1)
        for now, then in zip(undone, before, strict=True):
            assert now["view"] == then["view"] and now["legal"] == then["legal"]
            assert now["log"]["from"] == 0
        assert spec_state["log"]["from"] == 0 and spec_state["undoable"] == 0
        assert undone[mover]["undoable"] == 0  # the decision before was the other seat's
        assert _steps(server, tid) == step - 1
        # and on to the end, another card this time when there is one
        legal = undone[mover]["legal"]
        action = legal[-1]["action"]
        await clients[mover].send({"type": "act", "action": action, "step": step - 1})
        script.append(("act", mover, action))
        latest = [await _state(c, step) for c in clients]
        await _play_to_end(clients, latest, script)
        await spec.until(lambda m: m["type"] == "end")
        for c in (*clients, spec):
            await c.close()
        return [c.received for c in (*clients, spec)]

    streams = run_async(main())
    assert check_undo_messages(db_url, tid, streams, script, tokens) > 20
    storage = Storage(db_url)
    try:
        assert storage.count_decisions(tid) == len(script) - 2  # one act and its undo
    finally:
        storage.close()


def test_an_undo_survives_a_restart(db_url: str) -> None:
    # a snapshot after every decision: the undone decision's snapshot must go too
    s1 = start_server(db_url, dataclasses.replace(FAST, snapshot_every=1))
    t = create(s1.base, "toy", HUMANS2, options={"hand": 3}, start=True)
    tid = t["id"]
    tokens = [s["token"] for s in t["seats"]]
    script: Script = []

    async def first() -> tuple[list[dict[str, Any]], list[list[dict[str, Any]]]]:
        clients = [await connect(s1, tid, tok) for tok in tokens]
        latest = [await _state(c, 0) for c in clients]
        mover, _, latest = await _play_until_undoable(clients, latest, script)
        step = latest[0]["step"]
        await clients[mover].send({"type": "undo"})
        script.append(("undo", mover, 1))
        undone = [await _state(c, step - 1) for c in clients]
        for c in clients:
            await c.close()
        return undone, [c.received for c in clients]

    undone, streams = run_async(first())
    s1.stop()
    s2 = start_server(db_url, dataclasses.replace(FAST, snapshot_every=1))
    try:

        async def second() -> list[list[dict[str, Any]]]:
            clients = [await connect(s2, tid, tok) for tok in tokens]
            latest = [await _state(c, undone[0]["step"]) for c in clients]
            for now, then in zip(latest, undone, strict=True):
                assert now["view"] == then["view"] and now["legal"] == then["legal"]
                assert now["undoable"] == then["undoable"]
            await _play_to_end(clients, latest, script)
            for c in clients:
                await c.close()
            return [c.received for c in clients]

        streams += run_async(second())
    finally:
        s2.stop()
    assert check_undo_messages(db_url, tid, streams, script, tokens) > 10


def test_an_undo_while_a_bot_is_to_act(sqlite_db: str) -> None:
    """The bot's move on the undone state is dropped; the game goes on from the undo."""
    server = start_server(sqlite_db)
    try:
        t = create(
            server.base,
            "toy",
            [{"kind": "human"}, {"kind": "bot", "level": "random"}],
            options={"hand": 3},
            start=True,
            bot_delay=0.3,
        )
        tid = t["id"]
        token = t["seats"][0]["token"]
        mine: list[tuple[int, Script]] = []  # (step before, the human's act or undo)

        async def main() -> list[dict[str, Any]]:
            c = await connect(server, tid, token)
            undone = False
            back: dict[str, Any] | None = None
            while True:
                m = back or await c.until(lambda m: m["type"] in ("state", "end"))
                back = None
                if m["type"] == "end":
                    break
                if m["over"] or 0 not in m["view"]["to_act"]:
                    continue
                action = m["legal"][0]["action"]
                await c.send({"type": "act", "action": action, "step": m["step"]})
                after = await _state(c, m["step"] + 1)
                acts: Script = [("act", 0, action)]
                if after["undoable"] and not undone:  # the bot is to act: take it back
                    assert after["view"]["to_act"] == [1]
                    await c.send({"type": "undo", "step": after["step"]})
                    back = await _state(c, m["step"])
                    assert back["view"]["to_act"] == [0] and back["view"] == m["view"]
                    acts.append(("undo", 0, 1))
                    undone = True
                mine.append((m["step"], acts))
            assert undone
            await c.close()
            return c.received

        stream = run_async(main())
    finally:
        server.stop()
    storage = Storage(sqlite_db)
    try:
        stored = storage.decisions(tid)
    finally:
        storage.close()
    script: Script = []
    by_step: dict[int, Script] = {}
    for n, acts in mine:  # a step played twice: its undone play first
        by_step.setdefault(n, []).extend(acts)
    for d in stored:
        # the human's moves (an undone one first), the bot's from the record
        script += by_step.pop(d.n) if d.n in by_step and d.seat == 0 else [("act", 1, d.action)]
    assert not by_step
    assert check_undo_messages(sqlite_db, tid, [stream], script, [token]) > 5


# ---------------------------------------------------------------------------- Chromium
ACTION = "#actions button[data-testid=action]:not([disabled])"
END = "#end:not(.hidden)"


def _open(
    chromium: Browser, server: Server, tid: str, tokens: list[str], lang: str
) -> tuple[BrowserContext, Page, list[list[dict[str, Any]]]]:
    ctx = chromium.new_context()
    page = ctx.new_page()
    streams = capture(page)
    page.goto(f"{server.base}/table/{tid}?lang={lang}#tokens={','.join(tokens)}")
    return ctx, page, streams


def _card(label: str) -> dict[str, Any]:
    """The toy game's action from its button's label ("play 3", "jouer 3")."""
    return {"type": "play", "card": int(label.split()[-1])}


def _click_action(page: Page, rng: random.Random) -> dict[str, Any]:
    buttons = page.locator(ACTION)
    buttons.first.wait_for()  # the list may be drawn again between a look and the count
    button = buttons.nth(rng.randrange(buttons.count()))
    action = _card(button.inner_text())
    button.click()
    return action


def test_the_undo_button_of_the_table_panel(
    browser: Browser, fast_sqlite_server: Server, sqlite_db: str
) -> None:
    server = fast_sqlite_server
    t = create(server.base, "toy", [{"kind": "human"}], options={"hand": 3}, start=True)
    tid, token = t["id"], t["seats"][0]["token"]
    ctx, page, streams = _open(browser, server, tid, [token], "fr")
    rng = random.Random(3)
    undo = page.locator("[data-testid=undo]")
    script: Script = []
    undos = 0
    while True:
        page.wait_for_selector(f"{ACTION}, {END}")
        if page.locator(END).count():
            break
        if undo.count() and undos < 2:
            # one seat alone: once the deck is empty each play may be taken back
            assert undo.inner_text() == "Annuler (1)"
            assert "Reprendre votre dernière décision" in (undo.get_attribute("title") or "")
            undo.click()
            script.append(("undo", 0, 1))
            undos += 1
            page.wait_for_selector("[data-testid=undo]", state="detached")
            continue
        script.append(("act", 0, _click_action(page, rng)))
    assert undos == 2
    assert not page.js_errors  # type: ignore[attr-defined]
    ctx.close()
    assert check_undo_messages(sqlite_db, tid, streams, script, [token]) > 10


def test_hot_seat_undo_from_the_hand_off_screen(
    browser: Browser, fast_sqlite_server: Server, sqlite_db: str
) -> None:
    server = fast_sqlite_server
    t = create(server.base, "toy", HUMANS2, options={"hand": 3}, start=True)
    tid = t["id"]
    tokens = [s["token"] for s in t["seats"]]
    ctx, page, streams = _open(browser, server, tid, tokens, "en")
    rng = random.Random(5)
    take_back = page.locator("#handoff:not(.hidden) [data-testid=handoff-undo]")
    go = page.locator("#handoff:not(.hidden) [data-testid=handoff-go]")
    script: Script = []
    mover = -1
    undone = False
    while True:
        page.wait_for_selector(f"{ACTION}, {END}, #handoff:not(.hidden) [data-testid=handoff-go]")
        if page.locator(END).count():
            break
        if take_back.count() and not undone:
            # the seat that just played takes its card back before handing the device over
            # (a seat without a name is named by its colour and number: "● orange, seat 0")
            words = take_back.inner_text()
            assert words.startswith("Undo · ") and f"seat {mover} " in words, words
            take_back.click()
            script.append(("undo", mover, 1))
            undone = True
            page.wait_for_selector(ACTION)
            assert page.locator("#handoff.hidden").count() == 1
            assert page.locator("#who").inner_text().endswith(f"seat {mover}")
            continue
        if go.count():
            go.click()
            continue
        mover = int(page.locator("#who").inner_text().rsplit("seat ", 1)[1].split()[0])
        script.append(("act", mover, _click_action(page, rng)))
    assert undone
    assert not page.js_errors  # type: ignore[attr-defined]
    ctx.close()
    assert check_undo_messages(sqlite_db, tid, streams, script, tokens) > 10
