"""A bot never sees what its seat may not: same view and seed, different hidden state, same
choice.

The real game ``G`` and ``D = G.determinize(seat)`` (another hidden state consistent with the
seat's view) are given to two bots of the same kind and seed through fresh ports: their
choices, and their whole search statistics, must be identical. This holds exactly when the
game resamples hidden information canonically (from the view and the generator alone), as
``bt_canon`` does; the evaluation of ``bt_canon`` reads hidden cards, so a bot that peeked at
the real state would choose differently, and :class:`PeekBot` shows the check catches that.
"""

from __future__ import annotations

import random

import pytest

from spacetable.bots import Bot, MCTSBot, SeatPort, make_bot
from spacetable.engine import Action, Game, new_game
from spacetable.playout import playout

KINDS = ["greedy", "mcts:40", "mcts:25:greedy", "easy", "medium"]


class PeekBot(Bot):
    """A cheater: plays its lowest card when the next card of the deck is high."""

    name = "peek"

    def choose(self, port: SeatPort) -> Action | None:
        legal = port.legal_actions()
        game = port._game  # the real state: exactly what a bot must never read
        deck: list[int] = getattr(game, "deck", [])
        return legal[0] if deck and deck[-1] >= 4 else legal[-1]


def positions(game_id: str, players: int, seed: int, every: int = 2) -> list[Game]:
    """States along a seeded random playout (every ``every`` decisions)."""
    g = new_game(game_id, players, seed)
    out = [g.clone()]
    for _ in playout(g, random.Random(seed), checked=False):
        if not g.is_over and g.step % every == 0:
            out.append(g.clone())
    return out


def other_world(g: Game, seat: int, k: int) -> Game:
    """The same position seen from ``seat``, with a different hidden state."""
    d = g.determinize(seat, random.Random(k))
    assert d.view(seat) == g.view(seat)
    assert d.legal_actions(seat) == g.legal_actions(seat)
    return d


def choice(kind: str | Bot, g: Game, seat: int) -> tuple[Action | None, object]:
    bot = make_bot(kind, 1234) if isinstance(kind, str) else kind
    a = bot.choose(SeatPort(g, seat))
    return a, getattr(bot, "last_stats", None)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("players", [2, 3])
def test_choice_does_not_depend_on_hidden_state(kind: str, players: int) -> None:
    changed = 0
    for g in positions("bt_canon", players, seed=players * 11, every=1)[:-1]:
        seat = g.to_act[0]
        if len(g.legal_actions(seat)) < 2:
            continue
        for k in range(2):
            d = other_world(g, seat, k)
            changed += d.state_dict() != g.state_dict()
            assert choice(kind, g, seat) == choice(kind, d, seat), (kind, g.step)
    assert changed > 0  # the hidden state really was different


def test_the_check_catches_a_bot_that_peeks() -> None:
    differs = 0
    for g in positions("bt_canon", 2, seed=5, every=1):
        if g.is_over:
            continue
        seat = g.to_act[0]
        if len(g.legal_actions(seat)) < 2:
            continue
        d = other_world(g, seat, 3)
        differs += choice(PeekBot(0), g, seat)[0] != choice(PeekBot(0), d, seat)[0]
    assert differs > 0


def test_mcts_sees_only_determinizations() -> None:
    """The states MCTS searches are determinizations: never the real hidden state object."""
    g = new_game("bt_canon", 2, 9)
    seat = g.to_act[0]
    seen: list[tuple[bool, dict[str, object], dict[str, object]]] = []

    class Spy(SeatPort):
        def determinize(self, rng: random.Random) -> Game:
            d = super().determinize(rng)
            seen.append((d is g, d.view(seat), d.state_dict()))
            return d

    MCTSBot(0, iterations=20).choose(Spy(g, seat))
    assert len(seen) == 20
    assert not any(same for same, _, _ in seen)
    assert all(view == g.view(seat) for _, view, _ in seen)
    assert any(state != g.state_dict() for _, _, state in seen)
