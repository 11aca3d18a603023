"""Friends and safety in headless Chromium: a table created in the lobby keeps a seat for an
account invited by name (it is in that person's "My games"); on a profile a person blocks a
player (the account page lists and unblocks them) and reports them; the pages pass axe."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from .conftest import Server
from .test_accessibility import violations
from .test_e2e import browser
from .test_ratings_browser import sign_up

__all__ = ["browser"]


def test_invite_block_unblock_and_report_in_the_pages(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    base = fast_sqlite_server.base
    ada = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    bob = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    sign_up(bob, base, "Bob", "fr")
    sign_up(ada, base, "Ada", "en")
    # Ada keeps seat 1 for Bob, by his name, from the lobby's form
    ada.goto(f"{base}/?lang=en")
    ada.select_option("[data-testid=game]", "quazarys")
    ada.select_option("[data-testid=seat-1]", "human")
    ada.fill("[data-testid=invite-account-1]", "bob")
    ada.fill("[data-testid=bot-delay]", "0")
    ada.click("[data-testid=create]")
    ada.wait_for_selector("[data-testid=created]:not(.hidden)")
    table = (ada.get_by_test_id("spectate-link").get_attribute("href") or "").split("/")[-1]
    bob.goto(f"{base}/?lang=fr")
    expect(bob.locator(f"[data-history='{table}']")).to_have_count(1)
    # Ada blocks Bob on his profile, then reports him
    ada.goto(f"{base}/players/Bob")
    ada.get_by_test_id("block").click()
    expect(ada.get_by_test_id("blocked-note")).to_be_visible()
    expect(ada.get_by_test_id("block")).to_have_text("Unblock")
    ada.get_by_test_id("report-open").click()
    ada.fill("[data-testid=report-reason]", "rude in the chat")
    ada.get_by_test_id("report-send").click()
    expect(ada.get_by_test_id("safety-status")).to_contain_text("the report is sent")
    assert violations(ada) == [], "profile with its actions, en, desktop"
    # her account page lists Bob; she unblocks him there
    ada.goto(f"{base}/account")
    expect(ada.get_by_test_id("blocks")).to_contain_text("Bob")
    assert violations(ada) == [], "account page with a block"
    ada.get_by_test_id("unblock").click()
    expect(ada.get_by_test_id("blocks")).to_contain_text("You block nobody.")
    # Bob's own profile offers no block or report of himself
    bob.goto(f"{base}/players/Bob")
    expect(bob.get_by_test_id("player-name")).to_have_text("Bob")
    expect(bob.get_by_test_id("block")).to_be_hidden()
    assert violations(bob) == [], "own profile, fr, phone"
    ada.context.close()
    bob.context.close()
