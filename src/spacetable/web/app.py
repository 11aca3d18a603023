"""The ASGI app (FastAPI): pages, the JSON API (OpenAPI at ``/api/openapi.json``, browsable
at ``/api/docs``) and the WebSocket of each table (``docs/protocol.md``).

``create_app(db_url, settings, data)`` builds an app bound to one database, offering the
data sets ``data`` (directories of corrected tables) beside the shipped ones; ``spacetable
serve`` runs it on uvicorn. Everything a player sees comes from
:mod:`spacetable.web.messages`, which reads only the seat's projections of the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import (
    AsyncIterator,
    Awaitable,
    Callable,
    Mapping,
    MutableMapping,
    Sequence,
)
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError

import spacetable
from spacetable.bots.learned import shipped_policies
from spacetable.engine import DataSet, IllegalAction, SpacetableError
from spacetable.engine.presentation import game_texts

from .account_routes import Accounts, account_router
from .accounts import AccountLimits
from .analysis import Reviews, send_hint
from .bodies import Created, CreateTable, Guided, Join, SeatOf, SeatOut, Start
from .bots import LEVELS
from .clocks import TableSettings
from .guides import GUIDE, guide_of
from .live import Conn, Hub, Settings, TableError, pump, restore_game
from .messages import dumps, error_message
from .protocol import (
    LANGS,
    VERSION,
    Act,
    Back,
    ChatText,
    Hello,
    HintAsk,
    Ping,
    ProtocolError,
    SetLang,
    TokenBucket,
    Undo,
    Why,
    parse,
)
from .rating_routes import queue_router, rating_router
from .replay import Replay, Replays, frame_message
from .safety_routes import invitees, safety_router
from .storage import OPEN, OVER, RUNNING, STATUSES, Storage, TableRecord
from .table import public_info, seat_in

log = logging.getLogger("spacetable.web")
STATIC = Path(__file__).parent / "static"
#: The largest request body of the JSON API.
MAX_BODY = 64 * 1024
#: The path of a replay frame (``GET /api/tables/{id}/replay/{step}``).
_REPLAY = re.compile(r"^/api/tables/[^/]+/replay/[^/]+$")
#: What a request refused by :class:`RequestLimits` is told, by the limit it went past.
_REFUSED = {
    "change": "too many requests; slow down",
    "replay": "too many replay frames; slow down",
}


def _error(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


class RequestLimits:
    """The limits of the JSON API, per request. Bodies larger than :data:`MAX_BODY` are
    refused (413), whatever their headers say (a length given, or none: a chunked body is
    counted as it comes); a body is read whole before the app sees it (at most
    :data:`MAX_BODY` bytes), so that a body too large is refused here with the API's error
    shape, whatever part of the app would have read it. Per client address, requests that
    change something (``POST``) and replay frames are each limited to ``rates[kind]``:
    ``(rate, burst)``, a rate a second on average and a burst at once (429, before any
    work is done)."""

    def __init__(self, app: Any, rates: Mapping[str, tuple[float, float]]) -> None:
        self.app = app
        self.rates = dict(rates)
        self.buckets: dict[tuple[str, str], TokenBucket] = {}

    @staticmethod
    def kind(scope: MutableMapping[str, Any]) -> str | None:
        """Which limit a request counts against (``None``: none)."""
        method = scope.get("method")
        if method == "POST":
            return "change"
        if method == "GET" and _REPLAY.match(str(scope.get("path", ""))):
            return "replay"
        return None

    def allowed(self, kind: str, scope: MutableMapping[str, Any]) -> bool:
        client = scope.get("client")
        key = (kind, str(client[0]) if client else "?")
        bucket = self.buckets.get(key)
        now = time.monotonic()
        if bucket is None:
            if len(self.buckets) > 10_000:
                self.buckets.clear()
            rate, burst = self.rates[kind]
            bucket = self.buckets[key] = TokenBucket(rate, burst, now)
        return bucket.take(now)

    async def __call__(
        self,
        scope: MutableMapping[str, Any],
        receive: Callable[[], Awaitable[MutableMapping[str, Any]]],
        send: Callable[[MutableMapping[str, Any]], Awaitable[None]],
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        kind = self.kind(scope)
        if kind is not None and not self.allowed(kind, scope):
            await _error("rate_limited", _REFUSED[kind], 429)(scope, receive, send)
            return
        too_large = _error("too_large", f"a request body holds at most {MAX_BODY} bytes", 413)
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > MAX_BODY:
                await too_large(scope, receive, send)
                return
        body = bytearray()
        first: MutableMapping[str, Any] | None = None
        while True:
            msg = await receive()
            if msg["type"] != "http.request":  # the client left: the app is told so
                first = msg
                break
            body += msg.get("body", b"")
            if len(body) > MAX_BODY:
                await too_large(scope, receive, send)
                return
            if not msg.get("more_body", False):
                break
        whole: MutableMapping[str, Any] = first or {
            "type": "http.request",
            "body": bytes(body),
            "more_body": False,
        }
        given = False

        async def read() -> MutableMapping[str, Any]:
            nonlocal given
            if not given:
                given = True
                return whole
            return await receive()

        await self.app(scope, read, send)


def create_app(
    db_url: str | None = None,
    settings: Settings | None = None,
    data: Sequence[DataSet[Any]] = (),
    account_limits: AccountLimits | None = None,
) -> FastAPI:
    """The app, bound to the database at ``db_url`` (the default SQLite file if ``None``),
    offering the data sets ``data`` beside each game's shipped one (two data sets of a game
    with one name raise ``ValueError``). ``account_limits``: the limits of sign-in and the
    password hashing's cost (:class:`spacetable.web.accounts.AccountLimits`)."""
    storage = Storage(db_url)
    hub = Hub(storage, settings, data)
    accounts = Accounts(hub, account_limits)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.startup()
        try:
            yield
        finally:
            await hub.shutdown()

    app = FastAPI(
        title="spacetable",
        version=spacetable.__version__,
        description="Tables of five space board games: lobby, live play over WebSocket "
        "(docs/protocol.md), persistence.",
        lifespan=lifespan,
        openapi_url="/api/openapi.json",
        docs_url="/api/docs",
        redoc_url=None,
    )
    app.state.hub = hub
    app.state.accounts = accounts
    app.include_router(account_router(accounts))
    app.include_router(rating_router(hub))
    app.include_router(queue_router(hub, accounts))
    app.include_router(safety_router(hub, accounts))
    limits = hub.settings
    app.add_middleware(
        RequestLimits,
        rates={
            "change": (limits.http_rate, limits.http_burst),
            "replay": (limits.replay_rate, limits.replay_burst),
        },
    )

    @app.exception_handler(TableError)
    async def _table_error(_r: Request, e: TableError) -> JSONResponse:
        return _error(e.code, str(e), e.status)

    def storage_error(e: SQLAlchemyError, what: str) -> TableError:
        """The database failed (it went away, or refused): one line in the log, without a
        traceback or a password, and the error ``storage`` (503) for the client."""
        log.error("%s: the database does not answer: %s", what, storage.explain(e))
        return TableError("storage", "the database does not answer; try again", 503)

    @app.exception_handler(SQLAlchemyError)
    async def _storage_error(r: Request, e: SQLAlchemyError) -> JSONResponse:
        err = storage_error(e, f"{r.method} {r.url.path}")
        return _error(err.code, str(err), err.status)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(_r: Request, e: RequestValidationError) -> JSONResponse:
        errs = e.errors()
        first = errs[0] if errs else {"loc": (), "msg": "bad request"}
        where = ".".join(str(p) for p in first.get("loc", ()))
        return _error("bad_request", f"{where}: {first.get('msg')}", 422)

    # ------------------------------------------------------------------ pages
    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers=_page_headers())

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html", headers=_page_headers())

    @app.get("/account", include_in_schema=False)
    async def account_page() -> FileResponse:
        return FileResponse(STATIC / "account.html", headers=_page_headers())

    @app.get("/leaderboard", include_in_schema=False)
    async def leaderboard_page() -> FileResponse:
        return FileResponse(STATIC / "leaderboard.html", headers=_page_headers())

    @app.get("/players/{name}", include_in_schema=False)
    async def player_page(name: str) -> FileResponse:
        return FileResponse(STATIC / "player.html", headers=_page_headers())

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "replay.html", headers=_page_headers())

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # ------------------------------------------------------------------ API
    @app.get("/api/health", tags=["server"])
    async def health() -> dict[str, Any]:
        """This server process: ``status`` ``ok`` once it serves (the schema migrated, its
        tables resumed), its ``process`` id, the ``database`` kind and how many ``tables``
        it holds in memory."""
        return hub.health()

    @app.get("/api/games", tags=["games"])
    async def games() -> dict[str, Any]:
        """Every game: names, player counts, options (defaults, choices, help), real time,
        the data sets a table may be played with (``data``: name and digest, the shipped
        one first), whether the browser client has a board of its own for it (``board``;
        else the generic view), the player counts where the ``learned`` level plays
        (``learned``); and the bot levels."""
        return {
            "games": [
                {
                    **spacetable.game_info(g),
                    "data": [{"name": ds.name, "digest": ds.digest} for ds in hub.data.of(g)],
                    "board": (STATIC / "boards" / f"{g}.js").is_file(),
                    "guide": guide_of(g) is not None,
                    # the player counts where the ``learned`` level has a trained policy
                    "learned": sorted(p for gg, p in shipped_policies() if gg == g),
                }
                for g in spacetable.list_games()
            ],
            "levels": list(LEVELS),
            "langs": list(LANGS),
            "protocol": VERSION,
        }

    @app.get("/api/games/{game_id}/text", tags=["games"])
    async def game_text(game_id: str, lang: str = "en") -> dict[str, Any]:
        """The game's own words in ``lang`` (its ``text.toml`` table: phases, prompts,
        scenario names and rules...): what a board draws the game's vocabulary with, rather
        than keeping copies. An unknown game is ``no_game`` (404), a language the server
        does not speak ``bad_lang`` (400)."""
        if game_id not in spacetable.list_games():
            raise TableError("no_game", f"no game {game_id[:60]!r}", 404)
        if lang not in LANGS:
            raise TableError("bad_lang", f"no language {lang[:20]!r}; known: {', '.join(LANGS)}")
        texts = game_texts(game_id)
        return {"game": game_id, "lang": lang, "text": texts.tables[lang] if texts else {}}

    @app.post("/api/tables", tags=["tables"], status_code=201)
    async def create_table(request: Request, body: CreateTable) -> Created:
        """Create a table. Each human seat gets a secret token and an invitation link; the
        host token starts the table. Tokens are shown once: only their hashes are kept. A
        signed-in creator's account keeps the table (``GET /api/account/games``)."""
        auth = await accounts.of_request(request)
        if body.rated and auth is None:
            raise TableError("account_needed", "sign in to create a rated table", 403)
        if body.rated and body.hints:
            raise TableError("bad_options", "a rated table gives no hints")
        if body.on_timeout == "lose" and body.clock is None:
            raise TableError("bad_options", "a loss on time needs a turn clock")
        invited = await invitees(hub, auth.account if auth else None, body.seats)
        seats = [
            (s.kind, s.level, invited[i].name if i in invited else s.name)
            for i, s in enumerate(body.seats)
        ]
        table, host, tokens = await hub.create(
            body.game,
            body.players,
            body.options,
            seats,
            speed=body.speed,
            title=body.title,
            bot_delay=body.bot_delay,
            data_name=body.data,
            settings=TableSettings(
                body.clock.move if body.clock else None,
                body.clock.reserve if body.clock else None,
                body.takeover or ("medium" if body.clock else None),
                not body.rated if body.hints is None else body.hints,
                body.on_timeout,
            ),
            rated=body.rated,
        )
        if auth is not None:
            await hub.db(hub.storage.link_host, table.rec.id, auth.account.id)
        for i, invitee in invited.items():
            await hub.db(hub.storage.link_seat, table.rec.id, i, invitee.id)
        if body.start:
            await table.start()
        return _created(table, host, tokens)

    @app.post("/api/guides/{game_id}", tags=["tables"], status_code=201)
    async def create_guided(request: Request, game_id: str, body: Guided) -> Created:
        """Start a guided first game of ``game_id`` (:mod:`spacetable.web.guides`): a new
        running table where the learner sits at the guide's seat and the guide's script
        plays the others. ``no_guide`` (404) for a game without one."""
        auth = await accounts.of_request(request)
        if game_id not in spacetable.list_games():
            raise TableError("no_game", f"no game {game_id[:60]!r}", 404)
        guide = guide_of(game_id)
        if guide is None:
            raise TableError("no_guide", f"{game_id} has no guided first game", 404)
        seats = [
            ("human", None, body.name) if i == guide.learner else (GUIDE, None, "")
            for i in range(guide.players)
        ]
        table, host, tokens = await hub.create(
            game_id,
            guide.players,
            guide.options,
            seats,
            title=guide.title["fr" if body.lang == "fr" else "en"],
            bot_delay=min(body.pause, hub.settings.guide_pause),
            seed=guide.seed,
            guided=True,
        )
        if auth is not None:
            await hub.db(hub.storage.link_host, table.rec.id, auth.account.id)
            await hub.db(hub.storage.link_seat, table.rec.id, guide.learner, auth.account.id)
        await table.start()
        return _created(table, host, tokens)

    @app.get("/api/tables", tags=["tables"])
    async def list_tables(
        status: Annotated[
            list[Literal["open", "running", "over", "broken"]] | None, Query()
        ] = None,
        limit: Annotated[int, Query(ge=1, le=500)] = 100,
    ) -> dict[str, Any]:
        """Tables, newest first (by default the open and running ones)."""
        wanted = list(status) if status else [OPEN, RUNNING]
        return {"tables": await hub.listing([s for s in wanted if s in STATUSES], limit)}

    async def record_of(table_id: str) -> Any:
        """The table, or its stored record when another server serves it (``--redis``)."""
        try:
            return await hub.table(table_id)
        except TableError as e:
            rec = await hub.db(hub.storage.table, table_id) if e.code == "elsewhere" else None
            if rec is None:
                raise
            return _Stored(rec)

    async def answer(table: Any, what: str, args: dict[str, Any]) -> Any:
        """At a table's owner: a request that changes the table, its token checked by the
        server it reached (this one, or another that relayed it)."""
        if what == "join":
            await table.join(int(args["seat"]), str(args["name"]))
            return None
        if what == "start":
            await table.start()
            return table.info()
        raise TableError("bad_request", f"unknown request {what!r:.40}")

    async def at_owner(table: Any, what: str, args: dict[str, Any]) -> Any:
        """``what`` done on ``table`` by its owner: this server, or the one that serves it
        (relayed, ``spacetable.web.relay``), so that any server takes any request."""
        if isinstance(table, _Stored):
            owner = table.rec.owner
            if hub.relay is None or owner is None:
                raise TableError("elsewhere", "another server serves this table", 409)
            return await hub.relay.call(table.rec.id, owner, what, args)
        return await answer(table, what, args)

    @app.get("/api/tables/{table_id}", tags=["tables"])
    async def get_table(table_id: str) -> dict[str, Any]:
        """One table as anybody may see it (no seed, no token)."""
        return (await record_of(table_id)).info()  # type: ignore[no-any-return]

    @app.post("/api/tables/{table_id}/seat", tags=["tables"])
    async def seat_of(table_id: str, body: Join) -> SeatOf:
        """Which seat a token holds (403 if none)."""
        table = await record_of(table_id)
        seat = table.seat_of(body.token)
        if seat is None:
            raise TableError("bad_token", "this token holds no seat of this table", 403)
        return SeatOf(seat=seat)

    @app.post("/api/tables/{table_id}/join", tags=["tables"])
    async def join(request: Request, table_id: str, body: Join) -> SeatOf:
        """Take the seat a token holds, under a name (a signed-in person's account keeps
        the seat)."""
        auth = await accounts.of_request(request)
        table = await record_of(table_id)
        seat = table.seat_of(body.token)
        if seat is None:
            raise TableError("bad_token", "this token holds no seat of this table", 403)
        if table.rec.rated and auth is None:
            raise TableError("account_needed", "sign in to take a seat at a rated table", 403)
        if auth is not None:
            await hub.db(hub.storage.link_seat, table_id, seat, auth.account.id)
        await at_owner(table, "join", {"seat": seat, "name": body.name})
        return SeatOf(seat=seat)

    @app.post("/api/tables/{table_id}/start", tags=["tables"])
    async def start(table_id: str, body: Start) -> dict[str, Any]:
        """Start the table (the host only). Seats nobody has taken yet can be taken later."""
        table = await record_of(table_id)
        hub.check_host(table, body.host_token)
        info: dict[str, Any] = await at_owner(table, "start", {})
        return info

    replays = Replays()

    @app.get("/api/tables/{table_id}/replay/{step}", tags=["replays"])
    async def replay_frame(
        table_id: str,
        step: int,
        seat: Annotated[int | None, Query(ge=0, le=15)] = None,
        lang: Literal["en", "fr"] = "en",
    ) -> dict[str, Any]:
        """A finished game after ``step`` decisions, as ``seat`` saw it (no seat: the public
        view); once a game is over every hand is face up, so any seat may be followed. The
        frame is a ``state`` message's fields plus ``steps`` (the game's length), ``next``
        (the decision taken next, with its label) and, at the last step, ``end``."""
        table = await hub.table(table_id)
        rec = table.rec
        if rec.status != OVER:
            raise TableError("not_over", "only a finished game can be replayed", 409)
        if seat is not None and seat >= rec.players:
            raise TableError("bad_seat", f"no seat {seat} at a {rec.players}-player table")
        if not 0 <= step <= rec.steps:
            raise TableError("bad_step", f"step {step} is not in 0..{rec.steps}")
        final = table.game
        if final is None or not final.is_over:
            final = await hub.db(restore_game, hub.storage, rec, hub.data.of_table(rec))
        lost = (rec.outcome or {}).get("forfeits") or ()
        replay = await asyncio.to_thread(replays.get, rec.id, lambda: Replay.of(final, lost))
        return await asyncio.to_thread(frame_message, replay, step, seat, lang)

    reviews = Reviews(hub)
    app.state.reviews = reviews

    @app.get("/api/tables/{table_id}/review", tags=["replays"])
    async def get_review(table_id: str, seat: Annotated[int, Query(ge=0, le=15)]) -> JSONResponse:
        """The search's review of ``seat``'s decisions in a finished game
        (``spacetable.bots.analysis``): 202 ``{"status": "pending"}`` while it is computed
        (in a worker process; ask again), then ``{"status": "done", "review": ..., "text":
        {"en": ..., "fr": ...}}``, stored once computed. Each decision was searched from the
        seat's own information, so anybody who may see the replay may see it."""
        table = await hub.table(table_id)
        rec = table.rec
        if rec.status != OVER:
            raise TableError("not_over", "only a finished game can be reviewed", 409)
        if seat >= rec.players:
            raise TableError("bad_seat", f"no seat {seat} at a {rec.players}-player table")
        final = table.game
        if final is None or not final.is_over:
            final = await hub.db(restore_game, hub.storage, rec, hub.data.of_table(rec))
        out = await reviews.get(rec.id, seat, final)
        if out is None:
            return JSONResponse({"status": "pending"}, status_code=202)
        return JSONResponse(out)

    # ------------------------------------------------------------------ WebSocket
    async def handle_text(table: Any, conn: Conn, text: str) -> None:
        """A client's message at the table's owner, and the error it gets if refused."""
        try:
            await _handle(table, conn, parse(text))
        except (ProtocolError, TableError) as e:
            conn.send(error_message(e.code, str(e)))
        except (ValueError, SpacetableError) as e:
            conn.send(error_message(_engine_code(e), str(e)))

    if hub.relay is not None:
        hub.relay.handle = handle_text
        hub.relay.answer = answer

    async def who_reads(conn: Conn, table_id: str, ws: WebSocket) -> None:
        """A signed-in connection: its account, and the accounts it blocks (and the seats
        they hold at this table), whose chat it is not sent (a relayed connection's are
        sent to the table's owner with it)."""
        auth = await accounts.of_socket(ws)
        if auth is None:
            return
        conn.account = auth.account.id
        conn.blocked = await hub.read(hub.storage.blocked_ids, auth.account.id)
        if conn.blocked:
            seats = await hub.read(hub.storage.seat_accounts, table_id)
            conn.blocked_seats = frozenset(n for n, a in seats.items() if a in conn.blocked)

    def named(rec: TableRecord, seat: int, msg: Hello, account: str | None) -> Hello:
        """The ``hello`` of a signed-in person (``account``: their account's name): their
        seat, if it has no name yet and they give none, is named after their account; at a
        rated table, always (its ratings name the accounts)."""
        if account is not None and (rec.rated or not (msg.name or rec.seats[seat].name)):
            return msg.model_copy(update={"name": account})
        return msg

    async def token_holder(rec: TableRecord, seat: int, ws: WebSocket) -> str | None:
        """A seat's token came with a socket's ``hello``: a signed-in person's account keeps
        the seat (its name is returned); a rated table's seat is refused to a guest
        (``account_needed``)."""
        auth = await accounts.of_socket(ws)
        if auth is not None:
            await hub.db(hub.storage.link_seat, rec.id, seat, auth.account.id)
            return auth.account.name
        if rec.rated:
            raise ProtocolError("account_needed", "sign in to take a seat at a rated table")
        return None

    async def account_seat(table_id: str, seat: int, ws: WebSocket) -> Any:
        """``hello`` with ``seat``: the signed-in session whose account holds that seat of
        the table, or ``bad_token``."""
        auth = await accounts.of_socket(ws)
        holder = await hub.read(hub.storage.seat_account, table_id, seat)
        if auth is None or holder is None or holder != auth.account.id:
            raise ProtocolError("bad_token", "this account holds no such seat here")
        return auth

    async def relayed(ws: WebSocket, table_id: str) -> None:
        """A client of a table another server owns: relayed to it (``spacetable.web.relay``)."""
        relay = hub.relay
        assert relay is not None
        rec = await hub.db(hub.storage.table, table_id)
        cid: str | None = None
        sender: asyncio.Task[None] | None = None
        held: Any = None  # the session whose account holds the seat (``hello`` with ``seat``)
        conn: Conn | None = None
        try:
            try:
                if rec is None or rec.owner is None:
                    raise TableError("no_table", "no such table", 404)
                msg = await _hello(ws)
                seat = None
                if msg.token is not None:
                    seat = seat_in(rec, msg.token)
                    if seat is None:
                        raise ProtocolError("bad_token", "this token holds no seat of this table")
                    msg = named(rec, seat, msg, await token_holder(rec, seat, ws))
                elif msg.seat is not None:
                    held = await account_seat(table_id, msg.seat, ws)
                    seat = msg.seat
                if not relay.up:
                    raise TableError(
                        "relay_down",
                        "this server cannot reach the table's server now; try again",
                        503,
                    )
                reader = Conn(seat, msg.lang, hub.settings, msg.name)
                await who_reads(reader, table_id, ws)
                cid, conn = relay.open(table_id, rec.owner, seat, msg.lang, msg.name, reader)
            except (ProtocolError, TableError) as e:
                await ws.send_text(dumps(error_message(e.code, str(e))))
                await ws.close(code=1008 if not isinstance(e, TableError) else 1011)
                return
            except (TimeoutError, WebSocketDisconnect):
                return
            sender = asyncio.create_task(_send_all(conn, ws))
            checked = time.monotonic()
            if held is not None:  # the seat is played while the session lives
                accounts.hold(held, conn, _ender(ws, conn, sender))
            while not conn.closed:
                message = await _receive(ws)
                if held is not None and time.monotonic() - checked > SESSION_RECHECK:
                    checked = time.monotonic()  # revoked by another server process
                    if await accounts.session(held.session_id) is None:
                        _ender(ws, conn, sender)()
                        break
                admitted = conn.admit(time.monotonic())
                if admitted is None:
                    break
                if not admitted:
                    continue
                try:
                    relay.forward(cid, _text_of(message))
                except ProtocolError as e:
                    conn.send(error_message(e.code, str(e)))
        except WebSocketDisconnect:
            pass
        finally:
            if held is not None and conn is not None:
                accounts.release(held.id_hash, conn)
            if cid is not None:
                relay.leave(cid)
            await _close_socket(ws, sender)

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        if hub.relay is not None and table_id not in hub.tables:
            try:
                await hub.table(table_id)
            except TableError as e:
                if e.code == "elsewhere":
                    await relayed(ws, table_id)
                    return
            except SQLAlchemyError:
                pass  # said below
        conn: Conn | None = None
        sender: asyncio.Task[None] | None = None
        table = None
        checked = 0.0
        held: Any = None  # the session whose account holds the seat (``hello`` with ``seat``)
        try:
            try:
                # the hello first: the answer, an error too, always follows the client's hello
                msg = await _hello(ws)
                table = await hub.table(table_id)
                seat = None
                if msg.token is not None:
                    seat = table.seat_of(msg.token)
                    if seat is None:
                        raise ProtocolError("bad_token", "this token holds no seat of this table")
                    msg = named(table.rec, seat, msg, await token_holder(table.rec, seat, ws))
                elif msg.seat is not None:  # a seat held by the signed-in account
                    held = await account_seat(table.rec.id, msg.seat, ws)
                    seat = msg.seat
                conn = Conn(seat, msg.lang, hub.settings, msg.name)
                await who_reads(conn, table.rec.id, ws)
                sender = asyncio.create_task(_send_all(conn, ws))
                if held is not None:  # the seat is played while the session lives
                    accounts.hold(held, conn, _ender(ws, conn, sender))
                    checked = time.monotonic()
                table.attach(conn)
                if seat is not None and (msg.name or not table.rec.seats[seat].joined):
                    await table.join(seat, msg.name or table.rec.seats[seat].name)
            except (ProtocolError, TableError) as e:
                await ws.send_text(dumps(error_message(e.code, str(e))))
                await ws.close(code=1008)
                return
            except SQLAlchemyError as e:
                err = storage_error(e, f"the connection to table {table_id[:32]}")
                await ws.send_text(dumps(error_message(err.code, str(err))))
                await ws.close(code=1011)
                return
            except (TimeoutError, WebSocketDisconnect):
                return
            while True:
                message = await _receive(ws)
                if conn.closed:
                    break
                now = time.monotonic()
                if held is not None and now - checked > SESSION_RECHECK:
                    # revoked by another server process (this one ends its sockets at once)
                    checked = now
                    if await accounts.session(held.session_id) is None:
                        _ender(ws, conn, sender)()
                        break
                admitted = conn.admit(now)
                if admitted is None:
                    break
                if not admitted:
                    continue
                try:
                    await _handle(table, conn, parse(_text_of(message)))
                except (ProtocolError, TableError) as e:
                    conn.send(error_message(e.code, str(e)))
                except (ValueError, SpacetableError) as e:
                    conn.send(error_message(_engine_code(e), str(e)))
        except WebSocketDisconnect:
            pass
        finally:
            if held is not None and conn is not None:
                accounts.release(held.id_hash, conn)
            if table is not None and conn is not None:
                table.detach(conn)
            await _close_socket(ws, sender)

    return app


