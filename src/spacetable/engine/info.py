"""Game metadata and options, declared as data (OpenSpiel ``_GAME_TYPE`` style)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its default and what values it allows.

    ``choices`` lists the allowed values; otherwise ``kind`` (int, float, bool, str) with an
    optional inclusive ``minimum``/``maximum`` bounds it. ``players`` restricts the option to
    some player counts (a non-default value at another count is an error).
    """

    default: Any
    choices: tuple[Any, ...] | None = None
    kind: type = str
    minimum: float | None = None
    maximum: float | None = None
    players: tuple[int, ...] | None = None
    help_en: str = ""
    help_fr: str = ""

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
