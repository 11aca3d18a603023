"""Issue 18 on the command line: a box owner exports a game's tables, corrects them, checks
them and plays with them; a player reads the texts of the components their seat sees.

Everything runs on real files in ``tmp_path``, mostly on the test game High Cards (its
deck is ``cards.csv``: one row per value, ``copies`` of it, twelve cards in all). A
corrected deck is seen in play through the scores: every card of the deck is played, so the
scores of a finished game add up to the sum of the deck's values (42 shipped, 47 with one
copy of the 1 and three of the 6).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import spacetable
from spacetable.cli import tournament
from spacetable.cli.main import app
from spacetable.engine import DataError, RecordError, game_class
from spacetable.testing.toy import DATA, HighCards

runner = CliRunner()

SHIPPED_SUM = 42
EDITED_SUM = 47


def one_line_error(res: Result, *fragments: str, code: int) -> str:
    """``res`` is exactly one line ``error: ...`` holding ``fragments``, with status ``code``."""
    assert res.exit_code == code, res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    lines = res.output.strip().splitlines()
    assert len(lines) == 1, res.output
    assert lines[0].startswith("error: "), res.output
    for f in fragments:
        assert f in lines[0], (f, lines[0])
    return lines[0]


def export(directory: Path, game: str = "toy") -> Path:
    res = runner.invoke(app, ["data", "export", game, str(directory)])
    assert res.exit_code == 0, res.output
    return directory


def edit(path: Path, old: str, new: str) -> int:
    """Replace the line ``old`` of ``path`` by ``new``; the line's number (1-based)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    n = lines.index(old)
    lines[n] = new
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return n + 1


def edited_box(tmp_path: Path, name: str = "box") -> Path:
    """An exported deck corrected to one copy of the 1 and three of the 6 (still 12 cards)."""
    box = export(tmp_path / name)
    edit(box / "cards.csv", "1,2,rulebook", "1,1,rulebook")
    edit(box / "cards.csv", "6,2,rulebook", "6,3,rulebook")
    return box


def broken_box(tmp_path: Path) -> tuple[Path, int]:
    """An exported deck whose row of the 5 has a copies that is not a number; its line."""
    box = export(tmp_path / "broken")
    return box, edit(box / "cards.csv", "5,2,rulebook", "5,x,rulebook")


# ---------------------------------------------------------------------------- data export


def test_export_writes_the_shipped_tables_and_refuses_to_overwrite(tmp_path: Path) -> None:
    box = tmp_path / "box"
    res = runner.invoke(app, ["data", "export", "toy", str(box)])
    assert res.exit_code == 0, res.output
    assert "1 table written" in res.output and "cards.csv" in res.output
    shipped = DATA.shipped_text("cards.csv")
    assert (box / "cards.csv").read_text(encoding="utf-8") == shipped
    assert shipped.startswith("#")  # the comments are exported too
    edit(box / "cards.csv", "3,2,rulebook", "3,3,rulebook")
    corrected = (box / "cards.csv").read_text(encoding="utf-8")
    res = runner.invoke(app, ["data", "export", "toy", str(box)])
    one_line_error(res, "cards.csv", "--force", code=2)
    assert (box / "cards.csv").read_text(encoding="utf-8") == corrected  # kept
    res = runner.invoke(app, ["data", "export", "toy", str(box), "--force"])
    assert res.exit_code == 0, res.output
    assert (box / "cards.csv").read_text(encoding="utf-8") == shipped


def test_export_refuses_a_file_and_a_game_without_tables(tmp_path: Path) -> None:
    file = tmp_path / "f.txt"
    file.write_text("x")
    one_line_error(
        runner.invoke(app, ["data", "export", "toy", str(file)]), "not a directory", code=2
    )
    one_line_error(
        runner.invoke(app, ["data", "export", "nope", str(tmp_path / "d")]),
        "unknown game",
        code=2,
    )
    one_line_error(
        runner.invoke(app, ["data", "export", "toy_rt", str(tmp_path / "d")]),
        "toy_rt has no data tables",
        code=2,
    )
    assert not (tmp_path / "d").exists()


# ---------------------------------------------------------------------------- data check


def test_export_then_check_passes(tmp_path: Path) -> None:
    box = export(tmp_path / "box")
    res = runner.invoke(app, ["data", "check", "toy", str(box)])
    assert res.exit_code == 0, res.output
    shipped = spacetable.load_data("toy")
    assert "the data set box is valid" in res.output
    assert f"digest: {shipped.digest} (the same rows as the shipped data)" in res.output
    assert "cards.csv: same rows as shipped" in res.output
    assert "shipped: none" in res.output
    assert "components: 6" in res.output


