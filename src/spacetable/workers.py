"""Worker processes that end with the process that started them.

A :class:`~concurrent.futures.ProcessPoolExecutor` worker waits for its next job on a queue
whose writing end it holds itself, so when the process that owns the pool dies without
shutting it down (``SIGKILL``, the out-of-memory killer, a crash), the worker waits forever,
and multiprocessing's resource tracker, kept alive by the workers' end of its pipe, stays
with it. :func:`process_pool` makes pools whose workers end with their owner instead:

* on Linux, a worker asks the kernel to send it ``SIGKILL`` when its parent dies
  (``prctl(PR_SET_PDEATHSIG)``), then checks that its parent is still the owner (it may
  have died before the call). The kernel sends that signal when the parent *thread* that
  started the worker ends, so it is armed only for a worker started by the owner's main
  thread, which lives as long as the process;
* everywhere, a daemon thread of the worker checks its parent every
  :data:`WATCH_INTERVAL` seconds and ends the worker once the parent is another process
  (the owner is gone: the worker was given to init or a subreaper).

Once every worker is gone, the resource tracker reads the end of its pipe, removes the
semaphores the dead owner left behind (it says so on the owner's standard error: "There
appear to be N leaked semaphore objects to clean up at shutdown") and exits.

The pools start their workers with ``fork`` or ``spawn`` only: a worker started through a
``forkserver`` is the fork server's child, not the owner's.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Literal

__all__ = [
    "WATCH_INTERVAL",
    "Owner",
    "StartMethod",
    "end_with_owner",
    "process_pool",
    "stop_pool",
]

#: How often (seconds) a worker's watch thread checks that its owner is alive.
WATCH_INTERVAL = 0.25
#: ``<linux/prctl.h>``
_PR_SET_PDEATHSIG = 1

StartMethod = Literal["fork", "spawn"]


class Owner:
    """The process that starts a pool's workers, as a worker sees it.

    Made in the owner; it travels to each worker with the pool's initializer (pickled when
    the worker is spawned, copied when it is forked). ``by_main_thread`` tells whether the
    owner's main thread started the worker: for a spawned worker it is read while the
    owner pickles this object (in the thread starting the worker), for a forked one the
    worker compares its thread, a copy of the forking thread, with the owner's main one."""

    def __init__(self) -> None:
        self.pid = os.getpid()
        self._main_ident = threading.main_thread().ident
        self._by_main: bool | None = None

    def __getstate__(self) -> dict[str, Any]:
        by_main = threading.current_thread() is threading.main_thread()
        return {"pid": self.pid, "_main_ident": self._main_ident, "_by_main": by_main}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    @property
    def by_main_thread(self) -> bool:
        if self._by_main is not None:
            return self._by_main
        return threading.get_ident() == self._main_ident


def _parent_death_signal(sig: int) -> bool:
    """Linux: ask for ``sig`` when the parent dies; ``False`` where that is not available."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(_PR_SET_PDEATHSIG, sig, 0, 0, 0)) == 0
    except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
        return False


def _watch(owner: int) -> None:
    while os.getppid() == owner:
        time.sleep(WATCH_INTERVAL)
    os._exit(1)


def end_with_owner(owner: Owner) -> None:
    """Called first in a worker: the worker ends when ``owner`` does (see the module
    docstring). Ends it at once when the owner is already gone."""
    if owner.by_main_thread:
        _parent_death_signal(signal.SIGKILL)
    if os.getppid() != owner.pid:
        os._exit(1)
    threading.Thread(target=_watch, args=(owner.pid,), name="owner-watch", daemon=True).start()


def _start_worker(
    owner: Owner,
    ignore_sigint: bool,
    initializer: Callable[..., object] | None,
    initargs: Sequence[Any],
) -> None:
    end_with_owner(owner)
    if ignore_sigint:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    if initializer is not None:
        initializer(*initargs)


def process_pool(
    workers: int,
    start_method: StartMethod,
    initializer: Callable[..., object] | None = None,
    initargs: Sequence[Any] = (),
    *,
    ignore_sigint: bool = False,
) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes, started with ``start_method``, whose workers end
    with this process (see the module docstring), then run ``initializer(*initargs)``.

    ``ignore_sigint``: the workers ignore ``SIGINT``, so that a Ctrl-C in a terminal, sent
    to every process of the foreground group, stops the owner, which then stops its workers
    in order (instead of each worker dying on its own ``KeyboardInterrupt``)."""
    if start_method not in ("fork", "spawn"):
        raise ValueError(f"start_method must be 'fork' or 'spawn', got {start_method!r:.40}")
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context(start_method),
        initializer=_start_worker,
        initargs=(Owner(), ignore_sigint, initializer, tuple(initargs)),
    )


def stop_pool(pool: ProcessPoolExecutor, *, kill: bool = False) -> None:
    """Shut ``pool`` down and wait until its workers and its manager thread have ended, so
    that its queues, and their semaphores, are released now: a process that ends by a
    signal just after (as uvicorn does once it has shut down on a ``SIGTERM``) runs no exit
    handler, and the resource tracker would then report those semaphores as leaked.

    ``kill``: end the jobs the workers are running instead of waiting for them (jobs
    waiting in the queue are cancelled either way)."""
    if kill:
        # the pool's own list of its processes: an executor has no public way to end them
        # before Python 3.14's kill_workers()
        processes: dict[int, Any] = getattr(pool, "_processes", None) or {}
        for p in list(processes.values()):
            p.kill()
    pool.shutdown(wait=True, cancel_futures=True)
