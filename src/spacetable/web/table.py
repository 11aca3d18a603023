"""A live table: a game in memory, its connections, and its life.

A :class:`LiveTable` changes its game only under its lock, in this order: apply the decision
(the engine checks it; a bad one raises and changes nothing), **commit it**, then push each
connection the state its seat may see. Its clocks and its driver (the bots, the real-time
clock) are in :mod:`spacetable.web.drivers`; the hub that holds every table is
:mod:`spacetable.web.live`.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import time
from typing import TYPE_CHECKING, Any

import spacetable
from spacetable.engine import DataSet, Game, Outcome, RecordError, SpacetableError
from spacetable.engine.guide import Guide, GuideError

from . import chat
from .clocks import Clocks, TableSettings
from .drivers import TableDrivers
from .guides import guide_message, guide_of
from .messages import (
    dumps,
    outcome_message,
    reasons_json,
    state_message,
    welcome_message,
    why_message,
)
from .shared import Conn, MissingData, TableError, cancel_and_wait, token_hash
from .storage import (
    BROKEN,
    OPEN,
    OVER,
    RUNNING,
    Append,
    Decision,
    LeaseLost,
    Storage,
    TableRecord,
)

if TYPE_CHECKING:
    from .live import Hub

log = logging.getLogger("spacetable.web")


def restore_game(storage: Storage, rec: TableRecord, data: DataSet[Any] | None = None) -> Game:
    """Rebuild a table's game with its data set ``data`` (``None``: the shipped one): its
    newest snapshot (``load_trusted``: the server's own copy), then every later decision,
    each checked again with its clock. Raises ``ValueError`` (``RecordError``...) when the
    stored table cannot be played back."""
    snap = storage.snapshot(rec.id)
    if snap is not None:
        start, text = snap
        game = spacetable.load_trusted(text, data=data)
        if game.step != start:
            raise RecordError(f"snapshot {start} of table {rec.id} holds step {game.step}")
    else:
        start = 0
        game = spacetable.new_game(rec.game, rec.players, rec.seed, rec.options, data=data)
        label = game.data.label() if game.data is not None else None
        if label is not None and label["digest"] != rec.data_digest:
            raise RecordError(
                f"table {rec.id} was played with the data set {rec.data_name!r}, "
                f"not with {label['name']!r}"
            )
    for d in storage.decisions(rec.id, start):
        if d.n != game.step:
            raise RecordError(f"table {rec.id}: decision {d.n} at step {game.step}")
        if d.seat is None:
            if d.advance is None:
                raise RecordError(f"table {rec.id}: decision {d.n} is empty")
            game.advance(d.advance)
        else:
            game.apply(d.seat, d.action or {})
        if game.clock != d.clock:
            raise RecordError(
                f"table {rec.id}: decision {d.n} at clock {game.clock}, not {d.clock}"
            )
    if game.step != rec.steps:
        raise RecordError(f"table {rec.id}: {game.step} decisions replayed, {rec.steps} stored")
    return game


class LiveTable(TableDrivers):
    """A table in memory (see the module docstring)."""

    def __init__(self, hub: Hub, rec: TableRecord, game: Game | None = None) -> None:
        self.hub = hub
        self.rec = rec
        self.game = game
        self.lock = asyncio.Lock()
        self.conns: set[Conn] = set()
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.thinking: set[int] = set()
        self.bot_tasks: set[asyncio.Task[None]] = set()
        #: The record entries committed since this object holds the game (for the bots'
        #: workers, which keep their own copy): entry ``i`` took the game from step
        #: ``entries_base + i``.
        self.entries: list[dict[str, Any]] = []
        self.entries_base = game.step if game is not None else 0
        #: A commit failed and the database could not be read back: the game in memory may
        #: be ahead of the database, so nothing is played until :meth:`reload` succeeds.
        self.stale = False
        #: Why the table is broken, as anybody may read it (a record that does not play
        #: back may name hidden cards: the server's log has its details).
        self.reason: str | None = None
        #: The table's chat rooms (in memory).
        self.chat = chat.Chat(rec.players)
        #: The turn clocks and the takeover bot (``None``: the table has neither).
        table_settings = TableSettings.from_json(rec.settings)
        self.clocks: Clocks | None = (
            Clocks.restore(table_settings, rec.players, rec.clocks)
            if table_settings.clocked or table_settings.takeover is not None
            else None
        )
        self.clock_saved = 0.0
        self.leaving: dict[int, asyncio.Task[None]] = {}
        #: The epoch of this server's lease of the table (``None``: not held; a finished
        #: table is served without one): every decision is written under it.
        self.epoch: int | None = rec.epoch if rec.owner == hub.process_id else None
        #: Another server took the table over: this one does not serve it any more.
        self.lost = False
        #: A guided first game (``settings.guide``; its other seats, if any, are the
        #: guide's: ``kind`` ``"guide"``).
        self.guide: Guide | None = guide_of(rec.game) if (rec.settings or {}).get("guide") else None

    # ------------------------------------------------------------------ public info
    def info(self) -> dict[str, Any]:
        """What anybody may know of the table (no seed, no token)."""
        return public_info(self.rec, self.game, self.reason)

    def seat_of(self, token: str) -> int | None:
        """The seat a token holds, or ``None``."""
        return seat_in(self.rec, token)

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        async with self.lock:
            if self.rec.status != OPEN:
                raise TableError("not_open", f"table {self.rec.id} is {self.rec.status}", 409)
            rec = self.rec
            data = self.hub.data.of_table(rec)  # MissingData: the table stays open
            game = spacetable.new_game(rec.game, rec.players, rec.seed, rec.options, data=data)
            now = time.time()
            await self.hub.db(
                self.hub.storage.set_status, rec.id, RUNNING, at=now, to_act=game.to_act
            )
            rec.status = RUNNING
            rec.started_at = now
            self.game = game
            self.entries, self.entries_base = [], 0
            self.broadcast_table()
            self.broadcast()
            self.launch()

    def launch(self) -> None:
        """Start the driver (bots, clock) of a running table."""
        if self.task is None and self.game is not None and not self.game.is_over:
            self._run_clocks()
            if self.guide is not None and not self.guide.follows(self.game):
                # the guide was changed since this table began: the game goes on without
                # it, its seats played by bots
                log.warning("table %s: its game is not its guide's any more", self.rec.id)
                self.guide = None
            if self.guide is not None:
                runner = self._run_guide
            else:
                runner = self._run_realtime if self.game.realtime else self._run_turns
            self.task = asyncio.create_task(runner(), name=f"table-{self.rec.id}")

    async def stop(self) -> None:
        await cancel_and_wait([self.task, *self.bot_tasks])
        self.task = None
        for c in list(self.conns):
            c.close()

    # ------------------------------------------------------------------ decisions
    async def act(self, seat: int, action: dict[str, Any], step: int | None = None) -> None:
        """A person's decision for ``seat`` (the caller checked they hold it)."""
        async with self.lock:
            if self.stale:
                await self.reload()
            self.check_not_lost(seat)
            game = self._running()
            if step is not None and step != game.step:
                raise TableError("stale", f"the game moved on (step {game.step}, not {step})")
            if self.clocks is not None and self.clocks.away(seat) is not None:
                self._notice(self.clocks.back(seat))  # acting is being back
            if self.guide is not None:
                try:
                    self.guide.check_move(game.step, seat, game.parse_action(action))
                except GuideError:
                    raise TableError(
                        "not_the_guide", "the guide asks for another move: see its words"
                    ) from None
            await self._apply(seat, action)
        self.wake.set()

    def is_lost(self, seat: int) -> bool:
        """Whether ``seat`` lost on time (a bot plays it to the end)."""
        return self.clocks is not None and self.clocks.away(seat) == "lost"

    def check_not_lost(self, seat: int) -> None:
        """Refuse what ``seat`` asks (a move, a take-back, a hint) once it lost on time."""
        if self.is_lost(seat):
            raise TableError(
                "lost_on_time", "this seat lost on time: a bot plays it to the end", 409
            )

    def outcome(self) -> Outcome:
        """The finished game's outcome, the seats that lost on time ranked last."""
        game = self.game
        assert game is not None
        out = game.outcome()
        lost = self.clocks.lost if self.clocks is not None else []
        return out.forfeit(lost, game.sides()) if lost else out

    def end_message(self, lang: str) -> dict[str, Any]:
        """The ``end`` message of the finished game in ``lang``."""
        assert self.game is not None
        return outcome_message(self.game, lang, self.outcome())

    # ------------------------------------------------------------------ why not
    def reasons(self, conn: Conn, action: dict[str, Any]) -> list[dict[str, str]]:
        """Why ``action`` is not legal for ``conn``'s seat, in its language (``[]``: no
        game, or nothing to say)."""
        game = self.game
        if game is None or conn.seat is None:
            return []
        try:
            return reasons_json(game, game.why_not(conn.seat, action), conn.lang)
        except (ValueError, SpacetableError):
            return []

    def why(
        self, conn: Conn, action: dict[str, Any] | None, component: str | None
    ) -> dict[str, Any]:
        """The ``why`` message for ``conn``'s seat (see :func:`why_message`)."""
        game = self.game
        if game is None or conn.seat is None:
            raise TableError("not_started", "the table has not started yet", 409)
        return why_message(game, conn.seat, conn.lang, action=action, component=component)

    async def come_back(self, seat: int) -> None:
        """The person of an away seat is back (the ``back`` message)."""
        async with self.lock:
            if self.clocks is None or self.clocks.away(seat) in (None, "lost"):
                return
            self._notice(self.clocks.back(seat))
            self._run_clocks()
            await self._save_clocks()
        self.wake.set()

    async def undo(self, seat: int, count: int = 1, step: int | None = None) -> None:
        """A person takes back their seat's last ``count`` decisions (the ``undo`` message),
        under the engine's rule (:meth:`Game.undoable`). The game is rebuilt without them, the
        database forgets them (a restart resumes the game as it is now), the bots' work for
        the table is dropped, and everybody gets the new state with the whole log."""
        async with self.lock:
            if self.stale:
                await self.reload()
            self.check_not_lost(seat)
            game = self._running()
            if step is not None and step != game.step:
                raise TableError("stale", f"the game moved on (step {game.step}, not {step})")
            back = game.clone()
            back.undo(seat, count)  # UndoError: not allowed now, nothing changed
            if self.clocks is not None and self.clocks.away(seat) is not None:
                self._notice(self.clocks.back(seat))  # taking back is being back
            clocks = self.clocks.to_json(time.monotonic()) if self.clocks is not None else None
            try:
                await self.hub.db(
                    self.hub.storage.undo,
                    self.rec.id,
                    back.step,
                    clocks,
                    epoch=self.epoch,
                    to_act=back.to_act,
                )
            except LeaseLost as e:
                self.hub.lost(self)
                raise TableError("moved", "this table is served by another server", 409) from e
            except Exception as e:
                log.exception("table %s: undo to step %d not stored", self.rec.id, back.step)
                await self.reload()
                raise TableError("storage", "the undo could not be stored; try again", 503) from e
            # A new game object: a bot still thinking on the old one sees its turn is gone.
            self.game = back
            self.hub.bots.invalidate(self.rec.id)
            self.entries, self.entries_base = [], back.step
            self.rec.steps = back.step
            log.info("table %s: seat %d took back %d decision(s)", self.rec.id, seat, count)
            self._run_clocks()
            for c in self.conns:
                c.log_sent = 0  # the log got shorter: every client starts it afresh
            self.broadcast()
        self.wake.set()

    def _running(self) -> Game:
        if self.lost:
            raise TableError("moved", "this table is served by another server", 409)
        if self.stale:
            raise TableError("storage", "the database does not answer; try again", 503)
        if self.rec.status == BROKEN:
            why = self.reason or "its record could not be played back"
            raise TableError("broken", f"this table could not be resumed: {why}", 409)
        if self.game is None or self.rec.status == OPEN:
            raise TableError("not_started", "the table has not started yet", 409)
        if self.game.is_over:
            raise TableError("game_over", "the game is over", 409)
        return self.game

    async def _apply(self, seat: int, action: dict[str, Any]) -> None:
        """Under the lock: check and apply, commit, push. Raises the engine's
        ``InvalidAction``/``IllegalAction`` (nothing changed) or ``TableError``."""
        game = self._running()
        act = game.parse_action(action)
        game.apply(seat, act)
        if self.clocks is not None:
            self.clocks.decided(seat, time.monotonic())
            self._run_clocks()
        d = Decision(game.step - 1, seat, act.to_json(), None, game.clock, time.time())
        await self._commit(d)

    async def _advance(self, seconds: float) -> None:
        game = self._running()
        game.advance(seconds)
        d = Decision(game.step - 1, None, None, seconds, game.clock, time.time())
        await self._commit(d)

    async def _commit(self, d: Decision) -> None:
        game = self.game
        assert game is not None
        every = self.hub.settings.snapshot_every
        over = game.is_over
        snapshot = (game.step, game.to_json()) if over or game.step % every == 0 else None
        outcome = self.outcome().to_json() if over else None
        try:
            clocks = self.clocks.to_json(time.monotonic()) if self.clocks is not None else None
            to_act = tuple(game.to_act)
            await self.hub.append(
                Append(self.rec.id, (d,), snapshot, outcome, clocks, self.epoch, to_act)
            )
        except LeaseLost as e:
            self.hub.lost(self)
            raise TableError("moved", "this table is served by another server", 409) from e
        except Exception as e:
            log.exception("table %s: decision %d not stored; reloading it", self.rec.id, d.n)
            await self.reload()
            raise TableError("storage", "the decision could not be stored; try again", 503) from e
        if self.entries_base + len(self.entries) == d.n:
            self.entries.append(d.entry(game.realtime))
        self.rec.steps = game.step
        if over:
            self.rec.status = OVER
            self.rec.outcome = outcome
            self.rec.finished_at = d.at
            self.broadcast_table()
        self.broadcast()
        if over:
            asyncio.get_running_loop().create_task(self.hub.bots.forget(self.rec.id))
            if self.rec.rated:
                self.hub.rate_soon(d.at)
            if not self.conns:  # a game of bots, or its people gone: idle once its driver ends
                task = self.task
                if task is None or task.done():
                    self.hub.idle(self)
                else:
                    task.add_done_callback(lambda _: self.hub.idle(self))

    async def reload(self) -> bool:
        """Rebuild the game from storage (after a failed commit): the decision that was not
        stored is undone. When the storage cannot be read either, the table waits
        (``stale``): every later request tries again. Returns whether it is in step."""
        try:
            rec = await self.hub.db(self.hub.storage.table, self.rec.id)
            if rec is None:
                raise LookupError(f"table {self.rec.id} is gone from the database")
            data = self.hub.data.of_table(rec)
            game = await self.hub.db(restore_game, self.hub.storage, rec, data)
        except (ValueError, SpacetableError) as e:  # the stored record does not play back
            log.error("table %s cannot be restored: %s", self.rec.id, e)
            self.rec.status = BROKEN
            self.reason = str(e) if isinstance(e, MissingData) else None
            self.stale = False
            self.broadcast_table()
            return False
        except Exception:  # the database does not answer: try again later
            log.exception("table %s: the database does not answer", self.rec.id)
            self.stale = True
            return False
        self.rec = rec
        self.game = game
        self.entries, self.entries_base = [], game.step
        self.stale = False
        for c in self.conns:
            c.log_sent = 0
        self.broadcast()
        return True

    # ------------------------------------------------------------------ pushing
    def broadcast(self) -> None:
        """Push every connection the state its seat may see (and the end, once over)."""
        game = self.game
        if game is None:
            return
        cache: dict[tuple[int | None, str, int], str] = {}
        ends: dict[str, str] = {}
        clocks = self.clocks_info()
        for conn in list(self.conns):
            if conn.closed:
                continue
            self.send_state(conn, cache, clocks)
            if game.is_over:
                if conn.lang not in ends:
                    ends[conn.lang] = dumps(self.end_message(conn.lang))
                conn.send(ends[conn.lang])

    def send_state(
        self,
        conn: Conn,
        cache: dict[tuple[int | None, str, int], str] | None = None,
        clocks: dict[str, Any] | None = None,
    ) -> None:
        game = self.game
        if game is None:
            return
        key = (conn.seat, conn.lang, conn.log_sent)
        text = cache.get(key) if cache is not None else None
        if text is None:
            msg = state_message(
                game,
                conn.seat,
                conn.lang,
                conn.log_sent,
                # a guided game's clock moves only by its script's waits: it stands still
                speed=0.0 if self.guide is not None else self.rec.speed,
                clocks=clocks if cache is not None else self.clocks_info(),
                out=conn.seat is not None and self.is_lost(conn.seat),
            )
            if self.guide is not None:
                msg["guide"] = guide_message(self.guide, game, conn.lang)
            text = dumps(msg)
            if cache is not None:
                cache[key] = text
        conn.log_sent = game.log_size
        conn.send(text)

    def broadcast_table(self) -> None:
        msg = dumps({"type": "table", "table": self.info()})
        for conn in list(self.conns):
            conn.send(msg)

    def attach(self, conn: Conn) -> None:
        if len(self.conns) >= self.hub.settings.max_connections:
            raise TableError("full", "too many connections to this table", 429)
        self.conns.add(conn)
        self.hub.watched(self)
        conn.send(welcome_message(self.info(), conn.seat, conn.lang))
        if self.game is not None:
            self.send_state(conn)
            if self.game.is_over:
                conn.send(self.end_message(conn.lang))
        history = self.chat.history(conn.seat)
        if conn.blocked_seats:  # what the accounts it blocks said is not shown
            history = [m for m in history if m.get("seat") not in conn.blocked_seats]
        conn.send({"type": "chat_history", "messages": history})
        seat = conn.seat
        if seat is not None and seat in self.leaving:
            self.leaving.pop(seat).cancel()
        if seat is not None and self.clocks is not None and self.clocks.away(seat) == "left":
            asyncio.get_running_loop().create_task(self.come_back(seat))

    def say(self, conn: Conn, scope: str, text: str) -> None:
        """Post ``text`` from ``conn`` in the table's chat or in its seat's, and send it to
        every connection that may read it."""
        if not conn.chat_bucket.take(time.monotonic()):
            raise TableError("rate_limited", "too many chat messages; slow down", 429)
        if scope == "seat" and conn.seat is None:
            raise TableError("no_seat", "a spectator has no seat to talk to")
        words = chat.clean(text)
        if not words:
            raise TableError("bad_message", "the message is empty")
        name = conn.name
        if conn.seat is not None and not name:
            name = self.rec.seats[conn.seat].name
        posted = self.chat.post(scope, conn.seat, name, words)
        self.hub.keep(self.hub.db(self.hub.storage.add_chat, self.rec.id, posted), "chat")
        msg = dumps(posted)
        for c in list(self.conns):
            if (scope == "table" or c.seat == conn.seat) and not (
                (conn.account is not None and conn.account in c.blocked)
                or (conn.seat is not None and conn.seat in c.blocked_seats)
            ):
                c.send(msg)

    def detach(self, conn: Conn) -> None:
        self.conns.discard(conn)
        conn.close()
        if conn.seat is not None and not any(c.seat == conn.seat for c in self.conns):
            self._leaving(conn.seat)
        if self.unwatched_and_finished() and self.hub.tables.get(self.rec.id) is self:
            # nobody watches a finished table: it is read back from storage if asked again
            del self.hub.tables[self.rec.id]

    def unwatched_and_finished(self) -> bool:
        """Whether the table is over (or broken), its driver ended and nobody is connected."""
        finished = self.task is None or self.task.done()
        return not self.conns and self.rec.status in (OVER, BROKEN) and finished

    async def join(self, seat: int, name: str) -> None:
        s = self.rec.seats[seat]
        if s.joined and s.name == name:
            return
        await self.hub.db(self.hub.storage.join, self.rec.id, seat, name)
        s.joined = True
        s.name = name
        self.broadcast_table()


def seat_in(rec: TableRecord, token: str) -> int | None:
    """The seat of ``rec`` that ``token`` holds, or ``None``."""
    h = token_hash(token)
    for s in rec.seats:
        if s.token_hash is not None and hmac.compare_digest(s.token_hash, h):
            return s.seat
    return None


def public_info(
    rec: TableRecord, game: Game | None = None, reason: str | None = None
) -> dict[str, Any]:
    """A table as anybody may see it: no seed, no token. A broken table says why
    (``reason``, or that its record could not be played back)."""
    out: dict[str, Any] = {
        "id": rec.id,
        "game": rec.game,
        "players": rec.players,
        "options": rec.options,
        "data": None
        if rec.data_digest is None
        else {"name": rec.data_name, "digest": rec.data_digest},
        "status": rec.status,
        "speed": rec.speed,
        "bot_delay": rec.bot_delay,
        "title": rec.title,
        "created_at": rec.created_at,
        "started_at": rec.started_at,
        "finished_at": rec.finished_at,
        "steps": rec.steps,
        "seats": [
            {"seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name, "joined": s.joined}
            for s in rec.seats
        ],
    }
    if rec.settings is not None:
        out["settings"] = rec.settings
    out["hints"] = TableSettings.from_json(rec.settings).hints
    out["rated"] = rec.rated
    if rec.outcome is not None:
        out["outcome"] = rec.outcome
    if rec.ratings is not None:
        out["ratings"] = rec.ratings
    if rec.status == BROKEN:
        out["reason"] = reason or "its record could not be played back"
    if game is not None:
        out["to_act"] = list(game.to_act)
        out["realtime"] = game.realtime
    elif rec.status == RUNNING and rec.to_act is not None:  # held by another server
        out["to_act"] = list(rec.to_act)
        out["realtime"] = spacetable.game_class(rec.game).info.realtime_with(rec.options)
    return out
