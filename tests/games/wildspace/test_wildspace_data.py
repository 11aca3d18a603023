"""Wild Space data files: counts against the rulebook, validation errors, rulebook examples."""

from __future__ import annotations

from collections import Counter

import pytest

from spacetable.engine import DataError
from spacetable.engine.data import parse_table, read_text
from spacetable.games.wildspace import components as C
from spacetable.games.wildspace.notation import find_cards
from spacetable.games.wildspace.tables import shipped_parts

P = shipped_parts()


def test_crew_card_counts_match_the_rulebook() -> None:
    kinds = Counter(r.kind for r in P.cards)
    assert len(P.cards) == 108
    assert kinds == {"captain": 6, "specialist": 60, "emissary": 24, "robot": 18}
    assert len(P.deck_cards) == 102


def test_species_and_professions_are_balanced() -> None:
    spec = [r for r in P.cards if r.kind == "specialist"]
    assert Counter(r.species for r in spec) == dict.fromkeys(C.SPECIES, 10)
    assert Counter(r.profession for r in spec) == dict.fromkeys(C.PROFESSIONS, 10)
    # every species x profession pair exists
    assert len({(r.species, r.profession) for r in spec}) == 36
    emis = [r for r in P.cards if r.kind == "emissary"]
    assert Counter(r.species for r in emis) == dict.fromkeys(C.SPECIES, 4)
    assert all(r.profession is None for r in emis)
    caps = [r for r in P.cards if r.kind == "captain"]
    assert {r.species for r in caps} == set(C.SPECIES)
    assert {r.profession for r in caps} == set(C.PROFESSIONS)
    robots = [r for r in P.cards if r.kind == "robot"]
    assert all(r.species is None for r in robots)
    with_prof = [r for r in robots if r.profession]
    assert len(with_prof) == 12  # "la plupart des Robots ont un Métier"
    assert Counter(r.profession for r in with_prof) == dict.fromkeys(C.PROFESSIONS, 2)


def test_veterans_effects_and_credits() -> None:
    vets = [r for r in P.cards if r.veteran]
    assert len(vets) == 18
    assert {r.kind for r in vets} == {"specialist", "robot"}
    spec_vets = [r for r in vets if r.kind == "specialist"]
    assert Counter(r.species for r in spec_vets) == dict.fromkeys(C.SPECIES, 2)
    assert Counter(r.profession for r in spec_vets) == dict.fromkeys(C.PROFESSIONS, 2)
    with_effect = sum(1 for r in P.cards if r.kind != "captain" and r.effect)
    assert with_effect > 51  # "la plupart des cartes ont un Cercle d'Effet"
    assert any(r.condition for r in P.cards)
    assert sum(1 for r in P.cards if r.kind == "robot" and r.credits) >= 9


def test_every_icon_of_the_rulebook_is_used_by_some_card() -> None:
    costs: set[tuple[int, int]] = set()
    benefits: set[tuple[int, int]] = set()
    conds: set[int] = set()
    for r in P.cards:
        texts = [r.effect, *(r.track.split(";") if r.track else [])]
        for t in texts:
            if t and t != "-":
                ck, carg, bk, barg = C.parse_effect(t)
                costs.add((ck, carg))
                benefits.add((bk, barg if bk == C.B_PLAY else 0))
        conds.update(C.parse_condition(r.condition))
    p = C.PRED_INDEX
    for pred in ("any", "specialist", "robot", "emissary", "veteran", "prof.botanist"):
        assert (C.C_DISCARD, p[pred]) in costs, pred
    assert (C.C_REMOVE, -1) in costs
    plays = ["any", "specialist", "robot", "emissary", "robot_or_emissary", "veteran"]
    plays += [f"prof.{x}" for x in C.PROFESSIONS]
    for pred in plays:
        assert (C.B_PLAY, p[pred]) in benefits, pred
    assert (C.B_DRAW, 0) in benefits and (C.B_TAKE, 0) in benefits
    wanted = {p["robot"], p["emissary"]} | {p[f"prof.{x}"] for x in C.PROFESSIONS}
    assert wanted <= conds


