"""A server's worker processes end with it: killed with SIGKILL, stopped with SIGTERM or with
a Ctrl-C in its terminal, a real ``spacetable serve`` leaves no bot worker and no
multiprocessing resource tracker behind, and a clean stop says nothing of leaked
semaphores."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from spacetable.testing.procs import Proc as Process
from spacetable.testing.procs import descendants, wait_for

from .conftest import connect, create
from .test_kill import Proc

#: How long the processes of a dead server may take to end.
GRACE = 5.0


def _serve_bots(tmp_path: Path) -> tuple[Proc, list[Process]]:
    """A server with a table of bots that have played a few decisions; the server's
    descendants then (its two bot workers and the resource tracker at least)."""
    proc = Proc(f"sqlite:///{tmp_path / 'spacetable.db'}")
    table = create(
        proc.server.base,
        "quazarys",
        [{"kind": "bot", "level": "random"}] * 3,
        options={"round_limit": 120},
        start=True,
        bot_delay=0.05,
    )

    async def played() -> None:
        spectator = await connect(proc.server, table["id"])
        await spectator.until(lambda m: m["type"] == "state" and m["step"] >= 5)
        await spectator.close()

    asyncio.run(played())
    procs = descendants(proc.p.pid)
    workers = [p for p in procs if "spawn_main" in p.cmdline]
    trackers = [p for p in procs if "resource_tracker" in p.cmdline]
    assert len(workers) == 2 and len(trackers) == 1, [p.cmdline for p in procs]
    return proc, procs


def test_a_killed_server_leaves_no_worker_process_behind(tmp_path: Path) -> None:
    proc, procs = _serve_bots(tmp_path)
    try:
        proc.kill()
        left = wait_for(procs, GRACE)
        assert not left, f"alive {GRACE}s after the server's SIGKILL: {left}"
        # the resource tracker cleaned up after the dead server, and nothing holds its output
        assert proc.output(GRACE) is not None
    finally:
        proc.stop()


@pytest.mark.parametrize("how", ["SIGTERM", "Ctrl-C"])
def test_a_stopped_server_leaves_no_process_and_no_leak_warning(tmp_path: Path, how: str) -> None:
    proc, procs = _serve_bots(tmp_path)
    try:
        if how == "Ctrl-C":
            proc.interrupt_group()
        else:
            proc.p.send_signal(signal.SIGTERM)
        proc.p.wait(20)  # uvicorn shuts down, then ends by the signal it caught
        left = wait_for(procs, GRACE)
        assert not left, f"alive {GRACE}s after the server stopped: {left}"
        out = proc.output(GRACE)
        assert out is not None, "a process still holds the server's output"
        assert "leaked semaphore" not in out
        assert "Traceback" not in out and "KeyboardInterrupt" not in out, out
    finally:
        proc.stop()


def test_a_bot_worker_does_not_import_the_web_stack() -> None:
    """A bot worker unpickles the functions of ``spacetable.web.bots``: importing them
    brings the games and the bots, not the web app, its framework or the database layer
    (each spawned worker would pay for them at its start)."""
    heavy = ("fastapi", "starlette", "sqlalchemy", "alembic", "uvicorn", "spacetable.web.app")
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, spacetable.web.bots\n"
            f"print(sorted(m for m in {heavy!r} if m in sys.modules))",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert out.strip() == "[]"
