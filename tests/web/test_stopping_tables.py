"""A table stops whenever it is told to, even when the stop comes in the very moment its
driver was woken (a person's move, a bot's answer): the cancellation is never lost."""

from __future__ import annotations

import asyncio
from pathlib import Path

from spacetable.web.clocks import TableSettings
from spacetable.web.live import Hub, Settings
from spacetable.web.shared import cancel_and_wait
from spacetable.web.storage import Storage


async def _woken_and_stopped(tmp_path: Path) -> bool:
    hub = Hub(Storage(f"sqlite:///{tmp_path / 'tables.db'}"), Settings(bot_workers=1))
    await hub.startup()
    try:
        table, _, _ = await hub.create(
            "quazarys",
            2,
            {},
            [("human", None, "Ann"), ("human", None, "Bo")],
            settings=TableSettings(move=60.0, reserve=60.0),  # the driver waits for a time
            seed=1,
        )
        await table.start()
        task = table.task
        assert task is not None
        for _ in range(50):  # the driver waits for a move or the clock
            await asyncio.sleep(0)
        assert not task.done()
        # a move wakes the driver and, in the same moment, the server stops the table:
        # the wait ends with the wake and the cancellation at once
        table.wake.set()
        stopping = asyncio.ensure_future(table.stop())
        done, _ = await asyncio.wait({stopping}, timeout=5.0)
        if not done:  # the cancellation was lost: end the driver so that the hub shuts down
            task.cancel()
            await stopping
        return bool(done) and task.cancelled()
    finally:
        await hub.shutdown()


def test_a_table_woken_as_it_is_stopped_stops(tmp_path: Path) -> None:
    assert asyncio.run(_woken_and_stopped(tmp_path))


async def _caller_cancelled_while_a_task_ends() -> tuple[bool, bool]:
    may_end = asyncio.Event()

    async def slow_to_end() -> None:
        try:
            await asyncio.sleep(100)
        finally:
            await may_end.wait()  # its own clean-up takes a while

    task = asyncio.create_task(slow_to_end())
    await asyncio.sleep(0)
    caller = asyncio.create_task(cancel_and_wait([task, None]))
    await asyncio.sleep(0)
    caller.cancel()
    try:
        await caller
        caller_cancelled = False
    except asyncio.CancelledError:
        caller_cancelled = True
    ended_early = task.done()
    may_end.set()
    await asyncio.wait([task])
    return caller_cancelled, ended_early or not task.cancelled()


def test_a_caller_cancelled_while_it_waits_for_tasks_to_end_is_cancelled() -> None:
    """Waiting for tasks to end does not swallow the waiter's own cancellation (as awaiting a
    cancelled task under ``suppress(CancelledError)`` would); the tasks still end."""
    caller_cancelled, wrong = asyncio.run(_caller_cancelled_while_a_task_ends())
    assert caller_cancelled
    assert not wrong
