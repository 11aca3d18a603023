"""Pressing a piece that cannot be played now says why, in Chromium, in both languages: what
in the position breaks the rule, the rulebook's sentence in French and, in English, its
translation. Every game whose rules are kept in data (``data/rules.csv``)."""

from __future__ import annotations

from importlib import resources
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from spacetable.engine.registry import GAME_MODULES

from .boardplay import open_table
from .conftest import Server, create
from .test_e2e import browser

__all__ = ["browser"]  # the module's Chromium, a fixture

PLAYERS = {"wildspace": 2, "quazarys": 2, "planetraiders": 2, "tortuga2199": 2, "spacedealer": 3}


def _with_rules() -> list[str]:
    return [
        m.rsplit(".", 1)[1]
        for m in GAME_MODULES
        if resources.files(m).joinpath("data/rules.csv").is_file()
    ]


def _ask(page: Page) -> list[dict[str, Any]]:
    """Press the pieces that say why, one after another, until one gets reasons; returns
    what the panel shows of them."""
    pieces = page.locator("#view [data-testid=board] [data-why]")
    n = pieces.count()
    assert n > 0, "no piece of the board says why"
    for i in range(min(n, 25)):
        node = pieces.nth(i)
        if not node.is_visible():
            continue
        node.dispatch_event("click")
        try:
            page.wait_for_selector("#why:not(.hidden) [data-testid=reason]", timeout=1500)
        except Exception:
            continue
        return list(
            page.evaluate(
                """() => [...document.querySelectorAll('#why [data-testid=reason]')].map((r) => ({
                  rule: r.dataset.rule,
                  detail: r.querySelector('.detail').textContent,
                  quote: r.querySelector('blockquote').textContent,
                  quoteLang: r.querySelector('blockquote').lang,
                  translation: (r.querySelector('.translation') || {}).textContent || null,
                }))"""
            )
        )
    raise AssertionError("no piece pressed got a reason")


@pytest.mark.parametrize("game", _with_rules())
def test_pressing_a_piece_that_cannot_be_played_says_why_in_both_languages(
    browser: Browser, fast_sqlite_server: Server, game: str
) -> None:
    server = fast_sqlite_server
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (PLAYERS[game] - 1)
    options = {"mode": "ticks"} if game == "spacedealer" else {}
    t = create(server.base, game, seats, start=True, bot_delay=5.0, options=options)
    with open_table(browser, server, t, "en", "desktop") as table:
        page = table.page
        en = _ask(page)
        assert all(r["detail"] and r["quoteLang"] == "fr" and r["translation"] for r in en)
        page.click("[data-testid=why-close]")
        assert page.locator("#why").is_hidden()
        page.select_option("[data-testid=lang]", "fr")
        page.wait_for_function("() => document.documentElement.lang === 'fr'")
        fr = _ask(page)
        assert all(r["detail"] and r["translation"] is None for r in fr)
        assert page.locator("#why h2").text_content() == "Impossible pour l'instant"
        assert page.js_errors == []  # type: ignore[attr-defined]
