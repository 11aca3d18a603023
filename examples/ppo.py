"""Masked PPO with self-play for any spacetable game, in one file (PyTorch, CPU).

It trains one seat's policy through a vectorised Gymnasium environment over
``spacetable.rl.gym_env`` (:func:`make_envs`), sets the logits of illegal actions to minus
infinity, estimates advantages with GAE and optimises the clipped PPO objective. The other
seats are played by a pool of opponents drawn at every episode: our ``greedy`` and ``random``
bots and frozen snapshots of the policy itself (exported every ``--snapshot-every`` updates
and played through the ``learned:file=PATH`` bot). Each environment trains a fixed seat
(``env index % players``), so every seat is learned.

The result is a small ``.npz`` that the ``learned`` bot plays with numpy alone
(``spacetable.bots.learned``): the weights, and ``meta`` (game, players, options,
observation size, action count, hidden sizes and a training summary).

Install the ``train`` extra (``pip install -e ".[train]"``: torch 2.13, CPU) and the ``rl``
extra, then for example::

    # the shipped policies (20 minutes each, three at once on 2 shared cores)
    python examples/ppo.py --game tortuga2199 --players 2 --minutes 20 \\
        --out src/spacetable/bots/policies/tortuga2199-2p.npz
    python examples/ppo.py --game wildspace --players 2 --minutes 20 \\
        --out src/spacetable/bots/policies/wildspace-2p.npz
    python examples/ppo.py --game quazarys --players 2 --minutes 20 --hidden 64,64 \\
        --out src/spacetable/bots/policies/quazarys-2p.npz
    # a smoke run: two updates of 2 environments
    python examples/ppo.py --game wildspace --players 2 --envs 2 --steps 16 --updates 2 \\
        --out /tmp/ws.npz

Game options: ``--option name=value`` (repeatable; the value is read as JSON, else as a
string). The reward is the Gym environment's (the seat's reward at the end of a game,
whatever its scale: [0, 1] or -1/0/+1); rewards are not normalised, so either works.
Progress is printed as one line per ``--log-every`` updates: steps, steps per second, the
mean episode reward and the win rate against each kind of opponent in that window.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, cast

import gymnasium as gym
import numpy as np
import torch
from torch import nn

from spacetable.rl import gym_env
from spacetable.rl.vector import BatchedVectorEnv


class OpponentPool(gym.Wrapper[Any, Any, Any, Any]):
    """Draws the opponents of every episode from :attr:`pool` (bot kinds, with weights) and
    keeps each finished episode's (opponent kind, reward).

    ``shaping`` > 0 adds ``shaping * (phi(next) - phi(now))`` to every reward, where ``phi``
    is the game's own heuristic ``evaluate(seat)`` (in [0, 1]; 0 once the game is over):
    potential-based shaping, which leaves the best policy unchanged (over a whole game it
    adds ``-shaping * phi(start)``, a constant) but gives a signal at every step. It is a
    training signal only: the policy still sees nothing but its seat's observation."""

    def __init__(
        self,
        env: gym.Env[Any, Any],
        pool: list[tuple[str, float]],
        seed: int,
        shaping: float = 0.0,
    ):
        super().__init__(env)
        self.pool = pool
        self.shaping = shaping
        self._phi = 0.0
        self.rng = random.Random(seed)
        self.results: list[tuple[str, float]] = []
        self._current = ""
        self._return = 0.0

    def set_pool(self, pool: list[tuple[str, float]]) -> None:
        self.pool = pool

    def pop_results(self) -> list[tuple[str, float]]:
        out, self.results = self.results, []
        return out

    def reset(self, **kwargs: Any) -> Any:
        base = self.env.unwrapped
        kinds, weights = zip(*self.pool, strict=True)
        n = len(base.opponents)  # type: ignore[attr-defined]
        chosen = self.rng.choices(kinds, weights=weights, k=n)
        base.opponents = chosen  # type: ignore[attr-defined]
        self._current = "snapshot" if chosen[0].startswith("learned") else chosen[0]
        self._return = 0.0
        out = self.env.reset(**kwargs)
        self._phi = self._potential()
        return out

    def _potential(self) -> float:
        if self.shaping <= 0.0:
            return 0.0
        base = self.env.unwrapped
        game = base.game  # type: ignore[attr-defined]
        return 0.0 if game.is_over else float(game.evaluate(base.seat))  # type: ignore[attr-defined]

    def step(self, action: Any) -> Any:
        obs, reward, term, trunc, info = self.env.step(action)
        self._return += float(reward)
        if term or trunc:
            self.results.append((self._current, self._return))
            phi = 0.0
        else:
            phi = self._potential()
        shaped = float(reward) + self.shaping * (phi - self._phi)
        self._phi = phi
        return obs, shaped, term, trunc, info


