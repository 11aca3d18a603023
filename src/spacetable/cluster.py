"""Where games are played: in this process, on local worker processes, or on a Ray cluster.

``simulate``, ``tournament`` and ``balance`` describe each game as a *job*, a small picklable
value that decides the game entirely (game, settings, seed, line-up, bot seeds), and a pure
function that plays it. A :class:`Backend` maps that function over the jobs and hands the
results back **in job order**, so a run's figures depend on its seed alone, never on the
backend or the number of workers:

* :class:`LocalBackend` with ``workers=1`` plays the jobs in this process, one by one;
* :class:`LocalBackend` with ``workers=N`` uses ``N`` worker processes
  (:class:`~concurrent.futures.ProcessPoolExecutor`), which end with this process even
  when it is killed (:func:`spacetable.workers.process_pool`);
* :class:`RayBackend` sends the jobs to Ray: a local Ray started for the run by default
  (``num_cpus`` workers), or an existing cluster given its address (``ray start --head``
  prints it; see ``docs/cluster.md``). Ray is imported only when this backend starts.

Every backend keeps a bounded number of jobs in flight (four per worker), so a run of a
million games does not queue a million tasks. Results stream to ``on_done`` as they finish
(in completion order, for progress bars); the returned list is in job order.

Use a backend as a context manager: leaving it stops the worker processes, and shuts down a
Ray it started (or disconnects from a cluster it joined).
"""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from types import TracebackType
from typing import Any, Protocol, Self, TypeVar

from spacetable.engine import Game, SpacetableError
from spacetable.workers import StartMethod, process_pool, stop_pool

__all__ = [
    "Backend",
    "ClusterError",
    "LocalBackend",
    "RayBackend",
    "make_backend",
    "run_ordered",
]

J = TypeVar("J")
R = TypeVar("R")

#: How local workers start: forked on Linux (they share the games a script or a test suite
#: registered, which a spawned worker could not import), spawned elsewhere.
_START_METHOD: StartMethod = "fork" if sys.platform.startswith("linux") else "spawn"

#: Jobs in flight per worker: enough to keep every worker busy while results travel back.
IN_FLIGHT_PER_WORKER = 4


class ClusterError(SpacetableError, ValueError):
    """A backend that cannot start (Ray missing, a cluster address that does not answer,
    a bad number of workers)."""


