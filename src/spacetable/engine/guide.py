"""A first game with a guide: a short scripted game, each of the learner's steps explained.

Each game ships ``games/<id>/data/guide.toml``: the settings of one real game (``players``,
``seed``, ``options``, the ``learner``'s seat) and every step of it in order, to its end::

    [[step]]                 # the learner's move: what to press, what to do and why
    seat = 0
    action = "play 12"       # the action's text form
    en = "Play the Rhino Mechanic: ..."
    fr = "Posez le Mécanicien Rhinocéros : ..."
    point = "card:12"        # optional: the piece to press (default: the action's first component)

    [[step]]                 # another seat's move (the guide's opponent plays it)
    seat = 1
    action = "draw"
    en = "..."               # optional: a word on what the opponent did
    fr = "..."

    [[step]]                 # real time: the guide lets game time pass
    wait = 2.0

Steps are found by the game's ``step`` counter (every decision and every wait counts one), so
the opponent's driver and the learner's client both read :meth:`Guide.at`. :meth:`Guide.load`
validates the file (errors name the file, the step and the field) and plays it through once:
every action must be legal when it comes, every learner step must say what to do in both
languages, and the game must end after the last step.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from .actions import Action
from .data import package_of, read_text
from .errors import DataError, SpacetableError

if TYPE_CHECKING:
    from .game import Game


class GuideError(SpacetableError, ValueError):
    """An action that is not the guide's next one (the learner is told to try again)."""


