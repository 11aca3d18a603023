"""Wild Space playouts: invariants (hypothesis), hidden information, golden transcripts,
rendering, bots."""

from __future__ import annotations

import json
import random
from collections import deque
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacetable.bots import GreedyBot, RandomBot, make_bot
from spacetable.engine import Action, Game, new_game
from spacetable.games.wildspace import actions as A
from spacetable.games.wildspace import components as C
from spacetable.games.wildspace.constants import End
from spacetable.games.wildspace.render import describe_event, render
from spacetable.games.wildspace.rules import WildSpace
from spacetable.games.wildspace.tables import shipped_parts
from spacetable.playout import Policy, bot_policy, playout
from spacetable.sim import play_game
from spacetable.testing.golden import check_golden, transcript

P = shipped_parts()

GOLDEN = Path(__file__).parent / "golden"


def _pick(r: random.Random) -> Policy:
    """A random policy that renews the Reserve only now and then (longer, richer games)."""

    def choose(g: Game, seat: int, legal: list[Action]) -> Action:
        other = [a for a in legal if not isinstance(a, A.Renew)]
        if other and r.random() < 0.9:
            return r.choice(other)
        return r.choice(legal)

    return choose


def _all_cards(g: WildSpace) -> list[int]:
    cards = list(g.deck) + list(g.discard) + [c for c in g.reserve if c >= 0]
    for h in g.hands:
        cards += h
    for t in g.tableau:
        cards += t[1:]
    if g.solo:
        cards += g.s_tableau[1:]
    return sorted(cards)


def _check_invariants(g: WildSpace) -> None:
    assert _all_cards(g) == sorted(P.deck_cards)  # the 102 crew cards are conserved
    for p in range(g.players):
        assert g.tableau[p][0] == g.captain[p]
        assert 0 <= g.vet[p] <= len(P.track[g.captain[p]])
        assert 0 <= g.shuttles_left(p) <= 5
        assert 0 <= g.turns[p] <= 10
        for c in g.known[p]:
            assert c in g.hands[p]
        sheet = g.score_sheet(p)
        parts = ("identical", "sets", "missions", "captain", "robots")
        assert sheet["total"] == sum(sheet[k] for k in parts)
        explored = sum(1 for i in range(10) if g.spots[p * 10 + i] == 2)
        assert explored <= g.turns[p] + (1 if g.current == p else 0)
    if g.solo:
        assert len(set(g.h_row + g.h_aside + g.h_deck)) == len(g.h_row + g.h_aside + g.h_deck)
        assert len(g.h_row) + len(g.h_aside) + len(g.h_deck) == 5


def _playout(players: int, seed: int, options: dict[str, str] | None = None) -> WildSpace:
    g = new_game("wildspace", players, seed, options)
    assert isinstance(g, WildSpace)
    r = random.Random(seed)
    for _ in playout(g, r, _pick(r)):
        _check_invariants(g)
    return g


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(1, 5),
    seed=st.integers(0, 2**32),
    smuggler=st.sampled_from(["human", "auto"]),
)
def test_random_playouts_keep_the_invariants(players: int, seed: int, smuggler: str) -> None:
    opts = {"smuggler": smuggler} if players == 1 else None
    g = _playout(players, seed, opts)
    assert g.turns == [10] * players
    out = g.outcome()
    assert out.scores == tuple(float(s["total"]) for s in out.details["sheets"])
    json.dumps(out.to_json())
    if players == 1:
        assert g.s_turns == 10 and len(g.h_aside) == 5
        assert out.details["won"] == (out.scores[0] > out.details["smuggler"]["total"])


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 150))
def test_views_hide_hands_deck_face_down_planets_and_hostile_deck(seed: int, steps: int) -> None:
    g = new_game("wildspace", 3, seed)
    assert isinstance(g, WildSpace)
    r = random.Random(seed)
    deque(playout(g, r, _pick(r), max_steps=steps), maxlen=0)
    views = {s: g.view(s) for s in (None, 0, 1, 2)}
    logs = {s: g.log_for(s) for s in (None, 0, 1, 2)}
    # change everything seat 0 cannot see
    h = g.clone()
    h.resample_hidden(0, random.Random(seed + 1))
    other = [c for c in h.deck]
    h.deck = list(reversed(other))
    for pos in range(2, 5):
        if not h.faceup[pos]:
            h.planets[pos] = P.tiles_by_threshold[P.threshold[h.planets[pos]]][-1]
    assert h.view(0) == views[0]
    assert h.log_for(0) == logs[0]
    # the hands of the others never show in seat 0's view, only their sizes / known cards
    v = views[0]
    for q in (1, 2):
        ps = v["player_states"][q]
        assert ps["hand"] is None and ps["hand_size"] == len(g.hands[q])
        assert set(ps["known_hand"]) <= set(g.hands[q])
    assert views[None]["player_states"][0]["hand"] is None
    # the public log never names a card drawn from the deck
    for ev in logs[None]:
        if ev["event"] == "draw" and ev["from"] == "deck":
            assert "card" not in ev
    for pl in v["planets"]:
        if not pl["faceup"]:
            assert pl["tile"] is None


