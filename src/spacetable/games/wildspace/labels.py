"""Wild Space labels in French and English, every word from ``text.toml``: the card and
sector vocabulary in words (effects, conditions, missions, Hostile Planet effects), the labels
of every action (``Action.describe`` names ids only; ``WildSpace.describe_action`` names the
data set's components through ``actions.label``) and the rules text of every component
(:func:`describe_components`, the data set's ``describe``). Read by the actions, the rules and
``render.py``; names and texts come from the data set's parts given as an argument.
"""

from __future__ import annotations

from typing import Any

from spacetable.engine import Component, component
from spacetable.engine.data import Texts

from .components import WildParts
from .constants import PKG, SPECIES
from .facts import card_facts, hostile_facts, level_facts, planet_facts, vocabulary_facts

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


def cond_words(text: str, lang: str) -> str:
    """A condition (``has:<pred>|...``) in words: 'a Botanist or a Scientist'."""
    return f" {t(lang, 'or')} ".join(article_words(alt[4:], lang) for alt in text.split("|"))


def circle_words(parts: WildParts, c: int, lang: str) -> list[str]:
    """What card ``c`` does, in words: its (conditioned) effect, its credits, its mission."""
    r = parts.cards[c]
    out = []
    if r.effect:
        eff = effect_words(r.effect, lang)
        if r.condition:
            eff = f"{t(lang, 'conditions')} {cond_words(r.condition, lang)}: {eff}"
        out.append(eff)
    if r.credits:
        out.append(t(lang, "credits", n=r.credits))
    if r.mission:
        out.append(f"{t(lang, 'mission')}: {mission_words(r.mission, lang)}")
    return out


def track_words(parts: WildParts, captain: int, lang: str) -> str:
    """A captain's Veteran track: '1. draw 2; 2. play a Veteran (2 credits); ...'."""
    steps = parts.cards[captain].track.split(";")
    out = []
    for i, (step, credits) in enumerate(zip(steps, parts.track_credits[captain], strict=True)):
        what = t(lang, "no_effect") if step == "-" else effect_words(step, lang)
        if credits:
            what += f" ({t(lang, 'credits', n=credits)})"
        out.append(f"{i + 1}. {what}")
    return "; ".join(out)


def sector_words(parts: WildParts, tile: int, side: int, lang: str) -> str:
    """A sector's conditions and actions in words."""
    row = parts.planets[tile]
    cond = row.left_conditions if side == 0 else row.right_conditions
    opts = f" {t(lang, 'or')} ".join(option_words(o, lang) for o in parts.sector_text[tile][side])
    if cond:
        return f"{t(lang, 'conditions')} {cond_words(cond, lang)}: {opts}"
    return opts


# ---------------------------------------------------------------------- action labels
def land_label(planet: str, sector: int, what: str, lang: str) -> str:
    """``planet`` named, ``what`` in words."""
    return t(lang, "act_land", planet=planet, side=side_word(sector, lang), what=what)


def explore_label(planet: str, sector: int, mode: str, lang: str) -> str:
    return t(
        lang,
        "act_explore",
        planet=planet,
        side=side_word(sector, lang),
        what=t(lang, f"act_explore_{mode}"),
    )


def slot_label(key: str, slot: int, lang: str) -> str:
    """A label naming a Reserve slot (numbered from 1)."""
    return t(lang, key, slot=slot + 1)


def card_label(key: str, name: str, card: int, lang: str) -> str:
    """A label naming a card: its name and its id."""
    return t(lang, key, name=name, card=card)


def smuggle_label(name: str, mode: str, what: str, lang: str) -> str:
    return t(lang, "act_smuggle", verb=t(lang, f"act_smuggle_{mode}"), name=name, what=what)


# ---------------------------------------------------------------------- component texts
def _sentence(text: str) -> str:
    """``text`` with a capital first letter."""
    return text[:1].upper() + text[1:]


