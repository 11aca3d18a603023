"""``spacetable tui --watch URL``: a live table of a real web server (uvicorn on loopback,
SQLite), watched and played from the full-screen client."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
from textual.widgets import Static
from typer.testing import CliRunner

import spacetable
from spacetable.cli.common import USAGE_ERROR
from spacetable.cli.main import app as cli_app
from spacetable.tui.texts import markup
from spacetable.tui.watch import LOG_EVENTS, WatchApp, parse_url, prepare
from web.conftest import FAST, Server, connect, create, start_server

pytestmark = pytest.mark.anyio

BOTS = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    # The bots' worker process starts with the server: here, one spawned only once a
    # Textual app ran in the test's process never answered, and the bots did not play (a
    # real server runs in a process of its own).
    s = start_server(f"sqlite:///{tmp_path / 'watch.db'}", replace(FAST, warm_bots=True))
    try:
        yield s
    finally:
        s.stop()


def _table(server: Server, table_id: str) -> dict[str, Any]:
    r = httpx.get(f"{server.base}/api/tables/{table_id}", timeout=10)
    assert r.status_code == 200
    return dict(r.json())


def _wait_steps(server: Server, table_id: str, steps: int) -> None:
    deadline = time.monotonic() + 60
    while _table(server, table_id)["steps"] < steps:
        assert time.monotonic() < deadline, "the bots did not play"
        time.sleep(0.05)


async def _until(pilot: Any, cond: Callable[[], bool], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, "the awaited state did not come"
        await pilot.pause(0.05)


async def _fetched(pilot: Any, app: WatchApp) -> None:
    """Wait until the steps asked of the replay endpoint have come (or been refused)."""
    await pilot.pause()
    await _until(pilot, lambda: not any(w.is_running for w in app.workers if w.group == "replay"))
    await pilot.pause()


def _text(app: WatchApp, widget: str) -> str:
    return str(app.query_one(widget, Static).render())


def _plain(app: WatchApp, widget: str) -> str:
    """What a widget shows, without its styles."""
    return markup(_text(app, widget)).plain


async def test_a_spectator_follows_pauses_steps_jumps_and_sees_no_hidden_card(
    server: Server,
) -> None:
    made = create(server.base, "wildspace", BOTS, start=True, bot_delay=0.15)
    table_id = made["id"]
    _wait_steps(server, table_id, 3)  # the viewer connects mid-game
    app = prepare(server.base + made["spectate"], "en", backoff=(0.1,))
    assert app.seat is None
    async with app.run_test(size=(100, 30)) as pilot:
        await _until(pilot, lambda: app.newest is not None)
        first = min(app.frames)
        assert first >= 3
        # live: each new state drawn as it arrives
        await _until(pilot, lambda: app.newest is not None and app.newest >= first + 3)
        assert app.live and app.index == app.newest
        assert f"Step {app.newest}/{app.newest}" in _text(app, "#status")
        assert "live" in _text(app, "#status")
        # pause holds the step on screen while the game goes on
        await pilot.press("space")
        held = app.index
        assert held is not None and not app.live
        board = _text(app, "#board-text")
        await _until(pilot, lambda: app.newest is not None and app.newest >= held + 2)
        assert app.index == held and _text(app, "#board-text") == board
        assert f"Step {held}/{app.newest}" in _text(app, "#status")
        assert "paused" in _text(app, "#status")
        # back and forth over what was seen
        await pilot.press("left")
        assert app.index == held - 1
        assert _text(app, "#board-text") == str(
            Static(app.render_view(app.frames[held - 1].view, "en")).render()
        )
        await pilot.press("right", "right")
        assert app.index == held + 1
        # jump to a step seen
        await pilot.press("g", *str(first + 1), "enter")
        assert app.index == first + 1
        # a step before the viewer connected: the server replays only finished games
        await pilot.press("g", "0", "enter")
        await _fetched(pilot, app)
        assert app.index == first + 1
        assert "was not seen" in _plain(app, "#status")
        # End: back to live
        await pilot.press("end")
        assert app.live and app.index == app.newest
        await _until(pilot, lambda: app.end is not None, timeout=120)
        assert "Game over" in _text(app, "#status")
        # once over, a step never seen is fetched from the replay endpoint
        await pilot.press("home")
        await _fetched(pilot, app)
        await _until(pilot, lambda: app.index == 0)
        assert 0 in app.frames and not app.live

        # No hidden information: every step kept is the engine's spectator view and the
        # spectator's log, and no seat's hidden card is drawn on the table.
        final = server.app.state.hub.tables[table_id].game
        record = final.record()
        hidden_seen = 0
        for step in sorted(app.frames):
            g = spacetable.replay(record, upto=step)
            frame = app.frames[step]
            assert frame.view == g.view(None), step
            events = g.last_events(None, g.log_size)[-LOG_EVENTS:]
            assert [e["event"] for e in frame.log] == json.loads(json.dumps(events)), step
            if g.is_over:
                continue
            public = {c.name for c in g.component_texts(None, "en")}
            hidden = {
                c.name
                for seat in range(g.players)
                for c in g.component_texts(seat, "en")
                if c.name not in public
            }
            hidden_seen += len(hidden)
            await pilot.press("g", *str(step), "enter")
            assert app.index == step
            board = _plain(app, "#board-text")
            for name in hidden:
                assert name not in board, (step, name)
        assert hidden_seen > 0  # the seats did hold hidden cards
        await pilot.press("q")
    assert not app.is_running


async def test_a_seat_link_plays_that_seat(server: Server) -> None:
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "random"}]
    made = create(server.base, "wildspace", seats, start=True)
    link = made["seats"][0]["link"]
    assert "#token=" in link
    app = prepare(server.base + link, "fr", backoff=(0.1,))
    assert app.seat == 0

    def my_turn() -> bool:
        f = app.frames.get(app.newest) if app.newest is not None else None
        return f is not None and bool(f.legal)

    async with app.run_test(size=(100, 30)) as pilot:
        await _until(pilot, my_turn)
        step = app.newest
        assert step is not None
        frame = app.frames[step]
        assert frame.view["player_states"][0]["hand"] is not None  # the seat's own hand
        assert frame.view["player_states"][1]["hand"] is None
        assert "vu par Siège 0" in _text(app, "#status")
        # an earlier step is not played from
        await pilot.press("space", "enter")
        assert "Fin pour y revenir" in _plain(app, "#status")
        assert app.newest == step
        await pilot.press("end", "enter")
        await _until(pilot, lambda: app.newest is not None and app.newest > step)
        g = server.app.state.hub.tables[made["id"]].game
        assert g.record()["entries"][step]["seat"] == 0  # the decision came from here


async def test_a_lost_connection_is_said_and_tried_again(server: Server) -> None:
    made = create(server.base, "wildspace", BOTS, start=True, bot_delay=0.5)
    app = prepare(server.base + made["spectate"], "en", backoff=(0.2,))
    async with app.run_test(size=(80, 24)) as pilot:
        await _until(pilot, lambda: app.newest is not None and app.connects == 1)
        await app._ws.close()
        await _until(pilot, lambda: "Connection lost" in _plain(app, "#status"), 10)
        await _until(pilot, lambda: app.connects == 2, 10)
        await _until(pilot, lambda: "Connection lost" not in _plain(app, "#status"), 10)
        seen = app.newest
        assert seen is not None
        await _until(pilot, lambda: app.newest is not None and app.newest > seen)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_bad_addresses_and_unknown_tables_are_refused_with_a_message(server: Server) -> None:
    made = create(server.base, "wildspace", BOTS)
    with pytest.raises(ValueError, match="not a table's address"):
        parse_url(f"{server.base}/lobby")
    with pytest.raises(ValueError, match="not a table's address"):
        parse_url("ftp://example.org/table/abc")
    with pytest.raises(ValueError, match="has no table 'nosuchtable'"):
        prepare(f"{server.base}/table/nosuchtable")
    with pytest.raises(ValueError, match="token holds no seat"):
        prepare(f"{server.base}{made['spectate']}#token=not-a-real-token")
    with pytest.raises(ValueError, match="cannot reach"):
        prepare(f"http://127.0.0.1:{_free_port()}/table/abc")
    runner = CliRunner()
    for url, words in (
        (f"{server.base}/table/nosuchtable", "has no table"),
        ("http://localhost/nothing", "not a table's address"),
    ):
        res = runner.invoke(cli_app, ["tui", "--watch", url])
        assert res.exit_code == USAGE_ERROR, res.output
        assert words in res.output
        assert "Traceback" not in res.output


async def test_the_table_chat_is_shown_and_an_open_table_said(server: Server) -> None:
    made = create(server.base, "wildspace", BOTS)
    app = prepare(server.base + made["spectate"], "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await _until(pilot, lambda: app.connects == 1 and app.link == "")
        assert "not started yet" in _plain(app, "#status")
        other = await connect(server, made["id"], name="Bo")
        await other.send({"type": "chat", "text": "good luck"})
        await _until(pilot, lambda: "Bo: good luck" in _plain(app, "#log-text"), 10)
        await other.close()
        r = httpx.post(
            f"{server.base}/api/tables/{made['id']}/start",
            json={"host_token": made["host_token"]},
            timeout=10,
        )
        assert r.status_code == 200
        await _until(pilot, lambda: app.newest is not None)
        assert "not started yet" not in _plain(app, "#status")


async def test_a_step_taken_back_drops_the_later_steps_and_errors_are_said(
    server: Server,
) -> None:
    made = create(server.base, "wildspace", BOTS)  # never started: only these states come
    app = prepare(server.base + made["spectate"], "en")
    g = spacetable.new_game("wildspace", 2, 7)
    views = []
    for _ in range(6):
        views.append(g.view(None))
        seat = g.to_act[0]
        g.apply(seat, g.legal_actions(seat)[0])

    def state(step: int, log_from: int) -> dict[str, Any]:
        return {
            "type": "state",
            "step": step,
            "view": views[step],
            "over": False,
            "legal": [],
            "log": {"from": log_from, "events": []},
        }

    async with app.run_test(size=(80, 24)) as pilot:
        await _until(pilot, lambda: app.connects == 1 and app.link == "")
        for step in range(6):
            app.receive(state(step, step))
        assert sorted(app.frames) == list(range(6)) and app.index == 5
        await pilot.press("space", "left")
        assert app.index == 4
        app.receive(state(3, 0))  # an undo: the game is back at step 3
        assert sorted(app.frames) == [0, 1, 2, 3] and app.newest == 3 and app.index == 3
        assert "Step 3/3" in _text(app, "#status")
        app.receive({"type": "error", "code": "stale", "message": "the game moved on"})
        assert "The server says: the game moved on" in _plain(app, "#status")


def test_the_watcher_speaks_the_servers_protocol_version() -> None:
    from spacetable.tui import watch
    from spacetable.web.protocol import VERSION

    assert watch.PROTOCOL == VERSION
