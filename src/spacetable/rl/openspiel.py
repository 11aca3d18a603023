"""Every game of spacetable as an OpenSpiel game (``docs/rl.md``, section "OpenSpiel").

Importing this module registers each game with pyspiel as a Python game named
``spacetable_<game id>``::

    import pyspiel
    import spacetable.rl.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("spacetable_quazarys", {"players": 2})

Parameters: ``players`` (the game's default: two, or its smallest count above that),
every option of the game under its own name (default: the game's simulation setting where it
has one, ``GameInfo.simulation_options``, so that every game is bounded, e.g. Quazarys'
``round_limit=60``; otherwise the game's default; a parameter given wins, ``round_limit=0``
turning the limit off included), and for real-time games ``realtime_tick`` (seconds of game
time per tick, default 1.0) and ``actions_per_tick`` (default 4). There is no seed: chance is
OpenSpiel's (chance nodes, below).

The declared game type:

* dynamics ``SEQUENTIAL``: when several seats may act at once (Spacedealer's ticks mode, where
  everyone decides before time moves), the lowest seat of ``game.to_act`` acts first, as in the
  PettingZoo environment; the others act after it, in seat order, in the same tick.
* information ``IMPERFECT_INFORMATION`` for a game with hidden information (every game but
  Planet Raiders, which is ``PERFECT_INFORMATION``).
* chance ``EXPLICIT_STOCHASTIC`` for a game with chance (``DETERMINISTIC`` otherwise): every
  draw of the rules is a chance node (section "Chance" below), so OpenSpiel's algorithms
  sample chance themselves, a clone does not know the next draw, and
  :meth:`SpacetableState.resample_from_infostate` (``ISMCTSBot``) resamples what the current
  seat cannot see (``Game.determinize``).
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

Chance: the engine game of a state draws from a :class:`~spacetable.engine.rng.ScriptedRng`.
All randomness of the rules goes through ``Rng.below(n)`` (a choice, a die, a shuffle: a
shuffle of ``m`` things is ``m - 1`` successive draws, Fisher-Yates); when a step (the setup,
or a decision with the game time that passes after it in real time) draws and no outcome is
given, the state becomes a chance node with the outcomes ``0..n-1``, each ``1/n`` (outcome
``k``: the ``k``-th of the ``n`` things drawn from, in the rules' order). Applying an outcome
replays the step from the position before it with the outcomes so far, until the step
completes or draws again. A new state is the setup's first chance node. ``max_chance_outcomes``
is the game's own bound on ``n`` (``Game.max_chance_outcomes``: its components or seats, or
its physical cards where a deck holds copies), checked at every draw.
:meth:`SpacetableState.resolve_chance` applies the outcomes the engine's own seeded generator
would draw, so a state can replay the game ``new_game(..., seed=s)`` plays.

Serialization: ``state.serialize()`` and ``pyspiel.serialize_game_and_state`` hold the state's
action history (decisions and chance outcomes) and no generator state: a state pickles as its
settings and history, and loading replays the history from the first node. A resampled state
(:meth:`SpacetableState.resample_from_infostate`) is hypothetical, has no history of its own and
refuses to serialize.

Observations (``make_py_observer``; a seat's own, ``PrivateInfoType.SINGLE_PLAYER``):

* observation tensor: :func:`spacetable.rl.observe` (the seat's view of the present alone,
  layout in ``docs/rl.md``); observation string: the seat's JSON view (``game.view(seat)``).
* information state tensor: the observation tensor, then the seat's own decisions: a count per
  action index (``num_distinct_actions`` floats: how many times it took each action) and its
  last :data:`RECENT_ACTIONS` decisions one-hot (``RECENT_ACTIONS x num_distinct_actions``
  floats, the latest first, zeros where it has made fewer). Fixed size, so the order of its
  decisions is kept for the last ones only; the view holds what the rules leave public
  (discards, tracks...).
* information state string: the seat's JSON view, its own log (``game.log_for(seat)``: every
  event it witnessed) and the list of its own decisions (action indices): perfect recall, two
  histories it cannot tell apart give the same string.

At a chance node the observations are of the position before the step being drawn (the setup's
chance nodes: zeros and ``null`` views).

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
    game_class,
    game_info,
    list_games,
    new_game,
    reward_scheme,
)
from spacetable.engine.game import Cons
from spacetable.engine.rng import NeedChance, Rng, ScriptedRng
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
            GT.ChanceMode.EXPLICIT_STOCHASTIC if info["chance"] else GT.ChanceMode.DETERMINISTIC
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
        #: the parameters as given (a serialized state replays its history under them)
        self.params = p
        #: the action space (the same for every game of these settings)
        self.space = probe.action_space
        #: the most outcomes a chance event may have (``Rng.below(n)``: ``n``), 0 without
        #: chance; see :func:`max_chance_outcomes`
        self.max_chance_outcomes = max_chance_outcomes(probe)
        self._root: _Core | None = None
        bound = episode_bound(game_id, players, self.options, self.tick)
        self.max_game_length = _INT_MAX if bound is None or bound >= _INT_MAX else bound

    def __deepcopy__(self, memo: dict[int, Any]) -> Settings:
        """Shared, not copied: pyspiel clones a Python state by deep-copying its attributes."""
        return self

    def new_engine_game(self, rng: Rng) -> Game:
        """An engine game with these settings, drawing its chance from ``rng``."""
        cls = game_class(self.game_id)
        return cls(self.players, 0, self.given_options, rng=rng)

    def root(self) -> _Core:
        """A copy of the first node of a game with these settings (made once)."""
        if self._root is None:
            self._root = _Core.root(self)
        return self._root.copy()

    def new_scheduler(self) -> SeatTurns:
        """The turn rule of a new game with these settings."""
        return SeatTurns(self.realtime, self.tick, self.actions_per_tick)


_SETTINGS: dict[tuple[str, str], Settings] = {}


def _settings_for(game_id: str, params: Mapping[str, Any]) -> Settings:
    """The (shared) settings of ``game_id`` under ``params``."""
    key = (game_id, json.dumps(dict(params), sort_keys=True))
    if key not in _SETTINGS:
        _SETTINGS[key] = Settings(game_id, params)
    return _SETTINGS[key]


def _settings_of(spiel_game: Any) -> Settings:
    """The settings of a pyspiel game of ours, from its Python attributes or, on a bare
    wrapper, from its parameters."""
    found = getattr(spiel_game, "settings", None)
    if isinstance(found, Settings):
        return found
    return _settings_for(str(type(spiel_game).game_id), dict(spiel_game.get_parameters()))


def max_chance_outcomes(game: Game) -> int:
    """The most outcomes one chance event of ``game``'s settings may have: the game's own
    bound on its draws (``Game.max_chance_outcomes``; every draw above it raises, so the
    bound is checked at every draw), 0 for a game without chance."""
    if not game.info.chance:
        return 0
    return int(game.max_chance_outcomes())


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
            max_chance_outcomes=st.max_chance_outcomes,
            num_players=st.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if _zero_sum(st.reward, st.players) else None,
            max_game_length=st.max_game_length,
        )
        p["players"] = st.players
        super().__init__(_game_type(self.game_id, st), info, p)

    def new_initial_state(self) -> SpacetableState:
        """A new game: the first chance event of its setup (a game without chance: its
        first decision)."""
        return SpacetableState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> SpacetableObserver:
        """The observer of OpenSpiel's observation API (see :class:`SpacetableObserver`)."""
        obs = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        return SpacetableObserver(_settings_of(self), obs, params)


