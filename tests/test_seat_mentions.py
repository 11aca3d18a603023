"""Every game names a seat in its sentences with a mention (``spacetable.engine.mention``),
so that each client names it the one way it names it everywhere (the web page: the
person's name or the bot's level, with the seat's colour and number).

Over a seeded game of random bots in each game, in English and French: every mention the
log, the actions' labels, the prompts, the end's sentence and table hold is well formed and
names a seat of the table; none of these sentences names a seat by number outside a
mention ("Player 2", "le joueur 2", "seat 2"); read without mentions (the terminal, the
command line, the RL adapters), no mark is left and the words are the game's own."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import spacetable
from spacetable.bots import make_bot
from spacetable.engine import Game
from spacetable.engine.mention import MENTION, mention, mentioned, name_seats
from spacetable.engine.presentation import presentation
from spacetable.sim import step_bots

GAMES = [
    ("wildspace", 1, {}),
    ("wildspace", 3, {}),
    ("quazarys", 3, {"round_limit": 30}),
    ("planetraiders", 4, {"round_limit": 8}),
    ("tortuga2199", 3, {"round_limit": 3}),
    ("spacedealer", 3, {"length": 120, "timer": 10}),
]

#: A seat named by its number, in English or French, as a game's own words do.
BY_NUMBER = re.compile(r"(?i)\b(player|joueur|seat|siège) \d")


def _texts(g: Game, lang: str, *, mentions: bool) -> list[str]:
    """What clients read of ``g`` in ``lang`` now: prompts and labels of the seats to act."""
    shown = presentation(g)
    out: list[str] = []
    for seat in g.to_act:
        out.append(shown.prompt(g.view(seat), lang, plain=True, mentions=mentions) or "")
        out += [g.label(a, lang, mentions=mentions) for a in g.legal_actions(seat)[:60]]
    return out


def _ends(g: Game, lang: str, *, mentions: bool) -> list[str]:
    """The log as every seat and a spectator read it, the end's sentence and its table."""
    shown = presentation(g)
    out: list[str] = []
    for seat in [None, *range(g.players)]:
        for ev in g.last_events(seat, g.log_size):
            out.append(shown.event(ev, lang, plain=True, mentions=mentions) or "")
    data = g.outcome().to_json()
    out.append(shown.outcome(data, lang, plain=True, mentions=mentions) or "")
    out.append(json.dumps(shown.breakdown(data, lang, mentions=mentions), ensure_ascii=False))
    return out


Said = dict[tuple[str, bool], list[str]]


def _played(game_id: str, players: int, options: dict[str, Any]) -> Said:
    """What a seeded game of random bots said on the way to its end, by language and
    whether mentions were kept."""
    info = spacetable.game_class(game_id).info
    g = spacetable.new_game(game_id, players, 7, options=info.for_simulation(options))
    bots = [make_bot("random", seed=s) for s in range(players)]
    said: Said = {(lang, kept): [] for lang in ("en", "fr") for kept in (True, False)}
    while not g.is_over:
        for lang, kept in said:
            said[lang, kept] += _texts(g, lang, mentions=kept)
        step_bots(g, bots)
    for lang, kept in said:
        said[lang, kept] += _ends(g, lang, mentions=kept)
    return said


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES, ids=lambda x: str(x))
def test_every_game_names_its_seats_with_mentions(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    said = _played(game_id, players, options)
    for lang in ("en", "fr"):
        kept, plain = said[lang, True], said[lang, False]
        assert len(kept) == len(plain)
        seats: set[int] = set()
        for text, own in zip(kept, plain, strict=True):
            # every mark is a whole mention of a seat of the table
            assert text.count("⟪") == text.count("⟫") == len(MENTION.findall(text)), text
            seats.update(mentioned(text))
            # no seat named by its number outside a mention
            assert not BY_NUMBER.search(MENTION.sub("@", text)), text
            # without mentions: the game's own words, no mark left
            assert name_seats(text) == own and "⟪" not in own and "⟫" not in own, own
        assert seats and seats <= set(range(players)), (lang, seats)


def test_a_mention_reads_as_the_games_words_or_as_a_clients_name() -> None:
    text = f"{mention(2, 'Le joueur 2')} prend 1 Influence {mention(0, 'au joueur 0', 'à ')}."
    assert text == "⟪2|Le joueur 2⟫ prend 1 Influence ⟪0|au joueur 0|à ⟫."
    assert name_seats(text) == "Le joueur 2 prend 1 Influence au joueur 0."
    names = {0: "Ana (● orange, place 0)", 2: "robot facile (◆ vert, place 2)"}
    assert name_seats(text, names.__getitem__) == (
        "robot facile (◆ vert, place 2) prend 1 Influence à Ana (● orange, place 0)."
    )
    assert mentioned(text) == [2, 0]
    # French "de" elided before a vowel
    de = f"le vaisseau {mention(1, 'du joueur 1', 'de ')}"
    assert name_seats(de, lambda s: "Élodie") == "le vaisseau d'Élodie"
    assert name_seats(de, lambda s: "robot facile") == "le vaisseau de robot facile"
    assert name_seats(de) == "le vaisseau du joueur 1"
    assert name_seats("no seat here", names.__getitem__) == "no seat here"
    # a client's name is not read again as a mention, nor as a pattern
    assert name_seats(mention(1, "player 1"), lambda s: r"⟪0|\1⟫ \g<0>") == r"⟪0|\1⟫ \g<0>"
