"""Wild Space observations: the five planets, the Reserve, the piles, every crew, the seat's
own hand, the pending decisions and, in solo, the Contrebandier."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from spacetable.games.wildspace.components import PREDS
from spacetable.games.wildspace.constants import (
    FRAME_NAMES,
    LEVELS,
    MAX_TRACK,
    N_CARDS,
    N_HOSTILE,
    N_PLANETS,
    RESERVE_SLOTS,
    SHUTTLES,
    TABLE_PLANETS,
    TURNS,
)

from ..observation import Builder, rel

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
