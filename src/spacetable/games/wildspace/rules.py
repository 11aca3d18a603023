"""Wild Space (Joachim Thôme, Catch Up Games, 2020): rules, 1 to 5 players and the solo mode.

Rulebook: ``shared/seeds/000_2f1ee42723f5436f.txt``; components and the reconstruction:
``docs/games/wildspace.md``.

State layout (flat, for speed): cards are ints 0..107 (``cards.py``); ``hands``, ``tableau``
(captain first) and ``known`` (hand cards every player saw being taken from the Reserve) are
lists per seat; ``spots`` holds, for seat ``p`` and table position ``pos`` (0-1 starting
planets, 2 the "3", 3 the "6", 4 the "9") and side ``s``, the value at
``spots[p * 10 + pos * 2 + s]``: 0 no shuttle, 1 landed, 2 exploring (spent).

Pending decisions form a stack of frames ``(kind, a, b, src, optional)``:

* ``F_DRAW`` a = cards still to draw (each one from deck or Reserve, one at a time);
* ``F_USE_DRAW`` a = n: an optional "draw n" effect (use / skip);
* ``F_PLAY`` a = predicate: play one matching card from hand (or skip);
* ``F_TAKE``: take the deck's top card or a Reserve card and play it at once (or skip);
* ``F_COST`` a = effect id: pay the effect's cost (discard / remove) to get its benefit;
  ``optional`` says whether it may be skipped (card effects) or not (a chosen sector action).

``src`` says where a frame comes from: a card id (>= 0), ``SRC_PLANET``, ``SRC_EXPLORE`` or
``SRC_TRACK - step`` for a Veteran track step.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from spacetable.engine import (
    BOOL,
    INT,
    NO_BOUND,
    Action,
    Field,
    Game,
    GameInfo,
    Kind,
    OptionError,
    OptionSpec,
    Outcome,
    StateSpec,
    list_of,
    option_words,
    ranks_from_keys,
    record,
)
from spacetable.engine.why import Reason

from . import actions as A
from .components import P_ANY, WildParts
from .constants import (
    B_DRAW,
    B_PLAY,
    C_DISCARD,
    C_NONE,
    C_REMOVE,
    F_COST,
    F_DRAW,
    F_PLAY,
    F_TAKE,
    F_USE_DRAW,
    FRAME_NAMES,
    LEVELS,
    N_HOSTILE,
    RESERVE_SLOTS,
    SHUTTLES,
    SPOTS_PER_SEAT,
    SRC_EXPLORE,
    SRC_PLANET,
    SRC_TRACK,
    TABLE_PLANETS,
    TURN_BOUND,
    TURNS,
    End,
    Frame,
    src_json,
)
from .evaluation import evaluate
from .facts import vocabulary_ids
from .labels import t as text
from .scoring import score_sheet, smuggler_sheet
from .tables import DATA
from .view import component_ids, hostile_deck, view
from .whynot import action_components, why_not


class SharedList(Kind):
    """A list that the rules never change in place (they replace it whole), so that clones
    share it: saved, loaded and checked as ``list_of(item)``, copied by no one."""

    def __init__(self, item: Kind, length: int | str | None = None) -> None:
        self.seq = list_of(item, length)

    def name(self) -> str:
        return f"shared {self.seq.name()}"

    def load(self, v: Any, path: str, game: Any) -> Any:
        return self.seq.load(v, path, game)

    def dump(self, v: Any) -> Any:
        return self.seq.dump(v)


class WildSpace(Game):
    """Wild Space: explore planets, recruit a crew of animals, robots and emissaries."""

    info = GameInfo(
        id="wildspace",
        # 2: a play or a payment from the hand no longer fizzles when no card of a non-empty
        # hand matches (that told every seat what the hand holds): the seat declines it.
        rules_version="2",
        name_en=text("en", "title"),
        name_fr=text("fr", "title"),
        min_players=1,
        max_players=5,
        options={
            "difficulty": OptionSpec(
                default="medium",
                choices=LEVELS,
                players=(1,),
                **option_words(__name__, "difficulty"),
            ),
            "smuggler": OptionSpec(
                default="human",
                choices=("human", "auto"),
                players=(1,),
                **option_words(__name__, "smuggler"),
            ),
            "majority": OptionSpec(
                default="with_smuggler",
                choices=("with_smuggler", "players_only"),
                players=(1,),
                **option_words(__name__, "majority"),
            ),
            "effects": OptionSpec(
                default="every_lay",
                choices=("every_lay", "once_per_turn"),
                **option_words(__name__, "effects"),
            ),
        },
        hidden_information=True,
        chance=True,
        # The drivers of simulations and the RL environments play every card's effect once a
        # turn: the rulebook lets a card laid again apply its effect again, so a player may
        # loop for as long as they like, and only this option bounds the game.
        simulation_options={"effects": "once_per_turn"},
    )
    action_types = A.ACTION_TYPES
    terminations = End
    data_spec = DATA
    parts: WildParts
    # The state, declared once: the engine derives the save, the checked load and the clone.
    # Every field exists in every game; the Contrebandier's (``s_*``, ``h_*``) stay empty
    # (``h_state`` all zeros, ``s_captain`` -1) outside solo.
    state = StateSpec(
        Field("solo", BOOL),
        Field("auto", BOOL),
        Field("planets", list_of(INT, length=TABLE_PLANETS)),
        Field("faceup", list_of(BOOL, length=TABLE_PLANETS)),
        Field("captain", SharedList(INT, length="players")),
        Field("tableau", list_of(list_of(INT), length="players")),
        Field("vet", list_of(INT, length="players")),
        Field("spots", list_of(INT, length="spot_count")),
        Field("turns", list_of(INT, length="players")),
        Field("deck", list_of(INT)),
        Field("discard", list_of(INT)),
        Field("reserve", list_of(INT, length=RESERVE_SLOTS)),
        Field("hands", list_of(list_of(INT), length="players")),
        Field("known", list_of(list_of(INT), length="players")),
        Field("stack", list_of(record(INT, INT, INT, INT, INT))),
        Field("main_done", BOOL),
        Field("fx_used", list_of(INT)),
        Field("over", BOOL),
        Field("current", INT),
        Field("s_captain", INT),
        Field("s_tableau", list_of(INT)),
        Field("h_deck", list_of(INT)),
        Field("h_row", list_of(INT)),
        Field("h_aside", list_of(INT)),
        Field("h_used", SharedList(INT)),
        Field("h_state", list_of(INT, length=N_HOSTILE)),
        Field("s_turns", INT),
    )

    # ------------------------------------------------------------------ setup
    @classmethod
    def check_options(cls, players: int, options: Mapping[str, Any]) -> None:
        if options["difficulty"] not in LEVELS:  # pragma: no cover - choices guard it
            raise OptionError(f"unknown difficulty {options['difficulty']!r}")  # pragma: no mutate

    def setup(self) -> None:
        rng = self.rng
        parts = self.parts
        n = self.players
        self.solo = n == 1
        self.auto = self.solo and self.options["smuggler"] == "auto"
        # Planets: the two starting planets face up, then one random "3", "6", "9" face down.
        self.planets: list[int] = list(parts.start_tiles)
        for t in (3, 6, 9):
            self.planets.append(rng.choice(parts.tiles_by_threshold[t]))
        self.faceup: list[bool] = [True, True, False, False, False]
        caps = list(parts.captains)
        rng.shuffle(caps)
        self.captain: list[int] = caps[:n]
        self.tableau: list[list[int]] = [[c] for c in self.captain]
        self.vet: list[int] = [0] * n
        self.spots: list[int] = [0] * (10 * n)
        self.turns: list[int] = [0] * n
        self.deck: list[int] = list(parts.deck_cards)
        rng.shuffle(self.deck)
        self.discard: list[int] = []
        self.reserve: list[int] = [self.deck.pop() for _ in range(3)]
        self.hands: list[list[int]] = [[self.deck.pop() for _ in range(3)] for _ in range(n)]
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.stack: list[Frame] = []
        self.main_done = False
        self.fx_used: list[int] = []
        self.over = False
        # Solo: the Contrebandier.
        self.s_captain = -1
        self.s_tableau: list[int] = []
        self.h_deck: list[int] = []
        self.h_row: list[int] = []
        self.h_aside: list[int] = []
        self.h_used: list[int] = []
        self.h_state: list[int] = [0] * N_HOSTILE
        self.s_turns = 0
        if self.solo:
            self.s_captain = caps[1]
            self.s_tableau = [self.s_captain]
            counts = parts.difficulty[self.options["difficulty"]]
            chosen: list[int] = []
            for cat, k in zip((1, 2, 3), counts, strict=True):
                pool = list(parts.hostile_by_category[cat])
                rng.shuffle(pool)
                chosen += pool[:k]
            rng.shuffle(chosen)
            self.h_used = sorted(chosen)
            self.h_deck = chosen
            self.h_row = [self.h_deck.pop(), self.h_deck.pop()]
            self.current = rng.below(2)  # 0: the player, 1: the Contrebandier
        else:
            self.current = rng.below(n)
        self.emit(
            {
                "event": "setup",
                "planets": [self.planets[0], self.planets[1], None, None, None],
                "captains": list(self.captain),
                "reserve": list(self.reserve),
                "first": self.current,
            },
            {p: {"hand": list(self.hands[p])} for p in range(n)},
        )
        if self.solo:
            self.emit(
                {
                    "event": "smuggler_setup",
                    "captain": self.s_captain,
                    "hostile_row": list(self.h_row),
                    "hostile_deck": hostile_deck(self),
                }
            )
            self._auto_smuggle()

    # ------------------------------------------------------------------ who acts
    @property
    def once_per_turn(self) -> bool:
        """Option ``effects=once_per_turn``: a card's effect at most once per turn (ours)."""
        return bool(self.options["effects"] == "once_per_turn")

    @property
    def smuggler_turn(self) -> bool:
        return self.solo and self.current == 1

    @property
    def to_act(self) -> list[int]:
        if self.over:
            return []
        return [0] if self.smuggler_turn else [self.current]

    @property
    def is_over(self) -> bool:
        return self.over

    # ------------------------------------------------------------------ helpers
    @property
    def spot_count(self) -> int:
        """Length of ``spots``: 5 table positions x 2 sides per seat."""
        return SPOTS_PER_SEAT * self.players

    def crew(self, p: int) -> int:
        return len(self.tableau[p])

    def shuttles_left(self, p: int) -> int:
        base = p * 10
        return SHUTTLES - sum(1 for i in range(base, base + 10) if self.spots[i])

    def _has(self, cards: Sequence[int], pred: int, exclude: int = -1) -> bool:
        row = self.parts.match[pred]
        return any(row[c] and c != exclude for c in cards)

    def _cond_ok(self, p: int, conds: tuple[int, ...], exclude: int = -1) -> bool:
        if not conds:
            return True
        tab = self.tableau[p]
        return any(self._has(tab, q, exclude) for q in conds)

    # « si à un moment de la partie la pioche venait à être vide, mélangez les cartes de la
    # défausse pour constituer une nouvelle pioche » : the deck is never empty while the
    # discard holds a card. Every card that leaves the deck is followed by
    # ``_rebuild_if_empty`` (once the card is logged, so that the log reads in table order),
    # and every card that reaches the discard goes through ``_to_discard``.
    def _pop_deck(self) -> int:
        """Take the deck's top card (-1: deck and discard are both empty). The caller calls
        :meth:`_rebuild_if_empty` once it has placed and logged the card."""
        self._rebuild_if_empty()  # a position built by hand may hold an empty deck
        if not self.deck:
            return -1
        self.revealed()  # a card leaves the face-down deck: no taking back past it
        return self.deck.pop()

    def _rebuild_if_empty(self) -> None:
        """An empty deck takes the discard at once, shuffled."""
        if not self.deck and self.discard:
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self.emit({"event": "reshuffle", "deck": len(self.deck)})

    def _to_discard(self, c: int) -> None:
        """Card ``c`` goes to the discard (which becomes the deck at once if the deck is
        empty)."""
        self.discard.append(c)
        self._rebuild_if_empty()

    def _can_pop(self) -> bool:
        return bool(self.deck) or bool(self.discard)

    def _refill(self, slot: int) -> None:
        c = self._pop_deck()
        self.reserve[slot] = c
        if c >= 0:
            self.emit({"event": "reserve_refill", "slot": slot, "card": c})
            self._rebuild_if_empty()

    def _fill_reserve(self) -> None:
        """« Dès qu'une carte est prise dans la Réserve, elle est immédiatement remplacée » :
        a slot left empty (the deck and the discard were both empty) is filled as soon as
        the deck has a card again."""
        for slot in range(RESERVE_SLOTS):
            if self.reserve[slot] < 0 and self.deck:
                self._refill(slot)

    def _hand_remove(self, p: int, c: int) -> None:
        self.hands[p].remove(c)
        k = self.known[p]
        if c in k:
            k.remove(c)

    # ------------------------------------------------------------------ legal actions
    def _main_actions(self, p: int) -> list[Action]:
        out: list[Action] = []
        crew = len(self.tableau[p])
        base = p * 10
        spots = self.spots
        hand = self.hands[p]
        parts = self.parts
        if self.shuttles_left(p) > 0:
            for pos in range(5):
                if not self.faceup[pos]:
                    continue
                tile = self.planets[pos]
                if crew < parts.threshold[tile]:
                    continue
                for s in (0, 1):
                    if spots[base + pos * 2 + s]:
                        continue
                    if not self._cond_ok(p, parts.sector_cond[tile][s]):
                        continue
                    for k, opt in enumerate(parts.sector_opts[tile][s]):
                        if self._payable(p, hand, opt):
                            out.append(A.LAND[(tile, s, k)])
        for pos in range(5):
            for s in (0, 1):
                if spots[base + pos * 2 + s] == 1:
                    tile = self.planets[pos]
                    out.append(A.EXPLORE[(tile, s, 0)])
                    if hand:
                        out.append(A.EXPLORE[(tile, s, 1)])
        return out

    def _payable(self, p: int, hand: list[int], opt: tuple[int, ...]) -> bool:
        ck, carg, _, _ = self.parts.effects[opt[0]]
        if ck == C_DISCARD:
            row = self.parts.match[carg]
            return any(row[c] for c in hand)
        if ck == C_REMOVE:
            return len(self.tableau[p]) > 1
        return True

    def _frame_choices(self, p: int, fr: Frame) -> list[Action]:
        kind = fr[0]
        if kind == F_DRAW:
            out: list[Action] = [A.DRAW_DECK] if self._can_pop() else []
            for i in range(3):
                if self.reserve[i] >= 0:
                    out.append(A.DRAW_RESERVE[i])
            return out
        if kind == F_USE_DRAW:
            if self._can_pop() or any(c >= 0 for c in self.reserve):
                return [A.USE]
            return []
        if kind == F_PLAY:
            row = self.parts.match[fr[1]]
            return [A.PLAY[c] for c in self.hands[p] if row[c]]
        if kind == F_TAKE:
            out = [A.TAKE_DECK] if self._can_pop() else []
            for i in range(3):
                if self.reserve[i] >= 0:
                    out.append(A.TAKE_RESERVE[i])
            return out
        # F_COST
        ck, carg, _, _ = self.parts.effects[fr[1]]
        if ck == C_DISCARD:
            row = self.parts.match[carg]
            return [A.PAY[c] for c in self.hands[p] if row[c]]
        return [A.REMOVE[c] for c in self.tableau[p][1:]]

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.over:
            return []
        if self.smuggler_turn:
            if seat != 0:
                return []
            return self._smuggle_options()
        if seat != self.current:
            return []
        if self.stack:
            fr = self.stack[-1]
            out = self._frame_choices(seat, fr)
            if fr[4] or not out:  # nothing matches in the hand: the seat says so (see _settle)
                out.append(A.SKIP)
        elif self.main_done:
            out = [A.END]
        else:
            out = self._main_actions(seat)
            if not out:
                out = [A.END]
        for c in self.hands[seat]:
            out.append(A.RENEW[c])
        return out

    # ------------------------------------------------------------------ applying
    def _apply(self, seat: int, action: Action) -> None:
        if self.smuggler_turn:
            assert isinstance(action, A.Smuggle)
            self._smuggle(action.hostile)
            return
        p = self.current
        t = type(action)
        if t is A.Renew:
            self._renew(p, action.card)  # type: ignore[attr-defined]
        elif t is A.Land:
            self._land(p, action)  # type: ignore[arg-type]
        elif t is A.Explore:
            self._explore(p, action)  # type: ignore[arg-type]
        elif t is A.DrawDeck:
            c = self._pop_deck()
            self.hands[p].append(c)
            self.emit({"event": "draw", "seat": p, "from": "deck"}, {p: {"card": c}})
            self._rebuild_if_empty()
            self._after_draw()
        elif t is A.DrawReserve:
            slot = action.slot  # type: ignore[attr-defined]
            c = self.reserve[slot]
            self.hands[p].append(c)
            self.known[p].append(c)
            self.emit({"event": "draw", "seat": p, "from": "reserve", "slot": slot, "card": c})
            self._refill(slot)
            self._after_draw()
        elif t is A.Play:
            c = action.card  # type: ignore[attr-defined]
            self.stack.pop()
            self._hand_remove(p, c)
            self._play_card(p, c, "hand")
        elif t is A.TakeDeck:
            self.stack.pop()
            c = self._pop_deck()
            self._play_card(p, c, "deck")
        elif t is A.TakeReserve:
            self.stack.pop()
            slot = action.slot  # type: ignore[attr-defined]
            c = self.reserve[slot]
            self._play_card(p, c, "reserve", slot=slot)
        elif t is A.Use:
            fr = self.stack.pop()
            self.stack.append((F_DRAW, fr[1], 0, fr[3], 0))
            self.emit({"event": "use", "seat": p, **src_json(fr[3])})
        elif t is A.Skip:
            fr = self.stack.pop()
            self.emit(
                {"event": "skip", "seat": p, "pending": FRAME_NAMES[fr[0]], **src_json(fr[3])}
            )
        elif t is A.Pay or t is A.Remove:
            fr = self.stack.pop()
            c = action.card  # type: ignore[attr-defined]
            if t is A.Pay:
                self._hand_remove(p, c)
                self.emit({"event": "pay_discard", "seat": p, "card": c, "source": src_json(fr[3])})
            else:
                self.tableau[p].remove(c)
                self.emit({"event": "pay_remove", "seat": p, "card": c, "source": src_json(fr[3])})
            self._to_discard(c)
            self._push_benefit(fr[1], fr[3], False)
        elif t is A.EndTurn:
            self._end_turn(p)
            return
        else:  # pragma: no cover - the base class validated the action
            raise AssertionError(f"unexpected action {action}")  # pragma: no mutate
        self._fill_reserve()
        self._settle(p)

    def _after_draw(self) -> None:
        fr = self.stack.pop()
        if fr[1] > 1:
            self.stack.append((F_DRAW, fr[1] - 1, 0, fr[3], 0))

    def _settle(self, p: int) -> None:
        """Drop pending frames that offer no real choice (nothing to draw, take or remove).

        A frame that asks for a card of the hand (play one, discard one to pay) is dropped only
        when the hand is empty, which everyone sees: were it dropped because no card of the
        hand matches, every seat would learn what the hand holds (and an undo would hide again
        what they learned). The seat then declines it (``skip``), as at the table."""
        stack = self.stack
        while stack and not self._frame_choices(p, stack[-1]) and self._public_empty(p, stack[-1]):
            fr = stack.pop()
            self.emit(
                {"event": "fizzle", "seat": p, "pending": FRAME_NAMES[fr[0]], **src_json(fr[3])}
            )

    def _public_empty(self, p: int, fr: Frame) -> bool:
        """Whether a frame with no choice shows that to everyone: anything but a frame asking
        for a card of a non-empty hand."""
        kind = fr[0]
        if kind == F_PLAY or (kind == F_COST and self.parts.effects[fr[1]][0] == C_DISCARD):
            return not self.hands[p]
        return True

    def _renew(self, p: int, c: int) -> None:
        """« défausser une carte de sa main … Les trois cartes de la Réserve sont alors placées
        dans la défausse et trois nouvelles cartes sont révélées », in that order."""
        self._hand_remove(p, c)
        old = [x for x in self.reserve if x >= 0]
        self.emit({"event": "renew", "seat": p, "card": c, "discarded": old})
        self._to_discard(c)
        for x in old:
            self._to_discard(x)
        for i in range(RESERVE_SLOTS):
            self.reserve[i] = self._pop_deck()
            self._rebuild_if_empty()
        self.emit({"event": "reserve", "cards": list(self.reserve)})

    def _land(self, p: int, a: A.Land) -> None:
        pos = self.planets.index(a.planet)
        self.spots[p * 10 + pos * 2 + a.sector] = 1
        self.main_done = True
        self.emit(
            {"event": "land", "seat": p, "planet": a.planet, "sector": a.sector, "option": a.option}
        )
        steps = self.parts.sector_opts[a.planet][a.sector][a.option]
        for eid in reversed(steps):
            self._push_effect(eid, SRC_PLANET, False)

    def _explore(self, p: int, a: A.Explore) -> None:
        pos = self.planets.index(a.planet)
        self.spots[p * 10 + pos * 2 + a.sector] = 2
        self.main_done = True
        self.emit(
            {"event": "explore", "seat": p, "planet": a.planet, "sector": a.sector, "mode": a.mode}
        )
        if a.mode == "draw":
            self.stack.append((F_DRAW, 3, 0, SRC_EXPLORE, 0))
        else:
            self.stack.append((F_PLAY, P_ANY, 0, SRC_EXPLORE, 1))

    def _push_effect(self, eid: int, src: int, optional: bool) -> None:
        ck = self.parts.effects[eid][0]
        if ck != C_NONE:
            self.stack.append((F_COST, eid, 0, src, 1 if optional else 0))
        else:
            self._push_benefit(eid, src, optional)

    def _push_benefit(self, eid: int, src: int, optional: bool) -> None:
        _, _, bk, barg = self.parts.effects[eid]
        if bk == B_DRAW:
            if optional:
                self.stack.append((F_USE_DRAW, barg, 0, src, 1))
            else:
                self.stack.append((F_DRAW, barg, 0, src, 0))
        elif bk == B_PLAY:
            self.stack.append((F_PLAY, barg, 0, src, 1))
        else:
            self.stack.append((F_TAKE, 0, 0, src, 1))

    def _play_card(self, p: int, c: int, origin: str, slot: int = -1) -> None:
        """Put card ``c`` in the crew of ``p``: Veteran step, then the card's own effect."""
        self.tableau[p].append(c)
        ev: dict[str, Any] = {"event": "play", "seat": p, "card": c, "from": origin}
        if slot >= 0:
            ev["slot"] = slot
        self.emit(ev)
        if origin == "reserve":
            self._refill(slot)
        else:
            self._rebuild_if_empty()
        parts = self.parts
        track = parts.track[self.captain[p]]
        if parts.vet[c] and self.vet[p] < len(track):
            self.vet[p] += 1
            step = self.vet[p]
            self.emit({"event": "veteran", "seat": p, "step": step})
            eid = track[step - 1]
            if eid >= 0:
                self._push_effect(eid, SRC_TRACK - step, True)
        # « Quand un effet entraîne la pose d'une autre carte, le joueur peut immédiatement
        # appliquer l'effet de cette nouvelle carte » : a card laid again (after it was
        # removed) is laid, so its effect applies again. Option ``effects=once_per_turn``
        # (ours, for drivers that need a bound) spends a card's effect for the turn.
        eid = parts.effect_of[c]
        if eid >= 0:
            if self.once_per_turn and c in self.fx_used:
                self.emit({"event": "effect_spent", "seat": p, "card": c})
            elif self._cond_ok(p, parts.cond[c], exclude=c):
                if self.once_per_turn:
                    self.fx_used.append(c)
                self._push_effect(eid, c, True)
            else:
                self.emit({"event": "condition_unmet", "seat": p, "card": c})

    def _end_turn(self, p: int) -> None:
        if not self.main_done:
            self.emit({"event": "no_move", "seat": p})
        crew = len(self.tableau[p])
        for pos in range(2, 5):
            if not self.faceup[pos] and crew >= self.parts.threshold[self.planets[pos]]:
                self.faceup[pos] = True
                self.revealed()  # a face-down planet is turned: no taking back past it
                self.emit(
                    {"event": "reveal", "seat": p, "position": pos, "planet": self.planets[pos]}
                )
        self.turns[p] += 1
        self.emit({"event": "end_turn", "seat": p, "turn": self.turns[p]})
        self.main_done = False
        self.fx_used = []
        self._next_turn()

    def _next_turn(self) -> None:
        if self.solo:
            if self.turns[0] >= TURNS and self.s_turns >= TURNS:
                self._finish()
                return
            if self.current == 0:
                self.current = 1 if self.s_turns < TURNS else 0
            else:
                self.current = 0 if self.turns[0] < TURNS else 1
            self._auto_smuggle()
            return
        if all(t >= TURNS for t in self.turns):
            self._finish()
            return
        self.current = (self.current + 1) % self.players

    def _finish(self) -> None:
        self.over = True
        self.emit({"event": "game_over"})

    # ------------------------------------------------------------------ the Contrebandier
    def _smuggle_options(self) -> list[Action]:
        out: list[Action] = []
        landed = sum(1 for h in range(N_HOSTILE) if self.h_state[h])
        for h in self.h_row:
            if self.h_state[h] == 0:
                if landed < SHUTTLES:
                    out.append(A.SMUGGLE[(h, 0)])
            else:
                out.append(A.SMUGGLE[(h, 1)])
        return out

    def auto_choice(self) -> int:
        """The documented automatic rule: the move adding the most cards to the Contrebandier's
        crew; ties: explore before land; then the leftmost Hostile Planet."""
        best = -1
        best_key: tuple[int, int, int] = (-1, -1, -1)
        for i, h in enumerate(self.h_row):
            explore = self.h_state[h] == 1
            ops = self.parts.h_explore[h] if explore else self.parts.h_landing[h]
            key = (sum(t for t, _ in ops), 1 if explore else 0, -i)
            if key > best_key:
                best, best_key = h, key
        return best

    def _auto_smuggle(self) -> None:
        while self.auto and self.smuggler_turn and not self.over:
            self._smuggle(self.auto_choice())

    def _smuggle(self, h: int) -> None:
        explore = self.h_state[h] == 1
        self.h_state[h] = 2 if explore else 1
        ops = self.parts.h_explore[h] if explore else self.parts.h_landing[h]
        self.emit({"event": "smuggle", "hostile": h, "mode": "explore" if explore else "land"})
        for take, slot in ops:
            c = self.reserve[slot]
            if c < 0:
                continue
            if take:
                self.s_tableau.append(c)
                self.emit({"event": "smuggler_take", "slot": slot, "card": c})
            else:
                self.emit({"event": "smuggler_discard", "slot": slot, "card": c})
                self._to_discard(c)
            self._refill(slot)
        if explore:
            i = self.h_row.index(h)
            self.h_aside.append(h)
            if self.h_deck:
                nh = self.h_deck.pop()
                self.revealed()  # a face-down Hostile Planet is turned
                self.h_row[i] = nh
                self.emit({"event": "hostile_reveal", "hostile": nh})
            else:
                del self.h_row[i]
        self._fill_reserve()
        self.s_turns += 1
        self.emit({"event": "smuggler_end", "turn": self.s_turns})
        self._next_turn()

    # ------------------------------------------------------------------ scoring
    def _others(self, p: int) -> list[list[int]]:
        """The crews a majority mission (« strictement le plus ») of seat ``p`` compares
        with: the other players', and in solo the Contrebandier's unless the option
        ``majority=players_only`` leaves it out (interpretation: docs/games/wildspace.md)."""
        out = [self.tableau[q] for q in range(self.players) if q != p]
        if self.solo and self.options["majority"] == "with_smuggler":
            out.append(self.s_tableau)
        return out

    def score_sheet(self, p: int) -> dict[str, Any]:
        """The score sheet of seat ``p`` (animals, sets, missions, captain, robots, total)."""
        return score_sheet(
            self.parts, self.tableau[p], self.vet[p], self.captain[p], self._others(p)
        )

    def smuggler_sheet(self) -> dict[str, Any]:
        return smuggler_sheet(self.parts, self.s_tableau, self.h_used)

    def _outcome(self) -> Outcome:
        sheets = [self.score_sheet(p) for p in range(self.players)]
        scores = tuple(float(s["total"]) for s in sheets)
        details: dict[str, Any] = {
            "sheets": sheets,
            "crew": [len(t) for t in self.tableau],
        }
        if self.solo:
            ss = self.smuggler_sheet()
            won = sheets[0]["total"] > ss["total"]
            details["smuggler"] = ss
            details["won"] = won
            reason = End.SMUGGLER_BEATEN if won else End.SMUGGLER_WINS
            # Rulebook: you win with strictly more credits; the Contrebandier wins ties.
            return Outcome(
                scores,
                (1 if won else 2,),
                reason,
                details,
                others={"Contrebandier": float(ss["total"])},
            )
        ranks = ranks_from_keys([(s["total"], -len(self.tableau[p])) for p, s in enumerate(sheets)])
        return Outcome(scores, ranks, End.ALL_SHUTTLES_USED, details)

    # ------------------------------------------------------------------ views
    def _view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def describe_action(self, action: Action, lang: str = "en") -> str:
        """The label of ``action`` naming this game's components (its data set's names)."""
        return A.label(action, self.parts, lang)

    def _component_ids(self, view: Mapping[str, Any]) -> Iterable[str]:
        ids = list(dict.fromkeys(component_ids(view)))
        return ids + vocabulary_ids(self.parts, ids)

    def _why_not(self, seat: int, action: Action) -> list[Reason]:
        return why_not(self, seat, action)

    def _action_components(self, action: Action) -> Iterable[str]:
        return action_components(action)

    def resample_hidden(self, seat: int, rng: random.Random) -> None:
        # Unknown hand cards of the others and the deck order.
        pool = list(self.deck)
        unknown: list[int] = []
        for q in range(self.players):
            if q == seat:
                unknown.append(0)
                continue
            known = self.known[q]
            hidden = [c for c in self.hands[q] if c not in known]
            unknown.append(len(hidden))
            pool += hidden
        # Canonical: sort before shuffling, so that the result depends on the seat's view
        # and the generator only, never on the real hidden order.
        pool.sort()
        rng.shuffle(pool)
        for q in range(self.players):
            if q == seat:
                continue
            k = unknown[q]
            self.hands[q] = list(self.known[q]) + pool[:k]
            del pool[:k]
        self.deck = pool
        # Face-down planets: any tile of that threshold.
        parts = self.parts
        for pos in range(2, 5):
            if not self.faceup[pos]:
                tiles = parts.tiles_by_threshold[parts.threshold[self.planets[pos]]]
                self.planets[pos] = rng.choice(tiles)
        # Hostile deck: only the top card's back shows, and the level says how many of the
        # five come from each category; the other backs are resampled among the categories
        # left, and every card among the unseen cards of its category.
        if self.solo and self.h_deck:
            seen = [*self.h_row, *self.h_aside]
            left = list(parts.difficulty[self.options["difficulty"]])
            for h in seen:
                left[parts.h_category[h] - 1] -= 1
            top = parts.h_category[self.h_deck[-1]]
            left[top - 1] -= 1
            if min(left) < 0 or sum(left) != len(self.h_deck) - 1:
                # Only a position built by hand breaks the level's counts: keep its backs.
                left = [0, 0, 0]
                for h in self.h_deck[:-1]:
                    left[parts.h_category[h] - 1] += 1
            backs = [c for c in (1, 2, 3) for _ in range(left[c - 1])]
            rng.shuffle(backs)
            backs.append(top)  # the deck is drawn from its end: the top card last
            pools = {
                c: [h for h in parts.hostile_by_category[c] if h not in seen] for c in (1, 2, 3)
            }
            for c in (1, 2, 3):
                rng.shuffle(pools[c])
            new_deck = [pools[c].pop() for c in backs]
            self.h_deck = new_deck
            self.h_used = sorted([*seen, *new_deck])

    # ------------------------------------------------------------------ RL / bounds
    @classmethod
    def enumerate_actions(cls, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        return A.all_actions(players == 1)

    @classmethod
    def max_decisions(cls, players: int, options: Mapping[str, Any]) -> int:
        """A true bound with ``effects=once_per_turn`` (every card's effect at most once a
        turn: at most ``TURN_BOUND`` decisions a turn, ten turns each, and the
        Contrebandier's ten).

        The rulebook's game has none (:data:`NO_BOUND`): a card laid again applies its
        effect again, so a player whose chain removes a card and lays it again (the deck
        rebuilt from a discard that holds it) may go round as long as they like. Every
        step of such a loop is optional (« il n'est jamais obligatoire de le faire »): the
        loop ends when its player skips an effect. A driver that must finish sets
        ``effects=once_per_turn``.
        """
        if options.get("effects") == "once_per_turn":
            return players * TURNS * TURN_BOUND + TURNS + 1
        return NO_BOUND

    # ------------------------------------------------------------------ heuristic
    def evaluate(self, seat: int) -> float:
        return evaluate(self, seat)
