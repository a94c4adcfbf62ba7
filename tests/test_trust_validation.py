"""The same validation everywhere, and messages that say what is wrong."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import mjscore
from mjscore import InvalidContextError, InvalidHandError

Run = Callable[..., tuple[int, str, str]]
WON = mjscore.parse("123m 456p 789s 1z [777z] +1z")
ROW = np.array([WON.concealed], dtype=np.uint8)


@pytest.mark.parametrize("win_tile", [-1, np.int64(-1), np.int8(-1), np.array([-1]), np.array([-1], np.int16),
                                      [-1]], ids=["int", "int64", "int8", "array", "int16-array", "list"])
def test_win_tile_minus_one_raises_in_score_many_as_in_scorer(backend: str, win_tile: Any) -> None:
    with pytest.raises(InvalidContextError, match="win_tile"):
        mjscore.score_many(ROW, "babcock", melds=[WON_MELDS], win_tile=win_tile)
    with pytest.raises(InvalidContextError, match="win_tile"):
        mjscore.Scorer("babcock", win_tile=-1)
    # None and 255 still mean "unknown: try every tile"
    assert mjscore.score_many(ROW, "babcock", melds=[WON_MELDS], win_tile=None)[0][0] > 0
    assert mjscore.score_many(ROW, "babcock", melds=[WON_MELDS], win_tile=255)[0][0] > 0


WON_MELDS = list(mjscore.rows.codec.meld_bytes(WON.melds))


@pytest.mark.parametrize("jokers", [-1, 256, np.int64(-1), np.array([-1]), np.array([256], np.int32)],
                         ids=["-1", "256", "int64 -1", "array -1", "array 256"])
def test_a_joker_count_that_is_no_byte_raises_like_a_bad_meld_code(backend: str, jokers: Any) -> None:
    with pytest.raises(InvalidHandError, match="jokers"):
        mjscore.score_many(ROW, "western", melds=[WON_MELDS], jokers=jokers)
    with pytest.raises(InvalidHandError, match="meld codes are bytes"):
        mjscore.score_many(ROW, "western", melds=[[256, 255, 255, 255]])


def test_a_joker_count_over_eight_is_still_a_bad_row(backend: str) -> None:
    _, _, status = mjscore.score_many(np.repeat(ROW, 2, axis=0), "western", melds=[WON_MELDS] * 2,
                                      jokers=np.array([9, 0]), return_status=True)
    assert status.tolist() == [mjscore.HandStatus.BAD_COUNT, 0]


@pytest.mark.parametrize("counts", [[0] * 3 + [-1] + [0] * 30, np.array([0] * 3 + [-1] + [0] * 30)],
                         ids=["list", "array"])
def test_scorer_names_a_negative_count(counts: Any) -> None:
    with pytest.raises(InvalidHandError, match=r"a negative count \(-1\) of 4m"):
        mjscore.Scorer("babcock").total(counts)


# --- the command line ---------------------------------------------------------------------------


@pytest.mark.parametrize(("record", "message"), [
    ({"hand": "123m 456p 789s 1z 222z +1z", "winner": False},
     "winner is false but the hand has 14 tiles: a hand that did not go out has 13"),
    ({"hand": "123m 456p 789s 1z 222z", "winner": True},
     "winner is true but the hand has 13 tiles: a hand that went out has 14"),
])
def test_bulk_says_when_winner_contradicts_the_size(run: Run, tmp_path: Path, record: dict[str, Any],
                                                    message: str) -> None:
    source = tmp_path / "hands.jsonl"
    source.write_text(json.dumps(record) + "\n", encoding="utf-8")
    code, _, err = run("bulk", "-q", source)
    assert code == 1 and f"line 1: WRONG_SIZE: {message}" in err
    assert "expected 13 or 14" not in err


def test_bulk_says_a_count_is_negative(run: Run, tmp_path: Path) -> None:
    counts = np.zeros((2, 34), dtype=np.int64)
    counts[:, :14] = 1
    counts[1, 20] = -1
    np.save(tmp_path / "hands.npy", counts)
    code, _, err = run("bulk", "-q", tmp_path / "hands.npy")
    assert code == 1 and "row 1: BAD_COUNT: a negative count (-1) of 3s" in err
    assert "more than 4" not in err


@pytest.mark.parametrize("args", [("--flowers", "5"), ("--flowers", "1,0"), ("--seasons", "7")])
def test_bonus_numbers_out_of_range_are_a_usage_error(run: Run, args: tuple[str, str]) -> None:
    code, _, err = run("score", "123m 456p 789s 1z 222z +1z", *args)
    assert code == 2 and "numbered 1-4" in err


def test_waits_lists_each_reading_once(run: Run) -> None:
    code, out, _ = run("waits", "1111m 2222m 3333m 4m")
    assert code == 0
    lines = [line for line in out.splitlines() if "(standard)" in line]
    readings = [line.split("│")[1].strip() for line in lines]
    assert readings.count("pair 44m (standard)") == 1
    assert len(readings) == len(set(readings)) == 3