def test_no_condition_is_met_by_its_own_card() -> None:
    for c in P.deck_cards:
        for pred in P.cond[c]:
            assert not P.match[pred][c], P.cards[c]


def test_missions_cover_the_rulebook_and_reference_examples() -> None:
    missions = [r.mission for r in P.cards if r.kind == "emissary"]
    assert len(missions) == 24 and len(set(missions)) == 24
    assert "set:prof.botanist:3:5" in missions
    assert "pair:species.owl:prof.military:2" in missions
    assert "most:prof.programmer:5" in missions
    assert "most:emissary:6" in missions


def test_rulebook_example_cards_exist() -> None:
    assert find_cards("specialist", "monkey", "botanist", effect="play:prof.mechanic")
    assert find_cards("specialist", "rhino", "mechanic", effect="discard:any>play:any")
    assert find_cards("emissary", "monkey", effect="draw:1", mission="most:emissary:6")
    assert find_cards("robot", veteran=True)


def test_captain_tracks() -> None:
    assert len(P.track) == 6
    for cap, steps in P.track.items():
        assert len(steps) == 5 == len(P.track_credits[cap])
        assert sum(P.track_credits[cap]) > 0
    # Joachim's captain: a first step that draws 2
    assert any(P.effect_text[steps[0]] == "draw:2" for steps in P.track.values())


def test_planet_tiles() -> None:
    assert Counter(P.threshold) == {0: 2, 3: 3, 6: 3, 9: 2}
    for tile in range(C.N_PLANETS):
        for side in (0, 1):
            assert 1 <= len(P.sector_opts[tile][side]) <= 3
    # at least one sector with one condition and one with three
    sizes = {len(P.sector_cond[t][s]) for t in range(10) for s in (0, 1)}
    assert {1, 3} <= sizes
    for t in P.start_tiles:  # starting planets are always reachable
        assert P.sector_cond[t] == ((), ())


def test_hostile_planets() -> None:
    assert C.N_HOSTILE == 12
    assert Counter(P.h_category) == {1: 4, 2: 4, 3: 4}
    for counts in P.difficulty.values():
        assert sum(counts) == 5
        assert all(k <= 4 for k in counts)
    # the rulebook example: discard the middle card, then add its replacement
    assert any(ops == ((0, 1), (1, 1)) for ops in P.h_landing)

    # harder categories take more cards and give more bonus icons
    def takes(h: int) -> int:
        return sum(t for t, _ in P.h_landing[h] + P.h_explore[h])

    avg = {c: sum(takes(h) for h in P.hostile_by_category[c]) / 4 for c in (1, 2, 3)}
    assert avg[1] < avg[2] < avg[3]


def _broken(name: str, old: str, new: str) -> str:
    text = read_text(C.PKG, name)
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("name", "model", "old", "new", "field"),
    [
        ("data/cards.csv", C.CardRow, "play:prof.pilot", "play:prof.astronaut", "effect"),
        ("data/cards.csv", C.CardRow, "set:prof.botanist:3:5", "set:prof.botanist:x:5", "mission"),
        ("data/cards.csv", C.CardRow, "has:robot,draw:2", "own:robot,draw:2", "condition"),
        ("data/cards.csv", C.CardRow, "0;2;0;4;6", "0;2;0;4", "track_credits"),
        ("data/planets.csv", C.PlanetRow, "2,3,has:robot", "2,4,has:robot", "threshold"),
        (
            "data/planets.csv",
            C.PlanetRow,
            "draw:3|play:veteran",
            "draw:9|play:veteran",
            "right_actions",
        ),
        ("data/hostile.csv", C.HostileRow, "0,1,D1,T2", "0,1,D4,T2", "landing"),
        ("data/hostile.csv", C.HostileRow, "veteran+robot", "veteran+cyborg", "bonus"),
    ],
)
def test_a_broken_row_names_file_line_and_field(
    name: str, model: type, old: str, new: str, field: str
) -> None:
    text = _broken(name, old, new)
    lineno = next(i for i, line in enumerate(text.splitlines(), 1) if new in line)
    with pytest.raises(DataError) as e:
        parse_table(text, model, name)
    msg = str(e.value)
    assert name in msg and f"line {lineno}" in msg and repr(field) in msg