def test_an_edited_row_is_accepted_and_named(tmp_path: Path) -> None:
    box = edited_box(tmp_path)
    res = runner.invoke(app, ["data", "check", "toy", str(box)])
    assert res.exit_code == 0, res.output
    ds = spacetable.load_data("toy", box)
    assert ds.digest != spacetable.load_data("toy").digest
    assert f"digest: {ds.digest}\n" in res.output
    assert "cards.csv: 2 rows changed (id 1, 6)" in res.output


def test_a_directory_without_a_file_takes_the_shipped_one(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "README.md").write_text("my box")  # a README is allowed and ignored
    res = runner.invoke(app, ["data", "check", "toy", str(empty)])
    assert res.exit_code == 0, res.output
    assert f"from {empty}: none" in res.output and "shipped: cards.csv" in res.output


def test_a_broken_row_is_refused_naming_file_line_and_field(tmp_path: Path) -> None:
    box, line = broken_box(tmp_path)
    res = runner.invoke(app, ["data", "check", "toy", str(box)])
    one_line_error(
        res, f"{box}/cards.csv", f"line {line}", "(id=5)", "field 'copies'", "'x'", code=1
    )


def test_a_broken_count_is_refused_naming_the_file(tmp_path: Path) -> None:
    box = export(tmp_path / "box")
    edit(box / "cards.csv", "3,2,rulebook", "3,3,rulebook")  # 13 cards
    res = runner.invoke(app, ["data", "check", "toy", str(box)])
    one_line_error(res, f"{box}/cards.csv", "13 cards", "12", code=1)


def test_check_refuses_a_stray_file_and_a_missing_directory(tmp_path: Path) -> None:
    box = export(tmp_path / "box")
    (box / "card.csv").write_text("id,copies,source\n")  # misspelt: would be ignored
    one_line_error(
        runner.invoke(app, ["data", "check", "toy", str(box)]),
        "card.csv",
        "not a data file of toy",
        code=1,
    )
    one_line_error(
        runner.invoke(app, ["data", "check", "toy", str(tmp_path / "gone")]),
        "does not exist",
        code=2,
    )


# ---------------------------------------------------------------------------- data show


def test_show_lists_every_component_in_both_languages(tmp_path: Path) -> None:
    for lang in ("en", "fr"):
        res = runner.invoke(app, ["data", "show", "toy", "--lang", lang, "--json"])
        assert res.exit_code == 0, res.output
        assert json.loads(res.output) == spacetable.components("toy", lang)
    res = runner.invoke(app, ["data", "show", "toy", "--lang", "fr"])
    assert res.exit_code == 0, res.output
    assert "6 components" in res.output
    for c in spacetable.load_data("toy").components("fr"):
        assert c.id in res.output and c.name in res.output
    assert "Jouée, elle rapporte 4 points" in res.output and "règle" in res.output


def test_an_edited_row_shows_in_data_show(tmp_path: Path) -> None:
    box = edited_box(tmp_path)
    res = runner.invoke(app, ["data", "show", "toy", "card:6", "--data", str(box)])
    assert res.exit_code == 0, res.output
    assert "Card 6 (card:6)" in res.output
    assert "Played, it scores 6 points. 3 copies." in res.output
    assert "cards.csv, id 6 · rulebook" in res.output
    shipped = runner.invoke(app, ["data", "show", "toy", "card:6"])
    assert "2 copies." in shipped.output and "3 copies" not in shipped.output
    res = runner.invoke(app, ["data", "show", "toy", "--data", str(box), "--lang", "fr", "--json"])
    assert json.loads(res.output) == spacetable.components("toy", "fr", data=box)
    one = runner.invoke(app, ["data", "show", "toy", "card:1", "--data", str(box), "--json"])
    assert json.loads(one.output)["text"] == "Played, it scores 1 point. 1 copy."


