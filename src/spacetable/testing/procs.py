"""Processes as Linux's ``/proc`` shows them: a process's descendants, and whether they are
gone (the tests of worker processes that must end with their owner).

A process is known by its pid *and* its start time, so a pid the system gave again to a new
process is not taken for the old one; a zombie (dead, not yet reaped) counts as gone.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Proc", "descendants", "processes", "survivors", "wait_for"]

PROC = Path("/proc")


@dataclass(frozen=True)
class Proc:
    """One process: its pid, its parent's, when it started (clock ticks after boot), its
    state letter (``R``, ``S``, ``Z``...) and its command line."""

    pid: int
    ppid: int
    start: int
    state: str
    cmdline: str

    @property
    def alive(self) -> bool:
        return self.state not in ("Z", "X")


def _read(pid: int) -> Proc | None:
    try:
        stat = (PROC / str(pid) / "stat").read_text()
        raw = (PROC / str(pid) / "cmdline").read_bytes()
    except OSError:  # gone meanwhile
        return None
    # "pid (comm) state ppid ..."; comm may hold spaces and parentheses
    fields = stat[stat.rindex(")") + 2 :].split()
    cmdline = raw.replace(b"\0", b" ").decode(errors="replace").strip()
    return Proc(pid, int(fields[1]), int(fields[19]), fields[0], cmdline)


def processes() -> dict[int, Proc]:
    """Every process of the system now."""
    out = {}
    for entry in os.listdir(PROC):
        if entry.isdigit():
            p = _read(int(entry))
            if p is not None:
                out[p.pid] = p
    return out


def descendants(pid: int) -> list[Proc]:
    """The living children of ``pid``, their children, and so on."""
    children: dict[int, list[Proc]] = {}
    for p in processes().values():
        children.setdefault(p.ppid, []).append(p)
    out: list[Proc] = []
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child.alive:
                out.append(child)
                todo.append(child.pid)
    return out


def survivors(procs: list[Proc]) -> list[Proc]:
    """Those of ``procs`` still alive, and every living process whose parent is one of
    those (a child started after ``procs`` were listed)."""
    now = processes()
    out = []
    for p in procs:
        q = now.get(p.pid)
        if q is not None and q.start == p.start and q.alive:
            out.append(q)
    parents = {q.pid for q in out}
    out += [q for q in now.values() if q.ppid in parents and q.alive and q not in out]
    return out


def wait_for(procs: list[Proc], timeout: float) -> list[Proc]:
    """Wait up to ``timeout`` seconds for every one of ``procs`` (and their children) to
    end; the survivors (``[]``: all gone)."""
    deadline = time.monotonic() + timeout
    left = survivors(procs)
    while left and time.monotonic() < deadline:
        time.sleep(0.05)
        left = survivors(procs)
    return left
