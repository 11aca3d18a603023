"""Terminal drawing of a Spacedealer view (rich markup), and log events as sentences.

Reads only the view dict (its ``cards`` name the components; else the data set's parts given,
the shipped ones by default). Each planet is drawn as its grid::

    Moimoi (yellow)  score 3  markers 9  tech 2
      plants: left Generator+Solar  right -
              0     1     2     3     4     5  ║  6     7     8     9    10    11
      action  .     .     .     .    Cnv   MineR ║ Cnv   .     .     .     .     .
      demand  .     .     .     .     .    MineR ║ .     .     .     .     .     .

The double bar is the planet; connections powered by the plants are marked with ``*`` on
the column numbers. :func:`legend` explains every symbol and abbreviation.
"""

from __future__ import annotations

from typing import Any

from spacetable.engine.mention import mention

from .components import COLOURS, SdParts
from .constants import START_MARKERS, TEXT, End
from .labels import colour as _good_colour
from .labels import container
from .tables import shipped_parts

KEYS = frozenset(TEXT.keys())

ABBR = {
    "mine": "Mine",
    "mine_complex": "MCx",
    "multimine": "MMine",
    "fusion_mine": "FMin",
    "converter": "Conv",
    "fusion_converter": "FConv",
    "depot": "Depot",
    "metropolis": "Metro",
    "megacity": "Mega",
    "sabotage": "Sabot",
    "missile": "Missl",
    "transport_probe": "TProb",
    "tech_centre": "TCent",
    "robot_factory": "Robot",
    "orbital_station": "Orbit",
}
GOOD_STYLE = ("red", "yellow", "green", "blue")
CELL = 6


def _t(lang: str, key: str, **kw: Any) -> str:
    return TEXT.get(lang, key, **kw)


def _word(lang: str, word: Any) -> str:
    """A kind, reason or rules name from the rules (``research``, ``time``...) in ``lang``."""
    key = f"word_{word}"
    return TEXT.get(lang, key) if key in KEYS else str(word)


def _colour(k: int, lang: str) -> str:
    if not 0 <= k < 4:
        return TEXT.get(lang, "any_colour")
    return _good_colour(k, lang)


def _goods(counts: list[int]) -> str:
    parts = []
    for k, v in enumerate(counts):
        if v:
            parts.append(f"[{GOOD_STYLE[k]}]{COLOURS[k] * v}[/]")
    return "".join(parts) or "-"


def _clock(sec: float) -> str:
    s = int(sec)
    return f"{s // 60:02d}:{s % 60:02d}"


class _Cards:
    """Card names and kinds for a drawing: from the view's ``cards`` (the game's data set)
    when it describes the card, else from ``parts`` (the shipped data set by default)."""

    def __init__(self, view: dict[str, Any] | None, parts: SdParts | None) -> None:
        self.info: dict[str, Any] = (view or {}).get("cards", {})
        self.parts = parts or shipped_parts()

    def _field(self, cid: int, field: str) -> Any:
        d = self.info.get(str(cid))
        if d is not None and field in d:
            return d[field]
        t = self.parts.card[cid % len(self.parts.card)]
        return {"kind": t.kind, "colour": t.colour, "shape": t.shape, "name_en": t.name_en,
                "name_fr": t.name_fr}[field]  # fmt: skip

    def name(self, cid: int, lang: str) -> str:
        return f"{self._field(cid, 'name_fr' if lang == 'fr' else 'name_en')} #{cid}"

    def plain_name(self, cid: int, lang: str) -> str:
        return str(self._field(cid, "name_fr" if lang == "fr" else "name_en"))

    def shape(self, cid: int) -> str:
        return str(self._field(cid, "shape"))

    def abbr(self, cid: int) -> str:
        kind = str(self._field(cid, "kind"))
        colour = int(self._field(cid, "colour"))
        a = ABBR.get(kind, kind[:5])
        if colour >= 0 and kind in ("mine", "mine_complex", "fusion_mine"):
            a = a[:4] + COLOURS[colour]
        return a


def legend(lang: str) -> list[tuple[str, str]]:
    """Every symbol and abbreviation :func:`render` draws (the card codes of :data:`ABBR`
    among them), with its meaning in ``lang`` (``text.toml``: ``legend``)."""
    return TEXT.pairs(lang, "legend")


def _who(view: dict[str, Any] | None, seat: int, lang: str) -> str:
    if view and 0 <= seat < len(view.get("players", [])):
        pl = view["players"][seat]
        return str(pl["name_fr"] if lang == "fr" else pl["name_en"])
    return f"#{seat}"


