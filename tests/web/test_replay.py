"""Replays of finished games and a person's history (issue 20), on a real server.

The replay API (``GET /api/tables/{id}/replay/{step}``) is checked frame by frame against the
engine: at every step, for the public view and for every seat, the frame's view, log and
components are exactly the engine's projections of the game played back to that step, so a
replay shows nothing the followed seat did not know at that moment (and only finished games
are replayed at all). Then, in headless Chromium, the replay page steps back and forth, jumps,
plays at a speed and follows a seat, in French and English, and the lobby's "My games" lists a
game played in that browser with its result.
"""

from __future__ import annotations

import asyncio
import re
import threading
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect

import spacetable
from spacetable.engine.game import Game
from spacetable.web.live import Settings, restore_game
from spacetable.web.messages import event_text
from spacetable.web.replay import EVERY, LOG_TAIL
from spacetable.web.storage import Storage

from . import loopback
from .conftest import Server, connect, create, start_server
from .test_e2e import browser, capture

__all__ = ["browser"]


#: Random bots may never end the rulebook's race (no round limit): the simulations' limit.
QUAZARYS = {"round_limit": 60}


def finished_table(server: Server, game: str, players: int, **kw: Any) -> dict[str, Any]:
    """A table of bots played to its end."""
    seats = [{"kind": "bot", "level": "random"} for _ in range(players)]
    made = create(server.base, game, seats, start=True, **kw)
    deadline = time.monotonic() + 120
    while True:
        info = loopback.get(f"{server.base}/api/tables/{made['id']}").json()
        if info["status"] == "over":
            return dict(info)
        assert time.monotonic() < deadline, info
        time.sleep(0.1)


def frame(server: Server, table: str, step: int, **params: Any) -> httpx.Response:
    return loopback.get(
        f"{server.base}/api/tables/{table}/replay/{step}", params=params, timeout=60
    )


def check_frame(
    f: dict[str, Any], g: spacetable.Game, step: int, steps: int, seat: int | None, lang: str
) -> None:
    """A replay frame is the engine ``g`` played back to ``step`` (of ``steps``), from
    ``seat``: its view, the tail of its log with the sentences, the components in view."""
    assert (f["step"], f["steps"], f["seat"]) == (step, steps, seat)
    assert f["view"] == g.view(seat), (step, seat)
    events = g.log_for(seat)
    start = max(0, len(events) - LOG_TAIL)
    assert f["log"]["from"] == start
    assert [e["event"] for e in f["log"]["events"]] == events[start:]
    assert [e["text"] for e in f["log"]["events"]] == [
        event_text(g, e, lang) for e in events[start:]
    ]
    assert [c["id"] for c in f["components"]] == [c.id for c in g.component_texts(seat, lang)]


def positions(record: dict[str, Any], wanted: set[int]) -> dict[int, Game]:
    """The game after each of the ``wanted`` steps of ``record``: replayed once, a copy kept at
    each (as ``spacetable.replay(record, upto=step)`` would give, step after step)."""
    g = spacetable.replay(record, upto=0)
    kept = {0: g.clone()} if 0 in wanted else {}
    for step, entry in enumerate(record["entries"][: max(wanted)], start=1):
        if "advance" in entry:
            g.advance(entry["advance"])
        else:
            g.apply(entry["seat"], entry["action"])
        if step in wanted:
            kept[step] = g.clone()
    assert kept.keys() == wanted
    last = max(wanted)  # the copies are the record's own replay: checked at its end
    assert kept[last].state_dict() == spacetable.replay(record, upto=last).state_dict()
    return kept


# On SQLite each game; on PostgreSQL the real-time one too (a frame is rebuilt from the
# table's decisions, read alike from either database; the real-time ones carry clocks).
FRAME_CASES = [
    ("sqlite", "quazarys", 2, QUAZARYS),
    ("sqlite", "wildspace", 3, {}),
    ("sqlite", "spacedealer", 3, {"length": 300}),
    ("postgresql", "spacedealer", 3, {"length": 300}),
]


