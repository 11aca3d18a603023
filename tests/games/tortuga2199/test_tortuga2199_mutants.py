"""Tortuga 2199: tests written for the survivors of the sampled mutation run (issue 17).

Each test pins a behaviour the rulebook, the rules map (``docs/games/tortuga2199.md``) or the
documented state layout gives, that no other test pinned. Some call a function directly that
otherwise only runs when a module is imported (the map tables) or once per process (the RL
action space), so that a changed function is seen.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from spacetable.engine import INT, RecordError, load_trusted, new_game
from spacetable.games.tortuga2199 import constants as K
from spacetable.games.tortuga2199.board import Layout, _hexdist
from spacetable.games.tortuga2199.rules import _sectors

from .tortuga_helpers import A, P, card, do, position

EXT, GARDE = card("extraction"), card("garde")


def last(g: Any, event: str) -> dict[str, Any]:
    """The last logged event of that name."""
    found = [e for e in g.log if e["event"] == event]
    assert found, event
    out: dict[str, Any] = found[-1]
    return out


# ---------------------------------------------------------------- the map
def test_hex_distance_counts_steps_on_the_axial_grid() -> None:
    assert _hexdist(0, 0) == 0
    assert _hexdist(2, -1) == 2
    assert _hexdist(-3, 1) == 3
    assert _hexdist(1, 1) == 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_layout_built_from_its_rows_finds_tortuga_and_walking_distances(players: int) -> None:
    lay = Layout(players, [r for r in P.layout_rows if r.players == players])
    assert lay.tortuga == 0 and lay.kinds[0] == "tortuga"
    # Tortuga is the centre: the ring is one step away, the special sectors two.
    assert all(lay.dist[0][s] == 1 for s in lay.adj[0])
    assert {lay.dist[0][s] for s in lay.special_slots} == {2}
    assert lay.dist == P.layouts[players].dist
    assert lay.adj == P.layouts[players].adj


# ---------------------------------------------------------------- the action space
@pytest.mark.parametrize("scenario", ["standard", "peaceful"])
def test_action_space_holds_every_kind_of_action(scenario: str) -> None:
    space = A.enumerate_actions(4, {"scenario": scenario})
    for c in P.ships:
        assert A.SHIP[c] in space
    assert A.TAKEBACK in space and A.CONQUER in space
    assert (A.CONQUER_CRYPTO in space) == (scenario == "peaceful")
    for c in range(P.ncard):
        assert A.PLAY[c] in space and A.RESEARCH[c] in space and A.DESTROY[c] in space
        assert A.RESERVE[c] in space and A.VORTEX[c] in space


def test_conquer_with_crypto_is_described() -> None:
    assert A.CONQUER_CRYPTO.describe() == "conquer this sector with Crypto"
    assert A.CONQUER_CRYPTO.describe("fr") == "conquérir ce secteur avec des Cryptos"


# ---------------------------------------------------------------- abilities
def test_scavenger_on_tortuga_takes_an_adjacent_mineral() -> None:
    # Tortuga is sector 0: the Ferrailleur works there like anywhere on the map.
    g = position(hand=[card("ferrailleur")], pos=0)
    for s in g.lay.adj[0]:
        g.mineral[s] = 0
    s = g.lay.adj[0][0]
    g.mineral[s] = 1
    do(g, A.PLAY[card("ferrailleur")])
    assert A.AB_SECTOR["salvage"][s] in g.legal_actions(0)
    do(g, A.AB_SECTOR["salvage"][s])
    assert g.mineral[s] == 0 and g.minerals[0] == 1


def test_mineral_ability_adds_to_the_minerals_already_held() -> None:
    g = position(hand=[card("mineur")], pos=0)
    g.minerals[0] = 2
    g.depot = 2
    do(g, A.PLAY[card("mineur")], A.AB_PLAIN["mineral"])
    assert g.minerals[0] == 3 and g.depot == 1
    ev = last(g, "ability")
    assert ev["kind"] == "mineral" and ev["target"] == A.AB_PLAIN["mineral"].target


def test_trash_ability_event_names_the_destroyed_card() -> None:
    g = position(hand=[card("saboteur"), EXT], pos=0)
    do(g, A.PLAY[card("saboteur")], A.AB_CARD["trash"][EXT])
    ev = last(g, "ability")
    assert ev["kind"] == "trash" and ev["target"] == EXT and ev["seat"] == 0


# ---------------------------------------------------------------- sector powers, conquest
def test_mines_power_is_logged() -> None:
    g = position(hand=[], pos=9)  # the Mines of the test map
    g.ctrl[9] = 0
    g.depot = 2
    do(g, A.MINES)
    assert g.minerals[0] == 1 and g.depot == 1
    ev = last(g, "mines")
    assert ev["seat"] == 0


def test_tortuga_always_costs_fifteen_whatever_its_defence() -> None:
    # "Conquérir Tortuga nécessite toujours 15 Manœuvres", even with its Defence changed.
    g = position(hand=[], pos=0)
    g.defence[0] = 10
    g.mano = 15
    do(g, A.CONQUER)
    assert g.ctrl[0] == 0 and g.mano == 0
    assert last(g, "conquer")["cost"] == K.TORTUGA_COST


# ---------------------------------------------------------------- combat
def test_a_winning_attacker_without_a_free_marker_leaves_the_sector_to_its_owner() -> None:
    g = position(hand=[GARDE, GARDE], pos=3)
    g.hand[1] = []
    g.pos[1] = 3
    g.ctrl = [-1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]
    g.defence[3] = 2
    g.probes = [0] * 11
    g.probes[0] = 1  # with the 9 sectors: the 10 markers of seat 0 are on the map
    assert g.markers_free(0) == 0
    do(g, A.ATTACK[1], A.COMMIT[GARDE], A.COMMIT[GARDE], A.COMMIT_DONE, A.DEFEND_DONE)
    while g.phase != K.MAIN:
        s = g.to_act[0]
        g.apply(s, g.legal_actions(s)[0])
    assert last(g, "combat")["winner"] == 0
    assert g.ctrl[3] == 1 and g.markers_free(0) == 0


def test_spoils_from_the_bank_end_the_combat() -> None:
    g = position(players=2, hand=[GARDE], pos=1, scenario="aggressive")
    g.pos[1] = 1
    do(g, A.ATTACK[1], A.COMMIT[GARDE], A.COMMIT_DONE, A.DEFEND_DONE)
    assert g.phase == K.SPOILS
    do(g, A.SPOILS_BANK)
    assert g.phase == K.MAIN and g.to_act == [0]
    assert g.catk == [] and GARDE in g.discard[0]


# ---------------------------------------------------------------- the view
def test_view_counts_terminals_hunt_tokens_and_hand() -> None:
    g = position(hand=[EXT, GARDE], pos=0)
    g.ctrl[1] = 0  # a Terminal of the test map
    g.htokens[0] = [card("kraken")]
    v = g.view(0)
    me = v["players"][0]
    assert me["terminals"] == 1 and me["turrets"] == 0
    assert me["hunt_tokens"] == [card("kraken")]
    assert v["hand"] == sorted([EXT, GARDE])


def test_view_hides_nothing_extra_once_the_attack_cards_are_announced() -> None:
    g = position(hand=[GARDE, GARDE, EXT], pos=3)
    g.pos[1] = 3
    do(g, A.ATTACK[1], A.COMMIT[GARDE], A.COMMIT_DONE)
    assert g.phase == K.DEF
    for seat in (None, 1, 2):
        sizes = [p["hand_size"] for p in g.view(seat)["players"]]
        assert sizes == [len(h) for h in g.hand]


# ---------------------------------------------------------------- the saved state
def test_a_new_game_saves_no_combat() -> None:
    g = new_game("tortuga2199", 3, 5)
    assert json.loads(g.to_json())["state"]["cb"] == [-1, -1, -1, -1, -1]


def _save_with(field: str, value: Any) -> str:
    g = new_game("tortuga2199", 2, 4)
    data = json.loads(g.to_json())
    data["state"][field] = value
    return json.dumps(data)


@pytest.mark.parametrize("value", [5, "nonsense"])
def test_a_saved_ending_that_is_not_one_is_refused(value: Any) -> None:
    with pytest.raises(RecordError, match=r"state\.reason: expected ending code or ''"):
        load_trusted(_save_with("reason", value))


def test_a_saved_sector_list_of_the_wrong_length_is_refused() -> None:
    with pytest.raises(RecordError, match=r"state\.ctrl"):
        load_trusted(_save_with("ctrl", [-1] * 3))


def test_a_per_sector_list_has_one_entry_per_sector_of_the_map() -> None:
    # The state spec is built when ``rules`` is imported: build the list kind afresh.
    kind = _sectors(INT)
    assert kind.name() == "list[int] of length n_sectors"
    g = new_game("tortuga2199", 2, 4)
    assert kind.load([0] * 9, "x", g) == [0] * 9
    with pytest.raises(RecordError, match=r"x: expected 9 items, got 11"):
        kind.load([0] * 11, "x", g)
