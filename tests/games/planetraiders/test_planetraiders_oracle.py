"""The legal hops checked against an independent reading of the movement rules (§5.1, §5.2)
that uses only the public view and the square names, not the engine's edge tables."""

from __future__ import annotations

import random
from typing import Any

from spacetable.games.planetraiders.actions import Hop
from spacetable.games.planetraiders.rules import PlanetRaiders
from spacetable.games.planetraiders.tables import shipped_parts
from spacetable.playout import playout

from .test_planetraiders_props import purposeful_policy

#: The shipped data set's board and set-up.
BOARD = shipped_parts()

COLS = "abcdefghi"
STEP = {"n": (0, 1), "s": (0, -1), "e": (1, 0), "w": (-1, 0)}
KIND = {BOARD.cell_names[i]: BOARD.kind[i] for i in range(81)}


def pad_key(name: str) -> frozenset[tuple[int, int]]:
    """A pad as the two squares (on or off the board) that it separates."""
    x, y = COLS.index(name[0]), int(name[1:-1])
    dx, dy = STEP[name[-1]]
    return frozenset({(x, y), (x + dx, y + dy)})


def oracle_hops(v: dict[str, Any], seat: int, k: int) -> set[tuple[str, str]]:
    """The rockets (zone, nose) raider ``k`` of ``seat`` may ride: any rocket in a zone beside
    its pad (on its line; a zone holds one rocket per side), not blue in meteorites, whose
    nose points at another pad that holds neither a raider of its own side nor an alien of a
    planet it already took from."""
    here = pad_key(v["raiders"][seat][k]["pad"])
    occupant: dict[frozenset[tuple[int, int]], tuple[str, Any]] = {}
    for s, row in enumerate(v["raiders"]):
        for r in row:
            if r["pad"]:
                occupant[pad_key(r["pad"])] = ("raider", s)
    for pad, colour in v["aliens"].items():
        occupant[pad_key(pad)] = ("alien", colour)
    team = [p["team"] for p in v["players_info"]]
    taken = set(v["players_info"][seat]["aliens"])
    out = set()
    for x, y in here:
        if not (0 <= x < 9 and 1 <= y <= 9):
            continue
        zone = f"{COLS[x]}{y}"
        if KIND[zone] not in ("neutral", "meteorite"):
            continue
        for rocket in v["rockets"].get(zone, []):
            if rocket["colour"] == "blue" and KIND[zone] == "meteorite":
                continue
            dest = pad_key(zone + rocket["nose"])
            if dest == here:
                continue
            who = occupant.get(dest)
            if who and who[0] == "raider" and team[who[1]] == team[seat]:
                continue
            if who and who[0] == "alien" and who[1] in taken:
                continue
            out.add((zone, rocket["nose"]))
    return out


def test_legal_hops_match_an_independent_reading_of_the_rules() -> None:
    checked = 0
    for seed in range(4):
        for n, opts in ((2, {}), (3, {}), (4, {}), (4, {"teams": True})):
            # the limits it was written with: random players may never end the rulebook's game
            g = PlanetRaiders(n, seed, {**opts, "round_limit": 100, "stall_rounds": 20})
            rng = random.Random(seed)
            smart = purposeful_policy(rng) if seed % 2 else None
            for _ in playout(g, rng, smart):  # no hop (phase 1) at the start
                if g.is_over or g.phase != 1:
                    continue
                s = g.to_act[0]
                v = g.view(None)
                got = {(a.zone, a.nose) for a in g.legal_actions(s) if isinstance(a, Hop)}
                assert got == oracle_hops(v, s, v["selected"]), (seed, n, g.step)
                checked += 1
    assert checked > 500
