"""A table's chat: one room for the whole table and one per seat (the people sharing it).

A message is plain text: control, direction-changing and zero-width characters are removed,
runs of blank space become one space, and it is cut at :data:`MAX_TEXT` characters; the
browser shows it through ``textContent`` (never as HTML). A seat's room reaches only the
connections holding that seat, the table's room every connection, spectators included.
Every message is stored with the table (``st_chat``; not part of the game's record); each
room keeps its last :data:`HISTORY` messages in memory, read back from storage when the
table is loaded again (a restart of the server), and sends them to a connection when it
joins. Each connection may send :data:`RATE` messages a second on average, :data:`BURST`
at once (``rate_limited``).
"""

from __future__ import annotations

import re
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

MAX_TEXT = 300
HISTORY = 100
RATE = 1.0
BURST = 5.0

#: Control characters, direction-changing ones (marks, embeddings, overrides, isolates) and
#: zero-width ones (spaces, joiners, the byte order mark); tab and newline are blank space.
_CONTROL = re.compile(
    r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]"
)
_SPACE = re.compile(r"\s+")


def clean(text: str) -> str:
    """``text`` as a chat shows it: no control, direction-changing or zero-width
    characters, blank space collapsed, at most :data:`MAX_TEXT` characters; ``""`` if
    nothing is left. Names are cleaned by it too (:data:`spacetable.web.protocol.Name`).

    >>> clean("  hello\\n\\tworld\\x00 ")
    'hello world'
    >>> clean("\\u202eevil")
    'evil'
    """
    text = _SPACE.sub(" ", _CONTROL.sub("", text)).strip()
    return text[:MAX_TEXT]


@dataclass
class Chat:
    """The rooms of one table."""

    players: int
    table: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=HISTORY))
    seats: dict[int, deque[dict[str, Any]]] = field(default_factory=dict)
    count: int = 0

    def post(self, scope: str, seat: int | None, name: str, text: str) -> dict[str, Any]:
        """Add a message to the table's room (``scope="table"``) or to ``seat``'s; returns
        the ``chat`` message to send."""
        self.count += 1
        msg = {
            "type": "chat",
            "id": self.count,
            "scope": scope,
            "seat": seat,
            "name": name,
            "text": text,
            "at": time.time(),
        }
        if scope == "seat":
            assert seat is not None
            self.seats.setdefault(seat, deque(maxlen=HISTORY)).append(msg)
        else:
            self.table.append(msg)
        return msg

    def load(self, messages: list[dict[str, Any]]) -> None:
        """Take back the stored messages (oldest first) of a table loaded again."""
        for msg in messages:
            if msg["scope"] == "seat":
                self.seats.setdefault(int(msg["seat"]), deque(maxlen=HISTORY)).append(msg)
            else:
                self.table.append(msg)
            self.count = max(self.count, int(msg["id"]))

    def history(self, seat: int | None) -> list[dict[str, Any]]:
        """The messages a connection of ``seat`` may read, oldest first."""
        mine = list(self.seats.get(seat, ())) if seat is not None else []
        return sorted([*self.table, *mine], key=lambda m: int(m["id"]))


__all__ = ["BURST", "HISTORY", "MAX_TEXT", "RATE", "Chat", "clean"]
