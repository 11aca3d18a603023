"""The WebSocket protocol (version 1): the messages a client may send, validated here.

Every client message is a JSON object with a ``type``; each type has exactly its fields
(pydantic, ``extra="forbid"``). The server's messages are built in
:mod:`spacetable.web.messages`. ``docs/protocol.md`` documents both directions.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    model_validator,
)

from .chat import clean

#: The protocol version; a client says which one it speaks in its ``hello``.
VERSION = 1
#: The largest client message accepted (bytes of its text); larger ones get ``too_large``.
MAX_MESSAGE = 16 * 1024

Lang = Literal["en", "fr"]
#: A person's or a bot's name, wherever one comes in (``hello``, the JSON API's seats and
#: ``join``): at most 40 characters, kept cleaned as a chat text is (:func:`clean`: no
#: control, direction-changing or zero-width characters, blank space collapsed).
Name = Annotated[str, Field(max_length=40), AfterValidator(clean)]
LANGS: tuple[str, ...] = ("en", "fr")


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Hello(_Msg):
    """First message: the protocol version, the seat's secret token (none: a spectator),
    the person's language and name."""

    type: Literal["hello"]
    version: int
    token: Annotated[str, Field(min_length=8, max_length=128)] | None = None
    #: A seat held by the signed-in account (the handshake's session cookie), in place of
    #: its token; ignored when a token is given.
    seat: Annotated[int, Field(ge=0, le=15)] | None = None
    lang: Lang = "en"
    name: Name = ""


class Act(_Msg):
    """Play an action (its JSON form, as listed in ``legal``). ``step``: the step of the
    view it was chosen on; when given and the game has moved on, the action is refused
    with ``stale`` (a turn-based client sends it, a real-time one may not)."""

    type: Literal["act"]
    action: dict[str, Any]
    step: int | None = None


class Undo(_Msg):
    """Take back the seat's last ``count`` decisions under the engine's rule
    (:meth:`spacetable.engine.Game.undoable`: until another seat acts, game time passes or
    something hidden is revealed). ``step``: as in :class:`Act`, refused as ``stale`` when
    the game has moved on since the view the person saw."""

    type: Literal["undo"]
    count: Annotated[int, Field(ge=1, le=1000)] = 1
    step: int | None = None


class SetLang(_Msg):
    type: Literal["lang"]
    lang: Lang


class Ping(_Msg):
    type: Literal["ping"]


class ChatText(_Msg):
    """Say something in the table's chat (every connection reads it) or in the seat's
    (only the people holding the same seat read it); see :mod:`spacetable.web.chat`."""

    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=1000)]
    scope: Literal["table", "seat"] = "table"


class Back(_Msg):
    """The person of a seat a bot plays (out of time, or away) is back at the table."""

    type: Literal["back"]


class Why(_Msg):
    """Ask why an action (its JSON form) or anything about a component (a piece pressed on
    the board: its id) is not possible for the seat now; answered by ``why``."""

    type: Literal["why"]
    action: dict[str, Any] | None = None
    component: Annotated[str, Field(min_length=1, max_length=200)] | None = None

    @model_validator(mode="after")
    def _one(self) -> Why:
        if (self.action is None) == (self.component is None):
            raise ValueError("give an action or a component, not both")
        return self


class HintAsk(_Msg):
    """Ask "what would the bot do?": the search's top moves for the seat now, answered by a
    ``hint`` message to this connection only (refused with ``hints_off`` when the table does
    not allow hints, ``rate_limited`` past the per-connection limit)."""

    type: Literal["hint"]


Message = Hello | Act | SetLang | Ping | ChatText | Back | Undo | Why | HintAsk
ClientMessage = Annotated[Message, Field(discriminator="type")]
_adapter: TypeAdapter[Message] = TypeAdapter(ClientMessage)


class ProtocolError(ValueError):
    """A client message that is refused; ``code`` is the error's code on the wire."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def parse(text: str | bytes) -> Message:
    """Validate one client message. Raises :class:`ProtocolError` (``too_large`` or
    ``bad_message``) naming what is wrong.

    >>> parse('{"type": "ping"}')
    Ping(type='ping')
    >>> parse('{"type": "act", "action": {"type": "play"}, "step": "3"}')
    Traceback (most recent call last):
    ...
    spacetable.web.protocol.ProtocolError: act.step: Input should be a valid integer
    """
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("too_large", f"a message may hold at most {MAX_MESSAGE} bytes")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        raise ProtocolError("bad_message", "not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message is a JSON object")
    try:
        return _adapter.validate_python(data)
    except ValidationError as e:
        err = e.errors(include_url=False, include_input=False)[0]
        where = ".".join(str(p) for p in err["loc"])
        raise ProtocolError("bad_message", f"{where}: {err['msg']}") from None
    except RecursionError:
        raise ProtocolError("bad_message", "nested too deeply") from None


class TokenBucket:
    """Rate limit: ``rate`` messages a second on average, ``burst`` at once."""

    __slots__ = ("burst", "last", "level", "rate")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.level = burst
        self.last = now

    def take(self, now: float) -> bool:
        self.level = min(self.burst, self.level + (now - self.last) * self.rate)
        self.last = now
        if self.level >= 1.0:
            self.level -= 1.0
            return True
        return False
