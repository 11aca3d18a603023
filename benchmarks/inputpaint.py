"""Input to paint in the web app: from a decision made on the board to its new board painted.

    python benchmarks/inputpaint.py --moves 40 --json benchmarks/inputpaint.json

A local server (the app on uvicorn in a thread, on loopback, SQLite) and headless Chromium at
1280x720. For each game, one person against random bots with the game's shortest settings
plays ``--moves`` decisions on the board with the keyboard (Tab to a playable piece, Enter; in
a piece's menu, Enter), a new table whenever a game ends. The page marks
``spacetable:input`` when it sends a decision and ``spacetable:painted`` in the frame after the
board answering it is drawn (``static/table.js``: requestAnimationFrame, then a task); the
figure is ``performance.measure`` between them, read from the page. It therefore holds the
round trip to the server (the engine applying the decision, the database commit, the state
message) and the drawing of the whole page, not the bots' moves that follow.

Goal: p95 at most 100 ms on a desktop. Results: ``benchmarks/INPUTPAINT.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from playwright.sync_api import Page, sync_playwright

from spacetable.web.app import create_app
from spacetable.web.live import Settings

#: The shortest settings of each game (Space Dealer is real time: its clock ends it).
GAMES: dict[str, tuple[int, dict[str, Any], dict[str, Any]]] = {
    "wildspace": (1, {}, {}),
    "quazarys": (2, {"round_limit": 30}, {}),
    "planetraiders": (2, {"round_limit": 8}, {}),
    "tortuga2199": (2, {"round_limit": 4}, {}),
    "spacedealer": (3, {"length": 300, "timer": 10}, {"speed": 2.0}),
}

CHROMIUM = os.environ.get("SPACETABLE_CHROMIUM", "/usr/bin/chromium")

# Where the focus is and what the board offers, read at once.
FOCUS = """() => {
  const a = document.activeElement;
  const board = document.querySelector('#view [data-testid=board]');
  const end = document.querySelector('#end');
  return {
    end: end.open,
    menu: !!(a && a.closest && a.closest('[data-testid=board-menu]')),
    piece: !!(a && a.closest && board && board.contains(a) && a.closest('[data-actions]')),
    playable: board ? board.querySelectorAll('[data-actions]').length : 0,
    busy: board ? board.classList.contains('busy') : true,
  };
}"""
MEASURES = (
    """() => performance.getEntriesByName('spacetable:input-to-paint').map((m) => m.duration)"""
)
ANSWERS = (
    """() => performance.getEntriesByName('spacetable:input-to-answer').map((m) => m.duration)"""
)


def start_server(db: str) -> tuple[str, uvicorn.Server, threading.Thread]:
    settings = Settings(bot_workers=1, warm_bots=False, rate=1000, burst=2000)
    app = create_app(db, settings, ())
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    return f"http://127.0.0.1:{port}", server, thread


def play(page: Page, want: int, limit: float) -> tuple[list[float], bool]:
    """Decisions by keyboard until ``want`` measures, the end of the game or ``limit`` s;
    the measures and whether the game ended."""
    deadline = time.monotonic() + limit
    tabs = 0
    while time.monotonic() < deadline:
        done: list[float] = page.evaluate(MEASURES)
        if len(done) >= want:
            return done, False
        s = page.evaluate(FOCUS)
        if s["end"]:
            page.wait_for_timeout(200)  # the last board's measure
            return page.evaluate(MEASURES), True
        if s["menu"] or (s["piece"] and not s["busy"]):
            page.keyboard.press("Enter")
            page.wait_for_timeout(20)
        elif s["playable"] and not s["busy"] and tabs < 200:
            page.keyboard.press("Tab")
            tabs += 1
        else:
            page.wait_for_timeout(20)
    return page.evaluate(MEASURES), False


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--moves", type=int, default=40, help="decisions measured per game")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args()
    tmp = tempfile.mkdtemp()
    base, server, thread = start_server(f"sqlite:///{tmp}/inputpaint.db")
    results: dict[str, Any] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        for game in args.games.split(","):
            players, options, kw = GAMES[game]
            times: list[float] = []
            answers: list[float] = []  # the answering state's arrival, of the same decisions
            tables = 0
            while len(times) < args.moves and tables < 10:
                seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
                body = {"game": game, "players": players, "seats": seats, "bot_delay": 0.0}
                r = httpx.post(
                    f"{base}/api/tables", json={**body, "options": options, "start": True, **kw}
                )
                r.raise_for_status()
                ctx = browser.new_context(viewport={"width": 1280, "height": 720})
                page = ctx.new_page()
                page.goto(f"{base}/?lang=en")
                page.goto(base + r.json()["seats"][0]["link"])
                page.wait_for_selector("#view [data-testid=board] svg")
                got, _ = play(page, args.moves - len(times), 240.0)
                times += got
                answers += page.evaluate(ANSWERS)[: len(got)]
                tables += 1
                ctx.close()
            results[game] = {
                "count": len(times),
                "tables": tables,
                "p50_ms": round(statistics.median(times), 1) if times else None,
                "p95_ms": round(percentile(times, 0.95), 1) if times else None,
                "max_ms": round(max(times), 1) if times else None,
                "answer_p50_ms": round(statistics.median(answers), 1) if answers else None,
                "answer_p95_ms": round(percentile(answers, 0.95), 1) if answers else None,
            }
            print(game, results[game], flush=True)
        browser.close()
    server.should_exit = True
    thread.join(10)
    out = {
        "viewport": "1280x720",
        "moves_per_game": args.moves,
        "load_average": os.getloadavg(),
        "cpus": os.cpu_count(),
        "date": time.strftime("%Y-%m-%d"),
        "python": sys.version.split()[0],
        "games": results,
    }
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n")
    print("| game | decisions | p50 | p95 | max | answer p50 | answer p95 | p95 ≤ 100 ms |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for game, r in results.items():
        ok = r["p95_ms"] is not None and r["p95_ms"] <= 100
        print(
            f"| {game} | {r['count']} | {r['p50_ms']} ms | {r['p95_ms']} ms | {r['max_ms']} ms"
            f" | {r['answer_p50_ms']} ms | {r['answer_p95_ms']} ms | {'yes' if ok else 'no'} |"
        )


if __name__ == "__main__":
    main()
