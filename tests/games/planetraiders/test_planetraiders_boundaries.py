"""Both sides of every boundary the rulebook (and our end-of-game rules) state, each written
from the rule's words: a thing allowed at the limit is refused one step past it.

Positions use the text notation of ``spacetable.games.planetraiders.notation``: ``R1@c1n`` is
red raider 1 on the north side of ``c1``, ``c2:b^`` a blue rocket in ``c2`` with its nose
north, ``hand:red=2b1r`` a hand, ``crew:red=green,yellow+1`` two aliens and one capture.
"""

from __future__ import annotations

import pytest

from spacetable.engine import IllegalAction
from spacetable.games.planetraiders.actions import (
    END_MOVES,
    END_TURN,
    EXCHANGE,
    GIVE,
    SELECT,
    STOP,
    Give,
    Hop,
    Place,
)
from spacetable.games.planetraiders.constants import (
    BLUE,
    COLOURS,
    PHASE_HOP,
    PHASE_MOVE,
    PHASE_PLACE,
    RED,
    End,
)
from spacetable.games.planetraiders.notation import position
from spacetable.games.planetraiders.rules import PlanetRaiders
from spacetable.games.planetraiders.tables import shipped_parts

#: The shipped data set's board and set-up.
BOARD = shipped_parts()

Z = BOARD.zone
P = BOARD.pad


def zones(g: PlanetRaiders, rid: int) -> list[str]:
    """The zones whose rocket raider ``rid`` may ride now."""
    return [a.zone for a in g.hop_actions(rid) if isinstance(a, Hop)]


def to_step_3(g: PlanetRaiders) -> None:
    if g.phase == PHASE_MOVE:
        g.apply(g.cur, END_MOVES)
    assert g.phase == PHASE_PLACE


def end_turn(g: PlanetRaiders) -> None:
    """The player to act ends its turn at once, keeping its hand."""
    s = g.cur
    if g.phase == PHASE_MOVE:
        g.apply(s, END_MOVES)
    if g.cur == s and not g.is_over:
        g.apply(s, END_TURN)


# ----------------------------------------------------------------------------- a rocket's reach
def test_reach_a_rocket_beside_the_pad_but_not_one_square_further() -> None:
    """§5.1 "son regard croise une fusée sur les zones proches de lui": the zones on either
    side of the pad (c2n lies between c2 and c3), not the next one along the line (c4)."""
    assert zones(position(2, "R1@c2n c3:b^ V1@h8n"), 0) == ["c3"]
    assert zones(position(2, "R1@c2n c2:bv V1@h8n"), 0) == ["c2"]
    assert zones(position(2, "R1@c2n c4:b^ V1@h8n"), 0) == []
    assert zones(position(2, "R1@c2n c1:b^ V1@h8n"), 0) == []


@pytest.mark.parametrize(("nose", "lands"), [("^", "c3n"), (">", "c3e"), ("<", "c3w"), ("v", None)])
def test_reach_every_nose_but_the_one_pointing_at_the_raider(nose: str, lands: str | None) -> None:
    """§5.1 "il va alors sur le pavé bleu indiqué par le nez de la fusée": a rocket carries
    the raider to the side under its nose; a nose at the raider's own pad carries it nowhere."""
    g = position(2, f"R1@c2n c3:b{nose} V1@h8n")
    if lands is None:
        assert zones(g, 0) == []
        return
    g.apply(0, SELECT[0])
    g.apply(0, Hop("c3", lands[-1]))
    assert g.rpad[0] == P(lands)


@pytest.mark.parametrize(
    ("text", "usable"),
    [
        ("R1@c3w c3:b^", True),  # a blue rocket in a neutral zone
        ("R1@e3w e3:b^", False),  # §5.2 "Une fusée bleue ne peut pas ... en zone de météorites"
        ("R1@e3w e3:r^", True),  # §5.2 "Une fusée rouge peut être utilisée partout"
    ],
)
def test_blue_rockets_stop_at_the_meteorites_red_ones_do_not(text: str, usable: bool) -> None:
    assert BOARD.is_meteor[Z("e3")] and not BOARD.is_meteor[Z("c3")]
    g = position(2, f"{text} V1@h8n")
    assert bool(zones(g, 0)) is usable


