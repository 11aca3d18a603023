"""The JSON API's request and response bodies for tables (pydantic models): what a client
sends to create, join and start a table, and what it gets back."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .protocol import Lang, Name


class _In(BaseModel):
    """A JSON body of the API, validated as strictly as the protocol's messages: exactly its
    fields, each of its exact type (``"2"``, ``2.0`` or ``true`` is no integer; a number
    may be an int or a float, never a bool or a string)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class SeatIn(_In):
    kind: Literal["human", "bot"]
    #: ``learned``: only for a game and player count with a shipped policy (``learned`` in
    #: ``GET /api/games``); the table refuses it elsewhere (``bad_seats``).
    level: Literal["random", "easy", "medium", "hard", "learned"] | None = None
    name: Name = ""
    #: A person's seat kept for an account, invited by its name (the creator signed in):
    #: the seat is that account's, in its "My games", named after it.
    account: Name | None = None


class ClockIn(_In):
    """A turn clock: seconds for each decision (up to a week: a game over days), then
    seconds of reserve (up to 30 days)."""

    move: Annotated[float, Field(ge=5.0, le=7 * 86_400.0)]
    reserve: Annotated[float, Field(ge=0.0, le=30 * 86_400.0)] = 0.0


class CreateTable(_In):
    game: Annotated[str, Field(max_length=64)]
    players: Annotated[int, Field(ge=1, le=16)]
    options: Annotated[dict[str, Any], Field(max_length=32)] = {}
    seats: Annotated[list[SeatIn], Field(min_length=1, max_length=16)]
    #: Real time: game seconds per wall second.
    speed: Annotated[float, Field(ge=0.1, le=100.0)] = 1.0
    #: Seconds a bot waits before it plays (turn-based games), so that people can follow.
    bot_delay: Annotated[float, Field(ge=0.0, le=10.0)] = 0.8
    title: Annotated[str, Field(max_length=100)] = ""
    #: Start at once (a table of bots, or a hot-seat table whose people are all here).
    start: bool = False
    #: A turn clock (turn-based games only); a seat out of time is played by the takeover
    #: bot until its person is back.
    clock: ClockIn | None = None
    #: The bot level that plays a person's seat when they run out of time or leave (none:
    #: nobody takes over; with a clock, ``medium`` by default).
    takeover: Literal["random", "easy", "medium", "hard"] | None = None
    #: What running out of a turn clock does: the takeover bot plays until the person is
    #: back (``bot``), or the seat loses the game and the bot plays it to the end (``lose``).
    on_timeout: Literal["bot", "lose"] = "bot"
    #: The data set to play with, by name (``GET /api/games`` lists each game's); the
    #: shipped one by default.
    data: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    #: Whether seated people may ask "what would the bot do?" (hint messages). On by
    #: default, off at a rated table (which refuses them).
    hints: bool | None = None
    #: A rated table: once over, it rates the accounts that held its seats
    #: (``spacetable.web.ratings``). Only a signed-in person creates one, and only
    #: signed-in people take its seats.
    rated: bool = False


class Guided(_In):
    """A guided first game: the learner's name and language, and the pause (seconds) before
    each of the guide's own moves, so that the learner sees it."""

    name: Name = ""
    lang: Lang = "en"
    pause: Annotated[float, Field(ge=0.0, le=10.0)] = 0.8


class SeatOut(BaseModel):
    seat: int
    kind: str
    level: str | None
    #: The seat's secret token (human seats only): whoever holds it plays the seat.
    token: str | None = None
    #: The invitation link (path and fragment; the token stays out of server logs).
    link: str | None = None


class Created(BaseModel):
    id: str
    host_token: str
    seats: list[SeatOut]
    spectate: str
    table: dict[str, Any]


class Join(_In):
    token: Annotated[str, Field(min_length=8, max_length=128)]
    name: Name = ""


class Start(_In):
    host_token: Annotated[str, Field(min_length=8, max_length=128)]


class SeatOf(BaseModel):
    seat: int
