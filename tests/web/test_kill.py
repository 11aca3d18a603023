"""The kill test: a server killed with SIGKILL in the middle of games, restarted on the same
database; every decision a client was told of is stored, and the games go on (the real-time
clock where it stood).

The server is a real ``spacetable serve`` process (with the test-only real-time game
registered). Three tables run when it dies: a turn-based game between a person (this test)
and a bot, a turn-based game of bots, and a real-time game of bots. The figures are printed
(``pytest -s``) and kept in ``docs/web.md``.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import threading
import time
from typing import IO, Any

from spacetable.web.live import restore_game
from spacetable.web.storage import Storage

from .conftest import Client, Server, connect, create

LAUNCH = (
    "from spacetable.engine import register\n"
    "from spacetable.testing.toy_rt import EggTimers\n"
    "register(EggTimers)\n"
    "from spacetable.cli.main import main\n"
    "main()\n"
)


class Proc:
    """A real ``spacetable serve`` on ``db``, in a session of its own (a Ctrl-C in a terminal
    goes to every process of the group: :meth:`interrupt_group`); its output is collected
    (:meth:`output`) until no process holds it any more."""

    def __init__(self, db: str, *extra: str, wait: bool = True) -> None:
        """Start the server on ``db`` with the options ``extra``; with ``wait``, return once
        it serves (else call :meth:`ready`: several servers started at the same moment)."""
        self.t0 = time.monotonic()
        self.p = subprocess.Popen(
            [
                sys.executable,
                "-c",
                LAUNCH,
                "serve",
                "--port",
                "0",
                "--db",
                db,
                "--bot-workers",
                "2",
                "--log-level",
                "warning",
                *extra,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            start_new_session=True,
        )
        self.lines: list[str] = []
        if wait:
            self.ready()

    def ready(self) -> None:
        """Wait until the server serves (its address printed); raise with its output if it
        ended first."""
        assert self.p.stdout is not None
        lines = self.lines
        for line in self.p.stdout:
            lines.append(line)
            m = re.search(r"served at http://localhost:(\d+)/", line)
            if m:
                self.port = int(m.group(1))
                break
        else:
            raise AssertionError("the server did not start: " + "".join(lines))
        self.started = time.monotonic() - self.t0
        self.server = Server(None, f"http://127.0.0.1:{self.port}", None, None)  # type: ignore[arg-type]
        self._drained = threading.Thread(target=self._drain, args=(self.p.stdout,), daemon=True)
        self._drained.start()

    def _drain(self, out: IO[str]) -> None:
        for line in out:
            self.lines.append(line)
        out.close()

    def output(self, timeout: float) -> str | None:
        """Everything the server and its children wrote, once every process holding the
        server's output has ended (``None`` if one still holds it after ``timeout``
        seconds)."""
        self._drained.join(timeout)
        return None if self._drained.is_alive() else "".join(self.lines)

    def interrupt_group(self) -> None:
        """SIGINT to the server's whole process group, as Ctrl-C in its terminal."""
        os.killpg(self.p.pid, signal.SIGINT)

    def kill(self) -> None:
        os.kill(self.p.pid, signal.SIGKILL)
        self.p.wait(10)

    def stop(self) -> None:
        if self.p.poll() is None:
            self.p.send_signal(signal.SIGINT)
            try:
                self.p.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()


