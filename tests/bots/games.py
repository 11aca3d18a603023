"""Small test-only games for the bot tests: one where play matters, one in real time, and a
High Cards variant whose hidden state is resampled canonically (from the view and the
generator only), so that a bot that sees only its view must make identical choices."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from spacetable.engine import Action, Game, GameInfo, Outcome, action, ranks_from_keys
from spacetable.testing.toy import HighCards

# ---------------------------------------------------------------------------- Coins


@action("take")
class Take(Action):
    end: str


TAKES = {"left": Take("left"), "right": Take("right")}


class Coins(Game):
    """A row of coins (values 1-9); in turn each player takes the coin at either end.

    Perfect information after a random setup; the greater total wins. Greedy play beats
    random play; deeper search beats greedy play.
    """

    info = GameInfo(
        id="bt_coins",
        name_en="Coins (bot test game)",
        name_fr="Pièces (jeu de test des bots)",
        min_players=1,
        max_players=4,
        hidden_information=False,
    )
    action_types = (Take,)
    LENGTH = 12

    def setup(self) -> None:
        self.row = [self.rng.randint(1, 9) for _ in range(self.LENGTH)]
        self.scores = [0] * self.players
        self.current = 0

    @property
    def to_act(self) -> list[int]:
        return [] if self.is_over else [self.current]

    def _legal_actions(self, seat: int) -> list[Action]:
        if seat != self.current or self.is_over:
            return []
        return [TAKES["left"], TAKES["right"]] if len(self.row) > 1 else [TAKES["left"]]

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Take)
        v = self.row.pop(0 if action.end == "left" else -1)
        self.scores[seat] += v
        self.current = (self.current + 1) % self.players

    @property
    def is_over(self) -> bool:
        return not self.row

    def _outcome(self) -> Outcome:
        return Outcome(
            tuple(float(s) for s in self.scores),
            ranks_from_keys([(s,) for s in self.scores]),
            "row empty",
        )

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"row": list(self.row), "scores": list(self.scores), "current": self.current}

    def state_dict(self) -> dict[str, Any]:
        return {"row": list(self.row), "scores": list(self.scores), "current": self.current}

    def load_state(self, data: dict[str, Any]) -> None:
        self.row = list(data["row"])
        self.scores = list(data["scores"])
        self.current = data["current"]

    def clone(self) -> Coins:
        g = self._clone_base()
        g.row = self.row[:]
        g.scores = self.scores[:]
        return g

    @classmethod
    def enumerate_actions(cls, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        return list(TAKES.values())

    @classmethod
    def max_decisions(cls, players: int, options: Mapping[str, Any]) -> int:
        return cls.LENGTH

    def evaluate(self, seat: int) -> float:
        if self.players == 1:
            return self.scores[0] / (9 * self.LENGTH)
        best_other = max(s for i, s in enumerate(self.scores) if i != seat)
        return 0.5 + (self.scores[seat] - best_other) / (2 * 9 * self.LENGTH)

    def asymmetries(self) -> list[dict[str, str]]:
        return [{"start": "first" if s == 0 else "later"} for s in range(self.players)]


# ---------------------------------------------------------------------------- Mines (real time)


@action("build")
class Build(Action):
    pass


BUILD = Build()


class Mines(Game):
    """Real time: coins flow in at one per mine per second; a mine costs 3 coins. After 20
    seconds the richest player wins. A seat may act whenever it can afford a mine."""

    info = GameInfo(
        id="bt_mines",
        name_en="Mines (real-time bot test game)",
        name_fr="Mines (jeu de test temps réel)",
        min_players=1,
        max_players=3,
        realtime=True,
        hidden_information=False,
        chance=False,
    )
    action_types = (Build,)
    DURATION = 20.0

    def setup(self) -> None:
        self.coins = [3.0] * self.players
        self.mines = [1] * self.players

    @property
    def to_act(self) -> list[int]:
        if self.is_over:
            return []
        return [s for s in range(self.players) if self.coins[s] >= 3]

    def _legal_actions(self, seat: int) -> list[Action]:
        return [BUILD] if not self.is_over and self.coins[seat] >= 3 else []

    def _apply(self, seat: int, action: Action) -> None:
        self.coins[seat] -= 3
        self.mines[seat] += 1

    def _advance(self, seconds: float) -> None:
        dt = min(seconds, self.DURATION - self.clock)
        for s in range(self.players):
            self.coins[s] += self.mines[s] * dt
        self.clock += dt

    @property
    def is_over(self) -> bool:
        return self.clock >= self.DURATION

    def _outcome(self) -> Outcome:
        return Outcome(tuple(self.coins), ranks_from_keys([(c,) for c in self.coins]), "time")

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"coins": list(self.coins), "mines": list(self.mines)}

    def state_dict(self) -> dict[str, Any]:
        return {"coins": list(self.coins), "mines": list(self.mines)}

    def load_state(self, data: dict[str, Any]) -> None:
        self.coins = list(data["coins"])
        self.mines = list(data["mines"])

    def clone(self) -> Mines:
        g = self._clone_base()
        g.coins = self.coins[:]
        g.mines = self.mines[:]
        return g

    @classmethod
    def enumerate_actions(cls, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        return [BUILD]

    @classmethod
    def max_decisions(cls, players: int, options: Mapping[str, Any]) -> int:
        return 10_000

    def evaluate(self, seat: int) -> float:
        left = self.DURATION - self.clock
        worth = [c + m * left for c, m in zip(self.coins, self.mines, strict=True)]
        return worth[seat] / (sum(worth) or 1.0)


# ---------------------------------------------------------------------------- canonical High Cards


class CanonCards(HighCards):
    """High Cards whose hidden cards are resampled from a sorted pool (a function of the
    seat's view and the generator only), and whose evaluation reads the hands, so that a
    bot's choice could leak hidden information if the bot peeked."""

    info = GameInfo(
        id="bt_canon",
        name_en="High Cards, canonical sampling (bot test game)",
        name_fr="Cartes hautes, tirage canonique (jeu de test)",
        min_players=1,
        max_players=4,
        options=HighCards.info.options,
    )

    def resample_hidden(self, seat: int, rng: random.Random) -> None:
        pool = sorted(self.deck + [c for i, h in enumerate(self.hands) if i != seat for c in h])
        rng.shuffle(pool)
        for i, h in enumerate(self.hands):
            if i != seat:
                n = len(h)
                self.hands[i] = sorted(pool[:n])
                del pool[:n]
        self.deck = pool

    def evaluate(self, seat: int) -> float:
        mine = self.scores[seat] + sum(self.hands[seat])
        total = sum(self.scores) + sum(sum(h) for h in self.hands)
        # Next card drawn counts too: a bot peeking at the deck would play differently.
        nxt = self.deck[-1] if self.deck else 0
        return (mine + 0.01 * nxt * (seat == self.current)) / (total + 1)


TEST_GAMES: tuple[type[Game], ...] = (Coins, Mines, CanonCards)
