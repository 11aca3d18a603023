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
MINERAL_TOKENS = 10  # "10 jetons Minerais"

# ---------------------------------------------------------------- the box (data checks)
# What the rulebook fixes whatever the components: the data set's ``build`` refuses tables
# that break these counts (``components.build_parts``), and the RL action space is sized by
# them, whatever the data.
#: "5 cartes « Extraction », 3 cartes « Manœuvre », et 1 carte « Booster »" per player.
START_COUNTS = (5, 3, 1)
SHIP_CARDS = 4  # "4 cartes Vaisseau spatial", one a ship
T_CARDS_TOTAL = 31  # "Pioche des secteurs T, 31 cartes"
SECTOR_DECK = 10  # "Pioche du secteur Vortex, 10 cartes" (and Research, Mines, Fortress)
HUNT_COUNT = 10  # "10 cartes Chasse", "10 jetons Chasse": one card a creature
#: Every card type the tables can hold: 3 starting cards, 4 ships, and at most one type per
#: card of the T piles, the four sector decks and the hunt pile (card ids are 0..MAX_CARDS-1).
MAX_CARDS = len(START_COUNTS) + SHIP_CARDS + T_CARDS_TOTAL + 4 * SECTOR_DECK + HUNT_COUNT
#: Every card of a game at the largest player count: a 10-card deck per player (the 9
#: starting cards and its ship), the T piles, the sector decks and the hunt cards.
TOTAL_CARDS = MAX_PLAYERS * (sum(START_COUNTS) + 1) + T_CARDS_TOTAL + 4 * SECTOR_DECK + HUNT_COUNT
#: Decisions one combat can take: every card committed or defended, the two "done", a
#: sacrifice and the spoils.
COMBAT_MAX = 2 * (TOTAL_CARDS + 1) + 2
#: Sector kinds, in this order (their index is the ``kinds`` code of the state).
KIND_IDS = ("tortuga", "terminal", "turret", "vortex", "research", "mines", "fortress")
K_TORTUGA, K_TERMINAL, K_TURRET, K_VORTEX, K_RESEARCH, K_MINES, K_FORTRESS = range(7)
SPECIAL_KINDS = (K_VORTEX, K_RESEARCH, K_MINES, K_FORTRESS)
#: "les joueurs peuvent acheter des cartes (V)" (R, M, F): the market of each special sector.
MARKETS = ("V", "R", "M", "F")
MARKET_KIND = {"V": K_VORTEX, "R": K_RESEARCH, "M": K_MINES, "F": K_FORTRESS}
#: Index of each market deck (``MARKETS`` order) by the kind of its sector.
MARKET_INDEX = {k: i for i, k in enumerate(MARKET_KIND.values())}
#: "3 Manœuvres pour conquérir les secteurs Terminal commercial/Tourelles", "5 Manœuvres pour
#: conquérir les secteurs Vortex/..." (conquest = Defence + 1), "sa valeur de Défense
#: maximale (8/10)"; Tortuga has no track ("nécessite toujours 15 Manœuvres").
START_DEFENCE = (None, 2, 2, 4, 4, 4, 4)
MAX_DEFENCE = (None, 8, 8, 10, 10, 10, 10)
#: "Secteurs T : les Terminaux commerciaux, les Tourelles et Tortuga".
T_SECTOR = (True, True, True, False, False, False, False)
#: The bonus tokens: "1 Crypto supplémentaire par tour" (Terminal), "1 Manœuvre
#: supplémentaire pour combattre" (Turrets).
BONUS = (None, "crypto", "combat", None, None, None, None)
#: Map positions per player count: Tortuga, the ring ("Six secteurs à 3-4 joueurs. Quatre
#: secteurs à 2 joueurs") and the four special sectors on the (X) positions.
RING = {2: 4, 3: 6, 4: 6}
MAX_SECTORS = 1 + 6 + 4
#: Limits of this implementation (not the rulebook's), so that a game has a true decision
#: bound whatever the data: a card gives at most this many Crypto + Manoeuvre, and a
#: ``mineral:N`` ability takes at most the 10 tokens of the box.
MAX_CARD_RESOURCES = 15
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