class StepRow(BaseModel):
    """One step of ``guide.toml``: a seat's action, or a wait (real time)."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)
    seat: int | None = None
    action: str | None = None
    wait: float | None = None
    en: str | None = None
    fr: str | None = None
    point: str | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> StepRow:
        if self.wait is not None:
            if self.seat is not None or self.action is not None or self.point is not None:
                raise ValueError("a wait step has no seat, action or point")
            if self.wait <= 0:
                raise ValueError("a wait is a positive number of seconds")
        elif self.seat is None or self.action is None:
            raise ValueError("a step has a seat and an action (or is a wait)")
        if (self.en is None) != (self.fr is None):
            raise ValueError("a step says its text in both languages or in neither")
        return self


class GuideRow(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    players: int
    seed: int
    learner: int = 0
    options: dict[str, Any] = {}
    bot: str = "greedy"
    title_en: str
    title_fr: str
    step: list[StepRow]


@dataclass(frozen=True)
class Step:
    """A step of the guide, checked: ``index`` in the script, ``at`` the game's ``step``
    counter when it comes, the parsed ``action`` (``None``: a wait of ``wait`` seconds),
    ``point``, the component to press (``None``: a button, or a wait), and its texts."""

    index: int
    at: int
    seat: int | None
    action: Action | None
    wait: float | None
    en: str | None
    fr: str | None
    point: str | None

    def say(self, lang: str) -> str | None:
        return self.fr if lang == "fr" else self.en

    def to_json(self, lang: str) -> dict[str, Any]:
        return {
            "index": self.index,
            "at": self.at,
            "seat": self.seat,
            "action": self.action.to_json() if self.action is not None else None,
            "wait": self.wait,
            "say": self.say(lang),
            "point": self.point,
        }


@dataclass(frozen=True)
class Guide:
    """A game's first game with a guide (see the module docstring)."""

    game_id: str
    players: int
    seed: int
    learner: int
    options: dict[str, Any]
    bot: str
    title: dict[str, str]
    steps: tuple[Step, ...]

    @classmethod
    def load(cls, game_id: str) -> Guide:
        """The shipped guide of ``game_id``, checked by playing it through."""
        from .registry import game_class

        game_cls = game_class(game_id)
        package = package_of(game_cls)
        name = f"{package}/data/guide.toml"
        try:
            text = read_text(package, "data/guide.toml")
        except FileNotFoundError:
            raise DataError(f"{name}: {game_id} has no guide") from None
        return cls.parse(game_id, text, name)

    @classmethod
    def parse(cls, game_id: str, text: str, name: str = "guide.toml") -> Guide:
        try:
            raw = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise DataError(f"{name}: {e}") from e
        try:
            row = GuideRow.model_validate(raw)
        except ValidationError as e:
            err = e.errors()[0]
            loc = list(err["loc"])
            where = name
            if len(loc) >= 2 and loc[0] == "step":
                where += f": step {int(loc[1]) + 1}"
                loc = loc[2:]
            field = ".".join(str(p) for p in loc)
            raise DataError(
                f"{where}: {f'field {field!r}: ' if field else ''}{err['msg']}"
            ) from None
        return cls._check(game_id, row, name)

    @classmethod
    def _check(cls, game_id: str, row: GuideRow, name: str) -> Guide:
        from .registry import new_game

        if not 0 <= row.learner < row.players:
            raise DataError(f"{name}: field 'learner': no seat {row.learner}")
        g = new_game(game_id, row.players, row.seed, row.options)
        steps: list[Step] = []
        for i, s in enumerate(row.step):
            where = f"{name}: step {i + 1}"
            if g.is_over:
                raise DataError(f"{where}: the game is over before this step")
            if s.wait is not None:
                try:
                    g.advance(s.wait)
                except SpacetableError as e:
                    raise DataError(f"{where}: field 'wait': {e}") from None
                steps.append(Step(i, g.step - 1, None, None, s.wait, s.en, s.fr, None))
                continue
            assert s.seat is not None and s.action is not None
            if s.seat == row.learner and s.en is None:
                raise DataError(f"{where}: a learner's step says what to do (en, fr)")
            try:
                a = g.parse_action(s.action)
            except SpacetableError as e:
                raise DataError(f"{where}: field 'action': {e}") from None
            if a not in g.legal_actions(s.seat):
                raise DataError(f"{where}: field 'action': {s.action!r} is not legal now")
            point = s.point
            if point is None:
                comps = g.action_components(a)
                point = comps[0] if comps else None
            steps.append(Step(i, g.step, s.seat, a, None, s.en, s.fr, point))
            g.apply(s.seat, a)
        if not g.is_over:
            raise DataError(f"{name}: the game does not end after the last step")
        assert all(st.at == i for i, st in enumerate(steps))  # what at() reads
        return cls(
            game_id,
            row.players,
            row.seed,
            row.learner,
            dict(row.options),
            row.bot,
            {"en": row.title_en, "fr": row.title_fr},
            tuple(steps),
        )

    def at(self, step: int) -> Step | None:
        """The step that comes when the game's ``step`` counter is ``step`` (``None``: past
        the end of the script)."""
        # every step, a decision or a wait, moves the counter by one: step i comes at i
        return self.steps[step] if 0 <= step < len(self.steps) else None

    def check_move(self, step: int, seat: int, action: Action) -> Step:
        """The guide's step at ``step``, if ``seat`` playing ``action`` is it; else
        :class:`GuideError` saying what the guide asks instead."""
        s = self.at(step)
        if s is None or s.seat != seat or s.action != action:
            raise GuideError(s.en if s is not None and s.en else "not the guide's next move")
        return s

    def follows(self, game: Game) -> bool:
        """Whether ``game`` is this guide's game so far: its settings, and every decision and
        wait it has taken are the script's (a table resumed after its guide was changed may
        not be)."""
        if game.game_id != self.game_id or game.seed != self.seed:
            return False
        if game.players != self.players or game.options != game.info.normalize_options(
            self.players, self.options
        ):
            return False
        entries = game.record()["entries"]
        if len(entries) > len(self.steps):
            return False
        for entry, step in zip(entries, self.steps, strict=False):
            if step.wait is not None:
                if entry.get("advance") != step.wait:
                    return False
            elif (
                step.action is None
                or entry.get("seat") != step.seat
                or entry.get("action") != step.action.to_json()
            ):
                return False
        return True

    def learner_steps(self) -> list[Step]:
        return [s for s in self.steps if s.seat == self.learner]
