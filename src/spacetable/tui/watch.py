"""``spacetable tui --watch URL``: a live table of the web server in the full-screen terminal.

The URL is the table's address as the web app gives it: ``http://HOST:PORT/table/<id>`` (the
``spectate`` link) watches as a spectator; a seat's invitation link
(``.../table/<id>#token=...``) watches as that seat and plays it from the action list, which
behaves as the local table's (:mod:`spacetable.tui.actionlist`): a heading before each kind
of action when the list is long, ``/`` to filter it by typing, Esc to clear the filter, and
the highlighted action kept highlighted when a new state arrives while it is still legal. The
viewer connects to the table's WebSocket (``/ws/tables/<id>``, ``docs/protocol.md``), says
``hello`` and draws each ``state`` the server sends with the game's own renderer. It draws
nothing but what the server sends: a spectator's messages are the server's spectator
projection, a seat's are that seat's.

Every state received is kept with its step, so the viewer can pause, step back and forth over
what it saw, jump to a step and go back to live. A step it did not see (before it connected)
is asked of the server's replay endpoint (``GET /api/tables/<id>/replay/<step>``), which
answers for finished games only; for a live game the status line says so and the steps seen
are what there is. The table's chat and the server's notices (a bot taking a seat over) are
shown in the log pane. A lost connection is said and tried again, waiting longer each time.

The table is drawn with the game's shipped data set, or with the data set given
(``--data DIR``, :func:`prepare`'s ``data``). The server says which data set the table plays
with (``data`` in ``GET /api/tables/<id>``: ``null`` for the shipped one, else its name and
digest); when the viewer draws with another one (a table the server plays with corrected
tables, watched without them), a notice in the log pane says so and names the table's.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar
from urllib.parse import parse_qs, quote, urlsplit

import httpx
from rich.markup import escape
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input, OptionList, Static
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

import spacetable
from spacetable.cli.common import event_describer, read_data, renderer
from spacetable.engine import DataSet

from .actionlist import Lines, build, filter_note, refill
from .replay import StepViewer
from .texts import log_text, markup, tr

#: The protocol version this client speaks (``spacetable.web.protocol.VERSION``).
PROTOCOL = 1
#: How many recent log events a step keeps (and the log pane shows).
LOG_EVENTS = 30
#: How many chat messages and notices the log pane shows under the log.
CHAT_LINES = 8
#: Seconds between two tries to connect again: doubled after each failure, up to the last.
BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0)
#: Seconds an HTTP request to the server may take.
HTTP_TIMEOUT = 10.0

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "step": "Step {i}/{n}",
        "no_step": "No state yet",
        "live": "live",
        "paused": "paused",
        "as": "seen by {who}",
        "everyone": "a spectator",
        "to_act": "to act: {who}",
        "over": "Game over: {reason}",
        "connecting": "Connecting…",
        "open": "The table has not started yet.",
        "broken": "The server could not resume this table: {why}",
        "unread": "A message of the server was not understood ({why}).",
        "lost": "Connection lost ({why}); trying again in {s:g} s.",
        "refused": "The server refused: {message}",
        "error": "The server says: {message}",
        "unseen": "Step {step} was not seen: the server replays only finished games "
        "(seen here: steps {first} to {last}).",
        "not_sent": "Step {step} is not known yet (the newest is {last}).",
        "replay_failed": "Step {step} could not be fetched: {message}",
        "bad_step": "No step {text!r}: give a step number.",
        "jump": "step number, then Enter (Esc: cancel)",
        "keys": "[b]space[/b] live/pause [b]←→[/b] step [b]Home[/b] start [b]End[/b] live "
        "[b]g[/b] jump [b]q[/b] quit",
        "keys_seat": "[b]↑↓⏎[/b] play [b]/[/b] filter [b]space[/b] live/pause [b]←→[/b] step "
        "[b]Home End[/b] [b]g[/b] jump [b]h[/b] hint [b]q[/b] quit",
        "not_live": "You play on the live table: press End to go back to it.",
        "hint_asked": "Asked the server's bot what it would do…",
        "hint_title": "What would the bot do? Its top moves for seat {seat}",
        "hint_line": "{n}. {sentence}",
        "hint_note": "Searched from what seat {seat} can see only.",
        "close_hint": "Esc or h: close",
        "chat": "Chat",
        "notice_back": "{who} is back",
        "notice_away": "{who} is away; a bot ({level}) plays for now",
        "data_shipped": "the shipped data",
        "data_named": "corrected data '{name}' (digest {digest})",
        "data_differs": "Drawn with {mine}; this table plays with {theirs}: {fix}",
        "data_fix": "--data DIR draws it (DIR: that data set's tables).",
        "data_fix_shipped": "without --data it is drawn as played.",
    },
    "fr": {
        "step": "Coup {i}/{n}",
        "no_step": "Pas encore d'état",
        "live": "en direct",
        "paused": "en pause",
        "as": "vu par {who}",
        "everyone": "un spectateur",
        "to_act": "à jouer : {who}",
        "over": "Partie terminée : {reason}",
        "connecting": "Connexion…",
        "open": "La table n'a pas encore commencé.",
        "broken": "Le serveur n'a pas pu reprendre cette table : {why}",
        "unread": "Un message du serveur n'a pas été compris ({why}).",
        "lost": "Connexion perdue ({why}) ; nouvel essai dans {s:g} s.",
        "refused": "Le serveur refuse : {message}",
        "error": "Le serveur dit : {message}",
        "unseen": "Coup {step} pas vu : le serveur ne rejoue que les parties finies "
        "(vus ici : coups {first} à {last}).",
        "not_sent": "Le coup {step} n'est pas encore connu (le dernier est {last}).",
        "replay_failed": "Le coup {step} n'a pas pu être obtenu : {message}",
        "bad_step": "Pas de coup {text!r} : donnez un numéro de coup.",
        "jump": "numéro du coup, puis Entrée (Échap : annuler)",
        "keys": "[b]espace[/b] direct/pause [b]←→[/b] coup [b]Début[/b] départ [b]Fin[/b] "
        "direct [b]g[/b] aller [b]q[/b] quitter",
        "keys_seat": "[b]↑↓⏎[/b] jouer [b]/[/b] filtre [b]espace[/b] direct/pause [b]←→[/b] "
        "coup [b]Début Fin[/b] [b]g[/b] aller [b]h[/b] conseil [b]q[/b] quitter",
        "not_live": "Vous jouez sur la table en direct : Fin pour y revenir.",
        "hint_asked": "Question posée au robot du serveur…",
        "hint_title": "Que ferait le robot ? Ses meilleurs coups pour la place {seat}",
        "hint_line": "{n}. {sentence}",
        "hint_note": "Cherché uniquement à partir de ce que voit la place {seat}.",
        "close_hint": "Échap ou h : fermer",
        "chat": "Discussion",
        "notice_back": "{who} est de retour",
        "notice_away": "{who} est absent ; un bot ({level}) joue pour l'instant",
        "data_shipped": "les données livrées",
        "data_named": "les données corrigées « {name} » (empreinte {digest})",
        "data_differs": "Dessiné avec {mine} ; cette table joue avec {theirs} : {fix}",
        "data_fix": "--data DOSSIER les dessine (DOSSIER : les tables de ces données).",
        "data_fix_shipped": "sans --data, elle est dessinée comme elle est jouée.",
    },
}


@dataclass(frozen=True)
class Target:
    """Where a web table lives: the server's base address, the table's id and, from a
    seat's invitation link, the seat's secret token."""

    base: str
    table: str
    token: str | None = None

    @property
    def ws_url(self) -> str:
        scheme = "wss" if self.base.startswith("https:") else "ws"
        return f"{scheme}:{self.base.split(':', 1)[1]}/ws/tables/{quote(self.table, safe='')}"

    @property
    def api(self) -> str:
        return f"{self.base}/api/tables/{quote(self.table, safe='')}"


def parse_url(url: str) -> Target:
    """The table a web address names: ``http(s)://HOST[:PORT]/table/<id>``, optionally with a
    seat's ``#token=...`` (one seat per terminal). Raises ``ValueError`` saying what is wrong.

    >>> parse_url("http://127.0.0.1:8000/table/ab12cd#token=s3cret-token")
    Target(base='http://127.0.0.1:8000', table='ab12cd', token='s3cret-token')
    >>> parse_url("http://example.org/lobby")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: 'http://example.org/lobby' is not a table's address: give http://HOST:PORT/...
    """
    parts = urlsplit(url.strip())
    segs = [s for s in parts.path.split("/") if s]
    if parts.scheme not in ("http", "https") or not parts.netloc or len(segs) != 2:
        segs = []
    if not segs or segs[0] not in ("table", "replay") or len(segs[1]) > 32:
        raise ValueError(
            f"{url!r} is not a table's address: give http://HOST:PORT/table/ID "
            "(the web app's link to the table)"
        )
    frag = parse_qs(parts.fragment)
    tokens = [t for t in frag.get("token", []) if t]
    for many in frag.get("tokens", []):
        tokens += [t for t in many.split(",") if t]
    if len(set(tokens)) > 1:
        raise ValueError("this link holds several seats: give the link of one seat")
    base = f"{parts.scheme}://{parts.netloc}"
    return Target(base, segs[1], tokens[0] if tokens else None)


def _error_text(r: httpx.Response) -> str:
    """The message of the web app's error answer ``{"error": {"code", "message"}}``."""
    try:
        err = r.json().get("error", {})
        return f"{err['message']} ({err['code']})"
    except (ValueError, KeyError, AttributeError, TypeError):
        return f"HTTP {r.status_code}"


