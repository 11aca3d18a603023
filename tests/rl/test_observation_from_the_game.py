"""Every game's observations are encoded straight from the game (its encoder's
``encode_game``) instead of from the seat's view. At every step of whole seeded games of
several settings, every seat's tensor equals the reference encoded from its view, and the
games reach the branches those encoders have:

* Spacedealer: each pending decision, a covered card, transport probes, Gizzi cards, every
  kind of offer, run-out timers waiting for use;
* Planet Raiders: a raider selected, aliens aboard, raiders captured, a crew home, teams;
* Tortuga 2199: every phase of a combat with the attacker's cards still secret, a pending
  ability, a marker being placed, creatures looked at, Reserved cards, known market bottoms;
* Quazarys: every kind of decision, the hands and the cells kept between steps;
* Wild Space: every kind of pending frame and source, face-down planets, solo.

Equal to the view's tensor, the fast tensor holds nothing the view leaves out; a
determinized world (everything the seat cannot see resampled) gives the same tensor."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import spacetable
from spacetable.bots import make_bot
from spacetable.games.spacedealer import actions as A
from spacetable.games.spacedealer.constants import P_NAMES, READY
from spacetable.games.spacedealer.notation import card_type
from spacetable.games.spacedealer.rules import Spacedealer
from spacetable.playout import step
from spacetable.rl.observation import ObservationError, observe, observe_reference, observer
from spacetable.sim import step_bots
from spacetable.testing.spacedealer_trader import decide, trader

#: Spacedealer games: (players, options, seed, the branches that game reaches); together
#: they reach every branch
GAMES: list[tuple[int, dict[str, Any], int, set[str]]] = [
    (3, {"length": 900, "timer": 20}, 1, {"pending convert", "covered", "offer goods"}),
    (8, {"length": 120, "timer": 20}, 1, {"pending put", "pending keep", "usable"}),
    (
        4,
        {"length": 900, "timer": 20, "rules": "advanced"},
        2,
        {"pending convert", "pending send", "probe", "gizzi", "offer card", "offer swap"},
    ),
    (
        4,
        {"mode": "ticks", "length": 900, "timer": 20, "tick": 20, "rules": "advanced"},
        3,
        {"pending send", "pending put", "pending keep", "probe", "gizzi"},
    ),
]


def test_the_spacedealer_games_reach_every_branch_together() -> None:
    reached = set().union(*(g[3] for g in GAMES))
    assert reached == {f"pending {k}" for k in P_NAMES} | {
        "covered",
        "usable",
        "probe",
        "gizzi",
        "offer goods",
        "offer card",
        "offer swap",
    }


def test_these_observers_read_the_game_not_the_view() -> None:
    assert observer("spacedealer", 3, {"length": 300, "timer": 20}).direct is not None
    assert observer("planetraiders", 2, {}).direct is not None
    assert observer("tortuga2199", 2, {}).direct is not None
    assert observer("quazarys", 2, {}).direct is not None
    assert observer("wildspace", 2, {}).direct is not None


def test_a_game_read_straight_must_have_the_observers_layout() -> None:
    """An observer writes at its own layout's places: a game of other settings whose layout
    differs is refused (a typed error, not values in the wrong blocks); other options with
    the same layout are read."""
    basic = observer("spacedealer", 4, {"length": 300, "timer": 20})
    advanced = Spacedealer(4, 1, {"length": 300, "timer": 20, "rules": "advanced"})
    assert observer("spacedealer", 4, advanced.options).size != basic.size
    with pytest.raises(ObservationError, match="another observation layout"):
        basic(advanced, 0)
    with pytest.raises(ObservationError, match="at 4 players was given spacedealer at 3"):
        basic(Spacedealer(3, 1, {"length": 300, "timer": 20}), 0)
    tortuga = observer("tortuga2199", 2, {"round_limit": 40})
    other = spacetable.new_game("tortuga2199", players=2, seed=1, options={"round_limit": 80})
    assert np.array_equal(tortuga(other, 1), observe_reference(other, 1))


@pytest.mark.parametrize(
    "n,opts,seed", [(4, {"teams": True}, 1), (3, {}, 1), (2, {"zone_rockets": "one"}, 2)]
)
def test_planet_raiders_tensors_from_the_game_equal_those_from_the_view(
    n: int, opts: dict[str, Any], seed: int
) -> None:
    """Whole games of greedy bots (they bring crews home), every seat at every step."""
    g = spacetable.new_game("planetraiders", players=n, seed=seed, options=opts)
    bots = [make_bot("greedy", seed=seed * 10 + s, game="planetraiders") for s in range(n)]
    seen: set[str] = set()
    while True:
        for s in range(n):
            assert np.array_equal(observe(g, s), observe_reference(g, s)), (n, opts, g.step, s)
        seen |= {k for k, hit in _planet_raiders_branches(g).items() if hit}
        if g.is_over:
            break
        step_bots(g, bots)
    assert seen == {"selected", "aliens", "captured", "finished"}


@pytest.mark.parametrize(
    "n,opts,seed,bots,branches",
    [
        (
            2,
            {"round_limit": 40},
            1,
            ("greedy", "greedy"),
            {"ability", "attack", "defend", "mark", "creature seen", "markers", "known bottom"},
        ),
        (
            4,
            {"round_limit": 40, "scenario": "aggressive"},
            1,
            ("greedy", "random", "greedy", "random"),
            {"attack", "sacrifice", "spoils", "reserved", "destroyed"},
        ),
    ],
    ids=["2p", "4p-aggressive"],
)
def test_tortuga_tensors_from_the_game_equal_those_from_the_view(
    n: int, opts: dict[str, Any], seed: int, bots: tuple[str, ...], branches: set[str]
) -> None:
    """Whole games of bots, every seat at every step; every tenth step a determinized world
    of each seat gives that seat the same tensor."""
    g = spacetable.new_game("tortuga2199", players=n, seed=seed, options=opts)
    players = [make_bot(b, seed=seed * 10 + s, game="tortuga2199") for s, b in enumerate(bots)]
    seen: set[str] = set()
    k = 0
    while True:
        _check_every_seat(g, k, 10)
        seen |= {name for name, hit in _tortuga_branches(g).items() if hit}
        if g.is_over:
            break
        step_bots(g, players)
        k += 1
    assert branches <= seen, sorted(branches - seen)


def test_tortuga_conquered_and_last_turns_read_from_the_game() -> None:
    """Random games seldom conquer Tortuga: its conqueror and the last turns are set on a
    game in play, and the tensors still equal the view's."""
    g: Any = spacetable.new_game("tortuga2199", players=3, seed=4, options={"round_limit": 40})
    rng = random.Random(4)
    for _ in range(30):
        step(g, rng)
    g.tortuga_by = 2
    g.last = [0, 2]
    for s in range(3):
        fast = observe(g, s)
        assert np.array_equal(fast, observe_reference(g, s))
        assert fast.sum() > 0


