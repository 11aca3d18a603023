"""Every game's legend (``render.legend(lang)``, reached through ``cli.common.legend``) explains
every symbol and abbreviation its renderer draws, in English and French.

Each game's drawings are read in a few seeded positions (random bots from the start, the
middle and the end of real games, as a seat and as a spectator, in both languages). A list of
patterns per game says which legend entry explains each kind of token; a drawn token of a
pattern must have its entry in the legend, and every character that is not a letter, a digit
or ordinary punctuation (and, on the boards, every character at all) must lie inside some
pattern's token: a new glyph drawn without a legend entry fails here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from rich.text import Text

import spacetable
from spacetable.bots import make_bot
from spacetable.cli.common import legend, renderer
from spacetable.engine import Game
from spacetable.engine.registry import GAME_MODULES
from spacetable.sim import step_bots

GAMES = [m.rsplit(".", 1)[1] for m in GAME_MODULES]
LANGS = ("en", "fr")
#: Punctuation of sentences: never a symbol that needs a legend.
ORDINARY = set(".,;:'’()!?-/+%«»\"")

#: A pattern and the English symbol of the legend entry that explains its tokens (None: prose,
#: such as a separator between two phrases, which needs no entry).
Pattern = tuple[str, str | None]


@dataclass
class Case:
    """How one game draws: its positions and the patterns of its symbols."""

    configs: list[tuple[int, int, dict[str, Any]]]  # (players, seed, options)
    patterns: list[Pattern]
    #: Patterns of the board (grid) lines only, where nothing else may be drawn.
    board: list[Pattern] = field(default_factory=list)


QUAZARYS_BOARD: list[Pattern] = [
    (r"^[ \d]+$", "0 1 2 ..."),  # the column numbers
    (r"^ ?\d+ ", "0 1 2 ..."),  # a row number
    (r"B[0-3]", "B0-B3"),
    (r"B", "B"),
    (r"V", "V"),
    (r"o", "o"),
    (r"\+", "+"),
    (r"[|-]", "| -"),
    (r"[\^><v]", "^ > v <"),
    (r"[0-3]", "0-3"),
    (r"·", "·"),
]
PR_BOARD: list[Pattern] = [
    (r"^[ a-i]+$", "a-i 1-9"),  # the column letters
    (r"^ +\d+ |\d+$", "a-i 1-9"),  # the row numbers, both sides
    (r"^ +[a-i][1-9]: .*$", "e5: b^ r>"),  # the zones with several rockets, under the board
    (r"[RYVG][1-3]", "R1 Y2 V3 G1"),
    (r"\([ryvg]\)", "(v)"),
    (r"@[ryvg]", "@v"),
    (r"#[RYVG]#", "#R#"),
    (r"=", "="),
    (r"·", "·"),
    (r"[br][\^>v<]", "b^ r>"),
    (r"\+4", "+4"),
    (r"[\^>v<]{2,3}", "^>v"),
    (r"\*", "*"),
]
TORTUGA_MAP: list[Pattern] = [
    (r"\d+:\S+", "8:Mines"),
    (r"P[0-3]", "P0-P3"),
    (r"--", "--"),
    (r"D\d+/\d+", "D2/8"),
    (r"C\d+", "C15"),
    (r"\+\d+", "+2"),
    (r"\*", "*"),
    (r"\([0-3]+\)", "(1)"),
    (r"S[0-3]", "S0-S3"),
    (r"\?", "?"),  # after the probed creatures' names (added per game, see _tortuga_names)
]

CASES: dict[str, Case] = {
    "quazarys": Case(
        configs=[(2, 3, {}), (3, 4, {}), (4, 12, {"rotation": "quarter"})],
        patterns=[
            (r"\(\d+,\d+\)", "(r,c)"),
            (r"\w+ \((seat|siège) \d\)", "Colour (seat n)"),
            (r"  ·  ", None),
        ],
        board=QUAZARYS_BOARD,
    ),
    "planetraiders": Case(
        configs=[(2, 3, {}), (4, 2, {}), (4, 4, {"teams": True})],
        patterns=[
            (r"▶", "▶"),
            (r"^(▶ |  )[RYVG] ", "R red"),
            (r"#\d|n°\d", "#1"),
            (r"\b[a-i][1-9][nesw]\b", "e5n"),
            (r"\w+×\d+", "red×1"),
            (r" — ", None),
            (r" \| ", None),
        ],
        board=PR_BOARD,
    ),
    "tortuga2199": Case(
        configs=[(2, 1, {}), (3, 22, {"scenario": "aggressive"}), (4, 12, {})],
        patterns=[
            # an ability's short name, English or French (the same entry of both legends)
            (r"\b(move|dépl):\d+", "move:N"),
            (r"\b(draw|pioche):\d+", "draw:N"),
            (r"\b(mineral|minerai):\d+", "mineral:N"),
            (r"\b(probe|sonde):\d+", "probe:N"),
            (r"\b(atk|att):\d+", "atk:N"),
            (r"\b(def|déf):\d+", "def:N"),
            (r"\bcbt:\d+", "cbt:N"),
            (r"\b(trash|détruire)\b", "trash"),
            (r"\b(reserve|réserve)\b", "reserve"),
            (r"\b(teleport|télép)\b", "teleport"),
            (r"\b(salvage|récup)\b", "salvage"),
            (r"\b(shield|bouclier)\b", "shield"),
            (r"\b(loot|butin)\b", "loot"),
            (r"(?<=\()\d+C\b|(?<=[( ])\d+M\b", "(1C 2M ...)"),
            (r"\d+¢", "3¢"),
            (r"\bx\d+", "x7"),
            (r"\b\d+x ", "2x Name"),
            (r"T\+\d+", "T+1"),
            (r"T piles|Pioches T", "T piles"),
            (r"P[0-3]", "P0-P3"),
            (r" — ", None),
            (r" → ", None),
        ],
        board=TORTUGA_MAP,
    ),
    "wildspace": Case(
        configs=[(1, 1, {}), (1, 2, {"smuggler": "auto", "difficulty": "hard"}), (3, 5, {})],
        patterns=[
            (r"#\d+ — ", "— ..."),
            (r"#\d+", "#47"),
            (r"★", "★"),
            (r"[PJ]\d↓", "P0↓"),
            (r"[PJ]\d↑", "P0↑"),
            (r"(face down|face cachée) — \d", "face down — 3"),
            (r"[○●]\d*", "○2 ●"),
            (r"← (to play|à jouer)", "← to play"),
            (r"Contrebandier", "Contrebandier"),
            (r"cat\. \d", "cat. 2"),
            (r"\) ↓", "↓ (Hostile Planet)"),
            (r"\b(if|si) ", "if ...:"),
            (r" \| ", "a | b"),
            (r"\d/\d/\d", "2/2/1"),
            (r"\b(slot|case) \d", "slot 1-3"),
            (r" · ", None),
            (r"• ", None),
            (r" — ", None),  # "Hand (3) — known in hand: ..."
            (r" = \d+$", None),  # the sum of a score sheet
            (r"explore: draw 3 or play 1|exploration : piocher 3 ou poser 1", None),
        ],
    ),
    "spacedealer": Case(
        configs=[(3, 2, {}), (4, 2, {"rules": "advanced"}), (3, 1, {"mode": "ticks"})],
        patterns=[
            (r"\w+@\d+", "MineG@6"),
            (r"\w+\.\d+ [RYGB]+ \d+/\d+", "MineG.1 RB 2/1"),
            (r"G:[RYGB]*=\d+", "G:RY=3"),
            (r"(?<![\w#])[RYGB]+(?!\w)", "R Y G B"),
            (r"║", "0-11"),
            (r"\d+\*", "6*"),
            (r"^> ", "> Name"),
            (r"#\d+", "#7"),
            (r"~\d+s", "~13s"),
            (r"\(\d+ ■\)", "(2 ■)"),
            (r"\([\w ]+( #\d+)? \d+s\)", "(build #11 13s)"),
            (r"<[\d,]+>", "<0,2>"),
            (r"\d+ -> \d+", "4 -> 5"),
            (r"\([RYGB]+\)", "(RY)"),
            (r"(?<= )\.(?= |$)", "."),
            (r" \| ", None),
            (r"\S+ -> \S+ ?:", None),  # an offer: who to whom
            (r"<->", None),
        ],
    ),
}


def _sd_codes() -> list[Pattern]:
    from spacetable.games.spacedealer.render import ABBR

    out: list[Pattern] = []
    for kind, code in ABBR.items():
        if kind in ("mine", "mine_complex", "fusion_mine"):  # the colour produced follows
            out.append((rf"(?<!\w){re.escape(code[:4])}[RYGB]?(?!\w)", code))
        else:
            out.append((rf"(?<!\w){re.escape(code)}(?!\w)", code))
    return out


CASES["spacedealer"].patterns += _sd_codes()


def _positions(game_id: str, players: int, seed: int, options: dict[str, Any]) -> Iterator[Game]:
    """A seeded game played by random bots, at its start, twice on the way and at its end."""
    g = spacetable.new_game(game_id, players, seed, options)
    bots = [make_bot("random", seed=seed * 10 + s) for s in range(players)]
    yield g.clone()
    steps = 0
    marks = {12, 60}
    while not g.is_over and steps < 3000:
        step_bots(g, bots, tick=5.0)
        steps += 1
        if steps in marks:
            yield g.clone()
    yield g


def _plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def _drawings(game_id: str) -> Iterator[tuple[Game, str, str]]:
    """(game, language, the plain drawing) of every position, as seat 0 and as a spectator."""
    for players, seed, options in CASES[game_id].configs:
        for g in _positions(game_id, players, seed, options):
            draw = renderer(game_id, g.parts)
            for lang in LANGS:
                for seat in (0, None):
                    yield g, lang, _plain(draw(g.view(seat), lang))


def _spans(text: str, patterns: list[Pattern]) -> tuple[set[str | None], list[bool]]:
    """The legend symbols of the tokens found in ``text``, and which characters they cover
    (a pattern takes only characters no earlier pattern took)."""
    covered = [False] * len(text)
    found: set[str | None] = set()
    for pattern, symbol in patterns:
        for m in re.finditer(pattern, text, re.M):
            if m.end() > m.start() and not any(covered[m.start() : m.end()]):
                found.add(symbol)
                for i in range(m.start(), m.end()):
                    covered[i] = True
    return found, covered


def _split(game_id: str, text: str, lang: str) -> tuple[str, str]:
    """The board (map, grid) of a drawing, and the rest without the board's legend printed
    at the end of the screen (from its title on)."""
    lines = text.splitlines()
    head = {"en": "Legend:", "fr": "Légende :"}[lang]
    end = next(i for i, line in enumerate(lines) if line.startswith(head))
    assert all(line.endswith(" ·") for line in lines[end:-1]), lines[end:]  # nothing after
    start = {"quazarys": 0, "planetraiders": 1}.get(game_id, lines.index("") + 1)
    if game_id == "tortuga2199":  # the map has blank lines between its rows of sectors
        stop = next(i for i, x in enumerate(lines) if x.startswith(("Player 0", "Joueur 0")))
    else:
        stop = lines.index("", start)
    return "\n".join(lines[start:stop]), "\n".join(lines[:start] + lines[stop:end])


def _tortuga_names(g: Game) -> list[Pattern]:
    """The probed creatures' names as the map shortens them (``?`` and six letters)."""
    parts = g.parts
    names = {parts.card_name(c, lang)[:6] for c in range(parts.ncard) for lang in LANGS}
    return [(re.escape("?" + n), "?") for n in sorted(names, key=len, reverse=True)]


