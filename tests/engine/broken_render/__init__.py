"""A toy game whose render module is broken (``render.py`` here): the presentation contract
must make the failure visible, never swallow it."""

from __future__ import annotations

from spacetable.engine.info import GameInfo
from spacetable.testing.toy import HighCards


class BrokenRender(HighCards):
    """High cards, drawn by a render module that raises (and writes broken markup)."""

    info = GameInfo(
        id="broken_render",
        name_en=HighCards.info.name_en,
        name_fr=HighCards.info.name_fr,
        min_players=HighCards.info.min_players,
        max_players=HighCards.info.max_players,
        options=HighCards.info.options,
    )
