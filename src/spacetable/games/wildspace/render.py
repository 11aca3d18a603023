"""Terminal drawing of a Wild Space view (rich markup), and log events as sentences.

Reads only the view dict and the log events, never the game object, and names components
from the data set's parts given as ``parts`` (the game's ``game.parts``, so that a corrected
data set is drawn as it is played); without them, the shipped data set's. :func:`legend`
explains every symbol and abbreviation it draws.
"""

from __future__ import annotations

from typing import Any

from .components import WildParts
from .constants import SPECIES, End
from .labels import (
    TEXT,
    article_words,
    circle_words,
    cond_words,
    effect_words,
    icons_words,
    mission_words,
    ops_words,
    option_words,
    pred_words,
    species_word,
)
from .labels import t as _t
from .tables import shipped_parts

__all__ = [
    "TEXT",
    "card_text",
    "describe_event",
    "describe_outcome",
    "explain",
    "legend",
    "mission_words",
    "render",
]

_KIND_COLOUR = {"captain": "white", "specialist": "blue", "emissary": "red", "robot": "green"}


def _card_text(c: int, lang: str, full: bool = True, parts: WildParts | None = None) -> str:
    """One card: colour by kind, medal for Veterans, then (if ``full``) its circles."""
    parts = parts or shipped_parts()
    r = parts.cards[c]
    colour = _KIND_COLOUR[r.kind]
    medal = " ★" if r.veteran else ""
    out = f"[{colour}]{parts.card_name(c, lang)}[/]{medal} [dim]#{c}[/]"
    if not full:
        return out
    extra = circle_words(parts, c, lang)
    if extra:
        out += " [dim]—[/] " + "; ".join(extra)
    return out


def card_text(c: int, lang: str, full: bool = True, parts: WildParts | None = None) -> str:
    """One card: colour by kind, medal for Veterans, then (if ``full``) its circles (named
    from ``parts``; the shipped data set's when not given)."""
    return _card_text(c, lang, full, parts)


def _sector_text(parts: WildParts, tile: int, side: int, lang: str) -> str:
    row = parts.planets[tile]
    cond = row.left_conditions if side == 0 else row.right_conditions
    opts = " | ".join(option_words(o, lang) for o in parts.sector_text[tile][side])
    if cond:
        return f"[blue]{_t(lang, 'conditions')} {cond_words(cond, lang)}[/]: {opts}"
    return opts


def _pending_line(parts: WildParts, f: dict[str, Any], lang: str) -> str:
    kind = f["kind"]
    arg = f["arg"]
    if kind == "play":
        arg = pred_words(arg, lang)
    elif kind == "cost":
        arg = effect_words(arg, lang)
    key = f"pending_{kind}"
    if kind == "cost" and not f["optional"]:
        key = "pending_cost_required"  # the cost of the sector action the player chose
    line = _t(lang, key, arg=arg)
    if "card" in f:
        line += f" ({_t(lang, 'from_card', card=parts.card_name(f['card'], lang))})"
    elif "planet" in f:
        line += f" ({_t(lang, 'from_planet')})"
    elif "explore" in f:
        line += f" ({_t(lang, 'from_explore')})"
    elif "track_step" in f:
        line += f" ({_t(lang, 'from_track', step=f['track_step'])})"
    return line


def _crew_summary(parts: WildParts, cards: list[int], lang: str) -> str:
    counts = [0] * 6
    robots = emissaries = 0
    for c in cards:
        r = parts.cards[c]
        if r.species is not None:
            counts[SPECIES.index(r.species)] += 1
        if r.kind == "robot":
            robots += 1
        elif r.kind == "emissary":
            emissaries += 1
    words = [species_word(s, lang) for s in SPECIES]
    animals = ", ".join(f"{w} {n}" for w, n in zip(words, counts, strict=True) if n)
    return (
        f"{_t(lang, 'species_line')}: {animals or '-'}; {_t(lang, 'robots')} {robots}; "
        f"{_t(lang, 'emissaries')} {emissaries}"
    )


def prompt(view: dict[str, Any], lang: str, parts: WildParts | None = None) -> str:
    """What the seat to act must resolve now: the decision on top of the pending stack and
    where it comes from, as one sentence from the view (the contract's ``prompt``; the web
    board shows it); empty when nothing is pending."""
    lang = "fr" if lang == "fr" else "en"
    if not view["pending"]:
        return ""
    line = _pending_line(parts or shipped_parts(), view["pending"][-1], lang)
    return f"{_t(lang, 'pending')}: {line}"


