"""The engine: the game contract, randomness, records, data loading and errors.

Games depend on this package only; bots and clients depend on games through it.
"""

from .actions import Action, ActionCodec, action
from .errors import (
    DataError,
    IllegalAction,
    InvalidAction,
    OptionError,
    RecordError,
    SpacetableError,
    UnknownGame,
)
from .game import ActionSpace, Game, action_space
from .info import GameInfo, OptionSpec
from .outcome import Outcome, Termination, ranks_from_keys
from .registry import (
    game_class,
    game_info,
    list_games,
    load,
    load_trusted,
    new_game,
    register,
    replay,
    save_meta,
)
from .rng import Rng
from .state import (
    BOOL,
    FLOAT,
    INT,
    STR,
    Cache,
    Field,
    Kind,
    StateSpec,
    list_of,
    opt,
    record,
    tuple_of,
)

__all__ = [
    "BOOL",
    "FLOAT",
    "INT",
    "STR",
    "Action",
    "ActionCodec",
    "ActionSpace",
    "Cache",
    "DataError",
    "Field",
    "Game",
    "GameInfo",
    "IllegalAction",
    "InvalidAction",
    "Kind",
    "OptionError",
    "OptionSpec",
    "Outcome",
    "RecordError",
    "Rng",
    "SpacetableError",
    "StateSpec",
    "Termination",
    "UnknownGame",
    "action",
    "action_space",
    "game_class",
    "game_info",
    "list_games",
    "list_of",
    "load",
    "load_trusted",
    "new_game",
    "opt",
    "ranks_from_keys",
    "record",
    "register",
    "replay",
    "save_meta",
    "tuple_of",
]