def _grid(pl: dict[str, Any], lang: str, cards: _Cards) -> list[str]:
    lp, rp = pl.get("power") or [cards.parts.power[x] for x in pl["plants"]]
    powered = set()
    for d in range(1, lp + 1):
        powered.add(6 - d)
    for d in range(1, rp + 1):
        powered.add(5 + d)
    covered = {b["card"] for b in pl["built"] if b["covered"]}
    blocked = {b["card"] for b in pl["built"] if b["blocked"]}
    head = " " * 10
    for c in range(12):
        mark = "*" if c in powered else " "
        head += f"{c:>2}{mark}".ljust(CELL)
        if c == 5:
            head += "║ "
    lines = [head]
    for key, row in (("action_row", pl["action_row"]), ("demand_row", pl["demand_row"])):
        line = f"  {_t(lang, key):<8}"
        for c, cid in enumerate(row):
            if cid < 0:
                cell = "."
                line += cell.ljust(CELL)
            else:
                cell = cards.abbr(cid)
                style = "dim" if cid in covered else "bold red" if cid in blocked else "bold"
                line += f"[{style}]{cell.ljust(CELL)}[/]"
            if c == 5:
                line += "║ "
        lines.append(line)
    return lines


def _planet(view: dict[str, Any], p: int, lang: str, cards: _Cards) -> list[str]:
    pl = view["players"][p]
    name = pl["name_fr"] if lang == "fr" else pl["name_en"]
    colour = pl["colour_fr"] if lang == "fr" else pl["colour_en"]
    me = view.get("seat") == p
    head = (
        f"[bold {pl['style']}]{'> ' if me else ''}{name}[/] ({colour})  "
        f"{_t(lang, 'score', score=pl['score'])}  {_t(lang, 'markers', markers=pl['markers'])}  "
        f"{_t(lang, 'tech', tech=pl['tech'])}"
    )
    if view["phase"] == "setup":
        head += "  (" + _t(lang, "chosen" if pl["chosen"] else "not_chosen") + ")"
    if view["mode"] == "ticks" and pl["done"]:
        head += "  (" + _t(lang, "done") + ")"
    lines = [head]
    ts = []
    for tm in pl["timers"]:
        if tm["kind"] == "idle":
            ts.append(f"({_t(lang, 'idle')})")
        elif tm.get("state") == "usable":
            arg = f" #{tm['arg']}" if tm["arg"] >= 0 else ""
            ts.append(f"({_word(lang, tm['kind'])}{arg} {_t(lang, 'usable')})")
        else:
            left = max(0.0, tm["ends"] - view["clock"])
            arg = f" #{tm['arg']}" if tm["arg"] >= 0 else ""
            ts.append(f"({_word(lang, tm['kind'])}{arg} {left:.0f}s)")
    lines.append(f"  {_t(lang, 'timers')}: " + " ".join(ts))
    plan = ", ".join(cards.name(c, lang) for c in pl["planning"]) or "-"
    n = len(pl["planning"])
    line = f"  {_t(lang, 'planning', n=n, cap=pl['plan_cap'])}: {plan}"
    line += f"   {_t(lang, 'personal')}: {pl['personal_count']}"
    if "personal" in pl:
        line += " (" + ", ".join(cards.name(c, lang) for c in pl["personal"]) + ")"
    lines.append(line)
    pc = pl["plant_cards"]
    sides = []
    for side, key in ((0, "left"), (1, "right")):
        names = "+".join(cards.plain_name(c, lang) for c in pc[side]) or "-"
        sides.append(f"{_t(lang, key)} {names}")
    lines.append(f"  {_t(lang, 'plants')}: " + "   ".join(sides))
    lines.extend(_grid(pl, lang, cards))
    built = []
    for b in pl["built"]:
        cid = b["card"]
        if cards.shape(cid) == "P":
            continue
        item = f"#{cid} {cards.abbr(cid)}@{b['pos']}"
        if b["covered"]:
            item = f"[dim]{item} ({_t(lang, 'covered')})[/]"
        else:
            if b["timer"] >= 0:
                tm = next((t for t in pl["timers"] if t["id"] == b["timer"]), None)
                if tm is not None and tm.get("state") == "usable":
                    item += f" ({_t(lang, 'usable')})"
                elif tm is not None:
                    item += f" ~{max(0.0, tm['ends'] - view['clock']):.0f}s"
            if b["blocked"]:
                item += f" [red]({_t(lang, 'blocked')})[/]"
            if b["attack"]:
                item += f" ({b['attack']} ■)"
        built.append(item)
    if built:
        lines.append(f"  {_t(lang, 'built')}: " + ", ".join(built))
    dem = []
    for b in pl["built"]:
        info = view["cards"].get(str(b["card"]))
        if not info:
            continue
        for j, d in enumerate(info["demands"]):
            goods = _goods(d["goods"])
            if d["by"] >= 0:
                st = _t(lang, "fulfilled", by=_who(view, d["by"], lang))
                dem.append(f"[dim]{cards.abbr(b['card'])}.{j + 1} {goods} {st}[/]")
            else:
                dem.append(f"{cards.abbr(b['card'])}.{j + 1} {goods} {d['deliver']}/{d['owner']}")
    if dem:
        lines.append(f"  {_t(lang, 'demands')}: " + "  ".join(dem))
    if pl["store_cap"]:
        s = sum(pl["store"])
        lines.append(f"  {_t(lang, 'store', n=s, cap=pl['store_cap'])}: {_goods(pl['store'])}")
    return lines


