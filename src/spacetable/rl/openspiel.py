"""Every game of spacetable as an OpenSpiel game (``docs/rl.md``, section "OpenSpiel").

Importing this module registers each game with pyspiel as a Python game named
``spacetable_<game id>``::

    import pyspiel
    import spacetable.rl.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("spacetable_quazarys", {"players": 2, "seed": 7})

Parameters: ``players`` (the game's default: two, or its smallest count above that),
``seed`` (``-1``: a fresh random seed; otherwise the first of a reproducible sequence of game
seeds, one per ``new_initial_state``), every option of the game under its own name (default:
the game's simulation setting where it has one, ``GameInfo.simulation_options``, so that
every game is bounded, e.g. Quazarys' ``round_limit=60``; otherwise the game's default; a
parameter given wins, ``round_limit=0`` turning the limit off included), and for real-time
games ``realtime_tick`` (seconds of game time per tick, default 1.0) and ``actions_per_tick``
(default 4).

The declared game type:

* dynamics ``SEQUENTIAL``: when several seats may act at once (Spacedealer's ticks mode, where
  everyone decides before time moves), the lowest seat of ``game.to_act`` acts first, as in the
  PettingZoo environment; the others act after it, in seat order, in the same tick.
* information ``IMPERFECT_INFORMATION`` for a game with hidden information (every game but
  Planet Raiders, which is ``PERFECT_INFORMATION``).
* chance ``SAMPLED_STOCHASTIC`` for a game with chance (``DETERMINISTIC`` otherwise): the
  engine draws its chance from its own generator, seeded per game, so a state has no chance
  nodes; :meth:`SpacetableState.clone` copies the generator, so a clone replays the same future
  draws. A search that must not see the future (or the other seats' hidden cards) searches
  :meth:`SpacetableState.determinized` copies instead: everything the seat cannot see
  resampled consistently with its view, future chance reseeded.
* reward model ``TERMINAL``: the returns are ``Outcome.payoffs(reward)`` under the game
  parameter ``reward`` (``docs/rl.md``, "Rewards"), zero before the end. ``"rank"`` (the
  default): each seat's mean pairwise result against the other competitors (+1 beat, -1
  beaten, 0 tied), utilities in [-1, 1]; ``"win"``: 1 for a strict win, else 0; ``"score"``:
  the seat's score minus the others' mean score, in the game's units (no finite bound is
  declared: utilities in (-inf, inf)). Utility ``ZERO_SUM`` (``utility_sum`` 0) under
  ``"rank"`` and ``"score"`` with two seats or more; ``GENERAL_SUM`` under ``"win"``, and in a
  solo game (Wild Space against its automa, which holds no seat: the one seat's return is
  +1 or -1 under ``"rank"``). The registered type is the default setting's (``"rank"``, two
  seats or more: ``ZERO_SUM``); a loaded game's ``get_type()`` is its own.
* real time (Spacedealer's default ``mode="realtime"``): the actions are the game's fixed action
  space plus one more index, *wait* (the last, always legal while the game runs). Within a tick
  the seats act in seat order; a seat keeps the turn until it plays *wait*, has no legal
  action, or has made ``actions_per_tick`` actions; after the last seat the clock advances
  ``realtime_tick`` seconds (``game.advance``) and seat 0 starts the next tick. This is the
  PettingZoo environment's rule: both adapters follow the one
  :class:`spacetable.engine.schedule.SeatTurns` (:attr:`SpacetableState.scheduler`).

Observations (``make_py_observer``; a seat's own, ``PrivateInfoType.SINGLE_PLAYER``):

* observation tensor: :func:`spacetable.rl.observe` (the seat's view alone, layout in
  ``docs/rl.md``); observation string: the seat's JSON view (``game.view(seat)``).
* information state string: the seat's JSON view and its own log (``game.log_for(seat)``:
  every event it witnessed, its own decisions among them), so two histories it cannot tell
  apart give the same string. The information state tensor is the observation tensor: the
  view holds what the rules leave public (discards, tracks...), but it is not a full history.

``max_game_length`` is the engine's bound (``Game.max_decisions``, plus the *wait* steps in
real time: :func:`spacetable.rl.bounds.episode_bound`), finite for every game with the default
parameters; a game played with a limit turned off (``round_limit=0``, Wild Space's
``effects="every_lay"``) has none and declares ``2**31 - 1``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from spacetable.engine import (
    DEFAULT_REWARD,
    Game,
    IllegalAction,
    SpacetableError,
    game_info,
    list_games,
    new_game,
    reward_scheme,
)
from spacetable.engine.schedule import SeatTurns

from .bounds import adapter_options, episode_bound
from .observation import observation_shape, observe
from .pettingzoo import default_players

__all__ = [
    "GAME_PREFIX",
    "Settings",
    "SpacetableGame",
    "SpacetableObserver",
    "SpacetableState",
    "game_name",
    "register_all",
]

#: the prefix of every registered name: ``spacetable_<game id>``
GAME_PREFIX = "spacetable_"
_INT_MAX = 2**31 - 1
_REGISTERED: dict[str, type[SpacetableGame]] = {}


def game_name(game_id: str) -> str:
    """The OpenSpiel name of a spacetable game: ``spacetable_<game id>``."""
    return GAME_PREFIX + game_id


def _param_default(value: Any) -> Any:
    """An option's default as an OpenSpiel parameter value (bool, int, float or str)."""
    if isinstance(value, bool | int | float | str):
        return value
    raise SpacetableError(f"an option default of type {type(value).__name__} is not supported")


