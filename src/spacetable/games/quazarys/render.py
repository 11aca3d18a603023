"""Terminal drawing of a Quazarys view (rich markup) and sentences for log events.

Each card is drawn as a block of 5 rows by 9 columns; arms meet the arms of the
neighbouring cards, so a path reads as a continuous line::

        ·   o   ·        o  station         + crossing (no station)
        ·   ^   ·        ^ v < >  one-way arrow, pointing where you may go
        o---o-->o        V  Vortex centre   B  a base (in its owner's colour)
        ·   |   ·        0-3  pawns: the seat number, in the player's colour
        ·   o   ·        B2 in a Base card's corner: the goal of seat 2

Every symbol is explained by :func:`legend` (the ``legend_board`` and ``legend`` pairs of
``text.toml``); the board's part is printed at the end of the screen.

Only the view dict is read, with the names and colours of the game's data set
(``parts=game.parts``; the shipped data's when none is given) and the labels of :mod:`.labels`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.markup import escape

from .components import FIRST_BASE, KIND, QuazarysParts
from .constants import DIR_OF, KIND_BASE, KIND_EXPLO, KIND_SUN, texts
from .labels import card_label, faction_name, name, point_name, seat_colour, seat_label, t
from .tables import shipped_parts

TEXT = texts()

CW, CH = 9, 5  # characters per card

# Character cell of each point inside a card block: (row, col).
POINT_CELL = {0: (2, 4), 1: (0, 4), 2: (2, 8), 3: (4, 4), 4: (2, 0)}
# Cells of each arm's body, and where its arrow is drawn.
ARM_BODY = {1: ((1, 4),), 2: ((2, 5), (2, 6), (2, 7)), 3: ((3, 4),), 4: ((2, 1), (2, 2), (2, 3))}
ARROW_CELL = {1: (1, 4), 2: (2, 6), 3: (3, 4), 4: (2, 2)}
ARM_CHAR = {1: "|", 2: "-", 3: "|", 4: "-"}
# Arrow character for an outward arrow on each arm, and for an inward one.
ARROW_OUT = {1: "^", 2: ">", 3: "v", 4: "<"}
ARROW_IN = {1: "v", 2: "<", 3: "^", 4: ">"}
# Where a Base card names its owner (a corner: no arm or point ever reaches it).
OWNER_CELL = (0, 0)


@dataclass(frozen=True)
class Geometry:
    """How a card is drawn: its size in characters and the cells of its points and arms."""

    width: int
    height: int
    point: dict[int, tuple[int, int]]
    arm: dict[int, tuple[tuple[int, int], ...]]
    arrow: dict[int, tuple[int, int]]


#: The full drawing: 9 characters by 5 rows a card.
FULL = Geometry(CW, CH, POINT_CELL, ARM_BODY, ARROW_CELL)
#: The compact drawing, for a narrow terminal: 5 characters by 5 rows a card, the sideways
#: arms one character long (seven cards fit in 40 columns)::
#:
#:     ··o··
#:     ··^··
#:     o-+>o
#:     ··|··
#:     ··o··
COMPACT = Geometry(
    5,
    5,
    {0: (2, 2), 1: (0, 2), 2: (2, 4), 3: (4, 2), 4: (2, 0)},
    {1: ((1, 2),), 2: ((2, 3),), 3: ((3, 2),), 4: ((2, 1),)},
    {1: (1, 2), 2: (2, 3), 3: (3, 2), 4: (2, 1)},
)


def _parts(parts: QuazarysParts | None) -> QuazarysParts:
    return parts if parts is not None else shipped_parts()


def _style(colour: str) -> str:
    """A colour of the data as a terminal style (an unknown one is white)."""
    return colour if colour != "?" else "white"


def player(seat: int, lang: str, p: QuazarysParts | None = None) -> str:
    colour = _style(seat_colour(seat, p))
    return f"[bold {colour}]{seat_label(seat, lang, p)}[/]"


def _parse(layout: str) -> tuple[bool, dict[int, tuple[bool, int]]]:
    """(hub station?, {dir: (station on arm?, arrow)}) from the layout notation."""
    tokens = layout.split()
    arms: dict[int, tuple[bool, int]] = {}
    for tok in tokens[1:]:
        d = DIR_OF[tok[0]]
        arrow = 1 if tok.endswith(">") else (-1 if tok.endswith("<") else 0)
        arms[d] = ("*" in tok, arrow)
    return tokens[0] == "@", arms


def draw_grid(
    view: dict[str, Any], parts: QuazarysParts | None = None, geometry: Geometry = FULL
) -> list[str]:
    """The table as lines of rich markup, with row and column numbers (each card drawn in
    ``geometry``: the full drawing or the compact one)."""
    h, w = view["height"], view["width"]
    cw, ch = geometry.width, geometry.height
    chars = [[" "] * (w * cw) for _ in range(h * ch)]
    styles: list[list[str]] = [[""] * (w * cw) for _ in range(h * ch)]
    pawn_at: dict[tuple[int, int, int], list[int]] = {}
    for p in view["pawns"]:
        pawn_at.setdefault((p["r"], p["c"], p["p"]), []).append(p["seat"])
    for entry in view["cards"]:
        r0, c0 = entry["r"] * ch, entry["c"] * cw
        card = entry["card"]
        kind = KIND[card]
        if kind == KIND_SUN:
            bg = "yellow"
        elif kind == KIND_EXPLO:
            f = entry.get("faction")
            bg = (parts or shipped_parts()).factions[f].colour if isinstance(f, int) else "white"
        else:
            bg = "white"
        for i in range(ch):
            for j in range(cw):
                chars[r0 + i][c0 + j] = "·"
                styles[r0 + i][c0 + j] = f"dim {bg}"
        hub_station, arms = _parse(entry["layout"])

        def put(cell: tuple[int, int], mark: str, style: str = "") -> None:
            chars[r0 + cell[0]][c0 + cell[1]] = mark  # noqa: B023
            styles[r0 + cell[0]][c0 + cell[1]] = style  # noqa: B023

        for d, (station, arrow) in arms.items():
            for cell in geometry.arm[d]:
                put(cell, ARM_CHAR[d], "white")
            if arrow:
                put(geometry.arrow[d], (ARROW_OUT if arrow > 0 else ARROW_IN)[d], "bold red")
            put(
                geometry.point[d],
                "o" if station else ARM_CHAR[d],
                "bold white" if station else "white",
            )
        if kind == KIND_BASE:
            owner = entry.get("owner")
            colour = _style(seat_colour(card - FIRST_BASE, parts))
            put(geometry.point[0], "B", f"bold {colour}" if owner is not None else "dim")
            if owner is not None:  # whose base, without colours too: B2 is seat 2's goal
                put(OWNER_CELL, "B", f"bold {colour}")
                put((OWNER_CELL[0], OWNER_CELL[1] + 1), str(owner), f"bold {colour}")
        elif entry.get("vortex"):
            put(geometry.point[0], "V", "bold magenta")
        elif hub_station:
            put(geometry.point[0], "o", "bold white")
        else:
            put(geometry.point[0], "+", "white")
        for p in range(5):
            seats = pawn_at.get((entry["r"], entry["c"], p))
            if seats:
                label = "".join(str(s) for s in seats)
                cell = geometry.point[p]
                for k, s in enumerate(seats[:1]):
                    put(cell, label[k], f"bold reverse {_style(seat_colour(s, parts))}")
                if len(seats) > 1:  # several pawns on a base: show them next to it
                    for k, s in enumerate(seats[1:], 1):
                        if cell[1] + k < cw:
                            put(
                                (cell[0], cell[1] + k),
                                str(s),
                                f"bold reverse {_style(seat_colour(s, parts))}",
                            )
    lines = []
    header = "   " + "".join(f"{c:^{cw}}" for c in range(w))
    lines.append(f"[dim]{header}[/]")
    for i in range(h * ch):
        label = f"{i // ch:>2} " if i % ch == ch // 2 else "   "
        segs = [f"[dim]{label}[/]"]
        run_style, run = "", ""
        for j in range(w * cw):
            st = styles[i][j]
            if st != run_style and run:
                segs.append(f"[{run_style}]{run}[/]" if run_style else run)
                run = ""
            run_style = st
            run += chars[i][j]
        if run:
            segs.append(f"[{run_style}]{run}[/]" if run_style else run)
        lines.append("".join(segs).rstrip())
    return lines


def legend(lang: str) -> list[tuple[str, str]]:
    """Every symbol :func:`render` draws, with its meaning in ``lang``: the board's (printed
    at the end of the screen), then the texts'."""
    return TEXT.pairs(lang, "legend_board") + TEXT.pairs(lang, "legend")


