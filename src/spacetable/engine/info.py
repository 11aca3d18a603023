"""Game metadata and options, declared as data (OpenSpiel ``_GAME_TYPE`` style)."""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import DataError, OptionError


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its default and what values it allows.

    ``choices`` lists the allowed values; otherwise ``kind`` (int, float, bool, str) with an
    optional inclusive ``minimum``/``maximum`` bounds it. ``players`` restricts the option to
    some player counts (a non-default value at another count is an error).

    What a player reads, in both languages: ``label_*`` names the option, ``help_*`` says in
    plain words what it changes (a rulebook reference may follow, in words), and
    ``choices_*`` name each of the ``choices``, in their order. Clients show these, never the
    option's name or its values (they are codes, for files and the command line).
    """

    default: Any
    choices: tuple[Any, ...] | None = None
    kind: type = str
    minimum: float | None = None
    maximum: float | None = None
    players: tuple[int, ...] | None = None
    help_en: str = ""
    help_fr: str = ""
    label_en: str = ""
    label_fr: str = ""
    choices_en: tuple[str, ...] = ()
    choices_fr: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for lang, names in (("en", self.choices_en), ("fr", self.choices_fr)):
            if names and (self.choices is None or len(names) != len(self.choices)):
                raise ValueError(
                    f"choices_{lang} names {len(names)} choices; the option has "
                    f"{0 if self.choices is None else len(self.choices)}"
                )

    def label(self, lang: str) -> str:
        """The option's name for a player in ``lang`` (English when it has none in ``lang``)."""
        return (self.label_fr if lang == "fr" else "") or self.label_en

    def help(self, lang: str) -> str:
        """What the option changes, in ``lang`` (English when it has none in ``lang``)."""
        return (self.help_fr if lang == "fr" else "") or self.help_en

    def choice_label(self, value: Any, lang: str) -> str:
        """The name of the choice ``value`` for a player in ``lang`` (its text form when the
        option names none)."""
        names = (self.choices_fr if lang == "fr" else ()) or self.choices_en
        if self.choices is not None and names:
            for c, name in zip(self.choices, names, strict=True):
                if type(c) is type(value) and c == value:
                    return name
        return str(value)

    def check(self, name: str, value: Any, players: int) -> Any:
        if self.choices is not None:
            # Exact: 1.0 or True equal 1 in Python but are not the option's value.
            if not any(type(value) is type(c) and value == c for c in self.choices):
                raise OptionError(
                    f"option {name!r}: bad value {value!r}; allowed: "
                    + ", ".join(repr(c) for c in self.choices)
                )
        else:
            kind = self.kind
            if kind is float and type(value) is int:
                value = float(value)
            if type(value) is not kind or (type(value) is float and not math.isfinite(value)):
                raise OptionError(
                    f"option {name!r}: bad value {value!r:.60}; expected {kind.__name__}"
                )
            number: Any = value
            if self.minimum is not None and number < self.minimum:
                raise OptionError(f"option {name!r}: {value!r} is below {self.minimum}")
            if self.maximum is not None and number > self.maximum:
                raise OptionError(f"option {name!r}: {value!r} is above {self.maximum}")
        if self.players is not None and players not in self.players and value != self.default:
            raise OptionError(
                f"option {name!r}={value!r} needs {' or '.join(map(str, self.players))} players"
            )
        return value

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"default": self.default}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        else:
            out["kind"] = self.kind.__name__
            if self.minimum is not None:
                out["minimum"] = self.minimum
            if self.maximum is not None:
                out["maximum"] = self.maximum
        if self.players is not None:
            out["players"] = list(self.players)
        out["help"] = {"en": self.help_en, "fr": self.help_fr}
        out["label"] = {"en": self.label_en, "fr": self.label_fr}
        if self.choices is not None:
            out["choice_labels"] = {
                "en": [self.choice_label(c, "en") for c in self.choices],
                "fr": [self.choice_label(c, "fr") for c in self.choices],
            }
        return out


@functools.cache
def _texts(package: str) -> Any:
    from .data import Texts

    return Texts.load(package)


