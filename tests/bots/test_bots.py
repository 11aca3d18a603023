"""The bots: legal, seeded and deterministic, working at every player count, in real time,
with both budgets; greedy and MCTS play better than chance on a game where play matters."""

from __future__ import annotations

import random
import threading

import pytest

from spacetable.bots import BOT_KINDS, LEVELS, GreedyBot, MCTSBot, SeatPort, make_bot
from spacetable.bots.mcts import ROLLOUT_CAP
from spacetable.engine import new_game
from spacetable.playout import playout
from spacetable.sim import play_game

KINDS = ["random", "greedy", "mcts:30", "easy", "medium", "mcts:20:greedy:depth=4"]


def _record(game: str, players: int, kinds: list[str], seed: int) -> dict[str, object]:
    g = new_game(game, players, seed)
    bots = [make_bot(k, seed * 10 + i) for i, k in enumerate(kinds)]
    return play_game(g, bots).record


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("game", ["toy", "bt_coins", "bt_canon"])
def test_bot_plays_every_player_count_deterministically(kind: str, game: str) -> None:
    for players in (1, 2, 3, 4):
        a = _record(game, players, [kind] * players, players)
        b = _record(game, players, [kind] * players, players)
        assert a == b
        assert len(a["entries"]) > 0  # type: ignore[arg-type]


def test_different_seeds_give_different_choices() -> None:
    records = {str(_record("bt_coins", 2, ["mcts:30", "mcts:30"], s)["entries"]) for s in range(6)}
    assert len(records) > 1


def test_levels_are_bot_kinds() -> None:
    for level in LEVELS:
        assert level in BOT_KINDS
        assert make_bot(level, 1).name == level


def test_make_bot_parameters() -> None:
    b = make_bot("mcts:50:greedy:depth=5:c=1.5", 3)
    assert isinstance(b, MCTSBot)
    assert (b.iterations, b.rollout, b.depth, b.c) == (50, "greedy", 5, 1.5)
    assert make_bot("mcts:0.02s").seconds == pytest.approx(0.02)  # type: ignore[attr-defined]
    assert make_bot("mcts:10:depth=end").depth is None  # type: ignore[attr-defined]
    rt = make_bot("mcts:10:pace=2:tick=0.5:horizon=90:worlds=16")
    assert (rt.pace, rt.tick, rt.horizon, rt.worlds) == (2.0, 0.5, 90.0, 16)  # type: ignore[attr-defined]
    g = make_bot("greedy:eps=0.25")
    assert isinstance(g, GreedyBot) and g.epsilon == 0.25
    for bad in ("nope", "mcts:lots", "greedy:depth=3", "mcts:10:bogus=1"):
        with pytest.raises(ValueError):
            make_bot(bad)
    with pytest.raises(ValueError):
        MCTSBot(rollout="smart")


def test_mcts_iteration_budget_is_exact_and_time_budget_is_kept() -> None:
    g = new_game("bt_coins", 3, 4)
    bot = MCTSBot(1, iterations=77)
    a = bot.choose(SeatPort(g, g.to_act[0]))
    assert a in g.legal_actions(g.to_act[0])
    assert bot.last_stats["iterations"] == 77
    assert sum(bot.last_stats["visits"].values()) == 77
    visits, values = bot.last_stats["visits"], bot.last_stats["values"]  # for displays
    assert set(values) == set(visits) and all(0 <= v <= 1 for v in values.values())
    best = max(visits, key=lambda t: (visits[t], values[t]))  # most visited, then best mean
    assert a is not None and a.text() == best
    # A time budget, on a fake clock that moves 0.01 s per reading: the search stops at the
    # first reading at or past the deadline, whatever the machine's speed.
    ticks = iter(range(10_000))
    timed = MCTSBot(1, seconds=0.05, clock=lambda: next(ticks) * 0.01)
    assert timed.choose(SeatPort(g, g.to_act[0])) in g.legal_actions(g.to_act[0])
    assert timed.last_stats["iterations"] == 5


def test_single_legal_action_is_played_without_search() -> None:
    g = new_game("toy", 2, 0, {"hand": 1})
    seat = g.to_act[0]
    bot = MCTSBot(0, iterations=10_000)
    assert bot.choose(SeatPort(g, seat)) == g.legal_actions(seat)[0]
    assert bot.choose(SeatPort(g, 1 - seat)) is None  # not to act: no action


