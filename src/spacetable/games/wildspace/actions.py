"""Wild Space actions: every atomic decision, pre-built once at import.

Planets are named by tile id (0..9) and sides by ``sector`` 0 (left) / 1 (right), so that an
action's meaning and label do not depend on where the tile lies on the table.
"""

from __future__ import annotations

from spacetable.engine import Action, action

from .components import (
    DECK_CARDS,
    H_EXPLORE,
    H_LANDING,
    N_HOSTILE,
    N_PLANETS,
    SECTOR_OPTS,
    SECTOR_TEXT,
    card_name,
    hostile_name,
    planet_name,
)

_SIDE = {"fr": ("gauche", "droit"), "en": ("left", "right")}

_WORDS = {
    "fr": {
        "draw": "piocher {n}",
        "play:any": "poser une carte",
        "play:specialist": "poser un Spécialiste",
        "play:robot": "poser un Robot",
        "play:emissary": "poser un Émissaire",
        "play:robot_or_emissary": "poser un Robot ou un Émissaire",
        "play:veteran": "poser un Vétéran",
        "play:prof": "poser un {p}",
        "take_play": "prendre une carte (Réserve ou pioche) et la poser",
        "discard": "défausser {p} de sa main",
        "remove": "retirer une carte de son Équipage",
        "then": ", puis ",
        "for": " pour ",
    },
    "en": {
        "draw": "draw {n}",
        "play:any": "play a card",
        "play:specialist": "play a Specialist",
        "play:robot": "play a Robot",
        "play:emissary": "play an Emissary",
        "play:robot_or_emissary": "play a Robot or an Emissary",
        "play:veteran": "play a Veteran",
        "play:prof": "play a {p}",
        "take_play": "take a card (Reserve or deck) and play it",
        "discard": "discard {p} from hand",
        "remove": "remove a crew card",
        "then": ", then ",
        "for": " to ",
    },
}

_PROF_WORD = {
    "fr": {
        "botanist": "Botaniste",
        "military": "Militaire",
        "programmer": "Informaticien",
        "pilot": "Pilote",
        "mechanic": "Mécanicien",
        "scientist": "Scientifique",
    },
    "en": {
        "botanist": "Botanist",
        "military": "Soldier",
        "programmer": "Programmer",
        "pilot": "Pilot",
        "mechanic": "Mechanic",
        "scientist": "Scientist",
    },
}

_PRED_WORD = {
    "fr": {
        "any": "une carte",
        "specialist": "un Spécialiste",
        "robot": "un Robot",
        "emissary": "un Émissaire",
        "veteran": "un Vétéran",
    },
    "en": {
        "any": "a card",
        "specialist": "a Specialist",
        "robot": "a Robot",
        "emissary": "an Emissary",
        "veteran": "a Veteran",
    },
}


def _lang(lang: str) -> str:
    return "fr" if lang == "fr" else "en"


_PLURAL = {
    "fr": {
        "any": "cartes",
        "specialist": "Spécialistes",
        "robot": "Robots",
        "emissary": "Émissaires",
        "veteran": "Vétérans",
    },
    "en": {
        "any": "cards",
        "specialist": "Specialists",
        "robot": "Robots",
        "emissary": "Emissaries",
        "veteran": "Veterans",
    },
}


def plural_words(pred: str, lang: str) -> str:
    """The plural noun of a predicate (for missions): Robots, Botanistes..."""
    lang = _lang(lang)
    if pred.startswith("prof."):
        return _PROF_WORD[lang][pred[5:]] + "s"
    return _PLURAL[lang].get(pred, pred)


def noun_words(pred: str, lang: str) -> str:
    """The singular noun of a predicate, without article: Emissary, Botaniste..."""
    lang = _lang(lang)
    if pred.startswith("prof."):
        return _PROF_WORD[lang][pred[5:]]
    word = _PRED_WORD[lang].get(pred, pred)
    return word.split(" ", 1)[-1]


def article_words(pred: str, lang: str) -> str:
    """A predicate with its article: 'a Botanist', 'un Scientifique', 'an Emissary'."""
    lang = _lang(lang)
    if pred.startswith("prof."):
        return ("un " if lang == "fr" else "a ") + _PROF_WORD[lang][pred[5:]]
    return pred_words(pred, lang)


