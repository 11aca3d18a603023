"""Property tests over seeded playouts: invariants, perfect information, bounds, rendering
(the golden transcripts are in ``test_planetraiders_golden.py``)."""

from __future__ import annotations

import json
import random
import re
from collections import deque
from collections.abc import Mapping

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from spacetable.engine import Action, Game, RecordError, load, new_game, replay
from spacetable.games.planetraiders.constants import ALIEN, BLUE, N_EDGES, NOSES, RAIDERS, RED
from spacetable.games.planetraiders.render import describe_event, render
from spacetable.games.planetraiders.rules import PlanetRaiders
from spacetable.games.planetraiders.tables import shipped_parts
from spacetable.playout import Policy
from spacetable.playout import playout as drive

from .policy import purposeful

#: The shipped data set's board and set-up.
BOARD = shipped_parts()

#: The limits these playouts were written with (the defaults before the options were off):
#: purposeful random players may never end the rulebook's game.
LIMITS: dict[str, object] = {"round_limit": 100, "stall_rounds": 20}
CONFIGS: list[tuple[int, dict[str, object]]] = [
    (2, {**LIMITS}),
    (3, {**LIMITS}),
    (4, {**LIMITS}),
    (4, {"teams": True, **LIMITS}),
    (2, {"zone_rockets": "one", **LIMITS}),
]


def purposeful_policy(rng: random.Random) -> Policy:
    """The purposeful random policy, for the playout driver."""
    return lambda game, seat, legal: purposeful(game, rng)  # type: ignore[arg-type]


def cache_checked(choose: Policy) -> Policy:
    """``choose``, after checking that every candidate of the decision evaluates exactly as
    with an empty reach cache (every third decision)."""

    def check_then_choose(game: Game, s: int, legal: list[Action]) -> Action | None:
        n = game.players
        game.evaluate(s)
        for a in legal if game.step % 3 == 0 else []:
            c = game.clone()
            c.apply(s, a)
            fresh = c.clone()
            fresh.reach_cache = {}  # type: ignore[attr-defined]
            assert [c.evaluate(t) for t in range(n)] == [fresh.evaluate(t) for t in range(n)]
        return choose(game, s, legal)

    return check_then_choose


def check_invariants(g: PlanetRaiders) -> None:
    n = g.players
    # rockets: 3 blue + 2 red per player, +1 blue per capture, 2 blue -> 1 red per exchange
    board_blue = g.rockets.count(BLUE)
    board_red = g.rockets.count(RED)
    caps = sum(g.ncaps)
    assert board_blue + sum(g.blue) + g.used[0] + g.retired[0] == 3 * n + caps - 2 * g.exchanges
    assert board_red + sum(g.red) + g.used[1] + g.retired[1] == 2 * n + g.exchanges
    assert min(g.blue) >= 0 and min(g.red) >= 0
    one = g.options["zone_rockets"] == "one"
    for slot, r in enumerate(g.rockets):
        if r >= 0:
            z = slot // NOSES
            assert BOARD.is_zone[z]
            assert not (r == BLUE and BOARD.is_meteor[z]), "blue rocket in meteorites"
            if one:
                assert sum(x >= 0 for x in g.rockets[z * NOSES : z * NOSES + NOSES]) == 1
    # pieces: every raider on the board is where occ says; aliens conserved
    for rid, p in enumerate(g.rpad):
        if p >= 0:
            assert g.occ[p] == rid and BOARD.is_pad[p]
    on_board = [o for o in g.occ if 0 <= o < ALIEN]
    assert sorted(on_board) == sorted(r for r, p in enumerate(g.rpad) if p >= 0)
    aliens_left = sum(1 for o in g.occ if o >= ALIEN)
    assert aliens_left + sum(m.bit_count() for m in g.aliens) == 16
    assert sum(g.ncaps) == sum(1 for c in g.captured_by if c >= 0)
    for s in range(n):
        assert g.ncaps[s] == sum(g.caps[s * n : (s + 1) * n])
        b = s * RAIDERS
        if s in g.finished:
            assert all(p < 0 for p in g.rpad[b : b + RAIDERS])
        if g.out[s]:
            assert g.alive(s) == 0
        for v in range(n):
            if g.team[v] == g.team[s]:
                assert g.caps[s * n + v] == 0, "captured a partner or itself"
    assert len(g.occ) == N_EDGES


def playout(
    n: int, opts: Mapping[str, object], seed: int, smart: bool, check_replay: bool = False
) -> PlanetRaiders:
    g = PlanetRaiders(n, seed, opts)
    rng = random.Random(seed)
    bound = PlanetRaiders.max_decisions(n, opts)
    for step in drive(g, rng, purposeful_policy(rng) if smart else None):
        assert step.seat is not None
        check_invariants(g)
        assert g.step <= bound
        assert 0.0 <= g.evaluate(step.seat) <= 1.0
        if g.step % 97 == 0:
            state = g.to_json()
            assert load(state).to_json() == state
            assert g.clone().to_json() == state
    if check_replay:
        assert replay(g.record()).to_json() == g.to_json()
    return g


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    config=st.sampled_from(CONFIGS),
    smart=st.booleans(),
)
def test_playouts_keep_invariants(
    seed: int, config: tuple[int, dict[str, object]], smart: bool
) -> None:
    n, opts = config
    g = playout(n, opts, seed, smart, check_replay=True)
    out = g.outcome()
    assert sorted(out.ranks)[0] == 1
    for pos, s in enumerate(g.finished):
        assert all(out.ranks[s] <= out.ranks[t] for t in g.finished[pos:])


