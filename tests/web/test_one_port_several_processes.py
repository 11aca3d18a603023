"""Several server processes behind one port (``docs/deploy.md``): ``spacetable serve
--workers N`` (one listening socket shared by N worker processes), and nginx in front of
several ``spacetable serve`` processes. A table is played to its end through the one port
by two seats, whose WebSockets may land on any process (the leak check on every message)."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from spacetable.web.storage import Storage

from . import loopback
from .conftest import RedisServer, Server, connect, create, free_port, fresh_pg_database
from .leakcheck import check_messages
from .test_kill import Proc
from .test_many_servers import _play_out

DOCS = Path(__file__).parents[2] / "docs" / "deploy.md"
#: Debian's nginx (scripts/test.sh installs it where it is missing).
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def _processes(base: str, at_least: int) -> set[str]:
    """The process ids ``GET /api/health`` names from many requests at once on ``base``
    (until ``at_least`` of them answered, or 20 rounds)."""
    seen: set[str] = set()

    async def round_() -> None:
        async with httpx.AsyncClient(timeout=20) as c:
            rs = await asyncio.gather(
                *(c.get(f"{base}/api/health", headers={"connection": "close"}) for _ in range(16))
            )
        for r in rs:
            assert r.status_code == 200 and r.json()["status"] == "ok", r.text
            seen.add(r.json()["process"])

    for _ in range(20):
        asyncio.run(round_())
        if len(seen) >= at_least:
            break
    return seen


def _play_table(url: str, server: Server) -> None:
    """A table created through ``server`` and played to its end by two seats connected
    through it; every message checked against the stored game."""
    humans = [{"kind": "human"}, {"kind": "human"}]
    table = create(server.base, "quazarys", humans, options={"round_limit": 30}, start=True)
    tokens = [s["token"] for s in table["seats"]]

    async def play() -> list[list[dict[str, Any]]]:
        seats = [
            await connect(server, table["id"], tokens[0], "en", "Ann"),
            await connect(server, table["id"], tokens[1], "fr", "Bob"),
        ]
        await asyncio.gather(*(_play_out(c) for c in seats))
        for c in seats:
            await c.close()
        return [c.received for c in seats]

    streams = asyncio.run(play())
    assert check_messages(url, table["id"], streams, tokens) > 100
    assert sum(1 for s in streams for m in s if m["type"] == "end") == 2
    storage = Storage(url)
    try:
        rec = storage.table(table["id"])
        assert rec is not None and rec.status == "over"
        assert storage.count_decisions(table["id"]) == rec.steps
    finally:
        storage.close()


def _gone(pid: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


def test_serve_workers_shares_one_port_between_full_servers(redis_server: RedisServer) -> None:
    """``serve --workers 2``: two processes answer on one port, each a server of its own
    (its own process id); a game is played to its end through the port; SIGTERM to the
    command stops both workers, which give their tables up."""
    with fresh_pg_database() as url:
        p = Proc(url, "--workers", "2", "--redis", redis_server.url, "--lease-seconds", "2")
        try:
            ids = _processes(p.server.base, 2)
            assert len(ids) == 2, ids
            _play_table(url, p.server)
            humans = [{"kind": "human"}, {"kind": "human"}]
            running = create(p.server.base, "quazarys", humans, start=True)
            p.p.send_signal(signal.SIGTERM)
            assert p.p.wait(30) == 0
        finally:
            p.stop()
        out = p.output(10) or ""
        assert "Traceback" not in out, out
        for pid in (int(i.rsplit("-", 2)[1]) for i in ids):
            assert _gone(pid, 10), f"worker {pid} still runs"
        storage = Storage(url)
        try:  # its owner gave the running table up when it stopped
            rec = storage.table(running["id"])
            assert rec is not None and rec.status == "running" and rec.owner is None
        finally:
            storage.close()


def test_serve_workers_needs_redis_and_postgresql(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from spacetable.cli.main import app

    runner = CliRunner()
    sqlite = f"sqlite:///{tmp_path / 'x.db'}"
    for args, says in (
        (["--workers", "0"], "--workers must be at least 1"),
        (["--workers", "2", "--db", sqlite], "they need --redis"),
        (["--workers", "2", "--db", sqlite, "--redis", "redis://127.0.0.1:1/0"], "PostgreSQL"),
    ):
        out = runner.invoke(app, ["serve", "--port", "0", *args])
        assert out.exit_code == 2, out.output
        assert says in out.output and "Traceback" not in out.output
    assert not (tmp_path / "x.db").exists()  # nothing was started


def _docs_nginx(ports: list[int], listen: int) -> str:
    """The nginx configuration of ``docs/deploy.md``, on this test's ports."""
    text = DOCS.read_text(encoding="utf-8")
    blocks = re.findall(r"```nginx\n(.*?)```", text, re.S)
    assert len(blocks) == 1, "docs/deploy.md shows one nginx configuration"
    conf = str(blocks[0])
    for doc_port, port in zip((8001, 8002), ports, strict=True):
        assert f"127.0.0.1:{doc_port};" in conf
        conf = conf.replace(f"127.0.0.1:{doc_port};", f"127.0.0.1:{port};")
    assert "listen 80;" in conf
    return conf.replace("listen 80;", f"listen 127.0.0.1:{listen};")


