"""``y``: why an action is not legal now, for the seat on screen.

The screen lists every action of the game's action space that the seat cannot play now
(their labels, as the action list writes them) under a line where the player types an
action's text form (Tab completes it) or a word of its label; Enter, or a pick in the list,
shows every reason the engine gives (:meth:`Game.why_not`): what in the position breaks the
rule (in the table's language), the rulebook's section, its sentence quoted in French and,
in English, its translation (:meth:`Presentation.reason`). The reasons are computed from
what the seat may see: they name nothing hidden from it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.markup import escape
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from spacetable.engine import Action, Game, SpacetableError
from spacetable.engine.presentation import presentation

from .texts import markup, tr

#: At most this many actions are listed at once (typing narrows the list).
SHOWN = 200


def action_label(game: Game, action: Action, lang: str) -> str:
    """The action as the action list writes it, without markup."""
    return markup(game.label(action, lang)).plain


def reasons(game: Game, seat: int, action: Action, lang: str) -> list[dict[str, str]]:
    """Every reason why ``seat`` may not play ``action`` now, told in ``lang`` (``[]``: it
    may)."""
    shown = presentation(game)
    return [shown.reason(r, lang) for r in game.why_not(seat, action)]


def first_reason(game: Game, seat: int, action: Action, lang: str) -> str | None:
    """The first reason's sentence (for a one-line message), or ``None`` when it is legal."""
    told = reasons(game, seat, action, lang)
    return told[0]["detail"] if told else None


def explain(game: Game, seat: int, action: Action, lang: str) -> str:
    """The reasons against ``action`` as the why panel shows them (rich markup)."""
    label = action_label(game, action, lang)
    if action in game.legal_actions(seat):
        return f"[green]{escape(tr(lang, 'why_legal', action=label))}[/]"
    lines = [f"[b]{escape(tr(lang, 'why_head', action=label))}[/b]"]
    told = reasons(game, seat, action, lang)
    if not told:
        lines.append(escape(tr(lang, "why_unknown")))
    for r in told:
        lines.append(f"\n[b]•[/b] {escape(r['detail'])}")
        ours = r["source"] != "rulebook"  # one of our readings: said, not quoted
        head = tr(lang, "why_reading" if ours else "why_rule", section=r["section"])
        lines.append(f"  [dim]{escape(head)}[/dim]")
        lines.append(f"  {escape(r['quote'])}" if ours else f"  [i]« {escape(r['quote'])} »[/i]")
        if lang != "fr":
            lines.append(f"  {escape(r['translation'])}")
    return "\n".join(lines)


class WhyScreen(ModalScreen[None]):
    """The why panel of ``seat`` (see the module docstring); ``first``: an action to explain
    at once (a move the player typed that was refused)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", show=False)]

    def __init__(self, game: Game, seat: int, lang: str, first: Action | None = None) -> None:
        super().__init__()
        self.game = game
        self.seat = seat
        self.lang = lang
        legal = set(game.legal_actions(seat))
        #: ``(action, label, text form)`` of every action the seat cannot play now.
        self.candidates = [
            (a, action_label(game, a, lang), a.text())
            for a in game.action_space.actions
            if a not in legal
        ]
        #: The action under each line of the list (None: the "more" line).
        self.lines: list[Action | None] = []
        #: The action whose reasons are on screen.
        self.explained: Action | None = None
        self.first = first

    def compose(self) -> ComposeResult:
        example = self.candidates[0][2] if self.candidates else "..."
        with Vertical(id="why"):
            yield Static(escape(tr(self.lang, "why_title")), id="why-title")
            yield Input(
                placeholder=tr(self.lang, "why_input", example=example),
                suggester=SuggestFromList([c[2] for c in self.candidates], case_sensitive=False),
                id="why-input",
                compact=True,
            )
            yield OptionList(id="why-list", compact=True)
            with VerticalScroll(id="why-answer"):
                yield Static(id="why-body")
            yield Static(f"[dim]{escape(tr(self.lang, 'why_keys'))}[/dim]", id="why-keys")

    def on_mount(self) -> None:
        self._fill("")
        if self.first is not None:
            self.show(self.first)
        elif not self.candidates:
            self._say(escape(tr(self.lang, "why_all_legal")))
        self.query_one("#why-input", Input).focus()

    def _fill(self, word: str) -> None:
        folded = word.casefold()
        hits = [
            c for c in self.candidates if folded in c[1].casefold() or folded in c[2].casefold()
        ]
        ol = self.query_one("#why-list", OptionList)
        ol.clear_options()
        self.lines = [c[0] for c in hits[:SHOWN]]
        ol.add_options([Option(c[1]) for c in hits[:SHOWN]])
        if len(hits) > SHOWN:
            more = tr(self.lang, "why_more", n=len(hits) - SHOWN)
            ol.add_option(Option(more, disabled=True))
            self.lines.append(None)
        if self.lines:
            ol.highlighted = 0
        elif word:
            self._say(f"[red]{escape(tr(self.lang, 'why_no_match', word=word))}[/]")

    def _say(self, text: str) -> None:
        self.query_one("#why-body", Static).update(text)

    def show(self, action: Action) -> None:
        """Show every reason against ``action``."""
        self.explained = action
        self._say(explain(self.game, self.seat, action, self.lang))
        self.query_one("#why-answer", VerticalScroll).scroll_home(animate=False)

    def body_text(self) -> str:
        """What the panel says now, without markup (for tests and screen readers)."""
        return str(self.query_one("#why-body", Static).render())

    @on(Input.Changed, "#why-input")
    def _typed(self, event: Input.Changed) -> None:
        self._fill(event.value.strip())

    @on(Input.Submitted, "#why-input")
    def _submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if text:
            try:
                self.show(self.game.parse_action(text))
                return
            except (SpacetableError, ValueError):
                pass
        ol = self.query_one("#why-list", OptionList)
        picked = self.lines[ol.highlighted] if ol.highlighted is not None and self.lines else None
        if picked is not None:
            self.show(picked)
        elif text:
            self._say(f"[red]{escape(tr(self.lang, 'why_bad', text=text))}[/]")

    @on(OptionList.OptionSelected, "#why-list")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        picked = self.lines[event.option_index] if event.option_index < len(self.lines) else None
        if picked is not None:
            self.show(picked)

    def on_key(self, event: Any) -> None:
        # Arrows typed in the line move the list's highlight; Tab takes the completion.
        line = self.query_one("#why-input", Input)
        if self.focused is not line:
            return
        if event.key in ("up", "down"):
            ol = self.query_one("#why-list", OptionList)
            (ol.action_cursor_up if event.key == "up" else ol.action_cursor_down)()
            event.stop()
        elif event.key == "tab":
            line.cursor_position = len(line.value)
            line.action_cursor_right()  # at the end of the line: takes the suggestion
            event.stop()
            event.prevent_default()

    def action_close(self) -> None:
        self.dismiss(None)
