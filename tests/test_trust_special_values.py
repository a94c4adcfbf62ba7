"""Special hands score what the book says they earn (issue 30 item 4), on both backends.

A reading that is only a special hand worth a share of the limit earns exactly that
share (``special-value = "share"``); the same tiles read as ordinary sets score the
better of those sets' own total and the special value; hands valued in doubles keep
their doubles; ``special-value = "better"`` keeps the other reading.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import mjscore
from mjscore import RuleSetError, load_rules, score, score_many
from mjscore.core.notation import parse_hand
from mjscore.rows.codec import meld_bytes

# 001, Gate Hands: "Heavenly Gates / Exposed --- Half Limit / Concealed --- Limit /
# ... Pung of ones and nines, plus a run of 2-8 (all in one suit) plus any one tile
# of that suit."
EXPOSED_GATES = "[111s] 2345679999s +8s"
"""Only Heavenly Gates: 2345679999s makes no three sets and a pair."""
NEAR_MISS = "[111s] 2345678999s +1s"
"""Heavenly Gates, and also 111s 123s 456s 789s 99s."""


def _bulk(hand: str, rules: str | mjscore.RuleSet) -> tuple[int, int]:
    """The hand's total and special index through score_many."""
    parsed = parse_hand(hand)
    assert parsed.win_tile is not None
    totals, special = score_many(np.array([parsed.concealed], dtype=np.uint8), rules,
                                 melds=np.frombuffer(meld_bytes(parsed.melds), dtype=np.uint8)[None, :],
                                 win_tile=int(parsed.win_tile))
    return int(totals[0]), int(special[0])


def test_an_exposed_heavenly_gates_earns_half_the_limit(backend: str) -> None:
    """001 "Heavenly Gates ... Exposed --- Half Limit": 150 of 300, not the 240 that
    Babcock's one-suit doubles and "no score other than Mah-Jongg" make of its tiles."""
    result = score(EXPOSED_GATES, "western")
    assert (result.total, result.special, result.limit) == (150, "heavenly-gates", Fraction(1, 2))
    rules = load_rules("western")
    assert _bulk(EXPOSED_GATES, rules) == (150, [h.id for h in rules.hands].index("heavenly-gates"))


def test_heavenly_gates_that_also_read_as_sets_score_the_better_of_the_two(backend: str) -> None:
    """001 Heavenly Gates (Half Limit exposed), whose tiles also read as 111s (exposed)
    123s 456s 789s 99s: that reading's own total, (4 + 20) x 2^3 = 192, its exposed pung
    counted, beats the half limit; the hand-only reading (240 before) earns 150."""
    result = score(NEAR_MISS, "western")
    assert result.total == 192
    assert (result.points, result.doubles) == (24, 3)
    assert "exposed-pung-terminals" in [line.id for line in result.lines]
    assert _bulk(NEAR_MISS, "western")[0] == 192


def test_a_concealed_heavenly_gates_earns_the_limit(backend: str) -> None:
    """001 Heavenly Gates "Concealed --- Limit"."""
    assert score("1112345679999s +8s", "western").total == 300


def test_a_hand_worth_three_doubles_keeps_its_doubles(backend: str) -> None:
    """001 Honor Hands: "All Honors / Exposed --- 3 Doubles / Pungs or Kongs and a pair
    of Winds, Dragons, and Terminals": the hand's own score, three more doubles. (At
    least four pungs, Mah-Jongg and no runs: 46 x 2^3 is over 300, so the limit is
    raised to see the doubles.)"""
    hand = "[111m] [999p] [222z] [333z] 9s +9s"
    plain = score(hand, load_rules("babcock", limit=1000))  # the same sets and items, no special hand
    rules = load_rules("western", limit=1000)
    result = score(hand, rules)
    assert result.special == "all-honors"
    assert (result.points, result.doubles) == (plain.points, plain.doubles + 3) == (48, 3)
    assert result.total == 48 * 2 ** 3
    assert _bulk(hand, rules)[0] == result.total


@pytest.fixture
def better(tmp_path: Path) -> mjscore.RuleSet:
    """``western`` with ``special-value = "better"``."""
    path = tmp_path / "better.toml"
    path.write_text('name = "western-better"\nextends = "western"\nspecial-value = "better"\n')
    return load_rules(path)


def test_special_value_better_keeps_the_hands_own_score_when_higher(backend: str,
                                                                    better: mjscore.RuleSet) -> None:
    """The other reading: a hand read only as a special hand scores the better of its
    own points and its share, as the fold did before: (20 + 10) x 2^3 = 240 for both."""
    assert better.special_value == "better"
    for hand in (EXPOSED_GATES, NEAR_MISS):
        result = score(hand, better)
        assert (result.total, result.special, result.limit) == (240, "heavenly-gates", None)
        assert _bulk(hand, better)[0] == 240


@pytest.mark.parametrize("rules", ["babcock", "chinese-classical", "western", "american"])
def test_each_shipped_file_says_which_reading_it_takes(rules: str) -> None:
    ruleset = load_rules(rules)
    assert ruleset.special_value == "share"
    assert 'special-value = "share"' in Path(ruleset.path).read_text()


def test_a_bad_special_value_names_the_file_and_the_key(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('name = "bad"\nextends = "western"\nspecial-value = "most"\n')
    with pytest.raises(RuleSetError, match=r"bad\.toml.*special-value.*'share'.*'better'.*'most'"):
        load_rules(path)
