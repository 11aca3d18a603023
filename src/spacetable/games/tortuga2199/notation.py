"""A compact text notation for Tortuga 2199 positions (tests, bug reports, the CLI).

One line per part of the state, ``key=value`` fields, cards by their data id (``garde``,
``hacker*2`` for two copies), lists separated by commas, ``-`` for an empty list or "none".
Lists of a deck keep their order (the top card is the last one). Example::

    game players=2 scenario=standard first=0 cur=0 phase=main turns=0 tacts=0 fresh=1
    turn crypto=0 mano=0 used=0 pend_card=- pend=- mark_at=-
    sector 0 kind=tortuga ctrl=- def=0 mineral=0 hunt=- probes=- seen=-
    ...
    seat 0 ship=corsaire pos=0 infl=0 minerals=0 hand=extraction*3,manoeuvre ...
    market V face=mercenaire,saboteur deck=... known=0
    supply tpile=7,6,5,5,4,4 depot=0 bank=50 out=1 hunt_pile=... box=... destroyed=-
    combat cb=-1,-1,-1,-1,-1 atk=- def=-
    end tortuga_by=- last=- winner=- reason=-

:func:`dump` writes a game's whole state; :func:`load` rebuilds an identical game (``dump``
of the result is the same text), so a position can be pasted into a test and edited.
"""

from __future__ import annotations

import os
from typing import Any

from spacetable.engine import DataSet, new_game

from .components import TortugaParts
from .constants import KIND_IDS, MARKETS, PHASE_NAMES, End
from .rules import Tortuga2199


def _cards(C: TortugaParts, cs: list[int]) -> str:
    if not cs:
        return "-"
    out: list[str] = []
    i = 0
    while i < len(cs):
        j = i
        while j < len(cs) and cs[j] == cs[i]:
            j += 1
        n = j - i
        out.append(C.card_id[cs[i]] + (f"*{n}" if n > 1 else ""))
        i = j
    return ",".join(out)


def _parse_cards(C: TortugaParts, text: str) -> list[int]:
    if text == "-":
        return []
    out: list[int] = []
    for part in text.split(","):
        name, _, n = part.partition("*")
        if name not in C.card_index:
            raise ValueError(f"unknown card {name!r}")
        out.extend([C.card_index[name]] * (int(n) if n else 1))
    return out


def _card(C: TortugaParts, c: int) -> str:
    return C.card_id[c] if c >= 0 else "-"


def _parse_card(C: TortugaParts, text: str) -> int:
    if text == "-":
        return -1
    if text not in C.card_index:
        raise ValueError(f"unknown card {text!r}")
    return C.card_index[text]


def _ints(xs: list[int]) -> str:
    return ",".join(str(x) for x in xs) if xs else "-"


def _parse_ints(text: str) -> list[int]:
    return [] if text == "-" else [int(x) for x in text.split(",")]


def _int(x: int) -> str:
    return "-" if x < 0 else str(x)


def _parse_int(text: str) -> int:
    return -1 if text == "-" else int(text)


def _seats(mask: int, n: int) -> str:
    return _ints([p for p in range(n) if mask >> p & 1])


def _parse_seats(text: str) -> int:
    return sum(1 << p for p in _parse_ints(text))


def dump(g: Tortuga2199) -> str:
    """The whole state of ``g`` as text (hidden parts included; cards by the ids of its
    data set)."""
    C = g.parts
    n = g.players
    lines = [
        f"game players={n} scenario={g.scenario} first={g.first} cur={g.cur} "
        f"phase={PHASE_NAMES[g.phase]} turns={g.turns} tacts={g.tacts} fresh={int(g.fresh)}",
        f"turn crypto={g.crypto} mano={g.mano} used={g.used} pend_card={_card(C, g.pend_card)} "
        f"pend={_ints(g.pend)} mark_at={_int(g.mark_at)}",
    ]
    for s in range(g.lay.n):
        lines.append(
            f"sector {s} kind={KIND_IDS[g.kinds[s]]} ctrl={_int(g.ctrl[s])} "
            f"def={g.defence[s]} mineral={g.mineral[s]} hunt={_card(C, g.hunt[s])} "
            f"probes={_seats(g.probes[s], n)} seen={_seats(g.seen[s], n)}"
        )
    for p in range(n):
        lines.append(
            f"seat {p} ship={_card(C, g.ship[p])} pos={_int(g.pos[p])} infl={g.infl[p]} "
            f"minerals={g.minerals[p]} hand={_cards(C, g.hand[p])} deck={_cards(C, g.deck[p])} "
            f"discard={_cards(C, g.discard[p])} played={_cards(C, g.played[p])} "
            f"reserve={_card(C, g.reserve[p])} hunts={_cards(C, g.htokens[p])}"
        )
    for i, m in enumerate(MARKETS):
        lines.append(
            f"market {m} face={_cards(C, g.mface[i])} deck={_cards(C, g.mdeck[i])} "
            f"known={g.mknown[i]}"
        )
    lines.append(
        f"supply tpile={_ints(g.tpile)} depot={g.depot} bank={g.bank} out={g.minerals_out} "
        f"hunt_pile={_cards(C, g.hunt_pile)} box={_cards(C, g.box_hunt)} "
        f"destroyed={_cards(C, g.destroyed)}"
    )
    lines.append(
        f"combat cb={','.join(str(x) for x in g.cb)} atk={_cards(C, g.catk)} "
        f"def={_cards(C, g.cdef)}"
    )
    lines.append(
        f"end tortuga_by={_int(g.tortuga_by)} last={_ints(g.last)} winner={_int(g.winner)} "
        f"reason={g.reason or '-'}"
    )
    return "\n".join(lines) + "\n"