@pytest.mark.parametrize("n,seed", [(2, 1), (3, 2)])
def test_quazarys_tensors_from_the_game_equal_those_from_the_view(n: int, seed: int) -> None:
    """Whole random games, every seat at every step (the cells kept between steps are
    checked as they are reused); every 25th step a determinized world (the other hands and
    the deck resampled) gives each seat the same tensor."""
    g = spacetable.new_game("quazarys", players=n, seed=seed)
    rng = random.Random(seed)
    seen: set[str] = set()
    k = 0
    while True:
        _check_every_seat(g, k, 25)
        seen.add(g.view(0)["pending"]["kind"])
        if g.is_over:
            break
        step(g, rng)
        k += 1
    assert {"move", "orient", "pick", "place", "combo", "discard", "over"} <= seen


def test_wild_space_tensors_from_the_game_equal_those_from_the_view() -> None:
    """Whole random games (solo with the Contrebandier playing itself, solo hard, four
    players), every seat at every step and a determinized world of each seat (the deck, the
    other hands, the face-down tiles and the Hostile deck resampled) every fifth step;
    together they reach every kind of pending frame and of source."""
    seen: set[str] = set()
    for n, opts, seed in [(1, {"smuggler": "auto"}, 1), (1, {"difficulty": "hard"}, 2), (4, {}, 1)]:
        g = spacetable.new_game("wildspace", players=n, seed=seed, options=opts)
        rng = random.Random(seed)
        k = 0
        while True:
            _check_every_seat(g, k, 5)
            for f in g.view(0)["pending"]:
                seen.add(f["kind"])
                seen.update(key for key in ("card", "planet", "explore", "track_step") if key in f)
            if g.is_over:
                break
            step(g, rng)
            k += 1
    kinds = {"draw", "use_draw", "play", "take_play", "cost"}
    assert kinds | {"card", "planet", "explore", "track_step"} <= seen