def render(view: dict[str, Any], lang: str, parts: WildParts | None = None) -> str:
    """The board, the Reserve, every crew, your hand and what is pending (components named
    from ``parts``: the game's; the shipped data set's when not given)."""
    lang = "fr" if lang == "fr" else "en"
    parts = parts or shipped_parts()

    def card_text(c: int, lang: str, full: bool = True) -> str:
        return _card_text(c, lang, full, parts)

    seat = view.get("seat")
    lines: list[str] = [f"[bold magenta]{_t(lang, 'title')}[/]"]
    # Planets
    lines.append(f"[bold]{_t(lang, 'planets')}[/]")
    for pl in view["planets"]:
        pos = pl["position"]
        if not pl["faceup"]:
            lines.append(
                f"  {pos + 1}. [dim]{_t(lang, 'face_down')} — {pl['threshold']}[/] "
                f"({_t(lang, 'threshold', n=pl['threshold'])})"
            )
            continue
        tile = pl["tile"]
        n = parts.threshold[tile]
        need = _t(lang, "start_planet") if n == 0 else _t(lang, "threshold", n=n)
        lines.append(f"  {pos + 1}. [bold]{parts.planet_name(tile, lang)}[/] ({need})")
        for side in (0, 1):
            marks = []
            for q, state in pl["shuttles"][side]:
                arrow = "↑" if state == 2 else "↓"
                marks.append(_t(lang, "shuttle_mark", q=q, arrow=arrow))
            sname = _t(lang, "left" if side == 0 else "right")
            lines.append(
                f"     {sname:7s} {_sector_text(parts, tile, side, lang)}"
                + (f"  [yellow]{' '.join(marks)}[/]" if marks else "")
            )
    lines.append(f"     [dim]{_t(lang, 'explore_zone')}[/]")
    # Reserve
    res = [card_text(c, lang) if c >= 0 else _t(lang, "empty") for c in view["reserve"]]
    lines.append(f"[bold]{_t(lang, 'reserve')}[/]")
    for i, r in enumerate(res):
        lines.append(f"  {i + 1}: {r}")
    lines.append(
        f"  [dim]{_t(lang, 'deck', n=view['deck_size'])} · "
        f"{_t(lang, 'discard', n=len(view['discard']))}[/]"
    )
    # Players
    for q, ps in enumerate(view["player_states"]):
        head = _t(lang, "seat", seat=q)
        if q == seat:
            head += f" ({_t(lang, 'you')})"
        if q == view["current"] and not view.get("smuggler_turn") and not view["is_over"]:
            head += f" [yellow]← {_t(lang, 'to_play')}[/]"
        lines.append(f"[bold]{head}[/]")
        cap = ps["captain"]
        credits = parts.track_credits[cap]
        track = " ".join(
            ("[yellow]●[/]" if i < ps["veteran"] else "○") + (f"{n}" if n else "")
            for i, n in enumerate(credits)
        )
        lines.append(f"  {_t(lang, 'captain')}: {card_text(cap, lang, full=False)}")
        lines.append(f"  {_t(lang, 'track')}: {track}")
        lines.append(
            f"  {_t(lang, 'shuttles', n=ps['shuttles_left'])} · {_t(lang, 'turns', n=ps['turns'])}"
            f" · {_t(lang, 'score', n=ps['score'])}"
        )
        lines.append(
            f"  {_t(lang, 'crew', n=len(ps['tableau']))}: "
            f"{_crew_summary(parts, ps['tableau'], lang)}"
        )
        for c in ps["tableau"][1:]:
            lines.append(f"    {card_text(c, lang, full=False)}")
        if ps["hand"] is not None:
            lines.append(f"  {_t(lang, 'hand', n=ps['hand_size'])}:")
            for c in ps["hand"]:
                lines.append(f"    {card_text(c, lang)}")
        else:
            known = ", ".join(card_text(c, lang, full=False) for c in ps["known_hand"])
            lines.append(
                f"  {_t(lang, 'hand', n=ps['hand_size'])}"
                + (f" — {_t(lang, 'known')}: {known}" if known else "")
            )
    # Solo
    sm = view.get("smuggler")
    if sm is not None:
        head = _t(lang, "smuggler_head") + (f" ({_t(lang, 'auto')})" if sm["auto"] else "")
        if view.get("smuggler_turn") and not view["is_over"]:
            head += f" [yellow]← {_t(lang, 'to_play')}[/]"
        lines.append(f"[bold red]{head}[/]")
        lines.append(f"  {_t(lang, 'captain')}: {card_text(sm['captain'], lang, full=False)}")
        lines.append(
            f"  {_t(lang, 'crew', n=len(sm['tableau']))}: "
            f"{_crew_summary(parts, sm['tableau'], lang)}"
        )
        for c in sm["tableau"][1:]:
            lines.append(f"    {card_text(c, lang, full=False)}")
        lines.append(f"  {_t(lang, 'hostile_row')}:")
        for h, state in sm["hostile_row"]:
            mark = " [yellow]↓[/]" if state == 1 else ""
            cat = _t(lang, "category", n=parts.h_category[h])
            lines.append(
                f"    {parts.hostile_name(h, lang)} [dim]({cat})[/]{mark}: "
                f"{_t(lang, 'landing')}: {ops_words(parts.h_landing[h], lang)} · "
                f"{_t(lang, 'exploration')}: {ops_words(parts.h_explore[h], lang)} · "
                f"{_t(lang, 'bonus')}: {icons_words(parts.h_bonus[h], lang)}"
            )
        if sm["hostile_aside"]:
            aside = ", ".join(
                f"{parts.hostile_name(h, lang)} ({icons_words(parts.h_bonus[h], lang)})"
                for h in sm["hostile_aside"]
            )
            lines.append(f"  {_t(lang, 'hostile_aside')}: {aside}")
        hd = sm["hostile_deck"]
        level = "/".join(str(n) for n in hd["categories"])
        deck = (
            _t(lang, "hostile_deck", n=hd["size"], top=hd["top"], level=level)
            if hd["size"]
            else _t(lang, "hostile_deck_empty", level=level)
        )
        lines.append(f"  [dim]{deck} · {_t(lang, 'turns', n=sm['turns'])}[/]")
    # Pending
    if not view["is_over"]:
        if view.get("smuggler_turn"):
            lines.append(f"[bold yellow]{_t(lang, 'smuggler_turn')}[/]")
        elif view["pending"]:
            lines.append(f"[bold]{_t(lang, 'pending')}[/]:")
            for f in reversed(view["pending"]):
                lines.append(f"  • {_pending_line(parts, f, lang)}")
        elif view["main_done"]:
            lines.append(f"[bold]{_t(lang, 'end_of_turn')}[/]")
        else:
            lines.append(f"[bold]{_t(lang, 'start_of_turn')}[/]")
    else:
        out = view.get("outcome") or {}
        details = out.get("details", {})
        lines.append(f"[bold]{_t(lang, 'final')}[/]")
        for q, sh in enumerate(details.get("sheets", [])):
            lines.append(f"  {_t(lang, 'seat', seat=q)}: {_t(lang, 'sheet', **_sheet_fields(sh))}")
        if "smuggler" in details:
            lines.append(
                f"  {_t(lang, 'smuggler')}: "
                f"{_t(lang, 'smuggler_sheet', **_sheet_fields(details['smuggler']))}"
            )
            lines.append(f"[bold]{_t(lang, 'won' if details.get('won') else 'lost')}[/]")
    return "\n".join(lines)


