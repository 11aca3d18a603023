"""The actions of Tortuga 2199: one frozen value per atomic decision.

Cards are named by their type index (``cards.CARD_ID``), sectors by their map slot (0 is
Tortuga). Every action the game can offer is built once here (module-level tables) and the
rules return these prebuilt objects.
"""

from __future__ import annotations

from spacetable.engine import Action, action
from spacetable.engine.data import Texts

from . import cards as C

TEXT = Texts.load("spacetable.games.tortuga2199")


def _card(c: int, lang: str) -> str:
    return C.card_name(c, lang) if 0 <= c < C.NCARD else str(c)


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
        return _t(lang, "act_buy", card=_card(self.card, lang), cost=C.COST[self.card])


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
        return _t(lang, "act_convert", card=_card(self.card, lang), n=C.HUNT_INFLUENCE[self.card])


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
        return _t(lang, "act_commit", card=_card(self.card, lang), m=C.MANO[self.card])


@action("commit_done")
class CommitDone(Action):
    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_commit_done")


@action("defend")
class Defend(Action):
    card: int

    def describe(self, lang: str = "en") -> str:
        return _t(lang, "act_defend", card=_card(self.card, lang), m=C.MANO[self.card])


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
NC = C.NCARD
NS = C.MAX_SECTORS
SHIP = [ChooseShip(c) for c in range(NC)]
REENTER = [Reenter(s) for s in range(NS)]
TAKEBACK = TakeBack()
PLAY = [Play(c) for c in range(NC)]
BUY = [Buy(c) for c in range(NC)]
RENEW = [Renew(c) for c in range(NC)]
MOVE = [Move(s) for s in range(NS)]
COLLECT = Collect()
PROBE = Probe()
RESERVE = [Reserve(c) for c in range(NC)]
RESEARCH = [ResearchReserve(c) for c in range(NC)]
DESTROY = [Destroy(c) for c in range(NC)]
VORTEX = [VortexDestroy(c) for c in range(NC)]
CAPTURE = Capture()
CONVERT = [Convert(c) for c in range(NC)]
CONQUER = Conquer()
CONQUER_CRYPTO = ConquerCrypto()
MAX_DEF = max(C.KIND_MAX_DEF)
REINFORCE = [[Reinforce(s, x) for x in range(MAX_DEF + 1)] for s in range(NS)]
ATTACK = [Attack(p) for p in range(4)]
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
