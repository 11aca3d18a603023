"""The shipped icons (``static/icons.svg`` and ``static/icons.js``): the package ships the
sprite, the server serves it, every icon a page asks for is a symbol of it, and in headless
Chromium an icon on a board, in the components and in the log is drawn with a real size."""

from __future__ import annotations

import fnmatch
import re
import tomllib
import urllib.request
import xml.etree.ElementTree as ET
from pathlib import Path

from playwright.sync_api import Browser

from spacetable.web.app import STATIC

from .boardplay import open_table
from .conftest import Server, create
from .test_e2e import browser

__all__ = ["browser"]

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"


def _symbols() -> dict[str, ET.Element]:
    tree = ET.parse(Path(STATIC) / "icons.svg")
    return {s.attrib["id"]: s for s in tree.getroot().iter(f"{SVG}symbol")}


def _listed() -> list[str]:
    """The ids ``icons.js`` exports as ``ICONS``."""
    js = (Path(STATIC) / "icons.js").read_text(encoding="utf-8")
    m = re.search(r"export const ICONS = \[([^\]]*)\]", js)
    assert m is not None
    return re.findall(r'"([a-z]+)"', m.group(1))


def test_every_icon_the_pages_name_is_a_symbol_of_the_sprite() -> None:
    symbols = _symbols()
    listed = _listed()
    assert sorted(symbols) == sorted(listed) and len(listed) >= 7
    for sid, sym in symbols.items():
        assert sym.attrib.get("viewBox") == "0 0 16 16", sid
        assert len(sym) > 0, sid  # something is drawn
    sprite = (Path(STATIC) / "icons.svg").read_text(encoding="utf-8")
    assert "<script" not in sprite and "href" not in sprite  # drawn, never fetched
    # every id a page or a board writes literally (icon("x"), boardIcon("x", ...)) exists
    named: set[str] = set()
    for js in Path(STATIC).rglob("*.js"):
        text = js.read_text("utf-8")
        imported = re.search(r"import \{([^}]*)\} from \"\.\.?/icons\.js\"", text)
        names = set(re.findall(r"\w+", imported.group(1))) if imported else set()
        for fn in names & {"icon", "boardIcon"}:  # replay.js has an icon() of its own
            named |= set(re.findall(rf'\b{fn}\("([a-z]+)"', text))
    assert named and named <= set(symbols), named - set(symbols)
    assert {"timer", "influence", "mineral", "faction"} <= named  # used on the boards


def test_the_package_ships_the_sprite() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = data["tool"]["setuptools"]["package-data"]["spacetable.web"]
    assert any(fnmatch.fnmatch("static/icons.svg", g) for g in globs)
    assert any(fnmatch.fnmatch("static/icons.js", g) for g in globs)


def test_the_server_serves_the_sprite(fast_sqlite_server: Server) -> None:
    with urllib.request.urlopen(f"{fast_sqlite_server.base}/static/icons.svg") as r:
        assert r.status == 200
        assert r.headers["content-type"].startswith("image/svg+xml")
        assert r.read() == (Path(STATIC) / "icons.svg").read_bytes()


def test_icons_are_drawn_on_the_board_in_the_components_and_in_the_log(
    browser: Browser, fast_sqlite_server: Server
) -> None:
    """A Planet Raiders table, whose rockets are components and whose log speaks of them,
    and a Tortuga 2199 table, whose players' Influence carries the seat's colour."""
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    t = create(fast_sqlite_server.base, "tortuga2199", seats, start=True)
    with open_table(browser, fast_sqlite_server, t, "fr", "phone") as table:
        page = table.page
        page.wait_for_selector("#view use[data-icon=influence]")
        sizes = page.eval_on_selector_all(
            "#view use[data-icon]",
            """us => us.map(u => { const b = u.getBBox(); const r = u.getBoundingClientRect();
                 return [u.dataset.icon, b.width, b.height, r.width, r.height,
                         getComputedStyle(u).color]; })""",
        )
        drawn = {s[0] for s in sizes if min(s[1:5]) > 0}
        assert {"influence", "mineral"} <= drawn, sizes
        # seat 0's Influence in seat 0's colour (Okabe-Ito orange), seat 1's in its own
        colours = [s[5] for s in sizes if s[0] == "influence"]
        assert colours[:2] == ["rgb(230, 159, 0)", "rgb(86, 180, 233)"], colours
    t = create(fast_sqlite_server.base, "planetraiders", seats, start=True)
    with open_table(browser, fast_sqlite_server, t, "en", "desktop") as table:
        page = table.page
        icon = page.locator("#components [data-component^='rocket:'] svg.icon").first
        icon.wait_for()
        box = icon.bounding_box()
        assert box is not None and box["width"] >= 10 and box["height"] >= 10
        assert icon.get_attribute("aria-hidden") == "true"  # beside the rocket's name
        inner = icon.evaluate("s => s.querySelector('use').getBBox().width")
        assert inner > 0  # the symbol itself was loaded and drawn, not an empty box
        # ending the moves collects the rockets used: the log's line has the rocket's icon
        page.locator("#actions [data-testid=action]", has_text="end the moves").first.click()
        line = page.locator("#log li", has=page.locator("svg.icon[data-icon=rocket]")).first
        line.wait_for()
        assert "rocket" in (line.text_content() or "")
        mark = line.locator("svg.icon").bounding_box()
        assert mark is not None and mark["width"] >= 10
