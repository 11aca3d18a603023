"""Python's cyclic garbage collector, kept off the players' latency.

A full collection (generation 2) walks every container object the process holds. With a
thousand live tables that is half a million objects and 150 to 450 ms during which the event
loop answers nobody: the load test (``benchmarks/webload.py``) found these pauses behind its
99th percentile. Almost everything a table allocates is freed by reference counting; the
cycles a full collection finds are a few hundred objects at a time.

:class:`Collector` therefore *freezes* (:func:`gc.freeze`) the objects that survived until
now every ``freeze_every`` seconds: the collector no longer walks them, so each collection
only looks at what was allocated since the last freeze. Frozen objects are still freed by
reference counting; only a cycle among them waits for the next *full* collection, which the
collector makes every ``full_every`` seconds (unfreeze, collect, freeze again): one pause of
the old kind every ten minutes by default instead of several a minute.
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
    """Freeze survivors every ``freeze_every`` seconds, collect in full every ``full_every``."""

    freeze_every: float = 1.0
    full_every: float = 600.0
    clock: Callable[[], float] = time.monotonic
    last_full: float = field(default=0.0, init=False)
    freezes: int = field(default=0, init=False)
    fulls: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        if self.freeze_every <= 0 or self.full_every < self.freeze_every:
            raise ValueError("need 0 < freeze_every <= full_every")

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
        self.fulls += 1
        log.debug(
            "full collection: %d unreachable, %.1f ms, %d objects frozen",
            found,
            (time.perf_counter() - t0) * 1000,
            gc.get_freeze_count(),
        )

    def step(self) -> None:
        """One period: a full collection when it is due, else a freeze."""
        if self.clock() - self.last_full >= self.full_every:
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
