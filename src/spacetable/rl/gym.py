"""A Gymnasium single-agent environment: one seat learns, our bots play the others
(``docs/rl.md``).

``SpacetableGymEnv(game, players=..., opponents="greedy", seat=0, ...)``, usually made through
:func:`spacetable.rl.gym_env`. It drives a :class:`~spacetable.rl.pettingzoo.SpacetableAECEnv`
(same observations, masks, turn order and real-time steps): after each action of the learning
seat, the bots play until that seat must act again or the game ends.

* observation: ``{"observation": float32 tensor, "action_mask": int8 mask}``; also
  :meth:`action_masks` (the mask alone, as MaskablePPO expects);
* reward: the seat's ``Outcome.payoffs(reward)`` value when the game ends, else 0, under the
  scheme ``reward`` (``"rank"``, the default: +1 a win, -1 a loss, 0 a draw with two players;
  ``"win"``, ``"score"``: ``docs/rl.md``, "Rewards");
* ``opponents``: one bot kind for every other seat (``"greedy"``, ``"random"``, ``"easy"``,
  ``"medium"``, ``"hard"``, ``"mcts:200"``...) or a list, one per other seat in seat order;
* ``render_mode="ansi"``: :meth:`render` draws the game as text from the learner's view;
* ``views=True``: every info carries the learner's JSON view as ``info["view"]``;
* ``observation_format="indices"``: the observation as its non-zero entries (``indices``,
  ``values``, ``max_nonzero`` long), as in the PettingZoo environment;
* options: the game's ``simulation_options`` under ``options``, as in the PettingZoo
  environment; :attr:`SpacetableGymEnv.max_game_length` bounds the learner's steps of an
  episode (each is one step of the PettingZoo environment; ``None``: no bound);
* an illegal action: with ``illegal_action="lose"`` (the default) the game is left unchanged,
  the episode ends (``terminated``) with ``illegal_reward`` (default -1) and
  ``info["illegal_action"] = True``; with ``"raise"`` it raises
  :class:`spacetable.engine.IllegalAction`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np

from spacetable.bots import Bot, SeatPort, make_bot
from spacetable.engine import DEFAULT_REWARD, Game, IllegalAction, SpacetableError

from .encoders import ENCODERS
from .pettingzoo import SpacetableAECEnv

__all__ = ["GYM_IDS", "SpacetableGymEnv", "register_envs"]

Obs = dict[str, np.ndarray[Any, Any]]

#: The Gymnasium ids registered when this module is imported: ``spacetable/<game>-v0``
#: (``gymnasium.make("spacetable/quazarys-v0", players=2, opponents="greedy")``).
GYM_IDS: dict[str, str] = {}


def register_envs() -> None:
    """Register ``spacetable/<game>-v0`` with Gymnasium for every game (idempotent)."""
    for game in sorted(ENCODERS):
        env_id = f"spacetable/{game}-v0"
        if env_id not in gym.registry:
            gym.register(
                id=env_id,
                entry_point="spacetable.rl.gym:SpacetableGymEnv",
                kwargs={"game": game},
                disable_env_checker=True,
            )
        GYM_IDS[game] = env_id


class SpacetableGymEnv(gym.Env[Obs, np.int64]):
    """One seat of a game against bots, as a Gymnasium environment (see the module doc)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium declares it so)

    def __init__(
        self,
        game: str,
        *,
        players: int | None = None,
        opponents: str | Sequence[str] = "greedy",
        seat: int = 0,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        illegal_action: str = "lose",
        illegal_reward: float = -1.0,
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
        if render_mode not in (None, "ansi"):
            raise SpacetableError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.aec = SpacetableAECEnv(
            game,
            players=players,
            seed=seed,
            options=options,
            tick=tick,
            actions_per_tick=actions_per_tick,
            max_steps=max_steps,
            views=views,
            lang=lang,
            reward=reward,
            observation_format=observation_format,
            max_nonzero=max_nonzero,
        )
        n = self.aec.players
        if not 0 <= seat < n:
            raise SpacetableError(f"seat {seat} outside 0..{n - 1}")
        kinds = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(kinds) != n - 1:
            raise SpacetableError(f"{n - 1} opponents needed, {len(kinds)} given")
        for k in kinds:
            make_bot(k, seed=0, game=game)  # an unknown kind raises ValueError now
        if illegal_action not in ("lose", "raise"):
            raise SpacetableError(
                f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}"
            )
        self.game_id = game
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        self.opponents = kinds
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.observation_space = self.aec.observation_space(self.agent)
        #: a true bound on the learner's steps of an episode (None: none)
        self.max_game_length = self.aec.max_game_length
        self.action_space = self.aec.action_space(self.agent)
        self._seed = seed
        self._bots: dict[int, Bot] = {}

    @property
    def game(self) -> Game:
        """The game being played (the server's copy: do not show it to the learner)."""
        return self.aec.game

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """A new game. ``seed`` fixes the game and the bots; without it, the first reset uses
        the constructor's seed and later ones draw from the environment's generator."""
        super().reset(seed=seed)
        if seed is None:
            seed = self._seed if self._seed is not None else int(self.np_random.integers(2**48))
        self._seed = None
        self.aec.reset(seed=seed)
        bot_seeds = random.Random(seed)
        others = [s for s in range(self.aec.players) if s != self.seat]
        self._bots = {
            s: make_bot(k, seed=bot_seeds.getrandbits(48), game=self.game_id)
            for s, k in zip(others, self.opponents, strict=True)
        }
        self._play_bots()
        return self.aec.observe(self.agent), self._info()

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        index = int(action)
        if self.aec.game.is_over or self.aec.truncations.get(self.agent, False):
            raise SpacetableError("the episode is over: call reset()")
        if not self.aec.is_legal(self.seat, index):
            if self.illegal_action == "raise":
                raise IllegalAction(f"action index {index} is not legal for seat {self.seat} now")
            info = self._info()
            info["illegal_action"] = True
            return self.aec.observe(self.agent), self.illegal_reward, True, False, info
        self.aec.step(index)
        self._play_bots()
        over = self.aec.game.is_over
        reward = self.aec.game.outcome().payoffs(self.aec.reward)[self.seat] if over else 0.0
        truncated = (not over) and bool(self.aec.truncations.get(self.agent, False))
        return self.aec.observe(self.agent), reward, over, truncated, self._info()

    def render(self) -> str | None:
        """``render_mode="ansi"``: the game as text from the learner's view."""
        if self.render_mode != "ansi":
            return None
        return self.aec.render_text(self.seat)

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal actions of the learning seat now (booleans)."""
        return self.aec.action_mask(self.seat).astype(bool)

    def _play_bots(self) -> None:
        aec = self.aec
        while not aec.game.is_over and not any(aec.truncations.values()):
            agent = aec.agent_selection
            if agent == self.agent:
                return
            s = aec._seat[agent]
            choice = self._bots[s].choose(SeatPort(aec.game, s))
            if choice is None:
                if not aec.realtime:
                    raise SpacetableError(f"bot of seat {s} returned no action")
                aec.step(aec.wait)
            else:
                index = aec.index_of(choice)
                aec._chosen = (index, choice)  # the bot's own object: applied without a lookup
                aec.step(index)

    def _info(self) -> dict[str, Any]:
        return dict(self.aec.infos.get(self.agent, {}))

    def close(self) -> None:
        """Nothing to release."""


register_envs()