def test_bots_in_real_time_may_wait_and_play_to_the_end() -> None:
    for game in ("bt_mines", "toy_rt"):
        for kinds in (["greedy", "random"], ["mcts:20", "greedy"], ["medium", "easy", "random"]):
            g = new_game(game, len(kinds), 1)
            res = play_game(g, [make_bot(k, i) for i, k in enumerate(kinds)])
            assert g.is_over and res.decisions > 0
            again = new_game(game, len(kinds), 1)
            assert (
                play_game(again, [make_bot(k, i) for i, k in enumerate(kinds)]).record == res.record
            )
    # Greedy waits when a mine no longer pays for itself before the end.
    g = new_game("bt_mines", 2, 0)
    g.advance(18.5)
    assert g.legal_actions(0)
    assert GreedyBot(0).choose(SeatPort(g, 0)) is None
    g2 = new_game("bt_mines", 2, 0)
    assert GreedyBot(0).choose(SeatPort(g2, 0)) is not None
    # MCTS considers waiting too, and builds early.
    m = MCTSBot(0, iterations=60)
    assert m.choose(SeatPort(g2, 0)) is not None
    assert "wait" in m.last_stats["visits"]


def _match(game: str, a: str, b: str, games: int) -> float:
    """Win share of ``a`` against ``b`` at 2 players, seats alternated."""
    won = 0.0
    for i in range(games):
        kinds = [a, b] if i % 2 == 0 else [b, a]
        g = new_game(game, 2, 1000 + i)
        res = play_game(g, [make_bot(k, 77 * i + s) for s, k in enumerate(kinds)])
        me = i % 2
        if res.ranks[me] == 1:
            won += 1.0 if res.ranks[1 - me] != 1 else 0.5
    return won / games


def test_greedy_beats_random_and_mcts_beats_greedy_on_a_game_of_skill() -> None:
    assert _match("bt_coins", "greedy", "random", 60) >= 0.85
    assert _match("bt_coins", "mcts:150", "greedy", 40) >= 0.55


def test_mcts_in_real_time_waits_at_its_pace_after_choosing_to_wait() -> None:
    g = new_game("bt_mines", 2, 0)
    g.advance(18.5)  # a mine no longer pays: waiting is best
    bot = MCTSBot(0, iterations=40, pace=1.0)
    assert bot.choose(SeatPort(g, 0)) is None
    bot.last_stats = {}
    assert bot.choose(SeatPort(g, 0)) is None
    assert bot.last_stats == {}  # no new search within its pace
    g.advance(0.5)
    assert bot.choose(SeatPort(g, 0)) is None and bot.last_stats == {}
    g.advance(0.5)
    bot.choose(SeatPort(g, 0))
    assert bot.last_stats["iterations"] == 40  # searched again after `pace` seconds


def test_mcts_waiting_in_real_time_wakes_at_the_next_scheduled_change() -> None:
    g = new_game("bt_mines", 2, 0)
    g.advance(18.5)
    g.next_event = lambda: 19.0  # type: ignore[method-assign]  # say a timer runs out at 19 s
    assert SeatPort(g, 0).next_event() == 19.0
    bot = MCTSBot(0, iterations=40, pace=5.0)
    assert bot.choose(SeatPort(g, 0)) is None
    bot.last_stats = {}
    g.advance(0.4)
    assert bot.choose(SeatPort(g, 0)) is None and bot.last_stats == {}  # still quiet
    g.advance(0.1)
    bot.choose(SeatPort(g, 0))
    assert bot.last_stats["iterations"] == 40  # searched again when the timer ran out, not at 23.5


def test_mcts_paired_search_in_real_time() -> None:
    # `prune`: the best root actions by one-ply value and waiting, each tried on the same
    # determinizations, then every seat plays greedy for `depth` seconds
    g = new_game("bt_mines", 2, 0)
    bot = MCTSBot(0, iterations=6, prune=1, depth=10, worlds=3)
    assert bot.choose(SeatPort(g, 0)) is not None  # a mine pays for itself many times over
    assert bot.last_stats["iterations"] == 6
    assert bot.last_stats["visits"] == {"build": 3, "wait": 3}  # paired: as many tries each
    values = bot.last_stats["values"]
    # waiting leaves the seat to the greedy policy in the rollouts, which builds at once too:
    # a tie, and ties go to acting
    assert values["build"] == values["wait"]
    late = new_game("bt_mines", 2, 0)
    late.advance(18.5)  # a mine built now no longer pays before the end
    assert MCTSBot(0, iterations=6, prune=1, depth=10).choose(SeatPort(late, 0)) is None
    # deterministic for a seed
    kind = "mcts:4:prune=2:depth=5:worlds=2"
    assert make_bot(kind).prune == 2  # type: ignore[attr-defined]
    records = []
    for _ in range(2):
        ga = new_game("bt_mines", 2, 1)
        records.append(play_game(ga, [make_bot(kind, 3), make_bot("greedy", 1)]).record)
    assert records[0] == records[1]
    with pytest.raises(ValueError):
        MCTSBot(prune=0)


