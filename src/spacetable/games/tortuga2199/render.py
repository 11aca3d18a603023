"""Terminal drawing of a Tortuga 2199 view (rich console markup), in French or English.

``render`` reads only the view dict (plus the static card and sector tables). The hex map
is drawn on a character canvas: each sector is a three-line cell placed by its axial
coordinates (half a cell of shift per row), showing its slot, name, controller, Defence,
mineral, hunt token and the ships in it. :func:`legend` explains every symbol
(``text.toml``: ``legend_map``, printed at the end of the screen, and ``legend``).
"""

from __future__ import annotations

from typing import Any

from .components import TortugaParts
from .constants import KIND_IDS, MARKET_KIND, TEXT, WIN_INFLUENCE
from .tables import shipped_parts

COLOURS = ("red", "cyan", "green", "yellow")
CELL_W = 17
HALF = 9


def _t(lang: str, key: str, **kw: Any) -> str:
    return TEXT.get(lang, key, **kw)


def _esc(s: str) -> str:
    return s.replace("[", "\\[")


def _card(P: TortugaParts, c: int, lang: str) -> str:
    return P.card_name(c, lang)


def _cards(P: TortugaParts, cs: list[int], lang: str) -> str:
    if not cs:
        return "-"
    counts: dict[int, int] = {}
    for c in cs:
        counts[c] = counts.get(c, 0) + 1
    parts = []
    for c, k in counts.items():
        label = _card(P, c, lang)
        parts.append(f"{k}x {label}" if k > 1 else label)
    return ", ".join(parts)


def _ability(kind: str, n: int, lang: str) -> str:
    """An ability's short form on a card line, in ``lang``: ``move:2`` / ``dépl:2``,
    ``shield`` / ``bouclier`` (the legend explains each)."""
    name = _t(lang, "abs_" + kind)
    return f"{name}:{n}" if n else name


def _card_detail(P: TortugaParts, c: int, lang: str) -> str:
    bits = []
    if P.crypto[c]:
        bits.append(f"{P.crypto[c]}C")
    if P.mano[c]:
        bits.append(f"{P.mano[c]}M")
    bits.extend(_ability(k, n, lang) for k, n in P.abilities[c])
    return f"{_card(P, c, lang)} ({' '.join(bits) or '-'})"


