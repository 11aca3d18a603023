"""PettingZoo AEC environments for every game (``docs/rl.md``).

``SpacetableAECEnv(game, players=..., seed=..., options=...)``, usually made through
:func:`spacetable.rl.pettingzoo_env`. Agents are ``"seat_0"``, ``"seat_1"``... Each
observation is ``{"observation": float32 tensor, "action_mask": int8 mask}`` from the agent's
own view (:func:`spacetable.rl.observe`); actions are indices of the game's fixed action space
(``game.action_space``). Rewards come at the end, from ``Outcome.payoffs(reward)`` under the
reward scheme chosen at construction (``reward="rank"``, the default: zero-sum by rank, +1 a
win, -1 a loss, 0 a draw with two players; ``"win"`` or ``"score"``: ``docs/rl.md``,
"Rewards"); every other step rewards 0.

Which agent acts (``agent_selection``):

* turn-based games: the lowest seat of ``game.to_act``. Spacedealer's *ticks* mode lets
  every seat act in a tick, each ending with ``done``: the AEC order takes them by seat,
  each acting until its ``done``.
* real time (Spacedealer's ``mode="realtime"``): the action space gets one more index,
  :attr:`SpacetableAECEnv.wait` (its last), always legal. Within a tick the seats act in seat
  order; a seat keeps the turn until it plays ``wait``, has no legal action, or has made
  ``actions_per_tick`` actions; after the last seat the clock advances ``tick`` seconds of
  game time (``game.advance``), and seat 0 starts the next tick.

Both rules are :class:`spacetable.engine.schedule.SeatTurns`'s, shared with the OpenSpiel
adapter (:attr:`SpacetableAECEnv.scheduler`).

``observation_format="indices"``: instead of ``"observation"``, the observation's non-zero
entries: ``"indices"`` (int32, increasing, padded with the observation's size) and
``"values"`` (float32, padded with 0), ``max_nonzero`` long (default
:func:`spacetable.rl.observation.index_form_length`; more non-zero entries raise
:class:`~spacetable.rl.ObservationError`); :func:`spacetable.rl.from_indices` gives the dense
tensor back.

An illegal index raises :class:`spacetable.engine.IllegalAction` and changes nothing.
``max_steps`` (default: none) truncates an episode after that many agent steps.

Options: the game's ``simulation_options`` under ``options`` (an option given wins, a limit
turned off included: :func:`spacetable.rl.bounds.adapter_options`), so that with the default
options every game is bounded; :attr:`SpacetableAECEnv.game_options` are the options played and
:attr:`SpacetableAECEnv.max_game_length` a true bound on the agent steps of an episode
(``None`` when the options chosen leave the game without one).
The plain JSON view of an agent is ``env.view(agent)``, and with ``views=True`` every info
dict carries it as ``info["view"]``. ``render_mode="ansi"``: :meth:`render` draws the game as
text from the view of the agent to act.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from spacetable.engine import (
    DEFAULT_REWARD,
    Action,
    Game,
    IllegalAction,
    SpacetableError,
    game_info,
    new_game,
    reward_scheme,
)
from spacetable.engine.presentation import presentation
from spacetable.engine.schedule import SeatTurns

from .bounds import adapter_options, episode_bound
from .observation import Observer, index_form_length, to_indices

__all__ = ["SpacetableAECEnv", "default_players"]


def default_players(game_id: str) -> int:
    """The player count an environment takes when none is given: two, or the game's
    smallest count above that."""
    info = game_info(game_id)
    return int(min(max(2, info["min_players"]), info["max_players"]))


class SpacetableAECEnv(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """One game of spacetable as a PettingZoo AEC environment (see the module doc)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "spacetable",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        *,
        players: int | None = None,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        tick: float = 1.0,
        actions_per_tick: int = 4,
        max_steps: int | None = None,
        views: bool = False,
        render_mode: str | None = None,
        lang: str = "en",
        reward: str = DEFAULT_REWARD,
        observation_format: str = "dense",
        max_nonzero: int | None = None,
    ) -> None:
        super().__init__()
        #: the reward scheme (``Outcome.payoffs``); an unknown one raises RewardSchemeError
        self.reward = reward_scheme(reward)
        if observation_format not in ("dense", "indices"):
            raise SpacetableError(
                f"observation_format must be 'dense' or 'indices', not {observation_format!r}"
            )
        if render_mode not in (None, "ansi"):
            raise SpacetableError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.lang = lang
        n = default_players(game) if players is None else players
        # a game built now checks the settings (OptionError) before anything else
        probe = new_game(game, players=n, seed=0, options=adapter_options(game, options))
        #: who acts next, and when game time passes (real time): the shared turn rule
        self.scheduler = SeatTurns(probe.realtime, tick, actions_per_tick)
        self.game_id = game
        self.players = n
        #: the options played (every default filled in)
        self.game_options: dict[str, Any] = dict(probe.options)
        self.realtime = probe.realtime
        self.tick = float(tick)
        #: a true bound on the agent steps of an episode (None: the options leave the game
        #: without one)
        self.max_game_length: int | None = episode_bound(game, n, self.game_options, self.tick)
        self.actions_per_tick = actions_per_tick
        self.max_steps = max_steps
        self.views = views
        #: the game's fixed action space (the same for every game of these settings)
        self.space = probe.action_space
        # the index of every action object of the space, by identity: the engines hand out
        # these very objects as legal actions, so a legal list maps to its indices without
        # hashing an action (the space keeps them alive: an id names one of them only)
        self._ids: dict[int, int] = {id(a): i for i, a in enumerate(self.space.actions)}
        size = self.space.size
        #: the index of "wait" in real time (-1 in a turn-based game)
        self.wait = size if self.realtime else -1
        self.num_actions = size + 1 if self.realtime else size
        self.possible_agents = [f"seat_{s}" for s in range(n)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        #: encodes the observations (:func:`spacetable.rl.observe`, fast)
        self.observer = Observer(game, n, self.game_options, incremental=True)
        #: ``"dense"`` (the tensor) or ``"indices"`` (its non-zero entries, see the module doc)
        self.observation_format = observation_format
        size_obs = self.observer.size
        mask_space = spaces.Box(0, 1, (self.num_actions,), dtype=np.int8)
        if observation_format == "dense":
            self.index_length = 0
            obs_space = spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size_obs,), dtype=np.float32),
                    "action_mask": mask_space,
                }
            )
        else:
            #: the length of the index form (``max_nonzero``; 0 in the dense form)
            self.index_length = index_form_length(size_obs, max_nonzero)
            k = self.index_length
            obs_space = spaces.Dict(
                {
                    "indices": spaces.Box(0, size_obs, (k,), dtype=np.int32),
                    "values": spaces.Box(0.0, 1.0, (k,), dtype=np.float32),
                    "action_mask": mask_space,
                }
            )
        act_space = spaces.Discrete(self.num_actions)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self._seeds = random.Random(seed)
        self._next_seed: int | None = seed
        self.game: Game = probe
        self.steps = 0
        # The caches below are per game state: the game object and its history, a cell made
        # by every action and every passing of time (an undo rebuilds the history), kept
        # here (so it is never another cell's id).
        # the legal actions last listed: (game, its history, seat, actions, their indices)
        self._legal: tuple[Game, object, int, tuple[Action, ...], list[int]] | None = None
        # an action value chosen outside (a bot of the Gym environment) for the next step:
        # (its index, the action), applied as it is
        self._chosen: tuple[int, Action] | None = None
        # the last dense observation made: (game, its history, seat, tensor), kept unshared
        self._last_obs: tuple[Game, object, int, np.ndarray[Any, np.dtype[np.float32]]] | None = (
            None
        )

    def __str__(self) -> str:
        return f"spacetable_{self.game_id}"

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the episode
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: with ``seed`` if given, else the next seed of the sequence the
        constructor's seed starts (the first reset uses that seed itself). ``options`` of
        PettingZoo's reset are not game options (those are fixed at construction) and are
        ignored."""
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        elif self._next_seed is not None:
            game_seed = self._next_seed
        else:
            game_seed = self._seeds.getrandbits(48)
        self._next_seed = None
        self.game = new_game(
            self.game_id, players=self.players, seed=game_seed, options=self.game_options
        )
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self.scheduler.restart()
        self._move_to_next_decision()
        self._update_infos()

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        dense = self._dense(seat)
        if self.index_length:
            idx, val = to_indices(dense, self.index_length)
            return {"indices": idx, "values": val, "action_mask": self.action_mask(seat)}
        return {"observation": dense, "action_mask": self.action_mask(seat)}

    def _dense(self, seat: int) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The dense observation of ``seat`` now, encoded once per game state and seat (a
        second call gets a copy of the first tensor)."""
        g = self.game
        c = self._last_obs
        if c is not None and c[0] is g and c[1] is g._history and c[2] == seat:
            return c[3].copy()
        dense = self.observer(g, seat)
        self._last_obs = (g, g._history, seat, dense.copy())
        return dense

    def _legal_now(self, seat: int) -> tuple[tuple[Action, ...], list[int]]:
        """The legal actions of ``seat`` now and their indices, listed once per game state
        and seat. The engine keeps the last list it gave (``legal_actions``; the scheduler's
        choice of the seat to act has just asked for it in real time): it is reused."""
        g = self.game
        c = self._legal
        if c is not None and c[0] is g and c[1] is g._history and c[2] == seat:
            return c[3], c[4]
        kept = g._legal_cache
        if kept is not None and kept[0] == g.step and kept[1] == seat:
            legal = kept[2]
        else:
            legal = tuple(g.legal_actions(seat))
        try:
            idx = list(map(self._ids.__getitem__, map(id, legal)))
        except KeyError:  # an action equal to one of the space's, not the same object
            index = self.space.index
            idx = [index[a] for a in legal]
        self._legal = (g, g._history, seat, legal, idx)
        return legal, idx

    def action_mask(self, seat: int) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The legal actions of ``seat`` now, as an int8 mask (real time: ``wait`` last, legal
        while the game runs)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if self.game.is_over:
            return mask
        _, idx = self._legal_now(seat)
        mask[np.array(idx, dtype=np.intp)] = 1  # an array indexes faster than the list
        if self.realtime:
            mask[self.wait] = 1
        return mask

    def index_of(self, action: Action) -> int:
        """The index of ``action`` in the action space (found by identity when it is one of
        the space's own objects, as the engines' legal actions are)."""
        i = self._ids.get(id(action))
        return self.space.to_index(action) if i is None else i

    def is_legal(self, seat: int, index: int) -> bool:
        """Whether action ``index`` (``wait`` included) is legal for ``seat`` now."""
        if self.game.is_over or not 0 <= index < self.num_actions:
            return False
        return index == self.wait or index in self._legal_now(seat)[1]

    def view(self, agent: str) -> dict[str, Any]:
        """The plain JSON view of ``agent`` (``game.view(seat)``)."""
        return self.game.view(self._seat[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} must act: None is only for a finished agent")
        seat = self._seat[agent]
        index = int(action)
        if not 0 <= index < self.num_actions:
            raise IllegalAction(f"action index {index} outside 0..{self.num_actions - 1}")
        if index == self.wait:
            self.scheduler.record_wait(seat)
        else:
            a = self._action(seat, index)
            self.game.apply(seat, a)  # IllegalAction if not legal: game and env unchanged
            self.scheduler.record_action(seat)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.steps += 1
        self._move_to_next_decision()
        if self.game.is_over:
            payoffs = self.game.outcome().payoffs(self.reward)
            for name, r in zip(self.possible_agents, payoffs, strict=True):
                self.rewards[name] = float(r)
                self.terminations[name] = True
        elif self.max_steps is not None and self.steps >= self.max_steps:
            for name in self.agents:
                self.truncations[name] = True
        self._accumulate_rewards()
        self._update_infos()

    def _action(self, seat: int, index: int) -> Action:
        """The action of ``index`` for ``seat``: the very object of the legal list when it is
        legal (the engine then finds it by identity, without checking it again)."""
        chosen, self._chosen = self._chosen, None
        if chosen is not None and chosen[0] == index:
            return chosen[1]
        g = self.game
        c = self._legal
        if c is not None and c[0] is g and c[1] is g._history and c[2] == seat:
            try:
                return c[3][c[4].index(index)]
            except ValueError:
                pass
        return self.space.from_index(index)

    # ------------------------------------------------------------------ who acts
    def _move_to_next_decision(self) -> None:
        """Point ``agent_selection`` at the agent to act; in real time, game time passes
        first while no seat may act in the current tick
        (:meth:`SeatTurns.pass_time_until_decision`). The first agent once the game is
        over."""
        seat = self.scheduler.pass_time_until_decision(self.game)
        if seat is None:
            self.agent_selection = self.agents[0] if self.agents else self.possible_agents[0]
        else:
            self.agent_selection = self.possible_agents[seat]

    def _update_infos(self) -> None:
        for a in self.agents:
            info: dict[str, Any] = {"step": self.game.step}
            if self.realtime:
                info["clock"] = self.game.clock
            if self.views:
                info["view"] = self.game.view(self._seat[a])
            self.infos[a] = info

    def render(self) -> str | None:
        """``render_mode="ansi"``: the game drawn as text (its ``render.py``) from the view of
        the agent to act, so it shows nothing that agent may not know."""
        if self.render_mode != "ansi":
            return None
        return self.render_text(self._seat[self.agent_selection])

    def render_text(self, seat: int) -> str:
        """The game drawn as plain text from ``seat``'s view (in :attr:`lang`)."""
        text = presentation(self.game).board(self.game.view(seat), self.lang, plain=True)
        if text is None:
            raise SpacetableError(f"{self.game_id} has no render module to draw it with")
        return text

    def close(self) -> None:
        """Nothing to release (the game lives in memory)."""
