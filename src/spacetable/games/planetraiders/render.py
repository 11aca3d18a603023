"""Terminal drawing of a Planet Raiders view (rich markup), and log sentences.

Reads only the view dict (its ``board`` rows are the game's data set: which square is a
zone, a planet or a ship) and the fixed grid of :mod:`.board`; an outcome names the seats by
the colours in its details. The board is drawn as a lattice of
3-character tokens: squares at odd (row, column) positions, pads on the sides between them::

          a     b     c   ...
       ·     ·     ·
    9 ·   ·     ·   b^ ·      <- a pad, a square, a pad, a square with a blue rocket nose north
       ·     ·     ·

Raiders are ``R1`` (red raider 1), ``Y2``, ``V3``, ``G1``; aliens ``@v`` (violet planet);
planets ``(v)``; ships ``#R#`` with their boarding pads ``=``; rockets ``b^`` / ``r>``;
``*`` marks a meteorite zone. A zone holds one rocket per side: a zone with several rockets
shows their noses in their colours (``^>v``, or ``+4`` for four), and the lines under the
board list each such zone in full (``c2: b^ r>``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape

from spacetable.engine.mention import mention

from .board import (
    CELL_NAMES,
    EDGE_CELLS,
    METEOR_MARK,
    NEUTRAL_MARK,
    PAD_NAMES,
    PLANET_MARK,
    SHIP_MARK,
)
from .constants import COLOURS, N_EDGES, REASON_KEYS, SIDES, SIZE, TEXT, End
from .tables import shipped_parts

if TYPE_CHECKING:
    from .board import RaidersParts

STYLE = {"red": "red", "yellow": "yellow", "violet": "magenta", "green": "green"}
ROCKET_STYLE = {"blue": "bold bright_blue", "red": "bold bright_red"}
LETTER = {"red": "R", "yellow": "Y", "violet": "V", "green": "G"}
ARROW = {"n": "^", "e": ">", "s": "v", "w": "<"}


def _t(lang: str, key: str, **kw: Any) -> str:
    return TEXT.get(lang, key, **kw)


def _cname(lang: str, colour: str) -> str:
    return _t(lang, f"colour_{colour}")


def _edge_h(r: int, c: int) -> int:
    return r * SIZE + c


def _edge_v(r: int, c: int) -> int:
    return 90 + r * (SIZE + 1) + c


#: The kind and colour of each letter of the view's board rows.
_MARKS: dict[str, tuple[str, int]] = {
    NEUTRAL_MARK: ("neutral", -1),
    METEOR_MARK: ("meteorite", -1),
    **{m: ("planet", COLOURS.index(c)) for c, m in PLANET_MARK.items()},
    **{m: ("ship", COLOURS.index(c)) for c, m in SHIP_MARK.items()},
}


def _squares(view: dict[str, Any]) -> tuple[list[str], list[int]]:
    """The kind and colour of every square, from the view's board rows (the game's data)."""
    marks = "".join(view["board"])
    kinds = [_MARKS[m][0] for m in marks]
    colours = [_MARKS[m][1] for m in marks]
    return kinds, colours


def board_lines(view: dict[str, Any]) -> list[str]:
    """The board as lines of rich markup."""
    kinds, colours = _squares(view)
    zone = [k in ("neutral", "meteorite") for k in kinds]
    is_pad = [any(zone[i] for i in EDGE_CELLS[e]) for e in range(N_EDGES)]
    ship_of_pad = [
        next((colours[i] for i in EDGE_CELLS[e] if kinds[i] == "ship"), -1) for e in range(N_EDGES)
    ]
    pad_tok: dict[str, str] = {}
    for s, row in enumerate(view["raiders"]):
        colour = view["players_info"][s]["colour"]
        for k, r in enumerate(row):
            if r["pad"] is not None:
                pad_tok[r["pad"]] = f"[bold {STYLE[colour]}]{LETTER[colour]}{k + 1} [/]"
    for where, colour in view["aliens"].items():
        pad_tok[where] = f"[{STYLE[colour]}]@{colour[0]} [/]"
    rockets = view["rockets"]

    def pad(e: int) -> str:
        if not is_pad[e]:
            return "   "
        name = PAD_NAMES[e]
        if name in pad_tok:
            return pad_tok[name]
        ship = ship_of_pad[e]
        if ship >= 0:
            return f"[{STYLE[COLOURS[ship]]}] = [/]"
        return "[dim] · [/]"

    def cell(r: int, c: int) -> str:
        i = r * SIZE + c
        kind = kinds[i]
        name = CELL_NAMES[i]
        if kind == "planet":
            col = COLOURS[colours[i]]
            return f"[bold {STYLE[col]}]({col[0]})[/]"
        if kind == "ship":
            col = COLOURS[colours[i]]
            return f"[reverse {STYLE[col]}]#{LETTER[col]}#[/]"
        meteor = kind == "meteorite"
        rks = rockets.get(name)
        if not rks:
            return "[dim] * [/]" if meteor else "   "
        if len(rks) == 1:
            rk = rks[0]
            tail = "[dim]*[/]" if meteor else " "
            return f"[{ROCKET_STYLE[rk['colour']]}]{rk['colour'][0]}{ARROW[rk['nose']]}[/]{tail}"
        if len(rks) == 4:
            return "[bold]+4 [/]"
        arrows = "".join(f"[{ROCKET_STYLE[rk['colour']]}]{ARROW[rk['nose']]}[/]" for rk in rks)
        return arrows + " " * (3 - len(rks))

    lines = ["    " + "".join(f"   {CELL_NAMES[c][0]}  " for c in range(SIZE))]
    for r in range(SIZE + 1):
        parts = ["    "]
        for c in range(SIZE):
            parts.append("   ")
            parts.append(pad(_edge_h(r, c)))
        lines.append("".join(parts))
        if r == SIZE:
            break
        parts = [f" {SIZE - r:>2} "]
        for c in range(SIZE):
            parts.append(pad(_edge_v(r, c)))
            parts.append(cell(r, c))
        parts.append(pad(_edge_v(r, SIZE)))
        parts.append(f" {SIZE - r}")
        lines.append("".join(parts))
    lines.append("    " + "".join(f"   {CELL_NAMES[c][0]}  " for c in range(SIZE)))
    crowded = [
        f"{zone}: " + " ".join(f"{rk['colour'][0]}{ARROW[rk['nose']]}" for rk in rks)
        for zone, rks in sorted(rockets.items())
        if len(rks) > 1
    ]
    if crowded:
        lines.append("    " + escape("; ".join(crowded)))
    return lines


def render(view: dict[str, Any], lang: str, parts: RaidersParts | None = None) -> str:
    """The board, every player's crew, hand and raiders, and what is pending."""
    lines = [f"[bold]{_t(lang, 'title')}[/]", *board_lines(view), ""]
    seat = view.get("seat")
    infos = view["players_info"]
    for s, info in enumerate(infos):
        colour = info["colour"]
        name = _cname(lang, colour)
        head = f"[bold {STYLE[colour]}]{LETTER[colour]} {escape(name)}[/]"
        if seat == s:
            head += _t(lang, "you")
        if view.get("teams"):
            head += f" ({_t(lang, 'team', team=info['team'] + 1)})"
        playing = view.get("current") == s and not view.get("is_over")
        head = ("▶ " if playing else "  ") + head
        if info["finished"] is not None:
            status = _t(lang, "finished", place=_ordinal(lang, info["finished"]))
        elif info["eliminated"]:
            status = _t(lang, "eliminated")
        elif info["crew_complete"]:
            status = _t(lang, "crew_done")
        else:
            status = _t(lang, "crew_missing", n=info["crew_missing"])
        aliens = ", ".join(_cname(lang, c) for c in info["aliens"]) or _t(lang, "none")
        caps = ", ".join(f"{_cname(lang, c)}×{k}" for c, k in info["captured"].items()) or _t(
            lang, "none"
        )
        raiders = []
        for k, r in enumerate(view["raiders"][s]):
            if r["status"] == "board":
                raiders.append(_t(lang, "raider_board", k=k + 1, pad=r["pad"]))
            elif r["status"] == "captured":
                by = _cname(lang, infos[r["by"]]["colour"])
                raiders.append(_t(lang, "raider_captured", k=k + 1, by=by))
            else:
                raiders.append(_t(lang, "raider_home", k=k + 1))
        hand = info["hand"]
        lines.append(f"{head}: {escape(status)}")
        lines.append(
            "      "
            + escape(
                " | ".join(
                    (
                        _t(lang, "hand", blue=hand["blue"], red=hand["red"]),
                        _t(lang, "aliens", list=aliens),
                        _t(lang, "captured", list=caps),
                    )
                )
            )
        )
        lines.append("      " + escape(", ".join(raiders)))
    lines.append("")
    limit, stall = view["turn_limit"], view["stall_limit"]
    key = "turn" if limit and stall else "turn_rounds" if limit else "turn_stall" if stall else ""
    lines.append(
        _t(
            lang,
            key or "turn_open",
            turn=view["turn"],
            limit=limit,
            quiet=view["quiet_turns"],
            stall=stall,
        )
    )
    if view.get("is_over"):
        reason = _t(lang, REASON_KEYS.get(view.get("reason") or "", "none"))
        lines.append(f"[bold]{escape(_t(lang, 'over', reason=reason))}[/]")
    else:
        cur = infos[view["current"]]["colour"]
        named = mention(view["current"], _cname(lang, cur))
        lines.append(
            f"[bold]{escape(_t(lang, 'to_play', colour=named))}[/] — "
            + escape(
                _t(lang, "phase_hop", k=(view["selected"] or 0) + 1)
                if view["phase"] == "hop"
                else _t(lang, f"phase_{view['phase']}")
            )
        )
        used = view["used"]
        if used["blue"] or used["red"]:
            lines.append(escape(_t(lang, "used", blue=used["blue"], red=used["red"])))
    lines += [
        f"[dim]{escape(x)}[/]" for x in TEXT.pack(_board_legend(lang), _t(lang, "legend_title"))
    ]
    return "\n".join(lines)


