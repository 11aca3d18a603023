"""The broken render module of :class:`BrokenRender`: the contract's functions, each
failing in its own way."""

from __future__ import annotations

from typing import Any


def render(view: dict[str, Any], lang: str, parts: Any = None) -> str:
    raise KeyError("board")


def prompt(view: dict[str, Any], lang: str, parts: Any = None) -> str:
    raise IndexError("no prompt")


def describe_event(event: dict[str, Any], lang: str, parts: Any = None) -> str:
    if event.get("event") == "draw":
        return "[bold]draws[/italic]"  # markup that does not parse
    raise KeyError("no sentence")


def describe_outcome(outcome: dict[str, Any], lang: str, parts: Any = None) -> str:
    raise ValueError("no outcome sentence")


def legend(lang: str) -> list[tuple[str, str]]:
    raise LookupError(lang)
