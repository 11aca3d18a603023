"""The why-not conformance check: every illegal action a seat may try has a reason.

In a seeded random playout of a game, at sampled positions, for every seat (the seats to act
and the others): a legal action has no reason; an illegal one, sampled from the game's action
space, has at least one; each names a rule of the game's ``rules.csv``; each is drawn as a
sentence in English and in French (:meth:`Presentation.reason`); and the reasons do not change
when what the seat cannot see is resampled (a reason leaks nothing). For every component the
seat's view mentions, :meth:`Game.why_not_component` is ``[]`` exactly when some legal action
is about it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from spacetable.engine import Action, Game, new_game
from spacetable.engine.presentation import presentation
from spacetable.engine.why import Reason

from .conformance import ConformanceError, _random_step, decision_limit

#: A word written as code (``crew_need``, ``{n}``): a player's sentence never shows one.
CODE = re.compile(r"[{}]|\b[a-z]+_[a-z_]+\b")


@dataclass
class WhyReport:
    """What one run of :func:`check_why_not` saw."""

    illegal: int = 0
    legal: int = 0
    components: int = 0
    reasons: set[tuple[str, str]] = field(default_factory=set)


def _check_reasons(
    g: Game, seat: int, action: Action, reasons: list[Reason], rep: WhyReport, fail: Any
) -> None:
    rules = type(g).rules()
    if rules is None:
        raise fail("the game has no rules.csv")
    if not reasons:
        raise fail(f"seat {seat}: no reason why {action.text()} is not legal")
    pres = presentation(g)
    for r in reasons:
        if r.rule not in rules:
            raise fail(f"seat {seat}: {action.text()}: rule {r.rule!r} is not in rules.csv")
        for lang in ("en", "fr"):
            told = pres.reason(r, lang)
            detail = told["detail"]
            if not detail.strip() or CODE.search(detail):
                raise fail(f"{action.text()}: the {lang} reason reads {detail!r}")
        rep.reasons.add((r.rule, r.detail))


def check_why_not(
    game_id: str,
    players: int,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    *,
    sample_rate: float = 0.1,
    illegal_per_seat: int = 6,
    determinizations: int = 1,
) -> WhyReport:
    """Run one seeded random playout of ``game_id`` and check :meth:`Game.why_not` along it."""
    options = dict(options or {})
    rep = WhyReport()
    where = f"[{game_id} players={players} options={options} seed={seed}]"
    g = new_game(game_id, players, seed, options)

    def fail(msg: str) -> ConformanceError:
        return ConformanceError(f"{where} step {g.step}: {msg}")

    rng = random.Random(seed * 104729 + 5)
    space = g.action_space.actions
    limit = decision_limit(game_id, players, g.options)
    first = True
    decisions = 0
    while True:
        if first or g.is_over or rng.random() < sample_rate:
            first = False
            for s in range(players):
                legal = g.legal_actions(s)
                for a in rng.sample(legal, min(2, len(legal))):
                    rep.legal += 1
                    if g.why_not(s, a):
                        raise fail(f"seat {s}: {a.text()} is legal but has a reason")
                legal_set = set(legal)
                tried = 0
                for a in rng.sample(space, min(len(space), illegal_per_seat * 4)):
                    if a in legal_set:
                        continue
                    tried += 1
                    rep.illegal += 1
                    reasons = g.why_not(s, a)
                    _check_reasons(g, s, a, reasons, rep, fail)
                    for _ in range(determinizations):
                        other = g.determinize(s, random.Random(rng.random()))
                        if other.why_not(s, a) != reasons:
                            raise fail(
                                f"seat {s}: the reasons against {a.text()} change with what "
                                "the seat cannot see"
                            )
                    if tried >= illegal_per_seat:
                        break
                comps = [c.id for c in g.component_texts(s)]
                for c in rng.sample(comps, min(3, len(comps))):
                    rep.components += 1
                    playable = any(c in g.action_components(a) for a in legal)
                    why = g.why_not_component(s, c)
                    if playable and why:
                        raise fail(f"seat {s}: {c} is playable but has a reason")
                    if not playable and g.actions_about(c) and not why:
                        raise fail(f"seat {s}: nothing can be done with {c}, and no reason")
        if g.is_over:
            break
        who, _ = _random_step(g, rng)
        decisions += who is not None
        if decisions > limit:
            raise fail(f"no end after {limit} decisions")
    return rep
