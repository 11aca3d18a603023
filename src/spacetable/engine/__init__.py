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
from .outcome import Outcome, ranks_from_keys
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

__all__ = [
    "Action",
    "ActionCodec",
    "ActionSpace",
    "DataError",
    "Game",
    "GameInfo",
    "IllegalAction",
    "InvalidAction",
    "OptionError",
    "OptionSpec",
    "Outcome",
    "RecordError",
    "Rng",
    "SpacetableError",
    "UnknownGame",
    "action",
    "action_space",
    "game_class",
    "game_info",
    "list_games",
    "load",
    "load_trusted",
    "new_game",
    "ranks_from_keys",
    "register",
    "replay",
    "save_meta",
]
