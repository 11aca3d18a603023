"""Quazarys: the race to your own base across a grid of Sun and Exploration cards.

Rulebook: ``shared/seeds/001_c8a8ac05f6869bdd.txt`` (French). The grid-and-path model lives
in :mod:`.board`, the components in :mod:`.components`, the numbers and codes in
:mod:`.constants`; this module declares the state and plays the turn. What a seat sees is
:mod:`.view`, the labels :mod:`.labels`, the bots' judgement :mod:`.evaluation`.

A turn (rulebook "DÉROULEMENT DU JEU"):

1. phase 1, mandatory, one of: (A) move one station; (B) play one or more cards of one
   faction, one at a time (each card a decision, then "stop" or the next card); (C) discard
   1 to 3 cards (one decision per card, then "stop");
2. phase 2, optional: move one station (or "skip");
3. phase 3: draw back to 5 cards (automatic; the deck is rebuilt from the discard, keeping
   the last discarded card, when it runs out).

Card effects are resolved through a stack of pending tasks (``tasks``): every choice inside
an effect (a destination, a card to rotate and its rotation, a slot, a row, an opponent) is
an atomic decision of the active player. Automatic steps (drawing for Destinée incertaine,
taking the discard for Ferrailleur spatial) run without a decision. A played Action card is
put on the discard *before* its effect ("Placez la carte, face visible, dans la défausse et
appliquez son effet"); while its effect is applied it is marked on the stack (an
``EffectTask``) and is not brought into play again (interpretation 5).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from spacetable.engine import (
    BOOL,
    INT,
    NO_BOUND,
    STR,
    Action,
    Cache,
    Field,
    Game,
    GameInfo,
    OptionSpec,
    Outcome,
    StateSpec,
    list_of,
    option_words,
    ranks_from_keys,
    tuple_of,
)
from spacetable.engine.why import Reason

from .actions import (
    ACTION_TYPES,
    BLACKHOLES,
    DISCARDS,
    MOVES,
    ORIENTS,
    PICKS,
    PLACES,
    PLAYS,
    SKIP,
    STOP,
    TARGETS,
    BlackHole,
    Discard,
    Move,
    Orient,
    Pick,
    Place,
    Play,
    Stop,
    Target,
    all_actions,
)
from .board import (
    BOARD,
    CROSS_BASES,
    CROSS_SUNS,
    LINE_BASES,
    LINE_SUNS,
    Board,
    Graph,
    pcell,
    pdecode,
    pkey,
    placements,
)
from .components import DECK_SIZE, FIRST_BASE, FIRST_SUN, KIND, QuazarysParts
from .constants import (
    BOT_ROUNDS,
    DEFAULT_ROUND_LIMIT,
    HAND_SIZE,
    KIND_BASE,
    KIND_EXPLO,
    MAX_DISCARD,
    NO_ROUND_LIMIT,
    P_CHOOSE,
    P_COMBO,
    P_DISCARD,
    P_MOVE2,
    ROUND_LIMITS,
    STRIDE,
    EffectId,
    End,
)
from .evaluation import evaluate, race_distance
from .labels import card_label, seat_label
from .labels import t as text
from .tables import DATA
from .tasks import (
    TASK,
    BlackHoleTask,
    DrawTask,
    EffectTask,
    MoveTask,
    OrientTask,
    PickTask,
    PlaceTask,
    ScavengeTask,
    TargetTask,
    Task,
    task_name,
)
from .view import component_ids, view
from .why import action_components, why_not

#: Decisions one turn can take at most: 5 hand cards, each bringing a chain of at most
#: DECK_SIZE cards into play (Destinée / Ferrailleur: a card whose effect is being applied is
#: not brought into play again before it is over), each card needing at most 3 decisions
#: (tornado: pick, place, orient), plus "stop" and the phase-2 move.
TURN_BOUND = HAND_SIZE * (1 + 3 * DECK_SIZE) + 4


_MOVE_BY_KEY: dict[int, Move] = {pkey(r, c, p): m for (r, c, p), m in MOVES.items()}


class Quazarys(Game):
    """The Quazarys race (see the module docstring and ``docs/games/quazarys.md``)."""

    info = GameInfo(
        id="quazarys",
        name_en="Quazarys",
        name_fr="Quazarys",
        min_players=2,
        max_players=4,
        options={
            # Not in the rulebook (a race ends when a pawn is home): off by default.
            "round_limit": OptionSpec(
                default=DEFAULT_ROUND_LIMIT,
                choices=ROUND_LIMITS,
                **option_words(__name__, "round_limit"),
            ),
            "rotation": OptionSpec(
                default="any",
                choices=("any", "quarter"),
                **option_words(__name__, "rotation"),
            ),
            "action_moves_home": OptionSpec(
                default=True,
                choices=(True, False),
                **option_words(__name__, "action_moves_home"),
            ),
            "tie_break": OptionSpec(
                default="last",
                choices=("last", "first"),
                **option_words(__name__, "tie_break"),
            ),
        },
        hidden_information=True,
        chance=True,
        # The drivers of simulations play with a limit: random or stalling players may never
        # bring a pawn home.
        simulation_options={"round_limit": BOT_ROUNDS},
    )
    action_types = ACTION_TYPES
    terminations = End
    # The components, from the game's data set (shipped or a box owner's corrected tables).
    data_spec = DATA
    parts: QuazarysParts
    # The state, declared once: the engine derives the save, the checked load and the clone.
    # Field names and JSON forms are those of the saves written before the declaration.
    state = StateSpec(
        Field("board", BOARD),  # (r, c) -> card * 4 + rot, saved as [[r, c, code], ...]
        Field("pos", list_of(INT, length="players")),  # each pawn's point (board.pkey)
        Field("base_card", tuple_of(INT, length="players")),  # each seat's own Base card
        Field("hands", list_of(list_of(INT), length="players")),
        Field("deck", list_of(INT)),  # the last card is drawn first
        Field("discard", list_of(INT)),  # the last card is on top
        Field("out", tuple_of(INT)),  # Suns out of the game, sorted (replaced whole)
        Field("first", INT),
        Field("current", INT),
        Field("turns", INT),  # turns played; a round is ``players`` turns
        Field("phase", INT),  # P_CHOOSE, P_COMBO, P_DISCARD, P_MOVE2
        Field("faction", INT),  # faction of the combination, -1 if none
        Field("ndiscard", INT),  # cards discarded this turn
        Field("stack", list_of(TASK)),  # pending tasks (``tasks``), the last one first
        Field("arrived", tuple_of(INT)),  # seats home, in order of arrival (replaced whole)
        Field("passes", INT),  # turns passed in a row without a draw
        Field("over", BOOL),
        Field("reason", STR),  # an End code once over, else ""
        # Caches, rebuilt on demand (None). Clones share them: each is replaced whole when
        # the state it reflects changes, never changed in place. (The path graph fills its
        # memo tables lazily, but every entry is a pure function of the private snapshot of
        # the board it was built from, written whole: a clone sharing it reads the same.)
        Cache("_graph", copy="share"),  # Graph of the board
        Cache("_slots", copy="share"),  # free slots for an Exploration (a tuple)
        Cache("_opts", copy="share"),  # legal actions now (a new list per decision, copied out)
    )

    board: Board
    pos: list[int]
    base_card: tuple[int, ...]
    round_limit: int
    hands: list[list[int]]
    deck: list[int]
    discard: list[int]
    out: tuple[int, ...]
    stack: list[Task]
    arrived: tuple[int, ...]

    # ------------------------------------------------------------------ setup
    def _derive(self) -> None:
        """The settings read from the options (rebuilt after a load)."""
        self.round_limit = int(self.options["round_limit"])

    def setup(self) -> None:
        self._derive()
        n = self.players
        rng = self.rng
        suns = list(range(FIRST_SUN, FIRST_BASE))
        rng.shuffle(suns)
        self.board = {}
        if n == 2:
            sun_cells, base_cells = LINE_SUNS, LINE_BASES
        else:
            sun_cells, base_cells = CROSS_SUNS, CROSS_BASES
        for (r, c), card in zip(sun_cells, suns, strict=False):
            self.board[(r, c)] = card * 4
        self.out = tuple(sorted(suns[len(sun_cells) :]))
        # Every Base card goes to an end of a Sun line (at 3 players the 4th, uncoloured one
        # marks the start of the player opposite it).
        base_points = []
        for i, (r, c, rot) in enumerate(base_cells):
            card = FIRST_BASE + i
            self.board[(r, c)] = card * 4 + rot
            base_points.append(pkey(r, c, 0))
        self.base_card = tuple(FIRST_BASE + i for i in range(n))
        ends = len(base_cells)
        # Each pawn starts on the base opposite its own.
        self.pos = [base_points[(i + ends // 2) % ends] for i in range(n)]
        self.deck = list(range(DECK_SIZE))
        rng.shuffle(self.deck)
        self.discard = [self.deck.pop()]
        self.hands = []
        for _ in range(n):
            self.hands.append(sorted(self.deck.pop() for _ in range(HAND_SIZE)))
        self.first = rng.below(n)
        self.current = self.first
        self.turns = 0
        self.phase = P_CHOOSE
        self.faction = -1
        self.ndiscard = 0
        self.stack = []
        self.arrived = ()
        self.passes = 0
        self.over = False
        self.reason = ""
        self._graph: Graph | None = None
        self._slots: tuple[tuple[int, int], ...] | None = None
        self._opts: list[Action] | None = None
        self.emit(
            {
                "event": "setup",
                "first": self.first,
                "discard": self.discard[-1],
                "suns": [self.board[rc] >> 2 for rc in sun_cells],
            }
        )
        for s in range(n):
            self.emit(
                {"event": "deal", "seat": s, "n": HAND_SIZE}, {s: {"cards": list(self.hands[s])}}
            )
        self._run()

    # ------------------------------------------------------------------ helpers
    @property
    def graph(self) -> Graph:
        g = self._graph
        if g is None:
            owner = {card: s for s, card in enumerate(self.base_card)}
            g = self._graph = Graph(self.board, owner, self.parts)
        return g

    def home(self, seat: int) -> int:
        """The point of ``seat``'s own base."""
        for pt, owner in self.graph.base_owner.items():
            if owner == seat:
                return pt
        raise AssertionError("every seat has a base on the table")

    def on_base(self, seat: int) -> bool:
        return self.pos[seat] in self.graph.base_owner

    def _others(self, seat: int) -> set[int]:
        owner = self.graph.base_owner
        return {p for s, p in enumerate(self.pos) if s != seat and p not in owner}

    def destinations(
        self, seat: int, ignore_arrows: bool = False, by_action: bool = False
    ) -> list[int]:
        """Points where a one-station move of ``seat``'s pawn may end now (``by_action``: a
        move made by an Action card, which may not enter a base with ``action_moves_home``
        off)."""
        g = self.graph
        src = self.pos[seat]
        if g.base_owner.get(src, -2) == seat:
            return []  # home: the race is over for this pawn
        home_ok = not by_action or bool(self.options["action_moves_home"])
        return g.destinations(src, seat, self._others(seat), ignore_arrows, home_ok)

    def _occupied_cells(self) -> set[tuple[int, int]]:
        return {pcell(p) for p in self.pos}

    def _shift(self, dr: int, dc: int) -> None:
        """Move every coordinate by (dr, dc): the board, the pawns and pending tasks."""
        self.board = {(r + dr, c + dc): v for (r, c), v in self.board.items()}
        d = (dr * STRIDE + dc) * 5
        self.pos = [p + d for p in self.pos]
        st = self.stack
        for i, t in enumerate(st):
            if isinstance(t, PlaceTask) and t.tornado:
                st[i] = t._replace(tornado=1, fr=t.fr + dr, fc=t.fc + dc)
            elif isinstance(t, OrientTask):
                st[i] = t._replace(r=t.r + dr, c=t.c + dc)

    def _board_changed(self) -> None:
        """Normalise the table (smallest row and column 0) and drop the cached graph."""
        self._graph = None
        self._slots = None
        minr = min(r for r, _ in self.board)
        minc = min(c for _, c in self.board)
        if minr or minc:
            self._shift(-minr, -minc)

    # ------------------------------------------------------------------ contract
    @property
    def to_act(self) -> list[int]:
        return [] if self.over else [self.current]

    @property
    def is_over(self) -> bool:
        return self.over

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.current:
            return []
        if self._opts is None:
            self._opts = self._legal_now()
        return list(self._opts)

    def _legal_now(self) -> list[Action]:
        """The legal actions of the player to act (the task on top of the stack, else the
        phase of the turn)."""
        if self.stack:
            return self._task_actions(self.stack[-1])
        ph = self.phase
        if ph == P_CHOOSE:
            return self._choose_options()
        if ph == P_COMBO:
            # "stop" is always offered: whether the hand still holds a card of the faction
            # is hidden, so the state must not reveal it by moving on by itself.
            return [*self._combo_options(), STOP]
        if ph == P_DISCARD:
            if self.ndiscard >= MAX_DISCARD or not self.hands[self.current]:
                return []
            return [*self._discard_options(), STOP]
        # P_MOVE2
        moves = self._move_options(self.current, False)
        return [*moves, SKIP] if moves else []

    def _move_options(self, seat: int, ignore: bool, by_action: bool = False) -> list[Action]:
        return [_MOVE_BY_KEY[k] for k in self.destinations(seat, ignore, by_action)]

    def _distinct_hand(self) -> list[int]:
        same = self.parts.same_kind
        seen: set[int] = set()
        out = []
        for card in self.hands[self.current]:
            k = same[card]
            if k not in seen:
                seen.add(k)
                out.append(card)
        return out

    def _discard_options(self) -> list[Action]:
        return [DISCARDS[c] for c in self._distinct_hand()]

    def slots(self) -> tuple[tuple[int, int], ...]:
        """Where an Exploration card may be put now (cached until the table changes)."""
        s = self._slots
        if s is None:
            s = self._slots = tuple(placements(self.board))
        return s

    def _choose_options(self) -> list[Action]:
        opts: list[Action] = self._move_options(self.current, False)
        hand = self._distinct_hand()
        room = bool(self.slots())
        opts.extend(PLAYS[c] for c in hand if room or KIND[c] != KIND_EXPLO)
        opts.extend(DISCARDS[c] for c in hand)
        return opts

    def _combo_options(self) -> list[Action]:
        f = self.faction
        faction = self.parts.faction
        room = bool(self.slots())
        return [
            PLAYS[c]
            for c in self._distinct_hand()
            if faction[c] == f and (room or KIND[c] != KIND_EXPLO)
        ]

    def _task_actions(self, t: Task) -> list[Action]:
        """The legal actions of the task ``t`` (none for a task without decision)."""
        if isinstance(t, MoveTask):
            return self._move_options(t.mover, bool(t.ignore), True)
        if isinstance(t, TargetTask):
            return [
                TARGETS[s]
                for s in range(self.players)
                if s != self.current and not self.on_base(s) and self.destinations(s, True, True)
            ]
        if isinstance(t, BlackHoleTask):
            return [BLACKHOLES[x] for x in self.black_hole_lines()]
        if isinstance(t, PickTask):
            occ = self._occupied_cells()
            want = t.kinds
            return [
                PICKS[rc]
                for rc in sorted(self.board)
                if rc not in occ and KIND[self.board[rc] >> 2] in want
            ]
        if isinstance(t, PlaceTask):
            if t.tornado:
                return [PLACES[rc] for rc in placements(self.board, (t.fr, t.fc))]
            return [PLACES[rc] for rc in self.slots()]
        if isinstance(t, OrientTask):
            f = t.forbidden
            if f >= 0 and self.options["rotation"] == "quarter":
                return [ORIENTS[(f + 1) % 4], ORIENTS[(f + 3) % 4]]
            return [o for o in ORIENTS if o.rot != f]
        return []

    def black_hole_lines(self) -> list[tuple[str, int]]:
        """Rows and columns holding at least one card, no pawn and no base."""
        occ = self._occupied_cells()
        bad_rows = {r for r, _ in occ}
        bad_cols = {c for _, c in occ}
        rows: set[int] = set()
        cols: set[int] = set()
        for (r, c), code in self.board.items():
            if KIND[code >> 2] == KIND_BASE:
                bad_rows.add(r)
                bad_cols.add(c)
            rows.add(r)
            cols.add(c)
        return [("row", r) for r in sorted(rows - bad_rows)] + [
            ("col", c) for c in sorted(cols - bad_cols)
        ]

    # ------------------------------------------------------------------ applying
    def _apply(self, seat: int, action: Action) -> None:
        self._opts = None
        if self.stack:
            self._apply_task(action)
        else:
            ph = self.phase
            if isinstance(action, Move):
                self._move_pawn(seat, pkey(action.r, action.c, action.p), "normal")
                if ph == P_CHOOSE:
                    self.phase = P_MOVE2  # phase 1 done: on to the optional move
                else:
                    self._end_turn()
            elif isinstance(action, Play):
                if ph == P_CHOOSE:
                    f = self.parts.faction[action.card]
                    self.emit({"event": "combo", "seat": seat, "faction": f})
                self.phase = P_COMBO
                self.hands[seat].remove(action.card)
                self._bring(action.card, "hand")
            elif isinstance(action, Discard):
                self.phase = P_DISCARD
                self.hands[seat].remove(action.card)
                self.discard.append(action.card)
                self.ndiscard += 1
                self.emit({"event": "discard", "seat": seat, "card": action.card})
            elif isinstance(action, Stop):
                self.phase = P_MOVE2
            else:  # Skip
                self._end_turn()
        self._run()

    def _apply_task(self, action: Action) -> None:
        st = self.stack
        t = st.pop()
        if isinstance(t, MoveTask):
            assert isinstance(action, Move)
            mover, ignore, remaining = t
            how = "pirates" if mover != self.current else ("winds" if ignore else "hyper")
            self._move_pawn(mover, pkey(action.r, action.c, action.p), how)
            if remaining > 1 and not self.on_base(mover):
                st.append(MoveTask(mover, ignore, remaining - 1))
        elif isinstance(t, TargetTask):
            assert isinstance(action, Target)
            self.emit({"event": "target", "seat": self.current, "target": action.seat})
            st.append(MoveTask(action.seat, 1, 1))
        elif isinstance(t, BlackHoleTask):
            assert isinstance(action, BlackHole)
            self._black_hole(action.axis, action.index)
        elif isinstance(t, PickTask):
            assert isinstance(action, Pick)
            rc = (action.r, action.c)
            code = self.board[rc]
            card, rot = code >> 2, code & 3
            if t.mode == 0:  # tornado: lift the card, then place it elsewhere
                del self.board[rc]
                self.emit(
                    {"event": "lift", "seat": self.current, "card": card, "r": rc[0], "c": rc[1]}
                )
                st.append(PlaceTask(card, 1, rc[0], rc[1], rot))
                self._board_changed()
            else:
                self.emit(
                    {"event": "pick", "seat": self.current, "card": card, "r": rc[0], "c": rc[1]}
                )
                st.append(OrientTask(rc[0], rc[1], rot))
        elif isinstance(t, PlaceTask):
            assert isinstance(action, Place)
            card, tornado, old_rot = t.card, t.tornado, t.old_rot
            rot = old_rot if tornado else 0
            self.board[(action.r, action.c)] = card * 4 + rot
            self.emit(
                {"event": "place", "seat": self.current, "card": card, "r": action.r, "c": action.c}
            )
            st.append(OrientTask(action.r, action.c, old_rot if tornado else -1))
            self._board_changed()
        elif isinstance(t, OrientTask):
            assert isinstance(action, Orient)
            rc = (t.r, t.c)
            card = self.board[rc] >> 2
            self.board[rc] = card * 4 + action.rot
            self._graph = None
            self.emit(
                {
                    "event": "orient",
                    "seat": self.current,
                    "card": card,
                    "r": rc[0],
                    "c": rc[1],
                    "rot": action.rot,
                }
            )
        else:  # pragma: no cover - automatic tasks never wait for a decision
            raise AssertionError(f"task {task_name(t)} takes no decision")

    def _run(self) -> None:
        """Resolve automatic steps until a decision is needed or the game ends."""
        st = self.stack
        while not self.over:
            if st:
                t = st[-1]
                if isinstance(t, EffectTask):
                    st.pop()  # the card's effect is over (the card is on the discard)
                    continue
                if isinstance(t, DrawTask):
                    st.pop()
                    card = self._draw_one()
                    if card is None:
                        self.emit({"event": "fizzle", "seat": self.current, "task": "draw"})
                    else:
                        self._bring(card, "deck")
                    continue
                if isinstance(t, ScavengeTask):
                    st.pop()
                    card = self._take_from_discard()
                    if card is None:
                        self.emit({"event": "fizzle", "seat": self.current, "task": "scav"})
                    else:
                        self._bring(card, "discard")
                    continue
                opts = self._task_actions(t)
                if opts:
                    self._opts = opts
                    return
                st.pop()
                self._fizzle(t)
                continue
            opts = self._legal_now()
            if opts:
                self._opts = opts
                return
            ph = self.phase
            if ph == P_CHOOSE:
                # No move and no card: the player cannot take phase 1 (nor phase 2).
                self.emit({"event": "pass", "seat": self.current})
                self._end_turn(passed=True)
            elif ph in (P_COMBO, P_DISCARD):
                self.phase = P_MOVE2
            else:
                self._end_turn()

    def _fizzle(self, t: Task) -> None:
        if isinstance(t, PlaceTask):
            card = t.card
            if t.tornado:  # tornado with nowhere else to go: the card stays where it was
                self.board[(t.fr, t.fc)] = card * 4 + t.old_rot
                self._board_changed()
            else:  # an Exploration with no free slot (table full): it is discarded
                self.discard.append(card)
        self.emit({"event": "fizzle", "seat": self.current, "task": task_name(t)})

    def _bring(self, card: int, via: str) -> None:
        """Put ``card`` into play: its faction now governs the combination."""
        self.faction = self.parts.faction[card]
        self.emit({"event": "play", "seat": self.current, "card": card, "via": via})
        st = self.stack
        if KIND[card] == KIND_EXPLO:
            st.append(PlaceTask(card, 0, 0, 0, -1))
            return
        # "Placez la carte, face visible, dans la défausse et appliquez son effet": on the
        # discard first, then the effect (marked as being applied until it is over).
        effect = self.parts.effect[card]
        assert effect is not None  # a deck card that is no Exploration is an Action card
        self.discard.append(card)
        st.append(EffectTask(card))
        EFFECTS[effect](self)

    def applying(self) -> set[int]:
        """The Action cards whose effect is being applied now (all on the discard): the card
        just played and, in a chain, the Destinée incertaine / Ferrailleur spatial cards that
        brought it into play. None of them is brought into play again before its effect is
        over (interpretation 5)."""
        return {t.card for t in self.stack if isinstance(t, EffectTask)}

    def _take_from_discard(self) -> int | None:
        """Ferrailleur spatial: "Récupérez la carte du dessus de la défausse" -- the topmost
        card of the discard whose effect is not being applied (never the Ferrailleur itself,
        which lies on top); ``None`` if there is none."""
        busy = self.applying()
        d = self.discard
        for i in range(len(d) - 1, -1, -1):
            if d[i] not in busy:
                return d.pop(i)
        return None

    # effects ------------------------------------------------------------
    def _fx_hyper(self) -> None:
        if self.on_base(self.current):
            self.emit({"event": "fizzle", "seat": self.current, "task": "base"})
        else:
            self.stack.append(MoveTask(self.current, 0, 2))

    def _fx_winds(self) -> None:
        if self.on_base(self.current):
            self.emit({"event": "fizzle", "seat": self.current, "task": "base"})
        else:
            self.stack.append(MoveTask(self.current, 1, 1))

    def _fx_pirates(self) -> None:
        self.stack.append(TargetTask())

    def _fx_black_hole(self) -> None:
        self.stack.append(BlackHoleTask())

    def _fx_tornado(self) -> None:
        self.stack.append(PickTask(0))

    def _fx_magnetic(self) -> None:
        self.stack.append(PickTask(1))

    def _fx_destiny(self) -> None:
        self.stack.append(DrawTask())

    def _fx_scrapper(self) -> None:
        self.stack.append(ScavengeTask())

    # pieces ------------------------------------------------------------
    def _move_pawn(self, seat: int, to: int, how: str) -> None:
        r, c, p = pdecode(to)
        self.pos[seat] = to
        self.emit(
            {
                "event": "move",
                "seat": self.current,
                "pawn": seat,
                "r": r,
                "c": c,
                "p": p,
                "how": how,
            }
        )
        if self.graph.base_owner.get(to, -2) == seat and seat not in self.arrived:
            self.arrived = (*self.arrived, seat)
            self.emit({"event": "arrive", "seat": seat, "order": len(self.arrived)})

    def _black_hole(self, axis: str, index: int) -> None:
        removed = []
        keep: Board = {}
        row = axis == "row"
        for (r, c), code in sorted(self.board.items()):
            k = r if row else c
            if k == index:
                removed.append(code >> 2)
            elif k > index:
                keep[(r - 1, c) if row else (r, c - 1)] = code
            else:
                keep[(r, c)] = code
        self.board = keep
        newpos = []
        for p in self.pos:
            r, c, q = pdecode(p)
            if row and r > index:
                r -= 1
            elif not row and c > index:
                c -= 1
            newpos.append(pkey(r, c, q))
        self.pos = newpos
        out = list(self.out)
        for card in removed:
            if KIND[card] == KIND_EXPLO:
                self.discard.append(card)
            else:
                out.append(card)
        self.out = tuple(sorted(out))
        self.emit(
            {
                "event": "blackhole",
                "seat": self.current,
                "axis": axis,
                "index": index,
                "cards": removed,
            }
        )
        self._board_changed()

    def _rebuild(self) -> bool:
        """Empty deck: "laissez dans la défausse la dernière carte posée, puis reconstituez une
        nouvelle pioche en mélangeant toutes les autres cartes défaussées". The last card laid
        is the top of the discard (e.g. the Destinée incertaine asking for the draw); cards
        whose effect is still being applied stay on the discard too (interpretation 15)."""
        d = self.discard
        if not d:
            return False
        busy = self.applying()
        top = len(d) - 1
        kept = [c for i, c in enumerate(d) if i == top or c in busy]
        rest = [c for i, c in enumerate(d) if i != top and c not in busy]
        if not rest:
            return False
        self.deck = rest
        self.discard = kept
        self.rng.shuffle(self.deck)
        held = kept[:-1]
        self.emit({"event": "rebuild", "n": len(rest), "kept": kept[-1], "held": held})
        return True

    def _draw_one(self) -> int | None:
        if not self.deck and not self._rebuild():
            return None
        self.revealed()  # the drawer sees the card: no taking back past it
        return self.deck.pop()

    def _end_turn(self, passed: bool = False) -> None:
        seat = self.current
        hand = self.hands[seat]
        drawn = []
        while len(hand) < HAND_SIZE:
            card = self._draw_one()
            if card is None:
                break
            drawn.append(card)
            hand.append(card)
        hand.sort()
        if drawn:
            self.emit({"event": "draw", "seat": seat, "n": len(drawn)}, {seat: {"cards": drawn}})
        self.passes = self.passes + 1 if passed and not drawn else 0
        self.turns += 1
        self.stack.clear()
        self.phase = P_CHOOSE
        self.faction = -1
        self.ndiscard = 0
        nxt = (seat + 1) % self.players
        if nxt == self.first:  # a round is complete: everyone has had as many turns
            rounds = self.turns // self.players
            if self.arrived:
                self._finish(End.ARRIVED)
                return
            if self.round_limit and rounds >= self.round_limit:
                self._finish(End.ROUND_LIMIT)
                return
        if self.passes >= self.players:
            self._finish(End.BLOCKED)
            return
        self.current = nxt

    def _finish(self, reason: End) -> None:
        self.over = True
        self.reason = reason.value  # the state holds the plain code (as saved)
        self._opts = None
        self.emit({"event": "end", "reason": reason.value, "arrived": list(self.arrived)})

    # ------------------------------------------------------------------ outcome
    def leader(self) -> int:
        """The seat that wins if the game ends now, among those home (-1 if none): the last to
        arrive (rulebook), or the first with the option ``tie_break=first``."""
        if not self.arrived:
            return -1
        return self.arrived[0] if self.options["tie_break"] == "first" else self.arrived[-1]

    def _outcome(self) -> Outcome:
        n = self.players
        if self.arrived:
            winner = self.leader()
            sign = -1.0 if self.options["tie_break"] == "first" else 1.0
            keys = []
            for s in range(n):
                if s == winner:
                    keys.append((2.0, 0.0))
                elif s in self.arrived:
                    keys.append((1.0, sign * self.arrived.index(s)))
                else:
                    keys.append((0.0, 0.0))
            scores = tuple(1.0 if s == winner else 0.0 for s in range(n))
            details: dict[str, Any] = {
                "winner": winner,
                "arrived": list(self.arrived),
                "rounds": self.turns // n,
            }
            if sign < 0:
                details["tie_break"] = "first"
            return Outcome(scores, ranks_from_keys(keys), End.ARRIVED, details)
        return Outcome(
            tuple(0.0 for _ in range(n)),
            tuple(1 for _ in range(n)),
            End(self.reason),
            {"winner": None, "arrived": [], "rounds": self.turns // n},
        )

    # ------------------------------------------------------------------ views
    def _view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Reshuffle the deck order and the other players' hands (same sizes)."""
        pool = list(self.deck)
        for s, h in enumerate(self.hands):
            if s != seat:
                pool.extend(h)
        pool.sort()  # canonical: the result depends only on what ``seat`` may know
        rng.shuffle(pool)
        for s, h in enumerate(self.hands):
            if s != seat:
                k = len(h)
                self.hands[s] = sorted(pool[:k])
                del pool[:k]
        self.deck = pool
        self._opts = None

    # ------------------------------------------------------------------ RL and bots
    @classmethod
    def enumerate_actions(cls, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        return all_actions(players)

    @classmethod
    def max_decisions(cls, players: int, options: Mapping[str, Any]) -> int:
        """A true bound under the ``round_limit`` option: at most that many rounds of
        ``players`` turns, each of at most ``TURN_BOUND`` decisions.

        The rulebook's race (no round limit) has none: pawns may wander and cards cycle
        through the discard for as long as nobody reaches their base; it returns the
        engine's ``NO_BOUND``, and a driver that must finish sets ``round_limit``
        (``info.simulation_options``)."""
        limit = int(options.get("round_limit", DEFAULT_ROUND_LIMIT))
        if limit == NO_ROUND_LIMIT:
            return NO_BOUND
        return limit * players * TURN_BOUND

    def describe_action(self, action: Action, lang: str = "en") -> str:
        """The label of ``action`` with the names of this game's data set (a corrected table
        gives corrected names)."""
        if isinstance(action, Play):
            return text(lang, "act_play", card=card_label(action.card, lang, self.parts))
        if isinstance(action, Discard):
            return text(lang, "act_discard", card=card_label(action.card, lang, self.parts))
        if isinstance(action, Target):
            return text(lang, "act_target", seat=seat_label(action.seat, lang, self.parts))
        return action.describe(lang)

    def _why_not(self, seat: int, action: Action) -> list[Reason]:
        """Why ``action`` is not legal for ``seat`` now (see :mod:`.why`)."""
        return why_not(self, seat, action)

    def _action_components(self, action: Action) -> Iterable[str]:
        """The card a Play or Discard is about (see :mod:`.why`)."""
        return action_components(action)

    def _component_ids(self, view: Mapping[str, Any]) -> Iterable[str]:
        """The components ``view`` mentions (see :func:`.view.component_ids`)."""
        return component_ids(view, self.parts)

    def race_distance(self, seat: int) -> int:
        """Moves ``seat``'s pawn still needs to reach its base (see :mod:`.evaluation`)."""
        return race_distance(self, seat)

    def evaluate(self, seat: int) -> float:
        """Race position for the bots (see :mod:`.evaluation`)."""
        return evaluate(self, seat)


EFFECTS: dict[EffectId, Callable[[Quazarys], None]] = {
    "hyper_vitesse": Quazarys._fx_hyper,
    "vents_solaires": Quazarys._fx_winds,
    "attaque_pirates": Quazarys._fx_pirates,
    "trou_noir": Quazarys._fx_black_hole,
    "tornade_solaire": Quazarys._fx_tornado,
    "champ_magnetique": Quazarys._fx_magnetic,
    "destinee_incertaine": Quazarys._fx_destiny,
    "ferrailleur_spatial": Quazarys._fx_scrapper,
}
