"""The web boards draw the game's own words, never copies of them: what the seat is asked now
comes in every ``state`` message and replay frame as ``prompt`` (the game's render module's
``prompt`` of the seat's view, plain text), and the rest of the game's vocabulary (phase
names, scenario names and rules...) from ``GET /api/games/{game}/text?lang=``, the game's
``text.toml`` table in that language, which the page hands the board as ``ctx.words``. The
Quazarys board shows its state's prompt and the Tortuga board its scenario's name from the
game's text, in English and in French; their scripts keep no copy of the game's sentences."""

from __future__ import annotations

import random
import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser
from rich.text import Text

from spacetable.engine import Game, new_game
from spacetable.engine.presentation import game_texts, presentation
from spacetable.games.quazarys import render as quazarys_render
from spacetable.games.tortuga2199 import render as tortuga_render
from spacetable.games.tortuga2199.constants import TEXT as TORTUGA_TEXT
from spacetable.games.wildspace import render as wildspace_render
from spacetable.playout import playout
from spacetable.web.messages import state_message
from spacetable.web.replay import Replay, frame_message

from . import loopback
from .boardplay import open_table, state_at
from .conftest import Server, create
from .test_e2e import browser

__all__ = ["browser"]

ROOT = Path(__file__).resolve().parents[2] / "src" / "spacetable"
GAMES = ["quazarys", "tortuga2199", "wildspace", "spacedealer", "planetraiders"]
PROMPTS: dict[str, Callable[..., str]] = {
    "quazarys": quazarys_render.prompt,
    "tortuga2199": tortuga_render.prompt,
    "wildspace": wildspace_render.prompt,
}


def _plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def _game(game_id: str, steps: int, seed: int = 11, **options: Any) -> Game:
    g = new_game(game_id, 2, seed, options or None)
    for _ in playout(g, random.Random(seed), max_steps=steps):
        pass
    return g


@pytest.mark.parametrize("game_id", sorted(PROMPTS))
def test_the_state_message_carries_the_games_prompt_of_the_seats_view(game_id: str) -> None:
    prompt = PROMPTS[game_id]
    g = new_game(game_id, 2, 5)
    told: set[str] = set()
    for i, _ in enumerate(playout(g, random.Random(5), max_steps=120)):
        if i % 10:
            continue
        for seat in (None, 0, 1):
            for lang in ("en", "fr"):
                msg = state_message(g, seat, lang, g.log_size, speed=1.0)
                if seat is not None and seat in g.to_act:  # asked: the game's sentence
                    assert msg["prompt"] == _plain(prompt(g.view(seat), lang, g.parts))
                    told.add(msg["prompt"])
                else:  # a seat waiting or a spectator: not asked (the page says who plays)
                    assert msg["prompt"] is None
                assert "render_error" not in msg
    assert len(told) > 3