class _Canvas:
    def __init__(self, w: int, h: int) -> None:
        self.chars = [[" "] * w for _ in range(h)]
        self.style = [[""] * w for _ in range(h)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        row = self.chars[y]
        srow = self.style[y]
        for i, ch in enumerate(text):
            if 0 <= x + i < len(row):
                row[x + i] = ch
                srow[x + i] = style

    def lines(self) -> list[str]:
        out = []
        for row, srow in zip(self.chars, self.style, strict=True):
            parts: list[str] = []
            i = 0
            n = len(row)
            while i < n:
                j = i
                while j < n and srow[j] == srow[i]:
                    j += 1
                text = _esc("".join(row[i:j]))
                parts.append(f"[{srow[i]}]{text}[/]" if srow[i] else text)
                i = j
            out.append("".join(parts).rstrip())
        return out


def _map(P: TortugaParts, view: dict[str, Any], lang: str) -> list[str]:
    sectors = view["sectors"]
    xs = [2 * s["q"] + s["r"] for s in sectors]
    ys = [s["r"] for s in sectors]
    x0, y0 = min(xs), min(ys)
    width = (max(xs) - x0) * HALF + CELL_W + 1
    height = (max(ys) - y0 + 1) * 4
    cv = _Canvas(width, height)
    for s, x, y in zip(sectors, xs, ys, strict=True):
        cx = (x - x0) * HALF
        cy = (y - y0) * 4
        owner = s["controller"]
        style = f"bold {COLOURS[owner]}" if owner >= 0 else "bold"
        name = _t(lang, "ks_" + s["kind"])
        cv.put(cx, cy, f"{s['slot']}:{name}"[: CELL_W - 1], style)
        ctrl = f"P{owner}" if owner >= 0 else "--"
        track = f"D{s['defence']}/{s['max_defence']}" if s["defence"] is not None else ""
        cost = s.get("conquest_cost")
        line2 = f"{ctrl} {track or f'C{cost}'} +{s['influence']}"
        cv.put(cx, cy + 1, line2[: CELL_W - 1], COLOURS[owner] if owner >= 0 else "dim")
        x = cx
        if s["mineral"]:
            cv.put(x, cy + 2, "*", "magenta")
            x += 2
        if s["hunt"]:
            label = "?"
            if s["creature"] is not None:
                label = "?" + _card(P, s["creature"], lang)[:6]
            if s["markers"]:
                label += "(" + "".join(str(m) for m in s["markers"]) + ")"
            cv.put(x, cy + 2, label, "blue")
            x += len(label) + 1
        for p in s["ships"]:
            cv.put(x, cy + 2, f"S{p}", f"reverse {COLOURS[p]}")
            x += 3
    return cv.lines()


def legend(lang: str) -> list[tuple[str, str]]:
    """Every symbol :func:`render` draws, with its meaning in ``lang``: the map's (printed at
    the end of the screen), then the cards' (Crypto, Manoeuvre, each ability code) and the
    piles'."""
    return TEXT.pairs(lang, "legend_map") + TEXT.pairs(lang, "legend")


def _where(view: dict[str, Any], slot: int, lang: str) -> str:
    """A map slot as "Mines (8)" (short sector name and slot)."""
    sectors = view["sectors"]
    if not 0 <= slot < len(sectors):
        return str(slot)
    return f"{_t(lang, 'ks_' + sectors[slot]['kind'])} ({slot})"


def prompt(view: dict[str, Any], lang: str, parts: TortugaParts | None = None) -> str:
    """The phase the game is in ("Phase: actions"; "Phase : actions"), as one sentence from
    the view (the contract's ``prompt``; the web board shows it)."""
    return _t(lang, "r_phase_is", phase=_t(lang, "ph_" + view["phase"]))


def render(view: dict[str, Any], lang: str, parts: TortugaParts | None = None) -> str:
    """The whole view as text with rich markup: map, players, markets, hand, pending; cards
    named from ``parts`` (the game's ``game.parts``; the shipped data set's when not given)."""
    P = parts or shipped_parts()
    seat = view.get("seat")
    out: list[str] = []
    cur = view["current"]
    out.append(
        f"[bold]{_t(lang, 'r_title')}[/] — "
        + _t(lang, "r_round", round=view["round"], seat=cur)
        + f" — {prompt(view, lang, P)}"
        + f" — {_t(lang, 'r_scenario_is', scenario=_t(lang, 'sc_' + view['scenario']))}"
    )
    if view.get("is_over"):
        out.append(f"[bold reverse] {_t(lang, 'r_over')} [/]")
    elif view["tortuga_conqueror"] >= 0:
        out.append(f"[bold red]{_t(lang, 'r_last')}[/]")
    out.append("")
    out.extend(_map(P, view, lang))
    out.append("")
    for p in view["players"]:
        i = p["seat"]
        you = f" ({_t(lang, 'r_you')})" if i == seat else ""
        where = _where(view, p["pos"], lang) if p["pos"] >= 0 else _t(lang, "r_hold")
        ship = _card(P, p["ship"], lang) if p["ship"] >= 0 else "?"
        out.append(
            f"[{COLOURS[i]}]{_t(lang, 'r_player')} {i}{you}[/] {ship}, {where}: "
            f"[bold]{_t(lang, 'r_influence')} {p['influence']}[/] "
            f"({p['influence_tokens']} + {p['sectors']} {_t(lang, 'r_sector')}), "
            f"{_t(lang, 'r_minerals')} {p['minerals']}, {p['hand_size']} {_t(lang, 'r_cards')}, "
            f"{_t(lang, 'r_deck')} {p['deck_size']}, {_t(lang, 'r_discard')} "
            f"{len(p['discard'])}"
            + (f", {_t(lang, 'r_reserved')}" if p["reserved"] else "")
            + (f", T+{p['turrets']}" if p["turrets"] else "")
        )
        if p["played"]:
            out.append(f"    {_t(lang, 'r_played')}: {_esc(_cards(P, p['played'], lang))}")
    out.append("")
    t_piles = ", ".join(
        f"{_card(P, P.card_index[cid], lang)} {P.cost[P.card_index[cid]]}¢ x{n}"
        for cid, n in view["t_piles"].items()
    )
    out.append(f"[bold]{_t(lang, 'r_tpiles')}[/]: {_esc(t_piles)}")
    for m, info in view["markets"].items():
        kind = MARKET_KIND[m]
        face = ", ".join(f"{_card_detail(P, c, lang)} {P.cost[c]}¢" for c in info["face"])
        deck = f"{_t(lang, 'r_pile')} {info['deck']}"
        out.append(f"  {P.kind_name(kind, lang)} ({deck}): {_esc(face) or '-'}")
    out.append(
        f"{_t(lang, 'r_hunt_pile')}: {_esc(_cards(P, view['hunt_pile'], lang))}; "
        f"{_t(lang, 'r_depot')}: {view['depot']}; {_t(lang, 'r_bank')}: {view['bank']}"
    )
    if view["phase"] in ("main", "ability", "reenter", "mark"):
        out.append(
            f"[bold]{_t(lang, 'r_crypto')} {view['crypto']}  "
            f"{_t(lang, 'r_manoeuvre')} {view['manoeuvre']}[/]"
        )
    if view["pending"]:
        pend = view["pending"]
        abil = ", ".join(_ability(k, n, lang) for k, n in pend["abilities"])
        out.append(f"{_t(lang, 'r_pending')}: {_card(P, pend['card'], lang)} — {abil}")
    cb = view["combat"]
    if cb:
        atk = (
            _cards(P, cb["attack_cards"], lang)
            if cb["attack_cards"] is not None
            else f"{cb['attack_count'] if cb['attack_count'] is not None else '?'} "
            f"({_t(lang, 'r_hidden')})"
        )
        out.append(
            f"[bold red]{_t(lang, 'r_combat')}[/] {_where(view, cb['sector'], lang)}: "
            f"{_t(lang, 'r_attacker')} P{cb['attacker']} ({_esc(atk)}) {_t(lang, 'r_vs')} "
            f"{_t(lang, 'r_defender')} P{cb['defender']} "
            f"({_esc(_cards(P, cb['defence_cards'], lang))})"
        )
    if seat is not None and view.get("hand") is not None:
        hand = ", ".join(_card_detail(P, c, lang) for c in view["hand"])
        out.append(f"[bold]{_t(lang, 'r_hand')}[/]: {_esc(hand) or '-'}")
        if view.get("reserved_card") is not None:
            out.append(
                f"{_t(lang, 'r_reserved')}: {_esc(_card_detail(P, view['reserved_card'], lang))}"
            )
    # The map's legend last, so that the players and the markets stay next to the map.
    board = TEXT.pairs(lang, "legend_map")
    out += [f"[dim]{_esc(x)}[/]" for x in TEXT.pack(board, _t(lang, "legend_title"))]
    return "\n".join(out)


def describe_event(event: dict[str, Any], lang: str, parts: TortugaParts | None = None) -> str:
    """One log event as a sentence (private details included when the event has them);
    cards named from ``parts`` (the shipped data set's when not given)."""
    P = parts or shipped_parts()
    kind = event.get("event", "?")
    kw: dict[str, Any] = {k: v for k, v in event.items() if k != "event"}
    for key in ("card", "new"):
        if isinstance(kw.get(key), int) and 0 <= kw[key] < P.ncard:
            kw[key] = _card(P, kw[key], lang)
    if isinstance(event.get("sector"), int):
        # Sectors named from the event's sector kind ("the Mines (9)"), by slot otherwise.
        sk = event.get("kind")
        key = sk if isinstance(sk, str) and sk in KIND_IDS else "slot"
        kw["sector"] = _t(lang, "sec_" + key, slot=event["sector"])
        kw["of_sector"] = _t(lang, "of_" + key, slot=event["sector"])
    if kind == "ability" and isinstance(event.get("kind"), str):
        kw["kind"] = _t(lang, "abk_" + event["kind"])
        tk = event.get("target_kind")
        if isinstance(tk, str) and tk in KIND_IDS:
            kw["kind"] += " → " + _t(lang, "sec_" + tk, slot=event["target"])
    if kind == "game_end":
        kw["reason"] = _t(lang, "rs_" + str(event.get("reason")))
        kw["winners"] = ", ".join(str(w) for w in event.get("winners", [])) or "?"
    if kind in ("takeback", "reserve"):
        kw["card"] = f" ({kw['card']})" if "card" in kw else ""
    if kind == "control" and event.get("defence") is None:
        kind = "control_nodef"  # Tortuga: no Defence track
    if kind == "marker":
        kw["placed"] = _t(lang, "mk_placed" if event.get("placed") else "mk_kept")
    if kind == "probe":
        cr = event.get("creature")
        kw["creature"] = f": {_card(P, cr, lang)}" if isinstance(cr, int) and cr >= 0 else ""
    elif kind == "capture":
        kw["creature"] = _card(P, event["creature"], lang)
    if kind in ("draw", "attack_cards", "end_turn"):
        cs = event.get("cards")
        kw["cards"] = f": {_cards(P, cs, lang)}" if cs else ""
    if kind == "reveal":
        kw["cards"] = _cards(P, event.get("cards", []), lang)
    if kind == "ship":
        kw["card"] = _card(P, event["card"], lang)
    if kind == "end_turn":
        return TEXT.get(lang, "ev_end_turn").format_map(_Safe(kw)) + (
            " " + _t(lang, "ev_draw", seat=event["seat"], n=event["n"], cards=kw["cards"])
            if event.get("n")
            else ""
        )
    return TEXT.get(lang, "ev_" + kind).format_map(_Safe(kw))


class _Safe(dict[str, Any]):
    """Format arguments where a missing key shows as '?' instead of raising."""

    def __missing__(self, key: str) -> str:
        return "?"


# ---------------------------------------------------------------------- end of the game
def _names(seats: list[int], lang: str) -> str:
    """'Player 0', 'Player 0 and Player 2', 'Joueur 0, Joueur 1 et Joueur 3'."""
    names = [_t(lang, "oc_seat", seat=s) for s in seats]
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {_t(lang, 'oc_and')} {names[-1]}"


def _tie_note(why: str, winners: list[int], d: dict[str, Any], lang: str) -> str:
    """Name the tie-break (``_outcome``'s keys after Influence) when a seat with as much
    Influence as the winners ranks behind them."""
    infl = [int(x) for x in d["influence"]]
    top = infl[winners[0]]
    behind = [p for p in range(len(infl)) if p not in winners and infl[p] == top]
    if not behind:
        return why
    if d.get("tortuga_conqueror") in winners:
        return _t(lang, "oc_tie_tortuga", why=why)
    return _t(lang, "oc_tie_sectors", why=why)


def _outcome_sentence(outcome: dict[str, Any], lang: str) -> str:
    reason = str(outcome["reason"])
    winners = [int(s) for s in outcome["winners"]]
    draw = len(winners) > 1 and len(winners) == len(outcome["ranks"])  # all share rank 1
    d = outcome.get("details") or {}
    by = d.get("tortuga_conqueror", -1)
    if reason == "influence":
        why = _t(lang, "oc_influence", goal=WIN_INFLUENCE)
    elif reason in ("tortuga", "limit"):
        if reason == "limit":
            why = _t(lang, "oc_limit", rounds=d.get("round_limit", "?"))
        elif winners == [by]:
            why = _t(lang, "oc_tortuga_self")
        else:
            why = _t(lang, "oc_tortuga", by=_names([int(by)], lang), by_seat=int(by))
        if not draw:  # then the highest Influence decides, and maybe a tie-break
            why = _tie_note(_t(lang, "oc_most", why=why), winners, d, lang)
    else:
        why = reason  # a reason this module does not know: shown as the game gives it
    if not winners:
        return why
    n = f"{float(outcome['scores'][winners[0]]):g}"
    head = "oc_draw" if draw else "oc_win" if len(winners) == 1 else "oc_tie"
    return _t(lang, head, who=_names(winners, lang), n=n, why=why)


def describe_outcome(outcome: dict[str, Any], lang: str, parts: TortugaParts | None = None) -> str:
    """The end of the game as one sentence (from ``Outcome.to_json()``): who won, with how
    much Influence, and why, e.g. "Joueur 1 gagne avec 15 points d'Influence : premier à
    atteindre 15 points d'Influence". A reason this module does not know is shown raw; a
    malformed outcome gives the raw reason alone."""
    lang = "fr" if lang == "fr" else "en"
    try:
        return _outcome_sentence(outcome, lang)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return str(outcome.get("reason", "")) if isinstance(outcome, dict) else ""


def breakdown(
    outcome: dict[str, Any], lang: str, parts: TortugaParts | None = None
) -> dict[str, Any]:
    """The end of the game as a labelled table (``Presentation.breakdown``): each seat's
    Influence, the part of it bought at Tortuga, the sectors it controls; who conquered
    Tortuga or reached the goal first, and a round limit that stopped the game."""
    lang = "fr" if lang == "fr" else "en"
    d = outcome.get("details") or {}
    n = len(outcome.get("scores") or [])

    def per_seat(field: str) -> list[str]:
        values = list(d.get(field) or [])
        return [str(values[s]) if s < len(values) else "" for s in range(n)]

    rows = [
        {"label": _t(lang, "bd_influence"), "values": per_seat("influence")},
        {"label": _t(lang, "bd_tokens"), "values": per_seat("influence_tokens")},
        {"label": _t(lang, "bd_sectors"), "values": per_seat("sectors")},
    ]
    notes = []
    if int(d.get("winner_at_15", -1)) >= 0:
        notes.append(
            _t(lang, "bd_first15", who=_names([int(d["winner_at_15"])], lang), goal=WIN_INFLUENCE)
        )
    if int(d.get("tortuga_conqueror", -1)) >= 0:
        notes.append(_t(lang, "bd_conqueror", who=_names([int(d["tortuga_conqueror"])], lang)))
    if outcome.get("reason") == "limit":
        notes.append(_t(lang, "bd_limit", rounds=d.get("round_limit", "?")))
    return {"rows": rows, "others": [], "notes": notes}


def explain(reason: dict[str, Any], lang: str, parts: TortugaParts | None = None) -> str:
    """Why an action is not legal (a ``Reason.to_json()`` of :mod:`.why`) as a sentence: the
    ``why_<detail>`` text of ``text.toml`` with its cards named from ``parts`` (``card``,
    ``creature``) and its sectors named by kind and slot (``sector``/``kind``,
    ``at``/``at_kind``; ``of_sector``, ``of_at`` after "of")."""
    P = parts or shipped_parts()
    params: dict[str, Any] = dict(reason.get("params", {}))
    kw = dict(params)
    for key in ("card", "creature"):
        if isinstance(params.get(key), int):
            kw[key] = _card(P, params[key], lang)
    for key, kind_key in (("sector", "kind"), ("at", "at_kind")):
        slot, kind = params.get(key), params.get(kind_key)
        if isinstance(slot, int):
            sk = kind if isinstance(kind, str) and kind in KIND_IDS else "slot"
            kw[key] = _t(lang, "sec_" + sk, slot=slot)
            kw["of_" + key] = _t(lang, "of_" + sk, slot=slot)
    return _esc(_t(lang, "why_" + str(reason.get("detail")), **kw))