def card_description(parts: WildParts, c: int, lang: str) -> str:
    """The rules text of crew card ``c``: kind, species, profession, Veteran, then its circles
    (or its captain's track)."""
    r = parts.cards[c]
    head = [t(lang, f"kind_{r.kind}")]
    if r.species:
        head.append(species_word(r.species, lang))
    if r.profession:
        head.append(t(lang, f"prof_{r.profession}"))
    if r.veteran:
        head.append(t(lang, "veteran"))
    text = " · ".join(head) + "."
    if r.kind == "captain":
        return f"{text} {t(lang, 'track')}: {track_words(parts, c, lang)}."
    circles = circle_words(parts, c, lang)
    return f"{text} {_sentence('; '.join(circles) if circles else t(lang, 'no_effect'))}."


def planet_description(parts: WildParts, tile: int, lang: str) -> str:
    n = parts.threshold[tile]
    need = t(lang, "start_planet") if n == 0 else t(lang, "threshold", n=n)
    sides = [
        f"{t(lang, f'{side}_sector')}: {sector_words(parts, tile, i, lang)}"
        for i, side in enumerate(("left", "right"))
    ]
    return f"{_sentence(need)}. {'. '.join(sides)}. {_sentence(t(lang, 'explore_zone'))}."


def hostile_description(parts: WildParts, h: int, lang: str) -> str:
    return (
        f"{t(lang, 'category_long', n=parts.h_category[h])}. "
        f"{_sentence(t(lang, 'landing'))}: {ops_words(parts.h_landing[h], lang)}. "
        f"{_sentence(t(lang, 'exploration'))}: {ops_words(parts.h_explore[h], lang)}. "
        f"{_sentence(t(lang, 'bonus'))}: {icons_words(parts.h_bonus[h], lang)}."
    )


def describe_components(parts: WildParts, lang: str) -> list[Component]:
    """Every component of a data set with its rules text in ``lang``, generated from its row:
    the 108 crew cards (``card:<id>``, captains with their track), the 10 planet tiles
    (``planet:<id>``), the 12 Hostile Planets (``hostile:<id>``), the 3 solo levels
    (``level:<id>``) and the vocabulary of the crew cards (``species:<s>``,
    ``profession:<p>``, ``cardkind:<k>``); each with its facts (:mod:`.facts`)."""
    lang = lang_of(lang)
    out = [
        component(
            "card",
            r.id,
            parts.card_name(r.id, lang),
            card_description(parts, r.id, lang),
            "cards.csv",
            r,
            facts=card_facts(parts, r.id),
        )
        for r in parts.cards
    ]
    out += [
        component(
            "planet",
            r.id,
            parts.planet_name(r.id, lang),
            planet_description(parts, r.id, lang),
            "planets.csv",
            r,
            facts=planet_facts(parts, r.id),
        )
        for r in parts.planets
    ]
    out += [
        component(
            "hostile",
            r.id,
            parts.hostile_name(r.id, lang),
            hostile_description(parts, r.id, lang),
            "hostile.csv",
            r,
            facts=hostile_facts(parts, r.id),
        )
        for r in parts.hostiles
    ]
    for level, r in parts.levels.items():
        counts = ", ".join(
            t(lang, "level_count", n=n, c=c) for c, n in zip((1, 2, 3), r.counts, strict=True)
        )
        name = r.name_fr if lang == "fr" else r.name_en
        out.append(
            component(
                "level",
                level,
                name,
                t(lang, "level_text", counts=counts),
                "difficulty.csv",
                r,
                facts=level_facts(parts, level),
            )
        )
    # The vocabulary of the crew cards, named in ``lang``: what a client calls a species, a
    # profession or a kind of card that a card's facts give.
    for kind, key, facts, n in vocabulary_facts(parts):
        word = t(lang, f"{_VOCAB_KEY[kind]}_{key}")
        out.append(
            component(
                kind,
                key,
                word,
                t(lang, f"cx_{kind}", word=word, n=n),
                "cards.csv",
                source="rulebook",
                facts=facts,
            )
        )
    return out


#: the text.toml prefix of each vocabulary kind's words
_VOCAB_KEY = {"species": "species", "profession": "prof", "cardkind": "kind"}


def _check_species() -> None:
    missing = [s for s in SPECIES if f"species_{s}" not in TEXT.tables["en"]]
    if missing:  # pragma: no cover - text.toml is part of the package
        raise ValueError(f"text.toml lacks species names: {missing}")


_check_species()
