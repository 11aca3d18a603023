"""``spacetable play``: play in the terminal, hot-seat for the human seats, bots for the others.

Each human decision shows that seat's view (drawn by the game's ``render`` module), the last
events it may see, and its legal actions numbered; the player types a number. Other inputs:
``/word`` filters the list, ``s [FILE]`` saves, ``l`` shows more of the log, ``j`` prints the
raw view, ``q`` quits (saving first when ``--save`` is set), ``?`` helps. In a real-time game,
game time flows while you think (``--speed`` game seconds per wall second), bots act in ticks
meanwhile, and ``w [SECONDS]`` waits.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import typer
from rich.rule import Rule
from rich.table import Table

import spacetable
from spacetable.bots import Bot, SeatPort, make_bot
from spacetable.engine import Action, Game, SpacetableError
from spacetable.sim import step_bots

from .common import (
    console,
    err_console,
    event_describer,
    outcome_describer,
    parse_bot_seats,
    parse_options,
    renderer,
)

TEXT = {
    "en": {
        "seat": "Seat {seat}",
        "bot": "bot",
        "pass": "Pass the terminal to seat {seat}, then press Enter.",
        "choose": "Seat {seat}: your choice",
        "events": "Last events",
        "actions": "Legal actions",
        "help": "number: play it · /word: filter · s [FILE]: save · l: log · j: raw view · q: quit",
        "help_rt": " · w [SECONDS]: wait",
        "saved": "Saved to {path}.",
        "bad": "Not understood: {text!r}. Type ? for help.",
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
    },
    "fr": {
        "seat": "Siège {seat}",
        "bot": "bot",
        "pass": "Passez le terminal au siège {seat}, puis appuyez sur Entrée.",
        "choose": "Siège {seat} : votre choix",
        "events": "Derniers événements",
        "actions": "Actions possibles",
        "help": "numéro : le jouer · /mot : filtrer · s [FICHIER] : sauver · l : journal · "
        "j : vue brute · q : quitter",
        "help_rt": " · w [SECONDES] : attendre",
        "saved": "Sauvegardé dans {path}.",
        "bad": "Pas compris : {text!r}. Tapez ? pour l'aide.",
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
    },
}


LONG_LIST = 40


def group_actions(
    items: list[tuple[int, Action]],
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


class _Idle(Bot):
    """Stands in for a human seat while bots act in real time."""

    name = "human"

    def choose(self, port: SeatPort) -> Action | None:
        return None


class Session:
    """One terminal game: the game, its bots and the human seats."""

    def __init__(
        self,
        game: Game,
        bots: dict[int, Bot],
        lang: str,
        save: Path | None,
        speed: float,
        tick: float,
    ) -> None:
        self.game = game
        self.bots = bots
        self.humans = [s for s in range(game.players) if s not in bots]
        self.lang = lang if lang in TEXT else "en"
        self.save_path = save
        self.speed = speed
        self.tick = tick
        self.render = renderer(game.game_id)
        self.describe_event = event_describer(game.game_id)
        self.describe_outcome = outcome_describer(game.game_id)
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
        console.print(f"[bold]{reason or out.reason}[/]")
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

    def save(self, path: Path | None = None) -> None:
        path = path or self.save_path
        if path is None:
            console.print(self.t("no_save"))
            return
        path.write_text(self.game.to_json(), encoding="utf-8")
        console.print(f"[dim]{self.t('saved', path=path)}[/]")

    def autosave(self) -> None:
        if self.save_path is not None:
            self.save_path.write_text(self.game.to_json(), encoding="utf-8")

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
        while True:
            console.print(Rule(self.t("seat", seat=seat)))
            console.print(self.render(g.view(seat), self.lang))
            if g.realtime:
                console.print(self.t("clock", clock=g.clock))
            self.show_events(seat)
            console.print(f"[bold]{self.t('actions')}:[/]")
            groups = group_actions(shown) if full and len(shown) > LONG_LIST else []
            if groups:
                for k, (label, members) in enumerate(groups, 1):
                    first = self.game.describe_action(members[0][1], self.lang)
                    console.print(
                        f"  [bold magenta]g{k:<3d}[/] {label} [dim]({len(members)}: {first} …)[/]"
                    )
                console.print(f"[dim]{self.t('groups')}[/]")
            else:
                for i, a in shown:
                    console.print(
                        f"  [bold cyan]{i:3d}[/] {self.game.describe_action(a, self.lang)}"
                    )
            try:
                text = console.input(f"[bold]{self.t('choose', seat=seat)}> [/]").strip()
            except EOFError:
                return None
            if text.isdigit() and 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            cmd, _, arg = text.partition(" ")
            if text in ("q", "quit"):
                return None
            if text in ("?", "h", "help"):
                console.print(self.t("help") + (self.t("help_rt") if g.realtime else ""))
            elif cmd == "s":
                self.save(Path(arg) if arg else None)
            elif text == "l":
                self.show_events(seat, 40)
            elif text == "j":
                console.print_json(data=g.view(seat))
            elif cmd == "w" and g.realtime:
                try:
                    return float(arg) if arg else self.tick
                except ValueError:
                    console.print(self.t("bad", text=text))
            elif (
                groups
                and text[:1] == "g"
                and text[1:].isdigit()
                and 0 < int(text[1:]) <= len(groups)
            ):
                shown = groups[int(text[1:]) - 1][1]
                full = False
            elif text.startswith("/"):
                word = text[1:].lower()
                shown = [
                    (i, a)
                    for i, a in enumerate(legal, 1)
                    if word in self.game.describe_action(a, self.lang).lower()
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
                console.print(self.t("illegal", err=act))


def play(
    game_id: str = typer.Argument(..., help="Game id (see `spacetable games`)."),
    players: int = typer.Option(2, "--players", "-p", help="Number of players."),
    bot: list[str] = typer.Option(None, "--bot", "-b", help="SEAT=KIND, e.g. 1=random (0-based)."),
    seed: int | None = typer.Option(None, help="Seed of the game (random if omitted)."),
    lang: str = typer.Option("en", help="Language: en or fr."),
    option: list[str] = typer.Option(None, "--option", "-o", help="Game option NAME=VALUE."),
    save: Path | None = typer.Option(None, help="Save the game to FILE after every move."),
    load: Path | None = typer.Option(None, help="Resume a game saved with --save or `s`."),
    speed: float = typer.Option(1.0, help="Real-time games: game seconds per wall second."),
    tick: float = typer.Option(1.0, help="Real-time games: seconds of game time per bot tick."),
) -> None:
    """Play a game in the terminal (hot-seat for the human seats)."""
    if lang not in TEXT:
        raise typer.BadParameter("lang must be en or fr", param_hint="--lang")
    try:
        if load is not None:
            game = spacetable.load(load.read_text(encoding="utf-8"))
            if game.game_id != game_id:
                raise ValueError(f"{load} holds a game of {game.game_id}, not {game_id}")
        else:
            game = spacetable.new_game(game_id, players, seed, parse_options(option))
        bots = {
            s: make_bot(kind, (game.seed + 1000 * (s + 1)) & 0xFFFFFFFF, game.game_id)
            for s, kind in parse_bot_seats(bot, game.players).items()
        }
    except (ValueError, OSError) as e:
        err_console.print(f"[red]error:[/] {e}")
        raise typer.Exit(2) from e
    session = Session(game, bots, lang, save, speed, tick)
    if not session.run():
        raise typer.Exit(0)


def register(app: typer.Typer) -> None:
    app.command("play")(play)