@pytest.mark.parametrize(
    ("db_url", "game", "players", "options"),
    FRAME_CASES,
    ids=[f"{db}-{game}" for db, game, _, _ in FRAME_CASES],
    indirect=["db_url"],
)
def test_every_frame_is_the_engine_at_that_step_from_that_seat(
    server: Server, db_url: str, game: str, players: int, options: dict[str, Any]
) -> None:
    speed = {"speed": 40.0} if game == "spacedealer" else {}
    info = finished_table(server, game, players, options=options, **speed)
    storage = Storage(db_url)
    rec = storage.table(info["id"])
    assert rec is not None
    final = restore_game(storage, rec)
    storage.close()
    record = final.record()
    steps = len(record["entries"])
    assert steps == info["steps"] > EVERY  # several checkpoints are crossed
    # every step for one seat, and a spread of steps for the others and the public view
    plan: list[tuple[int, int | None]] = [(s, 0) for s in range(steps + 1)]
    plan += [(s, seat) for seat in [None, *range(1, players)] for s in range(0, steps + 1, 7)]
    plan += [(steps, None), (EVERY, 1), (EVERY - 1, None)]
    games = positions(record, {step for step, _ in plan})
    for step, seat in plan:
        lang = "fr" if step % 2 else "en"
        params: dict[str, Any] = {"lang": lang}
        if seat is not None:
            params["seat"] = seat
        r = frame(server, info["id"], step, **params)
        assert r.status_code == 200, r.text
        f = r.json()
        g = games[step]
        assert f["lang"] == lang
        check_frame(f, g, step, steps, seat, lang)
        assert f["legal"] == []
        if step < steps:
            entry = record["entries"][step]
            if "advance" in entry:
                assert f["next"] == {"advance": entry["advance"]}
            else:
                act = g.parse_action(entry["action"])
                assert f["next"] == {
                    "seat": entry["seat"],
                    "action": entry["action"],
                    "label": g.label(act, lang, mentions=True),
                }
            assert "end" not in f and not f["over"]
        else:
            assert f["next"] is None and f["over"]
            assert f["end"]["outcome"] == info["outcome"]


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # (the page's subject)
def test_only_finished_games_and_real_steps_and_seats(server: Server) -> None:
    running = create(server.base, "quazarys", [{"kind": "human"}, {"kind": "human"}], start=True)
    r = frame(server, running["id"], 0)
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_over"
    r = frame(server, running["id"], 0, seat=0)  # not even a seat's own past
    assert r.status_code == 409
    info = finished_table(server, "quazarys", 2, options=QUAZARYS)
    for step, params, code in [
        (info["steps"] + 1, {}, "bad_step"),
        (-1, {}, "bad_step"),
        (0, {"seat": 2}, "bad_seat"),
    ]:
        r = frame(server, info["id"], step, **params)
        assert r.status_code == 400 and r.json()["error"]["code"] == code, r.text
    for bad in ({"seat": -1}, {"seat": "x"}, {"lang": "de"}):
        r = frame(server, info["id"], 0, **bad)
        assert r.status_code == 422 and r.json()["error"]["code"] == "bad_request", r.text
    r = frame(server, "nope", 0)
    assert r.status_code == 404 and r.json()["error"]["code"] == "no_table"


def test_replay_frames_are_rate_limited_per_client(tmp_path: Any) -> None:
    """Replay frames cost the server's time: a client address past its limit is refused
    with 429 ``rate_limited`` (nothing computed), while another address is still served,
    and the limited client may still read everything else."""
    settings = Settings(replay_rate=0.001, replay_burst=3.0, bot_workers=1, warm_bots=False)
    server = start_server(f"sqlite:///{tmp_path / 'r.db'}", settings)
    one = loopback.client(server.base, timeout=60)
    # another client on this machine: its own loopback address
    other = loopback.client(server.base, timeout=60, local_address="127.0.0.2")
    try:
        info = finished_table(server, "toy", 2)
        path = f"/api/tables/{info['id']}/replay"
        codes = [one.get(f"{path}/{step}").status_code for step in range(5)]
        assert codes == [200, 200, 200, 429, 429], codes
        refused = one.get(f"{path}/0", params={"seat": 1})
        assert refused.status_code == 429
        assert refused.json() == {
            "error": {"code": "rate_limited", "message": "too many replay frames; slow down"}
        }
        served = other.get(f"{path}/1")
        assert served.status_code == 200 and served.json()["step"] == 1
        assert one.get(f"/api/tables/{info['id']}").status_code == 200
    finally:
        one.close()
        other.close()
        server.stop()


