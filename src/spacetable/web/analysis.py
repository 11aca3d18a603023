"""Hints and game reviews at the web tables (:mod:`spacetable.bots.analysis`).

Both are searched in worker processes (:class:`~spacetable.web.bots.BotPool`), never in the
event loop:

* a **hint** (``{"type": "hint"}``, ``docs/protocol.md``) is computed in the table's bot
  worker from the server's snapshot, through the asking seat's port: the search sees only
  that seat's information. A table's ``hints`` setting allows them (on by default); each
  connection may ask for one at a time, at most ``hint_burst`` at once and ``hint_rate``
  per second on average;
* a **review** (``GET /api/tables/{id}/review?seat=N``) of a finished game is computed once
  in the analysis worker and stored (``st_reviews``, by table, seat and budget): the
  first request answers 202 (pending) while it runs, the next ones the stored JSON.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from spacetable.bots.analysis import Review, mistake_texts, text
from spacetable.engine import Game

from .clocks import TableSettings
from .shared import Conn, TableError

if TYPE_CHECKING:
    from .live import Hub
    from .table import LiveTable as Table

log = logging.getLogger("spacetable.web")

LANGS = ("en", "fr")


def hints_allowed(settings: Mapping[str, Any] | None) -> bool:
    """Whether a table with these settings (``TableRow.settings``) allows hints."""
    return TableSettings.from_json(dict(settings) if settings else None).hints


async def send_hint(table: Table, conn: Conn) -> None:
    """Answer a ``hint`` message: check it is allowed, then compute the hints in the table's
    worker and send ``{"type": "hint", ...}`` to this connection only."""
    if conn.seat is None:
        raise TableError("no_seat", "a spectator has no move to be hinted")
    if not hints_allowed(table.rec.settings):
        raise TableError("hints_off", "this table does not allow hints")
    table.check_not_lost(conn.seat)
    game = table.game
    if game is None or game.is_over:
        raise TableError("not_running", "hints are for a running game")
    if conn.hinting:
        raise TableError("hint_pending", "a hint is being computed for you already")
    if not conn.hint_bucket.take(time.monotonic()):
        raise TableError("rate_limited", "too many hints; wait a little")
    seat = conn.seat
    settings = table.hub.settings
    step = game.step
    snapshot: Game = game.clone()
    conn.hinting = True

    async def work() -> None:
        try:
            hints = await table.hub.bots.hint(
                table.rec.id,
                snapshot,
                seat,
                settings.hint_iterations,
                step * 16 + seat,  # public: the search's seed reveals nothing hidden
                settings.hint_budget,
            )
            conn.send({"type": "hint", "seat": seat, "step": step, "hints": hints})
        except Exception as e:  # a slow or failed search: the person is told, the table goes on
            log.warning("table %s: a hint for seat %d failed: %r", table.rec.id, seat, e)
            conn.send(
                {
                    "type": "error",
                    "code": "hint_failed",
                    "message": "the hint could not be computed",
                }
            )
        finally:
            conn.hinting = False

    table.hub.keep(work(), "hint")


class Reviews:
    """The reviews being computed (one task per table, seat and budget), and how many were
    computed (a test reads it: a stored review is never computed again)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.pending: dict[tuple[str, int, int], asyncio.Task[None]] = {}
        self.computed = 0
        #: Reviews whose search failed (this server does not try them again).
        self.failed: set[tuple[str, int, int]] = set()

    async def get(self, table_id: str, seat: int, final: Game) -> dict[str, Any] | None:
        """The stored review of ``seat`` (with its mistakes in words, ``text``), or ``None``
        while it is computed (started here if needed)."""
        iterations = self.hub.settings.review_iterations
        stored = await self.hub.db(self.hub.storage.review, table_id, seat, iterations)
        if stored is not None:
            record = final.record()
            texts = await asyncio.to_thread(_texts, stored, record, final.data)
            return {"status": "done", "review": stored, "text": texts}
        key = (table_id, seat, iterations)
        if key in self.failed:
            raise TableError("review_failed", "the review could not be computed", 500)
        task = self.pending.get(key)
        if task is None or task.done():  # none yet, or one that failed: (re)start it
            self.pending[key] = asyncio.create_task(self._compute(key, final))
        return None

    async def _compute(self, key: tuple[str, int, int], final: Game) -> None:
        table_id, seat, iterations = key
        try:
            rev = await self.hub.bots.review(final, seat, iterations, 0)
            await self.hub.db(self.hub.storage.add_review, table_id, seat, iterations, rev)
            self.computed += 1
        except Exception:  # logged; the next requests are told
            log.exception("table %s: the review of seat %d failed", table_id, seat)
            self.failed.add(key)
        finally:
            self.pending.pop(key, None)


def _texts(stored: dict[str, Any], record: dict[str, Any], data: Any) -> dict[str, Any]:
    """The words of a review in both languages: the mistakes (their moves' labels in the
    position, the better move, why) and the chart's title."""
    rev = Review.from_json(stored)
    out: dict[str, Any] = {}
    for lang in LANGS:
        out[lang] = {
            "chart_title": text(lang, "chart_title"),
            "mistakes": mistake_texts(rev, record, lang, data, mentions=True),
        }
    return out
