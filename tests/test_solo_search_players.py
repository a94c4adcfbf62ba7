"""Issue 32 item 5: ``examples/solo_search.py``'s expected-value player, which discards by
``mjscore.discard_values``, scores more per game than the shanten-greedy player on the
same walls, under babcock and western (a fixed seed, fewer games than the README's run)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import numpy as np
import pytest

import mjscore

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
pytestmark = [
    pytest.mark.skipif(not (EXAMPLES / "solo_search.py").exists(), reason="examples not beside the tests"),
    # the reference backend's search takes minutes a game at this size
    pytest.mark.skipif(mjscore.BACKEND != "cython", reason="games need the compiled search (the reference: minutes a game)"),
]


def _load():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("solo_search", EXAMPLES / "solo_search.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("rules", ["babcock", "western"])
def test_the_expected_value_player_scores_more_per_game(rules: str, capsys: pytest.CaptureFixture[str]) -> None:
    example = _load()
    games = 40
    assert example.main(["--compare", "--games", str(games), "--seed", "5", "--rules", rules]) == 0
    out = capsys.readouterr().out
    found = dict(re.findall(r"^\s+(shanten-greedy|expected value)\s+[\d.]+%\s+([\d.]+)$", out, re.M))
    assert set(found) == {"shanten-greedy", "expected value"}, out
    assert float(found["expected value"]) > float(found["shanten-greedy"]), out


def test_the_expected_value_player_throws_what_the_search_values_best() -> None:
    example = _load()
    rules = mjscore.load_rules("babcock")
    hand = np.array(mjscore.parse_tiles("123m456p789s11233z"), dtype=np.uint8)
    seen = np.zeros(34, dtype=np.uint8)
    choose = example.expected_value_player(rules, horizon=6)
    assert choose(hand, seen, 6) == int(mjscore.discard_values(hand, rules, turns=6).best.tile)
    far = np.array(mjscore.parse_tiles("147m258p369s1234z7z"), dtype=np.uint8)  # far from any win: greedy
    assert choose(far, seen, 6) == example.best_discard(far, seen)