class _Stored:
    """A table another server serves, as its stored record shows it."""

    def __init__(self, rec: Any) -> None:
        self.rec = rec

    def info(self) -> dict[str, Any]:
        return public_info(self.rec)

    def seat_of(self, token: str) -> int | None:
        return seat_in(self.rec, token)


def _created(table: Any, host: str, tokens: dict[int, str]) -> Created:
    """The answer to a table's creation: its seats (a person's with its token and link)."""
    rec = table.rec
    out = [
        SeatOut(
            seat=s.seat,
            kind=s.kind,
            level=s.level,
            token=tokens.get(s.seat),
            link=f"/table/{rec.id}#token={tokens[s.seat]}" if s.seat in tokens else None,
        )
        for s in rec.seats
    ]
    return Created(
        id=rec.id, host_token=host, seats=out, spectate=f"/table/{rec.id}", table=table.info()
    )


async def _send_all(conn: Conn, ws: WebSocket) -> None:
    """Send a connection's messages until it closes; a connection closed because its table
    is served by another process now closes its WebSocket (1012: connect again)."""
    await pump(conn, ws.send_text)
    if conn.moved:
        await ws.close(code=1012)


#: Seconds between two checks that the session a WebSocket plays a seat for still lives
#: (a session revoked in another server process; this process ends its own at once).
SESSION_RECHECK = 5.0


