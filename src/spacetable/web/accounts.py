"""Accounts: password hashing, account names, session ids and the limits of sign-in.

*Passwords* are hashed with argon2id (``argon2-cffi``) at the parameters of RFC 9106's
second recommended option ("low memory"): :data:`TIME_COST` passes over
:data:`MEMORY_COST` KiB (64 MiB) with :data:`PARALLELISM` lanes, a 16-byte random salt and a
32-byte hash. A stored hash made with other parameters is re-hashed at the next sign-in
(:meth:`Passwords.verify`). A password is 8 to 1024 characters (the upper bound keeps a
hash's cost bounded); nothing else is asked of it.

*Names* are cleaned as seat names are (:func:`spacetable.web.chat.clean`) and compared by
their key (:func:`name_key`): NFKC, case folded, then each character replaced by one
representative of its class of confusable look-alikes (Unicode TR39's ``confusables.txt``,
as shipped by the ``confusable_homoglyphs`` package), so that "Alice", "ALICE", "Аlice"
(a Cyrillic А) and "ａｌｉｃｅ" are one name.

*Sessions* are a random id of 256 bits (:func:`new_session_id`) in an ``HttpOnly`` cookie;
the database keeps only its SHA-256 (:func:`session_hash`). The CSRF token of a session is
derived from its id (:func:`csrf_token`): a page gets it from ``GET /api/account`` and sends
it back in the ``X-CSRF-Token`` header of every request that changes something.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import secrets
import unicodedata
from dataclasses import dataclass

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from .chat import clean

#: argon2id parameters (RFC 9106, section 4, second recommended option).
TIME_COST = 3
MEMORY_COST = 64 * 1024  # KiB
PARALLELISM = 4
HASH_LEN = 32
SALT_LEN = 16

MIN_PASSWORD = 8
MAX_PASSWORD = 1024
MAX_NAME = 40

#: The session cookie's name.
COOKIE = "spacetable_session"
#: The header that carries the CSRF token.
CSRF_HEADER = "x-csrf-token"


class AccountError(ValueError):
    """A refused account request: ``code`` for the client, the message in plain words."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.status = status


