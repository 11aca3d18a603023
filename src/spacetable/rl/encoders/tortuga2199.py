"""Tortuga 2199 observations: the sectors, every player's public facts, the markets and piles,
the turn, the pending ability, the combat, and the seat's own hand and Reserved card.

Cards are counted by card id (the rows of the data set's cards; at most ``MAX_CARDS``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from spacetable.games.tortuga2199.components import BESPOKE, PLAYED_KINDS, conquest_cost
from spacetable.games.tortuga2199.constants import (
    ABILITY,
    ATK,
    BANK,
    DEF,
    HAND_SIZE,
    KIND_IDS,
    MARK,
    MARKERS,
    MARKETS,
    MAX_CARDS,
    MAX_SECTORS,
    P_FORTRESS,
    P_MINES,
    P_RESEARCH,
    P_VORTEX,
    PHASE_NAMES,
    SACRIFICE,
    SCENARIOS,
    SPOILS,
    TORTUGA_COST,
    WIN_INFLUENCE,
)
from spacetable.games.tortuga2199.view import tallies

from ..observation import (
    Builder,
    KeptEntries,
    ObservationError,
    copied,
    nonzero_entries,
    rel,
)

if TYPE_CHECKING:
    from spacetable.games.tortuga2199.rules import Tortuga2199

ABILITY_KINDS: tuple[str, ...] = (*PLAYED_KINDS, *BESPOKE)
POWERS = (P_FORTRESS, P_MINES, P_VORTEX, P_RESEARCH)
T_PILES = 8
COORD = 5  # axial coordinates q and r lie in -2..2
#: Per sector: present, kind (7), controlled by nobody, controller (relative seats),
#: defence / 10, max defence / 10, conquest cost / 15, influence / 3, mineral, hunt token,
#: q (5), r (5), markers (seats), seen by (seats), ships (seats), adjacent slots.
SECTOR_HEAD = 1 + len(KIND_IDS) + 1


def _seat_or_none(seat: int, other: int | None, n: int) -> int | None:
    return None if other is None or other < 0 else rel(seat, other, n)


class Tortuga2199Encoder:
    game_id = "tortuga2199"

    def __init__(self) -> None:
        #: :meth:`encode_game`: the positions of a layout's adjacencies and coordinates, by
        #: place and layout (a layout is one of the data set's, kept for the program's life)
        self._layouts: dict[tuple[int, int, int, int], Any] = {}
        #: :meth:`encode_game`: the sectors' other entries (positions, values) per observing seat
        #: and layout, kept with a copy of the sectors' state they come from
        self._sectors_kept = KeptEntries()

    def encode(
        self, view: Mapping[str, Any], players: int, options: Mapping[str, Any], b: Builder
    ) -> None:
        seat = view["seat"]
        n = players
        b.one_hot(
            "phase",
            PHASE_NAMES.index(view["phase"]),
            len(PHASE_NAMES),
            "phase: " + ", ".join(PHASE_NAMES),
        )
        b.one_hot(
            "scenario",
            SCENARIOS.index(view["scenario"]),
            len(SCENARIOS),
            "scenario: " + ", ".join(SCENARIOS),
        )
        b.one_hot("current", rel(seat, view["current"], n), n, "whose turn (relative)")
        b.one_hot("first", rel(seat, view["first"], n), n, "the first player (relative)")
        limit = options.get("round_limit") or 100
        b.scalar("round", view["round"], limit, "round / round_limit (100 without a limit)")
        b.scalar("turn_actions", view["turn_actions"], 10, "actions this turn / 10")
        b.scalar("crypto", view["crypto"], 15, "Cryptos this turn / 15")
        b.scalar(
            "manoeuvre", view["manoeuvre"], TORTUGA_COST, f"Manoeuvres this turn / {TORTUGA_COST}"
        )
        b.flag("fresh", view["fresh"], "nothing done yet this turn")
        b.flags(
            "powers_used",
            [view["powers_used"] & p for p in POWERS],
            len(POWERS),
            "sector powers used this turn: fortress, mines, vortex, research",
        )
        b.section("sectors", view["sectors"], lambda: self._sectors(view, seat, n, b))
        self._players(view, seat, n, b)
        b.section("markets", view["markets"], lambda: self._markets(view, b))
        self._rest(view, seat, n, options, b)

    @staticmethod
    def _markets(view: Mapping[str, Any], b: Builder) -> None:
        markets = b.block(
            "markets",
            (len(MARKETS), 2, MAX_CARDS),
            "markets V R M F x (face up, known at the bottom of the deck) x card id "
            f"0..{MAX_CARDS - 1}: counts",
        )
        decks = b.block(
            "market_decks",
            (len(MARKETS),),
            "markets V R M F: cards in the deck / 10",
        )
        for i, m in enumerate(MARKETS):
            mk = view["markets"][m]
            for c in mk["face"]:
                markets[i, 0, c] += 1.0
            for c in mk["known_bottom"]:
                markets[i, 1, c] += 1.0
            decks[i] = mk["deck"] / 10

    @staticmethod
    def _rest(
        view: Mapping[str, Any], seat: int, n: int, options: Mapping[str, Any], b: Builder
    ) -> None:
        piles = list(view["t_piles"].values())
        b.scalars("t_piles", piles, T_PILES, 10, "the T piles in the data set's order: cards / 10")
        b.multi_hot("hunt_pile", view["hunt_pile"], MAX_CARDS, "the hunt cards in the pile")
        b.scalar("depot", view["depot"], 10, "the depot's Minerals / 10")
        b.scalar("bank", view["bank"], BANK, f"Influence in the bank / {BANK}")
        b.counts("destroyed", view["destroyed"], MAX_CARDS, 1, "cards destroyed (counts)")
        b.one_hot(
            "tortuga_conqueror",
            _seat_or_none(seat, view["tortuga_conqueror"], n),
            n,
            "who conquered Tortuga (relative)",
        )
        b.multi_hot(
            "last_turns",
            [rel(seat, s, n) for s in view["last_turns"]],
            n,
            "seats still to play their last turn (relative)",
        )
        b.one_hot("winner", _seat_or_none(seat, view["winner"], n), n, "the winner (relative)")
        pend = view["pending"]
        b.one_hot(
            "pending_card",
            None if pend is None else pend["card"],
            MAX_CARDS,
            "the card whose abilities are pending",
        )
        abil = b.block(
            "pending_abilities",
            (len(ABILITY_KINDS), 2),
            "abilities left to use (" + ", ".join(ABILITY_KINDS) + ") x (pending, amount / 5)",
        )
        for kind, amount in pend["abilities"] if pend else ():
            if kind not in ABILITY_KINDS:
                raise ObservationError(f"tortuga2199: unknown ability {kind!r}")
            abil[ABILITY_KINDS.index(kind)] = (1.0, amount / 5)
        b.one_hot("marking", view["marking"], MAX_SECTORS, "the sector slot being marked")
        cb = view["combat"] or {}
        b.flag("combat", view["combat"] is not None, "a combat is under way")
        b.one_hot(
            "combat_attacker",
            _seat_or_none(seat, cb.get("attacker"), n),
            n,
            "the attacker (relative)",
        )
        b.one_hot(
            "combat_defender",
            _seat_or_none(seat, cb.get("defender"), n),
            n,
            "the defender (relative)",
        )
        b.one_hot("combat_sector", cb.get("sector"), MAX_SECTORS, "the sector slot fought over")
        b.scalar(
            "combat_attack_count",
            cb.get("attack_count"),
            10,
            "attack cards played / 10 (when shown)",
        )
        b.counts(
            "combat_attack_cards",
            cb.get("attack_cards") or (),
            MAX_CARDS,
            1,
            "the attack cards, once revealed (counts)",
        )
        b.counts(
            "combat_defence_cards",
            cb.get("defence_cards") or (),
            MAX_CARDS,
            1,
            "the defence cards (counts)",
        )
        b.one_hot(
            "combat_winner",
            _seat_or_none(seat, cb.get("winner"), n),
            n,
            "the combat's winner (relative)",
        )
        b.one_hot(
            "combat_loser",
            _seat_or_none(seat, cb.get("loser"), n),
            n,
            "the combat's loser (relative)",
        )
        b.counts(
            "hand", view["hand"] or (), MAX_CARDS, 1, "the seat's own hand (counts per card id)"
        )
        b.one_hot("reserved_card", view["reserved_card"], MAX_CARDS, "the seat's own Reserved card")

    @staticmethod
    def _sectors(view: Mapping[str, Any], seat: int, n: int, b: Builder) -> None:
        head = b.block(
            "sectors",
            (MAX_SECTORS, SECTOR_HEAD + n + 8 + 2 * COORD),
            f"{MAX_SECTORS} sector slots x (present, kind: " + ", ".join(KIND_IDS) + "; "
            "uncontrolled, controller (relative seats), defence / 10, max defence / 10, "
            "conquest cost / 15, influence / 3, mineral, hunt token, no defence track, "
            "creature known, q + 2 one-hot (5), r + 2 one-hot (5))",
        )
        seats = b.block(
            "sector_seats",
            (MAX_SECTORS, 3, n),
            "sector slots x (markers, seen by, ships) x relative seat",
        )
        adj = b.block(
            "sector_adjacent",
            (MAX_SECTORS, MAX_SECTORS),
            "sector slots x sector slots: adjacency",
        )
        creature = b.block(
            "sector_creature",
            (MAX_SECTORS, MAX_CARDS),
            "sector slots x card id: the creature the seat looked at",
        )
        for s in view["sectors"]:
            i = s["slot"]
            f = head[i]
            f[0] = 1.0
            f[1 + KIND_IDS.index(s["kind"])] = 1.0
            ctrl = s["controller"]
            if ctrl < 0:
                f[SECTOR_HEAD - 1] = 1.0
            else:
                f[SECTOR_HEAD + rel(seat, ctrl, n)] = 1.0
            j = SECTOR_HEAD + n
            f[j] = (s["defence"] or 0) / 10
            f[j + 1] = (s["max_defence"] or 0) / 10
            f[j + 2] = s["conquest_cost"] / TORTUGA_COST
            f[j + 3] = s["influence"] / 3
            f[j + 4] = s["mineral"]
            f[j + 5] = float(s["hunt"])
            f[j + 6] = 1.0 if s["defence"] is None else 0.0
            f[j + 7] = 1.0 if s["creature"] is not None else 0.0
            f[j + 8 + s["q"] + 2] = 1.0
            f[j + 8 + COORD + s["r"] + 2] = 1.0
            for k, key in enumerate(("markers", "seen_by", "ships")):
                for p in s[key]:
                    seats[i, k, rel(seat, p, n)] = 1.0
            for a in s["adjacent"]:
                adj[i, a] = 1.0
            if s["creature"] is not None:
                creature[i, s["creature"]] = 1.0

    @staticmethod
    def _players(view: Mapping[str, Any], seat: int, n: int, b: Builder) -> None:
        nums = b.block(
            "players",
            (n, 13),
            f"relative seat x (influence / {WIN_INFLUENCE}, influence tokens / {WIN_INFLUENCE}, "
            f"minerals / 10, hand size / {2 * HAND_SIZE}, deck size / 30, a Reserved card, hunt "
            f"tokens / 5, sectors / {MAX_SECTORS}, terminals / 4, turrets / 4, markers free / "
            f"{MARKERS}, discard size / 30, played / 10)",
        )
        where = b.block(
            "positions",
            (n, MAX_SECTORS + 1),
            f"relative seat x (sector slot 0..{MAX_SECTORS - 1}, off the board)",
        )
        cards = b.block(
            "player_cards",
            (n, 4, MAX_CARDS),
            "relative seat x (ship card, discard, played, hunt tokens) x card id: counts",
        )
        for p in view["players"]:
            k = rel(seat, p["seat"], n)
            nums[k] = (
                p["influence"] / WIN_INFLUENCE,
                p["influence_tokens"] / WIN_INFLUENCE,
                p["minerals"] / 10,
                p["hand_size"] / (2 * HAND_SIZE),
                p["deck_size"] / 30,
                float(p["reserved"]),
                len(p["hunt_tokens"]) / 5,
                p["sectors"] / MAX_SECTORS,
                p["terminals"] / 4,
                p["turrets"] / 4,
                p["markers_free"] / MARKERS,
                len(p["discard"]) / 30,
                len(p["played"]) / 10,
            )
            where[k, p["pos"] if p["pos"] >= 0 else MAX_SECTORS] = 1.0
            if p["ship"] >= 0:
                cards[k, 0, p["ship"]] = 1.0
            for c in p["discard"]:
                cards[k, 1, c] += 1.0
            for c in p["played"]:
                cards[k, 2, c] += 1.0
            for c in p["hunt_tokens"]:
                cards[k, 3, c] += 1.0

    # ------------------------------------------------------------------ straight from the game
    def encode_game(self, g: Tortuga2199, seat: int, out: Any, at: Mapping[str, int]) -> None:
        """The blocks of :meth:`encode` (all but the common ones), written into ``out`` (the
        observation, zeros; ``at``: each block's start) straight from the game instead of
        from its view, which costs more than its encoding. It reads what
        :func:`~spacetable.games.tortuga2199.view.view` gives ``seat`` and nothing else: a
        creature only if the seat looked at it, the attacker's cards only once revealed (or
        to the attacker), the seat's own hand and Reserved card; the values are exactly those
        :meth:`encode` writes from that view (tested at every step of seeded playouts)."""
        n = g.players
        P = g.parts
        ph = g.phase
        out[at["phase"] + ph] = 1.0
        out[at["scenario"] + SCENARIOS.index(g.scenario)] = 1.0
        out[at["current"] + (g.cur - seat) % n] = 1.0
        out[at["first"] + (g.first - seat) % n] = 1.0
        limit = g.options.get("round_limit") or 100
        out[at["round"]] = float(g.turns // n + 1) / limit
        out[at["turn_actions"]] = float(g.tacts) / 10
        out[at["crypto"]] = float(g.crypto) / 15
        out[at["manoeuvre"]] = float(g.mano) / TORTUGA_COST
        if g.fresh:
            out[at["fresh"]] = 1.0
        p0 = at["powers_used"]
        for i, bit in enumerate(POWERS):
            if g.used & bit:
                out[p0 + i] = 1.0
        # the sectors, and each seat's tallies of them (as the view makes them)
        lay = g.lay
        held, count, terminals, turrets, marked = tallies(g)
        head = SECTOR_HEAD + n + 8 + 2 * COORD
        ph0 = at["sectors"]
        key = (ph0, at["sector_adjacent"], id(lay), n)
        fixed = self._layouts.get(key)
        if fixed is None:  # present, adjacency, coordinates: the layout's own
            hot = []
            pa0 = at["sector_adjacent"]
            j = ph0 + SECTOR_HEAD + n + 8
            for sl in range(lay.n):
                hot.append(ph0 + sl * head)
                hot.extend(pa0 + sl * MAX_SECTORS + a for a in lay.adj[sl])
                q, r = lay.coords[sl]
                hot.append(j + sl * head + q + 2)
                hot.append(j + sl * head + COORD + r + 2)
            fixed = self._layouts[key] = (np.array(hot, dtype=np.intp), lay)
        out[fixed[0]] = 1.0
        pos, val = self._sector_entries(g, seat, n, head, at)
        out[pos] = val
        # the ships, which move at about one decision in four: written at every call
        ps0 = at["sector_seats"]
        for p in range(n):
            sl = g.pos[p]
            if 0 <= sl < lay.n:
                out[ps0 + sl * 3 * n + 2 * n + (p - seat) % n] = 1.0
        # the players
        secret_atk = ph == ATK
        pn0 = at["players"]
        pw0 = at["positions"]
        pk0 = at["player_cards"]
        for p in range(n):
            k = (p - seat) % n
            hs = len(g.hand[p])
            if secret_atk and p == g.cb[0] and seat != p:
                hs += len(g.catk)
            out[pn0 + k * 13 : pn0 + k * 13 + 13] = (
                (g.infl[p] + held[p]) / WIN_INFLUENCE,
                g.infl[p] / WIN_INFLUENCE,
                g.minerals[p] / 10,
                hs / (2 * HAND_SIZE),
                len(g.deck[p]) / 30,
                float(g.reserve[p] >= 0),
                len(g.htokens[p]) / 5,
                count[p] / MAX_SECTORS,
                terminals[p] / 4,
                turrets[p] / 4,
                (MARKERS - count[p] - marked[p]) / MARKERS,
                len(g.discard[p]) / 30,
                len(g.played[p]) / 10,
            )
            pos = g.pos[p]
            out[pw0 + k * (MAX_SECTORS + 1) + (pos if pos >= 0 else MAX_SECTORS)] = 1.0
            q = pk0 + k * 4 * MAX_CARDS
            if g.ship[p] >= 0:
                out[q + g.ship[p]] = 1.0
            for c in g.discard[p]:
                out[q + MAX_CARDS + c] += 1.0
            for c in g.played[p]:
                out[q + 2 * MAX_CARDS + c] += 1.0
            for c in g.htokens[p]:
                out[q + 3 * MAX_CARDS + c] += 1.0
        # the markets
        pm0 = at["markets"]
        pd0 = at["market_decks"]
        for i in range(len(MARKETS)):
            q = pm0 + i * 2 * MAX_CARDS
            for c in g.mface[i]:
                out[q + c] += 1.0
            deck = g.mdeck[i]
            for c in deck[: g.mknown[i]]:
                out[q + MAX_CARDS + c] += 1.0
            out[pd0 + i] = len(deck) / 10
        # piles, bank, the end, the pending ability, the combat, the seat's own cards
        p0 = at["t_piles"]
        if len({P.card_id[c] for c in P.t_cards}) != len(P.t_cards) or len(P.t_cards) > T_PILES:
            raise ObservationError("tortuga2199: the T piles do not fit their block")
        for i in range(len(P.t_cards)):
            out[p0 + i] = float(g.tpile[i]) / 10
        p0 = at["hunt_pile"]
        for c in g.hunt_pile:
            out[p0 + c] = 1.0
        out[at["depot"]] = float(g.depot) / 10
        out[at["bank"]] = float(g.bank) / BANK
        p0 = at["destroyed"]
        for c in g.destroyed:
            out[p0 + c] += 1.0
        if g.tortuga_by >= 0:
            out[at["tortuga_conqueror"] + (g.tortuga_by - seat) % n] = 1.0
        p0 = at["last_turns"]
        for p in g.last:
            out[p0 + (p - seat) % n] = 1.0
        if g.winner >= 0:
            out[at["winner"] + (g.winner - seat) % n] = 1.0
        if ph == ABILITY:
            out[at["pending_card"] + g.pend_card] = 1.0
            p0 = at["pending_abilities"]
            played = P.played[g.pend_card]
            for i in g.pend:
                kind, amount = played[i]
                if kind not in ABILITY_KINDS:
                    raise ObservationError(f"tortuga2199: unknown ability {kind!r}")
                q = p0 + 2 * ABILITY_KINDS.index(kind)
                out[q] = 1.0
                out[q + 1] = amount / 5
        if ph == MARK:
            out[at["marking"] + g.mark_at] = 1.0
        if ph in (ATK, DEF, SACRIFICE, SPOILS):
            att, dfd, sector, winner, loser = g.cb
            out[at["combat"]] = 1.0
            if att >= 0:
                out[at["combat_attacker"] + (att - seat) % n] = 1.0
            if dfd >= 0:
                out[at["combat_defender"] + (dfd - seat) % n] = 1.0
            if not 0 <= sector < MAX_SECTORS:
                raise ObservationError(f"tortuga2199: combat over sector slot {sector}")
            out[at["combat_sector"] + sector] = 1.0
            if not (ph == ATK and seat != att):
                out[at["combat_attack_count"]] = float(len(g.catk)) / 10
            if ph not in (ATK, DEF) or seat == att:
                p0 = at["combat_attack_cards"]
                for c in g.catk:
                    out[p0 + c] += 1.0
            p0 = at["combat_defence_cards"]
            for c in g.cdef:
                out[p0 + c] += 1.0
            if winner >= 0:
                out[at["combat_winner"] + (winner - seat) % n] = 1.0
            if loser >= 0:
                out[at["combat_loser"] + (loser - seat) % n] = 1.0
        p0 = at["hand"]
        for c in g.hand[seat]:
            out[p0 + c] += 1.0
        if g.reserve[seat] >= 0:
            out[at["reserved_card"] + g.reserve[seat]] = 1.0

    def _sector_entries(
        self, g: Tortuga2199, seat: int, n: int, head: int, at: Mapping[str, int]
    ) -> tuple[Any, Any]:
        """The sectors' entries besides the layout's own (positions, values): kind,
        controller, defence, conquest cost, influence, mineral, hunt token (its creature if
        ``seat`` looked at it), markers and looks (the ships, which move more often, are
        written by :meth:`encode_game` at every call). They stay put at about eleven
        decisions in twelve: they are kept per seat and layout with a copy of the sectors'
        state (and the data set and layout, by identity), compared in full at every call."""
        now = (g.parts, g.lay, g.kinds, g.ctrl, g.defence, g.hunt, g.seen, g.mineral, g.probes)
        # (the data set and layout kept as they are; each list of the state copied)
        kept = self._sectors_kept.entries(now, lambda: (*now[:2], *copied(now[2:])))
        ph0 = at["sectors"]
        ps0 = at["sector_seats"]
        pc0 = at["sector_creature"]
        key = (ph0, ps0, pc0, head, n, seat)
        hot = kept.get(key)
        if hot is not None:
            return hot  # type: ignore[no-any-return]
        P = g.parts
        has_def = P.kind_has_def
        influence = P.kind_influence
        writes: dict[int, float] = {}
        j = SECTOR_HEAD + n
        for sl in range(g.lay.n):
            f = ph0 + sl * head
            k = g.kinds[sl]
            writes[f + 1 + k] = 1.0
            ctrl = g.ctrl[sl]
            writes[f + (SECTOR_HEAD - 1 if ctrl < 0 else SECTOR_HEAD + (ctrl - seat) % n)] = 1.0
            d = g.defence[sl]
            h = g.hunt[sl]
            seen = g.seen[sl]
            if has_def[k]:
                writes[f + j] = (d or 0) / 10
                writes[f + j + 1] = (P.kind_max_def[k] or 0) / 10
            else:
                writes[f + j + 6] = 1.0
            writes[f + j + 2] = conquest_cost(k, d) / TORTUGA_COST
            writes[f + j + 3] = influence[k] / 3
            writes[f + j + 4] = g.mineral[sl]
            if h >= 0:
                writes[f + j + 5] = 1.0
                if seen >> seat & 1:
                    writes[f + j + 7] = 1.0
                    writes[pc0 + sl * MAX_CARDS + h] = 1.0
            q = ps0 + sl * 3 * n
            probes = g.probes[sl]
            for p in range(n):
                r = (p - seat) % n
                if probes >> p & 1:
                    writes[q + r] = 1.0
                if seen >> p & 1:
                    writes[q + n + r] = 1.0
        hot = kept[key] = nonzero_entries(writes)
        return hot
