"""Numbers, codes and names of Tortuga 2199 shared by the modules, and its endings.

A leaf module: it imports nothing from the package (only the engine). The rulebook's words
are quoted beside the numbers they fix.
"""

from __future__ import annotations

from collections.abc import Mapping

from spacetable.engine import Termination
from spacetable.engine.data import Texts

#: The French and English strings of the game (``text.toml``).
TEXT = Texts.load("spacetable.games.tortuga2199")

MIN_PLAYERS = 2
MAX_PLAYERS = 4
WIN_INFLUENCE = 15  # "15 points d'Influence ... la partie se termine immédiatement"
TORTUGA_COST = 15  # "Conquérir Tortuga nécessite toujours 15 Manœuvres."
INFLUENCE_PRICE = 7  # "payer 7 Cryptos pour gagner 1 point d'Influence"
RESERVE_PRICE = 2  # "dépenser 2 Cryptos pour déplacer une carte de votre main ... Réserve"
DESTROY_PRICE = 2  # "dépenser 2 Manœuvres pour retirer du jeu une carte que vous avez jouée"
RENEW_PRICE = 1  # "dépenser 1 Crypto pour placer une des cartes face visible ... en bas"
MOVE_PRICE = 1  # "dépenser 1 Manœuvre pour déplacer votre vaisseau ... adjacent"
COLLECT_PRICE = 1  # "dépenser 1 Manœuvre pour collecter un jeton Minerais"
PROBE_PRICE = 1  # "dépenser 1 Manœuvre pour regarder secrètement le jeton Chasse"
HAND_SIZE = 5  # "en piocher 5"; the defender "pioche ... jusqu'à ce qu'il en ait 5 en main"
MARKERS = 10  # "Chaque joueur reçoit 10 marqueurs de sa couleur"
MINERAL_TOKENS = 10
BANK = 20 * 1 + 10 * 3  # 20 Influence (I) and 10 Influence (III) tokens
START_HANDS = {2: (4, 5), 3: (3, 4, 5), 4: (3, 4, 4, 5)}
#: Combat: the winner takes this many Influence tokens from the loser, and an attacker who
#: wins takes this many more from the bank (standard and peaceful scenarios).
STEAL = 1
ATTACKER_BONUS = 1
#: Aggressive scenario spoils: "vous prenez 2 points d'Influence au Défenseur OU vous gagnez
#: 3 points d'Influence dans la banque".
SPOILS_STEAL = 2
SPOILS_BANK = 3
#: "La partie se termine dans deux cas": the rulebook has no round limit. The option
#: ``round_limit`` (for bots and simulations, off by default: 0) ends the game with the end
#: scoring after that many rounds; :data:`BOT_ROUNDS` is the value the test settings and the
#: simulations use.
NO_ROUND_LIMIT = 0
BOT_ROUNDS = 40
MAX_ROUND_LIMIT = 10_000

# Phases.
# MARK: after a probe, the seat decides whether to put a marker on the token ("Puis vous
# pouvez prendre ... un marqueur").
SHIP, REENTER, MAIN, ABILITY, ATK, DEF, SACRIFICE, SPOILS, OVER, MARK = range(10)
PHASE_NAMES = (
    "ship",
    "reenter",
    "main",
    "ability",
    "attack",
    "defend",
    "sacrifice",
    "spoils",
    "over",
    "mark",
)
# Once-per-turn sector powers (bits of ``used``).
P_FORTRESS, P_MINES, P_VORTEX, P_RESEARCH = 1, 2, 4, 8

SCENARIOS = ("standard", "aggressive", "peaceful")


class End(Termination):
    """How a game of Tortuga 2199 ends."""

    #: "Si, à n'importe quel moment, la Soute d'un joueur contient 15 points d'Influence, la
    #: partie se termine immédiatement".
    INFLUENCE = "influence"
    #: Tortuga conquered: the last round is over (or, aggressive scenario, at once).
    TORTUGA = "tortuga"
    #: The round limit of the ``round_limit`` option (not the rulebook's: for bots) is reached.
    LIMIT = "limit"

    @classmethod
    def sentences(cls) -> Mapping[str, Mapping[str, str]]:
        return {
            lang: {m.value: TEXT.get(lang, "end_" + m.value) for m in cls} for lang in TEXT.LANGS
        }