def _offer_text(o: dict[str, Any], lang: str, cards: _Cards) -> str:
    a = o["args"]
    if o["kind"] == "goods":
        give = _goods(o["give"])
        take = _goods(o["take"])
        src, dst = container(a[0], lang, cards.parts), container(a[1], lang, cards.parts)
        return f"{give} ({src}) <-> {take} ({dst})"
    if o["kind"] == "card":
        return cards.name(a[0], lang)
    return f"{cards.name(a[0], lang)} <-> {cards.name(a[1], lang)}"


def render(view: dict[str, Any], lang: str, parts: SdParts | None = None) -> str:
    """The whole table as text with rich markup (components named from the view, else from
    ``parts``: the game's; the shipped data set's when not given)."""
    cards = _Cards(view, parts)
    out: list[str] = []
    title = f"[bold]{_t(lang, 'title')}[/]  " + _t(
        lang, "clock", clock=_clock(view["clock"]), length=_clock(view["length"])
    )
    out.append(title)
    if view["phase"] == "setup":
        out.append(_t(lang, "setup"))
    elif view.get("is_over"):
        out.append(f"[bold]{_t(lang, 'over')}[/]")
    elif view.get("last_call"):
        until = view.get("call_ends", -1.0)
        when = _clock(until) if until >= 0 else _t(lang, "done")
        out.append(f"[bold yellow]{_t(lang, 'last_call', until=when)}[/]")
    elif view["closing"]:
        out.append(f"[bold yellow]{_t(lang, 'closing')}[/]")
    sup = " ".join(f"[{GOOD_STYLE[k]}]{COLOURS[k]}[/] {v}" for k, v in enumerate(view["supply"]))
    line = f"{_t(lang, 'supply')}: {sup}   " + _t(
        lang, "piles", p2=view["piles"][0], p3=view["piles"][1]
    )
    if view["rules"] == "advanced":
        line += f"   {view['black']} {_t(lang, 'black')}   "
        line += _t(lang, "gizzi_pile", n=view["gizzi_pile"])
    out.append(line)
    # ring
    ring = []
    for f, fd in enumerate(view["fields"]):
        label = _who(view, fd["owner"], lang) if fd["owner"] >= 0 else _t(lang, "neutral")
        ships = [str(s) for s, sh in enumerate(view["ships"]) if sh["field"] == f]
        extra = ""
        if ships:
            extra += " <" + ",".join(ships) + ">"
        if fd.get("gizzi"):
            gz = fd["gizzi"]
            extra += f" G:{_goods(gz['goods'])}={gz['points']}"
        if fd.get("goods") and sum(fd["goods"]):
            extra += f" ({_goods(fd['goods'])})"
        ring.append(f"{f}:{label}{extra}")
    out.append(f"{_t(lang, 'ring')}: " + " | ".join(ring))
    for s, sh in enumerate(view["ships"]):
        if sh["owner"] < 0:
            continue
        where = (
            _t(lang, "at_field", field=sh["field"])
            if sh["field"] >= 0
            else _t(lang, "in_flight", src=sh["from"], dst=sh["to"])
        )
        out.append(
            f"  {_t(lang, 'ship')} {s} ({_who(view, sh['owner'], lang)}): {where}  "
            f"{_goods(sh['goods'])}"
        )
    for pr in view["probes"]:
        if sum(pr["goods"]):
            out.append(f"  {cards.name(pr['card'], lang)}: {_goods(pr['goods'])}")
    out.append("")
    for p in range(len(view["players"])):
        out.extend(_planet(view, p, lang, cards))
        out.append("")
    offers = []
    for q, o in enumerate(view["offers"]):
        if o:
            offers.append(
                _t(
                    lang,
                    "offer_to",
                    src=_who(view, q, lang),
                    dst=_who(view, o["to"], lang),
                    what=_offer_text(o, lang, cards),
                )
            )
    if offers:
        out.append(f"{_t(lang, 'offers')}: " + "; ".join(offers))
    pend = view.get("pending")
    if pend:
        desc = _word(lang, pend["kind"])
        if "card" in pend:
            desc += " " + cards.name(pend["card"], lang)
        if "cards" in pend:
            desc += " " + ", ".join(cards.name(c, lang) for c in pend["cards"])
        if pend.get("colour") is not None and pend["kind"] == "put":
            desc += " " + _colour(pend["colour"], lang)
        out.append(f"[bold]{_t(lang, 'pending')}[/]: {desc}")
    for u in view.get("usable", []):
        desc = f"{_word(lang, u['kind'])} {cards.name(u['card'], lang)} ({_t(lang, 'usable')})"
        if "sites" in u:
            desc += " " + _t(lang, "sites", sites=", ".join(str(x) for x in u["sites"]))
        out.append(f"[bold]{_t(lang, 'timers')}[/]: {desc}")
    return "\n".join(out)


