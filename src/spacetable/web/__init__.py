"""The web app: a lobby, live tables over WebSocket, persistence (``docs/web.md``).

``create_app(db_url)`` (:mod:`spacetable.web.app`) is the ASGI app; ``spacetable serve``
runs it on uvicorn.
"""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app"]
