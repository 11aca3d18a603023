"""A seat named in a game's text, so that every client can name it its own way.

A game's sentences name a seat with a *mention*: ``⟪2|player 2⟫`` (the seat, then the game's
own words for it), or ``⟪2|au joueur 2|à ⟫`` when the words hold a preposition that changes
with a name (French "au joueur 2" but "à Ana"): the third part is what goes before a name. A
game writes them in its ``text.toml`` (``"⟪{seat}|Player {seat}⟫ plays {card}."``) or with
:func:`mention`.

:func:`name_seats` reads a text with its mentions resolved: by default into the game's own
words (the text as the game has always read: the terminal, the command line and the RL
adapters see exactly that); with ``names``, into a client's names for the seats. The web
server keeps the mentions in what it sends (``mentions=True`` on the presentation and
:meth:`Game.label`) and the page names every seat with the one name it gives it everywhere
(the person's name or the bot's level, with the seat's colour and number).

Neither part may hold ``|``, ``⟪`` or ``⟫``; a mention is never inside another.
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: A mention: the seat, the game's words, optionally what goes before a name.
MENTION = re.compile(r"⟪(\d+)\|([^|⟪⟫]*)(?:\|([^|⟪⟫]*))?⟫")
#: The first letters before which French elides "de" ("d'Ana", "d'Élodie").
VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüœæ")


def mention(seat: int, words: str, before: str = "") -> str:
    """Seat ``seat`` named by the game's ``words`` (``before``: what precedes a name given
    instead, when the words start with a preposition a name does not take)."""
    tail = f"|{before}" if before else ""
    return f"⟪{int(seat)}|{words}{tail}⟫"


def name_seats(text: str, names: Callable[[int], str] | None = None) -> str:
    """``text`` with its mentions resolved: the game's own words (``names`` ``None``), or
    ``names(seat)`` after the mention's ``before`` part."""
    if "⟪" not in text:
        return text
    if names is None:
        return MENTION.sub(lambda m: m.group(2), text)
    return MENTION.sub(lambda m: _before(m.group(3) or "", names(int(m.group(1)))), text)


def _before(before: str, name: str) -> str:
    """``before`` then ``name``; French "de" elided before a vowel ("d'Ana")."""
    if before.endswith("de ") and name[:1].lower() in VOWELS:
        return before[:-3] + "d'" + name
    return before + name


def mentioned(text: str) -> list[int]:
    """The seats ``text`` mentions, in order."""
    return [int(m.group(1)) for m in MENTION.finditer(text)]
