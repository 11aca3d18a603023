"""``spacetable play``: play in the terminal, hot-seat for the human seats, bots for the others.

Each human decision shows that seat's view (drawn by the game's ``render`` module), the last
events it may see, and its legal actions numbered; the player types a number. Other inputs:
``/word`` filters the list, ``s [FILE]`` saves, ``l`` shows more of the log, ``j`` prints the
raw view, ``u [N]`` takes back the seat's last decision(s) under the engine's undo rule
(until another seat acts, game time passes or something hidden is revealed: ``Game.undoable``),
``why ACTION`` says why an action (its text form, ``play card=3``, or its label) is not legal
now: every reason, with the rule it breaks (the rulebook's sentence in French, its English
translation, its section; :meth:`Game.why_not`); a typed action that is not legal is answered
the same way. ``q`` quits (saving first when ``--save`` is set), ``h`` helps and prints the
game's legend (every symbol and abbreviation its renderer draws; ``?`` ends with it too). In a
real-time game, game time flows while you think (``--speed`` game seconds per wall second),
bots act in ticks meanwhile, and ``w [SECONDS]`` waits.

``?`` lists the components the seat's view mentions (its cards, the tiles on the table...:
``Game.component_texts``), numbered, with their rules texts in the session's language;
``? N``, ``? ID`` (``card:66``) or ``? WORD`` (part of a name) shows one in full, with the
row of the data tables it comes from; ``?options`` shows the game's options, their values
in this game and their help. Only what the seat's view mentions is offered: never another
seat's hidden cards.

``--data DIR`` plays with a directory of corrected tables (``spacetable data export``),
validated before the game starts. A save records its data set (the engine writes its name
and digest) and, in its ``meta``, the directory: ``--load`` uses that directory when
``--data`` is not given; the engine's digest check decides, and a save played with other
data is refused with a message naming both data sets.

A save remembers how the table is played (:func:`play_meta`: each seat human or its bot kind,
the language, ``--speed``, ``--tick`` and the data directory) in the save's ``meta`` under
``"play"``; ``--load`` restores them, and the flags given on the command line override them
(``--bot 1=human`` takes a seat back from a bot). A save that cannot be written (a missing
folder, a directory) is reported in one line and the game goes on.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

import spacetable
from spacetable.bots import Bot, SeatPort, make_bot
from spacetable.engine import (
    Action,
    DataError,
    DataSet,
    Game,
    RecordError,
    SpacetableError,
    Termination,
    game_class,
    save_meta,
)
from spacetable.engine.presentation import presentation
from spacetable.sim import step_bots

from .common import (
    HUMAN,
    BotOpt,
    DataOpt,
    LangOpt,
    LoadOpt,
    OptionOpt,
    PlayersOpt,
    SaveOpt,
    SeedOpt,
    SpeedOpt,
    TickOpt,
    check_bot,
    check_writable,
    console,
    default_players,
    error_line,
    event_describer,
    fail_value,
    legend,
    os_error,
    outcome_describer,
    parse_bot_seats,
    parse_options,
    positive,
    read_data,
    read_text,
    renderer,
)
from .data_cmd import match_components, print_component

TEXT = {
    "en": {
        "seat": "Seat {seat}",
        "bot": "bot",
        "pass": "Pass the terminal to seat {seat}, then press Enter.",
        "choose": "Seat {seat}: your choice",
        "events": "Last events",
        "actions": "Legal actions",
        "help": "number: play it · /word: filter · ?: the components you see · ? N, ? ID or "
        "? word: one in full · ?options: the options · u [N]: take back your last decision(s) · "
        "why ACTION: why it is not legal now · s [FILE]: save · l: log · j: raw view · q: quit · "
        "h: this help and the legend",
        "help_rt": " · w [SECONDS]: wait",
        "components": "What you see ({n}):",
        "components_hint": "? N, ? ID or ? word: one in full · ?options: the game's options · "
        "h: help",
        "no_components": "This game has no component texts.",
        "legend": "Legend (the symbols on the screen):",
        "no_match": "Nothing you see matches {query!r}. Type ? for the list.",
        "matches": "{n} components you see match {query!r}:",
        "options": "Options of this game:",
        "no_options": "This game has no options.",
        "default": "default",
        "allowed": "allowed:",
        "saved": "Saved to {path}.",
        "save_failed": "Not saved to {path}: {err}",
        "is_dir": "it is a folder",
        "no_folder": "folder {folder} does not exist",
        "bad": "Not understood: {text!r}. Type h for help.",
        "illegal": "Not legal: {err}",
        "late": "Too late: that action is no longer legal.",
        "over_title": "Game over",
        "rank": "rank",
        "score": "score",
        "clock": "Clock: {clock:.1f} s",
        "quit": "Game left unfinished.",
        "no_save": "No file to save to: give one (s FILE) or start with --save.",
        "filter": "{n} actions match {word!r}.",
        "acted": "has acted.",
        "groups": "Many actions: type gN to open a group, /word to filter, Enter for all groups.",
        "can_undo": "u: take back your last decision ({n} may be taken back).",
        "undone": "Took back {n} decision(s).",
        "no_undo": "Nothing to take back: since your last decision another seat acted, time "
        "passed or something hidden was revealed.",
        "few_undo": "Only {n} decision(s) may be taken back now.",
        "why_usage": "why ACTION: an action's text, e.g. why {example}, or its label.",
        "why_bad": "{text!r} is not an action of this game.",
        "why_legal": "{action}: you may play it now.",
        "why_head": "Why not “{action}”?",
        "why_rule": "The rule ({section}):",
        "why_reading": "Our reading of the rule ({section}; its text is silent or ambiguous):",
        "why_unknown": "The game cannot say why.",
    },
    "fr": {
        "seat": "Siège {seat}",
        "bot": "bot",
        "pass": "Passez le terminal au siège {seat}, puis appuyez sur Entrée.",
        "choose": "Siège {seat} : votre choix",
        "events": "Derniers événements",
        "actions": "Actions possibles",
        "help": "numéro : le jouer · /mot : filtrer · ? : les éléments que vous voyez · ? N, "
        "? ID ou ? mot : un élément en entier · ?options : les options · u [N] : reprendre "
        "votre dernière décision · why ACTION : pourquoi elle n'est pas possible · "
        "s [FICHIER] : sauver · l : journal · j : vue brute · q : quitter · "
        "h : cette aide et la légende",
        "help_rt": " · w [SECONDES] : attendre",
        "components": "Ce que vous voyez ({n}) :",
        "components_hint": "? N, ? ID ou ? mot : un élément en entier · ?options : les options "
        "de la partie · h : aide",
        "no_components": "Ce jeu n'a pas de textes d'éléments.",
        "legend": "Légende (les symboles à l'écran) :",
        "no_match": "Rien de ce que vous voyez ne correspond à {query!r}. Tapez ? pour la liste.",
        "matches": "{n} éléments que vous voyez correspondent à {query!r} :",
        "options": "Options de cette partie :",
        "no_options": "Ce jeu n'a pas d'options.",
        "default": "par défaut",
        "allowed": "valeurs :",
        "saved": "Sauvegardé dans {path}.",
        "save_failed": "Pas sauvegardé dans {path} : {err}",
        "is_dir": "c'est un dossier",
        "no_folder": "le dossier {folder} n'existe pas",
        "bad": "Pas compris : {text!r}. Tapez h pour l'aide.",
        "illegal": "Pas légal : {err}",
        "late": "Trop tard : cette action n'est plus possible.",
        "over_title": "Partie terminée",
        "rank": "rang",
        "score": "score",
        "clock": "Horloge : {clock:.1f} s",
        "quit": "Partie laissée en cours.",
        "no_save": "Aucun fichier : donnez-en un (s FICHIER) ou lancez avec --save.",
        "filter": "{n} actions contiennent {word!r}.",
        "acted": "a joué.",
        "groups": "Beaucoup d'actions : gN ouvre un groupe, /mot filtre, "
        "Entrée revient aux groupes.",
        "can_undo": "u : reprendre votre dernière décision ({n} peuvent être reprises).",
        "undone": "{n} décision(s) reprise(s).",
        "no_undo": "Rien à reprendre : depuis votre dernière décision, un autre siège a joué, "
        "du temps a passé ou quelque chose de caché a été révélé.",
        "few_undo": "Seules {n} décision(s) peuvent être reprises maintenant.",
        "why_usage": "why ACTION : le texte d'une action, par exemple why {example}, ou son "
        "libellé.",
        "why_bad": "{text!r} n'est pas une action de ce jeu.",
        "why_legal": "{action} : vous pouvez la jouer maintenant.",
        "why_head": "Pourquoi pas « {action} » ?",
        "why_rule": "La règle ({section}) :",
        "why_reading": "Notre lecture de la règle ({section} ; son texte est muet ou ambigu) :",
        "why_unknown": "Le jeu ne sait pas dire pourquoi.",
    },
}


LONG_LIST = 40


def group_actions(
    items: Sequence[tuple[int, Action]],
) -> list[tuple[str, list[tuple[int, Action]]]]:
    """Group a long numbered action list by type, then by the first field when a type is large."""
    by_type: dict[str, list[tuple[int, Action]]] = {}
    for i, a in items:
        by_type.setdefault(a.type, []).append((i, a))
    groups: list[tuple[str, list[tuple[int, Action]]]] = []
    for kind, members in by_type.items():
        fields = members[0][1]._fields
        if len(members) <= LONG_LIST or not fields:
            groups.append((kind, members))
            continue
        sub: dict[str, list[tuple[int, Action]]] = {}
        for i, a in members:
            sub.setdefault(f"{kind} {fields[0]}={getattr(a, fields[0])}", []).append((i, a))
        groups.extend(sub.items())
    return groups


def _option_value(value: Any) -> str:
    """An option's value as ``-o NAME=VALUE`` takes it (``true``, ``3``, ``hard``)."""
    return json.dumps(value) if isinstance(value, bool) else str(value)


