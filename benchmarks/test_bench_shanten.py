"""Shanten and useful tiles, ours and the peers' on the same hands (issue 11 items 3, 4).

Workloads: ``R13`` - the corpus' random draws ``R`` minus one random tile (13 tiles,
mostly two to four from ready, as in play); ``T`` - complete hands minus one (ready).

* ``shanten[R13]``, ``shanten[T]`` - :func:`mjscore.shanten_many` (side ``cython``,
  all rows; ``python``: the reference on its first ``REFERENCE_SHANTEN_ROWS``) against
  riichienv's ``calculate_shanten`` (136-tile ids), mahjong's
  ``Shanten.calculate_shanten`` and xiangting's ``calculate_replacement_number``, one
  Python call per hand. Target: at least 3x riichienv.
* ``useful_tiles[R13]`` - :func:`mjscore.useful_tiles_many` (mask and copies left)
  against xiangting's ``calculate_necessary_tiles``. Target: at least 5x.
* ``useful_tiles[discards R]`` - the per-discard layout on the 14-tile draws ``R``
  (no peer does it in one call; recorded for the record).
* ``shanten[single]`` - :func:`mjscore.shanten` on one hand at a time (a list of 34
  counts, a NumPy row, a :class:`~mjscore.Hand`), cycling through 200 hands of
  ``R13``. Target: at most 0.2 us a call (issue 33 item 3).

The tables are built by the first call of the process (about 0.2-0.3 s), before any
timing here.
"""

from __future__ import annotations

import numpy as np
import pytest

import mjscore
from mjscore.shanten import _reference as _shanten_reference
from mjscore.rows.sample import remove_one_tile

REFERENCE_SHANTEN_ROWS = 200
"""Rows the reference runs on: it works each new suit pattern out from the definition."""
MAHJONG_ROWS = 5_000
"""Rows mahjong's ``Shanten`` runs on (about 25 us a hand)."""
SINGLE_HANDS = 200


@pytest.fixture(scope="module")
def r13(corpus):
    return remove_one_tile(corpus.R, seed=31)


def _workload(corpus, r13, name):
    return r13 if name == "R13" else corpus.T


def _ids136(rows) -> list[list[int]]:
    return [[t * 4 + k for t in range(34) for k in range(c[t])] for c in rows.tolist()]


@pytest.mark.parametrize("workload", ["R13", "T"])
@pytest.mark.parametrize("side", ["cython", "python"])
def test_shanten_many(measure, corpus, r13, workload, side):
    rows = _workload(corpus, r13, workload)
    if side == "cython":
        if mjscore.BACKEND != "cython":
            pytest.skip("the compiled kernel is not in use")
        mjscore.shanten_many(rows[:10])
        found = measure(f"shanten[{workload}]", "cython", len(rows), mjscore.shanten_many, rows)
    else:
        rows = rows[:REFERENCE_SHANTEN_ROWS]
        melds = np.full((len(rows), 4), 0xFF, dtype=np.uint8)
        found = np.empty(len(rows), dtype=np.int8)
        status = np.empty(len(rows), dtype=np.uint8)
        measure(f"shanten[{workload}]", "python", len(rows), _shanten_reference.shanten_many, rows, melds,
                _shanten_reference.ALL_FORMS, found, status)
    assert (found >= 0).all() and (found == 0).all() == (workload == "T")


@pytest.mark.guard_reference
@pytest.mark.parametrize("workload", ["R13", "T"])
def test_riichienv_shanten(measure, corpus, r13, workload):
    calculate_shanten = pytest.importorskip("riichienv").calculate_shanten
    rows = _workload(corpus, r13, workload)[:corpus.peer_rows]
    hands = _ids136(rows)
    found = measure(f"shanten[{workload}]", "riichienv", len(hands), lambda: [calculate_shanten(h) for h in hands])
    assert found == mjscore.shanten_many(rows).tolist()


@pytest.mark.guard_reference
@pytest.mark.parametrize("workload", ["R13", "T"])
def test_mahjong_shanten(measure, corpus, r13, workload):
    calculate = pytest.importorskip("mahjong.shanten").Shanten.calculate_shanten
    rows = _workload(corpus, r13, workload)[:MAHJONG_ROWS]
    hands = rows.tolist()
    found = measure(f"shanten[{workload}]", "mahjong", len(hands), lambda: [calculate(h) for h in hands])
    assert found == mjscore.shanten_many(rows).tolist()


@pytest.mark.guard_reference
@pytest.mark.parametrize("workload", ["R13", "T"])
def test_xiangting_replacement_number(measure, corpus, r13, workload):
    xiangting = pytest.importorskip("xiangting")
    calculate, four = xiangting.calculate_replacement_number, xiangting.PlayerCount.FOUR
    rows = _workload(corpus, r13, workload)[:corpus.peer_rows]
    hands = rows.tolist()
    found = measure(f"shanten[{workload}]", "xiangting", len(hands), lambda: [calculate(h, four) for h in hands])
    assert [rn - 1 for rn in found] == mjscore.shanten_many(rows).tolist()


def test_useful_tiles_many(measure, r13):
    if mjscore.BACKEND != "cython":
        pytest.skip("the compiled kernel is not in use")
    visible = np.zeros(34, dtype=np.uint8)
    found = measure("useful_tiles[R13]", "cython", len(r13), lambda: mjscore.useful_tiles_many(r13, visible=visible))
    assert (found.status == 0).all() and (found.mask != 0).all()


@pytest.mark.guard_reference
def test_xiangting_necessary_tiles(measure, corpus, r13):
    xiangting = pytest.importorskip("xiangting")
    calculate, four = xiangting.calculate_necessary_tiles, xiangting.PlayerCount.FOUR
    rows = r13[:corpus.peer_rows]
    hands = rows.tolist()
    found = measure("useful_tiles[R13]", "xiangting", len(hands), lambda: [calculate(h, four) for h in hands])
    assert [mask for _, mask in found] == mjscore.useful_tiles_many(rows).mask.tolist()


def test_useful_tiles_per_discard(measure, corpus):
    if mjscore.BACKEND != "cython":
        pytest.skip("the compiled kernel is not in use")
    found = measure("useful_tiles[discards R]", "cython", len(corpus.R), mjscore.useful_tiles_many, corpus.R)
    assert found.per_discard and (found.status == 0).all()


@pytest.mark.parametrize("form", ["list", "ndarray", "Hand"])
def test_single_call(measure, r13, form):
    rows = r13[:SINGLE_HANDS]
    hands = {"list": rows.tolist(), "ndarray": list(rows),
             "Hand": [mjscore.Hand(concealed=tuple(row)) for row in rows.tolist()]}[form]
    shanten = mjscore.shanten
    expected = mjscore.shanten_many(rows).tolist()
    found = measure("shanten[single]", f"api-{form}", len(hands), lambda: [shanten(hand) for hand in hands])
    assert found == expected