def test_a_replay_frame_carries_the_prompt_of_the_followed_seat() -> None:
    final = _game("quazarys", 20000, round_limit=30)
    assert final.is_over
    replay = Replay.of(final)
    for step in (0, 1, replay.steps // 2, replay.steps):
        g = replay.at(step)
        for seat in (None, 0, 1):
            for lang in ("en", "fr"):
                frame = frame_message(replay, step, seat, lang)
                assert frame["prompt"] == _plain(quazarys_render.prompt(g.view(seat), lang))
                assert "render_error" not in frame


def test_a_game_without_a_prompt_sends_none() -> None:
    g = new_game("spacedealer", 3, 3)
    if presentation(g).module is not None and hasattr(presentation(g).module, "prompt"):
        pytest.fail("spacedealer has a prompt now: add it to PROMPTS")
    assert state_message(g, 0, "en", 0, speed=1.0)["prompt"] is None


def test_the_text_endpoint_gives_each_games_own_words(fast_sqlite_server: Server) -> None:
    with loopback.client(fast_sqlite_server.base) as client:
        for game_id in GAMES:
            texts = game_texts(game_id)
            assert texts is not None
            for lang in ("en", "fr"):
                r = client.get(f"/api/games/{game_id}/text", params={"lang": lang})
                assert r.status_code == 200, r.text
                body = r.json()
                assert body == {"game": game_id, "lang": lang, "text": texts.tables[lang]}
        sc = client.get("/api/games/tortuga2199/text", params={"lang": "fr"}).json()["text"]
        assert sc["sc_peaceful"] == "pirates pacifiques" and sc["sc_peaceful_rules"]
        # English by default
        assert client.get("/api/games/quazarys/text").json()["lang"] == "en"
        for path, params, status, code in [
            ("/api/games/chess/text", {"lang": "en"}, 404, "no_game"),
            ("/api/games/quazarys/text", {"lang": "de"}, 400, "bad_lang"),
            ("/api/games/quazarys/text", {"lang": ""}, 400, "bad_lang"),
        ]:
            r = client.get(path, params=params)
            assert r.status_code == status, r.text
            assert set(r.json()) == {"error"} and r.json()["error"]["code"] == code, r.text


def _script_code(game_id: str) -> str:
    """The board's script without its comments (which may name the game's things)."""
    js = (ROOT / "web" / "static" / "boards" / f"{game_id}.js").read_text(encoding="utf-8")
    js = re.sub(r"^\s*//.*$", "", js, flags=re.M)
    return re.sub(r"\s//\s.*$", "", js, flags=re.M)


def _sentences(node: Any) -> set[str]:
    if isinstance(node, str):
        return {node} if len(node) > 12 else set()
    if isinstance(node, list):
        return set().union(*(_sentences(x) for x in node)) if node else set()
    if isinstance(node, dict):
        return set().union(*(_sentences(x) for x in node.values())) if node else set()
    return set()


# The boards that take every word of the game from the game (the others still keep some:
# Wild Space, Space Dealer and Planet Raiders, a work left).
WORDLESS = ["quazarys", "tortuga2199", "wildspace", "spacedealer", "planetraiders"]


@pytest.mark.parametrize("game_id", WORDLESS)
def test_the_board_script_keeps_no_copy_of_the_games_text(game_id: str) -> None:
    table = tomllib.loads((ROOT / "games" / game_id / "text.toml").read_text(encoding="utf-8"))
    code = _script_code(game_id)
    copied = sorted(s for s in _sentences(table) if s in code)
    assert not copied, f"{game_id}.js repeats its text.toml: {copied}"


def test_the_copy_check_finds_a_copied_sentence() -> None:
    table = tomllib.loads((ROOT / "games" / "quazarys" / "text.toml").read_text(encoding="utf-8"))
    sentence = table["fr"]["task_blackhole"]
    assert sentence in _sentences(table)
    assert sentence not in _script_code("quazarys")
    assert sentence in f'const WORDS = {{ blackhole: "{sentence}" }};'


def _normal(s: str) -> str:
    return " ".join(s.split())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_quazarys_board_shows_its_states_prompt(
    browser: Browser, fast_sqlite_server: Server, lang: str
) -> None:
    server = fast_sqlite_server
    t = create(server.base, "quazarys", [{"kind": "human"}, {"kind": "human"}], start=True)
    with open_table(browser, server, t, lang, "desktop") as table:
        for page, streams in ((table.page, table.streams), (table.spec, table.spec_streams)):
            page.wait_for_selector("#view [data-testid=board] [data-testid=qz-prompt]")
            step = int(page.locator("#view [data-testid=board]").get_attribute("data-step") or -1)
            st = state_at(streams, step)
            assert st is not None
            assert st["lang"] == lang or page is table.spec  # the spectator's page: English
            shown = page.locator("[data-testid=qz-prompt]").text_content() or ""
            if page is table.page and st["seat"] in st["view"]["to_act"]:  # asked
                assert st["prompt"] == _plain(quazarys_render.prompt(st["view"], st["lang"]))
                assert _normal(shown) == _normal(st["prompt"]), (shown, st["prompt"])
            else:  # the spectator is never asked: the board says who is playing
                assert st["prompt"] is None
                assert "is playing" in shown or "joue" in shown, shown


@pytest.mark.parametrize(("lang", "scenario"), [("en", "aggressive"), ("fr", "peaceful")])
def test_the_tortuga_board_names_the_scenario_and_phase_in_the_games_words(
    browser: Browser, fast_sqlite_server: Server, lang: str, scenario: str
) -> None:
    server = fast_sqlite_server
    seats = [{"kind": "human"}, {"kind": "human"}]
    t = create(server.base, "tortuga2199", seats, options={"scenario": scenario}, start=True)
    with open_table(browser, server, t, lang, "desktop") as table:
        page = table.page
        page.wait_for_selector("[data-testid=tg-scenario]")
        block = page.locator("[data-testid=tg-scenario] tspan").all_text_contents()
        shown = _normal(" ".join(block))
        name = TORTUGA_TEXT.get(lang, "sc_" + scenario)
        rules = TORTUGA_TEXT.get(lang, f"sc_{scenario}_rules")
        title = TORTUGA_TEXT.get(lang, "r_scenario_is", scenario=name)
        assert shown.startswith(f"{title} — {_normal(rules)[:40]}"), shown
        step = int(page.locator("#view [data-testid=board]").get_attribute("data-step") or -1)
        st = state_at(table.streams, step)
        assert st is not None
        header = page.locator("[data-testid=tg-header]").text_content() or ""
        phase = TORTUGA_TEXT.get(lang, "ph_" + st["view"]["phase"])
        assert phase in header, header  # the phase, in the game's words, for every seat