def _option_defaults(game_id: str) -> dict[str, Any]:
    """Each option's parameter default: the game's simulation setting where it has one
    (a bounded game), else the option's default."""
    info = game_info(game_id)
    sim = info["simulation_options"]
    return {
        name: _param_default(sim.get(name, spec["default"]))
        for name, spec in info["options"].items()
    }


def _zero_sum(scheme: str, players: int) -> bool:
    """Whether the returns sum to 0 in every game of the setting: under ``rank`` and
    ``score`` with two seats or more (a solo game's competitor, an automa, holds no seat)."""
    return scheme in ("rank", "score") and players >= 2


def _utility_bounds(scheme: str) -> tuple[float, float]:
    """The smallest and largest return of a reward scheme (``score`` has no finite bound)."""
    if scheme == "rank":
        return -1.0, 1.0
    if scheme == "win":
        return 0.0, 1.0
    return -float("inf"), float("inf")


def _game_type(game_id: str, settings: Settings | None = None) -> Any:
    """The game type of ``game_id``: of ``settings`` if given, else of the default setting
    (the registered type)."""
    info = game_info(game_id)
    players = default_players(game_id) if settings is None else settings.players
    scheme = DEFAULT_REWARD if settings is None else settings.reward
    params: dict[str, Any] = {
        "players": default_players(game_id),
        "seed": -1,
        "reward": DEFAULT_REWARD,
    }
    params.update(_option_defaults(game_id))
    if info["realtime"]:
        params["realtime_tick"] = 1.0
        params["actions_per_tick"] = 4
    GT = pyspiel.GameType
    return GT(
        short_name=game_name(game_id),
        long_name=f"spacetable {info['names']['en']}",
        dynamics=GT.Dynamics.SEQUENTIAL,
        chance_mode=(
            GT.ChanceMode.SAMPLED_STOCHASTIC if info["chance"] else GT.ChanceMode.DETERMINISTIC
        ),
        information=(
            GT.Information.IMPERFECT_INFORMATION
            if info["hidden_information"]
            else GT.Information.PERFECT_INFORMATION
        ),
        utility=(GT.Utility.ZERO_SUM if _zero_sum(scheme, players) else GT.Utility.GENERAL_SUM),
        reward_model=GT.RewardModel.TERMINAL,
        max_num_players=int(info["max_players"]),
        min_num_players=int(info["min_players"]),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=params,
    )