def _card(card: int, lang: str, p: QuazarysParts) -> str:
    f = p.faction[card]
    if f < 0:
        return name(card, lang, p)
    return f"[{p.factions[f].colour}]{card_label(card, lang, p)}[/]"


def prompt(view: dict[str, Any], lang: str, parts: QuazarysParts | None = None) -> str:
    """What the view's seat (or the seat to play) is asked to do now, or why the race is
    over, as one sentence (the contract's ``prompt``; the web board shows it)."""
    p = _parts(parts)
    pend = view["pending"]
    kind = pend["kind"]
    if kind == "over":
        return t(lang, "over", reason=t(lang, f"reason_{view['reason']}"))
    if kind == "choose":
        return t(lang, "phase_choose")
    if kind == "combo":
        f = view["faction"]
        return t(lang, "phase_combo", faction=faction_name(f, lang, p) if f is not None else "?")
    if kind == "discard":
        return t(lang, "phase_discard", n=view["discarded"])
    if kind == "move2":
        return t(lang, "phase_move2")
    if kind == "move":
        return t(
            lang,
            "task_move",
            pawn=player(pend["pawn"], lang, p),
            left=pend["remaining"],
            arrows=t(lang, "task_move_free") if pend["ignore_arrows"] else "",
        )
    if kind == "target":
        return t(lang, "task_target")
    if kind == "blackhole":
        return t(lang, "task_blackhole")
    if kind == "pick":
        return t(lang, "task_pick_tornado" if pend["mode"] == "tornado" else "task_pick_rotate")
    if kind == "place":
        return t(lang, "task_place", card=_card(pend["card"], lang, p))
    if kind == "orient":
        return t(lang, "task_orient", card=_card(pend["card"], lang, p), r=pend["r"], c=pend["c"])
    return str(kind)