def _tortuga_branches(g: Any) -> dict[str, bool]:
    names = ("ship", "reenter", "main", "ability", "attack", "defend", "sacrifice", "spoils")
    out = {name: g.phase == i for i, name in enumerate(names)}
    out |= {
        "mark": g.phase == 9,
        "creature seen": any(h >= 0 and seen for h, seen in zip(g.hunt, g.seen, strict=True)),
        "markers": any(g.probes),
        "known bottom": any(g.mknown),
        "reserved": any(r >= 0 for r in g.reserve),
        "destroyed": bool(g.destroyed),
    }
    return out


def _planet_raiders_branches(g: Any) -> dict[str, bool]:
    return {
        "selected": g.sel >= 0,
        "aliens": any(g.aliens),
        "captured": any(c >= 0 for c in g.captured_by) and any(g.caps),
        "finished": bool(g.finished),
    }


@pytest.mark.parametrize(
    "n,opts,seed,branches", GAMES, ids=["3p", "8p-short", "4p-advanced", "4p-ticks-advanced"]
)
def test_spacedealer_tensors_from_the_game_equal_those_from_the_view(
    n: int, opts: dict[str, Any], seed: int, branches: set[str]
) -> None:
    """Even seats play the scripted trader of the economy tests (it mines, converts, loads,
    flies and delivers), odd seats play at random. At every decision one seat's tensors are
    compared (each seat in turn), every seat's every tenth decision."""
    seen: set[str] = set()
    g = Spacedealer(n, seed, opts)
    rng = random.Random(seed)
    k = 0
    while not g.is_over:
        for s in range(n) if k % 10 == 0 else (k % n,):
            assert np.array_equal(observe(g, s), observe_reference(g, s)), (n, opts, k, s)
        _note_branches(g, seen)
        _decide(g, rng)
        k += 1
    for s in range(n):
        assert np.array_equal(observe(g, s), observe_reference(g, s))
    assert branches <= seen, sorted(branches - seen)


def _decide(g: Spacedealer, rng: random.Random) -> None:
    """One decision of the first seat that may act (a tick or two of time when none may)."""
    for p in g.to_act:
        legal = g.legal_actions(p)
        if not legal:
            continue
        if p % 2 == 0:
            a = trader(g, p, rng)
        else:  # at random, but a transport probe is sent whenever it may be
            probes = [
                a for a in legal if isinstance(a, A.Use) and card_type(a.card).effect == "transport"
            ]
            a = rng.choice(probes or legal)
        if a is not None and (g.realtime or a != A.DONE or not g.pending[p]):
            g.apply(p, a)
            return
    if g.realtime:
        g.advance(2.0)
        return
    for p in g.to_act:  # ticks: the seats nobody moved end their turn
        while g.pending[p]:
            g.apply(p, decide(g, p, g.legal_actions(p)))
        if p in g.to_act:
            g.apply(p, A.DONE)


def test_a_determinized_spacedealer_world_gives_the_same_tensor_from_the_game() -> None:
    g = Spacedealer(4, 2, GAMES[2][1])
    rng = random.Random(2)
    k = 0
    while not g.is_over:
        if k % 100 == 0:
            for s in range(g.players):
                world = g.determinize(s, random.Random(k + s))
                assert np.array_equal(observe(world, s), observe(g, s)), (k, s)
        _decide(g, rng)
        k += 1
    assert k > 1000


def _note_branches(g: Any, seen: set[str]) -> None:
    for p in range(g.players):
        for item in g.pending[p]:
            seen.add(f"pending {P_NAMES[item[0]]}")
        if any(g.covered[c] for c in g.built[p]):
            seen.add("covered")
    if READY in g.t_end:
        seen.add("usable")
    if g.probes:
        seen.add("probe")
    if g.adv and any(x >= 0 for x in g.gface):
        seen.add("gizzi")
    for o in g.offer:
        if o is not None:
            seen.add(f"offer {('goods', 'card', 'swap')[o[1]]}")


def _check_every_seat(g: Any, k: int, every: int) -> None:
    """Every seat's tensor from the game equals the one from its view; at every ``every``-th
    step ``k``, a determinized world of each seat gives that seat the same tensor."""
    for s in range(g.players):
        fast = observe(g, s)
        assert np.array_equal(fast, observe_reference(g, s)), (g.options, g.step, s)
        if k % every == 0:
            world = g.determinize(s, random.Random(k + s))
            assert np.array_equal(observe(world, s), fast), (g.options, g.step, s)
