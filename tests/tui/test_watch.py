"""``spacetable tui --watch URL``: a live table of a real web server (uvicorn on loopback,
SQLite), watched and played from the full-screen client."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, OptionList, Static
from typer.testing import CliRunner

import spacetable
from spacetable.cli.common import USAGE_ERROR
from spacetable.cli.main import app as cli_app
from spacetable.tui.actionlist import GROUP_OVER
from spacetable.tui.texts import markup, tr
from spacetable.tui.watch import LOG_EVENTS, WatchApp, parse_url, prepare
from web import loopback
from web.conftest import FAST, Server, connect, create, start_server

pytestmark = pytest.mark.anyio

# Wild Space's components that are words (a species, a profession, a kind of card): a
# public sentence may use them ("play a Pilot") whatever the hands hold.
WORDS = {"species", "profession", "cardkind"}
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
    r = loopback.get(f"{server.base}/api/tables/{table_id}", timeout=10)
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
    # the bots take their time: the game must outlast the viewer's checks on a busy machine
    made = create(server.base, "wildspace", BOTS, start=True, bot_delay=0.2)
    table_id = made["id"]
    _wait_steps(server, table_id, 3)  # the viewer connects mid-game
    app = prepare(server.base + made["spectate"], "en", backoff=(0.1,))
    assert app.seat is None
    async with app.run_test(size=(100, 30)) as pilot:
        await _until(pilot, lambda: app.newest is not None)
        first = min(app.frames)
        assert first >= 3
        # a step before the viewer connected: the server replays only finished games (asked
        # at once, while the game surely runs: a bots' game can end within seconds)
        await pilot.press("g", "0", "enter")
        await _fetched(pilot, app)
        assert app.end is None, "the game ended too soon for this check"
        assert 0 not in app.frames
        assert "was not seen" in _plain(app, "#status")
        await pilot.press("end")
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
        # spectator's log, and no seat's hidden card is drawn on the table (at every step;
        # through the keys and the screen at every tenth, the rest by the screen's rendering).
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
            hidden = {  # the cards in hands (not the words that name a card's group)
                c.name
                for seat in range(g.players)
                for c in g.component_texts(seat, "en")
                if c.name not in public and c.kind not in WORDS
            }
            hidden_seen += len(hidden)
            if step % 10 == 0:  # the screen itself, at every tenth step
                await pilot.press("g", *str(step), "enter")
                assert app.index == step
                board = _plain(app, "#board-text")
            else:  # what the screen draws for that step (the same rendering, without the keys)
                board = markup(str(Static(app.render_view(frame.view, "en")).render())).plain
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
        r = loopback.post(
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


# ---------------------------------------------------------------------- a seat's action list
def _my_turn(app: WatchApp) -> bool:
    f = app.frames.get(app.newest) if app.newest is not None else None
    return f is not None and bool(f.legal) and app.live


async def _next_turn(pilot: Any, app: WatchApp, after: int) -> None:
    """Wait for a state after step ``after`` where the seat is to act."""
    await _until(pilot, lambda: app.newest is not None and app.newest > after and _my_turn(app))
    await pilot.pause()


def _option_text(app: WatchApp, index: int) -> str:
    ol = app.query_one("#actions", OptionList)
    return markup(str(ol.get_option_at_index(index).prompt)).plain


async def test_a_seats_list_has_headings_a_filter_and_keeps_its_highlight(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Planet Raiders: the first seat's seventh decision places its rockets, 528 actions of
    # three kinds (place, exchange, end the turn); the six before are single moves.
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "random"}]
    made = create(server.base, "planetraiders", seats, start=True)
    app = prepare(server.base + made["seats"][0]["link"], "en", backoff=(0.1,))

    def hub_game() -> Any:
        return server.app.state.hub.tables[made["id"]].game

    sent: list[dict[str, Any]] = []
    real_act = app.act

    def spy(action: Mapping[str, Any]) -> None:
        sent.append(dict(action))
        real_act(action)

    monkeypatch.setattr(app, "act", spy)
    async with app.run_test(size=(100, 30)) as pilot:
        ol = app.query_one("#actions", OptionList)
        await _until(pilot, lambda: _my_turn(app))
        await pilot.pause()
        for _ in range(10):  # Enter plays the highlighted (first) action of a short list
            frame = app.frames[app.newest or 0]
            if len(frame.legal) > GROUP_OVER:
                break
            assert None not in app.lines  # a short list has no heading
            assert app.lines[ol.highlighted or 0] == frame.legal[0]["action"]
            await pilot.press("enter")
            await _next_turn(pilot, app, frame.step)
        step = app.newest
        assert step is not None
        legal = app.frames[step].legal
        actions = [a["action"] for a in legal]
        labels = [markup(a["label"]).plain for a in legal]
        kinds = list(dict.fromkeys(a["type"] for a in actions))
        assert len(actions) > GROUP_OVER and len(kinds) == 3, kinds

        # A heading before each kind, in the server's order; the actions all there, in order.
        assert [a for a in app.lines if a is not None] == actions
        heads = [i for i, a in enumerate(app.lines) if a is None]
        assert len(heads) == len(kinds) and heads[0] == 0
        for i, kind in zip(heads, kinds, strict=True):
            n = sum(a["type"] == kind for a in actions)
            under = app.lines[i + 1]
            assert under is not None and under["type"] == kind
            first = labels[actions.index(under)]
            assert _option_text(app, i) == tr("en", "group", label=first.split(" ")[0], n=n)
            assert ol.get_option_at_index(i).disabled
        assert ol.highlighted == 1  # on the first action, not on its heading
        await pilot.press("up")
        assert app.lines[ol.highlighted or 0] is not None  # the arrows skip the headings

        # A heading is never played, by Enter on the list or in the filter.
        assert sent  # the short lists' moves, played by Enter
        sent.clear()
        ol.highlighted = heads[1]
        await pilot.press("enter")
        await pilot.press("slash", "e")
        assert app.filter_text == "e" and app.lines[heads[0]] is None
        ol.highlighted = heads[0]
        await pilot.press("enter")
        await pilot.pause(0.5)
        assert sent == [] and app.newest == step and hub_game().step == step
        await pilot.press("escape")
        assert app.filter_text == "" and app.focused is None

        # "/" filters by a part of the labels, whatever the case; Esc clears the filter.
        exchange = next(a for a in actions if a["type"] == "exchange")
        await pilot.press("slash")
        assert app.focused is app.query_one("#filter", Input)
        await pilot.press(*"Exchange")
        assert app.lines == [exchange]  # one action: no heading
        assert f"1 of {len(actions)} actions match 'Exchange'" in _plain(app, "#status")
        await pilot.press("escape")
        assert [a for a in app.lines if a is not None] == actions and None in app.lines
        assert "match" not in _plain(app, "#status")
        await pilot.press("slash", *"RED")
        red = [a for a, label in zip(actions, labels, strict=True) if "red" in label.lower()]
        assert GROUP_OVER < len(red) < len(actions)
        assert [a for a in app.lines if a is not None] == red
        assert app.lines.count(None) == 2  # red rockets to place, and the exchange for one
        await pilot.press("escape")
        await pilot.press("slash", *"zzz")
        assert app.lines == []
        assert "No action matches 'zzz'" in _plain(app, "#status")
        await pilot.press("escape")

        # The highlighted action stays highlighted when a new state comes, if still legal.
        places = [a for a in actions if a["type"] == "place"]
        kept = places[-1]
        ol.highlighted = app.lines.index(kept)
        before = ol.highlighted
        app.act(places[0])  # played otherwise than from the list
        await _next_turn(pilot, app, step)
        now = app.newest
        assert now is not None and kept in [a["action"] for a in app.frames[now].legal]
        assert [a for a in app.lines if a is not None] == [
            a["action"] for a in app.frames[now].legal
        ]
        assert app.lines[ol.highlighted or 0] == kept
        assert ol.highlighted != before  # the lines before it changed: the action followed
        # and Enter plays it
        await pilot.press("enter")
        await _until(pilot, lambda: hub_game().step > now)
        assert hub_game().record()["entries"][now]["action"] == kept
        assert sent == [places[0], kept]


# ---------------------------------------------------------------------- corrected data sets
#: The two starting planets of Wild Space, renamed in the corrected data set.
RENAMED = {"Aurora": "Dawnstar Fixed", "Haven": "Harbour Fixed"}


def _export(folder: Path, renamed: Mapping[str, str]) -> Path:
    """Wild Space's tables exported with ``spacetable data export``, planets renamed."""
    res = CliRunner().invoke(cli_app, ["data", "export", "wildspace", str(folder)])
    assert res.exit_code == 0, res.output
    planets = folder / "planets.csv"
    text = planets.read_text(encoding="utf-8")
    for old, new in renamed.items():
        assert text.count(f",{old},reconstructed") == 1
        text = text.replace(f",{old},reconstructed", f",{new},reconstructed")
    planets.write_text(text, encoding="utf-8")
    return folder