#: the own decisions the information state tensor shows one-hot, the last first
RECENT_ACTIONS = 4
#: ``_Core.pending`` while the game's setup is being dealt (no action index, not *wait*)
_SETUP = -2


def _cons_items(cell: Cons) -> list[Any]:
    """The items of a persistent list (``(previous cell, item)`` pairs), oldest first."""
    out: list[Any] = []
    while cell is not None:
        cell, item = cell
        out.append(item)
    out.reverse()
    return out


class _Core:
    """Everything a state is, in one object: pyspiel clones a Python state by deep-copying
    its attributes (:meth:`__deepcopy__`: the engine's own ``clone``) and serializes it by
    pickling them (:meth:`__reduce__`: the action history, replayed on load).

    ``game`` and ``scheduler`` are the last complete position: at a chance node, the position
    before the step being resolved (``pending``: the setup, or the decision of seat
    ``player``), which is replayed from there with the outcomes ``drawn`` so far."""

    __slots__ = (
        "actions",
        "drawn",
        "game",
        "n",
        "own",
        "pending",
        "player",
        "replayable",
        "scheduler",
        "sg",
    )

    sg: Settings
    game: Game | None
    scheduler: SeatTurns
    player: int
    pending: int | None
    drawn: tuple[int, ...]
    n: int
    actions: Cons
    own: tuple[Cons, ...]
    replayable: bool

    @classmethod
    def root(cls, sg: Settings) -> _Core:
        """The first node of a game: the setup's first chance event (or, in a game whose
        setup draws nothing, its first decision)."""
        c = cls.__new__(cls)
        c.sg = sg
        c.game = None
        c.scheduler = sg.new_scheduler()
        c.player = 0
        c.pending = _SETUP
        c.drawn = ()
        c.n = 0
        c.actions = None
        c.own = (None,) * sg.players
        c.replayable = True
        c.resolve()
        return c

    def copy(self, game: Game | None = None) -> _Core:
        """An independent copy; with ``game``, of this node with that engine game instead."""
        c = _Core.__new__(_Core)
        c.sg = self.sg
        if game is not None:
            c.game = game
        else:
            c.game = None if self.game is None else self.game.clone()
        c.scheduler = self.scheduler.copy()
        c.player = self.player
        c.pending = self.pending
        c.drawn = self.drawn
        c.n = self.n
        c.actions = self.actions
        c.own = self.own
        c.replayable = self.replayable
        return c

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the game's settings and its action history (chance outcomes included),
        never as a generator state: loading replays the history from the first node."""
        if not self.replayable:
            raise SpacetableError(
                "a resampled state (resample_from_infostate, determinized) has no history "
                "of its own to serialize"
            )
        params = json.dumps(self.sg.params, sort_keys=True)
        return (_replay, (self.sg.game_id, params, tuple(_cons_items(self.actions))))

    # ------------------------------------------------------------------ moves
    @property
    def is_chance(self) -> bool:
        return self.pending is not None

    def apply(self, action: int) -> None:
        """Apply a chance outcome (at a chance node) or the decision of :attr:`player`. A bad
        action raises :class:`IllegalAction` and changes nothing."""
        if self.pending is not None:
            if not 0 <= action < self.n:
                raise IllegalAction(f"chance outcome {action} outside 0..{self.n - 1}")
            self._step(self.pending, (*self.drawn, action), (self.actions, action), self.own)
            return
        g = self.game
        assert g is not None
        if g.is_over:
            raise IllegalAction("the game is over")
        if not 0 <= action < self.sg.num_actions:
            raise IllegalAction(f"action index {action} outside 0..{self.sg.num_actions - 1}")
        if action != self.sg.wait:
            # legality is checked before anything changes (on the engine's cached list)
            a = self.sg.space.from_index(action)
            if a not in g.legal_actions(self.player):
                raise IllegalAction(f"{a} is not legal for seat {self.player} now")
        own = list(self.own)
        own[self.player] = (own[self.player], action)
        self._step(action, (), (self.actions, action), tuple(own))

    def _step(
        self, pending: int, drawn: tuple[int, ...], actions: Cons, own: tuple[Cons, ...]
    ) -> None:
        """:meth:`resolve` the step ``pending`` with the outcomes ``drawn``, the histories
        becoming ``actions`` and ``own``; if the rules raise, nothing changes."""
        saved = (self.pending, self.drawn, self.actions, self.own, self.n)
        self.pending, self.drawn, self.actions, self.own = pending, drawn, actions, own
        try:
            self.resolve()
        except BaseException:
            self.pending, self.drawn, self.actions, self.own, self.n = saved
            raise

    def resolve(self) -> None:
        """Play the pending step with the outcomes drawn so far: either it completes (the
        state moves to the next decision, or the end) or it draws once more than drawn, and
        the state is a chance node with that draw's outcomes (:attr:`n`)."""
        sg = self.sg
        rng = ScriptedRng(self.drawn)
        try:
            if self.pending == _SETUP:
                g = sg.new_engine_game(rng)
                sched = sg.new_scheduler()
            else:
                base = self.game
                assert base is not None and self.pending is not None
                g = base.clone()
                rng.state = base.rng.state
                g.rng = rng
                sched = self.scheduler.copy()
                seat = self.player
                if self.pending == sg.wait:
                    sched.record_wait(seat)
                else:
                    g.apply_unchecked(seat, sg.space.from_index(self.pending))
                    sched.record_action(seat)
            seat_next = sched.pass_time_until_decision(g)
        except NeedChance as e:
            if e.outcomes > sg.max_chance_outcomes:
                raise SpacetableError(
                    f"{sg.game_id}: a chance event with {e.outcomes} outcomes, more than the "
                    f"declared max_chance_outcomes {sg.max_chance_outcomes}"
                ) from None
            self.n = e.outcomes
            return
        if not rng.used_up:
            raise SpacetableError("a replayed step drew fewer times than before")
        rng.script = ()
        rng.pos = 0
        self.game = g
        self.scheduler = sched
        if seat_next is not None:
            self.player = seat_next
        self.pending = None
        self.drawn = ()
        self.n = 0


