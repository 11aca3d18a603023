"""The boards of Wild Space, Spacedealer and Planet Raiders draw a corrected data set as its
component facts say, in headless Chromium, in English and in French.

Each corrected data set renames every component and changes what the board draws (Wild
Space: every card's species, two professions, the Veteran statuses, the captains' tracks;
Spacedealer: the red and the blue cards swapped; Planet Raiders: the board's rows reversed and
two corners turned into meteorite zones). The board drawn at seat 0 is read at once, and what
it shows is checked against the facts of the state message it was drawn from, which are the
corrected data set's (and differ from the shipped ones where the data changed): no board
parses a text, computes a component id or keeps a table of the game's words.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

import spacetable
from spacetable.engine import DataSet
from spacetable.testing.corrected import (
    RAIDERS_METEORITES,
    planetraiders_redrawn,
    spacedealer_redrawn,
    wildspace_redrawn,
)

from .boardplay import open_table, state_at
from .conftest import FAST, create, start_server
from .test_e2e import browser

__all__ = ["browser"]

LANGS = ["en", "fr"]
RENAMED = {"en": "Renamed ", "fr": "Renommé "}

# What the Wild Space board draws of each card, group and track.
READ_WILDSPACE = """() => {
  const board = document.querySelector('#view [data-testid=board]');
  const text = (n) => (n ? n.textContent : null);
  return {
    step: Number(board.getAttribute('data-step')),
    cards: [...board.querySelectorAll('g.card[data-card]')].map((n) => ({
      id: Number(n.getAttribute('data-card')),
      name: n.querySelector('text').querySelector('tspan').textContent,
      profession: text(n.querySelector('.profession')),
      veteran: n.querySelector('.veteran') !== null,
    })),
    groups: [...board.querySelectorAll('.crewgroup')].map((n) => ({
      group: n.getAttribute('data-group'), name: text(n.querySelector('.groupname')),
      cards: [...n.querySelectorAll('[data-card]')].map((c) => Number(c.getAttribute('data-card'))),
    })),
    tracks: [...board.querySelectorAll('.track')].map((n) => ({
      captain: n.getAttribute('data-component'), steps: Number(n.getAttribute('data-steps')),
      boxes: n.querySelectorAll('circle').length,
    })),
  };
}"""

# What the Spacedealer board draws of each card and planet.
READ_SPACEDEALER = """() => {
  const board = document.querySelector('#view [data-testid=board]');
  return {
    step: Number(board.getAttribute('data-step')),
    cards: [...board.querySelectorAll('g.card[data-card]')].map((n) => {
      const strip = n.querySelector(':scope > rect.colour');
      return { id: Number(n.getAttribute('data-card')), component: n.getAttribute('data-component'),
        name: n.querySelector('text').querySelector('tspan').textContent,
        colour: strip ? Number(strip.getAttribute('data-colour')) : -1 };
    }),
    planets: [...board.querySelectorAll('[data-testid^=planet-]')].map((n) => ({
      seat: Number(n.getAttribute('data-testid').slice(7)),
      head: n.querySelector('.seathead').getAttribute('data-component'),
      name: n.querySelector('.seathead .planetname').textContent,
    })),
  };
}"""

# What the Planet Raiders board draws of each square and panel.
READ_RAIDERS = """() => {
  const board = document.querySelector('#view [data-testid=board]');
  const corner = (n) => {
    const r = n.querySelector('rect');
    return [Number(r.getAttribute('x')), Number(r.getAttribute('y'))];
  };
  return {
    step: Number(board.getAttribute('data-step')),
    zones: [...board.querySelectorAll('[data-zone]')].map((n) => ({
      id: n.getAttribute('data-zone'), meteorite: n.classList.contains('meteorite'),
      component: n.getAttribute('data-component'), at: corner(n) })),
    others: [...board.querySelectorAll('.pr-planet, .pr-ship')].map((n) => ({
      id: n.getAttribute('data-square'), colour: n.getAttribute('data-colour'),
      kind: n.classList.contains('pr-planet') ? 'planet' : 'ship',
      component: n.getAttribute('data-component'), at: corner(n) })),
    panels: [...board.querySelectorAll('[data-testid^=player-]')].map((n) => n.textContent),
  };
}"""


def _state(streams: list[list[dict[str, Any]]], step: int) -> dict[str, Any]:
    st = state_at(streams, step)
    assert st is not None, step
    return st


def _components(st: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in st["components"]}


def _drawn_name(line: str, name: str, lang: str) -> None:
    """The first line a card's name is drawn on begins the component's (renamed) name."""
    assert name.startswith(RENAMED[lang]), name
    assert line and name.startswith(line.rstrip("…")), (line, name)


def _facts_are_the_data_sets(
    comps: dict[str, dict[str, Any]], data: DataSet[Any], lang: str
) -> None:
    """The facts and names the state carries are the corrected data set's."""
    for ident, c in comps.items():
        want = data.component(ident, lang)
        assert c["facts"] == dict(want.facts), ident
        assert c["name"] == want.name, ident