def _board_legend(lang: str) -> list[tuple[str, str]]:
    return TEXT.pairs(lang, "legend_board")


def legend(lang: str) -> list[tuple[str, str]]:
    """Every symbol :func:`render` draws, with its meaning in ``lang``: the board's (printed
    at the end of the screen), then those of the players' lines."""
    return _board_legend(lang) + TEXT.pairs(lang, "legend")


def _ordinal(lang: str, n: int) -> str:
    """A place: 1st, 2nd, 3rd, 4th / 1re, 2e, 3e, 4e."""
    return _t(lang, f"ordinal_{n}") if 1 <= n <= 3 else _t(lang, "ordinal_n", n=n)


def describe_event(event: dict[str, Any], lang: str, parts: RaidersParts | None = None) -> str:
    """One log event as a sentence."""
    kind = event.get("event", "")
    who = _cname(lang, event["colour"]) if "colour" in event else ""
    if who and "seat" in event:
        who = mention(event["seat"], who)
    k = int(event.get("raider", 0)) + 1
    if kind == "select":
        s = _t(lang, "ev_select", who=who, k=k)
    elif kind == "hop":
        s = _t(
            lang,
            "ev_hop",
            who=who,
            k=k,
            rocket=_t(lang, f"rocket_{event['rocket']}"),
            zone=event["zone"],
            to=event["to"],
        )
    elif kind == "alien":
        s = _t(lang, "ev_alien", who=who, planet=_cname(lang, event["planet"]))
    elif kind == "capture":
        s = _t(
            lang,
            "ev_capture",
            who=who,
            k=int(event["victim_raider"]) + 1,
            victim=_cname(lang, event["victim_colour"]),
        )
    elif kind == "eliminated":
        s = _t(lang, "ev_eliminated", who=who)
    elif kind == "finish":
        s = _t(lang, "ev_finish", who=who, place=_ordinal(lang, event["place"]))
    elif kind == "stop":
        s = _t(lang, "ev_stop", who=who, k=k, at=event["at"])
    elif kind == "collect":
        s = _t(lang, "ev_collect", who=who, blue=event["blue"], red=event["red"])
    elif kind == "place":
        s = _t(
            lang,
            "ev_place",
            who=who,
            colour=_t(lang, f"rocket_{event['rocket']}"),
            zone=event["zone"],
            nose=_t(lang, f"side_{event['nose']}"),
        )
    elif kind == "exchange":
        s = _t(lang, "ev_exchange", who=who)
    elif kind == "give":
        s = _t(
            lang,
            "ev_give",
            who=who,
            colour=_t(lang, f"rocket_{event['rocket']}"),
            to=mention(event["to"], _cname(lang, event["to_colour"])),
        )
    elif kind == "end_turn":
        s = _t(lang, "ev_end_turn", who=who)
    elif kind == "pass":
        s = _t(lang, "ev_pass", who=who)
    elif kind == "game_end":
        s = _t(lang, "ev_game_end", reason=_t(lang, REASON_KEYS.get(event["reason"], "none")))
    else:
        s = str(event)
    return escape(s)


