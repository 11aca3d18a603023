"""The engine: the game contract, randomness, records, data loading and errors.

Games depend on this package only; bots and clients depend on games through it.
"""

from .actions import Action, ActionCodec, action
from .data import Row
from .dataset import Component, DataSet, DataSpec, Table, Tables, component
from .errors import (
    DataError,
    IllegalAction,
    InvalidAction,
    OptionError,
    RecordError,
    SpacetableError,
    UndoError,
    UnknownGame,
)
from .game import NO_BOUND, ActionSpace, Game, action_space
from .info import GameInfo, OptionSpec, option_words
from .outcome import Outcome, Termination, ranks_from_keys
from .registry import (
    component_text,
    components,
    game_class,
    game_info,
    list_games,
    load,
    load_data,
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
    tagged,
    tuple_of,
)

__all__ = [
    "BOOL",
    "FLOAT",
    "INT",
    "NO_BOUND",
    "STR",
    "Action",
    "ActionCodec",
    "ActionSpace",
    "Cache",
    "Component",
    "DataError",
    "DataSet",
    "DataSpec",
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
    "Row",
    "SpacetableError",
    "StateSpec",
    "Table",
    "Tables",
    "Termination",
    "UndoError",
    "UnknownGame",
    "action",
    "action_space",
    "component",
    "component_text",
    "components",
    "game_class",
    "game_info",
    "list_games",
    "list_of",
    "load",
    "load_data",
    "load_trusted",
    "new_game",
    "opt",
    "option_words",
    "ranks_from_keys",
    "record",
    "register",
    "replay",
    "save_meta",
    "tagged",
    "tuple_of",
]
