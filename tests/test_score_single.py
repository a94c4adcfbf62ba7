"""The compiled ``mjscore.score`` (issue 33 item 3): the common call answered in C gives
the Score the Python definition gives, every field, and every call it does not answer
(or that fails) goes to the Python definition, which raises its errors."""

from __future__ import annotations

import dataclasses
import pickle
import random
import re
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import mjscore
from mjscore import Hand, Meld, Tile, _backend
from mjscore.rows.sample import random_scoring_rows
from mjscore.score import scoring

WINDS = ("E", "S", "W", "N")

compiled = pytest.mark.skipif(_backend.BACKEND != "cython", reason="the compiled score() is not built")


class Counted:
    """The careful path of a compiled ``score`` made for a test: each call it is passed, counted."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, hand: Any, rules: Any = "babcock", **context: Any) -> scoring.Score:
        self.calls += 1
        return scoring.python_score(hand, rules, **context)


@pytest.fixture
def fast() -> tuple[Callable[..., scoring.Score], Counted]:
    """A compiled ``score`` of its own, and its careful path counting what it was passed."""
    careful = Counted()
    return scoring.compiled_score(careful), careful


def _hands(n: int, seed: int, meld_share: float) -> list[tuple[Hand, int, bool]]:
    """Random winning hands (melds declared with chance ``meld_share``; claimed kongs among
    the exposed ones), with their winning tile and whether self-drawn."""
    rows = random_scoring_rows(n, seed=seed, meld_share=meld_share)
    rng = random.Random(seed)
    hands = []
    for i in range(n):
        melds = [Meld.from_code(int(code)) for code in rows.melds[i] if code != 255]
        melds = [Meld.claimed_from(m) if m.kind == 2 and not m.concealed and rng.random() < 0.5 else m
                 for m in melds]
        hands.append((Hand(tuple(int(c) for c in rows.counts[i]), tuple(melds)), int(rows.win_tile[i]),
                      bool(rows.self_drawn[i])))
    return hands


def _context(rng: random.Random, win_tile: int, self_drawn: bool) -> dict[str, Any]:
    """Varied keywords: winds as letters, tiles or indices, the winning tile as text, an
    index or a Tile, flowers and seasons, the dealer said or implied, a dealer's streak."""
    seat = rng.randrange(4)
    context: dict[str, Any] = {
        "win_tile": rng.choice([str(Tile(win_tile)), win_tile, Tile(win_tile)]),
        "seat_wind": rng.choice([WINDS[seat], Tile(27 + seat), 27 + seat]),
        "prevailing_wind": WINDS[rng.randrange(4)],
    }
    if rng.random() < 0.7:
        context["self_drawn"] = self_drawn
    if rng.random() < 0.3:
        context["dealer"] = seat == 0
    if rng.random() < 0.3:
        context["flowers"] = tuple(sorted(rng.sample(range(1, 5), rng.randrange(1, 5))))
    if rng.random() < 0.2:
        context["seasons"] = (rng.randrange(1, 5),)
    if seat == 0 and rng.random() < 0.2:
        context["dealer_streak"] = rng.randrange(1, 12)
    if context.get("self_drawn") and rng.random() < 0.1:
        context["last_tile"] = True
    return context


def _same(a: scoring.Score, b: scoring.Score) -> None:
    assert a == b
    for f in dataclasses.fields(scoring.Score):  # fields left out of == too
        assert getattr(a, f.name) == getattr(b, f.name), f.name
    assert type(a) is scoring.Score


def _outcome(call: Callable[[], scoring.Score]) -> scoring.Score | tuple[type, str]:
    """What a call gives: its Score, or its error's type and message."""
    try:
        return call()
    except mjscore.MjscoreError as error:
        return type(error), str(error)


