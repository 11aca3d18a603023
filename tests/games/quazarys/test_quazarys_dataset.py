"""Quazarys data sets (issue 18, docs/data.md): the shipped tables, a box owner's corrected
directory played, broken tables refused naming file, row and field, component texts in both
languages, and the component ids of a view that reveal nothing hidden."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import spacetable
from spacetable.engine import DataError, RecordError, load_data
from spacetable.games.quazarys.components import (
    CARD_ID,
    DECK_SIZE,
    N_CARDS,
    component_id,
)
from spacetable.games.quazarys.notation import card_index, set_position
from spacetable.games.quazarys.render import describe_event, render
from spacetable.games.quazarys.rules import Quazarys
from spacetable.games.quazarys.tables import DATA
from spacetable.playout import playout
from spacetable.testing.conformance import check_data_set

LINE = "B1 S1 S8 S3 S4 B2/2"
OTHER = ["A02", "A06", "A10", "A14", "A18"]
FILES = ("factions.csv", "suns.csv", "bases.csv", "explorations.csv", "actions.csv")


def shipped(file: str) -> str:
    return DATA.shipped_text(file)


def edit(file: str, old: str, new: str) -> tuple[str, str]:
    """The shipped ``file`` with ``old`` replaced by ``new`` (which must be there once)."""
    text = shipped(file)
    assert text.count(old) == 1, old
    return file, text.replace(old, new)


def directory(tmp_path: Path, *files: tuple[str, str]) -> Path:
    d = tmp_path / "mybox"
    d.mkdir()
    for name, text in files:
        (d / name).write_text(text, encoding="utf-8")
    return d


def finish(g: spacetable.Game, seed: int) -> None:
    for _ in playout(g, random.Random(seed)):
        pass
    assert g.is_over


# ---------------------------------------------------------------------- the shipped data
def test_the_shipped_data_passes_and_every_card_is_a_component() -> None:
    data = load_data("quazarys")
    assert data.shipped and data.name == "shipped"
    assert data.spec.files() == list(FILES)
    # 61 cards ("4 cartes Base, 9 cartes Soleil, 20 cartes Exploration, 28 cartes Action")
    # and the 4 factions.
    assert check_data_set("quazarys") == N_CARDS + len(data.parts.factions) == 65
    ids = [c.id for c in data.components("en")]
    assert ids[:N_CARDS] == [component_id(i) for i in range(N_CARDS)]
    assert (
        ids[0] == "exploration:E01"
        and ids[DECK_SIZE] == "sun:S1"
        and ids[-1] == "faction:asteroide"
    )
    g = spacetable.new_game("quazarys", 3, seed=2)
    assert g.data is data and g.parts is data.parts and g.clone().parts is data.parts


def test_every_component_has_a_text_in_both_languages_generated_from_its_row() -> None:
    data = load_data("quazarys")
    for lang in ("en", "fr"):
        comps = data.components(lang)
        assert all(c.name.strip() and c.text.strip() for c in comps)
        assert len({c.text for c in comps if c.kind == "sun"}) == 9  # each from its own layout
    en, fr = data.component("action:A13", "en"), data.component("action:A13", "fr")
    assert en.name == "Pirate attack!" and fr.name == "Attaque de pirates !"
    # The rulebook's own words for the effect, and the card's faction from its row.
    assert "Déplacez un adversaire d'une station sans tenir compte du sens des flèches" in fr.text
    assert "faction Comète" in fr.text and "faction Comet" in en.text
    assert (en.table, en.key, en.source, en.known) == (
        "actions.csv",
        "A13",
        "reconstructed",
        ("effect", "name_fr"),
    )
    vortex = data.component("exploration:E01", "fr")
    assert vortex.name == "Vortex" and "téléporte" in vortex.text
    sun = data.component("sun:S4", "en")  # Bételgeuse "@ N* E*> S* W"
    assert "Centre: a station. Arms: north (station), east (station, one way outwards)" in sun.text
    base = data.component("base:B2", "fr")
    assert "couleur : Bleu" in base.text
    faction = data.component("faction:comete", "en")
    assert faction.text.startswith("Faction of 12 cards (5 Explorations, 7 Actions): E01,")


# ---------------------------------------------------------------------- a corrected directory
def test_an_edited_directory_is_what_is_played(tmp_path: Path) -> None:
    # The box owner finds that A01 is a Solar winds card, and that Sirius has no arrow-free
    # west station but a one-way east arm.
    d = directory(
        tmp_path,
        edit(
            "actions.csv",
            "A01,hyper_vitesse,comete,Hyper vitesse !,Hyper speed!",
            "A01,vents_solaires,comete,Vents solaires,Solar winds",
        ),
        edit("suns.csv", "S1,@ N E* S W*,Sirius", "S1,@ N E*> S W,Sirius"),
    )
    data = load_data("quazarys", d)
    assert not data.shipped and data.name == "mybox" and data.digest != load_data("quazarys").digest
    # A seeded game plays to its end with the corrected tables; all nine Suns are on the
    # cross at 3 players, Sirius drawn as corrected.
    g = spacetable.new_game("quazarys", 3, seed=11, data=d)
    assert isinstance(g, Quazarys) and g.parts is not load_data("quazarys").parts
    shipped_game = spacetable.new_game("quazarys", 3, seed=11)
    for game, layout in ((g, "@ N E*> S W"), (shipped_game, "@ N E* S W*")):
        sirius = next(e for e in game.view(0)["cards"] if e["card"] == card_index("S1"))
        assert (sirius["rot"], sirius["layout"]) == (0, layout)
    finish(g, 11)
    # The corrected A01 is played as Solar winds: one station, arrows ignored (the shipped
    # Hyper vitesse moves two stations, arrows obeyed).
    for ds, remaining, ignore in ((data, 1, True), (None, 2, False)):
        h = spacetable.new_game("quazarys", 2, seed=1, data=ds)
        assert isinstance(h, Quazarys)
        set_position(h, LINE, ["0,2,C", "0,5,C"], hands=[["A01"], OTHER], discard=["A04"])
        play = next(a for a in h.legal_actions(0) if a.text() == f"play card={card_index('A01')}")
        label = h.describe_action(play, "en")
        assert label == ("play Solar winds (Comet)" if ds else "play Hyper speed! (Comet)")
        h.apply(0, play)
        pend = h.view(0)["pending"]
        assert (pend["kind"], pend["remaining"], pend["ignore_arrows"]) == (
            "move",
            remaining,
            ignore,
        )
        event = next(e for e in h.log if e["event"] == "play")
        said = describe_event(event, "fr", h.parts)
        assert ("Vents solaires" in said) == (ds is not None)
        assert ("Vents solaires" in render(h.view(0), "fr", h.parts)) == (ds is not None)
    assert "sans tenir compte du sens des flèches" in data.component("action:A01", "fr").text


def test_a_save_made_with_other_data_is_refused(tmp_path: Path) -> None:
    d = directory(tmp_path, edit("suns.csv", "S9,+ N E* S W*,Deneb", "S9,+ N* E* S* W*,Deneb"))
    g = spacetable.new_game("quazarys", 2, seed=4, data=d)
    for _ in range(6):
        g.apply(g.to_act[0], g.legal_actions(g.to_act[0])[0])
    text = g.to_json()
    assert spacetable.load(text, data=d).to_json() == text
    with pytest.raises(RecordError, match="mybox"):
        spacetable.load(text)


# ---------------------------------------------------------------------- broken tables
BROKEN: list[tuple[str, Callable[[], tuple[str, str]], str]] = [
    (
        "a Sun card missing",
        lambda: edit("suns.csv", "S9,+ N E* S W*,Deneb,Deneb,reconstructed\n", ""),
        r"suns\.csv: line \d+ \(id=S8\): field 'id': the table ends here: the rulebook has 9 cards",
    ),
    (
        "a Sun card too many",
        lambda: ("suns.csv", shipped("suns.csv") + "S10,+ N E S W,Nova,Nova,reconstructed\n"),
        r"suns\.csv: line \d+ \(id=S10\): field 'id': a card too many: the rulebook has 9 cards",
    ),
    (
        "a fifth Base",
        lambda: ("bases.csv", shipped("bases.csv") + "B5,white,@ E,Base,Base,reconstructed\n"),
        r"bases\.csv: line \d+ \(id=B5\): field 'id': a card too many: the rulebook has 4 cards",
    ),
    (
        "19 Explorations",
        lambda: edit(
            "explorations.csv",
            "E20,nebuleuse,+ N E* S W*,0,Carrefour gardé,Guarded crossroads,reconstructed,\n",
            "",
        ),
        r"explorations\.csv: line \d+ \(id=E19\): field 'id': the table ends here: the rulebook "
        r"has 20 cards",
    ),
    (
        "27 Actions",
        lambda: edit(
            "actions.csv",
            "A28,ferrailleur_spatial,nebuleuse,Ferrailleur spatial,Space scrapper,reconstructed,"
            "effect name_fr\n",
            "",
        ),
        r"actions\.csv: line \d+ \(id=A27\): field 'id': the table ends here: the rulebook has "
        r"28 cards",
    ),
    (
        "ids out of order",
        lambda: edit("explorations.csv", "E05,comete", "E50,comete"),
        r"explorations\.csv: line 11 \(id=E50\): field 'id': card 5 of the table must have the "
        r"id 'E05'",
    ),
    (
        "a third Vortex",
        lambda: edit("explorations.csv", "E07,asteroide,@ E W,0", "E07,asteroide,@ E W,1"),
        r"explorations\.csv: line \d+ \(id=E07\): field 'vortex': a Vortex card too many",
    ),
    (
        "one Vortex",
        lambda: edit("explorations.csv", "E02,pulsar,@ N S,1", "E02,pulsar,@ N S,0"),
        r"explorations\.csv: field 'vortex': 1 Vortex card\(s\): the rulebook has 2",
    ),
    (
        "a Vortex without a centre station",
        lambda: edit("explorations.csv", "E01,comete,@ E W,1", "E01,comete,+ E W,1"),
        r"explorations\.csv: line \d+ \(id=E01\): field 'layout': a Vortex needs a centre station",
    ),
    (
        "an unknown faction",
        lambda: edit("actions.csv", "A05,vents_solaires,comete", "A05,vents_solaires,quasar"),
        r"actions\.csv: line \d+ \(id=A05\): field 'faction': unknown faction 'quasar'",
    ),
    (
        "an action of the rulebook without a card",
        lambda: (
            "actions.csv",
            shipped("actions.csv").replace("trou_noir,", "hyper_vitesse,"),
        ),
        r"actions\.csv: field 'effect': no card for the rulebook's action\(s\) trou_noir",
    ),
    (
        "an effect the rulebook does not have",
        lambda: edit("actions.csv", "A05,vents_solaires", "A05,warp"),
        r"actions\.csv: line \d+ \(id=A05\): field 'effect'",
    ),
    (
        "two Bases of one colour",
        lambda: edit("bases.csv", "B2,blue", "B2,red"),
        r"bases\.csv: line \d+ \(id=B2\): field 'colour': two bases are red",
    ),
    (
        "a Base that is not '@ E'",
        lambda: edit("bases.csv", "B3,green,@ E,", "B3,green,@ E W,"),
        r"bases\.csv: line \d+ \(id=B3\): field 'layout'",
    ),
    (
        "a Sun without four arms",
        lambda: edit("suns.csv", "S2,@ N* E S* W,", "S2,@ N* S*,"),
        r"suns\.csv: line \d+ \(id=S2\): field 'layout'.*four arms",
    ),
    (
        "five stations on a card",
        lambda: edit("explorations.csv", "E14,pulsar,+ N* E* S* W*", "E14,pulsar,@ N* E* S* W*"),
        r"explorations\.csv: line \d+ \(id=E14\): field 'layout'.*5 stations",
    ),
    (
        "no faction",
        lambda: ("factions.csv", "id,colour,name_fr,name_en,source\n"),
        r"factions\.csv: no faction",
    ),
]


@pytest.mark.parametrize(("what", "broken", "message"), BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_table_is_refused_naming_file_row_and_field(
    tmp_path: Path, what: str, broken: Callable[[], tuple[str, str]], message: str
) -> None:
    d = directory(tmp_path, broken())
    with pytest.raises(DataError, match=message) as err:
        load_data("quazarys", d)
    assert str(err.value).startswith(f"{d}/"), what
    with pytest.raises(DataError):
        spacetable.new_game("quazarys", 2, seed=1, data=d)


def test_an_unknown_file_is_refused(tmp_path: Path) -> None:
    d = directory(tmp_path, ("sun.csv", shipped("suns.csv")))
    with pytest.raises(DataError, match=re.escape("sun.csv: not a data file of quazarys")):
        load_data("quazarys", d)


# ---------------------------------------------------------------------- what a view mentions
@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 8), (4, 13)])
def test_the_components_a_view_mentions_reveal_no_hidden_card(players: int, seed: int) -> None:
    g = spacetable.new_game("quazarys", players, seed=seed)
    assert isinstance(g, Quazarys)
    steps = 0
    seen_hand = seen_table = 0
    for _ in playout(g, random.Random(seed)):
        steps += 1
        if steps % 3:
            continue
        for s in [None, *range(players)]:
            ids = [c.id for c in g.component_texts(s, "fr")]
            hidden = {component_id(c) for c in g.deck}
            hidden |= {component_id(c) for o in range(players) if o != s for c in g.hands[o]}
            assert not hidden & set(ids), (s, hidden & set(ids))
            assert all(c.text for c in g.component_texts(s, "en"))
            if s is not None:
                own = [component_id(c) for c in g.hands[s]]
                assert set(own) <= set(ids)
                seen_hand += bool(own)
            table = [component_id(code >> 2) for _, code in sorted(g.board.items())]
            assert ids[: len(table)] == table
            seen_table += 1
        if steps > 300:
            break
    assert seen_hand and seen_table


def test_a_spectator_and_a_seat_see_the_top_of_the_discard_and_the_combination() -> None:
    g = spacetable.new_game("quazarys", 2, seed=1)
    assert isinstance(g, Quazarys)
    set_position(g, LINE, ["0,1,C", "0,5,C"], hands=[["A25", "A01"], OTHER], deck=["E14"])
    g.apply(0, f"play card={card_index('A25')}")  # Destinée (Comète) draws E14 (Pulsar)
    ids = [c.id for c in g.component_texts(0, "en")]
    # the cards, then the factions: the combination's first, then those of the cards named
    cards = [i for i in ids if not i.startswith("faction:")]
    assert cards[-2:] == ["action:A25", "exploration:E14"]
    assert ids[len(cards) :] == ["faction:pulsar", "faction:comete", *ids[len(cards) + 2 :]]
    assert "action:A01" in ids and "action:A02" not in ids  # own hand, not seat 1's
    spectator = [c.id for c in g.component_texts(None, "en")]
    assert not any(i in spectator for i in ("action:A01", "action:A02"))
    seen = [i for i in spectator if not i.startswith("faction:")]
    assert seen[-2:] == cards[-2:]
    assert spectator[len(seen)] == "faction:pulsar"
    assert CARD_ID[g.discard[-1]] == "A25"
