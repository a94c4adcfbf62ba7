"""The typed seams between the scoring engines, ``score()`` and the rule set's caches.

Both engines return a :class:`~mjscore.score.best_reading.BestReading` naming the reading
they chose, its concealed groups among them; ``score()`` writes its breakdown from that
reading, never decomposing the hand again; what modules keep per rule set sits in a typed
:class:`~mjscore.rules.model.RuleCaches`.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
from types import ModuleType
from typing import Any

import pytest

import mjscore
from mjscore import _backend
from mjscore.core.context import WinContext
from mjscore.core.group_codes import NO_GROUP, group_kind, group_tile
from mjscore.distances.distances import distance_engine
from mjscore.rows.codec import meld_of, row_of
from mjscore.rows.sample import random_scoring_rows
from mjscore.rules.model import RuleCaches
from mjscore.score import _reference as reference
from mjscore.score.best_reading import BestReading
from mjscore.score.fold import score_reading
from mjscore.score.readings import SHAPE_CODES, readings
from mjscore.score.scoring import clear_caches, python_score

# Hands with readings of different value: the pungs and the chows of 111222333m,
# the pungs or the chows of 222333444p beside a declared pung, a seven-pairs hand that
# also reads as sets.
TWO_WAY = [
    ("111222333m 456p 99s", {"win_tile": "9s", "self_drawn": True}),
    ("111222333m 456p 99s", {"win_tile": "3m"}),
    ("222333444p 66s [777z]", {"win_tile": "4p"}),
    ("112233m 445566p 77s", {"win_tile": "7s", "self_drawn": True}),
]


def _row(hand: str, rules: mjscore.RuleSet, **context: Any) -> tuple[Any, ...]:
    parsed = mjscore.parse(hand)
    ctx = WinContext.from_keywords(**{"winner": True, **context})
    return (*row_of(parsed, ctx), rules)


def test_both_engines_name_the_reading_they_chose(backend: str) -> None:
    rules = mjscore.load_rules("babcock")
    best = _backend.twin("score").score_one(*_row("111222333m 456p 99s", rules, win_tile="9s",
                                                  self_drawn=True))
    assert type(best) is BestReading
    assert SHAPE_CODES[best.shape] == "standard" and best.status == 0 and best.special == -1
    # the pungs score more than the chows: the reading's own groups say which it chose
    groups = sorted((group_kind(code), group_tile(code)) for code in best.groups)
    assert groups == [(0, 12), (1, 0), (1, 1), (1, 2), (3, 26)]
    assert best.group == list(best.groups).index(3 * 34 + 26)  # the pair of 9s took the 9s


def test_a_bad_row_and_other_shapes_carry_no_groups(backend: str) -> None:
    rules = mjscore.load_rules("babcock")
    engine = _backend.twin("score")
    bad = engine.score_one(bytes(34), bytes([NO_GROUP] * 4), 255, 1, 27, 27, rules)
    assert bad.status != 0 and bad.groups == b"" and bad.total == 0
    pairs = engine.score_one(*_row("1133m 5577p 99s 1122z", mjscore.load_rules("western"), win_tile="2z"))
    assert SHAPE_CODES[pairs.shape] == "seven-pairs" and pairs.groups == b""
    losing = engine.score_one(*_row("111m 234p 567s 1122z", rules, winner=False))
    assert SHAPE_CODES[losing.shape] == "losing" and losing.groups == b""


@pytest.mark.both_backends
@pytest.mark.parametrize(("hand", "context"), TWO_WAY)
@pytest.mark.parametrize("rules", ["babcock", "western"])
def test_the_engines_agree_on_the_reading_and_its_groups(hand: str, context: dict[str, Any], rules: str) -> None:
    compiled = pytest.importorskip("mjscore.score._kernel")
    args = _row(hand, mjscore.load_rules(rules), **context)
    assert compiled.score_one(*args) == reference.score_one(*args)


@pytest.mark.both_backends
def test_the_engines_agree_on_random_rows_with_melds() -> None:
    compiled = pytest.importorskip("mjscore.score._kernel")
    rules = mjscore.load_rules("babcock")
    rows = random_scoring_rows(60, seed=29, meld_share=0.4)
    seen = set()
    for i in range(60):
        hand = mjscore.Hand(tuple(int(c) for c in rows.counts[i]),
                            tuple(meld_of(int(c)) for c in rows.melds[i] if c != NO_GROUP))
        ctx = WinContext.from_keywords(winner=True, win_tile=int(rows.win_tile[i]),
                                       self_drawn=bool(rows.self_drawn[i]), seat_wind=int(rows.seat_wind[i]),
                                       prevailing_wind=int(rows.prevailing_wind[i]))
        args = (*row_of(hand, ctx), rules)
        ours = compiled.score_one(*args)
        assert ours == reference.score_one(*args), str(hand)
        seen.add(len(ours.groups))
    assert len(seen) > 2  # rows with several numbers of melds


@pytest.mark.both_backends
def test_the_engines_agree_with_jokers() -> None:
    compiled = pytest.importorskip("mjscore.score._kernel")
    rules = mjscore.load_rules("western", joker_use="chows")
    parsed = mjscore.parse("JJ 1111m 2222m 3333m")
    args = (*row_of(parsed, WinContext.from_keywords(winner=True, self_drawn=True)), rules, parsed.jokers)
    ours, tiles = compiled.score_one_jokers(*args)
    assert (ours, tiles) == reference.score_one_jokers(*args)
    assert ours.status == 0 and len(ours.groups) == 5 and tiles  # read from the natural hand


@pytest.mark.parametrize(("hand", "context"), TWO_WAY)
@pytest.mark.parametrize("rules", ["babcock", "western", "chinese-classical"])
def test_the_breakdown_adds_up_to_the_total(backend: str, hand: str, context: dict[str, Any],
                                            rules: str) -> None:
    # a rule set of its own: nothing written out before
    ruleset = dataclasses.replace(mjscore.load_rules(rules))
    score = mjscore.score(hand, ruleset, **context)
    assert sum(line.points * line.count for line in score.lines) == score.points
    assert sum(line.doubles * line.count for line in score.lines) == score.doubles
    if score.limit is None:
        assert score.points * 2 ** score.doubles == score.total
    # the lines name the groups of the decomposition shown
    named = [line.name.partition(": ")[2] for line in score.lines if ": " in line.name]
    assert set(named) <= {str(group) for group in score.decomposition or ()}


@pytest.mark.parametrize(("hand", "context"), TWO_WAY[:3])
@pytest.mark.parametrize("rules", ["babcock", "western"])
def test_the_breakdown_is_that_of_the_reading_worth_most(backend: str, hand: str, context: dict[str, Any],
                                                         rules: str) -> None:
    ruleset = dataclasses.replace(mjscore.load_rules(rules))
    parsed, ctx = mjscore.parse(hand), WinContext.from_keywords(winner=True, **context)
    worth = {}  # each reading's groups and total, by the specification
    for reading in readings(parsed, ctx, ruleset):
        groups = tuple(sorted(str(g.group) for g in reading.groups))
        worth[groups] = max(worth.get(groups, 0), score_reading(ruleset, reading).total)
    assert len(set(worth.values())) > 1  # readings of different value
    score = mjscore.score(hand, ruleset, **context)
    assert worth[tuple(sorted(str(g) for g in score.decomposition or ()))] == score.total == max(worth.values())


class _Counting:
    """A kernel that counts its decompositions."""

    def __init__(self, kernel: ModuleType) -> None:
        self.kernel, self.calls = kernel, 0

    def decompose(self, *args: Any) -> Any:
        self.calls += 1
        return self.kernel.decompose(*args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.kernel, name)


@pytest.mark.parametrize(("hand", "context"), TWO_WAY)
def test_score_does_not_decompose_the_hand_again(backend: str, monkeypatch: pytest.MonkeyPatch, hand: str,
                                                 context: dict[str, Any]) -> None:
    counting = _Counting(_backend.kernel)
    monkeypatch.setattr(_backend, "kernel", counting)
    ruleset = dataclasses.replace(mjscore.load_rules("babcock"))
    _backend.twin("score").score_one(*_row(hand, ruleset, **context))
    searching = counting.calls  # the reference decomposes while it reads; the kernel in C
    counting.calls = 0
    mjscore.score(hand, ruleset, **context)
    assert counting.calls == searching


def test_rule_set_caches_are_typed_and_filled_where_used(backend: str) -> None:
    rules = dataclasses.replace(mjscore.load_rules("babcock"))
    assert type(rules.caches) is RuleCaches and rules.caches.empty
    mjscore.score("123m 456p 789s 11z [555z]", rules, win_tile="1z")
    caches = rules.caches
    # the compiled score() keeps the breakdowns it writes out in its own table
    assert caches.lines is not None and caches.group_lines and len(caches.breakdowns) == (backend == "python")
    assert (caches.score_kernel is not None) == (backend == "cython")
    assert caches.targets_by_hand is None and not caches.distances
    engine, ids = distance_engine(rules)
    assert caches.distances[backend] == (engine, ids) and distance_engine(rules)[0] is engine
    western = dataclasses.replace(mjscore.load_rules("western"))
    assert mjscore.near_misses("1112345678999m 1z", western)[0].missing  # the tiles a way lacks
    assert western.caches.targets_by_hand is not None and backend in western.caches.distances
    for copied in (pickle.loads(pickle.dumps(rules)), copy.deepcopy(rules), dataclasses.replace(rules)):
        assert copied.caches.empty and copied.caches is not caches


def test_clearing_caches_empties_the_written_out_readings() -> None:
    rules = mjscore.load_rules("babcock")
    python_score("123m 456p 789s 11z [555z]", rules, win_tile="1z")  # the memo of score() in Python
    assert rules.caches.breakdowns and rules.caches.group_lines
    clear_caches("babcock")
    assert not rules.caches.breakdowns and not rules.caches.group_lines
