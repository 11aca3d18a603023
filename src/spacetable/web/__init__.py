"""The web app: a lobby, live tables over WebSocket, persistence (``docs/web.md``).

``create_app(db_url)`` (:mod:`spacetable.web.app`) is the ASGI app; ``spacetable serve``
runs it on uvicorn.

The app (and the web stack it needs) is imported only when asked for, so that a bot
worker, which unpickles functions of :mod:`spacetable.web.bots`, does not import it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
