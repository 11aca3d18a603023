"""The one presentation contract (``spacetable.engine.presentation``): every game draws its
table, its events and its end through the same four functions with the same signatures, in
both languages, as markup for the terminal and as plain text for the web and RL; a broken
render raises where it is used, and the web logs it once and tells the client."""

from __future__ import annotations

import inspect
import logging
import random
from collections.abc import Iterator

import pytest
from rich.text import Text

from spacetable.cli.common import event_describer, legend, outcome_describer, renderer
from spacetable.engine import Game, new_game, register
from spacetable.engine.presentation import (
    DRAWN,
    Presentation,
    RenderError,
    game_texts,
    presentation,
    render_module,
)
from spacetable.engine.registry import GAME_MODULES, unregister
from spacetable.playout import playout
from spacetable.web import messages

from .broken_render import BrokenRender

GAMES = [m.rsplit(".", 1)[1] for m in GAME_MODULES]
SIGNATURES = {
    "render": ["view", "lang", "parts"],
    "describe_event": ["event", "lang", "parts"],
    "describe_outcome": ["outcome", "lang", "parts"],
    "legend": ["lang"],
}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_render_module_has_the_four_functions_with_one_signature(game_id: str) -> None:
    shown = presentation(game_id)
    assert shown.module is not None, f"{game_id} has no render module"
    for name, params in SIGNATURES.items():
        fn = getattr(shown.module, name)
        sig = inspect.signature(fn)
        assert list(sig.parameters) == params, f"{game_id}: {name}{sig}"
        if "parts" in sig.parameters:
            assert sig.parameters["parts"].default is None, f"{game_id}: {name}{sig}"
            assert sig.parameters["lang"].default is inspect.Parameter.empty


def _played(game_id: str) -> Game:
    g = new_game(game_id, 2 if game_id != "spacedealer" else 3, 7)
    for _ in playout(g, random.Random(7), max_steps=3000):
        pass
    return g


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_game_renders_through_the_contract_in_both_languages(game_id: str, lang: str) -> None:
    g = _played(game_id)
    shown = presentation(g)
    assert shown.parts is g.parts
    for seat in [None, *range(g.players)]:
        board = shown.board(g.view(seat), lang)
        plain = shown.board(g.view(seat), lang, plain=True)
        assert board and plain == Text.from_markup(board).plain
        for e in g.last_events(seat, 30):
            sentence = shown.event(e, lang)
            assert sentence and shown.event(e, lang, plain=True) == Text.from_markup(sentence).plain
    pairs = shown.legend(lang)
    assert pairs and all(a and b for a, b in pairs)
    if g.is_over:
        summary = shown.outcome(g.outcome().to_json(), lang, plain=True)
        assert summary and "[/" not in summary
    # The command line and the web draw through the same contract.
    view = g.view(0)
    assert renderer(game_id, g.parts)(view, lang) == shown.board(view, lang)
    events = g.last_events(0, 5)
    describe = event_describer(game_id, g.parts)
    assert [describe(e, lang) for e in events] == [shown.event(e, lang) for e in events]
    # (the web keeps the seats' mentions: its page names them)
    assert [messages.event_text(g, e, lang) for e in events] == [
        shown.event(e, lang, plain=True, mentions=True) for e in events
    ]


@pytest.fixture
def broken() -> Iterator[Game]:
    register(BrokenRender)
    messages._reported.clear()
    g = new_game("broken_render", 2, 3)
    for _ in playout(g, random.Random(3), max_steps=10_000):
        pass
    assert g.is_over
    yield g
    unregister("broken_render")


def test_a_broken_render_raises_naming_the_game_and_the_function(broken: Game) -> None:
    assert render_module(BrokenRender) is not None
    shown = presentation(broken)
    with pytest.raises(RenderError, match=r"broken_render: render\.render failed: KeyError"):
        shown.board(broken.view(0), "en")
    draw = next(e for e in broken.last_events(0, 50) if e["event"] == "draw")
    with pytest.raises(RenderError, match=r"render\.describe_event failed: broken markup"):
        shown.event(draw, "en", plain=True)
    with pytest.raises(RenderError, match=r"broken_render: render\.prompt failed: IndexError"):
        shown.prompt(broken.view(0), "en", plain=True)
    with pytest.raises(RenderError, match=r"render\.legend failed: LookupError"):
        shown.legend("fr")
    # The command line surfaces it too.
    with pytest.raises(RenderError):
        renderer("broken_render")(broken.view(0), "en")
    with pytest.raises(RenderError):
        legend("broken_render", "en")
    describe = outcome_describer("broken_render")
    assert describe is not None
    with pytest.raises(RenderError, match="describe_outcome"):
        describe({"reason": "x"}, "en")