def test_show_finds_a_component_by_name_and_filters_by_kind(tmp_path: Path) -> None:
    res = runner.invoke(app, ["data", "show", "toy", "carte 5", "--lang", "fr"])
    assert res.exit_code == 0, res.output
    assert "Carte 5 (card:5)" in res.output
    res = runner.invoke(app, ["data", "show", "toy", "--kind", "card", "--json"])
    assert len(json.loads(res.output)) == 6
    one_line_error(
        runner.invoke(app, ["data", "show", "toy", "--kind", "tile"]),
        "no kind 'tile'",
        "card",
        code=2,
    )
    one_line_error(
        runner.invoke(app, ["data", "show", "toy", "card"]), "names 6 components", code=2
    )
    one_line_error(
        runner.invoke(app, ["data", "show", "toy", "card:9"]), "no component 'card:9'", code=2
    )
    one_line_error(runner.invoke(app, ["data", "show", "toy", "--lang", "de"]), "--lang", code=2)


def test_show_with_a_broken_directory_is_refused(tmp_path: Path) -> None:
    box, line = broken_box(tmp_path)
    res = runner.invoke(app, ["data", "show", "toy", "--data", str(box)])
    one_line_error(res, "cards.csv", f"line {line}", "field 'copies'", code=1)


# ---------------------------------------------------------------------------- --data DIR


BROKEN_RUNS = {
    "play": ["play", "toy", "-p", "2", "--bot", "1=random"],
    "simulate": ["simulate", "toy", "-p", "2", "-n", "2"],
    "tournament": ["tournament", "toy", "-p", "2", "-n", "2", "-w", "1"],
    "balance": ["balance", "toy", "-p", "2", "-n", "2", "-w", "1"],
    "bench": ["bench", "toy", "-p", "2", "--seconds", "0.01", "--mcts-iterations", "2"],
}


@pytest.mark.parametrize("command", sorted(BROKEN_RUNS))
def test_a_broken_directory_is_refused_before_anything_starts(tmp_path: Path, command: str) -> None:
    box, line = broken_box(tmp_path)
    res = runner.invoke(app, [*BROKEN_RUNS[command], "--data", str(box)], input="1\n" * 12)
    one_line_error(res, f"{box}/cards.csv", f"line {line}", "(id=5)", "field 'copies'", code=1)
    res = runner.invoke(app, [*BROKEN_RUNS[command], "--data", str(tmp_path / "gone")])
    one_line_error(res, "--data", "does not exist", code=2)


def test_data_for_a_game_without_tables_is_a_usage_error(tmp_path: Path) -> None:
    res = runner.invoke(app, ["simulate", "toy_rt", "-p", "2", "-n", "1", "--data", str(tmp_path)])
    one_line_error(res, "--data", "toy_rt has no data tables", code=2)


def test_play_with_edited_data_to_the_end_and_resume(tmp_path: Path) -> None:
    box = edited_box(tmp_path)
    save = tmp_path / "g.json"
    args = ["play", "toy", "-p", "2", "--seed", "3", "--data", str(box), "--save", str(save)]
    res = runner.invoke(app, args, input="\n1\n" * 12)
    assert res.exit_code == 0, res.output
    assert "Game over" in res.output
    text = save.read_text()
    g = spacetable.load(text, data=box)
    assert g.is_over and sum(g.outcome().scores) == EDITED_SUM
    assert json.loads(text)["data"] == spacetable.load_data("toy", box).label()
    assert json.loads(text)["meta"]["play"]["data"] == str(box.resolve())
    with pytest.raises(RecordError):
        spacetable.load(text)  # the engine refuses it with the shipped data
    # The same seed with the shipped deck scores the shipped sum.
    plain = tmp_path / "plain.json"
    res = runner.invoke(
        app, ["play", "toy", "-p", "2", "--seed", "3", "--save", str(plain)], input="\n1\n" * 12
    )
    assert res.exit_code == 0, res.output
    assert sum(spacetable.load(plain.read_text()).outcome().scores) == SHIPPED_SUM


def test_play_load_uses_the_directory_the_save_remembers(tmp_path: Path) -> None:
    box = edited_box(tmp_path)
    save = tmp_path / "g.json"
    args = ["play", "toy", "-p", "2", "--seed", "5", "--bot", "1=random"]
    res = runner.invoke(app, [*args, "--data", str(box), "--save", str(save)], input="1\nq\n")
    assert res.exit_code == 0, res.output
    assert not spacetable.load(save.read_text(), data=box).is_over
    resume = ["play", "toy", "--load", str(save), "--save", str(save)]
    res = runner.invoke(app, resume, input="1\n" * 12)
    assert res.exit_code == 0, res.output
    g = spacetable.load(save.read_text(), data=box)
    assert g.is_over and sum(g.outcome().scores) == EDITED_SUM
    assert json.loads(save.read_text())["meta"]["play"]["data"] == str(box.resolve())


