"""The only source of randomness in rules code.

:class:`Rng` is a small SplitMix64 generator whose whole state is one integer, so that a game
state that owns one can be cloned, saved and restored exactly and cheaply. Rules code must draw
from the game's ``rng`` and never from the module-level :mod:`random`.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64 pseudo-random generator with an explicit, serialisable state."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def next64(self) -> int:
        """Next 64-bit unsigned integer."""
        s = (self.state + _GOLDEN) & _MASK
        self.state = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (``n`` > 0), by rejection: no modulo bias."""
        if n <= 0:
            raise ValueError("Rng.below needs n > 0")
        if n == 1:
            return 0
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, a: int, b: int) -> int:
        """Uniform integer in ``[a, b]``."""
        return a + self.below(b - a + 1)

    def random(self) -> float:
        """Uniform float in ``[0, 1)``."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]


class NeedChance(Exception):
    """Raised by :class:`ScriptedRng` when rules code draws and no outcome is scripted: the
    draw is a chance event with :attr:`outcomes` equally likely outcomes ``0..outcomes-1``."""

    def __init__(self, outcomes: int) -> None:
        super().__init__(f"a chance event with {outcomes} outcomes has no scripted outcome")
        self.outcomes = outcomes


class ScriptedRng(Rng):
    """A generator whose draws are given from outside (explicit chance nodes, e.g. the
    OpenSpiel adapter): :meth:`below` returns the next outcome of :attr:`script` and raises
    :class:`NeedChance` when the script is used up. Every draw of the rules goes through
    :meth:`below` (``choice``, ``shuffle`` and ``randint`` are made of it; a shuffle is
    successive draws), so a game replayed with the same script makes the same draws.
    :attr:`state` counts the draws (the engine sees a draw as a change of ``state``). A draw
    of one outcome (``below(1)``) is no chance event and takes nothing from the script."""

    __slots__ = ("pos", "script")

    def __init__(self, script: tuple[int, ...] = (), draws: int = 0) -> None:
        super().__init__(draws)
        self.script = script
        self.pos = 0

    def copy(self) -> ScriptedRng:
        r = ScriptedRng.__new__(ScriptedRng)
        r.state = self.state
        r.script = self.script
        r.pos = self.pos
        return r

    @property
    def used_up(self) -> bool:
        """Whether every scripted outcome has been drawn."""
        return self.pos == len(self.script)

    def next64(self) -> int:
        raise NotImplementedError("a scripted generator draws only through below()")

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("Rng.below needs n > 0")
        if n == 1:
            return 0
        if self.pos < len(self.script):
            k = self.script[self.pos]
            if not 0 <= k < n:
                raise ValueError(f"scripted outcome {k} is not in 0..{n - 1}")
            self.pos += 1
            self.state = (self.state + 1) & _MASK
            return k
        raise NeedChance(n)
