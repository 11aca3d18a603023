"""The full-screen table: one Textual app for every game.

The screen fits 80x24 and grows with the window: a status line (whose turn, the clock, the
last message or error, which never scrolls away), the table of the seat whose screen it is
(the game's ``render`` output in a pane that scrolls both ways), the legal actions (arrow
keys and Enter, a click, or ``/`` to type a filter), the recent log, and one line of keys.
Bots think in a worker thread so the screen stays live; a real-time game's clock runs from an
injectable wall clock (``clock=``: a fake one in tests). Nothing here decides a rule: the
app reads views, legal actions, log events and component texts through the engine contract.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from rich.markup import escape
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, OptionList, Static

from spacetable.bots import Bot, SeatPort
from spacetable.bots.analysis import HINT_ITERATIONS, Hint, hint
from spacetable.cli.common import (
    compact_renderer,
    event_describer,
    legend,
    outcome_describer,
    renderer,
)
from spacetable.cli.play import play_meta
from spacetable.engine import Action, Game, SpacetableError, Termination
from spacetable.sim import step_bots

from .actionlist import GROUP_OVER as GROUP_OVER
from .actionlist import build, filter_note, refill
from .board import BoardPane, locate
from .texts import log_text, markup, tr
from .why import WhyScreen, first_reason

#: How many recent log events the log pane keeps.
LOG_EVENTS = 30
#: Seconds of wall time between two looks at the clock in a real-time game.
CLOCK_PERIOD = 0.2
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)


class _Idle(Bot):
    """Stands in for a human seat while the bots act in real time."""

    name = "human"

    def choose(self, port: SeatPort) -> Action | None:
        return None


class HandoffScreen(Screen[None]):
    """Hot seat: hides the table until the next seat says it is ready."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ready", show=False)]

    def __init__(self, seat: int, lang: str) -> None:
        super().__init__()
        self.seat = seat
        self.lang = lang

    def compose(self) -> ComposeResult:
        yield Static(tr(self.lang, "handoff", seat=self.seat), id="handoff")

    def action_ready(self) -> None:
        self.dismiss(None)


class QuitScreen(ModalScreen[bool]):
    """Asks before leaving an unfinished game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "leave", show=False),
        Binding("o", "leave", show=False),
        Binding("n", "stay", show=False),
        Binding("escape", "stay", show=False),
    ]

    def __init__(self, lang: str, save: Path | None) -> None:
        super().__init__()
        self.lang = lang
        self.save = save

    def compose(self) -> ComposeResult:
        saved = (
            tr(self.lang, "quit_saved", path=self.save)
            if self.save is not None
            else tr(self.lang, "quit_unsaved")
        )
        body = (
            f"[b]{escape(tr(self.lang, 'quit_title'))}[/b]\n\n{escape(saved)}\n\n"
            f"{escape(tr(self.lang, 'quit_keys'))}"
        )
        yield Static(body, id="quit")

    def action_leave(self) -> None:
        self.dismiss(True)

    def action_stay(self) -> None:
        self.dismiss(False)


class TextsScreen(ModalScreen[None]):
    """``?``: the full texts of the selected action and of every component the seat sees."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", show=False),
        Binding("question_mark", "close", show=False),
        Binding("q", "close", show=False),
    ]

    def __init__(self, body: str) -> None:
        super().__init__()
        self.body = body

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="texts"):
            yield Static(self.body, id="texts-body")

    def action_close(self) -> None:
        self.dismiss(None)


