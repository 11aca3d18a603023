"""Record the steps of Spacedealer's first game with a guide (``data/guide.toml``).

A real game of 3 players (the fewest), basic rules, a 2-minute game with 10-second sand
timers (the options ``length`` and ``timer``). Seats 1 and 2 are played by the greedy bot
(up to two actions every ``TICK`` seconds of game time); the learner's seat 0 follows a short
teaching plan: build a second mine, produce two goods, fly them to a neighbour's planet and
fulfil its demand, then again until the end. Game time passes in ``wait`` steps. It prints
the steps as TOML, the learner's texts left to write by hand::

    PYTHONPATH=src python scripts/spacedealer_guide.py [seed]
"""

from __future__ import annotations

import sys
from typing import Any

from spacetable.bots import SeatPort, make_bot
from spacetable.engine import Action, new_game
from spacetable.games.spacedealer import actions as A
from spacetable.games.spacedealer.constants import READY, T_BUILD, fits

OPTIONS: dict[str, Any] = {"length": 120, "timer": 10}
PLAYERS = 3
TICK = 5.0


def _demand_colours(g: Any, cid: int) -> set[int]:
    need = g._demands[cid][0][1]
    return {k for k in range(4) if need[k]}


def plan_start(g: Any) -> tuple[int, int, int] | None:
    """The learner's two mines (first, second) and the neighbour whose starting mine asks
    for exactly their two colours, if the opponents' choices allow it."""
    mines = [c for c in g.personal[0] if g._card[c].kind == "mine"]
    for q in (1, 2):
        want = _demand_colours(g, g.choice[q])
        for a in mines:
            for b in mines:
                if a != b and {g._card[a].colour, g._card[b].colour} == want:
                    return a, b, q
    return None


def learner(g: Any, a_mine: int, b_mine: int, target: int) -> Action | None:
    """The learner's next move (``None``: wait)."""
    legal: list[Action] = g.legal_actions(0)
    if not legal:
        return None
    if g.phase == 0:
        start: Action = next(x for x in legal if isinstance(x, A.Start) and x.card == a_mine)
        return start
    if g.pending[0]:
        return legal[0]
    if A.DONE in legal:
        return A.DONE
    base = 0
    for t in range(base, base + g.tmax):
        if g.t_end[t] == READY:
            c = g.t_arg[t]
            if g.t_kind[t] == T_BUILD:
                return next(x for x in legal if isinstance(x, A.Place) and x.card == c)
            return A.get(A.Apply, c)
    if b_mine in g.personal[0] and A.get(A.Plan, b_mine) in legal:
        return A.get(A.Plan, b_mine)
    if A.get(A.Construct, b_mine) in legal:
        return A.get(A.Construct, b_mine)
    f = g.ship_field[0]
    home, goal = 0, 2 * target
    need = g._demands[g.choice[target]][0][1]
    loaded = fits(need, g.goods, 0)
    delivered = g.fulfilled[2 * g.choice[target]] >= 0
    for x in legal:
        if isinstance(x, A.Deliver):
            return x
    flying = g.ship_timer[0] >= 0
    if delivered:
        for x in legal:
            if isinstance(x, A.Dump) and x.ship == 0:
                return x  # what is left after the delivery goes back to the supply
        if not flying and f != home and A.get(A.Fly, 0, home) in legal:
            return A.get(A.Fly, 0, home)  # an empty ship flies anywhere
        if g.tech[0] < 2 and A.RESEARCH in legal:
            return A.RESEARCH
        return None
    if flying:
        return None
    nf = 2 * g.players
    if loaded and f != goal:
        step = 1 if (goal - f) % nf <= nf // 2 else -1
        fly = A.get(A.Fly, 0, (f + step) % nf)
        return fly if fly in legal else None
    if f == home and not loaded:
        for c in (a_mine, b_mine):
            if A.get(A.Use, c) in legal:
                return A.get(A.Use, c)
    return None


def record(seed: int) -> list[dict[str, Any]] | None:
    g: Any = new_game("spacedealer", PLAYERS, seed, OPTIONS)
    bots = {q: make_bot("greedy", seed * 10 + q) for q in (1, 2)}
    steps: list[dict[str, Any]] = []
    for q in (1, 2):
        a = bots[q].choose(SeatPort(g, q))
        assert a is not None
        steps.append({"seat": q, "action": a.text()})
        g.apply(q, a)
    plan = plan_start(g)
    if plan is None:
        return None
    a_mine, b_mine, target = plan
    while not g.is_over:
        while not g.is_over:  # the learner's moves of this moment
            a = learner(g, a_mine, b_mine, target)
            if a is None:
                break
            steps.append({"seat": 0, "action": a.text()})
            g.apply(0, a)
        for q in (1, 2):  # one move of each opponent (a decision it must make first too)
            while not g.is_over and q in g.to_act:
                b = bots[q].choose(SeatPort(g, q))
                if b is None:
                    break
                steps.append({"seat": q, "action": b.text()})
                g.apply(q, b)
                if not g.pending[q]:
                    break
        if g.is_over:
            break
        nxt = g.next_event()
        wait = TICK if nxt is None else max(0.5, min(TICK, nxt - g.clock))
        steps.append({"wait": wait})
        g.advance(wait)
    steps.append({"end": g.outcome().to_json() if hasattr(g, "outcome") else None})
    return steps


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    steps = record(seed)
    if steps is None:
        print(f"seed {seed}: no plan")
        return
    learner_steps = sum(1 for s in steps if s.get("seat") == 0)
    print(f"# seed {seed}: {len(steps) - 1} steps, {learner_steps} learner steps")
    for s in steps:
        if "wait" in s:
            print(f"\n[[step]]\nwait = {s['wait']}")
        elif "seat" in s:
            print(f'\n[[step]]\nseat = {s["seat"]}\naction = "{s["action"]}"')
        else:
            print(f"# end: {s['end']}")


if __name__ == "__main__":
    main()