def legend(lang: str) -> list[tuple[str, str]]:
    """Every symbol and abbreviation :func:`render` draws, with its meaning in ``lang``
    (``text.toml``: ``legend``)."""
    return TEXT.pairs("fr" if lang == "fr" else "en", "legend")


def _sheet_fields(sh: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in sh.items() if isinstance(v, int)}


def describe_event(event: dict[str, Any], lang: str, parts: WildParts | None = None) -> str:
    """One log event as a sentence in ``lang`` (components named from ``parts``)."""
    lang = "fr" if lang == "fr" else "en"
    ev = event.get("event", "?")
    p = parts or shipped_parts()

    def cn(c: Any) -> str:
        return p.card_name(c, lang) if isinstance(c, int) and c >= 0 else _t(lang, "a_card")

    def planet_name(tile: int, lang: str) -> str:
        return p.planet_name(tile, lang)

    def hostile_name(h: int, lang: str) -> str:
        return p.hostile_name(h, lang)

    try:
        if ev == "setup":
            if len(event["captains"]) == 1 and event["first"] == 1:
                return _t(lang, "ev_setup_smuggler_first")  # solo: seat 1 is the Contrebandier
            return _t(lang, "ev_setup", first=event["first"])
        if ev == "smuggler_setup":
            return _t(lang, "ev_smuggler_setup", captain=cn(event["captain"]))
        if ev == "draw":
            if event["from"] == "deck":
                card = f" ({cn(event['card'])})" if "card" in event else ""
                return _t(lang, "ev_draw_deck", seat=event["seat"], card=card)
            return _t(lang, "ev_draw_reserve", seat=event["seat"], card=cn(event["card"]))
        if ev == "reserve_refill":
            return _t(lang, "ev_reserve_refill", slot=event["slot"] + 1, card=cn(event["card"]))
        if ev == "reserve":
            cards = ", ".join(cn(c) for c in event["cards"])
            return _t(lang, "ev_reserve", cards=cards)
        if ev in ("land", "explore"):
            tile = event["planet"]
            side = _t(lang, "left" if event["sector"] == 0 else "right")
            if ev == "land":
                what = option_words(p.sector_text[tile][event["sector"]][event["option"]], lang)
                return _t(
                    lang,
                    "ev_land",
                    seat=event["seat"],
                    planet=planet_name(tile, lang),
                    side=side,
                    what=what,
                )
            mode = _t(lang, f"mode_{event['mode']}")
            return _t(
                lang,
                "ev_explore",
                seat=event["seat"],
                planet=planet_name(tile, lang),
                side=side,
                mode=mode,
            )
        if ev in ("play", "pay_discard", "pay_remove", "renew"):
            return _t(lang, f"ev_{ev}", seat=event["seat"], card=cn(event["card"]))
        if ev in ("effect_spent", "condition_unmet"):
            return _t(lang, f"ev_{ev}", card=cn(event["card"]))
        if ev == "reveal":
            return _t(lang, "ev_reveal", planet=planet_name(event["planet"], lang))
        if ev == "smuggle":
            return _t(
                lang,
                "ev_smuggle",
                mode=_t(lang, f"mode_{event['mode']}"),
                hostile=hostile_name(event["hostile"], lang),
            )
        if ev in ("smuggler_take", "smuggler_discard"):
            return _t(lang, f"ev_{ev}", card=cn(event["card"]), slot=event["slot"] + 1)
        if ev == "hostile_reveal":
            return _t(lang, "ev_hostile_reveal", hostile=hostile_name(event["hostile"], lang))
        if ev == "fizzle" or ev == "skip":
            fields = {"seat": event.get("seat"), "pending": _t(lang, f"frame_{event['pending']}")}
            return _t(lang, f"ev_{ev}", **fields)
        key = f"ev_{ev}"
        if key in TEXT.tables["en"]:
            fields = {k: v for k, v in event.items() if k != "event"}
            return _t(lang, key, **fields)
    except (KeyError, IndexError, TypeError, ValueError):
        pass
    return " ".join(f"{k}={v}" for k, v in event.items() if not k.startswith("_"))


