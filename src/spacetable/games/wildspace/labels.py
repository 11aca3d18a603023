"""Wild Space labels in French and English, every word from ``text.toml``: the card and
sector vocabulary in words (effects, conditions, missions, Hostile Planet effects) and the
labels of every action (``Action.describe``). Read by the actions and by ``render.py``.
"""

from __future__ import annotations

from typing import Any

from spacetable.engine.data import Texts

from .components import SPECIES, card_name, hostile_name, planet_name
from .constants import PKG

TEXT = Texts.load(PKG)

_VOWELS = "AEIOUÉaeioué"


def lang_of(lang: str) -> str:
    """``'fr'`` for French, ``'en'`` for anything else."""
    return "fr" if lang == "fr" else "en"


def t(lang: str, key: str, **kw: Any) -> str:
    """The text of ``key`` in ``lang`` (English for any other language)."""
    return TEXT.get(lang_of(lang), key, **kw)


def _word(lang: str, key: str, default: str) -> str:
    return t(lang, key) if key in TEXT.tables["en"] else default


def side_word(sector: int, lang: str) -> str:
    """The side of a planet tile: left (0) or right (1)."""
    return t(lang, "left" if sector == 0 else "right")


def species_word(species: str, lang: str) -> str:
    """A species as a noun: Bear, Ours..."""
    return t(lang, f"species_{species}")


def _prof(pred: str, lang: str) -> str:
    return t(lang, f"prof_{pred[5:]}")


def plural_words(pred: str, lang: str) -> str:
    """The plural noun of a predicate (for missions): Robots, Botanistes..."""
    if pred.startswith("prof."):
        return t(lang, "plural_prof", p=_prof(pred, lang))
    return _word(lang, f"plural_{pred}", pred)


def pred_words(pred: str, lang: str) -> str:
    """A predicate in words: 'a Robot', 'Botanist'."""
    if pred.startswith("prof."):
        return _prof(pred, lang)
    return _word(lang, f"pred_{pred}", pred)


def noun_words(pred: str, lang: str) -> str:
    """The singular noun of a predicate, without article: Emissary, Botaniste..."""
    if pred.startswith("prof."):
        return _prof(pred, lang)
    return _word(lang, f"pred_{pred}", pred).split(" ", 1)[-1]


def article_words(pred: str, lang: str) -> str:
    """A predicate with its article: 'a Botanist', 'un Scientifique', 'an Emissary'."""
    if pred.startswith("prof."):
        return t(lang, "a_prof", p=_prof(pred, lang))
    return pred_words(pred, lang)


def effect_words(text: str, lang: str) -> str:
    """A human sentence for an effect written in the data vocabulary."""
    cost = ""
    body = text
    if ">" in text:
        c, _, body = text.partition(">")
        cost = (
            t(lang, "fx_remove")
            if c == "remove"
            else t(lang, "fx_discard", p=article_words(c[8:], lang))
        )
    kind, _, arg = body.partition(":")
    if kind == "draw":
        out = t(lang, "fx_draw", n=arg)
    elif kind == "play" and arg.startswith("prof."):
        out = t(lang, "fx_play_prof", p=_prof(arg, lang))
    elif kind == "play":
        out = _word(lang, f"fx_play_{arg}", body)
    else:
        out = t(lang, "fx_take_play")
    return t(lang, "fx_cost_for", cost=cost, benefit=out) if cost else out


def option_words(text: str, lang: str) -> str:
    """A sector action (steps joined by ``+``) in words."""
    return t(lang, "fx_then").join(effect_words(s, lang) for s in text.split("+"))


def ops_words(ops: tuple[tuple[int, int], ...], lang: str) -> str:
    """A Hostile Planet's Reserve effects in words: 'discard slot 2, take slot 2'."""
    return ", ".join(t(lang, "op_take" if take else "op_discard", n=slot + 1) for take, slot in ops)


def _of(word: str, lang: str) -> str:
    """``word`` after "the most": 'd'Informaticiens', 'de Robots' in French."""
    return t(lang, "of_vowel" if word[:1] in _VOWELS else "of", w=word)


def mission_words(text: str, lang: str) -> str:
    """A short sentence for an Emissary mission."""
    p = text.split(":")

    def pw(x: str) -> str:
        if x.startswith("species."):
            return species_word(x[8:], lang)
        return pred_words(x, lang)

    def pl(x: str) -> str:
        if x.startswith("species."):
            return pw(x)
        return plural_words(x, lang)

    if p[0] == "set":
        return t(lang, "ms_set", v=p[3], k=p[2], what=pl(p[1]))
    if p[0] == "pair":
        return t(lang, "ms_pair", v=p[3], a=pw(p[1]), b=pw(p[2]))
    if p[0] == "most":
        return t(lang, "ms_most", v=p[2], what=_of(pl(p[1]), lang))
    if p[0] == "per":
        return t(lang, "ms_per", v=p[2], noun=noun_words(p[1], lang))
    return t(lang, "ms_allprof", v=p[1])


def icons_words(icons: tuple[str, ...], lang: str) -> str:
    """End-game bonus icons: '+2 per Emissary, +1 per Veteran' (identical icons added up)."""
    counts: dict[str, int] = {}
    for i in icons:
        counts[i] = counts.get(i, 0) + 1
    return ", ".join(t(lang, "icon_per", n=n, noun=noun_words(i, lang)) for i, n in counts.items())


# ---------------------------------------------------------------------- action labels
def land_label(planet: int, sector: int, what: str, lang: str) -> str:
    return t(
        lang,
        "act_land",
        planet=planet_name(planet, lang),
        side=side_word(sector, lang),
        what=option_words(what, lang),
    )


def explore_label(planet: int, sector: int, mode: str, lang: str) -> str:
    return t(
        lang,
        "act_explore",
        planet=planet_name(planet, lang),
        side=side_word(sector, lang),
        what=t(lang, f"act_explore_{mode}"),
    )


def slot_label(key: str, slot: int, lang: str) -> str:
    """A label naming a Reserve slot (numbered from 1)."""
    return t(lang, key, slot=slot + 1)


def card_label(key: str, card: int, lang: str) -> str:
    """A label naming a card: its name and its id."""
    return t(lang, key, name=card_name(card, lang), card=card)


def smuggle_label(hostile: int, mode: str, ops: tuple[tuple[int, int], ...], lang: str) -> str:
    return t(
        lang,
        "act_smuggle",
        verb=t(lang, f"act_smuggle_{mode}"),
        name=hostile_name(hostile, lang),
        what=ops_words(ops, lang),
    )


def _check_species() -> None:
    missing = [s for s in SPECIES if f"species_{s}" not in TEXT.tables["en"]]
    if missing:  # pragma: no cover - text.toml is part of the package
        raise ValueError(f"text.toml lacks species names: {missing}")


_check_species()
