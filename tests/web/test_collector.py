"""The server's garbage-collector policy (spacetable.web.collector): survivors frozen often,
a full collection now and then that still finds the cycles among frozen objects."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from spacetable.web.collector import Collector
from spacetable.web.live import Hub, Settings
from spacetable.web.storage import Storage


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> weakref.ref[Node]:
    """Two objects that only a cyclic collection frees; a weak reference to watch them."""
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a)


@pytest.fixture(autouse=True)
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_frozen_cycle_survives_collections_until_the_full_one() -> None:
    clock = FakeClock()
    # a steady count of frozen objects: the growth rule (tested below) is out of the way,
    # whatever other objects of this process are freed meanwhile
    c = Collector(
        freeze_every=1.0, full_every=10.0, full_growth=0.0, clock=clock, count=lambda: 1000
    )
    c.start()
    assert c.fulls == 1
    watched = cycle()
    c.step()  # a freeze: the cycle is now out of the collector's sight
    assert c.freezes == 1
    assert gc.get_freeze_count() > 0
    gc.collect()
    assert watched() is not None, "a frozen cycle is not collected by a normal collection"
    clock.now += 10.0
    c.step()  # the full collection is due
    assert c.fulls == 2
    assert watched() is None, "the full collection frees the frozen cycle"
    assert gc.get_freeze_count() > 0, "the survivors are frozen again"


def test_a_full_collection_waits_for_the_frozen_objects_to_grow_by_a_quarter() -> None:
    """CPython's own rule for full collections: none while the frozen objects hold steady
    (a server whose tables come and go), one once they grew by a quarter, and never twice
    within ``full_every`` seconds."""
    clock = FakeClock()
    frozen = [1000]
    c = Collector(freeze_every=1.0, full_every=10.0, clock=clock, count=lambda: frozen[0])
    c.start()
    assert c.fulls == 1 and c.frozen_after_full == 1000
    for _ in range(50):  # 50 periods of 10 s, the frozen objects steady or a little more
        clock.now += 10.0
        frozen[0] = 1240
        c.step()
    assert c.fulls == 1 and not c.due()
    frozen[0] = 1250  # a quarter more: cycles may be adding up
    assert c.due()
    clock.now += 1.0  # the next period makes it
    c.step()
    assert c.fulls == 2 and c.frozen_after_full == 1250
    frozen[0] = 5000
    clock.now += 9.0  # grown, but the last full collection was less than 10 s ago
    assert not c.due()
    clock.now += 1.0
    assert c.due()


def test_unfrozen_cycles_are_collected_as_usual() -> None:
    c = Collector(freeze_every=1.0, full_every=10.0, clock=FakeClock())
    c.start()
    watched = cycle()
    gc.collect()
    assert watched() is None


def test_bad_periods_are_refused() -> None:
    with pytest.raises(ValueError, match="freeze_every"):
        Collector(freeze_every=0.0)
    with pytest.raises(ValueError, match="freeze_every"):
        Collector(freeze_every=10.0, full_every=5.0)
    with pytest.raises(ValueError, match="full_growth"):
        Collector(full_growth=-0.1)


def test_run_freezes_periodically_and_hands_everything_back_when_cancelled() -> None:
    async def main() -> Collector:
        c = Collector(freeze_every=0.01, full_every=100.0)
        task = asyncio.create_task(c.run())
        for _ in range(3000):  # a loaded machine is slow: wait for three periods to pass
            if c.freezes >= 3:
                break
            await asyncio.sleep(0.01)
        assert gc.get_freeze_count() > 0
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        return c

    c = asyncio.run(main())
    assert c.fulls == 1 and c.freezes >= 3
    assert gc.get_freeze_count() == 0


@pytest.mark.parametrize("freeze_every", [0.01, None])
def test_the_hub_runs_the_collector_unless_told_not_to(
    tmp_path: object, freeze_every: float | None
) -> None:
    async def main() -> tuple[int, int]:
        hub = Hub(
            Storage(f"sqlite:///{tmp_path}/c.db"),
            Settings(gc_freeze_every=freeze_every, warm_bots=False, bot_workers=1),
        )
        await hub.startup()
        await asyncio.sleep(0.1)
        during = gc.get_freeze_count()
        await hub.shutdown()
        return during, gc.get_freeze_count()

    during, after = asyncio.run(main())
    assert (during > 0) == (freeze_every is not None)
    assert after == 0
