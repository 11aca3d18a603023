"""The Quazarys and Tortuga 2199 boards draw a corrected data set as its component facts say,
in headless Chromium, in English and in French, and their scripts read no component text.

The data sets (:mod:`.facts_boxes`) rename components, reorder them and change what a board
draws: Quazarys factions reordered, renamed and recoloured, every card moved to another
faction, new tile layouts; Tortuga's cards reordered (every card number and the T piles'
order change) and a T card renamed and repriced. Seat 0 plays by clicking the board
(:class:`.boardplay.Player`); at every step the board is read back and compared with the
corrected data set: each tile's arms, arrows, stations and faction, each hand card's faction
name and colour and paths; each Tortuga card piece's component and price, the T piles in their
order with their prices, the ships to choose, the markets' names.
"""

from __future__ import annotations

import contextlib
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

import spacetable
from spacetable.engine import DataSet

from . import test_board_tortuga2199 as tortuga_board
from .boardplay import Player, open_table, read_more
from .conftest import FAST, Server, create, start_server
from .facts_boxes import T_CARD, T_COST, T_NAME, qbox, tbox, turned
from .test_board_quazarys import OPTIONS
from .test_board_quazarys import Quazarys as QuazarysPlayer
from .test_e2e import browser

__all__ = ["browser"]

BOARDS = Path(spacetable.__file__).parent / "web" / "static" / "boards"

# The paths drawn in a group: arms, arrows, stations, Vortex.
PATHS = """
  const paths = (g) => g === null ? null : ({
    arms: [...g.querySelectorAll('line[data-arm]')].map((n) => Number(n.getAttribute('data-arm'))),
    arrows: [...g.querySelectorAll('polygon.arrow')].map((n) =>
      [Number(n.getAttribute('data-arm')), Number(n.getAttribute('data-arrow'))]),
    stations: [...g.querySelectorAll('.stationdot')]
      .map((n) => Number(n.getAttribute('data-point'))),
    vortex: g.querySelector('.vortex') !== null,
  });
"""

Q_READ = read_more(
    PATHS
    + """
  const tiles = [...board.querySelectorAll('.tile[data-cell]')].map((n) => ({
    cell: n.getAttribute('data-cell'), component: n.getAttribute('data-component'),
    faction: n.getAttribute('data-faction'), paths: paths(n.querySelector('.turnable .paths')),
  }));
  const hand = [...board.querySelectorAll('[data-mark^="hand:"]')].map((n) => {
    const band = n.querySelector('.band');
    const name = n.querySelector('.factionname');
    return { card: Number(n.getAttribute('data-card')),
      component: n.getAttribute('data-component'), faction: n.getAttribute('data-faction'),
      colour: band ? band.getAttribute('data-colour') : null,
      factionName: name ? name.textContent : null, paths: paths(n.querySelector('.paths')) };
  });
  return { tiles, hand };
"""
)


def drawn(paths: dict[str, Any]) -> dict[str, Any]:
    """What a drawing shows, in :func:`.facts_boxes.turned`'s form."""
    arrows = dict(paths["arrows"])
    return {
        "arms": {d: arrows.get(d, 0) for d in paths["arms"]},
        "stations": sorted(paths["stations"]),
    }


class Enough(Exception):
    """Enough steps were checked."""


