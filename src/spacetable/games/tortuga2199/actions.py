"""The actions of Tortuga 2199: one frozen value per atomic decision.

Cards are named by their type number (their row in the data set's ``cards.csv``), sectors by
their map slot (0 is Tortuga). Every action the game can offer is built once here
(module-level tables sized by the rulebook's counts: at most ``MAX_CARDS`` card types and
``MAX_SECTORS`` sectors, whatever the data set) and the rules return these prebuilt
objects; :func:`enumerate_actions` lists them for the RL action space, which therefore does
not depend on the data. An action describes itself with card numbers only (it knows no data
set); the game's ``describe_action`` (``labels.describe``) names the cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spacetable.engine import Action, action

from .constants import (
    MAX_CARDS,
    MAX_DEFENCE,
    MAX_PLAYERS,
    MAX_SECTORS,
    RING,
    SPECIAL_KINDS,
    START_DEFENCE,
    TEXT,
)


def _card(c: int, lang: str) -> str:
    return _t(lang, "card_ref", n=c)


def _t(lang: str, key: str, **kw: object) -> str:
    return TEXT.get(lang, key, **kw)


@action("ship")
class ChooseShip(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_ship", card=_card(self.card, lang))


@action("reenter")
class Reenter(Action):
    sector: int

    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_reenter", sector=self.sector)


@action("takeback")
class TakeBack(Action):
    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_takeback")


@action("play")
class Play(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_play", card=_card(self.card, lang))


@action("buy")
class Buy(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_buy_ref", card=_card(self.card, lang))


@action("renew")
class Renew(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_renew", card=_card(self.card, lang))


@action("move")
class Move(Action):
    sector: int

    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_move", sector=self.sector)


@action("collect")
class Collect(Action):
    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_collect")


@action("probe")
class Probe(Action):
    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_probe")


@action("marker")
class PlaceMarker(Action):
    """After a probe: put one of your markers on the token (needed to capture it)."""

    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_marker")


@action("no_marker")
class SkipMarker(Action):
    """After a probe: keep your markers (the marker is optional)."""

    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_no_marker")


@action("reserve")
class Reserve(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_reserve", card=_card(self.card, lang))


@action("research")
class ResearchReserve(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_research", card=_card(self.card, lang))


@action("destroy")
class Destroy(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_destroy", card=_card(self.card, lang))


@action("vortex")
class VortexDestroy(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_vortex", card=_card(self.card, lang))


@action("capture")
class Capture(Action):
    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_capture")


@action("convert")
class Convert(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_convert_ref", card=_card(self.card, lang))


@action("conquer")
class Conquer(Action):
    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_conquer")


@action("conquer_crypto")
class ConquerCrypto(Action):
    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_conquer_crypto")


@action("reinforce")
class Reinforce(Action):
    sector: int
    to: int

    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_reinforce", sector=self.sector, to=self.to)


@action("attack")
class Attack(Action):
    target: int

    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_attack", seat=self.target)


@action("influence")
class BuyInfluence(Action):
    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_influence")


@action("mineral")
class SpendMineral(Action):
    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_mineral")


@action("fortress")
class FortressPower(Action):
    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_fortress")


@action("mines")
class MinesPower(Action):
    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_mines")


@action("end")
class EndTurn(Action):
    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_end")


@action("ability")
class Ability(Action):
    """Use one played ability of the card just played; ``target`` is -1 when it needs none,
    else a sector slot (move, probe, teleport, salvage) or a card type (trash, reserve)."""

    kind: str
    target: int

    def describe(self, lang: str = "en") -> str:
        key = "ab_" + self.kind
        if self.kind in ("trash", "reserve"):
            return _t(lang, key, card=_card(self.target, lang))
        return _t(lang, key, sector=self.target)


@action("ability_done")
class AbilityDone(Action):
    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_ability_done")


@action("commit")
class Commit(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_commit_ref", card=_card(self.card, lang))


@action("commit_done")
class CommitDone(Action):
    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_commit_done")


@action("defend")
class Defend(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_defend_ref", card=_card(self.card, lang))


@action("defend_done")
class DefendDone(Action):
    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_defend_done")


@action("sacrifice")
class Sacrifice(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_sacrifice", card=_card(self.card, lang))


@action("spoils")
class Spoils(Action):
    choice: str

    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_spoils_" + self.choice)


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseShip,
    Reenter,
    TakeBack,
    Play,
    Buy,
    Renew,
    Move,
    Collect,
    Probe,
    PlaceMarker,
    SkipMarker,
    Reserve,
    ResearchReserve,
    Destroy,
    VortexDestroy,
    Capture,
    Convert,
    Conquer,
    ConquerCrypto,
    Reinforce,
    Attack,
    BuyInfluence,
    SpendMineral,
    FortressPower,
    MinesPower,
    EndTurn,
    Ability,
    AbilityDone,
    Commit,
    CommitDone,
    Defend,
    DefendDone,
    Sacrifice,
    Spoils,
)

# ---------------------------------------------------------------- prebuilt tables
NC = MAX_CARDS
NS = MAX_SECTORS
SHIP = [ChooseShip(c) for c in range(NC)]
REENTER = [Reenter(s) for s in range(NS)]
TAKEBACK = TakeBack()
PLAY = [Play(c) for c in range(NC)]
BUY = [Buy(c) for c in range(NC)]
RENEW = [Renew(c) for c in range(NC)]
MOVE = [Move(s) for s in range(NS)]
COLLECT = Collect()
PROBE = Probe()
MARKER = PlaceMarker()
NO_MARKER = SkipMarker()
RESERVE = [Reserve(c) for c in range(NC)]
RESEARCH = [ResearchReserve(c) for c in range(NC)]
DESTROY = [Destroy(c) for c in range(NC)]
VORTEX = [VortexDestroy(c) for c in range(NC)]
CAPTURE = Capture()
CONVERT = [Convert(c) for c in range(NC)]
CONQUER = Conquer()
CONQUER_CRYPTO = ConquerCrypto()
MAX_DEF = max(d for d in MAX_DEFENCE if d is not None)
#: The lowest Defence a reinforcement can reach: one above the lowest starting Defence.
MIN_REINFORCE = 1 + min(d for d in START_DEFENCE if d is not None)
REINFORCE = [[Reinforce(s, x) for x in range(MAX_DEF + 1)] for s in range(NS)]
ATTACK = [Attack(p) for p in range(MAX_PLAYERS)]
BUY_INFLUENCE = BuyInfluence()
SPEND_MINERAL = SpendMineral()
FORTRESS = FortressPower()
MINES = MinesPower()
END = EndTurn()
AB_SECTOR_KINDS = ("move", "probe", "teleport", "salvage")
AB_CARD_KINDS = ("trash", "reserve")
AB_PLAIN_KINDS = ("draw", "mineral")
AB_SECTOR = {k: [Ability(k, s) for s in range(NS)] for k in AB_SECTOR_KINDS}
AB_CARD = {k: [Ability(k, c) for c in range(NC)] for k in AB_CARD_KINDS}
AB_PLAIN = {k: Ability(k, -1) for k in AB_PLAIN_KINDS}
AB_DONE = AbilityDone()
COMMIT = [Commit(c) for c in range(NC)]
COMMIT_DONE = CommitDone()
DEFEND = [Defend(c) for c in range(NC)]
DEFEND_DONE = DefendDone()
SACRIFICE = [Sacrifice(c) for c in range(NC)]
SPOILS_STEAL = Spoils("steal")
SPOILS_BANK = Spoils("bank")


def enumerate_actions(players: int, options: Mapping[str, Any]) -> list[Action]:
    """Every action that can ever be legal with these settings (the RL action space).

    It does not depend on the data set: every card number up to the rulebook's ``MAX_CARDS``
    card types and every slot of the player count's map (its size is the rulebook's) is
    listed for each kind of action, whatever the card or sector there; a reinforcement to
    any Defence from one above the lowest starting Defence to the highest maximum. Unused
    kinds are left out: no attack or combat in the peaceful scenario, sacrifice and spoils
    only in the aggressive one.
    """
    ns = 1 + RING[players] + len(SPECIAL_KINDS)
    scen = options.get("scenario", "standard")
    cards = range(NC)
    out: list[Action] = []
    out += [SHIP[c] for c in cards]
    out += [REENTER[s] for s in range(ns)]
    out.append(TAKEBACK)
    out += [PLAY[c] for c in cards]
    out += [BUY[c] for c in cards]
    out += [RENEW[c] for c in cards]
    out += [MOVE[s] for s in range(ns)]
    out += [COLLECT, PROBE, MARKER, NO_MARKER, CAPTURE, CONQUER]
    if scen == "peaceful":
        out.append(CONQUER_CRYPTO)
    out += [RESERVE[c] for c in cards]
    out += [RESEARCH[c] for c in cards]
    out += [DESTROY[c] for c in cards]
    out += [VORTEX[c] for c in cards]
    out += [CONVERT[c] for c in cards]
    for s in range(ns):
        out += [REINFORCE[s][x] for x in range(MIN_REINFORCE, MAX_DEF + 1)]
    if scen != "peaceful":
        out += [ATTACK[o] for o in range(players)]
    out += [BUY_INFLUENCE, SPEND_MINERAL, FORTRESS, MINES, END]
    for k in AB_SECTOR_KINDS:
        out += [AB_SECTOR[k][s] for s in range(ns)]
    for k in AB_CARD_KINDS:
        out += [AB_CARD[k][c] for c in cards]
    out += [AB_PLAIN[k] for k in AB_PLAIN_KINDS]
    out.append(AB_DONE)
    if scen != "peaceful":
        out += [COMMIT[c] for c in cards]
        out.append(COMMIT_DONE)
        out += [DEFEND[c] for c in cards]
        out.append(DEFEND_DONE)
    if scen == "aggressive":
        out += [SACRIFICE[c] for c in cards]
        out += [SPOILS_STEAL, SPOILS_BANK]
    return out