def test_kind_rules_are_checked() -> None:
    text = _broken("data/cards.csv", "90,robot,,botanist", "90,robot,owl,botanist")
    lineno = next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith("90,"))
    with pytest.raises(DataError, match=rf"line {lineno} .*a Robot is not an animal"):
        parse_table(text, C.CardRow, "cards.csv")


# ---------------------------------------------------------------------- honest data
#: The fields of each card row the rulebook states (its text, not its pictures).
KNOWN_CARDS = {
    # « un Singe Botaniste qui lui permet de jouer immédiatement un Mécanicien de sa main »
    50: ("reconstructed", ("kind", "species", "profession", "effect", "name_fr")),
    # « Ce Rhinocéros Mécanicien lui donne la possibilité de défausser une carte de sa main
    # pour en poser une nouvelle »
    22: ("reconstructed", ("kind", "species", "profession", "effect", "name_fr")),
    # « un Émissaire Singe qui lui permet de piocher immédiatement une nouvelle carte »; its
    # mission (« la majorité des Émissaires ») comes from the reference
    82: ("reference", ("kind", "species", "effect", "name_fr")),
    # « 5 Crédits par série de 3 Métiers Botanistes en jeu »
    66: ("reconstructed", ("kind", "mission")),
    # « 2 Crédits pour chaque paire avec un Hibou et un Militaire en jeu »
    74: ("reconstructed", ("kind", "mission")),
    # « 5 Crédits si vous êtes le joueur qui possède strictement le plus d'Informaticiens »
    86: ("reconstructed", ("kind", "mission")),
}


def test_no_card_is_rulebook_in_every_field_and_known_fields_are_named() -> None:
    """A row is ``rulebook`` only when every field comes from the rulebook: no Wild Space card
    is (their faces are pictures). The six cards of the rulebook's examples name the fields
    it states; #66, #74 and #86 only their mission (their species and effect are ours)."""
    assert not [r.id for r in P.cards if r.source == "rulebook"]
    got = {r.id: (r.source, r.known) for r in P.cards if r.known or r.source != "reconstructed"}
    assert got == KNOWN_CARDS
    assert P.cards[66].mission == "set:prof.botanist:3:5"
    assert P.cards[74].mission == "pair:species.owl:prof.military:2"
    assert P.cards[86].mission == "most:prof.programmer:5"
    assert P.cards[50].effect == "play:prof.mechanic"
    assert P.cards[22].effect == "discard:any>play:any"
    assert P.cards[82].effect == "draw:1"


def test_planets_and_hostile_planets_are_reconstructed_with_their_known_fields() -> None:
    """« Elle défausse la carte placée au milieu de la Réserve. Elle la remplace avec une
    nouvelle carte de la pioche, qu'elle ajoute immédiatement à l'Équipage du Contrebandier »
    is the landing of Marais toxique (D2+T2): its one known field."""
    assert {r.source for r in P.planets} == {"reconstructed"}
    assert not any(r.known for r in P.planets)
    assert {r.source for r in P.hostiles} == {"reconstructed"}
    assert {r.id: r.known for r in P.hostiles if r.known} == {3: ("landing",)}
    assert P.hostiles[3].landing == "D2+T2"


def test_a_rulebook_row_may_not_list_known_fields() -> None:
    text = _broken(
        "data/cards.csv", "Monkey Emissary,reference,kind", "Monkey Emissary,rulebook,kind"
    )
    with pytest.raises(DataError, match=r"field 'known'.*rulebook row is known in every field"):
        parse_table(text, C.CardRow, "cards.csv")
    text = _broken("data/cards.csv", "reconstructed,kind mission", "reconstructed,kind misson")
    with pytest.raises(DataError, match=r"field 'known'.*names no field of this table: misson"):
        parse_table(text, C.CardRow, "cards.csv")