# ---------------------------------------------------------------------- every game
@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_legend_in_both_languages(game_id: str) -> None:
    en, fr = legend(game_id, "en"), legend(game_id, "fr")
    assert en and fr
    # The same entries in the same order: one translation of each.
    assert len(en) == len(fr)
    for pairs in (en, fr):
        assert all(symbol.strip() and meaning.strip() for symbol, meaning in pairs)
        symbols = [s for s, _ in pairs]
        assert len(set(symbols)) == len(symbols), symbols
    # Another language reads the English legend.
    assert legend(game_id, "de") == en


def test_a_game_without_a_legend_gives_none() -> None:
    assert legend("toy", "en") == []  # the test game (tests/conftest.py) has no render module


@pytest.mark.parametrize("game_id", GAMES)
def test_what_the_renderer_draws_is_in_the_legend(game_id: str) -> None:
    case = CASES[game_id]
    symbols = {lang: [s for s, _ in legend(game_id, lang)] for lang in LANGS}
    seen: set[str] = set()
    for g, lang, text in _drawings(game_id):
        board_patterns = case.board
        if game_id == "tortuga2199":
            board_patterns = _tortuga_names(g) + case.board
        if board_patterns:
            board, text = _split(game_id, text, lang)
            found, covered = _spans(board, board_patterns)
            odd = {ch for ch, c in zip(board, covered, strict=True) if not c and ch not in " \n"}
            assert not odd, f"{game_id} ({lang}) draws {sorted(odd)} on its board:\n{board}"
            seen.update(s for s in found if s is not None)
        found, covered = _spans(text, case.patterns)
        seen.update(s for s in found if s is not None)
        stray = [
            i
            for i, (ch, c) in enumerate(zip(text, covered, strict=True))
            if not c and not ch.isalnum() and not ch.isspace() and ch not in ORDINARY
        ]
        where = {text[max(0, i - 30) : i + 30] for i in stray[:5]}
        assert not stray, f"{game_id} ({lang}) draws symbols without a legend: {where}"
    missing = sorted(seen - set(symbols["en"]))
    assert not missing, f"{game_id}: drawn but not in the legend: {missing}"
    # The positions show most of the legend: the patterns are not dead.
    assert len(seen) >= len(symbols["en"]) // 2, sorted(set(symbols["en"]) - seen)


