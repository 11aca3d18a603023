"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration draws a fresh determinization of the game from the seat's view
(:meth:`SeatPort.determinize`: hidden cards resampled, future chance reseeded), then walks one
shared tree with UCT. An edge is a ``(seat, action)`` pair, so the same tree serves every seat
and every player count; a node keeps the total reward *of the seat that moved into it*, from
a reward vector with one entry per seat (``Outcome.rewards()`` at the end of the game,
``evaluate(seat)`` for every seat at the rollout depth cutoff). Selection uses availability
counts (a child is only compared with the siblings that were legal in the same
determinizations). Where information is perfect, determinization only reseeds chance, so
this is plain open-loop MCTS.

Several seats to act (simultaneous choices): the root decision is the bot's own seat; deeper
in the tree each decision is taken by the first seat in ``to_act``. Real-time games
(``game.realtime``): the root choices are the legal actions plus *wait* (``None``), searched
flat (UCB1 over the root choices); each root choice is followed by ``tick`` seconds of game
time (as in the greedy bot, so acting and waiting are compared at the same clock); a rollout
then plays random actions and advances the clock by ``tick`` seconds, so the bot decides
within one tick of game time and never blocks. With ``horizon`` set, the real-time search is a
planning tree of the seat's own decisions instead (see :meth:`MCTSBot._plan`).

``worlds`` reuses a pool of determinizations (each drawn once per decision, then cloned in
turn) instead of a fresh one per iteration.

With ``prune`` set, the real-time search is a *paired* flat search instead (see
:meth:`MCTSBot._choose_paired`): the ``prune`` best root actions by one-ply value and
waiting are each tried on the same determinizations, and each try is a rollout in which
every seat plays the greedy policy for ``depth`` seconds of game time (Monte Carlo rollout
improvement of the greedy policy, with the other seats played as the greedy bots play).

