"""Numbers, codes and names shared by the modules of Planet Raiders, and its endings.

A leaf module: it imports nothing from the package (only the engine), so every other module
may import it.

Codes of the state (flat lists of ints, see :mod:`.rules`): a pad holds :data:`EMPTY`, a
raider id ``seat * RAIDERS + k`` or ``ALIEN + planet colour``; a rocket *slot* (a rocket zone
and one of its four sides, ``zone * NOSES + nose``, nose 0..3 for ``n e s w``) holds
:data:`EMPTY` or the colour of the rocket whose nose points at that side (:data:`BLUE` 0 or
:data:`RED` 1). A zone holds at most one rocket per side (interpretation 1 of the rules map).
"""

from __future__ import annotations

from collections.abc import Mapping

from spacetable.engine import Termination
from spacetable.engine.data import Texts

#: The package's strings in English and French (``text.toml``).
TEXT = Texts.load("spacetable.games.planetraiders")

# ---------------------------------------------------------------------- the board
SIZE = 9
COLS = "abcdefghi"
#: The four player colours, in seat order at 4 players; also the planets' and ships' colours.
COLOURS: tuple[str, ...] = ("red", "yellow", "violet", "green")
ROCKET_COLOURS: tuple[str, ...] = ("blue", "red")  # index 0 blue, 1 red
BLUE, RED = 0, 1
#: A rocket's nose, and a square's sides, in this order (codes 0..3).
SIDES = "nesw"
N_EDGES = (SIZE + 1) * SIZE * 2  # 180 square sides (pads where a rocket zone borders)
N_CELLS = SIZE * SIZE

# ---------------------------------------------------------------------- pieces
#: Raiders per player (rulebook §2 "une équipe de 3 planet raiders").
RAIDERS = 3
#: Rockets each player puts on the board at the start: two blue and one red (rulebook §6).
START_ROCKETS: tuple[int, ...] = (BLUE, BLUE, RED)
#: Each player keeps one blue and one red rocket in hand (rulebook §6).
START_BLUE_HAND = 1
START_RED_HAND = 1
#: Aliens on each planet, one on each side (rulebook §3.2 "les 4 aliens").
ALIENS_PER_PLANET = 4

# ---------------------------------------------------------------------- state codes
EMPTY = -1
#: ``occ[pad]`` of an alien: ``ALIEN + planet colour`` (above every raider id).
ALIEN = 20
#: A rocket's nose is one of the four sides of its zone.
NOSES = len(SIDES)
#: Rocket slots: one per square and side (``square * NOSES + nose``); only zones' slots are used.
N_SLOTS = N_CELLS * NOSES

#: Values of the ``zone_rockets`` option: how many rockets a zone may hold.
ZONE_ROCKETS_PER_SIDE = "one_per_side"
ZONE_ROCKETS_ONE = "one"

PHASE_MOVE, PHASE_HOP, PHASE_PLACE = 0, 1, 2
PHASE_NAMES = ("move", "hop", "place")

#: The options ``round_limit`` and ``stall_rounds`` (ours: the rulebook ends a game only when
#: players reach their ship, « Le premier joueur qui après avoir constitué son équipage
#: atteint son vaisseau a gagné »): 0 is no limit, the default (the rulebook's game).
#: :data:`BOT_ROUNDS` and :data:`BOT_STALL_ROUNDS` are the limits the simulation drivers
#: apply (``GameInfo.simulation_options``: random or stalling players may never bring a crew
#: home), the defaults every game had before the options were off.
NO_LIMIT = 0
BOT_ROUNDS = 100
BOT_STALL_ROUNDS = 20
MAX_LIMIT_ROUNDS = 500


class End(Termination):
    """How a game of Planet Raiders ends (the codes are the saves' ``reason`` values)."""

    #: every player but one is home (rulebook §2 "Le second ... et ainsi de suite")
    HOME = "home"
    #: at most one player is still in play, the others home or eliminated
    LAST_IN_PLAY = "last in play"
    #: teams: the first player home wins for the team
    TEAM_HOME = "team home"
    #: teams: every raider of a team is captured
    TEAM_ELIMINATED = "team eliminated"
    #: the ``round_limit`` option: the game must end
    ROUND_LIMIT = "round limit"
    #: the ``stall_rounds`` option: too many turns without capture, alien or arrival
    NO_PROGRESS = "no progress"
    #: no limit is on and nobody in play has anything left to decide: the table can never
    #: change again (ours: the rulebook's game would go on for ever)
    BLOCKED = "blocked"

    @classmethod
    def sentences(cls) -> Mapping[str, Mapping[str, str]]:
        return {
            lang: {m.value: TEXT.get(lang, REASON_KEYS[m.value]) for m in cls}
            for lang in Texts.LANGS
        }


#: The ``text.toml`` key of each ending's sentence.
REASON_KEYS: Mapping[str, str] = {
    End.HOME.value: "reason_home",
    End.LAST_IN_PLAY.value: "reason_last",
    End.TEAM_HOME.value: "reason_team",
    End.TEAM_ELIMINATED.value: "reason_team_out",
    End.ROUND_LIMIT.value: "reason_rounds",
    End.NO_PROGRESS.value: "reason_stall",
    End.BLOCKED.value: "reason_blocked",
}
