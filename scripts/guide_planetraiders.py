"""Record the short Planet Raiders game of the first game with a guide (``data/guide.toml``).

The learner's moves are the list below (chosen by hand to teach the rules one at a time);
the opponent is the greedy bot of the guide, which answers them. Each step is printed as a
``[[step]]`` block with its state-reading label, and the board before each learner's turn,
so that the learner's texts can be written by hand. Moves past the end of the list are the
greedy bot's, for both seats.

    PYTHONPATH=src python scripts/guide_planetraiders.py [--board]
"""

from __future__ import annotations

import argparse

from spacetable.bots import make_bot
from spacetable.bots.base import SeatPort
from spacetable.engine import new_game
from spacetable.engine.presentation import presentation

PLAYERS = 2
SEED = 0
OPTIONS = {"round_limit": 3}
LEARNER = 0
BOT_SEED = 0

#: The learner's moves, in order (action text forms).
LEARNER_MOVES = [
    # turn 1: two raiders forward, a red rocket to an alien, blue rockets ahead
    "select raider=1",
    "hop zone=c1 nose=n",
    "select raider=3",
    "hop zone=g1 nose=n",
    "end_moves",
    "place zone=e3 colour=red nose=s",
    "place zone=c2 colour=blue nose=n",
    "place zone=g2 colour=blue nose=n",
    "end_turn",
    # turn 2: the alien, then every raider forward; an exchange; a path of three rockets
    "select raider=2",
    "hop zone=e3 nose=s",
    "select raider=1",
    "hop zone=c2 nose=n",
    "select raider=3",
    "hop zone=g2 nose=n",
    "exchange",
    "place zone=c3 colour=blue nose=n",
    "place zone=c4 colour=red nose=n",
    "place zone=c5 colour=red nose=w",
    # turn 3: a chain of rockets to the green alien
    "select raider=1",
    "hop zone=c3 nose=n",
    "hop zone=c4 nose=n",
    "hop zone=c5 nose=w",
    "place zone=e3 colour=red nose=n",
    "end_turn",
]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--board", action="store_true", help="print the board at each learner turn")
    args = ap.parse_args()
    g = new_game("planetraiders", PLAYERS, SEED, OPTIONS)
    bot = make_bot("greedy", BOT_SEED)
    moves = list(LEARNER_MOVES)
    pres = presentation(g)
    last = None
    while not g.is_over:
        (seat,) = g.to_act
        if seat == LEARNER and moves:
            a = g.parse_action(moves.pop(0))
            if a not in g.legal_actions(seat):
                raise SystemExit(f"step {g.step}: {a.text()} is not legal: {g.why_not(seat, a)}")
        else:
            a = bot.choose(SeatPort(g, seat))
            assert a is not None
        if args.board and seat == LEARNER and last != seat:
            print(pres.board(g.view(seat), "en", plain=True))
        last = seat
        print(f"[[step]]  # {g.describe_action(a, 'en')}  {g.action_components(a)}")
        print(f"seat = {seat}")
        print(f'action = "{a.text()}"')
        print()
        g.apply(seat, a)
    print("#", pres.outcome(g.outcome().to_json(), "en", plain=True))


if __name__ == "__main__":
    main()