# ---------------------------------------------------------------------- end of the game
_OUTCOME_KEY: dict[str, str] = {
    End.HOME: "oc_home",
    End.LAST_IN_PLAY: "oc_last",
    End.TEAM_HOME: "oc_team_home",
    End.TEAM_ELIMINATED: "oc_team_out",
    End.ROUND_LIMIT: "oc_rounds",
    End.NO_PROGRESS: "oc_stall",
    End.BLOCKED: "oc_blocked",
}


def _seat_name(lang: str, colours: tuple[str, ...], s: int) -> str:
    """A seat by its colour, capitalised, and its number: 'Red (seat 0)', 'Rouge (siège 0)'."""
    c = _cname(lang, colours[s])
    return mention(s, _t(lang, "oc_seat", colour=c[:1].upper() + c[1:], seat=s))


def _names(lang: str, colours: tuple[str, ...], seats: list[int]) -> str:
    names = [_seat_name(lang, colours, s) for s in seats]
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {_t(lang, 'oc_and')} {names[-1]}"


def _basis(lang: str, colours: tuple[str, ...], winners: list[int], outcome: dict[str, Any]) -> str:
    """What ranked the winners first, by the order of ``PlanetRaiders._key``: home first, then
    still in play (above the eliminated). Nothing else separates two players, so winners who
    are not home are either the only one still in play or share the place."""
    d = outcome["details"]
    if any(colours[w] in (d.get("finished") or []) for w in winners):
        return _t(lang, "oc_b_home")
    if len(winners) == 1:
        return _t(lang, "oc_b_alone")
    return _t(lang, "oc_b_shared")