class UndoScreen(ModalScreen[str | None]):
    """``U``: asks how many of the seat's last decisions to take back (1 to ``can``)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", show=False)]

    def __init__(self, lang: str, can: int) -> None:
        super().__init__()
        self.lang = lang
        self.can = can

    def compose(self) -> ComposeResult:
        with Vertical(id="undo"):
            yield Static(escape(tr(self.lang, "undo_ask", n=self.can)))
            yield Input(
                placeholder=f"1-{self.can}", id="undo-count", restrict=r"[0-9]*", compact=True
            )

    @on(Input.Submitted, "#undo-count")
    def _answer(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


class HintScreen(TextsScreen):
    """``h``: what the search bot would do for the seat on screen (closed by Esc, ``h``)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("h", "close", show=False)]
    #: Its own look, so that the web table's viewer (``watch``) shows it as the table does.
    DEFAULT_CSS = """
    HintScreen { align: center middle; }
    HintScreen #texts { width: 90%; height: 90%; border: thick $primary; background: $surface; }
    """


class LegendScreen(TextsScreen):
    """``l``: the game's legend (closed by Esc, ``l`` or ``q``)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("l", "close", show=False)]


class TableApp(App[bool]):
    """One game at the table: human seats play here (hot seat), bots play the others.

    ``bots`` maps a seat to its bot; the other seats are human. ``clock`` gives wall seconds
    (``time.monotonic`` by default); a real-time game's time flows at ``speed`` game seconds
    per wall second, in bot ticks of ``tick`` seconds. ``save``: a file written after every
    move. The app returns True when the game ended, False when the players left it.
    """

    CSS = """
    Screen { layout: vertical; }
    #status { height: auto; min-height: 2; max-height: 4; background: $boost; padding: 0 1; }
    #main { height: 1fr; }
    #board {
        width: 1fr; scrollbar-size: 1 1;
        border-top: solid $primary-darken-2; border-title-color: $text-muted;
    }
    #board:focus { border-top: heavy $accent; border-title-color: $text; border-title-style: bold; }
    #board-text { width: auto; }
    #side { width: 44%; min-width: 30; }
    #actions { height: 1fr; border: none; padding: 0; overflow-x: hidden; }
    #log-text { width: 100%; text-wrap: wrap; }
    #log { height: 7; border-top: solid $primary; }
    #filter { height: 1; border: none; padding: 0 1; }
    #keys { height: auto; max-height: 2; background: $panel; padding: 0 1; }
    #handoff { width: 100%; height: 100%; content-align: center middle; text-align: center; }
    QuitScreen, TextsScreen, LegendScreen, HintScreen, UndoScreen, WhyScreen {
        align: center middle;
    }
    #why { width: 96%; height: 96%; border: thick $primary; background: $surface; }
    #why-title { height: auto; padding: 0 1; }
    #why-input { margin: 0 1; }
    #why-list { height: 7; margin: 0 1; }
    #why-answer { height: 1fr; padding: 0 1; border-top: solid $primary; }
    #why-keys { height: 1; padding: 0 1; }
    #undo { width: 60; height: auto; border: thick $primary; padding: 1 2; background: $surface; }
    #quit { width: 60; height: auto; border: thick $warning; padding: 1 2; background: $surface; }
    #texts { width: 90%; height: 90%; border: thick $primary; background: $surface; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit_table", show=False),
        Binding("u", "undo", show=False),
        Binding("U", "undo_many", show=False),
        Binding("question_mark", "texts", show=False),
        Binding("l", "legend", show=False),
        Binding("h", "hint", show=False),
        Binding("slash", "filter", show=False),
        Binding("escape", "clear_filter", show=False),
        Binding("s", "save", show=False),
        Binding("p", "pause", show=False),
        Binding("plus", "faster", show=False),
        Binding("minus", "slower", show=False),
        Binding("w", "wait", show=False),
        Binding("n", "next_seat", show=False),
        Binding("y", "why", show=False),
    ]

    def __init__(
        self,
        game: Game,
        bots: Mapping[int, Bot] | None = None,
        lang: str = "en",
        *,
        clock: Callable[[], float] = time.monotonic,
        speed: float = 1.0,
        tick: float = 1.0,
        save: Path | None = None,
        kinds: Mapping[int, str] | None = None,
        data_dir: str | None = None,
    ) -> None:
        super().__init__()
        self.game = game
        self.bots = dict(bots or {})
        self.kinds = {s: (kinds or {}).get(s, b.name) for s, b in self.bots.items()}
        self.humans = [s for s in range(game.players) if s not in self.bots]
        self.lang = lang
        self.clock = clock
        self.speed = speed
        self.tick_seconds = tick
        self.save_path = save
        self.data_dir = data_dir
        self.render_view = renderer(game.game_id, game.parts)
        self.render_compact = compact_renderer(game.game_id, game.parts)
        self.describe_event = event_describer(game.game_id, game.parts)
        self.describe_outcome = outcome_describer(game.game_id, game.parts)
        #: The seat whose table is on screen (None: a spectator, when every seat is a bot).
        self.seat: int | None = None
        self.message = ""
        self.error = False
        self.paused = False
        self.legal: list[Action] = []
        #: The action under each line of the list (None for a heading).
        self.lines: list[Action | None] = []
        self.filter_text = ""
        self.finished = False
        self._gen = 0  # bumped on every change of the game: a stale bot answer is dropped
        self._thinking: int | None = None
        #: Real time: game seconds that passed on the wall clock and have yet to flow.
        self._pending = 0.0
        #: Real time: the seconds of the bot tick being thought in a worker (None: none is).
        self._flowing: float | None = None
        self._handing_over = False
        self._wall = clock()
        #: Whether the seat may take back its decisions (a guided game may not).
        self.allow_undo = True

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield from self.compose_under_status()
        with Horizontal(id="main"):
            with BoardPane(self.lang, id="board"):
                yield Static(id="board-text")
            with Vertical(id="side"):
                yield OptionList(id="actions")
                with VerticalScroll(id="log"):
                    yield Static(id="log-text")
        yield Input(placeholder=tr(self.lang, "filter"), id="filter")
        yield Static(id="keys")

    def compose_under_status(self) -> ComposeResult:
        """What a kind of table shows under the status line (the guide's panel)."""
        yield from ()

    @property
    def _main(self) -> Screen[Any]:
        """The table's screen, whatever is shown above it (texts, a hand-off, a question)."""
        return self.screen_stack[0]

    def on_mount(self) -> None:
        self._main.query_one("#keys", Static).update(self._keys_line())
        if self.game.realtime:
            self.set_interval(CLOCK_PERIOD, self.tick)
        self._main.query_one("#actions", OptionList).focus()
        self.next_turn()

    def t(self, key: str, **kw: Any) -> str:
        return tr(self.lang, key, **kw)

    def _keys_line(self) -> str:
        keys = [
            ("↑↓⏎", "k_play"),
            ("Tab", "k_board"),
            ("/", "k_filter"),
            ("?", "k_texts"),
            ("l", "k_legend"),
            ("y", "k_why"),
            ("h", "k_hint"),
            ("u", "k_undo"),
        ]
        if self.save_path is not None:
            keys.append(("s", "k_save"))
        keys.append(("q", "k_quit"))
        if self.game.realtime:
            keys += [("p", "k_pause"), ("+-", "k_speed"), ("w", "k_wait")]
            if len(self.humans) > 1:
                keys.append(("n", "k_next"))
        return " ".join(f"[b]{escape(k)}[/b] {escape(self.t(name))}" for k, name in keys)

    # ------------------------------------------------------------------ turns
    def next_turn(self) -> None:
        """After any change: pick whose table is shown, start a bot, or end the game."""
        g = self.game
        self._gen += 1
        if g.is_over:
            self.finished = True
            self.show_table()
            return
        human_to_act = [s for s in g.to_act if s not in self.bots]
        if g.realtime:
            # Everyone may act at once: the screen stays with its seat (n hands it over).
            if self.humans and self.seat not in self.humans:
                self.seat = self.humans[0]
            self.show_table()
            return
        if human_to_act:
            seat = human_to_act[0]
            if len(self.humans) > 1 and self.seat is not None and seat != self.seat:
                self.seat = seat
                self._hand_over()
                return
            self.seat = seat
            self.show_table()
            return
        if self.seat is None and self.humans:
            self.seat = self.humans[0]
        seat = g.to_act[0]
        self._thinking = seat
        self.show_table()
        self._start_bot(seat)

    def _start_bot(self, seat: int) -> None:
        copy, bot, gen = self.game.clone(), self.bots[seat], self._gen

        def think() -> None:
            action = bot.choose(SeatPort(copy, seat))
            self.call_from_thread(self._bot_done, seat, gen, action)

        self.run_worker(think, thread=True, group="bot", exit_on_error=True)

    def _bot_done(self, seat: int, gen: int, action: Action | None) -> None:
        self._thinking = None
        if gen != self._gen:
            return  # the game changed meanwhile (an undo): the newer turn has its own bot
        if action is None:
            self.say(f"bot of seat {seat} returned no action", error=True)
            return
        self.game.apply(seat, action)
        self._autosave()
        self.next_turn()

    def play(self, action: Action) -> None:
        """The seat on screen plays ``action`` (checked again: real time may have moved on)."""
        g, seat = self.game, self.seat
        if seat is None or g.is_over or seat in self.bots or seat not in g.to_act:
            self.say(self.t("not_your_turn"), error=True)
            return
        if action not in g.legal_actions(seat):
            detail = first_reason(g, seat, action, self.lang)
            self.say(self.t("late") + (f" {detail}" if detail else ""), error=True)
            self.show_table()
            return
        g.apply(seat, action)
        self.message = ""
        self._autosave()
        self.next_turn()

    # ------------------------------------------------------------------ real time
    def tick(self) -> None:
        """Let the game time that passed on the wall clock flow (nothing while paused)."""
        if not self.is_running:
            return
        now = self.clock()
        seconds = 0.0 if self.paused else (now - self._wall) * self.speed
        self._wall = now
        if seconds > 0 and not self.game.is_over:
            self.flow(seconds)
        else:
            self._show_status()

    def flow(self, seconds: float) -> None:
        """Let ``seconds`` of game time flow, in bot ticks of at most ``tick`` seconds: in
        each the bots act (as :func:`spacetable.sim.step_bots` lets them), then the time
        passes. The bots think in a worker thread, one tick after the other, on a copy of
        the game; their answers are applied here, on the screen's thread, in the order they
        were given, so a fake clock gives the same game as thinking on this thread would.
        Meanwhile the screen stays live: the seat on screen may act, pause, look at texts."""
        self._pending += seconds
        self._next_tick()

    def _next_tick(self) -> None:
        """Start thinking the next bot tick of the pending time (one tick at a time); once
        no time is pending, redraw."""
        g = self.game
        while self._flowing is None:
            if g.is_over or self._pending <= 1e-9:
                self._pending = 0.0
                self.next_turn()
                return
            dt = min(self.tick_seconds, self._pending)
            self._pending -= dt
            if not self.bots:  # nobody to think: the time just passes
                g.advance(dt)
                continue
            self._think_tick(dt)

    def _think_tick(self, dt: float) -> None:
        """The bots think one tick of ``dt`` seconds in a worker, on a copy of the game."""
        g = self.game
        copy, gen = g.clone(), self._gen
        bots = [self.bots.get(s, _Idle()) for s in range(g.players)]
        self._flowing = dt

        def think() -> None:
            answers: list[tuple[int, Action]] = []
            step_bots(copy, bots, tick=dt, on_action=lambda s, a: answers.append((s, a)))
            self.call_from_thread(self._tick_done, gen, dt, answers)

        self.run_worker(think, thread=True, group="realtime", exit_on_error=True)
        self._show_status()

    def _tick_done(self, gen: int, dt: float, answers: list[tuple[int, Action]]) -> None:
        """A bot tick thought in the worker: its answers, then ``dt`` seconds of game time.
        When the game changed meanwhile (the seat on screen acted), an answer that is no
        longer legal is dropped."""
        g = self.game
        self._flowing = None
        for seat, action in answers:
            if g.is_over:
                break
            if gen == self._gen or (seat in g.to_act and action in g.legal_actions(seat)):
                g.apply(seat, action)
        if not g.is_over:
            g.advance(dt)
        self.next_turn()
        if self._pending > 1e-9 and not g.is_over:
            self._next_tick()

    # ------------------------------------------------------------------ drawing
    def say(self, text: str, *, error: bool = False) -> None:
        self.message, self.error = text, error
        self._show_status()

    def _who(self, seat: int) -> str:
        who = self.t("seat", seat=seat)
        return f"{who} ({self.kinds[seat]})" if seat in self.bots else who

    def _show_status(self) -> None:
        g = self.game
        if g.is_over:
            head = self.t("over", reason=self._reason())
        elif self.seat is not None and self.seat in g.to_act and self.seat not in self.bots:
            head = self.t("you", seat=self.seat)
            if self.allow_undo and (n := g.undoable(self.seat)):
                head += f" · u ({n})" if n == 1 else f" · u U ({n})"
        else:
            head = self.t("waiting", who=", ".join(self._who(s) for s in g.to_act))
            if self._thinking is not None:
                head += " · " + self.t(
                    "thinking", seat=self._thinking, kind=self.kinds.get(self._thinking, "")
                )
        if self._flowing is not None and not g.is_over:
            head += " · " + self.t("bots_thinking")
        if g.realtime:
            head += " · " + self.t("clock", clock=g.clock)
            head += " · " + (self.t("paused") if self.paused else self.t("speed", speed=self.speed))
        line = f"[b]{escape(head)}[/b]"
        if self.message:
            style = "red" if self.error else "green"
            line += f"\n[{style}]{escape(self.message)}[/]"
        shown = self._main.query("#status")
        if not shown:  # the app is closing: a clock tick came after the screen went
            return
        shown.first(Static).update(line)

    def _reason(self) -> str:
        out = self.game.outcome()
        reason = self.describe_outcome(out.to_json(), self.lang) if self.describe_outcome else None
        if reason:
            return markup(reason).plain
        return out.reason.sentence(self.lang) if isinstance(out.reason, Termination) else out.reason

    def _hand_over(self) -> None:
        """Hide the table and ask the seat now on screen to take the terminal."""
        self._handing_over = True
        self._hide_table()

        def ready(_: None) -> None:
            self._handing_over = False
            self.show_table()

        self.push_screen(HandoffScreen(self.seat or 0, self.lang), ready)

    def _hide_table(self) -> None:
        self._main.query_one("#board-text", Static).update("")
        self._main.query_one("#log-text", Static).update("")
        self._main.query_one("#actions", OptionList).clear_options()
        self.lines = []

    def show_table(self) -> None:
        """Draw the table of the seat on screen (everything, once the game is over)."""
        g = self.game
        if self._handing_over:
            self._show_status()  # nobody's table until the next seat says it is ready
            return
        viewer = None if g.is_over else self.seat
        view = g.view(viewer)
        board = self.render_view(view, self.lang)
        compact = self.render_compact(view, self.lang)
        if g.is_over:
            out = g.outcome()
            rows = [
                self.t("result", who=self._who(s), score=f"{out.scores[s]:g}", rank=out.ranks[s])
                for s in range(g.players)
            ]
            rows += [f"{name}: {score:g}" for name, score in out.others.items()]
            end = "\n\n[b]" + escape(self._reason()) + "[/b]\n" + escape("\n".join(rows))
            board += end
            compact = None if compact is None else compact + end
        self._main.query_one("#board", BoardPane).show(board, compact)
        events = g.last_events(viewer, LOG_EVENTS)
        self._main.query_one("#log-text", Static).update(
            log_text(self.describe_event(ev, self.lang) for ev in events)
        )
        # once the new text is laid out: scrolled now, it would stop at the old text's end
        log = self._main.query_one("#log", VerticalScroll)
        self.call_after_refresh(log.scroll_end, animate=False)
        playing = viewer is not None and viewer in g.to_act and viewer not in self.bots
        self._set_actions(g.legal_actions(viewer) if playing and viewer is not None else [])
        self._show_status()

    def _set_actions(self, legal: list[Action]) -> None:
        """Fill the list; the highlighted action stays highlighted if it is still legal."""
        ol = self._main.query_one("#actions", OptionList)
        self.legal = legal
        built = build(
            ((a, markup(self.game.label(a, self.lang)), a.type) for a in legal),
            self.filter_text,
            self.lang,
        )
        if self.filter_text:
            self.message = filter_note(self.lang, self.filter_text, built.shown, built.total)
            self.error = not built.shown
        if refill(ol, self.lines, built):
            self.lines = built.keys

    # ------------------------------------------------------------------ input
    @on(OptionList.OptionSelected, "#actions")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        action = self.lines[event.option_index] if event.option_index < len(self.lines) else None
        if action is not None:
            self.play(action)

    @on(OptionList.OptionHighlighted, "#actions")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """An action that names a square of the board brings that square into view."""
        i = event.option_index
        action = self.lines[i] if 0 <= i < len(self.lines) else None
        if action is not None:
            self.call_after_refresh(self.show_square, action)

    def show_square(self, action: Action) -> None:
        """Pan the board to the square that ``action`` names (nothing when it names none)."""
        pane = self._main.query_one("#board", BoardPane)
        label = markup(self.game.label(action, self.lang)).plain
        spot = locate(pane.plain, label)
        if spot is not None:
            pane.bring_into_view(*spot)

    @on(Input.Changed, "#filter")
    def _filtered(self, event: Input.Changed) -> None:
        if event.value.strip() == self.filter_text:
            return  # the line was cleared by the app itself (and the list redrawn)
        self.filter_text = event.value.strip()
        if not self.filter_text:
            self.message = ""
        self._set_actions(self.legal)
        self._show_status()

    @on(Input.Submitted, "#filter")
    def _filter_done(self, event: Input.Submitted) -> None:
        ol = self._main.query_one("#actions", OptionList)
        if ol.highlighted is not None and self.lines and self.lines[ol.highlighted] is not None:
            action = self.lines[ol.highlighted]
            self._clear_filter()
            if action is not None:
                self.play(action)
            return
        self.typed_move(event.value.strip())

    def typed_move(self, text: str) -> None:
        """A move typed in the filter line that no legal action's label matches: when it is
        an action of the game (its text form), it is played if legal, else refused with the
        reasons at once (the why panel, the first reason on the status line)."""
        g, seat = self.game, self.seat
        if not text or seat is None or seat in self.bots:
            return
        try:
            action = g.parse_action(text)
        except (SpacetableError, ValueError):
            return  # not an action: the filter's note says that nothing matches
        self._clear_filter()
        if action in g.legal_actions(seat):
            self.play(action)
            return
        self._set_actions(self.legal)
        detail = first_reason(g, seat, action, self.lang)
        self.say(self.t("refused", detail=detail or self.t("why_unknown")), error=True)
        self.push_screen(WhyScreen(g, seat, self.lang, action))

    def action_why(self) -> None:
        """``y``: why an action is not legal now, for the seat on screen."""
        seat = self.seat
        if seat is None or seat in self.bots or self._handing_over:
            self.say(self.t("why_no_seat"), error=True)
            return
        self.push_screen(WhyScreen(self.game, seat, self.lang))

    def on_key(self, event: Any) -> None:
        # Tab goes between the actions and the board (which then pans with the arrows).
        actions = self._main.query_one("#actions", OptionList)
        board = self._main.query_one("#board", BoardPane)
        if event.key == "tab" and self.focused in (actions, board):
            (board if self.focused is actions else actions).focus()
            event.stop()
            event.prevent_default()
            return
        # Arrows typed in the filter move the list's highlight.
        if self.focused is self._main.query_one("#filter", Input) and event.key in ("up", "down"):
            ol = self._main.query_one("#actions", OptionList)
            (ol.action_cursor_up if event.key == "up" else ol.action_cursor_down)()
            event.stop()

    def action_filter(self) -> None:
        self._main.query_one("#filter", Input).focus()

    def _clear_filter(self) -> None:
        box = self._main.query_one("#filter", Input)
        self.filter_text = ""
        box.value = ""
        self.message = ""
        self._main.query_one("#actions", OptionList).focus()

    def action_clear_filter(self) -> None:
        self._clear_filter()
        self._set_actions(self.legal)
        self._show_status()

    def take_back(self, n: int) -> bool:
        """Take back the last ``n`` decisions of the seat on screen under the engine's rule
        (:meth:`Game.undoable`); False, with the reason on the status line, when not allowed."""
        g, seat = self.game, self.seat
        if seat is None or seat in self.bots or g.is_over:
            self.say(self.t("not_your_turn"), error=True)
            return False
        can = g.undoable(seat)
        if can == 0 or n > can:
            self.say(self.t("no_undo") if can == 0 else self.t("few_undo", n=can), error=True)
            return False
        g.undo(seat, n)
        self.message, self.error = self.t("undone", n=n), False
        self._autosave()
        self.next_turn()
        return True

    def action_undo(self) -> None:
        """``u``: take back the seat's last decision."""
        self.take_back(1)

    def action_undo_many(self) -> None:
        """``U``: ask how many decisions to take back (refused at once when none may be)."""
        g, seat = self.game, self.seat
        if seat is None or seat in self.bots or g.is_over or not g.undoable(seat):
            self.take_back(1)  # says why not
            return
        can = g.undoable(seat)

        def answer(text: str | None) -> None:
            if text is None:
                return
            if not text.isdecimal() or int(text) < 1:
                self.say(self.t("bad_count", text=text, n=can), error=True)
                return
            self.take_back(int(text))  # checked again: real time may have moved on

        self.push_screen(UndoScreen(self.lang, can), answer)

    def action_texts(self) -> None:
        g, seat = self.game, (None if self.game.is_over else self.seat)
        parts: list[str] = []
        ol = self._main.query_one("#actions", OptionList)
        if ol.highlighted is not None and ol.highlighted < len(self.lines):
            action = self.lines[ol.highlighted]
            if action is not None:
                label = g.label(action, self.lang)
                plain = markup(label).plain
                parts.append(f"[b]{escape(self.t('action_text'))}[/b]\n{escape(plain)}\n")
        comps = g.component_texts(seat, self.lang)
        if comps:
            parts.append(f"[b]{escape(self.t('components', n=len(comps)))}[/b]")
            parts += [
                f"[b]{escape(c.name)}[/b] [dim]{escape(c.id)}[/dim]\n  {escape(c.text)}"
                for c in comps
            ]
        else:
            parts.append(escape(self.t("no_components")))
        parts.append("\n" + self._legend_text())
        parts.append(f"\n[dim]{escape(self.t('close'))}[/dim]")
        self.push_screen(TextsScreen("\n".join(parts)))

    def _legend_text(self) -> str:
        """The game's legend: each symbol its renderer draws and what it means."""
        pairs = legend(self.game.game_id, self.lang)
        if not pairs:
            return escape(self.t("no_legend"))
        rows = [f"[b]{escape(s)}[/b]  {escape(m)}" for s, m in pairs]
        return "\n".join([f"[b]{escape(self.t('legend'))}[/b]", *rows])

    def action_legend(self) -> None:
        """``l``: the legend of the table's symbols and abbreviations."""
        body = self._legend_text() + f"\n\n[dim]{escape(self.t('close_legend'))}[/dim]"
        self.push_screen(LegendScreen(body))

    def action_hint(self) -> None:
        """``h``: the search bot's top moves for the seat on screen, searched in a worker
        thread from that seat's information only (:func:`spacetable.bots.analysis.hint`)."""
        g, seat = self.game, self.seat
        if seat is None or g.is_over or not g.legal_actions(seat):
            self.say(self.t("no_hint"), error=True)
            return
        self.say(self.t("hint_thinking", seat=seat))
        copy, gen = g.clone(), self._gen

        def think() -> None:
            hints = hint(copy, seat, iterations=HINT_ITERATIONS, seed=copy.step * 16 + seat)
            self.call_from_thread(self._hint_done, gen, copy, seat, hints)

        self.run_worker(think, thread=True, group="hint", exit_on_error=True)

    def _hint_done(self, gen: int, game: Game, seat: int, hints: list[Hint]) -> None:
        if gen != self._gen:  # the game moved on meanwhile: the hint is for another position
            return
        self.say("")
        rows = [f"[b]{escape(self.t('hint_title', seat=seat))}[/b]", ""]
        for n, h in enumerate(hints, 1):
            rows.append(f"{n}. {escape(markup(h.sentence(game, self.lang)).plain)}")
        rows.append(f"\n[dim]{escape(self.t('hint_note', seat=seat))}[/dim]")
        rows.append(f"[dim]{escape(self.t('close_hint'))}[/dim]")
        self.push_screen(HintScreen("\n".join(rows)))

    def action_quit_table(self) -> None:
        if self.game.is_over:
            self.exit(True)
            return

        def answer(leave: bool | None) -> None:
            if leave:
                self._autosave()
                self.exit(False)

        self.push_screen(QuitScreen(self.lang, self.save_path), answer)

    def action_save(self) -> None:
        if self.save_path is None:
            self.say(self.t("no_save"), error=True)
            return
        if self._write_save():
            self.say(self.t("saved", path=self.save_path))

    def action_pause(self) -> None:
        if self.game.realtime:
            self.tick()
            self.paused = not self.paused
            self._show_status()

    def _set_speed(self, step: int) -> None:
        if not self.game.realtime:
            return
        self.tick()
        i = min(range(len(SPEEDS)), key=lambda k: abs(SPEEDS[k] - self.speed))
        self.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, i + step))]
        self._show_status()

    def action_faster(self) -> None:
        self._set_speed(1)

    def action_slower(self) -> None:
        self._set_speed(-1)

    def action_next_seat(self) -> None:
        """Real time with several human seats: hand the screen to the next one (hidden table
        meanwhile; game time flows on)."""
        if not self.game.realtime or len(self.humans) < 2 or self.seat is None:
            return
        self.seat = self.humans[(self.humans.index(self.seat) + 1) % len(self.humans)]
        self._hand_over()

    def action_wait(self) -> None:
        """Real time: let one tick of game time pass now."""
        if self.game.realtime and not self.game.is_over:
            self.tick()
            self.flow(self.tick_seconds)

    # ------------------------------------------------------------------ saves
    def _write_save(self) -> bool:
        assert self.save_path is not None
        seats = [self.kinds.get(s) for s in range(self.game.players)]
        meta = play_meta(seats, self.lang, self.speed, self.tick_seconds, self.data_dir)
        try:
            self.save_path.write_text(self.game.to_json(meta=meta), encoding="utf-8")
        except OSError as e:
            self.say(self.t("save_failed", path=self.save_path, err=e.strerror or e), error=True)
            return False
        return True

    def _autosave(self) -> None:
        if self.save_path is not None:
            self._write_save()
