"""Tables played with a directory of corrected tables (``spacetable serve --data GAME=DIR``):
offered by the API, played with (component texts, rules, bots), resumed with the same data
after a restart, shown broken with the reason by a server that does not know the data."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

import spacetable
from spacetable.cli.main import app as cli
from spacetable.engine import DataSet

from . import loopback
from .conftest import FAST, Client, Server, connect, create, start_server

HUMANS2 = [{"kind": "human"}, {"kind": "human"}]
#: The corrected deck: seven 1s and one card of each other value (12 cards, 27 points).
CORRECTED = "id,copies,source\n1,7,reconstructed\n" + "".join(
    f"{v},1,reconstructed\n" for v in range(2, 7)
)


@pytest.fixture
def box(tmp_path: Path) -> DataSet[Any]:
    """The toy game's tables exported to ``mybox/`` with the deck corrected."""
    folder = tmp_path / "mybox"
    spacetable.load_data("toy").export(folder)
    (folder / "cards.csv").write_text(CORRECTED, encoding="utf-8")
    return spacetable.load_data("toy", folder)


def _api(server: Server, method: str, path: str, **kw: Any) -> httpx.Response:
    return loopback.request(method, f"{server.base}{path}", timeout=30, **kw)


def _check_texts(state: dict[str, Any], data: DataSet[Any], lang: str = "en") -> None:
    """The state's component texts are the corrected data set's, not the shipped ones."""
    shipped = spacetable.load_data("toy")
    assert state["components"], state
    for c in state["components"]:
        assert c["text"] == data.component(c["id"], lang).text
        assert c["text"] != shipped.component(c["id"], lang).text


async def _play(clients: list[Client], moves: int | None = None) -> dict[str, Any] | None:
    """Each seat plays its first legal action when it is to act, ``moves`` times (or to the
    end); returns the end message, if the game ended."""
    played = 0
    while moves is None or played < moves:
        for c in clients:
            msg = await c.until(lambda m: m["type"] in ("state", "end"))
            if msg["type"] == "end":
                return msg
            if msg["legal"] and not msg["over"] and (moves is None or played < moves):
                await c.send(
                    {"type": "act", "action": msg["legal"][0]["action"], "step": msg["step"]}
                )
                played += 1
    return None


def test_games_offer_the_data_sets_and_unknown_ones_are_refused(
    sqlite_db: str, box: DataSet[Any]
) -> None:
    server = start_server(sqlite_db, FAST, [box])
    try:
        games = {g["id"]: g for g in _api(server, "GET", "/api/games").json()["games"]}
        shipped = spacetable.load_data("toy")
        assert games["toy"]["data"] == [
            {"name": "shipped", "digest": shipped.digest},
            {"name": "mybox", "digest": box.digest},
        ]
        assert [d["name"] for d in games["quazarys"]["data"]] == ["shipped"]
        for game, name in (("toy", "nobox"), ("quazarys", "mybox")):
            body = {"game": game, "players": 2, "seats": HUMANS2, "data": name}
            r = _api(server, "POST", "/api/tables", json=body)
            assert r.status_code == 400, r.text
            err = r.json()["error"]
            assert err["code"] == "bad_data" and repr(name) in err["message"]
        listed = _api(server, "GET", "/api/tables?status=open&status=running").json()
        assert listed["tables"] == []
        t = create(server.base, "toy", HUMANS2, data="shipped")
        assert t["table"]["data"] == {"name": "shipped", "digest": shipped.digest}
    finally:
        server.stop()


def test_a_table_plays_with_its_data_set_bots_included(
    sqlite_db: str, box: DataSet[Any], caplog: pytest.LogCaptureFixture
) -> None:
    server = start_server(sqlite_db, FAST, [box])
    caplog.set_level(logging.WARNING, logger="spacetable.web")
    try:
        seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
        t = create(server.base, "toy", seats, options={"hand": 3}, data="mybox", start=True)
        assert t["table"]["data"] == {"name": "mybox", "digest": box.digest}

        async def main() -> dict[str, Any] | None:
            a = await connect(server, t["id"], t["seats"][0]["token"], "fr")
            end = await _play([a])
            await a.close()
            states = [m for m in a.received if m["type"] == "state" and m["view"]["hand"]]
            for state in states:
                _check_texts(state, box, "fr")
            return end

        end = asyncio.run(main())
        assert end is not None
        # every card is played: the corrected deck scores 27 in all (the shipped one 42)
        assert sum(end["outcome"]["scores"]) == 27
        # the bot chose in its worker, with the table's data set
        assert not [r for r in caplog.records if "bot" in r.getMessage()]
    finally:
        server.stop()


