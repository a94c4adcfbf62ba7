"""Distances to special hands in bulk, and near misses for one hand.

* ``distances_many[chinese-classical]`` - :func:`mjscore.distances_many` over the
  corpus' complete hands (``W``) under ``chinese-classical`` (its 12 special hands
  with tiles), sides ``cython-warm`` (the per-suit memo filled by an earlier call),
  ``cython-cold`` (the memo emptied before every round) and ``python`` (the
  reference, its first rows). Issue 8 item 9: at least 500k hands/s.
* ``distances_many[chinese-classical+jokers]`` - the same rows with one or two of
  their tiles turned into jokers, under ``chinese-classical`` with jokers in pairs
  (jokers anywhere), warm: rows with jokers read their own tables.
* ``distances_many[western]`` - the same rows under ``western`` (its 50 special
  hands; Knitting and Triple Knitting by their closed forms), sides ``cython-warm``,
  ``cython-cold`` and ``python`` (the reference on its first ``WESTERN_REFERENCE_ROWS``:
  about 40 ms a row). Issue 9 item 6: at least 250k hands/s.
* ``near_misses[single]`` - :func:`mjscore.near_misses` on one hand at a time,
  cycling through 50 hands of ``T`` (13 tiles) and ``W``; the summary reports the
  mean microseconds per call (issue 8 item 9: at most 200 us), warm.
"""

from __future__ import annotations

import numpy as np
import pytest

import mjscore
from mjscore.distances.distances import distance_engine

RULES = "chinese-classical"
WESTERN_REFERENCE_ROWS = 50
"""Rows the reference measures under ``western`` (about 40 ms each)."""


@pytest.mark.parametrize("temperature", ["warm", "cold"])
def test_distances_many(measure, corpus, backend, temperature):
    if backend.name == "python" and temperature == "cold":
        pytest.skip("the reference is measured once")
    rules = mjscore.load_rules(RULES)
    engine, ids = distance_engine(rules, backend.name)
    counts = np.ascontiguousarray(corpus.W[:backend.rows])
    melds = np.full((len(counts), 4), 0xFF, dtype=np.uint8)
    out = np.empty((len(counts), engine.n_columns), dtype=np.int8)
    status = np.empty(len(counts), dtype=np.uint8)
    side = backend.name if backend.name == "python" else f"cython-{temperature}"
    if temperature == "warm":
        engine.distances_many(counts, melds, None, out, status)
    measure(f"distances_many[{RULES}]", side, len(counts), engine.distances_many, counts, melds, None, out,
            status, setup=engine.clear if temperature == "cold" else None)
    assert (status == 0).all() and (out < mjscore.UNREACHABLE).all()
    # the public call gives the same table
    table, public_ids = mjscore.distances_many(counts[:200], rules)
    assert public_ids == ids and (table == out[:200]).all()


@pytest.mark.parametrize("temperature", ["warm", "cold"])
def test_distances_many_western(measure, corpus, backend, temperature):
    if backend.name == "python" and temperature == "cold":
        pytest.skip("the reference is measured once")
    rules = mjscore.load_rules("western")
    engine, ids = distance_engine(rules, backend.name)
    rows = backend.rows if backend.name == "cython" else min(backend.rows, WESTERN_REFERENCE_ROWS)
    counts = np.ascontiguousarray(corpus.W[:rows])
    melds = np.full((len(counts), 4), 0xFF, dtype=np.uint8)
    out = np.empty((len(counts), engine.n_columns), dtype=np.int8)
    status = np.empty(len(counts), dtype=np.uint8)
    side = backend.name if backend.name == "python" else f"cython-{temperature}"
    if temperature == "warm":
        engine.distances_many(counts, melds, None, out, status)
    measure("distances_many[western]", side, len(counts), engine.distances_many, counts, melds, None, out,
            status, setup=engine.clear if temperature == "cold" else None)
    assert len(ids) == 50 and (status == 0).all() and (out < mjscore.UNREACHABLE).any(axis=1).all()


def test_near_misses_single(measure, corpus):
    rules = mjscore.load_rules(RULES)
    hands = [mjscore.Hand(concealed=tuple(int(c) for c in row)) for row in (*corpus.T[:25], *corpus.W[:25])]
    for hand in hands:
        mjscore.near_misses(hand, rules)
    results = measure("near_misses[single]", RULES, len(hands),
                      lambda: [mjscore.near_misses(hand, rules) for hand in hands])
    assert all(len(found) == 3 for found in results)


def test_distances_many_jokers(measure, corpus, backend):
    rules = mjscore.load_rules(RULES, joker_use="pairs")
    engine, _ = distance_engine(rules, backend.name)
    counts = np.array(corpus.W[:backend.rows], dtype=np.uint8)
    rng = np.random.default_rng(5)
    jokers = rng.integers(1, 3, size=len(counts)).astype(np.uint8)
    for row, wild in zip(counts, jokers):
        for tile in rng.choice(np.repeat(np.arange(34), row), size=wild, replace=False):
            row[tile] -= 1
    melds = np.full((len(counts), 4), 0xFF, dtype=np.uint8)
    out = np.empty((len(counts), engine.n_columns), dtype=np.int8)
    status = np.empty(len(counts), dtype=np.uint8)
    engine.distances_many(counts, melds, jokers, out, status)
    measure(f"distances_many[{RULES}+jokers]", backend.name, len(counts), engine.distances_many, counts, melds,
            jokers, out, status)
    assert (status == 0).all() and (out < mjscore.UNREACHABLE).all()
    table, _ = mjscore.distances_many(counts[:200], rules, jokers=jokers[:200])
    assert (table == out[:200]).all()