def pred_words(pred: str, lang: str) -> str:
    lang = _lang(lang)
    if pred.startswith("prof."):
        return _PROF_WORD[lang][pred[5:]]
    return _PRED_WORD[lang].get(pred, pred)


def effect_words(text: str, lang: str) -> str:
    """A human sentence for an effect written in the data vocabulary."""
    lang = _lang(lang)
    w = _WORDS[lang]
    cost = ""
    body = text
    if ">" in text:
        c, _, body = text.partition(">")
        cost = w["remove"] if c == "remove" else w["discard"].format(p=article_words(c[8:], lang))
    kind, _, arg = body.partition(":")
    if kind == "draw":
        out = w["draw"].format(n=arg)
    elif kind == "play" and arg.startswith("prof."):
        out = w["play:prof"].format(p=_PROF_WORD[lang][arg[5:]])
    elif kind == "play":
        out = w.get(f"play:{arg}", body)
    else:
        out = w["take_play"]
    return f"{cost}{w['for']}{out}" if cost else out


def option_words(text: str, lang: str) -> str:
    return _WORDS[_lang(lang)]["then"].join(effect_words(s, lang) for s in text.split("+"))


def ops_words(ops: tuple[tuple[int, int], ...], lang: str) -> str:
    """A Hostile Planet's Reserve effects in words: 'discard slot 2, take slot 2'."""
    fr = _lang(lang) == "fr"
    parts = []
    for take, slot in ops:
        if fr:
            parts.append(f"{'prendre' if take else 'défausser'} la case {slot + 1}")
        else:
            parts.append(f"{'take' if take else 'discard'} slot {slot + 1}")
    return ", ".join(parts)


@action("land")
class Land(Action):
    """Phase A: land a new shuttle on a sector of a planet tile and perform one of its actions."""

    planet: int
    sector: int
    option: int

    def describe(self, lang: str = "en") -> str:
        lang = _lang(lang)
        side = _SIDE[lang][self.sector]
        what = option_words(SECTOR_TEXT[self.planet][self.sector][self.option], lang)
        name = planet_name(self.planet, lang)
        if lang == "fr":
            return f"Se poser sur {name} (secteur {side}) : {what}"
        return f"Land on {name} ({side} sector): {what}"


@action("explore")
class Explore(Action):
    """Phase B: slide a landed shuttle up and draw 3 or play 1."""

    planet: int
    sector: int
    mode: str  # "draw" or "play"

    def describe(self, lang: str = "en") -> str:
        lang = _lang(lang)
        side = _SIDE[lang][self.sector]
        name = planet_name(self.planet, lang)
        if lang == "fr":
            what = "piocher 3 cartes" if self.mode == "draw" else "poser 1 carte"
            return f"Explorer {name} (secteur {side}) : {what}"
        what = "draw 3 cards" if self.mode == "draw" else "play 1 card"
        return f"Explore {name} ({side} sector): {what}"


@action("draw_deck")
class DrawDeck(Action):
    """Draw the top card of the deck."""

    def describe(self, lang: str = "en") -> str:
        return "Piocher sur le dessus de la pioche" if lang == "fr" else "Draw from the deck"


@action("draw_reserve")
class DrawReserve(Action):
    """Draw the Reserve card of ``slot`` (0..2); it is replaced at once."""

    slot: int

    def describe(self, lang: str = "en") -> str:
        if lang == "fr":
            return f"Prendre la carte {self.slot + 1} de la Réserve"
        return f"Take Reserve card {self.slot + 1}"


@action("play")
class Play(Action):
    """Play ``card`` from hand (for the pending play effect)."""

    card: int

    def describe(self, lang: str = "en") -> str:
        name = card_name(self.card, lang)
        return f"Poser {name} (#{self.card})" if lang == "fr" else f"Play {name} (#{self.card})"


@action("renew")
class Renew(Action):
    """Discard ``card`` from hand to renew the three Reserve cards."""

    card: int

    def describe(self, lang: str = "en") -> str:
        name = card_name(self.card, lang)
        if lang == "fr":
            return f"Renouveler la Réserve en défaussant {name} (#{self.card})"
        return f"Renew the Reserve by discarding {name} (#{self.card})"


