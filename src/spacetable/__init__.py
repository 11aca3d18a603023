"""spacetable: rules engines, bots and clients for five space board games.

>>> import spacetable
>>> isinstance(spacetable.list_games(), list)
True

See ``docs/api.md`` for the whole contract.
"""

from .engine import (
    Action,
    DataError,
    Game,
    IllegalAction,
    InvalidAction,
    OptionError,
    Outcome,
    RecordError,
    SpacetableError,
    UnknownGame,
    component_text,
    components,
    game_class,
    game_info,
    list_games,
    load,
    load_data,
    load_trusted,
    new_game,
    replay,
    save_meta,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "DataError",
    "Game",
    "IllegalAction",
    "InvalidAction",
    "OptionError",
    "Outcome",
    "RecordError",
    "SpacetableError",
    "UnknownGame",
    "__version__",
    "component_text",
    "components",
    "game_class",
    "game_info",
    "list_games",
    "load",
    "load_data",
    "load_trusted",
    "new_game",
    "replay",
    "save_meta",
]
