"""The end-of-game sentence of Tortuga 2199 (``render.describe_outcome``), the header the
terminal client prints: for every reason ``Tortuga2199._outcome`` can give, reached by
seeded games, the sentence names the winner(s) and the reason, in English and in French."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

import pytest

from spacetable.bots import GreedyBot
from spacetable.cli.common import outcome_describer
from spacetable.engine import new_game
from spacetable.games.tortuga2199.render import describe_outcome
from spacetable.playout import playout
from spacetable.sim import play_game
from spacetable.testing.text import as_read, outcome_sentences

describe_outcome = as_read(describe_outcome)

# Every reason string ``Tortuga2199._outcome`` can produce (``_finish`` codes).
REASONS = ("influence", "tortuga", "limit")
WORDS = {
    "influence": ("first player to reach 15 Influence", "premier joueur à atteindre 15 points"),
    "tortuga": ("conquest of Tortuga", "conquête de Tortuga"),
    "limit": ("the round limit is reached (40 rounds)", "la limite de manches est atteinte"),
}


def _play(players: int, options: dict[str, Any] | None, seed: int, policy: str) -> dict[str, Any]:
    # The bots' round limit (not the rulebook's), so that every seeded game ends.
    g = new_game("tortuga2199", players, seed, {"round_limit": 40, **(options or {})})
    if policy == "random":
        deque(playout(g, random.Random(seed)), maxlen=0)
    else:  # seeded greedy players, epsilon-greedy when policy is e.g. "greedy0.2"
        eps = float(policy[6:] or 0)
        play_game(g, [GreedyBot(seed + q, epsilon=eps) for q in range(players)])
    return g.outcome().to_json()


def _reach(
    players: int, options: dict[str, Any] | None, policy: str, first: int, reason: str, nwin: int
) -> dict[str, Any]:
    """The outcome of the first seeded game from seed ``first`` on that ends for ``reason``
    with ``nwin`` winners."""
    for seed in range(first, first + 25):
        out = _play(players, options, seed, policy)
        if out["reason"] == reason and len(out["winners"]) == nwin:
            return out
    raise AssertionError("no seeded game reached the wanted end")


def _check(out: dict[str, Any]) -> tuple[str, str]:
    # no raw English reason code in French (Tortuga, Influence: names)
    en, fr = outcome_sentences(describe_outcome, out, REASONS, ("{", "oc_", "rs_"))
    assert out["winners"]
    head_en, head_fr = en.split(": ")[0], fr.split(" : ")[0]  # who wins, before the reason
    for s in range(len(out["ranks"])):
        named = s in out["winners"]
        assert (f"Player {s}" in head_en) == named, en
        assert (f"Joueur {s}" in head_fr) == named, fr
    n = f"{out['scores'][out['winners'][0]]:g}"
    assert f"{n} Influence" in en and f"{n} points d'Influence" in fr
    return en, fr


CASES = [
    # (reason, players, options, policy, first seed, number of winners)
    ("influence", 2, None, "greedy", 2, 1),
    ("influence", 3, None, "greedy", 1, 1),
    ("limit", 2, None, "greedy", 14, 1),
    ("limit", 4, None, "greedy", 9, 1),
    ("limit", 3, None, "random", 0, 1),
    ("limit", 2, None, "random", 2, 2),  # a draw: nobody scored
    ("tortuga", 2, None, "greedy", 56, 1),
    ("tortuga", 2, {"scenario": "peaceful"}, "greedy", 41, 1),
    ("tortuga", 3, {"scenario": "aggressive"}, "greedy", 4, 1),
    ("tortuga", 4, None, "greedy0.2", 68, 1),
]


@pytest.mark.parametrize(("reason", "players", "options", "policy", "first", "nwin"), CASES)
def test_every_reason_reads_as_a_sentence_in_both_languages(
    reason: str,
    players: int,
    options: dict[str, Any] | None,
    policy: str,
    first: int,
    nwin: int,
) -> None:
    out = _reach(players, options, policy, first, reason, nwin)
    en, fr = _check(out)
    words_en, words_fr = WORDS[reason]
    assert words_en in en and words_fr in fr
    infl = out["details"]["influence"]
    if nwin == players:
        assert en.startswith("Draw between ") and fr.startswith("Partie nulle entre ")
        assert "most Influence" not in en and "le plus d'Influence" not in fr
    else:
        w = out["winners"][0]
        assert en.startswith(f"Player {w} wins with ") and fr.startswith(f"Joueur {w} gagne avec ")
        if reason != "influence":
            assert "; most Influence" in en and " ; le plus d'Influence" in fr
        level = [p for p in range(players) if p != w and infl[p] == infl[w]]
        tie = "(tie broken: the conqueror of Tortuga)"
        assert (tie in en) == bool(level)
        assert ("(égalité départagée : le conquérant de Tortuga)" in fr) == bool(level)


def _outcome(reason: str, ranks: list[int], infl: list[int], **details: Any) -> dict[str, Any]:
    d = {"influence": infl, "sectors": [1] * len(infl), "tortuga_conqueror": -1}
    d.update(details)
    return {
        "scores": [float(x) for x in infl],
        "ranks": ranks,
        "winners": [p for p, r in enumerate(ranks) if r == 1],
        "reason": reason,
        "details": d,
    }


def test_tortuga_conquered_by_a_player_who_does_not_win() -> None:
    en, fr = _check(_outcome("tortuga", [2, 1, 3], [9, 11, 4], tortuga_conqueror=0))
    assert en == (
        "Player 1 wins with 11 Influence: conquest of Tortuga by Player 0, which ends the game; "
        "most Influence"
    )
    assert fr == (
        "Joueur 1 gagne avec 11 points d'Influence : conquête de Tortuga par le joueur 0, qui "
        "met fin à la partie ; le plus d'Influence"
    )


def test_a_tie_broken_by_the_conqueror_of_tortuga() -> None:
    out = _outcome("tortuga", [1, 2], [12, 12], tortuga_conqueror=0)
    en, fr = _check(out)
    assert en.startswith("Player 0 wins with 12 Influence")
    assert en.endswith("(tie broken: the conqueror of Tortuga)")
    assert fr.endswith("(égalité départagée : le conquérant de Tortuga)")


def test_a_tie_broken_by_the_sectors_and_a_shared_win() -> None:
    out = _outcome("limit", [2, 1, 3], [9, 9, 4], sectors=[1, 3, 0])
    en, fr = _check(out)
    assert en.endswith("; most Influence (tie broken: more sectors controlled)")
    assert fr.endswith(" ; le plus d'Influence (égalité départagée : plus de secteurs contrôlés)")
    en, fr = _check(_outcome("limit", [1, 3, 1], [9, 4, 9]))
    assert en.startswith("Player 0 and Player 2 share the win with 9 Influence each: ")
    assert fr.startswith("Joueur 0 et Joueur 2 se partagent la victoire avec 9 points ")
    assert "tie broken" not in en


def test_an_unknown_reason_falls_back_to_the_raw_reason() -> None:
    out = {"scores": [3.0, 1.0], "ranks": [1, 2], "winners": [0], "reason": "mutiny"}
    assert describe_outcome(out, "en") == "Player 0 wins with 3 Influence: mutiny"
    assert describe_outcome(out, "fr") == "Joueur 0 gagne avec 3 points d'Influence : mutiny"
    assert describe_outcome({"reason": "mutiny"}, "fr") == "mutiny"
    # A known reason whose details are missing: the raw reason alone, never a crash.
    assert describe_outcome({**out, "reason": "limit"}, "fr") == "limit"
    assert describe_outcome({}, "en") == ""


def test_the_terminal_client_finds_it() -> None:
    describe = outcome_describer("tortuga2199")
    assert describe is not None
    out = {"scores": [3.0, 1.0], "ranks": [1, 2], "winners": [0], "reason": "mystery"}
    for lang in ("en", "fr"):
        assert describe(out, lang) == describe_outcome(out, lang)