class _Idle(Bot):
    """Stands in for a human seat while bots act in real time."""

    name = "human"

    def choose(self, port: SeatPort) -> Action | None:
        return None


#: The key of the play settings in a save's ``meta``.
META_KEY = "play"

DEFAULT_LANG = "en"
DEFAULT_SPEED = 1.0
DEFAULT_TICK = 1.0


def play_meta(
    seats: list[str | None], lang: str, speed: float, tick: float, data: str | None = None
) -> dict[str, dict[str, Any]]:
    """The ``meta`` of a save: each seat's bot kind (None for a human), language, timing,
    and the directory of the data set played with (absent for the shipped data)."""
    play: dict[str, Any] = {"seats": list(seats), "lang": lang, "speed": speed, "tick": tick}
    if data is not None:
        play["data"] = data
    return {META_KEY: play}


def remembered_data(meta: Mapping[str, Any]) -> str | None:
    """The data directory a save's ``meta`` remembers (:func:`play_meta`), if any."""
    play = meta.get(META_KEY)
    if not isinstance(play, Mapping) or "data" not in play:
        return None
    data = play["data"]
    if not isinstance(data, str) or not data:
        raise ValueError("the save's play settings: data must be the path of a directory")
    return data


def read_play_meta(meta: Mapping[str, Any], players: int) -> dict[str, Any]:
    """The play settings of a save's ``meta`` (:func:`play_meta`), checked; {} when absent.

    Keys present: ``seats`` (a list of bot kinds or None), ``lang``, ``speed``, ``tick``,
    ``data`` (a directory). Anything malformed raises ValueError.
    """
    play = meta.get(META_KEY)
    if play is None:
        return {}
    bad = "the save's play settings"
    if not isinstance(play, Mapping):
        raise ValueError(f"{bad} are not a JSON object")
    out: dict[str, Any] = {}
    if "seats" in play:
        seats = play["seats"]
        if not isinstance(seats, list) or len(seats) != players:
            raise ValueError(f"{bad}: seats must be a list of {players} entries")
        for s, kind in enumerate(seats):
            if kind is not None and not isinstance(kind, str):
                raise ValueError(f"{bad}: seat {s} must be a bot kind or null (human)")
            if kind is not None and kind != HUMAN:
                check_bot(kind, f"{bad}, seat {s}")
        out["seats"] = seats
    if "lang" in play:
        if not isinstance(play["lang"], str) or play["lang"] not in TEXT:
            raise ValueError(f"{bad}: unknown language {play['lang']!r}")
        out["lang"] = play["lang"]
    data = remembered_data(meta)
    if data is not None:
        out["data"] = data
    for key, zero in (("speed", True), ("tick", False)):
        if key in play:
            value = play[key]
            try:
                if isinstance(value, bool) or not isinstance(value, int | float):
                    raise TypeError
                number = float(value)
            except (TypeError, OverflowError):
                raise ValueError(f"{bad}: {key} must be a number of seconds") from None
            out[key] = positive(number, f"{bad}: {key}", zero=zero)
    return out