# ----------------------------------------------------------------------------- moves in a turn
def test_each_raider_moves_once_a_turn_and_again_the_next_turn() -> None:
    """§4 "ils ne peuvent plus être bougés, sauf au tour suivant": after its move a raider
    may not be selected again this turn; the other may; next turn the first may again."""
    g = position(2, "R1@c1n c2:b^ c3:b^ R2@g1n g2:b^ V1@h8n")
    g.apply(0, SELECT[0])
    assert STOP not in g.legal_actions(0)  # zero hops: a selected raider must ride one
    g.apply(0, Hop("c2", "n"))
    assert STOP in g.legal_actions(0)  # one hop: it may stop
    g.apply(0, STOP)
    assert g.legal_actions(0) == [SELECT[1], END_MOVES]
    with pytest.raises(IllegalAction):
        g.apply(0, SELECT[0])
    g.apply(0, SELECT[1])
    g.apply(0, Hop("g2", "n"))  # its last usable rocket: the move, and step 1, end by themselves
    assert g.phase == PHASE_PLACE and g.moved == 0b011
    g.apply(0, END_TURN)
    assert g.cur == 0  # violet had nothing to do: its turn passed
    assert g.phase == PHASE_MOVE and g.moved == 0
    assert SELECT[0] in g.legal_actions(0)  # c3 still waits beside R1, the next turn


def test_a_move_goes_on_while_a_usable_rocket_waits_and_ends_at_the_last() -> None:
    """§5.1 "Tant qu'un planet raider rencontre des fusées qu'il peut utiliser ... il le
    fait si le joueur le souhaite": one rocket left, the raider may ride on; none, it stops."""
    g = position(2, "R1@c1n c2:b^ c3:b^ V1@h8n")
    g.apply(0, SELECT[0])
    g.apply(0, Hop("c2", "n"))
    assert g.phase == PHASE_HOP and g.legal_actions(0) == [Hop("c3", "n"), STOP]
    g.apply(0, Hop("c3", "n"))
    assert g.phase == PHASE_PLACE  # no rocket left: the move and step 1 ended
    assert (g.blue[0], g.red[0]) == (2, 0)  # step 2: both rockets used are collected


# ----------------------------------------------------------------------------- rockets in hand
@pytest.mark.parametrize(("blue", "offered"), [(0, False), (1, False), (2, True), (3, True)])
def test_exchange_needs_two_blue_rockets(blue: int, offered: bool) -> None:
    """§5.2 "remplacer deux fusées bleues par une fusée rouge"."""
    g = position(2, f"R1@a1n V1@h8n hand:red={blue}b1r")
    to_step_3(g)
    assert (EXCHANGE in g.legal_actions(0)) is offered


def test_two_exchanges_from_four_blue_and_never_back() -> None:
    """Each exchange turns exactly two blue into one red; a red is never turned back
    ("ceci est irréversible")."""
    g = position(2, "R1@a1n V1@h8n hand:red=4b")
    to_step_3(g)
    g.apply(0, EXCHANGE)
    assert (g.blue[0], g.red[0]) == (2, 1)
    g.apply(0, EXCHANGE)
    assert (g.blue[0], g.red[0]) == (0, 2)
    assert EXCHANGE not in g.legal_actions(0)
    assert {type(a).__name__ for a in g.legal_actions(0)} == {"Place", "EndTurn"}


def test_the_turn_ends_when_the_last_rocket_of_the_hand_is_placed() -> None:
    """§4 step 3 "tout ou partie des fusées": with one rocket left the player may still
    place or keep it; with none the turn is over."""
    g = position(2, "R1@a1n V1@h8n hand:red=1b1r hand:violet=1b")
    to_step_3(g)
    g.apply(0, Place("c3", "blue", "n"))
    assert g.cur == 0 and g.phase == PHASE_PLACE  # one red rocket left
    assert not any(isinstance(a, Place) and a.colour == "blue" for a in g.legal_actions(0))
    g.apply(0, Place("c5", "red", "n"))
    assert g.cur == 1  # the hand is empty


