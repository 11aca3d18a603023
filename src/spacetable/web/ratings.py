"""Ratings: every finished rated game between accounts rates each account for that game with
OpenSkill's Plackett-Luce model (the ``openskill`` package), made for more than two players
and for teams.

- **What is rated.** A table created ``rated`` whose every person's seat is held by a
  signed-in account when the game ends, each account at one seat only (nobody rates
  themself). Bots count as fixed anchors (:data:`ANCHORS`, ``data/bot_ratings.csv``): they
  move nobody's scale and are never updated, so that a lone player's rating against bots
  means something. A game's sides (:meth:`spacetable.engine.Game.sides`: Planet Raiders'
  shared colours) are rated as teams; a tie (equal ranks) is a tie.
- **Pools.** One rating per account and game across player counts (as the sites people play
  on keep one per game), and solo games apart, per difficulty: Wild Space against the
  Contrebandier is rated in the pool ``solo-<difficulty>`` against the automa's anchor.
- **Order.** Games are rated in the order of the second they finished in, and within one
  second in the order of their table ids, once that second is over
  (:meth:`spacetable.web.storage.Storage.rate_pending`): the result does not depend on which
  of two games ending in the same second was committed first.
- **The number shown** is :func:`shown`: ``1000 + 40 × (μ − 3σ)`` rounded (a new account's
  μ = 25, σ = 25/3 shows 1000), the conservative estimate the leaderboards sort by.
"""

from __future__ import annotations

import csv
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

from openskill.models import PlackettLuce
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from spacetable.engine import new_game

#: A new account's rating (OpenSkill's defaults).
MU = 25.0
SIGMA = 25.0 / 3.0
#: The pool of multi-player games (one per game).
MAIN = "main"


class AnchorRow(BaseModel):
    """One bot level's fixed rating in one game (a row of ``data/bot_ratings.csv``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str = Field(min_length=1)
    level: str = Field(min_length=1)
    mu: float = Field(ge=-50, le=100)
    sigma: float = Field(gt=0, le=25)
    provenance: Literal["measured", "estimated", "reference"]
    source: str = Field(min_length=1)


class AnchorError(ValueError):
    """A broken row of the bot ratings file (the message names the row and the field)."""


def read_anchors(text: str, name: str = "bot_ratings.csv") -> dict[tuple[str, str], AnchorRow]:
    """The anchors of a CSV text, keyed by (game, level); a bad row raises
    :class:`AnchorError` naming the file, the row and the field."""
    out: dict[tuple[str, str], AnchorRow] = {}
    for i, raw in enumerate(csv.DictReader(text.splitlines()), start=2):
        try:
            row = AnchorRow.model_validate(raw)
        except ValidationError as e:
            err = e.errors()[0]
            field = ".".join(str(p) for p in err["loc"]) or "?"
            raise AnchorError(f"{name}, row {i}, field {field!r}: {err['msg']}") from None
        if (row.game, row.level) in out:
            raise AnchorError(f"{name}, row {i}, field 'level': {row.level!r} is given twice")
        out[(row.game, row.level)] = row
    return out


@cache
def anchors() -> dict[tuple[str, str], AnchorRow]:
    """The shipped anchors."""
    text = resources.files("spacetable.web").joinpath("data/bot_ratings.csv").read_text("utf-8")
    return read_anchors(text)


@cache
def model() -> PlackettLuce:
    return PlackettLuce(mu=MU, sigma=SIGMA)


def shown(mu: float, sigma: float) -> int:
    """The rating a person reads: ``1000 + 40 × (μ − 3σ)``, rounded."""
    return round(1000 + 40 * (mu - 3 * sigma))


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int = 0

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)


@dataclass(frozen=True)
class RatedSeat:
    """A seat of a finished table as the rater sees it."""

    seat: int
    kind: str  # "human", "bot" (or a table's own kinds, such as a guide's)
    level: str | None
    account: str | None


@dataclass(frozen=True)
class FinishedTable:
    id: str
    game: str
    players: int
    options: Mapping[str, Any]
    outcome: Mapping[str, Any] | None
    seats: Sequence[RatedSeat]
    finished_at: float


@dataclass(frozen=True)
class Change:
    """One account's rating before and after a game (``rank``: its rank there)."""

    account: str
    seat: int
    pool: str
    before: Rating
    after: Rating
    rank: int


