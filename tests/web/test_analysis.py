"""Hints and reviews at the web tables, on a real server (real SQLite, real WebSockets, a
real browser): a review is computed in a worker, answered 202 while pending, stored once and
never computed again; hints answer a seated person from its own information, are refused
where the table turns them off, to spectators and past the per-connection limit; the replay
page draws the review's chart and mistakes in French and English, and the table page's
"What would the bot do?" button shows the bot's top moves."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from spacetable.bots.analysis import Review
from spacetable.engine.mention import MENTION
from spacetable.web.storage import Storage

from . import loopback
from .conftest import FAST, Server, connect, create, run_async, start_server
from .test_e2e import browser, capture
from .test_replay import QUAZARYS, finished_table

__all__ = ["browser"]

#: Small budgets so that the tests stay fast.
SETTINGS = dataclasses.replace(FAST, review_iterations=12, hint_iterations=40)


@pytest.fixture
def analysis_server(tmp_path: Path) -> Iterator[Server]:
    s = start_server(f"sqlite:///{tmp_path / 'analysis.db'}", SETTINGS)
    try:
        yield s
    finally:
        s.stop()


def review_when_done(server: Server, table: str, seat: int) -> tuple[list[int], dict[str, Any]]:
    """Ask for the review until it is done: the statuses seen, and the final answer."""
    statuses = []
    deadline = time.monotonic() + 120
    while True:
        r = loopback.get(
            f"{server.base}/api/tables/{table}/review", params={"seat": seat}, timeout=60
        )
        statuses.append(r.status_code)
        if r.status_code == 200:
            return statuses, dict(r.json())
        assert r.status_code == 202, r.text
        assert r.json() == {"status": "pending"}
        assert time.monotonic() < deadline
        time.sleep(0.2)


def test_a_review_is_pending_then_stored_once(analysis_server: Server, tmp_path: Path) -> None:
    server = analysis_server
    info = finished_table(server, "quazarys", 2, options=QUAZARYS)
    statuses, answer = review_when_done(server, info["id"], 1)
    assert statuses[0] == 202 and statuses[-1] == 200
    rev = Review.from_json(answer["review"])
    assert rev.seat == 1 and rev.iterations == SETTINGS.review_iterations
    assert len(rev.decisions) > 0
    for lang in ("en", "fr"):
        words = answer["text"][lang]
        assert words["chart_title"]
        assert [m["entry"] for m in words["mistakes"]] == [d.entry for d in rev.mistakes]
    reviews = server.app.state.reviews
    assert reviews.computed == 1
    # a second request answers the stored review at once, without searching again
    again = loopback.get(f"{server.base}/api/tables/{info['id']}/review", params={"seat": 1})
    assert again.status_code == 200
    assert again.json()["review"] == answer["review"]
    assert reviews.computed == 1
    stored = Storage(f"sqlite:///{tmp_path / 'analysis.db'}")
    try:
        assert stored.review(info["id"], 1, SETTINGS.review_iterations) == answer["review"]
    finally:
        stored.close()


def test_only_a_finished_game_is_reviewed(analysis_server: Server) -> None:
    server = analysis_server
    made = create(server.base, "quazarys", [{"kind": "human"}, {"kind": "human"}], start=True)
    r = loopback.get(f"{server.base}/api/tables/{made['id']}/review", params={"seat": 0})
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_over"
    info = finished_table(server, "quazarys", 2, options=QUAZARYS)
    r = loopback.get(f"{server.base}/api/tables/{info['id']}/review", params={"seat": 5})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_seat"


def test_hints_answer_a_seat_and_are_refused_when_off(analysis_server: Server) -> None:
    server = analysis_server
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    on = create(server.base, "quazarys", seats, start=True, options=QUAZARYS)
    off = create(server.base, "quazarys", seats, start=True, options=QUAZARYS, hints=False)
    assert loopback.get(f"{server.base}/api/tables/{on['id']}").json()["hints"] is True
    assert loopback.get(f"{server.base}/api/tables/{off['id']}").json()["hints"] is False

    async def run() -> None:
        c = await connect(server, on["id"], on["seats"][0]["token"])
        await c.until(lambda m: m["type"] == "state" and m["legal"])
        await c.send({"type": "hint"})
        msg = await c.until(lambda m: m["type"] in ("hint", "error"), timeout=60)
        assert msg["type"] == "hint", msg
        assert msg["seat"] == 0 and 1 <= len(msg["hints"]) <= 3
        for h in msg["hints"]:
            assert 0.0 <= h["chance"] <= 1.0 and 0.0 < h["share"] <= 1.0
            assert h["label"]["en"] and h["label"]["fr"] and h["because"]["fr"]
        # the per-connection limit: a burst, then refused
        codes = []
        for _ in range(int(SETTINGS.hint_burst) + 2):
            await c.send({"type": "hint"})
            m = await c.until(lambda m: m["type"] in ("hint", "error"), timeout=60)
            codes.append(m.get("code", "hint"))
        assert "rate_limited" in codes or "hint_pending" in codes
        await c.close()
        spectator = await connect(server, on["id"])
        await spectator.until(lambda m: m["type"] == "state")
        await spectator.send({"type": "hint"})
        err = await spectator.until(lambda m: m["type"] == "error")
        assert err["code"] == "no_seat"
        await spectator.close()
        o = await connect(server, off["id"], off["seats"][0]["token"])
        await o.until(lambda m: m["type"] == "state")
        await o.send({"type": "hint"})
        err = await o.until(lambda m: m["type"] == "error")
        assert err["code"] == "hints_off"
        await o.close()

    run_async(run())


def test_the_replay_page_shows_the_review_chart_and_mistakes(
    analysis_server: Server, browser: Browser
) -> None:
    server = analysis_server
    info = finished_table(server, "quazarys", 2, options=QUAZARYS)
    _, answer = review_when_done(server, info["id"], 0)  # computed once, shown twice
    mistakes = answer["review"]["mistakes"]
    for lang, word, title in (
        ("en", "Review", "Chance to win"),
        ("fr", "Analyse", "Chance de gagner"),
    ):
        ctx = browser.new_context(viewport={"width": 1280, "height": 720})
        page = ctx.new_page()
        capture(page)
        page.goto(f"{server.base}/replay/{info['id']}?lang={lang}")
        expect(page.locator("#review h2")).to_have_text(word)
        page.click("[data-testid=review-run]")
        chart = page.locator("[data-testid=review-chart]")
        expect(chart).to_be_visible()
        expect(chart.locator("title").first).to_contain_text(title)
        expect(page.locator("[data-testid=chart-summary]")).to_contain_text("%")
        expect(page.locator("[data-testid=review-summary]")).not_to_be_empty()
        if mistakes:
            items = page.locator("[data-testid=mistake]")
            expect(items).to_have_count(len(mistakes))
            first = answer["text"][lang]["mistakes"][0]
            # the page names the seats the labels mention (its words around them are the same)
            for part in _around_mentions(first["played"]):
                expect(items.first).to_contain_text(part)
            for part in _around_mentions(first["better"]):
                expect(items.first.locator("[data-testid=better]")).to_contain_text(part)
            expect(items.first).not_to_contain_text("⟪")
            expect(page.locator("[data-testid=chart-mistake]")).to_have_count(len(mistakes))
            items.first.locator("button").click()  # show that position in the replay
            expect(page.locator("[data-testid=jump]")).to_have_value(str(first["entry"]))
        else:
            expect(page.locator("[data-testid=no-mistakes]")).to_be_visible()
        assert not page.js_errors  # type: ignore[attr-defined]
        ctx.close()


def _around_mentions(label: str) -> list[str]:
    """The words of ``label`` around its seats' mentions (what any client shows of it)."""
    return [p for p in MENTION.sub("\0", label).split("\0") if p.strip()]