def test_placement_one_rocket_a_side_and_blue_on_neutral_zones_only() -> None:
    """§3.1 "Une fusée rouge peut aller sur les deux zones. Une fusée bleue ne peut aller que
    sur les zones neutres"; a zone holds at most one rocket per side (interpretation 1)."""
    g = position(2, "R1@a1n V1@h8n c4:r^ hand:red=1b1r")
    to_step_3(g)
    legal = set(g.legal_actions(0))
    assert Place("c3", "blue", "n") in legal and Place("c3", "red", "n") in legal
    assert Place("e3", "red", "n") in legal and Place("e3", "blue", "n") not in legal
    assert not {Place("c4", c, "n") for c in ("blue", "red")} & legal  # that side is taken
    assert {Place("c4", c, s) for c in ("blue", "red") for s in "esw"} <= legal  # not the others
    assert not any(isinstance(a, Place) and a.zone == "d4" for a in legal)  # a ship


@pytest.mark.parametrize("players", [2, 3])
def test_gifts_with_more_than_two_players_only_to_players_in_play(players: int) -> None:
    """§4 "dans une partie à plus de deux joueurs, en passer à un autre joueur"."""
    g = position(players, "R1@a1n V1@h8n hand:red=1b1r" + (" Y1@a9n" if players == 3 else ""))
    to_step_3(g)
    gifts = {a for a in g.legal_actions(0) if isinstance(a, Give)}
    if players == 2:
        assert not gifts
        return
    assert gifts == {GIVE[BLUE][1], GIVE[RED][1], GIVE[BLUE][2], GIVE[RED][2]}
    g2 = position(3, "R1@a1n V1@h8n hand:red=1b1r")
    g2.out[1] = True  # yellow has lost every raider
    to_step_3(g2)
    assert {a for a in g2.legal_actions(0) if isinstance(a, Give)} == {GIVE[BLUE][2], GIVE[RED][2]}


# ----------------------------------------------------------------------------- captures, aliens
def test_each_capture_gains_one_blue_rocket() -> None:
    """§4 "à chaque capture d'un planet raider ennemi, il gagne une fusée bleue
    supplémentaire": two captures, two more rockets than the two used."""
    g = position(2, "R1@c1n c2:b^ V1@c2n R2@g1n g2:b^ V2@g2n V3@h8n")
    g.apply(0, SELECT[0])
    g.apply(0, Hop("c2", "n"))
    assert g.ncaps[0] == 1 and g.blue[0] == 1  # the bonus at once; c2's rocket is collected later
    g.apply(0, SELECT[1])
    g.apply(0, Hop("g2", "n"))
    assert g.ncaps[0] == 2
    assert g.blue[0] == 2 + 2  # two bonuses, then the two rockets used


@pytest.mark.parametrize(
    ("taken", "open_"), [("violet", False), ("red,yellow,green", True), ("", True)]
)
def test_one_alien_per_planet(taken: str, open_: bool) -> None:
    """§4 "Les joueurs ne peuvent prendre qu'un alien au plus par planète": the violet alien
    on e1n is out of reach once a violet alien is taken, whatever else is."""
    crew = f" crew:red={taken}" if taken else ""
    g = position(2, f"R1@e1w e1:b^ V1@h8n aliens=standard{crew}")
    assert (zones(g, 0) == ["e1"]) is open_


@pytest.mark.parametrize(
    ("crew", "home"),
    [
        ("green,yellow+1", False),  # 2 aliens + 1 raider: one member missing
        ("green,yellow+2", True),  # 2 aliens + 2 raiders
        ("green,yellow,violet", False),  # 3 aliens + 0 raiders: one member missing
        ("green,yellow,violet+1", True),  # 3 aliens + 1 raider
    ],
)
def test_home_needs_a_complete_crew(crew: str, home: bool) -> None:
    """§2 "Un équipage est composé de 4 membres : 2 aliens différents et 2 planet raiders
    ennemis ... ou bien 3 aliens différents et 1 planet raider ennemi"; §4 "Le premier joueur
    qui après avoir constitué son équipage atteint son vaisseau a gagné" (d4 is red's ship)."""
    g = position(2, f"R1@e4n e4:b< V1@h8n crew:red={crew}")
    g.apply(0, SELECT[0])
    g.apply(0, Hop("e4", "w"))
    assert g.rpad[0] == P("d4e") or home
    assert (g.finished == [0]) is home
    assert g.is_over is home  # at 2 players the first one home ends the game
    if home:
        assert g.outcome().reason == End.HOME and g.outcome().ranks == (1, 2)


