"""Several people on one seat, and the chat (issue 20), over real WebSockets.

A seat's link may be shared: every holder gets the seat's view and any of them may act. The
chat has a room per table (everybody, spectators included) and a room per seat (only the
people holding it); texts are cleaned and rate-limited, and a later connection gets the
history it may read. Every message is then put through the leak check, which also checks
that no seat's room reached another seat. In headless Chromium, two browsers share a seat
and talk, and a text that looks like HTML stays text.
"""

from __future__ import annotations

import asyncio
from typing import Any

from playwright.sync_api import Browser, expect

from spacetable.web.chat import BURST, MAX_TEXT, clean

from . import loopback
from .conftest import FAST, Client, Server, connect, create, run_async, start_server
from .leakcheck import check_messages
from .test_e2e import browser, capture

__all__ = ["browser"]


def states(c: Client) -> list[dict[str, Any]]:
    return [m for m in c.received if m["type"] == "state"]


async def chats(c: Client, n: int) -> list[dict[str, Any]]:
    """Receive until ``c`` has ``n`` chat messages; return them."""
    await c.until(lambda _m: len([m for m in c.received if m["type"] == "chat"]) >= n)
    return [m for m in c.received if m["type"] == "chat"]


def test_clean() -> None:
    assert clean("  a\n\n b\t\x00c\u202e ") == "a b c"
    assert clean("x" * 1000) == "x" * MAX_TEXT
    assert clean("\x01\x02 \n") == ""
    assert clean("<b>bold</b> & co") == "<b>bold</b> & co"  # text: the page never parses it


#: A name with every kind of character a name must not carry: controls, direction-changing
#: (an override, an isolate, the Arabic letter mark) and zero-width ones (a space, a joiner,
#: a byte order mark), and blank space to collapse.
DIRTY = "\u202eAda\x00\u200b \n\u2066Lo\u061cve\u2069\ufefflace\u200d\x7f"
CLEAN = "Ada Lovelace"


def test_clean_names_and_zero_width_characters() -> None:
    assert clean(DIRTY) == CLEAN
    assert clean("a\u180e\ufeffb\u2060c") == "abc"


def test_every_name_is_cleaned_like_a_chat_message(fast_sqlite_server: Server) -> None:
    """A seat's name at the table's creation (a person's or a bot's), in ``join`` and in
    ``hello`` is kept cleaned as a chat text is: the listing, the table and the chat show
    the clean name."""
    server = fast_sqlite_server
    made = create(
        server.base,
        "toy",
        [{"kind": "human", "name": DIRTY}, {"kind": "bot", "name": DIRTY}, {"kind": "human"}],
    )
    tid = made["id"]
    listed = loopback.get(f"{server.base}/api/tables").json()["tables"]
    assert [s["name"] for s in listed[0]["seats"]] == [CLEAN, CLEAN, ""]
    r = loopback.post(
        f"{server.base}/api/tables/{tid}/join",
        json={"token": made["seats"][0]["token"], "name": "\u202eBea\u200b"},
    )
    assert r.status_code == 200, r.text
    assert loopback.get(f"{server.base}/api/tables/{tid}").json()["seats"][0]["name"] == "Bea"

    async def run() -> dict[str, Any]:
        c = await connect(server, tid, made["seats"][2]["token"], name=DIRTY)
        await c.seen(lambda m: m["type"] == "chat_history")
        await c.send({"type": "chat", "text": "hello"})
        said = await c.until(lambda m: m["type"] == "chat")
        await c.close()
        return said

    said = run_async(run())
    assert said["name"] == CLEAN and said["text"] == "hello"
    table = loopback.get(f"{server.base}/api/tables").json()["tables"][0]
    assert [s["name"] for s in table["seats"]] == ["Bea", CLEAN, CLEAN]