@compiled
@pytest.mark.parametrize("rules", mjscore.rulesets())
@pytest.mark.parametrize("meld_share", [0.0, 0.4])
def test_fast_path_gives_the_python_score(fast, rules, meld_share):
    """Random winning hands, concealed and with melds, in varied contexts, twice each (the
    second call finds the context and the breakdown kept) and as text: the same Score as
    the Python definition's, or the same error; the fast path answered every call but
    those of a special hand or an error."""
    score, careful = fast
    rng = random.Random(f"{rules}-{meld_share}")
    hands = _hands(60, seed=7 if meld_share else 8, meld_share=meld_share)
    refused = 0
    for hand, win_tile, self_drawn in hands:
        context = _context(rng, win_tile, self_drawn)
        expected = _outcome(lambda: scoring.python_score(hand, rules, **context))
        refused += not isinstance(expected, scoring.Score) or expected.special is not None
        for found in (_outcome(lambda: score(hand, rules, **context)),
                      _outcome(lambda: score(hand, rules, **context)),
                      _outcome(lambda: score(str(hand), rules, **context))):
            if isinstance(expected, scoring.Score):
                assert isinstance(found, scoring.Score)
                _same(found, expected)
            else:
                assert found == expected
    assert careful.calls == 3 * refused
    assert len(hands) - refused >= 10  # bmja takes fewest of them (its minimum score)


@compiled
def test_hands_that_did_not_go_out_and_marked_winning_tiles(fast):
    """A 13-tile hand (winner=False by its size), a hand marking its winning tile (with
    and without the same win_tile keyword) and a RuleSet given as an object."""
    score, careful = fast
    rules = mjscore.load_rules("dmjl")
    for hand, win_tile, self_drawn in _hands(30, seed=3, meld_share=0.3):
        counts = list(hand.concealed)
        counts[win_tile] -= 1
        losing = Hand(tuple(counts), hand.melds)
        marked = hand.with_win_tile(win_tile)
        for args, context in (((losing, "babcock"), {"seat_wind": "S"}),
                              ((losing, rules), {}),
                              ((marked, "babcock"), {"self_drawn": self_drawn}),
                              ((marked, rules), {"win_tile": str(Tile(win_tile))})):
            expected = scoring.python_score(*args, **context)
            calls = careful.calls
            _same(score(*args, **context), expected)
            if "win_tile" not in context and expected.special is None:
                assert careful.calls == calls  # answered in C
    assert careful.calls < 60


@compiled
def test_the_reference_backend_agrees(fast, monkeypatch):
    """The fast path against the pure-Python reference scorer on hands with melds."""
    score, _ = fast
    rng = random.Random(5)
    for hand, win_tile, self_drawn in _hands(25, seed=9, meld_share=0.4):
        context = _context(rng, win_tile, self_drawn)
        found = score(hand, "babcock", **context)
        with monkeypatch.context() as patch:
            patch.setitem(_backend.CHOSEN, "score", "python")
            patch.setattr(_backend, "kernel", _backend.twin("decompose", "python"))
            expected = mjscore.score(hand, "babcock", **context)  # routed to the reference
        _same(found, expected)


@compiled
@pytest.mark.parametrize("rules", ["american", "babcock", "bmja", "western", "bmja-roof-off"])
def test_scores_capped_at_the_limit(fast, rules):
    """Hands of sets worth more than the limit, no special hand among them: capped (their
    limit share 1), or not with the roof off; answered by the fast path."""
    score, careful = fast
    ruleset = (dataclasses.replace(mjscore.load_rules("bmja"), roof_off=True) if rules == "bmja-roof-off"
               else mjscore.load_rules(rules))
    checked = 0
    for text in ("111z 222z 555z 666z 77m", "(1111z) (2222z) (5555z) 666z 11m", "(1111z) (2222z) (3333z) 555z 99m"):
        hand = mjscore.parse(text)
        expected = scoring.python_score(hand, ruleset, self_drawn=True)
        if expected.special is not None:
            continue
        _same(score(hand, ruleset, self_drawn=True), expected)
        assert (expected.limit is None) is ruleset.roof_off and (expected.total > ruleset.limit) is ruleset.roof_off
        checked += 1
    assert checked and careful.calls == 0


