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


def test_a_sign_up_pressed_while_the_page_still_loads_signs_in(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    """The page asks who this browser is (``GET /api/account``) as it opens; a person who
    signs up before that answer comes is signed up all the same, and the older answer (a
    guest) does not sign them out of the page."""
    base = fast_sqlite_server.base
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    held: list[Any] = []
    page.route("**/api/account", lambda route: held.append(route))
    page.goto(f"{base}/?lang=en")
    page.fill("[data-testid=account-name]", NAME)
    page.fill("[data-testid=account-password]", PASSWORD)
    page.click("[data-testid=sign-up]")
    expect(page.get_by_test_id("signed-in-as")).to_contain_text(NAME)
    assert len(held) == 1, "the page's first question is still unanswered"
    held[0].continue_()  # the answer to a question asked before the sign-up: a guest
    page.unroute("**/api/account")
    expect(page.locator("#play-now-form")).to_be_visible()  # the page went on loading
    expect(page.get_by_test_id("signed-in-as")).to_contain_text(NAME)
    expect(page.get_by_test_id("account-name")).to_be_hidden()
    page.reload()
    expect(page.get_by_test_id("signed-in-as")).to_contain_text(NAME)
    page.context.close()


def test_a_sign_in_that_meets_no_server_or_a_proxy_error_says_so(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    """A sign-in whose request is lost says the server could not be reached; one answered
    by a proxy's error page (no JSON) says its status, in the page's language."""
    base = fast_sqlite_server.base
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    page.goto(f"{base}/?lang=fr")
    expect(page.get_by_test_id("sign-up")).to_have_text("Créer un compte")
    page.fill("[data-testid=account-name]", NAME)
    page.fill("[data-testid=account-password]", PASSWORD)
    page.route("**/api/account/signin", lambda route: route.abort())
    page.click("[data-testid=sign-in]")
    error = page.get_by_test_id("account-error")
    expect(error).to_have_text(
        "Le serveur ne répond pas. Vérifiez votre connexion, puis réessayez."
    )
    page.unroute("**/api/account/signin")
    page.route(
        "**/api/account/signin",
        lambda route: route.fulfill(
            status=502, content_type="text/html", body="<h1>Bad Gateway</h1>"
        ),
    )
    page.click("[data-testid=sign-in]")
    expect(error).to_contain_text("Erreur")
    expect(error).to_contain_text("502")
    expect(page.get_by_test_id("account-name")).to_be_visible()
    page.context.close()
