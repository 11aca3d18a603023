"""The end-of-game sentence of Wild Space (``render.describe_outcome``), the header the
terminal client prints: for every reason ``WildSpace._outcome`` can give, reached by seeded
playouts, the sentence names the winner(s) and the reason in English and in French."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import Any

import pytest

from spacetable.bots import GreedyBot
from spacetable.cli.common import outcome_describer
from spacetable.engine import Game, new_game
from spacetable.games.wildspace.constants import End
from spacetable.games.wildspace.render import TEXT, describe_outcome
from spacetable.playout import playout
from spacetable.sim import play_game
from spacetable.testing.text import as_read, outcome_sentences

describe_outcome = as_read(describe_outcome)

# Every reason ``WildSpace._outcome`` can produce.
REASONS = tuple(End)


def _random(g: Game, seed: int) -> None:
    deque(playout(g, random.Random(seed)), maxlen=0)


def _greedy(g: Game, seed: int) -> None:
    play_game(g, [GreedyBot(seed + q) for q in range(g.players)])


def _reach(
    players: int,
    options: dict[str, Any] | None,
    play: Callable[[Game, int], None],
    first: int,
    wanted: Callable[[dict[str, Any]], bool],
) -> dict[str, Any]:
    """The outcome of the first seeded game from seed ``first`` on that ends as ``wanted``."""
    for seed in range(first, first + 30):
        g = new_game("wildspace", players, seed, options)
        play(g, seed)
        out = g.outcome().to_json()
        if wanted(out):
            return out
    raise AssertionError("no seeded game reached the wanted end")


def _check(out: dict[str, Any]) -> tuple[str, str]:
    en, fr = outcome_sentences(describe_outcome, out, REASONS)
    if out["winners"]:
        for q in out["winners"]:
            assert f"Player {q}" in en and f"Joueur {q}" in fr
        n = out["scores"][out["winners"][0]]
        assert f"{n:g} credits" in en and f"{n:g} crédits" in fr
    else:
        assert en.startswith("The Contrebandier wins") and fr.startswith("Le Contrebandier gagne")
    return en, fr


CASES = [
    # (expected reason, players, options, policy, first seed, expected winner count or 0=any)
    (End.ALL_SHUTTLES_USED, 3, None, _random, 0, 1),
    (End.ALL_SHUTTLES_USED, 2, None, _random, 0, 2),  # a shared win
    (End.ALL_SHUTTLES_USED, 5, None, _random, 0, 0),
    (End.SMUGGLER_BEATEN, 1, {"difficulty": "easy"}, _greedy, 0, 1),
    (End.SMUGGLER_BEATEN, 1, {"smuggler": "auto"}, _greedy, 1, 1),
    (End.SMUGGLER_WINS, 1, None, _random, 0, 0),
    (End.SMUGGLER_WINS, 1, {"smuggler": "auto", "difficulty": "hard"}, _random, 3, 0),
]


@pytest.mark.parametrize(("reason", "players", "options", "play", "first", "nwin"), CASES)
def test_every_reason_reads_as_a_sentence_in_both_languages(
    reason: str,
    players: int,
    options: dict[str, Any] | None,
    play: Callable[[Game, int], None],
    first: int,
    nwin: int,
) -> None:
    out = _reach(
        players,
        options,
        play,
        first,
        lambda o: o["reason"] == reason and (nwin == 0 or len(o["winners"]) == nwin),
    )
    en, fr = _check(out)
    if reason == End.ALL_SHUTTLES_USED:
        assert TEXT.get("en", "oc_shuttles") in en and TEXT.get("fr", "oc_shuttles") in fr
        if len(out["winners"]) > 1:
            assert "share the win" in en and "se partagent la victoire" in fr
    elif reason == End.SMUGGLER_BEATEN:
        them = f"{out['others']['Contrebandier']:g}"
        assert en.endswith(f"more credits than the Contrebandier ({them})")
        assert fr.endswith(f"plus de crédits que le Contrebandier ({them})")
    else:
        mine = f"{out['scores'][0]:g}"
        assert "Player 0" in en and "Joueur 0" in fr and mine in en and mine in fr


def test_the_contrebandier_wins_ties() -> None:
    out = {
        "scores": [30.0],
        "ranks": [2],
        "winners": [],
        "reason": "smuggler_wins",
        "details": {},
        "others": {"Contrebandier": 30.0},
    }
    en, fr = _check(out)
    assert en.endswith("Player 0 ties with 30 credits, and the Contrebandier wins ties")
    assert fr.endswith(
        "Joueur 0 fait égalité avec 30 crédits, et le Contrebandier gagne les égalités"
    )


def test_a_tie_broken_by_the_smaller_crew_is_said() -> None:
    out = {
        "scores": [41.0, 41.0, 12.0],
        "ranks": [1, 2, 3],
        "winners": [0],
        "reason": "all_shuttles_used",
        "details": {},
    }
    en, fr = _check(out)
    assert en == (
        "Player 0 wins with 41 credits: every shuttle has been used twice "
        "(tie broken by the smaller crew)"
    )
    assert fr == (
        "Joueur 0 gagne avec 41 crédits : toutes les Navettes ont servi deux fois "
        "(égalité départagée par le plus petit Équipage)"
    )


def test_three_winners_are_listed() -> None:
    out = {
        "scores": [20.0, 20.0, 5.0, 20.0],
        "ranks": [1, 1, 4, 1],
        "winners": [0, 1, 3],
        "reason": "all_shuttles_used",
        "details": {},
    }
    en, fr = _check(out)
    assert en.startswith("Player 0, Player 1 and Player 3 share the win with 20 credits each")
    assert fr.startswith("Joueur 0, Joueur 1 et Joueur 3 se partagent la victoire")


def test_an_unknown_reason_falls_back_to_the_raw_reason() -> None:
    out = {"scores": [3.0, 1.0], "ranks": [1, 2], "winners": [0], "reason": "meteor storm"}
    assert describe_outcome(out, "en") == "Player 0 wins with 3 credits: meteor storm"
    assert describe_outcome(out, "fr") == "Joueur 0 gagne avec 3 crédits : meteor storm"
    # Missing or malformed fields never raise: the raw reason alone.
    assert describe_outcome({"reason": "meteor storm"}, "fr") == "meteor storm"
    assert describe_outcome({"reason": "x", "scores": None, "winners": [0]}, "en") == "x"
    assert describe_outcome({}, "en") == ""
    lost = {"scores": [3.0], "ranks": [2], "winners": [], "reason": "odd", "others": {"A": 9.0}}
    assert describe_outcome(lost, "de") == "The A wins with 9 credits: odd"


def test_the_terminal_client_finds_it() -> None:
    describe = outcome_describer("wildspace")
    assert describe is not None
    out = {"scores": [3.0, 1.0], "ranks": [1, 2], "winners": [0], "reason": "mystery"}
    for lang in ("en", "fr"):
        assert describe(out, lang) == describe_outcome(out, lang)