async def test_a_table_with_corrected_data_is_drawn_with_it_or_said(tmp_path: Path) -> None:
    mybox = _export(tmp_path / "mybox", RENAMED)
    box = spacetable.load_data("wildspace", mybox)
    shipped = spacetable.load_data("wildspace")
    assert box.digest != shipped.digest
    server = start_server(f"sqlite:///{tmp_path / 'data.db'}", FAST, [box])
    try:
        humans = [{"kind": "human"}, {"kind": "human"}]  # nobody moves: step 0 stays
        made = create(server.base, "wildspace", humans, data="mybox", start=True)
        assert made["table"]["data"] == {"name": "mybox", "digest": box.digest}
        url = server.base + made["spectate"]

        # Without --data: drawn with the shipped names, and the log pane says so.
        app = prepare(url, "en")
        async with app.run_test(size=(100, 30)) as pilot:
            await _until(pilot, lambda: app.newest is not None)
            await pilot.pause()
            board, log = _plain(app, "#board-text"), _plain(app, "#log-text")
            assert "Aurora" in board and "Haven" in board and "Fixed" not in board
            assert (
                "Drawn with the shipped data; this table plays with corrected data 'mybox' "
                f"(digest {box.digest}): --data DIR draws it"
            ) in log
        fr = prepare(url, "fr")
        assert fr.notices == [
            "Dessiné avec les données livrées ; cette table joue avec les données corrigées "
            f"« mybox » (empreinte {box.digest}) : --data DOSSIER les dessine (DOSSIER : les "
            "tables de ces données)."
        ]

        # With --data of the same set: drawn with its names, nothing said.
        app = prepare(url, "en", data=mybox)
        assert app.data is not None and app.data.digest == box.digest
        assert app.notices == []
        async with app.run_test(size=(100, 30)) as pilot:
            await _until(pilot, lambda: app.newest is not None)
            await pilot.pause()
            board, log = _plain(app, "#board-text"), _plain(app, "#log-text")
            for old, new in RENAMED.items():
                assert new in board and old not in board
            assert "Drawn with" not in log

        # Another corrected set: both are named.
        other = _export(tmp_path / "other", {"Aurora": "Elsewhere"})
        app = prepare(url, "en", data=other)
        theirs = f"this table plays with corrected data 'mybox' (digest {box.digest})"
        assert app.data is not None
        mine = f"Drawn with corrected data 'other' (digest {app.data.digest}); "
        assert app.notices == [
            mine + theirs + ": --data DIR draws it (DIR: that data set's tables)."
        ]
        # A table of the shipped data watched with corrected tables.
        plain = create(server.base, "wildspace", humans, start=True)
        assert plain["table"]["data"] in (None, {"name": "shipped", "digest": shipped.digest})
        app = prepare(server.base + plain["spectate"], "en", data=mybox)
        assert app.notices == [
            f"Drawn with corrected data 'mybox' (digest {box.digest}); this table plays with "
            "the shipped data: without --data it is drawn as played."
        ]
        assert prepare(server.base + plain["spectate"], "en").notices == []

        # --data is read before the screen opens: a missing directory is refused.
        res = CliRunner().invoke(
            cli_app, ["tui", "--watch", url, "--data", str(tmp_path / "nothing")]
        )
        assert res.exit_code == USAGE_ERROR, res.output
        assert "does not exist" in res.output and "Traceback" not in res.output
    finally:
        server.stop()


async def test_h_asks_the_servers_bot_what_it_would_do(server: Server) -> None:
    from spacetable.tui.app import HintScreen

    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "random"}]
    made = create(server.base, "quazarys", seats, start=True, options={"round_limit": 30})
    app = prepare(server.base + made["seats"][0]["link"], "fr", backoff=(0.1,))
    async with app.run_test(size=(100, 30)) as pilot:
        await _until(pilot, lambda: _my_turn(app))
        await pilot.press("h")
        await _until(pilot, lambda: isinstance(app.screen, HintScreen))
        body = markup(str(app.screen.query_one("#texts-body", Static).render())).plain
        assert "Que ferait le robot ?" in body and "chance de gagner" in body
        await pilot.press("h")  # the key that opened it closes it
        assert not isinstance(app.screen, HintScreen)