# ---------------------------------------------------------------------- end of the game
_OUTCOME_KEY = {
    End.ALL_SHUTTLES_USED.value: "oc_shuttles",
    End.SMUGGLER_BEATEN.value: "oc_beat",
    End.SMUGGLER_WINS.value: "oc_smuggler",
}


def _names(seats: list[int], lang: str) -> str:
    """'Player 0', 'Player 0 and Player 2', 'Joueur 0, Joueur 1 et Joueur 3'."""
    names = [_t(lang, "seat", seat=q) for q in seats]
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {_t(lang, 'oc_and')} {names[-1]}"


def _outcome_sentence(outcome: dict[str, Any], lang: str) -> str:
    reason = str(outcome["reason"])
    key = _OUTCOME_KEY.get(reason)
    scores = [float(s) for s in outcome["scores"]]
    winners = [int(q) for q in outcome["winners"]]
    others = {str(k): float(v) for k, v in (outcome.get("others") or {}).items()}
    if not winners:
        # Beaten by the automa: the Contrebandier (solo) holds no seat.
        name, best = max(others.items(), key=lambda kv: kv[1])
        if key == "oc_smuggler":
            mine = scores[0]
            why = _t(
                lang,
                "oc_smuggler_tie" if mine == best else "oc_smuggler_more",
                who=_names([0], lang),
                n=f"{mine:g}",
            )
        else:
            why = reason
        return _t(lang, "oc_automa", name=name, n=f"{best:g}", why=why)
    top = scores[winners[0]]
    if key == "oc_beat":
        why = _t(lang, "oc_beat", n=f"{max(others.values(), default=0.0):g}")
    elif key == "oc_shuttles":
        why = _t(lang, "oc_shuttles")
        if any(scores[q] == top for q in range(len(scores)) if q not in winners):
            why = _t(lang, "oc_tiebreak", why=why)
    else:
        why = reason  # a reason this module does not know: shown as the game gives it
    head = "oc_win" if len(winners) == 1 else "oc_tie"
    return _t(lang, head, who=_names(winners, lang), n=f"{top:g}", why=why)