def _ender(ws: WebSocket, conn: Conn, sender: asyncio.Task[None]) -> Callable[[], None]:
    """A function that ends a seat's WebSocket whose session ended: the client is told
    (``signed_out``), the messages queued before are sent, then the socket closes."""

    def end() -> None:
        if conn.closed:
            return
        conn.send(error_message("signed_out", "this session has ended; sign in again"))
        conn.close()

        async def close() -> None:
            with contextlib.suppress(Exception):
                async with asyncio.timeout(2.0):
                    await asyncio.shield(sender)
            with contextlib.suppress(Exception):
                await ws.close(code=1008)

        _closing.add(task := asyncio.get_running_loop().create_task(close()))
        task.add_done_callback(_closing.discard)

    return end


#: Tasks closing sockets (kept referenced until they finish).
_closing: set[asyncio.Task[None]] = set()


async def _hello(ws: WebSocket) -> Hello:
    """A connection's first message, which must be a ``hello`` of this protocol's version
    (within 15 seconds: ``TimeoutError``)."""
    async with asyncio.timeout(15.0):
        text = _text_of(await _receive(ws))
    msg = parse(text)
    if not isinstance(msg, Hello):
        raise ProtocolError("bad_message", "the first message must be hello")
    if msg.version != VERSION:
        raise ProtocolError("version", f"this server speaks version {VERSION}")
    return msg


