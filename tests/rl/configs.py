"""The settings the RL tests cover: every game at every player count (fast options where a
game needs them to end under random play)."""

from __future__ import annotations

from typing import Any

import spacetable

#: Options that keep random games short (Tortuga's rulebook game has no end for random
#: play; Spacedealer's default is a long real-time game).
FAST: dict[str, dict[str, Any]] = {
    "tortuga2199": {"round_limit": 40},
    "spacedealer": {"length": 120, "timer": 20},
}
#: Spacedealer's turn-based ticks mode, covered beside real time.
TICKS: dict[str, Any] = {"mode": "ticks", "length": 120, "timer": 20, "tick": 20}

GAMES = ["planetraiders", "quazarys", "spacedealer", "tortuga2199", "wildspace"]


def every_count() -> list[tuple[str, int, dict[str, Any]]]:
    """Every game at every player count, plus Spacedealer's ticks mode and advanced rules."""
    out: list[tuple[str, int, dict[str, Any]]] = []
    for g in GAMES:
        info = spacetable.game_info(g)
        for n in range(info["min_players"], info["max_players"] + 1):
            out.append((g, n, dict(FAST.get(g, {}))))
    out.append(("spacedealer", 4, dict(TICKS)))
    out.append(("spacedealer", 5, {**FAST["spacedealer"], "rules": "advanced"}))
    out.append(("wildspace", 1, {"smuggler": "auto"}))
    return out


def extremes() -> list[tuple[str, int, dict[str, Any]]]:
    """Every game at its smallest and largest player count, Spacedealer in real time and in
    ticks."""
    out: list[tuple[str, int, dict[str, Any]]] = []
    for g in GAMES:
        info = spacetable.game_info(g)
        modes = [dict(FAST.get(g, {}))] + ([dict(TICKS)] if g == "spacedealer" else [])
        for opts in modes:
            for n in dict.fromkeys((info["min_players"], info["max_players"])):
                out.append((g, n, dict(opts)))
    return out


def one_each() -> list[tuple[str, int, dict[str, Any]]]:
    """One setting per game (Spacedealer in real time and in ticks)."""
    return [
        ("planetraiders", 2, {}),
        ("quazarys", 2, {}),
        ("spacedealer", 3, dict(FAST["spacedealer"])),
        ("spacedealer", 3, dict(TICKS)),
        ("tortuga2199", 2, dict(FAST["tortuga2199"])),
        ("wildspace", 1, {}),
        ("wildspace", 3, {}),
    ]


def ident(c: tuple[str, int, dict[str, Any]]) -> str:
    g, n, o = c
    extra = ",".join(f"{k}={v}" for k, v in sorted(o.items()))
    return f"{g}-{n}" + (f"-{extra}" if extra else "")