def make_envs(
    game: str,
    players: int,
    options: dict[str, Any],
    n: int,
    pool: list[tuple[str, float]],
    seed: int,
    asynchronous: bool = False,
    shaping: float = 0.0,
    workers: int | None = None,
) -> gym.vector.SyncVectorEnv | gym.vector.AsyncVectorEnv | BatchedVectorEnv:
    """``n`` environments of ``game``, each training seat ``i % players`` against opponents
    drawn from ``pool``; resets happen in the same step as the end of an episode (the
    returned observation is the next game's). ``workers``: that many processes, each
    stepping its share of the environments (``BatchedVectorEnv``); else one process per
    environment with ``asynchronous``, or all in this one."""

    def one(i: int) -> Callable[[], gym.Env[Any, Any]]:
        def make() -> gym.Env[Any, Any]:
            env = gym_env(
                game,
                players=players,
                opponents="random",
                seat=i % players,
                seed=seed + i,
                options=options,
            )
            return OpponentPool(env, pool, seed + 1000 + i, shaping)

        return make

    fns = [one(i) for i in range(n)]
    same_step = gym.vector.AutoresetMode.SAME_STEP
    if workers is not None:
        return BatchedVectorEnv(fns, workers, autoreset_mode=same_step)
    cls = gym.vector.AsyncVectorEnv if asynchronous else gym.vector.SyncVectorEnv
    return cls(fns, autoreset_mode=same_step)


class Agent(nn.Module):
    """A shared ReLU trunk, a policy head (action logits) and a value head."""

    def __init__(self, obs_size: int, num_actions: int, hidden: Sequence[int]):
        super().__init__()
        layers: list[nn.Module] = []
        last = obs_size
        for h in hidden:
            layers += [nn.Linear(last, h), nn.ReLU()]
            last = h
        self.trunk = nn.Sequential(*layers)
        self.policy = nn.Linear(last, num_actions)
        self.value = nn.Linear(last, 1)
        nn.init.orthogonal_(self.policy.weight, 0.01)
        nn.init.zeros_(self.policy.bias)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.trunk(obs)
        logits = self.policy(h).masked_fill(~mask, float("-inf"))
        return logits, self.value(h).squeeze(-1)

    def linears(self) -> list[nn.Linear]:
        return [m for m in self.trunk if isinstance(m, nn.Linear)]


def export(agent: Agent, path: Path, meta: dict[str, Any]) -> None:
    """Write the policy (trunk and policy head, float32) and ``meta`` as JSON to ``path``."""
    arrays: dict[str, Any] = {"meta": np.array(json.dumps(meta, sort_keys=True))}
    for i, lin in enumerate(agent.linears()):
        arrays[f"W{i}"] = lin.weight.detach().cpu().numpy().T.astype(np.float32)
        arrays[f"b{i}"] = lin.bias.detach().cpu().numpy().astype(np.float32)
    arrays["policy_W"] = agent.policy.weight.detach().cpu().numpy().T.astype(np.float32)
    arrays["policy_b"] = agent.policy.bias.detach().cpu().numpy().astype(np.float32)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez_compressed(tmp, **arrays)
    tmp.replace(path)


def load_agent(path: Path) -> Agent:
    """The torch policy of an exported file (its value head is untrained: zeros)."""
    with np.load(path, allow_pickle=False) as data:
        meta = json.loads(str(data["meta"]))
        agent = Agent(meta["obs_size"], meta["num_actions"], meta["hidden"])
        with torch.no_grad():
            for i, lin in enumerate(agent.linears()):
                lin.weight.copy_(torch.from_numpy(data[f"W{i}"].T.copy()))
                lin.bias.copy_(torch.from_numpy(data[f"b{i}"]))
            agent.policy.weight.copy_(torch.from_numpy(data["policy_W"].T.copy()))
            agent.policy.bias.copy_(torch.from_numpy(data["policy_b"]))
            agent.value.weight.zero_()
            agent.value.bias.zero_()
    return agent