class Session:
    """One terminal game: the game, its bots and the human seats.

    ``kinds`` gives each bot seat's kind (as given to :func:`make_bot`), for saves; it
    defaults to the bots' names. ``data_dir`` is the directory of the game's data set (None
    for the shipped data), remembered in saves.
    """

    def __init__(
        self,
        game: Game,
        bots: dict[int, Bot],
        lang: str,
        save: Path | None,
        speed: float,
        tick: float,
        kinds: Mapping[int, str] | None = None,
        data_dir: str | None = None,
    ) -> None:
        self.game = game
        self.data_dir = data_dir
        self.bots = bots
        self.kinds = {s: (kinds or {}).get(s, b.name) for s, b in bots.items()}
        self.humans = [s for s in range(game.players) if s not in bots]
        self.lang = lang if lang in TEXT else "en"
        self.save_path = save
        self.speed = speed
        self.tick = tick
        self.render = renderer(game.game_id, game.parts)
        self.describe_event = event_describer(game.game_id, game.parts)
        self.describe_outcome = outcome_describer(game.game_id, game.parts)
        self.last_human: int | None = None

    def t(self, key: str, **kw: Any) -> str:
        return TEXT[self.lang][key].format(**kw)

    # ------------------------------------------------------------------ output
    def show_events(self, seat: int | None, n: int = 8) -> None:
        events = self.game.last_events(seat, n)
        if events:
            console.print(f"[dim]{self.t('events')}:[/]")
            for ev in events:
                console.print(f"  [dim]·[/] {self.describe_event(ev, self.lang)}")

    def show_outcome(self) -> None:
        out = self.game.outcome()
        # The final position as everyone may now see it, then the result.
        console.print(Rule())
        console.print(self.render(self.game.view(None), self.lang))
        self.show_events(None)
        reason = self.describe_outcome(out.to_json(), self.lang) if self.describe_outcome else None
        console.print(Rule(self.t("over_title")))
        if not reason:
            reason = (
                out.reason.sentence(self.lang)
                if isinstance(out.reason, Termination)
                else out.reason
            )
        console.print(f"[bold]{escape(reason)}[/]")
        table = Table()
        table.add_column("")
        table.add_column(self.t("score"), justify="right")
        table.add_column(self.t("rank"), justify="right")
        for s in range(self.game.players):
            who = self.t("seat", seat=s) + (f" ({self.bots[s].name})" if s in self.bots else "")
            table.add_row(who, f"{out.scores[s]:g}", str(out.ranks[s]))
        for name, score in out.others.items():
            table.add_row(name, f"{score:g}", "")
        console.print(table)

    def show_components(self, seat: int, query: str = "") -> None:
        """``?``: the components ``seat``'s view mentions, numbered, with their texts; with a
        query (a number of that list, an id or part of a name), one of them in full.

        Only :meth:`Game.component_texts` of the seat is searched: what its view mentions,
        never another seat's hidden cards.
        """
        comps = self.game.component_texts(seat, self.lang)
        query = query.strip()
        if not comps or not query:
            if comps:
                console.print(f"[bold]{escape(self.t('components', n=len(comps)))}[/]")
                self._list_components(comps)
            else:
                console.print(self.t("no_components"))
            self.show_legend()
            if comps:
                console.print(f"[dim]{escape(self.t('components_hint'))}[/]")
            return
        if query.isdecimal():
            hits = [comps[int(query) - 1]] if 1 <= int(query) <= len(comps) else []
        else:
            hits = match_components(comps, query)
        if len(hits) == 1:
            print_component(hits[0], self.lang, player=True)
        elif hits:
            console.print(escape(self.t("matches", n=len(hits), query=query)))
            self._list_components(hits, [comps.index(c) + 1 for c in hits])
        else:
            console.print(escape(self.t("no_match", query=query)))

    def show_legend(self) -> None:
        """The game's legend (its renderer's symbols and abbreviations), after ``h`` and ``?``."""
        pairs = legend(self.game.game_id, self.lang)
        if not pairs:
            return
        console.print(f"[bold]{escape(self.t('legend'))}[/]")
        for symbol, meaning in pairs:
            console.print(f"  [bold]{escape(symbol)}[/]  {escape(meaning)}", soft_wrap=True)

    @staticmethod
    def _list_components(comps: Sequence[Any], numbers: Sequence[int] | None = None) -> None:
        for i, c in zip(numbers or range(1, len(comps) + 1), comps, strict=True):
            console.print(
                f"  [bold green]{i:3d}[/] [bold]{escape(c.name)}[/] [dim]{escape(c.id)}[/]: "
                f"{escape(c.text)}"
            )

    def show_options(self) -> None:
        """``?options``: each option of the game, its value in this game, its help."""
        specs = self.game.info.options
        if not specs:
            console.print(self.t("no_options"))
            return
        console.print(f"[bold]{escape(self.t('options'))}[/]")
        for name, spec in specs.items():
            value = self.game.options.get(name, spec.default)
            text = spec.help(self.lang)
            if spec.choices is not None:
                allowed = ", ".join(_option_value(c) for c in spec.choices)
            else:
                lo, hi = spec.minimum, spec.maximum
                allowed = spec.kind.__name__
                if lo is not None or hi is not None:
                    low = "" if lo is None else f"{lo:g}"
                    high = "" if hi is None else f"{hi:g}"
                    allowed += f" {low}..{high}"
            # The player's words first; the code name and value are what the command line
            # takes (name=value), so they follow.
            console.print(
                f"  [bold]{escape(spec.label(self.lang) or name)}[/]: "
                f"{escape(spec.choice_label(value, self.lang))}"
                f" [dim]({escape(name)}={escape(_option_value(value))})[/]"
                + (f" · {escape(text)}" if text else "")
                + f" [dim]({self.t('default')} {escape(_option_value(spec.default))}; "
                f"{self.t('allowed')} {escape(allowed)})[/]",
                soft_wrap=True,
            )

    def show_why(self, seat: int, text: str) -> None:
        """``why ACTION``: why ``seat`` may not play the action (its text form or its label)."""
        g = self.game
        text = text.strip()
        if not text:
            legal = set(g.legal_actions(seat))
            example = next((a.text() for a in g.action_space.actions if a not in legal), "")
            console.print(escape(self.t("why_usage", example=example)), soft_wrap=True)
            return
        try:
            action = g.parse_action(text)
        except (SpacetableError, ValueError):
            folded = text.casefold()
            found = [a for a in g.action_space.actions if self._label(a).casefold() == folded]
            if not found:
                console.print(escape(self.t("why_bad", text=text)))
                return
            action = found[0]
        self.print_reasons(seat, action)

    def _label(self, action: Action) -> str:
        return Text.from_markup(self.game.label(action, self.lang)).plain

    def print_reasons(self, seat: int, action: Action) -> None:
        """Every reason why ``seat`` may not play ``action`` now, each with its rule."""
        g = self.game
        label = self._label(action)
        if action in g.legal_actions(seat):
            console.print(f"[green]{escape(self.t('why_legal', action=label))}[/]")
            return
        shown = presentation(g)
        told = [shown.reason(r, self.lang) for r in g.why_not(seat, action)]
        console.print(f"[bold]{escape(self.t('why_head', action=label))}[/]")
        if not told:
            console.print(escape(self.t("why_unknown")))
        for r in told:
            console.print(f"  • {escape(r['detail'])}", soft_wrap=True)
            ours = r["source"] != "rulebook"  # one of our readings: said, not quoted
            head = self.t("why_reading" if ours else "why_rule", section=r["section"])
            console.print(f"    [dim]{escape(head)}[/]")
            quote = escape(r["quote"]) if ours else f"[italic]« {escape(r['quote'])} »[/]"
            console.print(f"    {quote}", soft_wrap=True)
            if self.lang != "fr":
                console.print(f"    {escape(r['translation'])}", soft_wrap=True)

    def meta(self) -> dict[str, dict[str, Any]]:
        """What the save remembers of this table besides the game (see :func:`play_meta`)."""
        seats = [self.kinds.get(s) for s in range(self.game.players)]
        return play_meta(seats, self.lang, self.speed, self.tick, self.data_dir)

    def write_save(self, path: Path) -> bool:
        """Save to ``path``; a path that cannot be written is reported in one line."""
        problem: str | None = None
        if path.is_dir():
            problem = self.t("is_dir")
        elif not path.parent.is_dir():
            problem = self.t("no_folder", folder=path.parent)
        else:
            try:
                path.write_text(self.game.to_json(meta=self.meta()), encoding="utf-8")
            except OSError as e:
                problem = os_error(e)
        if problem is not None:
            text = self.t("save_failed", path=path, err=error_line(problem))
            console.print(f"[red]{escape(text)}[/]", soft_wrap=True)
            return False
        return True

    def save(self, path: Path | None = None) -> None:
        path = path or self.save_path
        if path is None:
            console.print(self.t("no_save"))
            return
        if self.write_save(path):
            console.print(f"[dim]{escape(self.t('saved', path=path))}[/]", soft_wrap=True)

    def autosave(self) -> None:
        if self.save_path is not None:
            self.write_save(self.save_path)

    # ------------------------------------------------------------------ loop
    def run(self) -> bool:
        """Play to the end; False if the players quit first."""
        g = self.game
        while not g.is_over:
            if g.realtime:
                if not self.realtime_round():
                    return False
                continue
            seats = g.to_act
            human_seats = [s for s in seats if s not in self.bots]
            if not human_seats:
                seat = seats[0]
                a = self.bots[seat].choose(SeatPort(g, seat))
                if a is None:
                    raise SpacetableError(f"bot of seat {seat} returned no action")
                before = g.log_size
                g.apply(seat, a)
                # Tell the table what the public log says, never the bot's own label: the
                # action may be secret (a hidden card committed to a combat).
                who = f"[cyan]{self.t('seat', seat=seat)} ({self.bots[seat].name})[/]"
                events = g.last_events(None, g.log_size - before) if g.log_size > before else []
                for ev in events:
                    console.print(f"{who}: {self.describe_event(ev, self.lang)}")
                if not events:
                    console.print(f"{who}: {self.t('acted')}")
                self.autosave()
                continue
            seat = human_seats[0]
            action = self.ask(seat)
            if action is None:
                self.autosave()
                console.print(self.t("quit"))
                return False
            g.apply(seat, action)
            self.autosave()
        self.show_outcome()
        return True

    def realtime_round(self) -> bool:
        g = self.game
        seats = [s for s in g.to_act if s not in self.bots]
        if not seats:
            step_bots(g, self._bot_list(), tick=self.tick)
            return True
        seat = seats[0]
        started = time.monotonic()
        action = self.ask(seat)
        if action is None:
            self.autosave()
            console.print(self.t("quit"))
            return False
        # Game time flowed while the player thought: bots act in ticks meanwhile.
        elapsed = (time.monotonic() - started) * self.speed
        self.flow(elapsed)
        if g.is_over:
            return True
        if isinstance(action, float):
            self.flow(action)
        elif action in g.legal_actions(seat):
            g.apply(seat, action)
        else:
            console.print(f"[yellow]{self.t('late')}[/]")
        self.autosave()
        return True

    def _bot_list(self) -> list[Bot]:
        return [self.bots.get(s, _Idle()) for s in range(self.game.players)]

    def flow(self, seconds: float) -> None:
        g = self.game
        bots = self._bot_list()
        while seconds > 1e-9 and not g.is_over:
            dt = min(self.tick, seconds)
            step_bots(g, bots, tick=dt)
            seconds -= dt

    def take_back(self, seat: int, count: str) -> bool:
        """``u [N]``: take back the seat's last ``N`` decisions under the engine's rule (see
        :meth:`Game.undoable`); False, with the reason shown, when that is not allowed."""
        g = self.game
        if not count.isdecimal() or int(count) < 1:
            console.print(self.t("bad", text=f"u {count}"))
            return False
        n, can = int(count), g.undoable(seat)
        if can == 0 or n > can:
            console.print(self.t("no_undo") if can == 0 else self.t("few_undo", n=can))
            return False
        g.undo(seat, n)
        console.print(self.t("undone", n=n))
        self.autosave()
        return True

    def draw(
        self, seat: int, shown: Sequence[tuple[int, Action]], full: bool
    ) -> list[tuple[str, list[tuple[int, Action]]]]:
        """The seat's screen: its view, its last events, the actions ``shown`` (grouped when
        the whole list is long: the groups are returned)."""
        g = self.game
        console.print(Rule(self.t("seat", seat=seat)))
        console.print(self.render(g.view(seat), self.lang))
        if g.realtime:
            console.print(self.t("clock", clock=g.clock))
        self.show_events(seat)
        if seat not in self.bots and (n := g.undoable(seat)):
            console.print(f"[dim]{escape(self.t('can_undo', n=n))}[/]")
        console.print(f"[bold]{self.t('actions')}:[/]")
        groups = group_actions(shown) if full and len(shown) > LONG_LIST else []
        if groups:
            for k, (label, members) in enumerate(groups, 1):
                first = g.label(members[0][1], self.lang)
                console.print(
                    f"  [bold magenta]g{k:<3d}[/] {label} [dim]({len(members)}: {first} …)[/]"
                )
            console.print(f"[dim]{self.t('groups')}[/]")
        else:
            for i, a in shown:
                console.print(f"  [bold cyan]{i:3d}[/] {g.label(a, self.lang)}")
        return groups

    def ask(self, seat: int) -> Any:
        """Show the seat's screen and read its choice: an action, a float (wait) or None (quit)."""
        g = self.game
        if len(self.humans) > 1 and seat != self.last_human:
            console.print(Rule())
            try:
                console.input(self.t("pass", seat=seat))
            except EOFError:
                return None
            console.clear()
        self.last_human = seat
        legal = g.legal_actions(seat)
        shown = list(enumerate(legal, 1))
        full = True  # the whole list is shown (grouped when long)
        groups: list[tuple[str, list[tuple[int, Action]]]] = []
        redraw = True  # help and texts are read below the screen, not scrolled away by it
        while True:
            if redraw:
                groups = self.draw(seat, shown, full)
            redraw = True
            try:
                text = console.input(f"[bold]{self.t('choose', seat=seat)}> [/]").strip()
            except EOFError:
                return None
            if text.isdecimal() and 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            cmd, _, arg = text.partition(" ")
            if text in ("q", "quit"):
                return None
            if text in ("h", "help"):
                console.print(self.t("help") + (self.t("help_rt") if g.realtime else ""))
                self.show_legend()
                redraw = False
            elif text == "?options":
                self.show_options()
                redraw = False
            elif text.startswith("?"):
                self.show_components(seat, text[1:])
                redraw = False
            elif cmd in ("u", "undo"):
                if self.take_back(seat, arg.strip() or "1"):
                    legal = g.legal_actions(seat)
                    shown = list(enumerate(legal, 1))
                    full = True
                else:
                    redraw = False
            elif cmd == "why":
                self.show_why(seat, arg)
                redraw = False
            elif cmd == "s":
                self.save(Path(arg.strip()).expanduser() if arg.strip() else None)
            elif text == "l":
                self.show_events(seat, 40)
            elif text == "j":
                console.print_json(data=g.view(seat))
            elif cmd == "w" and g.realtime:
                try:
                    wait = float(arg) if arg.strip() else self.tick
                except ValueError:
                    wait = math.nan
                if math.isfinite(wait) and wait > 0:
                    return wait
                console.print(self.t("bad", text=text))
            elif (
                groups
                and text[:1] == "g"
                and text[1:].isdecimal()
                and 0 < int(text[1:]) <= len(groups)
            ):
                shown = groups[int(text[1:]) - 1][1]
                full = False
            elif text.startswith("/"):
                word = text[1:].lower()
                shown = [
                    (i, a)
                    for i, a in enumerate(legal, 1)
                    if word in self.game.label(a, self.lang).lower()
                ]
                full = False
                console.print(self.t("filter", n=len(shown), word=word))
            elif text == "":
                shown = list(enumerate(legal, 1))
                full = True
            else:
                try:
                    act = g.parse_action(text)
                except ValueError:
                    console.print(self.t("bad", text=text))
                    continue
                if act in legal:
                    return act
                console.print(self.t("illegal", err=self._label(act)))
                self.print_reasons(seat, act)
                redraw = False