def option_words(module: str, name: str) -> dict[str, Any]:
    """The words a player reads about option ``name``, from the ``text.toml`` of the game's
    package (``module``: the ``__name__`` of one of its modules): the key ``option_<name>``
    of its ``[en]`` and ``[fr]`` tables, a table of ``label``, ``help`` and ``choices`` (the
    name of each choice, in the option's order), as :class:`OptionSpec` keyword arguments.
    A missing or empty word raises :class:`DataError` naming the file, the key and the
    field."""
    package = module.rpartition(".")[0]
    texts = _texts(package)
    key = f"option_{name}"
    out: dict[str, Any] = {}
    for lang in ("en", "fr"):
        entry = texts.tables[lang].get(key)
        where = f"{package}/text.toml [{lang}] {key}"
        if not isinstance(entry, dict):
            raise DataError(f"{where}: missing (a table with label, help and choices)")
        for field_name in ("label", "help"):
            word = entry.get(field_name)
            if not isinstance(word, str) or not word.strip():
                raise DataError(f"{where}: field {field_name!r} missing or empty")
            out[f"{field_name}_{lang}"] = word
        choices = entry.get("choices", [])
        if not isinstance(choices, list) or not all(
            isinstance(c, str) and c.strip() for c in choices
        ):
            raise DataError(f"{where}: field 'choices' must be a list of words")
        out[f"choices_{lang}"] = tuple(choices)
    return out


@dataclass(frozen=True)
class GameInfo:
    """Static facts about a game."""

    id: str
    name_en: str
    name_fr: str
    min_players: int
    max_players: int
    options: Mapping[str, OptionSpec] = field(default_factory=dict)
    realtime: bool = False
    #: Option values under which a real-time game is played in turns instead (Spacedealer's
    #: ``mode=ticks``): :meth:`realtime_with`.
    turn_based_when: Mapping[str, Any] = field(default_factory=dict)
    hidden_information: bool = True
    chance: bool = True
    rules_version: str = "1"
    #: Options the simulation drivers (``simulate``, ``tournament``, ``balance``, the
    #: benchmarks) apply unless told otherwise: a game the rulebook does not bound (no round
    #: limit) gets a limit there, so that bots that stall cannot run for ever. ``new_game``
    #: and ``play`` keep the rulebook's game.
    simulation_options: Mapping[str, Any] = field(default_factory=dict)

    def normalize_options(self, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Check ``players`` and ``options``; return the options with every default filled in."""
        if type(players) is not int:
            raise OptionError(f"players must be an integer, got {players!r:.60}")
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.id} takes {self.min_players} to {self.max_players} players, not {players}"
            )
        if options is not None and not isinstance(options, Mapping):
            raise OptionError(f"options must be a mapping, got {type(options).__name__}")
        options = dict(options or {})
        unknown = sorted(
            repr(k) if type(k) is not str else k for k in options if k not in self.options
        )
        if unknown:
            known = ", ".join(sorted(self.options)) or "none"
            raise OptionError(f"{self.id}: unknown option(s) {', '.join(unknown)}; known: {known}")
        out: dict[str, Any] = {}
        for name, spec in self.options.items():
            out[name] = spec.check(name, options.get(name, spec.default), players)
        return out

    def realtime_with(self, options: Mapping[str, Any]) -> bool:
        """Whether a game with ``options`` (defaults filled in or not) runs in real time."""
        if not self.realtime or not self.turn_based_when:
            return self.realtime
        return not all(
            options.get(k, self.options[k].default) == v for k, v in self.turn_based_when.items()
        )

    def for_simulation(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """``options`` over :attr:`simulation_options` (an option given wins)."""
        out = dict(self.simulation_options)
        out.update(options or {})
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "names": {"en": self.name_en, "fr": self.name_fr},
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": {k: v.to_json() for k, v in self.options.items()},
            "realtime": self.realtime,
            "turn_based_when": dict(self.turn_based_when),
            "hidden_information": self.hidden_information,
            "chance": self.chance,
            "rules_version": self.rules_version,
            "simulation_options": dict(self.simulation_options),
        }