@action("pay")
class Pay(Action):
    """Pay an effect's cost by discarding ``card`` from hand."""

    card: int

    def describe(self, lang: str = "en") -> str:
        name = card_name(self.card, lang)
        if lang == "fr":
            return f"Défausser {name} (#{self.card}) pour utiliser l'effet"
        return f"Discard {name} (#{self.card}) to use the effect"


@action("remove")
class Remove(Action):
    """Pay an effect's cost by removing ``card`` from your crew to the discard."""

    card: int

    def describe(self, lang: str = "en") -> str:
        name = card_name(self.card, lang)
        if lang == "fr":
            return f"Retirer {name} (#{self.card}) de l'Équipage pour utiliser l'effet"
        return f"Remove {name} (#{self.card}) from the crew to use the effect"


@action("take_deck")
class TakeDeck(Action):
    """Take the deck's top card and play it at once."""

    def describe(self, lang: str = "en") -> str:
        if lang == "fr":
            return "Prendre la carte du dessus de la pioche et la poser"
        return "Take the top card of the deck and play it"


@action("take_reserve")
class TakeReserve(Action):
    """Take the Reserve card of ``slot`` and play it at once."""

    slot: int

    def describe(self, lang: str = "en") -> str:
        if lang == "fr":
            return f"Prendre la carte {self.slot + 1} de la Réserve et la poser"
        return f"Take Reserve card {self.slot + 1} and play it"


@action("use")
class Use(Action):
    """Use the pending optional draw effect."""

    def describe(self, lang: str = "en") -> str:
        return "Utiliser l'effet (piocher)" if lang == "fr" else "Use the effect (draw)"


@action("skip")
class Skip(Action):
    """Decline the pending optional effect."""

    def describe(self, lang: str = "en") -> str:
        return "Ne pas utiliser l'effet" if lang == "fr" else "Skip the effect"


@action("end_turn")
class EndTurn(Action):
    """End the turn (planets may then be revealed)."""

    def describe(self, lang: str = "en") -> str:
        return "Terminer le tour" if lang == "fr" else "End the turn"


@action("smuggle")
class Smuggle(Action):
    """Solo: seat 0 decides *for the Contrebandier*: play its shuttle on a Hostile Planet."""

    hostile: int
    mode: str  # "land" or "explore"

    def describe(self, lang: str = "en") -> str:
        lang = _lang(lang)
        name = hostile_name(self.hostile, lang)
        ops = H_LANDING[self.hostile] if self.mode == "land" else H_EXPLORE[self.hostile]
        what = ops_words(ops, lang)
        if lang == "fr":
            verb = "se poser sur" if self.mode == "land" else "explorer"
            return f"Pour le Contrebandier : {verb} {name} ({what})"
        verb = "land on" if self.mode == "land" else "explore"
        return f"For the Contrebandier: {verb} {name} ({what})"


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
    (t, s, k): Land(t, s, k)
    for t in range(N_PLANETS)
    for s in (0, 1)
    for k in range(len(SECTOR_OPTS[t][s]))
}
EXPLORE: dict[tuple[int, int, int], Explore] = {
    (t, s, m): Explore(t, s, ("draw", "play")[m])
    for t in range(N_PLANETS)
    for s in (0, 1)
    for m in (0, 1)
}
DRAW_DECK = DrawDeck()
DRAW_RESERVE: tuple[DrawReserve, ...] = tuple(DrawReserve(i) for i in range(3))
PLAY: dict[int, Play] = {c: Play(c) for c in DECK_CARDS}
RENEW: dict[int, Renew] = {c: Renew(c) for c in DECK_CARDS}
PAY: dict[int, Pay] = {c: Pay(c) for c in DECK_CARDS}
REMOVE: dict[int, Remove] = {c: Remove(c) for c in DECK_CARDS}
TAKE_DECK = TakeDeck()
TAKE_RESERVE: tuple[TakeReserve, ...] = tuple(TakeReserve(i) for i in range(3))
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