@compiled
def test_breakdowns_kept_past_the_first_tables(fast):
    """Past a thousand readings under one rule set (the kept breakdowns move to larger
    tables twice), every hand scored again is found with its own breakdown."""
    score, careful = fast
    mjscore.load_rules("babcock")  # a shipped name is answered here once the loader has it
    hands = _hands(1500, seed=21, meld_share=0.3)
    first = [score(hand, "babcock", win_tile=win_tile, self_drawn=self_drawn)
             for hand, win_tile, self_drawn in hands]
    for (hand, win_tile, self_drawn), found in list(zip(hands, first))[::15]:
        again = score(hand, "babcock", win_tile=win_tile, self_drawn=self_drawn)
        _same(again, found)
        _same(again, scoring.python_score(hand, "babcock", win_tile=win_tile, self_drawn=self_drawn))
    assert careful.calls == sum(f.special is not None for f in first)


@compiled
def test_threads_sharing_the_kept_contexts_and_breakdowns(monkeypatch):
    """Four threads scoring with one compiled ``score``, switching as often as the
    interpreter lets them: the Python code it runs on a miss (making a context, writing a
    breakdown out) lets another thread grow the kept breakdowns' table or keep the same
    context meanwhile. Every Score is the Python definition's, and every breakdown
    written out was kept (none written into a table already moved)."""
    written: list[int] = []
    write_out = scoring.write_out

    def counted_write_out(*args: Any) -> Any:
        written.append(1)
        return write_out(*args)

    monkeypatch.setattr(scoring, "write_out", counted_write_out)
    score = scoring.compiled_score(scoring.python_score)
    hands = _hands(1500, seed=31, meld_share=0.3)
    calls = [(hand, {"win_tile": win_tile, "self_drawn": self_drawn, "seat_wind": WINDS[i % 4]})
             for i, (hand, win_tile, self_drawn) in enumerate(hands)]
    expected = [scoring.python_score(hand, "babcock", **context) for hand, context in calls]
    mismatches: list[int] = []

    def work(start: int) -> None:
        for i in range(start, len(calls), 4):
            if score(calls[i][0], "babcock", **calls[i][1]) != expected[i]:
                mismatches.append(i)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with ThreadPoolExecutor(4) as pool:
            list(pool.map(work, range(4)))
    finally:
        sys.setswitchinterval(interval)
    assert not mismatches and written
    written.clear()
    for i, (hand, context) in enumerate(calls):
        assert score(hand, "babcock", **context) == expected[i]
    assert not written


class MyHand(Hand):
    """A subclass: not read from slots."""


@compiled
def test_unusual_calls_go_to_the_python_path(fast):
    score, careful = fast
    base = mjscore.parse("123m 456p 789s 11z [555z]")
    calls = [
        ((MyHand(base.concealed, base.melds),), {"win_tile": "1z"}),  # a subclass of Hand
        ((mjscore.parse("123m 456p 789s 1z J [555z]"), "western"), {"win_tile": "1z"}),  # a joker
        ((mjscore.parse("123m 456p 789s 11z [555z] 1f"), "dmjl"), {"win_tile": "1z"}),  # a flower shown
        ((base,), {"win_tile": "1z", "flowers": [1, 2]}),  # an unhashable value
        ((mjscore.parse("19m 19p 19s 1234567z 1m"), "dmjl"), {"win_tile": "1m"}),  # a special hand
    ]
    for args, context in calls:
        before = careful.calls
        expected = _outcome(lambda: scoring.python_score(*args, **context))
        found = _outcome(lambda: score(*args, **context))
        if isinstance(expected, scoring.Score):
            assert isinstance(found, scoring.Score)
            _same(found, expected)
        else:
            assert found == expected
        assert careful.calls == before + 1, (args, context)
    assert isinstance(expected, scoring.Score) and expected.special is not None


