"""The turn rule of drivers (``engine/schedule.py``): selecting a seat changes nothing, time
passes only where the scheduler says so, the PettingZoo and OpenSpiel adapters follow the same
scheduler decision for decision, and the bot loop follows its rounds."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spacetable
from spacetable.bots import Bot, SeatPort
from spacetable.engine import Action, Game, Rng, SpacetableError
from spacetable.engine.schedule import Rounds, SeatTurns, quiet_seconds
from spacetable.playout import playout
from spacetable.sim import step_bots

REALTIME = {"length": 120, "timer": 10}
ADVANCED = {"rules": "advanced", "length": 120, "timer": 10}
TICKS = {"mode": "ticks", "length": 120, "timer": 10}
LONG = {"length": 600, "timer": 10}


def _position(players: int, seed: int, steps: int, options: dict[str, Any]) -> Game:
    """A Spacedealer game after ``steps`` seeded random playout steps (or at its end)."""
    g = spacetable.new_game("spacedealer", players, seed, options)
    for _ in playout(g, random.Random(seed), max_steps=steps):
        pass
    return g


def _snapshot(g: Game) -> tuple[Any, ...]:
    """Everything a selection could change: the state, clock, step and generator."""
    return (g.state_dict(), g.clock, g.step, g.rng.state, g.to_json())


def _fields(s: SeatTurns) -> tuple[Any, ...]:
    return (s.realtime, s.tick, s.actions_per_tick, s.seat, s.acts)


# ---------------------------------------------------------------------- selection
@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(3, 5),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 120),
    options=st.sampled_from([REALTIME, ADVANCED, TICKS]),
    seat=st.integers(0, 5),
    acts=st.integers(0, 3),
)
def test_selection_changes_neither_the_game_nor_the_scheduler(
    players: int, seed: int, steps: int, options: dict[str, Any], seat: int, acts: int
) -> None:
    g = _position(players, seed, steps, options)
    s = SeatTurns(g.realtime, tick=2.0, actions_per_tick=4)
    s.seat, s.acts = min(seat, players), acts
    before, fields = _snapshot(g), _fields(s)
    chosen = s.select(g)
    assert _snapshot(g) == before
    assert _fields(s) == fields
    assert s.select(g) == chosen  # pure: asking again gives the same seat
    if g.is_over:
        assert chosen is None
    elif not g.realtime:
        assert chosen == min(g.to_act)
    elif chosen is None:  # the tick is over: no seat from the pointer on may act
        assert not [p for p in range(s.seat, players) if g.legal_actions(p)]
    else:
        assert chosen >= s.seat and g.legal_actions(chosen)
        assert not [p for p in range(s.seat, chosen) if g.legal_actions(p)]


@settings(max_examples=15, deadline=None)
@given(
    players=st.integers(3, 5),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 120),
    options=st.sampled_from([REALTIME, ADVANCED, TICKS]),
    rounds=st.integers(0, 3),
)
def test_selection_by_rounds_changes_neither_the_game_nor_the_scheduler(
    players: int, seed: int, steps: int, options: dict[str, Any], rounds: int
) -> None:
    g = _position(players, seed, steps, options)
    s = Rounds(g.realtime, tick=2.0, actions_per_tick=4)
    for _ in range(rounds):
        s.begin_round(g)
        s.moved = True
    before, where = _snapshot(g), repr(s)
    chosen = s.select(g)
    assert _snapshot(g) == before and repr(s) == where
    if g.is_over:
        assert chosen is None
    elif not g.realtime:
        assert chosen == min(g.to_act)
    elif chosen is not None:
        assert chosen in s.order[s.pos :] and chosen in g.to_act


def test_selection_in_a_turn_based_game_is_the_lowest_seat_to_act() -> None:
    g = spacetable.new_game("quazarys", 2, seed=3)
    s = SeatTurns(g.realtime)
    assert not g.realtime and s.select(g) == min(g.to_act)
    assert s.pass_time_until_decision(g) == min(g.to_act) and g.clock == 0.0 and g.step == 0


# ---------------------------------------------------------------------- time passing
def test_a_tick_passes_only_when_every_seat_had_its_turn() -> None:
    g = spacetable.new_game("spacedealer", 3, seed=2, options=REALTIME)
    s = SeatTurns(g.realtime, tick=2.5, actions_per_tick=4)
    for seat in range(3):
        assert s.pass_time_until_decision(g) == seat
        assert g.clock == 0.0  # a seat may still decide: no time passes
        s.record_wait(seat)
    assert s.select(g) is None and g.clock == 0.0
    step = g.step
    assert s.pass_time_until_decision(g) == 0
    assert g.clock == 2.5 and g.step == step + 1  # one advance, recorded like a decision
    assert (s.seat, s.acts) == (0, 0)
    assert g.record()["entries"][-1] == {"advance": 2.5, "clock": 2.5}


def test_pass_tick_advances_the_clock_by_the_tick_and_restarts_at_seat_zero() -> None:
    g = _position(4, 7, 60, LONG)
    s = SeatTurns(True, tick=1.5)
    s.seat, s.acts = 3, 2
    clock = g.clock
    assert not g.is_over
    s.pass_tick(g)
    assert g.clock == pytest.approx(clock + 1.5)
    assert (s.seat, s.acts) == (0, 0)


def test_a_seat_keeps_the_turn_for_actions_per_tick_actions() -> None:
    kept = 0
    for seed in range(8):
        g = _position(3, seed, 30, LONG)
        s = SeatTurns(True, tick=1.0, actions_per_tick=2)
        rng = random.Random(seed)
        seat = s.pass_time_until_decision(g)
        assert seat is not None
        g.apply(seat, rng.choice(g.legal_actions(seat)))
        s.record_action(seat)
        assert (s.seat, s.acts) == (seat, 1)
        if not g.legal_actions(seat):
            continue  # nothing more to do: the next seat's turn (checked below)
        kept += 1
        assert s.select(g) == seat  # it keeps the turn
        g.apply(seat, rng.choice(g.legal_actions(seat)))
        s.record_action(seat)
        assert (s.seat, s.acts) == (seat + 1, 0)  # its second action ended its turn
        nxt = s.select(g)
        assert nxt is None or nxt > seat
    assert kept > 0


def test_a_seat_with_nothing_legal_is_skipped_and_the_next_starts_afresh() -> None:
    s = SeatTurns(True, tick=1.0, actions_per_tick=4)
    s.seat, s.acts = 0, 3
    s.record_action(2)  # seats 0 and 1 were skipped (select named seat 2)
    assert (s.seat, s.acts) == (2, 1)


def test_quiet_seconds_jumps_to_the_next_event_within_bounds() -> None:
    g = _position(3, 11, 40, LONG)
    before = _snapshot(g)
    nxt = g.next_event()
    got = quiet_seconds(g, 1.0, 30.0)
    assert _snapshot(g) == before
    if nxt is None:
        assert got == 30.0
    else:
        assert got == max(1.0, min(nxt - g.clock, 30.0))
    assert 1.0 <= got <= 30.0


def test_bad_settings_are_refused() -> None:
    with pytest.raises(SpacetableError, match="tick must be positive"):
        SeatTurns(True, tick=0.0)
    with pytest.raises(SpacetableError, match="actions_per_tick"):
        SeatTurns(True, actions_per_tick=0)


def test_a_copy_is_independent() -> None:
    s = SeatTurns(True, tick=2.0, actions_per_tick=3)
    s.seat, s.acts = 1, 2
    c = s.copy()
    c.record_wait(1)
    assert (s.seat, s.acts) == (1, 2) and (c.seat, c.acts) == (2, 0)
    assert _fields(c)[:3] == _fields(s)[:3]


# ---------------------------------------------------------------------- the two adapters
def _pettingzoo_episode(
    players: int, seed: int, options: dict[str, Any], tick: float, apt: int
) -> list[tuple[int, int, float]]:
    from spacetable.rl import pettingzoo_env

    env = pettingzoo_env("spacedealer", players, seed, options, tick=tick, actions_per_tick=apt)
    env.reset(seed=seed)
    assert isinstance(env.scheduler, SeatTurns)
    rng = random.Random(seed)
    out = []
    while not env.game.is_over:
        seat = int(env.agent_selection.removeprefix("seat_"))
        legal = [int(i) for i in env.action_mask(seat).nonzero()[0]]
        a = rng.choice(legal)
        out.append((seat, a, env.game.clock))
        env.step(a)
    return out


def _openspiel_episode(
    players: int, seed: int, options: dict[str, Any], tick: float, apt: int
) -> list[tuple[int, int, float]]:
    import pyspiel  # type: ignore[import-not-found]

    import spacetable.rl.openspiel  # noqa: F401  (registers the games)

    params = {"players": players, "realtime_tick": tick, "actions_per_tick": apt, **options}
    state = pyspiel.load_game("spacetable_spacedealer", params).new_initial_state()
    # chance drawn as the engine's generator of this seed draws it: the PettingZoo game
    chance = Rng(seed)
    state.resolve_chance(chance)
    assert isinstance(state.scheduler, SeatTurns)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal():
        a = rng.choice(state.legal_actions())
        out.append((state.current_player(), a, state.game.clock))
        state.apply_action(a)
        state.resolve_chance(chance)
    return out


@pytest.mark.parametrize(
    ("players", "seed", "options", "tick", "apt"),
    [
        (3, 1, REALTIME, 1.0, 4),
        (4, 2, ADVANCED, 2.5, 2),
        (3, 3, {"length": 120, "timer": 20}, 5.0, 1),
        (3, 4, TICKS, 1.0, 4),
    ],
)
def test_pettingzoo_and_openspiel_decide_the_same_seats_at_the_same_clocks(
    players: int, seed: int, options: dict[str, Any], tick: float, apt: int
) -> None:
    pz = _pettingzoo_episode(players, seed, options, tick, apt)
    os_ = _openspiel_episode(players, seed, options, tick, apt)
    assert len(pz) > 50
    assert pz == os_
    if "mode" not in options:
        assert max(c for _, _, c in pz) > 0  # game time passed between the decisions


# ---------------------------------------------------------------------- the bot loop's rounds
class _Script(Bot):
    """Acts (the first legal action) while it has ``budget`` actions left, then waits;
    writes down the seat of every action it makes."""

    def __init__(self, budget: int, trace: list[int]) -> None:
        super().__init__(0)
        self.budget = budget
        self.trace = trace

    def choose(self, port: SeatPort) -> Action | None:
        legal = port.legal_actions()
        if self.budget <= 0 or not legal:
            return None
        self.budget -= 1
        self.trace.append(port.seat)
        return legal[0]


def _started(seed: int) -> Game:
    """A real-time Spacedealer game past its setup (every seat chose its start)."""
    g = spacetable.new_game("spacedealer", 3, seed, {"length": 600, "timer": 10})
    while g.step < 3 and not g.is_over:
        seat = g.to_act[0]
        g.apply(seat, g.legal_actions(seat)[0])
    return g


def test_the_bot_loop_interleaves_the_seats_round_by_round() -> None:
    g = _started(4)
    trace: list[int] = []
    bots = [_Script(b, trace) for b in (3, 1, 2)]
    clock, step = g.clock, g.step
    assert step_bots(g, bots, tick=2.0, actions_per_tick=4) == len(trace)
    # round 1: every seat acts once; round 2: seats 0 and 2; round 3: seat 0; then a round
    # where nobody acts ends the tick
    assert trace == [0, 1, 2, 0, 2, 0]
    assert g.clock == clock + 2.0 and g.step == step + len(trace) + 1


def test_the_bot_loop_stops_after_actions_per_tick_rounds() -> None:
    g = _started(4)
    trace: list[int] = []
    bots = [_Script(9, trace) for _ in range(3)]
    assert step_bots(g, bots, tick=1.0, actions_per_tick=2) == len(trace) == 6
    assert trace == [0, 1, 2, 0, 1, 2]


def test_a_tick_where_every_bot_waits_passes_after_one_round() -> None:
    g = _started(5)
    trace: list[int] = []
    s = Rounds(True, tick=3.0, actions_per_tick=4)
    clock = g.clock
    asked = []
    while (seat := s.select(g)) is not None or s.begin_round(g):
        if seat is not None:
            asked.append(seat)
            s.record_wait(seat)
    assert asked == g.to_act and s.rounds == 1 and not trace
    assert g.clock == clock  # deciding who acts moved no clock
    s.pass_tick(g)
    assert g.clock == clock + 3.0 and s.rounds == 0 and s.actions == 0