def test_a_replay_survives_a_restart(tmp_path: Any) -> None:
    """A finished table is replayed from storage by a server that did not play it."""
    db = f"sqlite:///{tmp_path / 'r.db'}"
    first = start_server(db)
    try:
        info = finished_table(first, "planetraiders", 2)
        before = frame(first, info["id"], info["steps"] // 2, seat=1).json()
    finally:
        first.stop()
    second = start_server(db)
    try:
        after = frame(second, info["id"], info["steps"] // 2, seat=1).json()
        assert after == before
    finally:
        second.stop()


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # (the page's subject)
def test_replay_page_steps_jumps_plays_and_follows(server: Server, browser: Browser) -> None:
    info = finished_table(server, "quazarys", 2, options=QUAZARYS)
    steps = info["steps"]
    for lang, word in (("en", "Replay"), ("fr", "Revoir")):
        ctx = browser.new_context(viewport={"width": 1280, "height": 720})
        page = ctx.new_page()
        capture(page)
        page.goto(f"{server.base}/replay/{info['id']}?lang={lang}")
        expect(page.locator("#game-name")).to_contain_text(word)
        board = page.locator("#view [data-testid=board]")
        expect(page.locator("[data-testid=steps]")).to_have_text(str(steps))
        expect(page.locator("[data-testid=jump]")).to_have_value("0")
        page.click("[data-testid=forward]")
        expect(page.locator("[data-testid=jump]")).to_have_value("1")
        page.click("[data-testid=forward]")
        page.click("[data-testid=back]")
        expect(page.locator("[data-testid=jump]")).to_have_value("1")
        # the next decision is named, in the language
        expect(page.locator("[data-testid=next-text]")).not_to_be_empty()
        # jump, then keys
        page.fill("[data-testid=jump]", str(steps // 2))
        page.press("[data-testid=jump]", "Enter")
        expect(page.locator("[data-testid=jump]")).to_have_value(str(steps // 2))
        assert re.search(rf"step={steps // 2}\b", page.url)
        page.evaluate("document.activeElement.blur()")  # keys move the replay outside inputs
        page.keyboard.press("End")
        expect(page.locator("[data-testid=jump]")).to_have_value(str(steps))
        expect(page.locator("[data-testid=final-scores]")).to_be_visible()
        page.keyboard.press("Home")
        expect(page.locator("[data-testid=jump]")).to_have_value("0")
        # follow seat 1: the board is drawn from its view
        page.select_option("[data-testid=follow]", "1")
        assert "seat=1" in page.url
        if board.count():
            expect(board).to_have_attribute("data-step", "0")
        # play at 10 steps a second, then pause
        page.select_option("[data-testid=speed]", "10")
        page.click("[data-testid=play]")
        page.wait_for_function("() => Number(document.querySelector('#jump').value) >= 5")
        page.click("[data-testid=play]")
        # the pause stops asking: the step asked for last (in the address at once) stays, and
        # its frame, which may still be on its way, is the one shown
        stopped = page.evaluate("() => new URLSearchParams(location.hash.slice(1)).get('step')")
        expect(page.locator("[data-testid=jump]")).to_have_value(stopped)
        page.wait_for_timeout(400)
        assert page.locator("[data-testid=jump]").input_value() == stopped
        assert f"step={stopped}" in page.url
        assert not page.js_errors  # type: ignore[attr-defined]
        ctx.close()


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # (the page's subject)
def test_a_frame_that_does_not_come_says_why_in_the_pages_language(
    server: Server, browser: Browser
) -> None:
    """A step whose frame is lost on the way, or answered by a proxy's error page, says so in
    the page's language (never the browser's own words or a script error); asked again once
    the network is back, it is shown."""
    info = finished_table(server, "tortuga2199", 2, options={"round_limit": 3})
    to = min(5, info["steps"])
    for lang, lost, error in (
        ("en", "The server could not be reached. Check your connection, then try again.", "Error"),
        ("fr", "Le serveur ne répond pas. Vérifiez votre connexion, puis réessayez.", "Erreur"),
    ):
        ctx = browser.new_context(viewport={"width": 1280, "height": 720})
        page = ctx.new_page()
        capture(page)
        page.goto(f"{server.base}/replay/{info['id']}?lang={lang}")
        jump = page.locator("[data-testid=jump]")
        expect(page.locator("[data-testid=next-text]")).not_to_be_empty()  # step 0, drawn
        toast = page.locator("#toast")
        pattern = f"**/replay/{to}?*"
        page.route(pattern, lambda route: route.abort())
        jump.fill(str(to))
        jump.press("Enter")
        expect(toast).to_have_text(lost)
        expect(jump).to_have_value("0")  # the step still shown: asked again, asked anew
        expect(page.locator("#slider")).to_have_value("0")
        assert "step=0" in page.url
        page.unroute(pattern)
        page.route(
            pattern,
            lambda route: route.fulfill(status=502, content_type="text/html", body="<h1>Bad</h1>"),
        )
        jump.fill(str(to))
        jump.press("Enter")
        expect(toast).to_have_text(f"{error}: 502")
        expect(jump).to_have_value("0")
        page.unroute(pattern)
        # the slider, dragged to a step whose frame does not come, goes back too
        page.route(pattern, lambda route: route.abort())
        page.locator("#slider").evaluate(
            "(s, to) => { s.value = String(to); s.dispatchEvent(new Event('input')); }", to
        )
        expect(page.locator("#slider")).to_have_value("0")  # (it was set to `to` above)
        expect(jump).to_have_value("0")
        page.unroute(pattern)
        jump.fill(str(to))
        jump.press("Enter")
        expect(jump).to_have_value(str(to))
        page.wait_for_function(f"() => location.hash.includes('step={to}')")
        expect(page.locator("[data-testid=play]")).to_be_enabled()
        # the browser's own lines for the requests made to fail, and nothing else
        errors = page.js_errors  # type: ignore[attr-defined]
        assert [e for e in errors if not e.startswith("Failed to load resource")] == [], errors
        ctx.close()


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # (the page's subject)
def test_my_games_lists_a_game_played_in_this_browser(server: Server, browser: Browser) -> None:
    made = create(
        server.base,
        "quazarys",
        [{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "random"}],
        options={"round_limit": 30},  # the rulebook's race may never end between these two
    )
    token = made["seats"][0]["token"]
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    page = ctx.new_page()
    page.goto(f"{server.base}/table/{made['id']}?lang=en#token={token}")
    loopback.post(
        f"{server.base}/api/tables/{made['id']}/start",
        json={"host_token": made["host_token"]},
        timeout=30,
    )
    # the bot has played: the person's turn (a bot worker may take seconds to start on a
    # busy machine), said in the list of their games; the page has drawn the board, so it has
    # kept the seat it holds for that list
    deadline = time.monotonic() + 60
    while (info := loopback.get(f"{server.base}/api/tables/{made['id']}", timeout=10).json())[
        "to_act"
    ] != [0]:
        assert time.monotonic() < deadline, info
        time.sleep(0.1)
    page.wait_for_selector("#view [data-testid=board]")
    page.goto(f"{server.base}/?lang=fr")
    row = page.locator(f"[data-testid=history] [data-history='{made['id']}']")
    expect(row.get_by_test_id("your-turn")).to_have_text("À vous de jouer")

    async def play_out() -> None:  # the person's moves, over a second connection of the seat
        c = await connect(server, made["id"], token)
        while True:
            m = await c.until(lambda m: m["type"] == "state")
            if m["over"]:
                break
            if m["legal"]:
                await c.send({"type": "act", "action": m["legal"][0]["action"], "step": m["step"]})
        await c.close()

    player = threading.Thread(target=asyncio.run, args=(play_out(),))
    player.start()
    player.join(120)
    assert not player.is_alive()
    page.goto(f"{server.base}/?lang=en")
    row = page.locator(f"[data-testid=history] [data-history='{made['id']}']")
    expect(row).to_be_visible()
    expect(row.locator("[data-testid=result]")).to_contain_text("you, Ada (● orange, seat 0)")
    expect(row.get_by_test_id("your-turn")).to_have_count(0)
    row.locator("[data-testid=replay-link]").click()
    expect(page.locator("[data-testid=steps]")).not_to_have_text("0")
    ctx.close()
