"""``mjscore.waits`` of one hand, shape-based and under a rule set (issue 31 item 5).

Workload: the first ``WAITS_HANDS`` rows of ``T`` (complete hands less one tile: every one
waits on at least the tile taken), parsed beforehand. Group ``waits[single]``, one
loop over the hands a round: side ``shape`` (``mjscore.waits(hand)``, the kernel's
shapes) and one side per rule set (``mjscore.waits(hand, rules=...)``: the hand with
each tile added scored in one ``score_many`` call, then each winning tile's placements
kept where the scorer's reading generator accepts them). The summary's hands/s is calls
a second; its inverse is the cost of one call.

Measured when this landed (compiled kernel, 2 shared cores, min of the rounds): shape
24.4k calls/s (41 us a hand), babcock 2.5k/s (0.39 ms), western 1.35k/s (0.74 ms).
A hand with many waits costs more: ``1112345678999m`` under western about 6 ms, of which
the ``score_many`` call (its nine tiles, both situations) is 0.45 ms; the rest is the
placements (the reading generator is Python).
"""

from __future__ import annotations

import pytest

import mjscore

WAITS_HANDS = 100
"""Hands a round (each call is a single-hand call)."""


@pytest.mark.parametrize("side", ["shape", "babcock", "western"])
def test_waits_single(measure, corpus, side):
    rows = corpus.T[:WAITS_HANDS]
    hands = [mjscore.parse(mjscore.format_tiles([int(c) for c in row])) for row in rows]
    if side == "shape":
        def run():
            return [mjscore.waits(hand) for hand in hands]
    else:
        rules = mjscore.load_rules(side)

        def run():
            return [mjscore.waits(hand, rules=rules) for hand in hands]
    found = measure("waits[single]", side, len(hands), run)
    assert all(found)  # every hand waits on the tile taken from it, at least by its shape
