"""Options for the readings players dispute, each tested both ways (issue 12 item 6).

Each option keeps the shipped reading as its default and offers the other one; the rule
files say why (their header comments). Seeds: ``004`` is Babcock's chapter 4, ``002`` the
chinese-classical scoring chart. Run on both backends.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import mjscore

SOUTH = {"seat_wind": "S", "prevailing_wind": "E"}


def _ids(score: mjscore.Score) -> set[str]:
    return {line.id for line in score.lines}


# 004 "The Lucky Thirteen | Scores one-third the Limit, usually 100 points"
RICH = "555z 666z 777z 111z 5p +5p"  # concealed honour pungs: worth more than 100 on its own


def test_lucky_thirteen_keeps_the_better_score_by_default() -> None:
    own = mjscore.score(RICH, "babcock", **SOUTH).total
    lucky = mjscore.score(RICH, "babcock", declared_calling=True, **SOUTH)
    assert own > 100  # the hand is a real test of "better of"
    assert lucky.total == own and lucky.special == "lucky-thirteen"


def test_lucky_thirteen_exact_scores_one_third_of_the_limit() -> None:
    rules = mjscore.load_rules("babcock", lucky_thirteen_exact=True)
    lucky = mjscore.score(RICH, rules, declared_calling=True, **SOUTH)
    assert (lucky.total, lucky.special, lucky.limit) == (100, "lucky-thirteen", Fraction(1, 3))


def test_lucky_thirteen_exact_on_a_poor_hand_is_the_same_either_way() -> None:
    poor = "123m 456p 789s 23s 55s +4s"
    default = mjscore.score(poor, "babcock", declared_calling=True, **SOUTH)
    exact = mjscore.score(poor, mjscore.load_rules("babcock", lucky_thirteen_exact=True),
                          declared_calling=True, **SOUTH)
    assert default.total == exact.total == 100


# 004 "No score other than Game, MAH-JONGG | 10 points"
BARE_SELF_DRAWN = ("123m 456p 789s 23s 55s +4s", {"self_drawn": True, **SOUTH})


def test_no_score_is_spoilt_by_a_self_drawn_point_by_default() -> None:
    hand, context = BARE_SELF_DRAWN
    assert "no-score" not in _ids(mjscore.score(hand, "babcock", **context))
    assert "no-score" in _ids(mjscore.score(hand, "babcock", **{**context, "self_drawn": False}))


def test_no_score_by_set_points_only() -> None:
    hand, context = BARE_SELF_DRAWN
    rules = mjscore.load_rules("babcock", no_score_set_points_only=True)
    default = mjscore.score(hand, "babcock", **context)
    score = mjscore.score(hand, rules, **context)
    assert "no-score" in _ids(score) and score.points == default.points + 10
    # a set that scores still spoils it
    assert "no-score" not in _ids(mjscore.score("123m 456p 999s 23s 55s +4s", rules, **context))


# 004 "... and can Pung East's first discard for MAH-JONGG, he may score one-half the Limit"
EARTH: dict[str, Any] = {"earth": True, **SOUTH}


def test_earth_by_any_winning_discard_by_default() -> None:
    on_a_run = mjscore.score("123m 456p 789s 23s 55s +4s", "babcock", **EARTH)
    assert on_a_run.special == "earth" and on_a_run.total == 150


def test_earth_needs_a_pung_of_the_discard() -> None:
    rules = mjscore.load_rules("babcock", earth_needs_pung=True)
    on_a_run = mjscore.score("123m 456p 789s 23s 55s +4s", rules, **EARTH)
    on_a_pung = mjscore.score("123m 456p 789s 55s 44s +4s", rules, **EARTH)
    assert on_a_run.special is None and on_a_run.total < 150
    assert on_a_pung.special == "earth" and on_a_pung.total == 150


# 002 "All terminals and honors x2" and "Terminal or honor in each set x2"
TERMINALS_HONOURS = "111m 999p 111z 555z 9s +9s"


def test_all_terminals_and_honours_replaces_each_set_by_default() -> None:
    score = mjscore.score(TERMINALS_HONOURS, "chinese-classical", **SOUTH)
    assert "all-terminals-honours" in _ids(score) and "terminal-or-honour-each-set" not in _ids(score)


def test_all_terminals_and_honours_stacks_with_each_set() -> None:
    rules = mjscore.load_rules("chinese-classical", terminals_honours_stack=True)
    default = mjscore.score(TERMINALS_HONOURS, "chinese-classical", **SOUTH)
    score = mjscore.score(TERMINALS_HONOURS, rules, **SOUTH)
    assert {"all-terminals-honours", "terminal-or-honour-each-set"} <= _ids(score)
    assert score.doubles == default.doubles + 1


def test_the_options_show_in_the_reference_with_their_alternatives() -> None:
    from mjscore.rules.pages import reference_tables

    rules = mjscore.load_rules("babcock", earth_needs_pung=True)
    hands = next(t for t in reference_tables(rules) if t.title == "Special hands")
    earth = [dict(zip(hands.columns, row)) for row in hands.rows if row[0] == "earth"]
    assert [row["Option"].endswith("(off)") for row in earth] == [True, False]
