"""The result of a finished game (python-chess ``Outcome`` style, per seat)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Final, Literal

from .errors import SpacetableError

#: The reward schemes of :meth:`Outcome.payoffs` (the first is the default).
RewardScheme = Literal["rank", "win", "score"]
REWARD_SCHEMES: Final[tuple[RewardScheme, ...]] = ("rank", "win", "score")
#: The scheme every reinforcement-learning surface, ``end`` message and tournament uses
#: unless told otherwise.
DEFAULT_REWARD: Final[RewardScheme] = "rank"


class RewardSchemeError(SpacetableError, ValueError):
    """An unknown reward scheme (the message names the known ones)."""


def reward_scheme(name: str) -> RewardScheme:
    """``name`` checked as a reward scheme (:data:`REWARD_SCHEMES`).

    >>> reward_scheme("win")
    'win'
    >>> try:
    ...     reward_scheme("elo")
    ... except RewardSchemeError as e:
    ...     print(e)
    unknown reward scheme 'elo': known are 'rank', 'win', 'score'
    """
    for known in REWARD_SCHEMES:
        if name == known:
            return known
    names = ", ".join(repr(k) for k in REWARD_SCHEMES)
    raise RewardSchemeError(f"unknown reward scheme {name!r}: known are {names}")


class Termination(StrEnum):
    """How a game ended, as python-chess's ``Termination``: each game subclasses it with
    one member per ending its rulebook states (``MARKERS = "markers"``).

    A member is its code (a string: it compares equal to it and is written as it in JSON);
    :meth:`sentence` says it in a language. A game gives its sentences by overriding
    :meth:`sentences` (usually from its ``text.toml``); the conformance suite checks that
    every member has one in English and in French.
    """

    @classmethod
    def sentences(cls) -> Mapping[str, Mapping[str, str]]:
        """``{lang: {code: sentence}}`` for every member (game hook)."""
        return {}

    def sentence(self, lang: str = "en") -> str:
        """This ending as a sentence in ``lang`` ('en' or 'fr')."""
        table = type(self).sentences()
        text = table.get(lang, {}).get(self.value) or table.get("en", {}).get(self.value)
        return text or self.value.replace("_", " ")


@dataclass(frozen=True)
class Outcome:
    """Per-seat scores and ranks (1 = winner; tied seats share a rank) and the reason.

    ``reason`` is a member of the game's :class:`Termination` (a string code).

    ``details`` holds game-specific, JSON-able explanations (score sheets, tie-breaks).
    ``others`` holds the scores of competitors that hold no seat, such as an automa (Wild
    Space's Contrebandier); ranks then count them too, so a lone seat beaten by the automa
    has rank 2.
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    reason: str
    details: dict[str, Any] = field(default_factory=dict)
    others: dict[str, float] = field(default_factory=dict)
    #: The seats that lost on time (a table's turn clock, :meth:`forfeit`), first loser first.
    forfeits: tuple[int, ...] = ()

    def forfeit(
        self, order: Sequence[int], sides: Sequence[Sequence[int]] | None = None
    ) -> Outcome:
        """This outcome once the seats of ``order`` lost on time, the first loser first: the
        whole side of a loser (its team, ``sides`` as :meth:`Game.sides`) is ranked after
        every other seat and every seatless competitor, an earlier loss below a later one;
        the other seats keep their order, moving up past the losers that were ahead of
        them. Scores and details stay as played.

        >>> end = Outcome((9.0, 6.0, 3.0), (1, 2, 3), "end")
        >>> end.forfeit([0]).ranks
        (3, 1, 2)
        >>> end.forfeit([2, 0]).ranks, end.forfeit([2, 0]).forfeits
        ((2, 1, 3), (2, 0))
        >>> teams = Outcome((5.0, 4.0, 5.0, 4.0), (1, 2, 1, 2), "end")
        >>> teams.forfeit([0], [(0, 2), (1, 3)]).ranks
        (3, 1, 3, 1)
        >>> Outcome((41.0,), (1,), "end", others={"automa": 39.0}).forfeit([0]).ranks
        (2,)
        """
        if not order:
            return self
        n = len(self.ranks)
        groups = [tuple(side) for side in sides] if sides else [(s,) for s in range(n)]
        side_of = {seat: g for g in groups for seat in g}
        lost: list[tuple[int, ...]] = []  # the losing sides, first loser first
        for seat in order:
            if seat not in side_of:
                raise ValueError(f"no seat {seat} to forfeit")
            if side_of[seat] not in lost:
                lost.append(side_of[seat])
        out_seats = {seat for g in lost for seat in g}
        ranks = list(self.ranks)
        for seat, r in enumerate(self.ranks):
            if seat not in out_seats:
                ahead = [o for o in self.ranks if o < r]
                others_ahead = max(0, r - 1 - len(ahead))  # seatless competitors ahead
                kept = sum(1 for o, q in enumerate(self.ranks) if q < r and o not in out_seats)
                ranks[seat] = 1 + kept + others_ahead
        place = n - len(out_seats) + len(self.others) + 1
        for g in reversed(lost):  # the last loser ranks best among the losers
            for seat in g:
                ranks[seat] = place
            place += len(g)
        seen = tuple(dict.fromkeys(self.forfeits + tuple(order)))
        return replace(self, ranks=tuple(ranks), forfeits=seen)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(i for i, r in enumerate(self.ranks) if r == 1)

    @property
    def competitors(self) -> int:
        """How many competitors were ranked: the seats plus the seatless ``others``."""
        return len(self.ranks) + len(self.others)

    def rewards(self) -> tuple[float, ...]:
        """One reward per seat in [0, 1]: 1 for rank 1, 0 for the last possible rank.

        >>> Outcome((39.0,), (2,), "the automa wins", others={"automa": 41.0}).rewards()
        (0.0,)
        >>> Outcome((5.0, 9.0, 9.0), (3, 1, 1), "end").rewards()
        (0.0, 1.0, 1.0)
        """
        n = self.competitors
        if n == 1:
            return (1.0 if self.ranks[0] == 1 else 0.0,)
        return tuple((n - r) / (n - 1) for r in self.ranks)

    def results(self, seat: int) -> list[int]:
        """``seat``'s pairwise results against every other competitor: +1 for one it beat
        (a better rank), -1 for one that beat it, 0 for one it tied; the other seats first in
        seat order, then the seatless ``others``.

        An outcome gives no rank to a seatless competitor: the seat's rank says how many
        competitors are ahead of it, so the seats' ranks say how many of the ``others`` are
        (taken as the ones with the best scores); one not ahead is tied when its score equals
        the seat's, else beaten. (Wild Space's Contrebandier wins ties on credits, so a seat
        of a solo game is either ahead of it or behind it.)

        >>> Outcome((5.0, 9.0, 9.0, 1.0), (3, 1, 1, 4), "end").results(1)
        [1, 0, 1]
        >>> Outcome((41.0,), (1,), "won", others={"automa": 39.0}).results(0)
        [1]
        >>> Outcome((41.0,), (2,), "lost on the tie", others={"automa": 41.0}).results(0)
        [-1]
        """
        r = self.ranks[seat]
        out = [(o > r) - (o < r) for s, o in enumerate(self.ranks) if s != seat]
        if self.others:
            ahead = (r - 1) - sum(1 for o in self.ranks if o < r)
            mine = self.scores[seat]
            for k, score in enumerate(sorted(self.others.values(), reverse=True)):
                out.append(-1 if k < ahead else (0 if score == mine else 1))
        return out

    def payoffs(self, scheme: str = DEFAULT_REWARD) -> tuple[float, ...]:
        """One reward per seat under a reward scheme (``docs/rl.md``, "Rewards"):

        * ``"rank"`` (the default): the mean of the seat's pairwise :meth:`results` against
          the other competitors, in [-1, 1]: with two players a win is +1, a loss -1 and a
          draw 0; tied seats get the same reward. Without seatless ``others`` the rewards sum
          to 0 (zero-sum); with them (a solo game against an automa: +1 won, -1 lost, 0 tied)
          they need not. A lone competitor has no one to beat: 0.
        * ``"win"``: 1 for a strict win (the seat beat every other competitor), else 0; a
          shared first place is 0.
        * ``"score"``: the seat's score minus the mean score of the other competitors (the
          other seats and the ``others``), in the game's score units; without ``others`` the
          rewards sum to 0. A lone competitor gets its score.

        :meth:`rewards` (in [0, 1], what the bots search with) is not one of these schemes.
        An unknown scheme raises :class:`RewardSchemeError`.

        >>> draw = Outcome((3.0, 3.0), (1, 1), "end")
        >>> draw.payoffs(), draw.payoffs("win"), draw.payoffs("score")
        ((0.0, 0.0), (0.0, 0.0), (0.0, 0.0))
        >>> Outcome((7.0, 2.0), (1, 2), "end").payoffs()
        (1.0, -1.0)
        >>> four = Outcome((9.0, 6.0, 6.0, 3.0), (1, 2, 2, 4), "end")
        >>> [round(x, 3) for x in four.payoffs()]
        [1.0, 0.0, 0.0, -1.0]
        >>> four.payoffs("win"), four.payoffs("score")
        ((1.0, 0.0, 0.0, 0.0), (4.0, 0.0, 0.0, -4.0))
        >>> Outcome((39.0,), (2,), "the automa wins", others={"automa": 41.0}).payoffs()
        (-1.0,)
        """
        which = reward_scheme(scheme)
        n = len(self.ranks)
        if which == "score":
            rivals = self.competitors - 1
            total = sum(self.scores) + sum(self.others.values())
            return tuple(
                float(s - (total - s) / rivals) if rivals else float(s) for s in self.scores
            )
        out: list[float] = []
        for seat in range(n):
            res = self.results(seat)
            if which == "win":
                out.append(1.0 if self.ranks[seat] == 1 and all(x == 1 for x in res) else 0.0)
            else:
                out.append(sum(res) / len(res) if res else 0.0)
        return tuple(out)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "reason": str(self.reason),
            "details": self.details,
        }
        if self.others:
            out["others"] = dict(self.others)
        if self.forfeits:
            out["forfeits"] = list(self.forfeits)
        return out


def ranks_from_keys(keys: Sequence[Sequence[float]]) -> tuple[int, ...]:
    """Competition ranks from per-seat sort keys (higher is better; equal keys share a rank).

    >>> ranks_from_keys([(10, 2), (12, 0), (10, 2)])
    (2, 1, 2)
    """
    order = sorted(range(len(keys)), key=lambda i: tuple(keys[i]), reverse=True)
    ranks = [0] * len(keys)
    for pos, i in enumerate(order):
        if pos > 0 and tuple(keys[i]) == tuple(keys[order[pos - 1]]):
            ranks[i] = ranks[order[pos - 1]]
        else:
            ranks[i] = pos + 1
    return tuple(ranks)