def look_up(target: Target) -> tuple[dict[str, Any], int | None]:
    """Ask the server for the table (as anybody may see it) and, with a token, the seat it
    holds. Raises ``ValueError`` with a clear message when the server cannot be reached, has
    no such table or the token holds no seat."""
    try:
        with httpx.Client(timeout=HTTP_TIMEOUT) as client:
            r = client.get(target.api)
            if r.status_code == 404:
                raise ValueError(f"{target.base} has no table {target.table!r}")
            if r.status_code != 200:
                raise ValueError(f"{target.base} refused the table: {_error_text(r)}")
            info = r.json()
            seat = None
            if target.token is not None:
                r = client.post(f"{target.api}/seat", json={"token": target.token})
                if r.status_code != 200:
                    raise ValueError(f"this link's token holds no seat: {_error_text(r)}")
                seat = int(r.json()["seat"])
    except httpx.HTTPError as e:
        raise ValueError(f"cannot reach {target.base}: {e}") from None
    if not isinstance(info, dict) or not isinstance(info.get("game"), str):
        raise ValueError(f"{target.base} did not answer as a spacetable server")
    try:
        spacetable.game_class(info["game"])
    except (KeyError, ValueError):
        raise ValueError(
            f"the table plays {info['game']!r}, a game this client does not know"
        ) from None
    return info, seat


