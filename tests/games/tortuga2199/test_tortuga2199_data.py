"""Data files of Tortuga 2199: counts against the rulebook, validation errors, rendering."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from rich.console import Console

from spacetable.engine import DataError
from spacetable.engine.data import parse_table
from spacetable.games.tortuga2199 import actions as A
from spacetable.games.tortuga2199 import board as B
from spacetable.games.tortuga2199 import components as C
from spacetable.games.tortuga2199 import constants as K
from spacetable.games.tortuga2199.render import describe_event, render
from spacetable.games.tortuga2199.rules import Tortuga2199
from spacetable.games.tortuga2199.tables import DATA
from spacetable.playout import playout

from .tortuga_helpers import P, started


def _count(deck: str) -> int:
    return sum(P.count[c] for c in range(P.ncard) if P.deck[c] == deck)


def test_card_counts_match_the_box() -> None:
    # "Pioche des secteurs T, 31 cartes", sector decks of 10, "10 cartes Chasse",
    # "20 cartes Extraction", "12 cartes Manœuvre", "4 cartes Booster", 4 ship cards.
    assert _count("T") == 31
    for m in K.MARKETS:
        assert _count(m) == 10
    assert _count("hunt") == 10
    assert P.count[P.card_index["extraction"]] * 4 == 20
    assert P.count[P.card_index["manoeuvre"]] * 4 == 12
    assert P.count[P.card_index["booster"]] * 4 == 4
    assert len(P.ships) == 4
    assert _count("start") + 1 == 10  # with the ship card
    assert len(P.t_cards) == 6  # six face-up piles
    assert sorted(K.SPECIAL_KINDS) == sorted(K.MARKET_KIND.values())


def test_rulebook_values() -> None:
    c = P.card_index
    assert (P.cost[c["hacker"]], P.crypto[c["hacker"]]) == (2, 2)
    assert P.cost[c["mercenaire"]] == 2
    assert P.cost[c["prospecteur"]] == 5
    assert P.played[c["booster"]] == (("move", 3),)
    assert P.difficulty[c["robot"]] == 2
    # Garde du corps + Mercenaire = 5 Manoeuvre; 2 Gardes + Mercenaire = 8.
    assert P.mano[c["garde"]] + P.mano[c["mercenaire"]] == 5
    assert 2 * P.mano[c["garde"]] + P.mano[c["mercenaire"]] == 8
    k = {kid: i for i, kid in enumerate(K.KIND_IDS)}
    assert P.kind_start_def[k["terminal"]] + 1 == 3
    assert P.kind_start_def[k["vortex"]] + 1 == 5
    assert P.kind_max_def[k["turret"]] == 8 and P.kind_max_def[k["mines"]] == 10
    assert sorted(set(P.kind_influence)) == [1, 2, 3]


def test_a_row_is_rulebook_only_when_the_rulebook_states_every_field() -> None:
    """Honest data (issue 18): a row is ``rulebook`` only when every field comes from the
    rulebook; the others say which fields the rulebook states (``known``). The rulebook
    gives « 5 cartes Extraction, 3 cartes Manœuvre, et 1 carte Booster »; « 2 cartes Hacker
    (T) [...] en dépensant 2 Cryptos par carte »; « 3 cartes Manœuvre, 1 carte Garde du corps
    (T), et 1 carte Mercenaire (V). Le joueur a désormais 8 Manœuvres »; « la carte
    Mercenaire (V) [...] en dépensant 2 Cryptos »; « la carte Prospecteur (M) pour 5 Cryptos »;
    « un Robot (difficulté de la chasse de 2) »; the Booster moves « de deux secteurs » and
    « de trois secteurs »; and « Placez la tuile du secteur Tortuga au centre »."""
    rows = {r.id: r for r in P.card_rows}
    assert {i for i, r in rows.items() if r.source == "rulebook"} == {"extraction", "manoeuvre"}
    assert all(not r.known for r in P.card_rows if r.source == "rulebook")
    known = {i: set(r.known) for i, r in rows.items()}
    # The three rows the issue names: the Garde's cost, the Prospecteur's effect and the
    # Booster's reading (up to 3 sectors, no resource) are ours.
    assert known["garde"] == {"name_fr", "deck", "manoeuvre"}
    assert known["prospecteur"] == {"name_fr", "deck", "cost"}
    assert known["booster"] == {"name_fr", "deck", "count", "cost"}
    assert known["hacker"] == {"name_fr", "deck", "cost", "crypto"}
    assert known["mercenaire"] == {"name_fr", "deck", "cost", "manoeuvre"}
    assert known["robot"] == {"name_fr", "deck", "count", "cost", "difficulty"}
    assert rows["kraken"].source == "reference"  # its name: a review (components reference)
    assert all(rows[c].source == "reconstructed" for c in ("matelot", "commandant", "sonde"))
    # No sector row is the rulebook's: the control tokens' Influence (1, 2, 3) is ours.
    for r in P.sector_rows:
        assert r.source == "reconstructed" and "influence" not in r.known
        assert set(r.known) == {
            "name_fr",
            "tcard",
            "market",
            "start_defence",
            "max_defence",
            "bonus",
        }
    # The map: only Tortuga's place (the centre) is the rulebook's.
    for lay in P.layout_rows:
        assert (lay.source == "rulebook") == (lay.kind == "tortuga")
        if lay.source != "rulebook":
            assert "q" not in lay.known and "r" not in lay.known


#: The reconstruction's pricing rule (docs: *Pricing*): a Crypto and a Manoeuvre cost the same
#: (the rulebook's Hacker, 2 Crypto, and Mercenaire, 2 Manoeuvre, both cost 2), one point
#: each up to 4 resources on a card and two points for each one beyond (a bigger card fills
#: one hand slot), plus the value of each ability.
ABILITY_PRICE: dict[str, Callable[[int], int]] = {
    "draw": lambda n: n + 1,
    "mineral": lambda n: 2 * n,
    "trash": lambda n: 2,
    "probe": lambda n: 2,
    "reserve": lambda n: 1,
    "move": lambda n: n,
    "teleport": lambda n: 3,
    "salvage": lambda n: 2,
    "atk": lambda n: n,
    "def": lambda n: n,
    "cbt": lambda n: n,
    "shield": lambda n: 1,
    "loot": lambda n: 1,
}


def price(card: int) -> int:
    """What the pricing rule says card type ``card`` costs."""
    r = P.crypto[card] + P.mano[card]
    base = r if r <= 4 else 4 + 2 * (r - 4)
    return base + sum(ABILITY_PRICE[k](n) for k, n in P.abilities[card])


def test_every_market_card_costs_what_the_pricing_rule_says() -> None:
    """Issue 18: the reconstructed Matelot (2 Manœuvre for 3) cost more than the rulebook's
    Mercenaire (« la carte Mercenaire (V) [...] en dépensant 2 Cryptos »: 2 Manœuvre for 2).
    Every card sold in a market now costs what one rule says, and that rule agrees with the
    rulebook's three prices (Hacker 2, Mercenaire 2, Prospecteur « pour 5 Cryptos ») and
    with the reference's T piles « grouped by cost (2, 3, 4, ...) »."""
    wrong = {P.card_id[c]: (P.cost[c], price(c)) for c in P.buyable if P.cost[c] != price(c)}
    assert wrong == {}
    c = P.card_index
    assert P.cost[c["matelot"]] == P.cost[c["mercenaire"]] == P.cost[c["hacker"]] == 2
    assert P.cost[c["prospecteur"]] == 5
    assert {2, 3, 4} <= {P.cost[t] for t in P.t_cards}
    # Bigger cards cost more per resource, never less.
    plain = [t for t in P.buyable if not P.abilities[t]]
    for a in plain:
        for b in plain:
            ra, rb = P.crypto[a] + P.mano[a], P.crypto[b] + P.mano[b]
            if ra < rb:
                assert P.cost[a] / ra <= P.cost[b] / rb


