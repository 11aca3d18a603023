"""The replay viewer of ``spacetable tui --replay FILE``: play, pause, step back and forth,
jump to a step, change the speed, and look from any seat (or as a spectator).

The record is replayed once in full (so a bad record is refused before the screen opens),
with a copy of the game kept every :data:`KEYFRAME` entries: any step is that copy plus a few
entries, so stepping back costs no more than stepping forward.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from rich.markup import escape
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical, VerticalScroll
from textual.widgets import Input, Static

import spacetable
from spacetable.cli.common import event_describer, renderer
from spacetable.engine import DataSet, Game, Termination

from .app import SPEEDS
from .texts import log_text, tr

KEYFRAME = 50
#: Seconds of wall time between two looks at the clock while playing.
PLAY_PERIOD = 0.1

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "step": "Step {i}/{n}",
        "playing": "playing ×{speed:g} steps/s",
        "paused": "paused",
        "as": "seen by {who}",
        "everyone": "a spectator",
        "jump": "step number, then Enter (Esc: cancel)",
        "bad_step": "No step {text!r}: give a number from 0 to {n}.",
        "keys": "[b]space[/b] play/pause [b]←→[/b] step [b]Home End[/b] [b]g[/b] jump "
        "[b]+-[/b] speed [b]v[/b] seat [b]q[/b] quit",
        "over": "Game over: {reason}",
    },
    "fr": {
        "step": "Coup {i}/{n}",
        "playing": "lecture ×{speed:g} coups/s",
        "paused": "en pause",
        "as": "vu par {who}",
        "everyone": "un spectateur",
        "jump": "numéro du coup, puis Entrée (Échap : annuler)",
        "bad_step": "Pas de coup {text!r} : un nombre de 0 à {n}.",
        "keys": "[b]espace[/b] lecture/pause [b]←→[/b] coup [b]Début Fin[/b] [b]g[/b] aller "
        "[b]+-[/b] vitesse [b]v[/b] siège [b]q[/b] quitter",
        "over": "Partie terminée : {reason}",
    },
}


def _apply_entry(g: Game, entry: Mapping[str, Any]) -> None:
    """One entry of a record already checked by :func:`spacetable.replay`."""
    if "advance" in entry:
        g.advance(float(entry["advance"]))
    else:
        g.apply(int(entry["seat"]), entry["action"])


class StepViewer(App[None]):
    """The screen shared by the viewers that step through a game (:class:`ReplayApp`, and
    :class:`spacetable.tui.watch.WatchApp` for a live web table): a status line, the table
    drawn by the game's renderer, a side column (the log, and whatever a viewer adds above
    it), a field to type a step number in (``g``) and one line of keys. The keys belong to
    the viewer (no widget takes the focus) until ``g`` opens the field.

    A subclass sets :attr:`WORDS` (its words per language: at least ``jump`` and ``keys``)
    and implements :meth:`show` and :meth:`jump`, and the actions its keys name."""

    CSS = """
    Screen { layout: vertical; }
    #status { height: auto; min-height: 2; max-height: 4; background: $boost; padding: 0 1; }
    #main { height: 1fr; }
    #board { width: 1fr; }
    #board-text { width: auto; }
    #side { width: 40%; min-width: 28; border-left: solid $primary; }
    #log { height: 1fr; }
    #actions { height: 1fr; border: none; padding: 0; border-bottom: solid $primary; }
    #jump { height: 1; border: none; padding: 0 1; display: none; }
    #keys { height: 1; background: $panel; padding: 0 1; }
    """

    AUTO_FOCUS = None  # the keys belong to the viewer until g opens the jump field

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "play_pause", show=False),
        Binding("right", "step(1)", show=False),
        Binding("left", "step(-1)", show=False),
        Binding("home", "go(0)", show=False),
        Binding("end", "go(-1)", show=False),
        Binding("g", "ask_jump", show=False),
        Binding("q", "quit", show=False),
        Binding("escape", "cancel_jump", show=False),
    ]

    WORDS: ClassVar[dict[str, dict[str, str]]] = {}
    lang = "en"
    #: The last message (an error, in red), shown under the status line until replaced.
    message = ""

    def w(self, key: str, **kw: Any) -> str:
        return self.WORDS[self.lang][key].format(**kw)

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            with ScrollableContainer(id="board"):
                yield Static(id="board-text")
            with Vertical(id="side"):
                yield from self.compose_side()
                with VerticalScroll(id="log"):
                    yield Static(id="log-text")
        yield Input(placeholder=self.w("jump"), id="jump")
        yield Static(self.w("keys"), id="keys")

    def compose_side(self) -> ComposeResult:
        """What a viewer shows above the log (nothing by default)."""
        yield from ()

    def on_mount(self) -> None:
        # The keys belong to the viewer: the panes scroll with the mouse wheel.
        for pane in ("#board", "#log"):
            self.query_one(pane).can_focus = False
        self.set_focus(None)
        self.show()

    def show(self) -> None:
        """Draw the step on screen (see :meth:`draw`)."""
        raise NotImplementedError

    def jump(self, text: str) -> str | None:
        """Go to the step typed (``text``, after ``g``); a refusal's message, or ``None``."""
        raise NotImplementedError

    def draw(self, head: str, board: str, log: Text) -> None:
        """Put ``head`` (and :attr:`message` below it, in red) on the status line, ``board``
        (the renderer's markup) in the table pane and ``log`` in the log pane."""
        line = f"[b]{escape(head)}[/b]"
        if self.message:
            line += f"\n[red]{escape(self.message)}[/red]"
        self.query_one("#status", Static).update(line)
        self.query_one("#board-text", Static).update(board)
        self.query_one("#log-text", Static).update(log)
        self.query_one("#log", VerticalScroll).scroll_end(animate=False)

    def action_ask_jump(self) -> None:
        box = self.query_one("#jump", Input)
        box.display = True
        box.value = ""
        box.focus()

    def action_cancel_jump(self) -> None:
        box = self.query_one("#jump", Input)
        box.display = False
        self.set_focus(None)

    @on(Input.Submitted, "#jump")
    def _jump(self, event: Input.Submitted) -> None:
        refused = self.jump(event.value.strip())
        if refused is not None:
            self.message = refused
            self.show()
            return
        self.action_cancel_jump()


