"""The list of legal actions both full-screen clients show: the local table
(:class:`~spacetable.tui.app.TableApp`) and a seat of a web table played from
``spacetable tui --watch`` (:class:`~spacetable.tui.watch.WatchApp`).

Each action comes as a triple ``(key, label, kind)``: the key is what playing its line plays
(an :class:`~spacetable.engine.Action` at the local table, the action's JSON from the web
server), the label its styled text, the kind the action's type. :func:`build` keeps the
actions whose label contains the filter's text (case-insensitive) and, when more than
:data:`GROUP_OVER` of more than one kind remain, puts a heading before each kind (a disabled
option, under which no action lies); :func:`refill` puts the lines in the ``OptionList`` and
keeps the highlight on the action it was on while that action is still there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from .texts import tr

#: Above this many legal actions, the list gets a heading before each kind of action.
GROUP_OVER = 12

K = TypeVar("K")


@dataclass(frozen=True)
class Lines(Generic[K]):
    """The lines of the list: ``options`` for the ``OptionList`` and, line by line, the
    action's key under each (``None`` for a heading); ``shown`` actions of ``total`` kept by
    the filter."""

    options: list[Option]
    keys: list[K | None]
    shown: int
    total: int


def build(entries: Iterable[tuple[K, Text, str]], word: str, lang: str) -> Lines[K]:
    """The lines of ``entries`` (``(key, label, kind)``, in the order given) whose label
    contains ``word`` (case-insensitive; empty: all), with a heading before each kind when
    more than :data:`GROUP_OVER` of several kinds are shown (the heading names the kind by
    the first word of its first label, and counts its actions)."""
    given = list(entries)
    folded = word.casefold()
    shown = [e for e in given if folded in e[1].plain.casefold()]
    counts = Counter(kind for _, _, kind in shown)
    grouped = len(shown) > GROUP_OVER and len(counts) > 1
    options: list[Option] = []
    keys: list[K | None] = []
    last_kind: str | None = None
    for key, label, kind in shown:
        if grouped and kind != last_kind:
            heading = tr(lang, "group", label=label.plain.split(" ")[0], n=counts[kind])
            options.append(Option(Text(heading, style="bold magenta"), disabled=True))
            keys.append(None)
            last_kind = kind
        options.append(Option(label))
        keys.append(key)
    return Lines(options, keys, len(shown), len(given))


def filter_note(lang: str, word: str, shown: int, total: int) -> str:
    """What the filter ``word`` kept: ``3 of 20 actions match 'red'``, or that none does."""
    if shown:
        return tr(lang, "filtered", n=shown, total=total, word=word)
    return tr(lang, "no_match", word=word)


def refill(ol: OptionList, old: Sequence[K | None], new: Lines[K]) -> bool:
    """Put ``new`` in ``ol``, whose lines were ``old``; False (and nothing done) when the
    keys are the same. The highlighted action stays highlighted if it is still there (keys
    compared with ``==``); else the highlight goes to the first action at or after the line
    it was on (else the first action)."""
    keep = None
    if ol.highlighted is not None and ol.highlighted < len(old):
        keep = old[ol.highlighted]
    old_index = ol.highlighted
    lines = new.keys
    if lines == list(old):
        return False
    ol.clear_options()
    ol.add_options(new.options)
    if not lines:
        return True
    if keep is not None and keep in lines:
        ol.highlighted = lines.index(keep)
    else:
        start = min(old_index or 0, len(lines) - 1)
        index = next((i for i in range(start, len(lines)) if lines[i] is not None), None)
        if index is None:
            index = next(i for i in range(len(lines)) if lines[i] is not None)
        ol.highlighted = index
    return True


__all__ = ["GROUP_OVER", "Lines", "build", "filter_note", "refill"]