class Settings:
    """What a state needs of its game, held by the state itself: pyspiel may hand a Python
    game to its states through a fresh wrapper that lacks the game's attributes (a game
    rebuilt from its parameters on the C++ side), so states never read them off the game."""

    def __init__(self, game_id: str, params: Mapping[str, Any]) -> None:
        info = game_info(game_id)
        p = dict(params)
        players = int(p.get("players", default_players(game_id)))
        # pyspiel hands every parameter, those not given at their declared default (the
        # simulation setting): an option given, even at the game's own default, wins
        defaults = _option_defaults(game_id)
        chosen = adapter_options(game_id, {k: p.get(k, v) for k, v in defaults.items()})
        options = {k: v for k, v in chosen.items() if v != info["options"][k]["default"]}
        # a game built now checks the settings (OptionError) before anything else
        probe = new_game(game_id, players=players, seed=0, options=options)
        self.game_id = game_id
        self.players = players
        #: the options given (not the defaults)
        self.given_options = options
        #: the game's options with every default filled in
        self.options: dict[str, Any] = dict(probe.options)
        self.realtime = probe.realtime
        self.tick = float(p.get("realtime_tick", 1.0))
        self.actions_per_tick = int(p.get("actions_per_tick", 4))
        if self.tick <= 0:
            raise SpacetableError(f"realtime_tick must be positive, not {self.tick}")
        if self.actions_per_tick < 1:
            raise SpacetableError(
                f"actions_per_tick must be at least 1, not {self.actions_per_tick}"
            )
        size = probe.action_space.size
        #: the index of *wait* in real time (-1 in a turn-based game)
        self.wait = size if self.realtime else -1
        self.num_actions = size + 1 if self.realtime else size
        self.shape = observation_shape(game_id, players, self.options)
        #: the reward scheme of the returns (``Outcome.payoffs``)
        self.reward = reward_scheme(str(p.get("reward", DEFAULT_REWARD)))
        self.seed = int(p.get("seed", -1))
        self.seeds = random.Random(None if self.seed < 0 else self.seed)
        bound = episode_bound(game_id, players, self.options, self.tick)
        self.max_game_length = _INT_MAX if bound is None or bound >= _INT_MAX else bound

    def __deepcopy__(self, memo: dict[int, Any]) -> Settings:
        """Shared, not copied: pyspiel clones a Python state by deep-copying its attributes."""
        return self

    def new_engine_game(self, seed: int) -> Game:
        """An engine game with these settings."""
        return new_game(self.game_id, players=self.players, seed=seed, options=self.given_options)

    def new_scheduler(self) -> SeatTurns:
        """The turn rule of a new game with these settings."""
        return SeatTurns(self.realtime, self.tick, self.actions_per_tick)


_SETTINGS: dict[tuple[str, str], Settings] = {}


def _settings_of(spiel_game: Any) -> Settings:
    """The settings of a pyspiel game of ours, from its Python attributes or, on a bare
    wrapper, from its parameters."""
    found = getattr(spiel_game, "settings", None)
    if isinstance(found, Settings):
        return found
    gid = str(type(spiel_game).game_id)
    params = dict(spiel_game.get_parameters())
    key = (gid, json.dumps(params, sort_keys=True))
    if key not in _SETTINGS:
        _SETTINGS[key] = Settings(gid, params)
    return _SETTINGS[key]


class SpacetableGame(pyspiel.Game):  # type: ignore[misc]
    """One spacetable game with its settings, as a pyspiel game (see the module doc).

    Each registered game is a subclass with its own :attr:`game_id`."""

    game_id: str = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        p = dict(params or {})
        st = Settings(self.game_id, p)
        #: what the states of this game need (see :class:`Settings`)
        self.settings = st
        low, high = _utility_bounds(st.reward)
        info = pyspiel.GameInfo(
            num_distinct_actions=st.num_actions,
            max_chance_outcomes=0,
            num_players=st.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if _zero_sum(st.reward, st.players) else None,
            max_game_length=st.max_game_length,
        )
        p["players"] = st.players
        super().__init__(_game_type(self.game_id, st), info, p)

    def new_initial_state(self) -> SpacetableState:
        """A new game: its seed is the next of the game's seed sequence."""
        st = _settings_of(self)
        return SpacetableState(self, st.seeds.getrandbits(48))

    def new_initial_state_from_seed(self, seed: int) -> SpacetableState:
        """A new game with this engine seed (the same seed, the same game)."""
        return SpacetableState(self, seed)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> SpacetableObserver:
        """The observer of OpenSpiel's observation API (see :class:`SpacetableObserver`)."""
        obs = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        return SpacetableObserver(_settings_of(self), obs, params)


