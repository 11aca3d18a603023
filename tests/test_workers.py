"""Pools whose workers end with their owner (``spacetable.workers``): real worker processes,
a real owner process killed with SIGKILL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from spacetable.testing.procs import descendants, wait_for
from spacetable.workers import StartMethod, process_pool, stop_pool

METHODS: list[StartMethod] = ["fork", "spawn"]
#: How long the workers of a dead owner may take to end.
GRACE = 5.0

#: An owner that starts its pool from a thread that then ends, so the kernel's parent-death
#: signal is not armed in its workers: only their watch thread can notice the owner's death.
OWNER = """
import sys, threading
from spacetable.workers import process_pool
pools = []
def start():
    pool = process_pool(2, sys.argv[1])
    pools.append(pool)
    list(pool.map(abs, range(8)))
t = threading.Thread(target=start)
t.start()
t.join()
print("ready", flush=True)
sys.stdin.read()
"""


def _thread_gone(native_id: int) -> None:
    """Wait until the system thread ``native_id`` of this process has ended (Python's
    ``join`` returns a little before)."""
    deadline = time.monotonic() + GRACE
    while Path(f"/proc/self/task/{native_id}").exists():
        assert time.monotonic() < deadline, "the thread did not end"
        time.sleep(0.01)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("method", METHODS)
def test_a_pool_started_by_a_thread_outlives_that_thread(method: StartMethod) -> None:
    # the parent-death signal follows the thread that started a worker, not the process:
    # a worker started by a short-lived thread must not end with it
    pools: list[ProcessPoolExecutor] = []
    pids: list[int] = []

    def start() -> None:
        pool = process_pool(1, method)
        pools.append(pool)
        pids.append(pool.submit(os.getpid).result(60))

    t = threading.Thread(target=start)
    t.start()
    t.join()
    assert t.native_id is not None
    _thread_gone(t.native_id)
    try:
        assert pools[0].submit(os.getpid).result(60) == pids[0]
    finally:
        stop_pool(pools[0])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("method", METHODS)
def test_the_watch_thread_ends_the_workers_of_a_killed_owner(method: StartMethod) -> None:
    owner = subprocess.Popen(
        [sys.executable, "-c", OWNER, method],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert owner.stdout is not None and owner.stdout.readline() == "ready\n"
        procs = descendants(owner.pid)
        assert len([p for p in procs if "python" in p.cmdline]) >= 2, procs
        os.kill(owner.pid, signal.SIGKILL)
        owner.wait(10)
        left = wait_for(procs, GRACE)
        assert not left, f"alive {GRACE}s after their owner's SIGKILL: {left}"
    finally:
        if owner.poll() is None:
            owner.kill()
        owner.wait(10)


def test_stop_pool_ends_a_running_job_when_asked_to() -> None:
    pool = process_pool(1, "spawn")
    pid = pool.submit(os.getpid).result(60)
    running = pool.submit(time.sleep, 600)
    started = time.monotonic()
    stop_pool(pool, kill=True)
    assert time.monotonic() - started < 60
    assert running.done()
    with pytest.raises(OSError):  # the worker is gone
        os.kill(pid, 0)


def test_a_pool_refuses_the_forkserver() -> None:
    # a forkserver's workers are the fork server's children, not the owner's
    with pytest.raises(ValueError, match="fork' or 'spawn'"):
        process_pool(1, "forkserver")  # type: ignore[arg-type]