def test_shared_seat_and_chat_rooms(server: Server, db_url: str) -> None:
    made = create(server.base, "quazarys", [{"kind": "human"}, {"kind": "human"}], start=True)
    tid = made["id"]
    # seat p (the first to act, drawn by the game) is shared by two people; seat q is Bea's
    p = loopback.get(f"{server.base}/api/tables/{tid}").json()["to_act"][0]
    q = 1 - p
    t0, t1 = made["seats"][p]["token"], made["seats"][q]["token"]

    async def run() -> list[Client]:
        a1 = await connect(server, tid, t0, name="Ada")
        a2 = await connect(server, tid, t0, name="Alan")  # the same seat, a second person
        b = await connect(server, tid, t1, name="Bea")
        spec = await connect(server, tid, None, name="Sam")
        everyone = [a1, a2, b, spec]
        for c in everyone:
            await c.seen(lambda m: m["type"] == "chat_history")
        # both holders of seat p see its view and its legal actions; either may act
        s1 = await a1.seen(lambda m: m["type"] == "state")
        s2 = await a2.seen(lambda m: m["type"] == "state" and m["step"] == s1["step"])
        assert s1["view"] == s2["view"] and s1["legal"] == s2["legal"] and s1["legal"]
        await a2.send({"type": "act", "action": s2["legal"][0]["action"], "step": s2["step"]})
        for c in everyone:
            await c.seen(lambda m: m["type"] == "state" and m["step"] == 1)
        # the table's room: everybody, spectators included
        await b.send({"type": "chat", "text": "  hello\n all \x00 "})
        for c in everyone:
            (m,) = await chats(c, 1)
            assert (m["scope"], m["seat"], m["name"], m["text"]) == ("table", q, "Bea", "hello all")
        await spec.send({"type": "chat", "text": "nice move"})
        for c in everyone:
            m = (await chats(c, 2))[-1]
            assert (m["seat"], m["name"]) == (None, "Sam")
        # seat p's room: its two holders only
        await a1.send({"type": "chat", "text": "play the comet next", "scope": "seat"})
        for c in (a1, a2):
            m = (await chats(c, 3))[-1]
            assert (m["scope"], m["seat"], m["text"]) == ("seat", p, "play the comet next")
        await b.send({"type": "chat", "text": "ping"})  # after seat p's message, in order
        for c in (b, spec):
            got = await chats(c, 3)
            assert [m["text"] for m in got] == ["hello all", "nice move", "ping"]
        # a spectator has no seat room; an empty text is refused; nothing is posted
        await spec.send({"type": "chat", "text": "psst", "scope": "seat"})
        err = await spec.until(lambda m: m["type"] == "error")
        assert err["code"] == "no_seat"
        await b.send({"type": "chat", "text": "\x00\n"})
        err = await b.until(lambda m: m["type"] == "error")
        assert err["code"] == "bad_message"
        for bad in ({"text": ""}, {"text": "x", "scope": "all"}, {"text": 3}):
            await b.send({"type": "chat", **bad})
            err = await b.until(lambda m: m["type"] == "error" and m["code"] == "bad_message")
        # the rate limit: a burst, then rate_limited (and nothing more is posted)
        await a2.send({"type": "chat", "text": "ok", "scope": "seat"})
        sent_errors = len([m for m in a2.received if m["type"] == "error"])
        for i in range(int(BURST) + 2):
            await a2.send({"type": "chat", "text": f"spam {i}"})
        await a2.until(lambda m: m["type"] == "error" and m["code"] == "rate_limited")
        assert len([m for m in a2.received if m["type"] == "error"]) > sent_errors
        await b.send({"type": "ping"})
        await b.until(lambda m: m["type"] == "pong")  # every spam that passed has reached b
        spam = [m for m in b.received if m["type"] == "chat" and m["text"].startswith("spam")]
        assert 0 < len(spam) < int(BURST) + 2
        # a later connection gets the history it may read
        late_b = await connect(server, tid, t1)
        hist = await late_b.seen(lambda m: m["type"] == "chat_history")
        texts = [m["text"] for m in hist["messages"]]
        assert "play the comet next" not in texts and "ok" not in texts
        assert texts[:3] == ["hello all", "nice move", "ping"]
        late_a = await connect(server, tid, t0)
        hist = await late_a.seen(lambda m: m["type"] == "chat_history")
        texts = [m["text"] for m in hist["messages"]]
        assert texts[:4] == ["hello all", "nice move", "play the comet next", "ping"]
        assert "ok" in texts
        await asyncio.sleep(0.3)
        everyone += [late_a, late_b]
        for c in everyone:
            await c.close()
        return everyone

    clients = run_async(run())
    # every message, chat included, against what its seat may know
    check_messages(db_url, tid, [c.received for c in clients], secrets=[t0, t1])


