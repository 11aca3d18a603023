"""A server does not keep every finished table in memory: the ones nobody watches (a game of
bots, a replay asked for over HTTP) are kept up to ``Settings.idle_finished`` and read back
from the database when asked for again; a watched one stays."""

from __future__ import annotations

import asyncio
from pathlib import Path

from spacetable.web.live import Hub, Settings
from spacetable.web.shared import Conn
from spacetable.web.storage import OVER, Storage


async def _scenario(tmp_path: Path) -> None:
    settings = Settings(bot_workers=1, idle_finished=2)
    hub = Hub(Storage(f"sqlite:///{tmp_path / 'tables.db'}"), settings)
    await hub.startup()
    try:
        bots = [("bot", "random", "")] * 2
        ids = []
        for seed in range(3):
            table, _, _ = await hub.create("quazarys", 2, {"round_limit": 30}, bots, seed=seed)
            await table.start()
            ids.append(table.rec.id)
        async with asyncio.timeout(120):
            while True:
                recs = [await hub.db(hub.storage.table, tid) for tid in ids]
                if all(r is not None and r.status == OVER for r in recs):
                    break
                await asyncio.sleep(0.1)
            while any(t.task is not None and not t.task.done() for t in hub.tables.values()):
                await asyncio.sleep(0.05)
        held = [tid for tid in ids if tid in hub.tables]
        assert len(held) == 2, held  # three games of bots ended: the first left is dropped
        (dropped,) = set(ids) - set(held)
        again = await hub.table(dropped)  # its replay asked for: read back, another dropped
        assert again.game is not None and again.game.is_over
        assert again.game.step == again.rec.steps > 0
        assert dropped in hub.tables and len([t for t in ids if t in hub.tables]) == 2
        # a finished table somebody watches stays, however many others are asked for
        watched = hub.tables[dropped]
        watched.attach(Conn(None, "en", settings, ""))
        for tid in ids:
            await hub.table(tid)
        assert hub.tables.get(dropped) is watched
    finally:
        await hub.shutdown()


def test_finished_tables_nobody_watches_are_kept_up_to_a_bound(tmp_path: Path) -> None:
    asyncio.run(_scenario(tmp_path))
