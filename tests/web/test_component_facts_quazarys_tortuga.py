"""The component facts of Quazarys and Tortuga 2199 come from the data set's rows: a
corrected row changes them, a renamed component keeps them, they are the same in English and
French; and the terminal draws a corrected data set (a Quazarys card's faction and a Sun's
layout, a Tortuga card's price and the T piles' order) as its facts say."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from rich.text import Text

import spacetable
from spacetable.engine import DataSet
from spacetable.engine.presentation import presentation
from spacetable.games.quazarys.render import CH, CW, draw_grid
from spacetable.testing.corrected import edit_table

from .facts_boxes import (
    Q_EXPLO_LAYOUT,
    Q_FACTIONS,
    Q_MOVE,
    Q_SUN_LAYOUT,
    T_CARD,
    T_COST,
    T_NAME,
    qbox,
    tbox,
    turned,
)


def facts(data: DataSet[Any], lang: str = "en") -> dict[str, dict[str, Any]]:
    return {c.id: dict(c.facts) for c in data.components(lang)}


def test_quazarys_facts_follow_the_rows_not_the_names(tmp_path: Path) -> None:
    shipped = facts(spacetable.load_data("quazarys"))
    box = qbox(tmp_path)
    got = facts(box)
    assert got == facts(box, "fr")
    e03 = got["exploration:E03"]
    assert e03["faction"] == Q_MOVE[shipped["exploration:E03"]["faction"]]
    assert e03["layout"]["notation"] == Q_EXPLO_LAYOUT != shipped["exploration:E03"]["layout"]
    assert e03["layout"]["arms"] == [
        {"dir": "N", "point": 1, "station": False, "arrow": -1},
        {"dir": "S", "point": 3, "station": True, "arrow": 1},
    ]
    assert e03["exits"] == ["N", "S"] and e03["stations"] == [0, 3]
    assert got["sun:S1"]["layout"]["notation"] == Q_SUN_LAYOUT
    assert got["action:A01"]["faction"] == Q_MOVE[shipped["action:A01"]["faction"]]
    # the factions: their order (the view's index) and colours are the rows'
    for i, (fid, (_, _, colour)) in enumerate(Q_FACTIONS.items()):
        assert got[f"faction:{fid}"]["faction"] == i
        assert got[f"faction:{fid}"]["colour"] == colour
        assert all(got[k]["faction_index"] == i for k in got if got[k].get("faction") == fid)
    assert box.component("faction:asteroide", "fr").name == "Essaim"

    # renaming only (factions and cards) changes no fact
    folder = tmp_path / "names"
    spacetable.load_data("quazarys").export(folder)

    def rename(rows: list[dict[str, str]]) -> list[dict[str, str]]:
        for r in rows:
            r["name_fr"], r["name_en"] = "Autre " + r["name_fr"], "Other " + r["name_en"]
        return rows

    for file in ("factions.csv", "explorations.csv", "actions.csv", "suns.csv", "bases.csv"):
        edit_table(folder, file, rename)
    renamed = spacetable.load_data("quazarys", folder)
    assert renamed.component("exploration:E03", "en").name.startswith("Other ")
    assert facts(renamed) == shipped


def test_tortuga_facts_follow_the_rows_not_the_names(tmp_path: Path) -> None:
    shipped = facts(spacetable.load_data("tortuga2199"))
    box = tbox(tmp_path)
    got = facts(box)
    assert got == facts(box, "fr")
    parts = spacetable.new_game("tortuga2199", 2, data=box).parts
    for cid, i in parts.card_index.items():
        f = got[f"card:{cid}"]
        assert f["card"] == i and f["cost"] == parts.cost[i] and f["deck"] == parts.deck[i]
        assert f["pile"] == parts.t_index.get(i)
    hacker = got[f"card:{T_CARD}"]
    assert hacker["cost"] == T_COST != shipped[f"card:{T_CARD}"]["cost"]
    assert shipped[f"card:{T_CARD}"]["pile"] == 0
    assert hacker["pile"] == len(parts.t_cards) - 1  # the T rows were reversed
    assert hacker["card"] != shipped[f"card:{T_CARD}"]["card"]  # the rows were reordered
    assert hacker["market"] == "T" and hacker["sectors"] == ["tortuga", "terminal", "turret"]
    assert box.component(f"card:{T_CARD}", "fr").name == T_NAME[0]
    ab = {k: v["abilities"] for k, v in got.items() if v.get("abilities")}
    assert ab and all(
        isinstance(a["kind"], str) and isinstance(a["n"], int) for x in ab.values() for a in x
    )
    assert got["sector:vortex"]["market"] == "V" and got["sector:tortuga"]["tcard"] is True

    # renaming only changes no fact
    folder = tmp_path / "names"
    spacetable.load_data("tortuga2199").export(folder)

    def rename(rows: list[dict[str, str]]) -> list[dict[str, str]]:
        for r in rows:
            r["name_fr"], r["name_en"] = "Autre " + r["name_fr"], "Other " + r["name_en"]
        return rows

    edit_table(folder, "cards.csv", rename)
    edit_table(folder, "sectors.csv", rename)
    renamed = spacetable.load_data("tortuga2199", folder)
    assert renamed.component(f"card:{T_CARD}", "en").name.startswith("Other ")
    assert facts(renamed) == shipped


# ---------------------------------------------------------------------- the terminal
ARROW_OUT = {1: "^", 2: ">", 3: "v", 4: "<"}
ARROW_IN = {1: "v", 2: "<", 3: "^", 4: ">"}
POINT_CELL = {0: (2, 4), 1: (0, 4), 2: (2, 8), 3: (4, 4), 4: (2, 0)}
ARROW_CELL = {1: (1, 4), 2: (2, 6), 3: (3, 4), 4: (2, 2)}


def test_the_terminal_draws_a_corrected_quazarys_as_its_facts_say(tmp_path: Path) -> None:
    box = qbox(tmp_path)
    g = spacetable.new_game("quazarys", 2, seed=5, data=box)
    view = g.view(0)
    grid = [Text.from_markup(line).plain for line in draw_grid(view, g.parts)]
    drawn = 0
    for e in view["cards"]:
        f = next(c.facts for c in box.components("en") if c.facts.get("card") == e["card"])
        lay = turned(f["layout"], e["rot"])
        r0, c0 = 1 + e["r"] * CH, 3 + e["c"] * CW

        def at(cell: tuple[int, int], r0: int = r0, c0: int = c0) -> str:
            return grid[r0 + cell[0]][c0 + cell[1]]

        for d in (1, 2, 3, 4):
            if d not in lay["arms"]:
                assert at(POINT_CELL[d]) == "·", (e, d)
                continue
            assert at(POINT_CELL[d]) == ("o" if d in lay["stations"] else "-|"[d % 2]), (e, d)
            arrow = lay["arms"][d]
            if arrow:
                assert at(ARROW_CELL[d]) == (ARROW_OUT if arrow > 0 else ARROW_IN)[d], (e, d)
        if f["kind"] == "sun":
            assert at(POINT_CELL[0]) == ("o" if 0 in lay["stations"] else "+")
            drawn += 1
    assert drawn >= 2  # the Sun line, with the corrected layout
    for lang in ("en", "fr"):
        screen = presentation(g).board(view, lang) or ""
        for c in view["hand"]:
            comp = next(x for x in box.components(lang) if x.facts.get("card") == c)
            faction = box.component(f"faction:{comp.facts['faction']}", lang)
            # the card in its faction's colour, with its faction's name
            assert any(
                comp.name in m and faction.name in m
                for m in re.findall(rf"\[{faction.facts['colour']}\]([^\[]*)\[/\]", screen)
            ), (comp.id, faction.name)


def test_the_terminal_draws_a_corrected_tortuga_as_its_facts_say(tmp_path: Path) -> None:
    box = tbox(tmp_path)
    g = spacetable.new_game("tortuga2199", 2, seed=5, data=box)
    view = g.view(0)
    for lang in ("en", "fr"):
        screen = presentation(g).board(view, lang, plain=True) or ""
        comps = {c.id: c for c in box.components(lang)}
        piles = sorted(
            (comps[f"card:{cid}"] for cid in view["t_piles"]), key=lambda c: c.facts["pile"]
        )
        line = next(ln for ln in screen.splitlines() if piles[0].name in ln)
        where = [line.index(f"{c.name} {c.facts['cost']}¢") for c in piles]
        assert where == sorted(where), line  # the piles in their order, each with its price
        name = T_NAME[0] if lang == "fr" else T_NAME[1]
        assert f"{name} {T_COST}¢" in line
