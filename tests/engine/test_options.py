from __future__ import annotations

import pytest

import spacetable
from spacetable.engine import GameInfo, OptionError, OptionSpec, UnknownGame

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
