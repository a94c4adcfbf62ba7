"""The compiled kernel reads hands through per-suit tables it builds on first use (about
5 MB). Were they not allocated, every hand would read as not complete: a wrong answer
that looks like a right one. Every call that reads hands therefore raises MemoryError
instead, single calls and bulk calls alike, and answers again once the tables build.

The tables' allocation is made to fail by ``_shapes._refuse_builds``, a switch for these
tests. Each test is pinned to the compiled kernel (``side``): the reference has no tables.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import numpy as np
import pytest

import mjscore
from mjscore import _backend
from mjscore.core.tile import parse_tiles

COMPLETE = "123m456p789s11122z"


def _counts(text: str) -> list[int]:
    return list(parse_tiles(text))


@pytest.fixture(params=["cython"])
def side(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """The compiled decompose kernel, its tables dropped and their builds refused for
    the test; the public calls routed through the compiled twins. Builds are allowed
    again (and checked to work) afterwards."""
    try:
        kernel = _backend.twin("decompose", request.param)
        _backend.twin("score", request.param)
    except ImportError:
        pytest.skip("compiled kernel not built")
    from mjscore.decompose import _shapes

    for job in ("score", "distances"):
        monkeypatch.setitem(_backend.CHOSEN, job, request.param)
    monkeypatch.setattr(_backend, "kernel", kernel)
    kernel.clear_cache()
    _shapes._refuse_builds(True)
    try:
        yield kernel
    finally:
        _shapes._refuse_builds(False)
        kernel.clear_cache()
    assert kernel.is_complete_counts(_counts(COMPLETE)) == 1  # the tables build again


def test_the_decompose_kernels_single_calls_raise(side: ModuleType) -> None:
    counts = _counts(COMPLETE)
    for call in (lambda: side.is_complete_counts(counts), lambda: side.decompose(counts),
                 lambda: side.shapes(counts), lambda: side.waits(_counts("123m456p789s1112z")),
                 lambda: side.other_wait(counts, 27, counts), lambda: side.suit_ways(0),
                 lambda: side.is_complete_jokers(_counts("123m456p789s1112z"), 1, 7)):
        with pytest.raises(MemoryError, match="per-suit tables"):
            call()


def test_the_decompose_kernels_bulk_calls_raise(side: ModuleType) -> None:
    batch = np.array([_counts(COMPLETE)], np.uint8)
    out, status = np.zeros(1, np.uint8), np.zeros(1, np.uint8)
    with pytest.raises(MemoryError):
        side.is_complete_many(batch, out, status)
    with pytest.raises(MemoryError):
        side.decompose_many(batch)
    with pytest.raises(MemoryError):
        mjscore.is_complete_many(batch)


def test_the_public_calls_raise_rather_than_answer_not_complete(side: ModuleType) -> None:
    hand = mjscore.parse("123m 456p 789s 111z 22z")
    with_a_joker = mjscore.Hand(tuple(_counts("123m456p789s1122z")), jokers=1)
    in_pungs = mjscore.load_rules("western", joker_use="pungs")
    for call in (lambda: mjscore.is_complete(hand), lambda: mjscore.score(hand, "babcock", win_tile="2z"),
                 lambda: mjscore.score(with_a_joker, in_pungs, win_tile="2z")):
        with pytest.raises(MemoryError):
            call()


def test_score_many_raises_with_and_without_jokers(side: ModuleType) -> None:
    batch = np.array([_counts(COMPLETE)] * 3, np.uint8)
    with pytest.raises(MemoryError):
        mjscore.score_many(batch, "babcock", win_tile="2z", self_drawn=True)
    with pytest.raises(MemoryError):
        mjscore.score_many(batch, mjscore.load_rules("western", joker_use="pungs"), win_tile="2z",
                           self_drawn=True, jokers=1)


def test_the_bound_scorer_raises(side: ModuleType) -> None:
    if mjscore.BACKEND != "cython":
        pytest.skip("Scorer's core is the backend chosen at import")
    scorer = mjscore.Scorer("babcock", win_tile="2z", self_drawn=True)
    with pytest.raises(MemoryError):
        scorer.total(_counts(COMPLETE))
    with pytest.raises(MemoryError):
        scorer.total(np.array(_counts(COMPLETE), np.uint8))


def test_the_mahjong_compatible_calls_raise(side: ModuleType) -> None:
    from mjscore.compat import _fast_calls

    counts = _counts(COMPLETE)
    with pytest.raises(MemoryError):
        _fast_calls.is_agari(counts)
    with pytest.raises(MemoryError):
        _fast_calls.divide_hand(counts)


def test_a_call_answers_once_the_tables_build(side: ModuleType) -> None:
    from mjscore.decompose import _shapes

    with pytest.raises(MemoryError):
        side.is_complete_counts(_counts(COMPLETE))
    _shapes._refuse_builds(False)
    assert side.is_complete_counts(_counts(COMPLETE)) == 1
    assert mjscore.score(mjscore.parse("123m 456p 789s 111z 22z"), "babcock", win_tile="2z").total > 0