def _pname(seat: Any, lang: str, parts: SdParts | None = None) -> str:
    parts = parts or shipped_parts()
    if isinstance(seat, int) and 0 <= seat < len(parts.planets):
        return parts.planet_name(seat, lang)
    return f"#{seat}"


def _seat(seat: Any, lang: str, parts: SdParts | None = None) -> str:
    """A seat in a sentence: a mention (:mod:`spacetable.engine.mention`) whose own words
    are the seat's planet."""
    name = _pname(seat, lang, parts)
    return mention(seat, name) if isinstance(seat, int) and seat >= 0 else name


def describe_event(event: dict[str, Any], lang: str, parts: SdParts | None = None) -> str:
    """One log event as a sentence (components named from ``parts``: the game's; the
    shipped data set's when not given)."""
    parts = parts or shipped_parts()
    cards = _Cards(None, parts)
    kind = str(event.get("event", ""))
    key = f"ev_{kind}"
    if key not in set(TEXT.keys()):
        return TEXT.get(lang, "ev_other", event=kind)
    seat = event.get("seat", -1)
    kw: dict[str, Any] = {k: v for k, v in event.items() if k != "event"}
    kw["who"] = _seat(seat, lang, parts)
    for k in ("owner", "victim", "to"):
        if isinstance(event.get(k), int) and kind != "put":
            kw[k] = _seat(event[k], lang, parts)
    if isinstance(event.get("from"), int):
        kw["frm"] = _seat(event["from"], lang, parts)
    if kind in ("put", "move", "convert"):
        for k in ("to", "src", "dst"):
            if isinstance(event.get(k), int):
                kw[k] = container(event[k], lang, parts)
    for k in ("kind", "reason", "rules", "why"):
        if isinstance(event.get(k), str):
            kw[k] = _word(lang, event[k])
    card = event.get("card")
    if kind in ("chosen", "keep"):
        kw["card"] = f" ({cards.name(card, lang)})" if isinstance(card, int) else ""
    elif kind == "turn":
        kw["card"] = f" {cards.name(card, lang)}" if isinstance(card, int) else ""
    elif isinstance(card, int):
        kw["card"] = cards.name(card, lang)
    if kind == "draw":
        drawn = event.get("cards")
        kw["cards"] = " (" + ", ".join(cards.name(c, lang) for c in drawn) + ")" if drawn else ""
    if kind == "timer":
        extra = ""
        if "card" in event:
            extra = " " + cards.name(event["card"], lang)
        if "tech" in event:
            extra = f" -> {event['tech']}"
        if "field" in event:
            extra = f" -> {event['field']}"
        kw["extra"] = extra
    for k in ("colour", "give", "take"):
        if k in event:
            c = event[k]
            kw[k] = _good_colour(c, lang) if kind == "offer_more" else _colour(c, lang)
    if kind == "deliver":
        kw["p1"], kw["p2"] = event["points"]
        kw["demand"] = event["demand"] + 1
    if kind in ("gizzi", "gizzi_face", "gizzi_redraw"):
        gid = event["gizzi"]
        kw["gizzi"] = parts.gizzi_name(gid, lang)
    if kind in ("end", "last_call"):
        kw["clock"] = _clock(float(event["clock"]))
    try:
        return TEXT.get(lang, key, **kw)
    except (KeyError, IndexError):
        return TEXT.get(lang, "ev_other", event=kind)


def _names(seats: list[int], lang: str) -> str:
    names = [_seat(q, lang) for q in seats]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + f" {_t(lang, 'oc_and')} " + names[-1]


