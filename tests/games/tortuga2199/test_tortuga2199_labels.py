"""Action labels from the state (``Game.describe_action``): sectors named, costs, creatures."""

from __future__ import annotations

import random
import re
from collections import deque

import pytest

from spacetable.engine import Action, Game, new_game
from spacetable.games.tortuga2199 import constants as K
from spacetable.games.tortuga2199 import rules as R
from spacetable.playout import playout

from .tortuga_helpers import A, P, card, do, position

MAN, GARDE, MERC, BOO = card("manoeuvre"), card("garde"), card("mercenaire"), card("booster")
ROBOT, SCANNER = card("robot"), card("scanner")


def test_map_actions_name_the_sector() -> None:
    # 4-player test map: 1 Terminal, 2 Turrets, 8 Vortex, 9 Mines, 10 Fortress.
    g = position(hand=[BOO], pos=1)
    g.mano = 1
    assert g.label(A.MOVE[2], "en") == "move to the Turrets (2) (1 Manoeuvre)"
    assert g.label(A.MOVE[0], "fr") == "se déplacer vers Tortuga (0) (1 Manœuvre)"
    assert g.label(A.COLLECT, "en") == "collect the mineral of the Trade Terminal (1) (1 Manoeuvre)"
    assert (
        g.label(A.PROBE, "fr") == "sonder le jeton Chasse du Terminal commercial (1) (1 Manœuvre)"
    )
    do(g, A.PLAY[BOO])
    assert g.label(A.AB_SECTOR["move"][9], "en") == "ability: move to the Mines (9)"
    assert (
        g.label(A.AB_SECTOR["move"][10], "fr") == "capacité : se déplacer vers la Forteresse (10)"
    )
    assert (
        g.label(A.AB_SECTOR["probe"][9], "fr") == "capacité : sonder le jeton Chasse des Mines (9)"
    )
    g.ctrl[8] = 0
    assert g.label(A.REINFORCE[8][6], "en") == "reinforce the Vortex (8) to Defence 6 (6 Crypto)"
    assert g.label(A.REENTER[8], "fr") == "reposer votre vaisseau sur le Vortex (8)"


def test_conquest_capture_and_attack_labels_use_the_state() -> None:
    g = position(hand=[], pos=9)
    g.hunt[9] = ROBOT
    g.probes[9] = g.seen[9] = 1
    g.defence[9] = 6
    assert g.label(A.CONQUER, "en") == "conquer the Mines (9) for 7 Manoeuvre"
    assert g.label(A.CONQUER_CRYPTO, "fr") == "conquérir les Mines (9) pour 7 Cryptos"
    assert g.label(A.CAPTURE, "en") == "capture the Robot of the Mines (9) (2 Manoeuvre)"
    g.pos[0] = 0
    assert g.label(A.CONQUER, "en") == "conquer Tortuga (0) for 15 Manoeuvre"
    g.pos[0] = 9
    g.pos[1] = 9
    g.ship[1] = card("faucon")
    assert g.label(A.ATTACK[1], "en") == (
        "attack the ship of player 1 (Black Falcon) in the Mines (9)"
    )
    g.ctrl[9] = 1
    assert g.label(A.ATTACK[1], "fr") == (
        "attaquer le vaisseau du joueur 1 (Faucon noir), qui garde les Mines (9) (+3 en Défense)"
    )


def test_spoils_labels_count_what_is_really_taken() -> None:
    g = position(players=2, hand=[GARDE], pos=1, scenario="aggressive")
    g.pos[1] = 1
    g.infl[1] = 1
    do(g, A.ATTACK[1], A.COMMIT[GARDE], A.COMMIT_DONE, A.DEFEND_DONE)
    assert g.phase == K.SPOILS
    assert g.label(A.SPOILS_STEAL, "en") == "take 1 Influence from player 1 (who has 1)"
    assert g.label(A.SPOILS_BANK, "fr") == "prendre 3 Influence à la banque"


SECTOR_BY_NUMBER = re.compile(r"(sector|secteur) \d")


@pytest.mark.parametrize(
    ("players", "scenario"), [(2, "aggressive"), (4, "peaceful"), (3, "standard")]
)
def test_every_label_in_random_games_names_sectors(players: int, scenario: str) -> None:
    g = new_game("tortuga2199", players, 7, {"scenario": scenario})
    assert isinstance(g, R.Tortuga2199)
    rng = random.Random(players)
    space = g.action_space.actions

    def labelled(game: Game, s: int, legal: list[Action]) -> Action:
        for a in legal:
            for lang in ("en", "fr"):
                label = game.describe_action(a, lang)
                assert label and "{" not in label and not label.startswith(("lb_", "sec_", "of_"))
                assert not SECTOR_BY_NUMBER.search(label), label
        if game.step % 97 == 0:  # any action of the space gets a label in any state
            for a in space:
                assert game.describe_action(a, "fr")
        return rng.choice(legal)

    deque(playout(g, rng, labelled, max_steps=1500), maxlen=0)
    assert P.ncard > 0


def test_render_names_positions_and_market_deck_sizes() -> None:
    from spacetable.games.tortuga2199.render import render

    g = position(hand=[], pos=9)
    text = render(g.view(0), "en")
    assert ", Mines (9):" in text
    assert f"Vortex (deck {len(g.mdeck[0])})" in text
    fr = render(g.view(0), "fr")
    assert f"Vortex (pioche {len(g.mdeck[0])})" in fr and "Mines (9):" in fr


def test_event_sentences_name_sectors_abilities_and_winners() -> None:
    from spacetable.games.tortuga2199 import render
    from spacetable.testing.text import as_read

    describe_event = as_read(render.describe_event)

    g = position(hand=[BOO], pos=5, round_limit=40)
    g.mano = 1
    do(g, A.MOVE[9])
    assert describe_event(g.log[-1], "en") == "Player 0 moves to the Mines (9)."
    assert describe_event(g.log[-1], "fr") == "Le joueur 0 se déplace vers les Mines (9)."
    do(g, A.PLAY[BOO], A.AB_SECTOR["move"][10])
    assert describe_event(g.log[-1], "fr") == (
        "Le joueur 0 utilise une capacité de Booster : déplacement → la Forteresse (10)."
    )
    g.infl[1] = 3
    g.turns = 40 * 4 - 1
    do(g, A.END)
    assert describe_event(g.log[-1], "en").startswith(
        "Game over (round limit). Winner(s): player(s) 1."
    )
    # An event without the sector kind (an older log) still reads.
    assert describe_event({"event": "move", "seat": 2, "sector": 3}, "fr") == (
        "Le joueur 2 se déplace vers le secteur 3."
    )