class ReplayApp(StepViewer):
    """Steps through ``record`` (a ``spacetable-record/1`` dict); ``seat``: whose view (None:
    a spectator's); ``clock``: wall seconds (a fake one in tests)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus", "speed(1)", show=False),
        Binding("minus", "speed(-1)", show=False),
        Binding("v", "next_seat", show=False),
    ]
    WORDS = WORDS

    def __init__(
        self,
        record: Mapping[str, Any],
        lang: str = "en",
        *,
        seat: int | None = None,
        data: DataSet[Any] | None = None,
        clock: Callable[[], float] = time.monotonic,
        speed: float = 1.0,
    ) -> None:
        super().__init__()
        final = spacetable.replay(dict(record), data=data)  # refuses a bad record
        self.entries: list[Mapping[str, Any]] = list(record["entries"])
        self.final = final
        self.lang = lang if lang in WORDS else "en"
        if seat is not None and not 0 <= seat < final.players:
            raise ValueError(f"seat must be 0..{final.players - 1}, got {seat}")
        self.seat = seat
        self.clock = clock
        self.speed = speed
        self.playing = False
        self.index = 0
        self._wall = clock()
        self._carry = 0.0
        self.message = ""
        self.render_view = renderer(final.game_id, final.parts)
        self.describe_event = event_describer(final.game_id, final.parts)
        g = spacetable.replay(dict(record), upto=0, data=data)
        self._frames: list[Game] = [g.clone()]
        for i, entry in enumerate(self.entries, 1):
            _apply_entry(g, entry)
            if i % KEYFRAME == 0:
                self._frames.append(g.clone())
        self.game = self._frames[0].clone()

    @property
    def steps(self) -> int:
        return len(self.entries)

    def on_mount(self) -> None:
        super().on_mount()
        self.set_interval(PLAY_PERIOD, self.tick)

    # ------------------------------------------------------------------ moving
    def go(self, index: int) -> None:
        """Show the game after ``index`` entries (clamped to 0..steps)."""
        index = max(0, min(self.steps, index))
        if index < self.index or index - self.index > KEYFRAME:
            base = index // KEYFRAME
            self.game = self._frames[base].clone()
            self.index = base * KEYFRAME
        while self.index < index:
            _apply_entry(self.game, self.entries[self.index])
            self.index += 1
        if self.index == self.steps:
            self.playing = False
        self.show()

    def tick(self) -> None:
        now = self.clock()
        if self.playing:
            self._carry += (now - self._wall) * self.speed
            whole = int(self._carry)
            if whole:
                self._carry -= whole
                self.go(self.index + whole)
        self._wall = now

    # ------------------------------------------------------------------ drawing
    def show(self) -> None:
        g = self.game
        head = self.w("step", i=self.index, n=self.steps)
        head += " · " + (self.w("playing", speed=self.speed) if self.playing else self.w("paused"))
        who = tr(self.lang, "seat", seat=self.seat) if self.seat is not None else None
        head += " · " + self.w("as", who=who or self.w("everyone"))
        if g.is_over:
            out = g.outcome()
            reason = out.reason.sentence(self.lang) if isinstance(out.reason, Termination) else ""
            head += " · " + self.w("over", reason=reason or str(out.reason))
        events = g.last_events(self.seat, 30)
        self.draw(
            head,
            self.render_view(g.view(self.seat), self.lang),
            log_text(self.describe_event(ev, self.lang) for ev in events),
        )

    # ------------------------------------------------------------------ keys
    def action_play_pause(self) -> None:
        if self.index == self.steps and not self.playing:
            self.go(0)
        self.playing = not self.playing
        self._wall, self._carry = self.clock(), 0.0
        self.show()

    def action_step(self, delta: int) -> None:
        self.playing = False
        self.go(self.index + delta)

    def action_go(self, index: int) -> None:
        self.playing = False
        self.go(self.steps if index < 0 else index)

    def action_speed(self, step: int) -> None:
        i = min(range(len(SPEEDS)), key=lambda k: abs(SPEEDS[k] - self.speed))
        self.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, i + step))]
        self.show()

    def action_next_seat(self) -> None:
        order: list[int | None] = [None, *range(self.final.players)]
        self.seat = order[(order.index(self.seat) + 1) % len(order)]
        self.show()

    def jump(self, text: str) -> str | None:
        if not text.isdecimal() or int(text) > self.steps:
            return self.w("bad_step", text=text, n=self.steps)
        self.message = ""
        self.action_go(int(text))
        return None
