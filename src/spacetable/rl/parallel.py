"""PettingZoo Parallel environments: every seat decides at once (``docs/rl.md``, "Parallel
API").

``SpacetableParallelEnv(game, players=..., seed=..., options=...)``, usually made through
:func:`spacetable.rl.parallel_env`, for every game. It is built on the AEC environment
(:class:`spacetable.rl.pettingzoo.SpacetableAECEnv`) by composition: the same agents, the same
observation tensors and masks (the AEC env's ``observe``), the same action indices, the same
seeds and the same rewards; only who decides, and when, differ.

A parallel step:

1. every live agent gives one index (a missing agent gives the no-op). Its observation for the
   step was made before anybody chose, so no agent sees another's choice of the same step.
   Each index must be legal in the agent's mask, else :class:`IllegalAction` is raised and
   nothing changes;
2. the no-op is the last index, :attr:`SpacetableParallelEnv.noop` (the AEC env's ``wait`` in
   real time, one index appended to the AEC space in a turn-based game). It is legal for every
   agent at every step in Spacedealer, whose seats act at once (both modes); in a strictly
   turn-based game (one seat in ``game.to_act``) the seat to act has the AEC env's mask and
   must act, the others have only the no-op;
3. the step's actions are simultaneous decisions of the same game instant: they apply one after
   the other (the engine applies one at a time) at the same clock, in an order drawn at
   random for the step from a generator seeded by the episode's seed (never a fixed seat
   order; :meth:`SpacetableParallelEnv.order`). An action that another seat's action of the
   same step made illegal is dropped (``info["dropped"]`` is True for its agent) and changes
   nothing;
4. real time (Spacedealer's ``mode="realtime"``): a tick is up to ``actions_per_tick``
   parallel steps (so each seat may make up to ``actions_per_tick`` actions a tick, as in the
   AEC env); it ends earlier after a step in which every agent gave the no-op. Then the clock
   advances ``tick`` seconds (``game.advance``), and again while no seat may act. In a
   turn-based game the game moves its own clock (Spacedealer's ticks: when every seat has
   played ``done``).

The game ends for everyone at once: every agent is terminated with its reward from the
outcome under the AEC env's reward scheme (``reward=``, default ``"rank"``: ``docs/rl.md``
"Rewards"); ``max_steps`` truncates an episode after that many parallel steps.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from spacetable.engine import Game, IllegalAction, SpacetableError

from .pettingzoo import SpacetableAECEnv

__all__ = ["SpacetableParallelEnv"]

Obs = dict[str, Any]
Step = tuple[
    dict[str, Obs], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]
]


class SpacetableParallelEnv(ParallelEnv[str, Obs, int]):  # type: ignore[misc]
    """One game of spacetable as a PettingZoo Parallel environment (see the module doc)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "spacetable_parallel",
        "render_modes": ["ansi"],
        "is_parallelizable": True,
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
        **aec_kwargs: Any,
    ) -> None:
        #: the AEC environment this one is built on: it holds the game, makes the seeds, the
        #: observations and the masks (its own scheduler is not used here)
        self.aec = SpacetableAECEnv(
            game,
            players=players,
            seed=seed,
            options=options,
            tick=tick,
            actions_per_tick=actions_per_tick,
            **aec_kwargs,
        )
        aec = self.aec
        self.game_id = game
        self.players = aec.players
        self.game_options = aec.game_options
        self.realtime = aec.realtime
        self.tick = aec.tick
        self.actions_per_tick = aec.scheduler.actions_per_tick
        self.max_steps = max_steps
        self.render_mode = aec.render_mode
        #: whether the seats decide at once: a real-time game by nature (its ``GameInfo``),
        #: in either mode (Spacedealer's ticks too); the no-op is then legal for every agent
        #: at every step
        self.simultaneous = type(aec.game).info.realtime
        size = aec.game.action_space.size
        #: the no-op's index: the last (the AEC env's ``wait`` in real time)
        self.noop = size
        self.num_actions = size + 1
        #: a true bound on the parallel steps of an episode: the AEC env's (a step applies an
        #: action or, in real time, ends a tick), None in Spacedealer's ticks mode, where a
        #: step in which every agent gives the no-op changes nothing
        self.max_game_length: int | None = (
            None if self.simultaneous and not self.realtime else aec.max_game_length
        )
        self.possible_agents: list[str] = list(aec.possible_agents)
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        if self.realtime:
            self.observation_spaces = dict(aec.observation_spaces)
            self.action_spaces = dict(aec.action_spaces)
        else:
            base = aec.observation_spaces[self.possible_agents[0]]["observation"]
            obs_space = spaces.Dict(
                {
                    "observation": base,
                    "action_mask": spaces.Box(0, 1, (self.num_actions,), dtype=np.int8),
                }
            )
            act_space = spaces.Discrete(self.num_actions)
            self.observation_spaces = {a: obs_space for a in self.possible_agents}
            self.action_spaces = {a: act_space for a in self.possible_agents}
        self.agents: list[str] = []
        self.steps = 0
        self._tick_steps = 0
        #: the generator of the steps' orders (:meth:`order`), seeded anew at each reset
        self.order_rng = random.Random(0)

    def __str__(self) -> str:
        return f"spacetable_parallel_{self.game_id}"

    @property
    def game(self) -> Game:
        """The game being played (the AEC env's)."""
        return self.aec.game

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the episode
    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        """Start a new game, seeded as the AEC env's ``reset`` seeds it (``seed`` if given,
        else the next of the sequence the constructor's seed starts); ``options`` are not
        game options and are ignored. Returns each agent's observation and info."""
        self.aec.reset(seed=seed)
        self.agents = list(self.possible_agents)
        self.steps = 0
        self._tick_steps = 0
        # the order of simultaneous actions: its own generator (never the game's), seeded
        # by the episode's seed
        self.order_rng = random.Random(f"spacetable-parallel-order/{self.game.seed}")
        self._pass_time_while_nobody_may_act()
        return self._observations(), self._infos(set())

    def observe(self, agent: str) -> Obs:
        """``agent``'s observation now: the AEC env's tensor, and the mask of this env."""
        seat = self._seat[agent]
        obs = self.aec.observe(agent)
        return {"observation": obs["observation"], "action_mask": self._mask(seat, obs)}

    def action_mask(self, seat: int) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The legal indices of ``seat`` now (the no-op last), as an int8 mask."""
        return self._mask(seat, None)

    def _mask(self, seat: int, obs: Obs | None) -> np.ndarray[Any, np.dtype[np.int8]]:
        g = self.game
        if self.realtime:
            # the AEC env's mask: wait (= the no-op) is legal for every seat while the game runs
            mask: np.ndarray[Any, np.dtype[np.int8]] = (
                obs["action_mask"] if obs is not None else self.aec.action_mask(seat)
            )
            return mask
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if g.is_over:
            return mask
        base = obs["action_mask"] if obs is not None else self.aec.action_mask(seat)
        mask[: self.noop] = base
        if self.simultaneous or g.to_act != [seat]:
            mask[self.noop] = 1
        return mask

    def order(self, seats: list[int]) -> list[int]:
        """The order in which the actions of ``seats`` apply in this step: a random
        permutation drawn from :attr:`order_rng`, the episode's order generator."""
        out = list(seats)
        self.order_rng.shuffle(out)
        return out

    def step(self, actions: Mapping[str, int | None]) -> Step:
        """One parallel step (see the module doc): ``actions`` maps each live agent to an
        index (a missing agent or ``None`` gives the no-op)."""
        live = list(self.agents)
        if not live:
            raise SpacetableError("the episode is over: call reset()")
        unknown = [a for a in actions if a not in self._seat or a not in live]
        if unknown:
            raise IllegalAction(f"no live agent {unknown[0]!r}")
        chosen: dict[int, int] = {}
        for agent in live:
            seat = self._seat[agent]
            raw = actions.get(agent)
            index = self.noop if raw is None else int(raw)
            if not 0 <= index < self.num_actions:
                raise IllegalAction(f"action index {index} outside 0..{self.num_actions - 1}")
            if not self.action_mask(seat)[index]:
                what = "the no-op" if index == self.noop else f"action index {index}"
                raise IllegalAction(f"{what} is not legal for {agent} now")
            if index != self.noop:
                chosen[seat] = index
        g = self.game
        space = g.action_space
        dropped: set[str] = set()
        for seat in self.order(sorted(chosen)):
            try:
                g.apply(seat, space.from_index(chosen[seat]))
            except IllegalAction:  # another seat's action of this step made it illegal
                dropped.add(self.possible_agents[seat])
        self.steps += 1
        if self.realtime and not g.is_over:
            self._tick_steps += 1
            if not chosen or self._tick_steps >= self.actions_per_tick:
                self._pass_tick()
        self._pass_time_while_nobody_may_act()
        rewards = dict.fromkeys(live, 0.0)
        terminations = dict.fromkeys(live, False)
        truncations = dict.fromkeys(live, False)
        if g.is_over:
            rewards.update(self._end_rewards())
            terminations = dict.fromkeys(live, True)
        elif self.max_steps is not None and self.steps >= self.max_steps:
            truncations = dict.fromkeys(live, True)
        observations = self._observations(live)
        infos = self._infos(dropped, live)
        if g.is_over or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    # ------------------------------------------------------------------ helpers
    def _end_rewards(self) -> dict[str, float]:
        """Each agent's reward when the game ends: the AEC env's (the outcome's payoffs under
        its reward scheme, ``reward=`` of the constructor)."""
        values = self.game.outcome().payoffs(self.aec.reward)
        return {a: float(r) for a, r in zip(self.possible_agents, values, strict=True)}

    def _pass_tick(self) -> None:
        self.game.advance(self.tick)
        self._tick_steps = 0

    def _pass_time_while_nobody_may_act(self) -> None:
        """Real time: let ticks pass while no seat has a legal action (and the game runs)."""
        g = self.game
        while self.realtime and not g.is_over and not g.to_act:
            self._pass_tick()

    def _observations(self, agents: list[str] | None = None) -> dict[str, Obs]:
        return {a: self.observe(a) for a in (self.agents if agents is None else agents)}

    def _infos(
        self, dropped: set[str], agents: list[str] | None = None
    ) -> dict[str, dict[str, Any]]:
        g = self.game
        to_act = set(g.to_act)
        out: dict[str, dict[str, Any]] = {}
        for a in self.agents if agents is None else agents:
            seat = self._seat[a]
            info: dict[str, Any] = {
                "step": g.step,
                "may_act": seat in to_act,
                "dropped": a in dropped,
            }
            if self.realtime:
                info["clock"] = g.clock
            if self.aec.views:
                info["view"] = g.view(seat)
            out[a] = info
        return out

    def render(self) -> str | None:
        """``render_mode="ansi"``: the game drawn as text from seat 0's view (each agent sees
        only its own: :meth:`render_text` draws any seat's)."""
        if self.render_mode != "ansi":
            return None
        return self.aec.render_text(0)

    def render_text(self, seat: int) -> str:
        """The game drawn as plain text from ``seat``'s view."""
        return self.aec.render_text(seat)

    def close(self) -> None:
        """Nothing to release (the game lives in memory)."""
