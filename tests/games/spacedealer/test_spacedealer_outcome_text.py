"""The end-of-game sentence of Spacedealer (``render.describe_outcome``), the header the
terminal client prints: for both reasons ``Spacedealer._outcome`` can give (the game time is
over, a player placed the last victory marker), reached in seeded games, the sentence names
the winner(s) by planet and the reason in English and in French."""

from __future__ import annotations

import random
import re
from collections import deque
from typing import Any

import pytest

from spacetable.cli.common import outcome_describer
from spacetable.engine import new_game
from spacetable.games.spacedealer import actions as A
from spacetable.games.spacedealer.components import COLOURS
from spacetable.games.spacedealer.constants import End
from spacetable.games.spacedealer.notation import card_type, load, moor, started
from spacetable.games.spacedealer.render import describe_outcome
from spacetable.games.spacedealer.rules import Spacedealer
from spacetable.games.spacedealer.tables import shipped_parts
from spacetable.playout import playout
from spacetable.testing.text import as_read, outcome_sentences

describe_outcome = as_read(describe_outcome)

PLANETS = shipped_parts().planets


def _check(out: dict[str, Any]) -> tuple[str, str]:
    en, fr = outcome_sentences(describe_outcome, out, ("time", "markers"))
    for q in out["winners"]:
        assert PLANETS[q].name_en in en and PLANETS[q].name_fr in fr
    n = f"{out['scores'][out['winners'][0]]:g}"
    assert re.search(rf"\b{n} points?\b", en) and re.search(rf"\b{n} points?\b", fr)
    return en, fr


def _random_to_the_end(g: Spacedealer, seed: int) -> dict[str, Any]:
    deque(playout(g, random.Random(seed), advances=(1.0, 5.0, 20.0)), maxlen=0)
    return g.outcome().to_json()


@pytest.mark.parametrize(("players", "rules"), [(3, "basic"), (4, "advanced"), (5, "basic")])
def test_the_game_time_is_over(players: int, rules: str) -> None:
    g = new_game("spacedealer", players, players, {"rules": rules, "length": 300})
    assert isinstance(g, Spacedealer)
    out = _random_to_the_end(g, players)
    assert out["reason"] == "time"
    en, fr = _check(out)
    assert en.endswith(End.TIME.sentence("en")) or "(tie broken" in en
    assert End.TIME.sentence("fr") in fr


def test_the_last_victory_marker_names_who_placed_it() -> None:
    g = started(4, side=1, pos=1)
    mine = next(c for c in g.built[0] if card_type(c).kind == "mine")
    need = card_type(mine).demands[0][0]
    moor(g, 1, 0)
    load(g, 1, "".join(COLOURS[k] * v for k, v in enumerate(need)))
    g.markers[1] = 1
    g.score[1] = 50  # far ahead: the winner
    g._dirty()
    g.apply(1, A.get(A.Deliver, 1, 2 * mine))
    assert g.is_over  # no timer running: the last marker ends the game at once
    out = g.outcome().to_json()
    assert out["reason"] == "markers" and out["winners"] == [1]
    en, fr = _check(out)
    ru = PLANETS[1]
    assert en == (
        f"{ru.name_en} wins with {out['scores'][1]:g} points: "
        f"{ru.name_en} has placed their last victory marker"
    )
    assert fr == (
        f"{ru.name_fr} gagne avec {out['scores'][1]:g} points : "
        f"{ru.name_fr} a posé son dernier marqueur de victoire"
    )


def test_a_shared_win_and_a_broken_tie_are_said() -> None:
    shared = {
        "scores": [12.0, 12.0, 3.0],
        "ranks": [1, 1, 3],
        "winners": [0, 1],
        "reason": "time",
        "details": {"markers_used": [4, 4, 1]},
    }
    en, fr = _check(shared)
    names = [(PLANETS[q].name_en, PLANETS[q].name_fr) for q in range(2)]
    assert en == f"{names[0][0]} and {names[1][0]} share the win with 12 points each: " + (
        "the game time is over"
    )
    assert fr == f"{names[0][1]} et {names[1][1]} se partagent la victoire avec 12 points " + (
        "chacun : le temps de jeu est écoulé"
    )
    broken = dict(shared, ranks=[1, 2, 3], winners=[0], details={"markers_used": [5, 4, 1]})
    en, fr = _check(broken)
    assert en.endswith("(tie broken by the most victory markers placed)")
    assert fr.endswith("(égalité départagée par le plus grand nombre de marqueurs posés)")


def test_one_point_is_singular() -> None:
    out = {"scores": [1.0, 0.0], "ranks": [1, 2], "winners": [0], "reason": "time"}
    assert describe_outcome(out, "en").startswith(f"{PLANETS[0].name_en} wins with 1 point:")
    assert describe_outcome(out, "fr").startswith(f"{PLANETS[0].name_fr} gagne avec 1 point :")


def test_an_unknown_reason_falls_back_to_the_raw_reason() -> None:
    out = {"scores": [3.0, 1.0], "ranks": [1, 2], "winners": [0], "reason": "meteor storm"}
    assert describe_outcome(out, "en") == f"{PLANETS[0].name_en} wins with 3 points: meteor storm"
    assert describe_outcome(out, "fr") == (
        f"{PLANETS[0].name_fr} gagne avec 3 points : meteor storm"
    )
    # Missing or malformed fields never raise: the raw reason alone.
    assert describe_outcome({"reason": "meteor storm"}, "fr") == "meteor storm"
    assert describe_outcome({"reason": "x", "scores": None, "winners": [0]}, "en") == "x"
    assert describe_outcome({"reason": "x", "scores": [1.0], "winners": [5]}, "en") == "x"
    assert describe_outcome({}, "en") == ""
    odd = {"scores": [2.0], "ranks": [1], "winners": [0], "reason": "markers", "details": 3}
    assert describe_outcome(odd, "de") == (
        f"{PLANETS[0].name_en} wins with 2 points: a player has placed their last victory marker"
    )


def test_the_terminal_client_finds_it() -> None:
    describe = outcome_describer("spacedealer")
    assert describe is not None
    out = {"scores": [3.0, 1.0], "ranks": [1, 2], "winners": [0], "reason": "mystery"}
    for lang in ("en", "fr"):
        assert describe(out, lang) == describe_outcome(out, lang)
