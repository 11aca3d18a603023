"""The conformance suite must fail on games that break the contract."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from spacetable.engine import NO_BOUND, Action, register
from spacetable.engine.registry import unregister
from spacetable.testing import ConformanceError, check_game
from spacetable.testing.toy import HighCards


class SharedClone(HighCards):
    """clone() forgets to copy the hands."""

    def clone(self) -> SharedClone:
        g = self._clone_base()
        g.deck = self.deck[:]
        g.scores = self.scores[:]
        return g


class GlobalRandom(HighCards):
    """setup() uses the module-level random generator."""

    def setup(self) -> None:
        super().setup()
        random.shuffle(self.deck)


class LeakyView(HighCards):
    """view() shows every hand to every seat."""

    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        v["all_hands"] = [list(h) for h in self.hands]
        return v


class NoDeterminize(HighCards):
    """determinize never resamples anything although the game hides cards."""

    def resample_hidden(self, seat: int, rng: random.Random) -> None:
        return None


class NotCanonical(HighCards):
    """determinize shuffles the unseen cards in their real order: the result leaks it."""

    def resample_hidden(self, seat: int, rng: random.Random) -> None:
        pool = list(self.deck)
        for i, h in enumerate(self.hands):
            if i != seat:
                pool.extend(h)
        rng.shuffle(pool)
        for i, h in enumerate(self.hands):
            if i != seat:
                self.hands[i] = sorted(pool[: len(h)])
                del pool[: len(h)]
        self.deck = pool


class SecretSchedule(HighCards):
    """next_event() depends on the cards in the hands, which a seat cannot all see."""

    def next_event(self) -> float | None:
        return float(sum(sum(h) for h in self.hands))


class DuplicateLegal(HighCards):
    """legal_actions lists an action twice."""

    def _legal_actions(self, seat: int) -> list[Any]:
        legal = super()._legal_actions(seat)
        return legal + legal[:1]


class TooLong(HighCards):
    """declares a maximum length shorter than its games."""

    @classmethod
    def max_decisions(cls, players: int, options: Any) -> int:
        return 3


class PeeksForTheNextSeat(HighCards):
    """a play draws nothing but shows the next seat the top card of the deck (a private
    look), and the rules do not call revealed(): the player may take the play back after the
    next seat saw the card."""

    def _apply(self, seat: int, action: Any) -> None:
        self.hands[seat].remove(action.card)
        self.scores[seat] += action.card
        self.emit({"event": "play", "seat": seat, "card": action.card})
        nxt = (seat + 1) % self.players
        if self.deck:
            self.emit({"event": "peek", "seat": nxt}, {nxt: {"top": self.deck[-1]}})
        if self.hands[nxt]:
            self.current = nxt
        elif any(self.hands):
            self.current = next(q for q in range(self.players) if self.hands[q])


class Endless(HighCards):
    """a played card goes back under the deck, so hands never empty: the game never ends,
    and says it has no bound (``max_decisions`` is ``NO_BOUND``)."""

    def _apply(self, seat: int, action: Action) -> None:
        super()._apply(seat, action)
        self.deck.insert(0, action.card)  # type: ignore[attr-defined]

    @classmethod
    def max_decisions(cls, players: int, options: Any) -> int:
        return NO_BOUND


@pytest.fixture
def registered(request: pytest.FixtureRequest) -> Iterator[str]:
    cls = request.param
    name = f"toy_{cls.__name__.lower()}"
    info = cls.info.__class__(**{**cls.info.__dict__, "id": name})
    sub = type(cls.__name__, (cls,), {"info": info})
    register(sub)
    yield name
    unregister(name)


@pytest.mark.parametrize(
    ("registered", "fragment"),
    [
        (SharedClone, "clone"),
        (GlobalRandom, "same seed"),
        (LeakyView, "determinize"),
        (NoDeterminize, "never changed"),
        (NotCanonical, "depends on the real hidden state"),
        (SecretSchedule, "next_event"),
        (DuplicateLegal, "duplicate"),
        (TooLong, "maximum"),
        (PeeksForTheNextSeat, "showed seat . something hidden"),
    ],
    indirect=["registered"],
)
def test_suite_catches(registered: str, fragment: str) -> None:
    with pytest.raises(ConformanceError, match=fragment):
        for seed in range(4):
            check_game(registered, 3, {}, seed, sample_rate=0.5)


@pytest.mark.parametrize("registered", [Endless], indirect=True)
def test_a_game_without_a_bound_that_never_ends_fails_instead_of_running_for_ever(
    registered: str,
) -> None:
    """A setting whose options leave the game without a bound must still end under random
    play within ``UNBOUNDED_DECISIONS`` decisions: the check fails, naming the fix."""
    errors: list[BaseException] = []

    def check() -> None:
        try:
            check_game(registered, 2, {}, 0)
        except ConformanceError as e:
            errors.append(e)

    worker = threading.Thread(target=check, daemon=True)
    worker.start()
    worker.join(timeout=300)  # a bounded wait: the old check looped for ever
    assert not worker.is_alive() and len(errors) == 1
    assert "did not end within 100000 random decisions" in str(errors[0])
    assert "declares no bound" in str(errors[0]) and "simulation_options" in str(errors[0])


def test_suite_passes_the_toy_game() -> None:
    for players in (1, 2, 3, 4):
        for seed in range(3):
            rep = check_game("toy", players, {"hand": 3}, seed, sample_rate=0.5)
            assert rep.determinize_changed or players == 1