class Backend(Protocol):
    """Plays jobs somewhere; see the module docstring."""

    #: A short description for reports: ``"local, 2 workers"``, ``"ray (local), 2 CPUs"``.
    name: str

    @property
    def workers(self) -> int:
        """How many jobs run at once."""
        ...

    def map(
        self,
        fn: Callable[[J], R],
        jobs: Sequence[J],
        on_done: Callable[[int, R], None] | None = None,
    ) -> list[R]:
        """``[fn(j) for j in jobs]``, computed by the backend; ``on_done(i, result)`` is
        called in this process as each job ``i`` finishes."""
        ...

    def __enter__(self) -> Self: ...

    def __exit__(
        self,
        kind: type[BaseException] | None,
        err: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...


def _extra_games(portable: bool = False) -> list[type[Game]]:
    """Game classes registered in this process beyond the shipped ones (tests register toy
    games): worker processes register them too. ``portable``: only those a process that
    did not start from this one can import (a Ray worker on any node imports ``spacetable``,
    not a script's or a test suite's own modules, which a forked local worker shares)."""
    from spacetable.engine import game_class, list_games

    classes = [game_class(g) for g in list_games()]
    if portable:
        classes = [c for c in classes if c.__module__.split(".")[0] == "spacetable"]
    return classes


def _init_worker(classes: Sequence[type[Game]]) -> None:
    from spacetable.engine import register

    for cls in classes:
        register(cls)


class _Closing:
    """Context-manager plumbing shared by the backends."""

    def close(self) -> None:
        """Release the backend's workers (idempotent)."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        err: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class LocalBackend(_Closing):
    """This process (``workers=1``) or a pool of ``workers`` local processes.

    The pool is started on the first :meth:`map` with more than one job and kept for the
    next ones (``balance`` maps once per player count) until :meth:`close`.
    """

    def __init__(self, workers: int = 1) -> None:
        if type(workers) is not int or workers < 1:
            raise ClusterError(f"workers must be a positive integer, got {workers!r:.40}")
        self._workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self.name = "local, 1 process" if workers == 1 else f"local, {workers} processes"

    @property
    def workers(self) -> int:
        return self._workers

    def map(
        self,
        fn: Callable[[J], R],
        jobs: Sequence[J],
        on_done: Callable[[int, R], None] | None = None,
    ) -> list[R]:
        if self._workers == 1 or len(jobs) <= 1:
            out: list[R] = []
            for i, j in enumerate(jobs):
                r = fn(j)
                out.append(r)
                if on_done is not None:
                    on_done(i, r)
            return out
        if self._pool is None:
            self._pool = process_pool(self._workers, _START_METHOD, _init_worker, (_extra_games(),))
        pool = self._pool
        results: dict[int, R] = {}
        pending: dict[Future[R], int] = {}
        todo = iter(enumerate(jobs))
        limit = self._workers * IN_FLIGHT_PER_WORKER

        def submit() -> None:
            nxt = next(todo, None)
            if nxt is not None:
                pending[pool.submit(fn, nxt[1])] = nxt[0]

        for _ in range(limit):
            submit()
        try:
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    i = pending.pop(f)
                    r = f.result()
                    results[i] = r
                    if on_done is not None:
                        on_done(i, r)
                    submit()
        except BaseException:
            for f in pending:
                f.cancel()
            raise
        return [results[i] for i in range(len(jobs))]

    def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            stop_pool(pool)


def _ray_call(fn: Callable[[J], R], classes: Sequence[type[Game]], job: J) -> R:
    """What a Ray task runs: registers the driver's games in the worker process, then plays
    the job."""
    _init_worker(classes)
    return fn(job)


class RayBackend(_Closing):
    """A Ray cluster: a local one started for the run (``address=None``: ``num_cpus``
    CPUs, default one per core), or an existing one joined at ``address``
    (``"HOST:6379"``, or ``"auto"`` on a node of the cluster).

    The driver ships every job to Ray as a task and gathers the results; the tasks import
    ``spacetable`` on the workers, so every node needs the same version installed (and a
    data set given with ``--data`` at the same path). A Ray this backend started is shut
    down by :meth:`close`; a cluster it joined keeps running (the driver disconnects). In a
    process that has initialised Ray itself (``ray.init(...)``), ``RayBackend()`` uses that
    Ray and leaves it running.
    """

    def __init__(self, address: str | None = None, num_cpus: int | None = None) -> None:
        if num_cpus is not None and (type(num_cpus) is not int or num_cpus < 1):
            raise ClusterError(f"num_cpus must be a positive integer, got {num_cpus!r:.40}")
        if address is not None and num_cpus is not None:
            raise ClusterError("num_cpus is for a local Ray; a cluster's nodes set their own")
        try:
            import ray
        except ImportError as e:
            raise ClusterError(
                f"the Ray backend needs Ray ({e}): pip install 'spacetable[rl]' or 'ray'"
            ) from e
        self._ray = ray
        self._started = False
        #: Whether close() shuts Ray down: not when this process had initialised it already.
        self._owned = True
        if ray.is_initialized():
            if address is not None or num_cpus is not None:
                raise ClusterError(
                    "Ray is already initialised in this process: use it as it is "
                    "(no address, no num_cpus) or shut it down first"
                )
            self._owned = False
        elif address is None:
            self._init(
                num_cpus=num_cpus or os.cpu_count() or 1,
                include_dashboard=False,
            )
        else:
            _check_reachable(address)
            self._init(address=address)
        self._started = True
        resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
        cpus = int(resources.get("CPU", 1))
        self._workers = max(cpus, 1)
        kind = address or ("local" if self._owned else "this process's")
        self.name = f"ray ({kind}), {self._workers} CPUs"

    @property
    def workers(self) -> int:
        return self._workers

    def map(
        self,
        fn: Callable[[J], R],
        jobs: Sequence[J],
        on_done: Callable[[int, R], None] | None = None,
    ) -> list[R]:
        if not self._started:
            raise ClusterError("this Ray backend is closed")
        ray = self._ray
        task = ray.remote(num_cpus=1, max_retries=0)(_ray_call)
        fn_ref, classes_ref = ray.put(fn), ray.put(_extra_games(portable=True))
        results: dict[int, R] = {}
        pending: dict[Any, int] = {}
        todo = iter(enumerate(jobs))
        limit = self._workers * IN_FLIGHT_PER_WORKER

        def submit() -> None:
            nxt = next(todo, None)
            if nxt is not None:
                pending[task.remote(fn_ref, classes_ref, nxt[1])] = nxt[0]

        for _ in range(limit):
            submit()
        try:
            while pending:
                done, _ = ray.wait(list(pending), num_returns=1)
                for ref in done:
                    i = pending.pop(ref)
                    r: R = ray.get(ref)
                    results[i] = r
                    if on_done is not None:
                        on_done(i, r)
                    submit()
        except BaseException:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
        return [results[i] for i in range(len(jobs))]

    def _init(self, **kwargs: Any) -> None:
        where = f"the Ray cluster at {kwargs['address']!r}" if "address" in kwargs else "Ray"
        try:
            self._ray.init(log_to_driver=False, configure_logging=False, **kwargs)
        except Exception as e:  # Ray raises many kinds (ConnectionError, RuntimeError...)
            raise ClusterError(f"cannot start {where}: {type(e).__name__}: {e}") from e

    def close(self) -> None:
        if self._started:
            self._started = False
            if self._owned:
                self._ray.shutdown()


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Refuse at once a ``HOST:PORT`` address where nothing answers (Ray itself would retry
    for minutes). ``auto`` and ``ray://`` addresses are left to Ray."""
    if address == "auto" or "://" in address:
        return
    host, sep, port = address.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise ClusterError(
            f"a Ray address is HOST:PORT (as `ray start --head` prints it) or 'auto', "
            f"got {address!r:.80}"
        )
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as e:
        raise ClusterError(
            f"no Ray cluster answers at {address} ({e.strerror or e}); start one with "
            "`ray start --head` and give the address it prints"
        ) from e


def make_backend(
    workers: int = 1, *, ray: bool = False, ray_address: str | None = None
) -> LocalBackend | RayBackend:
    """The backend the command-line options ask for.

    ``workers``: local processes (0: one per core); with ``ray`` and no address, the CPUs of
    the local Ray (0: one per core). ``ray_address`` joins an existing cluster (it implies
    ``ray``; ``workers`` must then be 0, the cluster's nodes decide).
    """
    if type(workers) is not int or workers < 0:
        raise ClusterError(f"--workers must be at least 0 (0: one per core), got {workers!r:.40}")
    if ray_address is not None:
        if not ray_address.strip():
            raise ClusterError("--ray-address must not be empty (HOST:PORT, or 'auto')")
        if workers:
            raise ClusterError(
                "--workers does not apply to an existing Ray cluster (its nodes set their CPUs)"
            )
        return RayBackend(address=ray_address.strip())
    if ray:
        return RayBackend(num_cpus=workers or None)
    return LocalBackend(workers or os.cpu_count() or 1)


def run_ordered(
    fn: Callable[[J], R],
    jobs: Sequence[J],
    backend: Backend | None = None,
    on_done: Callable[[int, R], None] | None = None,
) -> list[R]:
    """``backend.map(fn, jobs, on_done)``; in this process when ``backend`` is None."""
    if backend is None:
        with LocalBackend(1) as local:
            return local.map(fn, jobs, on_done)
    return backend.map(fn, jobs, on_done)