def describe_outcome(outcome: dict[str, Any], lang: str, parts: WildParts | None = None) -> str:
    """The end of the game as one sentence (from ``Outcome.to_json()``): who won, with how
    many credits, and why, e.g. "Player 2 wins with 47 credits: every shuttle has been used
    twice". A reason this module does not know is shown raw; a malformed outcome gives the
    raw reason alone."""
    lang = "fr" if lang == "fr" else "en"
    try:
        return _outcome_sentence(outcome, lang)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return str(outcome.get("reason", "")) if isinstance(outcome, dict) else ""


def breakdown(outcome: dict[str, Any], lang: str, parts: WildParts | None = None) -> dict[str, Any]:
    """The end of the game as a labelled table (``Presentation.breakdown``): each seat's
    score sheet line by line (crew, identical animals, sets, missions, captain's track,
    robots, total), then the Contrebandier's in solo (no missions or captain; its Hostile
    Planet bonuses)."""
    lang = "fr" if lang == "fr" else "en"
    d = outcome.get("details") or {}
    sheets: list[dict[str, Any]] = list(d.get("sheets") or [])
    crew = list(d.get("crew") or [])
    smuggler = d.get("smuggler")
    others = list((outcome.get("others") or {}).keys()) if isinstance(smuggler, dict) else []
    none = _t(lang, "bd_none")
    extra = [smuggler] if isinstance(smuggler, dict) else []

    def row(key: str, field: str) -> dict[str, Any]:
        """A line of the sheets: each seat's ``field``, then the Contrebandier's (``—`` where
        its sheet has none: missions, captain)."""
        values = [str(sheet.get(field, none)) for sheet in [*sheets, *extra]]
        return {"label": _t(lang, key), "values": values}

    rows = [
        {"label": _t(lang, "bd_crew"), "values": [str(c) for c in crew] + [none] * len(extra)},
        row("bd_identical", "identical"),
        row("bd_sets", "sets"),
        row("bd_missions", "missions"),
        row("bd_captain", "captain"),
        row("bd_robots", "robots"),
    ]
    if extra:
        bonus = [none] * len(sheets) + [str(extra[0].get("bonus", 0))]
        rows.append({"label": _t(lang, "bd_bonus"), "values": bonus})
    rows.append(row("bd_total", "total"))
    return {"rows": rows, "others": others, "notes": []}


# ---------------------------------------------------------------------- why not
def _pred_with_article(pred: str, lang: str) -> str:
    """A predicate of an effect with its article ('a Mechanic', 'an Emissary')."""
    if pred.startswith("species."):
        return species_word(pred[8:], lang)
    return article_words(pred, lang)


def explain(reason: dict[str, Any], lang: str, parts: WildParts | None = None) -> str:
    """What in the position breaks a rule (a ``Reason.to_json()`` of ``WildSpace.why_not``)
    as a sentence in ``lang``: the ``why_<detail>`` text of ``text.toml``, its parameters
    named (a card, a planet, a Hostile Planet by its name in ``lang``, a seat as the log
    names it, a sector by its side, a predicate or a condition in words, what is pending as
    the board's prompt says it)."""
    lang = "fr" if lang == "fr" else "en"
    p = parts or shipped_parts()
    params: dict[str, Any] = dict(reason.get("params", {}))
    named: dict[str, Any] = dict(params)
    if "card" in params:
        named["card"] = p.card_name(params["card"], lang)
    if "planet" in params:
        named["planet"] = p.planet_name(params["planet"], lang)
    if "other" in params:
        named["other"] = p.planet_name(params["other"], lang)
    if "hostile" in params:
        named["hostile"] = p.hostile_name(params["hostile"], lang)
    if "seat" in params:
        named["seat"] = _t(lang, "seat", seat=params["seat"])
    if "side" in params:
        named["side"] = _t(lang, "left" if params["side"] == 0 else "right")
    if "pred" in params:
        named["pred"] = _pred_with_article(str(params["pred"]), lang)
    if "cond" in params:
        named["cond"] = cond_words(str(params["cond"]), lang)
    if "pending" in params:
        frame: dict[str, Any] = {
            "kind": params["pending"],
            "arg": params.get("arg"),
            "optional": bool(params.get("optional")),
        }
        if "from_card" in params:
            frame["card"] = params["from_card"]
        elif "from_planet" in params:
            frame["planet"] = True
        elif "from_explore" in params:
            frame["explore"] = True
        elif "from_track" in params:
            frame["track_step"] = params["from_track"]
        named["pending"] = _pending_line(p, frame, lang)
    return _t(lang, f"why_{reason['detail']}", **named)
