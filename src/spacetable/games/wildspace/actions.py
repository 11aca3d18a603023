"""Wild Space actions: every atomic decision, pre-built once at import.

Planets are named by tile id (0..9) and sides by ``sector`` 0 (left) / 1 (right), so that an
action's meaning does not depend on where the tile lies on the table. The prebuilt values and
the RL action space are generated from the rulebook's counts (``constants``: 108 crew cards of
which the 6 captains come first, 10 tiles with up to ``MAX_OPTIONS`` actions per sector, 12
Hostile Planets), never from a data set, so that every data set has the same action space.

``describe(lang)`` names ids only (an action knows no data set); :func:`label` names the
components of a data set (``WildSpace.describe_action``). Words come from ``text.toml``
through ``labels.py``.

The ``describe`` headers carry ``# pragma: no mutate``: the labels read any language but
``"fr"`` as English, so changing the default ``"en"`` to another string is an equivalent
mutant (see "Mutation testing" in ``docs/games/wildspace.md``).
"""

from __future__ import annotations

from spacetable.engine import Action, action

from .components import WildParts
from .constants import (
    MAX_OPTIONS,
    N_CAPTAINS,
    N_CARDS,
    N_HOSTILE,
    N_PLANETS,
    RESERVE_SLOTS,
)
from .labels import (
    card_label,
    explore_label,
    land_label,
    ops_words,
    option_words,
    slot_label,
    smuggle_label,
    t,
)


@action("land")
class Land(Action):
    """Phase A: land a new shuttle on a sector of a planet tile and perform one of its actions."""

    planet: int
    sector: int
    option: int

    def describe(self, lang: str = "en") -> str:  # pragma: no mutate
        what = t(lang, "option_no", n=self.option + 1)
        return land_label(t(lang, "tile_no", n=self.planet), self.sector, what, lang)


@action("explore")
class Explore(Action):
    """Phase B: slide a landed shuttle up and draw 3 or play 1."""

    planet: int
    sector: int
    mode: str  # "draw" or "play"

    def describe(self, lang: str = "en") -> str:  # pragma: no mutate
        return explore_label(t(lang, "tile_no", n=self.planet), self.sector, self.mode, lang)


@action("draw_deck")
class DrawDeck(Action):
    """Draw the top card of the deck."""

    def describe(self, lang: str = "en") -> str:  # pragma: no mutate
        return t(lang, "act_draw_deck")


@action("draw_reserve")
class DrawReserve(Action):
    """Draw the Reserve card of ``slot`` (0..2); it is replaced at once."""

    slot: int

    def describe(self, lang: str = "en") -> str:  # pragma: no mutate
        return slot_label("act_draw_reserve", self.slot, lang)


@action("play")
class Play(Action):
    """Play ``card`` from hand (for the pending play effect)."""

    card: int

    def describe(self, lang: str = "en") -> str:  # pragma: no mutate
        return card_label("act_play", t(lang, "a_card"), self.card, lang)


@action("renew")
class Renew(Action):
    """Discard ``card`` from hand to renew the three Reserve cards."""

    card: int

    def describe(self, lang: str = "en") -> str:  # pragma: no mutate
        return card_label("act_renew", t(lang, "a_card"), self.card, lang)


@action("pay")
class Pay(Action):
    """Pay an effect's cost by discarding ``card`` from hand."""

    card: int

    def describe(self, lang: str = "en") -> str:  # pragma: no mutate
        return card_label("act_pay", t(lang, "a_card"), self.card, lang)


@action("remove")
class Remove(Action):
    """Pay an effect's cost by removing ``card`` from your crew to the discard."""

    card: int

    def describe(self, lang: str = "en") -> str:  # pragma: no mutate
        return card_label("act_remove", t(lang, "a_card"), self.card, lang)


@action("take_deck")
class TakeDeck(Action):
    """Take the deck's top card and play it at once."""

    def describe(self, lang: str = "en") -> str:  # pragma: no mutate
        return t(lang, "act_take_deck")


@action("take_reserve")
class TakeReserve(Action):
    """Take the Reserve card of ``slot`` and play it at once."""

    slot: int

    def describe(self, lang: str = "en") -> str:  # pragma: no mutate
        return slot_label("act_take_reserve", self.slot, lang)


@action("use")
class Use(Action):
    """Use the pending optional draw effect."""

    def describe(self, lang: str = "en") -> str:  # pragma: no mutate
        return t(lang, "act_use")