def test_restart_resumes_with_the_data_set_or_shows_the_table_broken(
    sqlite_db: str, box: DataSet[Any]
) -> None:
    server = start_server(sqlite_db, FAST, [box])
    try:
        t = create(server.base, "toy", HUMANS2, options={"hand": 3}, data="mybox", start=True)
        waiting = create(server.base, "toy", HUMANS2, data="mybox")
        tid, tokens = t["id"], [s["token"] for s in t["seats"]]

        async def two_moves() -> None:
            clients = [await connect(server, tid, tok) for tok in tokens]
            await _play(clients, 2)
            for c in clients:
                await c.until(lambda m: m["type"] == "state" and m["step"] == 2)
                await c.close()

        asyncio.run(two_moves())
    finally:
        server.stop()

    # a server without the data set: broken, with the reason; nothing else changes
    server = start_server(sqlite_db, FAST)
    try:
        info = _api(server, "GET", f"/api/tables/{tid}").json()
        assert info["status"] == "broken" and info["data"]["name"] == "mybox"
        assert "'mybox'" in info["reason"] and "--data toy=DIR" in info["reason"]

        async def refused() -> None:
            c = await connect(server, tid, tokens[0])
            welcome = await c.recv()
            assert welcome["table"]["status"] == "broken"
            await c.send({"type": "act", "action": {"type": "play", "card": 1}})
            err = await c.until(lambda m: m["type"] == "error")
            assert err["code"] == "broken" and "'mybox'" in err["message"]
            await c.close()

        asyncio.run(refused())
        r = _api(
            server,
            "POST",
            f"/api/tables/{waiting['id']}/start",
            json={"host_token": waiting["host_token"]},
        )
        assert r.status_code == 409 and r.json()["error"]["code"] == "no_data"
        assert _api(server, "GET", f"/api/tables/{waiting['id']}").json()["status"] == "open"
    finally:
        server.stop()

    # with the data set again: the table resumes where it stood, with that data
    server = start_server(sqlite_db, FAST, [box])
    try:
        info = _api(server, "GET", f"/api/tables/{tid}").json()
        assert info["status"] == "running" and info["steps"] == 2

        async def to_the_end() -> dict[str, Any] | None:
            clients = [await connect(server, tid, tok) for tok in tokens]
            end = await _play(clients)
            first_steps = []
            for c in clients:
                await c.close()
                states = [m for m in c.received if m["type"] == "state"]
                first_steps.append(states[0]["step"])
                for state in states:
                    if state["view"]["hand"]:
                        _check_texts(state, box)
            # The game went on from step 2: the first move answered a state at step 2 (a
            # client whose hello the server handled after that move first sees a later step).
            assert min(first_steps) == 2 and all(s >= 2 for s in first_steps)
            return end

        end = asyncio.run(to_the_end())
        assert end is not None and sum(end["outcome"]["scores"]) == 27
    finally:
        server.stop()


def test_serve_refuses_a_broken_data_directory_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "badbox"
    spacetable.load_data("quazarys").export(bad)
    lines = (bad / "suns.csv").read_text(encoding="utf-8").splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("id,"))
    cells = lines[header + 1].split(",")
    cells[1] = "zzz"
    lines[header + 1] = ",".join(cells)
    (bad / "suns.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    runner = CliRunner()
    out = runner.invoke(cli, ["serve", "--data", f"quazarys={bad}", "--port", "0"])
    assert out.exit_code == 1, out.output
    line = out.output.strip()
    assert line.startswith("error:") and "\n" not in line
    assert "suns.csv" in line and "line" in line and "layout" in line
    for args, says in (
        (["--data", "quazarys"], "expected GAME=DIR"),
        (["--data", f"nope={bad}"], "unknown game"),
        (["--data", f"quazarys={tmp_path / 'none'}"], "does not exist"),
    ):
        out = runner.invoke(cli, ["serve", *args])
        assert out.exit_code == 2 and says in out.output, out.output