def parse_options(items: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        key, _, value = item.partition("=")
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--option", action="append", default=[], help="name=value (JSON)")
    ap.add_argument("--out", type=Path, required=True, help="the exported policy (.npz)")
    ap.add_argument("--envs", type=int, default=8, help="parallel environments")
    ap.add_argument("--async", dest="asynchronous", action="store_true")
    ap.add_argument(
        "--workers",
        type=int,
        default=None,
        help="worker processes, each stepping its share of the environments (e.g. the cores)",
    )
    ap.add_argument("--steps", type=int, default=128, help="steps per environment per update")
    ap.add_argument("--updates", type=int, default=10**9, help="stop after this many updates")
    ap.add_argument("--minutes", type=float, default=None, help="stop after this wall time")
    ap.add_argument("--hidden", default="128,128", help="hidden layer sizes")
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--gamma", type=float, default=0.995)
    ap.add_argument("--lam", type=float, default=0.95, help="GAE lambda")
    ap.add_argument("--clip", type=float, default=0.2)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--minibatches", type=int, default=4)
    ap.add_argument("--ent", type=float, default=0.01, help="entropy bonus")
    ap.add_argument("--vf", type=float, default=0.5, help="value loss weight")
    ap.add_argument(
        "--opponents",
        default="greedy=0.5,random=0.2",
        help="bot kinds with weights; snapshots share the rest (--self-play)",
    )
    ap.add_argument("--self-play", type=float, default=0.3, help="weight of the snapshots")
    ap.add_argument("--snapshot-every", type=int, default=20, help="updates between snapshots")
    ap.add_argument("--pool-size", type=int, default=5, help="snapshots kept")
    ap.add_argument(
        "--shaping",
        type=float,
        default=1.0,
        help="weight of the evaluate() potential shaping (0: the game's reward only)",
    )
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1, help="torch threads")
    ap.add_argument("--log-every", type=int, default=10)
    args = ap.parse_args(argv)

    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    torch.set_num_threads(args.threads)
    options = parse_options(args.option)
    hidden = [int(h) for h in args.hidden.split(",") if h]
    bots: list[tuple[str, float]] = []
    for part in args.opponents.split(","):
        kind, _, w = part.partition("=")
        bots.append((kind, float(w or 1.0)))
    envs = make_envs(
        args.game,
        args.players,
        options,
        args.envs,
        bots,
        args.seed,
        args.asynchronous,
        args.shaping,
        args.workers,
    )
    obs_space = cast(gym.spaces.Dict, envs.single_observation_space)["observation"]
    obs_size = int(cast(gym.spaces.Box, obs_space).shape[0])
    num_actions = int(cast(gym.spaces.Discrete, envs.single_action_space).n)
    agent = Agent(obs_size, num_actions, hidden)
    opt = torch.optim.Adam(agent.parameters(), lr=args.lr, eps=1e-5)
    meta: dict[str, Any] = {
        "format": 1,
        "game": args.game,
        "players": args.players,
        "options": options,
        "obs_size": obs_size,
        "num_actions": num_actions,
        "hidden": hidden,
        "activation": "relu",
    }
    snapdir = Path(tempfile.mkdtemp(prefix="spacetable-ppo-"))
    snapshots: list[str] = []

    n, t = args.envs, args.steps
    obs_b = torch.zeros((t, n, obs_size))
    mask_b = torch.zeros((t, n, num_actions), dtype=torch.bool)
    act_b = torch.zeros((t, n), dtype=torch.long)
    logp_b = torch.zeros((t, n))
    rew_b = torch.zeros((t, n))
    done_b = torch.zeros((t, n))
    val_b = torch.zeros((t, n))

    o, _ = envs.reset(seed=args.seed)
    start = time.time()
    steps = 0
    update = 0
    window: dict[str, list[float]] = defaultdict(list)
    curve: list[dict[str, Any]] = []
    episodes = 0
    while update < args.updates:
        if args.minutes is not None and time.time() - start > args.minutes * 60:
            break
        update += 1
        for k in range(t):
            ob = torch.as_tensor(o["observation"], dtype=torch.float32)
            mk = torch.as_tensor(o["action_mask"], dtype=torch.bool)
            with torch.no_grad():
                logits, value = agent(ob, mk)
                logp_all = torch.log_softmax(logits, -1)
                a = torch.multinomial(logp_all.exp(), 1).squeeze(-1)
            obs_b[k], mask_b[k], act_b[k] = ob, mk, a
            logp_b[k], val_b[k] = logp_all.gather(1, a[:, None]).squeeze(1), value
            o, r, term, trunc, _ = envs.step(a.numpy())
            rew_b[k] = torch.as_tensor(r, dtype=torch.float32)
            done_b[k] = torch.as_tensor(np.logical_or(term, trunc), dtype=torch.float32)
        steps += n * t
        for res in envs.call("pop_results"):
            for kind, ret in res:
                window[kind].append(ret)
                episodes += 1

        with torch.no_grad():
            _, next_v = agent(
                torch.as_tensor(o["observation"], dtype=torch.float32),
                torch.as_tensor(o["action_mask"], dtype=torch.bool),
            )
        adv = torch.zeros((t, n))
        last = torch.zeros(n)
        for k in reversed(range(t)):
            nv = next_v if k == t - 1 else val_b[k + 1]
            nonterm = 1.0 - done_b[k]  # the next observation is a new game's after an end
            delta = rew_b[k] + args.gamma * nv * nonterm - val_b[k]
            last = delta + args.gamma * args.lam * nonterm * last
            adv[k] = last
        ret_b = adv + val_b

        b_obs, b_mask = obs_b.reshape(n * t, -1), mask_b.reshape(n * t, -1)
        b_act, b_logp = act_b.reshape(-1), logp_b.reshape(-1)
        b_adv, b_ret = adv.reshape(-1), ret_b.reshape(-1)
        size = n * t
        mb = max(1, size // args.minibatches)
        stats: dict[str, float] = {}
        for _ in range(args.epochs):
            perm = torch.randperm(size)
            for s in range(0, size, mb):
                idx = perm[s : s + mb]
                logits, value = agent(b_obs[idx], b_mask[idx])
                logp_all = torch.log_softmax(logits, -1)
                logp = logp_all.gather(1, b_act[idx][:, None]).squeeze(1)
                ratio = (logp - b_logp[idx]).exp()
                a_n = b_adv[idx]
                a_n = (a_n - a_n.mean()) / (a_n.std() + 1e-8) if len(idx) > 1 else a_n
                pg = torch.max(-a_n * ratio, -a_n * ratio.clamp(1 - args.clip, 1 + args.clip))
                # masked entries have p = 0 and log p = -inf: clamped, their p*log p is 0
                # (and so is its gradient), not nan
                ent = -(logp_all.exp() * logp_all.clamp(min=-1e8)).sum(-1)
                v_loss = 0.5 * (value - b_ret[idx]).pow(2).mean()
                loss = pg.mean() - args.ent * ent.mean() + args.vf * v_loss
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
                opt.step()
                stats = {
                    "policy_loss": pg.mean().item(),
                    "value_loss": v_loss.item(),
                    "entropy": ent.mean().item(),
                }

        if update % args.snapshot_every == 0 and args.self_play > 0:
            snap = snapdir / f"snap-{update}.npz"
            export(agent, snap, meta)
            snapshots = [*snapshots, f"learned:file={snap}"][-args.pool_size :]
            share = args.self_play / len(snapshots)
            envs.call("set_pool", bots + [(s, share) for s in snapshots])
        if update % args.log_every == 0:
            elapsed = time.time() - start
            row: dict[str, Any] = {
                "update": update,
                "steps": steps,
                "seconds": round(elapsed, 1),
                "episodes": episodes,
            }
            for kind, rets in sorted(window.items()):
                row[f"mean_reward_vs_{kind}"] = round(float(np.mean(rets)), 3)
                row[f"games_vs_{kind}"] = len(rets)
            row.update({k: round(v, 4) for k, v in stats.items()})
            curve.append(row)
            print(json.dumps(row), flush=True)
            window.clear()
            export(agent, args.out, {**meta, "training": {"curve": curve[-3:]}})

    elapsed = time.time() - start
    summary = {
        "updates": update,
        "steps": steps,
        "episodes": episodes,
        "seconds": round(elapsed, 1),
        "envs": n,
        "steps_per_update": n * t,
        "opponents": args.opponents,
        "self_play": args.self_play,
        "lr": args.lr,
        "gamma": args.gamma,
        "lam": args.lam,
        "clip": args.clip,
        "entropy": args.ent,
        "seed": args.seed,
        "shaping": args.shaping,
        "hidden": hidden,
        "torch": torch.__version__,
        "curve": curve,
    }
    export(agent, args.out, {**meta, "training": summary})
    envs.close()
    print(json.dumps({"out": str(args.out), "steps": steps, "seconds": round(elapsed, 1)}))
    return summary


if __name__ == "__main__":
    main()
