"""The set-up screen of ``spacetable tui`` run without a game: game, players, each seat
(human or a bot level), the game's options, language and seed; the same choices as the flags.
Or a saved game to resume (``--load``): its game, seats, options and timing come from the save.

It returns a :class:`Setup`, which :meth:`Setup.flags` turns into the command's flags, so
``make_session`` checks the choices exactly as it checks a command line. A save is checked
with ``make_session`` before the screen closes: a bad file is refused in place.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from rich.markup import escape
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Input, Label, Select, Static

import spacetable
from spacetable.bots import BOT_KINDS, learned_available
from spacetable.cli.common import HUMAN, error_line, read_text

from .texts import LANGS

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "New game",
        "game": "Game",
        "players": "Players",
        "lang": "Language",
        "seat": "Seat {seat}",
        "human": "human",
        "seed": "Seed",
        "seed_hint": "empty: random",
        "start": "Start (Enter)",
        "hint": "Tab / Shift+Tab: move · Enter: open a choice · Esc: leave",
        "bad_seed": "The seed must be a whole number (or empty).",
        "bad_value": "Option {name}: {value!r} is not a whole number.",
        "realtime": "real time",
        "load": "Or resume",
        "load_hint": "a file saved with --save or s (empty: a new game)",
        "not_a_save": "{path} is not a saved game: {why}",
        "not_json": "it is not JSON ({err})",
        "no_game": "it names no game of spacetable",
        "learn": "Learn to play",
        "no_guide": "{game} has no guided first game yet: choose another game.",
    },
    "fr": {
        "title": "Nouvelle partie",
        "game": "Jeu",
        "players": "Joueurs",
        "lang": "Langue",
        "seat": "Siège {seat}",
        "human": "humain",
        "seed": "Graine",
        "seed_hint": "vide : au hasard",
        "start": "Commencer (Entrée)",
        "hint": "Tab / Maj+Tab : changer de champ · Entrée : ouvrir un choix · Échap : quitter",
        "bad_seed": "La graine doit être un nombre entier (ou vide).",
        "bad_value": "Option {name} : {value!r} n'est pas un nombre entier.",
        "realtime": "temps réel",
        "load": "Ou reprendre",
        "load_hint": "un fichier sauvé avec --save ou s (vide : nouvelle partie)",
        "not_a_save": "{path} n'est pas une partie sauvegardée : {why}",
        "not_json": "ce n'est pas du JSON ({err})",
        "no_game": "il ne nomme aucun jeu de spacetable",
        "learn": "Apprendre à jouer",
        "no_guide": "{game} n'a pas encore de partie guidée : choisissez un autre jeu.",
    },
}

BOT_LEVELS = (*sorted(k for k in BOT_KINDS if k != "learned"), "hard")


def bot_levels(game_id: str, players: int) -> tuple[str, ...]:
    """The bot kinds offered for a seat: :data:`BOT_LEVELS`, and ``learned`` where a trained
    policy plays ``game_id`` with ``players`` seats."""
    return (*BOT_LEVELS, "learned") if learned_available(game_id, players) else BOT_LEVELS


@dataclass
class Setup:
    """The choices of the set-up screen."""

    game_id: str
    players: int
    seats: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    lang: str = "en"
    seed: int | None = None
    #: A save to resume (``--load``): then only the language is taken from the form.
    load: Path | None = None
    #: *Learn to play*: the game's guided first game (then only the game and the language
    #: are taken from the form).
    guide: bool = False

    def flags(self) -> dict[str, Any]:
        """The same choices as ``spacetable tui``'s flags (``--bot 1=random``, ``-o k=v``)."""
        if self.load is not None:
            return {
                "game_id": self.game_id,
                "players": None,
                "bot": [],
                "option": [],
                "lang": self.lang,
                "seed": None,
                "load": self.load,
                "guide": False,
            }
        return {
            "game_id": self.game_id,
            "players": self.players,
            "bot": [f"{s}={kind}" for s, kind in enumerate(self.seats) if kind != HUMAN],
            "option": [
                f"{name}={json.dumps(v) if isinstance(v, bool) else v}"
                for name, v in self.options.items()
            ],
            "lang": self.lang,
            "seed": self.seed,
            "load": None,
            "guide": self.guide,
        }


def _w(lang: str, key: str, **kw: Any) -> str:
    return WORDS.get(lang, WORDS["en"])[key].format(**kw)


