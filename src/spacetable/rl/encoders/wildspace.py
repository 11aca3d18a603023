"""Wild Space observations: the five planets, the Reserve, the piles, every crew, the seat's
own hand, the pending decisions and, in solo, the Contrebandier."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from spacetable.games.wildspace.components import PREDS
from spacetable.games.wildspace.constants import (
    F_DRAW,
    F_PLAY,
    F_USE_DRAW,
    FRAME_NAMES,
    LEVELS,
    MAX_TRACK,
    N_CARDS,
    N_HOSTILE,
    N_PLANETS,
    RESERVE_SLOTS,
    SHUTTLES,
    SRC_EXPLORE,
    SRC_PLANET,
    SRC_TRACK,
    TABLE_PLANETS,
    TURNS,
)

from ..observation import Builder, ObservationError, rel

if TYPE_CHECKING:
    from spacetable.games.wildspace.rules import WildSpace

#: The pending frames encoded, from the top of the stack (the one decided now) down.
FRAMES = 3
SOURCES = ("card", "planet", "explore", "track_step")
#: Per frame: present, kind (5), optional, draw count / 4, predicate (PREDS), source kind (4),
#: source card (N_CARDS), track step / MAX_TRACK.
FRAME_FEATURES = 1 + len(FRAME_NAMES) + 1 + 1 + len(PREDS) + len(SOURCES) + N_CARDS + 1
SCORE_SCALE = 100.0


def _frame(f: Mapping[str, Any], out: np.ndarray[Any, np.dtype[np.float32]]) -> None:
    """Write the features of pending frame ``f`` into ``out`` (zeros)."""
    out[0] = 1.0
    k = FRAME_NAMES.index(f["kind"])
    out[1 + k] = 1.0
    i = 1 + len(FRAME_NAMES)
    out[i] = float(f["optional"])
    arg = f["arg"]
    if f["kind"] in ("draw", "use_draw") and isinstance(arg, int):
        out[i + 1] = arg / 4
    if f["kind"] == "play" and isinstance(arg, str):
        out[i + 2 + PREDS.index(arg)] = 1.0
    j = i + 2 + len(PREDS)
    for s, key in enumerate(SOURCES):
        if key in f:
            out[j + s] = 1.0
    j += len(SOURCES)
    if "card" in f:
        out[j + f["card"]] = 1.0
    if "track_step" in f:
        out[j + N_CARDS] = f["track_step"] / MAX_TRACK


class WildSpaceEncoder:
    game_id = "wildspace"

    def encode(
        self, view: Mapping[str, Any], players: int, options: Mapping[str, Any], b: Builder
    ) -> None:
        seat = view["seat"]
        n = players
        cur = view["current"]
        b.one_hot(
            "current",
            rel(seat, cur, n) if cur < n else n,
            n + 1,
            "whose turn (relative seats; entry n: the Contrebandier in solo)",
        )
        b.flag("smuggler_turn", view["smuggler_turn"], "the Contrebandier's turn")
        b.flag("main_done", view["main_done"], "the main action of the turn is done")

        def planet_blocks() -> None:
            tiles = b.block(
                "planet_tiles",
                (TABLE_PLANETS, N_PLANETS),
                f"5 positions x tile 0..{N_PLANETS - 1}: the face-up tile",
            )
            info = b.block(
                "planet_info", (TABLE_PLANETS, 2), "5 positions x (face up, threshold / 9)"
            )
            shuttles = b.block(
                "shuttles",
                (TABLE_PLANETS, 2, n),
                f"5 positions x 2 sectors x relative seat: shuttles / {SHUTTLES}",
            )
            for pl in view["planets"]:
                p = pl["position"]
                if pl["tile"] is not None:
                    tiles[p, pl["tile"]] = 1.0
                info[p] = (float(pl["faceup"]), pl["threshold"] / 9)
                for sector, entries in enumerate(pl["shuttles"]):
                    for q, k in entries:
                        shuttles[p, sector, rel(seat, q, n)] = k / SHUTTLES

        b.section("planets", view["planets"], planet_blocks)
        reserve = b.block(
            "reserve", (RESERVE_SLOTS, N_CARDS), f"3 Reserve slots x card id 0..{N_CARDS - 1}"
        )
        for i, c in enumerate(view["reserve"]):
            if c >= 0:
                reserve[i, c] = 1.0
        b.scalar("deck_size", view["deck_size"], N_CARDS, f"cards in the deck / {N_CARDS}")
        b.multi_hot("discard", view["discard"], N_CARDS, "the discard (public)")
        pend = view["pending"]
        b.scalar("pending_depth", len(pend), 10, "pending frames / 10")
        frames = b.block(
            "pending",
            (FRAMES, FRAME_FEATURES),
            f"the top {FRAMES} pending frames (the one decided now first) x {FRAME_FEATURES}: "
            "present, kind (draw, use_draw, play, take_play, cost), optional, cards to draw / 4, "
            f"what may be played ({len(PREDS)} predicates), source (card, planet, explore, "
            f"track step), source card id, track step / {MAX_TRACK}",
        )
        for i, f in enumerate(reversed(pend[-FRAMES:])):
            _frame(f, frames[i])
        me = view["player_states"][seat]
        b.multi_hot("hand", me["hand"] or (), N_CARDS, "the seat's own hand (card ids)")
        crews = b.block(
            "crews",
            (n, 3, N_CARDS),
            "relative seat x (captain, tableau, cards seen taken into the hand) x card id",
        )
        nums = b.block(
            "players",
            (n, 6),
            f"relative seat x (hand size / 10, veteran / {MAX_TRACK}, shuttles left / "
            f"{SHUTTLES}, turns / {TURNS}, score / {SCORE_SCALE:g}, seated)",
        )
        for q, ps in enumerate(view["player_states"]):
            k = rel(seat, q, n)
            crews[k, 0, ps["captain"]] = 1.0
            for c in ps["tableau"]:
                crews[k, 1, c] = 1.0
            for c in ps["known_hand"]:
                crews[k, 2, c] = 1.0
            nums[k] = (
                ps["hand_size"] / 10,
                ps["veteran"] / MAX_TRACK,
                ps["shuttles_left"] / SHUTTLES,
                ps["turns"] / TURNS,
                ps["score"] / SCORE_SCALE,
                1.0,
            )
        if n == 1:
            self._smuggler(view.get("smuggler"), b)

    @staticmethod
    def _smuggler(sm: Mapping[str, Any] | None, b: Builder) -> None:
        """Solo only: the Contrebandier's crew, Hostile Planets, level and deck backs."""
        assert sm is not None
        crew = b.block("smuggler_crew", (2, N_CARDS), "solo: (captain, tableau) x card id")
        if sm["captain"] >= 0:
            crew[0, sm["captain"]] = 1.0
        for c in sm["tableau"]:
            crew[1, c] = 1.0
        hostile = b.block(
            "hostile",
            (N_HOSTILE, 4),
            f"solo: Hostile Planet 0..{N_HOSTILE - 1} x (in the row, state 0, state 1 or 2, aside)",
        )
        for h, state in sm["hostile_row"]:
            hostile[h, 0] = 1.0
            hostile[h, 1 + min(state, 2)] = 1.0
        for h in sm["hostile_aside"]:
            hostile[h, 3] = 1.0
        b.one_hot(
            "difficulty", LEVELS.index(sm["difficulty"]), len(LEVELS), "solo: easy, medium, hard"
        )
        deck = sm["hostile_deck"]
        b.scalar("hostile_deck_size", deck["size"], 5, "solo: Hostile deck size / 5")
        b.one_hot(
            "hostile_deck_top", deck["top"], 4, "solo: the back (category 1..3) of its top card"
        )
        b.scalars(
            "hostile_categories",
            deck["categories"],
            3,
            5,
            "solo: the level's cards of category 1, 2, 3 / 5",
        )
        b.scalar("smuggler_turns", sm["turns"], TURNS, f"solo: the Contrebandier's turns / {TURNS}")
        b.flag("smuggler_auto", sm["auto"], "solo: the Contrebandier plays itself")
        b.scalar("smuggler_score", sm["score"], SCORE_SCALE, "solo: its score at the end / 100")

    # ------------------------------------------------------------------ straight from the game
    def encode_game(self, g: WildSpace, seat: int, out: Any, at: Mapping[str, int]) -> None:
        """The blocks of :meth:`encode` (all but the common ones), written into ``out`` (the
        observation, zeros; ``at``: each block's start) straight from the game instead of
        from its view. It reads what :func:`~spacetable.games.wildspace.view.view` gives
        ``seat`` and nothing else: a planet's tile only face up, the seat's own hand (the
        others' by their sizes and the cards seen taken), the Hostile deck by its backs; the
        values are exactly those :meth:`encode` writes from that view (tested at every step
        of seeded playouts)."""
        n = g.players
        parts = g.parts
        cur = g.current
        out[at["current"] + ((cur - seat) % n if cur < n else n)] = 1.0
        if g.smuggler_turn:
            out[at["smuggler_turn"]] = 1.0
        if g.main_done:
            out[at["main_done"]] = 1.0
        # the planets
        pt = at["planet_tiles"]
        pi = at["planet_info"]
        ps = at["shuttles"]
        spots = g.spots
        for pos in range(TABLE_PLANETS):
            tile = g.planets[pos]
            up = g.faceup[pos]
            if up:
                out[pt + pos * N_PLANETS + tile] = 1.0
            out[pi + 2 * pos] = float(up)
            out[pi + 2 * pos + 1] = parts.threshold[tile] / 9
            for sector in (0, 1):
                for q in range(n):
                    k = spots[q * 10 + pos * 2 + sector]
                    if k:
                        out[ps + (pos * 2 + sector) * n + (q - seat) % n] = k / SHUTTLES
        p0 = at["reserve"]
        if len(g.reserve) > RESERVE_SLOTS:
            raise ObservationError("wildspace: more Reserve cards than its slots")
        for i, c in enumerate(g.reserve):
            if c >= 0:
                out[p0 + i * N_CARDS + c] = 1.0
        out[at["deck_size"]] = float(len(g.deck)) / N_CARDS
        p0 = at["discard"]
        for c in g.discard:
            out[p0 + c] = 1.0
        stack = g.stack
        out[at["pending_depth"]] = float(len(stack)) / 10
        p0 = at["pending"]
        for i, f in enumerate(reversed(stack[-FRAMES:])):
            self._frame_of_game(f, out, p0 + i * FRAME_FEATURES)
        p0 = at["hand"]
        for c in g.hands[seat]:
            out[p0 + c] = 1.0
        pc = at["crews"]
        pn = at["players"]
        for q in range(n):
            k = (q - seat) % n
            base = pc + k * 3 * N_CARDS
            out[base + g.captain[q] % N_CARDS] = 1.0
            for c in g.tableau[q]:
                out[base + N_CARDS + c] = 1.0
            for c in g.known[q]:
                out[base + 2 * N_CARDS + c] = 1.0
            out[pn + k * 6 : pn + k * 6 + 6] = (
                len(g.hands[q]) / 10,
                g.vet[q] / MAX_TRACK,
                g.shuttles_left(q) / SHUTTLES,
                g.turns[q] / TURNS,
                g.score_sheet(q)["total"] / SCORE_SCALE,
                1.0,
            )
        if n == 1:
            self._smuggler_of_game(g, out, at)

    @staticmethod
    def _frame_of_game(f: Any, out: Any, p: int) -> None:
        """:func:`_frame` of a frame of the game's stack, at ``out[p:]``."""
        kind = f[0]
        out[p] = 1.0
        out[p + 1 + kind] = 1.0
        i = p + 1 + len(FRAME_NAMES)
        out[i] = float(bool(f[4]))
        if kind in (F_DRAW, F_USE_DRAW) and isinstance(f[1], int):
            out[i + 1] = f[1] / 4
        if kind == F_PLAY:
            out[i + 2 + PREDS.index(PREDS[f[1]])] = 1.0
        j = i + 2 + len(PREDS)
        src = f[3]
        if src >= 0:
            out[j] = 1.0
            out[j + len(SOURCES) + src] = 1.0
        elif src == SRC_PLANET:
            out[j + 1] = 1.0
        elif src == SRC_EXPLORE:
            out[j + 2] = 1.0
        else:
            out[j + 3] = 1.0
            out[j + len(SOURCES) + N_CARDS] = (SRC_TRACK - src) / MAX_TRACK

    @staticmethod
    def _smuggler_of_game(g: WildSpace, out: Any, at: Mapping[str, int]) -> None:
        """:meth:`_smuggler` straight from the game (solo only)."""
        p0 = at["smuggler_crew"]
        if g.s_captain >= 0:
            out[p0 + g.s_captain] = 1.0
        for c in g.s_tableau:
            out[p0 + N_CARDS + c] = 1.0
        p0 = at["hostile"]
        for h in g.h_row:
            out[p0 + 4 * h] = 1.0
            out[p0 + 4 * h + 1 + min(g.h_state[h], 2)] = 1.0
        for h in g.h_aside:
            out[p0 + 4 * h + 3] = 1.0
        difficulty = g.options["difficulty"]
        out[at["difficulty"] + LEVELS.index(difficulty)] = 1.0
        deck = g.h_deck
        out[at["hostile_deck_size"]] = float(len(deck)) / 5
        if deck:
            out[at["hostile_deck_top"] + g.parts.h_category[deck[-1]]] = 1.0
        p0 = at["hostile_categories"]
        categories = g.parts.difficulty[difficulty]
        if len(categories) > 3:
            raise ObservationError("wildspace: more Hostile categories than their block")
        for i, x in enumerate(categories):
            out[p0 + i] = float(x) / 5
        out[at["smuggler_turns"]] = float(g.s_turns) / TURNS
        if g.auto:
            out[at["smuggler_auto"]] = 1.0
        if g.over:
            out[at["smuggler_score"]] = float(g.smuggler_sheet()["total"]) / SCORE_SCALE