class QuazarysFacts(QuazarysPlayer):
    read = Q_READ

    def __init__(self, *args: Any, box: DataSet[Any], lang: str, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.box = box
        self.lang = lang
        self.by_card = {c.facts["card"]: c for c in box.components(lang) if "card" in c.facts}
        self.steps: set[int] = set()

    def check(self, seen: dict[str, Any], st: dict[str, Any]) -> None:
        super().check(seen, st)
        counts, box, lang = self.counts, self.box, self.lang
        # the server sends the corrected data set's facts
        for c in st["components"]:
            assert c["facts"] == dict(box.component(c["id"], lang).facts), c["id"]
        at = {f"{e['r']}:{e['c']}": e for e in st["view"]["cards"]}
        for tile in seen["tiles"]:
            e = at[tile["cell"]]
            comp = self.by_card[e["card"]]
            f = comp.facts
            assert tile["component"] == comp.id
            assert tile["faction"] == (f["faction"] or "")
            assert drawn(tile["paths"]) == turned(f["layout"], e["rot"]), (comp.id, e)
            assert tile["paths"]["vortex"] == f["vortex"]
            counts[f"tile:{f['kind']}"] += 1
        for card in seen["hand"]:
            comp = self.by_card[card["card"]]
            f = comp.facts
            faction = box.component(f"faction:{f['faction']}", lang)
            assert card["component"] == comp.id and card["faction"] == f["faction"]
            assert card["factionName"] == faction.name, (card, faction.name)
            assert card["colour"] == faction.facts["colour"]
            if f["layout"] is None:
                assert card["paths"] is None
            else:
                assert drawn(card["paths"]) == turned(f["layout"], 0), comp.id
            counts[f"hand:{f['kind']}"] += 1
        self.steps.add(st["step"])
        if len(self.steps) >= 12 and counts["tile:exploration"] and counts["hand:exploration"]:
            raise Enough

    def choose(self, seen: dict[str, Any]) -> dict[str, Any]:
        """Play an Exploration card from the hand whenever one may be played, so that one is
        placed on the grid before a quick race can end (then as the race player chooses)."""
        for p in seen["pieces"]:
            for a in p["actions"]:
                if a["type"] == "play" and self.by_card[a["card"]].facts["kind"] == "exploration":
                    return dict(p)
        return super().choose(seen)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_quazarys_draws_a_corrected_data_set_from_its_facts(
    browser: Browser, sqlite_db: str, tmp_path: Path, lang: str
) -> None:
    box = qbox(tmp_path)
    server: Server = start_server(sqlite_db, FAST, [box])
    try:
        seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
        counts: Counter[str] = Counter()
        # the deal is random and a race may end in a few turns: new races until seat 0 has
        # held an Exploration card and one is on the grid (three are a great many)
        for _ in range(3):
            t = create(server.base, "quazarys", seats, start=True, options=OPTIONS, data="qbox")
            with open_table(
                browser, server, t, lang, "desktop", drawn="svg [data-testid=grid]"
            ) as table:
                player = QuazarysFacts(table, 3, box=box, lang=lang)
                player.counts.update(counts)
                with contextlib.suppress(Enough):
                    player.play(limit=240)
                counts = player.counts
            if counts["hand:exploration"] and counts["tile:exploration"]:
                break
        print(lang, dict(counts))
        # the corrected Suns on the table, the corrected hands, an Exploration placed
        assert counts["tile:sun"] and counts["tile:exploration"], counts
        assert counts["hand:exploration"] and counts["hand:action"], counts
    finally:
        server.stop()


T_READ = read_more("""
  const cards = [...board.querySelectorAll('[data-mark]')]
    .filter((n) => /^(face|hand|played|discard|shipchoice|pending)/
      .test(n.getAttribute('data-mark')))
    .map((n) => ({ mark: n.getAttribute('data-mark'), component: n.getAttribute('data-component'),
      cost: n.getAttribute('data-cost') }));
  const piles = [...board.querySelectorAll('[data-mark^="tpile:"]')].map((n) => ({
    id: n.getAttribute('data-mark').slice(6), x: n.getBoundingClientRect().x,
    component: n.getAttribute('data-component'), cost: n.getAttribute('data-cost'),
    text: n.textContent,
  }));
  const titles = [...board.querySelectorAll('[data-testid^="tg-market-"]')];
  const markets = Object.fromEntries(titles.map((n) => [n.getAttribute('data-testid').slice(10),
    [...n.querySelectorAll('tspan')].map((t) => t.textContent).join(' ')]));
  return { cards, piles, markets };
""")


def shows(text: str, name: str) -> bool:
    """Whether ``text`` starts with ``name``, or with its start cut by an ellipsis."""
    head = text.split("…")[0]
    return text.startswith(name) or ("…" in text and len(head) >= 3 and name.startswith(head))


class TortugaFacts(Player):
    read = T_READ
    buttons = tortuga_board.BUTTONS

    def __init__(self, *args: Any, box: DataSet[Any], lang: str, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.box = box
        self.lang = lang
        self.comps = {c.id: c for c in box.components(lang)}
        self.ids = spacetable.new_game("tortuga2199", 2, data=box).parts.card_id
        self.steps: set[int] = set()

    def check(self, seen: dict[str, Any], st: dict[str, Any]) -> None:
        counts, comps, lang = self.counts, self.comps, self.lang
        for c in st["components"]:
            assert c["facts"] == dict(comps[c["id"]].facts), c["id"]
        v = st["view"]
        want: dict[str, int] = {}
        for m, mk in v["markets"].items():
            for i, c in enumerate(mk["face"]):
                want[f"face:{m}:{i}"] = c
        for c in v["hand"] or []:
            want[f"hand:{c}"] = c
        for a in st["legal"]:
            if a["action"]["type"] == "ship":
                want[f"shipchoice:{a['action']['card']}"] = a["action"]["card"]
        for card in seen["cards"]:
            if card["mark"] in want:
                comp = comps["card:" + self.ids[want[card["mark"]]]]
                assert card["component"] == comp.id, (card, st["step"])
                assert card["cost"] == str(comp.facts["cost"]), card
                counts["card:" + card["mark"].split(":")[0]] += 1
        # the T piles in their order, each with its price
        piles = sorted(seen["piles"], key=lambda p: p["x"])
        assert [p["id"] for p in piles] == list(v["t_piles"])
        stocked = [p for p in piles if v["t_piles"][p["id"]] > 0]
        order = [comps[f"card:{p['id']}"].facts["pile"] for p in stocked]
        assert order == sorted(order)
        for p in stocked:
            comp = comps[f"card:{p['id']}"]
            assert p["component"] == comp.id and p["cost"] == str(comp.facts["cost"])
            assert shows(p["text"], comp.name), p
        hacker = next(p for p in stocked if p["id"] == T_CARD)
        assert hacker["cost"] == str(T_COST) and piles[-1]["id"] == T_CARD
        assert shows(hacker["text"], T_NAME[0] if lang == "fr" else T_NAME[1])
        # the markets named after their sectors
        for s in ("vortex", "research", "mines", "fortress"):
            sector = comps[f"sector:{s}"]
            m = sector.facts["market"]
            assert shows(seen["markets"][m], f"{sector.name} ({m})"), (seen["markets"], m)
        self.steps.add(st["step"])
        if len(self.steps) >= 12 and all(
            counts[k] for k in ("card:face", "card:shipchoice", "card:hand")
        ):
            raise Enough


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_tortuga_draws_a_corrected_data_set_from_its_facts(
    browser: Browser, sqlite_db: str, tmp_path: Path, lang: str
) -> None:
    box = tbox(tmp_path)
    server: Server = start_server(sqlite_db, FAST, [box])
    try:
        seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
        t = create(
            server.base, "tortuga2199", seats, options={"round_limit": 8}, start=True, data="tbox"
        )
        with open_table(browser, server, t, lang, "desktop") as table:
            player = TortugaFacts(table, 4, box=box, lang=lang)
            with contextlib.suppress(Enough):
                player.play(limit=240)
            counts = player.counts
            print(lang, dict(counts))
            assert counts["card:shipchoice"] and counts["card:face"] and counts["card:hand"], counts
    finally:
        server.stop()


# ---------------------------------------------------------------------- the scripts
def test_the_boards_read_no_component_text_and_copy_no_rules_table() -> None:
    for game in ("quazarys", "tortuga2199", "wildspace", "spacedealer", "planetraiders"):
        js = (BOARDS / f"{game}.js").read_text(encoding="utf-8")
        # no component's or label's text is read, let alone matched
        assert not re.search(r"\.text\b(?!Content)", js), game
        assert not re.search(r"\.label\b", js), game
        assert "factionOfText" not in js and "layoutOfText" not in js
    q = (BOARDS / "quazarys.js").read_text(encoding="utf-8")
    # no card count of the rulebook, no faction table: the facts say what a card is
    for number in ("20", "28", "48", "57"):
        assert not re.search(rf"[<>=]=?\s*{number}\b", q), number
    assert "comète" not in q.lower() and "nebula" not in q.lower()
    t = (BOARDS / "tortuga2199.js").read_text(encoding="utf-8")
    assert "Research (R)" not in t and "Forteresse" not in t
