"""The atomic decisions of Quazarys (frozen action values, prebuilt once)."""

from __future__ import annotations

from spacetable.engine import Action, action

from .board import MAX_DIM
from .cards import DECK_SIZE, POINT_NAMES, card_label, seat_label

_POINT_FR = {"C": "centre", "N": "nord", "E": "est", "S": "sud", "W": "ouest"}
_POINT_EN = {"C": "centre", "N": "north", "E": "east", "S": "south", "W": "west"}


@action("move")
class Move(Action):
    """Move a pawn to the station at point ``p`` of the card at row ``r``, column ``c``."""

    r: int
    c: int
    p: int

    def describe(self, lang: str = "en") -> str:
        pn = POINT_NAMES[self.p]
        if lang == "fr":
            return f"aller à la station {_POINT_FR[pn]} de la carte ({self.r},{self.c})"
        return f"move to the {_POINT_EN[pn]} station of card ({self.r},{self.c})"


@action("play")
class Play(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return ("jouer " if lang == "fr" else "play ") + card_label(self.card, lang)


@action("discard")
class Discard(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return ("défausser " if lang == "fr" else "discard ") + card_label(self.card, lang)


@action("stop")
class Stop(Action):
    """End the combination (or the discarding)."""

    def describe(self, lang: str = "en") -> str:
        return "s'arrêter là" if lang == "fr" else "stop here"


@action("skip")
class Skip(Action):
    """Do not use the optional move of phase 2."""

    def describe(self, lang: str = "en") -> str:
        return "ne pas se déplacer" if lang == "fr" else "do not move"


@action("place")
class Place(Action):
    """Put the Exploration card in hand (or moved by a tornado) at slot (r, c)."""

    r: int
    c: int

    def describe(self, lang: str = "en") -> str:
        if lang == "fr":
            return f"poser la carte en ({self.r},{self.c})"
        return f"put the card at ({self.r},{self.c})"


@action("orient")
class Orient(Action):
    """Turn the card just placed or picked to ``rot`` quarter turns clockwise."""

    rot: int

    def describe(self, lang: str = "en") -> str:
        deg = self.rot * 90
        return f"orienter à {deg}°" if lang == "fr" else f"turn to {deg}°"


@action("pick")
class Pick(Action):
    """Choose the card at (r, c) as the target of a rotation or a tornado."""

    r: int
    c: int

    def describe(self, lang: str = "en") -> str:
        if lang == "fr":
            return f"choisir la carte ({self.r},{self.c})"
        return f"choose the card at ({self.r},{self.c})"


@action("target")
class Target(Action):
    """Choose the opponent a pirate attack moves."""

    seat: int

    def describe(self, lang: str = "en") -> str:
        verb = "attaquer" if lang == "fr" else "attack"
        return f"{verb} {seat_label(self.seat, lang)}"


@action("blackhole")
class BlackHole(Action):
    """Remove row (``axis='row'``) or column (``axis='col'``) ``index`` of the table."""

    axis: str
    index: int

    def describe(self, lang: str = "en") -> str:
        if lang == "fr":
            what = "la ligne" if self.axis == "row" else "la colonne"
            return f"supprimer {what} {self.index}"
        return f"remove {self.axis if self.axis == 'row' else 'column'} {self.index}"


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
    (r, c, p): Move(r, c, p) for r in range(MAX_DIM) for c in range(MAX_DIM) for p in range(5)
}
PLAYS: tuple[Play, ...] = tuple(Play(i) for i in range(DECK_SIZE))
DISCARDS: tuple[Discard, ...] = tuple(Discard(i) for i in range(DECK_SIZE))
STOP = Stop()
SKIP = Skip()
PLACES: dict[tuple[int, int], Place] = {
    (r, c): Place(r, c) for r in range(-1, MAX_DIM) for c in range(-1, MAX_DIM)
}
ORIENTS: tuple[Orient, ...] = tuple(Orient(k) for k in range(4))
PICKS: dict[tuple[int, int], Pick] = {
    (r, c): Pick(r, c) for r in range(MAX_DIM) for c in range(MAX_DIM)
}
TARGETS: tuple[Target, ...] = tuple(Target(s) for s in range(4))
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
