"""Quazarys observations: the table as a 15 x 15 grid of cells, the pawns, the seat's hand,
the public piles and the decision pending."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from spacetable.games.quazarys.board import pdecode
from spacetable.games.quazarys.components import KIND, N_CARDS
from spacetable.games.quazarys.constants import (
    BOT_ROUNDS,
    KIND_BASE,
    MAX_DIM,
    PHASE_NAMES,
    TASK_NAMES,
)
from spacetable.games.quazarys.view import _notations, pending

from ..observation import Builder, ObservationError, rel

if TYPE_CHECKING:
    from spacetable.games.quazarys.rules import Quazarys

#: Every ``pending.kind`` of the view: the phases, the effect tasks and the end.
PENDING_KINDS: tuple[str, ...] = (*PHASE_NAMES, *TASK_NAMES, "over")
FACTIONS = 4
KINDS = 4
DIRS = "NESW"
#: Per cell: present, kind (4), centre station, per arm N E S W (arm, station, arrow out,
#: arrow in), faction (4), vortex.
CELL_FEATURES = 1 + KINDS + 1 + 4 * len(DIRS) + FACTIONS + 1
POINTS = 5  # a pawn's point on its card: 0 centre, 1..4 N E S W


_LAYOUTS: dict[str, list[float]] = {}


def _layout(text: str) -> list[float]:
    """The centre station and the four arms of a layout notation (``'@ N E*> S W'``); kept
    per notation (a pure function of it; the caller only reads the list)."""
    out = _LAYOUTS.get(text)
    if out is None:
        out = _LAYOUTS[text] = _parse_layout(text)
    return out


_LAYOUT_ENTRIES: dict[str, tuple[tuple[int, float], ...]] = {}


def _layout_entries(text: str) -> tuple[tuple[int, float], ...]:
    """The non-zero entries of :func:`_layout` (index, value), kept per notation: a card's
    cell writes these few instead of looking at all 17."""
    out = _LAYOUT_ENTRIES.get(text)
    if out is None:
        out = _LAYOUT_ENTRIES[text] = tuple((i, x) for i, x in enumerate(_layout(text)) if x)
    return out


def _parse_layout(text: str) -> list[float]:
    tokens = text.split()
    out = [1.0 if tokens[0] == "@" else 0.0] + [0.0] * (4 * len(DIRS))
    for tok in tokens[1:]:
        d = DIRS.index(tok[0])
        out[1 + 4 * d] = 1.0
        if "*" in tok:
            out[2 + 4 * d] = 1.0
        if ">" in tok:
            out[3 + 4 * d] = 1.0
        if "<" in tok:
            out[4 + 4 * d] = 1.0
    return out


class QuazarysEncoder:
    game_id = "quazarys"

    def __init__(self) -> None:
        #: :meth:`encode_game`: per seat and place, the cells last encoded: (what they were
        #: encoded from, their positions, their values, the data set's parts they read)
        self._cells_kept: dict[tuple[int, int, int], tuple[Any, Any, Any, Any]] = {}

    def encode(
        self, view: Mapping[str, Any], players: int, options: Mapping[str, Any], b: Builder
    ) -> None:
        seat = view["seat"]
        n = players
        pend = view["pending"]
        b.one_hot(
            "pending",
            PENDING_KINDS.index(pend["kind"]),
            len(PENDING_KINDS),
            "what is decided now: phases "
            + ", ".join(PHASE_NAMES)
            + "; tasks "
            + ", ".join(TASK_NAMES)
            + "; over",
        )
        b.one_hot(
            "current", rel(seat, view["current"], n), n, "the seat whose turn it is (relative)"
        )
        b.one_hot("first", rel(seat, view["first"], n), n, "the first player (relative)")
        b.scalar(
            "round",
            view["round"],
            view["round_limit"] or BOT_ROUNDS,
            f"round / round_limit ({BOT_ROUNDS} without a limit)",
        )
        b.one_hot("faction", view["faction"], FACTIONS, "the faction of the combination (none: 0)")
        b.scalar("discarded", view["discarded"], 3, "cards discarded this turn / 3")
        b.scalar("deck_size", view["deck_size"], N_CARDS, f"cards in the deck / {N_CARDS}")
        sizes = [0] * n
        for s, k in enumerate(view["hand_sizes"]):
            sizes[rel(seat, s, n)] = k
        b.scalars("hand_sizes", sizes, n, 8, "cards in each hand (relative seats) / 8")
        b.counts(
            "hand",
            view["hand"] or (),
            N_CARDS,
            1,
            f"the seat's own hand: card ids 0..{N_CARDS - 1}",
        )
        discard = view["discard"]
        b.multi_hot("discard", discard, N_CARDS, "the cards in the discard (public)")
        b.one_hot(
            "discard_top", discard[-1] if discard else None, N_CARDS, "the top of the discard"
        )
        b.multi_hot("out", view["out"], N_CARDS, "the cards out of the game")
        b.multi_hot(
            "arrived",
            [rel(seat, s, n) for s in view["arrived"]],
            n,
            "seats whose pawn reached its base (relative)",
        )
        # pending details
        pawn = pend.get("pawn")
        b.one_hot(
            "pending_pawn",
            None if pawn is None else rel(seat, pawn, n),
            n,
            "move: the pawn to move (relative seat)",
        )
        b.scalar("pending_remaining", pend.get("remaining"), 10, "move: steps remaining / 10")
        b.flag("pending_ignore_arrows", pend.get("ignore_arrows"), "move: arrows ignored")
        b.flag(
            "pending_tornado",
            pend.get("mode") == "tornado" or pend.get("tornado"),
            "pick/place: a solar tornado",
        )
        b.flag("pending_rotate", pend.get("mode") == "rotate", "pick: a magnetic field (rotate)")
        b.one_hot("pending_card", pend.get("card"), N_CARDS, "place/orient: the card being placed")
        cell = None
        if pend["kind"] == "orient":
            cell = pend["r"] * MAX_DIM + pend["c"]
        b.one_hot("pending_cell", cell, MAX_DIM * MAX_DIM, "orient: the cell (row-major, 15 x 15)")
        # the table
        b.section("cells", view["cards"], lambda: self._cells(view, seat, n, b))
        b.section("pawns", view["pawns"], lambda: self._pawns(view, seat, n, b))

    @staticmethod
    def _cells(view: Mapping[str, Any], seat: int, n: int, b: Builder) -> None:
        grid = b.block(
            "cells",
            (MAX_DIM, MAX_DIM, CELL_FEATURES),
            f"15 x 15 cells (row-major) x {CELL_FEATURES} features: present, "
            "kind (exploration, action, sun, base), centre station, per arm N E S W "
            "(arm, station, arrow out, arrow in), faction (4), vortex",
        )
        owners = b.block(
            "base_owner",
            (MAX_DIM, MAX_DIM, n),
            "15 x 15 cells x relative seats: the base of that seat",
        )
        for e in view["cards"]:
            r, c = e["r"], e["c"]
            if not (0 <= r < MAX_DIM and 0 <= c < MAX_DIM):
                raise ObservationError(f"quazarys: a card at ({r}, {c}) outside the 15 x 15 grid")
            f = grid[r, c]
            f[0] = 1.0
            f[1 + KIND[e["card"]]] = 1.0
            f[1 + KINDS : 1 + KINDS + 1 + 4 * len(DIRS)] = _layout(e["layout"])
            if e["faction"] is not None:
                f[2 + KINDS + 4 * len(DIRS) + e["faction"]] = 1.0
            f[-1] = 1.0 if e["vortex"] else 0.0
            if e.get("owner") is not None:
                owners[r, c, rel(seat, e["owner"], n)] = 1.0

    @staticmethod
    def _pawns(view: Mapping[str, Any], seat: int, n: int, b: Builder) -> None:
        pawns = b.block(
            "pawns",
            (MAX_DIM, MAX_DIM, n, POINTS),
            "15 x 15 cells x relative seats x point (centre, N, E, S, W): the pawns",
        )
        on_base = [0.0] * n
        for p in view["pawns"]:
            k = rel(seat, p["seat"], n)
            pawns[p["r"], p["c"], k, p["p"]] = 1.0
            on_base[k] = 1.0 if p["on_base"] else 0.0
        b.flags("pawn_on_base", on_base, n, "each pawn stands on a base (relative seats)")

    # ------------------------------------------------------------------ straight from the game
    def encode_game(self, g: Quazarys, seat: int, out: Any, at: Mapping[str, int]) -> None:
        """The blocks of :meth:`encode` (all but the common ones), written into ``out`` (the
        observation, zeros; ``at``: each block's start) straight from the game instead of
        from its view. It reads what :func:`~spacetable.games.quazarys.view.view` gives
        ``seat`` and nothing else (the seat's own hand; the other hands and the deck only by
        their sizes); the values are exactly those :meth:`encode` writes from that view
        (tested at every step of seeded playouts). The cells, which change seldom, are kept
        per seat with the board and bases they were encoded from."""
        n = g.players
        pend = pending(g)
        kind = pend["kind"]
        out[at["pending"] + PENDING_KINDS.index(kind)] = 1.0
        out[at["current"] + (g.current - seat) % n] = 1.0
        out[at["first"] + (g.first - seat) % n] = 1.0
        out[at["round"]] = float(g.turns // n + 1) / (g.round_limit or BOT_ROUNDS)
        if g.faction >= 0:
            out[at["faction"] + g.faction] = 1.0
        out[at["discarded"]] = float(g.ndiscard) / 3
        out[at["deck_size"]] = float(len(g.deck)) / N_CARDS
        p0 = at["hand_sizes"]
        for s, hand in enumerate(g.hands):
            out[p0 + (s - seat) % n] = float(len(hand)) / 8
        p0 = at["hand"]
        for c in g.hands[seat]:
            out[p0 + c] += 1.0
        discard = g.discard
        p0 = at["discard"]
        for c in discard:
            out[p0 + c] = 1.0
        if discard:
            out[at["discard_top"] + discard[-1]] = 1.0
        p0 = at["out"]
        for c in g.out:
            out[p0 + c] = 1.0
        p0 = at["arrived"]
        for s in g.arrived:
            out[p0 + (s - seat) % n] = 1.0
        pawn = pend.get("pawn")
        if pawn is not None:
            out[at["pending_pawn"] + (pawn - seat) % n] = 1.0
        if pend.get("remaining") is not None:
            out[at["pending_remaining"]] = float(pend["remaining"]) / 10
        if pend.get("ignore_arrows"):
            out[at["pending_ignore_arrows"]] = 1.0
        if pend.get("mode") == "tornado" or pend.get("tornado"):
            out[at["pending_tornado"]] = 1.0
        if pend.get("mode") == "rotate":
            out[at["pending_rotate"]] = 1.0
        if pend.get("card") is not None:
            out[at["pending_card"] + pend["card"]] = 1.0
        if kind == "orient":
            out[at["pending_cell"] + pend["r"] * MAX_DIM + pend["c"]] = 1.0
        self._cells_of_game(g, seat, n, out, at)
        # the pawns
        p0 = at["pawns"]
        pb = at["pawn_on_base"]
        on_base = g.graph.base_owner
        for s, p in enumerate(g.pos):
            r, c, q = pdecode(p)
            if not (0 <= r < MAX_DIM and 0 <= c < MAX_DIM):
                raise ObservationError(f"quazarys: a pawn at ({r}, {c}) outside the 15 x 15 grid")
            k = (s - seat) % n
            out[p0 + ((r * MAX_DIM + c) * n + k) * POINTS + q] = 1.0
            if p in on_base:
                out[pb + k] = 1.0

    def _cells_of_game(
        self, g: Quazarys, seat: int, n: int, out: Any, at: Mapping[str, int]
    ) -> None:
        parts = g.parts
        slot = (seat, at["cells"], at["base_owner"])
        key = (n, id(parts), tuple(g.base_card), tuple(g.board.items()))
        kept = self._cells_kept.get(slot)
        if kept is not None and kept[0] == key:
            out[kept[1]] = kept[2]
            return
        notes = _notations(parts.oriented)
        faction = parts.faction
        vortex = parts.vortex
        owner = {card: s for s, card in enumerate(g.base_card)}
        pos: list[int] = []
        val: list[float] = []
        p0 = at["cells"]
        po = at["base_owner"]
        arms = 1 + 4 * len(DIRS)
        for (r, c), code in g.board.items():
            if not (0 <= r < MAX_DIM and 0 <= c < MAX_DIM):
                raise ObservationError(f"quazarys: a card at ({r}, {c}) outside the 15 x 15 grid")
            card = code >> 2
            f = p0 + (r * MAX_DIM + c) * CELL_FEATURES
            pos += (f, f + 1 + KIND[card])
            val += (1.0, 1.0)
            note = notes[code]
            if note is None:
                raise ObservationError(f"quazarys: card code {code} has no layout")
            for i, x in _layout_entries(note):
                pos.append(f + 1 + KINDS + i)
                val.append(x)
            if faction[card] >= 0:
                pos.append(f + 1 + KINDS + arms + faction[card])
                val.append(1.0)
            if vortex[card]:
                pos.append(f + CELL_FEATURES - 1)
                val.append(1.0)
            if KIND[card] == KIND_BASE and owner.get(card) is not None:
                pos.append(po + (r * MAX_DIM + c) * n + (owner[card] - seat) % n)
                val.append(1.0)
        hot = np.array(pos, dtype=np.intp)
        values = np.array(val, dtype=np.float32)
        self._cells_kept[slot] = (key, hot, values, parts)
        out[hot] = values
