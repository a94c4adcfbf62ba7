"""Bulk scoring where special hands are common: ``score_many[chinese-classical+20%-limit]``.

Workload: the ``concealed`` scoring rows (complete hands of sets, self-drawn, won
on the tile ``T`` lacks) with every fifth row replaced by one of
:func:`mjscore.distances.samples.random_special_hands` (a chinese-classical limit
hand with tiles, drawn uniformly among the 12, kongs declared concealed), won
self-drawn on one of its concealed tiles. Sides ``cython`` and ``python`` (the
reference, its first rows). Issue 8 item 9: at least 4M hands/s compiled.
"""

from __future__ import annotations

import numpy as np
import pytest

import mjscore
from mjscore import _backend
from mjscore.distances.samples import random_special_hands

RULES = "chinese-classical"


def _rows(corpus, n):
    """Counts, melds and winning tiles: 20% limit hands, the rest the corpus' hands of sets."""
    counts = corpus.W[:n].copy()
    won_on = (corpus.W[:n].astype(np.int8) - corpus.T[:n].astype(np.int8)).argmax(axis=1).astype(np.uint8)
    melds = np.full((n, 4), 0xFF, dtype=np.uint8)
    special = np.arange(0, n, 5)
    drawn, drawn_melds, _ = random_special_hands(RULES, len(special), seed=9)
    counts[special], melds[special] = drawn, drawn_melds
    rng = np.random.default_rng(9)
    weights = drawn * rng.random(drawn.shape)  # a concealed tile, uniformly by copies
    won_on[special] = weights.argmax(axis=1)
    return np.ascontiguousarray(counts), melds, won_on


def test_score_many_with_limit_hands(measure, corpus, backend, monkeypatch):
    pytest.importorskip("mjscore.score._kernel" if backend.name == "cython" else "mjscore.score._reference")
    monkeypatch.setitem(_backend.CHOSEN, "score", backend.name)
    counts, melds, won_on = _rows(corpus, backend.rows)
    rules = mjscore.load_rules(RULES)
    totals, special, status = measure(
        f"score_many[{RULES}+20%-limit]", backend.name, len(counts),
        lambda: mjscore.score_many(counts, rules, melds=melds, win_tile=won_on, self_drawn=True,
                                   return_status=True))
    assert (status == 0).all()
    limit_rows = special[::5] >= 0
    assert limit_rows.mean() > 0.9 and (totals[::5][limit_rows] == rules.limit).all()
