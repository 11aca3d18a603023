"""Golden transcripts of seeded random playthroughs (real time and ticks)."""

from __future__ import annotations

from pathlib import Path

from spacetable.testing.golden import check_golden, transcript

HERE = Path(__file__).parent / "golden"


def test_golden_realtime_basic() -> None:
    text = transcript("spacedealer", 3, 7, {"length": 300, "timer": 20}, max_lines=250)
    check_golden(HERE / "spacedealer_p3_s7.txt", text)


def test_golden_ticks_advanced_fr() -> None:
    opts = {"mode": "ticks", "rules": "advanced", "length": 120, "timer": 20}
    text = transcript("spacedealer", 4, 3, opts, lang="fr", max_lines=250)
    check_golden(HERE / "spacedealer_p4_s3_ticks_adv.txt", text)