@dataclass(frozen=True)
class Verdict:
    """What a finished rated table does to ratings: its changes, or why it counts for
    nothing (``unrated``: a code, see :data:`UNRATED`)."""

    pool: str
    changes: tuple[Change, ...] = ()
    unrated: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "pool": self.pool,
            "unrated": self.unrated,
            "seats": {
                str(c.seat): {
                    "before": c.before.shown,
                    "after": c.after.shown,
                    "rank": c.rank,
                }
                for c in self.changes
            },
        }


#: Why a rated table counted for nothing, in a person's words.
UNRATED = {
    "guest": {
        "en": "Not rated: a seat was held without an account.",
        "fr": "Partie non classée : une place était tenue sans compte.",
    },
    "same_account": {
        "en": "Not rated: one account held two seats.",
        "fr": "Partie non classée : un même compte tenait deux places.",
    },
    "no_account": {
        "en": "Not rated: no seat was held by an account.",
        "fr": "Partie non classée : aucune place n'était tenue par un compte.",
    },
    "no_anchor": {
        "en": "Not rated: a bot of this level has no rating in this game.",
        "fr": "Partie non classée : un robot de ce niveau n'a pas de classement dans ce jeu.",
    },
    "no_result": {
        "en": "Not rated: the game has no result.",
        "fr": "Partie non classée : la partie n'a pas de résultat.",
    },
}


def pool_of(game: str, players: int, options: Mapping[str, Any]) -> str:
    """The pool a game is rated in: :data:`MAIN`, or ``solo-<difficulty>`` for one player."""
    if players == 1:
        return f"solo-{options.get('difficulty', 'standard')}"
    return MAIN


def rate(table: FinishedTable, current: Mapping[str, Rating]) -> Verdict:
    """What ``table``'s result does to its accounts' ratings (``current``: each account's
    rating in the table's game and pool; a missing one is new)."""
    g = new_game(table.game, table.players, seed=0, options=dict(table.options))
    options = g.options
    pool = pool_of(table.game, table.players, options)
    out = table.outcome
    if out is None or "ranks" not in out:
        return Verdict(pool, unrated="no_result")
    ranks = [int(r) for r in out["ranks"]]
    accounts = [s.account for s in table.seats if s.kind == "human"]
    if any(a is None for a in accounts):
        return Verdict(pool, unrated="guest")
    if not accounts:
        return Verdict(pool, unrated="no_account")
    if len(set(accounts)) != len(accounts):
        return Verdict(pool, unrated="same_account")
    known = anchors()
    m = model()
    by_seat = {s.seat: s for s in table.seats}
    teams: list[list[Any]] = []
    team_ranks: list[int] = []
    members: list[list[RatedSeat]] = []
    for side in g.sides():
        team = []
        for seat in side:
            s = by_seat[seat]
            if s.kind == "human":
                r = current.get(s.account or "") or Rating(MU, SIGMA)
            else:
                a = known.get((table.game, s.level or ""))
                if a is None:
                    return Verdict(pool, unrated="no_anchor")
                r = Rating(a.mu, a.sigma)
            team.append(m.rating(mu=r.mu, sigma=r.sigma))
        teams.append(team)
        team_ranks.append(min(ranks[seat] for seat in side))
        members.append([by_seat[seat] for seat in side])
    if table.players == 1:  # solo: the automa's anchor, ranked against the seat
        a = known.get((table.game, f"automa:{options.get('difficulty', 'standard')}"))
        if a is None or not out.get("others"):
            return Verdict(pool, unrated="no_anchor")
        teams.append([m.rating(mu=a.mu, sigma=a.sigma)])
        team_ranks.append(2 if ranks[0] == 1 else 1)
        members.append([])
    rated = m.rate(teams, ranks=[float(r) for r in team_ranks])
    changes = []
    for held, new, rank in zip(members, rated, team_ranks, strict=True):
        for rs, nr in zip(held, new, strict=False):
            if rs.kind != "human" or rs.account is None:
                continue
            before = current.get(rs.account) or Rating(MU, SIGMA)
            after = Rating(float(nr.mu), float(nr.sigma), before.games + 1)
            changes.append(Change(rs.account, rs.seat, pool, before, after, rank))
    return Verdict(pool, tuple(changes))