def render(view: dict[str, Any], lang: str, parts: QuazarysParts | None = None) -> str:
    """The whole screen for one seat: the grid, the race, the cards and what is pending
    (names from ``parts``, the game's data: ``game.parts``)."""
    return _screen(view, lang, _parts(parts), FULL)


def render_compact(view: dict[str, Any], lang: str, parts: QuazarysParts | None = None) -> str:
    """:func:`render` with the grid's cards drawn 5 characters wide instead of 9 (the
    terminal client draws it when the full grid does not fit its board pane)."""
    return _screen(view, lang, _parts(parts), COMPACT)


def _screen(view: dict[str, Any], lang: str, p: QuazarysParts, geometry: Geometry) -> str:
    lines = draw_grid(view, p, geometry)
    lines.append("")
    players = view["players"]
    limit = view["round_limit"]  # 0: no limit (the rulebook's race)
    key = "round" if limit else "round_open"
    rnd = t(lang, key, round=view["round"], limit=limit)
    to_play = t(lang, "to_play", player=player(view["current"], lang, p))
    lines.append(f"[bold]{rnd}[/]  ·  {to_play}")
    sizes = ", ".join(f"{player(s, lang, p)}: {n}" for s, n in enumerate(view["hand_sizes"]))
    lines.append(f"{t(lang, 'hands')}: {sizes}")
    lines.append(t(lang, "deck", n=view["deck_size"]))
    if view["discard"]:
        lines.append(
            t(lang, "discard", n=len(view["discard"]), top=_card(view["discard"][-1], lang, p))
        )
    else:
        lines.append(t(lang, "discard_empty"))
    if view["arrived"]:
        lines.append(
            t(lang, "arrived", names=", ".join(player(s, lang, p) for s in view["arrived"]))
        )
    if view["out"]:
        lines.append(t(lang, "out", names=", ".join(name(c, lang, p) for c in view["out"])))
    if view["hand"] is not None:
        hand = ", ".join(_card(c, lang, p) for c in view["hand"]) or "-"
        seat = view["seat"]
        who = player(seat, lang, p) if seat is not None and seat < players else ""
        lines.append(f"[bold]{t(lang, 'hand')}[/] ({who}): {hand}")
    lines.append(f"[bold cyan]{prompt(view, lang, p)}[/]")
    lines.append(f"[dim]{t(lang, 'aid')}[/]")
    # The board's legend last, so that the race and the prompt stay next to the board.
    board = TEXT.pairs(lang, "legend_board")
    lines += [f"[dim]{escape(x)}[/]" for x in TEXT.pack(board, t(lang, "legend_title"))]
    return "\n".join(lines)


