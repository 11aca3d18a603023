"""The atomic decisions of Quazarys (frozen action values, prebuilt once) and the RL action
space, generated from the components and the size of the table. Each action describes itself
with the labels of :mod:`.labels` (sentences from ``text.toml``).
"""

from __future__ import annotations

from spacetable.engine import Action, action

from .components import DECK_SIZE, N_BASE
from .constants import DIRS, MAX_DIM, POINT_NAMES
from .labels import card_label, point_name, seat_label, t


@action("move")
class Move(Action):
    """Move a pawn to the station at point ``p`` of the card at row ``r``, column ``c``."""

    r: int
    c: int
    p: int

    def describe(self, lang: str = "en") -> str:
        return t(lang, "act_move", point=point_name(self.p, lang), r=self.r, c=self.c)


@action("play")
class Play(Action):
    """Play card ``card`` from hand (phase 1 or the next card of a combination)."""

    card: int

    def describe(self, lang: str = "en") -> str:
        return t(lang, "act_play", card=card_label(self.card, lang))


@action("discard")
class Discard(Action):
    """Discard card ``card`` from hand (phase 1 C, up to three)."""

    card: int

    def describe(self, lang: str = "en") -> str:
        return t(lang, "act_discard", card=card_label(self.card, lang))


@action("stop")
class Stop(Action):
    """End the combination (or the discarding)."""

    def describe(self, lang: str = "en") -> str:
        return t(lang, "act_stop")


@action("skip")
class Skip(Action):
    """Do not use the optional move of phase 2."""

    def describe(self, lang: str = "en") -> str:
        return t(lang, "act_skip")


@action("place")
class Place(Action):
    """Put the Exploration card in hand (or moved by a tornado) at slot (r, c)."""

    r: int
    c: int

    def describe(self, lang: str = "en") -> str:
        return t(lang, "act_place", r=self.r, c=self.c)


@action("orient")
class Orient(Action):
    """Turn the card just placed or picked to ``rot`` quarter turns clockwise."""

    rot: int

    def describe(self, lang: str = "en") -> str:
        return t(lang, "act_orient", deg=self.rot * 90)


@action("pick")
class Pick(Action):
    """Choose the card at (r, c) as the target of a rotation or a tornado."""

    r: int
    c: int

    def describe(self, lang: str = "en") -> str:
        return t(lang, "act_pick", r=self.r, c=self.c)


@action("target")
class Target(Action):
    """Choose the opponent a pirate attack moves."""

    seat: int

    def describe(self, lang: str = "en") -> str:
        return t(lang, "act_target", seat=seat_label(self.seat, lang))


@action("blackhole")
class BlackHole(Action):
    """Remove row (``axis='row'``) or column (``axis='col'``) ``index`` of the table."""

    axis: str
    index: int

    def describe(self, lang: str = "en") -> str:
        return t(lang, f"act_blackhole_{self.axis}", index=self.index)


ACTION_TYPES: tuple[type[Action], ...] = (
    Move,
    Play,
    Discard,
    Stop,
    Skip,
    Place,
    Orient,
    Pick,
    Target,
    BlackHole,
)

MOVES: dict[tuple[int, int, int], Move] = {
    (r, c, p): Move(r, c, p)
    for r in range(MAX_DIM)
    for c in range(MAX_DIM)
    for p in range(len(POINT_NAMES))
}
PLAYS: tuple[Play, ...] = tuple(Play(i) for i in range(DECK_SIZE))
DISCARDS: tuple[Discard, ...] = tuple(Discard(i) for i in range(DECK_SIZE))
STOP = Stop()
SKIP = Skip()
PLACES: dict[tuple[int, int], Place] = {
    (r, c): Place(r, c) for r in range(-1, MAX_DIM) for c in range(-1, MAX_DIM)
}
ORIENTS: tuple[Orient, ...] = tuple(Orient(k) for k in range(len(DIRS)))
PICKS: dict[tuple[int, int], Pick] = {
    (r, c): Pick(r, c) for r in range(MAX_DIM) for c in range(MAX_DIM)
}
#: One opponent per seat: as many as there are Base cards (one per player colour).
TARGETS: tuple[Target, ...] = tuple(Target(s) for s in range(N_BASE))
BLACKHOLES: dict[tuple[str, int], BlackHole] = {
    (a, i): BlackHole(a, i) for a in ("row", "col") for i in range(MAX_DIM)
}


def all_actions(players: int) -> list[Action]:
    """Every action that can ever be legal (the fixed RL action space)."""
    out: list[Action] = []
    out.extend(MOVES.values())
    out.extend(PLAYS)
    out.extend(DISCARDS)
    out.append(STOP)
    out.append(SKIP)
    out.extend(PLACES.values())
    out.extend(ORIENTS)
    out.extend(PICKS.values())
    out.extend(TARGETS[:players])
    out.extend(BLACKHOLES.values())
    return out