def _broken(old: str, new: str) -> str:
    text = DATA.shipped_text("cards.csv")
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("move:3,,,reconstructed", "move:x,,,reconstructed", "abilities"),
        ("fn:teleport", "fn:nowhere", "abilities"),
        (",T,7,2,2,0", ",T,7,-2,2,0", "cost"),
        (",hunt,1,0,0,1,,2,1,", ",hunt,1,0,0,1,,,1,", "difficulty"),
        ("rulebook,\nmanoeuvre", "guessed,\nmanoeuvre", "source"),
        # A rulebook row is known in every field: it may not list some.
        ("rulebook,\nmanoeuvre", "rulebook,cost\nmanoeuvre", "known"),
        # A known field must be a field of the table.
        ("name_fr deck manoeuvre", "name_fr deck strength", "known"),
        # A combat ability on a card without Manoeuvre (never usable in a combat).
        ("ship,1,0,0,1,cbt:2", "ship,1,0,1,0,cbt:2", "manoeuvre"),
    ],
)
def test_broken_card_row_names_line_and_field(old: str, new: str, field: str) -> None:
    text = _broken(old, new)
    with pytest.raises(DataError) as e:
        parse_table(text, C.CardRow, "cards.csv")
    msg = str(e.value)
    assert "cards.csv: line" in msg
    if field not in ("difficulty", "manoeuvre"):
        assert repr(field) in msg
    line = int(re.search(r"line (\d+)", msg).group(1))  # type: ignore[union-attr]
    assert new.split("\n")[0] in text.splitlines()[line - 1] or field == "source"