def _outcome_sentence(outcome: dict[str, Any], lang: str) -> str:
    reason = str(outcome["reason"])
    winners = [int(s) for s in outcome["winners"]]
    n = len(outcome["ranks"])
    d = outcome.get("details") or {}
    shown = d.get("colours")
    if isinstance(shown, list) and len(shown) == n:  # the seats' colours, from the game's data
        colours = tuple(str(c) for c in shown)
    else:  # an outcome from before the data sets: the shipped seats
        colours = tuple(COLOURS[c] for c in shipped_parts().seat_colours[n])
    key = _OUTCOME_KEY.get(reason)
    if key is None:
        why = reason  # a reason this module does not know: shown as the game gives it
    elif key in ("oc_team_home", "oc_team_out"):
        why = _t(lang, key)
    else:
        basis = _basis(lang, colours, winners, outcome)
        if key == "oc_last" and basis == _t(lang, "oc_b_alone"):
            why = basis
        else:
            why = _t(lang, key, basis=basis)
    if not winners:
        return why
    if len(winners) == 1:
        head = "oc_win"
    elif len(winners) == n:
        head = "oc_draw"  # every seat shares rank 1
    elif d.get("teams"):
        head = "oc_team_win"  # the two partners of a team
    else:
        head = "oc_tie"
    return _t(lang, head, who=_names(lang, colours, winners), why=why)