def play(
    game_id: str = typer.Argument(..., help="Game id (see `spacetable games`)."),
    players: PlayersOpt = None,
    bot: BotOpt = None,
    seed: SeedOpt = None,
    lang: LangOpt = None,
    option: OptionOpt = None,
    save: SaveOpt = None,
    load: LoadOpt = None,
    speed: SpeedOpt = None,
    tick: TickOpt = None,
    data: DataOpt = None,
) -> None:
    """Play a game in the terminal (hot-seat for the human seats)."""
    try:
        session = make_session(
            game_id, players, bot, seed, lang, option, save, load, speed, tick, data
        )
    except ValueError as e:
        fail_value(e)
    if not session.run():
        raise typer.Exit(0)


def make_session(
    game_id: str,
    players: int | None,
    bot: list[str] | None,
    seed: int | None,
    lang: str | None,
    option: list[str] | None,
    save: Path | None,
    load: Path | None,
    speed: float | None,
    tick: float | None,
    data: Path | None = None,
) -> Session:
    """The session the command line asks for; any mistake raises ValueError (a
    :class:`DataError` when the tables of the data directory are invalid)."""
    if lang is not None and lang not in TEXT:
        raise ValueError(f"--lang must be {' or '.join(TEXT)}, got {lang!r}")
    if speed is not None:
        positive(speed, "--speed", zero=True)
    if tick is not None:
        positive(tick, "--tick")
    if save is not None:
        check_writable(save, "--save")
    settings: dict[str, Any] = {}
    if load is not None:
        given = [
            name
            for name, value in (("--players", players), ("--seed", seed), ("--option", option))
            if value is not None and value != []
        ]
        if given:
            raise ValueError(
                f"{', '.join(given)} cannot be used with --load "
                "(the save holds the game's settings)"
            )
        text = read_text(load, "save file")
        meta = save_meta(text)
        saved = _json_field(text, "game")
        if isinstance(saved, str) and saved != game_id:
            raise ValueError(f"{load} holds a game of {saved}, not {game_id}")
        dataset, data_dir = save_data(game_id, load, data, remembered_data(meta))
        game = load_with_data(text, load, dataset, data_dir, data is None)
        if game.game_id != game_id:
            raise ValueError(f"{load} holds a game of {game.game_id}, not {game_id}")
        settings = read_play_meta(meta, game.players)
    else:
        n = players if players is not None else default_players(game_id)
        options = parse_options(option)
        dataset = read_data(game_id, data)
        data_dir = _absolute(data) if data is not None else None
        game = spacetable.new_game(game_id, n, seed, options, dataset)
    kinds = {s: k for s, k in enumerate(settings.get("seats", [])) if k is not None}
    kinds.update(parse_bot_seats(bot, game.players))
    kinds = {s: k for s, k in kinds.items() if k != HUMAN}
    bots = {
        s: make_bot(kind, (game.seed + 1000 * (s + 1)) & 0xFFFFFFFF, game.game_id)
        for s, kind in sorted(kinds.items())
    }
    return Session(
        game,
        bots,
        lang if lang is not None else settings.get("lang", DEFAULT_LANG),
        save,
        speed if speed is not None else settings.get("speed", DEFAULT_SPEED),
        tick if tick is not None else settings.get("tick", DEFAULT_TICK),
        kinds,
        data_dir,
    )


