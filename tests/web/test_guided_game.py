"""Guided first games on the web: ``POST /api/guides/{game}`` starts a table whose other
seats the guide's script plays; every state says the step due now; a move that is not the
guide's is refused; following the guide plays the game to its real end. Real uvicorn, real
WebSockets on loopback, real SQLite; the guide is a real script of the test game."""

from __future__ import annotations

import asyncio
from typing import Any

from spacetable.engine.guide import Guide
from spacetable.testing.guides import toy_guide_script
from spacetable.web import guides

from . import loopback
from .conftest import Server, connect


def test_a_game_without_a_guide_says_so(fast_sqlite_server: Server) -> None:
    base = fast_sqlite_server.base
    guides._guides["toy"] = None  # as if the server found no guide.toml for it
    try:
        r = loopback.post(f"{base}/api/guides/toy", json={}, timeout=30)
        assert r.status_code == 404 and r.json()["error"]["code"] == "no_guide"
    finally:
        guides._guides.pop("toy", None)
    r = loopback.post(f"{base}/api/guides/chess", json={}, timeout=30)
    assert r.status_code == 404 and r.json()["error"]["code"] == "no_game"
    r = loopback.post(f"{base}/api/guides/toy", json={"pause": "1"}, timeout=30)
    assert r.status_code == 422


def test_following_the_guide_plays_the_game_to_its_end(
    fast_sqlite_server: Server, toy_guide: Guide
) -> None:
    server = fast_sqlite_server
    games = loopback.get(f"{server.base}/api/games", timeout=30).json()["games"]
    assert {g["id"]: g["guide"] for g in games}["toy"] is True
    r = loopback.post(
        f"{server.base}/api/guides/toy", json={"lang": "fr", "pause": 0.0}, timeout=30
    )
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["table"]["status"] == "running"
    assert [s["kind"] for s in made["seats"]] == ["human", "guide"]
    token = made["seats"][0]["token"]

    async def play() -> list[dict[str, Any]]:
        c = await connect(server, made["id"], token, lang="fr")
        wrong_tried = False
        seen: list[dict[str, Any]] = []
        while True:
            st = await c.until(lambda m: m["type"] == "state")
            g = st["guide"]
            assert g["title"] == "Votre première partie de Cartes hautes"
            seen.append(g)
            if st["over"]:
                assert g["step"] is None and g["done"] == g["total"] == 6
                break
            step = g["step"]
            if step is None or st["view"]["to_act"] != [0]:
                continue
            assert str(step["say"]).startswith("Jouez votre carte")
            assert step["point"] == f"card:{step['action']['card']}"  # the card to press
            if not wrong_tried and len(st["legal"]) > 1:
                wrong = next(a["action"] for a in st["legal"] if a["action"] != step["action"])
                await c.send({"type": "act", "action": wrong, "step": st["step"]})
                err = await c.until(lambda m: m["type"] == "error")
                assert err["code"] == "not_the_guide"
                wrong_tried = True
            await c.send({"type": "act", "action": step["action"], "step": st["step"]})
        await c.close()
        return seen

    seen = asyncio.run(play())
    # a move of the guide's seat is never told before it is played: only the learner's steps
    assert all(g["step"] is None or g["step"]["seat"] == 0 for g in seen)
    assert any(g["step"] is None and not g["over"] for g in seen)  # the guide's turns
    info = loopback.get(f"{server.base}/api/tables/{made['id']}", timeout=30).json()
    assert info["status"] == "over" and info["steps"] == len(toy_guide.steps)


def test_a_table_whose_guide_changed_goes_on_with_a_bot(tmp_path: Any) -> None:
    """A guided table resumed by a server whose guide is another script (a new release)
    leaves the script: the guide's seat is played by a bot and the learner plays freely to
    the end."""
    from .conftest import start_server

    db = f"sqlite:///{tmp_path / 'guides.db'}"
    guides._guides["toy"] = Guide.parse("toy", toy_guide_script(seed=5))
    try:
        first = start_server(db)
        try:
            made = loopback.post(
                f"{first.base}/api/guides/toy", json={"pause": 0.0}, timeout=30
            ).json()
        finally:
            first.stop()
        guides._guides["toy"] = Guide.parse("toy", toy_guide_script(seed=7))
        second = start_server(db)
        try:

            async def play() -> dict[str, Any]:
                c = await connect(second, made["id"], made["seats"][0]["token"])
                while True:
                    st = await c.until(lambda m: m["type"] == "state")
                    assert "guide" not in st  # no guide's words any more
                    if st["over"]:
                        await c.close()
                        return st
                    if st["legal"]:
                        act = st["legal"][-1]["action"]
                        await c.send({"type": "act", "action": act, "step": st["step"]})

            end = asyncio.run(play())
            assert end["over"]
        finally:
            second.stop()
    finally:
        guides._guides.pop("toy", None)


def test_the_guides_words_on_its_own_moves_come_after_them(fast_sqlite_server: Server) -> None:
    """The shipped test-game guide says a word on each of its opponent's moves: a state
    carries it (``said``) once the move is played, never before."""
    server = fast_sqlite_server
    guide = guides.guide_of("toy")
    assert guide is not None
    made = loopback.post(f"{server.base}/api/guides/toy", json={"pause": 0.0}, timeout=30).json()

    async def play() -> list[dict[str, Any]]:
        c = await connect(server, made["id"], made["seats"][0]["token"])
        states: list[dict[str, Any]] = []
        while True:
            st = await c.until(lambda m: m["type"] == "state")
            states.append(st)
            if st["over"]:
                await c.close()
                return states
            step = st["guide"]["step"]
            if step is not None and st["view"]["to_act"] == [0]:
                await c.send({"type": "act", "action": step["action"], "step": st["step"]})

    states = asyncio.run(play())
    for st in states:
        played = [s for s in guide.steps if s.at < st["step"]]
        # every word said is on a move already played, since the learner's last one
        since: list[str | None] = []
        for s in played:
            since = [] if s.seat == guide.learner else [*since, s.say("en")]
        assert st["guide"]["said"] == [w for w in since if w]
    assert any(st["guide"]["said"] for st in states)