def test_the_hint_button_shows_the_bots_moves(analysis_server: Server, browser: Browser) -> None:
    server = analysis_server
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    made = create(server.base, "quazarys", seats, start=True, options=QUAZARYS)
    token = made["seats"][0]["token"]
    for lang, word in (("en", "What would the bot do?"), ("fr", "Que ferait le robot ?")):
        ctx = browser.new_context(viewport={"width": 1280, "height": 720})
        page = ctx.new_page()
        capture(page)
        page.goto(f"{server.base}/table/{made['id']}?lang={lang}#token={token}")
        button = page.locator("[data-testid=hint-button]")
        expect(button).to_have_text(word)
        expect(page.locator("[data-testid=action]").first).to_be_visible()
        button.click()
        hints = page.locator("[data-testid=hint]")
        expect(hints.first).to_be_visible(timeout=60_000)
        expect(hints.first).to_contain_text("%")
        labels = page.locator("[data-testid=action]").all_text_contents()
        shown = hints.first.locator("strong").text_content()
        assert shown in labels  # a move the seat may play, named as its button
        assert not page.js_errors  # type: ignore[attr-defined]
        ctx.close()
    # a table created without hints says so, and the lobby offers them by default
    off = create(server.base, "quazarys", seats, start=True, options=QUAZARYS, hints=False)
    page = browser.new_page()
    page.goto(f"{server.base}/table/{off['id']}?lang=en#token={off['seats'][0]['token']}")
    expect(page.locator("[data-testid=hints-off]")).to_be_visible()
    expect(page.locator("[data-testid=hint-button]")).to_be_disabled()
    page.goto(f"{server.base}/?lang=fr")
    expect(page.locator("[data-testid=hints]")).to_be_checked()
    expect(page.locator("#l-hints")).to_contain_text("Autoriser les conseils")
    page.close()
