"""A guided first game at the full-screen table: ``spacetable tui --guide GAME``, or *Learn to
play* on the set-up screen.

The game is the one of the game's ``data/guide.toml`` (:mod:`spacetable.engine.guide`): its
settings, the learner at their seat, every other seat played by the script
(:class:`~spacetable.bots.guide.GuideBot`). A panel under the status line shows what the
guide says now: the learner's step (what to do and why), the action to take (it is marked
``▶`` and highlighted in the action list) and the piece it is about, what the other seats'
moves were, and at the end a word of congratulations under the real finish. Any other move
is refused with the guide's words (:class:`~spacetable.engine.guide.GuideError`). A wait
step lets the game's time pass in real time (``w`` lets it pass at once); nothing else moves
the clock. ``y`` (why not) works as at any table; taking back is off.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from importlib import resources

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import OptionList, Static

import spacetable
from spacetable.bots.guide import GuideBot
from spacetable.engine import Action, game_class
from spacetable.engine.guide import Guide, GuideError, Step
from spacetable.engine.registry import GAME_MODULES

from .actionlist import build, filter_note, refill
from .app import TableApp
from .texts import markup, tr

#: What marks the guide's action in the list.
MARK = "▶ "


def has_guide(game_id: str) -> bool:
    """Whether ``game_id`` ships a guided first game (``data/guide.toml``), without reading it."""
    package = game_class(game_id).__module__.rpartition(".")[0]
    try:
        return resources.files(package).joinpath("data/guide.toml").is_file()
    except ModuleNotFoundError:
        return False


def guided_games() -> list[str]:
    """The shipped games (:data:`~spacetable.engine.registry.GAME_MODULES`) that ship a
    guided first game, sorted."""
    shipped = {m.rpartition(".")[2] for m in GAME_MODULES}
    return [g for g in spacetable.list_games() if g in shipped and has_guide(g)]


class GuideApp(TableApp):
    """The guided first game of ``guide`` (see the module docstring)."""

    CSS = (
        TableApp.CSS
        + """
    #guide { height: auto; max-height: 8; padding: 0 1; border-bottom: solid $success; }
    """
    )

    def __init__(
        self,
        guide: Guide,
        lang: str = "en",
        *,
        clock: Callable[[], float] = time.monotonic,
        speed: float = 1.0,
        tick: float = 1.0,
    ) -> None:
        game = spacetable.new_game(guide.game_id, guide.players, guide.seed, guide.options)
        others = [s for s in range(guide.players) if s != guide.learner]
        super().__init__(
            game,
            {s: GuideBot(guide) for s in others},
            lang,
            clock=clock,
            speed=speed,
            tick=tick,
            kinds={s: tr(lang, "guide_kind") for s in others},
        )
        self.allow_undo = False
        self.guide = guide
        #: What the guide said of the last move of another seat.
        self.note = ""
        #: Game seconds waited in the current wait step.
        self.waited = 0.0
        #: The game step whose action the list was last moved to.
        self._marked: int | None = None

    def compose_under_status(self) -> ComposeResult:
        with VerticalScroll(id="guide"):  # a long text scrolls (the wheel), never cut
            yield Static(id="guide-text")

    @property
    def step(self) -> Step | None:
        """The guide's step due now (``None``: past the script, or the game is over)."""
        return None if self.game.is_over else self.guide.at(self.game.step)

    def _learners(self) -> Step | None:
        step = self.step
        return step if step is not None and step.seat == self.guide.learner else None

    def _keys_line(self) -> str:
        keys = [
            ("↑↓⏎", "k_play"),
            ("/", "k_filter"),
            ("?", "k_texts"),
            ("l", "k_legend"),
            ("y", "k_why"),
            ("q", "k_quit"),
        ]
        if any(s.wait is not None for s in self.guide.steps):
            keys += [("p", "k_pause"), ("w", "k_wait")]
        return " ".join(f"[b]{escape(k)}[/b] {escape(self.t(name))}" for k, name in keys)

    # ------------------------------------------------------------------ turns
    def next_turn(self) -> None:
        """After any change: the script plays another seat's step, or the learner's is shown
        (a wait step waits for the clock, :meth:`tick`)."""
        g = self.game
        self._gen += 1
        self.seat = self.guide.learner
        if g.is_over:
            self.finished = True
            self.show_table()
            return
        step = self.step
        if step is not None and step.action is not None and step.seat != self.guide.learner:
            assert step.seat is not None
            self._thinking = step.seat
            self.show_table()
            self._start_bot(step.seat)
            return
        self.show_table()

    def _bot_done(self, seat: int, gen: int, action: Action | None) -> None:
        step = self.step
        if gen == self._gen and step is not None and step.seat == seat:
            text = step.say(self.lang)
            self.note = (
                self.t("guide_note", who=self.t("seat", seat=seat), text=text) if text else ""
            )
        super()._bot_done(seat, gen, action)

    def play(self, action: Action) -> None:
        """The learner plays ``action`` if it is the guide's; else it is refused with the
        guide's words."""
        g, seat = self.game, self.seat
        if not g.is_over and seat is not None:
            try:
                self.guide.check_move(g.step, seat, action)
            except GuideError:
                mine = self._learners()
                said = mine.say(self.lang) if mine is not None else None
                text = said or self.t("guide_not_yet")
                self.say(self.t("guide_refused", text=text), error=True)
                return
        self.note = ""
        super().play(action)

    # ------------------------------------------------------------------ time
    def tick(self) -> None:
        """A wait step: the wall time that passed, times the speed, counts towards it; once
        it is all there, the game's time passes by the step's seconds, as the script says."""
        if not self.is_running:
            return
        now = self.clock()
        seconds = 0.0 if self.paused else (now - self._wall) * self.speed
        self._wall = now
        step = self.step
        if step is not None and step.wait is not None and self._thinking is None:
            self.waited += seconds
            if self.waited >= step.wait - 1e-9:
                self._let_time_pass(step.wait)
                return
        self._show_status()

    def _let_time_pass(self, seconds: float) -> None:
        self.waited = 0.0
        self.game.advance(seconds)
        self.next_turn()

    def action_wait(self) -> None:
        """``w``: a wait step's time passes at once."""
        step = self.step
        if step is not None and step.wait is not None and self._thinking is None:
            self._let_time_pass(step.wait)

    def action_undo(self) -> None:
        self.say(self.t("guide_no_undo"), error=True)

    def action_undo_many(self) -> None:
        self.action_undo()

    # ------------------------------------------------------------------ drawing
    def show_table(self) -> None:
        super().show_table()
        self._show_guide()

    def _show_guide(self) -> None:
        g, lang = self.game, self.lang
        lines = [f"[b]{escape(self.t('guide_title', title=self.guide.title[lang]))}[/b]"]
        if g.is_over:
            name = g.info.name_fr if lang == "fr" else g.info.name_en
            lines.append(f"[b green]{escape(self.t('guide_done', game=name))}[/]")
        else:
            step = self.step
            if self.note:
                lines.append(f"[dim]{escape(self.note)}[/dim]")
            if step is None:
                lines.append(f"[red]{escape(self.t('guide_lost'))}[/]")
            elif step.wait is not None:
                if step.say(lang):
                    lines.append(escape(step.say(lang) or ""))
                lines.append(f"[b yellow]{escape(self.t('guide_wait', seconds=step.wait))}[/]")
            elif step.seat == self.guide.learner and step.action is not None:
                lines.append(escape(step.say(lang) or ""))
                do = self.t("guide_do", action=markup(g.label(step.action, lang)).plain)
                piece = self._piece(step)
                if piece:
                    do += " · " + self.t("guide_piece", name=piece)
                lines.append(f"[b yellow]{escape(do)}[/]")
            else:
                lines.append(escape(self.t("guide_other", who=self.t("seat", seat=step.seat))))
        shown = self._main.query("#guide-text")
        if shown:
            shown.first(Static).update("\n".join(lines))

    def _piece(self, step: Step) -> str | None:
        """The name of the piece the step is about, as the learner sees it (``None``: it is
        not in the learner's view, or the step is about none)."""
        if step.point is None:
            return None
        for c in self.game.component_texts(self.guide.learner, self.lang):
            if c.id == step.point:
                return c.name
        return None

    def _set_actions(self, legal: list[Action]) -> None:
        """The list, with the guide's action marked; the highlight moves to it once per
        step (the learner may move it away: another move is refused with the guide's
        words)."""
        g = self.game
        ol = self._main.query_one("#actions", OptionList)
        mine = self._learners()
        target = mine.action if mine is not None else None
        self.legal = legal

        def label(a: Action) -> Text:
            text = markup(g.label(a, self.lang))
            return Text(MARK, style="bold yellow") + text if a == target else text

        built = build(((a, label(a), a.type) for a in legal), self.filter_text, self.lang)
        if self.filter_text:
            self.message = filter_note(self.lang, self.filter_text, built.shown, built.total)
            self.error = not built.shown
        fresh = self._marked != g.step
        if fresh:  # the mark moved: draw every label again
            ol.clear_options()
            self.lines = []
        if refill(ol, self.lines, built):
            self.lines = built.keys
        if fresh and target is not None and target in self.lines:
            ol.highlighted = self.lines.index(target)
            self._marked = g.step


def guided_table(
    game_id: str, lang: str = "en", *, clock: Callable[[], float] = time.monotonic
) -> GuideApp:
    """The guided first game of ``game_id`` (a :class:`DataError` when it has none or its
    script is broken)."""
    return GuideApp(Guide.load(game_id), lang, clock=clock)