async def _receive(ws: WebSocket) -> MutableMapping[str, Any]:
    """The client's next frame (an ASGI ``websocket.receive`` message); raises
    ``WebSocketDisconnect`` when the client has gone."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    return message


def _text_of(message: MutableMapping[str, Any]) -> str:
    """The text of a frame; a binary frame is no message of the protocol (``bad_message``)."""
    text = message.get("text")
    if not isinstance(text, str):
        raise ProtocolError("bad_message", "a message is JSON text, not a binary frame")
    return text


async def _handle(table: Any, conn: Conn, msg: Any) -> None:
    if isinstance(msg, Act):
        if conn.seat is None:
            raise TableError("no_seat", "a spectator cannot act")
        try:
            await table.act(conn.seat, msg.action, msg.step)
        except IllegalAction as e:
            conn.send(error_message("illegal_action", str(e), table.reasons(conn, msg.action)))
    elif isinstance(msg, Why):
        if conn.seat is None:
            raise TableError("no_seat", "a spectator has no move to ask about")
        conn.send(table.why(conn, msg.action, msg.component))
    elif isinstance(msg, SetLang):
        conn.lang = msg.lang
        conn.log_sent = 0
        table.send_state(conn)
        if table.game is not None and table.game.is_over:
            conn.send(table.end_message(conn.lang))
    elif isinstance(msg, Ping):
        conn.send({"type": "pong"})
    elif isinstance(msg, ChatText):
        table.say(conn, msg.scope, msg.text)
    elif isinstance(msg, Back):
        if conn.seat is None:
            raise TableError("no_seat", "a spectator has no seat to come back to")
        await table.come_back(conn.seat)
    elif isinstance(msg, Undo):
        if conn.seat is None:
            raise TableError("no_seat", "a spectator has no decision to take back")
        await table.undo(conn.seat, msg.count, msg.step)
    elif isinstance(msg, HintAsk):
        await send_hint(table, conn)
    elif isinstance(msg, Hello):
        raise ProtocolError("bad_message", "hello was already said")


def _engine_code(e: Exception) -> str:
    name = type(e).__name__
    return {
        "IllegalAction": "illegal_action",
        "InvalidAction": "invalid_action",
        "UndoError": "cannot_undo",
    }.get(name, "refused")


def _page_headers() -> dict[str, str]:
    # The pages build every text node with textContent; this policy forbids inline scripts
    # and any other origin, so even a text that slipped through could not run.
    return {
        "Content-Security-Policy": "default-src 'self'; script-src 'self'; "
        "style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
        "Referrer-Policy": "no-referrer",
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "no-store",
    }


__all__ = ["OVER", "create_app"]


async def _close_socket(ws: WebSocket, sender: asyncio.Task[None] | None) -> None:
    """A WebSocket's end: its queued messages sent (within 2 s), its sender stopped, the
    socket closed (already closed: nothing to do)."""
    if sender is not None:
        with contextlib.suppress(Exception):
            async with asyncio.timeout(2.0):
                await sender
        sender.cancel()
    with contextlib.suppress(Exception):
        await ws.close()
