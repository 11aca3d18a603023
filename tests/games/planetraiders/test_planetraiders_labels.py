"""Action labels and text forms as a terminal player meets them: the placement list is long
(about 500 actions at the start), so the CLI groups it by the action's first field."""

from __future__ import annotations

from spacetable.cli.play import LONG_LIST, group_actions
from spacetable.engine.mention import name_seats
from spacetable.games.planetraiders.actions import GIVE, PLACE, Place
from spacetable.games.planetraiders.constants import BLUE, RED
from spacetable.games.planetraiders.notation import position
from spacetable.games.planetraiders.render import describe_event
from spacetable.games.planetraiders.rules import PlanetRaiders
from spacetable.games.planetraiders.tables import shipped_parts
from spacetable.testing.text import as_read

describe_event = as_read(describe_event)

#: The shipped data set's board and set-up.
BOARD = shipped_parts()


def _start_of_step_3() -> PlanetRaiders:
    g = PlanetRaiders(2, 3)
    g.apply(0, g.legal_actions(0)[-1])  # end_moves at once: hand 1 blue + 1 red
    assert g.phase == 2
    return g


def test_placements_group_by_zone_in_the_terminal() -> None:
    g = _start_of_step_3()
    legal = g.legal_actions(0)
    places = [a for a in legal if isinstance(a, Place)]
    assert len(places) > 400  # the long list of the issue
    groups = group_actions(list(enumerate(legal, 1)))
    place_groups = [(label, m) for label, m in groups if label.startswith("place")]
    # one group per free zone, each small enough to read: 4 noses x (blue, red)
    # a zone holds one rocket per side: every zone has a free side at the start
    assert {label for label, _ in place_groups} == {
        f"place zone={BOARD.cell_names[z]}" for z in BOARD.zones
    }
    assert max(len(m) for _, m in place_groups) <= 8 < LONG_LIST
    assert all(
        all(a.zone == label.split("=")[1] for _, a in m)  # type: ignore[attr-defined]
        for label, m in place_groups
    )


def test_place_text_form_names_the_zone_first_and_parses_back() -> None:
    a = PLACE[RED][BOARD.zone("e5")][0]
    assert a.text() == "place zone=e5 colour=red nose=n"
    g = PlanetRaiders(2, 0)
    assert g.parse_action("place zone=e5 colour=red nose=n") == a
    assert g.parse_action("place colour=red nose=n zone=e5") == a  # any order is accepted
    assert Place(zone="c3", colour="blue", nose="e") == PLACE[BLUE][BOARD.zone("c3")][1]


def test_french_nose_labels_use_the_right_article() -> None:
    fr = {s: Place(zone="c3", colour="blue", nose=s).describe("fr") for s in "nesw"}
    assert "nez au nord" in fr["n"] and "nez au sud" in fr["s"]
    assert "nez à l'est" in fr["e"] and "nez à l'ouest" in fr["w"]
    assert "au est" not in " ".join(fr.values()) and "au ouest" not in " ".join(fr.values())
    ev = {"event": "place", "colour": "red", "rocket": "blue", "zone": "c3", "nose": "e"}
    assert "nez à l'est" in describe_event(ev, "fr")
    assert "nose east" in describe_event(ev, "en")


def test_gift_labels_name_the_seat_and_its_colour() -> None:
    # gifts exist only with 3 or 4 players, where seats 0-3 are red, yellow, violet, green
    g = position(3, "R1@a1n Y1@a9n V1@h8n hand:red=1b")
    g.apply(0, g.legal_actions(0)[-1])
    assert GIVE[BLUE][2] in g.legal_actions(0)
    assert g.label(GIVE[BLUE][2], "en") == "give a blue rocket to seat 2 (violet)"
    assert g.label(GIVE[RED][1], "fr") == "donner une fusée rouge au siège 1 (jaune)"
    # without a game, the plain label (the seat's colour is the data set's), the seat as a
    # mention that a client names its own way
    assert GIVE[BLUE][2].describe("en") == "give a blue rocket to ⟪2|seat 2⟫"
    assert name_seats(GIVE[BLUE][2].describe("en")) == "give a blue rocket to seat 2"


def test_gift_labels_name_the_colour_of_the_data_seats() -> None:
    """The seat colours come from seats.csv: a gift's label names the receiving seat's
    colour at 3 and at 4 players."""
    from spacetable.games.planetraiders.constants import COLOURS

    for n in (3, 4):
        g = PlanetRaiders(n, 0)
        for t in range(n):
            colour = COLOURS[BOARD.seat_colours[n][t]]
            assert g.label(GIVE[BLUE][t], "en").endswith(f"to seat {t} ({colour})")


def test_hop_labels_say_where_the_rocket_goes_and_what_waits_there() -> None:
    from spacetable.games.planetraiders.actions import SELECT, Hop

    g = position(2, "R2@g2n g2:b< g3:r^ f2:b< V1@f2w V2@h8n")
    assert g.label(SELECT[1], "en") == "move planet raider #2 (on g2n)"
    assert g.label(SELECT[1], "fr") == "déplacer le planet raider n°2 (en g2n)"
    g.apply(0, SELECT[1])
    assert g.label(Hop("g2", "w"), "en") == "ride the blue rocket in g2 to g2w"
    assert g.label(Hop("g3", "n"), "fr") == "prendre la fusée rouge de g3 vers g3n"
    g.apply(0, Hop("g2", "w"))
    # from g2w (= f2e) the blue rocket of f2 leads to f2w, where violet raider 1 stands
    assert g.label(Hop("f2", "w"), "en") == (
        "ride the blue rocket in f2 to f2w: capture violet raider #1"
    )
    assert "capturer le planet raider violet n°1" in g.label(Hop("f2", "w"), "fr")
    g2 = position(2, "R1@c1n c2:b^ @c2n:green V1@h8n")
    g2.apply(0, SELECT[0])
    assert g2.describe_action(Hop("c2", "n"), "en").endswith(": take an alien of the green planet")
    assert g2.describe_action(Hop("c2", "n"), "fr").endswith(
        ": prendre un alien de la planète verte"
    )
    g3 = position(2, "R1@e4n e4:b< V1@h8n crew:red=green,yellow+2")
    g3.apply(0, SELECT[0])
    assert g3.describe_action(Hop("e4", "w"), "en").endswith(": home with the crew!")
    # an action that is not legal now falls back to the plain label
    assert g3.describe_action(Hop("a1", "n"), "en") == "ride the rocket in zone a1, nose north"


def test_places_are_ordinals_in_both_languages() -> None:
    ev = {"event": "finish", "colour": "red", "seat": 0, "place": 1}
    assert describe_event(ev, "fr").endswith(": 1re place !")
    assert describe_event(ev, "en").endswith(": 1st place!")
    assert describe_event({**ev, "place": 2}, "fr").endswith(": 2e place !")
    assert describe_event({**ev, "place": 3}, "en").endswith(": 3rd place!")
