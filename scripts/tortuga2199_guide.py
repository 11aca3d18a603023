"""Record a short Tortuga 2199 game for the first game with a guide (``data/guide.toml``).

Plays the greedy bot for every seat of a 2-player game with a round limit (the game's
``round_limit`` option) on a seed, and prints each step as a ``[[step]]`` skeleton with the
action's label and the components the acting seat's view mentions, so that the learner's
texts can be written by hand. Learner moves can be forced (``--learner-moves``, action texts
separated by ``;``; the bot plays once they run out).

    PYTHONPATH=src python scripts/tortuga2199_guide.py --seed 2 --rounds 2 \
        --learner-moves "ship card=5; play card=1; play card=1; play card=1; play card=5; \
        move sector=4; probe; marker; capture; end; play card=0; play card=0; play card=0; \
        play card=0; play card=0; buy card=9; buy card=7; end"
"""

from __future__ import annotations

import argparse

from spacetable.bots import make_bot
from spacetable.bots.base import SeatPort
from spacetable.engine import new_game


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--bot-seed", type=int, default=0)
    ap.add_argument("--learner-moves", default="")
    args = ap.parse_args()
    g = new_game("tortuga2199", 2, args.seed, {"round_limit": args.rounds})
    learner = g.to_act[0]  # the learner is the first player
    forced = [m.strip() for m in args.learner_moves.split(";") if m.strip()]
    bots = {s: make_bot("greedy", args.bot_seed + s) for s in range(2)}
    print(f"players = 2\nseed = {args.seed}\nlearner = {learner}")
    print(f"options = {{ round_limit = {args.rounds} }}\n")
    n = 0
    while not g.is_over:
        s = g.to_act[0]
        if s == learner and forced:
            a = g.parse_action(forced.pop(0))
        else:
            a = bots[s].choose(SeatPort(g, s))
            assert a is not None
        comps = g.action_components(a)
        seen = {c.id for c in g.component_texts(s)}
        ok = "" if not comps or comps[0] in seen else "  # POINT NOT IN VIEW"
        who = "learner" if s == learner else "opponent"
        n += s == learner
        print(f"# {who}: {g.describe_action(a, 'en')} | crypto {g.crypto} mano {g.mano}{ok}")
        print(f'[[step]]\nseat = {s}\naction = "{a.text()}"\n')
        g.apply(s, a)
    print(f"# learner steps: {n}; total: {g.step}; outcome: {g.outcome().to_json()}")


if __name__ == "__main__":
    main()