@dataclass
class Frame:
    """One step as the server sent it: the view, the newest events of the log, and for a
    seat its legal actions (``{"action", "label"}``: the action's JSON, with its ``type``,
    and its label in the table's language)."""

    step: int
    view: dict[str, Any]
    log: list[dict[str, Any]]
    over: bool
    legal: list[dict[str, Any]] = field(default_factory=list)
    clock: float | None = None


class WatchApp(StepViewer):
    """A web table's live viewer (see the module docstring). ``info``: the table as the JSON
    API gives it; ``seat``: the seat the token holds (``None``: a spectator); ``data``: the
    data set to draw with (``None``: the shipped one). ``backoff``: the waits between two
    tries to connect (shorter in tests)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", show=False),
        Binding("down", "cursor(1)", show=False),
        Binding("enter", "play", show=False),
        Binding("slash", "filter", show=False),
        Binding("h", "hint", show=False),
    ]
    WORDS = WORDS

    def __init__(
        self,
        target: Target,
        info: Mapping[str, Any],
        lang: str = "en",
        *,
        seat: int | None = None,
        data: DataSet[Any] | None = None,
        backoff: tuple[float, ...] = BACKOFF,
    ) -> None:
        super().__init__()
        self.target = target
        self.info = dict(info)
        self.lang = lang if lang in WORDS else "en"
        self.seat = seat
        self.backoff = backoff
        game_id = str(info["game"])
        self.data = data
        parts = data.parts if data is not None else _parts(game_id)
        self.render_view = renderer(game_id, parts)
        self.describe_event = event_describer(game_id, parts)
        #: Every step seen or fetched, by step number.
        self.frames: dict[int, Frame] = {}
        #: The newest step the server sent (None: none yet).
        self.newest: int | None = None
        #: The step on screen; live: it follows the newest.
        self.index: int | None = None
        self.live = True
        #: The server's ``end`` message once the game is over.
        self.end: dict[str, Any] | None = None
        self.chat: list[dict[str, Any]] = []
        self.notices: list[str] = []
        #: Where the connection stands, said on the status line (``""``: connected).
        self.link = self.w("connecting")
        self.closed = False  # refused for good: no more tries
        #: How many times the viewer got connected (1: never lost).
        self.connects = 0
        #: The action's JSON under each line of the seat's list (None for a heading).
        self.lines: list[dict[str, Any] | None] = []
        #: The text typed in the filter (``/``): the list keeps the actions it is in.
        self.filter_text = ""
        self._events: list[dict[str, Any]] = []
        self._ws: Any = None
        self._built: tuple[list[dict[str, Any]], str, Lines[dict[str, Any]]] | None = None
        note = self._data_note()
        if note is not None:
            self.notices.append(note)

    # ------------------------------------------------------------------ layout
    def compose_side(self) -> ComposeResult:
        if self.seat is not None:
            yield OptionList(id="actions")
            yield Input(placeholder=tr(self.lang, "filter"), id="filter", compact=True)

    def on_mount(self) -> None:
        super().on_mount()
        if self.seat is not None:
            self.query_one("#actions", OptionList).can_focus = False
            self.query_one("#filter", Input).display = False  # until / opens it
            self.query_one("#log").styles.height = 9
            self.query_one("#keys", Static).update(self.w("keys_seat"))
        self.run_worker(self._connection(), group="connection", exit_on_error=False)

    # ------------------------------------------------------------------ the connection
    async def _connection(self) -> None:
        """Connect, say hello and take every message; when the connection is lost, say so
        and try again after a wait that grows."""
        tries = 0
        while not self.closed:
            why = ""
            try:
                async with connect(self.target.ws_url, max_size=1 << 24) as ws:
                    self._ws = ws
                    self.connects += 1
                    await ws.send(
                        json.dumps(
                            {
                                "type": "hello",
                                "version": PROTOCOL,
                                "token": self.target.token,
                                "lang": self.lang,
                            }
                        )
                    )
                    async for text in ws:
                        tries = 0
                        try:
                            self.receive(json.loads(text))
                        except (KeyError, TypeError, ValueError, AttributeError) as e:
                            # a message this client does not read: said, and the next one read
                            self.message = self.w("unread", why=f"{type(e).__name__}: {e}")
                            self.show()
                        if self.closed:
                            return
            except (ConnectionClosed, InvalidHandshake, InvalidURI, OSError, TimeoutError) as e:
                why = str(e) or type(e).__name__
            finally:
                self._ws = None
            if self.closed:
                return
            wait = self.backoff[min(tries, len(self.backoff) - 1)]
            tries += 1
            self.link = self.w("lost", why=why or "closed", s=wait)
            self.show()
            await asyncio.sleep(wait)

    def receive(self, msg: Mapping[str, Any]) -> None:
        """Take one message of the server."""
        kind = msg.get("type")
        if kind == "welcome":
            self.info = dict(msg["table"])
            self.link = ""
            if self.info.get("status") == "open":
                self.message = self.w("open")
            elif self.info.get("status") == "broken":
                self.message = self.w("broken", why=self.info.get("reason", ""))
        elif kind == "table":
            self.info = dict(msg["table"])
            if self.info.get("status") != "open" and self.message == self.w("open"):
                self.message = ""
        elif kind == "state":
            self._state(msg)
        elif kind == "end":
            self.end = dict(msg)
        elif kind == "chat_history":
            self.chat = list(msg.get("messages", []))
        elif kind == "chat":
            self.chat = [*self.chat, dict(msg)][-100:]
        elif kind == "notice":
            self.notices = [*self.notices, self._notice(msg.get("event", {}))][-20:]
        elif kind == "hint":
            self._hint(msg)
        elif kind == "error":
            code, text = str(msg.get("code")), str(msg.get("message", ""))
            if code in ("bad_token", "no_table", "version", "full"):
                self.closed = True
                self.link = self.w("refused", message=text)
            else:
                self.message = self.w("error", message=text)
        self.show()

    def _state(self, msg: Mapping[str, Any]) -> None:
        step = int(msg["step"])
        log = msg.get("log", {})
        if int(log.get("from", 0)) == 0:
            self._events = []
        self._events = [*self._events, *log.get("events", [])][-LOG_EVENTS:]
        if self.newest is not None and step < self.newest:
            # taken back (undo): the steps after it are no longer the game's
            self.frames = {s: f for s, f in self.frames.items() if s < step}
            if self.index is not None and self.index >= step:
                self.index = step
        self.frames[step] = Frame(
            step,
            dict(msg["view"]),
            list(self._events),
            bool(msg.get("over")),
            list(msg.get("legal", [])),
            msg.get("clock"),
        )
        self.newest = step
        if self.live or self.index is None:
            self.index = step

    def _data_note(self) -> str | None:
        """What the log pane says when the table plays with another data set than the one
        drawn with (None: the same one, or a game without data tables)."""
        game_id = str(self.info["game"])
        if spacetable.game_class(game_id).data_spec is None:
            return None
        shipped = spacetable.load_data(game_id).digest
        table = self.info.get("data")
        theirs = str(table["digest"]) if isinstance(table, Mapping) else shipped
        mine = self.data.digest if self.data is not None else shipped
        if theirs == mine:
            return None

        def said(name: str, digest: str) -> str:
            if digest == shipped:
                return self.w("data_shipped")
            return self.w("data_named", name=name, digest=digest)

        fix = self.w("data_fix_shipped") if theirs == shipped else self.w("data_fix")
        return self.w(
            "data_differs",
            mine=said(self.data.name if self.data is not None else "", mine),
            theirs=said(str(table["name"]) if isinstance(table, Mapping) else "", theirs),
            fix=fix,
        )

    def _notice(self, event: Mapping[str, Any]) -> str:
        who = tr(self.lang, "seat", seat=event.get("seat"))
        if event.get("kind") == "back":
            return self.w("notice_back", who=who)
        return self.w("notice_away", who=who, level=event.get("level") or "")

    # ------------------------------------------------------------------ drawing
    def show(self) -> None:
        frame = self.frames.get(self.index) if self.index is not None else None
        built = self._lines_of(frame) if self.seat is not None else None
        parts: list[str] = []
        if frame is None:
            parts.append(self.w("no_step"))
        else:
            parts.append(self.w("step", i=frame.step, n=self.newest))
            parts.append(self.w("live") if self.live else self.w("paused"))
        who = tr(self.lang, "seat", seat=self.seat) if self.seat is not None else None
        parts.append(self.w("as", who=who or self.w("everyone")))
        if frame is not None:
            if frame.clock is not None:
                parts.append(tr(self.lang, "clock", clock=frame.clock))
            to_act = frame.view.get("to_act")
            if frame.over:
                parts.append(self.w("over", reason=self._reason()))
            elif isinstance(to_act, list) and to_act:
                seats = ", ".join(tr(self.lang, "seat", seat=s) for s in to_act)
                parts.append(self.w("to_act", who=seats))
        if built is not None and self.filter_text and built.total:
            parts.append(filter_note(self.lang, self.filter_text, built.shown, built.total))
        if self.link:
            parts.append(self.link)
        board = self.render_view(frame.view, self.lang) if frame is not None else ""
        if frame is not None and frame.over and self.end is not None:
            summary = str(self.end.get("summary") or "")
            board += "\n\n[b]" + escape(self._reason()) + "[/b]"
            if summary:
                board += "\n" + escape(summary)
        log = self._log_text(frame.log if frame is not None else [])
        self.draw(" · ".join(parts), board, log)
        if built is not None and refill(self.query_one("#actions", OptionList), self.lines, built):
            self.lines = built.keys

    def _reason(self) -> str:
        if self.end is None:
            return ""
        return str(self.end.get("reason_text") or "")

    def _log_text(self, events: list[dict[str, Any]]) -> Text:
        sentences = [self._sentence(e) for e in events[-LOG_EVENTS:]]
        text = log_text(sentences)
        lines = [*self.notices[-CHAT_LINES:]]
        for m in self.chat[-CHAT_LINES:]:
            name = m.get("name") or (
                tr(self.lang, "seat", seat=m["seat"]) if m.get("seat") is not None else "?"
            )
            lines.append(f"{name}: {m.get('text', '')}")
        if lines:
            chat = Text("\n— " + self.w("chat") + " —\n", style="bold")
            chat.append("\n".join(lines), style="italic")
            text.append_text(chat)
        return text

    def _sentence(self, e: Mapping[str, Any]) -> str:
        """An event in the game's own words (the renderer's markup), else the server's."""
        try:
            return str(self.describe_event(e["event"], self.lang))
        except Exception:  # a sentence the renderer cannot make: the server's plain text
            return escape(str(e.get("text", "")))

    def _lines_of(self, frame: Frame | None) -> Lines[dict[str, Any]]:
        """The lines of the seat's list: its legal actions on the live step only (an
        earlier step is not played), kept by the filter, under a heading per kind when the
        list is long (the local table's list: :mod:`spacetable.tui.actionlist`)."""
        legal = frame.legal if frame is not None and frame.step == self.newest else []
        if self._built is not None:
            was, word, built = self._built
            if was is legal and word == self.filter_text:
                return built
        built = build(
            (
                (dict(a["action"]), markup(str(a["label"])), str(a["action"].get("type", "")))
                for a in legal
            ),
            self.filter_text,
            self.lang,
        )
        self._built = (legal, self.filter_text, built)
        return built

    # ------------------------------------------------------------------ moving
    def go(self, step: int) -> None:
        """Show ``step``: one seen, else asked of the server's replay endpoint."""
        self.live = False
        if self.newest is None:
            return
        if step > self.newest:
            self.message = self.w("not_sent", step=step, last=self.newest)
        elif step in self.frames:
            self.message = ""
            self.index = step
        else:
            self.run_worker(self._fetch(step), group="replay", exit_on_error=False)
        self.show()

    async def _fetch(self, step: int) -> None:
        """Ask the replay endpoint for ``step`` (a finished game only)."""
        params: dict[str, Any] = {"lang": self.lang}
        if self.seat is not None:
            params["seat"] = self.seat
        try:
            async with httpx.AsyncClient(timeout=HTTP_TIMEOUT) as client:
                r = await client.get(f"{self.target.api}/replay/{step}", params=params)
        except httpx.HTTPError as e:
            self.message = self.w("replay_failed", step=step, message=str(e))
            self.show()
            return
        if r.status_code == 409 and "not_over" in r.text:
            seen = sorted(self.frames)
            self.message = self.w("unseen", step=step, first=seen[0], last=seen[-1])
        elif r.status_code != 200:
            self.message = self.w("replay_failed", step=step, message=_error_text(r))
        else:
            f = r.json()
            self.frames[step] = Frame(
                step,
                dict(f["view"]),
                list(f["log"]["events"])[-LOG_EVENTS:],
                bool(f.get("over")),
                [],
                f.get("clock"),
            )
            if not self.live:
                self.index = step
            self.message = ""
        self.show()

    # ------------------------------------------------------------------ keys
    def action_play_pause(self) -> None:
        if self.live:
            self.live = False
        else:
            self.action_go(-1)
            return
        self.show()

    def action_step(self, delta: int) -> None:
        if self.index is not None and self.index + delta >= 0:
            self.go(self.index + delta)

    def action_go(self, index: int) -> None:
        if index < 0:
            self.live = True
            self.message = ""
            if self.newest is not None:
                self.index = self.newest
            self.show()
            return
        self.go(index)

    def jump(self, text: str) -> str | None:
        if not text.isdecimal():
            return self.w("bad_step", text=text)
        self.go(int(text))
        return None

    def action_cursor(self, delta: int) -> None:
        if self.seat is None:
            return
        ol = self.query_one("#actions", OptionList)
        (ol.action_cursor_up if delta < 0 else ol.action_cursor_down)()

    def _highlighted(self) -> dict[str, Any] | None:
        """The action on the highlighted line (None: none, or a heading)."""
        if self.seat is None:
            return None
        ol = self.query_one("#actions", OptionList)
        if ol.highlighted is not None and ol.highlighted < len(self.lines):
            return self.lines[ol.highlighted]
        return None

    def action_play(self) -> None:
        action = self._highlighted()
        if action is not None:
            self.act(action)

    @on(OptionList.OptionSelected, "#actions")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        i = event.option_index
        action = self.lines[i] if i < len(self.lines) else None
        if action is not None:
            self.act(action)

    def action_filter(self) -> None:
        """``/``: the filter line, to type a part of the actions' labels."""
        if self.seat is None:
            return
        box = self.query_one("#filter", Input)
        box.display = True
        box.focus()

    @on(Input.Changed, "#filter")
    def _filtered(self, event: Input.Changed) -> None:
        self.filter_text = event.value.strip()
        self.show()

    @on(Input.Submitted, "#filter")
    def _filter_done(self, event: Input.Submitted) -> None:
        """Enter in the filter: play the highlighted action (a heading: nothing), clear."""
        action = self._highlighted()
        if action is None:
            return
        self._clear_filter()
        self.act(action)

    def _clear_filter(self) -> None:
        box = self.query_one("#filter", Input)
        self.filter_text = ""
        box.value = ""
        box.display = False
        self.set_focus(None)
        self.show()

    def action_cancel_jump(self) -> None:
        """Esc: close the jump field if it is open, else clear the filter."""
        if self.seat is None or self.query_one("#jump", Input).display:
            super().action_cancel_jump()
            return
        self._clear_filter()

    def action_hint(self) -> None:
        """``h`` (a seat's link): ask the server's bot what it would do (a ``hint`` message,
        searched from the seat's information only); the answer opens in a panel."""
        ws = self._ws
        if self.seat is None or ws is None:
            return
        self.message = self.w("hint_asked")
        self.show()
        self.run_worker(ws.send(json.dumps({"type": "hint"})), group="send", exit_on_error=False)

    def _hint(self, msg: Mapping[str, Any]) -> None:
        """The server's ``hint`` answer: the bot's top moves, in the viewer's language."""
        from .app import HintScreen

        if self.message == self.w("hint_asked"):
            self.message = ""
        seat = msg.get("seat")
        rows = [f"[b]{escape(self.w('hint_title', seat=seat))}[/b]", ""]
        for n, h in enumerate(msg.get("hints", []), 1):
            words = h.get("sentence", {})
            sentence = str(words.get(self.lang) or words.get("en", ""))
            rows.append(escape(self.w("hint_line", n=n, sentence=markup(sentence).plain)))
        rows.append(f"\n[dim]{escape(self.w('hint_note', seat=seat))}[/dim]")
        rows.append(f"[dim]{escape(self.w('close_hint'))}[/dim]")
        self.push_screen(HintScreen("\n".join(rows)))

    def act(self, action: Mapping[str, Any]) -> None:
        """Send the seat's decision, chosen on the live step (the server refuses it as
        ``stale`` if the game moved on meanwhile)."""
        if self.index != self.newest or not self.live:
            self.message = self.w("not_live")
            self.show()
            return
        ws = self._ws
        if ws is None:
            return
        msg = {"type": "act", "action": dict(action), "step": self.newest}
        self.message = ""
        self.run_worker(ws.send(json.dumps(msg)), group="send", exit_on_error=False)


def _parts(game_id: str) -> Any:
    """The game's shipped components, to draw with when no data set is given."""
    if spacetable.game_class(game_id).data_spec is None:
        return None
    return spacetable.load_data(game_id).parts


def prepare(
    url: str,
    lang: str = "en",
    data: str | os.PathLike[str] | None = None,
    **kw: Any,
) -> WatchApp:
    """The viewer of the table at ``url``, once the server has said the table exists (and,
    for a seat's link, which seat its token holds); ``data``: a directory of corrected
    tables of the table's game to draw with (``--data``), read and checked here. Raises
    ``ValueError`` with a clear message otherwise (a
    :class:`~spacetable.engine.DataError` for tables that do not validate)."""
    if lang not in WORDS:
        raise ValueError(f"--lang must be en or fr, got {lang!r}")
    target = parse_url(url)
    info, seat = look_up(target)
    dataset = read_data(str(info["game"]), os.fspath(data)) if data is not None else None
    return WatchApp(target, info, lang, seat=seat, data=dataset, **kw)


__all__ = ["Frame", "Target", "WatchApp", "look_up", "parse_url", "prepare"]
