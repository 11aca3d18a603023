"""A tiny real-time game used only by the tests of the engine's real-time paths.

*Egg Timers*: every player owns two sand timers and the game lasts ``length`` seconds of
game time. At any moment a player may turn an idle timer; when it runs out
(``timer`` seconds later) the player scores a point. Everyone plays at once. Highest score
wins. Nothing is hidden.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from spacetable.engine import Action, Game, GameInfo, OptionSpec, Outcome, action, ranks_from_keys


@action("turn")
class Turn(Action):
    timer: int

    def describe(self, lang: str = "en") -> str:
        return f"retourner le sablier {self.timer}" if lang == "fr" else f"turn timer {self.timer}"


TURNS = (Turn(0), Turn(1))


class EggTimers(Game):
    info = GameInfo(
        id="toy_rt",
        name_en="Egg Timers (test game)",
        name_fr="Sabliers (jeu de test)",
        min_players=1,
        max_players=3,
        options={
            "length": OptionSpec(
                default=300.0,
                kind=float,
                minimum=10,
                maximum=3600,
                label_en="Game length",
                label_fr="Durée de la partie",
                help_en="How many seconds the game lasts.",
                help_fr="Combien de secondes dure la partie.",
            ),
            "timer": OptionSpec(
                default=60.0,
                kind=float,
                minimum=1,
                maximum=600,
                label_en="Sand timer",
                label_fr="Sablier",
                help_en="How many seconds a sand timer runs.",
                help_fr="Combien de secondes s'écoule un sablier.",
            ),
        },
        realtime=True,
        hidden_information=False,
        chance=False,
    )
    action_types = (Turn,)

    def setup(self) -> None:
        # ends[p][t]: when timer t of player p runs out, or None when idle.
        self.ends: list[list[float | None]] = [[None, None] for _ in range(self.players)]
        self.scores = [0] * self.players

    @property
    def to_act(self) -> list[int]:
        if self.is_over:
            return []
        return [p for p in range(self.players) if None in self.ends[p]]

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.is_over:
            return []
        return [TURNS[t] for t in (0, 1) if self.ends[seat][t] is None]

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Turn)
        self.ends[seat][action.timer] = self.clock + self.options["timer"]
        self.emit({"event": "turn", "seat": seat, "timer": action.timer, "clock": self.clock})

    def _advance(self, seconds: float) -> None:
        target = min(self.clock + seconds, self.options["length"])
        while True:
            due = [
                (end, p, t)
                for p in range(self.players)
                for t, end in enumerate(self.ends[p])
                if end is not None and end <= target
            ]
            if not due:
                break
            end, p, t = min(due)
            self.clock = end
            self.ends[p][t] = None
            self.scores[p] += 1
            self.emit({"event": "done", "seat": p, "timer": t, "clock": end})
        self.clock = target

    @property
    def is_over(self) -> bool:
        return bool(self.clock >= self.options["length"])

    def _outcome(self) -> Outcome:
        return Outcome(
            tuple(float(s) for s in self.scores),
            ranks_from_keys([(s,) for s in self.scores]),
            "time is up",
        )

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"ends": [list(e) for e in self.ends], "scores": list(self.scores)}

    def state_dict(self) -> dict[str, Any]:
        return {"ends": [list(e) for e in self.ends], "scores": list(self.scores)}

    def load_state(self, data: dict[str, Any]) -> None:
        self.ends = [list(e) for e in data["ends"]]
        self.scores = list(data["scores"])

    def clone(self) -> EggTimers:
        g = self._clone_base()
        g.ends = [e[:] for e in self.ends]
        g.scores = self.scores[:]
        return g

    @classmethod
    def enumerate_actions(cls, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        return TURNS

    @classmethod
    def max_decisions(cls, players: int, options: Mapping[str, Any]) -> int:
        # A timer can be turned at most once per run, plus once at the start.
        runs = int(options["length"] // options["timer"]) + 1
        return players * 2 * runs

    def evaluate(self, seat: int) -> float:
        total = sum(self.scores) or 1
        return self.scores[seat] / total


GAME = EggTimers