def _saved_with(tmp_path: Path, box: Path | None, name: str = "g.json") -> Path:
    save = tmp_path / name
    args = ["play", "toy", "-p", "2", "--seed", "5", "--bot", "1=random", "--save", str(save)]
    res = runner.invoke(app, args + (["--data", str(box)] if box else []), input="1\nq\n")
    assert res.exit_code == 0, res.output
    return save


def test_a_save_with_other_data_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    box = edited_box(tmp_path)
    other = edited_box(tmp_path, "other")
    edit(other / "cards.csv", "2,2,rulebook", "2,1,rulebook")
    edit(other / "cards.csv", "3,2,rulebook", "3,3,rulebook")
    save = _saved_with(tmp_path, box)
    digest = spacetable.load_data("toy", box).digest
    other_digest = spacetable.load_data("toy", other).digest
    res = runner.invoke(app, ["play", "toy", "--load", str(save), "--data", str(other)])
    one_line_error(
        res,
        f"{save} was played with the data set 'box' (digest {digest})",
        f"not with the data in {other.resolve()} (digest {other_digest})",
        "give --data DIR with the tables it was played with",
        code=2,
    )
    # The remembered directory was corrected since the save: the engine's digest decides.
    shutil.copy(other / "cards.csv", box / "cards.csv")
    res = runner.invoke(app, ["play", "toy", "--load", str(save)])
    one_line_error(res, "'box'", "remembered in the save", "changed since", code=2)
    # ... and gone.
    shutil.rmtree(box)
    res = runner.invoke(app, ["play", "toy", "--load", str(save)])
    one_line_error(res, f"the data in {box.resolve()}", "no longer a directory", code=2)


def test_a_shipped_save_is_refused_with_a_data_directory(tmp_path: Path) -> None:
    box = edited_box(tmp_path)
    save = _saved_with(tmp_path, None)
    res = runner.invoke(app, ["play", "toy", "--load", str(save), "--data", str(box)])
    one_line_error(res, "played with the shipped data", "leave out --data", code=2)


def test_a_remembered_directory_now_broken_is_refused_naming_the_row(tmp_path: Path) -> None:
    box = edited_box(tmp_path)
    save = _saved_with(tmp_path, box)
    line = edit(box / "cards.csv", "5,2,rulebook", "5,x,rulebook")
    res = runner.invoke(app, ["play", "toy", "--load", str(save)])
    one_line_error(
        res, "remembered in the save", "cards.csv", f"line {line}", "field 'copies'", code=1
    )


def test_replay_with_the_data_it_was_played_with(tmp_path: Path) -> None:
    box = edited_box(tmp_path)
    g = spacetable.new_game("toy", 2, seed=8, data=box)
    while not g.is_over:
        seat = g.to_act[0]
        g.apply(seat, g.legal_actions(seat)[-1])
    rec = tmp_path / "rec.json"
    rec.write_text(json.dumps(g.record()))
    res = runner.invoke(app, ["replay", str(rec), "--data", str(box)])
    assert res.exit_code == 0, res.output
    assert f"ranks {list(g.outcome().ranks)}" in res.output
    res = runner.invoke(app, ["replay", str(rec)])
    one_line_error(res, "played with the data set 'box'", "not with the shipped data", code=2)
    res = runner.invoke(app, ["replay", str(rec), "--data", str(box), "--step"], input="\n" * 20)
    assert res.exit_code == 0 and f"{g.step}/{g.step}" in res.output
    save = _saved_with(tmp_path, box)  # a save remembers its directory
    assert runner.invoke(app, ["replay", str(save)]).exit_code == 0


def test_simulate_with_edited_data(tmp_path: Path) -> None:
    box = edited_box(tmp_path)
    args = ["simulate", "toy", "-p", "2", "-n", "6", "--seed", "2", "--json"]
    res = runner.invoke(app, [*args, "--data", str(box)])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["data"] == spacetable.load_data("toy", box).label()
    assert out["summary"]["games"] == 6
    assert sum(out["summary"]["score_mean_by_seat"]) == pytest.approx(EDITED_SUM)
    plain = json.loads(runner.invoke(app, args).output)
    assert sum(plain["summary"]["score_mean_by_seat"]) == pytest.approx(SHIPPED_SUM)
    assert plain["data"]["name"] == "shipped"
    res = runner.invoke(app, ["simulate", "toy", "-p", "2", "-n", "2", "--data", str(box)])
    assert res.exit_code == 0 and f"data box ({out['data']['digest']})" in res.output


