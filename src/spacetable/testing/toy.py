"""A tiny game used only by the tests of the engine and the conformance suite.

*High Cards*: a deck of twelve cards (values 1 to 6, twice each) is shuffled; each player
gets two hidden cards. On your turn, play a card from your hand: you score its value, then
draw the top card of the deck if there is one. The game ends when every hand is empty; the
highest score wins, ties share the rank. Hands and the deck are hidden.

The rules a player can break are ``data/rules.csv`` (a reason names one, see
:mod:`spacetable.engine.why`), the sentences of the reasons the ``why_*`` texts of
``text.toml``, and ``data/guide.toml`` is a guided first game (:mod:`spacetable.engine.guide`):
the clients' tests read them.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import Field as Column

from spacetable.engine import (
    INT,
    Action,
    Component,
    DataSpec,
    Field,
    Game,
    GameInfo,
    OptionSpec,
    Outcome,
    Row,
    StateSpec,
    Table,
    Tables,
    Termination,
    action,
    component,
    list_of,
    ranks_from_keys,
)
from spacetable.engine.why import Reason


@action("play")
class Play(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return f"jouer {self.card}" if lang == "fr" else f"play {self.card}"


class End(Termination):
    """How a game of High Cards ends (it has one way)."""

    HANDS_EMPTY = "hands_empty"

    @classmethod
    def sentences(cls) -> Mapping[str, Mapping[str, str]]:
        return {
            "en": {"hands_empty": "every hand is empty"},
            "fr": {"hands_empty": "toutes les mains sont vides"},
        }


VALUES = range(1, 7)
DECK_SIZE = 12
PLAYS = {v: Play(v) for v in VALUES}


class CardRow(Row):
    """A card value of the deck (``data/cards.csv``)."""

    id: int = Column(ge=1, le=6)
    copies: int = Column(ge=1)


@dataclass(frozen=True, slots=True)
class Deck:
    """The parts of High Cards: the deck in value order, and the row of each value."""

    deck: tuple[int, ...]
    rows: tuple[CardRow, ...]


def build_deck(tables: Tables) -> Deck:
    """Every value once or more, twelve cards in all."""
    rows = tables.rows("cards.csv", CardRow)
    missing = sorted(set(VALUES) - {r.id for r in rows})
    if missing:
        tables.error("cards.csv", f"no row for the value(s) {missing}")
    deck = tuple(r.id for r in rows for _ in range(r.copies))
    tables.check_count("cards.csv", "cards", len(deck), DECK_SIZE)
    return Deck(tuple(sorted(deck)), tuple(sorted(rows, key=lambda r: r.id)))


def describe_cards(parts: Deck, lang: str) -> list[Component]:
    out = []
    for row in parts.rows:
        v, n = row.id, row.copies
        if lang == "fr":
            text = f"Jouée, elle rapporte {v} point{'s' if v > 1 else ''}. {n} exemplaire(s)."
            name = f"Carte {v}"
        else:
            copies = f"{n} cop{'ies' if n > 1 else 'y'}"
            text = f"Played, it scores {v} point{'s' if v > 1 else ''}. {copies}."
            name = f"Card {v}"
        facts = {"points": v, "copies": n}  # what a client draws, from the row: no text parsed
        out.append(component("card", v, name, text, "cards.csv", row, facts=facts))
    return out


DATA = DataSpec(
    package="spacetable.testing",
    tables=(Table("cards.csv", CardRow, title="card values and their copies"),),
    build=build_deck,
    describe=describe_cards,
)


class HighCards(Game):
    info = GameInfo(
        id="toy",
        name_en="High Cards (test game)",
        name_fr="Cartes hautes (jeu de test)",
        min_players=1,
        max_players=4,
        options={
            "hand": OptionSpec(
                default=2,
                choices=(1, 2, 3),
                label_en="Hand size",
                label_fr="Taille de la main",
                help_en="How many cards each player holds.",
                help_fr="Combien de cartes chaque joueur a en main.",
                choices_en=("1 card", "2 cards", "3 cards"),
                choices_fr=("1 carte", "2 cartes", "3 cartes"),
            )
        },
    )
    action_types = (Play,)
    data_spec = DATA
    parts: Deck
    terminations = End
    # The state, declared once: the engine derives save, checked load and clone from it.
    state = StateSpec(
        Field("deck", list_of(INT)),
        Field("hands", list_of(list_of(INT), length="players")),
        Field("scores", list_of(INT, length="players")),
        Field("current", INT),
    )

    def setup(self) -> None:
        self.deck = list(self.parts.deck)
        self.rng.shuffle(self.deck)
        h = self.options["hand"]
        self.hands = [sorted(self.deck.pop() for _ in range(h)) for _ in range(self.players)]
        self.scores = [0] * self.players
        self.current = self.rng.below(self.players)

    @property
    def to_act(self) -> list[int]:
        return [] if self.is_over else [self.current]

    def _legal_actions(self, seat: int) -> list[Action]:
        if seat != self.current or self.is_over:
            return []
        return [PLAYS[v] for v in sorted(set(self.hands[seat]))]

    def _why_not(self, seat: int, action: Action) -> list[Reason]:
        assert isinstance(action, Play)
        if self.is_over:
            return [Reason.of("end", "over")]
        if seat != self.current:
            return [Reason.of("turn", "not_your_turn", seat=self.current)]
        return [Reason.of("hand", "not_in_hand", card=action.card)]

    def _action_components(self, action: Action) -> Iterable[str]:
        assert isinstance(action, Play)
        return (f"card:{action.card}",)

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Play)
        hand = self.hands[seat]
        hand.remove(action.card)
        self.scores[seat] += action.card
        self.emit({"event": "play", "seat": seat, "card": action.card})
        if self.deck:
            card = self.deck.pop()
            self.revealed()  # the seat now knows the top card: no taking back past it
            hand.append(card)
            hand.sort()
            self.emit({"event": "draw", "seat": seat}, {seat: {"card": card}})
        for i in range(1, self.players + 1):
            nxt = (self.current + i) % self.players
            if self.hands[nxt]:
                self.current = nxt
                break

    @property
    def is_over(self) -> bool:
        return not any(self.hands)

    def _outcome(self) -> Outcome:
        return Outcome(
            tuple(float(s) for s in self.scores),
            ranks_from_keys([(s,) for s in self.scores]),
            End.HANDS_EMPTY,
        )

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "current": self.current,
            "deck_size": len(self.deck),
            "hand_sizes": [len(h) for h in self.hands],
            "hand": list(self.hands[seat]) if seat is not None else None,
        }

    def _component_ids(self, view: Mapping[str, Any]) -> Iterable[str]:
        return [f"card:{v}" for v in view["hand"] or ()]

    def resample_hidden(self, seat: int, rng: random.Random) -> None:
        pool = list(self.deck)
        for i, h in enumerate(self.hands):
            if i != seat:
                pool.extend(h)
        pool.sort()  # canonical: the result depends on the view and the generator only
        rng.shuffle(pool)
        for i, h in enumerate(self.hands):
            if i != seat:
                n = len(h)
                self.hands[i] = sorted(pool[:n])
                del pool[:n]
        self.deck = pool

    @classmethod
    def enumerate_actions(cls, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        return list(PLAYS.values())

    @classmethod
    def max_decisions(cls, players: int, options: Mapping[str, Any]) -> int:
        return DECK_SIZE

    def evaluate(self, seat: int) -> float:
        total = sum(self.scores) or 1
        return self.scores[seat] / total


GAME = HighCards
