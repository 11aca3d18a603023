"""Hints and reviews (``spacetable.bots.analysis``) on every game: the search's top moves
with a chance to win in [0, 1], their share and a reason in words; the same hints for the
same view and seed whatever the hidden cards; reviews of finished games, their losses and
mistakes, their JSON and their text in both languages. Small budgets, seeded."""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import spacetable
from spacetable.bots import make_bot
from spacetable.bots.analysis import (
    REVIEW_FORMAT,
    TOP_MISTAKES,
    Review,
    Term,
    Why,
    hint,
    hint_json,
    review,
    review_text,
    sparkline,
)
from spacetable.cli.main import app
from spacetable.engine import Game
from spacetable.engine.presentation import game_texts
from spacetable.sim import play_game

#: Short games: (players, options).
GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "planetraiders": (2, {"round_limit": 100, "stall_rounds": 20}),
    "quazarys": (2, {"round_limit": 30}),
    "spacedealer": (3, {"length": 120}),
    "tortuga2199": (2, {"round_limit": 3}),
    "wildspace": (2, {}),
}


@functools.cache
def record(game_id: str) -> dict[str, Any]:
    """A finished game between greedy bots (seeded)."""
    players, options = GAMES[game_id]
    g = spacetable.new_game(game_id, players, 5, options)
    bots = [make_bot("greedy", s) for s in range(players)]
    return play_game(g, bots).record


def midgame(game_id: str) -> tuple[Game, int]:
    """A position halfway through :func:`record` and a seat that decides there."""
    rec = record(game_id)
    n = len(rec["entries"])
    for upto in range(n // 2, n):
        g = spacetable.replay(rec, upto=upto)
        for seat in g.to_act:
            if len(g.legal_actions(seat)) > 1:
                return g, seat
    raise AssertionError(f"{game_id}: no decision in the second half")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_hints_are_the_searchs_top_moves_with_a_chance_and_a_reason(game_id: str) -> None:
    g, seat = midgame(game_id)
    step = g.step
    hints = hint(g, seat, iterations=60, seed=3)
    assert g.step == step  # the real game is untouched
    assert 1 <= len(hints) <= 3
    legal = g.legal_actions(seat)
    texts = game_texts(game_id)
    assert texts is not None
    visits = [h.visits for h in hints]
    assert visits == sorted(visits, reverse=True)
    assert sum(h.share for h in hints) <= 1.0 + 1e-9
    for h in hints:
        assert 0.0 <= h.chance <= 1.0 and 0.0 < h.share <= 1.0
        if h.action is None:
            assert g.realtime  # only a real-time game may advise to wait
        else:
            assert h.action in legal
        en, fr = h.sentence(g, "en"), h.sentence(g, "fr")
        assert en != fr and "%" in en and "%" in fr
        for lang, text in (("en", en), ("fr", fr)):
            names = texts.tables[lang]["eval_terms"]
            assert set(names) == {t.key for t in h.why.terms}  # every term has its words
            for t in h.why.terms:
                if abs(t.after - t.before) >= 0.01:
                    assert names[t.key] in text  # a change is named in the game's words
            assert "_" not in h.why.sentence(game_id, lang)  # never a code name
    data = hint_json(g, hints)
    assert json.loads(json.dumps(data)) == data
    assert data[0]["label"]["fr"] == hints[0].label(g, "fr")
    # deterministic for a seed and a budget
    assert [h.to_json() for h in hint(g, seat, iterations=60, seed=3)] == [
        h.to_json() for h in hints
    ]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_hint_never_depends_on_hidden_information(game_id: str) -> None:
    g, seat = midgame(game_id)
    d = g.determinize(seat, random.Random(17))
    assert d.view(seat) == g.view(seat)
    a = [h.to_json() for h in hint(g, seat, iterations=40, seed=8)]
    b = [h.to_json() for h in hint(d, seat, iterations=40, seed=8)]
    assert a == b


def test_waiting_is_said_in_words() -> None:
    why = Why(0.5, 0.52, (Term("points", 3, 3),), wait=True)
    assert why.sentence("spacedealer", "en").startswith("Waiting lets game time pass")
    assert why.sentence("spacedealer", "fr").startswith("Attendre laisse passer")
    moved = Why(0.5, 0.6, (Term("distance", 5, 3, -1),))
    assert moved.sentence("quazarys", "en") == "Moves to your base 5 → 3"
    assert moved.sentence("quazarys", "fr") == "Déplacements jusqu'à votre base 5 → 3"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_review_values_every_decision_of_the_seat(game_id: str) -> None:
    rec = record(game_id)
    seat = 1
    seen: list[tuple[int, int]] = []
    rev = review(rec, seat, iterations=6, seed=2, progress=lambda d, t: seen.append((d, t)))
    mine = [i for i, e in enumerate(rec["entries"]) if e.get("seat") == seat]
    assert [d.entry for d in rev.decisions] == mine
    assert seen[-1] == (len(mine), len(mine))
    for d in rev.decisions:
        assert 0.0 <= d.before <= 1.0 and 0.0 <= d.after <= 1.0
        assert d.loss == max(0.0, d.before - d.after)
        if d.forced:
            assert d.loss == 0.0
    mistakes = rev.mistakes
    assert len(mistakes) <= TOP_MISTAKES
    assert all(m.loss > rev.threshold for m in mistakes)
    assert [m.loss for m in mistakes] == sorted((m.loss for m in mistakes), reverse=True)
    for m in mistakes:
        assert m.why is not None and m.best != m.played
    data = rev.to_json()
    assert data["format"] == REVIEW_FORMAT
    assert Review.from_json(json.loads(json.dumps(data))) == rev
    for lang, title in (("en", "Review of"), ("fr", "Analyse des")):
        text = review_text(rev, rec, lang)
        assert text.startswith(title)
        assert sparkline([d.before for d in rev.decisions]) in text


def test_a_review_is_deterministic_and_needs_a_finished_game() -> None:
    rec = record("quazarys")
    assert review(rec, 0, iterations=5, seed=4).to_json() == (
        review(rec, 0, iterations=5, seed=4).to_json()
    )
    unfinished = dict(rec, entries=rec["entries"][:5])
    with pytest.raises(ValueError, match="finished"):
        review(unfinished, 0, iterations=5)
    with pytest.raises(ValueError, match="seat 7"):
        review(rec, 7, iterations=5)
    with pytest.raises(ValueError, match="not a review"):
        Review.from_json({"format": "other"})


def test_replay_review_prints_the_chart_and_the_mistakes(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record("quazarys")))
    runner = CliRunner()
    res = runner.invoke(
        app, ["replay", str(path), "--review", "1", "--iterations", "5", "--lang", "fr"]
    )
    assert res.exit_code == 0, res.output
    assert "Analyse des décisions" in res.output and "Chance de gagner" in res.output
    assert any(ch in res.output for ch in "▁▂▃▄▅▆▇█")
    res = runner.invoke(app, ["replay", str(path), "--review", "1", "--iterations", "5"])
    assert res.exit_code == 0 and "Review of" in res.output
    res = runner.invoke(app, ["replay", str(path), "--review", "9"])
    assert res.exit_code != 0 and "--review" in res.output
