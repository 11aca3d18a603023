"""Tortuga 2199 (Jet Games Studio / Origames, 2020): the rules.

Rulebook: ``shared/seeds/003_7e79cf56d95b78d4.txt``; rule-to-code map in
``docs/games/tortuga2199.md``. The state is flat (ints and lists of card-type ints) so that
clones and random playouts are fast; every choice of the rulebook is an atomic action:

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
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from spacetable.engine import Action, Game, GameInfo, OptionSpec, Outcome, ranks_from_keys

from . import actions as A
from . import cards as C
from . import labels

# ---------------------------------------------------------------- constants
WIN_INFLUENCE = 15  # "15 points d'Influence ... la partie se termine immédiatement"
TORTUGA_COST = 15  # "Conquérir Tortuga nécessite toujours 15 Manœuvres."
INFLUENCE_PRICE = 7  # "payer 7 Cryptos pour gagner 1 point d'Influence"
RESERVE_PRICE = 2
DESTROY_PRICE = 2
RENEW_PRICE = 1
HAND_SIZE = 5
MARKERS = 10  # "Chaque joueur reçoit 10 marqueurs de sa couleur"
MINERAL_TOKENS = 10
BANK = 20 * 1 + 10 * 3  # 20 Influence (I) and 10 Influence (III) tokens
START_HANDS = {2: (4, 5), 3: (3, 4, 5), 4: (3, 4, 4, 5)}
#: Safety limits (interpretation, the rulebook has no turn limit): the game ends with the
#: normal end scoring after this many rounds, and a turn offers only "end" after this many
#: decisions.
MAX_ROUNDS = 40
TURN_CAP = 150

# Phases.
SHIP, REENTER, MAIN, ABILITY, ATK, DEF, SACRIFICE, SPOILS, OVER = range(9)
PHASE_NAMES = (
    "ship",
    "reenter",
    "main",
    "ability",
    "attack",
    "defend",
    "sacrifice",
    "spoils",
    "over",
)
# Once-per-turn sector powers (bits of ``used``).
P_FORTRESS, P_MINES, P_VORTEX, P_RESEARCH = 1, 2, 4, 8

SCENARIOS = ("standard", "aggressive", "peaceful")
MARKET_INDEX = {C.MARKET_KIND[m]: i for i, m in enumerate(C.MARKETS)}
T_INDEX = {c: i for i, c in enumerate(C.T_CARDS)}
COMBAT_MAX = 2 * (C.TOTAL_CARDS + 1) + 2
ABILITY_SLACK = 1 + max(len(p) for p in C.PLAYED)


class Tortuga2199(Game):
    """Tortuga 2199 for 2 to 4 players, with the optional scenarios of the rulebook."""

    info = GameInfo(
        id="tortuga2199",
        name_en="Tortuga 2199",
        name_fr="Tortuga 2199",
        min_players=2,
        max_players=4,
        options={
            "scenario": OptionSpec(
                default="standard",
                choices=SCENARIOS,
                help_en="optional scenario: aggressive pirates or peaceful pirates",
                help_fr="scénario optionnel : pirates agressifs ou pirates pacifiques",
            )
        },
        hidden_information=True,
        chance=True,
    )
    action_types = A.ACTION_TYPES

    # ------------------------------------------------------------------ setup
    def setup(self) -> None:
        n = self.players
        rng = self.rng
        self.scenario: str = self.options["scenario"]
        lay = C.LAYOUTS[n]
        self.lay = lay
        specials = list(C.SPECIAL_KINDS)
        rng.shuffle(specials)
        kinds: list[int] = []
        it = iter(specials)
        for k in lay.kinds:
            kinds.append(next(it) if k == "special" else C.KIND_INDEX[k])
        self.kinds: list[int] = kinds
        ns = lay.n
        self.ctrl: list[int] = [-1] * ns
        self.defence: list[int] = [C.KIND_START_DEF[k] for k in kinds]
        self.mineral: list[int] = [0 if k == C.K_TORTUGA else 1 for k in kinds]
        self.minerals_out = MINERAL_TOKENS - sum(self.mineral)
        tokens = list(C.HUNT_CARDS)
        rng.shuffle(tokens)
        self.hunt: list[int] = [-1 if k == C.K_TORTUGA else tokens.pop() for k in kinds]
        self.box_hunt: list[int] = sorted(tokens)
        self.probes: list[int] = [0] * ns
        self.hunt_pile: list[int] = sorted(C.HUNT_CARDS)
        self.mdeck: list[list[int]] = []
        self.mface: list[list[int]] = []
        for m in C.MARKETS:
            deck = [c for c in C.MARKET_CARDS[m] for _ in range(C.COUNT[c])]
            rng.shuffle(deck)
            face = [deck.pop(), deck.pop()]
            self.mdeck.append(deck)
            self.mface.append(face)
        self.mknown: list[int] = [0] * len(C.MARKETS)
        self.tpile: list[int] = [C.COUNT[c] for c in C.T_CARDS]
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
        # Combat: attacker, defender, sector, winner, loser.
        self.cb: list[int] = [-1, -1, -1, -1, -1]
        self.catk: list[int] = []
        self.cdef: list[int] = []
        self.tortuga_by = -1
        self.last: list[int] = []
        self.winner = -1
        self.reason = ""
        self.emit({"event": "setup", "first": self.first, "kinds": [C.KIND_ID[k] for k in kinds]})

    # ------------------------------------------------------------------ helpers
    def total(self, p: int) -> int:
        """Influence of seat ``p``: Influence tokens plus its control tokens."""
        t = self.infl[p]
        kinds = self.kinds
        for s, o in enumerate(self.ctrl):
            if o == p:
                t += C.KIND_INFLUENCE[kinds[s]]
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

    def _locked(self) -> bool:
        """True during the last round after Tortuga's conquest (no conquest, no attack)."""
        return self.tortuga_by >= 0

    def _gain_bank(self, p: int, n: int) -> None:
        n = min(n, self.bank)
        if n > 0:
            self.bank -= n
            self.infl[p] += n
            self._check_win(p)

    def _steal(self, winner: int, loser: int, n: int) -> int:
        n = min(n, self.infl[loser])
        if n > 0:
            self.infl[loser] -= n
            self.infl[winner] += n
            self._check_win(winner)
        return n

    def _check_win(self, p: int) -> None:
        if self.phase != OVER and self.total(p) >= WIN_INFLUENCE:
            self.winner = p
            self._finish("influence")

    def _finish(self, reason: str) -> None:
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
                "reason": reason,
                "winner": self.winner,
                "winners": list(self._outcome().winners),
                "influence": [self.total(p) for p in range(self.players)],
            }
        )

    def _destroy(self, p: int, c: int) -> None:
        """Card ``c`` of seat ``p`` leaves the game (a hunt card takes its token along)."""
        self.destroyed.append(c)
        if C.IS_HUNT[c]:
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
            hand.append(c)
            got.append(c)
        return got

    def _draw_logged(self, p: int, n: int) -> None:
        got = self._draw(p, n)
        if got:
            self.emit({"event": "draw", "seat": p, "n": len(got)}, {p: {"cards": sorted(got)}})

    def _start_turn(self, p: int) -> None:
        self.cur = p
        self.crypto = self.bonus(p, C.K_TERMINAL)
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
        elif self.turns < MAX_ROUNDS * self.players:
            nxt = (p + 1) % self.players
        self.emit(
            {"event": "end_turn", "seat": p, "n": len(got), "next": nxt},
            {p: {"cards": sorted(got)}},
        )
        if nxt < 0:
            self._finish("tortuga" if self.tortuga_by >= 0 else "limit")
            return
        self._start_turn(nxt)

    def _take_control(self, p: int, s: int) -> None:
        """Seat ``p`` takes sector ``s``: marker one Defence higher, tokens handed over."""
        prev = self.ctrl[s]
        k = self.kinds[s]
        self.ctrl[s] = p
        if k != C.K_TORTUGA:
            self.defence[s] = min(self.defence[s] + 1, C.KIND_MAX_DEF[k])
        self.emit(
            {
                "event": "control",
                "seat": p,
                "sector": s,
                "kind": C.KIND_ID[k],
                "from": prev,
                "defence": self.defence[s],
            }
        )
        if k == C.K_TERMINAL and p == self.cur:
            self.crypto += 1  # the Terminal bonus is usable at once
        if k == C.K_TORTUGA:
            self.tortuga_by = p
            if self.scenario == "aggressive":
                self._finish("tortuga")
                return
            n = self.players
            self.last = [(p + i) % n for i in range(1, n)]
        self._check_win(p)

    def _would_win_tortuga(self, p: int) -> bool:
        """Aggressive scenario: conquering Tortuga must give the victory."""
        mine = self.total(p) + C.KIND_INFLUENCE[C.K_TORTUGA]
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
        ph = self.phase
        if ph == OVER or seat not in self.to_act:
            return []
        if ph == MAIN:
            return self._legal_main(seat)
        if ph == ABILITY:
            return self._legal_ability(seat)
        if ph in (ATK, DEF):
            out: list[Action] = [
                (A.COMMIT if ph == ATK else A.DEFEND)[c]
                for c in sorted(set(self.hand[seat]))
                if C.MANO[c] >= 1
            ]
            out.append(A.COMMIT_DONE if ph == ATK else A.DEFEND_DONE)
            return out
        if ph == SACRIFICE:
            used = self.catk if seat == self.cb[0] else self.cdef
            return [A.SACRIFICE[c] for c in sorted(set(used))]
        if ph == SPOILS:
            return [A.SPOILS_STEAL, A.SPOILS_BANK]
        if ph == REENTER:
            return [A.REENTER[s] for s in self._reentry_sectors(seat)]
        # SHIP
        taken = set(self.ship)
        return [A.SHIP[c] for c in C.SHIPS if c not in taken]

    def _reentry_sectors(self, p: int) -> list[int]:
        t = self.lay.tortuga
        return [s for s, o in enumerate(self.ctrl) if o == p or s == t]

    def _legal_main(self, p: int) -> list[Action]:
        if self.tacts >= TURN_CAP:
            return [A.END]
        out: list[Action] = []
        hand_types = sorted(set(self.hand[p]))
        cr = self.crypto
        m = self.mano
        if self.fresh and self.reserve[p] >= 0:
            out.append(A.TAKEBACK)
        for c in hand_types:
            out.append(A.PLAY[c])
        if self.minerals[p]:
            out.append(A.SPEND_MINERAL)
        pos = self.pos[p]
        if pos >= 0:
            k = self.kinds[pos]
            if C.KIND_TCARD[k]:
                tp = self.tpile
                for i, c in enumerate(C.T_CARDS):
                    if tp[i] and C.COST[c] <= cr:
                        out.append(A.BUY[c])
                if k == C.K_TORTUGA and cr >= INFLUENCE_PRICE and self.bank > 0:
                    out.append(A.BUY_INFLUENCE)
            else:
                mi = MARKET_INDEX[k]
                face = sorted(set(self.mface[mi]))
                for c in face:
                    if C.COST[c] <= cr:
                        out.append(A.BUY[c])
                if cr >= RENEW_PRICE and self.mdeck[mi]:
                    for c in face:
                        out.append(A.RENEW[c])
            if m >= 1:
                for s in self.lay.adj[pos]:
                    out.append(A.MOVE[s])
                if self.mineral[pos]:
                    out.append(A.COLLECT)
            h = self.hunt[pos]
            probed = self.probes[pos] >> p & 1
            free = -1
            if h >= 0:
                if probed:
                    if m >= C.DIFFICULTY[h]:
                        out.append(A.CAPTURE)
                elif m >= 1:
                    free = self.markers_free(p)
                    if free > 0:
                        out.append(A.PROBE)
            owner = self.ctrl[pos]
            if not self._locked():
                if owner != p and (owner < 0 or self.pos[owner] != pos):
                    if free < 0:
                        free = self.markers_free(p)
                    if free > 0:
                        if k == C.K_TORTUGA:
                            cost = TORTUGA_COST
                            ok = self.scenario != "aggressive" or self._would_win_tortuga(p)
                        else:
                            cost = self.defence[pos] + 1
                            ok = True
                        if ok:
                            if m >= cost:
                                out.append(A.CONQUER)
                            if self.scenario == "peaceful" and cr >= cost:
                                out.append(A.CONQUER_CRYPTO)
                if self.scenario != "peaceful":
                    for o, q in enumerate(self.pos):
                        if q == pos and o != p:
                            out.append(A.ATTACK[o])
            if owner == p:
                used = self.used
                if k == C.K_FORTRESS:
                    if not used & P_FORTRESS:
                        out.append(A.FORTRESS)
                elif k == C.K_MINES:
                    if not used & P_MINES and self.depot > 0:
                        out.append(A.MINES)
                elif k == C.K_VORTEX:
                    if not used & P_VORTEX:
                        for c in sorted(set(self.played[p])):
                            out.append(A.VORTEX[c])
                elif k == C.K_RESEARCH and not used & P_RESEARCH and self.reserve[p] < 0:
                    for c in hand_types:
                        out.append(A.RESEARCH[c])
        if cr >= RESERVE_PRICE and self.reserve[p] < 0:
            for c in hand_types:
                out.append(A.RESERVE[c])
        if m >= DESTROY_PRICE:
            for c in sorted(set(self.played[p])):
                out.append(A.DESTROY[c])
        for c in hand_types:
            if C.IS_HUNT[c]:
                out.append(A.CONVERT[c])
        if cr >= 1:
            kinds = self.kinds
            for s, o in enumerate(self.ctrl):
                if o == p and kinds[s] != C.K_TORTUGA:
                    top = min(C.KIND_MAX_DEF[kinds[s]], cr)
                    row = A.REINFORCE[s]
                    for x in range(self.defence[s] + 1, top + 1):
                        out.append(row[x])
        out.append(A.END)
        return out

    def _legal_ability(self, p: int) -> list[Action]:
        out: list[Action] = []
        card = self.pend_card
        pos = self.pos[p]
        for i in self.pend:
            kind, n = C.PLAYED[card][i]
            if kind == "move":
                if pos >= 0:
                    row = A.AB_SECTOR["move"]
                    out.extend(row[s] for s in self.lay.reach(pos, n))
            elif kind in BESPOKE:
                row = A.AB_SECTOR[kind]
                out.extend(row[s] for s in BESPOKE[kind][0](self, p))
            elif kind == "probe":
                if pos >= 0 and self.markers_free(p) > 0:
                    row = A.AB_SECTOR["probe"]
                    for s in (pos, *self.lay.reach(pos, n)):
                        if self.hunt[s] >= 0 and not self.probes[s] >> p & 1:
                            out.append(row[s])
            elif kind == "draw":
                if self.deck[p] or self.discard[p]:
                    out.append(A.AB_PLAIN["draw"])
            elif kind == "mineral":
                if self.depot > 0:
                    out.append(A.AB_PLAIN["mineral"])
            elif kind == "trash":
                row = A.AB_CARD["trash"]
                out.extend(row[c] for c in sorted(set(self.hand[p])))
            elif kind == "reserve" and self.reserve[p] < 0:
                row = A.AB_CARD["reserve"]
                out.extend(row[c] for c in sorted(set(self.hand[p])))
        out.append(A.AB_DONE)
        return out

    # ------------------------------------------------------------------ apply
    def _apply(self, seat: int, action: Action) -> None:
        ph = self.phase
        if ph == MAIN:
            self.tacts += 1
            self._apply_main(seat, action)
        elif ph == ABILITY:
            self.tacts += 1
            self._apply_ability(seat, action)
        elif ph == ATK:
            self._apply_commit(seat, action)
        elif ph == DEF:
            self._apply_defend(seat, action)
        elif ph == SACRIFICE:
            assert isinstance(action, A.Sacrifice)
            self._sacrifice(seat, action.card)
            self._after_sacrifice()
        elif ph == SPOILS:
            assert isinstance(action, A.Spoils)
            self._spoils(action.choice)
        elif ph == REENTER:
            assert isinstance(action, A.Reenter)
            self.pos[seat] = action.sector
            self.phase = MAIN
            self.emit(
                {
                    "event": "reenter",
                    "seat": seat,
                    "sector": action.sector,
                    "kind": C.KIND_ID[self.kinds[action.sector]],
                }
            )
        else:
            assert isinstance(action, A.ChooseShip)
            self._choose_ship(seat, action.card)

    def _choose_ship(self, p: int, card: int) -> None:
        self.ship[p] = card
        self.emit({"event": "ship", "seat": p, "card": card})
        n = self.players
        nxt = (p + 1) % n
        if nxt != self.first:
            self.cur = nxt
            return
        start = [c for c in C.START_CARDS for _ in range(C.COUNT[c])]
        for i in range(n):
            q = (self.first + i) % n
            deck = [*start, self.ship[q]]
            self.rng.shuffle(deck)
            self.deck[q] = deck
            self._draw_logged(q, START_HANDS[n][i])
        self._start_turn(self.first)

    def _apply_main(self, p: int, a: Action) -> None:
        t = type(a)
        if t is not A.TakeBack and t is not A.EndTurn:
            self.fresh = False
        if t is A.Play:
            assert isinstance(a, A.Play)
            c = a.card
            self.hand[p].remove(c)
            self.played[p].append(c)
            self.crypto += C.CRYPTO[c]
            self.mano += C.MANO[c]
            self.emit({"event": "play", "seat": p, "card": c})
            if C.PLAYED[c]:
                self.pend_card = c
                self.pend = list(range(len(C.PLAYED[c])))
                self.phase = ABILITY
        elif t is A.EndTurn:
            self._end_turn(p)
        elif t is A.Move:
            assert isinstance(a, A.Move)
            self.mano -= 1
            self.pos[p] = a.sector
            self.emit(
                {
                    "event": "move",
                    "seat": p,
                    "sector": a.sector,
                    "kind": C.KIND_ID[self.kinds[a.sector]],
                }
            )
        elif t is A.Buy:
            assert isinstance(a, A.Buy)
            self._buy(p, a.card)
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
                    "kind": C.KIND_ID[self.kinds[a.sector]],
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
            self._destroy(p, a.card)
            self.emit({"event": "destroy", "seat": p, "card": a.card})
        elif t is A.Renew:
            assert isinstance(a, A.Renew)
            self._renew(p, a.card)
        elif t is A.Collect:
            self.mano -= 1
            self.mineral[self.pos[p]] = 0
            self.minerals[p] += 1
            self.emit(
                {
                    "event": "collect",
                    "seat": p,
                    "sector": self.pos[p],
                    "kind": C.KIND_ID[self.kinds[self.pos[p]]],
                }
            )
        elif t is A.Probe:
            self.mano -= 1
            self._probe(p, self.pos[p])
        elif t is A.Capture:
            self._capture(p)
        elif t is A.Convert:
            assert isinstance(a, A.Convert)
            c = a.card
            self.hand[p].remove(c)
            self.htokens[p].remove(c)
            self.destroyed.append(c)
            self.emit({"event": "convert", "seat": p, "card": c, "n": C.HUNT_INFLUENCE[c]})
            self._gain_bank(p, C.HUNT_INFLUENCE[c])
        elif t is A.Conquer or t is A.ConquerCrypto:
            s = self.pos[p]
            cost = TORTUGA_COST if self.kinds[s] == C.K_TORTUGA else self.defence[s] + 1
            if t is A.Conquer:
                self.mano -= cost
            else:
                self.crypto -= cost
            self.emit(
                {
                    "event": "conquer",
                    "seat": p,
                    "sector": s,
                    "kind": C.KIND_ID[self.kinds[s]],
                    "cost": cost,
                    "crypto": t is not A.Conquer,
                }
            )
            self._take_control(p, s)
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
                    "kind": C.KIND_ID[self.kinds[s]],
                }
            )
        elif t is A.BuyInfluence:
            self.crypto -= INFLUENCE_PRICE
            self.emit({"event": "buy_influence", "seat": p})
            self._gain_bank(p, 1)
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

    def _buy(self, p: int, c: int) -> None:
        self.crypto -= C.COST[c]
        self.discard[p].append(c)
        ev: dict[str, Any] = {"event": "buy", "seat": p, "card": c}
        if C.DECK[c] == "T":
            self.tpile[T_INDEX[c]] -= 1
        else:
            mi = MARKET_INDEX[C.MARKET_KIND[C.DECK[c]]]
            self.mface[mi].remove(c)
            deck = self.mdeck[mi]
            if deck:
                new = deck.pop()
                self.mface[mi].append(new)
                ev["new"] = new
                if self.mknown[mi] > len(deck):
                    self.mknown[mi] = len(deck)
        self.emit(ev)

    def _renew(self, p: int, c: int) -> None:
        mi = MARKET_INDEX[self.kinds[self.pos[p]]]
        self.crypto -= RENEW_PRICE
        face = self.mface[mi]
        deck = self.mdeck[mi]
        face.remove(c)
        deck.insert(0, c)
        self.mknown[mi] += 1
        new = deck.pop()
        face.append(new)
        if self.mknown[mi] > len(deck):
            self.mknown[mi] = len(deck)
        self.emit({"event": "renew", "seat": p, "card": c, "new": new})

    def _probe(self, p: int, s: int) -> None:
        self.probes[s] |= 1 << p
        self.emit(
            {"event": "probe", "seat": p, "sector": s, "kind": C.KIND_ID[self.kinds[s]]},
            {p: {"creature": self.hunt[s]}},
        )

    def _capture(self, p: int) -> None:
        s = self.pos[p]
        h = self.hunt[s]
        self.mano -= C.DIFFICULTY[h]
        self.hunt[s] = -1
        self.probes[s] = 0
        self.htokens[p].append(h)
        self.hunt_pile.remove(h)
        self.discard[p].append(h)
        self.emit(
            {
                "event": "capture",
                "seat": p,
                "sector": s,
                "kind": C.KIND_ID[self.kinds[s]],
                "creature": h,
            }
        )
        self._gain_bank(p, 1)

    # ------------------------------------------------------------------ abilities
    def _apply_ability(self, p: int, a: Action) -> None:
        if type(a) is A.AbilityDone:
            self.pend = []
            self.pend_card = -1
            self.phase = MAIN
            return
        assert isinstance(a, A.Ability)
        kind = a.kind
        card = self.pend_card
        for i in self.pend:
            if C.PLAYED[card][i][0] == kind:
                n = C.PLAYED[card][i][1]
                self.pend.remove(i)
                break
        else:  # pragma: no cover
            raise AssertionError(f"ability {kind} is not pending")
        if kind == "reserve":
            # The Reserved card is face down: only its owner's log names it.
            self.emit(
                {"event": "ability", "seat": p, "card": card, "kind": kind, "target": -1},
                {p: {"reserved": a.target}},
            )
        elif kind in A.AB_SECTOR_KINDS:
            self.emit(
                {
                    "event": "ability",
                    "seat": p,
                    "card": card,
                    "kind": kind,
                    "target": a.target,
                    "target_kind": C.KIND_ID[self.kinds[a.target]],
                }
            )
        else:
            self.emit(
                {"event": "ability", "seat": p, "card": card, "kind": kind, "target": a.target}
            )
        if kind in BESPOKE:
            BESPOKE[kind][1](self, p, a.target)
        elif kind == "move":
            self.pos[p] = a.target
        elif kind == "probe":
            self._probe(p, a.target)
        elif kind == "draw":
            self._draw_logged(p, n)
        elif kind == "mineral":
            got = min(n, self.depot)
            self.depot -= got
            self.minerals[p] += got
        elif kind == "trash":
            self.hand[p].remove(a.target)
            self._destroy(p, a.target)
        elif kind == "reserve":
            self.hand[p].remove(a.target)
            self.reserve[p] = a.target
        if not self.pend:
            self.pend_card = -1
            self.phase = MAIN

    # ------------------------------------------------------------------ combat
    def _apply_commit(self, p: int, a: Action) -> None:
        if type(a) is A.CommitDone:
            self.emit(
                {"event": "attack_cards", "seat": p, "n": len(self.catk)},
                {p: {"cards": sorted(self.catk)}},
            )
            self.phase = DEF
            return
        assert isinstance(a, A.Commit)
        self.hand[p].remove(a.card)
        self.catk.append(a.card)

    def _apply_defend(self, p: int, a: Action) -> None:
        if type(a) is A.DefendDone:
            self._resolve()
            return
        assert isinstance(a, A.Defend)
        self.hand[p].remove(a.card)
        self.cdef.append(a.card)
        self.emit({"event": "defend", "seat": p, "card": a.card})

    def combat_totals(self) -> tuple[int, int]:
        """(attacker total, defender total) of the combat on the table."""
        att, dfd, s = self.cb[0], self.cb[1], self.cb[2]
        at = sum(C.MANO[c] + C.ATK[c] for c in self.catk) + self.bonus(att, C.K_TURRET)
        dt = sum(C.MANO[c] + C.DEF[c] for c in self.cdef) + self.bonus(dfd, C.K_TURRET)
        if self.ctrl[s] == dfd:
            dt += self.defence[s] // 2
        return at, dt

    def _resolve(self) -> None:
        att, dfd = self.cb[0], self.cb[1]
        self.emit({"event": "reveal", "seat": att, "cards": list(self.catk)})
        at, dt = self.combat_totals()
        winner, loser = (att, dfd) if at > dt else (dfd, att)
        self.cb[3] = winner
        self.cb[4] = loser
        self.emit(
            {"event": "combat", "attack": at, "defence": dt, "winner": winner, "loser": loser}
        )
        used = self.catk if loser == att else self.cdef
        if used and not any(C.SHIELD[c] for c in used):
            if self.scenario == "aggressive":
                self.phase = SACRIFICE
                return
            self._sacrifice(loser, used[self.rng.below(len(used))])
        self._after_sacrifice()

    def _sacrifice(self, loser: int, card: int) -> None:
        used = self.catk if loser == self.cb[0] else self.cdef
        used.remove(card)
        self._destroy(loser, card)
        self.emit({"event": "combat_destroy", "seat": loser, "card": card})

    def _after_sacrifice(self) -> None:
        att, _dfd, _s, winner, loser = self.cb
        self.pos[loser] = -1
        loot = 1 if any(C.LOOT[c] for c in (self.catk if winner == att else self.cdef)) else 0
        if self.scenario == "aggressive":
            if winner == att:
                self.phase = SPOILS
                return
        else:
            n = self._steal(winner, loser, 1 + loot)
            self.emit({"event": "steal", "seat": winner, "from": loser, "n": n})
            if self.phase == OVER:
                return
            if winner == att:
                self._gain_bank(att, 1)
                if self.phase == OVER:
                    return
        self._finish_combat()

    def _spoils(self, choice: str) -> None:
        att, dfd = self.cb[0], self.cb[1]
        loot = 1 if any(C.LOOT[c] for c in self.catk) else 0
        self.emit({"event": "spoils", "seat": att, "choice": choice})
        if choice == "steal":
            self._steal(att, dfd, 2 + loot)
        else:
            self._gain_bank(att, 3)
            if self.phase != OVER and loot:
                self._steal(att, dfd, loot)
        if self.phase != OVER:
            self._finish_combat()

    def _finish_combat(self) -> None:
        att, dfd, s, winner, _loser = self.cb
        self.phase = MAIN
        if winner == att and self.ctrl[s] == dfd:
            if self.markers_free(att) > 0:
                self._take_control(att, s)
            if self.phase == OVER:
                return
        self.discard[att].extend(self.catk)
        self.discard[dfd].extend(self.cdef)
        self.catk = []
        self.cdef = []
        need = HAND_SIZE - len(self.hand[dfd])
        if need > 0:
            self._draw_logged(dfd, need)

    def describe_action(self, action: Action, lang: str = "en") -> str:
        """A label naming sectors, costs and creatures from the state (``labels.describe``)."""
        return labels.describe(self, action, lang)

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
            self.reason,
            {
                "influence": tot,
                "influence_tokens": list(self.infl),
                "sectors": [self.sectors_of(p) for p in range(n)],
                "tortuga_conqueror": self.tortuga_by,
                "winner_at_15": self.winner,
            },
        )

    # ------------------------------------------------------------------ views
    def _view(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        lay = self.lay
        ph = self.phase
        secret_atk = ph == ATK
        sectors = []
        for s in range(lay.n):
            h = self.hunt[s]
            probes = self.probes[s]
            known = h >= 0 and seat is not None and bool(probes >> seat & 1)
            sectors.append(
                {
                    "slot": s,
                    "q": lay.coords[s][0],
                    "r": lay.coords[s][1],
                    "kind": C.KIND_ID[self.kinds[s]],
                    "controller": self.ctrl[s],
                    "defence": self.defence[s],
                    "max_defence": C.KIND_MAX_DEF[self.kinds[s]],
                    "influence": C.KIND_INFLUENCE[self.kinds[s]],
                    "mineral": self.mineral[s],
                    "hunt": h >= 0,
                    "markers": [p for p in range(n) if probes >> p & 1],
                    "creature": h if known else None,
                    "ships": [p for p in range(n) if self.pos[p] == s],
                    "adjacent": list(lay.adj[s]),
                }
            )
        players = []
        for p in range(n):
            hs = len(self.hand[p])
            if secret_atk and p == self.cb[0] and seat != p:
                hs += len(self.catk)
            players.append(
                {
                    "seat": p,
                    "ship": self.ship[p],
                    "pos": self.pos[p],
                    "influence": self.total(p),
                    "influence_tokens": self.infl[p],
                    "minerals": self.minerals[p],
                    "hand_size": hs,
                    "deck_size": len(self.deck[p]),
                    "discard": sorted(self.discard[p]),
                    "played": list(self.played[p]),
                    "reserved": self.reserve[p] >= 0,
                    "hunt_tokens": sorted(self.htokens[p]),
                    "sectors": self.sectors_of(p),
                    "terminals": self.bonus(p, C.K_TERMINAL),
                    "turrets": self.bonus(p, C.K_TURRET),
                    "markers_free": self.markers_free(p),
                }
            )
        markets = {}
        for i, m in enumerate(C.MARKETS):
            markets[m] = {
                "face": sorted(self.mface[i]),
                "deck": len(self.mdeck[i]),
                "known_bottom": self.mdeck[i][: self.mknown[i]],
            }
        out: dict[str, Any] = {
            "phase": PHASE_NAMES[ph],
            "scenario": self.scenario,
            "current": self.cur,
            "first": self.first,
            "round": self.turns // n + 1,
            "turns": self.turns,
            "turn_actions": self.tacts,
            "crypto": self.crypto,
            "manoeuvre": self.mano,
            "fresh": self.fresh,
            "powers_used": self.used,
            "sectors": sectors,
            "players": players,
            "markets": markets,
            "t_piles": {C.CARD_ID[c]: self.tpile[i] for i, c in enumerate(C.T_CARDS)},
            "hunt_pile": list(self.hunt_pile),
            "depot": self.depot,
            "bank": self.bank,
            "destroyed": sorted(self.destroyed),
            "tortuga_conqueror": self.tortuga_by,
            "last_turns": list(self.last),
            "pending": None,
            "combat": None,
            "hand": None,
            "reserved_card": None,
            "winner": self.winner,
        }
        if ph == ABILITY:
            out["pending"] = {
                "card": self.pend_card,
                "abilities": [list(C.PLAYED[self.pend_card][i]) for i in self.pend],
            }
        if ph in (ATK, DEF, SACRIFICE, SPOILS):
            att = self.cb[0]
            show_atk = ph not in (ATK, DEF) or seat == att
            out["combat"] = {
                "attacker": att,
                "defender": self.cb[1],
                "sector": self.cb[2],
                "attack_count": None if ph == ATK and seat != att else len(self.catk),
                "attack_cards": sorted(self.catk) if show_atk else None,
                "defence_cards": list(self.cdef),
                "winner": self.cb[3],
                "loser": self.cb[4],
            }
        if seat is not None:
            out["hand"] = sorted(self.hand[seat])
            out["reserved_card"] = self.reserve[seat] if self.reserve[seat] >= 0 else None
        return out

    # ------------------------------------------------------------------ persistence
    _LISTS = (
        "kinds",
        "ctrl",
        "defence",
        "mineral",
        "hunt",
        "box_hunt",
        "probes",
        "hunt_pile",
        "mknown",
        "tpile",
        "reserve",
        "pos",
        "minerals",
        "infl",
        "ship",
        "destroyed",
        "pend",
        "cb",
        "catk",
        "cdef",
        "last",
    )
    _NESTED = ("mdeck", "mface", "hand", "deck", "discard", "played", "htokens")
    _SCALARS = (
        "scenario",
        "minerals_out",
        "depot",
        "bank",
        "first",
        "cur",
        "phase",
        "turns",
        "tacts",
        "fresh",
        "crypto",
        "mano",
        "used",
        "pend_card",
        "tortuga_by",
        "winner",
        "reason",
    )

    def state_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        for k in self._LISTS:
            d[k] = list(getattr(self, k))
        for k in self._NESTED:
            d[k] = [list(x) for x in getattr(self, k)]
        for k in self._SCALARS:
            d[k] = getattr(self, k)
        return d

    def load_state(self, data: dict[str, Any]) -> None:
        self.lay = C.LAYOUTS[self.players]
        for k in self._LISTS:
            setattr(self, k, list(data[k]))
        for k in self._NESTED:
            setattr(self, k, [list(x) for x in data[k]])
        for k in self._SCALARS:
            setattr(self, k, data[k])

    def clone(self) -> Tortuga2199:
        g = self._clone_base()
        g.kinds = self.kinds  # never changes after setup
        g.ctrl = self.ctrl[:]
        g.defence = self.defence[:]
        g.mineral = self.mineral[:]
        g.hunt = self.hunt[:]
        g.box_hunt = self.box_hunt[:]
        g.probes = self.probes[:]
        g.hunt_pile = self.hunt_pile[:]
        g.mknown = self.mknown[:]
        g.tpile = self.tpile[:]
        g.reserve = self.reserve[:]
        g.pos = self.pos[:]
        g.minerals = self.minerals[:]
        g.infl = self.infl[:]
        g.ship = self.ship[:]
        g.destroyed = self.destroyed[:]
        g.pend = self.pend[:]
        g.cb = self.cb[:]
        g.catk = self.catk[:]
        g.cdef = self.cdef[:]
        g.last = self.last[:]
        g.mdeck = [x[:] for x in self.mdeck]
        g.mface = [x[:] for x in self.mface]
        g.hand = [x[:] for x in self.hand]
        g.deck = [x[:] for x in self.deck]
        g.discard = [x[:] for x in self.discard]
        g.played = [x[:] for x in self.played]
        g.htokens = [x[:] for x in self.htokens]
        return g

    # ------------------------------------------------------------------ hidden information
    def resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Reshuffle what ``seat`` cannot see, keeping every count and public fact.

        Canonical: every pool of unseen items is sorted before it is shuffled, so the result
        depends only on what the seat knows and on ``rng``.

        Resampled: hunt tokens ``seat`` has not probed (among their sectors and the box),
        the unseen part of each sector deck (cards put at the bottom by a renewal stay
        there), its own deck order, and each opponent's hand, deck and Reserved card (and
        secret combat cards, chosen among the Manoeuvre cards) as one pool.
        """
        bit = 1 << seat
        slots = [s for s, h in enumerate(self.hunt) if h >= 0 and not self.probes[s] & bit]
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
                    if len(picked) < natk and C.MANO[c] >= 1:
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
    @classmethod
    def enumerate_actions(cls, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        lay = C.LAYOUTS[players]
        ns = lay.n
        scen = options.get("scenario", "standard")
        out: list[Action] = []
        out += [A.SHIP[c] for c in C.SHIPS]
        out += [A.REENTER[s] for s in range(ns)]
        out.append(A.TAKEBACK)
        out += [A.PLAY[c] for c in range(C.NCARD)]
        out += [A.BUY[c] for c in C.BUYABLE]
        out += [A.RENEW[c] for m in C.MARKETS for c in C.MARKET_CARDS[m]]
        out += [A.MOVE[s] for s in range(ns)]
        out += [A.COLLECT, A.PROBE, A.CAPTURE, A.CONQUER]
        if scen == "peaceful":
            out.append(A.CONQUER_CRYPTO)
        out += [A.RESERVE[c] for c in range(C.NCARD)]
        out += [A.RESEARCH[c] for c in range(C.NCARD)]
        out += [A.DESTROY[c] for c in range(C.NCARD)]
        out += [A.VORTEX[c] for c in range(C.NCARD)]
        out += [A.CONVERT[c] for c in C.HUNT_CARDS]
        for s in range(ns):
            k = lay.kinds[s]
            if k == "tortuga":
                continue
            lo = (
                C.KIND_START_DEF[C.K_TERMINAL]
                if k != "special"
                else min(C.KIND_START_DEF[x] for x in C.SPECIAL_KINDS)
            )
            hi = (
                C.KIND_MAX_DEF[C.K_TERMINAL]
                if k != "special"
                else max(C.KIND_MAX_DEF[x] for x in C.SPECIAL_KINDS)
            )
            out += [A.REINFORCE[s][x] for x in range(lo + 1, hi + 1)]
        if scen != "peaceful":
            out += [A.ATTACK[o] for o in range(players)]
        out += [A.BUY_INFLUENCE, A.SPEND_MINERAL, A.FORTRESS, A.MINES, A.END]
        for k in A.AB_SECTOR_KINDS:
            out += [A.AB_SECTOR[k][s] for s in range(ns)]
        for k in A.AB_CARD_KINDS:
            out += [A.AB_CARD[k][c] for c in range(C.NCARD)]
        out += [A.AB_PLAIN[k] for k in A.AB_PLAIN_KINDS]
        out.append(A.AB_DONE)
        if scen != "peaceful":
            out += [A.COMMIT[c] for c in C.COMBAT_CARDS]
            out.append(A.COMMIT_DONE)
            out += [A.DEFEND[c] for c in C.COMBAT_CARDS]
            out.append(A.DEFEND_DONE)
        if scen == "aggressive":
            out += [A.SACRIFICE[c] for c in C.COMBAT_CARDS]
            out += [A.SPOILS_STEAL, A.SPOILS_BANK]
        return out

    @classmethod
    def max_decisions(cls, players: int, options: Mapping[str, Any]) -> int:
        # Ship choices, then at most MAX_ROUNDS turns per player plus the last round after
        # Tortuga's conquest (players - 1 turns); a turn is at most one re-entry, TURN_CAP
        # decisions, "end", and at most players-1 combats (each combat sends one ship of the
        # sector to its hold). A card played at the cap may still use its abilities (at most
        # ABILITY_SLACK more decisions).
        per_turn = 1 + TURN_CAP + ABILITY_SLACK + 1 + (players - 1) * COMBAT_MAX
        return players + (MAX_ROUNDS * players + players - 1) * per_turn

    # ------------------------------------------------------------------ heuristic
    def evaluate(self, seat: int) -> float:
        """Influence lead, weighted by the deck's strength, minerals, hunts and position."""
        n = self.players
        if self.phase == OVER:
            return self._outcome().rewards()[seat]
        scores = [self._strength(p) for p in range(n)]
        mine = scores[seat]
        best = max(scores[p] for p in range(n) if p != seat)
        v = 0.5 + (mine - best) / 20.0 + (self.total(seat) - 7) / 60.0
        return min(0.99, max(0.01, v))

    def _strength(self, p: int) -> float:
        """Influence-equivalent strength of seat ``p`` (the sum of weighted assets)."""
        cards = self.hand[p] + self.deck[p] + self.discard[p] + self.played[p]
        if self.reserve[p] >= 0:
            cards.append(self.reserve[p])
        res = sum(C.CRYPTO[c] + C.MANO[c] + 0.5 * len(C.PLAYED[c]) for c in cards)
        per_card = res / max(1, len(cards))
        hunts = sum(C.HUNT_INFLUENCE[h] for h in self.htokens[p])
        bit = 1 << p
        known = sum(
            1.0 / C.DIFFICULTY[h]
            for s, h in enumerate(self.hunt)
            if h >= 0 and self.probes[s] & bit
        )
        value = (
            self.total(p)
            + 3.0 * per_card
            + 0.3 * self.minerals[p]
            + 0.6 * hunts
            + 0.6 * known
            + 0.4 * self.bonus(p, C.K_TURRET)
            + 0.3 * self.bonus(p, C.K_TERMINAL)
        )
        for s, o in enumerate(self.ctrl):
            if o == p:
                value += 0.05 * self.defence[s]
        pos = self.pos[p]
        if pos < 0:
            value -= 0.3
        elif p == self.cur and self.phase in (MAIN, ABILITY):
            # Resources of the turn are worth a little (play cards, then spend them well),
            # and so is a ship standing where something can be done.
            value += 0.08 * (self.crypto + self.mano)
            if self.mineral[pos]:
                value += 0.1
            if self.hunt[pos] >= 0 and not self.probes[pos] & bit:
                value += 0.1
            if self.ctrl[pos] != p:
                value += 0.1 * C.KIND_INFLUENCE[self.kinds[pos]]
        return value


