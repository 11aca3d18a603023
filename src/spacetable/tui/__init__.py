"""The full-screen terminal client (Textual): ``spacetable tui``. See docs/tui.md."""

from __future__ import annotations

from .app import TableApp

__all__ = ["TableApp"]
