"""The runnable examples (``examples/``) run and print what they promise."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import numpy as np
import pytest

import mjscore

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
pytestmark = pytest.mark.skipif(not (EXAMPLES / "solo_search.py").exists(), reason="examples not beside the tests")


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_solo_search_plays_scores_and_reports(capsys):
    """Issue 11 item 8: games per second, win rate and the score distribution of real games."""
    example = _load("solo_search")
    games = 60 if mjscore.BACKEND == "cython" else 6  # the reference's shanten is slow
    assert example.main(["--games", str(games), "--seed", "3", "--rules", "chinese-classical"]) == 0
    out = capsys.readouterr().out
    rate = re.search(rf"{games} games under chinese-classical in [\d.]+ s: ([\d,]+) games/s", out)
    won = re.search(r"won (\d+) \(([\d.]+)%\) within 30 draws", out)
    assert rate and won, out
    assert 0 < int(won.group(1)) < games  # a 30-draw solo game is won about half the time
    assert "score distribution:" in out and "#" in out


def test_best_discard_keeps_the_ready_hand():
    """The discard choice: from 123m456p789s1122z + 7z, throwing 7z keeps the hand ready
    (shanten 0) with the most tiles left; any other discard breaks a set or a pair."""
    example = _load("solo_search")
    hand = np.array(mjscore.parse_tiles("123m456p789s1122z7z"), dtype=np.uint8)
    assert example.best_discard(hand, np.zeros(34, dtype=np.uint8)) == int(mjscore.Tile.RED)
