"""Typed errors of the spacetable engine.

Every error a caller can trigger with bad input is a subclass of :class:`SpacetableError`
and, where the input is a value, of :class:`ValueError` too, so ``except ValueError`` works.
A failed call never changes the game it was called on.
"""

from __future__ import annotations


class SpacetableError(Exception):
    """Base class of every error raised by spacetable."""


class InvalidAction(SpacetableError, ValueError):
    """The action is malformed: unknown type, missing or badly typed field (syntax)."""


class IllegalAction(SpacetableError, ValueError):
    """The action is well formed but not legal for that seat now (rules)."""


class OptionError(SpacetableError, ValueError):
    """A bad player count, an unknown option or a bad option value."""


class UnknownGame(SpacetableError, ValueError):
    """No game is registered under that id."""


class DataError(SpacetableError, ValueError):
    """A data file is invalid; the message names the file, the row and the field."""


class RecordError(SpacetableError, ValueError):
    """A saved game or a record cannot be read, or does not replay."""


class UndoError(SpacetableError, ValueError):
    """A seat may not take back that many decisions now (see :meth:`Game.undoable`)."""