def describe_event(event: dict[str, Any], lang: str, parts: QuazarysParts | None = None) -> str:
    """One log event as a sentence (names from ``parts``, the game's data)."""
    p = _parts(parts)
    ev = event.get("event", "")
    seat = event.get("seat")
    who = player(seat, lang, p) if isinstance(seat, int) else ""

    def cards(key: str = "cards") -> str:
        cs = event.get(key)
        if not cs:
            return ""
        return " (" + ", ".join(_card(c, lang, p) for c in cs) + ")"

    if ev == "setup":
        return t(
            lang,
            "ev_setup",
            player=player(event["first"], lang, p),
            card=_card(event["discard"], lang, p),
        )
    if ev == "deal":
        return t(lang, "ev_deal", player=who, n=event["n"], cards=cards())
    if ev == "combo":
        return t(lang, "ev_combo", player=who, faction=faction_name(event["faction"], lang, p))
    if ev == "discard":
        return t(lang, "ev_discard", player=who, card=_card(event["card"], lang, p))
    if ev == "play":
        return t(lang, f"ev_play_{event['via']}", player=who, card=_card(event["card"], lang, p))
    if ev == "move":
        point = point_name(event["p"], lang)
        own = event["pawn"] == seat  # "moves their pawn", or names the pawn's owner
        return t(
            lang,
            "ev_move" if own else "ev_move_other",
            player=who,
            pawn=player(event["pawn"], lang, p),
            r=event["r"],
            c=event["c"],
            point=point,
            how=t(lang, f"how_{event['how']}"),
        )
    if ev == "arrive":
        return t(lang, "ev_arrive", pawn=who, order=event["order"])
    if ev == "target":
        return t(lang, "ev_target", player=who, target=player(event["target"], lang, p))
    if ev in ("lift", "pick", "place"):
        return t(
            lang,
            f"ev_{ev}",
            player=who,
            card=_card(event["card"], lang, p),
            r=event["r"],
            c=event["c"],
        )
    if ev == "orient":
        return t(
            lang,
            "ev_orient",
            player=who,
            card=_card(event["card"], lang, p),
            r=event["r"],
            c=event["c"],
            deg=event["rot"] * 90,
        )
    if ev == "blackhole":
        names = ", ".join(_card(c, lang, p) for c in event["cards"])
        line = t(lang, "line_row" if event["axis"] == "row" else "line_col")
        return t(lang, "ev_blackhole", player=who, line=line, index=event["index"], cards=names)
    if ev == "fizzle":
        return t(lang, "ev_fizzle", player=who, why=t(lang, f"why_{event.get('task', '')}"))
    if ev == "rebuild":
        line = t(lang, "ev_rebuild", n=event["n"], card=_card(event["kept"], lang, p))
        held = event.get("held") or []
        if held:
            names = ", ".join(_card(c, lang, p) for c in held)
            line += " " + t(lang, "ev_rebuild_held", cards=names)
        return line
    if ev == "draw":
        return t(lang, "ev_draw", player=who, n=event["n"], cards=cards())
    if ev == "pass":
        return t(lang, "ev_pass", player=who)
    if ev == "end":
        return t(lang, "ev_end", reason=t(lang, f"reason_{event['reason']}"))
    return str(event)


# ---------------------------------------------------------------------- end of the game
def _names(seats: list[int], lang: str, p: QuazarysParts) -> str:
    """'Red (seat 0)', 'Red (seat 0) and Blue (seat 1)', 'A, B et C' (plain text, no markup)."""
    names = [seat_label(s, lang, p) for s in seats]
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {t(lang, 'oc_and')} {names[-1]}"