def test_solo_view_hides_the_hostile_deck() -> None:
    g = new_game("wildspace", 1, 4)
    assert isinstance(g, WildSpace)
    v = g.view(0)
    assert v["smuggler"]["hostile_deck"] == {
        "size": 3,
        "top": P.h_category[g.h_deck[-1]],
        "categories": [2, 2, 1],
    }
    text = json.dumps(v)
    for k in range(20):
        h = g.clone()
        h.resample_hidden(0, random.Random(k))
        assert json.dumps(h.view(0)) == text


def test_resample_keeps_reserve_taken_cards_with_their_owner() -> None:
    g = new_game("wildspace", 2, 8)
    assert isinstance(g, WildSpace)
    seat = g.current
    g.apply(seat, A.LAND[(0, 0, 0)])
    taken = g.reserve[0]
    g.apply(seat, A.DRAW_RESERVE[0])
    assert taken in g.known[seat]
    other = 1 - seat
    for k in range(5):
        d = g.determinize(other, random.Random(k))
        assert isinstance(d, WildSpace)
        assert taken in d.hands[seat]
        assert len(d.hands[seat]) == len(g.hands[seat])


# Golden transcripts played by greedy bots (they reach real scoring), at several player
# counts and options, in both languages: (file, players, seed, options, language, ending).
GOLDEN_GAMES = [
    ("wildspace_solo_seed1_en.txt", 1, 1, {}, "en", End.SMUGGLER_BEATEN),
    ("wildspace_solo_hard_seed3_fr.txt", 1, 3, {"difficulty": "hard"}, "fr", End.SMUGGLER_WINS),
    (
        "wildspace_solo_auto_hard_seed2_en.txt",
        1,
        2,
        {"difficulty": "hard", "smuggler": "auto"},
        "en",
        End.SMUGGLER_WINS,
    ),
    ("wildspace_2p_seed4_fr.txt", 2, 4, {}, "fr", End.ALL_SHUTTLES_USED),
    ("wildspace_3p_seed5_en.txt", 3, 5, {}, "en", End.ALL_SHUTTLES_USED),
    ("wildspace_5p_seed6_fr.txt", 5, 6, {}, "fr", End.ALL_SHUTTLES_USED),
]


@pytest.mark.parametrize(("name", "players", "seed", "options", "lang", "ending"), GOLDEN_GAMES)
def test_golden_transcripts_of_greedy_games(
    name: str, players: int, seed: int, options: dict[str, str], lang: str, ending: End
) -> None:
    bots = bot_policy([make_bot("greedy", seed=s) for s in range(players)])
    text = transcript("wildspace", players, seed, options, lang=lang, policy=bots, max_lines=2000)
    last = text.splitlines()[-1]
    assert last.startswith("outcome "), last  # the game reached its end
    out = json.loads(last.removeprefix("outcome "))
    assert out["reason"] == ending
    assert all(s > 0 for s in out["scores"]), out["scores"]  # real scoring
    if players == 1:
        assert out["others"]["Contrebandier"] > 0
        assert out["details"]["won"] == (ending == End.SMUGGLER_BEATEN)
    check_golden(GOLDEN / name, text)


def _render_both(g: WildSpace) -> None:
    for lang in ("fr", "en"):
        text = render(g.view(g.to_act[0]), lang)
        assert "Wild Space" in text
        assert ("Réserve" if lang == "fr" else "Reserve") in text
        render(g.view(None), lang)


def test_render_and_events_in_both_languages() -> None:
    for players, opts in ((1, {}), (1, {"smuggler": "auto"}), (4, {})):
        g = new_game("wildspace", players, 21, opts)
        assert isinstance(g, WildSpace)
        r = random.Random(3)
        _render_both(g)  # the start, then now and then
        for _ in playout(g, r, _pick(r)):
            if not g.is_over and r.random() < 0.05:
                _render_both(g)
        for lang in ("fr", "en"):
            final = render(g.view(0), lang)
            assert ("Feuilles de score" if lang == "fr" else "Final score sheets") in final
            for ev in g.log_for(0):
                sentence = describe_event(ev, lang)
                assert sentence and "=" not in sentence, ev


def test_bots_play_every_mode_including_the_contrebandier() -> None:
    for players, opts in ((1, {}), (1, {"smuggler": "auto"}), (2, {})):
        g = new_game("wildspace", players, 5, opts)
        res = play_game(g, [GreedyBot(1) for _ in range(players)])
        assert res.decisions > 0 and g.is_over
    g = new_game("wildspace", 1, 6)
    play_game(g, [RandomBot(2)])
    assert any(e["event"] == "smuggle" for e in g.log)


def test_greedy_beats_random_on_average() -> None:
    wins = 0
    for seed in range(4):
        g = new_game("wildspace", 2, seed)
        res = play_game(g, [GreedyBot(seed), RandomBot(seed)])
        wins += res.scores[0] > res.scores[1]
    assert wins >= 3


def test_evaluate_is_in_range_and_prefers_credits() -> None:
    g = new_game("wildspace", 2, 3)
    assert isinstance(g, WildSpace)
    for s in (0, 1):
        assert 0.0 <= g.evaluate(s) <= 1.0
    robots = [c for c in g.deck if P.kind[c] == C.K_ROBOT and P.credits[c] >= 3][:2]
    before = g.evaluate(0)
    for c in robots:
        g.deck.remove(c)
        g.tableau[0].append(c)
    assert g.evaluate(0) > before
