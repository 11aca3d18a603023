"""Accounts in headless Chromium: a person signs up in the lobby, creates a table and takes
its seat, signs out, signs in again in a fresh browser (no storage of the first one), finds
the table in "My games" and plays the seat by the account; the account pages pass axe-core
in both languages, on a desktop and a phone."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect

from .conftest import Server
from .test_accessibility import violations
from .test_e2e import browser, capture, lobby_create

__all__ = ["browser"]

NAME, PASSWORD = "Hypatia", "a long enough secret"


def welcomed(page: Page, streams: list[list[dict[str, Any]]], seat: int) -> None:
    """Wait until the page's socket is welcomed at ``seat``."""
    for _ in range(200):
        if any(m.get("type") == "welcome" and m.get("seat") == seat for s in streams for m in s):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"not welcomed at seat {seat}: {streams!r:.500}")


def sign(page: Page, base: str, what: str, lang: str = "en") -> None:
    page.goto(f"{base}/?lang={lang}")
    page.fill("[data-testid=account-name]", NAME)
    page.fill("[data-testid=account-password]", PASSWORD)
    page.click(f"[data-testid={what}]")
    expect(page.get_by_test_id("signed-in-as")).to_contain_text(NAME)


def test_an_account_finds_its_table_in_a_fresh_browser(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    base = fast_sqlite_server.base
    first = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    first_streams = capture(first)
    first.goto(f"{base}/?lang=fr")
    # a wrong sign-in is said in the page's live region, in its language
    first.fill("[data-testid=account-name]", NAME)
    first.fill("[data-testid=account-password]", "not the password")
    first.click("[data-testid=sign-in]")
    expect(first.get_by_test_id("account-error")).to_have_text("Nom ou mot de passe incorrect.")
    assert first.get_by_test_id("account-error").get_attribute("role") == "alert"
    sign(first, base, "sign-up")
    lobby_create(first, base, "quazarys", 2, {}, {1: "random"}, lang="en", start=False)
    table = first.get_by_test_id("spectate-link").get_attribute("href") or ""
    table_id = table.rstrip("/").split("/")[-1]
    first.click("[data-testid=invite-0]")  # takes seat 0, signed in: the account keeps it
    welcomed(first, first_streams, 0)
    first.goto(f"{base}/")
    first.click("[data-testid=sign-out]")
    expect(first.get_by_test_id("account-name")).to_be_visible()
    expect(first.locator(f"[data-history='{table_id}']")).to_have_count(1)  # this browser's
    first.context.close()

    fresh = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    streams = capture(fresh)
    fresh.goto(f"{base}/?lang=en")
    expect(fresh.get_by_test_id("history")).to_contain_text("No game played in this browser")
    sign(fresh, base, "sign-in")
    game = fresh.locator(f"[data-history='{table_id}'] a").first
    expect(game).to_be_visible()
    assert (game.get_attribute("href") or "").endswith(f"/table/{table_id}#seats=0")
    game.click()
    welcomed(fresh, streams, 0)
    fresh.context.close()


def test_the_account_pages_pass_axe(browser: Browser, fast_sqlite_server: Server) -> None:
    base = fast_sqlite_server.base
    for lang, size in (("fr", (390, 844)), ("en", (1280, 720))):
        page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
        page.goto(f"{base}/?lang={lang}")
        page.wait_for_selector("#options")
        assert violations(page) == [], (lang, "lobby, signed out")
        if lang == "fr":
            sign(page, base, "sign-up", lang)
        else:
            sign(page, base, "sign-in", lang)
        assert violations(page) == [], (lang, "lobby, signed in")
        page.goto(f"{base}/account")
        expect(page.get_by_test_id("who")).to_contain_text(NAME)
        page.fill("[data-testid=old]", "wrong one at all")
        page.fill("[data-testid=new]", "whatever new one")
        page.click("[data-testid=change]")
        expect(page.get_by_test_id("password-error")).not_to_be_empty()
        assert violations(page) == [], (lang, "account page")
        page.context.close()