def test_tortuga_writes_the_abilities_of_a_card_in_the_tables_language() -> None:
    """A card line gives its abilities' short names in the table's language (``dépl:2`` in
    French, ``move:2`` in English), each the symbol of the legend's entry in that language."""
    english = re.compile(r"\b(move|draw|mineral|probe|atk|def):\d|\b(trash|teleport|salvage)\b")
    french = re.compile(r"\b(dépl|pioche|minerai|sonde|att|déf):\d|\b(détruire|télép|récup)\b")
    drawn = {"en": "", "fr": ""}
    for _g, lang, text in _drawings("tortuga2199"):
        drawn[lang] += text
    assert english.search(drawn["en"]) and not french.search(drawn["en"])
    assert french.search(drawn["fr"]) and not english.search(drawn["fr"])
    symbols = {lang: {s for s, _ in legend("tortuga2199", lang)} for lang in LANGS}
    for m in re.finditer(r"\b(dépl|pioche|minerai|sonde|att|déf|cbt):\d+", drawn["fr"]):
        assert m.group(1) + ":N" in symbols["fr"], m.group(0)


# ---------------------------------------------------------------------- Quazarys' bases
def test_quazarys_names_the_owner_of_every_base() -> None:
    """``B2`` in a Base card's corner: whose goal it is, without colours (issue 24); the base
    nobody owns at three players has no owner's mark."""
    from spacetable.games.quazarys.render import CH, CW, OWNER_CELL, draw_grid

    g = spacetable.new_game("quazarys", 3, 4)
    view = g.view(0)
    grid = [_plain(line) for line in draw_grid(view, g.parts)][1:]
    owners = []
    for entry in view["cards"]:
        if "owner" not in entry:
            continue
        row = grid[entry["r"] * CH + OWNER_CELL[0]]
        col = 3 + entry["c"] * CW + OWNER_CELL[1]
        mark = row[col : col + 2]
        owners.append(entry["owner"])
        assert mark == ("··" if entry["owner"] is None else f"B{entry['owner']}"), (entry, mark)
    assert sorted(o for o in owners if o is not None) == [0, 1, 2]
    assert None in owners  # the fourth base, nobody's


