"""Python's cyclic garbage collector, kept off the players' latency.

A full collection (generation 2) walks every container object the process holds. With a
thousand live tables that is half a million objects and 150 to 450 ms during which the event
loop answers nobody: the load test (``benchmarks/webload.py``) found these pauses behind its
99th percentile. Almost everything a table allocates is freed by reference counting; the
cycles a full collection finds are a few hundred objects at a time.

:class:`Collector` therefore *freezes* (:func:`gc.freeze`) the objects that survived until
now every ``freeze_every`` seconds: the collector no longer walks them, so each collection
only looks at what was allocated since the last freeze. Frozen objects are still freed by
reference counting; only a cycle among them waits for the next *full* collection (unfreeze,
collect, freeze again): one pause of the old kind.

That pause is made only when it can pay, by CPython's own rule for full collections: when the
frozen objects grew by ``full_growth`` (a quarter) since the last full collection, and at most
once every ``full_every`` seconds (ten minutes). A server whose tables come and go holds
about as many objects an hour later (a finished table's objects are freed by reference
counting, frozen or not), so it pauses rarely; cycles left behind add up and bring the next
full collection, so they never take more than a quarter more memory.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field

log = logging.getLogger("spacetable.web")


@dataclass
class Collector:
    """Freeze survivors every ``freeze_every`` seconds; collect in full when the frozen
    objects grew by ``full_growth`` since the last full collection, at most once every
    ``full_every`` seconds (``full_growth=0``: every ``full_every`` seconds)."""

    freeze_every: float = 1.0
    full_every: float = 600.0
    full_growth: float = 0.25
    clock: Callable[[], float] = time.monotonic
    count: Callable[[], int] = gc.get_freeze_count
    last_full: float = field(default=0.0, init=False)
    #: How many objects were frozen right after the last full collection.
    frozen_after_full: int = field(default=0, init=False)
    freezes: int = field(default=0, init=False)
    fulls: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        if self.freeze_every <= 0 or self.full_every < self.freeze_every:
            raise ValueError("need 0 < freeze_every <= full_every")
        if self.full_growth < 0:
            raise ValueError("need full_growth >= 0")

    def start(self) -> None:
        """At start-up: collect what importing left, then freeze the rest."""
        self.full()

    def full(self) -> None:
        """Collect everything, frozen objects included, then freeze the survivors."""
        t0 = time.perf_counter()
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        self.last_full = self.clock()
        self.frozen_after_full = self.count()
        self.fulls += 1
        log.debug(
            "full collection: %d unreachable, %.1f ms, %d objects frozen",
            found,
            (time.perf_counter() - t0) * 1000,
            gc.get_freeze_count(),
        )

    def due(self) -> bool:
        """Whether a full collection is due: ``full_every`` seconds passed since the last, and
        the frozen objects grew by ``full_growth`` meanwhile."""
        if self.clock() - self.last_full < self.full_every:
            return False
        return self.count() >= self.frozen_after_full * (1.0 + self.full_growth)

    def step(self) -> None:
        """One period: a full collection when it is due, else a freeze."""
        if self.due():
            self.full()
        else:
            gc.freeze()
            self.freezes += 1

    async def run(self) -> None:
        """Until cancelled (the server's shutdown)."""
        self.start()
        try:
            while True:
                await asyncio.sleep(self.freeze_every)
                self.step()
        finally:
            gc.unfreeze()  # the process may live on (tests): hand everything back
