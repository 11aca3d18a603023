"""The public pages' data of ratings: leaderboards, a player's profile, and what a finished
rated table did to its seats' ratings (``spacetable.web.ratings``); and the play-now queue
(``spacetable.web.matchmaking``)."""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from pydantic import BaseModel, ConfigDict, Field

import spacetable

from .account_routes import Accounts, typed_key
from .live import Hub, TableError
from .matchmaking import Pace, pace_options
from .protocol import Lang
from .ratings import MAIN, UNRATED
from .storage import OPEN, OVER, RUNNING
from .table import public_info

#: The newest tables of an account a profile reads (its games played count among them).
PROFILE_GAMES = 200

Pool = Annotated[str, Query(min_length=1, max_length=32, pattern=r"^[a-z0-9:-]+$")]


def rating_router(hub: Hub) -> APIRouter:
    router = APIRouter(prefix="/api", tags=["ratings"])

    def known_game(game: str) -> None:
        if game not in spacetable.list_games():
            raise TableError("no_game", f"no game {game[:60]!r}", 404)

    @router.get("/leaderboards")
    async def pools() -> dict[str, Any]:
        """Every game and pool with rated players, and how many (``main``: the game's
        multi-player rating; ``solo-<difficulty>``: solo games against the game's automa)."""
        rows = await hub.read(hub.storage.pools)
        return {"pools": [{"game": g, "pool": p, "players": n} for g, p, n in rows]}

    @router.get("/leaderboards/{game}")
    async def leaderboard(
        game: str,
        pool: Pool = MAIN,
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
        offset: Annotated[int, Query(ge=0, le=100_000)] = 0,
    ) -> dict[str, Any]:
        """A game's rated players in a pool, best first: rank, name, rating, games."""
        known_game(game)
        entries = await hub.read(hub.storage.leaderboard, game, pool, limit, offset)
        return {"game": game, "pool": pool, "entries": entries}

    @router.get("/players/{name}")
    async def player(name: Annotated[str, Path(max_length=40)]) -> dict[str, Any]:
        """A player's public profile: their ratings with their history, their finished
        games with their results (newest first, at most 100) and their games in progress,
        among their newest 200 tables (``played`` counts the finished ones there).
        ``no_player`` (404) for a name no account has."""
        account = await hub.read(hub.storage.account_by_key, typed_key(name))
        if account is None:
            raise TableError("no_player", "no player of that name", 404)
        ratings = await hub.read(hub.storage.ratings, account.id)
        finished: list[dict[str, Any]] = []
        playing: list[dict[str, Any]] = []
        played = 0
        for table_id, seats in await hub.read(hub.storage.account_seats, account.id, PROFILE_GAMES):
            if not seats:
                continue  # created, not played
            live = hub.tables.get(table_id)
            rec = live.rec if live is not None else await hub.read(hub.storage.table, table_id)
            if rec is None:
                continue
            info = live.info() if live is not None else public_info(rec)
            if rec.status == OVER and rec.outcome is not None:
                played += 1
                if len(finished) < 100:
                    ranks = rec.outcome.get("ranks") or []
                    finished.append(
                        {
                            "table": info,
                            "seats": seats,
                            "rank": min(int(ranks[s]) for s in seats) if ranks else None,
                        }
                    )
            elif rec.status in (OPEN, RUNNING):
                playing.append({"table": info, "seats": seats})
        return {
            "name": account.name,
            "since": account.created_at,
            "ratings": ratings,
            "played": played,
            "finished": finished,
            "playing": playing,
        }

    @router.get("/tables/{table_id}/ratings")
    async def table_ratings(table_id: str) -> dict[str, Any]:
        """Whether a table is rated and, once its game is over and rated (about two seconds
        after its end), each rated seat's rating before and after, or why it counted for
        nothing (``unrated``, with ``why`` in both languages)."""
        rec = await hub.read(hub.storage.table, table_id[:40])
        if rec is None:
            raise TableError("no_table", "no such table", 404)
        out: dict[str, Any] = {"rated": rec.rated, "ratings": rec.ratings}
        code = (rec.ratings or {}).get("unrated")
        if code is not None:
            out["why"] = UNRATED.get(code, UNRATED["no_result"])
        return out

    return router


