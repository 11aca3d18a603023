"""Tortuga 2199's data set (issue 18, ``docs/data.md``): the shipped tables pass, a box
owner's corrected directory is what is played, every count the rulebook gives refuses a
broken table naming file, row and field, every component has a rules text in French and
English generated from its row, and the components a view mentions reveal nothing hidden."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import spacetable
from spacetable.engine import DataError, RecordError, load_data, new_game
from spacetable.games.tortuga2199 import actions as A
from spacetable.games.tortuga2199 import constants as K
from spacetable.games.tortuga2199.rules import Tortuga2199
from spacetable.games.tortuga2199.tables import DATA
from spacetable.playout import playout
from spacetable.testing.conformance import check_data_set

from .tortuga_helpers import P, card, do, position

HACKER = card("hacker")


def _edited(tmp: Path, file: str, old: str, new: str) -> Path:
    """A directory holding the shipped ``file`` with ``old`` replaced by ``new`` once."""
    text = DATA.shipped_text(file)
    assert text.count(old) == 1, old
    (tmp / file).write_text(text.replace(old, new), encoding="utf-8")
    return tmp


# ---------------------------------------------------------------- the shipped data
def test_the_shipped_data_passes_and_is_built_once() -> None:
    data = load_data("tortuga2199")
    assert data is load_data("tortuga2199") and data.name == "shipped"
    # 43 card types, 7 kinds of sector, 3 maps.
    assert check_data_set("tortuga2199") == P.ncard + 7 + 3
    g = new_game("tortuga2199", 2, 1)
    assert g.data is data and g.parts is data.parts is P
    assert g.clone().parts is P


def test_every_component_has_a_text_in_both_languages() -> None:
    en = spacetable.components("tortuga2199", "en")
    fr = spacetable.components("tortuga2199", "fr")
    assert [c["id"] for c in en] == [c["id"] for c in fr]
    assert len({c["id"] for c in en}) == len(en) == P.ncard + 7 + 3
    for c_en, c_fr in zip(en, fr, strict=True):
        for c in (c_en, c_fr):
            assert c["name"].strip() and c["text"].strip(), c
            assert "{" not in c["text"] and "?" not in c["text"], c
            assert c["id"] == f"{c['kind']}:{c['key']}"
        assert c_en["text"] != c_fr["text"]
    kinds = {c["kind"] for c in en}
    assert kinds == {"card", "sector", "board"}
    # Generated from the rows: prices, resources, abilities, hunts, tracks, tokens.
    text = {c["id"]: c["text"] for c in en}
    assert "bought for 2 Crypto" in text["card:hacker"] and "Gives 2 Crypto" in text["card:hacker"]
    assert "move your ship up to 3 sectors" in text["card:booster"]
    assert "for 2 Manoeuvre" in text["card:robot"] and "for 1 Influence" in text["card:robot"]
    assert "+2 Manoeuvre when attacking" in text["card:chasseur"]
    assert "always costs 15 Manoeuvre" in text["sector:tortuga"]
    assert (
        "Defence 2 at the start (first conquest: 3 Manoeuvre), at most 8" in text["sector:terminal"]
    )
    texte = {c["id"]: c["text"] for c in fr}
    assert "s'achète 5 Cryptos" in texte["card:prospecteur"]
    # The source and the known fields of each component's row.
    garde = spacetable.component_text("tortuga2199", "card:garde", "fr")
    assert garde.source == "reconstructed" and "manoeuvre" in garde.known
    assert garde.table == "cards.csv" and garde.key == "garde"
    assert spacetable.component_text("tortuga2199", "card:extraction").source == "rulebook"


# ---------------------------------------------------------------- an edited directory
def test_an_edited_directory_is_what_is_played(tmp_path: Path) -> None:
    """A box owner corrects the Hacker's price (2 -> 3) and its English name: the game
    built with that directory charges 3 for it, names it, and describes it; the shipped
    game does not change."""
    old = "hacker,Hacker,Hacker,T,7,2,2,0"
    box = _edited(tmp_path, "cards.csv", old, "hacker,Hacker,Netrunner,T,7,3,2,0")
    data = load_data("tortuga2199", box)
    assert data.name == tmp_path.name and data.digest != load_data("tortuga2199").digest
    assert data.parts.cost[HACKER] == 3 and P.cost[HACKER] == 2
    g = new_game("tortuga2199", 4, 0, {}, data)
    assert isinstance(g, Tortuga2199) and g.parts is data.parts
    for game, price in ((g, 3), (position(), 2)):
        assert isinstance(game, Tortuga2199)
        game.cur, game.phase, game.fresh = 0, K.MAIN, True
        game.pos[0] = 1  # a Trade Terminal
        game.crypto = 2
        legal = game.legal_actions(0)
        assert (A.BUY[HACKER] in legal) is (price == 2)
        game.crypto = 3
        assert A.BUY[HACKER] in game.legal_actions(0)
        do(game, A.BUY[HACKER], seat=0)
        assert game.crypto == 3 - price
    assert g.describe_action(A.BUY[HACKER], "en") == "buy Netrunner (3 Crypto)"
    assert g.data is not None
    assert "bought for 3 Crypto" in g.data.component("card:hacker").text
    assert g.data.component("card:hacker").name == "Netrunner"
    assert [c.id for c in g.component_texts(0)].count("card:hacker") == 1


def test_a_seeded_game_plays_with_the_edited_data_and_replays_only_with_it(
    tmp_path: Path,
) -> None:
    """A seeded game with a corrected table (one T card type split in two: 44 types, the
    same 31 T cards) plays to its end inside the same action space, and its record replays
    with that data only."""
    old = "hacker,Hacker,Hacker,T,7,2,2,0,,,,reconstructed,name_fr deck cost crypto"
    new = (
        old.replace(",7,2,", ",4,2,") + "\nhacker2,Hacker II,Hacker II,T,3,2,2,0,,,,reconstructed,"
    )
    box = _edited(tmp_path, "cards.csv", old, new)
    data = load_data("tortuga2199", box)
    assert data.parts.ncard == P.ncard + 1
    g = new_game("tortuga2199", 3, 11, {"round_limit": 12}, data)
    space = set(g.action_space.actions)
    assert space == set(new_game("tortuga2199", 3, 11, {"round_limit": 12}).action_space.actions)
    rng = random.Random(11)
    for _ in playout(g, rng, checked=True):
        for s in g.to_act:
            assert set(g.legal_actions(s)) <= space
    assert g.is_over and len(g.parts.t_cards) == 7
    record = g.record()
    assert record["data"] == data.label()
    assert spacetable.replay(record, data=box).to_json() == g.to_json()
    with pytest.raises(RecordError):
        spacetable.replay(record)


# ---------------------------------------------------------------- the rulebook's counts
CARD_BREAKS = [
    # (what the rulebook says, old text, new text, the row and field named)
    (
        "5 Extraction a player",
        "extraction,Extraction,Extraction,start,5,",
        "extraction,Extraction,Extraction,start,4,",
        "booster",
        "count",
    ),
    (
        "4 ship cards",
        "sonde,Sonde furtive,Stealth Probe,ship,1,0,0,0,probe:2,,,reconstructed,deck count cost\n",
        "",
        "mastodonte",
        "deck",
    ),
    (
        "a unique ship card",
        "faucon,Faucon noir,Black Falcon,ship,1,",
        "faucon,Faucon noir,Black Falcon,ship,2,",
        "faucon",
        "count",
    ),
    (
        "31 T cards",
        "commandant,Commandant,Commander,T,4,",
        "commandant,Commandant,Commander,T,5,",
        "commandant",
        "count",
    ),
    (
        "10 Vortex cards",
        "chasseur,Chasseur de primes,Bounty Hunter,V,1,",
        "chasseur,Chasseur de primes,Bounty Hunter,V,2,",
        "chasseur",
        "count",
    ),
    (
        "10 Research cards",
        "prototype,Prototype,Prototype,R,1,",
        "prototype,Prototype,Prototype,F,1,",
        "savant",
        "count",
    ),
    (
        "10 hunt cards",
        "kraken,Kraken spatial,Space Kraken,hunt,1,0,1,2,,7,4,reference,deck count cost\n",
        "",
        "ver",
        "deck",
    ),
    (
        "one card a hunt token",
        "ver,Ver colossal,Colossal Worm,hunt,1,",
        "ver,Ver colossal,Colossal Worm,hunt,2,",
        "ver",
        "count",
    ),
]
SECTOR_BREAKS = [
    (
        "Terminals sell T cards",
        "terminal,Terminal commercial,Trade Terminal,true,,",
        "terminal,Terminal commercial,Trade Terminal,false,V,",
        "terminal",
        "tcard",
    ),
    (
        "the Vortex sells V cards",
        "vortex,Vortex,Vortex,false,V,",
        "vortex,Vortex,Vortex,false,R,",
        "vortex",
        "market",
    ),
    (
        "first conquest of a Terminal: 3",
        "Trade Terminal,true,,2,8,",
        "Trade Terminal,true,,3,8,",
        "terminal",
        "start_defence",
    ),
    (
        "maximum Defence 10",
        "mines,Mines,Mines,false,M,4,10,",
        "mines,Mines,Mines,false,M,4,9,",
        "mines",
        "max_defence",
    ),
    (
        "the Turrets' bonus: combat",
        "Turrets,true,,2,8,1,combat,",
        "Turrets,true,,2,8,1,crypto,",
        "turret",
        "bonus",
    ),
]
LAYOUT_BREAKS = [
    (
        "four ring sectors at 2 players",
        "p2s2,2,2,1,-1,turret,",
        "p2s2,2,2,1,-1,special,",
        "p2s8",
        "kind",
    ),
    ("one Tortuga", "p3s1,3,1,1,0,terminal,", "p3s1,3,1,1,0,tortuga,", "p3s10", "kind"),
    ("a connected map", "p4s10,4,10,-1,2,special,", "p4s10,4,10,-1,5,special,", "p4s10", "q"),
    ("slots 0..n-1", "p4s10,4,10,", "p4s10,4,12,", "p4s10", "slot"),
]


def _refused(tmp: Path, file: str, old: str, new: str, row: str, field: str) -> str:
    box = _edited(tmp, file, old, new)
    with pytest.raises(DataError) as e:
        load_data("tortuga2199", box)
    msg = str(e.value)
    assert f"/{file}: line " in msg, msg
    assert f"(id={row})" in msg and f"field {field!r}" in msg, msg
    line = int(re.search(r"line (\d+)", msg).group(1))  # type: ignore[union-attr]
    assert (tmp / file).read_text().splitlines()[line - 1].startswith(row + ","), msg
    return msg


@pytest.mark.parametrize(("rule", "old", "new", "row", "field"), CARD_BREAKS)
def test_each_card_count_refuses_a_broken_table(
    tmp_path: Path, rule: str, old: str, new: str, row: str, field: str
) -> None:
    msg = _refused(tmp_path, "cards.csv", old, new, row, field)
    assert "rulebook" in msg or "«" in msg, (rule, msg)


@pytest.mark.parametrize(("rule", "old", "new", "row", "field"), SECTOR_BREAKS)
def test_each_sector_rule_refuses_a_broken_table(
    tmp_path: Path, rule: str, old: str, new: str, row: str, field: str
) -> None:
    _refused(tmp_path, "sectors.csv", old, new, row, field)


@pytest.mark.parametrize(("rule", "old", "new", "row", "field"), LAYOUT_BREAKS)
def test_each_map_count_refuses_a_broken_table(
    tmp_path: Path, rule: str, old: str, new: str, row: str, field: str
) -> None:
    _refused(tmp_path, "layouts.csv", old, new, row, field)


def test_a_missing_sector_kind_and_a_stray_file_are_refused(tmp_path: Path) -> None:
    text = DATA.shipped_text("sectors.csv")
    lines = [ln for ln in text.splitlines() if not ln.startswith("fortress,")]
    (tmp_path / "sectors.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(
        DataError, match=r"sectors.csv: line \d+ \(id=mines\): field 'id': no row for fortress"
    ):
        load_data("tortuga2199", tmp_path)
    (tmp_path / "sectors.csv").unlink()
    (tmp_path / "card.csv").write_text("id\n", encoding="utf-8")
    with pytest.raises(DataError, match="not a data file"):
        load_data("tortuga2199", tmp_path)


def test_limits_that_keep_a_decision_bound_are_checked(tmp_path: Path) -> None:
    """Not the rulebook's: a card gives at most 15 Crypto + Manoeuvre and a ``mineral:N``
    takes at most the 10 tokens of the box (``max_decisions`` stays a true bound)."""
    box = _edited(
        tmp_path, "cards.csv", "foreuse,Foreuse,Drill,M,2,3,3,0", "foreuse,Foreuse,Drill,M,2,3,16,0"
    )
    with pytest.raises(DataError, match=r"line \d+ \(id=foreuse\).*above 15"):
        load_data("tortuga2199", box)
    box = _edited(
        tmp_path,
        "cards.csv",
        "mineur,Mineur,Miner,M,3,3,1,0,mineral:1",
        "mineur,Mineur,Miner,M,3,3,1,0,mineral:11",
    )
    with pytest.raises(DataError, match=r"line \d+ \(id=mineur\): field 'abilities'.*10 mineral"):
        load_data("tortuga2199", box)


# ---------------------------------------------------------------- what a view mentions
def test_the_components_a_view_mentions_reveal_nothing_hidden() -> None:
    """A seat's view of another seat's hidden cards yields no ids of those cards: seat 1's
    hand (a Général, nowhere else in the game) and the attacker's secret combat card are
    named to their owner only; public cards (played, discards, markets, the hunt pile) to
    every seat."""
    general, colonel = card("general"), card("colonel")
    g = position(players=3, hand=[card("garde"), colonel], pos=1)
    for s in range(3):
        for pile in (g.hand[s], g.deck[s], g.discard[s]):
            assert general not in pile
    g.mdeck[3] = [c for c in g.mdeck[3] if c not in (general, colonel)]
    g.mface[3] = [c for c in g.mface[3] if c not in (general, colonel)]
    g.hand[1] = [general, card("manoeuvre")]
    g.pos[1] = 1
    ids = {s: [c.id for c in g.component_texts(s)] for s in (None, 0, 1, 2)}
    assert "card:general" in ids[1]
    assert all("card:general" not in ids[s] for s in (None, 0, 2))
    assert "board:3" in ids[0] and "sector:tortuga" in ids[0] and "card:hacker" in ids[2]
    # The attacker commits its Colonel in secret: the defender's view names no Colonel.
    do(g, A.ATTACK[1], A.COMMIT[colonel])
    assert "card:colonel" in [c.id for c in g.component_texts(0)]
    for seat in (None, 1, 2):
        assert "card:colonel" not in [c.id for c in g.component_texts(seat)]
    # A determinized copy (another hidden state) names the same components.
    for s in (1, 2):
        d = g.determinize(s, random.Random(3))
        assert [c.id for c in d.component_texts(s)] == [c.id for c in g.component_texts(s)]
    do(g, A.COMMIT_DONE, A.DEFEND_DONE)  # revealed: now every seat sees it
    assert all("card:colonel" in [c.id for c in g.component_texts(s)] for s in (1, 2))