def test_broken_layout_rejected() -> None:
    rows = [r for r in P.layout_rows if r.players == 2 and r.slot != 2]
    with pytest.raises(ValueError):
        B.Layout(2, rows)


def test_action_space_unique_and_labels_in_both_languages() -> None:
    for players in (2, 3, 4):
        for scen in ("standard", "aggressive", "peaceful"):
            acts = Tortuga2199.enumerate_actions(players, {"scenario": scen})
            assert len(set(acts)) == len(acts)
            for a in acts:
                for lang in ("en", "fr"):
                    label = a.describe(lang)
                    assert label and "{" not in label
    assert A.Ability("draw", -1).describe("fr").startswith("capacité")


def test_render_and_events_in_both_languages() -> None:
    g = started(3, 8)
    rng = random.Random(8)
    console = Console(width=140, color_system=None, record=True)

    def draw() -> None:
        for lang in ("en", "fr"):
            for seat in (None, 0, 1, 2):
                text = render(g.view(seat), lang)
                console.print(text)
                assert "TORTUGA" in text

    draw()  # the start, then every 50 decisions
    for step, _ in enumerate(playout(g, rng, checked=False, max_steps=400), 1):
        if step % 50 == 0 and not g.is_over:
            draw()
    out = console.export_text()
    assert "Tortuga 2199" in out and "Hacker" in out
    for lang in ("en", "fr"):
        for ev in g.log_for(0):
            sentence = describe_event(ev, lang)
            assert sentence and not sentence.startswith("ev_"), ev
            assert "{" not in sentence


def test_render_combat_hides_attack_cards_from_the_defender() -> None:
    from .tortuga_helpers import A, card, do, position

    g = position(players=3, hand=[card("garde"), card("manoeuvre")], pos=1)
    g.pos[1] = 1
    do(g, A.ATTACK[1], A.COMMIT[card("garde")])
    console = Console(width=140, color_system=None, record=True)
    for seat in (0, 1, 2, None):
        for lang in ("en", "fr"):
            console.print(render(g.view(seat), lang))
    text = render(g.view(1), "en")
    combat = next(line for line in text.splitlines() if line.startswith("[bold red]Combat"))
    assert "Bodyguard" not in combat and "hidden" in combat
    assert "Bodyguard" in render(g.view(0), "en").split("Combat")[1]
    assert "combat : choix secret" in render(g.view(1), "fr")


def test_broken_sector_and_layout_rows_name_line_and_field() -> None:
    text = DATA.shipped_text("sectors.csv")
    bad = text.replace(
        "turret,Tourelles,Turrets,true,,2,8,1", "turret,Tourelles,Turrets,true,,9,8,1"
    )
    with pytest.raises(DataError, match=r"sectors.csv: line \d+ \(id=turret\)"):
        parse_table(bad, C.SectorRow, "sectors.csv")
    # « Conquérir Tortuga nécessite toujours 15 »: Tortuga alone has no Defence track.
    bad = text.replace("tortuga,Tortuga,Tortuga,true,,,,3", "tortuga,Tortuga,Tortuga,true,,14,14,3")
    with pytest.raises(DataError, match=r"line \d+ \(id=tortuga\).*only Tortuga"):
        parse_table(bad, C.SectorRow, "sectors.csv")
    bad = text.replace(
        "terminal,Terminal commercial,Trade Terminal,true,,2,8", "terminal,T,T,true,,,"
    )
    with pytest.raises(DataError, match=r"line \d+ \(id=terminal\)"):
        parse_table(bad, C.SectorRow, "sectors.csv")
    bad = text.replace("vortex,Vortex,Vortex,false,V", "vortex,Vortex,Vortex,false,X")
    with pytest.raises(DataError, match="'market'"):
        parse_table(bad, C.SectorRow, "sectors.csv")
    lay = DATA.shipped_text("layouts.csv")
    bad = lay.replace("p4s7,4,7,2,-1,special", "p4s7,4,7,2,-1,nebula")
    with pytest.raises(DataError, match=r"layouts.csv: line \d+ \(id=p4s7\): field 'kind'"):
        parse_table(bad, B.LayoutRow, "layouts.csv")
