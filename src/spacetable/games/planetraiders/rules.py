"""Planet Raiders: state and transitions.

Rulebook: ``shared/seeds/002_8ed3a9e218c08205.txt`` (French, 4 pages); the board is
reconstructed (see :mod:`.board` and ``docs/games/planetraiders.md``).

A turn has three steps (rulebook §4): (1) move raiders along rockets, (2) collect every rocket
used, (3) place rockets from hand, exchange two blue for one red, give rockets (3+ players),
keep the rest. Each choice is one atomic action (:mod:`.actions`):

* step 1: ``select`` a raider that can move, then ``hop`` one rocket at a time; after each
  hop ``stop`` or hop again. A capture, an alien or reaching home ends the move; a raider
  with no usable rocket left stops by itself. ``end_moves`` ends step 1 (it is implied once
  no raider can move any more);
* step 2 is automatic;
* step 3: ``place`` / ``exchange`` / ``give`` any number of times, then ``end_turn`` (implied
  when the hand is empty).

State layout (flat lists of ints, for fast clones), declared once in ``PlanetRaiders.state``
(the engine derives save, checked load and clone from it): ``occ[edge]`` is -1 (empty), a
raider id ``seat * 3 + k`` or ``ALIEN + planet colour``; ``rpad[raider]`` is its pad or -1
once off the board; ``rockets[square * 4 + nose]`` is -1 or the colour (0 blue, 1 red) of the
rocket in that zone whose nose points at that side (nose 0..3 = n, e, s, w): a zone holds at
most one rocket per side (interpretation 1 of the rules map; option ``zone_rockets``). The
view (:mod:`.view`), the labels (:mod:`.labels`) and the bots' evaluation
(:mod:`.evaluation`) are functions of the game, in their own modules.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
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
)
from spacetable.engine.why import Reason

from .actions import (
    ACTION_TYPES,
    END_MOVES,
    END_TURN,
    EXCHANGE,
    GIVE,
    HOP,
    PLACE,
    SELECT,
    STOP,
    EndMoves,
    EndTurn,
    Exchange,
    Give,
    Hop,
    Place,
    Select,
    Stop,
    enumerate_actions,
)
from .board import CELL_INDEX, CELL_NAMES, CELL_PADS, PAD_NAMES, RaidersParts
from .components import crew_complete, crew_missing
from .constants import (
    ALIEN,
    BLUE,
    BOT_ROUNDS,
    BOT_STALL_ROUNDS,
    COLOURS,
    EMPTY,
    MAX_LIMIT_ROUNDS,
    N_CELLS,
    N_EDGES,
    N_SLOTS,
    NO_LIMIT,
    NOSES,
    PHASE_HOP,
    PHASE_MOVE,
    PHASE_PLACE,
    RAIDERS,
    RED,
    ROCKET_COLOURS,
    SIDES,
    START_BLUE_HAND,
    START_RED_HAND,
    TEXT,
    ZONE_ROCKETS_ONE,
    ZONE_ROCKETS_PER_SIDE,
    End,
)
from .evaluation import ReachCache, evaluate
from .labels import describe
from .reasons import action_components, why_not
from .tables import DATA
from .view import component_ids, view

#: _PLACE_BLUE[square][mask], _PLACE_RED[...]: the placements on the sides of the square not
#: in the mask of its sides that hold a rocket (``zmask``)
_PLACE_BLUE, _PLACE_RED = (
    tuple(
        tuple(
            tuple(a for k, a in enumerate(PLACE[rc][z]) if not m >> k & 1)
            for m in range(1 << NOSES)
        )
        for z in range(N_CELLS)
    )
    for rc in (BLUE, RED)
)
#: the slot of each prebuilt hop (``zone * NOSES + nose``)
_HOP_SLOT = {a: slot for slot, a in HOP.items()}


class PlanetRaiders(Game):
    """Planet Raiders for 2 to 4 players, or two teams of two."""

    info = GameInfo(
        id="planetraiders",
        name_en="Planet Raiders",
        name_fr="Planet Raiders",
        min_players=2,
        max_players=4,
        options={
            "teams": OptionSpec(
                default=False,
                choices=(False, True),
                players=(4,),
                **option_words(__name__, "teams"),
            ),
            "zone_rockets": OptionSpec(
                default=ZONE_ROCKETS_PER_SIDE,
                choices=(ZONE_ROCKETS_PER_SIDE, ZONE_ROCKETS_ONE),
                **option_words(__name__, "zone_rockets"),
            ),
            # Not in the rulebook (a game ends when crews are home): off by default (0).
            "round_limit": OptionSpec(
                default=NO_LIMIT,
                kind=int,
                minimum=NO_LIMIT,
                maximum=MAX_LIMIT_ROUNDS,
                **option_words(__name__, "round_limit"),
            ),
            "stall_rounds": OptionSpec(
                default=NO_LIMIT,
                kind=int,
                minimum=NO_LIMIT,
                maximum=MAX_LIMIT_ROUNDS,
                **option_words(__name__, "stall_rounds"),
            ),
        },
        hidden_information=False,
        chance=False,
        # The drivers of simulations play with the limits (random or stalling players may
        # never bring a crew home).
        simulation_options={"round_limit": BOT_ROUNDS, "stall_rounds": BOT_STALL_ROUNDS},
        # 2: a zone holds one rocket per side (hops name a nose); places no rule separates are
        # shared (issue 18)
        rules_version="2",
    )
    action_types = ACTION_TYPES
    terminations = End
    # The components, from the game's data set (shipped or a box owner's corrected tables).
    data_spec = DATA
    parts: RaidersParts
    # The state, declared once: the engine derives save, checked load and clone from it.
    # Lengths fixed by the rules are checked on load ("players", and the properties below).
    state = StateSpec(
        Field("occ", list_of(INT, length=N_EDGES)),  # per pad: EMPTY, raider id, ALIEN + planet
        Field("rpad", list_of(INT, length="raider_slots")),  # per raider: its pad or EMPTY
        Field("rockets", list_of(INT, length=N_SLOTS)),  # per square and side: EMPTY or colour
        Field("blue", list_of(INT, length="players")),  # hands
        Field("red", list_of(INT, length="players")),
        Field("aliens", list_of(INT, length="players")),  # bit masks of planet colours
        Field("caps", list_of(INT, length="pair_slots")),  # caps[captor * n + victim]
        Field("ncaps", list_of(INT, length="players")),
        Field("captured_by", list_of(INT, length="raider_slots")),  # per raider: captor or EMPTY
        Field("finished", list_of(INT)),  # seats home, in order of arrival
        Field("out", list_of(BOOL, length="players")),  # eliminated seats
        Field("used", list_of(INT, length=len(ROCKET_COLOURS))),  # blue, red used this turn
        Field("retired", list_of(INT, length=len(ROCKET_COLOURS))),  # rockets out of play
        Field("cur", INT),
        Field("phase", INT),
        Field("sel", INT),  # the selected raider (PHASE_HOP) or EMPTY
        Field("hops", INT),  # hops of the selected raider's move so far
        Field("moved", INT),  # bit mask of the raiders moved this turn
        Field("progress", BOOL),  # a capture, alien or arrival this turn
        Field("turns", INT),
        Field("quiet", INT),  # turns in a row without progress
        Field("exchanges", INT),
        Field("over", BOOL),
        Field("reason", STR),  # an End code once over, else ""
        # The evaluation's reach cache (evaluation.progress_value): every entry checks the
        # rockets its search read, and the dict is replaced (never emptied) at every hop, the
        # only change of what an entry assumes; so the games that share it (a game and its
        # clones, between two hops) may all read and extend it.
        Cache("reach_cache", reset=dict, copy="share"),
        # per square, the bit mask of its sides that hold a rocket (bit k: nose k), derived
        # from ``rockets`` (rebuilt on load by _derive), so that placements skip full zones
        # at the cost of one look-up per zone
        Cache("zmask", reset=list, copy="list"),
    )

    @property
    def raider_slots(self) -> int:
        """Raider ids in play: ``RAIDERS`` per seat."""
        return RAIDERS * self.players

    @property
    def pair_slots(self) -> int:
        """(captor, victim) pairs of seats."""
        return self.players * self.players

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Two teams of two share their colours and win together (seats 0 and 2, 1 and 3)."""
        if not self.teams:
            return super().sides()
        return tuple(tuple(s for s in range(self.players) if self.team[s] == t) for t in (0, 1))

    # ------------------------------------------------------------------ set-up
    def _derive(self) -> None:
        """Settings from the options and the player count (not state: rebuilt on load)."""
        n = self.players
        self.colour: tuple[int, ...] = self.parts.seat_colours[n]
        self.teams: bool = bool(self.options["teams"])
        self.team: tuple[int, ...] = tuple((s % 2) if self.teams else s for s in range(n))
        self.turn_limit: int = int(self.options["round_limit"]) * n
        self.stall_limit: int = int(self.options["stall_rounds"]) * n
        self.one_rocket_per_zone: bool = self.options["zone_rockets"] == ZONE_ROCKETS_ONE
        rockets = self.__dict__.get("rockets")
        if rockets is not None:  # after a load (set-up lays the rockets after this)
            self.rebuild_zone_masks()

    def rebuild_zone_masks(self) -> None:
        """Compute ``zmask`` again from ``rockets`` (after a load, or a position written by
        hand: :mod:`.notation`)."""
        masks = [0] * N_CELLS
        for slot, r in enumerate(self.rockets):
            if r >= 0:
                masks[slot // NOSES] |= 1 << (slot % NOSES)
        self.zmask: list[int] = masks

    def setup(self) -> None:
        self._derive()
        n = self.players
        self.occ: list[int] = [EMPTY] * N_EDGES
        self.rpad: list[int] = [EMPTY] * (RAIDERS * n)
        self.rockets: list[int] = [EMPTY] * N_SLOTS
        parts = self.parts
        for pad, planet in parts.aliens:
            self.occ[pad] = ALIEN + planet
        for s in range(n):
            col = self.colour[s]
            for k, pad in enumerate(parts.start_raiders[col]):
                rid = s * RAIDERS + k
                self.occ[pad] = rid
                self.rpad[rid] = pad
            for zone, rc, nose in parts.start_rockets[col]:
                self.rockets[zone * NOSES + nose] = rc
        self.blue: list[int] = [START_BLUE_HAND] * n
        self.red: list[int] = [START_RED_HAND] * n
        self.aliens: list[int] = [0] * n  # bit mask of planet colours taken
        self.caps: list[int] = [0] * (n * n)  # caps[captor * n + victim]
        self.ncaps: list[int] = [0] * n
        self.captured_by: list[int] = [EMPTY] * (RAIDERS * n)
        self.finished: list[int] = []
        self.out: list[bool] = [False] * n
        self.cur = 0
        self.phase = PHASE_MOVE
        self.sel = EMPTY
        self.hops = 0
        self.moved = 0
        self.used = [0, 0]  # blue, red used this turn (collected at step 2)
        self.progress = False
        self.turns = 0
        self.quiet = 0
        self.retired = [0, 0]  # rockets out of play (finished players)
        self.exchanges = 0
        self.over = False
        self.reason = ""
        self.reach_cache: ReachCache = {}
        self.rebuild_zone_masks()
        self._begin_turn()

    # ------------------------------------------------------------------ queries
    def _cname(self, seat: int) -> str:
        return COLOURS[self.colour[seat]]

    def alive(self, seat: int) -> int:
        b = seat * RAIDERS
        return sum(1 for p in self.rpad[b : b + RAIDERS] if p >= 0)

    def active(self, seat: int) -> bool:
        return not self.out[seat] and seat not in self.finished

    def _in_play(self) -> int:
        """How many players are still in play (neither home nor eliminated)."""
        return sum(1 for s in range(self.players) if self.active(s))

    def has_crew(self, seat: int) -> bool:
        return crew_complete(self.aliens[seat].bit_count(), self.ncaps[seat])

    def hop_actions(self, rid: int) -> list[Action]:
        """Hops open to raider ``rid`` from where it stands (rulebook §5.1, §5.2): every rocket
        in the zones on either side of its pad, up to three in each, unless it is blue in
        meteorites or its nose points at the raider (``Board.pad_slots`` leaves those out)."""
        p = self.rpad[rid]
        out: list[Action] = []
        if p < 0:
            return out
        seat = rid // RAIDERS
        occ = self.occ
        rockets = self.rockets
        for slot, dest in self.parts.pad_slots[p]:
            q = dest[rockets[slot]]
            if q < 0:  # no rocket, or a blue one in meteorites
                continue
            o = occ[q]
            if o >= ALIEN:
                if self.aliens[seat] >> (o - ALIEN) & 1:
                    continue  # at most one alien per planet
            elif o >= 0 and self.team[o // RAIDERS] == self.team[seat]:
                continue  # own or partner's raider: blocked
            out.append(HOP[slot])
        return out

    def _movable(self) -> list[Action]:
        s = self.cur
        out: list[Action] = []
        for k in range(RAIDERS):
            if not self.moved >> k & 1 and self.hop_actions(s * RAIDERS + k):
                out.append(SELECT[k])
        return out

    def _place_actions(self, s: int) -> list[Action]:
        out: list[Action] = []
        b = self.blue[s]
        r = self.red[s]
        if b or r:
            one = self.one_rocket_per_zone
            neutral = self.parts.neutral
            zmask = self.zmask
            for z in self.parts.zones:
                m = zmask[z]
                if one and m:
                    continue  # the option: one rocket in all
                # a zone holds one rocket per side: the placements on its free sides
                if b and z in neutral:
                    out.extend(_PLACE_BLUE[z][m])
                if r:
                    out.extend(_PLACE_RED[z][m])
            if b >= 2:
                out.append(EXCHANGE)
            if self.players > 2:
                for t in range(self.players):
                    if t != s and self.active(t):
                        if b:
                            out.append(GIVE[BLUE][t])
                        if r:
                            out.append(GIVE[RED][t])
        out.append(END_TURN)
        return out

    # ------------------------------------------------------------------ contract
    @property
    def to_act(self) -> list[int]:
        return [] if self.over else [self.cur]

    @property
    def is_over(self) -> bool:
        return self.over

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.cur:
            return []
        if self.phase == PHASE_HOP:
            out = self.hop_actions(self.sel)
            if self.hops:
                out.append(STOP)
            return out
        if self.phase == PHASE_MOVE:
            out = self._movable()
            out.append(END_MOVES)
            return out
        return self._place_actions(seat)

    def _apply(self, seat: int, action: Action) -> None:
        t = type(action)
        if t is Hop:
            assert isinstance(action, Hop)
            self._hop(_HOP_SLOT[action])
        elif t is Place:
            assert isinstance(action, Place)
            self._place(action)
        elif t is Select:
            assert isinstance(action, Select)
            self.sel = seat * RAIDERS + action.raider - 1
            self.phase = PHASE_HOP
            self.hops = 0
            self.emit(
                {
                    "event": "select",
                    "seat": seat,
                    "colour": self._cname(seat),
                    "raider": action.raider - 1,
                }
            )
        elif t is Stop:
            self._end_move("stop")
        elif t is EndMoves:
            self._collect()
        elif t is Exchange:
            self.blue[seat] -= 2
            self.red[seat] += 1
            self.exchanges += 1
            self.emit({"event": "exchange", "seat": seat, "colour": self._cname(seat)})
            self._maybe_auto_end()
        elif t is Give:
            assert isinstance(action, Give)
            rc = ROCKET_COLOURS.index(action.colour)
            hand = self.red if rc == RED else self.blue
            hand[seat] -= 1
            hand[action.to] += 1
            self.emit(
                {
                    "event": "give",
                    "seat": seat,
                    "colour": self._cname(seat),
                    "to": action.to,
                    "to_colour": self._cname(action.to),
                    "rocket": action.colour,
                }
            )
            self._maybe_auto_end()
        elif t is EndTurn:
            self._end_turn()
        else:  # pragma: no cover - the base class validates actions
            raise AssertionError(action)

    def describe_action(self, action: Action, lang: str = "en") -> str:
        """A label that reads the state: where a hop goes and what waits there
        (:mod:`.labels`)."""
        return describe(self, action, lang)

    # ------------------------------------------------------------------ transitions
    def _hop(self, slot: int) -> None:
        self.reach_cache = {}  # raiders, aliens or captures change: the reach cache starts again
        rid = self.sel
        seat = rid // RAIDERS
        zone, nose = divmod(slot, NOSES)
        rc = self.rockets[slot]
        src = self.rpad[rid]
        dst = CELL_PADS[zone][nose]
        self.rockets[slot] = EMPTY
        self.zmask[zone] &= ~(1 << nose)
        self.used[rc] += 1
        self.hops += 1
        self.occ[src] = EMPTY
        o = self.occ[dst]
        self.occ[dst] = rid
        self.rpad[rid] = dst
        self.emit(
            {
                "event": "hop",
                "seat": seat,
                "colour": self._cname(seat),
                "raider": rid % RAIDERS,
                "zone": CELL_NAMES[zone],
                "nose": SIDES[nose],
                "rocket": ROCKET_COLOURS[rc],
                "to": PAD_NAMES[dst],
            }
        )
        ends = False
        if o >= ALIEN:
            planet = o - ALIEN
            self.aliens[seat] |= 1 << planet
            self.progress = True
            ends = True
            self.emit(
                {
                    "event": "alien",
                    "seat": seat,
                    "colour": self._cname(seat),
                    "planet": COLOURS[planet],
                    "at": PAD_NAMES[dst],
                }
            )
        elif o >= 0:
            self._capture(seat, o)
            ends = True
            if self.over:
                return
        if self.parts.ship_of_pad[dst] == self.colour[seat] and self.has_crew(seat):
            self._finish(seat)
            return
        if ends:
            self._end_move("capture" if 0 <= o < ALIEN else "alien")
        elif not self.hop_actions(rid):
            self._end_move("blocked")

    def _capture(self, seat: int, victim_rid: int) -> None:
        v = victim_rid // RAIDERS
        n = self.players
        self.rpad[victim_rid] = EMPTY
        self.captured_by[victim_rid] = seat
        self.caps[seat * n + v] += 1
        self.ncaps[seat] += 1
        self.blue[seat] += 1  # each capture gains a blue rocket (rulebook §4)
        self.progress = True
        self.emit(
            {
                "event": "capture",
                "seat": seat,
                "colour": self._cname(seat),
                "victim": v,
                "victim_colour": self._cname(v),
                "victim_raider": victim_rid % RAIDERS,
            }
        )
        if self.alive(v) == 0:
            self.out[v] = True
            self.emit({"event": "eliminated", "seat": v, "colour": self._cname(v)})
            self._check_end()

    def _finish(self, seat: int) -> None:
        """A crewed raider reached its ship: the player is home (rulebook §2, §4)."""
        self.finished.append(seat)
        self.progress = True
        base = seat * RAIDERS
        for k in range(RAIDERS):
            p = self.rpad[base + k]
            if p >= 0:
                self.occ[p] = EMPTY
                self.rpad[base + k] = EMPTY
        # rockets of the last move leave the game, and so does the hand
        self.retired[BLUE] += self.used[BLUE] + self.blue[seat]
        self.retired[RED] += self.used[RED] + self.red[seat]
        self.used = [0, 0]
        self.blue[seat] = 0
        self.red[seat] = 0
        self.sel = EMPTY
        self.emit(
            {
                "event": "finish",
                "seat": seat,
                "colour": self._cname(seat),
                "place": len(self.finished),
            }
        )
        self._check_end()
        if not self.over:
            self._end_turn()

    def _end_move(self, why: str) -> None:
        rid = self.sel
        self.moved |= 1 << (rid % RAIDERS)
        self.sel = EMPTY
        self.phase = PHASE_MOVE
        self.emit(
            {
                "event": "stop",
                "seat": rid // RAIDERS,
                "colour": self._cname(rid // RAIDERS),
                "raider": rid % RAIDERS,
                "at": PAD_NAMES[self.rpad[rid]],
                "why": why,
            }
        )
        if not self._movable():
            self._collect()

    def _collect(self) -> None:
        s = self.cur
        b, r = self.used
        self.blue[s] += b
        self.red[s] += r
        self.used = [0, 0]
        self.phase = PHASE_PLACE
        self.emit({"event": "collect", "seat": s, "colour": self._cname(s), "blue": b, "red": r})
        self._maybe_auto_end()

    def _maybe_auto_end(self) -> None:
        s = self.cur
        if self.blue[s] == 0 and self.red[s] == 0:
            self._end_turn()

    def _place(self, a: Place) -> None:
        s = self.cur
        rc = ROCKET_COLOURS.index(a.colour)
        if rc == RED:
            self.red[s] -= 1
        else:
            self.blue[s] -= 1
        z = CELL_INDEX[a.zone]
        nose = SIDES.index(a.nose)
        self.rockets[z * NOSES + nose] = rc
        self.zmask[z] |= 1 << nose
        self.emit(
            {
                "event": "place",
                "seat": s,
                "colour": self._cname(s),
                "rocket": a.colour,
                "zone": a.zone,
                "nose": a.nose,
            }
        )
        self._maybe_auto_end()

    def _check_end(self) -> None:
        if self.over:
            return
        n = self.players
        if self.teams:
            if self.finished:
                self._game_over(End.TEAM_HOME)
                return
            for tm in (0, 1):
                if all(self.out[s] for s in range(n) if self.team[s] == tm):
                    self._game_over(End.TEAM_ELIMINATED)
                    return
        else:
            act = sum(1 for s in range(n) if self.active(s))
            if act <= 1:
                self._game_over(End.HOME if len(self.finished) >= n - 1 else End.LAST_IN_PLAY)

    def _game_over(self, reason: End) -> None:
        self.over = True
        self.reason = reason.value  # the state and the log hold the plain code
        self.phase = PHASE_MOVE
        self.sel = EMPTY
        self.emit({"event": "game_end", "reason": reason.value})

    def _end_turn(self) -> None:
        """End the current turn and start the next player's (skipping turns with no choice)."""
        passes = 0
        while True:
            self.emit({"event": "end_turn", "seat": self.cur, "colour": self._cname(self.cur)})
            self.turns += 1
            if self.progress:
                self.quiet = 0
            else:
                self.quiet += 1
            self.progress = False
            self._check_end()
            if self.over:
                return
            if self.turn_limit and self.turns >= self.turn_limit:
                self._game_over(End.ROUND_LIMIT)
                return
            if self.stall_limit and self.quiet >= self.stall_limit:
                self._game_over(End.NO_PROGRESS)
                return
            n = self.players
            nxt = self.cur
            for i in range(1, n + 1):
                cand = (self.cur + i) % n
                if self.active(cand):
                    nxt = cand
                    break
            self.cur = nxt
            if self._begin_turn():
                return
            # A pass changes nothing: once every player in play has passed in a row, nobody
            # will ever have anything to decide. A limit that is on ends such a table (as it
            # always did); without one, the game ends here instead of passing for ever.
            passes += 1
            if not self.turn_limit and not self.stall_limit and passes >= self._in_play():
                self._game_over(End.BLOCKED)
                return

    def _begin_turn(self) -> bool:
        """Start the turn of ``self.cur``; False when it has nothing at all to decide."""
        self.phase = PHASE_MOVE
        self.sel = EMPTY
        self.moved = 0
        self.used = [0, 0]
        if self._movable():
            return True
        self.phase = PHASE_PLACE
        s = self.cur
        if self.blue[s] or self.red[s]:
            return True
        self.emit({"event": "pass", "seat": s, "colour": self._cname(s)})
        return False

    # ------------------------------------------------------------------ outcome
    def _key(self, s: int) -> tuple[float, float]:
        """Rank key (higher is better): players home in order of arrival (rulebook §2 "Le
        second est celui qui aura fait la même chose mais en 2ème position"), then players
        still in play, then eliminated players, who can never come home (interpretation 6).
        Nothing else separates two players: places no rule separates are shared (a game
        stopped by a limit ranks every player still in play equal)."""
        if s in self.finished:
            return (2.0, float(-self.finished.index(s)))
        return (0.0 if self.out[s] else 1.0, 0.0)

    def _rank_keys(self) -> list[tuple[float, float]]:
        keys = [self._key(s) for s in range(self.players)]
        if self.teams:
            best = {
                tm: max(keys[s] for s in range(self.players) if self.team[s] == tm) for tm in (0, 1)
            }
            keys = [best[self.team[s]] for s in range(self.players)]
        return keys

    def _outcome(self) -> Outcome:
        n = self.players
        keys = self._rank_keys()
        ranks = ranks_from_keys(keys)
        scores = tuple(float(self.aliens[s].bit_count() + self.ncaps[s]) for s in range(n))
        return Outcome(
            scores,
            ranks,
            End(self.reason),
            {
                "finished": [COLOURS[self.colour[s]] for s in self.finished],
                "scores": TEXT.get("en", "score_basis"),  # what the scores count
                "crew_missing": [
                    crew_missing(self.aliens[s].bit_count(), self.ncaps[s]) for s in range(n)
                ],
                "eliminated": [s for s in range(n) if self.out[s]],
                "teams": [list(self.team)] if self.teams else [],
                "colours": [COLOURS[c] for c in self.colour],  # of each seat (the data's)
            },
        )

    # ------------------------------------------------------------------ views
    def _view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def _component_ids(self, view: Mapping[str, Any]) -> Iterable[str]:
        """The components a view mentions (:func:`.view.component_ids`: it reads the view
        only)."""
        return component_ids(view)

    # ------------------------------------------------------------------ why not
    def _why_not(self, seat: int, action: Action) -> list[Reason]:
        """Why ``action`` is not legal for ``seat`` now (:func:`.reasons.why_not`: the rule of
        ``data/rules.csv`` it breaks and what in the position breaks it)."""
        return why_not(self, seat, action)

    def _action_components(self, action: Action) -> Iterable[str]:
        """The components ``action`` is about (:func:`.reasons.action_components`: from the
        action's fields only)."""
        return action_components(action)

    # ------------------------------------------------------------------ RL / bounds
    @classmethod
    def enumerate_actions(cls, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        return enumerate_actions(players)

    @classmethod
    def max_decisions(cls, players: int, options: Mapping[str, Any]) -> int:
        """A true bound under the ``round_limit`` option, which caps the turns at
        ``round_limit * players``. In one turn: at most 3 selects and 3 stops, one hop per
        rocket on the board, one place/exchange/give per rocket in hand after collection,
        ``end_moves`` and ``end_turn``. Rockets in play never exceed 5 per player plus one
        per capture (3 per player): 8 per player.

        The rulebook's game (no round limit) has none: raiders may ride the rockets round
        and round for as long as nobody brings a crew home; it returns the engine's
        ``NO_BOUND``, and a driver that must finish sets the limits
        (``info.simulation_options``)."""
        opts = cls.info.normalize_options(players, options)
        if opts["round_limit"] == NO_LIMIT:
            return NO_BOUND
        total = 8 * players
        per_turn = 2 * RAIDERS + 2 + 2 * total + RAIDERS
        return int(opts["round_limit"]) * players * per_turn

    # ------------------------------------------------------------------ bots
    #: The bots' judgement of this state for a seat (:func:`.evaluation.evaluate`), bound
    #: as the method itself: it is the greedy and MCTS bots' hot path.
    evaluate = evaluate