def describe_outcome(outcome: dict[str, Any], lang: str, parts: RaidersParts | None = None) -> str:
    """The end of the game as one sentence (from ``Outcome.to_json()``): who won, by colour
    and seat, and why, e.g. "Rouge (siège 0) gagne : premier équipage rentré au vaisseau, et
    tous les joueurs sauf un sont rentrés". A reason this module does not know is shown raw; a
    malformed outcome gives the raw reason alone."""
    lang = "fr" if lang == "fr" else "en"
    try:
        return _outcome_sentence(outcome, lang)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return str(outcome.get("reason", "")) if isinstance(outcome, dict) else ""


def breakdown(
    outcome: dict[str, Any], lang: str, parts: RaidersParts | None = None
) -> dict[str, Any]:
    """The end of the game as a labelled table (``Presentation.breakdown``): each seat's
    place home, the crew it gathered (its score), the crew still missing and whether it is
    out of the game."""
    lang = "fr" if lang == "fr" else "en"
    d = outcome.get("details") or {}
    scores = [float(s) for s in outcome.get("scores") or []]
    n = len(scores)
    colours = [str(c) for c in d.get("colours") or []]
    finished = [str(c) for c in d.get("finished") or []]
    out = {str(c) for c in d.get("eliminated") or []}
    missing = list(d.get("crew_missing") or [])
    none = _t(lang, "bd_none")

    def home(s: int) -> str:
        c = colours[s] if s < len(colours) else ""
        return _ordinal(lang, finished.index(c) + 1) if c in finished else none

    rows = [
        {"label": _t(lang, "bd_home"), "values": [home(s) for s in range(n)]},
        {"label": _t(lang, "bd_gathered"), "values": [f"{x:g}" for x in scores]},
        {
            "label": _t(lang, "bd_missing"),
            "values": [str(missing[s]) if s < len(missing) else none for s in range(n)],
        },
        {
            "label": _t(lang, "bd_out"),
            "values": [
                _t(lang, "bd_yes") if s < len(colours) and colours[s] in out else none
                for s in range(n)
            ],
        },
    ]
    notes = [_t(lang, "bd_teams")] if d.get("teams") else []
    return {"rows": rows, "others": [], "notes": notes}


# ---------------------------------------------------------------------- why not
def _reason_word(lang: str, key: str, value: Any) -> Any:
    """A parameter of a reason (``reasons.py``) in words: a player colour (``who``), a
    planet, a rocket colour, a nose, a place and an ending; numbers, pads and zones as
    they are."""
    if key == "who":
        return _cname(lang, str(value))
    if key == "planet":
        return _t(lang, f"planet_{value}")
    if key == "rocket":
        return _t(lang, f"rocket_{value}")
    if key == "nose":
        return _t(lang, f"side_{value}")
    if key == "place":
        return _ordinal(lang, int(value))
    if key == "end":
        return _t(lang, REASON_KEYS.get(str(value), "none"))
    return value


def explain(reason: dict[str, Any], lang: str, parts: RaidersParts | None = None) -> str:
    """What in the position breaks a rule (a ``Reason.to_json()`` of
    ``PlanetRaiders.why_not``) as one sentence: the ``why_<detail>`` text of ``text.toml``
    with the reason's parameters in words."""
    lang = "fr" if lang == "fr" else "en"
    params = reason.get("params") or {}
    words = {k: _reason_word(lang, k, v) for k, v in params.items()}
    return escape(_t(lang, f"why_{reason['detail']}", **words))


__all__ = [
    "SIDES",
    "board_lines",
    "describe_event",
    "describe_outcome",
    "explain",
    "legend",
    "render",
]
