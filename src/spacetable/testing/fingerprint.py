"""A fingerprint of a game's behaviour: proves that a refactoring changed nothing.

It plays seeded random games at every conformance setting of a game and hashes, at every
step, the legal actions of every seat, the chosen action, the save (``to_json``) at sampled
steps, every seat's view and the outcome; then it plays one game of greedy bots per setting
(real scoring, the evaluation). Two code versions with the same fingerprint play the same
games, byte for byte::

    python -m spacetable.testing.fingerprint quazarys wildspace
"""

from __future__ import annotations

import hashlib
import random
import sys

from spacetable.bots import make_bot
from spacetable.engine import list_games, new_game
from spacetable.playout import bot_policy, playout, step

from .conformance import conformance_configs


def fingerprint(game_id: str, seeds: int = 3, every: int = 7) -> str:
    """The hex digest of ``seeds`` random games at every conformance setting of the game."""
    h = hashlib.sha256()
    for players, options in conformance_configs(game_id):
        for seed in range(seeds):
            g = new_game(game_id, players, seed, options)
            rng = random.Random(seed)
            while not g.is_over:
                for s in range(players):
                    h.update(repr([a.text() for a in g.legal_actions(s)]).encode())
                if g.step % every == 0:
                    h.update(g.to_json().encode())
                    for s in [None, *range(players)]:
                        h.update(repr(sorted(g.view(s).items())).encode())
                st = step(g, rng, checked=False)
                h.update(f"{st.seat} {st.action} {st.seconds}".encode())
            h.update(g.to_json().encode())
            h.update(repr(g.outcome().to_json()).encode())
    # Greedy players reach real scoring and exercise the evaluation.
    for players, options in conformance_configs(game_id):
        g = new_game(game_id, players, 1, options)
        bots = [make_bot("greedy", seed=s) for s in range(players)]
        for st in playout(g, random.Random(1), bot_policy(bots)):
            h.update(f"{st.seat} {st.action} {st.seconds}".encode())
        h.update(g.to_json().encode())
        h.update(repr(g.outcome().to_json()).encode())
    return h.hexdigest()


def main(argv: list[str]) -> None:
    unknown = [g for g in argv if g not in list_games()]
    if unknown or "-h" in argv or "--help" in argv:
        known = ", ".join(list_games())
        sys.exit(f"usage: python -m spacetable.testing.fingerprint [GAME ...] (games: {known})")
    for game_id in argv or list_games():
        print(game_id, fingerprint(game_id), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