def _open(
    browser: Browser,
    tmp_path: Path,
    make: Callable[[Path], DataSet[Any]],
    game: str,
    seats: list[dict[str, Any]],
    lang: str,
    read: str,
    **kw: Any,
) -> tuple[DataSet[Any], dict[str, Any], dict[str, Any]]:
    """Seat 0's board of a new table played with the corrected data set: the data set, what
    the board draws (read at once) and the state message it was drawn from."""
    data = make(tmp_path / game)
    server = start_server(f"sqlite:///{tmp_path / 'facts.db'}", FAST, [data])
    try:
        t = create(server.base, game, seats, data=data.name, start=True, **kw)
        with open_table(browser, server, t, lang, "desktop") as table:
            seen: dict[str, Any] = table.page.evaluate(read)
            return data, seen, _state(table.streams, seen["step"])
    finally:
        server.stop()


@pytest.mark.parametrize("lang", LANGS)
def test_wildspace_board_draws_the_corrected_facts(
    browser: Browser, tmp_path: Path, lang: str
) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    data, seen, st = _open(
        browser, tmp_path, wildspace_redrawn, "wildspace", seats, lang, READ_WILDSPACE
    )
    comps = _components(st)
    _facts_are_the_data_sets(comps, data, lang)
    shipped = spacetable.load_data("wildspace")
    assert seen["cards"], seen
    for card in seen["cards"]:
        c = comps[f"card:{card['id']}"]
        f = c["facts"]
        old = dict(shipped.component(c["id"]).facts)
        _drawn_name(card["name"], c["name"], lang)
        prof = comps[f"profession:{f['profession']}"]["name"] if f["profession"] else ""
        assert card["profession"] == prof, (card, f)
        assert card["veteran"] == f["veteran"], (card, f)
        if f["species"] is not None:
            assert f["species"] != old["species"]  # the corrected species, not the shipped one
        if f["kind"] in ("specialist", "robot"):
            assert f["veteran"] != old["veteran"]
    # every crew grouped by the species (or kind) its facts give, named by the vocabulary
    assert seen["groups"], seen
    for g in seen["groups"]:
        assert g["name"] == comps[g["group"]]["name"], g
        for cid in g["cards"]:
            f = comps[f"card:{cid}"]["facts"]
            assert g["group"] == (
                f"species:{f['species']}" if f["species"] else f"cardkind:{f['kind']}"
            )
    # the captains' tracks as long as their facts (three steps, a box before the first)
    assert len(seen["tracks"]) == len(seats)
    for tr in seen["tracks"]:
        steps = len(comps[tr["captain"]]["facts"]["track_credits"])
        assert tr["steps"] == steps == 3 and tr["boxes"] == steps + 1, tr


@pytest.mark.parametrize("lang", LANGS)
def test_spacedealer_board_draws_the_corrected_facts(
    browser: Browser, tmp_path: Path, lang: str
) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
    data, seen, st = _open(
        browser,
        tmp_path,
        spacedealer_redrawn,
        "spacedealer",
        seats,
        lang,
        READ_SPACEDEALER,
        options={"length": 600, "timer": 60},
        speed=0.25,
    )
    comps = _components(st)
    _facts_are_the_data_sets(comps, data, lang)
    shipped = spacetable.load_data("spacedealer")
    assert seen["cards"], seen
    coloured = 0
    for card in seen["cards"]:
        # the card's component is the one whose facts list its game id
        owners = [c for c in comps.values() if card["id"] in c["facts"].get("copies", [])]
        assert len(owners) == 1 and owners[0]["kind"] == "card", card
        c = owners[0]
        assert card["component"] == c["id"], card
        _drawn_name(card["name"], c["name"], lang)
        f = c["facts"]
        assert card["colour"] == f["colour"], (card, f)
        old = dict(shipped.component(c["id"]).facts)["colour"]
        assert f["colour"] == {0: 3, 3: 0}.get(old, old)  # red and blue swapped
        coloured += f["colour"] in (0, 3)
    assert coloured, "no red or blue card drawn"
    for pl in seen["planets"]:
        c = next(
            c for c in comps.values() if c["kind"] == "planet" and c["facts"]["seat"] == pl["seat"]
        )
        assert pl["head"] == c["id"] and pl["name"] == c["name"], pl
        assert c["name"].startswith(RENAMED[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_planetraiders_board_draws_the_corrected_facts(
    browser: Browser, tmp_path: Path, lang: str
) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    data, seen, st = _open(
        browser, tmp_path, planetraiders_redrawn, "planetraiders", seats, lang, READ_RAIDERS
    )
    comps = _components(st)
    _facts_are_the_data_sets(comps, data, lang)
    squares = {q["id"]: q for q in comps["board:main"]["facts"]["squares"]}
    S, M = 64, 22  # a square and the margin (boards/planetraiders.js)
    drawn = seen["zones"] + seen["others"]
    assert sorted(d["id"] for d in drawn) == sorted(squares)
    for z in seen["zones"]:
        q = squares[z["id"]]
        assert z["meteorite"] == (q["kind"] == "meteorite"), z
        assert z["component"] == f"zone:{q['kind']}"
        assert z["at"] == [M + q["col"] * S, M + q["row"] * S], z
    for z in seen["zones"]:
        if z["id"] in RAIDERS_METEORITES:
            assert z["meteorite"], z  # the corrected corners
    for o in seen["others"]:
        q = squares[o["id"]]
        assert (o["kind"], o["colour"]) == (q["kind"], q["colour"]), o
        assert o["component"] == f"{q['kind']}:{q['colour']}"
        assert o["at"] == [M + q["col"] * S, M + q["row"] * S], o
    # each panel names its colour with the colour's component
    for q, info in enumerate(st["view"]["players_info"]):
        assert comps[f"colour:{info['colour']}"]["name"] in seen["panels"][q]
