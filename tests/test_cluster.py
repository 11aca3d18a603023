"""Backends: the same seed gives the same figures and records in this process, on local
worker processes and on Ray (a small local Ray with 2 CPUs, started once for this module,
joined by the command line as an existing cluster)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from spacetable.cli.balance import run_balance
from spacetable.cli.main import app
from spacetable.cli.simulate import run_games, summarize
from spacetable.cli.tournament import make_jobs, run_jobs, run_tournament
from spacetable.cluster import (
    Backend,
    ClusterError,
    LocalBackend,
    RayBackend,
    make_backend,
    run_ordered,
)
from spacetable.records import RecordWriter
from spacetable.testing.procs import descendants, wait_for

#: Options that keep random games short (as in tests/rl/configs.py).
FAST: dict[str, dict[str, Any]] = {
    "tortuga2199": {"round_limit": 40},
    "spacedealer": {"length": 120, "timer": 20},
}

runner = CliRunner()

#: One setting per game, short enough for a few games on every backend.
SETTINGS: list[tuple[str, int, dict[str, Any]]] = [
    ("planetraiders", 2, {}),
    ("quazarys", 2, {}),
    ("spacedealer", 3, dict(FAST["spacedealer"])),
    ("tortuga2199", 2, dict(FAST["tortuga2199"])),
    ("wildspace", 3, {}),
]


@pytest.fixture(scope="module")
def ray_address() -> Iterator[str]:
    """A local Ray with 2 CPUs for this module; its address for drivers that join it."""
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield str(ray.get_runtime_context().gcs_address)
    finally:
        ray.shutdown()


def _strip(report: Any) -> Any:
    """A report without its wall-clock figures (the only part that may differ)."""
    if isinstance(report, dict):
        return {k: _strip(v) for k, v in report.items() if k not in ("seconds", "speed", "records")}
    if isinstance(report, list):
        return [_strip(x) for x in report]
    return report


def _square(x: int) -> int:
    if x < 0:
        raise ValueError(f"negative: {x}")
    return x * x


def test_local_backends_keep_job_order_and_report_each_job() -> None:
    jobs = list(range(23))
    for backend in (LocalBackend(1), LocalBackend(2)):
        seen: list[int] = []

        def done(i: int, _r: int, seen: list[int] = seen) -> None:
            seen.append(i)

        with backend:
            out = backend.map(_square, jobs, done)
            again = backend.map(_square, jobs[:5])  # the pool serves several maps
        assert out == [j * j for j in jobs]
        assert again == [0, 1, 4, 9, 16]
        assert sorted(seen) == jobs
    assert run_ordered(_square, [3, 4]) == [9, 16]


def test_a_failing_job_fails_the_run() -> None:
    with LocalBackend(2) as backend, pytest.raises(ValueError, match="negative: -3"):
        backend.map(_square, [1, 2, -3, 4, 5, 6])


def test_bad_backend_options_are_refused() -> None:
    with pytest.raises(ClusterError, match="at least 0"):
        make_backend(-1)
    with pytest.raises(ClusterError, match="positive integer"):
        LocalBackend(0)
    with pytest.raises(ClusterError, match="--workers does not apply"):
        make_backend(3, ray_address="127.0.0.1:6379")
    with pytest.raises(ClusterError, match="HOST:PORT"):
        make_backend(0, ray_address="6379")
    res = runner.invoke(app, ["tournament", "quazarys", "-n", "2", "--ray-address", "nope:1"])
    assert res.exit_code == 2
    assert "no Ray cluster answers at nope:1" in res.output


@pytest.mark.parametrize("setting", SETTINGS, ids=[s[0] for s in SETTINGS])
def test_every_backend_plays_the_same_games(
    setting: tuple[str, int, dict[str, Any]], ray_address: str, tmp_path: Path
) -> None:
    game, players, options = setting
    bots = ["greedy", "random"]
    reports = []
    files = []
    backends: tuple[Backend, ...] = (LocalBackend(1), LocalBackend(2), RayBackend())
    for k, backend in enumerate(backends):
        with backend:
            reports.append(
                _strip(run_tournament(game, players, bots, 4, 3, options=options, backend=backend))
            )
            with RecordWriter(tmp_path / f"{k}.jsonl") as w:
                sims = run_games(game, players, 3, bots, 8, options, backend=backend, records=w)
            files.append((tmp_path / f"{k}.jsonl").read_bytes())
            reports.append(summarize(sims, players))
    assert reports[0] == reports[2] == reports[4]
    assert reports[1] == reports[3] == reports[5]
    assert files[0] == files[1] == files[2]
    assert len(files[0].splitlines()) == 3


def test_balance_is_the_same_on_ray(ray_address: str) -> None:
    one = run_balance("wildspace", [1, 2], 4, seed=2, workers=1)
    with RayBackend() as backend:
        assert backend.workers == 2
        on_ray = run_balance("wildspace", [1, 2], 4, seed=2, backend=backend)
    assert _strip(on_ray) == _strip(one)


def test_run_jobs_on_ray_streams_every_result(ray_address: str) -> None:
    jobs = make_jobs("quazarys", 2, ["random"], 5, seed=4)
    seen: list[int] = []
    with RayBackend() as backend:
        res = run_jobs(jobs, on_done=lambda r: seen.append(r["index"]), backend=backend)
    assert [r["index"] for r in res] == [0, 1, 2, 3, 4]
    assert sorted(seen) == [0, 1, 2, 3, 4]
    assert _strip(res) == _strip(run_jobs(jobs, workers=1))


def _cli(*args: str) -> dict[str, Any]:
    res = runner.invoke(app, list(args))
    assert res.exit_code == 0, res.output
    data: dict[str, Any] = json.loads(res.stdout)  # stderr may say the simulation options added
    return data


def _driver(*args: str) -> dict[str, Any]:
    """Run the command line in a separate driver process; its JSON report."""
    done = subprocess.run(
        [sys.executable, "-m", "spacetable", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "120"},
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def test_cli_json_summaries_are_identical_for_1_and_2_workers_and_ray(
    ray_address: str, tmp_path: Path
) -> None:
    """From the command line: 1 worker, 2 workers, then a separate driver process joining
    the module's Ray as an existing cluster (``--ray-address``) or starting its own local
    Ray (``--ray``, the default), with the same JSON reports and the same records."""
    tournament = ["tournament", "quazarys", "-n", "4", "-b", "greedy,random", "--json"]
    one = _cli(*tournament, "-w", "1")
    assert _strip(_cli(*tournament, "-w", "2")) == _strip(one)
    assert _strip(_driver(*tournament, "--ray-address", ray_address)) == _strip(one)
    balance = ["balance", "wildspace", "-p", "2", "-n", "4", "--json"]
    assert _strip(_cli(*balance, "-w", "2")) == _strip(_cli(*balance, "-w", "1"))
    simulate = ["simulate", "tortuga2199", "-n", "3", "-o", "round_limit=40", "--json"]
    here = _cli(*simulate, "--record", str(tmp_path / "here"))
    assert _strip(_cli(*simulate, "-w", "2")) == _strip(here)
    own = _driver(*simulate, "--record", str(tmp_path / "ray"), "--ray", "-w", "2")
    assert _strip(own) == _strip(here)
    name = Path(here["records"]).name
    assert (tmp_path / "ray" / name).read_bytes() == (tmp_path / "here" / name).read_bytes()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_killed_simulate_leaves_no_worker_process_behind() -> None:
    """``spacetable simulate --workers 2`` killed with SIGKILL in the middle of its games:
    its worker processes end with it."""
    command = ["simulate", "quazarys", "-n", "100000", "-w", "2", "--json"]
    driver = subprocess.Popen(
        [sys.executable, "-m", "spacetable", *command],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        procs = descendants(driver.pid)
        while len(procs) < 2:
            assert time.monotonic() < deadline and driver.poll() is None, "no workers"
            time.sleep(0.05)
            procs = descendants(driver.pid)
        os.kill(driver.pid, signal.SIGKILL)
        driver.wait(10)
        left = wait_for(procs, 5.0)
        assert not left, f"alive 5s after the driver's SIGKILL: {left}"
    finally:
        if driver.poll() is None:
            driver.kill()
        driver.wait(10)