class Passwords:
    """Hashes and checks passwords (argon2id). ``memory_cost`` and ``time_cost`` may be
    lowered for tests only; the defaults are the documented ones."""

    def __init__(self, time_cost: int = TIME_COST, memory_cost: int = MEMORY_COST) -> None:
        self.hasher = PasswordHasher(
            time_cost=time_cost,
            memory_cost=memory_cost,
            parallelism=PARALLELISM,
            hash_len=HASH_LEN,
            salt_len=SALT_LEN,
            type=Type.ID,
        )

    @functools.cached_property
    def _dummy(self) -> str:
        """A hash to check against when the name is unknown, so that an unknown name takes
        as long to refuse as a wrong password (no telling which names exist by timing);
        made at the first sign-in, not when the server starts."""
        return self.hasher.hash(secrets.token_urlsafe(16))

    def hash(self, password: str) -> str:
        return self.hasher.hash(password)

    def verify(self, stored: str | None, password: str) -> tuple[bool, str | None]:
        """Whether ``password`` matches ``stored`` (``None``: no such account; checked
        against a dummy hash all the same), and a new hash to store when ``stored`` was made
        with other parameters."""
        try:
            self.hasher.verify(stored or self._dummy, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False, None
        if stored is None:
            return False, None
        return True, self.hash(password) if self.hasher.check_needs_rehash(stored) else None


def check_password(password: str) -> str:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise AccountError(
            "bad_password",
            f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters",
        )
    return password


def clean_name(name: str) -> str:
    """An account's name as shown: cleaned as a seat's name is; refused if empty or
    longer than :data:`MAX_NAME`, or if nothing of it is a letter or a digit."""
    shown = clean(name)
    if not shown or len(shown) > MAX_NAME:
        raise AccountError("bad_name", f"a name has 1 to {MAX_NAME} characters")
    if not any(unicodedata.category(c)[0] in "LN" for c in shown):
        raise AccountError("bad_name", "a name needs at least one letter or digit")
    return shown


#: Deliberate merges after the mapping: in a case-blind name "I" (an "i") looks like "l"
#: and "1", and "0" like "o".
_MERGED = str.maketrans({"i": "l", "1": "l", "0": "o"})


@functools.cache
def _skeleton_map() -> dict[str, str]:
    """Each character that ``confusables.txt`` (as shipped by ``confusable_homoglyphs``,
    made symmetric there) lists as a look-alike of an ASCII letter or digit, mapped to that
    letter or digit (a lower-case letter first, then a digit, then an upper-case letter),
    folded to lower case. A character that looks like no ASCII one stays as it is, and
    sequences of several characters ("rn" for "m") are left out."""
    from confusable_homoglyphs.confusables import confusables_data

    def rank(c: str) -> tuple[int, str]:
        return (0 if c.islower() else 1 if c.isdigit() else 2, c)

    out: dict[str, str] = {}
    for key, glyphs in confusables_data.items():
        k = key.replace("\u200e", "").replace("\u200f", "")
        if len(k) != 1 or (k.isascii() and k.isalnum()):
            continue
        plain = [
            g
            for g in (x["c"].replace("\u200e", "").replace("\u200f", "") for x in glyphs)
            if len(g) == 1 and g.isascii() and g.isalnum()
        ]
        if plain:
            out[k] = min(plain, key=rank).casefold()
    return out


def name_key(name: str) -> str:
    """The key under which a name is unique: NFKC, case folded, each character that looks
    like an ASCII letter or digit replaced by it (:func:`_skeleton_map`), "i", "1" and
    "l" taken as one, "0" and "o" too.

    >>> name_key("Alice") == name_key("ALICE") == name_key("\u0410lice") == name_key("A1ice")
    True
    >>> name_key("Alice") == name_key("Alicia")
    False
    """
    folded = unicodedata.normalize("NFKC", name).casefold()
    table = _skeleton_map()
    skeleton = "".join(table.get(c, c) for c in folded).casefold()
    return unicodedata.normalize("NFKC", skeleton.translate(_MERGED))


def new_session_id() -> str:
    return secrets.token_urlsafe(32)


def new_account_id() -> str:
    return secrets.token_hex(16)


def session_hash(session_id: str) -> str:
    """What the database keeps of a session id."""
    return hashlib.sha256(session_id.encode()).hexdigest()


def csrf_token(session_id: str) -> str:
    """The session's CSRF token: derived from its secret id, so it needs no storage; the
    database's hash of the id does not give it."""
    return hmac.new(session_id.encode(), b"spacetable csrf", hashlib.sha256).hexdigest()


def csrf_ok(session_id: str, given: str | None) -> bool:
    return given is not None and hmac.compare_digest(csrf_token(session_id), given)


def bucket_key(kind: str, who: str) -> str:
    """A rate limit's key: what is counted and a hash of for whom (an address or a name's
    key), so that the table of counters holds neither addresses nor names."""
    return f"{kind}:{hashlib.sha256(who.encode()).hexdigest()[:40]}"


@dataclass(frozen=True)
class Limit:
    """At most ``count`` attempts per ``window`` seconds (a fixed window)."""

    count: int
    window: float


@dataclass(frozen=True)
class AccountLimits:
    """The limits of sign-in and sign-up, counted in the database so that they hold
    whichever server process a request reaches. Every attempt counts, right or wrong: a
    limit also bounds the server's hashing work. A person who trips the per-name limit
    waits for its window to end."""

    signin_per_address: Limit = Limit(20, 600.0)
    signin_per_name: Limit = Limit(10, 600.0)
    signup_per_address: Limit = Limit(10, 3600.0)
    #: Sessions last this long after their last use (seconds).
    session_idle: float = 30 * 86400.0
    #: Password checks, argon2id: lowered by tests only.
    time_cost: int = TIME_COST
    memory_cost: int = MEMORY_COST