class _Engine:
    """The engine game of a state. pyspiel clones a Python state by deep-copying its
    attributes; this box copies its game with the engine's own ``clone``."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.game.clone())


class SpacetableState(pyspiel.State):  # type: ignore[misc]
    """A state: one engine game (:attr:`game`) and its :attr:`scheduler` (who decides next;
    in real time, whose turn it is in the tick)."""

    def __init__(self, spiel_game: SpacetableGame, seed: int, game: Game | None = None) -> None:
        super().__init__(spiel_game)
        self._sg = _settings_of(spiel_game)
        self._engine = _Engine(self._sg.new_engine_game(seed) if game is None else game)
        #: who decides next, and when game time passes (real time): the shared turn rule
        self.scheduler = self._sg.new_scheduler()
        self._player = 0
        self._move_to_next_decision()

    @property
    def game(self) -> Game:
        """The engine game (read it, do not change it: moves go through ``apply_action``)."""
        return self._engine.game

    # ------------------------------------------------------------------ copies
    def determinized(self, player: int, rng: random.Random) -> SpacetableState:
        """A copy where everything ``player`` cannot see is resampled consistently with its
        view and future chance is reseeded from ``rng`` (``Game.determinize``): what a search
        for ``player`` may look at. (``clone()`` keeps everything, the future chance too.)"""
        s = SpacetableState.__new__(SpacetableState)
        pyspiel.State.__init__(s, self.get_game())
        s._sg = self._sg
        s._engine = _Engine(self.game.determinize(player, rng))
        s.scheduler = self.scheduler.copy()
        s._player = self._player
        return s

    # ------------------------------------------------------------------ who acts
    def current_player(self) -> int:
        if self.game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self._player

    def _move_to_next_decision(self) -> None:
        """Point the current player at the seat that decides next; in real time, game time
        passes first while no seat may act in the current tick
        (:meth:`SeatTurns.pass_time_until_decision`)."""
        seat = self.scheduler.pass_time_until_decision(self.game)
        if seat is not None:
            self._player = seat

    def _legal_actions(self, player: int) -> list[int]:
        if self.game.is_over or player != self._player:
            return []
        space = self.game.action_space
        out = sorted(space.to_index(a) for a in self.game.legal_actions(player))
        if self._sg.realtime:
            out.append(self._sg.wait)
        return out

    def _apply_action(self, action: int) -> None:
        index = int(action)
        seat = self._player
        if self.game.is_over:
            raise IllegalAction("the game is over")
        if not 0 <= index < self._sg.num_actions:
            raise IllegalAction(f"action index {index} outside 0..{self._sg.num_actions - 1}")
        if index == self._sg.wait:
            self.scheduler.record_wait(seat)
        else:
            a = self.game.action_space.from_index(index)
            self.game.apply(seat, a)  # IllegalAction if not legal: nothing changes
            self.scheduler.record_action(seat)
        self._move_to_next_decision()

    def _action_to_string(self, player: int, action: int) -> str:
        if int(action) == self._sg.wait:
            return "wait"
        return str(self.game.action_space.from_index(int(action)).text())

    # ------------------------------------------------------------------ the end
    def is_terminal(self) -> bool:
        return bool(self.game.is_over)

    def returns(self) -> list[float]:
        """``Outcome.payoffs(reward)`` at the end (the game's reward scheme), zeros before."""
        if not self.game.is_over:
            return [0.0] * self.game.players
        return list(self.game.outcome().payoffs(self._sg.reward))

    def rewards(self) -> list[float]:
        """Terminal rewards: the returns at the end, zeros before."""
        return self.returns()

    def __str__(self) -> str:
        """The spectator's view (what everybody sees), as JSON."""
        return json.dumps(self.game.view(None), sort_keys=True, ensure_ascii=False)


class SpacetableObserver:
    """OpenSpiel's Python observer: a seat's observation (``perfect_recall=False``) or
    information state (``perfect_recall=True``); see the module doc. Only a seat's own
    observations exist (``PrivateInfoType.SINGLE_PLAYER``)."""

    def __init__(
        self, settings: Settings, iig_obs_type: Any, params: Mapping[str, Any] | None
    ) -> None:
        if params:
            raise SpacetableError(f"observation parameters are not supported: {dict(params)}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise SpacetableError(
                "spacetable observations are a seat's own (PrivateInfoType.SINGLE_PLAYER)"
            )
        if not iig_obs_type.public_info:
            raise SpacetableError("spacetable observations include the public information")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(settings.shape, np.float32)
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {"observation": self.tensor}

    def set_from(self, state: SpacetableState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s observation of ``state``."""
        self.tensor[:] = observe(state.game, player)

    def string_from(self, state: SpacetableState, player: int) -> str:
        """``player``'s view as JSON; with perfect recall, with its own log too."""
        g = state.game
        if self.perfect_recall:
            data: Any = {"view": g.view(player), "log": g.log_for(player)}
        else:
            data = g.view(player)
        return json.dumps(data, sort_keys=True, ensure_ascii=False)


_REGISTERED_TYPES: dict[str, Any] = {}


def register_all() -> list[str]:
    """Register every game that has an observation encoder (every game of the product) with
    pyspiel, once; done on import. Returns the names."""
    from .encoders import ENCODERS

    names = []
    for gid in list_games():
        if gid not in ENCODERS:
            continue
        if gid not in _REGISTERED:
            gtype = _game_type(gid)
            cls = type(f"SpacetableGame_{gid}", (SpacetableGame,), {"game_id": gid})
            _REGISTERED_TYPES[gid] = gtype
            _REGISTERED[gid] = cls
            pyspiel.register_game(gtype, cls)
        names.append(game_name(gid))
    return names


register_all()
