"""A new player completes a guided first game in Chromium by following its words and the
piece it outlines alone, from the lobby's Learn to play to the game's real end: the test
game's guide (in both languages, at a desktop's and a phone's size) and every game's own."""

from __future__ import annotations

from importlib import resources

import pytest
from playwright.sync_api import Browser

from spacetable.engine.guide import Guide
from spacetable.engine.registry import GAME_MODULES
from spacetable.web import guides

from .boardplay import VIEWPORTS, fits, open_page
from .conftest import Server
from .guideplay import follow_guide
from .test_e2e import browser

__all__ = ["browser"]  # the module's Chromium, a fixture


def _with_guide() -> list[str]:
    return [
        m.rsplit(".", 1)[1]
        for m in GAME_MODULES
        if resources.files(m).joinpath("data/guide.toml").is_file()
    ]


def _learn(
    browser: Browser, server: Server, game: str, lang: str, size: str
) -> tuple[list[str], list[str]]:
    ctx = browser.new_context(viewport=VIEWPORTS[size])
    try:
        page, _ = open_page(ctx, server.base, "/", lang)
        page.wait_for_selector(f"[data-testid=learn-{game}]")
        assert page.locator("#h-learn").text_content() == (
            "Apprendre à jouer" if lang == "fr" else "Learn to play"
        )
        page.click(f"[data-testid=learn-{game}]")
        page.wait_for_url("**/table/**")
        said = follow_guide(page)
        assert page.locator("#end h2").first.text_content() == (
            "Partie terminée" if lang == "fr" else "Game over"
        )
        done = page.locator("#guide [data-testid=guide-say]").inner_text()
        assert done.startswith("Bien joué" if lang == "fr" else "Well played")
        fits(page, VIEWPORTS[size])
        assert page.js_errors == []  # type: ignore[attr-defined]
        return said, []
    finally:
        ctx.close()


@pytest.mark.parametrize(("lang", "size"), [("en", "desktop"), ("fr", "phone")])
def test_a_new_player_completes_the_test_games_guide_from_the_lobby(
    browser: Browser, fast_sqlite_server: Server, toy_guide: Guide, lang: str, size: str
) -> None:
    said, _ = _learn(browser, fast_sqlite_server, "toy", lang, size)
    expected = [s.say(lang) for s in toy_guide.learner_steps()]
    assert said == expected


@pytest.mark.parametrize("game", _with_guide())
def test_a_new_player_completes_each_games_guide_by_following_it(
    browser: Browser, fast_sqlite_server: Server, game: str
) -> None:
    guide = guides.guide_of(game)
    assert guide is not None
    lang = "fr" if sorted(_with_guide()).index(game) % 2 else "en"
    said, _ = _learn(browser, fast_sqlite_server, game, lang, "desktop")
    mine = [s.say(lang) for s in guide.learner_steps()]
    assert said and set(said) <= set(mine)