def test_a_table_is_played_through_nginx_in_front_of_two_servers(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    """A real nginx with the configuration of ``docs/deploy.md`` in front of two servers
    (``--proxy 127.0.0.1``): requests reach both, and a game is played to its end through
    it."""
    if not os.path.exists(NGINX):
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but there is no nginx (scripts/test.sh installs it)")
        pytest.skip("no nginx on this machine")
    with fresh_pg_database() as url:
        procs = _cluster_behind_proxy(url, redis_server)
        listen = free_port()
        for d in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (tmp_path / d).mkdir()
        temp = " ".join(
            f"{d}_temp_path {tmp_path / ('body' if d == 'client_body' else d)};"
            for d in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (tmp_path / "nginx.conf").write_text(
            ("user root;\n" if os.geteuid() == 0 else "")
            + f"worker_processes 1;\nerror_log {tmp_path / 'error.log'} warn;\n"
            "events { worker_connections 256; }\n"
            f"http {{\naccess_log {tmp_path / 'access.log'};\n{temp}\n"
            + _docs_nginx([p.port for p in procs], listen)
            + "\n}\n"
        )
        nginx = subprocess.Popen(
            [
                NGINX,
                "-p",
                str(tmp_path),
                "-e",
                str(tmp_path / "error.log"),
                "-c",
                str(tmp_path / "nginx.conf"),
                "-g",
                f"daemon off; pid {tmp_path / 'nginx.pid'};",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            front = Server(None, f"http://127.0.0.1:{listen}", None, None)  # type: ignore[arg-type]
            deadline = time.monotonic() + 20
            while True:
                assert nginx.poll() is None, nginx.communicate()[1]
                try:
                    if loopback.get(f"{front.base}/api/health", timeout=5).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert time.monotonic() < deadline, "nginx does not answer"
                time.sleep(0.1)
            ids = _processes(front.base, 2)
            assert ids == {_health_id(p) for p in procs}, ids
            _play_table(url, front)
        finally:
            nginx.terminate()
            nginx.wait(10)
            for p in procs:
                p.stop()
        for p in procs:
            out = p.output(10) or ""
            assert "Traceback" not in out, out


def _cluster_behind_proxy(url: str, redis: RedisServer) -> list[Proc]:
    procs = [
        Proc(url, "--redis", redis.url, "--lease-seconds", "2", "--proxy", "127.0.0.1", wait=False)
        for _ in range(2)
    ]
    for p in procs:
        p.ready()
    return procs


def _health_id(p: Proc) -> str:
    return str(loopback.get(f"{p.server.base}/api/health", timeout=10).json()["process"])