The budget is a number of ``iterations`` (deterministic for a given seed) or ``seconds`` of
wall-clock time per decision (not reproducible: it depends on the machine's speed).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from spacetable.engine import NO_BOUND, Action, Game
from spacetable.engine.schedule import Rounds, quiet_seconds

from .base import Bot, SeatPort
from .greedy import best_actions, one_ply, score_after

Edge = tuple[int, Action | None]

#: The most steps a rollout "to the end" (``depth=None``) plays in a game whose options set no
#: bound (``max_decisions`` is ``NO_BOUND``: Quazarys, Planet Raiders and Tortuga 2199 without a
#: round limit, Wild Space with effects at every lay), after which it scores every seat with
#: ``evaluate`` as at a depth cutoff: random play may never end such a game.
ROLLOUT_CAP = 2_000


class Node:
    """A tree node: its children by ``(seat, action)``, visits, availability and total reward."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Edge, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


class MCTSBot(Bot):
    """ISMCTS with UCT. See the module docstring.

    ``iterations`` or ``seconds`` set the budget (``seconds`` wins when both are given);
    ``c`` is the UCT exploration constant (small, because the rewards at a cutoff are
    evaluations that differ by a few hundredths); ``rollout`` is ``"random"`` or ``"greedy"``
    (each rollout step scores up to ``greedy_width`` actions with ``evaluate``); ``depth`` is
    the number of rollout steps before the rollout stops and every seat is scored with
    ``evaluate`` (``None``: play to the end, at most :data:`ROLLOUT_CAP` steps in a game with
    no bound). The default ``depth=0`` scores each new leaf
    with the game's evaluation at once: measured on the five games, it does as well as or
    better than random rollouts (much better in Planet Raiders and Tortuga 2199, where 3 to
    40 random steps lose to greedy; see ``benchmarks/RESULTS.md``). ``tick`` is the game time of
    one real-time step; ``pace`` is how long (game time) a real-time bot that chose to wait
    waits before it searches again, like a player's reaction time (it also keeps the cost of
    a long real-time game bounded), unless the next scheduled change (a timer running out,
    ``SeatPort.next_event()``) comes first. ``horizon`` (real time) selects the planning
    search and ``worlds`` a pool of determinizations; ``prune`` (real time) selects the paired
    search, where an iteration is one rollout and ``depth`` counts seconds of game time.
    """

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int = 200,
        seconds: float | None = None,
        c: float = 0.15,
        rollout: str = "random",
        depth: int | None = 0,
        greedy_width: int = 6,
        tick: float = 1.0,
        pace: float = 5.0,
        horizon: float | None = None,
        worlds: int | None = None,
        prune: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        super().__init__(seed)
        if rollout not in ("random", "greedy"):
            raise ValueError(f"rollout must be 'random' or 'greedy', not {rollout!r}")
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        self.iterations = iterations
        self.seconds = seconds
        #: The wall clock of a time budget (a test gives a fake one).
        self.clock = clock
        self.c = c
        self.rollout = rollout
        self.depth = depth
        self.greedy_width = greedy_width
        self.tick = float(tick)
        self.pace = pace
        if horizon is not None and horizon <= 0:
            raise ValueError("horizon must be positive")
        self.horizon = horizon
        if worlds is not None and worlds < 1:
            raise ValueError("worlds must be at least 1")
        self.worlds = worlds
        if prune is not None and prune < 1:
            raise ValueError("prune must be at least 1")
        self.prune = prune
        self._quiet: tuple[float, float] | None = None  # real time: (decided to wait at, until)
        self._range = (math.inf, -math.inf)
        #: Statistics of the last decision (iterations run; root visits and mean reward per
        #: action text).
        self.last_stats: dict[str, Any] = {}
        #: Search even a decision with a single legal action (the analysis wants its value).
        self.always_search = False

    # ------------------------------------------------------------------ decision
    def choose(self, port: SeatPort) -> Action | None:
        legal = port.legal_actions()
        if not legal:
            return None
        if len(legal) == 1 and not port.realtime and not self.always_search:
            return legal[0]
        if port.realtime and self._quiet is not None:
            since, until = self._quiet
            if since <= port.clock < until:
                return None  # decided to wait: no new search before `pace` seconds of game time
            self._quiet = None
        seat = port.seat
        root = Node()
        self._range = (math.inf, -math.inf)  # planning search: rewards seen, to normalise
        realtime = port.realtime
        deadline = self.clock() + self.seconds if self.seconds is not None else None
        n = 0
        worlds: list[Game] = []  # with ``worlds``: the determinizations drawn, reused in turn
        if realtime and self.horizon is None and self.prune is not None:
            return self._choose_paired(port, legal, deadline)
        while True:
            if deadline is not None:
                if n > 0 and self.clock() >= deadline:
                    break
            elif n >= self.iterations:
                break
            rng = random.Random(self.rng.getrandbits(64))
            if self.worlds is None:
                game = port.determinize(rng)
            elif n < self.worlds:
                worlds.append(port.determinize(rng))
                game = worlds[-1].clone()
            else:
                game = worlds[n % self.worlds].clone()
            if realtime and self.horizon is not None:
                self._plan(game, seat, root, rng, game.clock + self.horizon)
            else:
                self._iterate(game, seat, root, rng, realtime)
            n += 1
        choices: list[Action | None] = list(legal)
        if realtime and self.horizon is not None:
            choices.insert(0, None)  # planning: wait unless an action is strictly better
        elif realtime:
            choices.append(None)
        best: Action | None = legal[0]
        key = (-1, -1.0)
        for a in choices:
            child = root.children.get((seat, a))
            if child is None:
                continue
            k = (child.visits, child.total / child.visits if child.visits else 0.0)
            if k > key:
                key, best = k, a
        if best is None:
            self._wait(port)
        self.last_stats = {
            "iterations": n,
            "visits": {
                ("wait" if a is None else a.text()): ch.visits
                for (s, a), ch in root.children.items()
                if s == seat
            },
            "values": {
                ("wait" if a is None else a.text()): round(ch.total / ch.visits, 4)
                for (s, a), ch in root.children.items()
                if s == seat and ch.visits
            },
        }
        return best

    # ------------------------------------------------------------------ paired search
    def _choose_paired(
        self, port: SeatPort, legal: list[Action], deadline: float | None
    ) -> Action | None:
        """Real time with ``prune``: a flat search of the ``prune`` best root actions by
        one-ply value, plus waiting, each tried in turn on the same determinizations (common
        random numbers: the choices are compared on the same hidden cards and chance). A try
        applies the choice and plays a greedy rollout of every seat (:meth:`_greedy_rollout`);
        the choice with the best mean reward is played, acting on ties."""
        seat = port.seat
        worlds = [port.determinize(random.Random(self.rng.getrandbits(64)))]
        keep = self._keep(worlds[0], seat, legal)
        totals = [0.0] * len(keep)
        tries = [0] * len(keep)
        n = 0
        while True:
            if deadline is not None:
                if n >= len(keep) and self.clock() >= deadline:
                    break
            elif n >= self.iterations:
                break
            w, i = divmod(n, len(keep))
            if w >= len(worlds) and (self.worlds is None or len(worlds) < self.worlds):
                worlds.append(port.determinize(random.Random(self.rng.getrandbits(64))))
            game = worlds[w % len(worlds)].clone()
            a = keep[i]
            if a is not None:
                game.apply_unchecked(seat, a)
            totals[i] += self._greedy_rollout(game, seat)
            tries[i] += 1
            n += 1
        best: Action | None = None
        best_v = -math.inf
        for a, t, k in zip(keep, totals, tries, strict=True):
            if k and t / k > best_v:  # strict: the first (best one-ply) action wins ties
                best, best_v = a, t / k
        if best is None:
            self._wait(port)
        names = ["wait" if a is None else a.text() for a in keep]
        self.last_stats = {
            "iterations": n,
            "visits": dict(zip(names, tries, strict=True)),
            "values": {
                name: round(t / k, 4) for name, t, k in zip(names, totals, tries, strict=True) if k
            },
        }
        return best

    def _keep(self, game: Game, seat: int, legal: list[Action]) -> list[Action | None]:
        """The ``prune`` legal actions of ``seat`` best by one-ply value (after one tick, as
        the greedy bot scores them), best first, then waiting."""
        assert self.prune is not None
        values = [one_ply(game, seat, a, self.tick) for a in legal]
        order = sorted(range(len(legal)), key=lambda i: -values[i])  # stable: ties keep order
        out: list[Action | None] = [legal[i] for i in order[: self.prune]]
        out.append(None)
        return out

    def _greedy_rollout(self, game: Game, seat: int) -> float:
        """Every seat plays the greedy bot's policy, as the driver (``sim.step_bots``) runs
        bots: in each tick every seat in ``to_act`` may act (up to 4 rounds: the turn rule
        :class:`~spacetable.engine.schedule.Rounds`), then the clock advances by ``tick``;
        when nobody acted it jumps to the next scheduled change (at most ``pace`` seconds:
        :func:`~spacetable.engine.schedule.quiet_seconds`). It stops after ``depth`` seconds
        of game time (``None``: at the end) and returns the reward of ``seat``. Ties go to
        the first best action, so a rollout is a function of its determinization."""
        end = math.inf if self.depth is None else game.clock + self.depth
        schedule = Rounds(True, self.tick, 4)
        while not game.is_over and game.clock < end:
            while (s := schedule.select(game)) is not None or (
                not game.is_over and schedule.begin_round(game)
            ):
                if s is None:
                    continue  # a new round of the tick begins
                legal = game.legal_actions(s)
                best, _ = best_actions(game, s, legal, self.tick) if legal else ([], 0.0)
                a = next((b for b in best if b is not None), None)
                if a is None:
                    schedule.record_wait(s)
                else:
                    game.apply_unchecked(s, a)
                    schedule.record_action(s)
            if game.is_over:
                break
            # the tick is over: a tick passes, or the quiet time when nobody acted
            now = game.clock
            step = self.tick if schedule.actions else quiet_seconds(game, self.tick, self.pace)
            schedule.pass_time(game, min(step, end - now), checked=False)
        return score_after(game, seat)

    def _wait(self, port: SeatPort) -> None:
        """Decided to wait: no new search for ``pace`` seconds of game time, or until the next
        scheduled change (a timer running out)."""
        until = port.clock + self.pace
        nxt = port.next_event()
        if nxt is not None and port.clock < nxt < until:
            until = nxt
        self._quiet = (port.clock, until)

    # ------------------------------------------------------------------ one iteration
    def _iterate(
        self, game: Game, root_seat: int, root: Node, rng: random.Random, rt: bool
    ) -> None:
        path: list[tuple[int, Node]] = []
        node = root
        seat = root_seat
        expanded = False
        while not game.is_over and not expanded:
            if path:
                if rt:
                    break  # real time: flat search over the root choices
                seats = game.to_act
                if not seats:
                    break
                seat = seats[0]
            legal: list[Action | None] = list(game.legal_actions(seat))
            if rt and not path:
                legal.append(None)
            best_a, best, expanded = self._select(node, seat, legal, rng)
            if best_a is not None:
                game.apply_unchecked(seat, best_a)
                if rt and not game.is_over:
                    # as for waiting (and as greedy does), the action is followed by one tick
                    game.advance_unchecked(self.tick)
            elif not game.is_over:
                game.advance_unchecked(self.tick)
            path.append((seat, best))
            node = best
        rewards = self._rollout(game, rng, rt)
        root.visits += 1
        for s, nd in path:
            nd.visits += 1
            nd.total += rewards[s]

    def _select(
        self,
        node: Node,
        seat: int,
        legal: list[Action | None],
        rng: random.Random,
        lo: float = 0.0,
        scale: float = 1.0,
    ) -> tuple[Action | None, Node, bool]:
        """UCT at ``node`` among the ``legal`` choices of ``seat``: an untried one at random
        (a new child, ``True``), else the best ``(mean - lo) * scale`` plus exploration,
        where a child's availability counts the visits it was legal in."""
        children = node.children
        fresh: list[Action | None] = []
        best: Node | None = None
        best_a: Action | None = None
        best_u = -math.inf
        for a in legal:
            child = children.get((seat, a))
            if child is None:
                fresh.append(a)
                continue
            child.avail += 1
            if not fresh:
                u = (child.total / child.visits - lo) * scale + self.c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if u > best_u:
                    best_u, best, best_a = u, child, a
        if fresh:
            a = fresh[rng.randrange(len(fresh))]
            child = children[(seat, a)] = Node()
            return a, child, True
        assert best is not None
        return best_a, best, False

    def _plan(self, game: Game, seat: int, root: Node, rng: random.Random, end: float) -> None:
        """One iteration of the real-time planning search (``horizon`` set).

        The tree holds the seat's own decisions only: an action is applied at the current
        clock, and *waiting* jumps to the next scheduled change (``game.next_event()``, at
        least ``tick`` seconds later) or to the horizon. The other seats do nothing in the
        search (their timers still run). Every leaf is brought to the same clock, the
        horizon, and scored with ``evaluate(seat)``, so plans of any length are compared at
        the same time.
        """
        node = root
        path: list[Node] = []
        expanded = False
        lo, hi = self._range
        scale = 1.0 / (hi - lo) if hi > lo else 1.0
        while not expanded and not game.is_over and game.clock < end:
            legal: list[Action | None] = list(game.legal_actions(seat))
            legal.append(None)
            best_a, best, expanded = self._select(node, seat, legal, rng, lo, scale)
            if best_a is not None:
                game.apply_unchecked(seat, best_a)
            else:
                now = game.clock  # < end: wait for the next scheduled change, or the horizon
                nxt = game.next_event()
                target = end if nxt is None else min(end, max(nxt, now + self.tick))
                game.advance_unchecked(target - now)
            path.append(best)
            node = best
        if not game.is_over and game.clock < end:
            game.advance_unchecked(end - game.clock)
        reward = game.evaluate(seat)  # at the end too: the score difference, finer than ranks
        if reward < lo or reward > hi:
            self._range = (min(lo, reward), max(hi, reward))
        root.visits += 1
        for nd in path:
            nd.visits += 1
            nd.total += reward

    def _rollout(self, game: Game, rng: random.Random, rt: bool) -> tuple[float, ...]:
        steps = 0
        limit = self.depth
        if limit is None and type(game).max_decisions(game.players, game.options) >= NO_BOUND:
            limit = ROLLOUT_CAP  # the options set no end: random play may go on for ever
        greedy = self.rollout == "greedy"
        while not game.is_over:
            if limit is not None and steps >= limit:
                return tuple(game.evaluate(s) for s in range(game.players))
            steps += 1
            seats = game.to_act
            if rt and (not seats or rng.random() < 0.5):
                game.advance_unchecked(self.tick)
                continue
            if not seats:
                break
            seat = seats[0] if len(seats) == 1 else seats[rng.randrange(len(seats))]
            legal = game.legal_actions(seat)
            if greedy and len(legal) > 1:
                if len(legal) > self.greedy_width:
                    legal = rng.sample(legal, self.greedy_width)
                best, _ = best_actions(game, seat, legal)
                a = best[rng.randrange(len(best))]
                assert a is not None
            else:
                a = legal[rng.randrange(len(legal))]
            game.apply_unchecked(seat, a)
        if game.is_over:
            return game.outcome().rewards()
        return tuple(game.evaluate(s) for s in range(game.players))