def test_a_killed_server_loses_no_committed_decision(db_url: str) -> None:
    first = Proc(db_url)
    try:
        base = first.server.base
        duel = create(
            base,
            "quazarys",
            [{"kind": "human"}, {"kind": "bot", "level": "easy"}],
            options={"round_limit": 30},
            start=True,
        )
        bots = create(
            base,
            "quazarys",
            [{"kind": "bot", "level": "random"}] * 3,
            options={"round_limit": 120},
            start=True,
            bot_delay=0.1,
        )
        rt = create(
            base,
            "toy_rt",
            [{"kind": "bot", "level": "medium"}] * 2,
            options={"length": 3600.0, "timer": 5.0},
            speed=10.0,
            start=True,
        )
        token = duel["seats"][0]["token"]

        async def before() -> dict[str, Any]:
            me = await connect(first.server, duel["id"], token)
            spec_bots = await connect(first.server, bots["id"])
            spec_rt = await connect(first.server, rt["id"])
            played = 0
            seen = {"duel": 0, "bots": 0, "rt": 0, "rt_clock": 0.0}
            while played < 6:
                m = await me.until(lambda m: m["type"] == "state" and bool(m["legal"]))
                await me.send({"type": "act", "action": m["legal"][0]["action"], "step": m["step"]})
                played += 1
            m = await me.until(lambda m: m["type"] == "state")
            await asyncio.sleep(2.0)  # the bots and the clock go on
            # what the clients have been told of so far (read for half a second each)
            for c in (me, spec_bots, spec_rt):
                until = time.monotonic() + 0.5
                while time.monotonic() < until:
                    try:
                        await c.recv(0.1)
                    except TimeoutError:
                        break

            def states(c: Client) -> list[dict[str, Any]]:
                return [x for x in c.received if x["type"] == "state"]

            seen["duel"] = max(x["step"] for x in states(me))
            seen["bots"] = max(x["step"] for x in states(spec_bots))
            seen["rt"] = max(x["step"] for x in states(spec_rt))
            seen["rt_clock"] = max(x["clock"] for x in states(spec_rt))
            for c in (me, spec_bots, spec_rt):
                await c.close()
            return seen

        seen = asyncio.run(before())
        first.kill()  # SIGKILL: no shutdown, no flush
    finally:
        first.stop()

    storage = Storage(db_url)
    stored: dict[str, Any] = {}
    for key, t in (("duel", duel), ("bots", bots), ("rt", rt)):
        rec = storage.table(t["id"])
        assert rec is not None and rec.status == "running"
        assert storage.count_decisions(t["id"]) == rec.steps
        assert rec.steps >= seen[key], f"{key}: a client saw step {seen[key]}, {rec.steps} stored"
        game = restore_game(storage, rec)  # the stored record plays back
        stored[key] = rec.steps
        if key == "rt":
            stored["rt_clock"] = game.clock
            assert game.clock >= seen["rt_clock"]
    storage.close()

    second = Proc(db_url)
    try:

        async def after() -> dict[str, Any]:
            me = await connect(second.server, duel["id"], token)
            m = await me.until(lambda m: m["type"] == "state")
            assert m["step"] == stored["duel"]
            spec_rt = await connect(second.server, rt["id"])
            r = await spec_rt.until(lambda m: m["type"] == "state")
            assert stored["rt_clock"] <= r["clock"] <= stored["rt_clock"] + 10 * 3
            # the games go on: the person plays on, the bots and the clock run
            while not m["over"] and m["step"] < stored["duel"] + 6:
                if m["legal"]:
                    await me.send(
                        {"type": "act", "action": m["legal"][0]["action"], "step": m["step"]}
                    )
                m = await me.until(lambda m: m["type"] in ("state", "end"))
                if m["type"] == "end":
                    break
            later = await spec_rt.until(
                lambda m: m["type"] == "state" and m["clock"] > r["clock"] + 5
            )
            spec_bots = await connect(second.server, bots["id"])
            b = await spec_bots.until(lambda m: m["type"] == "state" and m["step"] > stored["bots"])
            for c in (me, spec_rt, spec_bots):
                await c.close()
            return {"duel": m["step"], "bots": b["step"], "rt_clock": later["clock"]}

        resumed = asyncio.run(after())
    finally:
        second.stop()
    print(
        f"\nkill test ({db_url.split(':')[0]}): before SIGKILL clients saw "
        f"duel {seen['duel']}, bots {seen['bots']}, real time {seen['rt']} decisions "
        f"(clock {seen['rt_clock']:.1f}); stored {stored['duel']}, {stored['bots']}, "
        f"{stored['rt']} (clock {stored['rt_clock']:.1f}); lost 0; restart to serving "
        f"{second.started:.2f}s; after restart: duel {resumed['duel']}, bots {resumed['bots']}, "
        f"clock {resumed['rt_clock']:.1f}"
    )