# ---------------------------------------------------------------- bespoke abilities
# Named functions registered by id (``fn:<id>`` in data/cards.csv): for each, the sectors it
# may target for seat ``p`` and its effect on the chosen sector.


def _teleport_targets(g: Tortuga2199, p: int) -> list[int]:
    """Téléporteur: any other sector of the map."""
    pos = g.pos[p]
    return [] if pos < 0 else [s for s in range(g.lay.n) if s != pos]


def _teleport(g: Tortuga2199, p: int, s: int) -> None:
    g.pos[p] = s


def _salvage_targets(g: Tortuga2199, p: int) -> list[int]:
    """Ferrailleur: the mineral token of your sector or of an adjacent one, for free."""
    pos = g.pos[p]
    if pos < 0:
        return []
    return [s for s in (pos, *g.lay.adj[pos]) if g.mineral[s]]


def _salvage(g: Tortuga2199, p: int, s: int) -> None:
    g.mineral[s] = 0
    g.minerals[p] += 1


BESPOKE: dict[
    str, tuple[Callable[[Tortuga2199, int], list[int]], Callable[[Tortuga2199, int, int], None]]
] = {
    "teleport": (_teleport_targets, _teleport),
    "salvage": (_salvage_targets, _salvage),
}
assert set(BESPOKE) == set(C.BESPOKE), "every bespoke ability of the data needs a function"
