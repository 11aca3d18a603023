"""The learned bot: a policy trained by ``examples/ppo.py``, run with numpy alone.

A policy file is a small ``.npz``: the weights of a multi-layer perceptron (``W0``, ``b0``,
``W1``, ``b1``... with ReLU between them, then ``policy_W``, ``policy_b`` for the action
logits) and ``meta``, a JSON string: ``game``, ``players``, ``options``, ``obs_size``,
``num_actions``, ``hidden`` and a ``training`` summary. The shipped policies live in
``spacetable/bots/policies/<game>-<players>p.npz`` (:func:`shipped_policies`).

The bot encodes its seat's observation with :func:`spacetable.rl.observe_view` from the seat's
own view (``port.view()``: nothing hidden reaches it), sets the logits of the illegal actions
to minus infinity and plays the most probable legal action, or samples one at a temperature
with its own seeded generator (``learned:temp=0.5``).

Kinds: ``learned`` (the shipped policy of the game and player count; ``make_bot("learned",
game=...)`` refuses a game with none), ``learned:file=PATH`` (any policy file, e.g. a snapshot
during training) and ``learned:temp=T``.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from spacetable.engine import Action, SpacetableError

from .base import Bot, SeatPort

__all__ = [
    "LearnedBot",
    "Policy",
    "PolicyError",
    "load_policy",
    "missing_policy",
    "policy_available",
    "shipped_policies",
]

F32 = npt.NDArray[np.float32]


class PolicyError(SpacetableError, ValueError):
    """No policy for a game and player count, or a policy file that does not fit them."""


class Policy:
    """The action logits of a trained MLP policy, computed with numpy."""

    def __init__(self, layers: list[tuple[F32, F32]], head: tuple[F32, F32], meta: dict[str, Any]):
        self.layers = layers
        self.head = head
        self.meta = meta
        self.game: str = meta["game"]
        self.players: int = int(meta["players"])
        self.obs_size: int = int(meta["obs_size"])
        self.num_actions: int = int(meta["num_actions"])

    def logits(self, obs: npt.ArrayLike) -> F32:
        """The action logits of one observation (shape ``(obs_size,)``) or of a batch."""
        h = np.asarray(obs, dtype=np.float32)
        for w, b in self.layers:
            h = np.maximum(h @ w + b, np.float32(0.0))
        w, b = self.head
        out: F32 = h @ w + b
        return out

    def masked_logits(self, obs: npt.ArrayLike, mask: npt.ArrayLike) -> F32:
        """The logits with illegal actions (``mask`` false) set to minus infinity."""
        logits = self.logits(obs)
        return np.where(np.asarray(mask, dtype=bool), logits, np.float32(-np.inf))


def _read(source: Any) -> Policy:
    with np.load(source, allow_pickle=False) as data:
        meta = json.loads(str(data["meta"]))
        layers = []
        i = 0
        while f"W{i}" in data:
            layers.append((data[f"W{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32)))
            i += 1
        head = (data["policy_W"].astype(np.float32), data["policy_b"].astype(np.float32))
    return Policy(layers, head, meta)


def shipped_policies() -> dict[tuple[str, int], str]:
    """The shipped policies: ``(game, players) -> file name`` in ``spacetable.bots.policies``."""
    out: dict[tuple[str, int], str] = {}
    for entry in resources.files("spacetable.bots.policies").iterdir():
        name = entry.name
        if name.endswith("p.npz") and "-" in name:
            game, _, rest = name[: -len("p.npz")].rpartition("-")
            if rest.isdigit():
                out[(game, int(rest))] = name
    return out


def policy_available(game: str, players: int | None = None) -> bool:
    """Whether a policy is shipped for ``game`` (with ``players`` seats, when given)."""
    return any(g == game and (players is None or p == players) for g, p in shipped_policies())


@lru_cache(maxsize=32)
def _load_file(path: str) -> Policy:
    return _read(path)


@lru_cache(maxsize=16)
def _load_shipped(game: str, players: int) -> Policy:
    name = shipped_policies().get((game, players))
    if name is None:
        raise PolicyError(missing_policy(game, players))
    with resources.as_file(resources.files("spacetable.bots.policies") / name) as p:
        return _read(p)


def missing_policy(game: str | None, players: int | None) -> str:
    """The error message for a game (and player count) without a shipped policy."""
    have = ", ".join(f"{g} {p}p" for g, p in sorted(shipped_policies())) or "none"
    what = f"{game} with {players} players" if players is not None else f"{game}"
    return f"no learned policy is shipped for {what}; shipped: {have}"


def load_policy(
    game: str | None = None, players: int | None = None, file: str | Path | None = None
) -> Policy:
    """A policy file, or the shipped policy of ``game`` for ``players`` seats."""
    if file is not None:
        return _load_file(str(file))
    if game is None or players is None:
        raise PolicyError("a shipped policy needs a game and a player count")
    return _load_shipped(game, players)


class LearnedBot(Bot):
    """Plays a trained policy (see the module doc). ``game``: the game the bot is made for
    (checked against the policy); ``file``: a policy file instead of the shipped one;
    ``temperature``: ``None`` plays the most probable legal action, else samples."""

    name = "learned"

    def __init__(
        self,
        seed: int | None = None,
        game: str | None = None,
        file: str | Path | None = None,
        temperature: float | None = None,
    ) -> None:
        super().__init__(seed)
        if file is None and game is not None and not policy_available(game):
            raise PolicyError(missing_policy(game, None))
        if file is not None:
            policy = load_policy(file=file)
            if game is not None and policy.game != game:
                raise PolicyError(f"the policy {file} plays {policy.game}, not {game}")
        self.game = game
        self.file = None if file is None else str(file)
        self.temperature = temperature
        self._np_rng = np.random.default_rng(self.rng.getrandbits(64))

    def policy_for(self, game: str, players: int) -> Policy:
        """The policy this bot plays in ``game`` with ``players`` seats."""
        policy = load_policy(game, players, self.file)
        if policy.game != game or policy.players != players:
            raise PolicyError(
                f"the policy plays {policy.game} with {policy.players} players, "
                f"not {game} with {players}"
            )
        return policy

    def choose(self, port: SeatPort) -> Action | None:
        from spacetable.engine import action_space
        from spacetable.engine.registry import game_class
        from spacetable.rl import observe_view

        legal = port.legal_actions()
        if not legal:
            return None
        game_id = port.info.id
        policy = self.policy_for(game_id, port.players)
        options = port.options
        obs = observe_view(game_id, port.view(), port.players, options)
        space = action_space(game_class(game_id), port.players, options)
        size = len(space.actions) + (1 if port.realtime else 0)
        if obs.shape[0] != policy.obs_size or size != policy.num_actions:
            raise PolicyError(
                f"the {game_id} policy expects {policy.obs_size} observation values and "
                f"{policy.num_actions} actions; this game has {obs.shape[0]} and {size} "
                "(other options, or an encoder changed since training: retrain it)"
            )
        mask = np.zeros(size, dtype=bool)
        index = {space.to_index(a): a for a in legal}
        mask[list(index)] = True
        if port.realtime:
            mask[size - 1] = True
        logits = policy.masked_logits(obs, mask)
        if self.temperature is None or self.temperature <= 0.0:
            best = int(np.argmax(logits))
        else:
            z = logits[mask] / np.float32(self.temperature)
            p = np.exp(z - z.max())
            p /= p.sum()
            best = int(np.flatnonzero(mask)[self._np_rng.choice(len(p), p=p)])
        return index.get(best)  # the wait index (real time) is absent: None


def parse_learned(parts: list[str]) -> dict[str, Any]:
    """The parameters of ``learned:file=PATH:temp=T`` (``parts``: after the first colon)."""
    params: dict[str, Any] = {}
    for p in parts:
        key, eq, value = p.partition("=")
        if key == "file" and eq and value:
            params["file"] = value
        elif key == "temp" and eq:
            try:
                t = float(value)
            except ValueError:
                raise ValueError(f"bad parameter {p!r} for bot 'learned'") from None
            if not math.isfinite(t) or t < 0.0:
                raise ValueError(f"bad parameter {p!r} for bot 'learned': temp must be >= 0")
            params["temperature"] = t
        else:
            raise ValueError(f"bad parameter {p!r} for bot 'learned' (file=PATH, temp=T)")
    return params
