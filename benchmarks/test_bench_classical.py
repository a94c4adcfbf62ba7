"""Bulk scoring under ``dmjl`` and ``bmja`` (issue 31 item 8), against ``babcock`` on the
same rows, winners and losers.

Workload: sampled scoring rows with declared melds and a random situation
(:func:`mjscore.rows.sample.random_scoring_rows`), scored as won (``winners``) and, less
their winning tile, as hands that did not go out (``losers``: 13 tiles, each one tile from
a hand of sets, so every one of them is worth checking for BMJA's "calling for" rules).

``score_many[classical-winners]`` and ``score_many[classical-losers]``: sides ``dmjl``,
``bmja`` and ``babcock`` (compiled; ``-python`` the reference, fewer rows), each its own
benchmark. ``score_many[classical-<who>, interleaved]``: the three compiled sides timed in
turn, round by round, so that the ratios compare sides measured alike (separate tests of
a few seconds each moved by up to a quarter on this shared machine). Targets: each at
least 0.8x babcock on the same rows, read from the interleaved groups.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest

import mjscore
from mjscore import _backend
from mjscore.rows.sample import random_scoring_rows

from conftest import N

ROUNDS = 15
"""Rounds of each compiled side: the targets are ratios of sides measured alike."""


def _rows(n):
    rows = random_scoring_rows(n, seed=31, meld_share=0.25)
    losing = rows.counts.copy()
    losing[np.arange(n), rows.win_tile] -= 1
    return rows, losing


@pytest.mark.parametrize("who", ["winners", "losers"])
@pytest.mark.parametrize("rules_name", ["dmjl", "bmja", "babcock"])
def test_score_many_classical(measure, backend, monkeypatch, rules_name, who):
    pytest.importorskip("mjscore.score._kernel" if backend.name == "cython" else "mjscore.score._reference")
    monkeypatch.setitem(_backend.CHOSEN, "score", backend.name)
    rows, losing = _rows(backend.rows)
    rules = mjscore.load_rules(rules_name)
    side = rules_name if backend.name == "cython" else f"{rules_name}-python"
    if who == "winners":
        call = lambda: mjscore.score_many(rows.counts, rules, melds=rows.melds, return_status=True,  # noqa: E731
                                          **rows.context())
    else:
        call = lambda: mjscore.score_many(losing, rules, melds=rows.melds, winner=False,  # noqa: E731
                                          seat_wind=rows.seat_wind, return_status=True)
    totals, _, status = measure(f"score_many[classical-{who}]", side, len(rows.counts), call,
                                setup=lambda: None, rounds=ROUNDS if backend.name == "cython" else 3)
    if who == "losers":  # every hand that did not go out scores; none is refused
        assert (status == 0).all() and (totals >= 0).all()
    elif rules_name != "bmja":  # bmja refuses the hands of sets with two chows or more
        assert (status == 0).all()


@pytest.mark.parametrize("who", ["winners", "losers"])
def test_score_many_classical_interleaved(measure_in_turn, who):
    pytest.importorskip("mjscore.score._kernel")
    rows, losing = _rows(N)
    sides = {}
    for name in ("babcock", "dmjl", "bmja"):
        rules = mjscore.load_rules(name)
        if who == "winners":
            sides[name] = functools.partial(mjscore.score_many, rows.counts, rules, melds=rows.melds,
                                            return_status=True, **rows.context())
        else:
            sides[name] = functools.partial(mjscore.score_many, losing, rules, melds=rows.melds, winner=False,
                                            seat_wind=rows.seat_wind, return_status=True)
    results = measure_in_turn(f"score_many[classical-{who}, interleaved]", N, sides, ROUNDS)
    for name, (totals, _, status) in results.items():  # the same answers as the separate benchmarks
        assert (totals >= 0).all()
        if who == "losers" or name != "bmja":
            assert (status == 0).all()
