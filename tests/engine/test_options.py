from __future__ import annotations

import re
from pathlib import Path

import pytest

import spacetable
from spacetable.engine import (
    DataError,
    GameInfo,
    OptionError,
    OptionSpec,
    UnknownGame,
    game_class,
    option_words,
)

INFO = GameInfo(
    id="x",
    name_en="X",
    name_fr="X",
    min_players=2,
    max_players=4,
    options={
        "mode": OptionSpec(default="a", choices=("a", "b")),
        "length": OptionSpec(default=30.0, kind=float, minimum=1, maximum=60),
        "teams": OptionSpec(default=False, choices=(False, True), players=(4,)),
    },
)


def test_defaults_filled() -> None:
    assert INFO.normalize_options(3, {}) == {"mode": "a", "length": 30.0, "teams": False}
    assert INFO.normalize_options(4, {"teams": True, "length": 5})["length"] == 5.0


@pytest.mark.parametrize(
    ("players", "options", "fragment"),
    [
        (1, {}, "2 to 4 players"),
        (5, {}, "2 to 4 players"),
        ("3", {}, "integer"),
        (3, {"colour": 1}, "unknown option.*colour"),
        (3, {"mode": "c"}, "'mode'.*bad value"),
        (3, {"length": 0.5}, "'length'.*below"),
        (3, {"length": "long"}, "'length'.*expected float"),
        (3, {"teams": True}, "'teams'.*needs 4 players"),
    ],
)
def test_bad_settings_raise_value_error_naming_them(
    players: object, options: dict[str, object], fragment: str
) -> None:
    with pytest.raises(OptionError, match=fragment):
        INFO.normalize_options(players, options)  # type: ignore[arg-type]
    assert issubclass(OptionError, ValueError)


def test_new_game_checks() -> None:
    with pytest.raises(UnknownGame, match="unknown game"):
        spacetable.new_game("chess", 2)
    with pytest.raises(ValueError, match="players"):
        spacetable.new_game("toy", 9)
    with pytest.raises(ValueError, match="unknown option"):
        spacetable.new_game("toy", 2, options={"speed": 3})
    with pytest.raises(ValueError, match="seed"):
        spacetable.new_game("toy", 2, seed="x")  # type: ignore[arg-type]


def test_game_info_is_json_data() -> None:
    info = spacetable.game_info("toy")
    assert info["names"] == {"en": "High Cards (test game)", "fr": "Cartes hautes (jeu de test)"}
    assert info["min_players"] == 1 and info["max_players"] == 4
    assert info["options"]["hand"]["default"] == 2
    assert info["options"]["hand"]["choices"] == [1, 2, 3]
    assert info["realtime"] is False


def test_every_listed_game_imports() -> None:
    from spacetable.engine.registry import broken_games

    assert broken_games() == {}


def test_whether_a_game_runs_in_real_time_follows_its_options() -> None:
    """``GameInfo.realtime_with`` (what the lobby and the server read before any game exists)
    says what a game built with those options says, for every game and every choice of the
    options that decide it."""
    for game in spacetable.list_games():
        info = spacetable.game_class(game).info
        spec = info.to_json()
        assert spec["turn_based_when"] == dict(info.turn_based_when)
        choices: list[dict[str, object]] = [{}]
        for name in info.turn_based_when:
            choices += [{name: c} for c in info.options[name].choices or ()]
        for options in choices:
            g = spacetable.new_game(game, info.min_players, options=options)
            assert info.realtime_with(options) == g.realtime, (game, options)
            assert info.realtime_with(g.options) == g.realtime, (game, options)
    sd = spacetable.game_class("spacedealer").info
    assert sd.realtime_with({}) and not sd.realtime_with({"mode": "ticks"})


# --- what a player reads about the options --------------------------------------------------

#: Code forms a player must never read: a snake_case word, a quoted code value, a section sign,
#: a data file's path.
CODE_WORD = re.compile(r"[a-z]+_[a-z_]+|'[a-z_]+'|§|data/|\.csv")


@pytest.mark.parametrize("game_id", spacetable.list_games())
def test_every_option_has_a_label_a_help_and_named_choices_in_both_languages(
    game_id: str,
) -> None:
    """The lobby, the terminal's set-up and ``?options`` show an option by its label, its
    help and its choices' names, in the person's language: none is missing or shows code."""
    for name, spec in game_class(game_id).info.options.items():
        for lang in ("en", "fr"):
            words = [spec.label(lang), spec.help(lang)]
            if spec.choices is not None:
                names = [spec.choice_label(c, lang) for c in spec.choices]
                assert len(set(names)) == len(names), (game_id, name, lang, names)
                words += names
            for word in words:
                assert word.strip(), (game_id, name, lang)
                assert not CODE_WORD.search(word), (game_id, name, lang, word)
            assert spec.help(lang).endswith("."), (game_id, name, lang)
        assert spec.label("fr") != "" and spec.label("fr") is not spec.label_en, name
        if spec.choices is not None:
            assert len(spec.choices_en) == len(spec.choices) == len(spec.choices_fr), name
        as_json = spec.to_json()
        assert as_json["label"] == {"en": spec.label_en, "fr": spec.label_fr}


def test_an_options_words_missing_from_its_text_file_name_the_key_and_the_field(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game whose ``text.toml`` lacks an option's help fails on load, naming where."""
    pkg = tmp_path / "wordsgame"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "text.toml").write_text(
        '[en]\noption_speed = {label = "Speed", choices = ["Slow", "Fast"]}\n'
        '[fr]\noption_speed = {label = "Vitesse", help = "Vite.", choices = ["Lent", "Vite"]}\n'
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(DataError, match=r"wordsgame/text.toml \[en\] option_speed: field 'help'"):
        option_words("wordsgame.rules", "speed")
    with pytest.raises(DataError, match=r"option_other: missing"):
        option_words("wordsgame.rules", "other")


def test_choice_names_must_match_the_choices() -> None:
    with pytest.raises(ValueError, match="choices_en names 1 choices; the option has 2"):
        OptionSpec(default=1, choices=(1, 2), choices_en=("one",))
    spec = OptionSpec(default=True, choices=(True, False), choices_en=("Yes", "No"))
    assert spec.choice_label(1, "en") == "1"  # 1 is not the option's value True
    assert spec.choice_label(False, "fr") == "No"