class SetupForm(VerticalScroll):
    """The form; composed again when the game, the player count or the language changes."""

    can_focus = False

    def compose(self) -> ComposeResult:
        app = self.app
        assert isinstance(app, SetupApp)
        s, lang = app.setup, app.setup.lang
        info = spacetable.game_info(s.game_id)
        games = [
            (
                spacetable.game_info(g)["names"][lang]
                + (f" ({_w(lang, 'realtime')})" if spacetable.game_info(g)["realtime"] else ""),
                g,
            )
            for g in spacetable.list_games()
        ]
        yield Static(f"[b]{escape(_w(lang, 'title'))}[/b]", id="title")
        with Horizontal(classes="row"):
            yield Label(_w(lang, "game"), classes="name")
            yield Select(games, value=s.game_id, allow_blank=False, compact=True, id="game")
        with Horizontal(classes="row"):
            yield Label(_w(lang, "players"), classes="name")
            counts = range(info["min_players"], info["max_players"] + 1)
            yield Select(
                [(str(n), n) for n in counts],
                value=s.players,
                allow_blank=False,
                compact=True,
                id="players",
            )
        with Horizontal(classes="row"):
            yield Label(_w(lang, "lang"), classes="name")
            yield Select(
                [("English", "en"), ("Français", "fr")],
                value=lang,
                allow_blank=False,
                compact=True,
                id="lang",
            )
        kinds = [(_w(lang, "human"), HUMAN)] + [(k, k) for k in bot_levels(s.game_id, s.players)]
        for seat in range(s.players):
            with Horizontal(classes="row"):
                yield Label(_w(lang, "seat", seat=seat), classes="name")
                yield Select(
                    kinds,
                    value=s.seats[seat],
                    allow_blank=False,
                    compact=True,
                    id=f"seat-{seat}",
                )
        for name, spec in info["options"].items():
            value = s.options.get(name, spec["default"])
            help_text = spec.get("help", {}).get(lang) or spec.get("help", {}).get("en", "")
            words = spec.get("label", {})
            label = words.get(lang) or words.get("en") or name
            with Horizontal(classes="row"):
                yield Label(label, classes="name")
                if "choices" in spec:
                    names = spec.get("choice_labels", {})
                    shown = (
                        names.get(lang)
                        or names.get("en")
                        or [
                            json.dumps(c) if isinstance(c, bool) else str(c)
                            for c in spec["choices"]
                        ]
                    )
                    yield Select(
                        list(zip(shown, spec["choices"], strict=True)),
                        value=value,
                        allow_blank=False,
                        compact=True,
                        id=f"opt-{name}",
                        tooltip=help_text,
                    )
                else:
                    yield Input(str(value), compact=True, id=f"opt-{name}", tooltip=help_text)
            if help_text:
                yield Static(f"[dim]{escape(help_text)}[/dim]", classes="help")
        with Horizontal(classes="row"):
            yield Label(_w(lang, "seed"), classes="name")
            yield Input(
                "" if s.seed is None else str(s.seed),
                placeholder=_w(lang, "seed_hint"),
                compact=True,
                id="seed",
            )
        with Horizontal(classes="row"):
            yield Label(_w(lang, "load"), classes="name")
            yield Input(
                "" if s.load is None else str(s.load),
                placeholder=_w(lang, "load_hint"),
                compact=True,
                id="load",
            )