def test_quazarys_move_sentences_name_the_pawn_only_when_it_is_another_players() -> None:
    from spacetable.games.quazarys import render
    from spacetable.testing.text import as_read

    describe_event = as_read(render.describe_event)
    own = {"event": "move", "seat": 2, "pawn": 2, "r": 0, "c": 1, "p": 4, "how": "normal"}
    other = dict(own, pawn=0, how="pirates")
    assert _plain(describe_event(own, "fr")) == (
        "Vert (siège 2) déplace son pion vers la station ouest de (0,1)."
    )
    assert _plain(describe_event(own, "en")) == (
        "Green (seat 2) moves their pawn to the west station of (0,1)."
    )
    assert _plain(describe_event(other, "fr")) == (
        "Vert (siège 2) déplace le pion de Rouge (siège 0) vers la station ouest de (0,1) "
        "(pirates)."
    )
    assert _plain(describe_event(other, "en")) == (
        "Green (seat 2) moves the pawn of Red (seat 0) to the west station of (0,1) (pirates)."
    )


# ---------------------------------------------------------------------- Wild Space's automa
def test_wild_space_says_what_the_contrebandier_is_where_the_option_says_smuggler() -> None:
    """The English screen and the options' help name the automa as the rulebook does and say
    it is the smuggler of the options; French keeps the rulebook's name alone."""
    from spacetable.engine import game_class

    g = spacetable.new_game("wildspace", 1, 1)
    draw = renderer("wildspace", g.parts)
    en, fr = _plain(draw(g.view(0), "en")), _plain(draw(g.view(0), "fr"))
    assert any(line.startswith("Contrebandier, the smuggler automa") for line in en.splitlines())
    assert any(line.startswith("Contrebandier ←") for line in fr.splitlines())
    options = game_class("wildspace").info.options
    assert "Contrebandier, the smuggler you play against" in options["smuggler"].help_en
    assert "Contrebandier, the smuggler you play against" in options["difficulty"].help_en
    entry = dict(legend("wildspace", "en"))["Contrebandier"]
    assert "smuggler" in entry