def test_tournament_workers_load_the_directory(tmp_path: Path) -> None:
    box = edited_box(tmp_path)
    args = ["tournament", "toy", "-p", "2", "-n", "6", "-b", "greedy,random", "--json"]
    runs = [
        json.loads(runner.invoke(app, [*args, "-w", w, "--data", str(box)]).output)
        for w in ("1", "2")
    ]
    for rep in runs:
        assert rep["data"] == spacetable.load_data("toy", box).label()
        assert all(sum(r["scores"]) == EDITED_SUM for r in rep["results"])
    assert [r["scores"] for r in runs[0]["results"]] == [r["scores"] for r in runs[1]["results"]]
    plain = json.loads(runner.invoke(app, [*args, "-w", "2"]).output)
    assert all(sum(r["scores"]) == SHIPPED_SUM for r in plain["results"])


def test_a_job_carries_the_directory_and_refuses_changed_tables(tmp_path: Path) -> None:
    box = edited_box(tmp_path)
    ds = spacetable.load_data("toy", box)
    jobs = tournament.make_jobs("toy", 2, ["random"], 2, seed=1, data=ds)
    assert {(j.data, j.data_digest) for j in jobs} == {(str(box.resolve()), ds.digest)}
    assert sum(tournament.run_job(jobs[0])["scores"]) == EDITED_SUM
    edit(box / "cards.csv", "2,2,rulebook", "2,1,rulebook")
    edit(box / "cards.csv", "3,2,rulebook", "3,3,rulebook")
    tournament._DATA_SETS.clear()  # as in a new worker process
    with pytest.raises(DataError, match="the tables changed during the run"):
        tournament.run_job(jobs[0])


def test_balance_and_bench_with_edited_data(tmp_path: Path) -> None:
    box = edited_box(tmp_path)
    label = spacetable.load_data("toy", box).label()
    res = runner.invoke(
        app, ["balance", "toy", "-p", "2", "-n", "4", "-w", "1", "--json", "--data", str(box)]
    )
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["data"] == label
    args = ["bench", "toy", "-p", "2", "--seconds", "0.01", "--mcts-iterations", "2", "--json"]
    res = runner.invoke(app, [*args, "--data", str(box)])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["results"][0]["data"] == label
    two = ["bench", "toy", "toy_rt", "-p", "2", "--data", str(box)]
    one_line_error(runner.invoke(app, two), "--data", "exactly one game", code=2)


# ---------------------------------------------------------------------------- ? in play


def _sections(output: str) -> list[list[str]]:
    """The component ids of each ``?`` list in a play session's output."""
    found = re.findall(r"What you see \(\d+\):\n(.*?)\n\? N, \? ID", output, re.DOTALL)
    return [re.findall(r"card:\d+", s) for s in found]


def test_question_mark_shows_the_texts_of_the_seat_only() -> None:
    seed = 7
    g = spacetable.new_game("toy", 2, seed)
    assert g.to_act == [0]
    mine = [c.id for c in g.component_texts(0)]
    assert isinstance(g, HighCards)
    theirs = [f"card:{v}" for v in g.hands[1] if f"card:{v}" not in mine]
    assert mine and theirs  # the seed gives each seat a card the other has not
    g.apply(0, g.legal_actions(0)[0])
    seat1 = [c.id for c in g.component_texts(1)]
    script = f"\n?\n? 1\n? {theirs[0]}\n? card\n1\n\n?\nq\n"
    res = runner.invoke(app, ["play", "toy", "-p", "2", "--seed", str(seed)], input=script)
    assert res.exit_code == 0, res.output
    lists = _sections(res.output)
    assert lists == [mine, seat1]
    first = spacetable.component_text("toy", mine[0])
    assert f"{first.name}\n{first.text}\n" in res.output  # ? 1: in full, in a player's words
    assert ".csv" not in res.output  # the data file's row is for `data show`
    assert f"Nothing you see matches {theirs[0]!r}" in res.output  # never the other hand
    assert f"{len(mine)} components you see match 'card':" in res.output
    before_seat1 = res.output.split("Seat 1: your choice")[0]
    for hidden in theirs:  # no text of seat 1's cards while seat 0 plays
        assert spacetable.component_text("toy", hidden).text not in before_seat1


