"""Record a real bot game of Quazarys for the first game with a guide (``data/guide.toml``).

    PYTHONPATH=src python scripts/quazarys_guide_record.py scan 0 200   # seeds worth a lesson
    PYTHONPATH=src python scripts/quazarys_guide_record.py steps 17      # one seed's steps

Both seats are played by the guide's bot (``greedy``, seeded as the guide's driver seeds it);
``steps`` prints every decision as a ``[[step]]`` skeleton, with what the learner saw (hand,
pawns, the pending decision), for the texts to be written by hand.
"""

from __future__ import annotations

import sys
from typing import Any

from spacetable.bots import SeatPort, make_bot
from spacetable.engine import Game, new_game

PLAYERS = 2
LEARNER = 0
BOT = "greedy"


def record(seed: int, options: dict[str, Any] | None = None) -> tuple[Game, list[tuple[int, Any]]]:
    g = new_game("quazarys", PLAYERS, seed, options or {})
    bots = {s: make_bot(BOT, seed * 10 + s, "quazarys") for s in range(PLAYERS)}
    moves: list[tuple[int, Any]] = []
    while not g.is_over and len(moves) < 400:
        seat = g.to_act[0]
        a = bots[seat].choose(SeatPort(g, seat))
        assert a is not None
        moves.append((seat, a))
        g.apply(seat, a)
    return g, moves


def scan(lo: int, hi: int) -> None:
    for seed in range(lo, hi):
        g, moves = record(seed)
        if not g.is_over:
            continue
        out = g.outcome()
        mine = sum(1 for s, _ in moves if s == LEARNER)
        kinds = sorted({a.type for s, a in moves if s == LEARNER})
        won = out.scores[LEARNER] == 1.0
        first = new_game("quazarys", PLAYERS, seed).first
        if won and first == LEARNER and 8 <= mine <= 30:
            print(seed, "learner steps", mine, "of", len(moves), kinds)


def steps(seed: int) -> None:
    g = new_game("quazarys", PLAYERS, seed)
    _, moves = record(seed)
    for seat, a in moves:
        v = g.view(LEARNER)
        hand = ", ".join(g.parts.name_en[c] + f"[{c}]" for c in v["hand"])
        pawns = " ".join(f"{p['seat']}@{p['r']},{p['c']},{p['p']}" for p in v["pawns"])
        print(f"# pending={v['pending']} pawns={pawns} hand={hand}")
        print("[[step]]")
        print(f"seat = {seat}")
        print(f'action = "{a.text()}"  # {g.describe_action(a, "en")}')
        print()
        g.apply(seat, a)
    print("# over:", g.is_over, g.outcome().scores if g.is_over else None)


if __name__ == "__main__":
    if sys.argv[1] == "scan":
        scan(int(sys.argv[2]), int(sys.argv[3]))
    else:
        steps(int(sys.argv[2]))