# ----------------------------------------------------------------------------- the end
@pytest.mark.parametrize("already_home", [0, 1])
def test_the_game_ends_when_every_player_but_one_is_home(already_home: int) -> None:
    """§2 "Le second est celui qui aura fait la même chose mais en 2ème position et ainsi de
    suite": at 3 players the first arrival leaves two in play (the game goes on), the second
    leaves one (the game is over)."""
    g = position(3, "R1@e4n e4:b< Y1@a9n V1@h8n hand:violet=1b crew:red=green,yellow+2")
    if already_home:
        g.finished = [1]  # yellow came home before
        g.occ[P("a9n")] = -1
        g.rpad[3] = -1
    g.apply(0, SELECT[0])
    g.apply(0, Hop("e4", "w"))
    assert len(g.finished) == 1 + already_home
    assert g.is_over is bool(already_home)
    if already_home:
        assert g.outcome().reason == End.HOME
        assert g.outcome().ranks == (2, 1, 3)  # in order of arrival, then the one in play
    else:
        assert g.cur == 2 and g.phase == PHASE_PLACE  # play goes on for second place


@pytest.mark.parametrize("yellow_in_play", [True, False])
def test_the_game_ends_when_one_player_is_left_in_play(yellow_in_play: bool) -> None:
    """Interpretation 6: a player whose raiders are all captured is out; the game ends when
    at most one player is still in play (here: red captures violet's last raider)."""
    g = position(3, "R1@c1n c2:b^ V1@c2n" + (" Y1@a9n" if yellow_in_play else ""))
    if not yellow_in_play:
        g.out[1] = True
    g.apply(0, SELECT[0])
    g.apply(0, Hop("c2", "n"))
    assert g.out[2]
    assert g.is_over is not yellow_in_play
    if not yellow_in_play:
        assert g.outcome().reason == End.LAST_IN_PLAY
        assert g.outcome().ranks == (1, 2, 2)  # the eliminated share the last place


@pytest.mark.parametrize("partner_in_play", [True, False])
def test_a_team_is_out_when_both_partners_are(partner_in_play: bool) -> None:
    """Interpretation 7: with teams, a team with no raider left loses (yellow + green)."""
    g = position(
        4,
        "R1@c1n c2:b^ Y1@c2n V1@a9n" + (" G1@h8n" if partner_in_play else ""),
        {"teams": True},
    )
    if not partner_in_play:
        g.out[3] = True
    g.apply(0, SELECT[0])
    g.apply(0, Hop("c2", "n"))
    assert g.out[1]
    assert g.is_over is not partner_in_play
    if not partner_in_play:
        out = g.outcome()
        assert out.reason == End.TEAM_ELIMINATED and out.ranks == (1, 3, 1, 3)


def test_round_limit_the_turn_before_and_the_turn_at_the_limit() -> None:
    """Interpretation 12: the game stops after ``round_limit`` rounds (x players turns)."""
    g = position(2, "R1@a1n V1@h8n hand:red=1b hand:violet=1b", {"round_limit": 3})
    assert g.turn_limit == 6
    for _ in range(5):
        end_turn(g)
    assert not g.is_over and g.turns == 5 and g.view()["turn"] == 5
    end_turn(g)
    assert g.is_over and g.turns == 6
    assert g.outcome().reason == End.ROUND_LIMIT


@pytest.mark.parametrize("progress_at_turn_3", [False, True])
def test_stall_limit_the_turn_before_and_the_turn_at_the_limit(progress_at_turn_3: bool) -> None:
    """Interpretation 12: the game stops after ``stall_rounds`` rounds (x players turns)
    without any capture, alien or arrival; one of them starts the count again."""
    g = position(2, "R1@c1n c2:b^ @c2n:green V1@h8n hand:violet=1b", {"stall_rounds": 2})
    assert g.stall_limit == 4
    end_turn(g)  # red: 1 quiet turn
    end_turn(g)  # violet: 2
    assert g.quiet == 2 and not g.is_over
    if progress_at_turn_3:
        g.apply(0, SELECT[0])
        g.apply(0, Hop("c2", "n"))  # red takes the green alien: progress
        assert g.aliens[0] == 1 << COLOURS.index("green")
    end_turn(g)  # red: 3 quiet turns, or none
    assert not g.is_over and g.quiet == (0 if progress_at_turn_3 else 3)
    end_turn(g)  # violet: the turn at the limit, or 1 quiet turn
    assert g.is_over is not progress_at_turn_3
    if g.is_over:
        assert g.outcome().reason == End.NO_PROGRESS
    else:
        assert g.quiet == 1