def _replay(game_id: str, params: str, actions: tuple[int, ...]) -> _Core:
    """A pickled :class:`_Core`: its game's first node, then every action of its history."""
    sg = _settings_for(game_id, json.loads(params))
    c = sg.root()
    for a in actions:
        c.apply(int(a))
    return c


class SpacetableState(pyspiel.State):  # type: ignore[misc]
    """A state: one engine game (:attr:`game`) and its :attr:`scheduler` (who decides next;
    in real time, whose turn it is in the tick), or a chance node of the step that leads to
    them (see the module doc, "Chance")."""

    def __init__(self, spiel_game: SpacetableGame, core: _Core | None = None) -> None:
        super().__init__(spiel_game)
        self._c = _settings_of(spiel_game).root() if core is None else core

    @property
    def game(self) -> Game:
        """The engine game (read it, do not change it: moves go through ``apply_action``).
        At a chance node: the position before the step whose chance is being drawn. Raises
        :class:`SpacetableError` while the setup is still being dealt."""
        g = self._c.game
        if g is None:
            raise SpacetableError("the game is still being set up (a chance node)")
        return g

    @property
    def scheduler(self) -> SeatTurns:
        """Who decides next, and when game time passes (real time): the shared turn rule."""
        return self._c.scheduler

    # ------------------------------------------------------------------ copies
    def determinized(self, player: int, rng: random.Random) -> SpacetableState:
        """A copy where everything ``player`` cannot see is resampled consistently with its
        view (``Game.determinize``), at a decision node: what a search for ``player`` may
        look at. Future chance stays chance nodes. ``player``'s own action history travels
        with the copy, the other seats' does not (it holds their secret choices); the copy
        has no history to serialize."""
        c = self._c
        if c.pending is not None or c.game is None:
            raise SpacetableError("a chance node cannot be resampled: apply its outcome first")
        world = c.game.determinize(player, rng)
        world.rng = ScriptedRng(draws=c.game.rng.state)
        d = c.copy(world)
        d.actions = None
        d.own = tuple(cell if seat == player else None for seat, cell in enumerate(c.own))
        d.replayable = False
        return SpacetableState(self.get_game(), d)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpacetableState:
        """OpenSpiel's resampling (``ISMCTSBot``): a state that ``player_id`` cannot tell
        from this one, drawn with ``probability_sampler`` (a callable giving floats in
        [0, 1)): :meth:`determinized` with a generator seeded from it."""
        seed = int(float(probability_sampler()) * 2**53) ^ (
            int(float(probability_sampler()) * 2**53) << 53
        )
        return self.determinized(int(player_id), random.Random(seed))

    def resolve_chance(self, rng: Rng) -> None:
        """Apply chance outcomes as the engine's own generator draws them (``rng.below(n)``
        at each chance node) until a decision or the end: a state driven so with ``Rng(seed)``
        plays exactly the game ``new_game(..., seed=seed)`` plays."""
        while self._c.pending is not None:
            self.apply_action(rng.below(self._c.n))

    # ------------------------------------------------------------------ who acts
    def current_player(self) -> int:
        c = self._c
        if c.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        assert c.game is not None
        if c.game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return c.player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the chance node: ``0..n-1``, each ``1/n`` (one draw of the rules,
        ``Rng.below(n)``: outcome ``k`` is the ``k``-th of the ``n`` things drawn from, in
        the rules' order)."""
        n = self._c.n
        if self._c.pending is None or n == 0:
            return []
        p = 1.0 / n
        return [(k, p) for k in range(n)]

    def _legal_actions(self, player: int) -> list[int]:
        c = self._c
        if c.pending is not None or player != c.player:
            return []
        g = c.game
        assert g is not None
        if g.is_over:
            return []
        space = self._c.sg.space
        out = sorted(space.to_index(a) for a in g.legal_actions(player))
        if self._c.sg.realtime:
            out.append(self._c.sg.wait)
        return out

    def _apply_action(self, action: int) -> None:
        self._c.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {int(action)}"
        if int(action) == self._c.sg.wait:
            return "wait"
        return str(self._c.sg.space.from_index(int(action)).text())

    # ------------------------------------------------------------------ the end
    def is_terminal(self) -> bool:
        c = self._c
        return c.pending is None and c.game is not None and bool(c.game.is_over)

    def returns(self) -> list[float]:
        """``Outcome.payoffs(reward)`` at the end (the game's reward scheme), zeros before."""
        if not self.is_terminal():
            return [0.0] * self._c.sg.players
        return list(self.game.outcome().payoffs(self._c.sg.reward))

    def rewards(self) -> list[float]:
        """Terminal rewards: the returns at the end, zeros before."""
        return self.returns()

    def own_actions(self, player: int) -> list[int]:
        """``player``'s own decisions so far (action indices, the first first)."""
        return [int(a) for a in _cons_items(self._c.own[player])]

    def __str__(self) -> str:
        """The spectator's view (what everybody sees), as JSON; at a chance node, with the
        step being drawn and its outcomes so far."""
        c = self._c
        view = None if c.game is None else c.game.view(None)
        if c.pending is None:
            return json.dumps(view, sort_keys=True, ensure_ascii=False)
        step = "setup" if c.pending == _SETUP else {"seat": c.player, "action": c.pending}
        data = {"view": view, "step": step, "drawn": list(c.drawn), "outcomes": c.n}
        return json.dumps(data, sort_keys=True, ensure_ascii=False)


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
        size = settings.shape[0]
        a = settings.num_actions
        total = size + (a * (1 + RECENT_ACTIONS) if self.perfect_recall else 0)
        self.tensor = np.zeros(total, np.float32)
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {
            "observation": self.tensor[:size]
        }
        if self.perfect_recall:
            self.dict["action_counts"] = self.tensor[size : size + a]
            self.dict["recent_actions"] = self.tensor[size + a :].reshape(RECENT_ACTIONS, a)

    def set_from(self, state: SpacetableState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s observation of ``state``; with perfect
        recall, its own action history too."""
        c = state._c
        obs = self.dict["observation"]
        if c.game is None:
            obs[:] = 0.0
        else:
            obs[:] = observe(c.game, player)
        if not self.perfect_recall:
            return
        counts = self.dict["action_counts"]
        recent = self.dict["recent_actions"]
        counts[:] = 0.0
        recent[:] = 0.0
        cell = c.own[player]
        i = 0
        while cell is not None:
            cell, a = cell
            counts[a] += 1.0
            if i < RECENT_ACTIONS:
                recent[i, a] = 1.0
            i += 1

    def string_from(self, state: SpacetableState, player: int) -> str:
        """``player``'s view as JSON; with perfect recall, with its own log and its own
        actions too."""
        c = state._c
        g = c.game
        view = None if g is None else g.view(player)
        if not self.perfect_recall:
            return json.dumps(view, sort_keys=True, ensure_ascii=False)
        data = {
            "view": view,
            "log": [] if g is None else g.log_for(player),
            "actions": state.own_actions(player),
        }
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