def test_purposeful_playouts_reach_every_ending() -> None:
    reasons: set[str] = set()
    finishes = 0
    for seed in range(8):
        for n, opts in CONFIGS:
            g = playout(n, opts, seed, True)
            reasons.add(g.reason)
            finishes += len(g.finished)
    assert finishes > 0
    assert {"no progress", "team home"} <= reasons
    assert reasons & {"home", "last in play", "team eliminated"}


def test_perfect_information_views() -> None:
    g = PlanetRaiders(4, 3)
    rng = random.Random(3)
    assert len(list(drive(g, rng, purposeful_policy(rng), max_steps=60))) == 60
    spectator = g.view(None)
    for s in range(4):
        v = g.view(s)
        assert v.pop("seat") == s
        assert v == {k: x for k, x in spectator.items() if k != "seat"}
        assert g.log_for(s) == g.log
    # determinize has nothing to hide: the state is unchanged
    d = g.determinize(1, random.Random(5))
    assert d.state_dict() == g.state_dict()


def test_action_space_is_fixed_and_unique() -> None:
    for n, opts in CONFIGS:
        space = new_game("planetraiders", n, 0, opts).action_space
        # every square of the grid: which are zones, and which take blue rockets, is data
        squares = len(BOARD.kind)
        gifts = 2 * n if n > 2 else 0
        assert space.size == 3 + 4 * squares + 2 + 2 * 4 * squares + 1 + gifts + 1


def test_max_decisions_is_an_upper_bound_on_long_games() -> None:
    opts = {"round_limit": 30, "stall_rounds": 30}
    for seed in range(3):
        g = playout(4, opts, seed, True)
        assert g.step <= PlanetRaiders.max_decisions(4, opts)


def test_render_draws_the_board_in_both_languages() -> None:
    g = PlanetRaiders(4, 7)
    rng = random.Random(7)
    console = Console(width=140, color_system=None, record=True)
    seen: set[str] = set()
    deque(drive(g, rng, purposeful_policy(rng), max_steps=400), maxlen=0)
    for lang in ("en", "fr"):
        text = render(g.view(0), lang)
        console.print(text)  # the markup must parse
        plain = console.export_text()
        assert "a     b     c" in plain
        assert "#R#" in plain and "(v)" in plain
        for ev in g.log:
            sentence = describe_event(ev, lang)
            console.print(sentence)
            seen.add(ev["event"])
            assert sentence and "{" not in sentence
    assert {"hop", "select", "stop", "collect", "place", "end_turn"} <= seen
    assert "To play" in render(PlanetRaiders(2, 0).view(0), "en")
    assert "À jouer" in render(PlanetRaiders(2, 0).view(1), "fr")


def test_start_view_shows_pieces() -> None:
    v = PlanetRaiders(2, 0).view(0)
    assert v["raiders"][0][0] == {"pad": "c1s", "status": "board"}
    assert v["rockets"]["c1"] == [{"colour": "blue", "nose": "n"}]
    assert len(v["aliens"]) == 16
    assert v["players_info"][1]["colour"] == "violet"


def test_cached_evaluation_matches_a_fresh_search() -> None:
    """``evaluate`` reuses a raider's reach search while the rockets it read are unchanged
    (the cache is shared by clones): every candidate of every decision along purposeful
    playouts (every third decision) scores exactly as with an empty cache."""
    for n, opts, seed in ((2, {}, 3), (4, {"teams": True}, 5)):
        g = PlanetRaiders(n, seed, opts)
        rng = random.Random(seed)
        deque(drive(g, rng, cache_checked(purposeful_policy(rng)), max_steps=150), maxlen=0)


def test_declared_state_checks_lengths_and_kinds_on_load() -> None:
    """The state is declared once: a load checks each field's kind and the lengths the rules
    fix (3 raiders per seat, one hand per seat, 180 pads), naming the field."""
    g = PlanetRaiders(3, 1)
    good = json.loads(g.to_json())
    assert PlanetRaiders.from_save(good).to_json() == g.to_json()
    assert PlanetRaiders.state is not None
    assert "reach_cache" not in good["state"]  # a cache, not state
    for field, value, words in (
        ("rpad", good["state"]["rpad"][:-1], "state.rpad: expected 9 items, got 8"),
        ("blue", [1, 1], "state.blue: expected 3 items, got 2"),
        ("caps", [0] * 4, "state.caps: expected 9 items, got 4"),
        ("occ", good["state"]["occ"] + [-1], "state.occ: expected 180 items, got 181"),
        ("out", [False, 0, False], "state.out[1]: expected bool, got 0"),
        ("reason", None, "state.reason: expected str, got None"),
    ):
        bad = json.loads(json.dumps(good))
        bad["state"][field] = value
        with pytest.raises(RecordError, match=re.escape(words)):
            PlanetRaiders.from_save(bad)