@compiled
def test_hand_and_rules_bind_by_keyword_as_in_python(fast):
    score, careful = fast
    base = mjscore.parse("123m 456p 789s 11z [555z]")
    for args, context in (((), {"hand": base, "win_tile": "1z"}),
                          ((base,), {"rules": "dmjl", "win_tile": "1z"}),
                          ((), {"rules": "dmjl", "hand": str(base), "win_tile": "1z", "seat_wind": "W"})):
        _same(score(*args, **context), scoring.python_score(*args, **context))
    with pytest.raises(TypeError):
        score(base, "babcock", hand=base)


BAD_CALLS = [
    (("123m 456p 789s 11z [555z]",), {"win_tile": "9m"}),
    (("123m 456p 789s 11z [555z]",), {"win_tile": "1x"}),
    (("123m 456p 789s 11z [555z]",), {"windy": True}),
    (("123m 456p 789s 11z [555z]",), {"win_tile": "1z", "seat_wind": "S", "dealer": True}),
    (("123m 456p 789s 11z [555z]",), {"win_tile": "1z", "self_drawn": 1}),
    (("123m 456p 789s 11z [555z]",), {"win_tile": "1z", "winner": False}),
    (("123m 456p 789s 1z [555z]",), {"winner": True}),
    (("123m 456p 789s 12z [555z]",), {"win_tile": "1z"}),
    (("123m 456p 789s 11z [555z] +1z",), {"win_tile": "2z"}),
    (("123m 456p 789s 11z [555z]", "no-such-rules"), {"win_tile": "1z"}),
    (("123m 456p 789s 11z [555z]", 7), {"win_tile": "1z"}),
    (("123m 456p 789s 11x",), {}),
    ((None,), {}),
    (("123m 456p 789s 11z [555z]",), {"win_tile": "1z", "robbing_kong": True, "self_drawn": True}),
]


@compiled
@pytest.mark.parametrize(("args", "context"), BAD_CALLS)
def test_bad_calls_raise_the_python_error(fast, args, context):
    """The same error, type and message, as the Python definition; asked twice (the second
    call may find what the first kept)."""
    score, _ = fast
    with pytest.raises(mjscore.MjscoreError) as expected:
        scoring.python_score(*args, **context)
    for _ in range(2):
        with pytest.raises(type(expected.value), match=f"^{re.escape(str(expected.value))}$") as found:
            score(*args, **context)
        assert type(found.value) is type(expected.value)


@compiled
def test_mjscore_score_is_the_compiled_call_and_clear_caches_forgets_it(fast):
    """``mjscore.score`` is the compiled call, documented as the Python one and pickled by
    name (as processes pass it); after ``clear_caches`` it scores the same."""
    assert mjscore.score is scoring.score and mjscore.score is not scoring.python_score
    assert mjscore.score.__doc__ == scoring.python_score.__doc__ and "raises" in mjscore.score.__doc__
    assert mjscore.score.__wrapped__ is scoring.python_score
    assert pickle.loads(pickle.dumps(mjscore.score)) is mjscore.score  # by name, as a function
    hand = mjscore.parse("123m 456p 789s 11z [555z]")
    first = mjscore.score(hand, win_tile="1z", seat_wind="S")
    scoring.clear_caches("babcock")
    _same(mjscore.score(hand, win_tile="1z", seat_wind="S"), first)
    _same(first, scoring.python_score(hand, win_tile="1z", seat_wind="S"))
    assert first.context.seat_wind == Tile.SOUTH


def test_the_backend_fixture_routes_score_through_each_backend(backend):
    """Under either backend ``mjscore.score`` gives the reference's Score (the compiled call
    answers only while the seam routes ``score()`` to the compiled twin)."""
    hand = mjscore.parse("123m 456p 789s 11z [555z]")
    found = mjscore.score(hand, "babcock", win_tile="1z", self_drawn=True)
    assert _backend.CHOSEN["score"] == backend
    assert found == scoring.python_score(hand, "babcock", win_tile="1z", self_drawn=True)
    assert found.total == 60