def test_the_web_logs_a_broken_render_once_and_tells_the_client(
    broken: Game, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.ERROR, logger="spacetable.web"):
        first = messages.state_message(broken, 0, "en", 0, speed=1.0)
        again = messages.state_message(broken, 1, "fr", 0, speed=1.0)
    for msg in (first, again):
        assert msg["render_error"] == messages.RENDER_FAILED
        assert [e["text"] for e in msg["log"]["events"]] == [
            e["event"]["event"] for e in msg["log"]["events"]
        ]
        end = messages.outcome_message(broken, "en")
        messages.outcome_message(broken, "fr")
    assert end["render_error"] == messages.RENDER_FAILED and end["summary"] == ""
    assert first["prompt"] is None and again["prompt"] is None
    for function in ("describe_event", "describe_outcome", "prompt"):
        logged = [r for r in caplog.records if f"render.{function} failed" in r.getMessage()]
        assert len(logged) == 1, [r.getMessage() for r in caplog.records]


def test_a_state_drawn_without_fault_carries_no_render_error() -> None:
    g = _played("quazarys")
    assert "render_error" not in messages.state_message(g, 0, "en", 0, speed=1.0)


# The games whose render says what the seat is asked now (the contract's optional ``prompt``).
PROMPTED = ["quazarys", "tortuga2199"]


@pytest.mark.parametrize("game_id", PROMPTED)
def test_the_prompt_has_the_contracts_signature(game_id: str) -> None:
    assert "prompt" in DRAWN
    fn = presentation(game_id).module.prompt  # type: ignore[union-attr]
    sig = inspect.signature(fn)
    assert list(sig.parameters) == ["view", "lang", "parts"]
    assert sig.parameters["parts"].default is None


@pytest.mark.parametrize("game_id", PROMPTED)
def test_the_prompt_is_one_sentence_in_both_languages_for_every_seat(game_id: str) -> None:
    g = new_game(game_id, 2, 7)
    shown = presentation(g)
    rng = random.Random(7)
    seen: dict[str, set[str]] = {"en": set(), "fr": set()}
    for _ in playout(g, rng, max_steps=400):
        for seat in [None, *range(g.players)]:
            view = g.view(seat)
            for lang in ("en", "fr"):
                marked = shown.prompt(view, lang)
                plain = shown.prompt(view, lang, plain=True)
                assert marked and plain == Text.from_markup(marked).plain
                assert "\n" not in plain and "_" not in plain, plain  # no key, one line
                seen[lang].add(plain)
    # Two languages, told apart, and the prompt follows the game.
    assert len(seen["en"]) > 2 and seen["en"] != seen["fr"]


def test_quazarys_prompt_is_the_line_its_terminal_draws() -> None:
    g = _played("quazarys")
    shown = presentation(g)
    for lang in ("en", "fr"):
        view = g.view(0)
        assert shown.prompt(view, lang, plain=True) in shown.board(view, lang, plain=True)  # type: ignore[operator]


def test_tortuga_prompt_names_the_phase_from_the_games_text() -> None:
    from spacetable.games.tortuga2199.constants import TEXT

    g = new_game("tortuga2199", 2, 5)
    for lang in ("en", "fr"):
        view = g.view(0)
        phase = TEXT.get(lang, "ph_" + view["phase"])
        assert presentation(g).prompt(view, lang) == TEXT.get(lang, "r_phase_is", phase=phase)


def test_a_render_module_without_a_prompt_gives_none_and_a_game_without_text_no_table() -> None:
    assert Presentation("x", None).prompt({"phase": "main"}, "en") is None
    register(BrokenRender)
    try:
        assert game_texts("broken_render") is None  # the toy game's package has no text.toml
    finally:
        unregister("broken_render")
    texts = game_texts("tortuga2199")
    assert texts is not None and texts.get("fr", "sc_peaceful") == "pirates pacifiques"