def _absolute(path: Path | str) -> str:
    return str(Path(path).expanduser().resolve())


def _json_field(text: str, key: str) -> Any:
    """``key`` of the JSON object ``text`` (None if it is not one); the engine reads the
    whole save again, and reports what is wrong with it."""
    try:
        obj = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return None
    return obj.get(key) if isinstance(obj, dict) else None


def save_data(
    game_id: str, path: Path, given: Path | None, remembered: str | None
) -> tuple[DataSet[Any] | None, str | None]:
    """The data set to load the save ``path`` with, and its directory (absolute).

    ``--data`` (``given``) first; else the directory the save's meta remembers; else the
    shipped data (None). A remembered directory that is gone or whose tables are invalid
    is refused with a message saying where the path came from.
    """
    if given is not None:
        return read_data(game_id, given), _absolute(given)
    if remembered is None:
        return None, None
    if not Path(remembered).is_dir():
        raise ValueError(
            f"{path} was played with the data in {remembered} (remembered in the save), which "
            "is no longer a directory: give --data DIR with the tables it was played with"
        )
    try:
        return read_data(game_id, remembered, "the save's data directory"), remembered
    except ValueError as e:
        msg = (
            f"{path} was played with the data in {remembered} (remembered in the save), "
            f"which cannot be used: {error_line(e)}; give --data DIR"
        )
        raise (DataError(msg) if isinstance(e, DataError) else ValueError(msg)) from None