def _fields(parts: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in parts:
        key, sep, val = part.partition("=")
        if not sep:
            raise ValueError(f"expected key=value, got {part!r}")
        out[key] = val
    return out


def load(
    text: str, seed: int = 0, data: DataSet[Any] | str | os.PathLike[str] | None = None
) -> Tortuga2199:
    """A game in the position written by :func:`dump` (its generator seeded by ``seed``),
    with ``data`` (a data set or a directory of tables; the shipped one by default)."""
    lines = [ln.split() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]
    head = _fields(lines[0][1:])
    n = int(head["players"])
    g = new_game("tortuga2199", n, seed, {"scenario": head["scenario"]}, data)
    assert isinstance(g, Tortuga2199)
    C = g.parts
    g.first = int(head["first"])
    g.cur = int(head["cur"])
    g.phase = PHASE_NAMES.index(head["phase"])
    g.turns = int(head["turns"])
    g.tacts = int(head["tacts"])
    g.fresh = head["fresh"] == "1"
    for words in lines[1:]:
        tag = words[0]
        if tag == "turn":
            f = _fields(words[1:])
            g.crypto, g.mano, g.used = int(f["crypto"]), int(f["mano"]), int(f["used"])
            g.pend_card = _parse_card(C, f["pend_card"])
            g.pend = _parse_ints(f["pend"])
            g.mark_at = _parse_int(f.get("mark_at", "-"))
        elif tag == "sector":
            s = int(words[1])
            f = _fields(words[2:])
            g.kinds = (*g.kinds[:s], KIND_IDS.index(f["kind"]), *g.kinds[s + 1 :])
            g.ctrl[s] = _parse_int(f["ctrl"])
            g.defence[s] = int(f["def"])
            g.mineral[s] = int(f["mineral"])
            g.hunt[s] = _parse_card(C, f["hunt"])
            g.probes[s] = _parse_seats(f["probes"])
            # A seat whose marker is on a token has seen it (``seen`` may be left out).
            g.seen[s] = _parse_seats(f.get("seen", "-")) | g.probes[s]
        elif tag == "seat":
            p = int(words[1])
            f = _fields(words[2:])
            g.ship[p] = _parse_card(C, f["ship"])
            g.pos[p] = _parse_int(f["pos"])
            g.infl[p] = int(f["infl"])
            g.minerals[p] = int(f["minerals"])
            g.hand[p] = _parse_cards(C, f["hand"])
            g.deck[p] = _parse_cards(C, f["deck"])
            g.discard[p] = _parse_cards(C, f["discard"])
            g.played[p] = _parse_cards(C, f["played"])
            g.reserve[p] = _parse_card(C, f["reserve"])
            g.htokens[p] = _parse_cards(C, f["hunts"])
        elif tag == "market":
            i = MARKETS.index(words[1])
            f = _fields(words[2:])
            g.mface[i] = _parse_cards(C, f["face"])
            g.mdeck[i] = _parse_cards(C, f["deck"])
            g.mknown[i] = int(f["known"])
        elif tag == "supply":
            f = _fields(words[1:])
            g.tpile = _parse_ints(f["tpile"])
            g.depot, g.bank = int(f["depot"]), int(f["bank"])
            g.minerals_out = int(f["out"])
            g.hunt_pile = _parse_cards(C, f["hunt_pile"])
            g.box_hunt = _parse_cards(C, f["box"])
            g.destroyed = _parse_cards(C, f["destroyed"])
        elif tag == "combat":
            f = _fields(words[1:])
            g.cb = [int(x) for x in f["cb"].split(",")]
            g.catk = _parse_cards(C, f["atk"])
            g.cdef = _parse_cards(C, f["def"])
        elif tag == "end":
            f = _fields(words[1:])
            g.tortuga_by = _parse_int(f["tortuga_by"])
            g.last = _parse_ints(f["last"])
            g.winner = _parse_int(f["winner"])
            g.reason = "" if f["reason"] == "-" else End(f["reason"])
        else:
            raise ValueError(f"unknown line {' '.join(words)!r}")
    return g


__all__: list[Any] = ["dump", "load"]
