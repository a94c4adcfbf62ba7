"""Bulk scoring under ``american`` with preset AM (issue 10 item 7), against ``babcock``
on the same rows.

Workload: the ``concealed`` scoring rows (complete hands of sets, self-drawn, won on
the tile ``T`` lacks) with every tenth row replaced by one of
:func:`mjscore.distances.samples.random_special_hands` for ``american`` under AM (a hand
drawn uniformly among its 28, kongs declared concealed), won self-drawn on one of its
concealed tiles. Under AM's prohibition of mixed suits most rows of sets do not go out
(they are searched all the same).

``score_many[american+10%-special]``: sides ``cython``/``python`` (american, preset AM)
and ``babcock-cython``/``babcock-python`` (babcock's rules on the same rows, in the same
run). Target: american at least 0.5x babcock.
"""

from __future__ import annotations

import numpy as np
import pytest

import mjscore
from mjscore import _backend
from mjscore.distances.samples import random_special_hands

from conftest import score_beside_babcock

EVERY = 10
"""Every tenth row holds an american special hand."""
ROUNDS = 15
"""Rounds of each compiled side."""


def _rules(name):
    return mjscore.load_rules("american", preset="AM") if name == "american" else mjscore.load_rules(name)


def _rows(corpus, n):
    """Counts, melds and winning tiles: every tenth row an american special hand."""
    counts = corpus.W[:n].copy()
    won_on = (corpus.W[:n].astype(np.int8) - corpus.T[:n].astype(np.int8)).argmax(axis=1).astype(np.uint8)
    melds = np.full((n, 4), 0xFF, dtype=np.uint8)
    special = np.arange(0, n, EVERY)
    drawn, drawn_melds, _ = random_special_hands(_rules("american"), len(special), seed=10)
    counts[special], melds[special] = drawn, drawn_melds
    rng = np.random.default_rng(10)
    won_on[special] = (drawn * rng.random(drawn.shape)).argmax(axis=1)  # a concealed tile, by copies
    return np.ascontiguousarray(counts), melds, won_on


def _scorer(backend, monkeypatch):
    pytest.importorskip("mjscore.score._kernel" if backend.name == "cython" else "mjscore.score._reference")
    monkeypatch.setitem(_backend.CHOSEN, "score", backend.name)


@pytest.mark.parametrize("rules_name", ["american", "babcock"])
def test_score_many_american_with_special_hands(request, corpus, backend, monkeypatch, rules_name):
    _scorer(backend, monkeypatch)
    counts, melds, won_on = _rows(corpus, backend.rows)
    rules = _rules(rules_name)
    totals, special, status = score_beside_babcock(request, "score_many[american+10%-special]", backend, rules,
                                                   rules_name, counts, melds, won_on, EVERY, ROUNDS)
    if rules_name == "american":
        # every drawn row scores an american special hand, the limit or more (doubled concealed)
        assert (special[::EVERY] >= 0).all() and (totals[::EVERY] >= rules.limit).all()
    plain = np.ones(len(counts), dtype=bool)
    plain[::EVERY] = False
    if rules_name == "babcock":
        assert (status[plain] == 0).all()
    else:  # AM prohibits mixed suits: a hand of sets goes out in one suit (or as a special hand)
        suits = (counts[:, :27].reshape(-1, 3, 9).sum(axis=2) > 0).sum(axis=1)
        assert (status[plain & (suits <= 1)] == 0).all()
        mixed = plain & (suits > 1)
        assert ((status[mixed] == mjscore.HandStatus.NOT_WINNING) | (special[mixed] >= 0)).all()