def test_mcts_paired_search_keeps_the_best_actions_by_one_ply_value() -> None:
    from spacetable.bots.greedy import score_after

    g = new_game("spacedealer", 3, 5)
    greedy = [make_bot("greedy", s) for s in range(3)]
    from spacetable.sim import step_bots

    while g.clock < 200 or len(g.legal_actions(0)) < 4:
        step_bots(g, greedy)
    legal = g.legal_actions(0)
    bot = MCTSBot(0, prune=3, depth=5)
    keep = bot._keep(g, 0, legal)
    assert len(keep) == 4 and keep[-1] is None  # the three best, then waiting

    def one_ply(a: object) -> float:
        c = g.clone()
        c.apply_unchecked(0, a)  # type: ignore[arg-type]
        c.advance_unchecked(1.0)
        return score_after(c, 0)

    kept = [one_ply(a) for a in keep[:-1]]
    others = [one_ply(a) for a in legal if a not in keep]
    assert kept == sorted(kept, reverse=True) and min(kept) >= max(others, default=-1.0)


def test_mcts_planning_search_in_real_time() -> None:
    # `horizon`: a tree of the seat's own decisions, every leaf scored at the same clock
    g = new_game("bt_mines", 2, 0)
    bot = MCTSBot(0, iterations=80, horizon=20.0, c=0.5)
    assert bot.choose(SeatPort(g, 0)) is not None  # a mine pays for itself many times over
    assert set(bot.last_stats["visits"]) == {"build", "wait"}
    late = new_game("bt_mines", 2, 0)
    late.advance(18.5)  # a mine built now no longer pays before the end
    assert MCTSBot(0, iterations=80, horizon=20.0, c=0.5).choose(SeatPort(late, 0)) is None
    # deterministic for a seed, with fresh or reused determinizations
    for worlds in (None, 4):
        a = make_bot(f"mcts:40:horizon=5{'' if worlds is None else f':worlds={worlds}'}", 3)
        b = make_bot(f"mcts:40:horizon=5{'' if worlds is None else f':worlds={worlds}'}", 3)
        ga, gb = new_game("bt_mines", 2, 1), new_game("bt_mines", 2, 1)
        ra = play_game(ga, [a, make_bot("greedy", 1)]).record
        assert ra == play_game(gb, [b, make_bot("greedy", 1)]).record
    with pytest.raises(ValueError):
        MCTSBot(horizon=0)
    with pytest.raises(ValueError):
        MCTSBot(worlds=0)


def test_mcts_reused_determinizations_keep_the_budget() -> None:
    g = new_game("bt_canon", 3, 2)
    bot = MCTSBot(1, iterations=50, worlds=8)
    assert bot.choose(SeatPort(g, g.to_act[0])) in g.legal_actions(g.to_act[0])
    assert bot.last_stats["iterations"] == 50
    assert sum(bot.last_stats["visits"].values()) == 50


def test_the_hard_level_takes_the_budget_of_its_game() -> None:
    from spacetable.bots import HARD

    default = make_bot("hard", 1)
    assert isinstance(default, MCTSBot) and default.name == "hard"
    assert default.iterations == int(HARD["default"].split(":")[1])
    raiders = make_bot("hard", 1, "planetraiders")
    assert isinstance(raiders, MCTSBot) and raiders.name == "hard"
    assert raiders.iterations == 1000 > default.iterations
    for game, kind in HARD.items():  # every entry is a valid MCTS kind
        bot = make_bot("hard", 2, None if game == "default" else game)
        twin = make_bot(kind, 2)
        assert isinstance(bot, MCTSBot) and isinstance(twin, MCTSBot)
        settings = (
            "iterations",
            "seconds",
            "c",
            "rollout",
            "depth",
            "tick",
            "pace",
            "horizon",
            "worlds",
            "prune",
        )
        assert [getattr(bot, k) for k in settings] == [getattr(twin, k) for k in settings]


def test_a_rollout_to_the_end_stops_in_a_game_without_a_bound() -> None:
    """``depth=None`` plays a rollout to the end; in a game whose options set no bound (the
    rulebook's Quazarys: no round limit) random play may never end, so the rollout stops
    after ``ROLLOUT_CAP`` steps and scores the seats with ``evaluate``. This table (two
    players, seed 133, 2,000 random decisions in) is one random play does not end: none of
    four determinized copies ended within 10,000 random decisions, nor the game itself
    within 200,000."""
    g = new_game("quazarys", 2, 133)
    assert g.options["round_limit"] == 0
    for _ in playout(g, random.Random(133), checked=False, max_steps=2_000):
        pass
    assert not g.is_over
    bot = MCTSBot(0, iterations=3, depth=None)
    copy = g.clone()
    result: list[object] = []

    def search() -> None:
        result.append(bot._rollout(copy, random.Random(1), False))
        result.append(bot.choose(SeatPort(g, g.to_act[0])))

    worker = threading.Thread(target=search, daemon=True)
    worker.start()
    worker.join(timeout=300)  # a bounded wait for the result: the old rollout never returned
    assert not worker.is_alive() and len(result) == 2
    rewards = result[0]
    assert copy.step == g.step + ROLLOUT_CAP and not copy.is_over
    assert rewards == tuple(copy.evaluate(s) for s in range(2))
    assert result[1] in g.legal_actions(g.to_act[0]) and bot.last_stats["iterations"] == 3
