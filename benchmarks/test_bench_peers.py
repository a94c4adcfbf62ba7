"""The Python peers on the same hands, one call per hand, in the same groups as our kernel.

Each peer gets its inputs already converted to its own format (lists of 34
counts, or 136-tile ids for riichienv), so only its own call and the loop over
hands are timed. A peer that is not installed skips its benchmarks.

mahjong's ``HandDivider`` also lists seven-pairs splits besides the standard
ones; on random four-sets-and-a-pair hands that rarely adds work.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.guard_reference  # the guarded kernel ratios divide by these


def _lists(rows) -> list[list[int]]:
    return rows.tolist()


def _ids136(rows) -> list[list[int]]:
    return [[t * 4 + k for t in range(34) for k in range(c[t])] for c in rows.tolist()]


@pytest.mark.parametrize("workload", ["W", "R"])
def test_mahjong_agari(measure, corpus, workload):
    agari = pytest.importorskip("mahjong.agari").Agari()
    hands = _lists(getattr(corpus, workload)[:corpus.peer_rows])
    is_agari = agari.is_agari
    found = measure(f"is_complete[{workload}]", "mahjong", len(hands),
                    lambda: [is_agari(hand) for hand in hands])
    if workload == "W":
        assert all(found)


@pytest.mark.parametrize("workload", ["W", "R"])
def test_riichienv_shanten(measure, corpus, workload):
    calculate_shanten = pytest.importorskip("riichienv").calculate_shanten
    hands = _ids136(getattr(corpus, workload)[:corpus.peer_rows])
    found = measure(f"is_complete[{workload}]", "riichienv", len(hands),
                    lambda: [calculate_shanten(ids) == -1 for ids in hands])
    if workload == "W":
        assert all(found)


def test_mahjong_hand_divider(measure, corpus):
    divide_hand = pytest.importorskip("mahjong.hand_calculating.divider").HandDivider.divide_hand
    hands = _lists(corpus.W[:corpus.divider_rows])
    found = measure("decompose[W]", "mahjong", len(hands), lambda: [divide_hand(hand) for hand in hands])
    assert all(found)


def test_xiangting_necessary_tiles(measure, corpus):
    xiangting = pytest.importorskip("xiangting")
    calculate, four = xiangting.calculate_necessary_tiles, xiangting.PlayerCount.FOUR
    hands = _lists(corpus.T[:corpus.peer_rows])
    found = measure("waits[T]", "xiangting", len(hands), lambda: [calculate(hand, four) for hand in hands])
    assert all(replacement == 1 for replacement, _ in found)