class JoinQueue(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: Annotated[str, Field(max_length=64)]
    players: Annotated[int, Field(ge=2, le=16)]
    pace: Pace = "live"
    lang: Lang = "en"


def touch(hub: Hub) -> float:
    """How old a waiting page's last "still here" may get before it is written again: a
    third of the time after which a silent page leaves the queue, at most 5 seconds."""
    return min(5.0, hub.settings.queue_idle / 3)


def queue_router(hub: Hub, accounts: Accounts) -> APIRouter:
    """``/api/queue``: play now (``spacetable.web.matchmaking``); a signed-in person only."""
    router = APIRouter(prefix="/api/queue", tags=["play now"])

    async def account(request: Request) -> Any:
        auth = await accounts.of_request(request)
        if auth is None:
            raise TableError("account_needed", "sign in to play now", 403)
        return auth.account

    def state(entry: dict[str, Any] | None) -> dict[str, Any]:
        if entry is None:
            return {"queued": False}
        st = hub.settings
        waited = max(0.0, time.time() - entry["joined_at"])
        out = {
            "queued": True,
            "game": entry["game"],
            "players": entry["players"],
            "pace": entry["pace"],
            "lang": entry["lang"],
            "waited": round(waited, 1),
            # the gap in the rating people read (40 points a unit of the mean, ratings.shown)
            "gap": round(40 * (st.queue_gap + st.queue_widen * waited)),
            "bots": entry["bots"],
            "bots_after": st.queue_bots_after,
            "may_fill_with_bots": waited >= st.queue_bots_after,
        }
        if "table" in entry:
            out["matched"] = {"table": entry["table"], "seat": entry["seat"]}
        return out

    @router.get("")
    async def where(request: Request) -> dict[str, Any]:
        """The signed-in person's place in the queue (``queued``: false when in none), or
        the table and seat of their match (``matched``). Asking keeps the place: a place
        not asked for in ``queue_idle`` seconds is given up (the page was closed)."""
        a = await account(request)
        return state(await hub.read(hub.storage.queue_entry, a.id, touch(hub)))

    @router.post("", status_code=201)
    async def join(request: Request, body: JoinQueue) -> dict[str, Any]:
        """Wait for opponents in a game's queue (in place of any other queue): matched by
        rating with people of the same game, player count, pace and language."""
        a = await account(request)
        if body.game not in spacetable.list_games():
            raise TableError("no_game", f"no game {body.game[:60]!r}", 404)
        info = spacetable.game_class(body.game).info
        if not info.min_players <= body.players <= info.max_players:
            raise TableError(
                "bad_options", f"{body.game} is played by {info.min_players} to {info.max_players}"
            )
        if pace_options(body.game, body.pace) is None:
            raise TableError("bad_options", f"{body.game} cannot be played over days")
        entry = await hub.db(
            hub.storage.enqueue, a.id, a.name, body.game, body.players, body.pace, body.lang
        )
        hub.match_now.set()
        return state(entry)

    @router.post("/leave")
    async def leave(request: Request) -> dict[str, Any]:
        """Leave the queue (nothing happens if not in one)."""
        a = await account(request)
        return {"left": await hub.db(hub.storage.leave_queue, a.id)}

    @router.post("/bots")
    async def bots(request: Request) -> dict[str, Any]:
        """After ``queue_bots_after`` seconds of waiting: fill the seats nobody takes with
        bots of a close rating (``too_soon``, 409, before)."""
        a = await account(request)
        entry = await hub.db(hub.storage.queue_entry, a.id, touch(hub))
        if entry is None:
            raise TableError("not_queued", "you are not in a queue", 409)
        if time.time() - entry["joined_at"] < hub.settings.queue_bots_after:
            raise TableError("too_soon", "wait a little longer before filling with bots", 409)
        await hub.db(hub.storage.ask_bots, a.id)
        hub.match_now.set()
        return state(await hub.db(hub.storage.queue_entry, a.id))

    return router
