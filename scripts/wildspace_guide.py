"""Record the game of Wild Space's first game with a guide (``data/guide.toml``).

The guide's game is a solo game against the automatic Contrebandier (options
``smuggler=auto``, ``difficulty=easy``: real options of the game; the Contrebandier then plays
by itself, so every step is the learner's). A short game makes a better lesson, so the bot
that plays it is the greedy bot (one-ply lookahead on a determinization, scored by the game's
evaluation) that never renews the Reserve and counts each card a move makes it draw or play
as ``DELTA`` less (the decisions it adds to the lesson). It prints the steps as TOML, each
with a comment saying what the position was, for a person to write the learner's texts by
hand; ``--scan A B`` lists the seeds of A..B whose game the learner wins, shortest first.

    PYTHONPATH=src python scripts/wildspace_guide.py [SEED [STEP=ACTION ...]]
    PYTHONPATH=src python scripts/wildspace_guide.py --scan 0 40
"""

from __future__ import annotations

import random
import sys

from spacetable.bots.greedy import one_ply
from spacetable.engine import Action, new_game
from spacetable.games.wildspace import actions as A
from spacetable.games.wildspace.constants import B_DRAW
from spacetable.games.wildspace.rules import WildSpace

OPTIONS = {"smuggler": "auto", "difficulty": "easy"}
#: The guide's game: its seed, and the moves chosen for the lesson (step number: action).
SEED = 23
FORCED: dict[int, str] = {
    9: "land planet=0 sector=0 option=0",  # turn 4: draw 2 rather than land for nothing
    10: "draw_reserve slot=1",  # ... and take a card from the Reserve (Robot Piston)
    18: "land planet=6 sector=0 option=0",  # turn 6: Vesta, revealed, draw 2 then play
    28: "land planet=1 sector=0 option=0",  # turn 8: Haven's draw 2, not an empty play
}
#: What a card to draw or play costs the bot (in the evaluation's units, about 2 credits).
DELTA = 0.02


def cards_moved(g: WildSpace, a: Action) -> int:
    """How many cards ``a`` makes its seat draw or play next (each one a decision)."""
    parts = g.parts
    if isinstance(a, A.Land):
        n = 0
        for eid in parts.sector_opts[a.planet][a.sector][a.option]:
            _, _, benefit, arg = parts.effects[eid]
            n += arg if benefit == B_DRAW else 1
        return n
    if isinstance(a, A.Explore):
        return 3 if a.mode == "draw" else 1
    if isinstance(a, A.Use):
        return g.stack[-1][1]
    return 0


def play(seed: int, forced: dict[int, str] | None = None) -> tuple[WildSpace, list[Action]]:
    """The bot's game on ``seed``; ``forced`` maps a step number (from 0) to the action it
    plays instead (a move chosen for the lesson: the bot plays every other)."""
    g = new_game("wildspace", 1, seed, OPTIONS)
    assert isinstance(g, WildSpace)
    rng = random.Random(seed)
    done: list[Action] = []
    while not g.is_over:
        legal = [a for a in g.legal_actions(0) if not isinstance(a, A.Renew)]
        if forced and len(done) in forced:
            a = g.parse_action(forced[len(done)])
        elif len(legal) == 1:
            a = legal[0]
        else:
            d = g.determinize(0, random.Random(rng.getrandbits(64)))
            a = max(legal, key=lambda a: one_ply(d, 0, a) - DELTA * cards_moved(g, a))
        g.apply(0, a)
        done.append(a)
    return g, done


def scan(first: int, last: int) -> None:
    found = []
    for seed in range(first, last):
        g, done = play(seed)
        out = g.outcome()
        if out.details["won"]:
            found.append((len(done), seed, out.scores[0], out.others["Contrebandier"]))
    for n, seed, mine, theirs in sorted(found):
        print(f"seed {seed}: {n} steps, {mine:g} to {theirs:g}")


def show(seed: int, forced: dict[int, str] | None = None) -> None:
    end, done = play(seed, forced)
    out = end.outcome()
    print(f"# seed {seed}: {len(done)} steps, {out.scores} vs {out.others}")
    g = new_game("wildspace", 1, seed, OPTIONS)
    for a in done:
        v = g.view(0)
        ps = v["player_states"][0]
        names = [g.parts.card_name(c, "en") for c in ps["hand"]]
        print(f"# turn {ps['turns'] + 1}, crew {ps['tableau']}, hand {ps['hand']} {names}")
        print(f"# reserve {v['reserve']}, pending {[f['kind'] for f in v['pending']]}")
        print("[[step]]")
        print("seat = 0")
        print(f'action = "{a.text()}"')
        print(f"# {g.describe_action(a, 'en')}")
        print()
        g.apply(0, a)
        for e in g.log_for(0)[-8:]:
            if e["event"] in ("smuggle", "reveal", "veteran", "condition_unmet"):
                print(f"# event {e}")


def main() -> None:
    if sys.argv[1:2] == ["--scan"]:
        scan(int(sys.argv[2]), int(sys.argv[3]))
    else:
        # step=action pairs after the seed force moves: 9="land planet=0 sector=0 option=0"
        forced = {int(k): v for k, _, v in (x.partition("=") for x in sys.argv[2:])}
        show(int(sys.argv[1]) if len(sys.argv) > 1 else SEED, forced or FORCED)


if __name__ == "__main__":
    main()
