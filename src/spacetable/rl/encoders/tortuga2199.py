"""Tortuga 2199 observations: the sectors, every player's public facts, the markets and piles,
the turn, the pending ability, the combat, and the seat's own hand and Reserved card.

Cards are counted by card id (the rows of the data set's cards; at most ``MAX_CARDS``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spacetable.games.tortuga2199.components import BESPOKE, PLAYED_KINDS
from spacetable.games.tortuga2199.constants import (
    BANK,
    HAND_SIZE,
    KIND_IDS,
    MARKERS,
    MARKETS,
    MAX_CARDS,
    MAX_SECTORS,
    P_FORTRESS,
    P_MINES,
    P_RESEARCH,
    P_VORTEX,
    PHASE_NAMES,
    SCENARIOS,
    TORTUGA_COST,
    WIN_INFLUENCE,
)

from ..observation import Builder, ObservationError, rel

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