@action("skip")
class Skip(Action):
    """Decline the pending optional effect."""

    def describe(self, lang: str = "en") -> str:  # pragma: no mutate
        return t(lang, "act_skip")


@action("end_turn")
class EndTurn(Action):
    """End the turn (planets may then be revealed)."""

    def describe(self, lang: str = "en") -> str:  # pragma: no mutate
        return t(lang, "act_end_turn")


@action("smuggle")
class Smuggle(Action):
    """Solo: seat 0 decides *for the Contrebandier*: play its shuttle on a Hostile Planet."""

    hostile: int
    mode: str  # "land" or "explore"

    def describe(self, lang: str = "en") -> str:  # pragma: no mutate
        name = t(lang, "hostile_no", n=self.hostile)
        return smuggle_label(name, self.mode, t(lang, "its_effects"), lang)


ACTION_TYPES: tuple[type[Action], ...] = (
    Land,
    Explore,
    DrawDeck,
    DrawReserve,
    Play,
    Renew,
    Pay,
    Remove,
    TakeDeck,
    TakeReserve,
    Use,
    Skip,
    EndTurn,
    Smuggle,
)

LAND: dict[tuple[int, int, int], Land] = {
    (tile, side, k): Land(tile, side, k)
    for tile in range(N_PLANETS)
    for side in (0, 1)
    for k in range(MAX_OPTIONS)
}
EXPLORE: dict[tuple[int, int, int], Explore] = {
    (tile, side, m): Explore(tile, side, ("draw", "play")[m])
    for tile in range(N_PLANETS)
    for side in (0, 1)
    for m in (0, 1)
}
DRAW_DECK = DrawDeck()
DRAW_RESERVE: tuple[DrawReserve, ...] = tuple(DrawReserve(i) for i in range(RESERVE_SLOTS))
DECK_IDS = range(N_CAPTAINS, N_CARDS)  # the deck's cards (the captains come first)
PLAY: dict[int, Play] = {c: Play(c) for c in DECK_IDS}
RENEW: dict[int, Renew] = {c: Renew(c) for c in DECK_IDS}
PAY: dict[int, Pay] = {c: Pay(c) for c in DECK_IDS}
REMOVE: dict[int, Remove] = {c: Remove(c) for c in DECK_IDS}
TAKE_DECK = TakeDeck()
TAKE_RESERVE: tuple[TakeReserve, ...] = tuple(TakeReserve(i) for i in range(RESERVE_SLOTS))
USE = Use()
SKIP = Skip()
END = EndTurn()
SMUGGLE: dict[tuple[int, int], Smuggle] = {
    (h, m): Smuggle(h, ("land", "explore")[m]) for h in range(N_HOSTILE) for m in (0, 1)
}


def all_actions(solo: bool) -> list[Action]:
    """Every action that can ever be legal (the fixed RL action space)."""
    out: list[Action] = [*LAND.values(), *EXPLORE.values(), DRAW_DECK, *DRAW_RESERVE]
    out += [*PLAY.values(), *RENEW.values(), *PAY.values(), *REMOVE.values()]
    out += [TAKE_DECK, *TAKE_RESERVE, USE, SKIP, END]
    if solo:
        out += list(SMUGGLE.values())
    return out


_CARD_KEYS: dict[type[Action], str] = {
    Play: "act_play",
    Renew: "act_renew",
    Pay: "act_pay",
    Remove: "act_remove",
}


def label(a: Action, parts: WildParts, lang: str = "en") -> str:
    """The label of ``a`` naming the components of ``parts`` (planets, sector actions, cards,
    Hostile Planets and their effects)."""
    if isinstance(a, Land):
        opts = parts.sector_text[a.planet][a.sector]
        what = (
            option_words(opts[a.option], lang)
            if a.option < len(opts)
            else t(lang, "option_no", n=a.option + 1)
        )
        return land_label(parts.planet_name(a.planet, lang), a.sector, what, lang)
    if isinstance(a, Explore):
        return explore_label(parts.planet_name(a.planet, lang), a.sector, a.mode, lang)
    key = _CARD_KEYS.get(type(a))
    if key is not None:
        card: int = a.card  # type: ignore[attr-defined]
        return card_label(key, parts.card_name(card, lang), card, lang)
    if isinstance(a, Smuggle):
        h = a.hostile
        ops = parts.h_landing[h] if a.mode == "land" else parts.h_explore[h]
        return smuggle_label(parts.hostile_name(h, lang), a.mode, ops_words(ops, lang), lang)
    return a.describe(lang)