class SetupApp(App[Setup | None]):
    """Choose a game and how it is played; returns a :class:`Setup` or None (left)."""

    CSS = """
    SetupForm { height: 1fr; padding: 0 1; }
    .row { height: auto; }
    .name { width: 22; padding-right: 1; }
    .help { padding-left: 22; }
    Select, Input { width: 1fr; }
    #buttons { height: 1; padding: 0 1; background: $boost; }
    #learn { margin-left: 2; }
    .row:focus-within > .name { color: $accent; text-style: bold; }
    Select:focus > SelectCurrent { background: $accent; color: $text; text-style: bold; }
    Input:focus { background: $accent 40%; text-style: bold; }
    Button:focus { text-style: bold reverse; }
    #message { height: auto; max-height: 3; padding: 0 1; color: $error; }
    #hint { height: 1; background: $panel; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", show=False)]

    def __init__(self, lang: str = "en", game_id: str | None = None) -> None:
        super().__init__()
        games = spacetable.list_games()
        first = game_id if game_id in games else games[0]
        self.setup = Setup(first, 0, [], lang=lang if lang in LANGS else "en")
        #: The options typed in a text field (whole numbers), not chosen from a list.
        self.typed: set[str] = set()
        self._for_game(first)

    def _for_game(self, game_id: str, players: int | None = None) -> None:
        info = spacetable.game_info(game_id)
        s = self.setup
        if game_id != s.game_id:
            s.options = {}
            self.typed = set()
        s.game_id = game_id
        s.players = players or max(info["min_players"], min(2, info["max_players"]))
        s.seats = (s.seats + ["random"] * s.players)[: s.players]
        offered = bot_levels(game_id, s.players)
        s.seats = [k if k == HUMAN or k in offered else "random" for k in s.seats]
        if HUMAN not in s.seats:
            s.seats[0] = HUMAN

    def compose(self) -> ComposeResult:
        yield SetupForm()
        # under the form, never scrolled away: Start is on the first screen at 80x24
        with Horizontal(id="buttons"):
            yield Button(_w(self.setup.lang, "start"), id="start", compact=True, variant="primary")
            yield Button(_w(self.setup.lang, "learn"), id="learn", compact=True, variant="success")
        yield Static(id="message")
        yield Static(_w(self.setup.lang, "hint"), id="hint")

    async def _redraw(self, focus: str) -> None:
        await self.query_one(SetupForm).recompose()
        self.query_one(f"#{focus}").focus()
        self.query_one("#hint", Static).update(_w(self.setup.lang, "hint"))
        self.query_one("#start", Button).label = _w(self.setup.lang, "start")
        self.query_one("#learn", Button).label = _w(self.setup.lang, "learn")

    @on(Select.Changed)
    async def _changed(self, event: Select.Changed) -> None:
        wid, value = event.select.id or "", event.value
        s = self.setup
        if wid == "game" and value != s.game_id:
            self._for_game(str(value))
            await self._redraw(wid)
        elif wid == "players" and value != s.players:
            self._for_game(s.game_id, int(str(value)))
            await self._redraw(wid)
        elif wid == "lang" and value != s.lang:
            s.lang = str(value)
            await self._redraw(wid)
        elif wid.startswith("seat-"):
            s.seats[int(wid[5:])] = str(value)
        elif wid.startswith("opt-"):
            s.options[wid[4:]] = value

    @on(Input.Changed)
    def _typed(self, event: Input.Changed) -> None:
        wid = event.input.id or ""
        if wid.startswith("opt-"):
            self.setup.options[wid[4:]] = event.value.strip()
            self.typed.add(wid[4:])

    @on(Button.Pressed, "#start")
    @on(Input.Submitted)
    def action_start(self) -> None:
        s, lang = self.setup, self.setup.lang
        seed_text = self.query_one("#seed", Input).value.strip()
        message = self.query_one("#message", Static)
        load_text = self.query_one("#load", Input).value.strip()
        if load_text:
            try:
                s.game_id = check_save(Path(load_text).expanduser(), lang)
            except ValueError as e:
                message.update(escape(error_line(e)))
                return
            s.load = Path(load_text).expanduser()
            self.exit(s)
            return
        s.load = None
        try:
            s.seed = int(seed_text) if seed_text else None
        except ValueError:
            message.update(_w(lang, "bad_seed"))
            return
        for name, value in list(s.options.items()):
            if name in self.typed and isinstance(value, str):
                try:
                    s.options[name] = int(value)
                except ValueError:
                    message.update(_w(lang, "bad_value", name=name, value=value))
                    return
        self.exit(s)

    @on(Button.Pressed, "#learn")
    def action_learn(self) -> None:
        """*Learn to play*: the chosen game's guided first game, if it ships one."""
        from .guide import has_guide

        s = self.setup
        if not has_guide(s.game_id):
            name = spacetable.game_info(s.game_id)["names"][s.lang]
            self.query_one("#message", Static).update(escape(_w(s.lang, "no_guide", game=name)))
            return
        s.guide, s.load = True, None
        self.exit(s)

    def action_leave(self) -> None:
        self.exit(None)


def check_save(path: Path, lang: str) -> str:
    """The game of the save ``path``, checked as ``--load`` checks it (the file, its game,
    its data directory, its seats); a ValueError says what is wrong with it."""
    from spacetable.cli.play import make_session

    text = read_text(path, "save file")
    try:
        saved = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as e:
        why = _w(lang, "not_json", err=e)
        raise ValueError(_w(lang, "not_a_save", path=path, why=why)) from e
    game_id = saved.get("game") if isinstance(saved, dict) else None
    if not isinstance(game_id, str) or game_id not in spacetable.list_games():
        raise ValueError(_w(lang, "not_a_save", path=path, why=_w(lang, "no_game")))
    make_session(game_id, None, None, None, lang, None, None, path, None, None)
    return game_id