def _points(n: float, lang: str) -> str:
    one = n < 2 if lang == "fr" else n == 1  # French: 0 and 1 point are singular
    return f"{n:g} " + _t(lang, "oc_point" if one else "oc_points")


def _outcome_sentence(outcome: dict[str, Any], lang: str) -> str:
    reason = str(outcome["reason"])
    scores = [float(s) for s in outcome["scores"]]
    winners = [int(q) for q in outcome["winners"]]
    if not winners:
        return reason
    details = outcome.get("details")
    details = details if isinstance(details, dict) else {}
    top = scores[winners[0]]
    if reason == End.TIME:
        why = End.TIME.sentence(lang)
    elif reason == End.MARKERS:
        used = details.get("markers_used")
        last = (
            [q for q, u in enumerate(used) if int(u) >= START_MARKERS]
            if isinstance(used, list)
            else []
        )
        if not last:
            why = End.MARKERS.sentence(lang)
        else:
            key = "oc_markers" if len(last) == 1 else "oc_markers_many"
            why = _t(lang, key, who=_names(last, lang))
    else:
        why = reason  # a reason this module does not know: shown as the game gives it
    if any(scores[q] == top for q in range(len(scores)) if q not in winners):
        why = _t(lang, "oc_tiebreak", why=why)
    head = "oc_win" if len(winners) == 1 else "oc_tie"
    return _t(lang, head, who=_names(winners, lang), n=_points(top, lang), why=why)


def describe_outcome(outcome: dict[str, Any], lang: str, parts: SdParts | None = None) -> str:
    """The end of the game as one sentence (from ``Outcome.to_json()``): the winner(s) by
    planet, with how many points, and why, e.g. "Moimoi wins with 14 points: the game time is
    over". Shared wins and ties broken by the victory markers placed are said. A reason this
    module does not know is shown raw; a malformed outcome gives the raw reason alone."""
    lang = "fr" if lang == "fr" else "en"
    try:
        return _outcome_sentence(outcome, lang)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return str(outcome.get("reason", "")) if isinstance(outcome, dict) else ""


def breakdown(outcome: dict[str, Any], lang: str, parts: SdParts | None = None) -> dict[str, Any]:
    """The end of the game as a labelled table (``Presentation.breakdown``): each seat's
    points, the victory markers it placed and its tech level; how long the game lasted."""
    lang = "fr" if lang == "fr" else "en"
    d = outcome.get("details")
    d = d if isinstance(d, dict) else {}
    scores = [float(s) for s in outcome.get("scores") or []]
    n = len(scores)

    def per_seat(field: str) -> list[str]:
        values = d.get(field)
        values = values if isinstance(values, list) else []
        return [str(values[s]) if s < len(values) else "" for s in range(n)]

    rows = [
        {"label": _t(lang, "bd_points"), "values": [f"{x:g}" for x in scores]},
        {"label": _t(lang, "bd_markers"), "values": per_seat("markers_used")},
        {"label": _t(lang, "bd_tech"), "values": per_seat("tech")},
    ]
    notes = []
    if isinstance(d.get("clock"), (int, float)):
        secs = max(0, round(float(d["clock"])))
        notes.append(_t(lang, "bd_clock", time=f"{secs // 60}:{secs % 60:02d}"))
    return {"rows": rows, "others": [], "notes": notes}


#: the parameters of a reason that name a part of the game, and how each is named
_CONTAINERS = ("cont", "src", "dst")


def explain(reason: dict[str, Any], lang: str, parts: SdParts | None = None) -> str:
    """What in the position breaks a rule (a ``Reason.to_json()`` of ``Game.why_not``), as a
    sentence in ``lang``: the ``why_<detail>`` text of ``text.toml``, its card, seat, colour,
    container and decision parameters named as the board names them."""
    parts = parts or shipped_parts()
    cards = _Cards(None, parts)
    kw: dict[str, Any] = dict(reason.get("params", {}))
    for key, value in list(kw.items()):
        if key == "card":
            kw[key] = cards.plain_name(int(value), lang)
        elif key == "seat":
            kw[key] = _pname(int(value), lang, parts)
        elif key == "colour":
            kw[key] = _colour(int(value), lang)
        elif key in _CONTAINERS or key == "ship":
            kw[key] = container(int(value), lang, parts)
        elif key == "kind":
            kw[key] = _word(lang, value)
        elif key == "side":
            kw[key] = _t(lang, ("left", "right")[int(value)])
    text = _t(lang, "why_" + str(reason["detail"]), **kw)
    return text[:1].upper() + text[1:]
