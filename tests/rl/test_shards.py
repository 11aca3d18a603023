"""Datasets: ``simulate --record`` writes replayable records, ``shards`` turns them into
training rows (observation, mask, action, outcome) that hold no hidden information."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import spacetable
from spacetable.cli.main import app
from spacetable.engine import RecordError
from spacetable.records import RecordWriter, read_record_line, read_records
from spacetable.rl import observe
from spacetable.rl.shards import ARRAYS, game_rows, load_shards, write_shards

from .configs import one_each

runner = CliRunner()

CONFIGS = one_each()


def _ident(c: tuple[str, int, dict[str, Any]]) -> str:
    g, n, o = c
    return f"{g}-{n}" + ("-" + ",".join(f"{k}={v}" for k, v in sorted(o.items())) if o else "")


def _option_args(options: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for k, v in options.items():
        out += ["-o", f"{k}={v}"]
    return out


def _simulate(
    tmp: Path, game: str, players: int, options: dict[str, Any], *extra: str
) -> tuple[dict[str, Any], Path]:
    res = runner.invoke(
        app,
        [
            "simulate",
            game,
            "-p",
            str(players),
            "-n",
            "2",
            "--seed",
            "11",
            "--bots",
            "random,greedy" if players > 1 else "random",
            "--json",
            "--record",
            str(tmp),
            *_option_args(options),
            *extra,
        ],
    )
    assert res.exit_code == 0, res.output
    report = json.loads(res.stdout)  # stderr may say the simulation options added
    return report, Path(report["records"])


def _check_rows_hide_nothing(
    record: dict[str, Any], arrays: dict[str, Any], rows: np.ndarray[Any, Any], rng: random.Random
) -> None:
    """Each row's observation is the seat's tensor of the real game before the decision and
    of determinized copies of it (resampling what the seat cannot see changes nothing)."""
    hidden = spacetable.game_info(record["game"])["hidden_information"]
    differed = False
    for r in rows:
        step, seat = int(arrays["step"][r]), int(arrays["seat"][r])
        g = spacetable.replay(record, upto=step)
        assert g.step == step and seat in g.to_act
        assert np.array_equal(arrays["obs"][r], observe(g, seat))
        assert list(arrays["mask"][r]) == g.legal_mask(seat)
        for _ in range(2):
            d = g.determinize(seat, random.Random(rng.getrandbits(32)))
            assert np.array_equal(arrays["obs"][r], observe(d, seat))
            differed = differed or d.to_json() != g.to_json()
    assert differed or not hidden  # the copies really resampled something


@pytest.mark.parametrize("config", CONFIGS, ids=_ident)
def test_simulate_records_replay_and_shards_hide_nothing(
    config: tuple[str, int, dict[str, Any]], tmp_path: Path
) -> None:
    game, players, options = config
    report, path = _simulate(tmp_path / "rec", game, players, options)
    assert path.parent == tmp_path / "rec" and path.suffix == ".jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    records = [json.loads(line) for line in lines]
    for i, rec in enumerate(records):
        meta = rec["meta"]
        assert meta["index"] == i
        kinds = ["random", "greedy"] if players > 1 else ["random"]
        places = [kinds[q % len(kinds)] for q in range(players)]  # the line-up as given
        # game i turns the line-up by i seats
        assert meta["bots"] == [places[(i + p) % players] for p in range(players)]
        assert [s["seat"] for s in meta["seats"]] == list(range(players))
        assert [s["bot"] for s in meta["seats"]] == meta["bots"]
        final = spacetable.replay(rec)  # the record as it is, meta and all
        assert final.is_over
        outcome = final.outcome()
        assert meta["ranks"] == list(outcome.ranks)
        assert meta["rewards"] == list(outcome.payoffs())
        assert read_record_line(path, i + 1) == rec
    # the summary and the records agree
    wins = [0.0] * players
    for rec in records:
        firsts = [s for s in range(players) if rec["meta"]["ranks"][s] == 1]
        for s in firsts:
            wins[s] += 1 / len(firsts)
    assert [round(w, 3) for w in wins] == report["summary"]["wins_by_seat"]
    # replay --line shows the second game's end
    res = runner.invoke(app, ["replay", str(path), "--line", "2"])
    assert res.exit_code == 0, res.output
    assert "ranks" in res.output

    out = tmp_path / "shards"
    res = runner.invoke(app, ["shards", str(path), str(out), "--json"])
    assert res.exit_code == 0, res.output
    manifest, arrays = load_shards(out)
    assert manifest == json.loads(res.output)
    n_actions = [sum(1 for e in rec["entries"] if "advance" not in e) for rec in records]
    assert manifest["games"] == 2 and manifest["decisions"] == sum(n_actions)
    assert manifest["hidden_information"] is False
    first = spacetable.replay(records[0], upto=0)
    size = first.action_space.size
    assert manifest["action_size"] == size
    n = sum(n_actions)
    assert arrays["obs"].shape == (n, *manifest["observation_shape"])
    assert arrays["mask"].shape == (n, size)
    for k, dtype in ARRAYS.items():
        assert arrays[k].dtype == np.dtype(dtype), k
    assert list(arrays["game"]) == [0] * n_actions[0] + [1] * n_actions[1]
    # each row: the seat's action, legal in its mask, and the seat's reward of that game
    assert arrays["mask"][np.arange(n), arrays["action"]].all()
    for r in range(n):
        rec = records[int(arrays["game"][r])]
        entry = rec["entries"][int(arrays["step"][r])]
        assert entry["seat"] == int(arrays["seat"][r])
        act = first.parse_action(entry["action"])
        assert first.action_space.to_index(act) == int(arrays["action"][r])
        assert arrays["reward"][r] == np.float32(rec["meta"]["rewards"][entry["seat"]])
        # the row's bot is the one that sat at its seat in that game, read from the record
        kind = rec["meta"]["seats"][entry["seat"]]["bot"]
        assert manifest["bots"][int(arrays["bot"][r])] == kind
    rng = random.Random(5)
    sample = np.array(sorted(rng.sample(range(n), min(n, 24))))
    for number, rec in enumerate(records):
        _check_rows_hide_nothing(rec, arrays, sample[arrays["game"][sample] == number], rng)


def test_tournament_records_carry_the_rotated_lineups(tmp_path: Path) -> None:
    args = ["tournament", "quazarys", "-n", "3", "-b", "greedy,random", "-w", "1", "--json"]
    res = runner.invoke(app, [*args, "--record", str(tmp_path)])
    assert res.exit_code == 0, res.output
    report = json.loads(res.stdout)
    path = Path(report["records"])
    assert path.name == "tournament-quazarys-2p-seed0.jsonl"
    found = [rec for _, rec in read_records(tmp_path)]
    assert [r["meta"]["bots"] for r in found] == [r["lineup"] for r in report["results"]]
    assert [r["seed"] for r in found] == [r["seed"] for r in report["results"]]
    for rec, result in zip(found, report["results"], strict=True):
        assert list(spacetable.replay(rec).outcome().ranks) == result["ranks"]
    # the same run without --record reports the same games
    plain = json.loads(runner.invoke(app, args).stdout)
    assert [r["ranks"] for r in plain["results"]] == [r["ranks"] for r in report["results"]]


def test_records_are_never_overwritten(tmp_path: Path) -> None:
    _, path = _simulate(tmp_path, "wildspace", 1, {})
    before = path.read_bytes()
    res = runner.invoke(
        app,
        ["simulate", "wildspace", "-p", "1", "-n", "2", "--seed", "11", "--record", str(tmp_path)],
    )
    assert res.exit_code == 2
    assert "exists already" in res.output
    assert path.read_bytes() == before
    file = tmp_path / "a-file"
    file.write_text("x")
    res = runner.invoke(app, ["simulate", "wildspace", "-p", "1", "-n", "1", "--record", str(file)])
    assert res.exit_code == 2 and "not a directory" in res.output


def test_record_writer_orders_records_whatever_order_they_come(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    with RecordWriter(path) as w:
        w.add(2, {"i": 2})
        w.add(0, {"i": 0})
        assert w.written == 1
        w.add(1, {"i": 1})
        assert w.written == 3
        with pytest.raises(ValueError, match="given twice"):
            w.add(1, {"i": 1})
    assert [json.loads(x)["i"] for x in path.read_text().splitlines()] == [0, 1, 2]
    w2 = RecordWriter(tmp_path / "gap.jsonl")
    w2.add(1, {"i": 1})
    with pytest.raises(ValueError, match="record 0 never came"):
        w2.close()


def test_shards_split_between_games(tmp_path: Path) -> None:
    _, path = _simulate(tmp_path / "rec", "wildspace", 3, {})
    records = [rec for _, rec in read_records(path)]
    sizes = [len(game_rows(r)) for r in records]
    manifest = write_shards(read_records(path), tmp_path / "s", shard_size=1)
    assert [s["decisions"] for s in manifest["shards"]] == sizes  # a game is never split
    manifest2 = write_shards(read_records(path), tmp_path / "s2", shard_size=10**6)
    assert [s["decisions"] for s in manifest2["shards"]] == [sum(sizes)]
    _, a = load_shards(tmp_path / "s")
    _, b = load_shards(tmp_path / "s2")
    for k in ARRAYS:
        assert np.array_equal(a[k], b[k]), k


def test_one_setting_per_data_set(tmp_path: Path) -> None:
    rec = tmp_path / "rec"
    _simulate(rec, "wildspace", 1, {})
    _simulate(rec, "wildspace", 3, {})
    res = runner.invoke(app, ["shards", str(rec), str(tmp_path / "mixed")])
    assert res.exit_code == 2
    assert "one data set holds one setting" in res.output
    res = runner.invoke(app, ["shards", str(rec), str(tmp_path / "three"), "-p", "3", "--json"])
    assert res.exit_code == 0, res.output
    manifest = json.loads(res.output)
    assert manifest["players"] == 3 and manifest["games"] == 2
    assert manifest["skipped_records"] == 2
    res = runner.invoke(app, ["shards", str(rec), str(tmp_path / "none"), "-g", "quazarys"])
    assert res.exit_code == 2 and "no record" in res.output


def test_bad_records_are_refused_with_their_place(tmp_path: Path) -> None:
    _, path = _simulate(tmp_path / "rec", "quazarys", 2, {})
    records = [rec for _, rec in read_records(path)]
    # an illegal action: seat 1 plays seat 0's first move
    bad = json.loads(json.dumps(records[1]))
    bad["entries"][0]["seat"] = 1 - bad["entries"][0]["seat"]
    tampered = tmp_path / "bad" / "t.jsonl"
    tampered.parent.mkdir()
    tampered.write_text(json.dumps(records[0]) + "\n" + json.dumps(bad) + "\n")
    out = tmp_path / "out"
    res = runner.invoke(app, ["shards", str(tampered), str(out)])
    assert res.exit_code == 2
    assert "t.jsonl:2" in res.output and "entry 0" in res.output
    # an unfinished game has no outcome to learn from
    short = json.loads(json.dumps(records[0]))
    short["entries"] = short["entries"][:5]
    with pytest.raises(RecordError, match="not over"):
        game_rows(short)
    # a line that is not JSON
    tampered.write_text(json.dumps(records[0]) + "\n{oops\n")
    with pytest.raises(RecordError, match=r"t\.jsonl:2: not JSON"):
        write_shards(read_records(tampered), tmp_path / "out2")
    # a non-empty output directory is refused and left as it was
    full = tmp_path / "full"
    full.mkdir()
    (full / "keep.txt").write_text("mine")
    res = runner.invoke(app, ["shards", str(path), str(full)])
    assert res.exit_code == 2 and "not empty" in res.output
    assert [p.name for p in full.iterdir()] == ["keep.txt"]
    # replay names the JSON Lines file and points at --line
    res = runner.invoke(app, ["replay", str(path)])
    assert res.exit_code == 2 and "--line" in res.output
    res = runner.invoke(app, ["replay", str(path), "--line", "9"])
    assert res.exit_code == 2 and "fewer than 9 lines" in res.output


def test_shard_rows_name_the_bot_of_their_seat_in_each_game(tmp_path: Path) -> None:
    """The bots change seats from game to game: a row's bot comes from its game's record,
    and a record that does not say (no meta) gives -1; a meta naming bots wrongly is refused."""
    _, path = _simulate(tmp_path / "rec", "quazarys", 2, {})
    records = [rec for _, rec in read_records(path)]
    assert [r["meta"]["bots"] for r in records] == [["random", "greedy"], ["greedy", "random"]]
    plain = {k: v for k, v in records[1].items() if k != "meta"}  # as `play` saves a game
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text("".join(json.dumps(r) + "\n" for r in (*records, plain)))
    manifest = write_shards(read_records(mixed), tmp_path / "s")
    assert manifest["format"] == "spacetable-shards/3" and manifest["bots"] == ["random", "greedy"]
    _, a = load_shards(tmp_path / "s")
    for game, rec in enumerate((*records, plain)):
        rows = a["game"] == game
        if "meta" not in rec:
            assert (a["bot"][rows] == -1).all()
            continue
        for seat, kind in enumerate(rec["meta"]["bots"]):
            mine = rows & (a["seat"] == seat)
            assert mine.any() and (a["bot"][mine] == manifest["bots"].index(kind)).all()
    # seat 0 was random in game 0 and greedy in game 1
    assert set(a["bot"][(a["game"] == 0) & (a["seat"] == 0)]) == {0}
    assert set(a["bot"][(a["game"] == 1) & (a["seat"] == 0)]) == {1}
    for meta, message in (
        ({"seats": [{"seat": 0, "bot": "random"}]}, "names 1 seats of 2"),
        ({"seats": [{"seat": 0, "bot": "x"}, {"seat": 0, "bot": "y"}]}, "not a new seat"),
        ({"bots": ["random"]}, "one bot kind per seat"),
        ("greedy", "'meta' is an object"),
    ):
        with pytest.raises(RecordError, match=message):
            game_rows({**records[0], "meta": meta})


def test_shards_of_the_first_format_still_load(tmp_path: Path) -> None:
    """Shards written before rows named their bot load with every bot unknown (-1), and
    before reward schemes with the bots' [0, 1] rewards, ``reward`` ``"unit"``."""
    _, path = _simulate(tmp_path / "rec", "quazarys", 2, {})
    out = tmp_path / "s"
    write_shards(read_records(path), out)
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["format"] = "spacetable-shards/1"
    del manifest["bots"], manifest["reward"]
    (out / "manifest.json").write_text(json.dumps(manifest))
    for shard in manifest["shards"]:
        with np.load(out / shard["file"]) as z:
            old = {k: z[k] for k in z.files if k != "bot"}
        np.savez_compressed(out / shard["file"], **old)
    loaded, a = load_shards(out)
    assert loaded["bots"] == [] and a["bot"].dtype == np.int16 and loaded["reward"] == "unit"
    assert (a["bot"] == -1).all() and a["bot"].shape == a["action"].shape
