"""Scoring hands with jokers in bulk: ``mjscore.score_many(..., jokers=)``.

Workload: the complete concealed hands of the corpus (``W``, won on the tile that
``T`` lacks), self-drawn, with one or two of their tiles other than the winning one
turned into jokers (half the rows each); rule set ``babcock`` with jokers in pungs,
chows and pairs (``joker_use="pairs"``, the widest search). Group
``score_many[babcock+jokers]``, side ``cython-1-2-jokers`` (issue 8 item 9: at least
1M hands/s) and ``python-1-2-jokers`` (the reference, its first rows).
"""

from __future__ import annotations

import numpy as np
import pytest

import mjscore
from mjscore import _backend


def _joker_rows(corpus) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Counts with 1-2 tiles taken out as jokers, the winning tiles and the joker counts."""
    complete = corpus.W
    won_on = (complete.astype(np.int8) - corpus.T.astype(np.int8)).argmax(axis=1)
    rng = np.random.default_rng(5)
    counts = complete.copy()
    jokers = (np.arange(len(counts)) % 2 + 1).astype(np.uint8)
    rows = np.arange(len(counts))
    for k in range(2):
        take = rows[jokers > k]
        spare = counts[take].astype(np.int64)
        spare[np.arange(len(take)), won_on[take]] -= 1  # the winning tile stays natural
        weights = spare * rng.random(spare.shape)
        counts[take, weights.argmax(axis=1)] -= 1
    return counts, won_on.astype(np.uint8), jokers


def test_score_many_jokers(measure, corpus, backend, monkeypatch):
    pytest.importorskip("mjscore.score._kernel" if backend.name == "cython" else "mjscore.score._reference")
    monkeypatch.setitem(_backend.CHOSEN, "score", backend.name)
    counts, won_on, jokers = (a[:backend.rows] for a in _joker_rows(corpus))
    rules = mjscore.load_rules("babcock", joker_use="pairs")
    result = measure("score_many[babcock+jokers]", f"{backend.name}-1-2-jokers", len(counts),
                     lambda: mjscore.score_many(counts, rules, win_tile=won_on, jokers=jokers,
                                                self_drawn=True, return_status=True))
    totals, _, status = result
    # a pair turned wholly into jokers keeps no natural tile: such rows rarely go out
    assert (status == 0).mean() > 0.95 and (totals[status == 0] > 0).all()