def load_with_data(
    text: str, path: Path, dataset: DataSet[Any] | None, data_dir: str | None, remembered: bool
) -> Game:
    """``spacetable.load(text, data=dataset)``; when the engine refuses the save because it
    was played with other data, the message names both data sets and what to do."""
    try:
        return spacetable.load(text, data=dataset)
    except RecordError as e:
        problem = data_mismatch(text, path, dataset, data_dir, remembered)
        if problem is None:
            raise
        raise ValueError(problem) from e


def data_mismatch(
    text: str,
    path: Path,
    dataset: DataSet[Any] | None,
    data_dir: str | None,
    remembered: bool = False,
) -> str | None:
    """Why the save or record ``text`` cannot be played with ``dataset`` (None for the
    shipped data), when the reason is its data: the two data sets named; else None."""
    label = _json_field(text, "data")
    game_id = _json_field(text, "game")
    if dataset is None:
        spec = game_class(game_id).data_spec if isinstance(game_id, str) else None
        try:
            dataset = spacetable.load_data(game_id) if spec is not None else None
        except ValueError:
            dataset = None
    if dataset is None:
        return None
    if data_dir is None:
        here = f"the shipped data (digest {dataset.digest})"
    elif remembered:
        here = (
            f"the data now in {data_dir} (remembered in the save, digest {dataset.digest}: "
            "its tables changed since)"
        )
    else:
        here = f"the data in {data_dir} (digest {dataset.digest})"
    if label is None:
        if dataset.shipped:
            return None
        return f"{path} was played with the shipped data, not with {here}: leave out --data"
    if not isinstance(label, dict) or label.get("digest") == dataset.digest:
        return None
    name, digest = label.get("name"), label.get("digest")
    if digest == dataset.spec.shipped(dataset.game).digest:
        return f"{path} was played with the shipped data, not with {here}: leave out --data"
    return (
        f"{path} was played with the data set {name!r} (digest {digest}), not with {here}: "
        "give --data DIR with the tables it was played with"
    )


def register(app: typer.Typer) -> None:
    app.command("play")(play)
