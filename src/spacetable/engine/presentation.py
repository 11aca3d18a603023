"""The one presentation contract: how a game is drawn and told as text.

Each game package may hold a ``render`` module (``spacetable/games/<id>/render.py``) with
these five functions, all with the same signature in every game::

    render(view, lang, parts=None) -> str              # the table seen from a view
    prompt(view, lang, parts=None) -> str              # what the view's seat is asked now
    describe_event(event, lang, parts=None) -> str     # one log event as a sentence
    describe_outcome(outcome, lang, parts=None) -> str # the end (Outcome.to_json())
    legend(lang) -> list[tuple[str, str]]              # every symbol render draws
    explain(reason, lang, parts=None) -> str           # a Reason.to_json() as a sentence
    render_compact(view, lang, parts=None) -> str      # render, narrower (optional)

``render_compact`` draws the same table as ``render`` in fewer columns, for a terminal too
narrow for the full drawing (the terminal client picks it when the full one does not fit
its board pane and the compact one does); a game whose drawing has no narrower form has none.

``prompt`` is one sentence read from the view alone: what its seat (or, for a spectator,
the seat to play) is asked to do now, or the phase the game is in; the web boards show it
instead of keeping the game's words themselves.

``explain`` says what in the position breaks a rule (a :class:`~spacetable.engine.why.Reason`
of :meth:`Game.why_not`); without it, :meth:`Presentation.reason` fills the ``why_<detail>``
template of the game's ``text.toml`` with the reason's parameters.

``parts`` is the game's data (``game.parts``: a table played with corrected tables names its
components from them; ``None``: the shipped data set's). The text carries rich's colour
markup (``[bold]...[/]``) for the terminal; ``plain=True`` asks for the text without it.

:func:`presentation` finds the module once per game (by the package of the game's class)
and is the only place that does: the command line, the terminal client, the web server and
the RL adapters all draw through it. A render function that raises, or writes markup that
does not parse, raises :class:`RenderError` naming the game and the function: a broken
render is a bug to see, never a sentence silently lost.
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .data import Texts, package_of
from .errors import SpacetableError
from .mention import name_seats
from .why import Reason

if TYPE_CHECKING:
    from .game import Game

#: The functions of the contract that take ``(value, lang, parts)``.
DRAWN = ("render", "prompt", "describe_event", "describe_outcome", "explain")


class RenderError(SpacetableError):
    """A game's render module failed: a function raised, or its markup does not parse.

    ``game`` and ``function`` say where; the message names the exception's type and text
    (which may name components of the value drawn: a server logs it, it does not send it)."""

    def __init__(self, game: str, function: str, problem: str) -> None:
        super().__init__(f"{game}: render.{function} failed: {problem}")
        self.game = game
        self.function = function


def _plain(text: str, game: str, function: str) -> str:
    """``text`` without its markup (rich's own parser: the one that draws it)."""
    if "[" not in text:
        return text
    plain = _stripped(text)
    if isinstance(plain, str):
        return plain
    raise RenderError(game, function, f"broken markup: {plain}") from plain


@functools.lru_cache(maxsize=8192)
def _stripped(text: str) -> str | Exception:
    """``text`` without its markup, or the error of rich's parser on it. Kept for the texts
    seen last: a server sends the same sentences (a log event, a prompt) to every seat and
    every connection of a table, and rich's parser takes some 0.1 ms a text."""
    from rich.errors import MarkupError
    from rich.text import Text

    try:
        return Text.from_markup(text).plain
    except MarkupError as e:
        return e


@dataclass(frozen=True)
class Presentation:
    """A game's render module (``None``: the game has none) and the data it names
    components from. Each method returns ``None`` when the module lacks the function."""

    game_id: str
    module: ModuleType | None
    parts: Any = None

    def _draw(
        self, function: str, value: Any, lang: str, plain: bool, mentions: bool = False
    ) -> str | None:
        fn = getattr(self.module, function, None)
        if fn is None:
            return None
        try:
            text = fn(value, lang, self.parts)
        except Exception as e:
            raise RenderError(self.game_id, function, f"{type(e).__name__}: {e}") from e
        if not isinstance(text, str):
            raise RenderError(self.game_id, function, f"returned {type(text).__name__}")
        if plain:
            text = _plain(text, self.game_id, function)
        return text if mentions else name_seats(text)

    def board(self, view: dict[str, Any], lang: str, *, plain: bool = False) -> str | None:
        """The table drawn from ``view`` (a seat's or a spectator's)."""
        return self._draw("render", view, lang, plain)

    def board_compact(self, view: dict[str, Any], lang: str, *, plain: bool = False) -> str | None:
        """The table drawn narrower (``render_compact``), or None when the game has none."""
        return self._draw("render_compact", view, lang, plain)

    def prompt(
        self, view: dict[str, Any], lang: str, *, plain: bool = False, mentions: bool = False
    ) -> str | None:
        """What ``view``'s seat is asked to do now, or the phase, as one sentence.

        ``mentions=True`` (here and in :meth:`event`, :meth:`outcome`, :meth:`reason` and
        :meth:`breakdown`) keeps the seats' mentions for a client that names seats itself
        (:mod:`.mention`); by default they read as the game's own words."""
        return self._draw("prompt", view, lang, plain, mentions)

    def event(
        self, event: dict[str, Any], lang: str, *, plain: bool = False, mentions: bool = False
    ) -> str | None:
        """One log event (as a seat sees it) as a sentence."""
        return self._draw("describe_event", event, lang, plain, mentions)

    def outcome(
        self, outcome: dict[str, Any], lang: str, *, plain: bool = False, mentions: bool = False
    ) -> str | None:
        """The end of the game (``Outcome.to_json()``) as a sentence."""
        return self._draw("describe_outcome", outcome, lang, plain, mentions)

    def reason(
        self, reason: Reason, lang: str, *, plain: bool = True, mentions: bool = False
    ) -> dict[str, str]:
        """``reason`` for a player who reads ``lang``: the rule's id and rulebook section, the
        rulebook's sentence (``quote``, French) and its translation (``translation``,
        English), and what in the position breaks it (``detail``, in ``lang``). ``source``
        is ``rulebook`` for a sentence of the rulebook, ``reconstructed`` for one of our
        readings of it (then ``quote`` is our French sentence, not the rulebook's)."""
        from .registry import game_class

        data = reason.to_json()
        detail = self._draw("explain", data, lang, plain, mentions=True)
        if detail is None:
            texts = game_texts(self.game_id)
            key = "why_" + reason.detail
            if texts is None or key not in texts.tables["en"]:
                raise RenderError(self.game_id, "explain", f"no text {key!r} in text.toml")
            try:
                detail = texts.get(lang, key, **data["params"])
            except (KeyError, IndexError, ValueError) as e:
                raise RenderError(self.game_id, "explain", f"{key}: {e!r}") from e
        if not mentions:
            detail = name_seats(detail)
        rules = game_class(self.game_id).rules()
        if rules is None or reason.rule not in rules:
            raise RenderError(self.game_id, "explain", f"no rule {reason.rule!r} in rules.csv")
        row = rules.get(reason.rule)
        return {
            "rule": row.id,
            "source": row.source,
            "section": row.section,
            "quote": row.fr,
            "translation": row.en,
            "detail": detail,
        }

    def breakdown(
        self, outcome: dict[str, Any], lang: str, *, mentions: bool = False
    ) -> dict[str, Any] | None:
        """The end of the game (``Outcome.to_json()``) as a labelled table in ``lang``: what
        each seat scored, item by item. ``{"rows": [{"label", "values"}], "others": [...],
        "notes": [...]}``: one value (a short plain text) per seat, then one per seatless
        competitor named in ``others`` (Wild Space's Contrebandier); ``notes``, sentences
        about the whole game (rounds played, what a score counts). ``None``: the game's
        render has no ``breakdown``."""
        fn = getattr(self.module, "breakdown", None)
        if fn is None:
            return None
        try:
            table = fn(outcome, lang, self.parts)
        except Exception as e:
            raise RenderError(self.game_id, "breakdown", f"{type(e).__name__}: {e}") from e
        checked = _checked_breakdown(table, len(outcome.get("scores", [])), self.game_id)
        return checked if mentions else _named(checked)

    def legend(self, lang: str) -> list[tuple[str, str]] | None:
        """``(symbol, meaning)`` for every symbol and abbreviation :meth:`board` draws."""
        fn = getattr(self.module, "legend", None)
        if fn is None:
            return None
        try:
            return [(str(a), str(b)) for a, b in fn(lang)]
        except Exception as e:
            raise RenderError(self.game_id, "legend", f"{type(e).__name__}: {e}") from e


def _checked_breakdown(table: Any, seats: int, game: str) -> dict[str, Any]:
    """``table`` (a render's ``breakdown``) checked and in plain text: a value per seat and
    per other competitor in every row, every text a string without markup."""

    def bad(problem: str) -> RenderError:
        return RenderError(game, "breakdown", problem)

    if not isinstance(table, dict):
        raise bad(f"returned {type(table).__name__}")
    others = [str(o) for o in table.get("others", [])]
    width = seats + len(others)
    rows = []
    for row in table.get("rows", []):
        label, values = row.get("label"), row.get("values")
        if not isinstance(label, str) or not isinstance(values, list) or len(values) != width:
            raise bad(f"row {row!r:.80}: a label and {width} values expected")
        rows.append(
            {
                "label": _plain(label, game, "breakdown"),
                "values": [_plain(str(v), game, "breakdown") for v in values],
            }
        )
    notes = [_plain(str(n), game, "breakdown") for n in table.get("notes", [])]
    return {"rows": rows, "others": others, "notes": notes}


_modules: dict[type, ModuleType | None] = {}


def render_module(cls: type[Game]) -> ModuleType | None:
    """The ``render`` module of the package of the game class ``cls`` (``None``: none)."""
    if cls not in _modules:
        package = package_of(cls)
        name = package + ".render"
        try:
            _modules[cls] = importlib.import_module(name) if package else None
        except ModuleNotFoundError as e:
            if e.name != name:  # the module exists but imports something missing: a bug
                raise
            _modules[cls] = None
    return _modules[cls]


_texts: dict[type, Texts | None] = {}


def game_texts(game_id: str) -> Texts | None:
    """The game's own text (``text.toml`` of the package of its class, English and French:
    the words its render draws with, which a web board reads instead of keeping copies);
    ``None`` for a game without one. An unknown game raises :class:`UnknownGame`."""
    from .registry import game_class

    cls = game_class(game_id)
    if cls not in _texts:
        try:
            _texts[cls] = Texts.load(package_of(cls))
        except FileNotFoundError:
            _texts[cls] = None
    return _texts[cls]


def presentation(game: Game | str, parts: Any = None) -> Presentation:
    """The presentation of ``game`` (a game, or a game id): its render module, with the
    game's own data (``game.parts``) or ``parts``."""
    from .registry import game_class

    if isinstance(game, str):
        return Presentation(game, render_module(game_class(game)), parts)
    return Presentation(game.game_id, render_module(type(game)), game.parts)


def _named(value: Any) -> Any:
    """``value`` (texts in lists and dicts) with its seats' mentions in the game's words."""
    if isinstance(value, str):
        return name_seats(value)
    if isinstance(value, list):
        return [_named(v) for v in value]
    if isinstance(value, dict):
        return {k: _named(v) for k, v in value.items()}
    return value
