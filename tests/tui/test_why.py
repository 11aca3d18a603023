"""``y`` at the table: why an action is not legal now, with the rule it breaks (the test game,
High Cards, whose rules and reasons are data: ``spacetable/testing/data/rules.csv``)."""

from __future__ import annotations

import pytest
from textual.widgets import Input

import spacetable
from spacetable.bots import make_bot
from spacetable.engine import Game
from spacetable.tui import TableApp
from spacetable.tui.texts import tr
from spacetable.tui.why import WhyScreen

from .conftest import FakeClock, settle

SMALL = (80, 24)

pytestmark = pytest.mark.anyio


def _toy(lang: str) -> tuple[TableApp, Game]:
    g = spacetable.new_game("toy", 2, 8)  # seat 0 starts, holding a 5 and a 6
    assert g.to_act == [0] and g.hands[0] == [5, 6]  # type: ignore[attr-defined]
    return TableApp(g, {1: make_bot("random", seed=1)}, lang, clock=FakeClock()), g


def _status(app: TableApp) -> str:
    return str(app.screen_stack[0].query_one("#status").render())


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_why_shows_every_reason_with_the_rule_quoted(lang: str) -> None:
    app, g = _toy(lang)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("y")
        screen = app.screen
        assert isinstance(screen, WhyScreen)
        # The list offers every action of the game the seat cannot play now, by its label.
        assert screen.lines == [g.parse_action(f"play card={v}") for v in (1, 2, 3, 4)]
        await pilot.press(*"play card=", "tab")  # Tab completes the text form
        assert app.screen.query_one("#why-input", Input).value == "play card=1"
        await pilot.press("enter")
        assert screen.explained == g.parse_action("play card=1")
        body = screen.body_text()
        section = "Tour de jeu"
        quote = "« Jouez une carte de votre main : vous marquez sa valeur. »"
        translation = "Play a card from your hand: you score its value."
        if lang == "en":
            assert "You have no card 1 in your hand." in body
            assert translation in body
        else:
            assert "Vous n'avez pas de carte 1 en main." in body
            assert translation not in body
        assert quote in body and section in body
        # No code name on screen: neither the rule's id nor the reason's key.
        assert "not_in_hand" not in body and "why_" not in body
        # A pick in the list (arrows move it from the typing line) explains that action.
        await pilot.press(*["backspace"] * 11, "down", "enter")
        assert screen.explained == g.parse_action("play card=2")
        assert ("card 2" if lang == "en" else "carte 2") in screen.body_text()
        # A legal action is said to be legal.
        await pilot.press(*"play card=6", "enter")
        assert screen.body_text() == tr(
            lang, "why_legal", action=g.describe_action(g.parse_action("play card=6"), lang)
        )
        await pilot.press("escape")
        assert not isinstance(app.screen, WhyScreen)
        assert g.step == 0  # asking changes nothing


async def test_why_names_the_turn_rule_while_another_seat_is_to_play() -> None:
    app, g = _toy("en")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # seat 0 plays; the bot plays; seat 0 again
        await settle(pilot)
        assert g.to_act == [0]
        g.apply(0, g.legal_actions(0)[0])  # now the bot's turn, seen from seat 0's screen
        await pilot.press("y", *"play card=1", "enter")
        body = app.screen.body_text()  # type: ignore[attr-defined]
        assert "It is seat 1's turn, not yours." in body
        assert "« Chacun à son tour, dans l'ordre, joue une carte de sa main. »" in body


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_typed_move_that_is_refused_says_why_at_once(lang: str) -> None:
    app, g = _toy(lang)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("slash", *"play card=3", "enter")
        await pilot.pause()
        detail = (
            "You have no card 3 in your hand."
            if lang == "en"
            else ("Vous n'avez pas de carte 3 en main.")
        )
        assert tr(lang, "refused", detail=detail) in _status(app)
        assert isinstance(app.screen, WhyScreen)
        assert detail in app.screen.body_text()
        assert g.step == 0
        await pilot.press("escape", "slash", *"play card=6", "enter")  # a legal one is played
        await settle(pilot)
        assert g.record()["entries"][0]["action"] == {"type": "play", "card": 6}


def test_a_reason_from_our_reading_of_the_rulebook_is_said_as_ours_not_quoted() -> None:
    """A rule marked ``reconstructed`` (one of our readings) is not shown as a quotation of
    the rulebook: found along a seeded playout of Quazarys, which has such rules."""
    import random

    from spacetable.engine import new_game
    from spacetable.tui.why import explain

    g = new_game("quazarys", 2, 4)
    rules = type(g).rules()
    assert rules is not None
    ours = {r.id for r in rules.rows if r.source == "reconstructed"}
    rng = random.Random(4)
    while not g.is_over:
        for seat in range(2):
            for a in g.action_space.actions:
                if any(r.rule in ours for r in g.why_not(seat, a)):
                    shown = {lang: explain(g, seat, a, lang) for lang in ("en", "fr")}
                    assert "Our reading of the rule" in shown["en"]
                    assert "Notre lecture de la règle" in shown["fr"]
                    row = next(rules.get(r.rule) for r in g.why_not(seat, a) if r.rule in ours)
                    assert f"« {row.fr} »" not in shown["fr"] and row.fr in shown["fr"]
                    return
        seat = g.to_act[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    raise AssertionError("no reason from a reconstructed rule along the playout")
