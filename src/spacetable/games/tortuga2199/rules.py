"""Tortuga 2199 (Jet Games Studio / Origames, 2020): the rules.

Rulebook: ``shared/seeds/003_7e79cf56d95b78d4.txt``; rule-to-code map in
``docs/games/tortuga2199.md``. The state is flat (ints and lists of card-type ints), declared
once (:attr:`Tortuga2199.state`), so that clones and random playouts are fast; every choice
of the rulebook is an atomic action:

* setup: each player, from the first one clockwise, chooses a ship (``ship``);
* a turn: ``reenter`` (forced, when the ship is in the hold), then any number of ``takeback``
  (start of turn only), ``play``, ``ability``/``ability_done`` (the played card's abilities,
  each optional, in any order), ``buy``, ``renew``, ``move``, ``collect``, ``probe``,
  ``reserve``, ``destroy``, ``capture``, ``convert``, ``conquer`` (``conquer_crypto`` in the
  peaceful scenario), ``reinforce``, ``attack``, ``influence`` (at Tortuga), ``mineral``
  (spend a mineral token for 1 Crypto), the sector powers ``fortress``, ``mines``,
  ``vortex`` and ``research``, and finally ``end``;
* a combat: the attacker's secret ``commit`` one card at a time then ``commit_done``, the
  defender's open ``defend``/``defend_done``, and in the aggressive scenario the loser's
  ``sacrifice`` and the winning attacker's ``spoils``.

This module holds the game class: its declared state, the setup, the turn, the phase
dispatch, the end and the determinization. Its seams are split out: :mod:`.legal` (the
main phase's legal actions), :mod:`.abilities` (the played-ability window), :mod:`.market`
(buying and renewing), :mod:`.combat`; and, reading the game only, :mod:`.view`,
:mod:`.labels` and :mod:`.evaluation`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from spacetable.engine import (
    BOOL,
    INT,
    NO_BOUND,
    STR,
    Action,
    Field,
    Game,
    GameInfo,
    Kind,
    OptionSpec,
    Outcome,
    StateSpec,
    list_of,
    option_words,
    ranks_from_keys,
    tuple_of,
)
from spacetable.engine.why import Reason

from . import actions as A
from . import components as C
from . import labels
from .abilities import apply_ability, legal_ability
from .board import Layout
from .combat import after_sacrifice, apply_commit, apply_defend, sacrifice, spoils
from .components import TortugaParts
from .constants import (
    ABILITY,
    ATK,
    BANK,
    BOT_ROUNDS,
    COLLECT_PRICE,
    COMBAT_MAX,
    DEF,
    DESTROY_PRICE,
    HAND_SIZE,
    HUNT_COUNT,
    INFLUENCE_PRICE,
    K_TERMINAL,
    K_TORTUGA,
    KIND_IDS,
    MAIN,
    MARK,
    MARKERS,
    MARKETS,
    MAX_CARD_RESOURCES,
    MAX_PLAYERS,
    MAX_ROUND_LIMIT,
    MIN_PLAYERS,
    MINERAL_TOKENS,
    MOVE_PRICE,
    NO_ROUND_LIMIT,
    OVER,
    P_FORTRESS,
    P_MINES,
    P_RESEARCH,
    P_VORTEX,
    PROBE_PRICE,
    REENTER,
    RESERVE_PRICE,
    RING,
    SACRIFICE,
    SCENARIOS,
    SHIP,
    SPECIAL_KINDS,
    SPOILS,
    START_HANDS,
    TOTAL_CARDS,
    WIN_INFLUENCE,
    End,
)
from .evaluation import evaluate
from .legal import legal_main, reentry_sectors
from .market import buy, renew
from .tables import DATA
from .view import view
from .why import action_components, why_not


class _Reason(Kind):
    """The ending of a finished game (an :class:`End` member), ``""`` while it goes on."""

    def name(self) -> str:
        return "ending code or ''"

    def load(self, v: Any, path: str, game: Any) -> Any:
        if type(v) is not str:
            raise self.bad(v, path)
        if v == "":
            return v
        try:
            return End(v)
        except ValueError:
            raise self.bad(v, path) from None


#: Per-seat lists (their length is the player count).
def _seats(item: Kind) -> Kind:
    return list_of(item, length="players")


def _sectors(item: Kind) -> Kind:
    return list_of(item, length="n_sectors")


def _markets(item: Kind) -> Kind:
    return list_of(item, length=len(MARKETS))


class Tortuga2199(Game):
    """Tortuga 2199 for 2 to 4 players, with the optional scenarios of the rulebook."""

    info = GameInfo(
        id="tortuga2199",
        name_en="Tortuga 2199",
        name_fr="Tortuga 2199",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        options={
            "scenario": OptionSpec(
                default="standard",
                choices=SCENARIOS,
                **option_words(__name__, "scenario"),
            ),
            # Not in the rulebook ("La partie se termine dans deux cas"): off by default.
            "round_limit": OptionSpec(
                default=NO_ROUND_LIMIT,
                kind=int,
                minimum=0,
                maximum=MAX_ROUND_LIMIT,
                **option_words(__name__, "round_limit"),
            ),
        },
        hidden_information=True,
        chance=True,
        # The drivers of simulations play with a limit (stalling bots would never end).
        simulation_options={"round_limit": BOT_ROUNDS},
    )
    action_types = A.ACTION_TYPES
    terminations = End
    # The state, declared once: the engine derives save, checked load and clone from it.
    state = StateSpec(
        Field("scenario", STR),
        # The map: per sector (slot) its kind (fixed at setup: shared by clones), controller
        # (-1: never conquered), Defence, mineral token, hunt token (creature card or -1),
        # the seats that looked at the token (``seen``) and those whose marker is on it
        # (``probes``), both bit masks of seats.
        Field("kinds", tuple_of(INT, length="n_sectors")),
        Field("ctrl", _sectors(INT)),
        Field("defence", _sectors(INT)),
        Field("mineral", _sectors(INT)),
        Field("hunt", _sectors(INT)),
        Field("probes", _sectors(INT)),
        Field("seen", _sectors(INT)),
        Field("box_hunt", list_of(INT)),
        Field("hunt_pile", list_of(INT)),
        Field("minerals_out", INT),
        # Markets: per special deck its cards (top at the end), face-up cards and how many
        # bottom cards are public; the T piles; the Mines depot and the Influence bank.
        Field("mdeck", _markets(list_of(INT))),
        Field("mface", _markets(list_of(INT))),
        Field("mknown", _markets(INT)),
        Field("tpile", list_of(INT, length="n_tpiles")),
        Field("depot", INT),
        Field("bank", INT),
        # Per seat.
        Field("hand", _seats(list_of(INT))),
        Field("deck", _seats(list_of(INT))),
        Field("discard", _seats(list_of(INT))),
        Field("played", _seats(list_of(INT))),
        Field("reserve", _seats(INT)),
        Field("pos", _seats(INT)),
        Field("minerals", _seats(INT)),
        Field("infl", _seats(INT)),
        Field("htokens", _seats(list_of(INT))),
        Field("ship", _seats(INT)),
        Field("destroyed", list_of(INT)),
        # The turn.
        Field("first", INT),
        Field("cur", INT),
        Field("phase", INT),
        Field("turns", INT),
        Field("tacts", INT),
        Field("fresh", BOOL),
        Field("crypto", INT),
        Field("mano", INT),
        Field("used", INT),
        Field("pend_card", INT),
        Field("pend", list_of(INT)),
        # The sector whose token was just probed, while its prober decides on a marker.
        Field("mark_at", INT),
        # Combat: attacker, defender, sector, winner, loser; the cards on the table.
        Field("cb", list_of(INT, length=5)),
        Field("catk", list_of(INT)),
        Field("cdef", list_of(INT)),
        # The end.
        Field("tortuga_by", INT),
        Field("last", list_of(INT)),
        Field("winner", INT),
        Field("reason", _Reason()),
    )

    data_spec = DATA
    parts: TortugaParts
    scenario: str
    round_limit: int
    lay: Layout
    kinds: tuple[int, ...]
    reason: End | str

    @property
    def n_sectors(self) -> int:
        """How many sectors the map of this player count has (fixed by the rulebook)."""
        return 1 + RING[self.players] + len(SPECIAL_KINDS)

    @property
    def n_tpiles(self) -> int:
        """How many T piles (one a T card type of the data set)."""
        return len(self.parts.t_cards)

    def _derive(self) -> None:
        self.lay = self.parts.layouts[self.players]
        self.round_limit = int(self.options["round_limit"])

    # ------------------------------------------------------------------ setup
    def setup(self) -> None:
        P = self.parts
        n = self.players
        rng = self.rng
        self.scenario = self.options["scenario"]
        self._derive()
        lay = self.lay
        specials = list(SPECIAL_KINDS)
        rng.shuffle(specials)
        kinds: list[int] = []
        it = iter(specials)
        for k in lay.kinds:
            kinds.append(next(it) if k == "special" else KIND_IDS.index(k))
        self.kinds = tuple(kinds)
        ns = lay.n
        self.ctrl: list[int] = [-1] * ns
        self.defence: list[int] = [P.kind_start_def[k] for k in kinds]
        self.mineral: list[int] = [0 if k == K_TORTUGA else 1 for k in kinds]
        self.minerals_out = MINERAL_TOKENS - sum(self.mineral)
        tokens = list(P.hunt_cards)
        rng.shuffle(tokens)
        self.hunt: list[int] = [-1 if k == K_TORTUGA else tokens.pop() for k in kinds]
        self.box_hunt: list[int] = sorted(tokens)
        self.probes: list[int] = [0] * ns
        self.seen: list[int] = [0] * ns
        self.hunt_pile: list[int] = sorted(P.hunt_cards)
        self.mdeck: list[list[int]] = []
        self.mface: list[list[int]] = []
        for m in MARKETS:
            deck = [c for c in P.market_cards[m] for _ in range(P.count[c])]
            rng.shuffle(deck)
            face = [deck.pop(), deck.pop()]
            self.mdeck.append(deck)
            self.mface.append(face)
        self.mknown: list[int] = [0] * len(MARKETS)
        self.tpile: list[int] = [P.count[c] for c in P.t_cards]
        self.depot = 0
        self.bank = BANK
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[list[int]] = [[] for _ in range(n)]
        self.discard: list[list[int]] = [[] for _ in range(n)]
        self.played: list[list[int]] = [[] for _ in range(n)]
        self.reserve: list[int] = [-1] * n
        self.pos: list[int] = [lay.tortuga] * n
        self.minerals: list[int] = [0] * n
        self.infl: list[int] = [0] * n
        self.htokens: list[list[int]] = [[] for _ in range(n)]
        self.ship: list[int] = [-1] * n
        self.destroyed: list[int] = []
        self.first = rng.below(n)
        self.cur = self.first
        self.phase = SHIP
        self.turns = 0
        self.tacts = 0
        self.fresh = True
        self.crypto = 0
        self.mano = 0
        self.used = 0
        self.pend_card = -1
        self.pend: list[int] = []
        self.mark_at = -1
        # Combat: attacker, defender, sector, winner, loser.
        self.cb: list[int] = [-1, -1, -1, -1, -1]
        self.catk: list[int] = []
        self.cdef: list[int] = []
        self.tortuga_by = -1
        self.last: list[int] = []
        self.winner = -1
        self.reason = ""
        self.emit({"event": "setup", "first": self.first, "kinds": [KIND_IDS[k] for k in kinds]})

    # ------------------------------------------------------------------ helpers
    def total(self, p: int) -> int:
        """Influence of seat ``p``: Influence tokens plus its control tokens."""
        P = self.parts
        t = self.infl[p]
        kinds = self.kinds
        for s, o in enumerate(self.ctrl):
            if o == p:
                t += P.kind_influence[kinds[s]]
        return t

    def sectors_of(self, p: int) -> int:
        return self.ctrl.count(p)

    def bonus(self, p: int, kind: int) -> int:
        """Bonus tokens of ``kind`` (terminal or turret) in the hold of ``p``."""
        kinds = self.kinds
        return sum(1 for s, o in enumerate(self.ctrl) if o == p and kinds[s] == kind)

    def markers_free(self, p: int) -> int:
        bit = 1 << p
        used = self.ctrl.count(p) + sum(1 for b in self.probes if b & bit)
        return MARKERS - used

    def locked(self) -> bool:
        """True during the last round after Tortuga's conquest (no conquest, no attack)."""
        return self.tortuga_by >= 0

    def gain_bank(self, p: int, n: int) -> None:
        n = min(n, self.bank)
        if n > 0:
            self.bank -= n
            self.infl[p] += n
            self._check_win(p)

    def steal(self, winner: int, loser: int, n: int) -> int:
        n = min(n, self.infl[loser])
        if n > 0:
            self.infl[loser] -= n
            self.infl[winner] += n
            self._check_win(winner)
        return n

    def _check_win(self, p: int) -> None:
        if self.phase != OVER and self.total(p) >= WIN_INFLUENCE:
            self.winner = p
            self._finish(End.INFLUENCE)

    def _finish(self, reason: End) -> None:
        if self.phase == OVER:
            return
        # Cards still on the combat table go back to their owners' discards.
        if self.catk:
            self.discard[self.cb[0]].extend(self.catk)
            self.catk = []
        if self.cdef:
            self.discard[self.cb[1]].extend(self.cdef)
            self.cdef = []
        self.phase = OVER
        self.reason = reason
        self.emit(
            {
                "event": "game_end",
                "reason": reason.value,
                "winner": self.winner,
                "winners": list(self._outcome().winners),
                "influence": [self.total(p) for p in range(self.players)],
            }
        )

    def destroy_card(self, p: int, c: int) -> None:
        """Card ``c`` of seat ``p`` leaves the game (a hunt card takes its token along)."""
        P = self.parts
        self.destroyed.append(c)
        if P.is_hunt[c]:
            self.htokens[p].remove(c)

    def _draw(self, p: int, n: int) -> list[int]:
        deck = self.deck[p]
        hand = self.hand[p]
        got: list[int] = []
        for _ in range(n):
            if not deck:
                disc = self.discard[p]
                if not disc:
                    break
                self.rng.shuffle(disc)
                self.deck[p] = deck = disc
                self.discard[p] = []
            c = deck.pop()
            self.revealed()  # the seat sees the card it draws
            hand.append(c)
            got.append(c)
        return got

    def draw_logged(self, p: int, n: int) -> None:
        got = self._draw(p, n)
        if got:
            self.emit({"event": "draw", "seat": p, "n": len(got)}, {p: {"cards": sorted(got)}})

    def _start_turn(self, p: int) -> None:
        self.cur = p
        self.crypto = self.bonus(p, K_TERMINAL)
        self.mano = 0
        self.used = 0
        self.tacts = 0
        self.fresh = True
        self.pend_card = -1
        self.pend = []
        self.phase = REENTER if self.pos[p] < 0 else MAIN

    def _end_turn(self, p: int) -> None:
        self.discard[p].extend(self.played[p])
        self.discard[p].extend(self.hand[p])
        self.played[p] = []
        self.hand[p] = []
        got = self._draw(p, HAND_SIZE)
        self.turns += 1
        nxt = -1
        if self.tortuga_by >= 0:
            if self.last and self.last[0] == p:
                self.last.pop(0)
            if self.last:
                nxt = self.last[0]
        elif not self.round_limit or self.turns < self.round_limit * self.players:
            nxt = (p + 1) % self.players
        self.emit(
            {"event": "end_turn", "seat": p, "n": len(got), "next": nxt},
            {p: {"cards": sorted(got)}},
        )
        if nxt < 0:
            self._finish(End.TORTUGA if self.tortuga_by >= 0 else End.LIMIT)
            return
        self._start_turn(nxt)

    def take_control(self, p: int, s: int) -> None:
        """Seat ``p`` takes sector ``s``: marker one Defence higher, tokens handed over."""
        P = self.parts
        prev = self.ctrl[s]
        k = self.kinds[s]
        self.ctrl[s] = p
        if P.kind_has_def[k]:  # Tortuga has no Defence track
            self.defence[s] = min(self.defence[s] + 1, P.kind_max_def[k])
        self.emit(
            {
                "event": "control",
                "seat": p,
                "sector": s,
                "kind": KIND_IDS[k],
                "from": prev,
                "defence": self.defence[s] if P.kind_has_def[k] else None,
            }
        )
        if k == K_TERMINAL and p == self.cur:
            self.crypto += 1  # the Terminal bonus is usable at once
        if k == K_TORTUGA:
            self.tortuga_by = p
            if self.scenario == "aggressive":
                self._finish(End.TORTUGA)
                return
            n = self.players
            self.last = [(p + i) % n for i in range(1, n)]
        self._check_win(p)

    def would_win_tortuga(self, p: int) -> bool:
        """Aggressive scenario: conquering Tortuga must give the victory."""
        P = self.parts
        mine = self.total(p) + P.kind_influence[K_TORTUGA]
        if mine >= WIN_INFLUENCE:
            return True
        return all(mine >= self.total(o) for o in range(self.players) if o != p)

    # ------------------------------------------------------------------ contract
    @property
    def to_act(self) -> list[int]:
        ph = self.phase
        if ph == OVER:
            return []
        if ph == ATK:
            return [self.cb[0]]
        if ph == DEF:
            return [self.cb[1]]
        if ph == SACRIFICE:
            return [self.cb[4]]
        if ph == SPOILS:
            return [self.cb[3]]
        return [self.cur]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def _legal_actions(self, seat: int) -> list[Action]:
        P = self.parts
        ph = self.phase
        if ph == OVER or seat not in self.to_act:
            return []
        if ph == MAIN:
            return legal_main(self, seat)
        if ph == ABILITY:
            return legal_ability(self, seat)
        if ph in (ATK, DEF):
            out: list[Action] = [
                (A.COMMIT if ph == ATK else A.DEFEND)[c]
                for c in sorted(set(self.hand[seat]))
                if P.mano[c] >= 1
            ]
            out.append(A.COMMIT_DONE if ph == ATK else A.DEFEND_DONE)
            return out
        if ph == SACRIFICE:
            used = self.catk if seat == self.cb[0] else self.cdef
            return [A.SACRIFICE[c] for c in sorted(set(used))]
        if ph == SPOILS:
            return [A.SPOILS_STEAL, A.SPOILS_BANK]
        if ph == REENTER:
            return [A.REENTER[s] for s in reentry_sectors(self, seat)]
        if ph == MARK:
            return [A.MARKER, A.NO_MARKER]
        # SHIP
        taken = set(self.ship)
        return [A.SHIP[c] for c in P.ships if c not in taken]

    # ------------------------------------------------------------------ apply
    def _apply(self, seat: int, action: Action) -> None:
        ph = self.phase
        if ph == MAIN:
            self.tacts += 1
            self._apply_main(seat, action)
        elif ph == ABILITY:
            self.tacts += 1
            apply_ability(self, seat, action)
        elif ph == ATK:
            apply_commit(self, seat, action)
        elif ph == DEF:
            apply_defend(self, seat, action)
        elif ph == SACRIFICE:
            assert isinstance(action, A.Sacrifice)
            sacrifice(self, seat, action.card)
            after_sacrifice(self)
        elif ph == SPOILS:
            assert isinstance(action, A.Spoils)
            spoils(self, action.choice)
        elif ph == MARK:
            self.tacts += 1
            self._mark(seat, type(action) is A.PlaceMarker)
        elif ph == REENTER:
            assert isinstance(action, A.Reenter)
            self.pos[seat] = action.sector
            self.phase = MAIN
            self.emit(
                {
                    "event": "reenter",
                    "seat": seat,
                    "sector": action.sector,
                    "kind": KIND_IDS[self.kinds[action.sector]],
                }
            )
        else:
            assert isinstance(action, A.ChooseShip)
            self._choose_ship(seat, action.card)

    def _choose_ship(self, p: int, card: int) -> None:
        P = self.parts
        self.ship[p] = card
        self.emit({"event": "ship", "seat": p, "card": card})
        n = self.players
        nxt = (p + 1) % n
        if nxt != self.first:
            self.cur = nxt
            return
        start = [c for c in P.start_cards for _ in range(P.count[c])]
        for i in range(n):
            q = (self.first + i) % n
            deck = [*start, self.ship[q]]
            self.rng.shuffle(deck)
            self.deck[q] = deck
            self.draw_logged(q, START_HANDS[n][i])
        self._start_turn(self.first)

    def _apply_main(self, p: int, a: Action) -> None:
        P = self.parts
        t = type(a)
        if t is not A.TakeBack and t is not A.EndTurn:
            self.fresh = False
        if t is A.Play:
            assert isinstance(a, A.Play)
            c = a.card
            self.hand[p].remove(c)
            self.played[p].append(c)
            self.crypto += P.crypto[c]
            self.mano += P.mano[c]
            self.emit({"event": "play", "seat": p, "card": c})
            if P.played[c]:
                self.pend_card = c
                self.pend = list(range(len(P.played[c])))
                self.phase = ABILITY
        elif t is A.EndTurn:
            self._end_turn(p)
        elif t is A.Move:
            assert isinstance(a, A.Move)
            self.mano -= MOVE_PRICE
            self.pos[p] = a.sector
            self.emit(
                {
                    "event": "move",
                    "seat": p,
                    "sector": a.sector,
                    "kind": KIND_IDS[self.kinds[a.sector]],
                }
            )
        elif t is A.Buy:
            assert isinstance(a, A.Buy)
            buy(self, p, a.card)
        elif t is A.SpendMineral:
            self.minerals[p] -= 1
            self.depot += 1
            self.crypto += 1
            self.emit({"event": "spend_mineral", "seat": p})
        elif t is A.Reinforce:
            assert isinstance(a, A.Reinforce)
            self.crypto -= a.to
            self.defence[a.sector] = a.to
            self.emit(
                {
                    "event": "reinforce",
                    "seat": p,
                    "sector": a.sector,
                    "kind": KIND_IDS[self.kinds[a.sector]],
                    "to": a.to,
                }
            )
        elif t is A.TakeBack:
            c = self.reserve[p]
            self.reserve[p] = -1
            self.hand[p].append(c)
            self.fresh = False
            self.emit({"event": "takeback", "seat": p}, {p: {"card": c}})
        elif t is A.Reserve or t is A.ResearchReserve:
            assert isinstance(a, (A.Reserve, A.ResearchReserve))
            if t is A.Reserve:
                self.crypto -= RESERVE_PRICE
            else:
                self.used |= P_RESEARCH
            self.hand[p].remove(a.card)
            self.reserve[p] = a.card
            self.emit(
                {"event": "reserve", "seat": p, "free": t is A.ResearchReserve},
                {p: {"card": a.card}},
            )
        elif t is A.Destroy or t is A.VortexDestroy:
            assert isinstance(a, (A.Destroy, A.VortexDestroy))
            if t is A.Destroy:
                self.mano -= DESTROY_PRICE
            else:
                self.used |= P_VORTEX
            self.played[p].remove(a.card)
            self.destroy_card(p, a.card)
            self.emit({"event": "destroy", "seat": p, "card": a.card})
        elif t is A.Renew:
            assert isinstance(a, A.Renew)
            renew(self, p, a.card)
        elif t is A.Collect:
            self.mano -= COLLECT_PRICE
            self.mineral[self.pos[p]] = 0
            self.minerals[p] += 1
            self.emit(
                {
                    "event": "collect",
                    "seat": p,
                    "sector": self.pos[p],
                    "kind": KIND_IDS[self.kinds[self.pos[p]]],
                }
            )
        elif t is A.Probe:
            self.mano -= PROBE_PRICE
            self.probe_hunt(p, self.pos[p])
        elif t is A.Capture:
            self._capture(p)
        elif t is A.Convert:
            assert isinstance(a, A.Convert)
            c = a.card
            self.hand[p].remove(c)
            self.htokens[p].remove(c)
            self.destroyed.append(c)
            self.emit({"event": "convert", "seat": p, "card": c, "n": P.hunt_influence[c]})
            self.gain_bank(p, P.hunt_influence[c])
        elif t is A.Conquer or t is A.ConquerCrypto:
            s = self.pos[p]
            cost = C.conquest_cost(self.kinds[s], self.defence[s])
            if t is A.Conquer:
                self.mano -= cost
            else:
                self.crypto -= cost
            self.emit(
                {
                    "event": "conquer",
                    "seat": p,
                    "sector": s,
                    "kind": KIND_IDS[self.kinds[s]],
                    "cost": cost,
                    "crypto": t is not A.Conquer,
                }
            )
            self.take_control(p, s)
        elif t is A.Attack:
            assert isinstance(a, A.Attack)
            s = self.pos[p]
            self.cb = [p, a.target, s, -1, -1]
            self.catk = []
            self.cdef = []
            self.phase = ATK
            self.emit(
                {
                    "event": "attack",
                    "seat": p,
                    "target": a.target,
                    "sector": s,
                    "kind": KIND_IDS[self.kinds[s]],
                }
            )
        elif t is A.BuyInfluence:
            self.crypto -= INFLUENCE_PRICE
            self.emit({"event": "buy_influence", "seat": p})
            self.gain_bank(p, 1)
        elif t is A.FortressPower:
            self.used |= P_FORTRESS
            self.mano += 1
            self.emit({"event": "fortress", "seat": p})
        elif t is A.MinesPower:
            self.used |= P_MINES
            self.depot -= 1
            self.minerals[p] += 1
            self.emit({"event": "mines", "seat": p})
        else:  # pragma: no cover - every legal main action is handled above
            raise AssertionError(f"unexpected action {a}")

    def probe_hunt(self, p: int, s: int) -> None:
        """Seat ``p`` looks at the hunt token of sector ``s`` ("regarder secrètement le jeton
        Chasse"); "Puis vous pouvez prendre ... un marqueur ... et le placer sur ce jeton":
        with a free marker, it then decides whether to place it (phase ``mark``)."""
        self.seen[s] |= 1 << p
        self.revealed()  # the seat looks at a hidden hunt token
        self.emit(
            {"event": "probe", "seat": p, "sector": s, "kind": KIND_IDS[self.kinds[s]]},
            {p: {"creature": self.hunt[s]}},
        )
        if self.markers_free(p) > 0:
            self.mark_at = s
            self.phase = MARK

    def _mark(self, p: int, place: bool) -> None:
        """The marker decision after a probe; then back to the card's abilities or the turn."""
        s = self.mark_at
        if place:
            self.probes[s] |= 1 << p
        self.emit(
            {
                "event": "marker",
                "seat": p,
                "sector": s,
                "kind": KIND_IDS[self.kinds[s]],
                "placed": place,
            }
        )
        self.mark_at = -1
        self.phase = ABILITY if self.pend_card >= 0 else MAIN

    def _capture(self, p: int) -> None:
        """Seat ``p`` captures the probed creature of its sector (+1 Influence)."""
        P = self.parts
        s = self.pos[p]
        h = self.hunt[s]
        self.revealed()  # the creature under the token is shown to every seat
        self.mano -= P.difficulty[h]
        self.hunt[s] = -1
        self.probes[s] = 0
        self.seen[s] = 0
        self.htokens[p].append(h)
        self.hunt_pile.remove(h)
        self.discard[p].append(h)
        self.emit(
            {
                "event": "capture",
                "seat": p,
                "sector": s,
                "kind": KIND_IDS[self.kinds[s]],
                "creature": h,
            }
        )
        self.gain_bank(p, 1)

    # ------------------------------------------------------------------ outcome
    def _outcome(self) -> Outcome:
        n = self.players
        tot = [self.total(p) for p in range(n)]
        keys = [
            (
                1 if p == self.winner else 0,
                tot[p],
                1 if p == self.tortuga_by else 0,
                self.sectors_of(p),
            )
            for p in range(n)
        ]
        return Outcome(
            tuple(float(t) for t in tot),
            ranks_from_keys(keys),
            End(self.reason),
            {
                "influence": tot,
                "influence_tokens": list(self.infl),
                "sectors": [self.sectors_of(p) for p in range(n)],
                "tortuga_conqueror": self.tortuga_by,
                "winner_at_15": self.winner,
                "round_limit": self.round_limit,
            },
        )

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def _component_ids(self, view: Mapping[str, Any]) -> Iterable[str]:
        """The components ``view`` mentions (``labels.component_ids``: from the view only)."""
        return labels.component_ids(self.parts, view)

    def _why_not(self, seat: int, action: Action) -> list[Reason]:
        """Why ``action`` is not legal for ``seat`` now (:func:`.why.why_not`)."""
        return why_not(self, seat, action)

    def _action_components(self, action: Action) -> Iterable[str]:
        """The components ``action`` is about (:func:`.why.action_components`)."""
        return action_components(self, action)

    def describe_action(self, action: Action, lang: str = "en") -> str:
        """A label naming sectors, costs and creatures from the state (``labels.describe``)."""
        return labels.describe(self, action, lang)

    def evaluate(self, seat: int) -> float:
        return evaluate(self, seat)

    # ------------------------------------------------------------------ hidden information
    def resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Reshuffle what ``seat`` cannot see, keeping every count and public fact.

        Canonical: every pool of unseen items is sorted before it is shuffled, so the result
        depends only on what the seat knows and on ``rng``.

        Resampled: hunt tokens ``seat`` has not looked at (among their sectors and the box),
        the unseen part of each sector deck (cards put at the bottom by a renewal stay
        there), its own deck order, and each opponent's hand, deck and Reserved card (and
        secret combat cards, chosen among the Manoeuvre cards) as one pool.
        """
        P = self.parts
        bit = 1 << seat
        slots = [s for s, h in enumerate(self.hunt) if h >= 0 and not self.seen[s] & bit]
        pool = sorted([self.hunt[s] for s in slots] + self.box_hunt)
        rng.shuffle(pool)
        for s in slots:
            self.hunt[s] = pool.pop()
        self.box_hunt = sorted(pool)
        for i, deck in enumerate(self.mdeck):
            k = self.mknown[i]
            top = sorted(deck[k:])
            rng.shuffle(top)
            deck[k:] = top
        own = sorted(self.deck[seat])
        rng.shuffle(own)
        self.deck[seat] = own
        secret = self.phase in (ATK, DEF)
        for o in range(self.players):
            if o == seat:
                continue
            cards = self.hand[o] + self.deck[o]
            if self.reserve[o] >= 0:
                cards.append(self.reserve[o])
            natk = 0
            if secret and o == self.cb[0]:
                natk = len(self.catk)
                cards.extend(self.catk)
            cards.sort()
            rng.shuffle(cards)
            if natk:
                picked: list[int] = []
                rest: list[int] = []
                for c in cards:
                    if len(picked) < natk and P.mano[c] >= 1:
                        picked.append(c)
                    else:
                        rest.append(c)
                self.catk = picked
                cards = rest
            nh = len(self.hand[o])
            self.hand[o] = cards[:nh]
            if self.reserve[o] >= 0:
                self.reserve[o] = cards[nh]
                nh += 1
            self.deck[o] = cards[nh:]

    # ------------------------------------------------------------------ RL space and bounds
    def max_chance_outcomes(self) -> int:
        """Every physical card of the box (its copies counted, the starting cards once per
        seat) bounds a deck's shuffle; the other draws pick among sectors, tokens or seats."""
        cards = sum(self.parts.count) * self.players
        return max(cards, len(self.components()), self.players, 2)

    @classmethod
    def enumerate_actions(cls, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        return A.enumerate_actions(players, options)

    @classmethod
    def max_decisions(cls, players: int, options: Mapping[str, Any]) -> int:
        """A true bound on the decisions of a game, under the ``round_limit`` option.

        The rulebook's game (no round limit) has none: nothing forces a player to do
        anything in a turn, so a game may go on for ever; it returns the engine's
        ``NO_BOUND``, and a driver that must finish sets ``round_limit``. With R rounds: the ship
        choices, then at most R x players turns plus the last round after Tortuga's conquest
        (players - 1 turns), each of at most :func:`turn_bound` decisions.
        """
        limit = int(options.get("round_limit", NO_ROUND_LIMIT))
        if not limit:
            return NO_BOUND
        return players + (limit * players + players - 1) * turn_bound(players)


def turn_bound(players: int) -> int:
    """An upper bound on the decisions of one turn (the combats in it included).

    A turn is finite without any cap: every action but a few free ones spends a resource or
    a card, and the resources of a turn come from the cards played. It holds whatever the
    data set: with N the cards of a game at 4 players (``TOTAL_CARDS``, fixed by the
    rulebook's counts; each card is played at most once a turn: it stays among the played
    cards until the end of the turn):

    * plays <= N, each followed by at most ``ABILITY_SLACK`` ability decisions;
    * spent minerals <= the 10 tokens + 1 from the Mines power + what the played cards'
      ``mineral:N`` abilities take from the depot (a spent token goes to the depot; N <= 10);
    * Crypto + Manoeuvre of the turn <= the 3 Terminal bonuses + the played cards' resources
      (at most ``MAX_CARD_RESOURCES`` a card, checked on load) + the Fortress's 1 + the spent
      minerals; every priced action costs at least 1 of them
      (move, collect, probe, renew 1; reserve, destroy 2; a purchase, a conquest, a
      reinforcement, a capture at least 1; Influence 7);
    * a marker decision after each probe (a priced probe or a probe ability);
    * conversions <= the hunt cards; four sector powers once each; a re-entry, a take-back
      and the end; at most players - 1 combats (each sends a ship to its hold, and a ship
      comes back only at its owner's next turn), each of at most ``COMBAT_MAX`` decisions.
    """
    n = TOTAL_CARDS
    spends = MINERAL_TOKENS + 1 + n * MINERAL_TOKENS
    terminals = 3  # "3 jetons Bonus Terminal commercial"
    resources = terminals + n * MAX_CARD_RESOURCES + 1 + spends
    marks = resources + n
    free = 2 + n + HUNT_COUNT + 4 + 1
    combats = (players - 1) * (1 + COMBAT_MAX)
    return free + n * C.ABILITY_SLACK + spends + resources + marks + combats