def test_question_mark_in_french_with_edited_data_and_options(tmp_path: Path) -> None:
    box = edited_box(tmp_path)
    args = ["play", "toy", "-p", "2", "--seed", "3", "--bot", "1=random", "--lang", "fr"]
    res = runner.invoke(app, [*args, "--data", str(box)], input="?\n?options\nh\nq\n")
    assert res.exit_code == 0, res.output
    g = spacetable.new_game("toy", 2, 3, data=box)
    g.apply(1, g.legal_actions(1)[0])  # the bot's first move does not change seat 0's hand
    assert g.to_act == [0]
    for c in g.component_texts(0, "fr"):
        assert f"{c.name} {c.id}: {c.text}" in res.output
    assert "6 points. 3 exemplaire(s)." in res.output  # the corrected row
    assert "Ce que vous voyez" in res.output
    assert "Options de cette partie :" in res.output
    # the option in the player's words, then its command-line form
    assert "Taille de la main: 2 cartes (hand=2) · Combien de cartes chaque joueur a en main." in (
        " ".join(res.output.split())
    )
    assert "(par défaut 2; valeurs : 1, 2, 3)" in " ".join(res.output.split())
    assert "?options : les options" in res.output  # h: the help names the commands


def test_question_mark_in_a_game_without_component_texts() -> None:
    res = runner.invoke(app, ["play", "toy_rt", "-p", "2", "--bot", "1=random"], input="?\nq\n")
    assert res.exit_code == 0, res.output
    assert "This game has no component texts." in res.output


# ---------------------------------------------------------------------------- landed games


def test_every_game_with_tables_exports_checks_and_plays_them(tmp_path: Path) -> None:
    """The test game and every game converted to data sets (issue 18) so far."""
    games = [g for g in spacetable.list_games() if game_class(g).data_spec is not None]
    assert "toy" in games
    for game in games:
        box = export(tmp_path / game, game)
        shipped = spacetable.load_data(game)
        res = runner.invoke(app, ["data", "check", game, str(box)])
        assert res.exit_code == 0, res.output
        assert f"digest: {shipped.digest} (the same rows" in res.output
        res = runner.invoke(app, ["data", "show", game, "--data", str(box), "--json"])
        assert len(json.loads(res.output)) == len(shipped.components("en")) > 0
        players = game_class(game).info.min_players
        args = ["simulate", game, "-p", str(players), "-n", "1", "--json", "--data", str(box)]
        res = runner.invoke(app, args)
        assert res.exit_code == 0, res.output
        assert json.loads(res.stdout)["summary"]["games"] == 1


def test_play_draws_a_corrected_board_with_its_own_names(tmp_path: Path) -> None:
    """The terminal drawing and the log take their names from the data played, not the
    shipped tables: a starting planet renamed in the box's tables is drawn renamed."""
    box = export(tmp_path / "box", "wildspace")
    planets = box / "planets.csv"
    planets.write_text(
        planets.read_text(encoding="utf-8").replace(",Aurore,Aurora,", ",Aube,New Dawn,"),
        encoding="utf-8",
    )
    args = ["play", "wildspace", "-p", "2", "--seed", "1", "--bot", "1=random"]
    res = runner.invoke(app, [*args, "--data", str(box)], input="q\n")
    assert res.exit_code == 0, res.output
    plain = runner.invoke(app, args, input="q\n")
    assert plain.exit_code == 0, plain.output
    assert ("New Dawn" in res.output) != ("New Dawn" in plain.output)
    assert "Aurora" in plain.output and "New Dawn" in res.output


def test_a_player_reads_a_reconstructed_text_as_ours_without_its_data_row() -> None:
    """At the table, ``? N`` says plainly that a text is our reconstruction; the file, the
    key and the source word are for ``data show``."""
    from spacetable.cli.common import console
    from spacetable.cli.data_cmd import print_component

    comps = spacetable.load_data("wildspace").components("fr")
    ours = next(c for c in comps if c.source == "reconstructed")
    theirs = next(c for c in comps if c.source == "rulebook")
    with console.capture() as cap:
        print_component(ours, "fr", player=True)
    out = cap.get()
    assert ours.name in out and "Notre reconstitution" in out
    assert ".csv" not in out and ours.id not in out and "reconstitué" not in out
    with console.capture() as cap:
        print_component(theirs, "fr", player=True)
    assert "reconstitution" not in cap.get()
