"""A seat that loses on time (``Outcome.forfeit``): its side is ranked below every other
seat and every seatless competitor, an earlier loss below a later one, and the others keep
their order. Checked on random outcomes, with and without teams and automa."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spacetable.engine import Outcome
from spacetable.engine.outcome import ranks_from_keys


@st.composite
def outcomes(draw: st.DrawFn) -> tuple[Outcome, list[int]]:
    n = draw(st.integers(1, 6))
    scores = draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
    others = draw(st.dictionaries(st.sampled_from(["automa"]), st.integers(0, 5)))
    keys = [(s,) for s in scores] + [(s,) for s in others.values()]
    ranks = ranks_from_keys(keys)[:n]
    out = Outcome(tuple(map(float, scores)), ranks, "end", others=dict(others))
    order = draw(st.lists(st.integers(0, n - 1), unique=True, max_size=n))
    return out, order


@given(outcomes())
def test_losers_rank_last_and_the_rest_keep_their_order(case: tuple[Outcome, list[int]]) -> None:
    out, order = case
    after = out.forfeit(order)
    kept = [s for s in range(len(out.ranks)) if s not in order]
    assert after.forfeits == tuple(order)
    assert after.scores == out.scores
    # every seat that kept playing is ahead of every seat that lost
    for s in kept:
        for o in order:
            assert after.ranks[s] < after.ranks[o]
    # among those that kept playing: the same order, ties kept
    for a in kept:
        for b in kept:
            assert (out.ranks[a] < out.ranks[b]) == (after.ranks[a] < after.ranks[b])
            assert (out.ranks[a] == out.ranks[b]) == (after.ranks[a] == after.ranks[b])
    # among those that lost: the later loser is ahead
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            assert after.ranks[b] < after.ranks[a]
    # the ranks are competition ranks among seats and seatless competitors
    assert all(1 <= r <= out.competitors for r in after.ranks)
    if order:  # the first loser is last of all
        assert after.ranks[order[0]] == out.competitors


def test_a_lone_seat_that_loses_on_time_is_beaten_by_the_automa() -> None:
    won = Outcome((41.0,), (1,), "end", others={"automa": 39.0})
    lost = won.forfeit([0])
    assert lost.ranks == (2,) and lost.winners == () and lost.payoffs() == (-1.0,)
    assert lost.to_json()["forfeits"] == [0]


def test_a_team_loses_with_its_member() -> None:
    teams = Outcome((5.0, 4.0, 5.0, 4.0), (1, 2, 1, 2), "end")
    after = teams.forfeit([2], [(0, 2), (1, 3)])
    assert after.ranks == (3, 1, 3, 1) and after.winners == (1, 3)


def test_a_two_seat_game_goes_to_the_other_seat_and_a_draw_is_broken() -> None:
    draw = Outcome((3.0, 3.0), (1, 1), "end")
    assert draw.forfeit([1]).ranks == (1, 2)
    assert draw.forfeit([1]).payoffs() == (1.0, -1.0)
    assert draw.forfeit([]) is draw
    assert "forfeits" not in draw.to_json()
    with pytest.raises(ValueError, match="no seat 5"):
        draw.forfeit([5])