def test_the_chat_survives_a_restart_of_the_server(db_url: str) -> None:
    s1 = start_server(db_url, FAST)
    made = create(s1.base, "quazarys", [{"kind": "human"}, {"kind": "human"}], start=True)
    tid = made["id"]
    t0, t1 = (s["token"] for s in made["seats"])

    async def talk() -> list[Client]:
        a = await connect(s1, tid, t0, name="Ada")
        b = await connect(s1, tid, t1, name="Bea")
        for c in (a, b):  # both attached: each message reaches both as it is said
            await c.seen(lambda m: m["type"] == "chat_history")
        await a.send({"type": "chat", "text": "good luck"})
        await a.send({"type": "chat", "text": "my plan", "scope": "seat"})
        await chats(a, 2)  # said before Bea's answer: the order is fixed
        await b.send({"type": "chat", "text": "thanks"})
        await chats(b, 2)
        await chats(a, 3)
        await b.send({"type": "ping"})
        await b.until(lambda m: m["type"] == "pong")
        for c in (a, b):
            await c.close()
        return [a, b]

    before = run_async(talk())
    s1.stop()
    s2 = start_server(db_url, FAST)
    try:

        async def back() -> list[Client]:
            a = await connect(s2, tid, t0)
            b = await connect(s2, tid, t1)
            spec = await connect(s2, tid, None)
            ha, hb, hs = [
                (await c.seen(lambda m: m["type"] == "chat_history"))["messages"]
                for c in (a, b, spec)
            ]
            assert [m["text"] for m in ha] == ["good luck", "my plan", "thanks"]
            assert [m["text"] for m in hb] == ["good luck", "thanks"]  # not seat 0's room
            assert [m["text"] for m in hs] == ["good luck", "thanks"]
            assert [m["name"] for m in ha] == ["Ada", "Ada", "Bea"]
            # the numbering goes on after the stored messages
            await b.send({"type": "chat", "text": "welcome back"})
            m = (await chats(a, 1))[-1]
            assert m["text"] == "welcome back" and m["id"] == 4
            for c in (a, b, spec):
                await c.close()
            return [a, b, spec]

        after = run_async(back())
    finally:
        s2.stop()
    check_messages(db_url, tid, [c.received for c in before + after], secrets=[t0, t1])


def test_two_browsers_share_a_seat_and_talk(server: Server, browser: Browser) -> None:
    made = create(
        server.base, "quazarys", [{"kind": "human"}, {"kind": "bot", "level": "random"}], start=True
    )
    token = made["seats"][0]["token"]
    pages = []
    for lang in ("en", "fr"):
        ctx = browser.new_context(viewport={"width": 1280, "height": 720})
        page = ctx.new_page()
        capture(page)
        page.goto(f"{server.base}/table/{made['id']}?lang={lang}#token={token}")
        expect(page.locator("[data-testid=chat-seat]")).to_be_visible()
        pages.append(page)
    en, fr = pages
    expect(fr.locator("[data-testid=chat-seat]")).to_have_text("Ma place")
    # the table's room, with a text that looks like HTML
    en.fill("[data-testid=chat-text]", "<img src=x onerror=alert(1)> hi")
    en.click("[data-testid=chat-send]")
    for p in pages:
        item = p.locator("[data-testid=chat-list] li").last
        expect(item).to_contain_text("<img src=x onerror=alert(1)> hi")
        assert p.locator("[data-testid=chat-list] img").count() == 0
    # the seat's room
    fr.click("[data-testid=chat-seat]")
    fr.fill("[data-testid=chat-text]", "à toi de jouer")
    fr.press("[data-testid=chat-text]", "Enter")
    expect(fr.locator("[data-testid=chat-list] li").last).to_contain_text("à toi de jouer")
    en.click("[data-testid=chat-seat]")
    expect(en.locator("[data-testid=chat-list] li").last).to_contain_text("à toi de jouer")
    en.click("[data-testid=chat-table]")
    expect(en.locator("[data-testid=chat-list]")).not_to_contain_text("à toi de jouer")
    # a spectator's page has the table's room only
    spec = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    spec.goto(f"{server.base}/table/{made['id']}?lang=en")
    expect(spec.locator("[data-testid=chat-list] li").last).to_contain_text("hi")
    expect(spec.locator("[data-testid=chat-seat]")).to_be_hidden()
    expect(spec.locator("[data-testid=chat-list]")).not_to_contain_text("à toi de jouer")
    for p in pages:
        assert not p.js_errors  # type: ignore[attr-defined]
