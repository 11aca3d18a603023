"""Constants of the Spacedealer rules (quantities come from ``data/setup.toml``)."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SETUP

_C = SETUP["components"]
GRID_W = 12
POWER = tuple(_C["power"])  # connections powered per side by plant level
SHIP_CAP = int(_C["ship_capacity"])
PROBE_CAP = int(_C["probe_capacity"])
START_MARKERS = int(_C["victory_markers"]) - 1  # one marker is on the score track
BASE_TIMERS = int(_C["timers_per_player"])
BASE_PLANNING = int(_C["planning_places"])
BLACK_PER_BOX = int(_C["attack_markers"])
GOODS_PER_COLOUR = int(_C["goods_per_colour"])

# real-time action budget: at most BURST + RATE * clock free actions per seat
BURST = 40
RATE = 2.0
# ticks mode: at most TICK_CAP free actions per seat and tick, then "done"
TICK_CAP = 8
MIN_ADVANCE = 0.5  # the drivers' smallest clock step, used by max_decisions

W_OUT, W_PILE, W_PERSONAL, W_PLANNING, W_BUILT, W_DRAWN, W_GIZZI = range(7)

T_IDLE, T_RESEARCH, T_BUILD, T_USE, T_FLY, T_VOID = range(6)
T_NAMES = ("idle", "research", "build", "use", "fly", "void")

NONE = 4  # "no colour" in goods offers

# goods container codes in actions: ships keep their id, planet depots and probes are offset
STORE_CODE = 20  # + seat: the depots of that seat's planet
PROBE_CODE = 30  # + k: the k-th transport probe of the game

# pending decision kinds (first element of a pending tuple)
P_BUILD, P_PUT, P_CONV, P_SEND, P_KEEP = range(5)
P_NAMES = ("build", "put", "convert", "send", "keep")


def fits(need: Sequence[int], goods: list[int], base: int) -> bool:
    """Whether the container at ``goods[base:base + 4]`` holds the goods ``need``."""
    return all(goods[base + k] >= need[k] for k in range(4))
