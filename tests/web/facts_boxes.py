"""Corrected data sets of Quazarys and Tortuga 2199 that change what a board draws: exported
with the data tooling (``DataSet.export``, as ``spacetable data export`` does), then edited
row by row, as a box owner would.

* Quazarys (``qbox``): the factions reordered, renamed and recoloured; every Exploration and
  Action card moved to another faction; every Exploration card but the Vortexes and every
  Sun given a new tile layout (one-way arms, other stations); an Exploration and a Sun
  renamed.
* Tortuga 2199 (``tbox``): the rows reordered (the hunt cards first, so every card number
  changes; the T cards reversed, so the T piles' order changes), the first T pile's card
  renamed and repriced.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import spacetable
from spacetable.engine import DataSet
from spacetable.testing.corrected import Rows, edit_table

#: Quazarys: the factions' new order, names (fr, en) and colours.
Q_FACTIONS: dict[str, tuple[str, str, str]] = {
    "asteroide": ("Essaim", "Swarm", "red"),
    "pulsar": ("Phare", "Beacon", "blue"),
    "comete": ("Traîne", "Tail", "white"),
    "nebuleuse": ("Brume", "Haze", "green"),
}
#: Each faction's cards go to this one.
Q_MOVE = {
    "comete": "pulsar",
    "pulsar": "nebuleuse",
    "nebuleuse": "asteroide",
    "asteroide": "comete",
}
#: The new layouts: a Sun's (four arms), an Exploration's (no Vortex).
Q_SUN_LAYOUT = "+ N*> E< S* W"
Q_EXPLO_LAYOUT = "@ N< S*>"
Q_RENAMED = {"E03": ("Chemin neuf", "New path"), "S1": ("Polaris", "Polaris")}
#: Tortuga: the renamed and repriced card (the first T pile's in the shipped data, the last
#: one in the corrected data).
T_CARD = "hacker"
T_NAME = ("Pirate informatique", "Code pirate")
T_COST = 9


def _factions(rows: Rows) -> Rows:
    by_id = {r["id"]: r for r in rows}
    out = []
    for fid, (fr, en, colour) in Q_FACTIONS.items():
        out.append({**by_id[fid], "name_fr": fr, "name_en": en, "colour": colour})
    return out


def _cards(layout: str | None) -> Callable[[Rows], Rows]:
    def change(rows: Rows) -> Rows:
        for r in rows:
            if "faction" in r:
                r["faction"] = Q_MOVE[r["faction"]]
            if layout is not None and r.get("vortex", "0") in ("0", "false"):
                r["layout"] = layout
            if r["id"] in Q_RENAMED:
                r["name_fr"], r["name_en"] = Q_RENAMED[r["id"]]
        return rows

    return change


def qbox(tmp: Path) -> DataSet[Any]:
    """The corrected Quazarys data set (see the module doc), named ``qbox``."""
    folder = tmp / "qbox"
    spacetable.load_data("quazarys").export(folder)
    edit_table(folder, "factions.csv", _factions)
    edit_table(folder, "explorations.csv", _cards(Q_EXPLO_LAYOUT))
    edit_table(folder, "actions.csv", _cards(None))
    edit_table(folder, "suns.csv", _cards(Q_SUN_LAYOUT))
    return spacetable.load_data("quazarys", folder)


def _reorder(rows: Rows) -> Rows:
    for r in rows:
        if r["id"] == T_CARD:
            r["name_fr"], r["name_en"] = T_NAME
            r["cost"] = str(T_COST)
    hunt = [r for r in rows if r["deck"] == "hunt"]
    t = [r for r in rows if r["deck"] == "T"]
    rest = [r for r in rows if r["deck"] not in ("hunt", "T")]
    return hunt + rest + t[::-1]


def tbox(tmp: Path) -> DataSet[Any]:
    """The corrected Tortuga 2199 data set (see the module doc), named ``tbox``."""
    folder = tmp / "tbox"
    spacetable.load_data("tortuga2199").export(folder)
    edit_table(folder, "cards.csv", _reorder)
    return spacetable.load_data("tortuga2199", folder)


def turned(layout: dict[str, Any], rot: int) -> dict[str, Any]:
    """A ``layout`` fact turned ``rot`` quarter turns clockwise, as ``{"arms": {point:
    arrow}, "stations": [points]}`` (what a drawing shows)."""
    arms = {(a["point"] - 1 + rot) % 4 + 1: a["arrow"] for a in layout["arms"]}
    stations = [0] if layout["centre"] else []
    stations += sorted((a["point"] - 1 + rot) % 4 + 1 for a in layout["arms"] if a["station"])
    return {"arms": arms, "stations": sorted(stations)}
