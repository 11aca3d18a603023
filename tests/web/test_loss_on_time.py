"""A table where running out of time loses the game (``on_timeout: "lose"``): on a real
server and WebSockets, the seat whose clock runs out is told it lost, may no longer act,
take back or come back; the table's bot plays it to the end, and the end (the message
and the stored outcome, which ratings read) ranks it last, in both languages."""

from __future__ import annotations

import asyncio
from typing import Any

from spacetable.web.clocks import Clocks, TableSettings

from . import loopback
from .conftest import Client, Server, connect, create
from .leakcheck import check_messages

ADA_AND_A_BOT = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "random"}]


def test_a_lost_seat_stays_lost_and_is_ranked_first_among_the_losers() -> None:
    c = Clocks(TableSettings(move=10.0, reserve=0.0, takeover="easy", on_timeout="lose"), 3)
    c.run({2}, {0, 1, 2}, now=0.0)
    ev = c.leave(2, "timeout", now=10.0)
    assert (ev["kind"], c.away(2), c.lost) == ("lost", "lost", [2])
    assert c.leave(0, "left", now=11.0)["kind"] == "left"  # leaving is not losing
    assert c.lost == [2]
    again = Clocks.restore(c.settings, 3, c.to_json(now=12.0))
    assert again.lost == [2] and again.away(2) == "lost"
    assert TableSettings.from_json(c.settings.to_json()) == c.settings
    try:
        again.back(2)
    except ValueError as e:
        assert "lost on time" in str(e)
    else:
        raise AssertionError("a lost seat came back")


def test_a_loss_on_time_needs_a_clock(server: Server) -> None:
    body = {"game": "quazarys", "players": 2, "seats": ADA_AND_A_BOT, "on_timeout": "lose"}
    r = loopback.post(f"{server.base}/api/tables", json=body)
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_options"
    r = loopback.post(f"{server.base}/api/tables", json={**body, "on_timeout": "draw"})
    assert r.status_code == 422


def test_the_seat_out_of_time_loses_and_the_bot_finishes_the_game(
    server: Server, db_url: str
) -> None:
    made = create(
        server.base,
        "quazarys",
        ADA_AND_A_BOT,
        options={"round_limit": 30},  # (random bots may race for long otherwise)
        start=True,
        clock={"move": 5, "reserve": 0},
        takeover="random",
        on_timeout="lose",
    )
    info = loopback.get(f"{server.base}/api/tables/{made['id']}").json()
    assert info["settings"]["on_timeout"] == "lose"
    token = made["seats"][0]["token"]

    async def run() -> tuple[Client, dict[str, Any], dict[str, Any]]:
        ada = await connect(server, made["id"], token)
        mine = await ada.seen(lambda m: m["type"] == "state" and m["legal"], timeout=30)
        notice = await ada.until(lambda m: m["type"] == "notice", timeout=30)
        assert (notice["event"]["seat"], notice["event"]["kind"]) == (0, "lost")
        # the lost seat is offered nothing more; acting, taking back or coming back is refused
        after = await ada.until(lambda m: m["type"] == "state" and m["step"] >= mine["step"])
        assert after["legal"] == [] and after["undoable"] == 0 and after["prompt"] is None
        assert after["clocks"]["seats"][0]["away"] == "lost" and after["clocks"]["lost"] == [0]
        await ada.send({"type": "act", "action": mine["legal"][0]["action"]})
        err = await ada.until(lambda m: m["type"] == "error")
        assert err["code"] == "lost_on_time"
        await ada.send({"type": "undo"})
        err = await ada.until(lambda m: m["type"] == "error")
        assert err["code"] == "lost_on_time"
        await ada.send({"type": "hint"})
        err = await ada.until(lambda m: m["type"] == "error")
        assert err["code"] == "lost_on_time"
        await ada.send({"type": "back"})
        # the bots play both seats to the end; the end says who lost on time
        end = await ada.until(lambda m: m["type"] == "end", timeout=120)
        await ada.send({"type": "lang", "lang": "fr"})
        fin = await ada.until(lambda m: m["type"] == "end" and m["lang"] == "fr")
        await ada.close()
        return ada, end, fin

    ada, end, fin = asyncio.run(run())
    assert end["outcome"]["ranks"] == [2, 1] and end["outcome"]["winners"] == [1]
    assert end["outcome"]["forfeits"] == [0]
    assert end["summary"] == "⟪0|Player 0⟫ lost on time. ⟪1|Player 1⟫ wins."
    assert fin["summary"] == "⟪0|joueur 0⟫ : temps écoulé, partie perdue. ⟪1|joueur 1⟫ gagne."
    assert end["rewards"] == [-1.0, 1.0]
    assert end["reason_text"].startswith("a player lost on time (the game then ended: ")
    assert fin["reason_text"].startswith("un joueur a perdu au temps (")
    assert not [m for m in ada.received if m["type"] == "notice" and m["event"]["kind"] == "back"]
    stored = loopback.get(f"{server.base}/api/tables/{made['id']}").json()
    assert stored["status"] == "over"
    assert stored["outcome"]["ranks"] == [2, 1] and stored["outcome"]["forfeits"] == [0]
    # the replay's last frame ends the game as the table did
    last = loopback.get(
        f"{server.base}/api/tables/{made['id']}/replay/{stored['steps']}?lang=en"
    ).json()
    assert last["end"]["outcome"] == stored["outcome"]
    assert last["end"]["summary"] == end["summary"]
    check_messages(db_url, made["id"], [ada.received], secrets=[token])