def _outcome_sentence(outcome: dict[str, Any], lang: str, p: QuazarysParts) -> str:
    reason = str(outcome["reason"])
    winners = [int(s) for s in outcome["winners"]]
    details = outcome.get("details") or {}
    players = len(outcome["ranks"])
    if reason == "arrived":
        n = len(details.get("arrived") or winners)
        many = "oc_arrived_many_first" if details.get("tie_break") == "first" else "oc_arrived_many"
        why = t(lang, "oc_arrived_one") if n <= 1 else t(lang, many, n=n)
    elif reason == "round_limit":
        why = t(lang, "oc_round_limit", rounds=details["rounds"])
    elif reason == "blocked":
        why = t(lang, "oc_blocked")
    else:
        why = reason  # a reason this module does not know: shown as the game gives it
    if not winners:
        return why
    if len(winners) == 1:
        head = "oc_win"
    elif len(winners) == players:
        head = "oc_draw"  # a drawn race: every seat shares rank 1
    else:
        head = "oc_tie"
    return t(lang, head, who=_names(winners, lang, p), why=why)


def describe_outcome(outcome: dict[str, Any], lang: str, parts: QuazarysParts | None = None) -> str:
    """The end of the game as one sentence (from ``Outcome.to_json()``): who won and why, e.g.
    "Rouge (siège 0) gagne : son pion a rejoint sa base", or the draw and its cause. A reason
    this module does not know is shown raw; a malformed outcome gives the raw reason alone."""
    lang = "fr" if lang == "fr" else "en"
    try:
        return _outcome_sentence(outcome, lang, _parts(parts))
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return str(outcome.get("reason", "")) if isinstance(outcome, dict) else ""


def breakdown(
    outcome: dict[str, Any], lang: str, parts: QuazarysParts | None = None
) -> dict[str, Any]:
    """The end of the race as a labelled table (``Presentation.breakdown``): the place in
    which each pawn reached its base, and the rounds played."""
    lang = "fr" if lang == "fr" else "en"
    d = outcome.get("details") or {}
    arrived = [int(s) for s in d.get("arrived") or []]
    n = len(outcome.get("scores") or [])

    def place(s: int) -> str:
        if s not in arrived:
            return t(lang, "bd_none")
        k = arrived.index(s) + 1
        return t(lang, f"bd_place_{k}") if k <= 3 else t(lang, "bd_place_n", n=k)

    rows = [{"label": t(lang, "bd_home"), "values": [place(s) for s in range(n)]}]
    notes = [t(lang, "bd_rounds", n=d["rounds"])] if "rounds" in d else []
    return {"rows": rows, "others": [], "notes": notes}


# ---------------------------------------------------------------------- why not
def _asked(params: dict[str, Any], lang: str, p: QuazarysParts) -> str:
    """What is asked now (the ``now`` parameters of a reason, see ``why.asked``), as the
    prompt's sentence."""
    pend: dict[str, Any] = {"kind": params["now"]}
    for key, name_ in (("pawn", "pawn"), ("remaining", "left"), ("mode", "mode")):
        if name_ in params:
            pend[key] = params[name_]
    if "free" in params:
        pend["ignore_arrows"] = bool(params["free"])
    for key in ("card", "r", "c"):
        if key in params:
            pend[key] = params[key]
    view = {
        "pending": pend,
        "faction": params.get("faction"),
        "discarded": params.get("n", 0),
        "reason": "",
    }
    return prompt(view, lang, p)


def explain(reason: dict[str, Any], lang: str, parts: QuazarysParts | None = None) -> str:
    """Why an action is not legal (a ``Reason.to_json()`` of ``Game.why_not``) as a sentence:
    the ``wn_<detail>`` text, its cards, factions, players and points named in ``lang``."""
    p = _parts(parts)
    params: dict[str, Any] = dict(reason.get("params") or {})
    words: dict[str, Any] = {}
    for key, v in params.items():
        if key in ("card", "first"):
            words[key] = _card(int(v), lang, p)
        elif key in ("player", "pawn"):
            words[key] = player(int(v), lang, p)
        elif key in ("faction", "combo"):
            words[key] = faction_name(int(v), lang, p)
        elif key == "point":
            words[key] = point_name(int(v), lang)
        elif key == "axis":
            words[key] = t(lang, "line_row" if v == "row" else "line_col")
        elif key == "end":
            words[key] = t(lang, f"reason_{v}")
        else:
            words[key] = v
    if "now" in params:
        words["asked"] = _asked(params, lang, p)
    return t(lang, f"wn_{reason['detail']}", **words)
