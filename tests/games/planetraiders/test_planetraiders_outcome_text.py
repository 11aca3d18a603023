"""The end-of-game sentence of Planet Raiders (``render.describe_outcome``), the header the
terminal client prints: for every reason ``PlanetRaiders._outcome`` can give, reached by
seeded playouts, the sentence names the winner(s) by colour and seat, and the reason, in
English and in French."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

import pytest

from spacetable.cli.common import outcome_describer
from spacetable.engine import new_game
from spacetable.games.planetraiders.constants import COLOURS
from spacetable.games.planetraiders.render import describe_outcome
from spacetable.games.planetraiders.rules import PlanetRaiders
from spacetable.games.planetraiders.tables import shipped_parts
from spacetable.playout import playout
from spacetable.testing.text import as_read, outcome_sentences

from .test_planetraiders_props import purposeful_policy

describe_outcome = as_read(describe_outcome)

#: The shipped data set's board and set-up.
BOARD = shipped_parts()

# Every reason string ``PlanetRaiders._outcome`` can produce (``_game_over`` codes).
REASONS = (
    "home",
    "last in play",
    "team home",
    "team eliminated",
    "round limit",
    "no progress",
    "blocked",
)
# The words of each reason, as the sentence says them.
WORDS = {
    "home": ("all players but one are home", "tous les joueurs sauf un sont rentrés"),
    "last in play": ("is still in play", "en jeu"),
    "team home": ("their team brought a crewed raider home", "leur équipe a ramené"),
    "team eliminated": ("the other team has no raider left", "l'autre équipe n'a plus"),
    "round limit": ("the turn limit is reached", "la limite de tours est atteinte"),
    "no progress": (
        "too many turns without capture, alien or arrival",
        "trop de tours sans capture, alien ni arrivée",
    ),
    "blocked": (
        "nobody in play can move a raider or place a rocket any more",
        "plus aucun joueur en jeu ne peut déplacer un planet raider ni poser une fusée",
    ),
}
FR = {"red": "Rouge", "yellow": "Jaune", "violet": "Violet", "green": "Vert"}


def _name(players: int, s: int, lang: str) -> str:
    colour = COLOURS[BOARD.seat_colours[players][s]]
    if lang == "fr":
        return f"{FR[colour]} (siège {s})"
    return f"{colour.capitalize()} (seat {s})"


def _reach(
    players: int, options: dict[str, Any] | None, first: int, reason: str, nwin: int
) -> dict[str, Any]:
    """The outcome of the first seeded playout from seed ``first`` on that ends for ``reason``
    with ``nwin`` winners (the purposeful random policy: uniform play always stalls)."""
    for seed in range(first, first + 40):
        g = new_game("planetraiders", players, seed, options)
        assert isinstance(g, PlanetRaiders)
        r = random.Random(seed)
        deque(playout(g, r, purposeful_policy(r)), maxlen=0)
        out = g.outcome().to_json()
        if out["reason"] == reason and len(out["winners"]) == nwin:
            return out
    raise AssertionError("no seeded game reached the wanted end")


def _check(out: dict[str, Any]) -> tuple[str, str]:
    players = len(out["ranks"])
    en, fr = outcome_sentences(describe_outcome, out, REASONS)
    assert out["winners"]
    for s in range(players):
        named = s in out["winners"]
        assert (_name(players, s, "en") in en) == named, en
        assert (_name(players, s, "fr") in fr) == named, fr
    return en, fr


#: The limits the seeds below were found with (the defaults before the options were off):
#: purposeful random players may never end the rulebook's game, which has none.
LIMITS: dict[str, Any] = {"round_limit": 100, "stall_rounds": 20}
TEAMS: dict[str, Any] = {"teams": True, **LIMITS}
CASES = [
    # (reason, players, options, first seed, number of winners)
    ("home", 2, LIMITS, 0, 1),
    ("home", 3, LIMITS, 8, 1),
    ("last in play", 3, LIMITS, 7, 1),
    ("last in play", 4, LIMITS, 1, 1),
    ("team home", 4, TEAMS, 0, 2),
    ("team eliminated", 4, TEAMS, 57, 2),
    ("round limit", 2, {"round_limit": 2}, 0, 2),  # a draw: both still in play
    ("round limit", 3, LIMITS, 16, 1),
    ("no progress", 2, LIMITS, 2, 2),  # a draw
    ("no progress", 3, LIMITS, 1, 1),
    ("no progress", 3, LIMITS, 67, 2),  # two seats share the win
    ("no progress", 4, LIMITS, 416, 2),
    ("no progress", 4, TEAMS, 4, 4),
]


@pytest.mark.parametrize(("reason", "players", "options", "first", "nwin"), CASES)
def test_every_reason_reads_as_a_sentence_in_both_languages(
    reason: str, players: int, options: dict[str, Any] | None, first: int, nwin: int
) -> None:
    out = _reach(players, options, first, reason, nwin)
    en, fr = _check(out)
    words_en, words_fr = WORDS[reason]
    assert words_en in en and words_fr in fr
    who_en = " and ".join(_name(players, s, "en") for s in out["winners"])
    if nwin == 1:
        assert en.startswith(f"{who_en} wins: ")
        assert fr.startswith(f"{_name(players, out['winners'][0], 'fr')} gagne : ")
    elif nwin == players:
        assert en.startswith("Draw between ") and fr.startswith("Partie nulle entre ")
    elif options and options.get("teams"):
        assert " win: " in en and " gagnent : " in fr  # the two partners of a team
    else:
        assert " share the win: " in en and " se partagent la victoire : " in fr
    finished = out["details"]["finished"]
    home = any(COLOURS[BOARD.seat_colours[players][s]] in finished for s in out["winners"])
    if home and reason not in ("team home", "team eliminated"):
        assert "first crew brought home" in en
        assert "premier équipage rentré au vaisseau" in fr


def test_a_blocked_table_reads_as_a_sentence_in_both_languages() -> None:
    """The rulebook's game (no limit): uniformly random play strands every raider, and the
    game ends when nobody in play has anything left to decide (ours), every player in play
    sharing the place."""
    g = new_game("planetraiders", 2, 0)
    deque(playout(g, random.Random(0)), maxlen=0)
    out = g.outcome().to_json()
    assert out["reason"] == "blocked" and out["winners"] == [0, 1]
    en, fr = _check(out)
    assert en == (
        "Draw between Red (seat 0) and Violet (seat 1): nobody in play can move a raider or "
        "place a rocket any more; no crew is home, and no rule separates the players still "
        "in play"
    )
    assert fr.startswith("Partie nulle entre Rouge (siège 0) et Violet (siège 1) : ")
    assert WORDS["blocked"][1] in fr


def test_the_ranking_criterion_is_the_one_that_decided() -> None:
    """Places go by arrival, then in play before eliminated, and nothing else (issue 18:
    « Le second est celui qui aura fait la même chose mais en 2ème position »): a winner
    not home is the only one still in play, or shares the place with the others in play."""
    base: dict[str, Any] = {
        "ranks": [1, 1, 3],
        "winners": [0, 1],
        "reason": "no progress",
        "scores": [3.0, 1.0, 1.0],
        "details": {"finished": [], "eliminated": [2], "crew_missing": [1, 3, 3], "teams": []},
    }
    en, fr = _check(base)
    assert en == (
        "Red (seat 0) and Yellow (seat 1) share the win: too many turns without capture, alien "
        "or arrival; no crew is home, and no rule separates the players still in play"
    )
    assert fr.endswith(
        "aucun équipage n'est rentré, et aucune règle ne départage les joueurs encore en jeu"
    )
    # The others eliminated.
    details = {**base["details"], "eliminated": [0, 2]}
    alone = {**base, "ranks": [2, 1, 2], "winners": [1], "details": details}
    en, fr = _check(alone)
    assert en == "Yellow (seat 1) wins: too many turns without capture, alien or arrival; " + (
        "the only one still in play"
    )
    last = {**alone, "reason": "last in play"}
    en, fr = _check(last)
    assert en == "Yellow (seat 1) wins: the only one still in play"
    assert fr == "Jaune (siège 1) gagne : seul encore en jeu"
    # Someone home first: that decided.
    home = {**base, "ranks": [2, 1, 3], "winners": [1], "reason": "round limit"}
    home["details"] = {**base["details"], "finished": ["yellow"]}
    en, fr = _check(home)
    assert en == "Yellow (seat 1) wins: the turn limit is reached; first crew brought home"


def test_an_unknown_reason_falls_back_to_the_raw_reason() -> None:
    out = {"scores": [3.0, 1.0], "ranks": [1, 2], "winners": [0], "reason": "black hole"}
    assert describe_outcome(out, "en") == "Red (seat 0) wins: black hole"
    assert describe_outcome(out, "fr") == "Rouge (siège 0) gagne : black hole"
    assert describe_outcome({"reason": "black hole"}, "fr") == "black hole"
    # Five seats (no such board) or a missing detail: the raw reason alone, never a crash.
    five = {"scores": [0.0] * 5, "ranks": [1] * 5, "winners": [0], "reason": "home"}
    assert describe_outcome(five, "en") == "home"
    assert describe_outcome({**out, "reason": "no progress"}, "fr") == "no progress"
    assert describe_outcome({}, "en") == ""


def test_the_terminal_client_finds_it() -> None:
    describe = outcome_describer("planetraiders")
    assert describe is not None
    out = {"scores": [3.0, 1.0], "ranks": [1, 2], "winners": [0], "reason": "mystery"}
    for lang in ("en", "fr"):
        assert describe(out, lang) == describe_outcome(out, lang)
